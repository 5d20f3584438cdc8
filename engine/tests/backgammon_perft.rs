//! Legal-play generation against GNU Backgammon: `testdata/backgammon/perft.tsv` holds, for
//! (position, roll) pairs from the real matches and from random play, the number of distinct
//! positions gnubg's move generator reaches and a digest of their Position IDs
//! (`scripts/gnubg_perft.py generate` made it; `verify` re-checks it against live gnubg).
#![allow(missing_docs)]

use tabula_engine::backgammon::{Dice, MoveGenerator};
use tabula_notation::backgammon::position_id;

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

#[test]
fn legal_plays_match_gnubg() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/backgammon/perft.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut gen = MoveGenerator::new();
    let (mut rows, mut failures) = (0, Vec::new());
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [id, dice, plays, digest, source] = cols[..] else { panic!("bad row: {line}") };
        let pos = position_id::decode(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        let dice: Dice = dice.parse().unwrap_or_else(|e| panic!("{dice}: {e}"));
        let legal = gen.legal_plays(&pos, dice);
        let mut ids: Vec<String> =
            legal.iter().filter(|(p, _)| !p.is_empty()).map(|(_, after)| position_id::encode(after)).collect();
        ids.sort();
        let got_digest = format!("{:016x}", fnv1a(ids.join(" ").as_bytes()));
        rows += 1;
        if ids.len().to_string() != plays || got_digest != digest {
            failures.push(format!("{id} {dice} ({source}): gnubg {plays}, tabula {}", ids.len()));
        }
    }
    assert!(rows >= 10_000, "only {rows} rows");
    assert!(
        failures.is_empty(),
        "{} of {rows} differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
