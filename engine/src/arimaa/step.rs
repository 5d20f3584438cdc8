//! One step: a piece on a square moves one square in a direction.

use std::fmt;

use super::direction::Direction;
use super::square::Square;

/// A step of whatever piece stands on `from`, one square toward `dir`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Step {
    /// The square the piece leaves.
    pub from: Square,
    /// Where it goes.
    pub dir: Direction,
}

impl Step {
    /// A step from `from` toward `dir`.
    #[inline]
    pub const fn new(from: Square, dir: Direction) -> Step {
        Step { from, dir }
    }

    /// The square the piece reaches, or `None` when it would leave the board.
    #[inline]
    pub const fn to(self) -> Option<Square> {
        self.from.offset(self.dir)
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.dir)
    }
}
