//! The position string (`docs/stones-and-rivers.md`, "Notation"), for puzzles and for
//! `[Position "..."]` tags:
//! `13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 sq`.
//!
//! The 14 rows from row 14 down to row 1, separated by `/`; within a row the columns `A` to `M`;
//! a digit run `1`..`13` for empty intersections; `S` stone, `N` North river, `E` East river,
//! upper case for Square's pieces, lower case for Circle's; then a space and the side to move,
//! `sq` or `cr`.
//!
//! Reading is strict, so that a position has one spelling: exactly 14 rows of exactly 13
//! intersections, no run of `0` or with a leading zero (two runs cannot stand side by side, as
//! they would read as one number), the side in lower case. Only spacing around the whole string
//! and between the board and the side is free.

use tabula_engine::stones_rivers::Board;
use tabula_engine::stones_rivers::{Axis, Cell, Face, Piece, Player, Setup, COLUMNS, ROWS};

/// The most bytes of the side kept in an error.
const MAX_SHOWN: usize = 40;

/// Why a position string cannot be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParsePositionError {
    /// Nothing after the board.
    #[error("the board must be followed by a space and the side to move, sq or cr")]
    MissingSide,
    /// The side to move is not `sq` or `cr`.
    #[error("`{0}` is not the side to move: expected sq or cr")]
    Side(String),
    /// Not 14 rows.
    #[error("expected 14 rows separated by `/` (row 14 first), found {0}")]
    Rows(usize),
    /// A row that does not cover the 13 intersections `A` to `M` exactly.
    #[error("row {row} covers {cells} intersections: expected 13 (columns A to M)")]
    RowLength {
        /// The row's number on the board (14 for the first written).
        row: u8,
        /// How many intersections its letters and runs cover.
        cells: usize,
    },
    /// A character that is not a piece letter or a digit.
    #[error("row {row}: `{found}` is not a piece letter (S, N, E for Square; s, n, e for Circle) or a digit")]
    Char {
        /// The row's number on the board.
        row: u8,
        /// The character.
        found: char,
    },
    /// A run of empty intersections written `0` or with a leading zero.
    #[error("row {row}: a run of empty intersections is written 1 to 13, without leading zero")]
    Run {
        /// The row's number on the board.
        row: u8,
    },
}

/// The piece of a letter.
fn char_piece(c: u8) -> Option<Piece> {
    let owner = if c.is_ascii_uppercase() { Player::Square } else { Player::Circle };
    let face = match c.to_ascii_uppercase() {
        b'S' => Face::Stone,
        b'N' => Face::River(Axis::North),
        b'E' => Face::River(Axis::East),
        _ => return None,
    };
    Some(Piece { owner, face })
}

/// Reads one row (`row`: 0 = row 1) into `board`.
fn parse_row(text: &[u8], row: u8, board: &mut Board) -> Result<(), ParsePositionError> {
    let number = row + 1;
    let mut column: usize = 0;
    let mut i = 0;
    while let Some(&c) = text.get(i) {
        if c.is_ascii_digit() {
            let start = i;
            while text.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            let run = &text[start..i];
            if run[0] == b'0' {
                return Err(ParsePositionError::Run { row: number });
            }
            // Saturating: a long run only has to be too long.
            let n = run.iter().fold(0usize, |n, d| n.saturating_mul(10).saturating_add(usize::from(d - b'0')));
            column = column.saturating_add(n);
            continue;
        }
        let Some(piece) = char_piece(c) else {
            let found = std::str::from_utf8(&text[i..])
                .ok()
                .and_then(|s| s.chars().next())
                .unwrap_or(char::REPLACEMENT_CHARACTER);
            return Err(ParsePositionError::Char { row: number, found });
        };
        if let Some(cell) = u8::try_from(column).ok().and_then(|col| Cell::new(col, row)) {
            board.set(cell, Some(piece));
        }
        column = column.saturating_add(1);
        i += 1;
    }
    if column != usize::from(COLUMNS) {
        return Err(ParsePositionError::RowLength { row: number, cells: column });
    }
    Ok(())
}

