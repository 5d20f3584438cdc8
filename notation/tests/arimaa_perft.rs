//! Move generation against the aei perft fixture (`testdata/arimaa/perft.tsv`, made by
//! `scripts/aei_perft.py` with the independent `aei` package): for every position, the number
//! of distinct positions reachable in one turn is the one aei gives.

use std::path::PathBuf;

use tabula_engine::arimaa::MoveGenerator;
use tabula_notation::arimaa::parse_position;

#[test]
fn every_fixture_count_matches_aei() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/arimaa/perft.tsv");
    let text = std::fs::read_to_string(&path).expect("perft fixture");
    let mut gen = MoveGenerator::new();
    let mut rows = 0;
    let mut wrong = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (source, side, board, expected) = (f[0], f[1], f[2], f[3].parse::<usize>().expect("count"));
        let pos = parse_position(&format!("{side} [{board}]")).unwrap_or_else(|e| panic!("{source}: {e}"));
        let got = gen.count(&pos);
        if got != expected {
            wrong.push(format!("{source} {side} {board}: aei {expected}, tabula {got}"));
        }
        rows += 1;
    }
    assert!(rows >= 1000, "only {rows} positions in the fixture");
    assert!(wrong.is_empty(), "{} of {rows} positions differ:\n{}", wrong.len(), wrong.join("\n"));
}
