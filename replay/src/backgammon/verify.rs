//! Verified replay of one game of a `.mat` match: every roll, play, cube action and result.

use std::fmt::{self, Write as _};
use std::sync::Arc;

use tabula_engine::backgammon::{Cube, Dice, MatchScore, MoveGenerator, Play, PlayError, Position, Setup, Side};
use tabula_notation::backgammon::{position_id, write_play, PlayText, ResolveError};

use super::mat::{Action, ActionKind, Column, GameRecord, SetUpNode};
use crate::fingerprint::Fingerprinter;
use crate::report::{ErrorInfo, GameReport, GameResult, Verdict};

/// The game kind in reports.
pub const KIND: &str = crate::game_kind::GameKind::Backgammon.name();

/// Rolls with nothing played held at most before they are written to the fingerprint's form:
/// a record of dances alone keeps flat memory.
const MAX_WAITING_ROLLS: usize = 64;

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

/// An action's label as a `.mat` record writes it: the move number of its line and its column
/// (`26R`), the column alone on an unnumbered line.
pub(crate) fn label(a: &Action) -> String {
    let col = match a.column {
        Column::Left => 'L',
        Column::Right => 'R',
    };
    match a.move_number {
        Some(n) => format!("{n}{col}"),
        None => col.to_string(),
    }
}

#[derive(Clone)]
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
    /// A roll left unplayed although a die could be played: legal only as the last action of
    /// a game that ends by resignation (GNU Backgammon writes the roll before a resignation so).
    pub unplayed: bool,
    /// The player whose view the game's position is now kept from (the report's
    /// `final_position` after the last action): the player on roll next, or the winner.
    pub view: Side,
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
    // The players are named by their place in the game, not by their column: `A` rolls first.
    let first =
        record.actions.iter().find(|a| a.is_play()).or(record.actions.first()).map_or(Side::Zero, |a| a.column.side());
    let mut moves = Fingerprinter::new(KIND);
    let (a, b) = (ctx.points[first], ctx.points[first.other()]);
    let mut header = [0u8; 14];
    header[0] = b'M';
    header[1..5].copy_from_slice(&ctx.length.to_le_bytes());
    header[5..9].copy_from_slice(&a.to_le_bytes());
    header[9..13].copy_from_slice(&b.to_le_bytes());
    header[13] = u8::from(ctx.crawford);
    moves.bytes_head(&header, 14);
    let mut state = GameState {
        first,
        moves,
        unplayed_rolls: Vec::new(),
        field: String::new(),
        pos: Position::start(),
        view: Side::Zero,
        on_roll: None,
        cube: Cube::default(),
        pending: None,
        over: None,
        resigned_after_roll: None,
        unplayed: None,
        plays: 0,
        gen: MoveGenerator::new(),
        last_play: None,
        beaver: None,
        jacoby: record.jacoby && ctx.length == 0,
    };
    let failure = state.run(record, ctx, observe).err();
    let final_position = position_id::encode(&state.pos);
    let copy = usize::from(state.over.is_some_and(|e| e.how == "resign") && dance_written_again(record));
    let mut report = GameReport {
        source: source.clone(),
        game,
        kind: KIND,
        verdict: Verdict::Ok,
        turns: state.plays.saturating_sub(copy),
        result: state.over.map(|e| GameResult::Backgammon { winner: e.winner as u8, points: e.points, how: e.how }),
        final_position,
        error: None,
        fingerprint: None,
        match_fingerprint: None,
    };
    if let Some(f) = failure {
        report.verdict = if f.mismatch { Verdict::ResultMismatch } else { Verdict::Illegal };
        report.error = Some(ErrorInfo {
            turn: f.turn,
            line: f.action_line,
            token: f.token,
            message: f.message,
            suggestions: None,
        });
    }
    let ending = state.over;
    report.seal(state.into_moves());
    Replay { report, ending }
}

