//! The positions of a Stones and Rivers record, as `tabula positions` lists them.

use std::sync::Arc;

use tabula_notation::stones_rivers::PositionWriter;

use super::records::Record;
use super::verify::verify_with;
use crate::position_row::PositionRow;
use crate::report::GameReport;

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
pub fn positions(source: &Arc<str>, record: &Record) -> (GameReport, Vec<PositionRow>) {
    let mut rows: Vec<PositionRow> = Vec::with_capacity(record.turns().len() + 1);
    // One position after another: the rows a turn leaves as they were are not written again.
    let mut writer = PositionWriter::new();
    // Each text allocated at its length.
    let mut write_position = |setup| writer.write(&setup).to_owned();
    let report = verify_with(source, record, |r| {
        if rows.is_empty() {
            let start = write_position(r.before.to_setup());
            rows.push(PositionRow::new(0, side_of(&start), start));
        }
        if let Some(last) = rows.last_mut() {
            let mut played = String::with_capacity(24);
            r.text.push_to(&mut played);
            last.played = Some(played);
        }
        let after = write_position(r.after.to_setup());
        rows.push(PositionRow::new(rows.len(), side_of(&after), after));
    });
    if rows.is_empty() && !report.final_position.is_empty() {
        rows.push(PositionRow::new(0, side_of(&report.final_position), report.final_position.clone()));
    }
    (report, rows)
}
