//! A legal position: board, side to move and phase.

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::direction::Direction;
use super::movegen::MoveGenerator;
use super::outcome::{Outcome, WinReason};
use super::piece::{Piece, PieceKind};
use super::placement::{Placement, PlacementError};
use super::square::Square;
use super::turn::Turn;
use super::turn_builder::{StepError, TurnBuilder};
use super::zobrist;

/// Whether the side to move places its pieces (moves `1g`, `1s`) or plays steps.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The side to move places its sixteen pieces.
    Setup,
    /// The side to move plays a turn of steps.
    Play,
}

impl Phase {
    /// The phase of an arrangement with `side_to_move` to move, the one reading of a position
    /// every way in shares: a side with no piece on the board is setting up (Gold on the empty
    /// board, Silver beside Gold's pieces; also a side that has lost every piece, which a
    /// position text cannot tell apart).
    pub fn of(board: &Board, side_to_move: Color) -> Phase {
        if board.by_color(side_to_move).is_empty() {
            Phase::Setup
        } else {
            Phase::Play
        }
    }
}

/// Why a turn or set-up cannot be played.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PlayError {
    /// A turn of steps in the set-up phase, or a set-up in play.
    #[error("expected a {expected} move here", expected = match .0 { Phase::Setup => "set-up", Phase::Play => "regular" })]
    WrongPhase(Phase),
    /// Step number `index` (0-based) is illegal.
    #[error("step {n}: {error}", n = .index + 1)]
    Step {
        /// Which step.
        index: usize,
        /// Why.
        error: StepError,
    },
    /// A turn needs at least one step.
    #[error("a turn needs at least one step (there is no pass)")]
    NoSteps,
    /// The turn ends between the two steps of a push.
    #[error("the turn ends in the middle of a push")]
    PushNotCompleted,
    /// The board after the turn is the board before it.
    #[error("the turn leaves the board unchanged")]
    Unchanged,
    /// The set-up is not legal.
    #[error(transparent)]
    Placement(#[from] PlacementError),
}

