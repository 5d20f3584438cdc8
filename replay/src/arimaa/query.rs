//! Questions about one Arimaa position, as `tabula moves` and `tabula resolve` ask them.

use serde_json::{Map, Value};
use tabula_engine::arimaa::{MoveGenerator, Position};
use tabula_notation::arimaa::short::{ResolveOptions, View};

use crate::error::{request_string, QueryError, Refusal};

/// The legal turns of the position `text` (`g [...]`) in long notation, with why there may be
/// none.
///
/// # Errors
/// [`QueryError::Position`] when the text is not a position.
pub fn legal_moves(text: &str) -> Result<(Vec<String>, String), QueryError> {
    let pos = tabula_notation::arimaa::parse_position(text)
        .map_err(|e| QueryError::Position { text: text.to_string(), reason: e.to_string() })?;
    Ok((legal_turns(&pos), "the side to move is immobilized, or the game is over".to_owned()))
}

/// Every legal turn of an Arimaa position in long notation, one per resulting position, sorted.
pub fn legal_turns(pos: &Position) -> Vec<String> {
    let mut gen = MoveGenerator::new();
    // Sorted by the first sixteen bytes read as one number (zeros after a shorter text, which
    // keeps the order of the texts), the texts compared only when those are equal.
    let mut texts: Vec<(u128, String)> = gen
        .legal_turns(pos)
        .iter()
        .filter_map(|(t, _)| tabula_notation::arimaa::write_turn(pos, t).ok())
        .map(|text| {
            let mut head = [0u8; 16];
            let n = text.len().min(16);
            head[..n].copy_from_slice(&text.as_bytes()[..n]);
            (u128::from_be_bytes(head), text)
        })
        .collect();
    texts.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    texts.into_iter().map(|(_, t)| t).collect()
}

/// Resolves the move `text` of a `tabula resolve` request on `position`: short notation in the request's `view` (`g` when the key is absent); `"lenient": true`
/// reads a plain digit as a column or a scan number and lets captures go unwritten.
///
/// # Errors
/// The text does not resolve to one legal turn: why, as `tabula resolve` says it.
pub fn resolve(request: &Map<String, Value>, position: &str, text: &str) -> Result<String, Refusal> {
    let view = match request.get("view") {
        None => View::Gold,
        Some(_) => {
            let v = request_string(request, "view")?;
            v.parse::<View>().map_err(|_| Refusal::syntax(format!("key \"view\": `{v}` is not g, s or n")))?
        }
    };
    let opts = match request.get("lenient") {
        Some(Value::Bool(true)) => ResolveOptions::LENIENT,
        _ => ResolveOptions::default(),
    };
    super::resolve::resolve_request(position, view, text, opts).map_err(|s| Refusal {
        kind: s.kind.as_str(),
        message: s.reason,
        candidates: s.candidates,
    })
}
