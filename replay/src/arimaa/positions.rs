//! The positions of an Arimaa record, as `tabula positions` lists them: the start (the empty
//! board, or the position a record of position gives), then the position after each set-up and
//! turn, taken-back moves removed.

use tabula_engine::arimaa::{Color, Position};
use tabula_notation::arimaa::push_played_turn;

use super::verify::{verify_with, Record, Replayed};
use crate::position_row::PositionRow;
use crate::report::GameReport;

fn side(position: &Position) -> &'static str {
    match position.side_to_move() {
        Color::Gold => "g",
        Color::Silver => "s",
    }
}

fn row(ply: usize, position: &Position) -> PositionRow {
    PositionRow::new(ply, side(position), position.board().to_diagram_string())
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
pub fn positions(record: &Record<'_>) -> (GameReport, Vec<PositionRow>) {
    let mut rows: Vec<PositionRow> = Vec::new();
    let report = verify_with(record, |r| match r {
        Replayed::Start { position } => {
            rows.clear();
            rows.push(row(0, position));
        }
        Replayed::Move { before, after, turn, text, .. } => {
            if rows.is_empty() {
                rows.push(row(0, before));
            }
            let played = match turn {
                Some(turn) => {
                    // A turn replayed is legal: written by following its pieces on the board.
                    let mut bytes = Vec::with_capacity(32);
                    push_played_turn(before, &turn, after, &mut bytes);
                    match String::from_utf8(bytes) {
                        Ok(played) if !played.is_empty() => played,
                        _ => String::from_utf8_lossy(text).trim().to_owned(),
                    }
                }
                None => placement(before, after),
            };
            if let Some(last) = rows.last_mut() {
                last.played = Some(played);
            }
            rows.push(row(rows.len(), after));
        }
        Replayed::TakeBack { .. } => {
            rows.pop();
            if let Some(last) = rows.last_mut() {
                last.played = None;
            }
        }
    });
    if rows.is_empty() && !report.final_position.is_empty() {
        rows.push(PositionRow::new(0, "g", report.final_position.clone()));
    }
    (report, rows)
}
