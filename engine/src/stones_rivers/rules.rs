//! The rules where they leave a choice, in one place: every **\[decision\]** of
//! `docs/stones-and-rivers.md` ("Rules") that the engine implements is a function or constant here,
//! used by both turn checking ([`Position::play`](super::Position::play)) and generation
//! ([`Position::legal_turns`](super::Position::legal_turns)). Change a decision here and both
//! follow.
//!
//! | decision | where |
//! |---|---|
//! | `FN`/`FE` only on a Stone, `FS` only on a River | [`flip_allowed`] |
//! | no rotate to the orientation a River has | [`rotate_allowed`] |
//! | the mover's start counts as empty while it rides | [`move_terrain_from`] |
//! | a Move ends on another intersection than its start | [`move_stops`] |
//! | a pushed piece never sets off back toward the pusher's start P | [`push_off_directions`] |
//! | during a River push T counts as occupied, P as empty | [`river_push_stops`] |
//! | the pusher's step obeys the pusher's forbidden area | [`push_step_area`] |
//! | a Stone push moves the piece exactly one further | [`stone_push_end`], [`stone_push_ends`] |
//! | a turn completing both Score Areas wins for its maker | [`winner_after`] |
//!
//! Stepping onto a River may be a ride (`M`) or a push (`PR`), as the record says: nothing to
//! decide in code, both are legal turns and [`Position::legal_turns`](super::Position::legal_turns)
//! lists both. The reference implementation's convention that a turn completing only the
//! opponent's Score Area makes the opponent the winner is in [`winner_after`] too. Decisions of the
//! rules file not implemented by the engine: the position string and the tag lines of records
//! belong to `tabula-notation` and `tabula-replay`.

use super::bitboard::Bitboard;
use super::board::{forbidden_area, score_area, Board};
use super::cell::{Axis, Cell, Direction};
use super::piece::Face;
use super::player::Player;
use super::ride::{flood, flood_reaches, neighbours, ray_to_blocker, Terrain};

/// **\[decision\]** `FN`/`FE` are legal only on a Stone and `FS` only on a River (changing a
/// river's orientation is a Rotate).
#[inline]
pub(crate) const fn flip_allowed(now: Face, to: Face) -> bool {
    matches!((now, to), (Face::Stone, Face::River(_)) | (Face::River(_), Face::Stone))
}

/// **\[decision\]** Rotating a River to the orientation it already has is illegal (and a Stone
/// cannot be rotated at all).
#[inline]
pub(crate) const fn rotate_allowed(now: Face, to: Axis) -> bool {
    match now {
        Face::River(axis) => !matches!((axis, to), (Axis::North, Axis::North) | (Axis::East, Axis::East)),
        Face::Stone => false,
    }
}

/// What any piece that may not enter `forbidden` sees before it moves: the empty cells and the
/// rivers outside `forbidden`.
#[inline]
pub(crate) fn base_terrain(board: &Board, forbidden: Bitboard) -> Terrain {
    Terrain {
        empty: (!board.occupied()).and_not(forbidden),
        north: board.north.and_not(forbidden),
        east: board.east.and_not(forbidden),
    }
}

/// What a piece moving (`M`) from `from` sees, from the [`base_terrain`] of its owner's
/// forbidden area `forbidden` (the empty set when diagnosing).
///
/// **\[decision\]** The moving piece's own starting intersection counts as empty while it rides
/// (its river, if it is one, is not there to ride on).
#[inline]
pub(crate) fn move_terrain_from(base: &Terrain, from: Cell, forbidden: Bitboard) -> Terrain {
    Terrain {
        empty: base.empty | Bitboard::from_cell(from).and_not(forbidden),
        north: base.north.without(from),
        east: base.east.without(from),
    }
}

/// [`move_terrain_from`] for one piece.
#[inline]
pub(crate) fn move_terrain(board: &Board, from: Cell, forbidden: Bitboard) -> Terrain {
    move_terrain_from(&base_terrain(board, forbidden), from, forbidden)
}

/// The cells a Move from `from` may end on through `terrain`: a step to an empty neighbour, or a
/// ride entered from a neighbouring river.
///
/// **\[decision\]** A move must end on a different intersection than it started from.
#[inline]
pub(crate) fn move_stops(from: Cell, terrain: &Terrain) -> Bitboard {
    flood(neighbours(from), terrain).without(from)
}

/// The cells a piece of `owner` on `from` may end a Move on (empty if `owner` has no say there:
/// the caller checks the piece).
#[inline]
pub(crate) fn move_targets(board: &Board, from: Cell, owner: Player) -> Bitboard {
    move_stops(from, &move_terrain(board, from, forbidden_area(owner)))
}

