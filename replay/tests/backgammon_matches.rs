//! Every game of the real matches in `shared/data/backgammon/matches` against the verdicts of
//! the independent oracle (`verdicts.tsv`): verdict, number of plays and result.
#![allow(missing_docs)]

mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use tabula_replay::backgammon::matches::check_match;
use tabula_replay::report::{GameResult, Verdict};

#[test]
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
fn a_play_the_dice_do_not_allow_is_illegal() {
    // gnubg's import accepts this one (README of the backgammon data).
    edit_is_caught("62: 24/18 13/11", "32: 24/18 13/11", Verdict::Illegal, "no die of 32", 20);
}

#[test]
fn a_double_to_the_wrong_value_is_illegal() {
    edit_is_caught("Doubles => 2", "Doubles => 4", Verdict::Illegal, "a double must make it 2", 20);
}

#[test]
fn a_roll_that_is_not_two_dice_is_unreadable_and_the_match_goes_on() {
    edit_is_caught("62: 24/18 13/11", "72: 24/18 13/11", Verdict::Unreadable, "expected two dice", 20);
}
