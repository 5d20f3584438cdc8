//! A set of intersections: a `bitvec` [`BitArray`] of 182 bits (bit `i` for the cell with index
//! `i`) over `usize` words: three 64-bit words natively, six 32-bit words on WebAssembly
//! (`wasm32`, the analysis page's module). The code is the same on every target; only the number
//! of words ([`WORDS`]) differs. (`bitvec` stores no `u64` on 32-bit targets; `usize` is the
//! widest word it stores on both, and natively the same three words as before.)
//!
//! `bitvec` holds the bits and gives the written forms and bit access (`bitboard.0[i]`). What
//! the generator and the replay repeat (shifts by a direction, and/or/and-not, counting, the
//! first and last cell, iterating the cells, a row's bits, equality and hashing) works a whole
//! `u64` at a time on three lanes ([`Lanes`]): natively a lane is a word; on `wasm32`, which has
//! 64-bit integers although `bitvec` does not store them there, a lane joins two words.
//! `bitvec`'s generic operations go bit by bit (its `&=` takes an iterator of bits, its hash
//! hashes each bit), and membership through its indexing cost 45% in move generation (see
//! [`Bitboard::contains`]). On six 32-bit words written as loops over the words, the analysis
//! page's module grew by 36 KB (built for size, the loops stay loops with the words on the
//! stack); on the lanes, written out lane by lane, by 2 KB.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

use bitvec::array::BitArray;
use bitvec::order::Lsb0;

use super::cell::{Cell, Direction, CELLS, COLUMNS};

/// A storage word: `usize`, 64 bits natively and 32 on `wasm32`.
pub type Word = usize;

/// Bits in a [`Word`].
const WORD_BITS: usize = Word::BITS as usize;

/// What the hot operations compute on: three `u64` lanes, bit `i` of lane `k` the cell with
/// index `64 k + i`.
pub type Lanes = [u64; LANES];

/// Lanes in a [`Bitboard`].
const LANES: usize = CELLS.div_ceil(64);

/// Words in a lane: 1 natively, 2 on `wasm32`.
const WORDS_PER_LANE: usize = 64 / WORD_BITS;

/// Words in a [`Bitboard`]: 3 natively, 6 on `wasm32`.
pub const WORDS: usize = bitvec::mem::elts::<Word>(CELLS);

const _: () = assert!(WORDS == LANES * WORDS_PER_LANE);

/// The words of a [`Bitboard`]: bit `i` of word `k` is the cell with index `k * Word::BITS + i`.
pub type Words = [Word; WORDS];

/// The bits of a [`Bitboard`]: bit `i` for the cell with index `i`.
pub type Bits = BitArray<Words, Lsb0>;

/// A set of intersections, bit `i` for the cell with index `i` (`A1` = 0, `M14` = 181). Bits
/// past 182 are always clear.
#[derive(Copy, Clone)]
pub struct Bitboard(pub Bits);

/// Bits 0..182.
const BOARD: Lanes = [!0, !0, (1 << (CELLS - 128)) - 1];

/// The one-cell sets by cell index, for every byte value (past `M14` empty), so that a lookup by
/// a cell needs no bounds check.
const SINGLE: [Bitboard; 256] = {
    let mut table = [Bitboard::EMPTY; 256];
    let mut i = 0;
    while i < CELLS {
        let mut lanes = [0; LANES];
        lanes[i / 64] = 1 << (i % 64);
        table[i] = Bitboard::from_lanes(lanes);
        i += 1;
    }
    table
};

/// Where a cell's bit lies: its word and the bit in it. Changing one cell of a board through its
/// slot touches one word, where a one-cell [`Bitboard`] would touch them all.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Slot {
    word: usize,
    bit: Word,
}

impl Slot {
    /// The slot of `cell`.
    #[inline]
    pub(crate) const fn of(cell: Cell) -> Slot {
        let i = cell.index();
        // Cells are below 182: the word is at most the last (said so that no bounds check remains).
        let word = if i / WORD_BITS >= WORDS { WORDS - 1 } else { i / WORD_BITS };
        Slot { word, bit: 1 << (i % WORD_BITS) }
    }
}

/// Every cell of column `column`, as lanes.
const fn column_lanes(column: u8) -> Lanes {
    let mut w = [0; LANES];
    let mut i = column as usize;
    while i < CELLS {
        w[i / 64] |= 1 << (i % 64);
        i += COLUMNS as usize;
    }
    w
}

/// Lane `k` of `words`: its low word, or'd with its high word moved up by 32 bits (natively
/// both are the one word, and the high one moves by 0).
#[inline(always)]
const fn lane(words: &Words, k: usize) -> u64 {
    let (low, high) = (k * WORDS_PER_LANE, k * WORDS_PER_LANE + WORDS_PER_LANE - 1);
    (words[low] as u64) | ((words[high] as u64) << ((WORDS_PER_LANE - 1) * WORD_BITS))
}

/// Writes lane `k` into `words` (the inverse of [`lane`]).
#[inline(always)]
const fn put_lane(words: &mut Words, k: usize, lane: u64) {
    let (low, high) = (k * WORDS_PER_LANE, k * WORDS_PER_LANE + WORDS_PER_LANE - 1);
    words[low] = lane as Word;
    words[high] = (lane >> ((WORDS_PER_LANE - 1) * WORD_BITS)) as Word;
}

/// Lane by lane `|$x, $y| $e` on two [`Lanes`] arrays, as a [`Bitboard`], in a `const fn`.
macro_rules! lane_wise {
    ($a:expr, $b:expr, |$x:ident, $y:ident| $e:expr) => {{
        let (a, b): (Lanes, Lanes) = ($a, $b);
        let out = [
            {
                let ($x, $y) = (a[0], b[0]);
                $e
            },
            {
                let ($x, $y) = (a[1], b[1]);
                $e
            },
            {
                let ($x, $y) = (a[2], b[2]);
                $e
            },
        ];
        Bitboard::from_lanes(out)
    }};
}

