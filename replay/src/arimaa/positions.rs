//! The positions of an Arimaa record, as `tabula positions` lists them: the start (the empty
//! board, or the position a record of position gives), then the position after each set-up and
//! turn, taken-back moves removed.

use tabula_engine::arimaa::{Color, Position};
use tabula_notation::arimaa::push_played_turn;

use super::verify::{verify_with, Record, Replayed};
use crate::game_kind::GameKind;
use crate::position_row::PositionRows;
use crate::report::GameReport;

fn side(position: &Position) -> &'static str {
    match position.side_to_move() {
        Color::Gold => "g",
        Color::Silver => "s",
    }
}

/// Adds the row of `position` to `rows`.
fn push_row(rows: &mut PositionRows, position: &Position) {
    rows.push_ascii(side(position), &position.board().diagram());
}

/// The placement tokens of the set-up that made `after` from `before` (`Ra1 Rb1 ...`, squares
/// in index order).
fn placement(before: &Position, after: &Position) -> String {
    let color = before.side_to_move();
    let mut text = String::new();
    for (square, piece) in after.board().iter() {
        if piece.color == color && before.board().piece_at(square).is_none() {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push(piece.char());
            text.push(square.file_char());
            text.push(square.rank_char());
        }
    }
    text
}

/// The report of `record` (as `tabula check` gives it) and its positions, up to where it breaks.
pub fn positions(record: &Record<'_>) -> (GameReport, PositionRows) {
    let mut rows = PositionRows::new(GameKind::Arimaa.name());
    // A turn's text, written by following its pieces.
    let mut bytes = Vec::with_capacity(64);
    let report = verify_with(record, |r| match r {
        Replayed::Start { position } => {
            rows.clear();
            push_row(&mut rows, position);
        }
        Replayed::Move { before, after, turn, text, .. } => {
            if rows.is_empty() {
                push_row(&mut rows, before);
            }
            match turn {
                Some(turn) => {
                    // A turn replayed is legal: written by following its pieces on the board.
                    bytes.clear();
                    push_played_turn(before, &turn, after, &mut bytes);
                    if bytes.is_empty() {
                        rows.set_played(String::from_utf8_lossy(text).trim());
                    } else {
                        rows.set_played_ascii(&bytes);
                    }
                }
                None => rows.set_played(&placement(before, after)),
            }
            push_row(&mut rows, after);
        }
        Replayed::TakeBack { .. } => {
            rows.pop();
            rows.clear_played();
        }
    });
    if rows.is_empty() && !report.final_position.is_empty() {
        rows.push("g", &report.final_position);
    }
    (report, rows)
}
