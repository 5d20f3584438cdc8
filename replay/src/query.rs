//! Questions about one position, as `tabula resolve` and `tabula moves` ask them: what a move
//! text means on the board, and which moves there are.

use std::cmp::Reverse;

use serde_json::{json, Map, Value};
use tabula_engine::backgammon::{Dice, MoveGenerator, Position};
use tabula_notation::backgammon::{match_id, position_id, xgid, PlayText, ResolveError};

use crate::{GameKind, UnknownGame};

/// Why a question cannot be answered: the position, the roll or the game is not understood.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum QueryError {
    /// The position text is not a position of the game.
    #[error("position `{text}`: {reason}")]
    Position {
        /// The text given.
        text: String,
        /// Why it is not a position.
        reason: String,
    },
    /// The roll is missing or not two dice.
    #[error("dice `{0}`: expected two digits from 1 to 6, like 31 or 66")]
    Dice(String),
    /// A backgammon question without a roll.
    #[error("backgammon needs the roll: --dice 31 (or \"dice\": \"31\")")]
    NoDice,
    /// A roll given for a game without dice.
    #[error("{0} has no dice")]
    NotDiceGame(GameKind),
}

/// The legal moves of a position, as `tabula moves` lists them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Moves {
    /// Each move in the game's standard notation, one per resulting position, in a fixed order.
    pub texts: Vec<String>,
    /// Why there is none, when there is none.
    pub none_because: Option<String>,
}

/// Every legal move of `position` (the text `tabula moves --position` takes) in `game`, with
/// `dice` for backgammon (which a gnubg ID or an XGID may carry instead).
///
/// # Errors
/// [`QueryError`]: the position, or the roll, is not understood; a roll for a game without dice.
pub fn moves(game: GameKind, position: &str, dice: Option<&str>) -> Result<Moves, QueryError> {
    if game != GameKind::Backgammon && dice.is_some() {
        return Err(QueryError::NotDiceGame(game));
    }
    let (texts, over) = crate::games::legal_moves(game, position, dice)?;
    let none_because = texts.is_empty().then_some(over);
    Ok(Moves { texts, none_because })
}

/// A backgammon position given as a gnubg Position ID, from the view of the player on roll.
///
/// # Errors
/// [`QueryError::Position`] when the ID is not one.
pub fn backgammon_position(text: &str) -> Result<Position, QueryError> {
    position_id::decode(text.trim()).map_err(|e| QueryError::Position { text: text.to_string(), reason: e.to_string() })
}

/// A backgammon position as `tabula moves` and `tabula resolve` take it, from the view of the
/// player on roll, with the roll the text carries: a gnubg Position ID (no roll), a gnubg ID
/// `PositionID:MatchID`, or an XGID (`XGID=...`, ten fields).
///
/// # Errors
/// [`QueryError::Position`] when the text is none of these, naming which it looked like.
pub fn backgammon_position_and_dice(text: &str) -> Result<(Position, Option<Dice>), QueryError> {
    let t = text.trim();
    let fail = |reason: String| QueryError::Position { text: text.to_string(), reason };
    if t.starts_with("XGID=") || t.matches(':').count() >= 9 {
        let x = xgid::decode(t).map_err(|e| fail(format!("not an XGID: {e}")))?;
        return Ok((x.position, x.state.dice));
    }
    if let Some((position, matchid)) = t.split_once(':') {
        let pos = position_id::decode(position).map_err(|e| fail(format!("not a gnubg ID: {e}")))?;
        let state = match_id::decode(matchid).map_err(|e| fail(format!("not a gnubg ID: match ID: {e}")))?;
        return Ok((pos, state.dice));
    }
    Ok((backgammon_position(t)?, None))
}

