//! Arimaa short notation on arbitrary bytes: the parser never panics; whatever parses prints in
//! its canonical form and parses back to the same tree; set-ups and position records that read
//! into the engine are written back in all three views and read back the same.

use tabula_notation::arimaa::short::{
    position_from_records, write_position, write_setup, ParseContext, RecordKind, ShortMove, ShortRecord, View,
};

/// Runs the target on one input. Any panic is a bug: of the library, or a property below broken.
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    // One move in a game in progress, in each view.
    for view in View::ALL {
        let mut ctx = ParseContext::at(view, "17s".parse().expect("label"));
        let _ = ShortMove::parse_in(&text, &mut ctx);
    }
    let Ok(rec) = ShortRecord::parse(&text) else { return };
    let canonical = rec.to_string();
    let again = ShortRecord::parse(&canonical).expect("the canonical text parses");
    assert_eq!(again, rec, "{canonical}");
    assert_eq!(again.to_string(), canonical);
    for (i, m) in rec.moves.iter().enumerate() {
        if let Ok(placement) = m.to_placement() {
            for view in View::ALL {
                let written = write_setup(view, m.color(), &placement).expect("a legal set-up is written");
                let back: ShortMove = written.parse().expect("a written set-up parses");
                assert_eq!(back.to_placement().expect("and reads"), placement, "{written}");
            }
        }
        let is_record = |m: &ShortMove| m.placement().is_none_or(|p| p.kind() == RecordKind::Position);
        if let Some(next) = rec.moves.get(i + 1) {
            if m.label.number == 0 && next.label.number == 0 && is_record(m) && is_record(next) {
                if let Ok(pos) = position_from_records(m, next) {
                    for view in View::ALL {
                        let written = write_position(view, &pos);
                        let back = ShortRecord::parse(&written).expect("a written position parses");
                        let read = position_from_records(&back.moves[0], &back.moves[1]).expect("and reads");
                        assert_eq!(read, pos, "{written}");
                    }
                }
            }
        }
    }
}