impl Bitboard {
    /// No cell.
    pub const EMPTY: Bitboard = Bitboard::from_words([0; WORDS]);
    /// Every cell.
    pub const FULL: Bitboard = Bitboard::from_lanes(BOARD);
    /// Column `A` (the east edge).
    pub const COLUMN_A: Bitboard = Bitboard::from_lanes(column_lanes(0));
    /// Column `M` (the west edge).
    pub const COLUMN_M: Bitboard = Bitboard::from_lanes(column_lanes(COLUMNS - 1));

    /// The set of the bits of `words` (bit `i` of word `k` is the cell with index
    /// `k * Word::BITS + i`); bits past `M14` must be clear.
    #[inline]
    pub const fn from_words(words: Words) -> Bitboard {
        Bitboard(BitArray { _ord: std::marker::PhantomData, data: words })
    }

    /// The words.
    #[inline]
    pub const fn words(self) -> Words {
        self.0.data
    }

    /// The set of the bits of `lanes` (bit `i` of lane `k` is the cell with index `64 k + i`);
    /// bits past `M14` must be clear.
    #[inline(always)]
    pub const fn from_lanes(lanes: Lanes) -> Bitboard {
        // Written out lane by lane: a loop over the words stays a loop where the module is
        // built for size, with the words on the stack.
        let mut words = [0; WORDS];
        put_lane(&mut words, 0, lanes[0]);
        put_lane(&mut words, 1, lanes[1]);
        put_lane(&mut words, 2, lanes[2]);
        Bitboard::from_words(words)
    }

    /// The bits as three `u64` lanes.
    #[inline(always)]
    pub const fn lanes(self) -> Lanes {
        let words = self.words();
        [lane(&words, 0), lane(&words, 1), lane(&words, 2)]
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
        // A mask on every word rather than a choice of word: no branch on where the cell is.
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
        let mask = [(keep as u64).wrapping_neg(); LANES];
        lane_wise!(self.lanes(), mask, |w, m| w & m)
    }

    /// Whether the cell of `slot` is in the set.
    #[inline]
    pub(crate) const fn has(&self, slot: Slot) -> bool {
        self.0.data[slot.word] & slot.bit != 0
    }

    /// Adds the cell of `slot` if `on`, else removes it.
    #[inline]
    pub(crate) fn put(&mut self, slot: Slot, on: bool) {
        let w = &mut self.0.data[slot.word];
        *w = (*w & !slot.bit) | (slot.bit & (on as Word).wrapping_neg());
    }

    /// Toggles the cell of `slot` if `on`.
    #[inline]
    pub(crate) fn toggle(&mut self, slot: Slot, on: bool) {
        self.0.data[slot.word] ^= slot.bit & (on as Word).wrapping_neg();
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        let [a, b, c] = self.lanes();
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
        self.lanes().iter().map(|w| w.count_ones()).sum()
    }

    /// Every bit moved up by `n` (0 < n < 64), bits past 182 dropped.
    #[inline]
    const fn shl(self, n: u32) -> Bitboard {
        let [a, b, c] = self.lanes();
        Bitboard::from_lanes([a << n, (b << n) | (a >> (64 - n)), ((c << n) | (b >> (64 - n))) & BOARD[2]])
    }

    /// Every bit moved down by `n` (0 < n < 64).
    #[inline]
    const fn shr(self, n: u32) -> Bitboard {
        let [a, b, c] = self.lanes();
        Bitboard::from_lanes([(a >> n) | (b << (64 - n)), (b >> n) | (c << (64 - n)), c >> n])
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
        lane_wise!(self.lanes(), other.lanes(), |a, b| a & !b)
    }

    /// The cells of both.
    #[inline]
    pub const fn and(self, other: Bitboard) -> Bitboard {
        lane_wise!(self.lanes(), other.lanes(), |a, b| a & b)
    }

    /// The cells of either.
    #[inline]
    pub const fn or(self, other: Bitboard) -> Bitboard {
        lane_wise!(self.lanes(), other.lanes(), |a, b| a | b)
    }

    /// The lowest cell, if any.
    #[inline]
    pub fn first(self) -> Option<Cell> {
        let (k, w) = self.lanes().into_iter().enumerate().find(|(_, w)| *w != 0)?;
        Cell::from_index(k * 64 + w.trailing_zeros() as usize)
    }

    /// The highest cell, if any.
    #[inline]
    pub fn last(self) -> Option<Cell> {
        let (k, w) = self.lanes().into_iter().enumerate().rev().find(|(_, w)| *w != 0)?;
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
        let lanes = self.lanes();
        let (lane, bit) = (start / 64, start % 64);
        let low = lanes[lane] >> bit;
        let high = match (bit + usize::from(COLUMNS) > 64, lanes.get(lane + 1)) {
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
        lane_wise!(self.lanes(), o.lanes(), |a, b| a ^ b)
    }
}

impl PartialEq for Bitboard {
    #[inline]
    fn eq(&self, other: &Bitboard) -> bool {
        self.lanes() == other.lanes()
    }
}

impl Eq for Bitboard {}

impl Hash for Bitboard {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.lanes().hash(state);
    }
}

impl Default for Bitboard {
    fn default() -> Bitboard {
        Bitboard::EMPTY
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
        for row in self.0[..CELLS].chunks(usize::from(COLUMNS)).rev() {
            for bit in row {
                f.write_str(if *bit { "x" } else { "." })?;
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
