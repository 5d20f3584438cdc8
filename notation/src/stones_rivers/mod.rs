//! Stones and Rivers text: turns (`Sq - D6, PR, D7, D11`) and position strings.
//!
//! - [`TurnText`] is a turn as written, with no board: `Sq - D5, FN`, `Cr - E9, RE`,
//!   `Sq - D6, M, D7`, `Sq - D6, PR, D7, D11`, `Sq - D6, PS, D7, D8`; read case-insensitively
//!   with any spacing around `-` and `,`, written in the canonical spelling.
//! - [`TurnText::resolve`] checks a text against a position: the right player, and a legal
//!   turn by the engine's rules.
//! - [`parse_position`] and [`write_position`] read and write the position string of the
//!   `[Position "..."]` tag.

mod position_text;
mod resolve;
mod turn_text;

pub use position_text::{parse_position, push_position, write_position, ParsePositionError, PositionWriter};
pub use resolve::{resolve, ResolveError};
pub use turn_text::{parse_cell, player_code, ActionText, ParseTurnError, TurnSyntax, TurnText};