/// The roll for a backgammon question: `given` (two digits) or else the one the position text
/// carries; both must agree when both are there.
///
/// # Errors
/// [`QueryError::Dice`] for a malformed roll or two rolls that differ, [`QueryError::NoDice`]
/// when there is none.
pub fn backgammon_dice(given: Option<&str>, carried: Option<Dice>) -> Result<Dice, QueryError> {
    match (given.map(dice).transpose()?, carried) {
        (Some(d), Some(c)) if d != c => Err(QueryError::Dice(format!("{d}, while the position gives the roll {c}"))),
        (Some(d), _) | (None, Some(d)) => Ok(d),
        (None, None) => Err(QueryError::NoDice),
    }
}

/// A roll written as two digits.
///
/// # Errors
/// [`QueryError::Dice`] unless two digits from 1 to 6.
pub fn dice(text: &str) -> Result<Dice, QueryError> {
    Dice::from_ascii(text.trim().as_bytes()).map_err(|_| QueryError::Dice(text.to_string()))
}

/// Every legal turn of an Arimaa position in long notation, one per resulting position, sorted.
pub fn arimaa_turns(pos: &tabula_engine::arimaa::Position) -> Vec<String> {
    let mut gen = tabula_engine::arimaa::MoveGenerator::new();
    let mut texts: Vec<String> =
        gen.legal_turns(pos).iter().filter_map(|(t, _)| tabula_notation::arimaa::write_turn(pos, t).ok()).collect();
    texts.sort();
    texts
}

/// A Stones and Rivers position given as the rules file's position string (`.../13 sq`).
///
/// # Errors
/// [`QueryError::Position`] when the text is not a position string or not a legal position.
pub fn stones_rivers_position(text: &str) -> Result<tabula_engine::stones_rivers::Position, QueryError> {
    let fail = |reason: String| QueryError::Position { text: text.to_string(), reason };
    let setup = tabula_notation::stones_rivers::parse_position(text.trim()).map_err(|e| fail(e.to_string()))?;
    tabula_engine::stones_rivers::Position::from_setup(&setup).map_err(|e| fail(format!("not a legal position: {e}")))
}

/// Every legal turn of a Stones and Rivers position in canonical notation, one per resulting
/// position (the first in text order when several turns give the same position), sorted as
/// text. Empty when the game is over.
pub fn stones_rivers_turns(pos: &tabula_engine::stones_rivers::Position) -> Vec<String> {
    use tabula_notation::stones_rivers::TurnText;
    let mut turns: Vec<(String, tabula_engine::stones_rivers::Setup)> = pos
        .legal_turns()
        .iter()
        .map(|t| (TurnText::from_turn(pos.to_move(), t).to_string(), pos.play_unchecked(t).to_setup()))
        .collect();
    turns.sort_by(|a, b| a.0.cmp(&b.0));
    let mut seen = std::collections::HashSet::with_capacity(turns.len());
    turns.into_iter().filter(|(_, after)| seen.insert(*after)).map(|(text, _)| text).collect()
}

/// Items of a play as (from, to, count), the order `tabula moves` lists plays in.
type SortKey = Vec<(u8, u8, u8)>;

/// Every legal play of `dice` on `pos` in the standard notation, one per resulting position,
/// in a fixed order (the first item's from-point descending, then its to-point descending, and
/// so on). Empty when the roll cannot be played.
pub fn backgammon_plays(pos: &Position, dice: Dice) -> Vec<String> {
    let mut gen = MoveGenerator::new();
    let mut plays: Vec<(SortKey, String)> = gen
        .legal_plays(pos, dice)
        .iter()
        .filter(|(play, _)| !play.is_empty())
        .map(|(play, _)| {
            let text = PlayText::standard(pos, play);
            let key = text.items().iter().map(|i| (i.from().number(), i.to().number(), i.count())).collect();
            (key, text.to_string())
        })
        .collect();
    plays.sort_by(|a, b| Reverse(&a.0).cmp(&Reverse(&b.0)).then_with(|| a.1.cmp(&b.1)));
    plays.into_iter().map(|(_, t)| t).collect()
}

