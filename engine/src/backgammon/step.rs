//! One checker moved by one die.

use std::fmt;

use super::point::Point;

/// A checker moving from `from` to `to` (the player's own numbering), hitting a blot on `to` if
/// `hit`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Step {
    /// Where the checker starts (25 = the bar).
    pub from: Point,
    /// Where it lands (0 = borne off).
    pub to: Point,
    /// Whether it hits an opposing blot on `to`.
    pub hit: bool,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}{}", self.from, self.to, if self.hit { "*" } else { "" })
    }
}
