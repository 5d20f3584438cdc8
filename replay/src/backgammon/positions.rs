//! The positions of a backgammon game, as `tabula positions` lists them: the position before
//! each play, seen from the player who rolled, then the last.

use std::sync::Arc;

use tabula_engine::backgammon::{MatchScore, Side};
use tabula_notation::backgammon::{position_id, Standard};

use super::mat::GameRecord;
use super::verify::{verify_game_with, Replayed};
use crate::game_kind::GameKind;
use crate::position_row::PositionRows;
use crate::report::GameReport;

fn side(s: Side) -> &'static str {
    match s {
        Side::Zero => "0",
        Side::One => "1",
    }
}

/// A roll as `tabula positions` writes it, high die first (`31`); empty for dice off 1 to 6.
fn roll_text(high: u8, low: u8) -> &'static str {
    const ROLLS: [&str; 36] = [
        "11", "12", "13", "14", "15", "16", "21", "22", "23", "24", "25", "26", "31", "32", "33", "34", "35", "36",
        "41", "42", "43", "44", "45", "46", "51", "52", "53", "54", "55", "56", "61", "62", "63", "64", "65", "66",
    ];
    match (high.checked_sub(1), low.checked_sub(1)) {
        (Some(h @ 0..=5), Some(l @ 0..=5)) => ROLLS[usize::from(h) * 6 + usize::from(l)],
        _ => "",
    }
}

/// The positions of a game gathered as its replay goes (each action a [`Replayed`]): the
/// position before each play, then the last, once the report is known.
#[derive(Clone, Debug)]
pub(crate) struct Rows {
    rows: PositionRows,
    /// The player whose view the last position is kept from.
    view: Side,
    /// A Position ID or a play's text as its writer gives it.
    bytes: Vec<u8>,
}

impl Rows {
    pub(crate) fn new() -> Rows {
        Rows { rows: PositionRows::new(GameKind::Backgammon.name()), view: Side::Zero, bytes: Vec::new() }
    }

    /// Takes one action replayed.
    pub(crate) fn observe(&mut self, r: Replayed<'_>) {
        self.view = r.view;
        let (Some((before, play)), Some((d1, d2))) = (&r.play, r.action.dice()) else { return };
        self.bytes.clear();
        position_id::push_encoded(before, &mut self.bytes);
        self.rows.push_ascii(side(r.action.column.side()), &self.bytes);
        self.rows.set_dice(roll_text(d1.max(d2), d1.min(d2)));
        self.bytes.clear();
        Standard::new(before).write(play, &mut self.bytes);
        self.rows.set_played_ascii(&self.bytes);
    }

    /// The rows, the last `report`'s `final_position` (the game's report as the check of the
    /// whole match gives it).
    pub(crate) fn finish(mut self, report: &GameReport) -> PositionRows {
        if !report.final_position.is_empty() {
            self.rows.push(side(self.view), &report.final_position);
        }
        self.rows
    }
}

/// The positions of the game `record` (`ctx`: the match score before it), replayed as its check
/// replays it, up to where it breaks; the last is `report`'s `final_position` (the game's
/// report as the check of the whole match gives it).
pub fn positions(source: &Arc<str>, report: &GameReport, record: &GameRecord, ctx: MatchScore) -> PositionRows {
    let mut rows = Rows::new();
    verify_game_with(source, report.game.clone(), record, ctx, Some(&mut |r| rows.observe(r)));
    rows.finish(report)
}
