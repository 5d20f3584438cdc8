//! Move and position text for the tabula engines.
//!
//! Text is first parsed into syntax that knows no board (`from_ascii`, [`FromStr`](std::str::FromStr),
//! [`Display`](std::fmt::Display)); the syntax is then resolved against an engine position
//! into engine moves, or into a typed error. Writers are the inverse of resolution.
//!
//! - [`arimaa`]: long notation (the archive and engine exchange format), move labels and the
//!   position string of the `tabula` command.
#![deny(unused_must_use)]

pub mod arimaa;
pub mod backgammon;
