//! Backgammon play text: the standard notation and the spellings of match records.
//!
//! - [`PlayText`] is a play as written, with no board: items like `13/8`, `bar/22*(2)`,
//!   `25/22 22/16`, `6/off`, `3/0`, in any order, or `Cannot Move`.
//! - [`PlayText::resolve`] (or [`resolve`]) finds the legal play of a roll that a text
//!   describes, or says why there is none.
//! - [`PlayText::standard`] (or [`write_play`]) writes a play in the standard notation; the
//!   text depends only on the play's effect on the position.

mod base64;
pub mod match_id;
mod play_text;
pub mod position_id;
mod resolve;
mod write;
pub mod xgid;

pub use match_id::MatchIdError;
pub use play_text::{ItemSyntax, ParsePlayError, PlayItem, PlayText, MAX_ITEM_POINTS};
pub use position_id::PositionIdError;
pub use resolve::{resolve, ResolveError, ResolvedPlay};
pub use write::{write_play, Standard};
pub use xgid::{Xgid, XgidError};
