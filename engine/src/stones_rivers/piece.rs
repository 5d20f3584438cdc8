//! Pieces: two-sided, a Stone or a River with its axis.

use super::cell::Axis;
use super::player::Player;

/// The side of a piece that is up.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Face {
    /// The blank side.
    Stone,
    /// The river side, flowing along this axis.
    River(Axis),
}

/// A piece on the board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub owner: Player,
    /// Which side is up.
    pub face: Face,
}
