//! A set of intersections as a 192-bit array (182 bits used) of three `u64` words.
//!
//! The words are plain `u64`s, on every target: `bitvec`'s `BitArray<[u64; 3]>` (which held them
//! for a while, for counting, the first and last cell, a row's bits and the written forms, with
//! no change in the benches) has no `u64` storage on 32-bit targets, and the engine is built for
//! WebAssembly (`wasm32`) for the analysis page. Membership through `bitvec`'s indexing had cost
//! 45% in move generation (see [`Bitboard::contains`]).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

use super::cell::{Cell, Direction, CELLS, COLUMNS};

/// The bits of a [`Bitboard`]: bit `i` for the cell with index `i`, in three `u64` words.
pub type Bits = [u64; 3];

/// A set of intersections, bit `i` for the cell with index `i` (`A1` = 0, `M14` = 181). Bits
/// 182..192 are always clear.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub Bits);

/// Bits 0..182.
const BOARD: [u64; 3] = [!0, !0, (1 << (CELLS - 128)) - 1];

/// The one-cell sets by cell index, for every byte value (past `M14` empty), so that a lookup by
/// a cell needs no bounds check.
const SINGLE: [Bitboard; 256] = {
    let mut table = [Bitboard::EMPTY; 256];
    let mut i = 0;
    while i < CELLS {
        table[i].0[i / 64] = 1 << (i % 64);
        i += 1;
    }
    table
};

/// Where a cell's bit lies: its word and the bit in it. Changing one cell of a board through its
/// slot touches one word, where a one-cell [`Bitboard`] would touch three.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Slot {
    word: usize,
    bit: u64,
}

impl Slot {
    /// The slot of `cell`.
    #[inline]
    pub(crate) const fn of(cell: Cell) -> Slot {
        let i = cell.index();
        // Cells are below 182: the word is at most 2 (said so that no bounds check remains).
        let word = if i / 64 > 2 { 2 } else { i / 64 };
        Slot { word, bit: 1 << (i % 64) }
    }
}

/// Every cell of column `column`, as words.
const fn column_words(column: u8) -> [u64; 3] {
    let mut w = [0u64; 3];
    let mut i = column as usize;
    while i < CELLS {
        w[i / 64] |= 1 << (i % 64);
        i += COLUMNS as usize;
    }
    w
}

impl Bitboard {
    /// No cell.
    pub const EMPTY: Bitboard = Bitboard::from_words([0; 3]);
    /// Every cell.
    pub const FULL: Bitboard = Bitboard::from_words(BOARD);
    /// Column `A` (the east edge).
    pub const COLUMN_A: Bitboard = Bitboard::from_words(column_words(0));
    /// Column `M` (the west edge).
    pub const COLUMN_M: Bitboard = Bitboard::from_words(column_words(COLUMNS - 1));

    /// The set of the bits of `words` (bit `i` of word `k` is the cell with index `64 k + i`);
    /// bits past `M14` must be clear.
    #[inline]
    pub const fn from_words(words: [u64; 3]) -> Bitboard {
        Bitboard(words)
    }

    /// The three words.
    #[inline]
    pub const fn words(self) -> [u64; 3] {
        self.0
    }

    /// The one-cell set.
    #[inline]
    pub const fn from_cell(cell: Cell) -> Bitboard {
        SINGLE[cell.index() % SINGLE.len()]
    }

    /// The cells of `cells`.
    pub fn from_cells(cells: &[Cell]) -> Bitboard {
        cells.iter().fold(Bitboard::EMPTY, |b, &c| b.with(c))
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        // A mask on all three words rather than a choice of word: no branch on where the cell is.
        // `bitvec`'s indexing (`self.0[cell.index()]`) was measured: all legal turns of the
        // perft.tsv positions 45% slower, replay of parsed turns 10% slower; not kept.
        self.and(Bitboard::from_cell(cell)).any()
    }

