//! The two sides and a container indexed by side.

use std::fmt;
use std::ops::{Index, IndexMut};

use super::direction::Direction;

/// A side. Gold moves first and sets up on ranks 1-2.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
#[repr(u8)]
pub enum Color {
    /// The first player, upper-case letters.
    #[default]
    Gold = 0,
    /// The second player, lower-case letters.
    Silver = 1,
}

impl Color {
    /// Gold, silver.
    pub const ALL: [Color; 2] = [Color::Gold, Color::Silver];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Gold => Color::Silver,
            Color::Silver => Color::Gold,
        }
    }

    /// `g` or `s`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Color::Gold => 'g',
            Color::Silver => 's',
        }
    }

    /// The direction this side's rabbits may not step in on their own.
    #[inline]
    pub const fn backward(self) -> Direction {
        match self {
            Color::Gold => Direction::South,
            Color::Silver => Direction::North,
        }
    }

    /// The rank (`0..8`) this side's rabbits must reach.
    #[inline]
    pub const fn goal_rank(self) -> u32 {
        match self {
            Color::Gold => 7,
            Color::Silver => 0,
        }
    }

    /// The side's name, `gold` or `silver`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Gold => "gold",
            Color::Silver => "silver",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByColor<T> {
    /// Gold's value.
    pub gold: T,
    /// Silver's value.
    pub silver: T,
}

impl<T> ByColor<T> {
    /// Builds both values from a function of the side.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor { gold: f(Color::Gold), silver: f(Color::Silver) }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Gold => &self.gold,
            Color::Silver => &self.silver,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Gold => &mut self.gold,
            Color::Silver => &mut self.silver,
        }
    }
}
