//! A legal position: board, side to move and, once a Score Area is complete, the winner.

use super::bitboard::Bitboard;
use super::board::{forbidden_area, Board};
use super::cell::{Axis, Cell, Direction};
use super::piece::{Face, Piece};
use super::player::Player;
use super::ride::{neighbours, Terrain};
use super::rules;
use super::setup::Setup;
use super::turn::Turn;

/// Pieces each player owns; a position may have fewer on the board (a puzzle), never more.
pub const PIECES_PER_PLAYER: u32 = 14;

/// An axis in messages.
const fn axis_name(axis: Axis) -> &'static str {
    match axis {
        Axis::North => "north",
        Axis::East => "east",
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionError {
    /// A bitboard of the board has bits past `M14`.
    #[error("the board marks intersections beyond M14")]
    OffBoard,
    /// Both players have a piece on the same cell.
    #[error("the intersection {cell} holds a piece of each player")]
    SharedCell {
        /// The cell.
        cell: Cell,
    },
    /// A cell is marked as both a North and an East river.
    #[error("the piece on {cell} is marked as both a north and an east river")]
    TwoAxes {
        /// The cell.
        cell: Cell,
    },
    /// A cell is marked as a river but holds no piece.
    #[error("the intersection {cell} is marked as a river but holds no piece")]
    RiverWithoutPiece {
        /// The cell.
        cell: Cell,
    },
    /// A player has more than [`PIECES_PER_PLAYER`] pieces.
    #[error("too many pieces: {} has {count}, at most 14 are allowed", .player.name())]
    TooManyPieces {
        /// Whose pieces.
        player: Player,
        /// How many there are.
        count: u32,
    },
    /// A player has no piece (then it would have no legal action: the rules imply one always has).
    #[error("no piece for {}, which would have no legal action", .player.name())]
    NoPieces {
        /// The player without pieces.
        player: Player,
    },
    /// A piece stands in its owner's forbidden area (the opponent's Score Area), which it may never
    /// enter.
    #[error("the piece of {} on {cell} stands in its forbidden area (the opponent's score area)", .player.name())]
    InForbiddenArea {
        /// The piece's owner.
        player: Player,
        /// The cell.
        cell: Cell,
    },
}

/// Why a turn cannot be played on a position.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PlayError {
    /// The game is over (a Score Area is complete): no turn follows.
    #[error("the game is already over: {} has won", .winner.name())]
    GameOver {
        /// Who won.
        winner: Player,
    },
    /// The turn acts on an empty intersection.
    #[error("there is no piece on {cell}")]
    NoPiece {
        /// The cell.
        cell: Cell,
    },
    /// The turn acts on the opponent's piece.
    #[error("the piece on {cell} is {}'s, but {} is to move", .owner.name(), .owner.other().name())]
    NotYourPiece {
        /// The cell.
        cell: Cell,
        /// Whose piece it is.
        owner: Player,
    },
    /// `FS` on a Stone.
    #[error("the piece on {cell} already shows its stone side (FS flips a river)")]
    FlipStoneToStone {
        /// The cell.
        cell: Cell,
    },
    /// `FN` or `FE` on a River (rule decision: that is a Rotate, or nothing).
    #[error("the piece on {cell} is a river: FN and FE flip a stone, a river changes its orientation by a rotate")]
    FlipRiverToRiver {
        /// The cell.
        cell: Cell,
    },
    /// `RN` or `RE` on a Stone.
    #[error("the piece on {cell} is a stone: only a river can be rotated")]
    RotateStone {
        /// The cell.
        cell: Cell,
    },
    /// A rotate to the orientation the River already has (rule decision).
    #[error("the river on {cell} already flows {}", axis_name(*.axis))]
    RotateToSameAxis {
        /// The cell.
        cell: Cell,
        /// Its axis.
        axis: Axis,
    },
    /// A Move that ends where it started (rule decision).
    #[error("a move must end on a different intersection than it started from ({cell})")]
    MoveToStart {
        /// The start.
        cell: Cell,
    },
    /// The end of a Move or of a pushed piece is occupied.
    #[error("the intersection {cell} is occupied")]
    Occupied {
        /// The cell.
        cell: Cell,
    },
    /// A piece would end in, or a pusher step onto, its owner's forbidden area.
    #[error("the intersection {cell} is in {}'s forbidden area (the opponent's score area)", .player.name())]
    ForbiddenArea {
        /// The cell.
        cell: Cell,
        /// The owner of the piece that would enter it.
        player: Player,
    },
    /// A Move to a cell that is not a neighbour, with no river next to the start to ride on.
    #[error("the end {to} is not next to {from}, and there is no river next to {from} to ride on")]
    NotAdjacent {
        /// The start.
        from: Cell,
        /// The end.
        to: Cell,
    },
    /// Every ride to the end passes through the mover's forbidden area.
    #[error("every ride from {from} to {to} passes through {}'s forbidden area", .player.name())]
    RideThroughForbidden {
        /// The start.
        from: Cell,
        /// The end.
        to: Cell,
        /// The mover.
        player: Player,
    },
    /// Every ride to the end is blocked by a piece that is not a river.
    #[error("no ride from {from} reaches {to}: a stone stands in the way")]
    RideBlocked {
        /// The start.
        from: Cell,
        /// The end.
        to: Cell,
    },
    /// The end is neither an empty neighbour nor on any ride along the rivers.
    #[error("the end {to} is not an empty neighbour of {from}, and no ride along the rivers from there ends on it")]
    Unreachable {
        /// The start.
        from: Cell,
        /// The end.
        to: Cell,
    },
    /// A push onto a cell that is not a neighbour of the pusher.
    #[error("the intersection {onto} is not next to {from}: a pusher steps onto a neighbour")]
    PushNotAdjacent {
        /// The pusher's start.
        from: Cell,
        /// The cell it would step onto.
        onto: Cell,
    },
    /// A push onto an empty intersection.
    #[error("there is no piece on {onto} to push")]
    PushOntoEmpty {
        /// The cell.
        onto: Cell,
    },
    /// `PR` by a Stone.
    #[error("the piece on {from} is a stone: a river push (PR) needs a river, a stone pushes with PS")]
    RiverPushByStone {
        /// The pusher's cell.
        from: Cell,
    },
    /// `PS` by a River.
    #[error("the piece on {from} is a river: a stone push (PS) needs a stone, a river pushes with PR")]
    StonePushByRiver {
        /// The pusher's cell.
        from: Cell,
    },
    /// The pushed piece does not stay on its start.
    #[error("the pushed piece must travel at least one intersection from {onto}")]
    PushedPieceStays {
        /// The pushed piece's cell.
        onto: Cell,
    },
    /// A river push whose end lies off the pushing River's axis.
    #[error("the river on {from} flows {}: the piece it pushes travels along that axis, and cannot get to {to}", axis_name(*.axis))]
    PushWrongAxis {
        /// The pusher's start.
        from: Cell,
        /// The claimed end.
        to: Cell,
        /// The pusher's axis.
        axis: Axis,
    },
    /// A river push that sends the pushed piece back toward the pusher (rule decision).
    #[error("the pushed piece may not set off back toward the pusher's start {from}, so it cannot get to {to}")]
    PushBackward {
        /// The pusher's start.
        from: Cell,
        /// The claimed end.
        to: Cell,
    },
    /// Every way of the pushed piece to its end passes through its owner's forbidden area.
    #[error("the pushed piece would pass through {}'s forbidden area to get to {to}", .player.name())]
    PushThroughForbidden {
        /// The claimed end.
        to: Cell,
        /// The pushed piece's owner.
        player: Player,
    },
    /// The pushed piece's end is not reachable (blocked by stones, or not on its path).
    #[error("the piece pushed from {onto} cannot get to {to}: no path along the rivers ends there")]
    PushUnreachable {
        /// The pushed piece's start.
        onto: Cell,
        /// The claimed end.
        to: Cell,
    },
    /// A stone push whose end is not the next cell in the direction of the step (rule decision).
    #[error("a stone push moves the piece exactly one intersection further, to {expected}, not to {to}")]
    StonePushDistance {
        /// The only possible end.
        expected: Cell,
        /// The claimed end.
        to: Cell,
    },
    /// A stone push that would push the piece off the board.
    #[error("the stone on {from} cannot push the piece on {onto}: it would leave the board")]
    PushOffBoard {
        /// The pusher's start.
        from: Cell,
        /// The pushed piece's cell.
        onto: Cell,
    },
}

