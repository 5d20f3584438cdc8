//! GNU Backgammon's own `.mat` export, the file most analysis users have: matches imported by
//! gnubg (`import mat`) and written again (`export match mat`, `scripts/gnubg_rewrite.py --to mat`).
//! Every game of an export must get the verdict, the number of plays and the result of the same
//! game in the original file, but for what gnubg itself writes differently:
//!
//! - **A resignation's points**: gnubg reads `Wins n point` after a resignation as the level `n`
//!   reaches (single up to the cube, gammon up to twice the cube, else backgammon) and writes
//!   that level times the cube (a capped `Wins 3 point` on a 2-cube becomes `Wins 4 points`).
//! - **Points that do not fit**: an original whose only fault is the points of its `Wins` line
//!   (`result-mismatch` there: `Wins 4016 point`, a forfeit written `Wins 5 point` on a 1-cube, a
//!   gammon written `Wins 1 point`) is exported with the points gnubg computes, and is `ok`.
//! - **A roll written again**: when a game ends by resignation right after a player's dance,
//!   gnubg writes the same dice once more for the other player as a roll with no play, before
//!   `Wins`, on a line of its own. That copy is not a turn: the game has the original's turns
//!   and fingerprint.
//!
//! The winner and how the game ended never differ. gnubg 1.07 aborts on a player line with an
//! empty name; the script marks such a file `skipped`, and the test requires each skipped file to
//! have one.
//!
//! The exports come from `TABULA_GNUBG_EXPORTS` (a folder the script wrote from
//! `shared/data/backgammon/matches`), else from a run of the script with GNU Backgammon into a
//! temporary folder. The tests that run gnubg are ignored by a plain `cargo test` and run by
//! `cargo test --release -- --ignored` (`.ci/run` installs gnubg and runs them); without gnubg
//! they fail and say what to install. `testdata/backgammon/gnubg_export` holds the exports of the
//! bundled matches, checked the same way without gnubg.
#![allow(missing_docs)]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tabula_engine::backgammon::MatchScore;
use tabula_replay::backgammon::check::{check_match, check_sgf};
use tabula_replay::backgammon::verify::verify_game_with;
use tabula_replay::backgammon::{GameRecord, MatReader};
use tabula_replay::report::{GameReport, GameResult};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A folder of exports, removed at the end when the test made it.
struct Exports {
    dir: PathBuf,
    temporary: bool,
}

