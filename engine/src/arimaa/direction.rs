//! The four step directions.

use std::fmt;

/// A step direction as Gold sees the board: north is toward rank 8.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    /// Toward rank 8.
    North = 0,
    /// Toward file h.
    East = 1,
    /// Toward rank 1.
    South = 2,
    /// Toward file a.
    West = 3,
}

impl Direction {
    /// North, east, south, west.
    pub const ALL: [Direction; 4] = [Direction::North, Direction::East, Direction::South, Direction::West];

    /// `(file, rank)` change of one step.
    #[inline]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
        }
    }

    /// The letter of long notation: `n`, `e`, `s`, `w`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Direction::North => 'n',
            Direction::East => 'e',
            Direction::South => 's',
            Direction::West => 'w',
        }
    }

    /// Parses the letter of long notation (`n` `e` `s` `w`, lower case).
    #[inline]
    pub const fn from_char(c: u8) -> Option<Direction> {
        match c {
            b'n' => Some(Direction::North),
            b'e' => Some(Direction::East),
            b's' => Some(Direction::South),
            b'w' => Some(Direction::West),
            _ => None,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
