//! A whole game: positions in order, repetition, takebacks and the end of the game.

use rustc_hash::FxHashMap;
use smallvec::{smallvec, SmallVec};

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
    /// For each position hash, the first ply at which a position with that hash stood (ply
    /// `p`: the position after `p` moves, `played[p].before`, or the current one for the last).
    first: FxHashMap<u64, u32>,
    /// For the hashes that stood more than once, every such ply in order: a repetition count
    /// compares the positions of those plies alone, never the whole game.
    again: FxHashMap<u64, SmallVec<[u32; 3]>>,
    /// How many hashes have stood at least twice (the entries of `again`): while none has, no
    /// move can repeat a position a third time, and the end of the game needs no look-ups.
    twice: u32,
}

impl Game {
    /// A new game: empty board, Gold to set up.
    pub fn new() -> Game {
        let mut g = Game::default();
        g.first.insert(g.position.hash(), 0);
        g
    }

    /// A game that starts from `position` (a position record rather than set-ups): its
    /// history begins there, and the end of the game is judged on it at once.
    pub fn from_position(position: Position) -> Game {
        let mut g = Game { position, ..Game::default() };
        g.first.insert(position.hash(), 0);
        g.outcome = position.outcome();
        g
    }

    /// A new game with room for about `moves` moves, so that a replay of known length does not
    /// grow its tables as it goes.
    pub fn with_capacity(moves: usize) -> Game {
        let mut g = Game::new();
        g.played.reserve(moves);
        g.first.reserve(moves + 1);
        g
    }

    /// Makes this a new game with room for about `moves` moves, keeping the memory of its
    /// tables: a caller that replays many games one after the other need not allocate for each.
    pub fn restart(&mut self, moves: usize) {
        self.played.clear();
        self.first.clear();
        self.again.clear();
        self.twice = 0;
        self.position = Position::new();
        self.outcome = None;
        self.played.reserve(moves);
        self.first.reserve(moves + 1);
        self.first.insert(self.position.hash(), 0);
    }

    /// The memory its tables hold, in moves (for a caller deciding whether to keep it).
    pub fn capacity(&self) -> usize {
        self.played.capacity()
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

    /// The positions of the game in order: where it started, then the position after each
    /// move played (set-ups included, takebacks removed); the last is
    /// [`position`](Self::position).
    pub fn positions(&self) -> impl Iterator<Item = &Position> + '_ {
        self.played.iter().map(|p| &p.before).chain(std::iter::once(&self.position))
    }

    /// Moves played, set-ups included, takebacks removed.
    pub fn plies(&self) -> usize {
        self.played.len()
    }

    /// How often `pos` has occurred in this game so far (the current position included).
    pub fn occurrences(&self, pos: &Position) -> usize {
        // Hashes can collide: only the plies with the same hash are compared, position by
        // position.
        let hash = pos.hash();
        match self.again.get(&hash) {
            Some(plies) => plies.iter().filter(|&&p| self.at_ply(p) == pos).count(),
            None => self.first.get(&hash).map_or(0, |&p| usize::from(self.at_ply(p) == pos)),
        }
    }

    /// The position after `ply` moves (the current one for the last ply).
    fn at_ply(&self, ply: u32) -> &Position {
        self.played.get(ply as usize).map_or(&self.position, |p| &p.before)
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
        // Only a hash that stood twice can be a third occurrence.
        self.twice > 0 && self.again.contains_key(&next.hash()) && self.occurrences(next) >= 2
    }

    #[inline]
    fn commit(&mut self, next: Position) -> Result<(), GameError> {
        let ply = self.played.len() as u32 + 1;
        let hash = next.hash();
        // One look-up in the usual case, a hash not seen before.
        match self.first.entry(hash) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(ply);
            }
            std::collections::hash_map::Entry::Occupied(o) => {
                let first = *o.get();
                if self.occurrences(&next) >= 2 {
                    return Err(GameError::Repetition);
                }
                let plies = self.again.entry(hash).or_insert_with(|| {
                    self.twice += 1;
                    smallvec![first]
                });
                plies.push(ply);
            }
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
        // The current position's ply is the last of its hash's plies.
        let hash = self.position.hash();
        match self.again.get_mut(&hash) {
            Some(plies) => {
                plies.pop();
                if plies.len() < 2 {
                    self.again.remove(&hash);
                    self.twice = self.twice.saturating_sub(1);
                }
            }
            None => {
                self.first.remove(&hash);
            }
        }
        self.position = last.before;
        self.outcome = last.outcome_before;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arimaa::{Board, Color, Piece, PieceKind, Setup, Square};
    use crate::random::SplitMix64;