/// Parses a position string: the board (14 rows from row 14 down, `/` between them), a space,
/// and the side to move.
///
/// # Errors
/// The text is not a position string; the error names the row (by its number on the board)
/// and what is wrong. The arrangement itself is not checked:
/// [`Position::from_setup`](tabula_engine::stones_rivers::Position::from_setup) does that.
pub fn parse_position(text: &str) -> Result<Setup, ParsePositionError> {
    let text = text.trim_ascii();
    let (board_text, side) = match text.find(|c: char| c.is_ascii_whitespace()) {
        Some(i) => (&text[..i], text[i..].trim_ascii()),
        None => (text, ""),
    };
    let rows: Vec<&str> = board_text.split('/').collect();
    if rows.len() != usize::from(ROWS) {
        return Err(ParsePositionError::Rows(rows.len()));
    }
    let mut board = Board::EMPTY;
    for (i, row_text) in rows.iter().enumerate() {
        // The first row written is row 14.
        let row = ROWS - 1 - i as u8;
        parse_row(row_text.as_bytes(), row, &mut board)?;
    }
    let to_move = match side {
        "sq" => Player::Square,
        "cr" => Player::Circle,
        "" => return Err(ParsePositionError::MissingSide),
        _ => {
            let mut end = side.len().min(MAX_SHOWN);
            while !side.is_char_boundary(end) {
                end -= 1;
            }
            return Err(ParsePositionError::Side(side[..end].to_string()));
        }
    };
    Ok(Setup { board, to_move })
}

/// Writes the position string of `setup`; [`parse_position`] reads it back unchanged.
pub fn write_position(setup: &Setup) -> String {
    let mut out = String::with_capacity(MAX_POSITION_LEN);
    push_position(setup, &mut out);
    out
}

/// The longest position string: 13 characters a row, 13 slashes, a space and the side.
const MAX_POSITION_LEN: usize = 14 * 13 + 13 + 3;

/// Appends [`write_position`]'s string of `setup` to `out`.
pub fn push_position(setup: &Setup, out: &mut String) {
    let board = &setup.board;
    let (square, circle) = (board.by_player.square.lanes(), board.by_player.circle.lanes());
    let (north, east) = (board.north.lanes(), board.east.lanes());
    // The text is written into a fixed buffer, no growth checked at each character.
    let mut buf = [0u8; MAX_POSITION_LEN + 16];
    let mut n = 0;
    for row in (0..usize::from(ROWS)).rev() {
        let masks = [row_bits(&square, row), row_bits(&circle, row), row_bits(&north, row), row_bits(&east, row)];
        // Each row written in place, in a window of 16 bytes of the buffer.
        if let Some(window) = buf.get_mut(n..n + 16).and_then(|w| <&mut [u8; 16]>::try_from(w).ok()) {
            n += write_row(masks, window);
        }
        if row > 0 {
            put(&mut buf, n, b'/');
            n += 1;
        }
    }
    for &b in side_text(setup.to_move).as_bytes() {
        put(&mut buf, n, b);
        n += 1;
    }
    // Every byte written is ASCII.
    out.push_str(std::str::from_utf8(&buf[..n.min(MAX_POSITION_LEN)]).unwrap_or_default());
}

/// The side to move as the string ends with it.
fn side_text(to_move: Player) -> &'static str {
    match to_move {
        Player::Square => " sq",
        Player::Circle => " cr",
    }
}

/// The 13 bits of `row` in a set given as its three 64-bit lanes.
#[inline(always)]
fn row_bits(lanes: &[u64; 3], row: usize) -> u16 {
    let start = row * usize::from(COLUMNS);
    let (lane, bit) = (start / 64, start % 64);
    let low = lanes.get(lane).map_or(0, |w| w >> bit);
    let high = match lanes.get(lane + 1) {
        Some(next) if bit + usize::from(COLUMNS) > 64 => next << (64 - bit),
        _ => 0,
    };
    ((low | high) & ((1 << COLUMNS) - 1)) as u16
}