/// Answers one line of `tabula resolve --jsonl`: the request object in, the answer object out
/// (`{"resolved": ...}` or `{"error": {"kind", "message", "candidates"}}`), and whether the move
/// resolved. A line that is not a request gets a `syntax` error naming what is wrong.
pub fn resolve_line(line: &str) -> (String, bool) {
    let answer = match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(request)) => resolve_request(&request),
        Ok(_) => Err(Refusal::syntax("expected a JSON object like {\"game\": ..., \"position\": ..., \"move\": ...}")),
        Err(e) => Err(Refusal::syntax(format!("not JSON: {e}"))),
    };
    match answer {
        Ok(resolved) => (json!({ "resolved": resolved }).to_string(), true),
        Err(r) => {
            let error = json!({ "kind": r.kind, "message": r.message, "candidates": r.candidates });
            (json!({ "error": error }).to_string(), false)
        }
    }
}

/// The answer of `tabula resolve --jsonl` to a line that cannot be a request (`why`), and
/// `false`: a `syntax` error.
pub fn refuse_line(why: &str) -> (String, bool) {
    let error = json!({ "kind": "syntax", "message": why, "candidates": Vec::<String>::new() });
    (json!({ "error": error }).to_string(), false)
}

/// A move that does not resolve, as `tabula resolve` reports it.
pub(crate) struct Refusal {
    kind: &'static str,
    message: String,
    candidates: Vec<String>,
}

impl Refusal {
    pub(crate) fn syntax(message: impl Into<String>) -> Refusal {
        Refusal { kind: "syntax", message: message.into(), candidates: Vec::new() }
    }
}

fn string_key<'a>(request: &'a Map<String, Value>, key: &str) -> Result<&'a str, Refusal> {
    match request.get(key) {
        Some(Value::String(s)) => Ok(s),
        Some(Value::Number(n)) if key == "dice" => {
            Err(Refusal::syntax(format!("key \"dice\": write the roll as a string, \"{n}\"")))
        }
        Some(_) => Err(Refusal::syntax(format!("key \"{key}\" must be a string"))),
        None => Err(Refusal::syntax(format!("missing key \"{key}\""))),
    }
}

/// The longest `move` text `tabula resolve` reads, in bytes: a move of any game is written in
/// far fewer (an Arimaa set-up record, the longest, in under a hundred), so a longer text is
/// refused as it comes, and no answer repeats more than this of it.
pub const MAX_MOVE_BYTES: usize = 4096;

fn resolve_request(request: &Map<String, Value>) -> Result<String, Refusal> {
    let game = string_key(request, "game")?;
    let position = string_key(request, "position")?;
    let text = string_key(request, "move")?;
    if text.len() > MAX_MOVE_BYTES {
        return Err(Refusal::syntax(format!(
            "a move of {} bytes: no move is written in more than {MAX_MOVE_BYTES}",
            text.len()
        )));
    }
    match GameKind::from_name(game) {
        Some(game) => crate::games::resolve_move(game, request, position, text),
        None => Err(Refusal::syntax(UnknownGame(game.to_owned()).to_string())),
    }
}

/// Arimaa: short notation in the request's `view` (`g` when the key is absent); `"lenient": true`
/// reads a plain digit as a column or a scan number and lets captures go unwritten.
pub(crate) fn resolve_arimaa(request: &Map<String, Value>, position: &str, text: &str) -> Result<String, Refusal> {
    use tabula_notation::arimaa::short::{ResolveOptions, View};
    let view = match request.get("view") {
        None => View::Gold,
        Some(_) => {
            let v = string_key(request, "view")?;
            v.parse::<View>().map_err(|_| Refusal::syntax(format!("key \"view\": `{v}` is not g, s or n")))?
        }
    };
    let opts = match request.get("lenient") {
        Some(Value::Bool(true)) => ResolveOptions::LENIENT,
        _ => ResolveOptions::default(),
    };
    crate::arimaa::resolve::resolve_request(position, view, text, opts).map_err(|s| Refusal {
        kind: s.kind.as_str(),
        message: s.reason,
        candidates: s.candidates,
    })
}

