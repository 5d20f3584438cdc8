//! A turn: one action on one of the mover's pieces.

use super::cell::{Axis, Cell};
use super::piece::Face;

/// One action, as the notation records it (`docs/stones-and-rivers.md`, "Rules").
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    /// `FN`, `FE`, `FS`: a Stone turned to a River of an axis, or a River to a Stone.
    Flip {
        /// The piece.
        cell: Cell,
        /// The side it shows after.
        to: Face,
    },
    /// `RN`, `RE`: a River turned to the other axis.
    Rotate {
        /// The piece.
        cell: Cell,
        /// The axis after.
        to: Axis,
    },
    /// `M`: a step to an empty neighbour, or a ride along rivers, ending on `to`.
    Move {
        /// Where the piece starts.
        from: Cell,
        /// Where it ends.
        to: Cell,
    },
    /// `PR`: a River steps onto the neighbour `onto`, pushing the piece there along the
    /// pusher's axis (riding on) to `to`; the pusher becomes a Stone.
    RiverPush {
        /// The pusher's start.
        from: Cell,
        /// The cell it steps onto (where the pushed piece stood).
        onto: Cell,
        /// The pushed piece's end.
        to: Cell,
    },
    /// `PS`: a Stone steps onto the neighbour `onto`, pushing the piece there one cell on to
    /// `to`.
    StonePush {
        /// The pusher's start.
        from: Cell,
        /// The cell it steps onto.
        onto: Cell,
        /// The pushed piece's end.
        to: Cell,
    },
}

impl Turn {
    /// The cell of the piece that acts.
    #[inline]
    pub const fn cell(&self) -> Cell {
        match *self {
            Turn::Flip { cell, .. } | Turn::Rotate { cell, .. } => cell,
            Turn::Move { from, .. } | Turn::RiverPush { from, .. } | Turn::StonePush { from, .. } => from,
        }
    }
}
