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