/// Whether a piece of `owner` on `from` may end a Move on `to` ([`move_targets`], the fill
/// stopped as soon as it reaches `to`).
#[inline]
pub(crate) fn move_reaches(board: &Board, from: Cell, to: Cell, owner: Player) -> bool {
    let terrain = move_terrain(board, from, forbidden_area(owner));
    from != to && flood_reaches(neighbours(from), &terrain, Bitboard::from_cell(to))
}

/// **\[decision\]** A pusher's step obeys the pusher's forbidden area like every move: the
/// intersection it steps onto may not lie in it (both for `PR` and `PS`). The cells a piece of
/// `pusher` may step onto when pushing.
#[inline]
pub(crate) const fn push_step_area(pusher: Player) -> Bitboard {
    Bitboard::FULL.and_not(forbidden_area(pusher))
}

/// Whether a piece of `pusher` may step onto `onto` to push, by [`push_step_area`].
#[inline]
pub(crate) const fn push_step_allowed(onto: Cell, pusher: Player) -> bool {
    push_step_area(pusher).contains(onto)
}

/// The directions a piece pushed by a River of `axis` that stepped in `step` may set off in: along
/// the pushing River's axis, and
///
/// **\[decision\]** never back toward the pusher's starting intersection. A step along the axis
/// leaves one direction (the step's); a step across it leaves both.
#[inline]
pub(crate) const fn push_off_directions(axis: Axis, step: Direction) -> &'static [Direction] {
    match (axis, step) {
        (Axis::North, Direction::North) => &[Direction::North],
        (Axis::North, Direction::South) => &[Direction::South],
        (Axis::East, Direction::East) => &[Direction::East],
        (Axis::East, Direction::West) => &[Direction::West],
        (Axis::North, _) => &[Direction::North, Direction::South],
        (Axis::East, _) => &[Direction::East, Direction::West],
    }
}

/// Where the piece on `onto`, pushed by a River that stepped there from `from`, may end when it
/// sets off in `directions` and may not enter `forbidden` (its owner's forbidden area; the empty
/// set when diagnosing). It travels at least one intersection, rides on through further rivers
/// like a Move and must end on an empty intersection.
///
/// **\[decision\]** During the push the pusher's step `onto` (T) counts as occupied (the pusher
/// stands there, as a blocker) and its start `from` (P) counts as empty: the pushed piece may pass
/// or stop there after a loop of rivers.
#[inline]
pub(crate) fn river_push_stops(
    board: &Board,
    from: Cell,
    onto: Cell,
    directions: &[Direction],
    forbidden: Bitboard,
) -> Bitboard {
    let (start, terrain) = river_push_start(board, from, onto, directions, forbidden);
    flood(start, &terrain)
}

/// Whether [`river_push_stops`] holds `to`, the fill stopped as soon as it reaches it.
#[inline]
pub(crate) fn river_push_reaches(
    board: &Board,
    from: Cell,
    onto: Cell,
    directions: &[Direction],
    forbidden: Bitboard,
    to: Cell,
) -> bool {
    let (start, terrain) = river_push_start(board, from, onto, directions, forbidden);
    flood_reaches(start, &terrain, Bitboard::from_cell(to))
}

/// The first cells of a river push's path and the terrain it rides through
/// ([`river_push_stops`]).
#[inline]
fn river_push_start(
    board: &Board,
    from: Cell,
    onto: Cell,
    directions: &[Direction],
    forbidden: Bitboard,
) -> (Bitboard, Terrain) {
    let occupied = board.occupied().without(from).with(onto);
    let terrain = Terrain {
        empty: (!occupied).and_not(forbidden),
        north: board.north.without(from).without(onto).and_not(forbidden),
        east: board.east.without(from).without(onto).and_not(forbidden),
    };
    let blockers = !terrain.empty;
    let mut start = Bitboard::EMPTY;
    for &d in directions {
        start |= ray_to_blocker(onto, d, blockers);
    }
    (start, terrain)
}

/// **\[decision\]** A Stone push (`PS`) moves the pushed piece exactly one intersection further
/// in the direction of the step: the one cell it may end on, if on the board.
#[inline]
pub(crate) const fn stone_push_end(onto: Cell, step: Direction) -> Option<Cell> {
    onto.step(step)
}

/// The ends of the Stone pushes (`PS`) of the Stones `pushers` of `mover`, all stepping in
/// `step`: the pushed piece ends one cell further ([`stone_push_end`]), which must be on the board,
/// empty and outside the pushed piece's owner's forbidden area; the pusher's step obeys
/// [`push_step_area`]. (The pusher stays a Stone.)
#[inline]
pub(crate) fn stone_push_ends(board: &Board, pushers: Bitboard, step: Direction, mover: Player) -> Bitboard {
    let occupied = board.occupied();
    let onto = pushers.shift(step) & occupied & push_step_area(mover);
    let mut ends = Bitboard::EMPTY;
    for owner in Player::ALL {
        ends |= (onto & board.by_player[owner]).shift(step).and_not(occupied).and_not(forbidden_area(owner));
    }
    ends
}

