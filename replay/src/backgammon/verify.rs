//! Verified replay of one game of a `.mat` match: every roll, play, cube action and result.

use std::sync::Arc;

use tabula_engine::backgammon::{Cube, Dice, MatchScore, MoveGenerator, Play, Position, Side};
use tabula_notation::backgammon::{position_id, write_play, PlayText};

use super::mat::{Action, ActionKind, Column, GameRecord};
use crate::report::{ErrorInfo, GameReport, GameResult, Verdict};

/// The game kind in reports.
pub const KIND: &str = "backgammon";

/// How a game ended on the board or by the cube, before the `Wins` line is read.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Ending {
    /// The winner.
    pub winner: Side,
    /// Points won (not capped).
    pub points: u64,
    /// `bearoff`, `drop` or `resign`.
    pub how: &'static str,
}

/// What a game's replay gives: the report and, for the match score, the ending.
pub struct Replay {
    /// The report.
    pub report: GameReport,
    /// The ending that counts for the score (`None`: the game has no result).
    pub ending: Option<Ending>,
}

fn label(a: &Action) -> String {
    let col = match a.column {
        Column::Left => 'L',
        Column::Right => 'R',
    };
    match a.move_number {
        Some(n) => format!("{n}{col}"),
        None => col.to_string(),
    }
}

struct Failure {
    action_line: u64,
    turn: String,
    token: String,
    message: String,
    mismatch: bool,
}

/// One action of a game replayed, as [`verify_game_with`] shows it.
#[derive(Clone, Debug)]
pub struct Replayed<'a> {
    /// The action as read.
    pub action: &'a Action,
    /// The board after the action, seen from the left column's player ([`Side::Zero`]).
    pub board: Position,
    /// The board before a play, seen from the player who rolled, and the play.
    pub play: Option<(Position, Play)>,
    /// The cube after the action.
    pub cube: Cube,
    /// A double waiting for its answer: the doubler and the value offered.
    pub pending: Option<(Side, u32)>,
}

impl Replayed<'_> {
    /// The play in the standard notation (`None` for other actions; empty for a dance).
    pub fn standard_play(&self) -> Option<String> {
        self.play.as_ref().map(|(before, play)| write_play(before, play))
    }
}

/// Replays one game. `source` is the file, `game` the id to report (`name#number`); `ctx` is
/// the match score before the game, with its Crawford flag.
pub fn verify_game(source: &Arc<str>, game: String, record: &GameRecord, ctx: MatchScore) -> Replay {
    verify_game_with(source, game, record, ctx, None)
}