/// A position reachable in a game: no side has more pieces of a kind than it starts with, no
/// piece stands unsupported on a trap, and in the set-up phase the side to move has no piece on
/// the board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: Board,
    side_to_move: Color,
    phase: Phase,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The start of a game: an empty board, Gold to place its pieces.
    pub const fn new() -> Position {
        Position { board: Board::empty(), side_to_move: Color::Gold, phase: Phase::Setup }
    }

    pub(crate) const fn from_parts(board: Board, side_to_move: Color, phase: Phase) -> Position {
        Position { board, side_to_move, phase }
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, to change where the position is kept.
    #[inline]
    pub(crate) fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// Whose move it is.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Set-up or play.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Hash of board and side to move: equal for positions that count as the same for repetition.
    #[inline]
    pub fn hash(&self) -> u64 {
        let side = if self.side_to_move == Color::Silver { zobrist::SILVER_TO_MOVE } else { 0 };
        let phase = if self.phase == Phase::Setup { 0x5e7u64.rotate_left(17) } else { 0 };
        self.board.hash() ^ side ^ phase
    }

    /// Starts a turn on this position.
    ///
    /// # Errors
    /// The position is in the set-up phase.
    #[inline]
    pub fn turn_builder(&self) -> Result<TurnBuilder, PlayError> {
        if self.phase != Phase::Play {
            return Err(PlayError::WrongPhase(self.phase));
        }
        Ok(TurnBuilder::new(*self))
    }

    /// Plays a whole turn, checking every rule but repetition (which needs the game's history:
    /// see [`Game`](super::Game)).
    ///
    /// # Errors
    /// The first rule the turn breaks.
    pub fn play(&self, turn: &Turn) -> Result<Position, PlayError> {
        let mut b = self.turn_builder()?;
        for (index, &step) in turn.steps().iter().enumerate() {
            b.step(step).map_err(|error| PlayError::Step { index, error })?;
        }
        b.finish().map(|f| *f.position())
    }

    /// Plays a turn known to be legal (from the move generator, say): pieces move and trap
    /// captures happen, nothing is checked. An illegal turn gives an unspecified position.
    pub fn play_unchecked(&self, turn: &Turn) -> Position {
        let mut board = self.board;
        for step in turn.steps() {
            let Some(to) = step.to() else { continue };
            let Some(piece) = board.piece_at(step.from) else {
                continue;
            };
            board.move_piece(piece, step.from, to);
            board.remove_trapped();
        }
        Position { board, side_to_move: self.side_to_move.other(), phase: Phase::Play }
    }

    /// Places the side to move's sixteen pieces (move `1g` or `1s`).
    ///
    /// # Errors
    /// Not the set-up phase, the placement is not a legal set-up for the side to move, or it
    /// puts a piece where a piece stands.
    pub fn place(&self, placement: &Placement) -> Result<Position, PlayError> {
        if self.phase != Phase::Setup {
            return Err(PlayError::WrongPhase(self.phase));
        }
        placement.validate(self.side_to_move)?;
        if let Some(&(sq, _)) = placement.pieces().iter().find(|(sq, _)| self.board.piece_at(*sq).is_some()) {
            return Err(PlacementError::Occupied(sq).into());
        }
        let mut board = self.board;
        for &(sq, kind) in placement.pieces() {
            board.put(sq, Piece { color: self.side_to_move, kind });
        }
        let side_to_move = self.side_to_move.other();
        Ok(Position { board, side_to_move, phase: Phase::of(&board, side_to_move) })
    }

    /// Whether a rabbit of `color` stands on its goal rank.
    #[inline]
    pub fn rabbit_on_goal(&self, color: Color) -> bool {
        (self.board.pieces(color, PieceKind::Rabbit) & Bitboard::rank(color.goal_rank())).any()
    }

    /// Whether `color` has no rabbit left.
    #[inline]
    pub fn rabbits_gone(&self, color: Color) -> bool {
        self.board.pieces(color, PieceKind::Rabbit).is_empty()
    }

    /// The end of the game decided on the board, in the official order, for a position
    /// reached by a complete turn; immobilization is judged without repetition history (see
    /// [`Game::outcome`](super::Game::outcome) for the exact judgement with history).
    pub fn outcome(&self) -> Option<Outcome> {
        self.decide(Position::has_any_turn)
    }

    /// As [`outcome`](Self::outcome), with `repeats_third_time(p)` telling whether reaching
    /// `p` would be a third repetition (such a move does not count as legal).
    pub fn outcome_with(&self, mut repeats_third_time: impl FnMut(&Position) -> bool) -> Option<Outcome> {
        self.decide(|p| p.has_legal_turn(&mut repeats_third_time))
    }

    /// The end of the game in the official order, with `can_move` judging immobilization.
    #[inline]
    fn decide(&self, can_move: impl FnOnce(&Position) -> bool) -> Option<Outcome> {
        if self.phase != Phase::Play {
            return None;
        }
        let b = self.side_to_move;
        let a = b.other();
        let win = |winner, reason| Some(Outcome { winner, reason });
        if self.rabbit_on_goal(a) {
            return win(a, WinReason::Goal);
        }
        if self.rabbit_on_goal(b) {
            return win(b, WinReason::Goal);
        }
        if self.rabbits_gone(b) {
            return win(a, WinReason::Elimination);
        }
        if self.rabbits_gone(a) {
            return win(b, WinReason::Elimination);
        }
        if !can_move(self) {
            return win(a, WinReason::Immobilization);
        }
        None
    }

    /// Whether the side to move has any legal turn, repetition aside: a simple step is looked
    /// for with bitboards alone; only a side with no simple step needs the move generator (a
    /// push may still be possible).
    pub fn has_any_turn(&self) -> bool {
        if self.phase != Phase::Play {
            return true;
        }
        let me = self.side_to_move;
        let empty = !self.board.occupied();
        let own = self.board.by_color(me);
        let not_rabbits = !self.board.pieces(me, PieceKind::Rabbit);
        let can_step = |movable: Bitboard| {
            Direction::ALL.into_iter().any(|dir| {
                let from = movable & empty.shift(dir.opposite());
                (if dir == me.backward() { from & not_rabbits } else { from }).any()
            })
        };
        let free = own & !self.board.by_color(me.other()).neighbors();
        can_step(free) || can_step(own & !self.board.frozen(me)) || self.has_legal_turn(|_| false)
    }

    /// Whether the side to move has a legal turn whose result `excluded` does not reject.
    pub fn has_legal_turn(&self, mut excluded: impl FnMut(&Position) -> bool) -> bool {
        if self.phase != Phase::Play {
            return true;
        }
        // A simple step of an unfrozen piece into an empty square (not a rabbit going back) is a
        // legal one-step turn: try those before generating every turn, first with the pieces
        // that have no enemy next to them (they cannot be frozen), which spares computing the
        // frozen pieces in most positions.
        let me = self.side_to_move;
        let own = self.board.by_color(me);
        let free = own & !self.board.by_color(me.other()).neighbors();
        if self.first_simple_step(free, &mut excluded) {
            return true;
        }
        let unfrozen_near_enemy = own & !free & !self.board.frozen(me);
        if self.first_simple_step(unfrozen_near_enemy, &mut excluded) {
            return true;
        }
        let mut gen = MoveGenerator::new();
        gen.legal_turns(self).iter().any(|(_, p)| !excluded(p))
    }

    /// Whether some simple step of one of the `movable` pieces leads to a position that
    /// `excluded` does not reject.
    fn first_simple_step(&self, movable: Bitboard, excluded: &mut impl FnMut(&Position) -> bool) -> bool {
        let me = self.side_to_move;
        let empty = !self.board.occupied();
        let rabbits = self.board.pieces(me, PieceKind::Rabbit);
        for dir in Direction::ALL {
            let mut from = movable & empty.shift(dir.opposite());
            if dir == me.backward() {
                from &= !rabbits;
            }
            for sq in from {
                let (Some(to), Some(piece)) = (sq.offset(dir), self.board.piece_at(sq)) else { continue };
                let mut board = self.board;
                board.move_piece(piece, sq, to);
                board.remove_trapped();
                if !excluded(&Position { board, side_to_move: me.other(), phase: Phase::Play }) {
                    return true;
                }
            }
        }
        false
    }

    /// Every legal turn, one per distinct resulting position (no repetition history).
    pub fn legal_turns(&self) -> Vec<(Turn, Position)> {
        MoveGenerator::new().legal_turns(self).to_vec()
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }
}
