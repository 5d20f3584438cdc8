//! Generation of every legal turn, one per distinct resulting position.

use std::cmp::Ordering;

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
use super::zobrist::{piece_key, piece_key_2, piece_keys, piece_keys_2};

/// The legal turns of a position with the position each one leads to.
pub type LegalTurns<'a> = &'a [(Turn, Position)];

/// Generates legal turns, keeping its tables between calls so that repeated generation does not
/// allocate.
///
/// The search walks step sequences depth first, skipping any turn state (board, steps taken,
/// push in progress, a pull that an enemy could follow) already seen, and keeps the first turn
/// that reaches each board.
/// Repetition is not judged here: it needs the game's history ([`Game`](super::Game)).
#[derive(Default)]
pub struct MoveGenerator {
    /// Turn states already searched, as 128-bit keys: the board's Zobrist hash mixed with the
    /// turn's progress, and a second, independent digest of the board (its occupancy). Two
    /// different states share a key only if both 64-bit halves collide at once.
    seen: KeySet,
    /// Boards reached, as their two independent 64-bit Zobrist hashes (the board's own and the
    /// second table's): two boards are taken for the same only when both agree. The boards a
    /// turn reaches are mostly reached again by other orders of the same steps, so this is
    /// the test most steps end in: it reads one small table and builds no board.
    reached: KeySet,
    /// The steps gathered from the turn state being searched at each of the first three
    /// depths, hashed, so that their slots in `seen` and `reached` are read all together
    /// before any is looked up (see [`MoveGenerator::search`]).
    children: [Vec<Child>; 3],
    /// The fourth steps from the turn state being searched, hashed, to be looked up in
    /// `reached` together (see [`MoveGenerator::finish_last_steps`]).
    last_steps: Vec<LastStep>,
    out: Vec<(Turn, Position)>,
    /// Whether every order of steps that commute is tried, and every step of a state whose
    /// board was searched with a different pull, none passed over (see [`gather`]): only for
    /// the tests that show passing them over changes nothing.
    exhaustive: bool,
}

/// One of the first three steps of a turn, with the hashes of the board it reaches and the
/// key in `seen` of the turn state it leads to.
#[derive(Copy, Clone)]
struct Child {
    hash: u64,
    hash_2: u64,
    key: (u64, u64),
    /// The key in `seen` of the same state without the pull it leaves behind, when it leaves
    /// one.
    key_no_pull: (u64, u64),
    piece: Piece,
    step: Step,
    to: Square,
    near_trap: bool,
    /// The push the step starts.
    push: Option<PendingPush>,
    /// The step, when it is a free step.
    free: Option<FreeStep>,
    /// The pull it leaves behind, as far as it matters ([`pull_that_matters`]).
    pull: Option<(Square, PieceKind)>,
}

/// A fourth step, with the hashes of the board it reaches.
#[derive(Copy, Clone)]
struct LastStep {
    hash: u64,
    hash_2: u64,
    piece: Piece,
    step: Step,
    to: Square,
    /// Whether the step touches a trap (a capture is possible).
    near_trap: bool,
}

/// A set of 128-bit keys, open addressing over a power-of-two table that is only ever grown,
/// cleared by the slots it filled. The second half is stored with its lowest bit set, which
/// tells a key from an empty slot (so that bit of it is not compared).
#[derive(Default)]
struct KeySet {
    slots: Vec<[u64; 2]>,
    filled: Vec<u32>,
}

impl KeySet {
    fn clear(&mut self) {
        for &i in &self.filled {
            self.slots[i as usize] = [0, 0];
        }
        self.filled.clear();
    }

