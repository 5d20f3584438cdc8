//! A second, deliberately plain implementation of the Stones and Rivers move rules
//! (`shared/rules/stones-and-rivers.md`): an array board, square-by-square walks and a
//! breadth-first search over rivers, sharing nothing with the engine but its vocabulary types.
//! It is checked against the engine's `legal_turns` (as sets), `play` results, `is_legal` on
//! random turns and the winner, on random positions: random play from the start, random setups,
//! and setups crowded with rivers.

use std::collections::{BTreeSet, VecDeque};

use tabula_engine::random::SplitMix64;
use tabula_engine::stones_rivers::{Axis, Board, Cell, Face, Piece, Player, Position, Setup, Turn};

const COLS: usize = 13;
const ROWS: usize = 14;

/// `[row][column]`, row 0 = row 1, column 0 = `A`.
type Grid = [[Option<Piece>; COLS]; ROWS];

/// A position of the plain implementation.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Plain {
    grid: Grid,
    to_move: Player,
    winner: Option<Player>,
}

/// (row step, column step) of the four directions: north (row + 1), south, east (toward column
/// `A`, column - 1), west.
const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, -1), (0, 1)];

fn cell(row: usize, col: usize) -> Cell {
    Cell::new(col as u8, row as u8).unwrap_or_else(|| panic!("off the board: {row} {col}"))
}

fn rc(c: Cell) -> (usize, usize) {
    (usize::from(c.row()), usize::from(c.column()))
}

fn on_board(r: i32, c: i32) -> bool {
    (0..ROWS as i32).contains(&r) && (0..COLS as i32).contains(&c)
}

/// Where `player` scores: Square on row 11, Circle on row 4, columns `E`..`I`.
fn in_score_area(player: Player, r: usize, c: usize) -> bool {
    let row = if player == Player::Square { 10 } else { 3 };
    r == row && (4..=8).contains(&c)
}

/// Where `player` may never go: the opponent's Score Area.
fn forbidden(player: Player, r: usize, c: usize) -> bool {
    in_score_area(player.other(), r, c)
}

/// The steps a piece of `me` on row `r`, column `c` may take: the direction and the cell
/// reached, on the board and outside `me`'s forbidden area.
fn steps_allowed(me: Player, r: usize, c: usize) -> impl Iterator<Item = (i32, i32, usize, usize)> {
    DIRS.into_iter().filter_map(move |(dr, dc)| {
        let (nr, nc) = (r as i32 + dr, c as i32 + dc);
        let inside = on_board(nr, nc) && !forbidden(me, nr as usize, nc as usize);
        inside.then_some((dr, dc, nr as usize, nc as usize))
    })
}

fn axis_dirs(axis: Axis) -> [(i32, i32); 2] {
    match axis {
        Axis::North => [(1, 0), (-1, 0)],
        Axis::East => [(0, -1), (0, 1)],
    }
}

fn is_river(p: Option<Piece>) -> Option<Axis> {
    match p {
        Some(Piece { face: Face::River(a), .. }) => Some(a),
        _ => None,
    }
}

impl Plain {
    fn from_board(board: &Board, to_move: Player) -> Plain {
        let mut grid = [[None; COLS]; ROWS];
        for (r, row) in grid.iter_mut().enumerate() {
            for (c, slot) in row.iter_mut().enumerate() {
                *slot = board.piece_at(cell(r, c));
            }
        }
        let mut plain = Plain { grid, to_move, winner: None };
        plain.winner = plain.winner_after(to_move.other());
        plain
    }

    fn at(&self, r: usize, c: usize) -> Option<Piece> {
        self.grid[r][c]
    }

    fn complete(&self, player: Player) -> bool {
        (4..=8).all(|c| {
            let r = if player == Player::Square { 10 } else { 3 };
            self.grid[r][c] == Some(Piece { owner: player, face: Face::Stone })
        })
    }

