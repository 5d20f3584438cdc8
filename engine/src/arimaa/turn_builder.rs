//! The state machine of a turn: steps, pushes, pulls, freezing and trap captures.

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::direction::Direction;
use super::piece::{Piece, PieceKind};
use super::position::{Phase, PlayError, Position};
use super::square::Square;
use super::step::Step;
use super::turn::Turn;

/// What a step was, in the turn it belongs to.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum StepKind {
    /// A piece of the side to move steps on its own (it may go on to lead a pull).
    Simple,
    /// An enemy piece is pushed away; the next step must be the pusher taking its square.
    PushStart,
    /// The pusher steps into the square the pushed piece left.
    PushEnd,
    /// An enemy piece follows into the square the previous step's piece left.
    PullEnd,
}

/// What happened in one step.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct StepEvent {
    /// The piece that moved.
    pub piece: Piece,
    /// Where it came from.
    pub from: Square,
    /// Where it went.
    pub to: Square,
    /// Its role in the turn.
    pub kind: StepKind,
    /// The piece removed from a trap right after the step, if any (a step removes at most one).
    pub capture: Option<(Square, Piece)>,
}

/// Why a step cannot be taken.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum StepError {
    /// A turn has at most four steps.
    #[error("a turn has at most four steps")]
    TooManySteps,
    /// Nothing stands on the square.
    #[error("nothing stands on {0}")]
    NoPiece(Square),
    /// The step leaves the board.
    #[error("{0} cannot step {1} off the board")]
    OffBoard(Square, Direction),
    /// The target square is taken.
    #[error("the destination square {0} is occupied")]
    Occupied(Square),
    /// The piece is next to a stronger enemy and to no friend.
    #[error("the {kind} on {square} is frozen", kind = .0.kind.name(), square = .1)]
    Frozen(Piece, Square),
    /// A rabbit stepping backward on its own.
    #[error("a rabbit may not step backward")]
    RabbitBackward,
    /// A push was begun and this step does not finish it.
    #[error("the push is not completed: a stronger piece must step into {0}")]
    PushNotCompleted(Square),
    /// An enemy piece moves, but it is neither pulled nor pushed.
    #[error("an enemy piece moves but no stronger, unfrozen friendly piece can push or pull it")]
    NoPusher,
    /// A push needs two steps, so it cannot begin on the fourth.
    #[error("a push cannot begin on the fourth step")]
    PushOnLastStep,
    /// Another piece than the one named stands on the square ([`TurnBuilder::step_as`]).
    #[error("the piece on {square} is {found}, not {named}")]
    WrongPiece {
        /// The square.
        square: Square,
        /// The piece that stands there.
        found: Piece,
        /// The piece named.
        named: Piece,
    },
}

/// The pieces of `them` stronger than `kind`, with no branch on `kind`.
#[inline(always)]
fn stronger_than(board: &Board, them: Color, kind: PieceKind) -> Bitboard {
    // Bit `k` set for each kind `k` stronger than `kind`.
    let above = (0x3eu64 << kind as u8) & 0x3e;
    let of = |k: PieceKind| board.pieces(them, k).0 & 0u64.wrapping_sub(above >> k as u8 & 1);
    Bitboard(
        of(PieceKind::Cat) | of(PieceKind::Dog) | of(PieceKind::Horse) | of(PieceKind::Camel) | of(PieceKind::Elephant),
    )
}

/// The backward direction of each colour (as `Color as usize`), read without a branch.
const BACKWARD: [Direction; 2] = [Color::Gold.backward(), Color::Silver.backward()];

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct PendingPush {
    pub(crate) vacated: Square,
    pub(crate) pushers: Bitboard,
}

/// The part of a turn in progress that decides which steps may follow.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct TurnState {
    pub(crate) board: Board,
    pub(crate) len: u8,
    pub(crate) push: Option<PendingPush>,
    /// The square the last simple step left and the strength of its piece: an enemy that steps
    /// into it next is pulled.
    pub(crate) pull: Option<(Square, PieceKind)>,
}