struct GameState {
    /// The player who rolls first: `A` in the fingerprint's canonical form, the other `B`.
    first: Side,
    /// The fingerprint's canonical form of the actions replayed so far.
    moves: Fingerprinter,
    /// Rolls with nothing played not yet written to `moves` (see [`GameState::action`]).
    unplayed_rolls: Vec<[u8; 4]>,
    /// The field being written, reused for every action.
    field: String,
    /// Seen from `view`.
    pos: Position,
    view: Side,
    on_roll: Option<Side>,
    cube: Cube,
    pending: Option<(Side, u32)>,
    over: Option<Ending>,
    resigned_after_roll: Option<Side>,
    /// A roll with nothing played although a die could be, with the failure it becomes unless
    /// the game ends by resignation right after it.
    unplayed: Option<Failure>,
    plays: usize,
    gen: MoveGenerator,
    /// The last play with the position before it, kept only while someone observes.
    last_play: Option<(Position, Play)>,
    /// A beaver waiting for its answer: the value of the double it answered.
    beaver: Option<u32>,
    /// The Jacoby rule (money play): no gammon or backgammon while the cube was never turned.
    jacoby: bool,
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
                token: a.text.to_string(),
                message,
                mismatch: false,
            };
            if claimed {
                return Err(fail("an action after the `Wins` line".into()));
            }
            if !matches!(a.kind, ActionKind::Losses { .. } | ActionKind::Wins { .. }) {
                if let Some(unplayed) = self.unplayed.take() {
                    return Err(unplayed);
                }
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
                        match self.play(me, dice, play, keep_plays) {
                            Ok(()) => {}
                            Err(PlayFault::Unplayed(message)) => {
                                // Rolled and resigned, as `????` writes it: nothing was played
                                // (as in a dance: the position and the roll tell them apart).
                                self.roll(me, dice, None);
                                self.unplayed = Some(fail(format!(
                                    "{message}; a roll is left unplayed only when no die can be played, or as the \
                                     last action of a game that ends by resignation"
                                )));
                                if keep_plays {
                                    self.last_play = Some((self.pos, Play::EMPTY));
                                }
                                self.pass_turn(me);
                            }
                            Err(PlayFault::Illegal(message)) => return Err(fail(message)),
                        }
                    } else {
                        self.roll(me, dice, None);
                        self.resigned_after_roll = Some(me);
                        self.pass_turn(me);
                    }
                }
                ActionKind::Double { value } => {
                    // 0: the record does not write the value (`.sgf`).
                    let written = Some(*value).filter(|&v| v != 0);
                    if self.over.is_some() {
                        return Err(fail("a double after the game was over".into()));
                    }
                    if let Some((_, offered)) = self.pending.filter(|(d, _)| *d != me) {
                        // A beaver: the player doubled takes and doubles again at once, keeping
                        // the cube; the doubler answers. Money play only.
                        if ctx.length > 0 {
                            return Err(fail("a beaver (a double answering a double) in match play".into()));
                        }
                        if self.beaver.is_some() {
                            return Err(fail("a second beaver on one double".into()));
                        }
                        let v = Cube::taken(offered, me).double(me, written, false).map_err(|e| fail(e.to_string()))?;
                        self.beaver = Some(offered);
                        self.pending = Some((me, v));
                        self.action(b'V', me, format_args!("{v}"));
                    } else {
                        if self.on_roll.is_some_and(|s| s != me) {
                            return Err(fail("a double out of turn".into()));
                        }
                        let v = self.cube.double(me, written, ctx.crawford).map_err(|e| fail(e.to_string()))?;
                        self.pending = Some((me, v));
                        self.action(b'D', me, format_args!("{v}"));
                    }
                }
                ActionKind::Take => match self.pending.take() {
                    // After a beaver the cube stays with the player who beavered.
                    Some((doubler, v)) if doubler != me => {
                        self.cube = Cube::taken(v, if self.beaver.take().is_some() { doubler } else { me });
                        self.action(b'T', me, format_args!(""));
                    }
                    _ => return Err(fail("a take without a double by the opponent".into())),
                },
                ActionKind::Drop => match self.pending.take() {
                    Some((doubler, _)) if doubler != me => {
                        // Dropping a beaver gives up the double the dropper offered.
                        let points = self.beaver.take().unwrap_or(self.cube.value);
                        self.over = Some(Ending { winner: doubler, points: u64::from(points), how: "drop" });
                        self.action(b'P', me, format_args!(""));
                    }
                    _ => return Err(fail("a drop without a double by the opponent".into())),
                },
                ActionKind::Losses { points } => losses = Some(*points),
                ActionKind::SetUp(node) => {
                    self.set_up(node).map_err(fail)?;
                    let owner = match self.cube.owner {
                        Some(s) if s == self.first => "A",
                        Some(_) => "B",
                        None => "-",
                    };
                    let id = position_id::encode(&self.pos);
                    let value = self.cube.value;
                    self.action(b'S', self.view, format_args!("{id} {value} {owner}"));
                }
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
                let unplayed = a.is_play() && self.unplayed.is_some();
                let (cube, pending, view) = (self.cube, self.pending, self.view);
                observe(Replayed { action: a, board, play, cube, pending, unplayed, view });
            }
        }
        if let Some(unplayed) = self.unplayed.take().filter(|_| !claimed) {
            return Err(unplayed);
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

    /// A position, cube or player to move set by hand: the replay goes on from it.
    fn set_up(&mut self, node: &SetUpNode) -> Result<(), String> {
        if self.over.is_some() {
            return Err("a position set after the game was over".into());
        }
        if self.pending.is_some() || self.resigned_after_roll.is_some() {
            return Err("a position set while a double or a resignation waits".into());
        }
        if let Some(side) = node.to_move {
            if side != self.view {
                self.pos = self.pos.swapped();
                self.view = side;
            }
            self.on_roll = Some(side);
        }
        if let Some(board) = node.board {
            let (mine, theirs) = if self.view == Side::Zero { (board[0], board[1]) } else { (board[1], board[0]) };
            self.pos = Position::from_setup(&Setup { on_roll: mine, opponent: theirs })
                .map_err(|e| format!("not a position: {e}"))?;
        }
        if let Some(value) = node.cube_value {
            self.cube.value = value;
        }
        if let Some(owner) = node.cube_owner {
            self.cube.owner = owner;
        }
        Ok(())
    }

    /// The player's letter in the fingerprint's canonical form: `A` rolls first, `B` the other.
    fn who(&self, player: Side) -> u8 {
        if player == self.first {
            b'A'
        } else {
            b'B'
        }
    }

    /// Writes a cube action or a position set into the fingerprint's canonical form: its tag,
    /// the player, a space and `text`.
    fn action(&mut self, tag: u8, player: Side, text: fmt::Arguments<'_>) {
        self.flush_rolls();
        self.field.clear();
        let _ = write!(self.field, "{} {text}", self.who(player) as char);
        self.moves.field(tag, self.field.as_bytes());
    }

    /// Writes a roll into the fingerprint's canonical form, with the position its play left
    /// (`after`, seen by the player who rolled), or `None` when nothing was played. A roll with
    /// nothing played waits: rolls with nothing played that end a game by resignation are left
    /// out (`????`, a roll left unplayed, a dance and gnubg's roll written again after it all say
    /// the same).
    fn roll(&mut self, player: Side, dice: Dice, after: Option<&Position>) {
        let roll = [b'N', self.who(player), dice.high(), dice.low()];
        let Some(after) = after else {
            if self.unplayed_rolls.len() < MAX_WAITING_ROLLS {
                self.unplayed_rolls.push(roll);
            } else {
                self.flush_rolls();
                self.moves.bytes_head(&roll, 4);
            }
            return;
        };
        self.flush_rolls();
        let mut field = [0u8; 36];
        field[..4].copy_from_slice(&[b'R', roll[1], roll[2], roll[3]]);
        let [mine, theirs] = after.words();
        field[4..20].copy_from_slice(&mine.to_le_bytes());
        field[20..].copy_from_slice(&theirs.to_le_bytes());
        self.moves.bytes_head(&field, 36);
    }

    /// Writes the rolls with nothing played that wait.
    #[inline]
    fn flush_rolls(&mut self) {
        if self.unplayed_rolls.is_empty() {
            return;
        }
        for roll in self.unplayed_rolls.drain(..) {
            self.moves.bytes_head(&roll, 4);
        }
    }

    /// The canonical form of the game: the rolls with nothing played that wait are written
    /// unless the game ended by resignation after them.
    fn into_moves(mut self) -> Fingerprinter {
        if self.over.is_some_and(|e| e.how == "resign") {
            self.unplayed_rolls.clear();
        }
        self.flush_rolls();
        self.moves
    }

    fn pass_turn(&mut self, me: Side) {
        self.on_roll = Some(me.other());
    }

    fn play(&mut self, me: Side, dice: Dice, text: &str, keep: bool) -> Result<(), PlayFault> {
        // `Action::play` has trimmed the text; an empty text and `Cannot Move` are the empty play.
        let parsed = PlayText::from_ascii(text.as_bytes()).map_err(|e| PlayFault::Illegal(e.to_string()))?;
        let resolved = parsed.resolve_with(&mut self.gen, &self.pos, dice).map_err(|e| match e {
            ResolveError::DiceRule(PlayError::TooFewDice { used: 0, .. }) => PlayFault::Unplayed(e.to_string()),
            e => PlayFault::Illegal(e.to_string()),
        })?;
        // A dance is written as a roll with nothing played, as `????` and a roll left unplayed.
        self.roll(me, dice, (!resolved.play.is_empty()).then_some(&resolved.position));
        if keep {
            self.last_play = Some((self.pos, resolved.play));
        }
        if let Some(kind) = resolved.position.win_kind() {
            let multiplier = if self.jacoby && self.cube.owner.is_none() { 1 } else { kind.multiplier() };
            let points = u64::from(self.cube.value) * u64::from(multiplier);
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

/// Whether a game's last roll is GNU Backgammon's copy of a dance: when a game ends by
/// resignation right after a player's dance, gnubg's `.mat` export writes the same dice once
/// more for the other player, with nothing played, on a line of its own before the `Wins` line
/// (its `.sgf` writes them again for the dancer, which the `.sgf` reader reads over). The copy is
/// replayed as the roll it looks like, but it is no turn: the game has the turns the site's file
/// and gnubg's `.sgf` give it, and the same fingerprint.
fn dance_written_again(record: &GameRecord) -> bool {
    let mut actions =
        record.actions.iter().rev().filter(|a| !matches!(a.kind, ActionKind::Losses { .. } | ActionKind::Wins { .. }));
    let (Some(last), Some(before)) = (actions.next(), actions.next()) else {
        return false;
    };
    let idle = |a: &Action| matches!(a.kind, ActionKind::Roll { .. }) && a.play() == Some("");
    let (d, e) = (last.dice().unwrap_or_default(), before.dice().unwrap_or_default());
    idle(last) && idle(before) && last.column != before.column && (d == e || d == (e.1, e.0))
}

/// Why a play is not accepted as it stands.
enum PlayFault {
    /// Nothing is played although a die could be.
    Unplayed(String),
    /// Anything else.
    Illegal(String),
}

/// Whether `written` points are one of `values`, or one of them capped at what the winner
/// needed or at the match length (BackgammonGalaxy writes capped points).
fn points_fit(written: u64, values: &[u64], winner: Side, score: &MatchScore) -> bool {
    let length = u64::from(score.length);
    values
        .iter()
        .any(|&v| v == written || score.capped(winner, v) == written || (length > 0 && v.min(length) == written))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::mat::MatReader;

    /// One BackgammonGalaxy game of a 3-point match: `lines` are `(left, right)` cells of the
    /// numbered move lines, then the `Wins` line's cells, if any.
    fn replay(moves: &[(&str, &str)], wins: Option<(&str, &str)>) -> GameReport {
        let text = mat(moves, wins);
        let record = MatReader::new(text.as_bytes()).next().unwrap().unwrap();
        verify_game(&Arc::from("test"), "test#1".into(), &record, MatchScore::new(3)).report
    }

    /// The text of [`replay`]'s game.
    fn mat(moves: &[(&str, &str)], wins: Option<(&str, &str)>) -> String {
        let mut text = String::from("3 point match\n\n Game 1\n a : 0                           b : 0\n");
        let cells = |n: String, left: &str, right: &str| format!("{n:>4} {left:<27}{right}\n");
        for (i, (left, right)) in moves.iter().enumerate() {
            text.push_str(&cells(format!("{})", i + 1), left, right));
        }
        if let Some((left, right)) = wins {
            text.push_str(&cells(String::new(), left, right));
        }
        text
    }

    fn result(report: &GameReport) -> Option<(u8, u64, &'static str)> {
        match report.result {
            Some(GameResult::Backgammon { winner, points, how }) => Some((winner, points, how)),
            _ => None,
        }
    }

    #[test]
    fn a_roll_left_unplayed_ends_a_game_by_resignation() {
        // The right player rolls 65 and resigns (Galaxy, gnubg); a `Losses` line may follow.
        let r = replay(&[("31: 8/5 6/5", "65:")], Some((" Wins 1 point", "")));
        assert_eq!((r.verdict, r.turns, result(&r)), (Verdict::Ok, 2, Some((0, 1, "resign"))), "{:?}", r.error);
        let r = replay(&[("31: 8/5 6/5", "65:   Losses 2 point")], Some((" Wins 2 point", "")));
        assert_eq!((r.verdict, result(&r)), (Verdict::Ok, Some((0, 2, "resign"))), "{:?}", r.error);
        // gnubg's export writes the roll of the player on turn when the other resigns.
        let r = replay(&[("31: 8/5 6/5", "65: 24/18 18/13"), ("42:", "")], Some((" Wins 1 point", "")));
        assert_eq!((r.verdict, r.turns, result(&r)), (Verdict::Ok, 3, Some((0, 1, "resign"))), "{:?}", r.error);
    }

    #[test]
    fn gnubgs_copy_of_a_dance_before_a_resignation_is_not_a_turn() {
        // The right player dances (61 against a closed board, written as nothing played), the
        // left player resigns: gnubg's export writes the 61 again for the left player on a line
        // of its own. The site's file and the export are the same game: the same turns and
        // fingerprint. Other dice, or a resignation after a roll that was played, are turns.
        let game = |last: &[(&'static str, &'static str)]| {
            let mut moves = vec![("31: 8/5 6/5", "61:")];
            moves.extend_from_slice(last);
            let record = MatReader::new(mat(&moves, Some(("", " Wins 1 point"))).as_bytes()).next().unwrap().unwrap();
            (dance_written_again(&record), moves.len())
        };
        assert_eq!(game(&[]), (false, 1));
        assert_eq!(game(&[("61:", "")]), (true, 2));
        assert_eq!(game(&[("16:", "")]), (true, 2));
        assert_eq!(game(&[("52:", "")]), (false, 2));
        let r = replay(&[("31: 8/5 6/5", "65: 24/18 18/13"), ("42:", "")], Some((" Wins 1 point", "")));
        assert_eq!(r.turns, 3);
    }

    #[test]
    fn galaxy_losses_in_the_right_column_with_wins_further_right() {
        // The right column repeats the move number: the right player resigns, the left one wins.
        let right = format!("1)  Losses 1 point{}Wins 1 point and the match", " ".repeat(40));
        let r = replay(&[("31: 8/5 6/5", &right)], None);
        assert_eq!((r.verdict, r.turns, result(&r)), (Verdict::Ok, 1, Some((0, 1, "resign"))), "{:?}", r.error);
        // A `Losses` on the left, `Wins` on the same line: the right player wins.
        let r = replay(&[("31: 8/5 6/5", "65: 24/18 18/13"), (" Losses 1 point", "Wins 1 point")], None);
        assert_eq!((r.verdict, result(&r)), (Verdict::Ok, Some((1, 1, "resign"))), "{:?}", r.error);
    }

    #[test]
    fn a_roll_left_unplayed_anywhere_else_is_illegal() {
        let unplayed = |r: &GameReport, line: u64, token: &str| {
            assert_eq!(r.verdict, Verdict::Illegal, "{r:?}");
            let e = r.error.as_ref().unwrap();
            assert_eq!((e.line, e.token.as_str()), (line, token), "{e:?}");
            assert!(e.message.starts_with("the play uses 0 dice but 2 dice can be played; a roll is left unplayed"));
        };
        // Play goes on after it.
        let r = replay(&[("31: 8/5 6/5", "65:"), ("42: 8/4 6/4", "")], Some((" Wins 1 point", "")));
        unplayed(&r, 5, "65:");
        // A double after it.
        let r = replay(&[("31: 8/5 6/5", "65:"), (" Doubles => 2", "")], None);
        unplayed(&r, 5, "65:");
        // No `Wins` line: the game does not end by resignation.
        let r = replay(&[("31: 8/5 6/5", "65:")], None);
        unplayed(&r, 5, "65:");
    }
}
