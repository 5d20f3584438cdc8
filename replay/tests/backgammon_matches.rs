//! Every game of the real matches in `shared/data/backgammon/matches` against the verdicts of
//! the independent oracle (`verdicts.tsv`): verdict, number of plays and result.
#![allow(missing_docs)]

mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use tabula_replay::backgammon::check::check_match;
use tabula_replay::report::{GameResult, Verdict};

#[test]
#[ignore = "needs ../shared/data"]
fn real_matches_agree_with_the_oracle() {
    let dir = common::shared().join("data/backgammon");
    let verdicts = std::fs::read_to_string(dir.join("verdicts.tsv")).unwrap();
    let mut expected = BTreeMap::new();
    for line in verdicts.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        expected.insert(
            format!("{}#{}", c[0].trim_end_matches(".mat"), c[1]),
            (c[2].to_owned(), c[3].to_owned(), c[4].to_owned()),
        );
    }
    let mut seen = 0;
    let mut problems = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir.join("matches")).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let source: Arc<str> = Arc::from(path.display().to_string());
        let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
        check_match(&source, &name, file, &mut |r| {
            seen += 1;
            let Some((plays, verdict, result)) = expected.get(&r.game) else {
                problems.push(format!("{}: not in verdicts.tsv", r.game));
                return;
            };
            let want = if verdict == "ok" { Verdict::Ok } else { Verdict::ResultMismatch };
            let got_result = match &r.result {
                Some(GameResult::Backgammon { winner, points, how }) => format!("side {winner} wins {points} ({how})"),
                _ => String::new(),
            };
            if r.verdict != want || r.turns.to_string() != *plays || got_result != *result {
                problems.push(format!(
                    "{}: oracle {verdict} {plays} plays `{result}`; tabula {} {} plays `{got_result}` {:?}",
                    r.game,
                    r.verdict.as_str(),
                    r.turns,
                    r.error
                ));
            }
        });
    }
    assert_eq!(seen, expected.len(), "games reported");
    assert!(problems.is_empty(), "{} games differ:\n{}", problems.len(), problems[..problems.len().min(30)].join("\n"));
}

/// Checks `text` as the match `name`, the reports in order.
fn check_text(name: &str, text: &str) -> Vec<tabula_replay::report::GameReport> {
    let source: Arc<str> = Arc::from(name);
    let mut out = Vec::new();
    check_match(&source, name, text.as_bytes(), &mut |r| out.push(r));
    out
}

/// Real matches with one line edited: the game holding the edit gets `verdict` at that line and
/// every other game of the match keeps the verdict, plays and result it had.
fn edit_is_caught(find: &str, replace: &str, verdict: Verdict, message: &str, at_least: usize) {
    let dir = common::shared().join("data/backgammon/matches");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    let mut edited = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let Some(at) = text.find(find) else { continue };
        let line = text[..at].matches('\n').count() as u64 + 1;
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let before = check_text(&name, &text);
        let after = check_text(&name, &text.replacen(find, replace, 1));
        assert_eq!(before.len(), after.len(), "{name}: games reported");
        let mut caught = 0;
        for (b, a) in before.iter().zip(&after) {
            match &a.error {
                Some(e) if e.line == line => {
                    assert_eq!(a.verdict, verdict, "{name} line {line}: {e:?}");
                    assert!(e.message.contains(message), "{name} line {line}: {}", e.message);
                    caught += 1;
                }
                _ => assert_eq!(
                    (a.verdict, a.turns, &a.result),
                    (b.verdict, b.turns, &b.result),
                    "{name}: game {} changed though the edit is elsewhere",
                    a.game
                ),
            }
        }
        assert_eq!(caught, 1, "{name}: the edit on line {line} is reported once");
        edited += 1;
    }
    assert!(edited >= at_least, "only {edited} matches hold `{find}`");
}

#[test]
#[ignore = "needs ../shared/data"]
fn a_play_the_dice_do_not_allow_is_illegal() {
    // gnubg's import accepts this one (README of the backgammon data).
    edit_is_caught("62: 24/18 13/11", "32: 24/18 13/11", Verdict::Illegal, "no die of 32", 20);
}

#[test]
#[ignore = "needs ../shared/data"]
fn a_double_to_the_wrong_value_is_illegal() {
    edit_is_caught("Doubles => 2", "Doubles => 4", Verdict::Illegal, "a double must make it 2", 20);
}

#[test]
#[ignore = "needs ../shared/data"]
fn a_roll_that_is_not_two_dice_is_unreadable_and_the_match_goes_on() {
    edit_is_caught("62: 24/18 13/11", "72: 24/18 13/11", Verdict::Unreadable, "expected two dice", 20);
}

/// Every real match cut after each line of its last game but the `Wins` line: the last game is
/// reported unfinished (or, cut right after the play that ends it, as missing its `Wins` line),
/// and the games before keep their verdicts.
#[test]
#[ignore = "needs ../shared/data"]
fn a_match_cut_between_two_lines_leaves_its_last_game_unfinished() {
    let dir = common::shared().join("data/backgammon/matches");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("matches").flatten().map(|e| e.path()).collect();
    files.sort();
    let mut cuts = 0;
    for path in files.iter().step_by(10) {
        let text = std::fs::read_to_string(path).expect("a match");
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("match");
        let whole = check_text(name, &text);
        let lines: Vec<&str> = text.lines().collect();
        let Some(last_wins) = lines.iter().rposition(|l| l.contains("Wins")) else { continue };
        let last_game = lines.iter().rposition(|l| l.trim_start().starts_with("Game ")).unwrap_or(0);
        for cut in (last_game + 3..last_wins).step_by(7) {
            let cut_text = lines[..cut].join("\n");
            let reports = check_text(name, &cut_text);
            assert_eq!(reports.len(), whole.len(), "{name} cut after line {cut}");
            for (r, w) in reports.iter().zip(&whole).take(whole.len() - 1) {
                assert_eq!((r.verdict, r.turns), (w.verdict, w.turns), "{name} cut after line {cut}: {}", r.game);
            }
            let last = reports.last().expect("a last game");
            assert_eq!(last.verdict, Verdict::ResultMismatch, "{name} cut after line {cut}: {last:?}");
            let message = &last.error.as_ref().expect("an error").message;
            assert!(
                message.contains("not finished") || message.contains("no `Wins` line"),
                "{name} cut after line {cut}: {message}"
            );
            cuts += 1;
        }
    }
    assert!(cuts > 100, "only {cuts} cuts tried");
}

/// A real match whose header claims a shorter match: the games played after a side reaches the
/// claimed length are illegal, each at its score line.
#[test]
#[ignore = "needs ../shared/data"]
fn games_after_the_end_of_the_match_are_illegal() {
    let dir = common::shared().join("data/backgammon/matches");
    let mut caught = 0;
    for entry in std::fs::read_dir(&dir).expect("matches").flatten() {
        let text = std::fs::read_to_string(entry.path()).expect("a match");
        if !text.contains("\n7 point match") {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let lied = text.replace("\n7 point match", "\n2 point match");
        let reports = check_text(&name, &lied);
        let after: Vec<_> = reports
            .iter()
            .filter(|r| r.error.as_ref().is_some_and(|e| e.message.contains("after the end of the match")))
            .collect();
        for r in &after {
            assert_eq!(r.verdict, Verdict::Illegal, "{name}: {r:?}");
            assert!(r.error.as_ref().is_some_and(|e| e.line > 0 && e.token.contains(" : ")), "{r:?}");
        }
        caught += usize::from(!after.is_empty());
    }
    assert!(caught >= 5, "only {caught} matches had games after a 2-point end");
}