impl TurnState {
    pub(crate) fn new(board: Board) -> TurnState {
        TurnState { board, len: 0, push: None, pull: None }
    }

    /// Applies one step of `me`'s turn, checking every rule; on an error nothing has changed.
    #[inline(always)]
    pub(crate) fn step(&mut self, me: Color, step: Step) -> Result<StepEvent, StepError> {
        let to = self.destination(step)?;
        let piece = self.board.piece_at(step.from).ok_or(StepError::NoPiece(step.from))?;
        self.apply(me, piece, step, to)
    }

    /// As [`step`](Self::step), for a step of `piece`: the square is tested for it rather than
    /// searched. When `piece` is not there, the error is [`StepError::WrongPiece`] if another
    /// piece is, else that of [`step`](Self::step).
    #[inline(always)]
    pub(crate) fn step_as(&mut self, me: Color, piece: Piece, step: Step) -> Result<StepEvent, StepError> {
        if !self.board.pieces(piece.color, piece.kind).contains(step.from) {
            return Err(match self.board.piece_at(step.from) {
                Some(found) => StepError::WrongPiece { square: step.from, found, named: piece },
                None => self.destination(step).err().unwrap_or(StepError::NoPiece(step.from)),
            });
        }
        let to = self.destination(step)?;
        self.apply(me, piece, step, to)
    }

    /// Where a step goes, if the turn has room for it and the square is on the board.
    #[inline(always)]
    fn destination(&self, step: Step) -> Result<Square, StepError> {
        if self.len >= 4 {
            return Err(StepError::TooManySteps);
        }
        step.to().ok_or(StepError::OffBoard(step.from, step.dir))
    }

    /// The rest of a step of `piece`, which stands on `step.from`, to `to`.
    #[inline(always)]
    fn apply(&mut self, me: Color, piece: Piece, step: Step, to: Square) -> Result<StepEvent, StepError> {
        let from = step.from;
        if self.board.occupied().contains(to) {
            return Err(StepError::Occupied(to));
        }
        let kind = if let Some(push) = self.push {
            if piece.color != me || to != push.vacated || !push.pushers.contains(from) {
                return Err(StepError::PushNotCompleted(push.vacated));
            }
            self.push = None;
            self.pull = None;
            StepKind::PushEnd
        } else if piece.color == me {
            // Both rules worked out without a branch on the way, then judged at once.
            let adj = Bitboard::adjacent(from);
            let frozen = (adj & self.board.by_color(me)).is_empty()
                & (adj & stronger_than(&self.board, me.other(), piece.kind)).any();
            let backward = (piece.kind == PieceKind::Rabbit) & (step.dir == BACKWARD[me as usize]);
            if frozen | backward {
                return Err(if frozen { StepError::Frozen(piece, from) } else { StepError::RabbitBackward });
            }
            self.pull = Some((from, piece.kind));
            StepKind::Simple
        } else if matches!(self.pull, Some((s, k)) if s == to && piece.kind < k) {
            self.pull = None;
            StepKind::PullEnd
        } else {
            let pushers = Bitboard::adjacent(from) & self.stronger_own(me, piece.kind) & !self.board.frozen(me);
            if pushers.is_empty() {
                return Err(StepError::NoPusher);
            }
            if self.len >= 3 {
                return Err(StepError::PushOnLastStep);
            }
            self.push = Some(PendingPush { vacated: from, pushers });
            self.pull = None;
            StepKind::PushStart
        };
        self.board.move_piece(piece, from, to);
        self.len += 1;
        let capture = self.capture();
        Ok(StepEvent { piece, from, to, kind, capture })
    }

