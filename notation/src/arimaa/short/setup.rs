//! Set-up (`1g`/`1s`) and position (`0g`/`0s`) records read into engine placements and
//! positions. No search: the view and the side fix every square.

use tabula_engine::arimaa::{Board, Color, Piece, PieceKind, Placement, Position, Setup, Square};

use super::error::RecordError;
use super::syntax::{Letter, PlacementText, RecordKind, ShortBody, ShortMove};
use super::view::View;

impl PlacementText {
    /// The squares of the pieces listed, read in `view` for a record of `color`'s pieces (the
    /// side fixes the home ranks of a set-up; a position record covers the whole board).
    pub fn squares(&self, view: View, color: Color) -> impl Iterator<Item = (Square, Letter)> + '_ {
        let order: Option<[Square; 16]> = match self.kind {
            RecordKind::Setup => Some(view.setup_squares(color)),
            RecordKind::Position => None,
        };
        self.pieces.iter().filter_map(move |&(i, letter)| {
            let sq = match &order {
                Some(o) => o.get(usize::from(i)).copied(),
                None => view.scan_square(usize::from(i)),
            };
            Some((sq?, letter))
        })
    }
}

impl ShortMove {
    /// The set-up of a `1g`/`1s` move: the listed pieces on their squares, rabbits on the other
    /// home squares, in square order (a1 first), checked by the engine's rules.
    ///
    /// # Errors
    /// Not a set-up move, or not a legal set-up (two cats too many, say).
    pub fn to_placement(&self) -> Result<Placement, RecordError> {
        let color = self.label.color;
        let text = match &self.body {
            ShortBody::Placement(p) if p.kind == RecordKind::Setup && self.label.number == 1 => p,
            _ => return Err(RecordError::NotSetup(self.label)),
        };
        let mut kinds = [None::<PieceKind>; 64];
        for sq in Placement::home(color) {
            kinds[sq.index()] = Some(PieceKind::Rabbit);
        }
        for (sq, letter) in text.squares(self.view, color) {
            kinds[sq.index()] = Some(letter.kind);
        }
        let placement: Placement = Square::ALL.iter().filter_map(|&sq| Some((sq, kinds[sq.index()]?))).collect();
        placement.validate(color)?;
        Ok(placement)
    }

    /// Puts the pieces of a `0g`/`0s` record (an empty `0g` is a side with no piece) on `board`.
    fn put_position(&self, board: &mut Board) -> Result<(), RecordError> {
        if self.label.number != 0 {
            return Err(RecordError::NotPosition(self.label));
        }
        let text = match &self.body {
            ShortBody::Placement(p) if p.kind == RecordKind::Position => p,
            ShortBody::Empty => return Ok(()),
            _ => return Err(RecordError::NotPosition(self.label)),
        };
        let color = self.label.color;
        for (sq, letter) in text.squares(self.view, color) {
            if board.piece_at(sq).is_some() {
                return Err(RecordError::SquareTwice(sq));
            }
            board.put(sq, Piece { color, kind: letter.kind });
        }
        Ok(())
    }
}

/// The arrangement of two position records (`0s ..., 0g ...`): each lists its side's pieces in
/// its own view; the side of the first record is the side to move. Not checked against the
/// rules: see [`position_from_records`].
///
/// # Errors
/// A move that is not a `0g`/`0s` record, two records of one side, or a square in both.
pub fn setup_from_records(first: &ShortMove, second: &ShortMove) -> Result<Setup, RecordError> {
    if first.label.color == second.label.color && first.label.number == 0 && second.label.number == 0 {
        return Err(RecordError::SameSide(first.label.color));
    }
    let mut board = Board::empty();
    first.put_position(&mut board)?;
    second.put_position(&mut board)?;
    Ok(Setup { board, side_to_move: first.label.color })
}

/// The position of two position records, checked as the engine checks any arrangement (at most
/// the pieces a side starts with, no piece unsupported on a trap).
///
/// # Errors
/// As [`setup_from_records`], or the arrangement cannot occur in a game.
pub fn position_from_records(first: &ShortMove, second: &ShortMove) -> Result<Position, RecordError> {
    Ok(Position::from_setup(setup_from_records(first, second)?)?)
}
