//! Move and position text for the tabula engines.
//!
//! Text is first parsed into syntax that knows no board (`from_ascii`, [`FromStr`](std::str::FromStr),
//! [`Display`](std::fmt::Display)); the syntax is then resolved against an engine position
//! into engine moves, or into a typed error. Writers are the inverse of resolution.
//!
//! - [`arimaa`]: long notation (the archive and engine exchange format), move labels and the
//!   position string of the `tabula` command.
//! - [`arimaa::short`]: short notation (`g 5g e^>>v`), whose letters the board resolves.
//! - [`backgammon`]: plays in the standard notation and every spelling in use (`13/8 6/5*`,
//!   `bar/22`, `25/22`, `6/off`, `Cannot Move`), and gnubg's Position ID, Match ID and XGID.
//! - [`stones_rivers`]: Stones and Rivers turns (`Sq - D6, PR, D7, D11`), their resolution
//!   against a position, and the position string.
//!
//! # Example
//!
//! A backgammon play as a match record spells it, resolved against the position and the roll,
//! then written in the standard notation:
//!
//! ```
//! use tabula_engine::backgammon::Dice;
//! use tabula_notation::backgammon::{position_id, write_play, PlayText};
//!
//! let start = position_id::decode("4HPwATDgc/ABMA").expect("gnubg's starting position");
//! let roll = Dice::new(6, 4).expect("two dice");
//! // BackgammonGalaxy writes one item per die, bar as 25 and off as 0.
//! let text: PlayText = "24/18 18/14".parse().expect("a play");
//! let resolved = text.resolve(&start, roll).expect("legal");
//! assert_eq!(write_play(&start, &resolved.play), "24/14");
//! // A play the roll cannot make is refused with the reason.
//! let wrong: PlayText = "24/18 13/11".parse().expect("a play");
//! assert!(wrong.resolve(&start, roll).is_err());
//! ```
#![deny(unused_must_use)]

pub mod arimaa;
pub mod backgammon;
pub mod stones_rivers;

/// The examples of the crate's README (`README.md`), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