    /// Every step [`step`](Self::step) accepts next in `me`'s turn, each once, into `out`
    /// (cleared first): worked out on whole bitboards, a direction at a time.
    #[inline]
    pub(crate) fn legal_steps(&self, me: Color, out: &mut Vec<Step>) {
        out.clear();
        if self.len >= 4 {
            return;
        }
        let b = &self.board;
        let empty = !b.occupied();
        if let Some(push) = self.push {
            // Only a pusher taking the square the pushed piece left.
            if empty.contains(push.vacated) {
                for from in push.pushers & b.by_color(me) {
                    if let Some(dir) = from.direction_to(push.vacated) {
                        out.push(Step::new(from, dir));
                    }
                }
            }
            return;
        }
        let own = b.by_color(me);
        let active = own & !(b.threatened(me) & !own.neighbors());
        let rabbits = b.pieces(me, PieceKind::Rabbit);
        let them = me.other();
        // The enemies a push may start with: next to a stronger unfrozen piece of `me`.
        let mut pushable = Bitboard::EMPTY;
        if self.len < 3 {
            let mut stronger = active & b.pieces(me, PieceKind::Elephant);
            for k in (0..5).rev() {
                pushable |= b.pieces(them, PieceKind::ALL[k]) & stronger.neighbors();
                stronger |= active & b.pieces(me, PieceKind::ALL[k]);
            }
        }
        for dir in Direction::ALL {
            let open = empty.shift(dir.opposite());
            let mut movers = active & open;
            if dir == me.backward() {
                movers &= !rabbits;
            }
            for from in movers | (pushable & open) {
                out.push(Step::new(from, dir));
            }
        }
        // The pulls: weaker enemies next to the square the last simple step left, not already
        // listed as pushes.
        if let Some((left, strength)) = self.pull {
            if empty.contains(left) {
                let mut weaker = Bitboard::EMPTY;
                for k in &PieceKind::ALL[..strength as usize] {
                    weaker |= b.pieces(them, *k);
                }
                for from in Bitboard::adjacent(left) & weaker & !pushable {
                    if let Some(dir) = from.direction_to(left) {
                        out.push(Step::new(from, dir));
                    }
                }
            }
        }
    }

    #[inline]
    fn stronger_own(&self, me: Color, kind: PieceKind) -> Bitboard {
        self.board.stronger_enemies(me.other(), kind)
    }

    /// Removes the piece a step left unsupported on a trap (only the destination, or a trap next
    /// to the square left, can be affected).
    #[inline]
    pub(crate) fn capture(&mut self) -> Option<(Square, Piece)> {
        // The pieces unsupported on traps are worked out on the whole board, without a branch:
        // a capture is rare, and a test of the squares near the step mispredicts more often.
        if self.board.unsupported_on_traps().is_empty() {
            return None;
        }
        // No square touches two traps, so a step strands at most one piece.
        self.board.remove_trapped()
    }
}

/// Builds a turn step by step on a position, checking each step as it comes.
///
/// ```
/// use tabula_engine::arimaa::{Direction, Position, Square, Step};
/// let pos: Position = Position::new();
/// // A turn needs a position in play; see `Position::from_setup`.
/// assert!(pos.turn_builder().is_err());
/// ```
#[derive(Clone, Debug)]
pub struct TurnBuilder {
    start: Position,
    state: TurnState,
    steps: Turn,
}

impl TurnBuilder {
    #[inline]
    pub(crate) fn new(start: Position) -> TurnBuilder {
        TurnBuilder { state: TurnState::new(*start.board()), start, steps: Turn::empty() }
    }

    /// The position the turn started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The board after the steps so far.
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// The steps so far.
    pub fn steps(&self) -> &Turn {
        &self.steps
    }

    /// Whether a push has been started and not finished.
    pub fn in_push(&self) -> bool {
        self.state.push.is_some()
    }

    /// Takes one step.
    ///
    /// # Errors
    /// The step breaks a rule; the builder is unchanged.
    #[inline(always)]
    pub fn step(&mut self, step: Step) -> Result<StepEvent, StepError> {
        // `TurnState::step` checks everything before it changes anything.
        let event = self.state.step(self.start.side_to_move(), step)?;
        self.steps.push(step);
        Ok(event)
    }

