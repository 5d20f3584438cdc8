//! The writer is the inverse of resolution: for every legal turn of real and random positions
//! (the aei perft fixture's positions), `resolve(write(turn)) == turn`, and the resolved turn
//! leads to the position the move generator said; `TurnWriter`, the writer of many turns,
//! writes the same bytes.

use std::path::PathBuf;

use tabula_engine::arimaa::{Color, MoveGenerator, Placement};
use tabula_notation::arimaa::{parse_position, write_placement, write_turn, LongMove, TurnWriter};

#[test]
fn every_turn_written_resolves_to_itself() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/arimaa/perft.tsv");
    let text = std::fs::read_to_string(&path).expect("perft fixture");
    let mut gen = MoveGenerator::new();
    let (mut positions, mut turns, mut captures) = (0, 0, 0);
    // Every 10th fixture position, every one of its turns.
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1).step_by(10) {
        let f: Vec<&str> = line.split('\t').collect();
        let pos = parse_position(&format!("{} [{}]", f[1], f[2])).expect("fixture position");
        let writer = TurnWriter::new(&pos);
        let mut bytes = Vec::new();
        for (turn, next) in gen.legal_turns(&pos) {
            let written = write_turn(&pos, turn).expect("a legal turn can be written");
            bytes.clear();
            writer.write(turn, next, &mut bytes);
            assert_eq!(bytes, written.as_bytes(), "{written}");
            captures += usize::from(written.contains('x'));
            let parsed = LongMove::from_ascii(written.as_bytes()).expect("written text parses");
            let resolved = parsed.resolve_turn(&pos).unwrap_or_else(|e| panic!("{written}: {e}"));
            assert_eq!(resolved.turn(), turn, "{written}");
            assert_eq!(resolved.position(), next, "{written}");
            assert_eq!(parsed.to_string(), written);
            turns += 1;
        }
        positions += 1;
    }
    assert!(positions >= 100 && turns >= 100_000, "{positions} positions, {turns} turns");
    assert!(captures >= 1_000, "{captures} turns with a capture");
}

#[test]
fn set_ups_round_trip() {
    let text = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2";
    let p = LongMove::from_ascii(text.as_bytes()).unwrap().resolve_placement(Color::Gold).unwrap();
    assert_eq!(write_placement(Color::Gold, &p), text);
    let err = LongMove::from_ascii(text.as_bytes()).unwrap().resolve_placement(Color::Silver).unwrap_err();
    assert_eq!(err.index, Some(0));
    assert!(Placement::home(Color::Silver).contains(tabula_engine::arimaa::Square::A8));
}
