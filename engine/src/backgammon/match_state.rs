//! The state of a match around a position: what GNU Backgammon's Match ID holds.
//!
//! A [`MatchState`] is the cube, whose roll and whose decision it is, the dice, pending offers,
//! the stage of the game and the score. It is a plain record (public fields, like a
//! [`Setup`](super::Setup)); [`MatchState::validate`] says whether it is one a Match ID or an XGID
//! can carry and the rules allow. The players are [`Side::Zero`] and [`Side::One`], gnubg's player
//! 0 and player 1 (gnubg draws player 1 at the bottom of the board, player 0 at the top).

use super::cube::{Cube, MatchScore};
use super::dice::Dice;
use super::outcome::WinKind;
use super::side::{BySide, Side};

/// The largest number a 15-bit field of a Match ID holds: match length and scores.
pub const MAX_FIELD: u32 = 0x7fff;

/// The largest cube a Match ID holds: 2 to the 15th.
pub const MAX_CUBE: u32 = 1 << 15;

/// Where the current game stands (gnubg's game state, 3 bits of the Match ID).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum GameState {
    /// No game has started yet (0).
    NotStarted = 0,
    /// A game is being played (1).
    Playing = 1,
    /// The game ended with the last checker borne off (2).
    Over = 2,
    /// The game ended with a resignation accepted (3).
    Resigned = 3,
    /// The game ended with a double dropped (4).
    Dropped = 4,
}

impl GameState {
    /// The state of a Match ID's 3-bit code, or `None` for 5 to 7 (and anything larger).
    pub const fn from_code(code: u8) -> Option<GameState> {
        Some(match code {
            0 => GameState::NotStarted,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            _ => return None,
        })
    }

    /// The Match ID code, 0 to 4.
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// Whether the game has ended (over, resigned or dropped).
    pub const fn is_finished(self) -> bool {
        matches!(self, GameState::Over | GameState::Resigned | GameState::Dropped)
    }
}

/// Everything about a match position except the checkers.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct MatchState {
    /// The cube's value and owner (`None`: centred).
    pub cube: Cube,
    /// The player on roll, or who has just rolled (gnubg's "dice owner").
    pub on_roll: Side,
    /// The player who must act now: the player on roll, except while a double or a
    /// resignation he offered waits for the other player's answer.
    pub turn: Side,
    /// The stage of the current game.
    pub game: GameState,
    /// Whether a double is waiting to be taken or dropped.
    pub double_offered: bool,
    /// A resignation waiting to be accepted or rejected, with what it offers to lose. It was
    /// offered by the player who is not [`turn`](Self::turn).
    pub resignation: Option<WinKind>,
    /// The roll of the player on roll; `None` before he rolls.
    pub dice: Option<Dice>,
    /// Match length (0: money), points of each side, and the Crawford game. A Match ID has no
    /// post-Crawford flag: decoding sets [`MatchScore::post_crawford`] when this is not the
    /// Crawford game and a player is at match point minus one (as gnubg does when it reads an
    /// XGID), and encoding ignores it.
    pub score: MatchScore,
    /// Whether the Jacoby rule is on. gnubg writes it in one bit past the 66 its manual
    /// describes (bit 66 counting from 0, set when the rule is *off*); gnubg turns it off in
    /// match play, but Match IDs written before that bit existed read as "on".
    pub jacoby: bool,
}

impl MatchState {
    /// A match to `length` points (0: money session) before its first game: 0-0, cube 1 in the
    /// middle, player 0 to act, no dice, Jacoby off.
    pub fn new(length: u32) -> MatchState {
        MatchState {
            cube: Cube::default(),
            on_roll: Side::Zero,
            turn: Side::Zero,
            game: GameState::NotStarted,
            double_offered: false,
            resignation: None,
            dice: None,
            score: MatchScore::new(length),
            jacoby: false,
        }
    }

    /// Checks what a Match ID or an XGID cannot carry and what the rules rule out:
    ///
    /// * the cube is a power of two up to 32768; the match length and the scores fit in 15 bits;
    /// * in a match, both scores are below the length, except that when the game has finished
    ///   one player may be at or past it: he has just won the match. gnubg 1.07 writes the score
    ///   uncapped then (`AQKgADAAQAAE`: 3-8 in a match to 5 after a gammon on a 2-cube);
    /// * the Crawford flag needs a match with a player at match point minus one or more; while
    ///   the game is not finished the cube must be 1, in the middle, with no double. (When a game
    ///   ends, gnubg at once sets the flag for the next game, while the cube stays that of the
    ///   game that ended: `sMutADAAIAAE` is 3-4 in a match to 5 after a resignation.)
    ///
    /// Whose turn it is, which offers are pending and the dice are not checked against each
    /// other: gnubg itself writes combinations that look odd (after a beaver, the doubler is to
    /// act while the double is still pending).
    ///
    /// # Errors
    /// The first rule broken.
    pub fn validate(&self) -> Result<(), MatchStateError> {
        let value = self.cube.value;
        if !value.is_power_of_two() || value > MAX_CUBE {
            return Err(MatchStateError::CubeValue(value));
        }
        let MatchScore { length, points, crawford, .. } = self.score;
        if length > MAX_FIELD {
            return Err(MatchStateError::LengthTooLarge(length));
        }
        for side in Side::ALL {
            if points[side] > MAX_FIELD {
                return Err(MatchStateError::ScoreTooLarge { player: side.index(), score: points[side] });
            }
        }
        if length > 0 {
            let reached = Side::ALL.into_iter().filter(|&s| points[s] >= length).count();
            for side in Side::ALL {
                let won = self.game.is_finished() && reached == 1;
                if points[side] >= length && !won {
                    return Err(MatchStateError::ScoreReachesLength {
                        player: side.index(),
                        score: points[side],
                        length,
                    });
                }
            }
        }
        if crawford {
            if length == 0 {
                return Err(MatchStateError::CrawfordInMoney);
            }
            if !Side::ALL.into_iter().any(|s| points[s].saturating_add(1) >= length) {
                return Err(MatchStateError::CrawfordScore);
            }
            let quiet = value == 1 && self.cube.owner.is_none() && !self.double_offered;
            if !quiet && !self.game.is_finished() {
                return Err(MatchStateError::CrawfordCube);
            }
        }
        Ok(())
    }

