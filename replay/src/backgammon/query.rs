//! Questions about one backgammon position, as `tabula moves` and `tabula resolve` ask them.

use std::cell::RefCell;
use std::cmp::Reverse;

use serde_json::{Map, Value};
use tabula_engine::backgammon::{Dice, MatchState, MoveGenerator, Position};
use tabula_notation::backgammon::{match_id, position_id, xgid, PlayText, ResolveError, Standard};

use crate::error::{request_string, QueryError, Refusal};
use crate::texts::Texts;

/// The legal plays of the position `text` (a Position ID, a gnubg ID or an XGID) with `dice`
/// (or the roll the text carries), with why there may be none.
///
/// # Errors
/// [`QueryError`]: the position or the roll is not understood, or there is no roll.
pub fn legal_moves(text: &str, dice: Option<&str>) -> Result<(Vec<String>, String), QueryError> {
    let (pos, carried) = position_and_dice(text)?;
    let dice = self::dice(dice, carried)?;
    Ok((plays(&pos, dice), format!("the roll {dice} cannot be played")))
}

/// A backgammon position given as a gnubg Position ID, from the view of the player on roll.
///
/// # Errors
/// [`QueryError::Position`] when the ID is not one.
pub fn position(text: &str) -> Result<Position, QueryError> {
    position_id::decode(text.trim()).map_err(|e| QueryError::Position { text: text.to_string(), reason: e.to_string() })
}

/// A backgammon position as `tabula moves` and `tabula resolve` take it, from the view of the
/// player on roll, with the roll the text carries: a gnubg Position ID (no roll), a gnubg ID
/// `PositionID:MatchID`, or an XGID (`XGID=...`, ten fields).
///
/// # Errors
/// [`QueryError::Position`] when the text is none of these, naming which it looked like.
pub fn position_and_dice(text: &str) -> Result<(Position, Option<Dice>), QueryError> {
    let (pos, state) = position_and_state(text)?;
    Ok((pos, state.and_then(|s| s.dice)))
}

/// A backgammon position as [`position_and_dice`] reads it, with the match state a gnubg ID or
/// an XGID carries (cube, player on roll, dice, score); `None` for a bare Position ID.
///
/// # Errors
/// [`QueryError::Position`] when the text is none of these, naming which it looked like.
pub fn position_and_state(text: &str) -> Result<(Position, Option<MatchState>), QueryError> {
    let t = text.trim();
    let fail = |reason: String| QueryError::Position { text: text.to_string(), reason };
    if t.starts_with("XGID=") || t.matches(':').count() >= 9 {
        let x = xgid::decode(t).map_err(|e| fail(format!("not an XGID: {e}")))?;
        return Ok((x.position, Some(x.state)));
    }
    if let Some((position, matchid)) = t.split_once(':') {
        let pos = position_id::decode(position).map_err(|e| fail(format!("not a gnubg ID: {e}")))?;
        let state = match_id::decode(matchid).map_err(|e| fail(format!("not a gnubg ID: match ID: {e}")))?;
        return Ok((pos, Some(state)));
    }
    Ok((position(t)?, None))
}

/// The roll for a backgammon question: `given` (two digits) or else the one the position text
/// carries; both must agree when both are there.
///
/// # Errors
/// [`QueryError::Dice`] for a malformed roll or two rolls that differ, [`QueryError::NoDice`]
/// when there is none.
pub fn dice(given: Option<&str>, carried: Option<Dice>) -> Result<Dice, QueryError> {
    match (given.map(roll).transpose()?, carried) {
        (Some(d), Some(c)) if d != c => Err(QueryError::Dice(format!("{d}, while the position gives the roll {c}"))),
        (Some(d), _) | (None, Some(d)) => Ok(d),
        (None, None) => Err(QueryError::NoDice),
    }
}

/// A roll written as two digits.
///
/// # Errors
/// [`QueryError::Dice`] unless two digits from 1 to 6.
pub fn roll(text: &str) -> Result<Dice, QueryError> {
    Dice::from_ascii(text.trim().as_bytes()).map_err(|_| QueryError::Dice(text.to_string()))
}

/// Items of a play as (from, to, count), 13 bits each (5, 5 and 3), the first item highest:
/// the order `tabula moves` lists plays in (descending).
type SortKey = u64;

/// A play's key, with where its text lies (start, end).
type Keyed = (SortKey, u32, u32);

