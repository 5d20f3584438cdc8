//! Where the pieces stand: a bitboard per player and per river axis.

use super::bitboard::{Bitboard, Slot};
use super::cell::{Axis, Cell};
use super::piece::{Face, Piece};
use super::player::{ByPlayer, Player};

/// The pieces on the board. A cell is in at most one of the two player sets; `north` and `east`
/// hold the cells of River pieces by axis (either player's); a piece in neither is a Stone.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    /// The cells of each player's pieces.
    pub by_player: ByPlayer<Bitboard>,
    /// North rivers (along a column).
    pub north: Bitboard,
    /// East rivers (along a row).
    pub east: Bitboard,
}

/// Cells `E..I` of a row (0-based row).
const fn score_row(row: u8) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    let mut column = 4;
    while column <= 8 {
        if let Some(cell) = Cell::new(column, row) {
            b = b.with(cell);
        }
        column += 1;
    }
    b
}

/// Square's Score Area, `E11`..`I11` (on Circle's side).
pub const SQUARE_SCORE_AREA: Bitboard = score_row(10);
/// Circle's Score Area, `E4`..`I4` (on Square's side).
pub const CIRCLE_SCORE_AREA: Bitboard = score_row(3);

/// The Score Area where `player` scores.
#[inline]
pub const fn score_area(player: Player) -> Bitboard {
    match player {
        Player::Square => SQUARE_SCORE_AREA,
        Player::Circle => CIRCLE_SCORE_AREA,
    }
}

/// The area `player` may never enter or pass through: the opponent's Score Area.
#[inline]
pub const fn forbidden_area(player: Player) -> Bitboard {
    score_area(player.other())
}

impl Board {
    /// No piece.
    pub const EMPTY: Board = Board {
        by_player: ByPlayer { square: Bitboard::EMPTY, circle: Bitboard::EMPTY },
        north: Bitboard::EMPTY,
        east: Bitboard::EMPTY,
    };

    /// The start: all Stones, Square on `D5`..`J6`, Circle on `D9`..`J10`.
    pub fn initial() -> Board {
        let mut board = Board::EMPTY;
        for column in 3..=9 {
            for (row, owner) in [(4, Player::Square), (5, Player::Square), (8, Player::Circle), (9, Player::Circle)] {
                if let Some(cell) = Cell::new(column, row) {
                    board.set(cell, Some(Piece { owner, face: Face::Stone }));
                }
            }
        }
        board
    }

    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_player.square | self.by_player.circle
    }

    /// The cells of River pieces of either axis.
    #[inline]
    pub fn rivers(&self) -> Bitboard {
        self.north | self.east
    }

    /// The cells of Stones (either player's).
    #[inline]
    pub fn stones(&self) -> Bitboard {
        self.occupied().and_not(self.rivers())
    }

    /// The rivers along `axis`.
    #[inline]
    pub fn rivers_along(&self, axis: Axis) -> Bitboard {
        match axis {
            Axis::North => self.north,
            Axis::East => self.east,
        }
    }

    /// The piece on `cell`.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let owner = if self.by_player.square.contains(cell) {
            Player::Square
        } else if self.by_player.circle.contains(cell) {
            Player::Circle
        } else {
            return None;
        };
        Some(Piece { owner, face: self.face_at(cell) })
    }

    /// The face of the piece on `cell` (`Stone` for an empty cell).
    #[inline]
    pub fn face_at(&self, cell: Cell) -> Face {
        if self.north.contains(cell) {
            Face::River(Axis::North)
        } else if self.east.contains(cell) {
            Face::River(Axis::East)
        } else {
            Face::Stone
        }
    }

    /// The owner of the piece on the occupied `cell`: `player` if it is one of `player`'s, else
    /// the opponent.
    #[inline]
    pub(crate) fn owner_of(&self, cell: Cell, player: Player) -> Player {
        if self.by_player[player].contains(cell) {
            player
        } else {
            player.other()
        }
    }

    /// Puts `piece` on `cell` (or empties it).
    #[inline]
    pub fn set(&mut self, cell: Cell, piece: Option<Piece>) {
        self.lift(cell);
        if let Some(p) = piece {
            self.by_player[p.owner] = self.by_player[p.owner].with(cell);
            self.set_face(cell, p.face);
        }
    }

    /// Empties `cell`.
    #[inline]
    pub(crate) fn lift(&mut self, cell: Cell) {
        let slot = Slot::of(cell);
        for b in [&mut self.by_player.square, &mut self.by_player.circle, &mut self.north, &mut self.east] {
            b.put(slot, false);
        }
    }

    /// Turns the piece on `cell` (which must hold one) to `face`, its owner kept.
    #[inline]
    pub(crate) fn set_face(&mut self, cell: Cell, face: Face) {
        let slot = Slot::of(cell);
        self.north.put(slot, face == Face::River(Axis::North));
        self.east.put(slot, face == Face::River(Axis::East));
    }

    /// Moves the piece on `from` to the empty cell `to`, owner and face kept; without branches on
    /// what the piece is.
    #[inline]
    pub(crate) fn relocate(&mut self, from: Cell, to: Cell) {
        let (from, to) = (Slot::of(from), Slot::of(to));
        for b in [&mut self.by_player.square, &mut self.by_player.circle, &mut self.north, &mut self.east] {
            let on = b.has(from);
            b.toggle(from, on);
            b.toggle(to, on);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_and_the_score_areas() {
        let b = Board::initial();
        assert_eq!(b.by_player.square.count(), 14);
        assert_eq!(b.by_player.circle.count(), 14);
        assert_eq!(b.stones().count(), 28);
        let names = |bb: Bitboard| bb.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(names(SQUARE_SCORE_AREA), "E11 F11 G11 H11 I11");
        assert_eq!(names(CIRCLE_SCORE_AREA), "E4 F4 G4 H4 I4");
        assert_eq!(forbidden_area(Player::Square), CIRCLE_SCORE_AREA);
    }
}