pub(crate) fn resolve_stones_rivers(
    pos: &tabula_engine::stones_rivers::Position,
    text: &str,
) -> Result<String, Refusal> {
    use tabula_notation::stones_rivers::{resolve, ResolveError as SnrError, TurnText};
    let text = text.trim();
    // A text names exactly one turn; the canonical spelling is that turn's, by the side to move.
    match resolve(text, pos) {
        Ok(turn) => Ok(TurnText::from_turn(pos.to_move(), &turn).to_string()),
        Err(SnrError::Syntax(e)) => Err(Refusal::syntax(format!("`{text}`: {e}"))),
        Err(e @ SnrError::WrongPlayer { .. }) => {
            Err(Refusal { kind: "illegal", message: format!("wrong player: {e}"), candidates: Vec::new() })
        }
        Err(e) => Err(Refusal { kind: "illegal", message: e.to_string(), candidates: Vec::new() }),
    }
}

/// Backgammon: the roll from the request's `dice`, or carried by the position (a gnubg ID or
/// an XGID).
pub(crate) fn resolve_backgammon_request(
    request: &Map<String, Value>,
    position: &str,
    text: &str,
) -> Result<String, Refusal> {
    let (pos, carried) = backgammon_position_and_dice(position).map_err(|e| Refusal::syntax(e.to_string()))?;
    let given = match request.get("dice") {
        None if carried.is_some() => None,
        _ => Some(string_key(request, "dice")?),
    };
    let dice = backgammon_dice(given, carried).map_err(|e| Refusal::syntax(e.to_string()))?;
    resolve_backgammon(&pos, dice, text)
}

