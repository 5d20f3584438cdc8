//! Any arrangement of pieces with a side to move, before validation.

use super::board::Board;
use super::player::Player;

/// A board and the player to move; [`Position::from_setup`](super::Position::from_setup)
/// checks it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// Who makes the next turn.
    pub to_move: Player,
}

impl Setup {
    /// The initial position with `first` to move.
    pub fn initial(first: Player) -> Setup {
        Setup { board: Board::initial(), to_move: first }
    }
}
