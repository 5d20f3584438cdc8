//! Perft over `shared/data/snr/perft.tsv`: for every position, the number of legal turns and the
//! number of distinct positions they lead to, as counted by the independent reference
//! implementation.

use std::collections::HashSet;

use tabula_engine::stones_rivers::{Board, Player, Position};
use tabula_notation::stones_rivers::parse_position;

const PERFT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/snr/perft.tsv");

#[test]
#[ignore = "needs ../shared/data"]
fn perft_matches_the_reference_counts() {
    let text = std::fs::read_to_string(PERFT).unwrap_or_else(|e| {
        panic!("../shared/data/snr/perft.tsv not found (looked for {PERFT}: {e}): this test needs the shared data beside the repository")
    });
    let mut rows = 0;
    let mut failures = Vec::new();
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "{line}");
        let setup = parse_position(fields[0]).unwrap_or_else(|e| panic!("{}: {e}", fields[0]));
        let position = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{}: {e}", fields[0]));
        let expected_turns: usize = fields[1].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        let expected_distinct: usize = fields[2].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        let turns = position.legal_turns();
        let distinct: HashSet<Position> = turns.iter().map(|t| position.play_unchecked(t)).collect();
        let unique_turns: HashSet<_> = turns.iter().collect();
        assert_eq!(unique_turns.len(), turns.len(), "{}: a turn listed twice", fields[0]);
        if (turns.len(), distinct.len()) != (expected_turns, expected_distinct) {
            failures.push(format!(
                "{}: {} turns / {} positions, expected {expected_turns} / {expected_distinct}",
                fields[0],
                turns.len(),
                distinct.len()
            ));
        }
        rows += 1;
    }
    assert_eq!(rows, 40);
    assert!(failures.is_empty(), "{} of {rows} rows differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_initial_position_has_54_turns() {
    let position = Position::initial(Player::Square);
    assert_eq!(position.legal_turns().len(), 54);
    let setup = parse_position("13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 sq");
    assert_eq!(setup.map(|s| s.board), Ok(Board::initial()));
}