/// Every legal play of `dice` on `pos` in the standard notation, one per resulting position,
/// in a fixed order (the first item's from-point descending, then its to-point descending, and
/// so on). Empty when the roll cannot be played.
pub fn plays(pos: &Position, dice: Dice) -> Vec<String> {
    let mut texts = Texts::new();
    write_plays(pos, dice, &mut texts);
    texts.to_vec()
}

/// The plays of [`plays`], in its order, written into `texts` (what was there is dropped):
/// for a caller listing the plays of many positions, which keeps `texts` and makes its own
/// strings from them (the Python package). No allocation once the buffers have grown.
pub fn write_plays(pos: &Position, dice: Dice, texts: &mut Texts) {
    thread_local! {
        // The generator's buffers and the sort's, kept between calls: a caller listing the
        // plays of many positions (a board in a loop, the Python package) allocates them once.
        static GENERATOR: RefCell<(MoveGenerator, Vec<Keyed>)> =
            RefCell::new((MoveGenerator::new(), Vec::new()));
    }
    let standard = Standard::new(pos);
    GENERATOR.with_borrow_mut(|(gen, keyed)| {
        texts.fill(|bytes, spans| {
            // The texts side by side in one buffer, each play's key with where its text lies.
            let legal = gen.legal_plays(pos, dice);
            bytes.reserve(12 * legal.len());
            keyed.clear();
            keyed.extend(legal.iter().filter(|(play, _)| !play.is_empty()).map(|(play, _)| {
                let start = bytes.len() as u32;
                // The items' (from, to, count) in one number, the first item highest: plays
                // compare as their keys do.
                let key = standard.write(play, bytes).iter().fold(0, |k: SortKey, &(f, t, c)| {
                    k << 13 | SortKey::from(f) << 8 | SortKey::from(t) << 3 | SortKey::from(c)
                });
                (key, start, bytes.len() as u32)
            }));
            // By key alone, then the rare runs of equal keys (the same items, hits marked on
            // other points) by their texts.
            keyed.sort_unstable_by_key(|k| Reverse(k.0));
            let at = |&(_, start, end): &Keyed| bytes.get(start as usize..end as usize).unwrap_or_default();
            for run in keyed.chunk_by_mut(|a, b| a.0 == b.0).filter(|run| run.len() > 1) {
                run.sort_unstable_by(|a, b| at(a).cmp(at(b)));
            }
            spans.extend(keyed.iter().map(|&(_, start, end)| (start, end)));
        });
    });
}

/// Resolves the play `text` of a `tabula resolve` request on `position`: its standard text.
/// The roll is the request's `dice`, or the one the position carries (a gnubg ID or an XGID).
///
/// # Errors
/// The position or the roll is not understood (`syntax`), or the play does not resolve (see
/// [`resolve_play`]).
pub fn resolve(request: &Map<String, Value>, position: &str, text: &str) -> Result<String, Refusal> {
    let (pos, carried) = position_and_dice(position).map_err(|e| Refusal::syntax(e.to_string()))?;
    let given = match request.get("dice") {
        None if carried.is_some() => None,
        _ => Some(request_string(request, "dice")?),
    };
    let dice = dice(given, carried).map_err(|e| Refusal::syntax(e.to_string()))?;
    resolve_play(&pos, dice, text)
}

/// Resolves the play `text` of `dice` on `pos`: its standard text.
///
/// # Errors
/// The text cannot be read (`syntax`), fits no legal play (`illegal`) or several (`ambiguous`,
/// with their standard texts).
pub fn resolve_play(pos: &Position, dice: Dice, text: &str) -> Result<String, Refusal> {
    resolve_play_strictly(pos, dice, text)
        .map_err(|r| r.suggesting(|| crate::nearness::moves_alone(&super::suggest::nearest(pos, dice, text))))
}

fn resolve_play_strictly(pos: &Position, dice: Dice, text: &str) -> Result<String, Refusal> {
    let parsed =
        PlayText::from_ascii(text.trim().as_bytes()).map_err(|e| Refusal::syntax(format!("`{}`: {e}", text.trim())))?;
    match parsed.resolve(pos, dice) {
        Ok(resolved) => Ok(tabula_notation::backgammon::write_play(pos, &resolved.play)),
        Err(ResolveError::Ambiguous { candidates }) => {
            Err(Refusal::ambiguous(format!("`{}` fits several legal plays of {dice}", text.trim()), candidates))
        }
        Err(ResolveError::Syntax(e)) => Err(Refusal::syntax(e.to_string())),
        Err(e) => Err(Refusal::illegal(e.to_string())),
    }
}
