//! Questions about one Stones and Rivers position, as `tabula moves` and `tabula resolve` ask
//! them.

use tabula_engine::stones_rivers::{Position, Setup};
use tabula_notation::stones_rivers::{resolve as resolve_turn, ResolveError, TurnText};

use crate::error::{QueryError, Refusal};

/// The legal turns of the position string `text`, with why there may be none.
///
/// # Errors
/// [`QueryError::Position`] when the text is not a position.
pub fn legal_moves(text: &str) -> Result<(Vec<String>, String), QueryError> {
    Ok((turns(&position(text)?), "the game is over".to_owned()))
}

/// A Stones and Rivers position given as the rules file's position string (`.../13 sq`).
///
/// # Errors
/// [`QueryError::Position`] when the text is not a position string or not a legal position.
pub fn position(text: &str) -> Result<Position, QueryError> {
    let fail = |reason: String| QueryError::Position { text: text.to_string(), reason };
    let setup = tabula_notation::stones_rivers::parse_position(text.trim()).map_err(|e| fail(e.to_string()))?;
    Position::from_setup(&setup).map_err(|e| fail(format!("not a legal position: {e}")))
}

/// Every legal turn of a Stones and Rivers position in canonical notation, one per resulting
/// position (the first in text order when several turns give the same position), sorted as
/// text. Empty when the game is over.
pub fn turns(pos: &Position) -> Vec<String> {
    let mut turns: Vec<(String, Setup)> = pos
        .legal_turns()
        .iter()
        .map(|t| (TurnText::from_turn(pos.to_move(), t).to_string(), pos.play_unchecked(t).to_setup()))
        .collect();
    turns.sort_by(|a, b| a.0.cmp(&b.0));
    let mut seen = std::collections::HashSet::with_capacity(turns.len());
    turns.into_iter().filter(|(_, after)| seen.insert(*after)).map(|(text, _)| text).collect()
}

/// Resolves the turn `text` on the position string `position`: its canonical spelling.
///
/// # Errors
/// The position is not one (`syntax`), the text cannot be read (`syntax`) or is not a legal
/// turn (`illegal`).
pub fn resolve(position: &str, text: &str) -> Result<String, Refusal> {
    let pos = self::position(position).map_err(|e| Refusal::syntax(e.to_string()))?;
    resolve_on(&pos, text)
}

/// Resolves the turn `text` on `pos`: its canonical spelling.
///
/// # Errors
/// As [`resolve`].
pub fn resolve_on(pos: &Position, text: &str) -> Result<String, Refusal> {
    resolve_strictly(pos, text)
        .map_err(|r| r.suggesting(|| crate::nearness::moves_alone(&super::suggest::nearest(pos, text))))
}

fn resolve_strictly(pos: &Position, text: &str) -> Result<String, Refusal> {
    let text = text.trim();
    // A text names exactly one turn; the canonical spelling is that turn's, by the side to move.
    match resolve_turn(text, pos) {
        Ok(turn) => Ok(TurnText::from_turn(pos.to_move(), &turn).to_string()),
        Err(ResolveError::Syntax(e)) => Err(Refusal::syntax(format!("`{text}`: {e}"))),
        Err(e @ ResolveError::WrongPlayer { .. }) => Err(Refusal::illegal(format!("wrong player: {e}"))),
        Err(e) => Err(Refusal::illegal(e.to_string())),
    }
}