    fn winner_after(&self, mover: Player) -> Option<Player> {
        if self.complete(mover) {
            Some(mover)
        } else if self.complete(mover.other()) {
            Some(mover.other())
        } else {
            None
        }
    }

    /// Breadth-first search of a ride. `queue` holds the rivers entered so far; the walker may
    /// not enter `owner`'s forbidden area; `empty_too` counts as empty, `blocked` as a stone.
    fn ride(
        &self,
        mut queue: VecDeque<(usize, usize)>,
        owner: Player,
        empty_too: (usize, usize),
        blocked: Option<(usize, usize)>,
        stops: &mut BTreeSet<(usize, usize)>,
    ) {
        let mut visited = [[false; COLS]; ROWS];
        for &(r, c) in &queue {
            visited[r][c] = true;
        }
        while let Some((r, c)) = queue.pop_front() {
            let Some(axis) = is_river(self.at(r, c)) else { continue };
            for dir in axis_dirs(axis) {
                if let Some((ur, uc)) = self.slide((r, c), dir, owner, empty_too, blocked, stops) {
                    if !visited[ur][uc] {
                        visited[ur][uc] = true;
                        queue.push_back((ur, uc));
                    }
                }
            }
        }
    }

    /// Walks from `start` (not included) in `dir`, cell by cell, through empty cells (and
    /// `empty_too`), adding each to `stops`; stops at the edge, `owner`'s forbidden area, `blocked`
    /// or a piece. Returns the river it stopped at, if any.
    fn slide(
        &self,
        start: (usize, usize),
        (dr, dc): (i32, i32),
        owner: Player,
        empty_too: (usize, usize),
        blocked: Option<(usize, usize)>,
        stops: &mut BTreeSet<(usize, usize)>,
    ) -> Option<(usize, usize)> {
        let (mut rr, mut cc) = (start.0 as i32, start.1 as i32);
        loop {
            rr += dr;
            cc += dc;
            if !on_board(rr, cc) {
                return None;
            }
            let (ur, uc) = (rr as usize, cc as usize);
            if forbidden(owner, ur, uc) || blocked == Some((ur, uc)) {
                return None;
            }
            if (ur, uc) == empty_too || self.at(ur, uc).is_none() {
                stops.insert((ur, uc));
                continue;
            }
            return is_river(self.at(ur, uc)).map(|_| (ur, uc));
        }
    }