    /// Takes one step of `piece`, as a text that names the piece writes it: the same as
    /// [`step`](Self::step) when `piece` stands on the step's square, and cheaper.
    ///
    /// # Errors
    /// [`StepError::WrongPiece`] when another piece stands on the square, else as
    /// [`step`](Self::step); the builder is unchanged.
    #[inline(always)]
    pub fn step_as(&mut self, piece: Piece, step: Step) -> Result<StepEvent, StepError> {
        let event = self.state.step_as(self.start.side_to_move(), piece, step)?;
        self.steps.push(step);
        Ok(event)
    }

    /// Every step that [`step`](Self::step) accepts next, each once, into `out` (which is
    /// cleared first): the simple steps of the side to move's unfrozen pieces (a rabbit not
    /// backward), the steps of enemy pieces that start a push (not on the fourth step) or end a
    /// pull, or, while a push is pending, the steps that finish it. None after four steps.
    /// The order is a direction at a time (north, east, south, west), squares in index order,
    /// then the pulls. A step listed may still lead nowhere: a turn whose board ends as it
    /// started cannot [`finish`](Self::finish).
    ///
    /// ```
    /// use tabula_engine::arimaa::{Board, Color, Direction, Piece, PieceKind, Position, Setup, Square, Step};
    /// let mut board = Board::empty();
    /// board.put(Square::D4, Piece { color: Color::Gold, kind: PieceKind::Elephant });
    /// board.put(Square::D5, Piece { color: Color::Silver, kind: PieceKind::Cat });
    /// board.put(Square::A8, Piece { color: Color::Silver, kind: PieceKind::Rabbit });
    /// board.put(Square::H1, Piece { color: Color::Gold, kind: PieceKind::Rabbit });
    /// let pos = Position::from_setup(Setup { board, side_to_move: Color::Gold }).unwrap();
    /// let mut steps = Vec::new();
    /// pos.turn_builder().unwrap().legal_steps(&mut steps);
    /// // The elephant's three steps, the rabbit's two (north, west), the cat pushed three ways.
    /// assert_eq!(steps.len(), 8);
    /// assert!(steps.contains(&Step::new(Square::D5, Direction::North)));
    /// ```
    #[inline]
    pub fn legal_steps(&self, out: &mut Vec<Step>) {
        self.state.legal_steps(self.start.side_to_move(), out);
    }

    /// Ends the turn: the steps, checked as a whole, with the position after them.
    ///
    /// # Errors
    /// No step was taken, a push is unfinished, or the board is the same as at the start.
    #[inline]
    pub fn finish(&self) -> Result<FinishedTurn, PlayError> {
        if self.steps.is_empty() {
            return Err(PlayError::NoSteps);
        }
        if self.state.push.is_some() {
            return Err(PlayError::PushNotCompleted);
        }
        if self.state.board == *self.start.board() {
            return Err(PlayError::Unchanged);
        }
        let position = Position::from_parts(self.state.board, self.start.side_to_move().other(), Phase::Play);
        Ok(FinishedTurn { start: self.start.hash(), turn: self.steps, position })
    }
}

/// A turn found legal on its start position (repetition aside, which needs the game): only
/// [`TurnBuilder::finish`] makes one, and [`Game::play_finished`](super::Game::play_finished)
/// plays it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FinishedTurn {
    /// The hash of the position the turn was played on, which identifies it for the game.
    start: u64,
    turn: Turn,
    position: Position,
}

impl FinishedTurn {
    /// Whether the turn was played on `pos` (compared by position hash).
    pub fn started_on(&self, pos: &Position) -> bool {
        self.start == pos.hash()
    }

