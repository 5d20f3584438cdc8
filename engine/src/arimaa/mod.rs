//! Arimaa, exactly the current official rules (listed in the repository's `docs/arimaa.md`,
//! "Rules").
//!
//! Squares are numbered `a1 = 0 .. h8 = 63`; a [`Bitboard`] holds one bit per square. A
//! [`Board`] keeps one bitboard per colour and kind plus an incrementally updated Zobrist hash.
//! A [`Position`] is a board that is legal by construction, with the side to move and the phase
//! (set-up or play). Turns are applied step by step through a [`TurnBuilder`], the state machine
//! that knows pushes, pulls, freezing and traps; [`Position::play`] runs a whole [`Turn`] through
//! it. Whole games, with repetition and the end of the game, live in [`Game`].

mod bitboard;
mod board;
mod color;
mod direction;
mod game;
mod movegen;
mod outcome;
mod piece;
mod placement;
mod position;
mod setup;
mod square;
mod step;
mod turn;
mod turn_builder;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::{ByColor, Color};
pub use direction::Direction;
pub use game::{Game, GameError};
pub use movegen::{LegalTurns, MoveGenerator};
pub use outcome::{Outcome, WinReason};
pub use piece::{Piece, PieceKind};
pub use placement::{Placement, PlacementError};
pub use position::{Phase, PlayError, Position};
pub use setup::{PositionError, Setup};
pub use square::Square;
pub use step::Step;
pub use turn::Turn;
pub use turn_builder::{FinishedTurn, StepError, StepEvent, StepKind, TurnBuilder};
