//! Bitboard rule engines for the games tabula replays.
//!
//! Each game lives in its own module and shares nothing but style: the engines know no text
//! format (that is `tabula-notation`'s job) and no record format (`tabula-replay`).
//!
//! - [`arimaa`]: positions, steps, pushes and pulls, traps, turn legality, repetition, the end
//!   of the game and generation of every legal turn.
//! - [`backgammon`]: positions of packed checker counts (four bits a point), dice, legal plays and the
//!   dice-usage rules, the cube and match scores (gnubg's ID formats are `tabula-notation`'s).
//! - [`stones_rivers`]: Stones and Rivers on 182-bit bitboards.
//!
//! # Example
//!
//! The legal plays of an opening 3-1 in backgammon, and one of them judged by the dice rule:
//!
//! ```
//! use tabula_engine::backgammon::{Dice, MoveGenerator, Play, PlayError, Point, Position};
//!
//! let start = Position::start();
//! let roll = Dice::new(3, 1).expect("two dice");
//! let mut generator = MoveGenerator::new();
//! // One play per distinct resulting position, as GNU Backgammon counts them.
//! assert_eq!(generator.legal_plays(&start, roll).len(), 16);
//!
//! // 8/5 6/5: each step is made with a die of the roll.
//! let eight = Point::new(8).expect("a point");
//! let six = Point::new(6).expect("a point");
//! let mut after = start;
//! let first = start.step(eight, 3).expect("8/5 is open");
//! after.apply(first);
//! let second = after.step(six, 1).expect("6/5 is open");
//! let play = Play::from_steps(&[first, second]).expect("two steps");
//! assert!(start.play(&play, roll).is_ok());
//!
//! // The same checker moved by the 3 alone leaves the 1 unplayed.
//! let short = Play::from_steps(&[first]).expect("one step");
//! assert_eq!(start.play(&short, roll), Err(PlayError::TooFewDice { used: 1, possible: 2 }));
//! ```
#![deny(unused_must_use)]

pub mod arimaa;
pub mod backgammon;
pub mod random;
pub mod stones_rivers;

/// The examples of the crate's README (`README.md`), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
