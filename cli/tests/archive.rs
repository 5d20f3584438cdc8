//! `tabula duplicates`, `tabula positions` and `tabula find` agree with each other and with
//! `tabula check` on every file of `testdata/` (and of `../shared/data`, ignored without it).
#![allow(missing_docs)]

mod common;

use common::repo;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use tabula_replay::archive::{self, position_key, PositionRows, Target};
use tabula_replay::control::Control;
use tabula_replay::{check_paths, GameKind, GameReport};

fn testdata() -> Vec<PathBuf> {
    ["testdata/arimaa", "testdata/backgammon", "testdata/snr"].map(|f| repo().join(f)).to_vec()
}

type Key = (String, String);

/// Every game's report as `tabula check` gives it, by source and game.
fn checked(paths: &[PathBuf]) -> BTreeMap<Key, GameReport> {
    let mut out = BTreeMap::new();
    check_paths(paths, &mut |r| {
        if r.kind != "unknown" {
            out.insert((r.source.to_string(), r.game.clone()), r.clone());
        }
    });
    out
}

/// Every game's positions, by source and game, in the order they came.
fn positioned(paths: &[PathBuf]) -> Vec<(Key, &'static str, PositionRows)> {
    let mut out = Vec::new();
    let summary = archive::positions(paths, &mut |r, rows| {
        if r.kind != "unknown" {
            out.push(((r.source.to_string(), r.game.clone()), r.kind, rows.clone()));
        }
        ControlFlow::Continue(())
    });
    assert!(summary.problems.is_empty(), "{:?}", summary.problems);
    out
}

/// Positions and check agree: the same games, the positions of each numbered from 0, a move
/// played from each but the last, the last the check's `final_position`; equal positions have
/// equal keys. Then find, asked for positions taken from the rows, finds exactly the games and
/// plies whose rows hold them.
fn agree(paths: &[PathBuf], targets_wanted: usize) {
    let checks = checked(paths);
    let games = positioned(paths);
    let in_positions: BTreeSet<&Key> = games.iter().map(|(k, ..)| k).collect();
    let in_check: BTreeSet<&Key> = checks.keys().collect();
    assert_eq!(in_positions, in_check, "the same games");
    let mut by_key: HashMap<u64, (String, &'static str, String)> = HashMap::new();
    let mut rows_total = 0;
    for (key, kind, rows) in &games {
        let report = &checks[key];
        let Some(last) = rows.last() else {
            assert!(report.final_position.is_empty(), "{key:?} has a position but no rows");
            continue;
        };
        assert_eq!(last.position, report.final_position, "{key:?}: the last row");
        assert_eq!(last.played, None, "{key:?}");
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(row.ply, i, "{key:?}");
            if i + 1 < rows.len() {
                assert!(row.played.is_some(), "{key:?} ply {i}: no move");
            }
            assert_eq!(row.dice.is_empty(), *kind != "backgammon" || i + 1 == rows.len(), "{key:?} ply {i}");
            let side = if *kind == "arimaa" { row.side } else { "" };
            let same = (kind.to_string(), side, row.position.to_owned());
            assert_eq!(row.key, position_key(kind, row.side, row.position), "{key:?} ply {i}: the key");
            let seen = by_key.entry(row.key).or_insert_with(|| same.clone());
            assert_eq!(*seen, same, "a key shared by two positions");
        }
        rows_total += rows.len();
        rows_follow_their_moves(key, kind, rows);
    }
    assert!(rows_total > games.len(), "{rows_total} rows");
    // Positions asked for: from games spread over the paths, the middle and the last of each.
    let step = (games.len() / targets_wanted.max(1)).max(1);
    let mut asked = 0;
    for (_, kind, rows) in games.iter().step_by(step).filter(|(_, _, rows)| !rows.is_empty()) {
        for row in [rows.get(rows.len() / 2), rows.last()].into_iter().flatten() {
            let text = match *kind {
                "arimaa" => format!("{} [{}]", row.side, row.position),
                _ => row.position.to_owned(),
            };
            let game: GameKind = kind.parse().unwrap();
            let target = Target::parse(&text, Some(game)).unwrap_or_else(|e| panic!("{text}: {e}"));
            let mut found = BTreeSet::new();
            archive::find(paths, &target, &mut |f| {
                found.insert((f.source.to_string(), f.game.clone(), f.ply));
                ControlFlow::Continue(())
            });
            let wanted: BTreeSet<(String, String, usize)> = games
                .iter()
                .filter(|(_, k, _)| k == kind)
                .flat_map(|(key, _, rows)| {
                    rows.iter().filter(|r| target.matches(kind, r)).map(|r| (key.0.clone(), key.1.clone(), r.ply))
                })
                .collect();
            assert!(!wanted.is_empty());
            assert_eq!(found, wanted, "find {text}");
            asked += 1;
        }
    }
    assert!(asked >= targets_wanted.min(games.len()), "{asked} positions asked for");
}

