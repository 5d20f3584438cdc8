//! Bitboard rule engines for the games tabula replays.
//!
//! Each game lives in its own module and shares nothing but style: the engines know no text
//! format (that is `tabula-notation`'s job) and no record format (`tabula-replay`).
//!
//! - [`arimaa`]: positions, steps, pushes and pulls, traps, turn legality, repetition, the end
//!   of the game and generation of every legal turn.
//! - [`backgammon`]: positions with checker counts and point masks, dice, legal plays with the
//!   dice-usage rules, gnubg Position IDs, Match IDs and XGIDs.
//! - [`stones_rivers`]: Stones and Rivers on 182-bit bitboards.
#![deny(unused_must_use)]

pub mod arimaa;
pub mod backgammon;
pub mod random;
pub mod stones_rivers;