fn resolve_backgammon(pos: &Position, dice: Dice, text: &str) -> Result<String, Refusal> {
    let parsed =
        PlayText::from_ascii(text.trim().as_bytes()).map_err(|e| Refusal::syntax(format!("`{}`: {e}", text.trim())))?;
    match parsed.resolve(pos, dice) {
        Ok(resolved) => Ok(tabula_notation::backgammon::write_play(pos, &resolved.play)),
        Err(ResolveError::Ambiguous { candidates }) => Err(Refusal {
            kind: "ambiguous",
            message: format!("`{}` fits several legal plays of {dice}", text.trim()),
            candidates,
        }),
        Err(ResolveError::Syntax(e)) => Err(Refusal::syntax(e.to_string())),
        Err(e) => Err(Refusal { kind: "illegal", message: e.to_string(), candidates: Vec::new() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &str) -> Value {
        serde_json::from_str(&resolve_line(line).0).unwrap_or(Value::Null)
    }

    #[test]
    fn a_backgammon_play_in_another_spelling_comes_back_standard() {
        let a = answer(r#"{"game":"backgammon","position":"4HPwATDgc/ABMA","dice":"31","move":"6/5, 8/5"}"#);
        assert_eq!(a, json!({"resolved": "8/5 6/5"}));
        let a = answer(r#"{"game":"backgammon","position":"4HPwATDgc/ABMA","dice":"13","move":"24/21 21/20"}"#);
        assert_eq!(a, json!({"resolved": "24/20"}));
    }

    #[test]
    fn errors_have_their_kind() {
        let a = answer(r#"{"game":"backgammon","position":"4HPwATDgc/ABMA","dice":"31","move":"24/18 13/11"}"#);
        assert_eq!(a["error"]["kind"], "illegal", "{a}");
        let a = answer(r#"{"game":"backgammon","position":"4HPwATDgc/ABMA","dice":"31","move":"8/5 6/"}"#);
        assert_eq!(a["error"]["kind"], "syntax", "{a}");
        let a = answer(r#"{"game":"backgammon","position":"4HPwATDgc/ABMA","dice":"71","move":"8/5 6/5"}"#);
        assert_eq!(a["error"]["kind"], "syntax", "{a}");
        assert!(a["error"]["message"].as_str().unwrap_or("").contains("dice `71`"), "{a}");
        let a = answer(r#"{"game":"backgammon","position":"4HPwATDgc/ABMA","move":"8/5 6/5"}"#);
        assert!(a["error"]["message"].as_str().unwrap_or("").contains("missing key \"dice\""), "{a}");
        let a = answer("not json");
        assert_eq!(a["error"]["kind"], "syntax", "{a}");
        assert_eq!(a["error"]["candidates"], json!([]), "{a}");
    }

    #[test]
    fn positions_come_as_position_ids_gnubg_ids_or_xgids_with_their_roll() {
        let mut state = tabula_engine::backgammon::MatchState::new(7);
        state.game = tabula_engine::backgammon::GameState::Playing;
        state.dice = Dice::new(3, 1);
        let gnubg_id = format!("4HPwATDgc/ABMA:{}", match_id::encode(&state).unwrap_or_default());
        let a = answer(&json!({"game": "backgammon", "position": gnubg_id, "move": "8/5 6/5"}).to_string());
        assert_eq!(a, json!({"resolved": "8/5 6/5"}), "a gnubg ID with the roll 31: {gnubg_id}");
        let xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10";
        let a = answer(&json!({"game": "backgammon", "position": xgid, "move": "6/5 8/5"}).to_string());
        assert_eq!(a, json!({"resolved": "8/5 6/5"}), "an XGID with the roll 31");
        let a =
            answer(&json!({"game": "backgammon", "position": xgid, "dice": "52", "move": "13/8 13/11"}).to_string());
        assert!(a["error"]["message"].as_str().unwrap_or("").contains("the position gives the roll 31"), "{a}");
        let a = answer(r#"{"game":"backgammon","position":"4HPwATDgc/ABMA:zzzz","move":"8/5 6/5"}"#);
        assert!(a["error"]["message"].as_str().unwrap_or("").contains("match ID"), "{a}");
    }

    #[test]
    fn stones_and_rivers_turns_resolve_to_their_canonical_spelling() {
        let start = "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 sq";
        let ask = |mv: &str| answer(&json!({"game": "stones-and-rivers", "position": start, "move": mv}).to_string());
        assert_eq!(ask("sq-d5,ps,d6,d7"), json!({"resolved": "Sq - D5, PS, D6, D7"}));
        assert_eq!(ask(" Sq - D5 , FN "), json!({"resolved": "Sq - D5, FN"}));
        let a = ask("Cr - D10, FN");
        assert_eq!(a["error"]["kind"], "illegal", "{a}");
        assert!(a["error"]["message"].as_str().unwrap_or("").contains("wrong player"), "{a}");
        let a = ask("Sq - D5, FS");
        assert_eq!(a["error"]["kind"], "illegal", "{a}");
        let a = ask("Sq - D05, FN");
        assert_eq!(a["error"]["kind"], "syntax", "{a}");
        let a = answer(r#"{"game":"stones-and-rivers","position":"13/13 sq","move":"Sq - D5, FN"}"#);
        assert_eq!(a["error"]["kind"], "syntax", "{a}");
        let pos = stones_rivers_position(start).unwrap_or_default();
        let turns = stones_rivers_turns(&pos);
        assert_eq!(turns.len(), 54);
        assert!(turns.windows(2).all(|w| w[0] < w[1]));
        assert!(turns.contains(&"Sq - D6, PS, D5, D4".to_owned()));
    }

    #[test]
    fn the_opening_31_has_sixteen_plays_listed_once_each() {
        let plays = backgammon_plays(&Position::start(), Dice::new(3, 1).unwrap_or_else(|| unreachable!()));
        assert_eq!(plays.len(), 16);
        assert_eq!(plays.first().map(String::as_str), Some("24/23 13/10"));
        assert!(plays.contains(&"8/5 6/5".to_string()));
        let mut sorted = plays.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), 16);
    }
}
