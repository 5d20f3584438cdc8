//! The two players of a match.

use std::ops::{Index, IndexMut};

/// A player: [`Side::Zero`] is the first player of a match record (its left column).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// The first (left-column) player.
    Zero,
    /// The second (right-column) player.
    One,
}

impl Side {
    /// Both sides, `Zero` first.
    pub const ALL: [Side; 2] = [Side::Zero, Side::One];

    /// The other player.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Zero => Side::One,
            Side::One => Side::Zero,
        }
    }

    /// `0` or `1`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// One value per side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySide<T> {
    /// The first player's.
    pub zero: T,
    /// The second player's.
    pub one: T,
}

impl<T> BySide<T> {
    /// Both values from a function of the side.
    pub fn new_with(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide { zero: f(Side::Zero), one: f(Side::One) }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::Zero => &self.zero,
            Side::One => &self.one,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Zero => &mut self.zero,
            Side::One => &mut self.one,
        }
    }
}
