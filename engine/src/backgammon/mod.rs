//! Backgammon, by the usual rules as GNU Backgammon plays them (listed in the repository's
//! `docs/backgammon.md`, "Rules").
//!
//! A [`Position`] is seen from the player on roll, who moves from point 24 towards 1; the bar
//! is 25 and borne-off checkers are on 0. It keeps each side's checker counts packed four bits a
//! point in one 128-bit word (32 bytes in all); the move generator reads bit masks of the points
//! from them once a roll and keeps them step by step, so that legality tests are single mask
//! operations. A roll is a
//! [`Dice`]; a [`Play`] is up to four [`Step`]s. [`MoveGenerator`] finds every legal play of a
//! roll, deduplicated by resulting position, with the dice-usage rules applied.

mod cube;
mod dice;
mod match_state;
mod movegen;
mod outcome;
mod play;
mod point;
mod position;
mod side;
mod step;

pub use cube::{Cube, CubeError, MatchScore};
pub use dice::{Dice, ParseDiceError};
pub use match_state::{GameState, MatchState, MatchStateError, MAX_CUBE, MAX_FIELD};
pub use movegen::{LegalPlays, MoveGenerator};
pub use outcome::WinKind;
pub use play::{Play, PlayError};
pub use point::Point;
pub use position::{Position, PositionError, Setup, StepError, CHECKERS};
pub use side::{BySide, Side};
pub use step::Step;