    /// The steps.
    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// The position after the turn.
    pub fn position(&self) -> &Position {
        &self.position
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arimaa::{Setup, Square};
    use crate::random::SplitMix64;

    /// A position of random pieces on random squares, when it is a legal one.
    fn random_position(rng: &mut SplitMix64) -> Option<Position> {
        let mut board = Board::empty();
        for _ in 0..8 + rng.below(24) {
            let color = Color::ALL[rng.below(2)];
            let kind = PieceKind::ALL[rng.below(6)];
            board.put(Square::ALL[rng.below(64)], Piece { color, kind });
        }
        Position::from_setup(Setup { board, side_to_move: Color::ALL[rng.below(2)] }).ok()
    }

    /// `legal_steps` lists each step that `step` accepts, once, and no other: checked against
    /// every square and direction at every point of random turns on random positions (pushes
    /// and pulls under way included).
    #[test]
    fn legal_steps_are_the_steps_accepted() {
        let mut rng = SplitMix64(29);
        let (mut positions, mut states, mut listed) = (0, 0, 0);
        let mut steps = Vec::new();
        while positions < 2_000 {
            let Some(pos) = random_position(&mut rng) else { continue };
            positions += 1;
            let Ok(mut builder) = pos.turn_builder() else { continue };
            loop {
                builder.legal_steps(&mut steps);
                let mut expected = Vec::new();
                for from in Square::ALL {
                    for dir in Direction::ALL {
                        let step = Step::new(from, dir);
                        if builder.clone().step(step).is_ok() {
                            expected.push(step);
                        }
                    }
                }
                let mut got = steps.clone();
                got.sort_by_key(|s| (s.from as u8, s.dir));
                expected.sort_by_key(|s| (s.from as u8, s.dir));
                assert_eq!(got, expected, "{:?} after {:?}", pos, builder.steps());
                states += 1;
                listed += steps.len();
                if steps.is_empty() {
                    break;
                }
                // Pushes, pulls and their ends come up more often when enemy steps are preferred.
                let enemy: Vec<Step> = steps
                    .iter()
                    .copied()
                    .filter(|s| !builder.board().by_color(pos.side_to_move()).contains(s.from))
                    .collect();
                let pick = if !enemy.is_empty() && rng.below(2) == 0 {
                    enemy[rng.below(enemy.len())]
                } else {
                    steps[rng.below(steps.len())]
                };
                if builder.step(pick).is_err() {
                    panic!("a listed step was refused: {pick:?}");
                }
            }
        }
        assert!(states > 5_000 && listed > 50_000, "{states} {listed}");
    }

    /// `step_as` with the piece that stands on the square is `step`; with another piece, a
    /// wrong-piece error; on an empty square, `step`'s error. Checked at every point of random
    /// turns on random positions (pushes and pulls under way included), results and boards.
    #[test]
    fn step_as_is_step_with_the_piece_checked() {
        let mut rng = SplitMix64(17);
        let (mut positions, mut compared, mut taken) = (0, 0, 0);
        while positions < 400 {
            let Some(pos) = random_position(&mut rng) else { continue };
            positions += 1;
            let Ok(mut builder) = pos.turn_builder() else { continue };
            for _ in 0..4 {
                let mut next = None;
                for _ in 0..60 {
                    let step = Step::new(Square::ALL[rng.below(64)], Direction::ALL[rng.below(4)]);
                    let on_square = builder.board().piece_at(step.from);
                    // Mostly the piece that stands there, as a text that is right names it.
                    let named = match (on_square, rng.below(3)) {
                        (Some(p), 0 | 1) => p,
                        _ => Piece { color: Color::ALL[rng.below(2)], kind: PieceKind::ALL[rng.below(6)] },
                    };
                    let (mut fast, mut plain) = (builder.clone(), builder.clone());
                    let got = fast.step_as(named, step);
                    let expected = match (plain.step(step), on_square) {
                        (_, Some(found)) if found != named => {
                            plain = builder.clone();
                            Err(StepError::WrongPiece { square: step.from, found, named })
                        }
                        (r, _) => r,
                    };
                    assert_eq!(got, expected, "{pos:?} {step:?} {named:?}");
                    assert_eq!((fast.board(), fast.steps()), (plain.board(), plain.steps()));
                    compared += 1;
                    if got.is_ok() {
                        next = Some(fast);
                    }
                }
                let Some(b) = next else { break };
                builder = b;
                taken += 1;
            }
        }
        assert!(compared > 50_000 && taken > 500, "{compared} {taken}");
    }
}
