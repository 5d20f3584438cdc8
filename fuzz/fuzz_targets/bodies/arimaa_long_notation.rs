//! Long notation on arbitrary bytes: parsing, resolving against a real mid-game position and
//! against the set-up phase, and writing back what resolves.

use tabula_engine::arimaa::{Color, Position};
use tabula_notation::arimaa::{parse_position, write_turn, LongMove};

/// Runs the target on one input. Any panic is a bug: of the library, or a property below broken.
pub fn run(data: &[u8]) {
    let positions = [
        "g [rc......rDrd.rHr...eD.R.R.....Eh....R.m...........R..RC..C...R..]",
        "s [..r.R...rrcC.r.rdH.e....D......rr.r...DRR..E.....CR.......m.....]",
    ];
    let Ok(mv) = LongMove::from_ascii(data) else { return };
    for p in positions {
        let pos = parse_position(p).expect("fixed position");
        if let Ok(r) = mv.resolve_turn(&pos) {
            let text = write_turn(&pos, r.turn()).expect("a resolved turn can be written");
            let again = LongMove::from_ascii(text.as_bytes()).expect("written text parses");
            assert_eq!(again.resolve_turn(&pos).expect("and resolves").turn(), r.turn());
        }
    }
    let _ = mv.resolve_placement(Color::Gold);
    let _ = Position::new();
}
