//! `tabula resolve` for Arimaa: one move of short notation (or set-up and position records)
//! resolved against a position.

use tabula_engine::arimaa::{Color, PieceKind, Position, Square};
use tabula_notation::arimaa::short::{position_from_records, ParseContext, ResolveOptions, ShortMove, ShortRecord};
use tabula_notation::arimaa::{parse_position, write_placement, LongMove, MoveLabel, View};

use super::short_stop::{from_resolve_error, line_of, ShortStop, StopKind};

/// Resolves one request of `tabula resolve --jsonl` for Arimaa: `move` in short notation (a
/// turn, optionally labelled, in `view`) on the position `position` (`g [<64 chars>]`), to long
/// notation with capture tokens; a set-up (`1g ...`) or position records (`0s ..., 0g ...`) to
/// their placement tokens (`Ra1 Cb1 ...`; the position is not consulted for them).
///
/// # Errors
/// A [`ShortStop`]: syntax (of the move, or of the position a turn needs), illegal, ambiguous.
pub fn resolve_request(position: &str, view: View, text: &str, opts: ResolveOptions) -> Result<String, ShortStop> {
    let pos = parse_position(position);
    let side = pos.as_ref().map_or(Color::Gold, Position::side_to_move);
    let mut ctx = ParseContext::at(view, MoveLabel::new(2, side));
    let moves = ShortRecord::parse_in(text, &mut ctx).map_err(|e| ShortStop::syntax(&e))?.moves;
    let Some(first) = moves.first() else {
        return Err(ShortStop::new(None, String::new(), StopKind::Syntax, "no move in the text"));
    };
    if moves.iter().all(|m| m.label.number <= 1 && m.units().is_none()) {
        return records_tokens(text, &moves);
    }
    if moves.len() > 1 {
        return Err(ShortStop::new(
            Some(moves[1].label),
            text.trim().to_owned(),
            StopKind::Syntax,
            format!("{} moves where one turn is expected", moves.len()),
        )
        .at(line_of(text, &moves[1])));
    }
    let pos = pos.map_err(|e| ShortStop::new(None, position.to_owned(), StopKind::Syntax, format!("position: {e}")))?;
    let finished = first
        .resolve_with(&pos, opts)
        .map_err(|e| from_resolve_error(first.label, first, e).at(line_of(text, first)))?;
    LongMove::from_turn(&pos, finished.turn()).map(|l| l.to_string()).map_err(|e| {
        ShortStop::new(Some(first.label), String::new(), StopKind::Illegal, e.to_string()).at(line_of(text, first))
    })
}

/// The placement tokens of set-up and position records.
fn records_tokens(text: &str, moves: &[ShortMove]) -> Result<String, ShortStop> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(m) = moves.get(i) {
        let fail = |e: String| ShortStop::new(Some(m.label), m.to_string(), StopKind::Illegal, e).at(line_of(text, m));
        if m.label.number == 1 {
            let placement = m.to_placement().map_err(|e| fail(e.to_string()))?;
            out.push(write_placement(m.label.color, &placement));
        } else {
            if let Some(next) = moves.get(i + 1) {
                position_from_records(m, next).map_err(|e| fail(e.to_string()))?;
                out.push(record_tokens(m));
                i += 1;
                out.push(record_tokens(next));
            } else {
                out.push(record_tokens(m));
            }
        }
        i += 1;
    }
    Ok(out.into_iter().filter(|t| !t.is_empty()).collect::<Vec<_>>().join(" "))
}

/// The long-notation tokens of one position record (`0g`/`0s`): the side's pieces on their squares.
pub(crate) fn record_tokens(m: &ShortMove) -> String {
    let mut pieces: Vec<(Square, PieceKind)> = match m.placement() {
        Some(p) => p.squares(m.view, m.label.color).map(|(sq, l)| (sq, l.kind)).collect(),
        None => Vec::new(),
    };
    pieces.sort_by_key(|(sq, _)| sq.index());
    write_placement(m.label.color, &pieces.into_iter().collect())
}