/// Bit `r` set when row `r` (0 for row 1) of the set `lanes` holds a cell, for the 14 rows at
/// once. The 13-bit fields of the rows (rows 0 to 8 in the first two lanes, 9 to 13 from the
/// 117th bit on) are told nonzero together, each field's low 12 bits added to all ones carrying
/// into its top bit; the top bits, 13 apart, are then gathered by one multiplication each, every
/// product term landing on a bit of its own (13 and 12 have no common factor), so no carry.
#[inline(always)]
fn rows_holding(lanes: &[u64; 3]) -> u32 {
    /// For `n` fields of 13 bits: their low 12 bits, their top bits, and the multiplier that
    /// gathers the top bits.
    const fn fields(n: u32) -> (u128, u128, u128) {
        let (mut low, mut top, mut gather) = (0u128, 0u128, 0u128);
        let mut r = 0;
        while r < n {
            low |= 0xfff << (13 * r);
            top |= 1 << (13 * r + 12);
            gather |= 1 << (12 * r);
            r += 1;
        }
        (low, top, gather)
    }
    const FIRST: (u128, u128, u128) = fields(9);
    const REST: (u128, u128, u128) = fields(5);
    let first = u128::from(lanes[0]) | u128::from(lanes[1]) << 64;
    let rest = u128::from(lanes[1] >> 53) | u128::from(lanes[2]) << 11;
    // Field r's top bit, at 13 r + 12, times the multiplier's bit 12 (n - 1 - r) lands at
    // 12 n + r: rows 0 to 8 from bit 108, rows 9 to 13 from bit 60.
    let nonzero = |x: u128, (low, top, gather): (u128, u128, u128), at: u32, n: u32| {
        let tops = (((x & low) + low) | x) & top;
        (tops.wrapping_mul(gather) >> at) as u32 & ((1 << n) - 1)
    };
    nonzero(first, FIRST, 108, 9) | nonzero(rest, REST, 60, 5) << 9
}

/// One row's text as last written.
#[derive(Clone, Copy, Debug)]
struct RowText {
    /// The row's characters, `len` of them (the bytes past them are left over from writing).
    text: [u8; 16],
    len: u8,
}

impl RowText {
    const UNWRITTEN: RowText = RowText { text: [0; 16], len: 0 };

    /// Writes the row of `masks`.
    fn write(&mut self, masks: [u16; 4]) {
        self.len = write_row(masks, &mut self.text).min(13) as u8;
    }
}

/// Writes `b` at `at` of `buf` (never past its end).
#[inline(always)]
fn put(buf: &mut [u8], at: usize, b: u8) {
    if let Some(slot) = buf.get_mut(at) {
        *slot = b;
    }
}

/// Writes a run of `k` empty cells (0 to 13) at `at` of a row's buffer: nothing for none, one
/// digit under 10, two from 10; the next index. Two bytes are written whatever `k` (those past
/// the run are overwritten next, or lie past the row's text), taken with the run's length from
/// a table, so that no branch depends on it; a row's text never reaches the buffer's end.
#[inline(always)]
fn run(buf: &mut [u8; 16], at: usize, k: u8) -> usize {
    /// Each run's two bytes and its length in bytes.
    const RUNS: [([u8; 2], usize); 16] = {
        let mut runs = [([b'0', b'0'], 0); 16];
        let mut k = 1;
        while k < 16 {
            runs[k] = if k < 10 { ([b'0' + k as u8, b'0'], 1) } else { ([b'1', b'0' + (k - 10) as u8], 2) };
            k += 1;
        }
        runs
    };
    let (bytes, len) = RUNS[usize::from(k & 15)];
    if let Some(slot) = buf.get_mut(at..at + 2) {
        slot.copy_from_slice(&bytes);
    }
    at + len
}

/// A piece's letter, by bit 0 (Circle's), bit 1 (a North river) and bit 2 (an East river); a
/// cell in both river sets reads as a North river.
const LETTERS: [u8; 8] = *b"SsNnEeNn";

/// Writes the row of `masks` (Square's, Circle's, the North rivers' and the East rivers' cells)
/// at the start of `buf`; its length. Only the occupied cells are looked at, the runs between
/// them counted; a piece's letter is read from a table.
#[inline(always)]
fn write_row(masks: [u16; 4], buf: &mut [u8; 16]) -> usize {
    let [sq, cr, no, ea] = masks;
    let mut pieces = (sq | cr) & ((1 << COLUMNS) - 1);
    if pieces == 0 {
        return run(buf, 0, COLUMNS);
    }
    let (mut at, mut column) = (0, 0);
    while pieces != 0 {
        let next = pieces.trailing_zeros() as u8;
        pieces &= pieces - 1;
        at = run(buf, at, next - column);
        let index = (cr >> next) & 1 | ((no >> next) & 1) << 1 | ((ea >> next) & 1) << 2;
        buf[at & 15] = LETTERS[usize::from(index & 7)];
        at += 1;
        column = next + 1;
    }
    run(buf, at, COLUMNS - column)
}

