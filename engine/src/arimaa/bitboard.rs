//! A set of squares as one `u64`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::direction::Direction;
use super::square::Square;

/// A set of squares, bit `i` for the square with index `i` (`a1 = 0`, `h8 = 63`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The traps c3, f3, c6, f6.
    pub const TRAPS: Bitboard =
        Bitboard((1 << Square::C3 as u8) | (1 << Square::F3 as u8) | (1 << Square::C6 as u8) | (1 << Square::F6 as u8));

    /// The one-square set.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u8)
    }

    /// Every square of rank `rank` (`0` = rank 1).
    #[inline]
    pub const fn rank(rank: u32) -> Bitboard {
        Bitboard(0xff << (8 * (rank & 7)))
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq as u8 & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has any square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        Square::new(self.0.trailing_zeros())
    }

    /// Adds a square.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u8)
    }

    /// Removes a square.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u8))
    }

    /// Every square moved one step in `dir`; squares that would leave the board are dropped.
    #[inline]
    pub const fn shift(self, dir: Direction) -> Bitboard {
        Bitboard(match dir {
            Direction::North => self.0 << 8,
            Direction::South => self.0 >> 8,
            Direction::East => (self.0 & !FILE_H) << 1,
            Direction::West => (self.0 & !FILE_A) >> 1,
        })
    }

    /// Every square orthogonally adjacent to some square of the set.
    #[inline]
    pub const fn neighbors(self) -> Bitboard {
        Bitboard(self.0 << 8 | self.0 >> 8 | (self.0 & !FILE_H) << 1 | (self.0 & !FILE_A) >> 1)
    }

    /// The squares orthogonally adjacent to `sq`.
    #[inline]
    pub const fn adjacent(sq: Square) -> Bitboard {
        ADJACENT[sq as usize]
    }
}

static ADJACENT: [Bitboard; 64] = {
    let mut t = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = Bitboard(1u64 << i).neighbors();
        i += 1;
    }
    t
};

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_stay_on_the_board() {
        let a = Bitboard::from_square(Square::A4);
        assert_eq!(a.shift(Direction::West), Bitboard::EMPTY);
        assert_eq!(a.shift(Direction::East), Bitboard::from_square(Square::B4));
        let h = Bitboard::from_square(Square::H4);
        assert_eq!(h.shift(Direction::East), Bitboard::EMPTY);
        assert_eq!(Bitboard::from_square(Square::H8).shift(Direction::North), Bitboard::EMPTY);
        assert_eq!(Bitboard::adjacent(Square::A1).count(), 2);
        assert_eq!(Bitboard::adjacent(Square::D4).count(), 4);
        assert_eq!(Bitboard::TRAPS.count(), 4);
        let squares: Vec<Square> = Bitboard::TRAPS.collect();
        assert_eq!(squares, [Square::C3, Square::F3, Square::C6, Square::F6]);
    }
}
