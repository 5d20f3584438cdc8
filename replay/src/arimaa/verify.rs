//! Verified replay of one Arimaa record under the current rules.

use std::sync::Arc;

use tabula_engine::arimaa::{Color, Game, GameError, Outcome, Phase, Position, Turn, WinReason};
use tabula_notation::arimaa::{LabelStyle, MoveLabel};

use super::movelist::{MoveBody, MoveLine, Moves};
use crate::report::{ErrorInfo, GameReport, GameResult, Verdict};

/// The game kind's name in reports.
pub const KIND: &str = "arimaa";

/// How the record says the game ended (the archive's `result` and `termination` columns).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct RecordedEnd {
    /// The winner, from `result` (`w`/`g` Gold, `b`/`s` Silver).
    pub winner: Option<Color>,
    /// The `result` column's first character as written (`-` when empty).
    pub result: u8,
    /// The termination code as written (`g` goal, `e` elimination, `m` immobilization, `t` time,
    /// `r` resignation, `f` forfeit, `i` illegal move, `a` abandoned, `s` score, `p` repetition,
    /// `n` draw).
    pub termination: u8,
}

impl RecordedEnd {
    /// Reads the two columns; `None` when both are empty.
    pub fn from_columns(result: Option<&str>, termination: Option<&str>) -> Option<RecordedEnd> {
        let winner = match result.map(str::trim) {
            Some("w" | "g") => Some(Color::Gold),
            Some("b" | "s") => Some(Color::Silver),
            _ => None,
        };
        let termination = termination.map(str::trim).and_then(|t| t.bytes().next());
        let result = result.map(str::trim).and_then(|t| t.bytes().next());
        match (result, termination) {
            (None, None) => None,
            (result, termination) => {
                Some(RecordedEnd { winner, result: result.unwrap_or(b'-'), termination: termination.unwrap_or(b'-') })
            }
        }
    }

    /// The reason as the JSON output names it, `None` for a draw or an unknown code.
    pub fn reason(self) -> Option<&'static str> {
        Some(match self.termination {
            b'g' => "goal",
            b'e' => "elimination",
            b'm' => "immobilization",
            b'r' => "resignation",
            b't' => "time",
            b'f' => "forfeit",
            b'i' => "illegal-move",
            b'a' => "abandoned",
            b's' => "score",
            b'p' => "repetition",
            _ => return None,
        })
    }

    /// The board-decidable reason the code names, if it names one.
    pub fn board_reason(self) -> Option<WinReason> {
        match self.termination {
            b'g' => Some(WinReason::Goal),
            b'e' => Some(WinReason::Elimination),
            b'm' => Some(WinReason::Immobilization),
            _ => None,
        }
    }
}

/// One record to replay.
#[derive(Clone, Debug)]
pub struct Record<'a> {
    /// The file.
    pub source: Arc<str>,
    /// The game's id.
    pub game: String,
    /// The move list.
    pub movelist: &'a [u8],
    /// 1-based line in the file where the move list starts.
    pub line: u64,
    /// The recorded result, when the record has one.
    pub recorded: Option<RecordedEnd>,
}

/// What the replay did with one move, for callers that follow the game (`tabula replay`).
#[derive(Clone, Debug)]
pub enum Replayed<'a> {
    /// A set-up or turn was played.
    Move {
        /// The label.
        label: MoveLabel,
        /// The position before it.
        before: &'a Position,
        /// The position after it.
        after: &'a Position,
        /// The steps, for a turn (not a set-up).
        turn: Option<Turn>,
        /// The move as written.
        text: &'a [u8],
    },
    /// A takeback undid the last move.
    TakeBack {
        /// The label.
        label: MoveLabel,
        /// The position after the takeback.
        after: &'a Position,
    },
}

fn color_char(c: Color) -> &'static str {
    match c {
        Color::Gold => "g",
        Color::Silver => "s",
    }
}

fn outcome_result(o: Outcome) -> GameResult {
    GameResult::Arimaa { winner: color_char(o.winner), reason: o.reason.name() }
}

struct Failure {
    turn: String,
    line_offset: u64,
    token: String,
    message: String,
}

fn text(b: &[u8]) -> String {
    let t = b.trim_ascii();
    let cut = &t[..t.len().min(200)];
    String::from_utf8_lossy(cut).into_owned()
}

/// Replays a record and judges it; see [`verify_with`].
pub fn verify(record: &Record<'_>) -> GameReport {
    verify_with(record, |_| {})
}