/// The writer of the position strings of many positions one after the other (a game's): each
/// row's text is kept, and written again only when one of its cells changed (a turn changes a
/// few rows, found from the cells that differ from the last position written); the text before
/// the first row that changed stays as it was. Writes what [`write_position`] writes.
#[derive(Clone, Debug)]
pub struct PositionWriter {
    /// The rows, from row 14 down.
    rows: [RowText; ROWS as usize],
    /// The last position's string, `len` bytes of it (the bytes past them are left over).
    text: [u8; MAX_POSITION_LEN + 16],
    len: usize,
    /// The lanes of Square's, Circle's, the North rivers' and the East rivers' cells of the
    /// last position written; `None` before the first.
    last: Option<[[u64; 3]; 4]>,
}

impl Default for PositionWriter {
    fn default() -> PositionWriter {
        PositionWriter::new()
    }
}

impl PositionWriter {
    /// A writer with no row kept yet.
    pub fn new() -> PositionWriter {
        PositionWriter {
            rows: [RowText::UNWRITTEN; ROWS as usize],
            text: [0; MAX_POSITION_LEN + 16],
            len: 0,
            last: None,
        }
    }

    /// Appends [`write_position`]'s string of `setup` to `out`.
    pub fn push(&mut self, setup: &Setup, out: &mut String) {
        out.push_str(self.write(setup));
    }

    /// [`write_position`]'s string of `setup`, kept by the writer until the next position.
    pub fn write(&mut self, setup: &Setup) -> &str {
        // Every byte written is ASCII.
        std::str::from_utf8(self.write_ascii(setup)).unwrap_or_default()
    }