    fn legal_turns(&self) -> BTreeSet<Key> {
        let mut out = BTreeSet::new();
        if self.winner.is_some() {
            return out;
        }
        let me = self.to_move;
        for r in 0..ROWS {
            for c in 0..COLS {
                let Some(piece) = self.at(r, c) else { continue };
                if piece.owner != me {
                    continue;
                }
                let from = cell(r, c);
                match piece.face {
                    Face::Stone => {
                        out.insert(key(&Turn::Flip { cell: from, to: Face::River(Axis::North) }));
                        out.insert(key(&Turn::Flip { cell: from, to: Face::River(Axis::East) }));
                    }
                    Face::River(a) => {
                        out.insert(key(&Turn::Flip { cell: from, to: Face::Stone }));
                        let other = if a == Axis::North { Axis::East } else { Axis::North };
                        out.insert(key(&Turn::Rotate { cell: from, to: other }));
                    }
                }
                // Moves.
                let mut stops = BTreeSet::new();
                for (_, _, nr, nc) in steps_allowed(me, r, c) {
                    match self.at(nr, nc) {
                        None => {
                            stops.insert((nr, nc));
                        }
                        Some(p) if is_river(Some(p)).is_some() => {
                            self.ride(VecDeque::from([(nr, nc)]), me, (r, c), None, &mut stops);
                        }
                        Some(_) => {}
                    }
                }
                stops.remove(&(r, c));
                for (sr, sc) in stops {
                    out.insert(key(&Turn::Move { from, to: cell(sr, sc) }));
                }
                // Pushes.
                for (dr, dc, nr, nc) in steps_allowed(me, r, c) {
                    let Some(pushed) = self.at(nr, nc) else { continue };
                    let q = pushed.owner;
                    let onto = cell(nr, nc);
                    match piece.face {
                        Face::Stone => {
                            let (tr, tc) = (nr as i32 + dr, nc as i32 + dc);
                            if on_board(tr, tc)
                                && self.at(tr as usize, tc as usize).is_none()
                                && !forbidden(q, tr as usize, tc as usize)
                            {
                                out.insert(key(&Turn::StonePush { from, onto, to: cell(tr as usize, tc as usize) }));
                            }
                        }
                        Face::River(axis) => {
                            let along = axis_dirs(axis).contains(&(dr, dc));
                            let dirs: Vec<(i32, i32)> = if along { vec![(dr, dc)] } else { axis_dirs(axis).to_vec() };
                            let mut stops = BTreeSet::new();
                            let mut queue = VecDeque::new();
                            for dir in dirs {
                                queue.extend(self.slide((nr, nc), dir, q, (r, c), None, &mut stops));
                            }
                            self.ride(queue, q, (r, c), Some((nr, nc)), &mut stops);
                            for (sr, sc) in stops {
                                out.insert(key(&Turn::RiverPush { from, onto, to: cell(sr, sc) }));
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&self, turn: &Turn) -> Plain {
        let mut next = self.clone();
        let me = self.to_move;
        match *turn {
            Turn::Flip { cell: x, to } => {
                let (r, c) = rc(x);
                next.grid[r][c] = Some(Piece { owner: me, face: to });
            }
            Turn::Rotate { cell: x, to } => {
                let (r, c) = rc(x);
                next.grid[r][c] = Some(Piece { owner: me, face: Face::River(to) });
            }
            Turn::Move { from, to } => {
                let ((fr, fc), (tr, tc)) = (rc(from), rc(to));
                next.grid[tr][tc] = next.grid[fr][fc].take();
            }
            Turn::RiverPush { from, onto, to } | Turn::StonePush { from, onto, to } => {
                let ((fr, fc), (or, oc), (tr, tc)) = (rc(from), rc(onto), rc(to));
                let pushed = next.grid[or][oc];
                next.grid[fr][fc] = None;
                next.grid[tr][tc] = pushed;
                next.grid[or][oc] = Some(Piece { owner: me, face: Face::Stone });
            }
        }
        next.to_move = me.other();
        next.winner = next.winner_after(me);
        next
    }
}

/// A turn as a sortable key.
type Key = (u8, usize, usize, usize);

fn key(t: &Turn) -> Key {
    let face = |f: Face| match f {
        Face::Stone => 0,
        Face::River(Axis::North) => 1,
        Face::River(Axis::East) => 2,
    };
    match *t {
        Turn::Flip { cell, to } => (0, cell.index(), face(to), 0),
        Turn::Rotate { cell, to } => (1, cell.index(), face(Face::River(to)), 0),
        Turn::Move { from, to } => (2, from.index(), to.index(), 0),
        Turn::RiverPush { from, onto, to } => (3, from.index(), onto.index(), to.index()),
        Turn::StonePush { from, onto, to } => (4, from.index(), onto.index(), to.index()),
    }
}

/// A random cell.
fn random_cell(rng: &mut SplitMix64) -> Cell {
    cell(rng.below(ROWS), rng.below(COLS))
}

/// A random turn, legal or (mostly) not, near the pieces of the side to move.
fn random_turn(rng: &mut SplitMix64, position: &Position) -> Turn {
    let own: Vec<Cell> = position.board().by_player[position.to_move()].iter().collect();
    let from = if own.is_empty() || rng.below(8) == 0 { random_cell(rng) } else { own[rng.below(own.len())] };
    let near = |rng: &mut SplitMix64, c: Cell| {
        let (r, col) = (i32::from(c.row()), i32::from(c.column()));
        let (dr, dc) = (rng.below(5) as i32 - 2, rng.below(5) as i32 - 2);
        if on_board(r + dr, col + dc) {
            cell((r + dr) as usize, (col + dc) as usize)
        } else {
            c
        }
    };
    let far = |rng: &mut SplitMix64, c: Cell| if rng.below(2) == 0 { random_cell(rng) } else { near(rng, c) };
    match rng.below(5) {
        0 => {
            let to = [Face::Stone, Face::River(Axis::North), Face::River(Axis::East)][rng.below(3)];
            Turn::Flip { cell: from, to }
        }
        1 => Turn::Rotate { cell: from, to: if rng.below(2) == 0 { Axis::North } else { Axis::East } },
        2 => Turn::Move { from, to: far(rng, from) },
        k => {
            let onto = near(rng, from);
            let to = far(rng, onto);
            if k == 3 {
                Turn::RiverPush { from, onto, to }
            } else {
                Turn::StonePush { from, onto, to }
            }
        }
    }
}

/// A random setup: up to 14 pieces a side outside their forbidden areas, rivers with
/// probability `river_percent`.
fn random_setup(rng: &mut SplitMix64, river_percent: usize) -> Setup {
    let mut board = Board::EMPTY;
    for owner in Player::ALL {
        let n = 1 + rng.below(14);
        let mut placed = 0;
        while placed < n {
            let c = random_cell(rng);
            let (r, col) = rc(c);
            if board.piece_at(c).is_some() || forbidden(owner, r, col) {
                continue;
            }
            // Crowd the middle rows now and then, so that score areas and pushes into them
            // come up.
            let face = if rng.below(100) < river_percent {
                Face::River(if rng.below(2) == 0 { Axis::North } else { Axis::East })
            } else {
                Face::Stone
            };
            board.set(c, Some(Piece { owner, face }));
            placed += 1;
        }
    }
    let to_move = if rng.below(2) == 0 { Player::Square } else { Player::Circle };
    Setup { board, to_move }
}

/// A setup with a nearly complete Score Area for one side, so that wins (and the decisions about
/// them) come up.
fn nearly_won_setup(rng: &mut SplitMix64) -> Setup {
    let mut setup = random_setup(rng, 30);
    let scorer = if rng.below(2) == 0 { Player::Square } else { Player::Circle };
    let row = if scorer == Player::Square { 10 } else { 3 };
    let gap = 4 + rng.below(5);
    for c in 4..=8 {
        let x = cell(row, c);
        let face = if c == gap && rng.below(2) == 0 {
            Face::River(Axis::North)
        } else if c == gap {
            setup.board.set(x, None);
            continue;
        } else {
            Face::Stone
        };
        setup.board.set(x, Some(Piece { owner: scorer, face }));
    }
    // Too many pieces after filling the area: drop some far from it.
    while setup.board.by_player[scorer].count() > 14 {
        let Some(x) = setup.board.by_player[scorer].iter().find(|c| usize::from(c.row()) != row) else { break };
        setup.board.set(x, None);
    }
    setup
}

/// What the comparisons have seen.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    turns: usize,
    wins_by_mover: usize,
    wins_by_opponent: usize,
}

/// Compares the engine and the plain implementation on `position`; returns the turns.
fn compare(position: &Position, rng: &mut SplitMix64, seen: &mut Seen) -> Vec<Turn> {
    let plain = Plain::from_board(position.board(), position.to_move());
    assert_eq!(plain.winner, position.winner(), "winner of {:?}", position.board());
    let turns = position.legal_turns();
    let engine: BTreeSet<Key> = turns.iter().map(key).collect();
    assert_eq!(engine.len(), turns.len(), "a turn listed twice");
    let reference = plain.legal_turns();
    if engine != reference {
        let extra: Vec<_> = engine.difference(&reference).collect();
        let missing: Vec<_> = reference.difference(&engine).collect();
        panic!("legal turns differ on {:?}\nengine only: {extra:?}\nreference only: {missing:?}", position.to_setup());
    }
    seen.positions += 1;
    seen.turns += turns.len();
    // The narrow queries give the same ends as the listed turns.
    let me = position.to_move();
    for from in position.board().by_player[me] {
        let ends: BTreeSet<usize> = reference.iter().filter(|k| k.0 == 2 && k.1 == from.index()).map(|k| k.2).collect();
        let targets: BTreeSet<usize> = position.ride_targets(from).iter().map(Cell::index).collect();
        if position.winner().is_none() {
            assert_eq!(targets, ends, "ride targets of {from}");
        }
        for onto in position.board().occupied() {
            let pushes: BTreeSet<usize> = reference
                .iter()
                .filter(|k| (k.0 == 3 || k.0 == 4) && k.1 == from.index() && k.2 == onto.index())
                .map(|k| k.3)
                .collect();
            if position.winner().is_none() && (!pushes.is_empty() || (from.index() + onto.index()) % 7 == 0) {
                let targets: BTreeSet<usize> = position.push_targets(from, onto).iter().map(Cell::index).collect();
                assert_eq!(targets, pushes, "push targets of {from} onto {onto}");
            }
        }
    }
    for t in &turns {
        let next = position.play(t).unwrap_or_else(|e| panic!("{t:?} listed but rejected: {e}"));
        match next.winner() {
            Some(w) if w == me => seen.wins_by_mover += 1,
            Some(_) => seen.wins_by_opponent += 1,
            None => {}
        }
        assert_eq!(next, position.play_unchecked(t));
        let expected = plain.play(t);
        let got = Plain::from_board(next.board(), next.to_move());
        assert_eq!(got.grid, expected.grid, "{t:?}");
        assert_eq!(next.to_move(), expected.to_move);
        assert_eq!(next.winner(), expected.winner, "{t:?}");
        assert_eq!(Position::from_setup(&next.to_setup()), Ok(next), "{t:?}");
    }
    for _ in 0..20 {
        let t = random_turn(rng, position);
        let legal = reference.contains(&key(&t));
        assert_eq!(position.is_legal(&t), legal, "{t:?} on {:?}", position.to_setup());
        assert_eq!(position.play(&t).is_ok(), legal);
        // Illegal turns played unchecked break the rules but never panic, nor does anything
        // asked of what they give.
        let broken = position.play_unchecked(&t);
        let _ = (broken.legal_turns(), broken.winner(), broken.ride_targets(t.cell()));
    }
    turns
}

#[test]
fn random_play_from_the_start_agrees_with_the_plain_rules() {
    let mut rng = SplitMix64(0x5707e5);
    let mut seen = Seen::default();
    for game in 0..60 {
        let first = if game % 2 == 0 { Player::Square } else { Player::Circle };
        let mut position = Position::initial(first);
        for _ in 0..120 {
            let turns = compare(&position, &mut rng, &mut seen);
            if turns.is_empty() {
                break;
            }
            position = position.play_unchecked(&turns[rng.below(turns.len())]);
        }
    }
    eprintln!("random play: {seen:?}");
    assert!(seen.positions >= 4_000, "{seen:?}");
}

#[test]
fn random_setups_agree_with_the_plain_rules() {
    let mut rng = SplitMix64(0xc0ffee);
    let mut seen = Seen::default();
    for i in 0..6_000 {
        let setup = match i % 4 {
            0 => random_setup(&mut rng, 20),
            1 => random_setup(&mut rng, 50),
            2 => random_setup(&mut rng, 90),
            _ => nearly_won_setup(&mut rng),
        };
        let position = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{e}: {setup:?}"));
        let turns = compare(&position, &mut rng, &mut seen);
        // One ply on from each, to see positions the setups lead to.
        if let Some(t) = turns.get(rng.below(turns.len().max(1))) {
            compare(&position.play_unchecked(t), &mut rng, &mut seen);
        }
    }
    eprintln!("random setups: {seen:?}");
    assert!(seen.positions >= 10_000, "{seen:?}");
    assert!(seen.wins_by_mover > 0 && seen.wins_by_opponent > 0, "{seen:?}");
}
