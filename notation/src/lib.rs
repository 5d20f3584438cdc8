//! Move and position text for the tabula engines.
//!
//! Text is first parsed into syntax that knows no board (`from_ascii`, [`FromStr`](std::str::FromStr),
//! [`Display`](std::fmt::Display)); the syntax is then resolved against an engine position
//! into engine moves, or into a typed error. Writers are the inverse of resolution.
//!
//! - [`arimaa`]: long notation (the archive and engine exchange format), move labels and the
//!   position string of the `tabula` command.
//! - [`stones_rivers`]: Stones and Rivers turns (`Sq - D6, PR, D7, D11`), their resolution
//!   against a position, and the position string.
#![deny(unused_must_use)]

pub mod arimaa;
pub mod backgammon;
pub mod stones_rivers;
