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
fn side_of(position: &[u8]) -> &'static str {
    if position.ends_with(b"cr") {
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
    // A turn's text.
    let mut played = Vec::with_capacity(32);
    let report = verify_with(source, record, |r| {
        if rows.is_empty() {
            let start = writer.write_ascii(&r.before.to_setup());
            rows.push_ascii(side_of(start), start);
        }
        r.text.push_bytes(&mut played);
        rows.set_played_ascii(&played);
        played.clear();
        let after = writer.write_ascii(&r.after.to_setup());
        rows.push_ascii(side_of(after), after);
    });
    if rows.is_empty() && !report.final_position.is_empty() {
        rows.push(side_of(report.final_position.as_bytes()), &report.final_position);
    }
    (report, rows)
}
