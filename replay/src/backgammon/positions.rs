//! The positions of a backgammon game, as `tabula positions` lists them: the position before
//! each play, seen from the player who rolled, then the last.

use std::sync::Arc;

use tabula_engine::backgammon::{MatchScore, Side};
use tabula_notation::backgammon::{position_id, write_play};

use super::mat::GameRecord;
use super::verify::verify_game_with;
use crate::position_row::PositionRow;
use crate::report::GameReport;

fn side(s: Side) -> &'static str {
    match s {
        Side::Zero => "0",
        Side::One => "1",
    }
}

/// The positions of the game `record` (`ctx`: the match score before it), replayed as its check
/// replays it, up to where it breaks; the last is `report`'s `final_position` (the game's
/// report as the check of the whole match gives it).
pub fn positions(source: &Arc<str>, report: &GameReport, record: &GameRecord, ctx: MatchScore) -> Vec<PositionRow> {
    let mut rows: Vec<PositionRow> = Vec::new();
    let mut view = Side::Zero;
    let mut observe = |r: super::verify::Replayed<'_>| {
        view = r.view;
        let (Some((before, play)), Some((d1, d2))) = (&r.play, r.action.dice()) else { return };
        let mut row = PositionRow::new(rows.len(), side(r.action.column.side()), position_id::encode(before));
        row.dice = format!("{}{}", d1.max(d2), d1.min(d2));
        row.played = Some(write_play(before, play));
        rows.push(row);
    };
    verify_game_with(source, report.game.clone(), record, ctx, Some(&mut observe));
    if !report.final_position.is_empty() {
        rows.push(PositionRow::new(rows.len(), side(view), report.final_position.clone()));
    }
    rows
}
