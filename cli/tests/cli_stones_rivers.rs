//! `tabula check`, `moves`, `resolve` and `replay` for Stones and Rivers, run as a program: the
//! JSON Lines keys and exit statuses on the bundled records (and on the shared ones, with the
//! reference's perft counts through `moves`, in the ignored suite), turns through
//! `resolve --jsonl`, and a bundled game through `replay`.
#![allow(missing_docs)]

mod common;

use common::tabula;

use std::path::PathBuf;
use std::process::Output;

use serde_json::{json, Value};

const INITIAL: &str = "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 sq";

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn testdata(file: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/snr").join(file).display().to_string()
}

fn shared(file: &str) -> String {
    common::shared_data("snr").join(file).display().to_string()
}

fn json_lines(o: &Output) -> Vec<Value> {
    stdout(o).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

/// `tabula check --jsonl` on `path`, which holds faulty records: its `count` reports, each
/// with exactly the keys of the interface and the kind `stones-and-rivers`, and the files it
/// skipped.
fn reports_of_the_interface(path: &str, count: usize) -> (Vec<Value>, Vec<Value>) {
    let out = tabula(&["check", "--jsonl", path], None);
    assert_eq!(out.status.code(), Some(1), "the faulty records are not ok");
    let (reports, skipped): (Vec<Value>, Vec<Value>) =
        json_lines(&out).into_iter().partition(|r| r["verdict"] != "skipped");
    assert_eq!(reports.len(), count, "one object per record");
    let keys = ["error", "final_position", "fingerprint", "game", "kind", "result", "source", "turns", "verdict"];
    for r in &reports {
        let mut got: Vec<&str> = r.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
        got.sort_unstable();
        assert_eq!(got, keys, "{r}");
        assert_eq!(r["kind"], "stones-and-rivers");
    }
    (reports, skipped)
}

/// The bundled records: every object has the keys of the interface, every verdict its error.
#[test]
fn check_jsonl_has_the_keys_of_the_interface_on_the_bundled_records() {
    let (reports, skipped) = reports_of_the_interface(&testdata(""), 42);
    let skipped: Vec<&str> = skipped.iter().filter_map(|r| r["source"].as_str()).collect();
    assert!(skipped.len() == 2 && skipped.iter().all(|s| s.ends_with("README.md") || s.ends_with("expected.tsv")));
    for r in &reports {
        match r["verdict"].as_str() {
            Some("ok") => {
                assert_eq!(r["error"], Value::Null);
                assert!(matches!(r["result"].as_str(), Some("Sq" | "Cr" | "*")), "{r}");
                assert!(r["final_position"].as_str().is_some_and(|p| p.split('/').count() == 14), "{r}");
            }
            Some("illegal" | "result-mismatch" | "unreadable") => {
                let e = &r["error"];
                assert!(e["line"].as_u64().is_some_and(|l| l > 0), "{r}");
                assert!(e["message"].as_str().is_some_and(|t| !t.is_empty()), "{r}");
            }
            _ => panic!("{r}"),
        }
    }
    assert_eq!(reports.iter().filter(|r| r["verdict"] == "ok").count(), 11);
}

#[test]
#[ignore = "needs ../shared/data"]
fn check_jsonl_has_the_keys_of_the_interface() {
    let (reports, skipped) = reports_of_the_interface(&shared(""), 100);
    assert!(!skipped.is_empty(), "the README and TSV files are listed as skipped");
    for r in &skipped {
        assert_eq!(r["kind"], "unknown", "{r}");
        assert!(r["error"]["message"].as_str().is_some_and(|m| m.starts_with("not a record file")), "{r}");
        let source = r["source"].as_str().unwrap_or_default();
        assert!(!source.ends_with(".txt") || source.contains("README"), "a record file skipped: {r}");
    }
    for r in &reports {
        assert!(matches!(r["result"].as_str(), Some("Sq" | "Cr" | "*")), "{r}");
        assert!(r["final_position"].as_str().is_some_and(|p| p.split('/').count() == 14), "{r}");
        match r["verdict"].as_str() {
            Some("ok") => assert_eq!(r["error"], Value::Null),
            Some("illegal") => {
                let e = &r["error"];
                assert!(e["turn"].as_str().is_some_and(|t| t.parse::<u64>().is_ok()), "{r}");
                assert!(e["line"].as_u64().is_some_and(|l| l > 0), "{r}");
                assert!(e["token"].as_str().is_some_and(|t| !t.is_empty()), "{r}");
                assert!(e["message"].as_str().is_some_and(|t| !t.is_empty()), "{r}");
            }
            _ => panic!("{r}"),
        }
    }
    let first = &reports[0];
    assert_eq!(first["game"], "1");
    assert!(first["source"].as_str().is_some_and(|s| s.ends_with("games_illegal.txt")), "files in path order");
    assert_eq!(reports.iter().filter(|r| r["verdict"] == "ok").count(), 40);

    let out = tabula(&["check", "--jsonl", &shared("games_legal.txt"), &testdata("games.txt")], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let reports = json_lines(&out);
    assert_eq!(reports.len(), 51);
    assert_eq!(reports[0]["game"], "1");
    assert_eq!(reports[0]["turns"], 67);
    assert_eq!(reports[0]["result"], "Sq");
    assert_eq!(reports[40]["game"], "cr-win-1");
}

#[test]
fn check_for_people_and_from_standard_input() {
    let out = tabula(&["check", &testdata("faults.txt")], None);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("game fault-1: line 33, turn 28, `Sq - G6, M, G5`: the intersection G5 is occupied"),
        "{text}"
    );
    assert!(text.contains("game fault-25: line"), "{text}");
    assert!(text.contains("wrong player"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("unreadable") && l.contains("fault-29")), "{text}");
    let input = b"[Game \"x\"]\nSq - D5, FN\nCr - D10, FE\n";
    let out = tabula(&["check", "--jsonl", "-"], Some(input));
    assert_eq!(out.status.code(), Some(0));
    let r = &json_lines(&out)[0];
    assert_eq!((&r["game"], &r["turns"], &r["result"]), (&json!("x"), &json!(2), &json!("*")));
}

#[test]
fn moves_lists_and_counts_the_legal_turns() {
    let out = tabula(&["moves", "--game", "stones-and-rivers", "--position", INITIAL, "--count"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out).trim(), "54");
    let out = tabula(&["moves", "--game", "stones-and-rivers", "--position", INITIAL], None);
    let turns: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    assert_eq!(turns.len(), 54);
    let count = |action: &str| turns.iter().filter(|t| t.contains(action)).count();
    assert_eq!((count(", FN"), count(", FE"), count(", M,"), count(", PS,")), (14, 14, 13, 13));
    assert!(turns.windows(2).all(|w| w[0] < w[1]), "sorted, each once");
    assert!(turns.contains(&"Sq - D5, FN".to_owned()));
    let out = tabula(&["moves", "--game", "stones-and-rivers", "--position", "13/13 sq"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--position"));
    let out = tabula(&["moves", "--game", "stones-and-rivers", "--position", INITIAL, "--dice", "31"], None);
    assert_eq!(out.status.code(), Some(2));
}

/// The first perft positions of the reference implementation: the count of distinct resulting
/// positions.
#[test]
#[ignore = "needs ../shared/data"]
fn moves_counts_the_perft_positions_as_the_reference_does() {
    let rows = common::read_tsv(&common::shared_data("snr/perft.tsv"));
    for row in rows.iter().take(12) {
        let out = tabula(&["moves", "--game", "stones-and-rivers", "--position", &row["position"], "--count"], None);
        assert_eq!(stdout(&out).trim(), row["distinct_positions"], "{}", row["position"]);
    }
}

#[test]
fn resolve_answers_turns_in_any_spelling() {
    let requests = [
        json!({"game": "stones-and-rivers", "position": INITIAL, "move": "sq-d5,ps,d6,d7"}),
        json!({"game": "stones-and-rivers", "position": INITIAL, "move": "Sq - D6, M, D7"}),
        json!({"game": "stones-and-rivers", "position": INITIAL, "move": "Cr - D10, FN"}),
        json!({"game": "stones-and-rivers", "position": INITIAL, "move": "Sq - D6, M, D8"}),
        json!({"game": "stones-and-rivers", "position": INITIAL, "move": "Sq - D05, FN"}),
        json!({"game": "stones-and-rivers", "position": "nonsense", "move": "Sq - D5, FN"}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = tabula(&["resolve", "--jsonl"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    let answers = json_lines(&out);
    assert_eq!(answers.len(), requests.len());
    assert_eq!(answers[0], json!({"resolved": "Sq - D5, PS, D6, D7"}));
    assert_eq!(answers[1], json!({"resolved": "Sq - D6, M, D7"}));
    let kinds: Vec<&str> = answers[2..].iter().map(|a| a["error"]["kind"].as_str().unwrap_or("")).collect();
    assert_eq!(kinds, ["illegal", "illegal", "syntax", "syntax"]);
    assert!(answers[2]["error"]["message"].as_str().unwrap_or("").contains("wrong player"), "{}", answers[2]);
    assert!(answers.iter().skip(2).all(|a| a["error"]["candidates"] == json!([])));
}

#[test]
fn replay_draws_the_board_from_squares_seat_and_gives_the_verdict() {
    let out = tabula(&["replay", &testdata("games.txt"), "--game", "sq-win-1", "--no-color"], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert!(text.starts_with("game sq-win-1 (") && text.contains("): Event tabula biased random play"), "{text}");
    assert!(text.lines().nth(1) == Some("start"), "{}", &text[..200.min(text.len())]);
    assert!(text.contains("     M   L   K   J   I   H   G   F   E   D   C   B   A\n"), "{text}");
    assert!(text.contains("|  Square's Score Area E11-I11"), "{text}");
    assert!(text.contains("\n1. "), "turn by turn");
    assert!(text.contains(" ok after "), "{text}");
    assert!(text.contains("result: Square wins at turn "), "{text}");
    assert!(!text.contains("\x1b["), "no colour");
    // One position only, with the last turn bracketed.
    let out = tabula(&["replay", &testdata("games.txt"), "--game", "2", "--turn", "3", "--no-color"], None);
    let text = stdout(&out);
    assert!(text.lines().nth(1).is_some_and(|l| l.starts_with("3. ")), "{text}");
    assert_eq!(text.matches("+-----").count(), 2, "one diagram: {text}");
    assert!(text.contains('['), "{text}");
    // An illegal record: the error, exit status 1.
    let out = tabula(&["replay", &testdata("faults.txt"), "--game", "fault-25", "--turn", "0"], None);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("illegal after") && text.contains("wrong player"), "{text}");
    let out = tabula(&["replay", &testdata("faults.txt"), "--game", "no-such-game"], None);
    assert_eq!(out.status.code(), Some(2));
}