/// A legal position: at most [`PIECES_PER_PLAYER`] pieces a side and at least one, no piece in
/// its owner's forbidden area, a consistent board; the winner, once a turn has completed a Score
/// Area. Made by [`Position::initial`], [`Position::from_setup`] and [`Position::play`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: Board,
    to_move: Player,
    winner: Option<Player>,
}

impl Default for Position {
    fn default() -> Position {
        Position::initial(Player::Square)
    }
}

impl Position {
    /// The start of a game: all pieces Stones, `first` to move.
    pub fn initial(first: Player) -> Position {
        Position { board: Board::initial(), to_move: first, winner: None }
    }

    /// Checks a setup. The checks: no bit past `M14`; no cell with pieces of both players; no
    /// cell marked as both a North and an East river; no river mark on an empty cell; each player
    /// has 1 to [`PIECES_PER_PLAYER`] pieces (no piece is ever captured, and a player always has a
    /// piece to flip); no piece stands in its owner's forbidden area (it may never enter it).
    ///
    /// A complete Score Area means the game is over, decided by the turn that led here (made by
    /// the player not to move, see [`Position::winner`]).
    ///
    /// # Errors
    /// The first check that fails, as a [`PositionError`].
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let b = &setup.board;
        for bb in [b.by_player.square, b.by_player.circle, b.north, b.east] {
            if bb.and_not(Bitboard::FULL).any() {
                return Err(PositionError::OffBoard);
            }
        }
        if let Some(cell) = (b.by_player.square & b.by_player.circle).first() {
            return Err(PositionError::SharedCell { cell });
        }
        if let Some(cell) = (b.north & b.east).first() {
            return Err(PositionError::TwoAxes { cell });
        }
        if let Some(cell) = b.rivers().and_not(b.occupied()).first() {
            return Err(PositionError::RiverWithoutPiece { cell });
        }
        for player in Player::ALL {
            let count = b.by_player[player].count();
            if count > PIECES_PER_PLAYER {
                return Err(PositionError::TooManyPieces { player, count });
            }
            if count == 0 {
                return Err(PositionError::NoPieces { player });
            }
            if let Some(cell) = (b.by_player[player] & forbidden_area(player)).first() {
                return Err(PositionError::InForbiddenArea { player, cell });
            }
        }
        let winner = rules::winner_after(b, setup.to_move.other());
        Ok(Position { board: *b, to_move: setup.to_move, winner })
    }

    /// The pieces.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Who makes the next turn (after the end of the game: who would have).
    #[inline]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The winner, once a turn has completed a Score Area (all five cells the player's own
    /// Stones). If one turn completes both, its maker wins (rule decision); if it completes only
    /// the opponent's, the opponent wins (the reference implementation's convention).
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_game_over(&self) -> bool {
        self.winner.is_some()
    }

    /// The board and side to move.
    #[inline]
    pub fn to_setup(&self) -> Setup {
        Setup { board: self.board, to_move: self.to_move }
    }

    /// The cells the piece on `from` may end a Move (`M`) on: an empty neighbour, or any stop of a
    /// ride entered from a neighbouring river; outside its owner's forbidden area, not `from`.
    /// Empty when `from` is empty. Does not look at whose turn it is or whether the game is over.
    #[inline]
    pub fn ride_targets(&self, from: Cell) -> Bitboard {
        match self.board.piece_at(from) {
            Some(piece) => rules::move_targets(&self.board, from, piece.owner),
            None => Bitboard::EMPTY,
        }
    }

    /// The cells the piece on `onto` may end on when the piece on `from` pushes it: for a River on
    /// `from` the ends of a River push (`PR`), for a Stone the one end of a Stone push (`PS`), if
    /// legal. Empty when there is no such push (`onto` not a neighbour or empty, `from` empty, the
    /// pusher's step into its forbidden area). Does not look at whose turn it is or whether the
    /// game is over.
    #[inline]
    pub fn push_targets(&self, from: Cell, onto: Cell) -> Bitboard {
        rules::push_targets(&self.board, from, onto)
    }

    /// Whether `turn` is legal here.
    #[inline]
    pub fn is_legal(&self, turn: &Turn) -> bool {
        self.allows(turn)
    }

    /// The position after `turn`, checked against every rule.
    ///
    /// # Errors
    /// The game is over, or the turn breaks a rule: the [`PlayError`] says which.
    #[inline]
    pub fn play(&self, turn: &Turn) -> Result<Position, PlayError> {
        let mut next = *self;
        next.play_in_place(turn)?;
        Ok(next)
    }

    /// Plays `turn` on this position, checked against every rule (what [`Position::play`] does,
    /// without making a new position: a replay's way).
    ///
    /// # Errors
    /// As [`Position::play`]; the position is then unchanged.
    #[inline]
    pub fn play_in_place(&mut self, turn: &Turn) -> Result<(), PlayError> {
        self.check(turn)?;
        self.play_unchecked_in_place(turn);
        Ok(())
    }

    /// The position after `turn`, which must be legal (from [`Position::legal_turns`], or checked
    /// with [`Position::is_legal`]). An illegal turn never panics but gives a position that may
    /// break the rules (a piece moved anywhere, say).
    #[inline]
    pub fn play_unchecked(&self, turn: &Turn) -> Position {
        let mut next = *self;
        next.play_unchecked_in_place(turn);
        next
    }

    /// [`Position::play_unchecked`] on this position.
    pub fn play_unchecked_in_place(&mut self, turn: &Turn) {
        let board = &mut self.board;
        let mover = self.to_move;
        match *turn {
            Turn::Flip { cell, to } => board.set_face(cell, to),
            Turn::Rotate { cell, to } => board.set_face(cell, Face::River(to)),
            Turn::Move { from, to } => board.relocate(from, to),
            Turn::RiverPush { from, onto, to } | Turn::StonePush { from, onto, to } => {
                // The pusher leaves its start (which the pushed piece may reach after a loop of
                // rivers), the pushed piece travels, and the pusher stands on the cell it stepped
                // onto, as a Stone.
                board.lift(from);
                board.relocate(onto, to);
                board.by_player[mover] = board.by_player[mover].with(onto);
            }
        }
        self.winner = rules::winner_after(board, mover);
        self.to_move = mover.other();
    }

    /// Checks `turn`: [`Position::allows`] says whether it is legal, and only when it is not is
    /// the reason looked for.
    #[inline]
    fn check(&self, turn: &Turn) -> Result<(), PlayError> {
        if self.allows(turn) {
            Ok(())
        } else {
            self.diagnose(turn)
        }
    }

    /// Checks `turn` rule by rule, in the order the errors are reported: the first rule it
    /// breaks, or `Ok` when it breaks none.
    #[cold]
    pub(crate) fn diagnose(&self, turn: &Turn) -> Result<(), PlayError> {
        if let Some(winner) = self.winner {
            return Err(PlayError::GameOver { winner });
        }
        let cell = turn.cell();
        let piece = self.board.piece_at(cell).ok_or(PlayError::NoPiece { cell })?;
        if piece.owner != self.to_move {
            return Err(PlayError::NotYourPiece { cell, owner: piece.owner });
        }
        match *turn {
            Turn::Flip { cell, to } => {
                if rules::flip_allowed(piece.face, to) {
                    Ok(())
                } else if to == Face::Stone {
                    Err(PlayError::FlipStoneToStone { cell })
                } else {
                    Err(PlayError::FlipRiverToRiver { cell })
                }
            }
            Turn::Rotate { cell, to } => match piece.face {
                _ if rules::rotate_allowed(piece.face, to) => Ok(()),
                Face::Stone => Err(PlayError::RotateStone { cell }),
                Face::River(axis) => Err(PlayError::RotateToSameAxis { cell, axis }),
            },
            Turn::Move { from, to } => self.check_move(from, to),
            Turn::RiverPush { from, onto, to } => {
                let Face::River(axis) = piece.face else {
                    return Err(PlayError::RiverPushByStone { from });
                };
                let (step, pushed) = self.check_push_step(from, onto)?;
                self.check_river_push(from, onto, to, axis, step, pushed)
            }
            Turn::StonePush { from, onto, to } => {
                if piece.face != Face::Stone {
                    return Err(PlayError::StonePushByRiver { from });
                }
                let (step, pushed) = self.check_push_step(from, onto)?;
                let expected = rules::stone_push_end(onto, step).ok_or(PlayError::PushOffBoard { from, onto })?;
                if to != expected {
                    return Err(PlayError::StonePushDistance { expected, to });
                }
                self.check_end(to, pushed.owner)?;
                if rules::stone_push_ends(&self.board, Bitboard::from_cell(from), step, self.to_move).contains(to) {
                    Ok(())
                } else {
                    Err(PlayError::PushUnreachable { onto, to })
                }
            }
        }
    }

    /// A piece of `owner` may end on `to`: empty and outside its forbidden area.
    fn check_end(&self, to: Cell, owner: Player) -> Result<(), PlayError> {
        if self.board.occupied().contains(to) {
            Err(PlayError::Occupied { cell: to })
        } else if forbidden_area(owner).contains(to) {
            Err(PlayError::ForbiddenArea { cell: to, player: owner })
        } else {
            Ok(())
        }
    }

    fn check_move(&self, from: Cell, to: Cell) -> Result<(), PlayError> {
        if from == to {
            return Err(PlayError::MoveToStart { cell: from });
        }
        self.check_end(to, self.to_move)?;
        // A step onto an empty neighbour outside the forbidden area (checked just above) is
        // always legal: no ride to search.
        if from.direction_to(to).is_some() {
            return Ok(());
        }
        if rules::move_reaches(&self.board, from, to, self.to_move) {
            return Ok(());
        }
        // Illegal: find the reason.
        if (neighbours(from) & self.board.rivers()).is_empty() {
            return Err(PlayError::NotAdjacent { from, to });
        }
        let free = rules::move_terrain(&self.board, from, Bitboard::EMPTY);
        if rules::move_stops(from, &free).contains(to) {
            return Err(PlayError::RideThroughForbidden { from, to, player: self.to_move });
        }
        let through_stones = Terrain { empty: free.empty | self.board.stones(), ..free };
        if rules::move_stops(from, &through_stones).contains(to) {
            return Err(PlayError::RideBlocked { from, to });
        }
        Err(PlayError::Unreachable { from, to })
    }

    /// The common part of both pushes: `onto` is a neighbour of `from`, outside the mover's
    /// forbidden area, and holds a piece. Returns the step's direction and the pushed piece.
    fn check_push_step(&self, from: Cell, onto: Cell) -> Result<(Direction, Piece), PlayError> {
        let step = from.direction_to(onto).ok_or(PlayError::PushNotAdjacent { from, onto })?;
        if !rules::push_step_allowed(onto, self.to_move) {
            return Err(PlayError::ForbiddenArea { cell: onto, player: self.to_move });
        }
        let pushed = self.board.piece_at(onto).ok_or(PlayError::PushOntoEmpty { onto })?;
        Ok((step, pushed))
    }

    fn check_river_push(
        &self,
        from: Cell,
        onto: Cell,
        to: Cell,
        axis: Axis,
        step: Direction,
        pushed: Piece,
    ) -> Result<(), PlayError> {
        if to == onto {
            return Err(PlayError::PushedPieceStays { onto });
        }
        // The pusher's start is empty once it has stepped.
        if to != from {
            self.check_end(to, pushed.owner)?;
        } else if forbidden_area(pushed.owner).contains(to) {
            return Err(PlayError::ForbiddenArea { cell: to, player: pushed.owner });
        }
        let forbidden = forbidden_area(pushed.owner);
        let directions = rules::push_off_directions(axis, step);
        if rules::river_push_stops(&self.board, from, onto, directions, forbidden).contains(to) {
            return Ok(());
        }
        // Illegal: find the reason.
        if rules::river_push_stops(&self.board, from, onto, &axis.directions(), forbidden).contains(to) {
            return Err(PlayError::PushBackward { from, to });
        }
        if rules::river_push_stops(&self.board, from, onto, &axis.other().directions(), forbidden).contains(to) {
            return Err(PlayError::PushWrongAxis { from, to, axis });
        }
        if rules::river_push_stops(&self.board, from, onto, directions, Bitboard::EMPTY).contains(to) {
            return Err(PlayError::PushThroughForbidden { to, player: pushed.owner });
        }
        Err(PlayError::PushUnreachable { onto, to })
    }
}

