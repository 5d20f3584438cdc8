//! Questions about one position, as `tabula resolve` and `tabula moves` ask them: what a move
//! text means on the board, and which moves there are.

use serde_json::{json, Map, Value};

use crate::error::request_string;
pub use crate::error::{QueryError, Refusal, MAX_MOVE_BYTES};
use crate::game_kind::{GameKind, UnknownGame};
use crate::games;

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
    let (texts, over) = games::legal_moves(game, position, dice)?;
    let none_because = texts.is_empty().then_some(over);
    Ok(Moves { texts, none_because })
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
            let mut error = json!({ "kind": r.kind, "message": r.message, "candidates": r.candidates });
            if r.kind == "illegal" || !r.suggestions.is_empty() {
                let moves: Vec<Value> = r.suggestions.iter().map(|m| json!({ "move": m })).collect();
                error["suggestions"] = Value::Array(moves);
            }
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

fn resolve_request(request: &Map<String, Value>) -> Result<String, Refusal> {
    let game = request_string(request, "game")?;
    let position = request_string(request, "position")?;
    let text = request_string(request, "move")?;
    if text.len() > MAX_MOVE_BYTES {
        return Err(Refusal::syntax(format!(
            "a move of {} bytes: no move is written in more than {MAX_MOVE_BYTES}",
            text.len()
        )));
    }
    match GameKind::from_name(game) {
        Some(game) => games::resolve_move(game, request, position, text),
        None => Err(Refusal::syntax(UnknownGame(game.to_owned()).to_string())),
    }
}

#[cfg(test)]
mod tests {
    use tabula_engine::backgammon::Dice;
    use tabula_notation::backgammon::match_id;

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
        let turns = moves(GameKind::StonesRivers, start, None).map(|m| m.texts).unwrap_or_default();
        assert_eq!(turns.len(), 54);
        assert!(turns.windows(2).all(|w| w[0] < w[1]));
        assert!(turns.contains(&"Sq - D6, PS, D5, D4".to_owned()));
    }

    #[test]
    fn the_opening_31_has_sixteen_plays_listed_once_each() {
        let plays = moves(GameKind::Backgammon, "4HPwATDgc/ABMA", Some("31")).map(|m| m.texts).unwrap_or_default();
        assert_eq!(plays.len(), 16);
        assert_eq!(plays.first().map(String::as_str), Some("24/23 13/10"));
        assert!(plays.contains(&"8/5 6/5".to_string()));
        let mut sorted = plays.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), 16);
    }
}
