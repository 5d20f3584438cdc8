//! Stones and Rivers (Trevor Harron): a 13 x 14 board of intersections as 182-bit bitboards.
//!
//! The rules implemented, with every decision taken where the published rules are silent, are
//! listed in the repository's `docs/stones-and-rivers.md`, "Rules".

pub mod bitboard;
pub mod board;
pub mod cell;
mod legality;
mod movegen;
pub mod piece;
pub mod player;
pub mod position;
mod ride;
mod rules;
pub mod setup;
pub mod turn;

pub use bitboard::Bitboard;
pub use board::{forbidden_area, score_area, Board, CIRCLE_SCORE_AREA, SQUARE_SCORE_AREA};
pub use cell::{Axis, Cell, Direction, CELLS, COLUMNS, ROWS};
pub use piece::{Face, Piece};
pub use player::{ByPlayer, Player};
pub use position::{PlayError, Position, PositionError, PIECES_PER_PLAYER};
pub use setup::Setup;
pub use turn::Turn;
