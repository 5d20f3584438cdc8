//! The bundled archives in `testdata/arimaa`: every legal game is `ok` with the result its row
//! records, and every broken game is caught at the move that was broken, for the right reason.

mod common;

use std::path::PathBuf;

use tabula_replay::check::check_paths;
use tabula_replay::{GameReport, GameResult, Verdict};

fn testdata(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/arimaa").join(file)
}

fn check(file: &str) -> Vec<GameReport> {
    let mut out = Vec::new();
    check_paths(&[testdata(file)], &mut |r| out.push(r.clone()));
    out
}

#[test]
fn random_games_are_legal_with_their_recorded_results() {
    let reports = check("random_games.tsv");
    let rows = common::read_tsv(&testdata("random_games.tsv"));
    assert_eq!(reports.len(), 40);
    assert_eq!(rows.len(), 40);
    let mut reasons = std::collections::BTreeSet::new();
    for (r, row) in reports.iter().zip(&rows) {
        assert_eq!(r.game, row["id"]);
        assert_eq!(r.verdict, Verdict::Ok, "{r:?}");
        let winner = if row["result"] == "w" { "g" } else { "s" };
        let reason = match row["termination"].as_str() {
            "g" => "goal",
            "e" => "elimination",
            "m" => "immobilization",
            "r" => "resignation",
            "t" => "time",
            t => panic!("termination {t}"),
        };
        assert_eq!(r.result, Some(GameResult::Arimaa { winner, reason }), "{r:?}");
        reasons.insert((winner, reason));
    }
    // Both sides win in every way at least once.
    assert_eq!(reasons.len(), 10, "{reasons:?}");
}

#[test]
fn broken_games_are_caught_where_they_break() {
    let expected: [(&str, Verdict, &str, &str); 12] = [
        ("900101", Verdict::Illegal, "3b", "the piece on b7 is r, not d"),
        ("900102", Verdict::Illegal, "5b", "`mf6x` must follow it"),
        ("900103", Verdict::Illegal, "8w", "nothing is captured here"),
        ("900104", Verdict::Illegal, "6b", "the turn ends in the middle of a push"),
        ("900105", Verdict::Illegal, "8b", "the cat on c5 is frozen"),
        ("900106", Verdict::Illegal, "5w", "a rabbit may not step backward"),
        ("900107", Verdict::Illegal, "8w", "expected move 7w here"),
        ("900108", Verdict::Illegal, "4w", "not a long-notation token"),
        ("900109", Verdict::Illegal, "1b", "a set-up has exactly 2 cats, this one has 1"),
        ("900110", Verdict::Illegal, "11b", "move after the end of the game: gold wins by goal after 11w"),
        ("900111", Verdict::ResultMismatch, "10b", "the board does not decide the game"),
        ("900112", Verdict::Unreadable, "", "the row has 28 tab-separated fields, the header has 29"),
    ];
    let reports = check("broken_games.tsv");
    assert_eq!(reports.len(), expected.len());
    for (r, (id, verdict, turn, message)) in reports.iter().zip(expected) {
        let e = r.error.as_ref().expect("an error");
        assert_eq!((r.game.as_str(), r.verdict, e.turn.as_str()), (id, verdict, turn), "{r:?}");
        assert!(e.message.contains(message), "{r:?}");
        assert_eq!(e.line, r.game.parse::<u64>().unwrap() - 900_099, "{r:?}");
    }
}