impl Drop for Exports {
    fn drop(&mut self) {
        if self.temporary {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// The exports of the `.mat` files in `sources`, made by gnubg into a temporary folder.
fn export_with_gnubg(sources: &Path, tag: &str) -> Exports {
    let dir = std::env::temp_dir().join(format!("tabula-gnubg-export-{tag}-{}", std::process::id()));
    let exports = Exports { dir, temporary: true };
    common::gnubg_rewrite(sources, "mat", &exports.dir);
    exports
}

fn read_games(path: &Path) -> (Option<u32>, Vec<GameRecord>) {
    let text = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = MatReader::new(&text[..]);
    let length = reader.header().ok().and_then(|h| h.match_length);
    (length, reader.flatten().collect())
}

fn check(path: &Path) -> Vec<GameReport> {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let source: Arc<str> = Arc::from(path.display().to_string());
    let text = std::fs::read(path).unwrap();
    let mut out = Vec::new();
    check_match(&source, &name, &text[..], &mut |r| out.push(r));
    out
}

/// The cube at the end of a game's replay.
fn final_cube(record: &GameRecord, length: u32) -> u64 {
    let mut cube = 1;
    let mut observe = |r: tabula_replay::backgammon::verify::Replayed<'_>| cube = u64::from(r.cube.value);
    verify_game_with(&Arc::from("cube"), String::new(), record, MatchScore::new(length), Some(&mut observe));
    cube
}

/// The points gnubg writes for a resignation written `Wins points` with this cube.
fn gnubg_resignation_points(points: u64, cube: u64) -> u64 {
    let level = if points <= cube {
        1
    } else if points <= 2 * cube {
        2
    } else {
        3
    };
    level * cube
}

/// What a comparison found.
#[derive(Default, Debug, PartialEq, Eq)]
struct Tally {
    files: usize,
    skipped: Vec<String>,
    games: usize,
    plays: usize,
    export_plays: usize,
    /// Verdicts of the exports' games.
    verdicts: BTreeMap<&'static str, usize>,
    points_rescored: usize,
    points_written_again: usize,
}

/// Compares the export of one file with its original, game by game.
fn compare(original: &Path, export: &Path, tally: &mut Tally, problems: &mut Vec<String>) {
    let name = original.file_name().unwrap().to_string_lossy().into_owned();
    let (o_reports, e_reports) = (check(original), check(export));
    let (length, o_games) = read_games(original);
    let (_, e_games) = read_games(export);
    if o_reports.len() != e_reports.len() || o_games.len() != o_reports.len() || e_games.len() != e_reports.len() {
        problems.push(format!("{name}: {} games, the export {}", o_reports.len(), e_reports.len()));
        return;
    }
    for ((o, e), og) in o_reports.iter().zip(&e_reports).zip(&o_games) {
        let at = format!("{name} game {}", og.number);
        tally.games += 1;
        tally.plays += o.turns;
        tally.export_plays += e.turns;
        *tally.verdicts.entry(e.verdict.as_str()).or_default() += 1;
        if e.turns != o.turns {
            problems.push(format!("{at}: {} plays, the export {}", o.turns, e.turns));
        }
        match common::copy_verdict(&at, o, e, "the export") {
            Ok(true) => tally.points_written_again += 1,
            Ok(false) => {}
            Err(p) => problems.push(p),
        }
        match (&o.result, &e.result) {
            (None, None) => {}
            (
                Some(GameResult::Backgammon { winner: ow, points: op, how: oh }),
                Some(GameResult::Backgammon { winner: ew, points: ep, how: eh }),
            ) if ow == ew && oh == eh => {
                if op == ep {
                    continue;
                }
                let cube = final_cube(og, length.unwrap_or(0));
                if *oh == "resign" && *ep == gnubg_resignation_points(*op, cube) {
                    tally.points_rescored += 1;
                } else {
                    problems.push(format!("{at}: {oh} for {op} points on a {cube}-cube, the export {ep}"));
                }
            }
            (or, er) => problems.push(format!("{at}: result {or:?}, the export {er:?}")),
        }
    }
}

/// Compares every export listed in `exports/manifest.tsv` with its original in `originals`.
fn compare_folder(originals: &Path, exports: &Path) -> Tally {
    let manifest = common::read_tsv(&exports.join("manifest.tsv"));
    let mut tally = Tally::default();
    let mut problems = Vec::new();
    for row in &manifest {
        let file = &row["file"];
        tally.files += 1;
        let original = originals.join(file);
        match row["status"].as_str() {
            "exported" => compare(&original, &exports.join(file), &mut tally, &mut problems),
            "skipped" => {
                let (_, games) = read_games(&original);
                let empty_name = games.iter().any(|g| g.players.iter().any(String::is_empty));
                if row["reason"].is_empty() || !empty_name {
                    problems.push(format!("{file}: skipped ({}) without an empty player name", row["reason"]));
                }
                tally.skipped.push(file.clone());
            }
            other => problems.push(format!("{file}: status `{other}`")),
        }
    }
    let mat_files =
        std::fs::read_dir(originals).unwrap().flatten().filter(|e| e.path().extension().is_some_and(|x| x == "mat"));
    assert_eq!(mat_files.count(), manifest.len(), "every original has a line in the manifest");
    eprintln!("{tally:?}");
    assert!(problems.is_empty(), "{} differences:\n{}", problems.len(), problems.join("\n"));
    tally
}

/// The 298 shared real matches: 296 exported (two crash gnubg on an empty player name), 790
/// games, each with the verdict, plays and result of its original but for gnubg's readings.
#[test]
#[ignore = "needs ../shared/data and GNU Backgammon (apt-get install gnubg): cargo test --release -- --ignored"]
fn gnubg_exports_of_the_shared_matches_get_the_verdicts_of_the_originals() {
    let originals = common::shared_data("backgammon/matches");
    let made;
    let exports = match std::env::var_os("TABULA_GNUBG_EXPORTS") {
        Some(dir) => PathBuf::from(dir),
        None => {
            made = export_with_gnubg(&originals, "shared");
            made.dir.clone()
        }
    };
    let tally = compare_folder(&originals, &exports);
    let verdicts = BTreeMap::from([("ok", 790)]);
    assert_eq!(
        tally,
        Tally {
            files: 298,
            skipped: vec!["lasse_match8320876.mat".into(), "lasse_match8600489.mat".into()],
            games: 790,
            plays: 34_253,
            export_plays: 34_253,
            verdicts,
            points_rescored: 42,
            points_written_again: 4,
        }
    );
}

/// The same game reads the same in every format: each of the shared real matches as the site
/// wrote it, as gnubg exports it (`.mat`) and as gnubg saves it (`.sgf`), both made here, gives
/// every game of one fingerprint the same `turns`. The roll gnubg's export writes again before
/// a resignation, on a line of its own, is not a turn.
#[test]
#[ignore = "needs ../shared/data and GNU Backgammon (apt-get install gnubg): cargo test --release -- --ignored"]
fn a_game_has_the_same_turns_in_the_sites_mat_gnubgs_mat_and_gnubgs_sgf() {
    let originals = common::shared_data("backgammon/matches");
    let mat = export_with_gnubg(&originals, "turns");
    let sgf = Exports {
        dir: std::env::temp_dir().join(format!("tabula-gnubg-sgf-turns-{}", std::process::id())),
        temporary: true,
    };
    common::gnubg_rewrite(&originals, "sgf", &sgf.dir);
    // Fingerprint -> turns -> where.
    let mut seen: BTreeMap<String, BTreeMap<usize, Vec<String>>> = BTreeMap::new();
    let mut games = BTreeMap::<&str, usize>::new();
    for (what, dir, ext) in
        [("site", &originals, "mat"), ("gnubg .mat", &mat.dir, "mat"), ("gnubg .sgf", &sgf.dir, "sgf")]
    {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let source: Arc<str> = Arc::from(path.display().to_string());
            let text = std::fs::read(&path).unwrap();
            let mut reports = Vec::new();
            if ext == "sgf" {
                check_sgf(&source, &name, &text[..], &mut |r| reports.push(r));
            } else {
                check_match(&source, &name, &text[..], &mut |r| reports.push(r));
            }
            for r in reports {
                let Some(f) = r.fingerprint else { continue };
                *games.entry(what).or_default() += 1;
                seen.entry(f.to_string()).or_default().entry(r.turns).or_default().push(format!("{what} {}", r.game));
            }
        }
    }
    assert_eq!(games, BTreeMap::from([("gnubg .mat", 790), ("gnubg .sgf", 790), ("site", 792)]), "games read");
    let differ: Vec<String> =
        seen.iter().filter(|(_, turns)| turns.len() > 1).map(|(f, turns)| format!("{f}: {turns:?}")).collect();
    assert!(differ.is_empty(), "{} fingerprints with different turns:\n{}", differ.len(), differ.join("\n"));
    // Each game gnubg wrote is a game of the site's file.
    let unmatched = seen.values().filter(|t| t.values().flatten().all(|w| !w.starts_with("site "))).count();
    assert_eq!(unmatched, 0, "fingerprints of gnubg's files found in no site file");
}

/// `testdata/backgammon/gnubg_export`: gnubg's exports of the bundled matches tabula wrote.
#[test]
fn bundled_gnubg_exports_get_the_verdicts_of_the_originals() {
    let data = repo().join("testdata/backgammon");
    let tally = compare_folder(&data.join("matches"), &data.join("gnubg_export"));
    assert_eq!((tally.files, tally.games, tally.verdicts.get("ok").copied()), (12, 41, Some(41)));
}

/// The bundled exports are what the installed gnubg writes, but for the import date gnubg puts in
/// an `EventDate` tag when the original has none.
#[test]
#[ignore = "needs GNU Backgammon (apt-get install gnubg): cargo test --release -- --ignored"]
fn bundled_gnubg_exports_are_made_again_by_gnubg() {
    let data = repo().join("testdata/backgammon");
    let made = export_with_gnubg(&data.join("matches"), "testdata");
    let dated = |text: String| -> String {
        text.lines().filter(|l| !l.starts_with("; [EventDate ")).collect::<Vec<_>>().join("\n")
    };
    let mut names: Vec<String> =
        std::fs::read_dir(&made.dir).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    let mut kept: Vec<String> = std::fs::read_dir(data.join("gnubg_export"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    kept.sort();
    assert_eq!(names, kept, "the files of testdata/backgammon/gnubg_export");
    for name in names {
        let read = |dir: &Path| std::fs::read_to_string(dir.join(&name)).unwrap();
        assert!(
            dated(read(&made.dir)) == dated(read(&data.join("gnubg_export"))),
            "{name} differs from gnubg's export"
        );
    }
}