/// Helpers for the unit tests: positions from the rules file's position strings, cells by name.
#[cfg(test)]
pub(crate) mod testing {
    use super::super::{Axis, Bitboard, Board, Cell, Face, Piece, Player, Position, Setup};

    /// The cell named `name` (`"D5"`).
    pub(crate) fn cell(name: &str) -> Cell {
        let column = name.as_bytes()[0] - b'A';
        let row: u8 = name[1..].parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        Cell::new(column, row - 1).unwrap_or_else(|| panic!("{name}"))
    }

    /// The cells named in `names` (space-separated).
    pub(crate) fn cells(names: &str) -> Bitboard {
        names.split_whitespace().fold(Bitboard::EMPTY, |b, n| b.with(cell(n)))
    }

    /// A board from `(cell, piece letter)` pairs with `to_move`; the letter as in position strings.
    pub(crate) fn position(pieces: &str, to_move: Player) -> Position {
        let mut board = Board::EMPTY;
        for item in pieces.split_whitespace() {
            let (name, letter) = item.split_once('=').unwrap_or_else(|| panic!("{item}"));
            let owner = if letter.chars().all(|c| c.is_ascii_uppercase()) { Player::Square } else { Player::Circle };
            let face = match letter.to_ascii_uppercase().as_str() {
                "S" => Face::Stone,
                "N" => Face::River(Axis::North),
                "E" => Face::River(Axis::East),
                _ => panic!("{item}"),
            };
            board.set(cell(name), Some(Piece { owner, face }));
        }
        Position::from_setup(&Setup { board, to_move }).unwrap_or_else(|e| panic!("{pieces}: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{cell, cells, position};
    use super::*;

    const SQ: Player = Player::Square;
    const CR: Player = Player::Circle;

    fn mv(from: &str, to: &str) -> Turn {
        Turn::Move { from: cell(from), to: cell(to) }
    }
    fn pr(from: &str, onto: &str, to: &str) -> Turn {
        Turn::RiverPush { from: cell(from), onto: cell(onto), to: cell(to) }
    }
    fn ps(from: &str, onto: &str, to: &str) -> Turn {
        Turn::StonePush { from: cell(from), onto: cell(onto), to: cell(to) }
    }
    fn flip(at: &str, to: Face) -> Turn {
        Turn::Flip { cell: cell(at), to }
    }
    fn rotate(at: &str, to: Axis) -> Turn {
        Turn::Rotate { cell: cell(at), to }
    }

    #[test]
    fn from_setup_accepts_the_start_and_puzzles() {
        let start = Setup::initial(SQ);
        let p = Position::from_setup(&start).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p, Position::initial(SQ));
        assert_eq!(p.to_setup(), start);
        assert_eq!(p.winner(), None);
        let s = Setup::initial(CR);
        assert_eq!(Position::from_setup(&s).map(|p| p.to_move()), Ok(CR));
        // A puzzle: one piece a side.
        assert!(Position::from_setup(&position("A1=S M14=s", SQ).to_setup()).is_ok());
    }

    #[test]
    fn from_setup_rejects_what_the_rules_rule_out() {
        let base = position("A1=S M14=s", SQ).to_setup();
        let err = |f: &dyn Fn(&mut Setup)| {
            let mut s = base;
            f(&mut s);
            Position::from_setup(&s).err()
        };
        assert_eq!(err(&|s| s.board.by_player.square.0.set(188, true)), Some(PositionError::OffBoard));
        assert_eq!(
            err(&|s| s.board.by_player.circle = s.board.by_player.circle.with(cell("A1"))),
            Some(PositionError::SharedCell { cell: cell("A1") })
        );
        assert_eq!(
            err(&|s| {
                s.board.north = cells("A1");
                s.board.east = cells("A1");
            }),
            Some(PositionError::TwoAxes { cell: cell("A1") })
        );
        assert_eq!(err(&|s| s.board.east = cells("B1")), Some(PositionError::RiverWithoutPiece { cell: cell("B1") }));
        assert_eq!(
            err(&|s| s.board.by_player.square = cells("A1 B1 C1 D1 E1 F1 G1 H1 I1 J1 K1 L1 M1 A2 B2")),
            Some(PositionError::TooManyPieces { player: SQ, count: 15 })
        );
        assert_eq!(err(&|s| s.board.by_player.circle = Bitboard::EMPTY), Some(PositionError::NoPieces { player: CR }));
        // Square's forbidden area is Circle's Score Area, E4..I4, and the other way round.
        assert_eq!(
            err(&|s| s.board.set(cell("G4"), Some(Piece { owner: SQ, face: Face::Stone }))),
            Some(PositionError::InForbiddenArea { player: SQ, cell: cell("G4") })
        );
        assert_eq!(
            err(&|s| s.board.set(cell("E11"), Some(Piece { owner: CR, face: Face::Stone }))),
            Some(PositionError::InForbiddenArea { player: CR, cell: cell("E11") })
        );
        // A piece in its own Score Area is fine.
        assert_eq!(err(&|s| s.board.set(cell("E11"), Some(Piece { owner: SQ, face: Face::Stone }))), None);
        let message = Position::from_setup(&Setup { board: Board::EMPTY, to_move: SQ }).err().map(|e| e.to_string());
        assert_eq!(message.as_deref(), Some("no piece for Square, which would have no legal action"));
    }

    #[test]
    fn a_complete_score_area_in_a_setup_is_a_finished_game() {
        // Square's area complete, Circle to move: Square's turn led here, Square won.
        let p = position("E11=S F11=S G11=S H11=S I11=S A1=s", CR);
        assert_eq!(p.winner(), Some(SQ));
        assert!(p.is_game_over());
        assert_eq!(p.play(&flip("A1", Face::River(Axis::North))), Err(PlayError::GameOver { winner: SQ }));
        assert!(p.legal_turns().is_empty());
        // Square's area complete with Square to move: Circle's turn completed it (pushing a
        // Square stone in), so Square won too (the reference's convention).
        assert_eq!(position("E11=S F11=S G11=S H11=S I11=S A1=s", SQ).winner(), Some(SQ));
        // A river among the five: not complete.
        assert_eq!(position("E11=S F11=S G11=N H11=S I11=S A1=s", CR).winner(), None);
    }

    #[test]
    fn the_piece_must_be_there_and_the_movers() {
        let p = Position::initial(SQ);
        assert_eq!(p.play(&flip("A1", Face::Stone)), Err(PlayError::NoPiece { cell: cell("A1") }));
        assert_eq!(
            p.play(&flip("D9", Face::River(Axis::North))),
            Err(PlayError::NotYourPiece { cell: cell("D9"), owner: CR })
        );
        assert_eq!(
            PlayError::NotYourPiece { cell: cell("D9"), owner: CR }.to_string(),
            "the piece on D9 is Circle's, but Square is to move"
        );
    }

    #[test]
    fn flips_follow_the_decision() {
        // [decision] FN/FE only on a Stone, FS only on a River.
        let p = position("D5=S E5=N A14=s", SQ);
        let q = p.play(&flip("D5", Face::River(Axis::East))).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.board().piece_at(cell("D5")), Some(Piece { owner: SQ, face: Face::River(Axis::East) }));
        assert_eq!(q.to_move(), CR);
        assert_eq!(p.play(&flip("D5", Face::Stone)), Err(PlayError::FlipStoneToStone { cell: cell("D5") }));
        assert_eq!(p.play(&flip("E5", Face::River(Axis::East))), Err(PlayError::FlipRiverToRiver { cell: cell("E5") }));
        assert_eq!(
            p.play(&flip("E5", Face::River(Axis::North))),
            Err(PlayError::FlipRiverToRiver { cell: cell("E5") })
        );
        let q = p.play(&flip("E5", Face::Stone)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.board().piece_at(cell("E5")), Some(Piece { owner: SQ, face: Face::Stone }));
    }

    #[test]
    fn rotates_follow_the_decision() {
        // [decision] Rotating to the orientation the river already has is illegal.
        let p = position("D5=S E5=N A14=s", SQ);
        assert_eq!(p.play(&rotate("D5", Axis::North)), Err(PlayError::RotateStone { cell: cell("D5") }));
        assert_eq!(
            p.play(&rotate("E5", Axis::North)),
            Err(PlayError::RotateToSameAxis { cell: cell("E5"), axis: Axis::North })
        );
        assert_eq!(
            PlayError::RotateToSameAxis { cell: cell("E5"), axis: Axis::North }.to_string(),
            "the river on E5 already flows north"
        );
        let q = p.play(&rotate("E5", Axis::East)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.board().piece_at(cell("E5")), Some(Piece { owner: SQ, face: Face::River(Axis::East) }));
    }

    #[test]
    fn a_move_steps_to_an_empty_neighbour() {
        let p = position("D5=S D6=s C5=S A14=s", SQ);
        assert_eq!(p.ride_targets(cell("D5")), cells("D4 E5"));
        let q = p.play(&mv("D5", "D4")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.board().piece_at(cell("D4")), Some(Piece { owner: SQ, face: Face::Stone }));
        assert_eq!(q.board().piece_at(cell("D5")), None);
        assert_eq!(p.play(&mv("D5", "D6")), Err(PlayError::Occupied { cell: cell("D6") }));
        assert_eq!(p.play(&mv("D5", "D5")), Err(PlayError::MoveToStart { cell: cell("D5") }));
        assert_eq!(p.play(&mv("D5", "E4")), Err(PlayError::ForbiddenArea { cell: cell("E4"), player: SQ }));
        assert_eq!(p.play(&mv("D5", "D3")), Err(PlayError::NotAdjacent { from: cell("D5"), to: cell("D3") }));
        assert_eq!(p.play(&mv("D5", "E6")), Err(PlayError::NotAdjacent { from: cell("D5"), to: cell("E6") }));
        // A river piece moves like a stone and stays a river.
        let p = position("D5=E A14=s", SQ);
        let q = p.play(&mv("D5", "D6")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.board().piece_at(cell("D6")), Some(Piece { owner: SQ, face: Face::River(Axis::East) }));
    }

    #[test]
    fn a_ride_follows_each_river_along_its_axis() {
        // A stone on B2 steps onto the North river on B3 (the opponent's: either player's river
        // carries), rides north to B4..B6, meets the East river on B7 and follows row 7 both ways
        // until the stone on F7. B8 is not reached: the East river does not carry on north.
        let p = position("B2=S B3=n B7=E F7=s A14=s", SQ);
        assert_eq!(p.ride_targets(cell("B2")), cells("A2 C2 B1 B4 B5 B6 A7 C7 D7 E7"));
        assert!(p.is_legal(&mv("B2", "E7")));
        let q = p.play(&mv("B2", "E7")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.board().piece_at(cell("E7")), Some(Piece { owner: SQ, face: Face::Stone }));
        assert_eq!(p.play(&mv("B2", "G7")), Err(PlayError::RideBlocked { from: cell("B2"), to: cell("G7") }));
        assert_eq!(p.play(&mv("B2", "B8")), Err(PlayError::Unreachable { from: cell("B2"), to: cell("B8") }));
        assert_eq!(p.play(&mv("B2", "B7")), Err(PlayError::Occupied { cell: cell("B7") }));
    }

    #[test]
    fn the_start_counts_as_empty_while_riding() {
        // [decision] Stone on D5 steps onto the North river on D6: it may ride south through its
        // own start to D4..D1; the start itself is no end.
        let p = position("D5=S D6=N D9=s", SQ);
        let t = p.ride_targets(cell("D5"));
        assert_eq!(t, cells("C5 E5 D7 D8 D4 D3 D2 D1"));
        assert!(!t.contains(cell("D5")));
        // A river mover is not there to ride on: the East river on D5 gives no turn onto row 5
        // for a ride coming down column D (B5 stays out of reach, C5 is a plain step).
        let p = position("D5=E D6=N D9=s", SQ);
        assert_eq!(p.ride_targets(cell("D5")), cells("C5 E5 D7 D8 D4 D3 D2 D1"));
    }

    #[test]
    fn a_ride_never_enters_the_forbidden_area() {
        // Square's forbidden area is E4..I4: the ride down column F stops above F4.
        let p = position("F6=S F5=n A14=s", SQ);
        assert_eq!(p.ride_targets(cell("F6")), cells("E6 G6 F7 F8 F9 F10 F11 F12 F13 F14"));
        assert_eq!(
            p.play(&mv("F6", "F3")),
            Err(PlayError::RideThroughForbidden { from: cell("F6"), to: cell("F3"), player: SQ })
        );
        // Circle may ride through E4..I4 (its own Score Area), and stop there.
        let p = position("F6=s F5=N A1=S", CR);
        assert!(p.ride_targets(cell("F6")).contains(cell("F4")));
        assert!(p.ride_targets(cell("F6")).contains(cell("F1")));
        // A river in the forbidden area cannot be entered.
        let p = position("F5=S F4=n A14=s", SQ);
        assert_eq!(p.ride_targets(cell("F5")), cells("E5 G5 F6"));
    }

    #[test]
    fn a_river_push_sends_the_piece_along_the_pushers_axis() {
        // North river on D5 steps north onto D6 (a Circle stone): the stone travels north only.
        let p = position("D5=N D6=s D10=S", SQ);
        assert_eq!(p.push_targets(cell("D5"), cell("D6")), cells("D7 D8 D9"));
        let q = p.play(&pr("D5", "D6", "D9")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.board().piece_at(cell("D5")), None);
        // The pusher stands on D6, flipped to a Stone; the pushed piece keeps its face.
        assert_eq!(q.board().piece_at(cell("D6")), Some(Piece { owner: SQ, face: Face::Stone }));
        assert_eq!(q.board().piece_at(cell("D9")), Some(Piece { owner: CR, face: Face::Stone }));
        assert_eq!(p.play(&pr("D5", "D6", "D10")), Err(PlayError::Occupied { cell: cell("D10") }));
        assert_eq!(p.play(&pr("D5", "D6", "D6")), Err(PlayError::PushedPieceStays { onto: cell("D6") }));
        // [decision] Never back toward the pusher's start.
        assert_eq!(p.play(&pr("D5", "D6", "D4")), Err(PlayError::PushBackward { from: cell("D5"), to: cell("D4") }));
        assert_eq!(
            p.play(&pr("D5", "D6", "C6")),
            Err(PlayError::PushWrongAxis { from: cell("D5"), to: cell("C6"), axis: Axis::North })
        );
        assert_eq!(
            p.play(&pr("D5", "D7", "D8")),
            Err(PlayError::PushNotAdjacent { from: cell("D5"), onto: cell("D7") })
        );
        assert_eq!(p.play(&pr("D5", "C5", "B5")), Err(PlayError::PushOntoEmpty { onto: cell("C5") }));
        let p = position("D5=S D6=s D10=S", SQ);
        assert_eq!(p.play(&pr("D5", "D6", "D8")), Err(PlayError::RiverPushByStone { from: cell("D5") }));
    }

    #[test]
    fn a_river_push_across_its_axis_may_go_either_way_along_it() {
        // East river on D5 steps north onto D6: the pushed piece travels along row 6, both ways
        // (neither is back toward D5).
        let p = position("D5=E D6=n G6=S A14=s", SQ);
        assert_eq!(p.push_targets(cell("D5"), cell("D6")), cells("A6 B6 C6 E6 F6"));
        assert_eq!(
            p.play(&pr("D5", "D6", "D8")),
            Err(PlayError::PushWrongAxis { from: cell("D5"), to: cell("D8"), axis: Axis::East })
        );
        assert_eq!(p.play(&pr("D5", "D6", "H6")), Err(PlayError::PushUnreachable { onto: cell("D6"), to: cell("H6") }));
    }

    #[test]
    fn a_pushed_piece_rides_on_with_the_pusher_standing_on_its_start() {
        // North river on D5 pushes D6 north: D7, then the East river on D8 (row 8), the North
        // river on F8 (column F: F7, F6), the East river on F5 (row 5: E5, D5 = the pusher's
        // start, empty now, C5..A5; G5..M5). The East river on F6? No: F6 is empty; E6 would be
        // reached only along row 6 by a river there.
        let p = position("D5=N D6=s D8=E F8=N F5=E A14=S", SQ);
        let t = p.push_targets(cell("D5"), cell("D6"));
        // [decision] P (D5) counts as empty: the pushed piece may stop there.
        assert!(t.contains(cell("D5")), "{t:?}");
        assert!(t.contains(cell("A5")));
        assert!(t.contains(cell("F7")) && t.contains(cell("E8")) && t.contains(cell("F9")));
        let q = p.play(&pr("D5", "D6", "D5")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.board().piece_at(cell("D5")), Some(Piece { owner: CR, face: Face::Stone }));
        assert_eq!(q.board().piece_at(cell("D6")), Some(Piece { owner: SQ, face: Face::Stone }));
        // [decision] T (D6) counts as occupied: an East river on F6 leads back along row 6 to E6
        // and stops at D6, where the pusher stands.
        let p = position("D5=N D6=s D8=E F8=N F6=E A14=S", SQ);
        let t = p.push_targets(cell("D5"), cell("D6"));
        assert!(t.contains(cell("E6")) && t.contains(cell("G6")));
        assert!(!t.contains(cell("C6")) && !t.contains(cell("D6")));
    }

    #[test]
    fn pushes_respect_both_forbidden_areas() {
        // The pushed piece may not enter its owner's forbidden area: Square's own stone cannot be
        // pushed onto F4, Circle's can (F4 is Circle's Score Area) and on through it.
        let p = position("F6=N F5=S A14=s", SQ);
        assert_eq!(p.push_targets(cell("F6"), cell("F5")), Bitboard::EMPTY);
        assert_eq!(p.play(&pr("F6", "F5", "F4")), Err(PlayError::ForbiddenArea { cell: cell("F4"), player: SQ }));
        assert_eq!(p.play(&pr("F6", "F5", "F3")), Err(PlayError::PushThroughForbidden { to: cell("F3"), player: SQ }));
        let p = position("F6=N F5=s A14=S", SQ);
        assert_eq!(p.push_targets(cell("F6"), cell("F5")), cells("F4 F3 F2 F1"));
        // [decision] The pusher's step obeys the pusher's forbidden area.
        let p = position("F3=N F4=s A14=S", SQ);
        assert_eq!(p.push_targets(cell("F3"), cell("F4")), Bitboard::EMPTY);
        assert_eq!(p.play(&pr("F3", "F4", "F5")), Err(PlayError::ForbiddenArea { cell: cell("F4"), player: SQ }));
        assert_eq!(p.play(&ps("F3", "F4", "F5")), Err(PlayError::StonePushByRiver { from: cell("F3") }));
    }

    #[test]
    fn a_stone_push_moves_the_piece_exactly_one_further() {
        // [decision] PS: the pushed piece goes exactly one intersection further, the pusher
        // stays a Stone.
        let p = position("D5=S D6=n D8=s A14=S", SQ);
        assert_eq!(p.push_targets(cell("D5"), cell("D6")), cells("D7"));
        let q = p.play(&ps("D5", "D6", "D7")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.board().piece_at(cell("D6")), Some(Piece { owner: SQ, face: Face::Stone }));
        assert_eq!(q.board().piece_at(cell("D7")), Some(Piece { owner: CR, face: Face::River(Axis::North) }));
        assert_eq!(q.board().piece_at(cell("D5")), None);
        assert_eq!(
            p.play(&ps("D5", "D6", "D8")),
            Err(PlayError::StonePushDistance { expected: cell("D7"), to: cell("D8") })
        );
        let p = position("D5=S D6=n D7=s A14=S", SQ);
        assert_eq!(p.play(&ps("D5", "D6", "D7")), Err(PlayError::Occupied { cell: cell("D7") }));
        let p = position("D13=S D14=s A1=S", SQ);
        assert_eq!(
            p.play(&Turn::StonePush { from: cell("D13"), onto: cell("D14"), to: cell("D12") }),
            Err(PlayError::PushOffBoard { from: cell("D13"), onto: cell("D14") })
        );
        // Into the pushed piece's owner's forbidden area: no.
        let p = position("G6=S G5=S A14=s", SQ);
        assert_eq!(p.play(&ps("G6", "G5", "G4")), Err(PlayError::ForbiddenArea { cell: cell("G4"), player: SQ }));
        let p = position("D5=N D6=s A14=S", SQ);
        assert_eq!(p.play(&ps("D5", "D6", "D7")), Err(PlayError::StonePushByRiver { from: cell("D5") }));
    }

    #[test]
    fn a_turn_that_completes_a_score_area_ends_the_game() {
        // Square fills the last cell of E11..I11 with a stone: Square wins at once.
        let p = position("E11=S F11=S G11=S H11=S I10=S A1=s", SQ);
        let q = p.play(&mv("I10", "I11")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.winner(), Some(SQ));
        assert_eq!(q.play(&flip("A1", Face::River(Axis::North))), Err(PlayError::GameOver { winner: SQ }));
        assert_eq!(PlayError::GameOver { winner: SQ }.to_string(), "the game is already over: Square has won");
        // All five must be Stones: with a river there, play goes on until it is flipped.
        let p = position("E11=S F11=S G11=S H11=S I11=N A1=s", SQ);
        assert_eq!(p.winner(), None);
        assert_eq!(p.play(&flip("I11", Face::Stone)).map(|q| q.winner()), Ok(Some(SQ)));
        // Pushing the opponent's stone into its own Score Area completes only the opponent's:
        // the opponent wins (the reference implementation's convention).
        let p = position("E4=s F4=s G4=s H4=s I5=s I6=S A14=s", SQ);
        let q = p.play(&ps("I6", "I5", "I4")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.winner(), Some(CR));
    }
}