/// [`verify_game`], handing `observe` every action replayed without error, in order.
pub fn verify_game_with(
    source: &Arc<str>,
    game: String,
    record: &GameRecord,
    ctx: MatchScore,
    observe: Option<&mut dyn FnMut(Replayed<'_>)>,
) -> Replay {
    let mut state = GameState {
        pos: Position::start(),
        view: Side::Zero,
        on_roll: None,
        cube: Cube::default(),
        pending: None,
        over: None,
        resigned_after_roll: None,
        plays: 0,
        gen: MoveGenerator::new(),
        last_play: None,
    };
    let failure = state.run(record, ctx, observe).err();
    let final_position = position_id::encode(&state.pos);
    let mut report = GameReport {
        source: source.clone(),
        game,
        kind: KIND,
        verdict: Verdict::Ok,
        turns: state.plays,
        result: state.over.map(|e| GameResult::Backgammon { winner: e.winner as u8, points: e.points, how: e.how }),
        final_position,
        error: None,
    };
    if let Some(f) = failure {
        report.verdict = if f.mismatch { Verdict::ResultMismatch } else { Verdict::Illegal };
        report.error = Some(ErrorInfo { turn: f.turn, line: f.action_line, token: f.token, message: f.message });
    }
    Replay { report, ending: state.over }
}

struct GameState {
    /// Seen from `view`.
    pos: Position,
    view: Side,
    on_roll: Option<Side>,
    cube: Cube,
    pending: Option<(Side, u32)>,
    over: Option<Ending>,
    resigned_after_roll: Option<Side>,
    plays: usize,
    gen: MoveGenerator,
    /// The last play with the position before it, kept only while someone observes.
    last_play: Option<(Position, Play)>,
}

impl GameState {
    fn run(
        &mut self,
        record: &GameRecord,
        ctx: MatchScore,
        mut observe: Option<&mut dyn FnMut(Replayed<'_>)>,
    ) -> Result<(), Failure> {
        let mut losses: Option<u64> = None;
        let mut claimed = false;
        let keep_plays = observe.is_some();
        for a in &record.actions {
            let me = a.column.side();
            let fail = |message: String| Failure {
                action_line: a.line,
                turn: label(a),
                token: a.text.clone(),
                message,
                mismatch: false,
            };
            if claimed {
                return Err(fail("an action after the `Wins` line".into()));
            }
            match &a.kind {
                ActionKind::Roll { .. } | ActionKind::Unknown { .. } => {
                    let (d1, d2) = a.dice().unwrap_or((0, 0));
                    let Some(dice) = Dice::new(d1, d2) else {
                        return Err(fail("expected two dice from 1 to 6".into()));
                    };
                    if self.over.is_some() {
                        return Err(fail("a roll after the game was over".into()));
                    }
                    if self.pending.is_some() {
                        return Err(fail("a roll while a double waits for an answer".into()));
                    }
                    if self.resigned_after_roll.is_some() {
                        return Err(fail("a roll after a player rolled and resigned (`????`)".into()));
                    }
                    match self.on_roll {
                        None if dice.is_double() => {
                            return Err(fail(format!("the opening roll {dice} is a double")));
                        }
                        Some(s) if s != me => return Err(fail("a roll out of turn".into())),
                        _ => {}
                    }
                    if self.on_roll.is_none() {
                        // The start is the same from either side.
                        self.view = me;
                    }
                    self.on_roll = Some(me);
                    self.plays += 1;
                    if let Some(play) = a.play() {
                        self.play(me, dice, play, keep_plays).map_err(fail)?;
                    } else {
                        self.resigned_after_roll = Some(me);
                        self.pass_turn(me);
                    }
                }
                ActionKind::Double { value } => {
                    if self.over.is_some() {
                        return Err(fail("a double after the game was over".into()));
                    }
                    if self.on_roll.is_some_and(|s| s != me) {
                        return Err(fail("a double out of turn".into()));
                    }
                    let v = self.cube.double(me, Some(*value), ctx.crawford).map_err(|e| fail(e.to_string()))?;
                    self.pending = Some((me, v));
                }
                ActionKind::Take => match self.pending.take() {
                    Some((doubler, v)) if doubler != me => self.cube = Cube::taken(v, me),
                    _ => return Err(fail("a take without a double by the opponent".into())),
                },
                ActionKind::Drop => match self.pending.take() {
                    Some((doubler, _)) if doubler != me => {
                        self.over = Some(Ending { winner: doubler, points: u64::from(self.cube.value), how: "drop" });
                    }
                    _ => return Err(fail("a drop without a double by the opponent".into())),
                },
                ActionKind::Losses { points } => losses = Some(*points),
                ActionKind::Wins { points, .. } => {
                    claimed = true;
                    let mismatch = |message: String| Failure { mismatch: true, ..fail(message) };
                    if let Some(l) = losses.filter(|l| l != points) {
                        return Err(mismatch(format!("`Losses {l} point` does not match `Wins {points} point`")));
                    }
                    if self.resigned_after_roll == Some(me) {
                        return Err(mismatch("the player who rolled and resigned is written as the winner".into()));
                    }
                    let cube = u64::from(self.cube.value);
                    match self.over {
                        Some(e) if e.winner != me => {
                            return Err(mismatch(format!(
                                "the record says the {} column wins, the replay says the other player wins {} points ({})",
                                if me == Side::Zero { "left" } else { "right" },
                                e.points,
                                e.how
                            )));
                        }
                        Some(e) if !points_fit(*points, &[e.points], me, &ctx) => {
                            return Err(mismatch(format!(
                                "the record says {points} point{}, the replay {} ({}; {} by {})",
                                if *points == 1 { "" } else { "s" },
                                e.points,
                                e.how,
                                if *points > e.points { "over" } else { "under" },
                                points.abs_diff(e.points)
                            )));
                        }
                        Some(_) => {}
                        None => {
                            self.over = Some(Ending { winner: me, points: *points, how: "resign" });
                            if !points_fit(*points, &[cube, 2 * cube, 3 * cube], me, &ctx) {
                                return Err(mismatch(format!(
                                    "a resignation is worth 1, 2 or 3 times the cube ({cube}), not {points} points"
                                )));
                            }
                        }
                    }
                }
            }
            if let Some(observe) = observe.as_mut() {
                let board = if self.view == Side::Zero { self.pos } else { self.pos.swapped() };
                let play = if a.is_play() { self.last_play.take() } else { None };
                observe(Replayed { action: a, board, play, cube: self.cube, pending: self.pending });
            }
        }
        if !claimed {
            let (action_line, turn) =
                record.actions.last().map_or((record.players_line, String::new()), |a| (a.line, label(a)));
            let message = match self.over {
                Some(e) => format!(
                    "the game has no `Wins` line; the replay says the {} column wins {} point{} ({})",
                    if e.winner == Side::Zero { "left" } else { "right" },
                    e.points,
                    if e.points == 1 { "" } else { "s" },
                    e.how
                ),
                None => "the game is not finished: no `Wins` line, and the last action does not end it (the file may \
                         be cut off)"
                    .into(),
            };
            return Err(Failure { action_line, turn, token: String::new(), message, mismatch: true });
        }
        Ok(())
    }

    fn pass_turn(&mut self, me: Side) {
        self.on_roll = Some(me.other());
    }

    fn play(&mut self, me: Side, dice: Dice, text: &str, keep: bool) -> Result<(), String> {
        // `Action::play` has trimmed the text; an empty text and `Cannot Move` are the empty play.
        let parsed = PlayText::from_ascii(text.as_bytes()).map_err(|e| e.to_string())?;
        let resolved = parsed.resolve_with(&mut self.gen, &self.pos, dice).map_err(|e| e.to_string())?;
        if keep {
            self.last_play = Some((self.pos, resolved.play));
        }
        if let Some(kind) = resolved.position.win_kind() {
            let points = u64::from(self.cube.value) * u64::from(kind.multiplier());
            self.over = Some(Ending { winner: me, points, how: "bearoff" });
            self.pos = resolved.position;
            self.view = me;
        } else {
            self.pos = resolved.position.swapped();
            self.view = me.other();
        }
        self.pass_turn(me);
        Ok(())
    }
}

/// Whether `written` points are one of `values`, or one of them capped at what the winner
/// needed or at the match length (BackgammonGalaxy writes capped points).
fn points_fit(written: u64, values: &[u64], winner: Side, score: &MatchScore) -> bool {
    let length = u64::from(score.length);
    values
        .iter()
        .any(|&v| v == written || score.capped(winner, v) == written || (length > 0 && v.min(length) == written))
}