/// Each row of a Stones and Rivers game or a backgammon `.mat` game is the row before it with
/// the move played on the board the Python package plays on (read from the row's text, not from the
/// replay's writer): every position written follows from the one before, not only the last.
/// The move is the one the board writes for it.
fn rows_follow_their_moves(key: &Key, kind: &str, rows: &PositionRows) {
    use tabula_replay::{backgammon, stones_rivers};
    for (i, (row, next)) in rows.iter().zip(rows.iter().skip(1)).enumerate() {
        let played = row.played.unwrap_or_else(|| panic!("{key:?} ply {i}: no move"));
        match kind {
            "stones-and-rivers" => {
                let mut board = stones_rivers::board::Board::from_position(row.position).unwrap();
                assert_eq!(board.push(played).as_deref(), Ok(played), "{key:?} ply {i}");
                assert_eq!(board.position_text(), next.position, "{key:?} ply {i}: {played}");
            }
            // A roll the game ended after by resignation, exported by gnubg as the roll with no
            // play (`testdata/backgammon/README.md`): nothing played, the last row the same.
            "backgammon" if played.is_empty() && i + 2 == rows.len() && next.position == row.position => {}
            // A `.sgf` may set the board by hand between plays; a `.mat` never does.
            "backgammon" if !key.0.ends_with(".mat") => {}
            "backgammon" => {
                let mut board = backgammon::board::Board::from_position(row.position).unwrap();
                let dice = row.dice.parse().unwrap();
                assert_eq!(board.play(played, dice).as_deref(), Ok(played), "{key:?} ply {i}");
                // After the last play of a game that ends, the last row is the winner's view.
                if i + 2 < rows.len() || board.outcome().is_none() {
                    assert_eq!(board.position_id(), next.position, "{key:?} ply {i}: {played}");
                }
            }
            _ => {}
        }
    }
}

#[test]
fn positions_find_and_check_agree_on_testdata() {
    agree(&testdata(), 30);
}

#[test]
#[ignore = "needs ../shared/data"]
fn positions_find_and_check_agree_on_the_shared_data() {
    agree(&[common::shared().join("data")], 12);
}

/// The copies of `testdata/` are grouped: the bundled matches with their gnubg exports and
/// `.sgf` saves, nothing else; each group's fingerprint is its members' `match_fingerprint`.
#[test]
fn duplicates_group_the_copies_of_testdata_as_check_fingerprints_them() {
    let found = archive::duplicates(&testdata(), &Arc::new(Control::new()));
    let checks = checked(&testdata());
    assert_eq!(found.groups.len(), 12);
    assert!(found.distinct < found.records);
    assert_eq!(found.records - found.distinct, 24, "two copies of each of 12 matches");
    for g in &found.groups {
        assert_eq!((g.kind, g.scope, g.members.len()), ("backgammon", "match", 3));
        let stems: BTreeSet<String> = g
            .members
            .iter()
            .map(|m| {
                let r = &checks[&(m.source.to_string(), m.game.clone())];
                assert_eq!(r.match_fingerprint, Some(g.fingerprint), "{}", m.source);
                m.game.rsplit_once('#').unwrap().0.to_owned()
            })
            .collect();
        assert_eq!(stems.len(), 1, "{stems:?}");
    }
}

/// The program's lines are the library's: `positions --jsonl` row for row, `find` and
/// `duplicates` with their exit status.
#[test]
fn the_program_writes_the_librarys_rows() {
    let snr = repo().join("testdata/snr/games.txt");
    let path = snr.to_string_lossy().into_owned();
    let out = common::tabula(&["positions", "--jsonl", &path], None);
    assert!(out.status.success());
    let lines = common::json_lines(&out);
    let games = positioned(std::slice::from_ref(&snr));
    let rows: Vec<_> = games.iter().flat_map(|(k, kind, rows)| rows.iter().map(move |r| (k, *kind, r))).collect();
    assert_eq!(lines.len(), rows.len());
    for (line, (key, kind, row)) in lines.iter().zip(&rows) {
        assert_eq!(line["game"], key.1.as_str());
        assert_eq!(line["ply"], row.ply);
        assert_eq!(line["position"], row.position);
        assert_eq!(line["move"].as_str(), row.played);
        assert_eq!(line["key"], format!("{:016x}", position_key(kind, row.side, row.position)));
    }
    let last = rows.last().unwrap().2;
    let found = common::tabula(&["find", "--jsonl", "--position", last.position, &path], None);
    assert_eq!(found.status.code(), Some(0));
    let found = common::json_lines(&found);
    assert!(found.iter().any(|f| f["game"] == lines.last().unwrap()["game"]));
    let arimaa_empty = format!("s [{}]", " ".repeat(64));
    let none = common::tabula(&["find", "--position", &arimaa_empty, &path], None);
    assert_eq!(none.status.code(), Some(1), "not found");
    let bad = common::tabula(&["find", "--position", "no position", &path], None);
    assert_eq!(bad.status.code(), Some(2), "not a position");
    let bg = repo().join("testdata/backgammon");
    let dup = common::tabula(&["duplicates", "--jsonl", &bg.to_string_lossy()], None);
    assert_eq!(dup.status.code(), Some(1));
    assert_eq!(common::json_lines(&dup).len(), 12);
    let single = common::tabula(&["duplicates", &path], None);
    assert_eq!(single.status.code(), Some(0));
}