    /// The score as a Match ID or an XGID gives it, which has no post-Crawford flag: that is
    /// implied when this is not the Crawford game and a player is at match point minus one.
    pub fn implied_score(length: u32, points: BySide<u32>, crawford: bool) -> MatchScore {
        let post_crawford = !crawford && length > 0 && (points.zero + 1 == length || points.one + 1 == length);
        MatchScore { length, points, crawford, post_crawford }
    }
}

impl Default for MatchState {
    fn default() -> MatchState {
        MatchState::new(0)
    }
}

/// Why a [`MatchState`] cannot be written or is against the rules.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MatchStateError {
    /// The cube is not 1, 2, 4, ... 32768.
    #[error("the cube value {0} is not a power of two from 1 to 32768")]
    CubeValue(u32),
    /// The match length needs more than 15 bits.
    #[error("a match length of {0} does not fit in 15 bits (at most 32767)")]
    LengthTooLarge(u32),
    /// A score needs more than 15 bits.
    #[error("player {player}'s score {score} does not fit in 15 bits (at most 32767)")]
    ScoreTooLarge {
        /// 0 or 1.
        player: usize,
        /// The score.
        score: u32,
    },
    /// A score at or past the match length, other than the winner's after the last game.
    #[error("player {player} has {score} points in a match to {length}; only the winner of a finished last game may reach the length")]
    ScoreReachesLength {
        /// 0 or 1.
        player: usize,
        /// The score.
        score: u32,
        /// The match length.
        length: u32,
    },
    /// The Crawford flag in a money session.
    #[error("a money session has no Crawford game")]
    CrawfordInMoney,
    /// The Crawford flag while no player is at match point minus one.
    #[error("the Crawford game needs a player at match point minus one")]
    CrawfordScore,
    /// A cube that has moved in the Crawford game being played.
    #[error("there is no doubling in the Crawford game: the cube must be 1, in the middle, with no double offered")]
    CrawfordCube,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::BySide;

    fn state(length: u32, zero: u32, one: u32) -> MatchState {
        let mut s = MatchState::new(length);
        s.game = GameState::Playing;
        s.score.points = BySide { zero, one };
        s
    }

    #[test]
    fn game_state_codes() {
        for code in 0..=4 {
            assert_eq!(GameState::from_code(code).map(GameState::code), Some(code));
        }
        assert_eq!(GameState::from_code(5), None);
        assert!(GameState::Dropped.is_finished() && !GameState::Playing.is_finished());
    }

    #[test]
    fn scores_and_crawford() {
        assert_eq!(state(7, 6, 3).validate(), Ok(()));
        assert_eq!(
            state(7, 7, 3).validate(),
            Err(MatchStateError::ScoreReachesLength { player: 0, score: 7, length: 7 })
        );
        let mut won = state(7, 3, 7);
        won.game = GameState::Resigned;
        assert_eq!(won.validate(), Ok(()));
        won.score.points.one = 10;
        assert_eq!(won.validate(), Ok(()));
        won.score.points.zero = 7;
        assert!(matches!(won.validate(), Err(MatchStateError::ScoreReachesLength { .. })));
        assert_eq!(state(0, 40_000, 0).validate(), Err(MatchStateError::ScoreTooLarge { player: 0, score: 40_000 }));
        assert_eq!(state(40_000, 0, 0).validate(), Err(MatchStateError::LengthTooLarge(40_000)));
        let mut c = state(7, 2, 3);
        c.score.crawford = true;
        assert_eq!(c.validate(), Err(MatchStateError::CrawfordScore));
        c.score.points.one = 6;
        assert_eq!(c.validate(), Ok(()));
        c.cube = Cube { value: 2, owner: Some(Side::One) };
        assert_eq!(c.validate(), Err(MatchStateError::CrawfordCube));
        c.game = GameState::Dropped;
        assert_eq!(c.validate(), Ok(()), "the flag is for the next game");
        let mut m = state(0, 0, 0);
        m.score.crawford = true;
        assert_eq!(m.validate(), Err(MatchStateError::CrawfordInMoney));
        let mut cube = state(0, 0, 0);
        cube.cube.value = 3;
        assert_eq!(cube.validate(), Err(MatchStateError::CubeValue(3)));
        cube.cube.value = 1 << 16;
        assert_eq!(cube.validate(), Err(MatchStateError::CubeValue(1 << 16)));
    }
}
