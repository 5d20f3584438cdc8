//! A whole game: positions in order, repetition, takebacks and the end of the game.

use rustc_hash::FxHashMap;

use super::outcome::Outcome;
use super::placement::Placement;
use super::position::{PlayError, Position};
use super::turn::Turn;
use super::turn_builder::FinishedTurn;

/// Why a move cannot be played in this game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GameError {
    /// The game is already decided on the board.
    #[error("the game is already over: {0}")]
    GameOver(Outcome),
    /// The move itself is illegal.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The move would produce a position for the third time.
    #[error("third-time repetition of a position")]
    Repetition,
    /// A takeback with no move to take back.
    #[error("there is no move to take back")]
    NothingToTakeBack,
    /// A turn built on a position other than the game's current one.
    #[error("the turn was not built on the game's current position")]
    WrongStart,
}

#[derive(Clone, Debug)]
struct Played {
    before: Position,
    outcome_before: Option<Outcome>,
}

/// A game from the empty board: set-ups, turns, takebacks, repetition counts and the result.
#[derive(Clone, Debug, Default)]
pub struct Game {
    position: Position,
    outcome: Option<Outcome>,
    played: Vec<Played>,
    occurrences: FxHashMap<u64, u8>,
    /// How many positions have occurred at least twice: while none has, no move can repeat a
    /// position a third time, and the end of the game needs no repetition look-ups.
    twice: u32,
}

impl Game {
    /// A new game: empty board, Gold to set up.
    pub fn new() -> Game {
        let mut g = Game::default();
        g.occurrences.insert(g.position.hash(), 1);
        g
    }

    /// A game that starts from `position` (a position record rather than set-ups): its
    /// history begins there, and the end of the game is judged on it at once.
    pub fn from_position(position: Position) -> Game {
        let mut g = Game { position, ..Game::default() };
        g.occurrences.insert(position.hash(), 1);
        g.outcome = position.outcome();
        g
    }

    /// A new game with room for about `moves` moves, so that a replay of known length does not
    /// grow its tables as it goes.
    pub fn with_capacity(moves: usize) -> Game {
        let mut g = Game::new();
        g.played.reserve(moves);
        g.occurrences.reserve(moves + 1);
        g
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The end of the game on the board after the last move, with repetition taken into
    /// account for immobilization.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The position before the last move, if a move was played.
    pub fn previous_position(&self) -> Option<&Position> {
        self.played.last().map(|p| &p.before)
    }

    /// Moves played, set-ups included, takebacks removed.
    pub fn plies(&self) -> usize {
        self.played.len()
    }

    /// How often `pos` has occurred in this game so far (the current position included).
    pub fn occurrences(&self, pos: &Position) -> usize {
        match self.occurrences.get(&pos.hash()) {
            None | Some(0) => 0,
            // Hashes can collide: count real equality, which only runs on repeats.
            Some(_) => self.played.iter().filter(|p| p.before == *pos).count() + usize::from(self.position == *pos),
        }
    }

    /// Plays a set-up move.
    ///
    /// # Errors
    /// Not a set-up phase, or the placement is illegal.
    pub fn place(&mut self, placement: &Placement) -> Result<(), GameError> {
        let next = self.position.place(placement)?;
        self.commit(next)
    }

    /// Plays a turn.
    ///
    /// # Errors
    /// The game is over, the turn is illegal, or it repeats a position a third time.
    pub fn play(&mut self, turn: &Turn) -> Result<(), GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        let next = self.position.play(turn)?;
        self.commit(next)
    }

    /// Plays a turn finished by a [`TurnBuilder`](super::TurnBuilder) on
    /// [`position`](Self::position).
    ///
    /// # Errors
    /// The game is over, the turn was built on another position, or it repeats a position a
    /// third time.
    #[inline]
    pub fn play_finished(&mut self, turn: &FinishedTurn) -> Result<(), GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::GameOver(o));
        }
        if !turn.started_on(&self.position) {
            return Err(GameError::WrongStart);
        }
        self.commit(*turn.position())
    }

    /// Whether playing into `next` would be a third-time repetition.
    pub fn repeats_third_time(&self, next: &Position) -> bool {
        // Only a hash seen twice can be a third occurrence: the exact count, which walks the
        // history, runs for those alone.
        self.occurrences.get(&next.hash()).is_some_and(|&n| n >= 2) && self.occurrences(next) >= 2
    }

    #[inline]
    fn commit(&mut self, next: Position) -> Result<(), GameError> {
        // One look-up in the usual case: a hash seen fewer than twice cannot be a third
        // occurrence, and its count is raised in place.
        let count = self.occurrences.entry(next.hash()).or_insert(0);
        let seen = *count;
        if seen < 2 {
            *count = seen + 1;
        } else if self.occurrences(&next) >= 2 {
            return Err(GameError::Repetition);
        } else if let Some(n) = self.occurrences.get_mut(&next.hash()) {
            *n = n.saturating_add(1);
        }
        if seen == 1 {
            self.twice += 1;
        }
        self.played.push(Played { before: self.position, outcome_before: self.outcome });
        self.position = next;
        self.outcome = if self.twice == 0 {
            self.position.outcome()
        } else {
            self.position.outcome_with(|p| self.repeats_third_time(p))
        };
        Ok(())
    }

    /// Takes the last move back.
    ///
    /// # Errors
    /// No move has been played.
    pub fn take_back(&mut self) -> Result<(), GameError> {
        let last = self.played.pop().ok_or(GameError::NothingToTakeBack)?;
        if let Some(n) = self.occurrences.get_mut(&self.position.hash()) {
            if *n == 2 {
                self.twice = self.twice.saturating_sub(1);
            }
            *n = n.saturating_sub(1);
        }
        self.position = last.before;
        self.outcome = last.outcome_before;
        Ok(())
    }
}