    /// Adds the key; `true` when it was not there. `a` is spread (its low bits pick the slot).
    #[inline]
    fn insert(&mut self, a: u64, b: u64) -> bool {
        let key = [a, b | 1];
        if self.filled.len() * 2 >= self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = a as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == key {
                return false;
            }
            if slot == [0, 0] {
                self.slots[i] = key;
                self.filled.push(i as u32);
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Makes room for `n` more keys without growing.
    #[inline]
    fn reserve(&mut self, n: usize) {
        while (self.filled.len() + n) * 2 >= self.slots.len() {
            self.grow();
        }
    }

    /// Reads the slots where these keys would be looked for first, all at once, so that the
    /// memory reads overlap instead of waiting one after another in `insert`.
    #[inline]
    fn touch(&self, keys: impl Iterator<Item = u64>) {
        let mask = self.slots.len() - 1;
        let mut any = 0;
        for a in keys {
            any ^= self.slots[a as usize & mask][0];
        }
        std::hint::black_box(any);
    }

    #[cold]
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let filled = std::mem::take(&mut self.filled);
        self.slots = vec![[0, 0]; (old.len() * 2).max(1 << 8)];
        self.filled.reserve(self.slots.len() / 2);
        for i in filled {
            let [a, b] = old[i as usize];
            self.insert(a, b);
        }
    }
}

/// A turn state in the search, with the second hash of its board.
#[derive(Copy, Clone)]
struct Node {
    state: TurnState,
    hash_2: u64,
    /// The step that made this state, when it is a free step (see [`FreeStep`]).
    last: Option<FreeStep>,
    /// Whether the same board with as many steps taken and no pull pending was searched
    /// before, so that only the pulls can reach boards not yet found (see [`gather`]).
    only_pulls: bool,
}

/// A step of a piece of the side to move that is not part of a push, as far as telling which
/// such steps commute: played in either order, two that commute are both legal and reach the
/// same board.
///
/// Between two such steps the enemy pieces stay where they are (a step captures only its own
/// side's pieces), so a step depends only on which squares hold a friend: its own two squares,
/// the squares next to where it starts if an enemy stronger than the piece stands next to it
/// there (they decide whether it is frozen), and each trap next to where it starts or where
/// it ends with the squares around that trap (they decide the captures). It changes its own
/// two squares and those traps. Two steps commute when neither changes a square the other
/// depends on.
#[derive(Copy, Clone)]
struct FreeStep {
    /// Its place in the order [`gather`] and [`gather_last`] take free steps in.
    order: u16,
    kind: PieceKind,
    from: Square,
    writes: Bitboard,
    reads: Bitboard,
}

/// For each square and direction of a step from it: the squares a free step writes, those it
/// reads when not threatened, and those it reads when threatened (see [`FreeStep`]). Unused
/// where the step would leave the board.
static FREE_STEP_SQUARES: [[[Bitboard; 3]; 4]; 64] = {
    let mut table = [[[Bitboard::EMPTY; 3]; 4]; 64];
    let mut from: usize = 0;
    while from < 64 {
        let (file, near) = (from % 8, Bitboard(1 << from).neighbors().0);
        // North, east, south, west, as `Direction::ALL`.
        let to = [from + 8, from + 1, from.wrapping_sub(8), from.wrapping_sub(1)];
        let on_board = [from < 56, file < 7, from >= 8, file > 0];
        let mut d = 0;
        while d < 4 {
            if on_board[d] {
                let to = 1u64 << to[d];
                let traps = Bitboard::TRAPS.0 & (near | to);
                let writes = 1 << from | to | traps;
                let reads = writes | Bitboard(traps).neighbors().0;
                table[from][d] = [Bitboard(writes), Bitboard(reads), Bitboard(reads | near)];
            }
            d += 1;
        }
        from += 1;
    }
    table
};

impl FreeStep {
    #[inline]
    fn new(kind: PieceKind, dir: Direction, from: Square, threatened: bool) -> FreeStep {
        let [writes, calm, threat] = FREE_STEP_SQUARES[from as usize][dir as usize];
        let reads = if threatened { threat } else { calm };
        FreeStep { order: (kind as u16) << 8 | (dir as u16) << 6 | from as u16, kind, from, writes, reads }
    }

    #[inline]
    fn commutes(self, other: FreeStep) -> bool {
        (self.writes & other.reads).is_empty() && (other.writes & self.reads).is_empty()
    }

    /// For each direction, the squares from which a free step that way commutes with this
    /// one, on a board where `threatened` are the pieces of the side to move next to a
    /// stronger enemy: [`commutes`](Self::commutes) for every square at once.
    ///
    /// A step from `from` writes `from`, the square it reaches and the traps next to `from`
    /// or reached; it reads those, the squares around those traps, and the squares around
    /// `from` when threatened. So it fails to commute when `from` or the square it reaches is
    /// read by this step, when one of its traps is read by this step or has a square around
    /// it written by this step, or when it is threatened next to a square this step writes.
    #[inline]
    fn commuting(self, threatened: Bitboard) -> [Bitboard; 4] {
        let traps = Bitboard::TRAPS & (self.reads | self.writes.neighbors());
        let reached = self.reads | traps;
        let left = self.reads | traps.neighbors() | (threatened & self.writes.neighbors());
        Direction::ALL.map(|dir| !(left | reached.shift(dir.opposite())))
    }