    /// [`write`](Self::write)'s string as its bytes, all ASCII: for a caller that keeps bytes.
    pub fn write_ascii(&mut self, setup: &Setup) -> &[u8] {
        let board = &setup.board;
        let sets =
            [board.by_player.square.lanes(), board.by_player.circle.lanes(), board.north.lanes(), board.east.lanes()];
        let all_rows = (1u32 << ROWS) - 1;
        // Bit `r`: row `r` (0 for row 1) holds a cell that differs from the last position
        // written, told for each row from the lanes' differences, without a branch.
        let changed = match self.last {
            None => all_rows,
            Some(last) => {
                let mut differ = [0u64; 3];
                for (set, was) in sets.iter().zip(&last) {
                    for (d, (now, then)) in differ.iter_mut().zip(set.iter().zip(was)) {
                        *d |= now ^ then;
                    }
                }
                rows_holding(&differ)
            }
        };
        self.last = Some(sets);
        let mut rest = changed;
        while rest != 0 {
            let row = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // The rows are kept from row 14 down.
            if let Some(kept) = self.rows.get_mut(usize::from(ROWS) - 1 - row) {
                kept.write(sets.map(|lanes| row_bits(&lanes, row)));
            }
        }
        // The text is rewritten from the first row (from row 14 down) that changed, each row's
        // bytes copied at once (those past its text overwritten next); the rows before it keep
        // their text and the slash after each. With no row changed, only the side is written.
        let first = if changed == 0 {
            usize::from(ROWS)
        } else {
            usize::from(ROWS) - 1 - (31 - changed.leading_zeros()) as usize
        };
        let mut n: usize = self.rows.iter().take(first).map(|kept| usize::from(kept.len) + 1).sum();
        for kept in self.rows.iter().skip(first) {
            if let Some(slot) = self.text.get_mut(n..n + 16) {
                slot.copy_from_slice(&kept.text);
            }
            n += usize::from(kept.len);
            put(&mut self.text, n, b'/');
            n += 1;
        }
        // The last row is followed by the side, not a slash.
        n = n.saturating_sub(1);
        if let Some(slot) = self.text.get_mut(n..n + 3) {
            slot.copy_from_slice(side_text(setup.to_move).as_bytes());
        }
        self.len = (n + 3).min(MAX_POSITION_LEN);
        self.text.get(..self.len).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INITIAL: &str = "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 sq";

    /// A row written a piece at a time is the row written a cell at a time, for every set of
    /// occupied cells (each piece's kind drawn at random) and for random rows.
    #[test]
    fn rows_are_written_as_cell_by_cell() {
        let by_cell = |[sq, cr, no, ea]: [u16; 4]| {
            let mut out = String::new();
            let mut empty = 0;
            for c in 0..COLUMNS {
                if (sq | cr) >> c & 1 == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                let letter = if no >> c & 1 == 1 {
                    'N'
                } else if ea >> c & 1 == 1 {
                    'E'
                } else {
                    'S'
                };
                out.push(if cr >> c & 1 == 1 { letter.to_ascii_lowercase() } else { letter });
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        };
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut rows = 0;
        for occupied in 0..1u16 << COLUMNS {
            for _ in 0..4 {
                let r = next() as u16 & occupied;
                let (no, ea) = (next() as u16 & occupied, next() as u16 & occupied);
                let (sq, cr) = (occupied & !r, r);
                let mut buf = [0u8; 16];
                let len = write_row([sq, cr, no, ea], &mut buf);
                assert_eq!(std::str::from_utf8(&buf[..len]).unwrap(), by_cell([sq, cr, no, ea]), "{occupied:013b}");
                rows += 1;
            }
        }
        assert_eq!(rows, 4 << COLUMNS);
    }

    /// The rows told at once are those a row-by-row look finds, for sets of one cell, of a
    /// whole row, and at random.
    #[test]
    fn rows_holding_a_cell_are_told_at_once_as_one_by_one() {
        let by_row = |lanes: &[u64; 3]| {
            (0..usize::from(ROWS)).fold(0u32, |rows, row| rows | u32::from(row_bits(lanes, row) != 0) << row)
        };
        let mut sets: Vec<[u64; 3]> = vec![[0; 3], [u64::MAX; 3]];
        for cell in 0..192 {
            let mut lanes = [0u64; 3];
            lanes[cell / 64] |= 1 << (cell % 64);
            sets.push(lanes);
            sets.push(lanes.map(|l| !l));
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut lanes = [0u64; 3];
            for lane in &mut lanes {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Sparse sets, as a turn's differences are, and dense ones.
                *lane = if seed >> 62 == 0 { seed } else { seed & seed >> 17 & seed >> 31 };
            }
            sets.push(lanes);
        }
        // The bits past the 182 cells, set in some, belong to no row.
        for lanes in &sets {
            assert_eq!(rows_holding(lanes), by_row(lanes), "{lanes:x?}");
        }
    }

    /// Along games of turns picked at random among the legal ones (each turn changes a few
    /// rows, found from the cells that differ), the writer writes what `write_position` writes.
    #[test]
    fn the_writer_follows_random_games_as_write_position() {
        use tabula_engine::stones_rivers::Position;
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut positions = 0;
        for first in [Player::Square, Player::Circle] {
            for _ in 0..20 {
                let mut pos = Position::initial(first);
                let mut writer = PositionWriter::new();
                for _ in 0..150 {
                    let mut out = String::new();
                    writer.push(&pos.to_setup(), &mut out);
                    assert_eq!(out, write_position(&pos.to_setup()));
                    positions += 1;
                    let turns = pos.legal_turns();
                    if pos.is_game_over() || turns.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos = pos.play_unchecked(&turns[(seed % turns.len() as u64) as usize]);
                }
            }
        }
        assert!(positions > 2_000, "{positions} positions");
    }

    /// A writer that keeps rows writes what `write_position` writes, position after position.
    #[test]
    fn the_writer_of_many_positions_writes_each_as_write_position() {
        let texts = [
            INITIAL,
            "1E9S1/13/1e11/1S1s2S3e2/3Se2s3S1/9N3/1E3n1S5/4S3s3n/2S7S2/3S2n6/10s2/12s/5s7/e1S2s7 sq",
            "1E9S1/13/1e11/1S1s2S3e2/3Se2s3S1/9E3/1E3n1S5/4S3s3n/2S7S2/3S2n6/10s2/12s/5s7/e1S2s7 cr",
            "1E9S1/13/1e11/1S1s2S3e2/3Se2s3S1/9e3/1E3n1S5/4S3s3n/2S7S2/3S2n6/10s2/13/5s7/e1S2s7 cr",
            INITIAL,
            // The same board, the other side to move: no row changes.
            "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 cr",
            "13/13/13/13/13/13/13/13/13/13/13/13/13/13 sq",
            "13/13/13/13/13/13/13/13/13/13/13/13/13/13 sq",
            "SSSSSSSSSSSSS/13/13/13/13/13/13/13/13/13/13/13/13/nnnnnnnnnnnnn cr",
        ];
        let mut writer = PositionWriter::new();
        for text in texts {
            let setup = parse_position(text).unwrap();
            let mut out = String::from("x");
            writer.push(&setup, &mut out);
            assert_eq!(out, format!("x{text}"));
            assert_eq!(write_position(&setup), text);
        }
    }

    #[test]
    fn initial_position() {
        assert_eq!(parse_position(INITIAL), Ok(Setup::initial(Player::Square)));
        assert_eq!(write_position(&Setup::initial(Player::Square)), INITIAL);
        let cr = INITIAL.replace(" sq", " cr");
        assert_eq!(parse_position(&cr), Ok(Setup::initial(Player::Circle)));
        assert_eq!(write_position(&Setup::initial(Player::Circle)), cr);
    }

    #[test]
    fn pieces_and_columns() {
        let text = "1E9S1/13/1e11/1S1s2S3e2/3Se2s3S1/9N3/1E3n1S5/4S3s3n/2S7S2/3S2n6/10s2/12s/5s7/e1S2s7 sq";
        let setup = parse_position(text).unwrap();
        assert_eq!(write_position(&setup), text);
        let at = |c: u8, r: u8| setup.board.piece_at(Cell::new(c, r - 1).unwrap());
        assert_eq!(at(1, 14), Some(Piece { owner: Player::Square, face: Face::River(Axis::East) }));
        assert_eq!(at(11, 14), Some(Piece { owner: Player::Square, face: Face::Stone }));
        assert_eq!(at(0, 1), Some(Piece { owner: Player::Circle, face: Face::River(Axis::East) }));
        assert_eq!(at(12, 3), Some(Piece { owner: Player::Circle, face: Face::Stone }));
        assert_eq!(at(0, 14), None);
    }

    #[test]
    fn strict() {
        use ParsePositionError as E;
        let rows = |r: &[&str], side: &str| format!("{} {side}", r.join("/"));
        let mut good = vec!["13"; 14];
        assert_eq!(parse_position(&rows(&good, "sq")).map(|s| s.board), Ok(Board::EMPTY));
        assert_eq!(parse_position(&format!("  {}  \t cr \n", rows(&good, ""))).map(|s| s.to_move), Ok(Player::Circle));
        assert_eq!(parse_position(&rows(&good, "")), Err(E::MissingSide));
        assert_eq!(parse_position(&rows(&good, "Sq")), Err(E::Side("Sq".into())));
        assert_eq!(parse_position(&rows(&good, "sq x")), Err(E::Side("sq x".into())));
        assert_eq!(parse_position(&rows(&good[1..], "sq")), Err(E::Rows(13)));
        assert_eq!(parse_position(&rows(&[&good[..], &["13"]].concat(), "sq")), Err(E::Rows(15)));
        assert_eq!(parse_position(""), Err(E::Rows(1)));
        good[0] = "14";
        assert_eq!(parse_position(&rows(&good, "sq")), Err(E::RowLength { row: 14, cells: 14 }));
        good[0] = "12";
        assert_eq!(parse_position(&rows(&good, "sq")), Err(E::RowLength { row: 14, cells: 12 }));
        good[0] = "13";
        good[13] = "S13";
        assert_eq!(parse_position(&rows(&good, "sq")), Err(E::RowLength { row: 1, cells: 14 }));
        good[13] = "99999999999999999999999999";
        assert!(matches!(parse_position(&rows(&good, "sq")), Err(E::RowLength { row: 1, .. })));
        good[13] = "6X6";
        assert_eq!(parse_position(&rows(&good, "sq")), Err(E::Char { row: 1, found: 'X' }));
        good[13] = "6\u{e9}6";
        assert_eq!(parse_position(&rows(&good, "sq")), Err(E::Char { row: 1, found: '\u{e9}' }));
        good[13] = "06S6";
        assert_eq!(parse_position(&rows(&good, "sq")), Err(E::Run { row: 1 }));
        good[13] = "6S0S6";
        assert_eq!(parse_position(&rows(&good, "sq")), Err(E::Run { row: 1 }));
        good[13] = "";
        assert_eq!(parse_position(&rows(&good, "sq")), Err(E::RowLength { row: 1, cells: 0 }));
    }
}
