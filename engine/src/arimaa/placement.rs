//! A set-up move: where one side places its sixteen pieces.

use smallvec::SmallVec;

use super::bitboard::Bitboard;
use super::color::Color;
use super::piece::PieceKind;
use super::square::Square;

/// The pieces of a set-up move, in the order written.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Placement {
    pieces: SmallVec<[(Square, PieceKind); 16]>,
}

/// Why a set-up is not legal.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PlacementError {
    /// A square is named twice.
    #[error("{0} is given twice")]
    SquareTwice(Square),
    /// A piece outside the side's two home ranks.
    #[error("{0} is not on the set-up ranks of the side to move")]
    OutsideHome(Square),
    /// Too many or too few pieces of a kind.
    #[error("a set-up has exactly {expected} {kind}, this one has {found}", kind = if *.expected == 1 { .kind.name() } else { .kind.plural() })]
    WrongCount {
        /// The kind.
        kind: PieceKind,
        /// How many a set-up has.
        expected: u32,
        /// How many were placed.
        found: u32,
    },
    /// A piece placed where a piece of the other side stands (a position string can set the
    /// other side's pieces anywhere).
    #[error("{0} is taken by a piece of the other side")]
    Occupied(Square),
}

impl Placement {
    /// An empty placement.
    pub fn new() -> Placement {
        Placement::default()
    }

    /// Adds a piece.
    pub fn push(&mut self, sq: Square, kind: PieceKind) {
        self.pieces.push((sq, kind));
    }

    /// The pieces, in the order given.
    pub fn pieces(&self) -> &[(Square, PieceKind)] {
        &self.pieces
    }

    /// The two ranks `color` sets up on.
    pub const fn home(color: Color) -> Bitboard {
        match color {
            Color::Gold => Bitboard(0xffff),
            Color::Silver => Bitboard(0xffff << 48),
        }
    }

    /// Checks that this is a legal set-up for `color`.
    ///
    /// # Errors
    /// The first problem found: a square twice, a piece outside the home ranks, a wrong count.
    pub fn validate(&self, color: Color) -> Result<(), PlacementError> {
        let mut seen = Bitboard::EMPTY;
        let mut counts = [0u32; 6];
        for &(sq, kind) in &self.pieces {
            if seen.contains(sq) {
                return Err(PlacementError::SquareTwice(sq));
            }
            if !Placement::home(color).contains(sq) {
                return Err(PlacementError::OutsideHome(sq));
            }
            seen = seen.with(sq);
            counts[kind as usize] += 1;
        }
        for kind in PieceKind::ALL.into_iter().rev() {
            let (expected, found) = (kind.initial_count(), counts[kind as usize]);
            if found != expected {
                return Err(PlacementError::WrongCount { kind, expected, found });
            }
        }
        Ok(())
    }
}

impl FromIterator<(Square, PieceKind)> for Placement {
    fn from_iter<I: IntoIterator<Item = (Square, PieceKind)>>(iter: I) -> Placement {
        Placement { pieces: iter.into_iter().collect() }
    }
}