    /// The squares from which a step of a `kind` toward `dir` comes before this one in the
    /// order free steps are tried.
    #[inline]
    fn before(self, kind: PieceKind, dir: Direction) -> Bitboard {
        let (group, last_group) = ((kind as u16) << 2 | dir as u16, self.order >> 6);
        if group < last_group {
            Bitboard(u64::MAX)
        } else if group > last_group {
            Bitboard::EMPTY
        } else {
            Bitboard((1 << (self.order & 63)) - 1)
        }
    }
}

fn second_hash(board: &Board) -> u64 {
    board.iter().fold(0, |h, (sq, p)| h ^ piece_key_2(p.color, p.kind, sq))
}

/// The pull a simple step that left `left` makes possible, as far as it decides what may
/// follow: `None` when no enemy (of `them`) weaker than the piece stands next to the square,
/// else the strength lowered to one above the strongest such enemy. States that differ only in
/// what this drops lead to the same steps, so they share one key in `seen` and are searched
/// once (most often, the same simple steps taken in another order).
#[inline]
fn pull_that_matters(board: &Board, them: Color, left: Square, strength: PieceKind) -> Option<(Square, PieceKind)> {
    let near = Bitboard::adjacent(left);
    (0..strength as usize)
        .rev()
        .find(|&k| (near & board.pieces(them, PieceKind::ALL[k])).any())
        .map(|k| (left, PieceKind::ALL[k + 1]))
}

/// The board after `piece` steps from `from` to `to` on `board`, with the trap captures (only
/// looked for when the step touches a trap, as [`TurnState::capture`] does).
#[inline]
fn after_step(board: &Board, piece: Piece, from: Square, to: Square, near_trap: bool) -> Board {
    let mut board = *board;
    board.move_piece(piece, from, to);
    if near_trap {
        board.remove_trapped();
    }
    board
}

/// The key in `seen` of the turn state of `len` steps, with `push` and `pull` pending, on the
/// board of Zobrist hash `hash` with `gold` and `silver` its pieces.
fn state_key(
    hash: u64,
    gold: Bitboard,
    silver: Bitboard,
    len: u8,
    push: Option<PendingPush>,
    pull: Option<(Square, PieceKind)>,
) -> (u64, u64) {
    let push = push.map_or(0, |p| 1 + p.vacated as u64 + 64 * (p.pushers.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40));
    let pull = pull.map_or(0, |(sq, k)| 1 + sq as u64 + 64 * k as u64);
    let progress = u64::from(len) | push << 3 | pull << 40;
    let hi = hash ^ progress.wrapping_mul(0xff51_afd7_ed55_8ccd);
    let lo = gold.0 ^ silver.0.rotate_left(29) ^ progress;
    (hi, lo)
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
            let root = Node {
                state: TurnState::new(*pos.board()),
                hash_2: second_hash(pos.board()),
                last: None,
                only_pulls: false,
            };
            self.search(me, pos.board(), &root, Turn::empty());
        }
        &self.out
    }

    /// The number of distinct positions reachable in one turn.
    pub fn count(&mut self, pos: &Position) -> usize {
        self.legal_turns(pos).len()
    }

    /// Searches every step that can follow `state`. The steps are generated already legal,
    /// by the same rules as [`TurnState::step`] (which checks a step given from outside): a
    /// piece of the side to move steps if unfrozen (a rabbit not backward); an enemy piece
    /// weaker than the last simple step's piece may follow into the square it left (a pull,
    /// which takes precedence over reading the same step as a push); otherwise an enemy piece
    /// next to a stronger unfrozen friend may be pushed, not on the fourth step, and the next
    /// step must be one of those friends taking its square.
    ///
    /// The steps from a state are gathered first, hashed, and the slots where they are to be
    /// looked for are read all together, so that the memory reads overlap instead of waiting
    /// one after another; then each is taken in the order gathered.
    fn search(&mut self, me: Color, start: &Board, node: &Node, turn: Turn) {
        let depth = node.state.len as usize;
        if depth == 3 {
            if node.state.push.is_none() {
                gather_last(me, node, &mut self.last_steps);
            } else {
                gather(me, node, &mut Vec::new(), &mut self.last_steps);
            }
            self.finish_last_steps(me, start, node, turn);
            return;
        }
        let mut children = std::mem::take(&mut self.children[depth]);
        gather(me, node, &mut children, &mut self.last_steps);
        self.reached.reserve(children.len());
        self.seen.reserve(2 * children.len());
        self.reached.touch(children.iter().filter(|c| c.push.is_none()).map(|c| c.hash));
        self.seen.touch(children.iter().map(|c| c.key.0));
        for c in &children {
            self.enter(me, start, node, turn, c);
        }
        children.clear();
        self.children[depth] = children;
    }

    /// Takes the step `c` from `node`: records the turn it finishes, unless it starts a push
    /// or only reaches a board already recorded, and searches on from the state it leads to,
    /// unless that was searched before. The board after the step is built only when needed.
    #[inline]
    fn enter(&mut self, me: Color, start: &Board, node: &Node, turn: Turn, c: &Child) {
        let b = &node.state.board;
        let after = || after_step(b, c.piece, c.step.from, c.to, c.near_trap);
        let mut t = turn;
        t.push(c.step);
        let mut built = None;
        if c.push.is_none() {
            // The same board as at the start has the same hash: only then are boards compared.
            let changed = c.hash != start.hash() || *built.insert(after()) != *start;
            if changed && self.reached.insert(c.hash, c.hash_2) {
                let board = *built.get_or_insert_with(after);
                self.out.push((t, Position::from_parts(board, me.other(), Phase::Play)));
            }
        }
        if self.seen.insert(c.key.0, c.key.1) {
            let board = built.unwrap_or_else(after);
            let state = TurnState { board, len: node.state.len + 1, push: c.push, pull: c.pull };
            let last = c.free.filter(|_| !self.exhaustive);
            let only_pulls =
                c.pull.is_some() && !self.exhaustive && !self.seen.insert(c.key_no_pull.0, c.key_no_pull.1);
            self.search(me, start, &Node { state, hash_2: c.hash_2, last, only_pulls }, t);
        }
    }

    /// Records the turns that the fourth steps gathered from `node` finish, in the order the
    /// steps were found: their slots in `reached` are read all together first.
    fn finish_last_steps(&mut self, me: Color, start: &Board, node: &Node, turn: Turn) {
        let last = std::mem::take(&mut self.last_steps);
        self.reached.reserve(last.len());
        self.reached.touch(last.iter().map(|l| l.hash));
        for l in &last {
            let after = || after_step(&node.state.board, l.piece, l.step.from, l.to, l.near_trap);
            let changed = l.hash != start.hash() || after() != *start;
            if changed && self.reached.insert(l.hash, l.hash_2) {
                let mut t = turn;
                t.push(l.step);
                // Built where it is kept: the board of three steps copied once, then stepped.
                self.out.push((t, Position::from_parts(node.state.board, me.other(), Phase::Play)));
                if let Some((_, pos)) = self.out.last_mut() {
                    let board = pos.board_mut();
                    board.move_piece(l.piece, l.step.from, l.to);
                    if l.near_trap {
                        board.remove_trapped();
                    }
                }
            }
        }
        self.last_steps = last;
        self.last_steps.clear();
    }
}

