//! `tabula convert` for Arimaa: a game in short notation replayed into long notation, and a
//! record in long notation written in short notation.

use tabula_engine::arimaa::{Phase, Placement, Position};
use tabula_notation::arimaa::short::{
    position_from_records, setup_move, turn_move, ResolveOptions, ShortBody, ShortMove, ShortRecord,
};
use tabula_notation::arimaa::{write_placement, LongMove, MoveLabel, View};

use super::resolve::record_tokens;
use super::short_stop::{from_resolve_error, line_of, ShortStop, StopKind};
use super::verify::{verify, verify_with, Notation, Record, Replayed};
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
/// position `0s ..., 0g ...`), move by move on the board, each turn resolved with `opts`. Stops
/// at the first move that is not short notation, has no legal reading or several.
pub fn replay_short(text: &str, opts: ResolveOptions) -> ShortReplay {
    // The moves before a syntax error still replay.
    let (record, syntax) = ShortRecord::parse_partial(text);
    let (moves, syntax) = (record.moves, syntax.map(|e| ShortStop::syntax(&e)));
    let mut out = ShortReplay { moves: Vec::new(), stop: None, position: Position::new() };
    let mut i = 0;
    while let Some(m) = moves.get(i) {
        let step = |long: String| ShortStep { label: m.label, text: units_text(m), long };
        let line = line_of(text, m);
        let stop = |kind, reason: String| Some(ShortStop::new(Some(m.label), units_text(m), kind, reason).at(line));
        let pos = out.position;
        if m.label.number == 0 {
            let (Some(next), true) = (moves.get(i + 1), i == 0) else {
                out.stop = stop(StopKind::Illegal, "a position record (0g/0s) only starts a record, in pairs".into());
                break;
            };
            match position_from_records(m, next) {
                Ok(p) => {
                    out.moves.push(step(record_tokens(m)));
                    out.moves.push(ShortStep { label: next.label, text: units_text(next), long: record_tokens(next) });
                    out.position = p;
                    i += 2;
                    continue;
                }
                Err(e) => {
                    out.stop = stop(StopKind::Illegal, e.to_string());
                    break;
                }
            }
        }
        if m.placement().is_some() {
            if pos.phase() != Phase::Setup || pos.side_to_move() != m.label.color {
                out.stop = stop(StopKind::Illegal, format!("not the set-up of {} here", m.label.color.name()));
                break;
            }
            match m.to_placement().map_err(|e| e.to_string()).and_then(|pl| {
                let next = pos.place(&pl).map_err(|e| e.to_string())?;
                Ok((pl, next))
            }) {
                Ok((pl, next)) => {
                    out.moves.push(step(write_placement(m.label.color, &pl)));
                    out.position = next;
                }
                Err(e) => {
                    out.stop = stop(StopKind::Illegal, e);
                    break;
                }
            }
        } else {
            if let Some(o) = pos.outcome() {
                out.stop = stop(StopKind::Illegal, format!("move after the end of the game: {o}"));
                break;
            }
            match m.resolve_with(&pos, opts) {
                Ok(f) => match LongMove::from_turn(&pos, f.turn()) {
                    Ok(long) => {
                        out.moves.push(step(long.to_string()));
                        out.position = *f.position();
                    }
                    Err(e) => {
                        out.stop = stop(StopKind::Illegal, e.to_string());
                        break;
                    }
                },
                Err(e) => {
                    out.stop = Some(from_resolve_error(m.label, m, e).at(line));
                    break;
                }
            }
        }
        i += 1;
    }
    if out.stop.is_none() {
        out.stop = syntax;
    }
    out
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
                None => {
                    let placement: Placement = after
                        .board()
                        .iter()
                        .filter(|(_, p)| p.color == label.color)
                        .map(|(sq, p)| (sq, p.kind))
                        .collect();
                    setup_move(view, label.color, &placement).map_err(|e| format!("{label}: {e}"))
                }
            };
            moves.push(m);
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
