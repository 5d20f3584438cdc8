//! The two players, Square and Circle.

use std::ops::{Index, IndexMut};

/// A player. Square sits at the row-1 edge, Circle at the row-14 edge.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Player {
    /// Square (`Sq`).
    Square = 0,
    /// Circle (`Cr`).
    Circle = 1,
}

impl Player {
    /// Both players, Square first.
    pub const ALL: [Player; 2] = [Player::Square, Player::Circle];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::Square => Player::Circle,
            Player::Circle => Player::Square,
        }
    }

    /// The name, `Square` or `Circle`.
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Player::Square => "Square",
            Player::Circle => "Circle",
        }
    }

    /// 0 for Square, 1 for Circle.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// One value for each player.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByPlayer<T> {
    /// Square's.
    pub square: T,
    /// Circle's.
    pub circle: T,
}

impl<T> ByPlayer<T> {
    /// The values `f` gives each player.
    pub fn new_with(mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer { square: f(Player::Square), circle: f(Player::Circle) }
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: Player) -> &T {
        match p {
            Player::Square => &self.square,
            Player::Circle => &self.circle,
        }
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    #[inline]
    fn index_mut(&mut self, p: Player) -> &mut T {
        match p {
            Player::Square => &mut self.square,
            Player::Circle => &mut self.circle,
        }
    }
}