/// Gathers every step that can follow `node`'s state, with the states they lead to (the
/// first three steps, into `children`) or the boards they reach (the fourth, into `fourth`).
///
/// A free step that commutes with the free step that made the state and comes before it
/// in the order tried is passed over when the two in the other order reach the same turn
/// state: always on the fourth step (only the board counts then), else when neither step
/// leaves a pull behind. The other order was tried first, from the state before, and
/// reached that state. (If the state it reached passes the step over in turn, the same
/// holds one state further on, with a step later in the order each time, so it ends.) No
/// state is lost, and none is first reached by a step passed over, so the turns found and
/// their order do not change.
///
/// When the state's board, with as many steps taken and no pull pending, was searched before
/// (by a state that differed only in its pull, and so was searched to the end before this one
/// was reached), only the pulls are gathered. Every other step reaches a state that was
/// searched then, or one that does no more than that state: a push that the earlier state
/// read as a pull ends on the boards that pull and the pusher's step reach.
fn gather(me: Color, node: &Node, children: &mut Vec<Child>, fourth: &mut Vec<LastStep>) {
    let state = &node.state;
    let b = &state.board;
    let empty = !b.occupied();
    if let Some(push) = state.push {
        for from in push.pushers {
            let (Some(dir), Some(piece)) = (from.direction_to(push.vacated), b.piece_at(from)) else { continue };
            step(node, children, fourth, None, None, piece, Step::new(from, dir), push.vacated);
        }
        return;
    }
    let them = me.other();
    let pull = state.pull;
    if node.only_pulls {
        gather_pulls(node, children, fourth, them, pull);
        return;
    }
    let active = b.by_color(me) & !b.frozen(me);
    let threatened = b.threatened(me);
    let last = node.last.filter(|_| state.len == 3 || state.pull.is_none());
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
                let free = FreeStep::new(kind, dir, from, threatened.contains(from));
                if let Some(last) = last {
                    if free.order < last.order
                        && free.commutes(last)
                        && (state.len == 3 || pull_that_matters(b, them, from, kind).is_none())
                    {
                        continue;
                    }
                }
                step(node, children, fourth, None, Some(free), piece, Step::new(from, dir), to);
            }
        }
    }
    gather_pulls(node, children, fourth, them, pull);
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
                let push = Some(PendingPush { vacated: from, pushers });
                step(node, children, fourth, push, None, piece, Step::new(from, dir), to);
            }
        }
    }
}

