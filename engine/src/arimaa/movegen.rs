//! Generation of every legal turn, one per distinct resulting position.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::direction::Direction;
use super::piece::PieceKind;
use super::position::{Phase, Position};
use super::step::Step;
use super::turn::Turn;
use super::turn_builder::TurnState;

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

    fn search(&mut self, me: Color, start: &Board, state: &TurnState, turn: Turn) {
        let mut steps: SmallVec<[Step; 64]> = SmallVec::new();
        candidate_steps(state, me, &mut steps);
        for step in steps {
            let mut next = *state;
            if next.step(me, step).is_err() {
                continue;
            }
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
}

/// Every step that may be legal in `state`: a superset that [`TurnState::step`] then filters.
fn candidate_steps(state: &TurnState, me: Color, out: &mut SmallVec<[Step; 64]>) {
    let b = &state.board;
    if let Some(push) = state.push {
        for sq in push.pushers {
            if let Some(dir) = sq.direction_to(push.vacated) {
                out.push(Step::new(sq, dir));
            }
        }
        return;
    }
    let empty = !b.occupied();
    let active = b.by_color(me) & !b.frozen(me);
    let rabbits = b.pieces(me, PieceKind::Rabbit);
    for dir in Direction::ALL {
        let mut from = active & empty.shift(dir.opposite());
        if dir == me.backward() {
            from &= !rabbits;
        }
        out.extend(from.map(|sq| Step::new(sq, dir)));
    }
    if let Some((left, kind)) = state.pull {
        for sq in Bitboard::adjacent(left) & b.weaker_enemies(me, kind) {
            if let Some(dir) = sq.direction_to(left) {
                out.push(Step::new(sq, dir));
            }
        }
    }
    if state.len < 3 {
        let mut victims = Bitboard::EMPTY;
        for kind in PieceKind::ALL.into_iter().skip(1) {
            let pushers = b.pieces(me, kind) & active;
            if pushers.any() {
                victims |= pushers.neighbors() & b.weaker_enemies(me, kind);
            }
        }
        victims &= empty.neighbors();
        for dir in Direction::ALL {
            out.extend((victims & empty.shift(dir.opposite())).map(|sq| Step::new(sq, dir)));
        }
    }
}
