//! Generation of every legal turn, one per distinct resulting position.

use rustc_hash::{FxHashMap, FxHashSet};

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::direction::Direction;
use super::piece::Piece;
use super::piece::PieceKind;
use super::position::{Phase, Position};
use super::square::Square;
use super::step::Step;
use super::turn::Turn;
use super::turn_builder::{PendingPush, TurnState};

/// The legal turns of a position with the position each one leads to.
pub type LegalTurns<'a> = &'a [(Turn, Position)];

/// Generates legal turns, keeping its tables between calls so that repeated generation does not
/// allocate.
///
/// The search walks step sequences depth first, skipping any turn state (board, steps taken,
/// push or pull in progress) already seen, and keeps the first turn that reaches each board.
/// Repetition is not judged here: it needs the game's history ([`Game`](super::Game)).
#[derive(Default)]
pub struct MoveGenerator {
    /// Turn states already searched, as 128-bit keys: the board's Zobrist hash mixed with the
    /// turn's progress, and a second, independent digest of the board (its occupancy). Two
    /// different states share a key only if both 64-bit halves collide at once.
    seen: FxHashSet<u128>,
    /// Boards reached, by Zobrist hash, to the index of their turn in `out`; equal hashes are
    /// confirmed by comparing the boards, so the deduplication of results is exact.
    reached: FxHashMap<u64, u32>,
    out: Vec<(Turn, Position)>,
}

fn state_key(s: &TurnState) -> u128 {
    let push =
        s.push.map_or(0, |p| 1 + p.vacated as u64 + 64 * (p.pushers.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40));
    let pull = s.pull.map_or(0, |(sq, k)| 1 + sq as u64 + 64 * k as u64);
    let progress = u64::from(s.len) | push << 3 | pull << 40;
    let hi = s.board.hash() ^ progress.wrapping_mul(0xff51_afd7_ed55_8ccd);
    let lo = s.board.by_color(Color::Gold).0 ^ s.board.by_color(Color::Silver).0.rotate_left(29) ^ progress;
    (u128::from(hi) << 64) | u128::from(lo)
}

impl MoveGenerator {
    /// A generator with empty tables.
    pub fn new() -> MoveGenerator {
        MoveGenerator::default()
    }

    /// Every legal turn of `pos`, deduplicated by resulting position, in the order found.
    /// Empty in the set-up phase.
    pub fn legal_turns(&mut self, pos: &Position) -> LegalTurns<'_> {
        self.seen.clear();
        self.reached.clear();
        self.out.clear();
        if pos.phase() == Phase::Play {
            let me = pos.side_to_move();
            self.search(me, pos.board(), &TurnState::new(*pos.board()), Turn::empty());
        }
        &self.out
    }

    /// The number of distinct positions reachable in one turn.
    pub fn count(&mut self, pos: &Position) -> usize {
        self.legal_turns(pos).len()
    }

    fn record(&mut self, me: Color, board: &Board, turn: Turn) {
        let index = self.out.len() as u32;
        match self.reached.entry(board.hash()) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(index);
            }
            std::collections::hash_map::Entry::Occupied(o) => {
                if self.out[*o.get() as usize].1.board() == board {
                    return;
                }
                // A true 64-bit collision: keep the board unless it is already in the list.
                if self.out.iter().any(|(_, p)| p.board() == board) {
                    return;
                }
            }
        }
        self.out.push((turn, Position::from_parts(*board, me.other(), Phase::Play)));
    }

    /// Searches every step that can follow `state`. The steps are generated already legal,
    /// by the same rules as [`TurnState::step`] (which checks a step given from outside): a
    /// piece of the side to move steps if unfrozen (a rabbit not backward); an enemy piece
    /// weaker than the last simple step's piece may follow into the square it left (a pull,
    /// which takes precedence over reading the same step as a push); otherwise an enemy piece
    /// next to a stronger unfrozen friend may be pushed, not on the fourth step, and the next
    /// step must be one of those friends taking its square.
    fn search(&mut self, me: Color, start: &Board, state: &TurnState, turn: Turn) {
        let b = state.board;
        let empty = !b.occupied();
        if let Some(push) = state.push {
            for from in push.pushers {
                let (Some(dir), Some(piece)) = (from.direction_to(push.vacated), b.piece_at(from)) else { continue };
                let mut next = *state;
                next.push = None;
                next.pull = None;
                self.advance(me, start, next, turn, piece, Step::new(from, dir), push.vacated);
            }
            return;
        }
        let them = me.other();
        let active = b.by_color(me) & !b.frozen(me);
        for kind in PieceKind::ALL {
            let pieces = b.pieces(me, kind) & active;
            if pieces.is_empty() {
                continue;
            }
            let piece = Piece { color: me, kind };
            for dir in Direction::ALL {
                if kind == PieceKind::Rabbit && dir == me.backward() {
                    continue;
                }
                for from in pieces & empty.shift(dir.opposite()) {
                    let Some(to) = from.offset(dir) else { continue };
                    let mut next = *state;
                    next.pull = Some((from, kind));
                    self.advance(me, start, next, turn, piece, Step::new(from, dir), to);
                }
            }
        }
        let pull = state.pull;
        if let Some((left, strength)) = pull {
            for kind in PieceKind::ALL.into_iter().filter(|&k| k < strength) {
                let piece = Piece { color: them, kind };
                for from in Bitboard::adjacent(left) & b.pieces(them, kind) {
                    let Some(dir) = from.direction_to(left) else { continue };
                    let mut next = *state;
                    next.pull = None;
                    self.advance(me, start, next, turn, piece, Step::new(from, dir), left);
                }
            }
        }
        if state.len >= 3 {
            return;
        }
        for kind in PieceKind::ALL.into_iter().take(5) {
            let stronger = b.stronger_enemies(them, kind) & active;
            let victims = b.pieces(them, kind) & stronger.neighbors() & empty.neighbors();
            if victims.is_empty() {
                continue;
            }
            let piece = Piece { color: them, kind };
            for from in victims {
                let pushers = Bitboard::adjacent(from) & stronger;
                for dir in Direction::ALL {
                    let Some(to) = from.offset(dir) else { continue };
                    if !empty.contains(to) || matches!(pull, Some((left, s)) if left == to && kind < s) {
                        // Into an occupied square, or the same step read as a pull above.
                        continue;
                    }
                    let mut next = *state;
                    next.push = Some(PendingPush { vacated: from, pushers });
                    next.pull = None;
                    self.advance(me, start, next, turn, piece, Step::new(from, dir), to);
                }
            }
        }
    }

    /// Moves `piece` by `step` in `next` (whose push and pull are already set for after the
    /// step), removes a stranded piece, records a finished turn and searches on.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn advance(
        &mut self,
        me: Color,
        start: &Board,
        mut next: TurnState,
        turn: Turn,
        piece: Piece,
        step: Step,
        to: Square,
    ) {
        next.board.move_piece(piece, step.from, to);
        next.len += 1;
        next.capture(step.from, to);
        let mut t = turn;
        t.push(step);
        if next.push.is_none() && next.board != *start {
            self.record(me, &next.board, t);
        }
        if next.len < 4 && self.seen.insert(state_key(&next)) {
            self.search(me, start, &next, t);
        }
    }
}
