//! Points seen from one player: 1 to 24 on the board, 25 the bar, 0 borne off.

use std::fmt;

/// A place a checker can be, numbered from the point of view of its owner: he moves from higher
/// numbers to lower; [`Point::BAR`] is 25 and [`Point::OFF`] (borne off) is 0.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(pub(crate) u8);

impl Point {
    /// Borne off.
    pub const OFF: Point = Point(0);
    /// The bar.
    pub const BAR: Point = Point(25);

    /// The point with this number (`0..=25`), or `None`.
    #[inline]
    pub const fn new(n: u8) -> Option<Point> {
        if n <= 25 {
            Some(Point(n))
        } else {
            None
        }
    }

    /// The point of bit `n` of a point mask (`n` is taken modulo 32 and capped at 25).
    #[inline]
    pub(crate) const fn from_bit(n: u32) -> Point {
        let n = n % 32;
        Point(if n > 25 { 25 } else { n as u8 })
    }

    /// The number `0..=25`.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The number as an index `0..26`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is a point of the board (1 to 24).
    #[inline]
    pub const fn on_board(self) -> bool {
        self.0 >= 1 && self.0 <= 24
    }

    /// The same board point seen from the opponent (`25 - n`); the bar and off have no
    /// counterpart and are returned unchanged.
    #[inline]
    pub const fn mirrored(self) -> Point {
        if self.on_board() {
            Point(25 - self.0)
        } else {
            self
        }
    }
}

impl fmt::Display for Point {
    /// `bar`, `off`, or the number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("off"),
            25 => f.write_str("bar"),
            n => write!(f, "{n}"),
        }
    }
}
