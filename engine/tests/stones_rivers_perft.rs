//! Perft over `shared/data/snr/perft.tsv`: for every position, the number of legal turns and the
//! number of distinct positions they lead to, as counted by the independent reference
//! implementation.

use std::collections::HashSet;

use tabula_engine::stones_rivers::{Axis, Board, Cell, Face, Piece, Player, Position, Setup, COLUMNS, ROWS};

const PERFT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/snr/perft.tsv");

/// Reads a position string (rules file, "Position string"): rows 14..1 separated by `/`, columns
/// `A`..`M` within a row, digit runs for empty cells, `S`/`N`/`E` (upper case Square, lower case
/// Circle), then ` sq` or ` cr`.
fn parse_position(text: &str) -> Result<Setup, String> {
    let (rows, side) = text.trim().split_once(' ').ok_or("no side to move")?;
    let to_move = match side.trim() {
        "sq" => Player::Square,
        "cr" => Player::Circle,
        other => return Err(format!("bad side {other:?}")),
    };
    let rows: Vec<&str> = rows.split('/').collect();
    if rows.len() != usize::from(ROWS) {
        return Err(format!("{} rows", rows.len()));
    }
    let mut board = Board::EMPTY;
    for (i, row_text) in rows.iter().enumerate() {
        let row = ROWS - 1 - i as u8;
        let mut column = 0u8;
        let mut run = 0u8;
        let flush = |run: &mut u8, column: &mut u8| {
            *column += *run;
            *run = 0;
        };
        for ch in row_text.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as u8;
                continue;
            }
            flush(&mut run, &mut column);
            let owner = if ch.is_ascii_uppercase() { Player::Square } else { Player::Circle };
            let face = match ch.to_ascii_uppercase() {
                'S' => Face::Stone,
                'N' => Face::River(Axis::North),
                'E' => Face::River(Axis::East),
                _ => return Err(format!("bad piece {ch:?}")),
            };
            let cell = Cell::new(column, row).ok_or_else(|| format!("row {row_text:?} too long"))?;
            board.set(cell, Some(Piece { owner, face }));
            column += 1;
        }
        flush(&mut run, &mut column);
        if column != COLUMNS {
            return Err(format!("row {row_text:?} has {column} columns"));
        }
    }
    Ok(Setup { board, to_move })
}

#[test]
fn perft_matches_the_reference_counts() {
    let text = std::fs::read_to_string(PERFT).unwrap_or_else(|e| panic!("{PERFT}: {e}"));
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
