//! Verified replay of game records and archives, and the `tabula` command.
//!
//! A streaming reader ([`input`]) cuts files into records without holding a whole archive in
//! memory and recognises the format from the content; each record is replayed by its game's
//! verifier (for Arimaa [`arimaa::verify`]) into a [`GameReport`]; [`check`] runs the verifiers
//! in parallel and hands the reports back in input order, one per game, never stopping at a bad
//! one.
#![deny(unused_must_use)]

pub mod arimaa;
pub mod backgammon;
pub mod check;
pub mod diagram;
pub mod game_kind;
pub mod input;
pub mod query;
pub mod report;
pub mod show;
pub mod stones_rivers;

pub use game_kind::{GameKind, UnknownGame};
pub use report::{ErrorInfo, GameReport, GameResult, Verdict};
