//! `tabula convert` for Arimaa: a game in short notation replayed into long notation, and a
//! record in long notation written in short notation.

use std::sync::Arc;

use tabula_engine::arimaa::{Color, Placement, Position};
use tabula_notation::arimaa::short::{position_moves, setup_move, turn_move, ResolveOptions, ShortBody, ShortMove};
use tabula_notation::arimaa::{write_placement, LongMove, MoveLabel, View};

use super::resolve::record_tokens;
use super::short_stop::ShortStop;
use super::verify::{verify, verify_short, verify_with, Notation, Record, Replayed};
use crate::report::{GameReport, Verdict};

/// One move of a short-notation record that was read: its label, its text (canonical
/// spelling) and its long notation (placement tokens for a set-up or position record).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShortStep {
    /// The label, written or inferred.
    pub label: MoveLabel,
    /// The move's short text.
    pub text: String,
    /// The long notation.
    pub long: String,
}

/// A short-notation record replayed: the moves read, and where and why it stopped, if it did.
#[derive(Clone, Debug)]
pub struct ShortReplay {
    /// Every move read, in order.
    pub moves: Vec<ShortStep>,
    /// The first move that cannot be read: label, unit, why, candidates.
    pub stop: Option<ShortStop>,
    /// The position after the last move read.
    pub position: Position,
}

fn units_text(m: &ShortMove) -> String {
    match &m.body {
        ShortBody::Turn(u) => u.iter().map(ToString::to_string).collect(),
        ShortBody::Placement(p) => p.to_string(),
        ShortBody::Empty => String::new(),
    }
}

/// Replays a whole game written in short notation from the start (set-ups `1g`/`1s`, or a
/// position `0s ..., 0g ...`), move by move on the board, each turn resolved with `opts`, by the
/// verification of `tabula check` itself ([`verify_short`]): it stops where `check` does, at the
/// first move that is not short notation, has no legal reading or several, or breaks a rule of
/// the game (labels, repetition, a move after the end).
pub fn replay_short(text: &str, opts: ResolveOptions) -> ShortReplay {
    let record = Record {
        source: Arc::from(""),
        game: String::new(),
        movelist: text.as_bytes(),
        line: 1,
        recorded: None,
        notation: Notation::Short(opts),
    };
    let mut moves = Vec::new();
    let mut position = Position::new();
    let (_, stop) = verify_short(&record, opts, |ev| match ev {
        Replayed::Start { position: start } => {
            for m in position_moves(View::Gold, start.board(), start.side_to_move()) {
                moves.push(ShortStep { label: m.label, text: units_text(&m), long: record_tokens(&m) });
            }
            position = *start;
        }
        Replayed::Move { label, before, after, turn, text } => {
            let long = match turn {
                Some(t) => LongMove::from_turn(before, &t).map(|l| l.to_string()).unwrap_or_default(),
                None => write_placement(label.color, &placement_of(after, label.color)),
            };
            let text = String::from_utf8_lossy(text.trim_ascii()).into_owned();
            moves.push(ShortStep { label, text, long });
            position = *after;
        }
        Replayed::TakeBack { .. } => {
            moves.pop();
        }
    });
    ShortReplay { moves, stop, position }
}

/// The pieces of `color` on the board of `pos`, as a set-up places them.
fn placement_of(pos: &Position, color: Color) -> Placement {
    pos.board().iter().filter(|(_, p)| p.color == color).map(|(sq, p)| (sq, p.kind)).collect()
}

/// A short-notation record as a long-notation move list, one move a line (`1g Ra1 ...`,
/// `2g Ee2n ...`; position records keep their labels `0s`/`0g`), and where it stopped.
pub fn short_to_long(text: &str, opts: ResolveOptions) -> (String, Option<ShortStop>) {
    let r = replay_short(text, opts);
    let list = r.moves.iter().map(|m| format!("{} {}\n", m.label, m.long)).collect();
    (list, r.stop)
}

/// Checks one game written in short notation (`data`, a whole file), strictly: see
/// [`Notation::Short`].
pub fn check_short(source: &std::sync::Arc<str>, game: &str, data: &[u8]) -> GameReport {
    let notation = Notation::Short(ResolveOptions::default());
    verify(&Record { source: source.clone(), game: game.to_owned(), movelist: data, line: 1, recorded: None, notation })
}

/// A record in long notation (an archive row or a move list) as short notation in `view`: the
/// view on the first line's start, then one move a line with its label, each turn in its
/// shortest form. Takebacks are applied (the move taken back is left out). On a move that does
/// not replay, the moves before it and the error message (`move: why`).
pub fn long_to_short(record: &Record<'_>, view: View) -> (String, Option<String>) {
    let mut moves: Vec<Result<ShortMove, String>> = Vec::new();
    let report = verify_with(record, |ev| match ev {
        Replayed::Move { label, before, after, turn, .. } => {
            let label = MoveLabel::new(label.number, label.color);
            let m = match turn {
                Some(t) => turn_move(before, &t, view, label).map_err(|e| format!("{label}: {e}")),
                None => setup_move(view, label.color, &placement_of(after, label.color))
                    .map_err(|e| format!("{label}: {e}")),
            };
            moves.push(m);
        }
        Replayed::Start { position } => {
            moves.extend(position_moves(view, position.board(), position.side_to_move()).map(Ok));
        }
        Replayed::TakeBack { .. } => {
            moves.pop();
        }
    });
    let mut text = String::new();
    let mut error = None;
    for (i, m) in moves.into_iter().enumerate() {
        match m {
            Ok(mut m) => {
                m.view_written = i == 0;
                text.push_str(&m.to_string());
                text.push('\n');
            }
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    if error.is_none() && report.verdict == Verdict::Illegal {
        error = report.error.map(|e| format!("{} `{}`: {}", e.turn, e.token, e.message));
    }
    (text, error)
}
