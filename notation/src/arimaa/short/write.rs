//! Engine placements and boards written as short-notation set-up and position records.

use smallvec::SmallVec;
use tabula_engine::arimaa::{Board, Color, PieceKind, Placement, PlacementError, Position};

use super::syntax::{Letter, PlacementText, RecordKind, ShortBody, ShortMove};
use super::view::View;
use crate::arimaa::MoveLabel;

impl PlacementText {
    /// The set-up text of a legal placement of `color` in `view`: the 8 major pieces in the
    /// view's order, lower case, rabbits left out (the shortest text, and the only one).
    ///
    /// # Errors
    /// The placement is not a legal set-up for `color`.
    pub fn from_placement(view: View, color: Color, placement: &Placement) -> Result<PlacementText, PlacementError> {
        placement.validate(color)?;
        let order = view.setup_squares(color);
        let mut pieces: SmallVec<[(u8, Letter); 16]> = SmallVec::new();
        for (i, sq) in order.iter().enumerate() {
            let kind = placement.pieces().iter().find(|(s, _)| s == sq).map(|&(_, k)| k);
            if let Some(kind) = kind.filter(|&k| k != PieceKind::Rabbit) {
                pieces.push((i as u8, Letter::lower(kind)));
            }
        }
        Ok(PlacementText { kind: RecordKind::Setup, pieces })
    }

    /// The position record of `color`'s pieces on `board` in `view`, lower case.
    pub fn from_board(view: View, board: &Board, color: Color) -> PlacementText {
        let pieces = view
            .scan()
            .enumerate()
            .filter_map(|(i, sq)| {
                let p = board.piece_at(sq).filter(|p| p.color == color)?;
                Some((i as u8, Letter::lower(p.kind)))
            })
            .collect();
        PlacementText { kind: RecordKind::Position, pieces }
    }
}

/// The set-up move `1g`/`1s` of a legal placement, with its view and label written.
///
/// # Errors
/// The placement is not a legal set-up for `color`.
pub fn setup_move(view: View, color: Color, placement: &Placement) -> Result<ShortMove, PlacementError> {
    let text = PlacementText::from_placement(view, color, placement)?;
    Ok(ShortMove::new(view, MoveLabel::new(1, color), ShortBody::Placement(text)))
}

/// The two records of a board, `first`'s first (the side to move): the first with its view and
/// label written, the second with its label left to inference as in the seed's example
/// (`g 0s 6h6e..., r2r3...`), unless it lists no piece (then it is written `0g`).
pub fn position_moves(view: View, board: &Board, first: Color) -> [ShortMove; 2] {
    let body = |color| {
        let text = PlacementText::from_board(view, board, color);
        if text.pieces.is_empty() {
            ShortBody::Empty
        } else {
            ShortBody::Placement(text)
        }
    };
    let a = ShortMove::new(view, MoveLabel::new(0, first), body(first));
    let mut b = ShortMove::new(view, MoveLabel::new(0, first.other()), body(first.other()));
    b.view_written = false;
    if b.body != ShortBody::Empty {
        b.number_written = false;
        b.side_written = false;
    }
    [a, b]
}

/// `g 1g 3cc4hdemdh`: a set-up as one line of short notation, view first.
///
/// # Errors
/// The placement is not a legal set-up for `color`.
pub fn write_setup(view: View, color: Color, placement: &Placement) -> Result<String, PlacementError> {
    setup_move(view, color, placement).map(|m| m.to_string())
}

/// `g 0s 6h6e17rc..., r2r3r2c4...`: a position as one line of short notation (view first, the
/// side to move's record first).
pub fn write_position(view: View, position: &Position) -> String {
    let [a, b] = position_moves(view, position.board(), position.side_to_move());
    format!("{a}, {b}")
}