/// Replays a record under the current rules, calling `on_move` after every move, and judges it:
/// `ok` with the result decided on the board or, when the board does not decide it, recorded in
/// the record; `illegal` at the first move that breaks a rule or is written wrongly; or
/// `result-mismatch` when the record's result disagrees with the board.
pub fn verify_with(record: &Record<'_>, mut on_move: impl FnMut(Replayed<'_>)) -> GameReport {
    // A move takes about 25 bytes of a move list.
    let mut game = Game::with_capacity((record.movelist.len() / 20).min(4096));
    let mut last_label: Option<MoveLabel> = None;
    let mut last_line = 0;
    let failure = replay_moves(record, &mut game, &mut last_label, &mut last_line, &mut on_move).err();
    let board = game.outcome();
    let mut report = GameReport {
        source: record.source.clone(),
        game: record.game.clone(),
        kind: KIND,
        verdict: Verdict::Ok,
        turns: game.plies(),
        result: board.map(outcome_result),
        final_position: game.position().board().to_diagram_string(),
        error: None,
    };
    if let Some(f) = failure {
        report.verdict = Verdict::Illegal;
        report.error =
            Some(ErrorInfo { turn: f.turn, line: record.line + f.line_offset, token: f.token, message: f.message });
        return report;
    }
    let Some(rec) = record.recorded else {
        return report;
    };
    let after = last_label.map(|l| l.to_string()).unwrap_or_default();
    let mismatch = |message: String, token: &str| ErrorInfo {
        turn: after.clone(),
        line: record.line + last_line,
        token: token.to_owned(),
        message,
    };
    let written = format!("{} {}", rec.result as char, rec.termination as char);
    match (board, rec.board_reason()) {
        (Some(o), Some(reason)) if rec.winner == Some(o.winner) && reason == o.reason => {}
        (Some(o), _) => {
            report.verdict = Verdict::ResultMismatch;
            report.error = Some(mismatch(
                format!("the board ends the game ({o}) but the record says {}", describe(rec)),
                &written,
            ));
        }
        (None, Some(_)) => {
            report.verdict = Verdict::ResultMismatch;
            report.error = Some(mismatch(
                format!("the record says {} but the board does not decide the game", describe(rec)),
                &written,
            ));
        }
        (None, None) => {
            report.result = match (rec.winner, rec.reason()) {
                (Some(w), Some(reason)) => Some(GameResult::Arimaa { winner: color_char(w), reason }),
                _ => None,
            };
        }
    }
    report
}

fn describe(rec: RecordedEnd) -> String {
    let who = rec.winner.map_or("nobody", Color::name);
    match rec.reason() {
        Some(r) => format!("{who} wins by {r}"),
        None => format!("{who} wins (termination `{}`)", rec.termination as char),
    }
}

fn replay_moves(
    record: &Record<'_>,
    game: &mut Game,
    last_label: &mut Option<MoveLabel>,
    last_line: &mut u64,
    on_move: &mut impl FnMut(Replayed<'_>),
) -> Result<(), Failure> {
    let mut expected = MoveLabel::from_ply(0, LabelStyle::GoldSilver);
    let mut moves = Moves::new(record.movelist);
    while let Some(mv) = moves.next() {
        let mv: MoveLine<'_> = mv.map_err(|e| Failure {
            turn: String::new(),
            line_offset: e.line_offset,
            token: e.text.clone(),
            message: "text before the first move label".into(),
        })?;
        let (label_text, line_offset) = (mv.label_text, mv.line_offset);
        let fail = |token: String, message: String| Failure {
            turn: String::from_utf8_lossy(label_text).into_owned(),
            line_offset,
            token,
            message,
        };
        if !mv.label.same_move(expected) {
            return Err(fail(
                mv.label_str(),
                format!("expected move {} here", MoveLabel { style: mv.label.style, ..expected }),
            ));
        }
        let parsed = match mv.body {
            MoveBody::Takeback => {
                game.take_back().map_err(|e| fail("takeback".into(), e.to_string()))?;
                *last_label = game.plies().checked_sub(1).map(|p| MoveLabel::from_ply(p, mv.label.style));
                expected = MoveLabel::from_ply(game.plies(), expected.style);
                on_move(Replayed::TakeBack { label: mv.label, after: game.position() });
                continue;
            }
            MoveBody::Empty => {
                if moves.is_done() {
                    // Archive move lists end with the label of the move never played.
                    return Ok(());
                }
                return Err(fail(mv.label_str(), "empty move inside the game: Arimaa has no pass".into()));
            }
            MoveBody::Syntax(e) => return Err(fail(e.token.clone(), e.to_string())),
            MoveBody::Tokens(parsed) => parsed,
        };
        if let Some(o) = game.outcome() {
            let after = last_label.map(|l| l.to_string()).unwrap_or_default();
            let mut message = format!("move after the end of the game: {o} after {after}");
            if o.reason == WinReason::Elimination {
                message.push_str(" (older rules let play go on after elimination; current rules end the game there)");
            }
            return Err(fail(text(mv.text), message));
        }
        let token_at = |i: Option<usize>| match i.and_then(|i| parsed.tokens().get(i)) {
            Some(t) => t.to_string(),
            None => text(mv.text),
        };
        let before = game.position();
        let turn = if before.phase() == Phase::Setup {
            let placement =
                parsed.resolve_placement(before.side_to_move()).map_err(|e| fail(token_at(e.index), e.to_string()))?;
            game.place(&placement).map_err(|e| fail(text(mv.text), e.to_string()))?;
            None
        } else {
            let resolved = parsed.resolve_turn(before).map_err(|e| fail(token_at(e.index), e.to_string()))?;
            game.play_finished(&resolved).map_err(|e| {
                let message = match e {
                    GameError::Repetition => "third-time repetition of a position (illegal under current rules; \
                                              older rules made it a loss for the side repeating)"
                        .to_owned(),
                    e => e.to_string(),
                };
                fail(text(mv.text), message)
            })?;
            Some(*resolved.turn())
        };
        *last_label = Some(mv.label);
        *last_line = mv.line_offset;
        expected = expected.next();
        if let Some(before) = game.previous_position() {
            on_move(Replayed::Move { label: mv.label, before, after: game.position(), turn, text: mv.text });
        }
    }
    Ok(())
}