    fn square(name: &str) -> Square {
        Square::from_ascii(name.as_bytes()).unwrap_or_else(|| panic!("{name}"))
    }

    /// A restarted game is a new game: same position, same answers, and the same set-up can be
    /// played again (a game full of repetitions is restarted at the end of the random walk below).
    #[test]
    fn a_restarted_game_is_a_new_game() {
        let mut played = Game::new();
        let mut placement = crate::arimaa::Placement::new();
        let squares = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"];
        let kinds = [PieceKind::Rabbit; 8].into_iter().chain([
            PieceKind::Cat,
            PieceKind::Dog,
            PieceKind::Horse,
            PieceKind::Camel,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Dog,
            PieceKind::Cat,
        ]);
        for (sq, kind) in squares.iter().zip(kinds) {
            placement.push(square(sq), kind);
        }
        played.place(&placement).expect("a legal set-up");
        played.restart(10);
        assert_eq!(played.position(), Game::new().position());
        assert_eq!((played.plies(), played.outcome()), (0, None));
        assert_eq!(played.occurrences(&Position::new()), 1);
        played.place(&placement).expect("a set-up after the restart");
        assert_eq!(played.plies(), 1);
    }

    /// A random walk of turns and takebacks on a small board, where positions repeat often:
    /// the game's repetition counts agree with a count over the whole history at every step,
    /// and a turn is refused as a third repetition exactly when the history says so.
    #[test]
    fn repetition_counts_agree_with_the_history() {
        let mut board = Board::empty();
        for (sq, color, kind) in [
            ("d4", Color::Gold, PieceKind::Elephant),
            ("a1", Color::Gold, PieceKind::Rabbit),
            ("e5", Color::Silver, PieceKind::Elephant),
            ("h8", Color::Silver, PieceKind::Rabbit),
        ] {
            board.put(square(sq), Piece { color, kind });
        }
        let start = Position::from_setup(Setup { board, side_to_move: Color::Gold }).expect("a legal position");
        let mut game = Game::from_position(start);
        let mut history = vec![start];
        let mut rng = SplitMix64(7);
        let (mut refused, mut played, mut taken_back) = (0, 0, 0);
        for _ in 0..6_000 {
            let count = |h: &[Position], p: &Position| h.iter().filter(|q| *q == p).count();
            let current = *game.position();
            assert_eq!(game.occurrences(&current), count(&history, &current));
            if game.outcome().is_some() || (history.len() > 1 && rng.below(8) == 0) {
                if history.len() > 1 {
                    game.take_back().expect("a move to take back");
                    history.pop();
                    taken_back += 1;
                }
                continue;
            }
            let turns = current.legal_turns();
            let Some((turn, next)) = turns.get(rng.below(turns.len().max(1))).copied() else { continue };
            match game.play(&turn) {
                Ok(()) => {
                    assert!(count(&history, &next) < 2, "a third repetition was played");
                    history.push(next);
                    played += 1;
                }
                Err(GameError::Repetition) => {
                    assert_eq!(count(&history, &next), 2, "refused as a repetition");
                    refused += 1;
                }
                Err(e) => panic!("{e}"),
            }
        }
        assert!(refused > 20 && played > 1_000 && taken_back > 100, "{refused} {played} {taken_back}");
        // Restarted after a walk full of repetitions, the game forgets them all.
        let (last, start_hash) = (*game.position(), Game::new().position().hash());
        assert!(game.occurrences(&last) >= 1);
        game.restart(8);
        assert_eq!((game.plies(), game.outcome(), game.occurrences(&last)), (0, None, 0));
        assert_eq!((game.position().hash(), game.occurrences(&Position::new())), (start_hash, 1));
        assert!(!game.repeats_third_time(&last));
    }
}
