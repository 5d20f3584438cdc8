//! Any arrangement of pieces, validated into a [`Position`].

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::piece::PieceKind;
use super::position::{Phase, Position};
use super::square::Square;

/// Any arrangement of pieces with a side to move. Build one freely, then
/// [`Position::from_setup`] checks that it could occur in a game and reads its phase.
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
    /// Checks an arrangement and makes it a position, in the phase [`Phase::of`] reads from it:
    /// setting up when the side to move has no piece on the board, else in play.
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
        Ok(Position::from_parts(setup.board, setup.side_to_move, Phase::of(&setup.board, setup.side_to_move)))
    }

    /// The arrangement of this position.
    pub fn to_setup(&self) -> Setup {
        Setup { board: *self.board(), side_to_move: self.side_to_move() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arimaa::{Piece, Placement, PlacementError, PlayError};

    /// The phase `from_setup` reads from the pieces `pieces` with `side` to move.
    fn phase(side: Color, pieces: &[(&str, Color, PieceKind)]) -> Phase {
        let mut board = Board::empty();
        for &(name, color, kind) in pieces {
            board.put(name.parse().unwrap_or_else(|_| panic!("{name}")), Piece { color, kind });
        }
        Position::from_setup(Setup { board, side_to_move: side }).map_or_else(|e| panic!("{e}"), |p| p.phase())
    }

    #[test]
    fn a_side_with_no_piece_sets_up_as_a_game_reaches_it() {
        let (gold, silver) = (Color::Gold, Color::Silver);
        assert_eq!(phase(gold, &[]), Phase::Setup, "the empty board: Gold sets up");
        let golds = [("a1", gold, PieceKind::Rabbit), ("d2", gold, PieceKind::Elephant)];
        assert_eq!(phase(silver, &golds), Phase::Setup, "Silver beside Gold's pieces sets up");
        assert_eq!(phase(gold, &golds), Phase::Play);
        let both = [golds[0], golds[1], ("h8", silver, PieceKind::Rabbit)];
        assert_eq!(phase(silver, &both), Phase::Play);
        assert_eq!(phase(gold, &both[2..]), Phase::Setup, "no Gold piece: Gold sets up");
        assert_eq!(Position::from_setup(Position::new().to_setup()), Ok(Position::new()));
    }

    #[test]
    fn a_set_up_is_not_placed_over_a_piece() {
        let kinds = [PieceKind::Elephant, PieceKind::Camel]
            .into_iter()
            .chain([PieceKind::Horse, PieceKind::Dog, PieceKind::Cat].into_iter().flat_map(|k| [k, k]))
            .chain([PieceKind::Rabbit; 8]);
        let squares = (0..8).flat_map(|file| [(file, 7), (file, 6)]);
        let placement: Placement =
            squares.zip(kinds).map(|((f, r), k)| (Square::from_coords(f, r).unwrap(), k)).collect();
        assert_eq!(placement.validate(Color::Silver), Ok(()));
        let mut board = Board::empty();
        board.put("h8".parse().unwrap(), Piece { color: Color::Gold, kind: PieceKind::Rabbit });
        let p = Position::from_setup(Setup { board, side_to_move: Color::Silver }).unwrap();
        let square = "h8".parse().unwrap();
        assert_eq!(p.place(&placement), Err(PlayError::Placement(PlacementError::Occupied(square))));
        let free = Position::from_setup(Setup { board: Board::empty(), side_to_move: Color::Silver }).unwrap();
        assert_eq!(free.phase(), Phase::Setup);
        let next = free.place(&placement);
        assert!(next.is_ok_and(|q| q.phase() == Phase::Setup && q.side_to_move() == Color::Gold), "Gold sets up next");
    }
}
