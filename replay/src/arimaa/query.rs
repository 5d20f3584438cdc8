//! Questions about one Arimaa position, as `tabula moves` and `tabula resolve` ask them.

use std::cell::RefCell;

use serde_json::{Map, Value};
use tabula_engine::arimaa::{MoveGenerator, Phase, Position};
use tabula_notation::arimaa::short::{ResolveOptions, View};
use tabula_notation::arimaa::TurnWriter;

use crate::error::{request_string, QueryError, Refusal};
use crate::texts::Texts;

/// The legal turns of the position `text` (`g [...]`) in long notation, with why there may be
/// none.
///
/// # Errors
/// [`QueryError::Position`] when the text is not a position.
pub fn legal_moves(text: &str) -> Result<(Vec<String>, String), QueryError> {
    let pos = tabula_notation::arimaa::parse_position(text)
        .map_err(|e| QueryError::Position { text: text.to_string(), reason: e.to_string() })?;
    let why = if pos.phase() == Phase::Setup {
        "the side to move sets up its pieces: set-ups are not listed"
    } else {
        "the side to move is immobilized, or the game is over"
    };
    Ok((legal_turns(&pos), why.to_owned()))
}

/// Every legal turn of an Arimaa position in long notation, one per resulting position, sorted.
pub fn legal_turns(pos: &Position) -> Vec<String> {
    let mut texts = Texts::new();
    write_turns(pos, &mut texts);
    texts.to_vec()
}

/// A turn's first 24 bytes read as three numbers (zeros after a shorter text, which keeps the
/// order of the texts), with where its text lies (start, end).
type Keyed = ([u64; 3], u32, u32);

/// The turns of [`legal_turns`], in its order, written into `texts` (what was there is
/// dropped): for a caller listing the turns of many positions, which keeps `texts` and makes
/// its own strings from them (the Python package). No allocation once the buffers have grown.
pub fn write_turns(pos: &Position, texts: &mut Texts) {
    thread_local! {
        // The generator's tables and the sort's buffer, kept between calls: a caller listing
        // the turns of many positions (a board in a loop, the Python package) allocates them
        // once.
        static GENERATOR: RefCell<(MoveGenerator, Vec<Keyed>)> = RefCell::new((MoveGenerator::new(), Vec::new()));
    }
    GENERATOR.with_borrow_mut(|(gen, keyed)| {
        texts.fill(|bytes, spans| {
            let legal = gen.legal_turns(pos);
            let writer = TurnWriter::new(pos);
            bytes.reserve(20 * legal.len());
            keyed.clear();
            for (turn, after) in legal {
                let start = bytes.len();
                writer.write(turn, after, bytes);
                let text = bytes.get(start..).unwrap_or_default();
                if text.is_empty() {
                    continue;
                }
                let mut head = [0u64; 3];
                for (h, chunk) in head.iter_mut().zip(text.chunks(8)) {
                    let mut b = [0u8; 8];
                    b[..chunk.len()].copy_from_slice(chunk);
                    *h = u64::from_be_bytes(b);
                }
                keyed.push((head, start as u32, bytes.len() as u32));
            }
            // By the first 24 bytes, the texts compared only when those are equal.
            let at = |&(_, start, end): &Keyed| bytes.get(start as usize..end as usize).unwrap_or_default();
            keyed.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| at(a).cmp(at(b))));
            spans.extend(keyed.iter().map(|&(_, start, end)| (start, end)));
        });
    });
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
    super::resolve::resolve_request(position, view, text, opts)
        .map_err(|s| Refusal {
            kind: s.kind.as_str(),
            message: s.reason,
            candidates: s.candidates,
            suggestions: Vec::new(),
        })
        .map_err(|r| {
            r.suggesting(|| match tabula_notation::arimaa::parse_position(position) {
                Ok(pos) => super::suggest::near_text(&pos, text, view),
                Err(_) => Vec::new(),
            })
        })
}
