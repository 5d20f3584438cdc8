//! Arimaa text: move labels, long notation and position strings.

mod label;
mod long;
mod position_text;
pub mod short;

pub use label::{LabelStyle, MoveLabel, ParseLabelError};
pub use long::{
    push_played_turn, push_turn, write_placement, write_turn, LongMove, LongToken, ParseLongError, ResolveError,
    ResolveErrorKind, TokenSyntax, TurnWriter,
};
pub use position_text::{parse_position, write_position, ParsePositionError};
pub use short::{ShortMove, ShortRecord, View};
