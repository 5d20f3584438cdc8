//! How a game is won: single game, gammon or backgammon.

use std::fmt;

use super::position::{Position, CHECKERS};

/// The size of a win by bearing off.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum WinKind {
    /// The loser has borne off at least one checker: the cube value.
    Single = 1,
    /// The loser has borne off none: twice the cube value.
    Gammon = 2,
    /// A gammon with a losing checker on the bar or in the winner's home board: three times.
    Backgammon = 3,
}

impl WinKind {
    /// The multiple of the cube value won.
    pub const fn multiplier(self) -> u32 {
        self as u32
    }

    /// `single`, `gammon` or `backgammon`.
    pub const fn name(self) -> &'static str {
        match self {
            WinKind::Single => "single",
            WinKind::Gammon => "gammon",
            WinKind::Backgammon => "backgammon",
        }
    }
}

impl fmt::Display for WinKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Position {
    /// If the player on roll has just borne off his last checker (a position after his play, not
    /// yet swapped), the kind of his win.
    pub fn win_kind(&self) -> Option<WinKind> {
        if self.mine(super::Point::OFF) != CHECKERS {
            return None;
        }
        if self.theirs(super::Point::OFF) > 0 {
            return Some(WinKind::Single);
        }
        // The winner's home board is the loser's points 19 to 24; the bar is 25.
        let trapped = (19..=25u8).filter_map(super::Point::new).any(|p| self.theirs(p) > 0);
        Some(if trapped { WinKind::Backgammon } else { WinKind::Gammon })
    }
}
