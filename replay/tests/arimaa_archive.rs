//! Every real game of `shared/data/arimaa` gets the oracle's verdict, move count, winner and
//! final position; every move the game server refused is refused for the same reason.

mod common;

use std::collections::HashMap;
use std::sync::Arc;

use tabula_replay::arimaa::verify::{verify, Record};
use tabula_replay::check::check_paths;
use tabula_replay::{GameReport, GameResult, Verdict};

fn reports() -> HashMap<(String, String), GameReport> {
    let dir = common::arimaa_data();
    let files = ["allgames202602_sample.tsv", "allgames201111_sample.tsv", "agt_testdata_movelists.tsv"];
    let paths: Vec<_> = files.iter().map(|f| dir.join(f)).collect();
    let mut out = HashMap::new();
    let summary = check_paths(&paths, &mut |r| {
        let file = std::path::Path::new(&*r.source).file_name().unwrap().to_string_lossy().into_owned();
        out.insert((file, r.game.clone()), r.clone());
    });
    assert_eq!(summary.games, 91);
    assert_eq!(summary.files, 3);
    out
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_game_matches_the_oracle() {
    let reports = reports();
    let expected = common::read_tsv(&common::arimaa_data().join("expected.tsv"));
    assert_eq!(expected.len(), 91);
    let mut checked = 0;
    for row in &expected {
        let key = (row["file"].clone(), row["id"].clone());
        let r = reports.get(&key).unwrap_or_else(|| panic!("no report for {key:?}"));
        let what = format!("{key:?}: {r:?}");
        assert_eq!(r.turns, row["plies"].parse::<usize>().unwrap(), "{what}");
        assert_eq!(r.final_position, row["final_board"], "{what}");
        let to_move = if r.turns.is_multiple_of(2) { "g" } else { "s" };
        assert_eq!(to_move, row["to_move"], "{what}");
        match row["verdict"].as_str() {
            "ok" => assert_eq!(r.verdict, Verdict::Ok, "{what}"),
            "illegal" => {
                assert_eq!(r.verdict, Verdict::Illegal, "{what}");
                let label = row["detail"].split(':').next().unwrap();
                assert_eq!(r.error.as_ref().unwrap().turn, label, "{what}");
            }
            v => panic!("unexpected oracle verdict {v}"),
        }
        let winner = |w: &str| if w == "w" { "g" } else { "s" };
        if row["board_winner"] != "-" {
            let reason = match row["board_reason"].as_str() {
                "g" => "goal",
                "e" => "elimination",
                "m" => "immobilization",
                x => panic!("reason {x}"),
            };
            assert_eq!(r.result, Some(GameResult::Arimaa { winner: winner(&row["board_winner"]), reason }), "{what}");
        } else if row["archive_result"] != "-" {
            let reason = match row["archive_termination"].as_str() {
                "t" => "time",
                "r" => "resignation",
                x => panic!("termination {x}"),
            };
            assert_eq!(r.result, Some(GameResult::Arimaa { winner: winner(&row["archive_result"]), reason }), "{what}");
        } else {
            assert_eq!(r.result, None, "{what}");
        }
        checked += 1;
    }
    assert_eq!(checked, 91);
}

#[test]
#[ignore = "needs ../shared/data"]
fn old_rule_games_name_the_rule() {
    let reports = reports();
    let e = reports[&("agt_testdata_movelists.tsv".to_string(), "07371".to_string())].error.clone().unwrap();
    assert!(e.message.contains("elimination") && e.message.contains("older rules"), "{e:?}");
    assert_eq!(e.line, 6);
    let e = reports[&("agt_testdata_movelists.tsv".to_string(), "40260".to_string())].error.clone().unwrap();
    assert!(e.message.contains("third-time repetition") && e.message.contains("older rules"), "{e:?}");
}

fn movelist_of(id: &str) -> String {
    let dir = common::arimaa_data();
    for f in ["allgames202602_sample.tsv", "allgames201111_sample.tsv"] {
        for row in common::read_tsv(&dir.join(f)) {
            if row["id"] == id {
                return row["movelist"].clone();
            }
        }
    }
    panic!("game {id} not found")
}

#[test]
#[ignore = "needs ../shared/data"]
fn moves_the_server_refused_are_refused() {
    let rows = common::read_tsv(&common::arimaa_data().join("rejected_moves.tsv"));
    assert_eq!(rows.len(), 11);
    for row in rows {
        let movelist = movelist_of(&row["id"]);
        let label = &row["move"];
        let lines: Vec<&str> = movelist.split("\\n").collect();
        let cut = lines.iter().position(|l| l.split_whitespace().next() == Some(label)).unwrap();
        let text = format!("{}\\n{} {}", lines[..cut].join("\\n"), label, row["rejected_move"]);
        let record = Record {
            source: Arc::from("t"),
            game: row["id"].clone(),
            movelist: text.as_bytes(),
            line: 1,
            recorded: None,
            notation: Default::default(),
        };
        let r = verify(&record);
        assert_eq!(r.verdict, Verdict::Illegal, "{row:?}");
        let e = r.error.unwrap();
        assert_eq!(&e.turn, label, "{row:?}");
        assert!(e.message.contains("push"), "{row:?}: {e:?}");
    }
}