/// The ends the piece on `onto` may be pushed to by the piece on `from` (a River: `PR`, a Stone:
/// `PS`), whoever is to move; empty when there is no such push.
pub(crate) fn push_targets(board: &Board, from: Cell, onto: Cell) -> Bitboard {
    let (Some(pusher), Some(pushed)) = (board.piece_at(from), board.piece_at(onto)) else {
        return Bitboard::EMPTY;
    };
    let Some(step) = from.direction_to(onto) else {
        return Bitboard::EMPTY;
    };
    if !push_step_allowed(onto, pusher.owner) {
        return Bitboard::EMPTY;
    }
    let forbidden = forbidden_area(pushed.owner);
    match pusher.face {
        Face::River(axis) => river_push_stops(board, from, onto, push_off_directions(axis, step), forbidden),
        Face::Stone => stone_push_ends(board, Bitboard::from_cell(from), step, pusher.owner),
    }
}

/// Whether all five intersections of `player`'s Score Area hold `player`'s pieces, all Stones.
#[inline]
pub(crate) fn score_area_complete(board: &Board, player: Player) -> bool {
    // One arm per player, so that each works on its constant area (one word of three).
    #[inline(always)]
    fn complete(area: Bitboard, own: Bitboard, rivers: Bitboard) -> bool {
        area.and_not(own.and_not(rivers)).is_empty()
    }
    let rivers = board.rivers();
    match player {
        Player::Square => complete(score_area(Player::Square), board.by_player.square, rivers),
        Player::Circle => complete(score_area(Player::Circle), board.by_player.circle, rivers),
    }
}

/// Who has won once `mover` has made the turn that led to `board`.
///
/// **\[decision\]** If one turn completes both players' Score Areas, the player who made that turn
/// wins. A turn that completes only the opponent's Score Area (a push of the opponent's Stone into
/// it) ends the game at once with the opponent as winner (the convention of the reference
/// implementation the tests compare with).
#[inline]
pub(crate) fn winner_after(board: &Board, mover: Player) -> Option<Player> {
    if score_area_complete(board, mover) {
        Some(mover)
    } else if score_area_complete(board, mover.other()) {
        Some(mover.other())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::position::testing::{cell, position};
    use super::*;

    const RIVERS: [Face; 2] = [Face::River(Axis::North), Face::River(Axis::East)];

    #[test]
    fn flips_and_rotates() {
        for r in RIVERS {
            assert!(flip_allowed(Face::Stone, r));
            assert!(!flip_allowed(r, r));
            assert!(flip_allowed(r, Face::Stone));
        }
        assert!(!flip_allowed(Face::River(Axis::North), Face::River(Axis::East)));
        assert!(!flip_allowed(Face::Stone, Face::Stone));
        assert!(rotate_allowed(Face::River(Axis::North), Axis::East));
        assert!(!rotate_allowed(Face::River(Axis::North), Axis::North));
        assert!(!rotate_allowed(Face::Stone, Axis::North));
    }

    #[test]
    fn push_directions() {
        assert_eq!(push_off_directions(Axis::North, Direction::North), &[Direction::North]);
        assert_eq!(push_off_directions(Axis::North, Direction::South), &[Direction::South]);
        assert_eq!(push_off_directions(Axis::North, Direction::East), &[Direction::North, Direction::South]);
        assert_eq!(push_off_directions(Axis::East, Direction::West), &[Direction::West]);
        assert_eq!(push_off_directions(Axis::East, Direction::South), &[Direction::East, Direction::West]);
        assert_eq!(cell("D5").direction_to(cell("C5")), Some(Direction::East));
        assert_eq!(cell("D5").direction_to(cell("C6")), None);
        assert_eq!(cell("A5").direction_to(cell("M4")), None);
        assert!(push_step_allowed(cell("E4"), Player::Circle));
        assert!(!push_step_allowed(cell("E4"), Player::Square));
    }

    #[test]
    fn both_score_areas_complete_the_mover_wins() {
        // [decision] Not reachable by a turn under the other rules, but decided: the mover wins.
        let p = position("E11=S F11=S G11=S H11=S I11=S E4=s F4=s G4=s H4=s I4=s", Player::Circle);
        assert!(score_area_complete(p.board(), Player::Square));
        assert!(score_area_complete(p.board(), Player::Circle));
        assert_eq!(winner_after(p.board(), Player::Square), Some(Player::Square));
        assert_eq!(winner_after(p.board(), Player::Circle), Some(Player::Circle));
        // The setup with Circle to move was reached by Square's turn.
        assert_eq!(p.winner(), Some(Player::Square));
    }
}
