//! The doubling cube and the match score, with the Crawford rule.

use super::side::{BySide, Side};

/// The doubling cube: its value and who owns it (`None`: in the middle).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cube {
    /// 1, 2, 4, ...
    pub value: u32,
    /// The player who may double next alone, or `None` when either may.
    pub owner: Option<Side>,
}

impl Default for Cube {
    fn default() -> Cube {
        Cube { value: 1, owner: None }
    }
}

/// Why a cube action is not allowed.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CubeError {
    /// The other player owns the cube.
    #[error("the cube belongs to the other player")]
    NotOwner,
    /// No doubling in the Crawford game.
    #[error("no doubling in the Crawford game")]
    Crawford,
    /// The new value is not twice the old one.
    #[error("the cube goes from {from} to {to}; a double must make it {expected}")]
    WrongValue {
        /// The value before.
        from: u32,
        /// The value written.
        to: u32,
        /// Twice the value before.
        expected: u32,
    },
    /// The cube cannot grow further.
    #[error("the cube is already at its largest value")]
    TooLarge,
}

impl Cube {
    /// `side` doubles to `value` (when written; else to twice the value).
    ///
    /// # Errors
    /// The side may not double, or the value is wrong.
    pub fn double(&self, side: Side, value: Option<u32>, crawford: bool) -> Result<u32, CubeError> {
        if crawford {
            return Err(CubeError::Crawford);
        }
        if self.owner.is_some_and(|o| o != side) {
            return Err(CubeError::NotOwner);
        }
        let expected = self.value.checked_mul(2).filter(|&v| v <= 1 << 15).ok_or(CubeError::TooLarge)?;
        match value {
            Some(v) if v != expected => Err(CubeError::WrongValue { from: self.value, to: v, expected }),
            _ => Ok(expected),
        }
    }

    /// The cube after `taker` takes a double to `value`: he owns it.
    pub fn taken(value: u32, taker: Side) -> Cube {
        Cube { value, owner: Some(taker) }
    }
}

/// The score of a match and where it stands with the Crawford rule.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct MatchScore {
    /// Points to win; 0 for a money session (no end, no Crawford game).
    pub length: u32,
    /// Points won so far.
    pub points: BySide<u32>,
    /// Whether the current game is the Crawford game.
    pub crawford: bool,
    /// Whether the Crawford game has been played.
    pub post_crawford: bool,
}

impl MatchScore {
    /// A match to `length` points (0: money), 0-0.
    pub fn new(length: u32) -> MatchScore {
        MatchScore { length, points: BySide::default(), crawford: false, post_crawford: false }
    }

    /// Points `side` actually gains from a win worth `points`: capped at what he still needs in
    /// a match, as match records write it.
    pub fn capped(&self, side: Side, points: u64) -> u64 {
        if self.length == 0 {
            points
        } else {
            points.min(u64::from(self.length.saturating_sub(self.points[side])))
        }
    }

    /// Whether a side has won the match.
    pub fn winner(&self) -> Option<Side> {
        if self.length == 0 {
            return None;
        }
        Side::ALL.into_iter().find(|&s| self.points[s] >= self.length)
    }

    /// Records a game won by `side` for `points`, and moves the Crawford state on: the game
    /// after the first one where a player reaches match point minus one is the Crawford game.
    pub fn record_game(&mut self, side: Side, points: u64) {
        let was_crawford = self.crawford;
        self.points[side] = self.points[side].saturating_add(u32::try_from(points).unwrap_or(u32::MAX));
        if was_crawford {
            self.crawford = false;
            self.post_crawford = true;
        } else if self.length > 0
            && !self.post_crawford
            && Side::ALL.into_iter().any(|s| self.points[s] + 1 == self.length)
            && self.winner().is_none()
        {
            self.crawford = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cube_rules() {
        let c = Cube::default();
        assert_eq!(c.double(Side::Zero, None, false), Ok(2));
        assert_eq!(c.double(Side::Zero, Some(4), false), Err(CubeError::WrongValue { from: 1, to: 4, expected: 2 }));
        assert_eq!(c.double(Side::Zero, None, true), Err(CubeError::Crawford));
        let c = Cube::taken(2, Side::One);
        assert_eq!(c.double(Side::Zero, Some(4), false), Err(CubeError::NotOwner));
        assert_eq!(c.double(Side::One, Some(4), false), Ok(4));
    }

    #[test]
    fn crawford_game_comes_once() {
        let mut m = MatchScore::new(5);
        m.record_game(Side::Zero, 2);
        assert!(!m.crawford);
        m.record_game(Side::Zero, 2);
        assert!(m.crawford);
        m.record_game(Side::One, 1);
        assert!(!m.crawford && m.post_crawford);
        m.record_game(Side::One, 3);
        assert!(!m.crawford);
        assert_eq!(m.capped(Side::Zero, 4), 1);
        m.record_game(Side::Zero, 1);
        assert_eq!(m.winner(), Some(Side::Zero));
    }
}