    /// The set with `cell` added.
    #[inline]
    pub const fn with(self, cell: Cell) -> Bitboard {
        self.or(Bitboard::from_cell(cell))
    }

    /// The set with `cell` removed.
    #[inline]
    pub const fn without(self, cell: Cell) -> Bitboard {
        self.and_not(Bitboard::from_cell(cell))
    }

    /// The set if `keep`, else the empty set (without a branch).
    #[inline]
    pub const fn when(self, keep: bool) -> Bitboard {
        let mask = (keep as u64).wrapping_neg();
        Bitboard::from_words([self.0[0] & mask, self.0[1] & mask, self.0[2] & mask])
    }

    /// Whether the cell of `slot` is in the set.
    #[inline]
    pub(crate) const fn has(&self, slot: Slot) -> bool {
        self.0[slot.word] & slot.bit != 0
    }

    /// Adds the cell of `slot` if `on`, else removes it.
    #[inline]
    pub(crate) fn put(&mut self, slot: Slot, on: bool) {
        let w = &mut self.0[slot.word];
        *w = (*w & !slot.bit) | (slot.bit & (on as u64).wrapping_neg());
    }

    /// Toggles the cell of `slot` if `on`.
    #[inline]
    pub(crate) fn toggle(&mut self, slot: Slot, on: bool) {
        self.0[slot.word] ^= slot.bit & (on as u64).wrapping_neg();
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        let [a, b, c] = self.0;
        a | b | c == 0
    }

    /// Whether the set has any cell.
    #[inline]
    pub const fn any(self) -> bool {
        !self.is_empty()
    }

    /// Number of cells.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Every bit moved up by `n` (0 < n < 64), bits past 182 dropped.
    #[inline]
    const fn shl(self, n: u32) -> Bitboard {
        let [a, b, c] = self.0;
        Bitboard::from_words([a << n, (b << n) | (a >> (64 - n)), ((c << n) | (b >> (64 - n))) & BOARD[2]])
    }

    /// Every bit moved down by `n` (0 < n < 64).
    #[inline]
    const fn shr(self, n: u32) -> Bitboard {
        let [a, b, c] = self.0;
        Bitboard::from_words([(a >> n) | (b << (64 - n)), (b >> n) | (c << (64 - n)), c >> n])
    }

    /// Each cell's neighbour in `direction` (cells at that edge drop out).
    #[inline]
    pub const fn shift(self, direction: Direction) -> Bitboard {
        match direction {
            Direction::North => self.shl(COLUMNS as u32),
            Direction::South => self.shr(COLUMNS as u32),
            // East is toward column A (index - 1), west toward column M (index + 1).
            Direction::East => self.and_not(Bitboard::COLUMN_A).shr(1),
            Direction::West => self.and_not(Bitboard::COLUMN_M).shl(1),
        }
    }

    /// The cells of `self` not in `other`.
    #[inline]
    pub const fn and_not(self, other: Bitboard) -> Bitboard {
        let ([a, b, c], [x, y, z]) = (self.0, other.0);
        Bitboard::from_words([a & !x, b & !y, c & !z])
    }

    /// The cells of both.
    #[inline]
    pub const fn and(self, other: Bitboard) -> Bitboard {
        let ([a, b, c], [x, y, z]) = (self.0, other.0);
        Bitboard::from_words([a & x, b & y, c & z])
    }

    /// The cells of either.
    #[inline]
    pub const fn or(self, other: Bitboard) -> Bitboard {
        let ([a, b, c], [x, y, z]) = (self.0, other.0);
        Bitboard::from_words([a | x, b | y, c | z])
    }

    /// The lowest cell, if any.
    #[inline]
    pub fn first(self) -> Option<Cell> {
        let (k, w) = self.0.iter().enumerate().find(|(_, w)| **w != 0)?;
        Cell::from_index(k * 64 + w.trailing_zeros() as usize)
    }

