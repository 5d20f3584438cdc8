//! The 64 squares of the Arimaa board.

use std::fmt;
use std::str::FromStr;

use super::direction::Direction;

macro_rules! squares {
    ($($sq:ident = $idx:expr),* $(,)?) => {
        /// A square of the board, `A1 = 0`, `B1 = 1`, ... `H8 = 63` (file-major within a rank).
        #[allow(missing_docs)]
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u8)]
        pub enum Square { $($sq = $idx),* }

        impl Square {
            /// All squares in index order.
            pub const ALL: [Square; 64] = [$(Square::$sq),*];
        }

        /// The same table as a static, so that lookups read memory instead of building the array.
        static SQUARES: [Square; 64] = Square::ALL;
    };
}

squares! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square with this index (`0..64`), or `None`.
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(SQUARES[index as usize])
        } else {
            None
        }
    }

    /// The square on file `file` (`0` = a) and rank `rank` (`0` = rank 1), or `None` off the board.
    #[inline]
    pub const fn from_coords(file: u32, rank: u32) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(SQUARES[(rank * 8 + file) as usize])
        } else {
            None
        }
    }

    /// Index `0..64`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// File, `0` (a) to `7` (h).
    #[inline]
    pub const fn file(self) -> u32 {
        self as u32 % 8
    }

    /// Rank, `0` (rank 1) to `7` (rank 8).
    #[inline]
    pub const fn rank(self) -> u32 {
        self as u32 / 8
    }

    /// The neighbouring square in `dir`, or `None` at the edge.
    #[inline]
    pub const fn offset(self, dir: Direction) -> Option<Square> {
        match NEIGHBOR[self as usize][dir as usize] {
            64 => None,
            i => Some(SQUARES[i as usize]),
        }
    }

    /// The direction leading from `self` to the orthogonally adjacent `to`, if they touch.
    pub fn direction_to(self, to: Square) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| self.offset(d) == Some(to))
    }

    /// Whether this square is one of the four traps (c3, f3, c6, f6).
    #[inline]
    pub const fn is_trap(self) -> bool {
        matches!(self, Square::C3 | Square::F3 | Square::C6 | Square::F6)
    }

    /// Parses `a1`..`h8` (lower case only, as in Arimaa notation).
    #[inline]
    pub const fn from_ascii(s: &[u8]) -> Option<Square> {
        if s.len() != 2 {
            return None;
        }
        Square::from_coords(s[0].wrapping_sub(b'a') as u32, s[1].wrapping_sub(b'1') as u32)
    }

    /// The file letter, `a`..`h`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file() as u8) as char
    }

    /// The rank digit, `1`..`8`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank() as u8) as char
    }
}

/// For each square and direction, the index of the neighbouring square, or 64 off the board.
static NEIGHBOR: [[u8; 4]; 64] = {
    let mut t = [[64u8; 4]; 64];
    let mut i = 0;
    while i < 64 {
        let (f, r) = (i % 8, i / 8);
        let dirs = Direction::ALL;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = dirs[d].delta();
            let (nf, nr) = (f as i32 + df, r as i32 + dr);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                t[i][dirs[d] as usize] = (nr * 8 + nf) as u8;
            }
            d += 1;
        }
        i += 1;
    }
    t
};

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// A string that is not a square name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a square: expected a1 to h8")]
pub struct ParseSquareError;

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or(ParseSquareError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_neighbours() {
        assert_eq!(Square::from_ascii(b"a1"), Some(Square::A1));
        assert_eq!(Square::from_ascii(b"h8"), Some(Square::H8));
        assert_eq!(Square::from_ascii(b"i1"), None);
        assert_eq!(Square::from_ascii(b"a9"), None);
        assert_eq!(Square::D4.to_string(), "d4");
        assert_eq!(Square::A1.offset(Direction::West), None);
        assert_eq!(Square::A1.offset(Direction::South), None);
        assert_eq!(Square::H1.offset(Direction::East), None);
        assert_eq!(Square::A8.offset(Direction::North), None);
        assert_eq!(Square::D4.offset(Direction::North), Some(Square::D5));
        assert_eq!(Square::D4.direction_to(Square::C4), Some(Direction::West));
        assert_eq!(Square::D4.direction_to(Square::C5), None);
        for sq in Square::ALL {
            assert_eq!(Square::new(sq as u32), Some(sq));
        }
    }
}