/// The change of a square's index for a step in each direction (as `Direction::ALL`), modulo
/// 2^64.
const STEP_OFFSETS: [usize; 4] = [8, 1, 8usize.wrapping_neg(), 1usize.wrapping_neg()];

/// For each direction (as `Direction::ALL`), the squares from which a step that way touches a
/// trap: next to one, or a step short of one.
const TOUCHING_TRAPS: [Bitboard; 4] = [
    Bitboard(Bitboard::TRAPS.neighbors().0 | Bitboard::TRAPS.shift(Direction::South).0),
    Bitboard(Bitboard::TRAPS.neighbors().0 | Bitboard::TRAPS.shift(Direction::West).0),
    Bitboard(Bitboard::TRAPS.neighbors().0 | Bitboard::TRAPS.shift(Direction::North).0),
    Bitboard(Bitboard::TRAPS.neighbors().0 | Bitboard::TRAPS.shift(Direction::East).0),
];

/// Gathers the fourth steps that can follow `node`'s state, when no push is pending, into
/// `fourth`: the same steps in the same order as [`gather`], each piece's free steps one
/// direction at a time, every square they leave paired with the square they reach. Kept
/// out of line: inlined into the search, its loop compiles to more instructions.
#[inline(never)]
fn gather_last(me: Color, node: &Node, fourth: &mut Vec<LastStep>) {
    let state = &node.state;
    let b = &state.board;
    if !node.only_pulls {
        let (own, occupied) = (b.by_color(me), b.occupied());
        let empty = !occupied;
        let threatened = b.threatened(me);
        let active = own & !(threatened & !own.neighbors());
        // For each direction, the squares a step that way can leave: those with an empty
        // square beyond, less, for the kinds before the third step's kind and for its kind,
        // the squares whose step is passed over as commuting with the third step.
        let open = Direction::ALL.map(|dir| empty.shift(dir.opposite()));
        let (mut below, mut same) = (open, open);
        if let Some(last) = node.last {
            let commuting = last.commuting(threatened);
            for dir in Direction::ALL {
                let d = dir as usize;
                below[d] = open[d] & !commuting[d];
                same[d] = open[d] & !(commuting[d] & last.before(last.kind, dir));
            }
        }
        for kind in PieceKind::ALL {
            let pieces = b.pieces(me, kind) & active;
            if pieces.is_empty() {
                continue;
            }
            let open = match node.last.map(|last| kind.cmp(&last.kind)) {
                Some(Ordering::Less) => &below,
                Some(Ordering::Equal) => &same,
                _ => &open,
            };
            let piece = Piece { color: me, kind };
            let (keys, keys_2) = (piece_keys(me, kind), piece_keys_2(me, kind));
            for dir in Direction::ALL {
                if kind == PieceKind::Rabbit && dir == me.backward() {
                    continue;
                }
                let (d, offset) = (dir as usize, STEP_OFFSETS[dir as usize]);
                for from in pieces & open[d] {
                    let to = (from as usize).wrapping_add(offset) & 63;
                    let mut hash = b.hash() ^ keys[from as usize] ^ keys[to];
                    let mut hash_2 = node.hash_2 ^ keys_2[from as usize] ^ keys_2[to];
                    let to = Square::ALL[to];
                    let mut near = Bitboard::EMPTY;
                    if TOUCHING_TRAPS[d].contains(from) {
                        let moved = Bitboard::from_square(from) | Bitboard::from_square(to);
                        near = (Bitboard::from_square(to) | Bitboard::adjacent(from))
                            & Bitboard::TRAPS
                            & (occupied ^ moved);
                        if near.any() {
                            let (gold, silver) = match me {
                                Color::Gold => (b.by_color(Color::Gold) ^ moved, b.by_color(Color::Silver)),
                                Color::Silver => (b.by_color(Color::Gold), b.by_color(Color::Silver) ^ moved),
                            };
                            let (_, trapped_hash, trapped_hash_2) = captures(b, piece, to, gold, silver);
                            hash ^= trapped_hash;
                            hash_2 ^= trapped_hash_2;
                        }
                    }
                    fourth.push(LastStep {
                        hash,
                        hash_2,
                        piece,
                        step: Step::new(from, dir),
                        to,
                        near_trap: near.any(),
                    });
                }
            }
        }
    }
    gather_pulls(node, &mut Vec::new(), fourth, me.other(), state.pull);
}

