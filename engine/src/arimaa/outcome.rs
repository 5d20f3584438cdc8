//! The end of a game decided on the board.

use std::fmt;

use super::color::Color;

/// How a game is won on the board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// A rabbit reached its goal rank.
    Goal,
    /// The loser has no rabbits left.
    Elimination,
    /// The loser has no legal turn.
    Immobilization,
}

impl WinReason {
    /// `goal`, `elimination`, `immobilization`.
    pub const fn name(self) -> &'static str {
        match self {
            WinReason::Goal => "goal",
            WinReason::Elimination => "elimination",
            WinReason::Immobilization => "immobilization",
        }
    }
}

/// A decided game: who won and why.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The winner.
    pub winner: Color,
    /// Why.
    pub reason: WinReason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} wins by {}", self.winner, self.reason.name())
    }
}
