//! The positions of a Stones and Rivers record, as `tabula positions` lists them.

use std::sync::Arc;

use tabula_notation::stones_rivers::PositionWriter;

use super::records::Record;
use super::verify::verify_with;
use crate::game_kind::GameKind;
use crate::position_row::PositionRows;
use crate::report::GameReport;

/// The kind the keys of the rows hash.
const KIND: &str = GameKind::StonesRivers.name();

/// The side to move a position string ends with.
fn side_of(position: &str) -> &'static str {
    if position.ends_with("cr") {
        "cr"
    } else {
        "sq"
    }
}

/// The report of `record` (as `tabula check` gives it) and its positions: the start, then the
/// position after each turn replayed, up to where it breaks.
pub fn positions(source: &Arc<str>, record: &Record) -> (GameReport, PositionRows) {
    let turns = record.turns().len();
    // A position string and a turn's text are seldom longer than this.
    let mut rows = PositionRows::with_capacity(KIND, turns + 1, (turns + 1) * 96);
    // One position after another: the rows a turn leaves as they were are not written again.
    let mut writer = PositionWriter::new();
    let report = verify_with(source, record, |r| {
        if rows.is_empty() {
            let start = writer.write(&r.before.to_setup());
            rows.push(side_of(start), start);
        }
        rows.set_played_with(|text| r.text.push_to(text));
        let after = writer.write(&r.after.to_setup());
        rows.push(side_of(after), after);
    });
    if rows.is_empty() && !report.final_position.is_empty() {
        rows.push(side_of(&report.final_position), &report.final_position);
    }
    (report, rows)
}