/// The pieces left unsupported on a trap once `piece` has stepped to `to` on `board`, leaving
/// `gold` and `silver` the squares of each side, with the keys of both hashes that take them
/// off.
#[inline]
fn captures(board: &Board, piece: Piece, to: Square, gold: Bitboard, silver: Bitboard) -> (Bitboard, u64, u64) {
    let trapped = Bitboard::TRAPS & ((gold & !gold.neighbors()) | (silver & !silver.neighbors()));
    let (mut hash, mut hash_2) = (0, 0);
    for sq in trapped {
        let Some(p) = (if sq == to { Some(piece) } else { board.piece_at(sq) }) else { continue };
        hash ^= piece_key(p.color, p.kind, sq);
        hash_2 ^= piece_key_2(p.color, p.kind, sq);
    }
    (trapped, hash, hash_2)
}

/// Gathers the pulls that can follow `node`'s state: steps of enemies (of `them`) into the
/// square the last step left, as `pull` says.
#[inline]
fn gather_pulls(
    node: &Node,
    children: &mut Vec<Child>,
    fourth: &mut Vec<LastStep>,
    them: Color,
    pull: Option<(Square, PieceKind)>,
) {
    let Some((left, strength)) = pull else { return };
    for kind in PieceKind::ALL.into_iter().filter(|&k| k < strength) {
        let piece = Piece { color: them, kind };
        for from in Bitboard::adjacent(left) & node.state.board.pieces(them, kind) {
            let Some(dir) = from.direction_to(left) else { continue };
            step(node, children, fourth, None, None, piece, Step::new(from, dir), left);
        }
    }
}

