//! Match IDs and XGIDs against GNU Backgammon 1.07.001 (`scripts/gnubg_match_ids.py` wrote the
//! fixtures; `testdata/backgammon/README.md` describes them):
//!
//! * `match_ids.tsv`: states gnubg reached through its commands, with its Match ID and the fields
//!   its Python API reports. Every ID must decode to those fields and encode back to itself, and
//!   the state built from the fields must encode to the ID.
//! * `xgids.tsv`: XGIDs gnubg read (`set xgid`), with the Position ID and Match ID it made of them.
//!   Decoding the XGID must give the same two IDs, and encoding it again the same XGID (dice
//!   larger first).
#![allow(missing_docs)]

use tabula_engine::backgammon::{BySide, Cube, Dice, GameState, MatchState, Side, WinKind};
use tabula_notation::backgammon::{match_id, position_id, xgid};

fn fixture(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/../testdata/backgammon/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().skip(1).map(|l| l.split('\t').map(str::to_string).collect()).collect()
}

fn side(s: &str) -> Side {
    match s {
        "0" => Side::Zero,
        "1" => Side::One,
        _ => panic!("bad side {s}"),
    }
}

fn num(s: &str) -> u32 {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The state a `match_ids.tsv` row describes.
fn state_of(row: &[String]) -> MatchState {
    let [_, cube, owner, on_roll, turn, crawford, game, doubled, resigned, dice, length, score0, score1, jacoby, _] =
        row
    else {
        panic!("bad row {row:?}")
    };
    let (length, points, crawford) = (num(length), BySide { zero: num(score0), one: num(score1) }, crawford == "1");
    let d = dice.as_bytes();
    MatchState {
        cube: Cube { value: num(cube), owner: if owner == "c" { None } else { Some(side(owner)) } },
        on_roll: side(on_roll),
        turn: side(turn),
        game: u8::try_from(num(game)).ok().and_then(GameState::from_code).expect("game state"),
        double_offered: doubled == "1",
        resignation: match resigned.as_str() {
            "0" => None,
            "1" => Some(WinKind::Single),
            "2" => Some(WinKind::Gammon),
            "3" => Some(WinKind::Backgammon),
            r => panic!("bad resignation {r}"),
        },
        dice: if dice == "00" { None } else { Some(Dice::new(d[0] - b'0', d[1] - b'0').expect("dice")) },
        // gnubg does not report the post-Crawford flag: it is the one a Match ID implies, so
        // this test does not check it against gnubg.
        score: MatchState::implied_score(length, points, crawford),
        jacoby: jacoby == "1",
    }
}

#[test]
fn match_ids_match_gnubg() {
    let rows = fixture("match_ids.tsv");
    assert!(rows.len() >= 500, "only {} rows", rows.len());
    let mut failures = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut won = 0;
    for row in &rows {
        let id = &row[0];
        let want = state_of(row);
        let source = row.last().map_or("", String::as_str);
        seen.insert((want.game, want.double_offered, want.resignation.is_some(), want.turn == want.on_roll));
        let s = want.score;
        won += usize::from(s.length > 0 && s.points.zero.max(s.points.one) >= s.length);
        match match_id::decode(id) {
            Ok(got) if got == want => {}
            Ok(got) => failures.push(format!("{id} ({source}): decoded {got:?}, gnubg {want:?}")),
            Err(e) => failures.push(format!("{id} ({source}): {e}")),
        }
        match match_id::encode(&want) {
            Ok(again) if again == *id => {}
            other => failures.push(format!("{id} ({source}): encoded {other:?}")),
        }
    }
    assert!(failures.is_empty(), "{} of {} rows differ:\n{}", failures.len(), rows.len(), failures.join("\n"));
    // Every game state gnubg reaches by commands (not "no game": it starts one at once), doubles
    // and resignations pending, the other player to act, a match won: all there.
    for (what, present) in [
        ("playing", seen.iter().any(|k| k.0 == GameState::Playing)),
        ("over", seen.iter().any(|k| k.0 == GameState::Over)),
        ("resigned", seen.iter().any(|k| k.0 == GameState::Resigned)),
        ("dropped", seen.iter().any(|k| k.0 == GameState::Dropped)),
        ("double pending", seen.iter().any(|k| k.1)),
        ("resignation pending", seen.iter().any(|k| k.2 && k.0 == GameState::Playing)),
        ("other player to act", seen.iter().any(|k| !k.3)),
        ("match won", won > 0),
    ] {
        assert!(present, "no row with {what}");
    }
}

#[test]
fn xgids_match_gnubg() {
    let rows = fixture("xgids.tsv");
    assert!(rows.len() >= 300, "only {} rows", rows.len());
    let mut failures = Vec::new();
    let mut turns = [0usize; 2];
    for row in &rows {
        let [text, pid, mid, source] = &row[..] else { panic!("bad row {row:?}") };
        let x = match xgid::decode(text) {
            Ok(x) => x,
            Err(e) => {
                failures.push(format!("{text} ({source}): {e}"));
                continue;
            }
        };
        turns[x.state.on_roll.index()] += 1;
        let got_pid = position_id::encode(&x.position);
        let got_mid = match_id::encode(&x.state);
        if got_pid != *pid || got_mid.as_deref() != Ok(mid.as_str()) {
            failures.push(format!("{text} ({source}): tabula {got_pid} {got_mid:?}, gnubg {pid} {mid}"));
        }
        // Written again: the same text with the dice larger first.
        let fields: Vec<&str> = text.split(':').collect();
        let dice = match Dice::from_ascii(fields[4].as_bytes()) {
            Ok(d) => d.to_string(),
            Err(_) => fields[4].to_string(),
        };
        let want = [&fields[..4], &[dice.as_str()], &fields[5..]].concat().join(":");
        match xgid::encode(&x) {
            Ok(again) if again == want => {}
            other => failures.push(format!("{text}: encoded {other:?}")),
        }
    }
    assert!(failures.is_empty(), "{} of {} rows differ:\n{}", failures.len(), rows.len(), failures.join("\n"));
    assert!(turns.iter().all(|&n| n >= 100), "players on roll: {turns:?}");
}