    /// The highest cell, if any.
    #[inline]
    pub fn last(self) -> Option<Cell> {
        let (k, w) = self.0.iter().enumerate().rev().find(|(_, w)| **w != 0)?;
        Cell::from_index(k * 64 + 63 - w.leading_zeros() as usize)
    }

    /// The cells of row `row` (0 = row 1) as the low 13 bits, column `A` in bit 0; 0 past
    /// the last row.
    #[inline]
    pub fn row(self, row: u8) -> u16 {
        let start = usize::from(row) * usize::from(COLUMNS);
        if start >= CELLS {
            return 0;
        }
        let (word, bit) = (start / 64, start % 64);
        let low = self.0[word] >> bit;
        let high = match (bit + usize::from(COLUMNS) > 64, self.0.get(word + 1)) {
            (true, Some(next)) => next << (64 - bit),
            _ => 0,
        };
        ((low | high) & ((1 << COLUMNS) - 1)) as u16
    }

    /// The cells, lowest index first.
    #[inline]
    pub fn iter(self) -> Cells {
        Cells(self)
    }
}

/// The cells of a [`Bitboard`], lowest index first.
#[derive(Clone, Debug)]
pub struct Cells(Bitboard);

impl Iterator for Cells {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        let c = self.0.first()?;
        self.0 = self.0.without(c);
        Some(c)
    }
}

impl IntoIterator for Bitboard {
    type Item = Cell;
    type IntoIter = Cells;
    fn into_iter(self) -> Cells {
        self.iter()
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, o: Bitboard) -> Bitboard {
        self.or(o)
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, o: Bitboard) {
        *self = self.or(o);
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, o: Bitboard) -> Bitboard {
        self.and(o)
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, o: Bitboard) {
        *self = self.and(o);
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, o: Bitboard) -> Bitboard {
        let ([a, b, c], [x, y, z]) = (self.0, o.0);
        Bitboard::from_words([a ^ x, b ^ y, c ^ z])
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard::FULL.and_not(self)
    }
}

impl fmt::Debug for Bitboard {
    /// Row 14 at the top, column `A` on the left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..CELLS / usize::from(COLUMNS)).rev() {
            let bits = self.row(row as u8);
            for column in 0..COLUMNS {
                f.write_str(if bits >> column & 1 == 1 { "x" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Display for Bitboard {
    /// The cells' names, lowest index first, separated by spaces (`A1 F8 M14`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(column: u8, row: u8) -> Cell {
        Cell::new(column, row).unwrap_or_else(|| unreachable!())
    }

    #[test]
    fn shifts_follow_the_cells_neighbours() {
        for c in Cell::all() {
            let one = Bitboard::from_cell(c);
            for d in Direction::ALL {
                let expected = c.step(d).map_or(Bitboard::EMPTY, Bitboard::from_cell);
                assert_eq!(one.shift(d), expected, "{c} {d:?}");
            }
        }
        assert_eq!(Bitboard::FULL.count(), 182);
        assert_eq!((!Bitboard::EMPTY).count(), 182);
        assert_eq!(Bitboard::FULL.shift(Direction::North).count(), 169);
        assert_eq!(Bitboard::COLUMN_A.count(), 14);
        let b = Bitboard::from_cells(&[cell(0, 0), cell(12, 13), cell(5, 7)]);
        assert_eq!(b.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["A1", "F8", "M14"]);
        assert_eq!(b.to_string(), "A1 F8 M14");
        assert_eq!((b.row(0), b.row(7), b.row(13), b.row(14)), (1, 1 << 5, 1 << 12, 0));
        assert_eq!((b.first(), b.last()), (Some(cell(0, 0)), Some(cell(12, 13))));
        let rows: Vec<String> =
            format!("{:?}", Bitboard::COLUMN_A.with(cell(1, 13))).lines().map(String::from).collect();
        assert_eq!((rows.len(), rows[0].as_str(), rows[13].as_str()), (14, "xx...........", "x............"));
    }
}