/// Gathers the step of `piece` by `step` from `node`'s board, with `push` the push it starts
/// and `free` the step when it is a free step (which may leave a pull behind): the hashes
/// of the board after it, with the pieces it strands on a trap taken off, and the key of
/// the state it leads to. No board is built.
#[inline]
#[allow(clippy::too_many_arguments)]
fn step(
    node: &Node,
    children: &mut Vec<Child>,
    fourth: &mut Vec<LastStep>,
    push: Option<PendingPush>,
    free: Option<FreeStep>,
    piece: Piece,
    step: Step,
    to: Square,
) {
    let from = step.from;
    let b = &node.state.board;
    let mut hash = b.hash() ^ piece_key(piece.color, piece.kind, from) ^ piece_key(piece.color, piece.kind, to);
    let mut hash_2 =
        node.hash_2 ^ piece_key_2(piece.color, piece.kind, from) ^ piece_key_2(piece.color, piece.kind, to);
    // The trap captures, as `TurnState::capture` makes them: only when the step touches a
    // trap, every piece left unsupported on one.
    let moved = Bitboard::from_square(from) | Bitboard::from_square(to);
    let (mut gold, mut silver) = (b.by_color(Color::Gold), b.by_color(Color::Silver));
    if piece.color == Color::Gold {
        gold ^= moved;
    } else {
        silver ^= moved;
    }
    let near = (Bitboard::from_square(to) | Bitboard::adjacent(from)) & Bitboard::TRAPS & (gold | silver);
    let mut trapped = Bitboard::EMPTY;
    if near.any() {
        let (taken, trapped_hash, trapped_hash_2) = captures(b, piece, to, gold, silver);
        trapped = taken;
        hash ^= trapped_hash;
        hash_2 ^= trapped_hash_2;
    }
    let len = node.state.len + 1;
    if len == 4 {
        // A push cannot start on the fourth step: every fourth step ends the turn.
        fourth.push(LastStep { hash, hash_2, piece, step, to, near_trap: near.any() });
        return;
    }
    // A free step captures only its own side's pieces: the enemies it may pull are those
    // on the board before it.
    let pull = free.and_then(|f| pull_that_matters(b, piece.color.other(), f.from, f.kind));
    let key = state_key(hash, gold & !trapped, silver & !trapped, len, push, pull);
    let key_no_pull =
        if pull.is_some() { state_key(hash, gold & !trapped, silver & !trapped, len, push, None) } else { key };
    children.push(Child { hash, hash_2, key, key_no_pull, piece, step, to, near_trap: near.any(), push, free, pull });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arimaa::Setup;
    use crate::random::SplitMix64;

    /// A position of random pieces, crowded around the traps more often than not, when it is
    /// a legal one.
    fn random_position(rng: &mut SplitMix64) -> Option<Position> {
        let mut board = Board::empty();
        for _ in 0..6 + rng.below(26) {
            let color = Color::ALL[rng.below(2)];
            let kind = PieceKind::ALL[rng.below(6)];
            let sq = match rng.below(3) {
                0 => Square::ALL[rng.below(64)],
                _ => {
                    let trap = [Square::C3, Square::F3, Square::C6, Square::F6][rng.below(4)];
                    let near: Vec<Square> = Bitboard::adjacent(trap).neighbors().collect();
                    near[rng.below(near.len())]
                }
            };
            board.put(sq, Piece { color, kind });
        }
        Position::from_setup(Setup { board, side_to_move: Color::ALL[rng.below(2)] }).ok()
    }

    /// The squares [`FreeStep::commuting`] and [`FreeStep::before`] give are those from which
    /// a free step commutes with the step and comes before it, taken one at a time, for
    /// random steps and random sets of threatened pieces.
    #[test]
    fn commuting_squares_are_those_of_each_step() {
        let mut rng = SplitMix64(3);
        let step = |rng: &mut SplitMix64, threatened: Bitboard| loop {
            let (kind, dir, from) =
                (PieceKind::ALL[rng.below(6)], Direction::ALL[rng.below(4)], Square::ALL[rng.below(64)]);
            if from.offset(dir).is_some() {
                break FreeStep::new(kind, dir, from, threatened.contains(from));
            }
        };
        for _ in 0..2000 {
            let threatened = Bitboard(rng.next_u64() & rng.next_u64());
            let threatened_before = Bitboard(rng.next_u64());
            let last = step(&mut rng, threatened_before);
            let commuting = last.commuting(threatened);
            for kind in PieceKind::ALL {
                for dir in Direction::ALL {
                    for from in Square::ALL.into_iter().filter(|sq| sq.offset(dir).is_some()) {
                        let free = FreeStep::new(kind, dir, from, threatened.contains(from));
                        assert_eq!(commuting[dir as usize].contains(from), free.commutes(last));
                        assert_eq!(last.before(kind, dir).contains(from), free.order < last.order);
                    }
                }
            }
        }
    }

    /// Passing over the steps that commute with the step before, and all but the pulls of a
    /// state whose board was searched before with a different pull, changes nothing: the same
    /// turns, to the same positions, in the same order as trying every order and every state,
    /// on random positions and on positions a few random turns further on.
    #[test]
    fn passing_over_steps_changes_nothing() {
        let mut rng = SplitMix64(25);
        let (mut quick, mut every) = (MoveGenerator::new(), MoveGenerator { exhaustive: true, ..MoveGenerator::new() });
        let (mut positions, mut turns) = (0, 0);
        while positions < 120 {
            let Some(mut pos) = random_position(&mut rng) else { continue };
            for _ in 0..1 + rng.below(4) {
                let expected = every.legal_turns(&pos).to_vec();
                assert_eq!(quick.legal_turns(&pos), expected.as_slice(), "{pos:?}");
                positions += 1;
                turns += expected.len();
                let Some((_, next)) = expected.get(rng.below(expected.len().max(1))) else { break };
                pos = *next;
            }
        }
        assert!(turns > 100_000, "{turns}");
    }
}
