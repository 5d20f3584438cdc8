//! Any arrangement of pieces, validated into a [`Position`].

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::piece::PieceKind;
use super::position::{Phase, Position};
use super::square::Square;

/// Any arrangement of pieces with a side to move, in play. Build one freely, then
/// [`Position::from_setup`] checks that it could occur in a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// Whose turn it is.
    pub side_to_move: Color,
}

/// Why an arrangement cannot be a position of a game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionError {
    /// More pieces of a kind than a side starts with.
    #[error("{color} has {found} {kind}, at most {max} are allowed", kind = .kind.plural())]
    TooMany {
        /// Whose.
        color: Color,
        /// Which kind.
        kind: PieceKind,
        /// How many stand on the board.
        found: u32,
        /// How many a side starts with.
        max: u32,
    },
    /// A piece on a trap with no friend next to it would already have been removed.
    #[error("the piece on the trap {0} has no friend next to it")]
    UnsupportedOnTrap(Square),
}

impl Position {
    /// Checks an arrangement and makes it a position in play.
    ///
    /// # Errors
    /// Too many pieces of a kind, or a piece unsupported on a trap.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let found = setup.board.pieces(color, kind).count();
                if found > kind.initial_count() {
                    return Err(PositionError::TooMany { color, kind, found, max: kind.initial_count() });
                }
            }
        }
        if let Some(sq) = (setup.board.unsupported_on_traps() & Bitboard::TRAPS).first() {
            return Err(PositionError::UnsupportedOnTrap(sq));
        }
        Ok(Position::from_parts(setup.board, setup.side_to_move, Phase::Play))
    }

    /// The arrangement of this position.
    pub fn to_setup(&self) -> Setup {
        Setup { board: *self.board(), side_to_move: self.side_to_move() }
    }
}
