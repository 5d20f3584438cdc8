//! Fingerprints (`../shared/archive.md`): the same game read from any format or spelling gets
//! the same one, different games different ones, a broken game one too; those of `testdata/`
//! are pinned in `tests/fingerprints.tsv`.
#![allow(missing_docs)]

mod common;

use common::repo;

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use tabula_replay::check::CheckEvent;
use tabula_replay::{check_bytes, check_paths, GameReport, GameResult, Verdict};

/// The reports of one file's content.
fn reports_of(source: &str, data: &[u8]) -> Vec<GameReport> {
    let mut out = Vec::new();
    check_bytes(source, data, &mut |event| {
        if let CheckEvent::Game(r) = event {
            out.push(r.clone());
        }
        ControlFlow::Continue(())
    });
    out
}

fn reports_at(paths: &[PathBuf]) -> Vec<GameReport> {
    let mut out = Vec::new();
    check_paths(paths, &mut |r| out.push(r.clone()));
    out
}

fn fingerprint(r: &GameReport) -> String {
    r.fingerprint.map(|f| f.to_string()).unwrap_or_else(|| panic!("{} {}: no fingerprint", r.source, r.game))
}

/// Runs the program and gives its standard output, which must be a success.
fn run(args: &[&str]) -> Vec<u8> {
    let out = common::tabula(args, None);
    assert!(out.status.success(), "tabula {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// A move list in long notation with a move taken back and played again after its third move.
fn with_takeback(long: &str) -> String {
    let lines: Vec<&str> = long.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        out.push((*line).to_owned());
        if i == 2 && lines.len() > 4 {
            let next = lines[3].split_whitespace().next().unwrap_or_default();
            out.push(format!("{next} takeback"));
            out.push((*line).to_owned());
        }
    }
    out.join("\n") + "\n"
}

/// Arimaa archive rows written again by `tabula convert` as move lists (with and without a
/// takeback) and in short notation of every view: each copy gets its row's fingerprint, and the
/// rows' fingerprints all differ.
#[test]
fn arimaa_rows_keep_their_fingerprint_as_move_lists_and_short_notation() {
    let archive = repo().join("testdata/arimaa/random_games.tsv");
    let rows = reports_at(std::slice::from_ref(&archive));
    assert!(rows.len() >= 10);
    let archive = archive.to_string_lossy().into_owned();
    let mut seen = BTreeMap::new();
    for row in rows.iter().take(12) {
        let want = fingerprint(row);
        assert!(seen.insert(want.clone(), row.game.clone()).is_none(), "{} and {:?} share {want}", row.game, seen);
        let mut copies = Vec::new();
        for view in ["g", "s", "n"] {
            let short = run(&["convert", "--to", "short", "--view", view, "--game", &row.game, &archive]);
            copies.push((format!("short, view {view}"), short));
        }
        let short = std::env::temp_dir().join(format!("tabula-fp-{}-{}.txt", row.game, std::process::id()));
        std::fs::write(&short, &copies[0].1).unwrap();
        let long = run(&["convert", "--to", "long", &short.to_string_lossy()]);
        let _ = std::fs::remove_file(&short);
        let long = String::from_utf8(long).unwrap();
        copies.push(("takeback".into(), with_takeback(&long).into_bytes()));
        copies.push(("move list".into(), long.into_bytes()));
        for (how, text) in copies {
            let got = reports_of(&format!("{}.txt", row.game), &text);
            assert_eq!(got.len(), 1, "{} as {how}", row.game);
            assert_eq!(got[0].verdict, row.verdict, "{} as {how}: {:?}", row.game, got[0].error);
            assert_eq!(fingerprint(&got[0]), want, "{} as {how}", row.game);
        }
    }
}

/// Every `.mat` match of `testdata/backgammon/matches` as GNU Backgammon exports it
/// (`gnubg_export/`) and saves it (`sgf/`): the same fingerprint for each game and for the match.
#[test]
fn backgammon_matches_keep_their_fingerprints_in_gnubg_exports_and_sgf() {
    let bg = repo().join("testdata/backgammon");
    let mut matches = 0;
    for entry in std::fs::read_dir(bg.join("matches")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "mat") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let original = reports_at(std::slice::from_ref(&path));
        for copy in [bg.join("gnubg_export").join(format!("{stem}.mat")), bg.join("sgf").join(format!("{stem}.sgf"))] {
            same_match(&original, &reports_at(std::slice::from_ref(&copy)), &copy);
        }
        matches += 1;
    }
    assert!(matches >= 10, "{matches} matches");
}

/// The games of two records of one match have the same fingerprints, game by game, and the
/// same match fingerprint, one for the whole match.
fn same_match(original: &[GameReport], copy: &[GameReport], what: &Path) {
    assert_eq!(original.len(), copy.len(), "{}", what.display());
    let whole = original[0].match_fingerprint.expect("a match fingerprint");
    for (a, b) in original.iter().zip(copy) {
        assert_eq!(a.fingerprint, b.fingerprint, "{} {}", what.display(), b.game);
        assert_eq!(a.match_fingerprint, Some(whole), "{}", a.game);
        assert_eq!(b.match_fingerprint, Some(whole), "{} {}", what.display(), b.game);
    }
}

/// The bundled matches exported and saved by GNU Backgammon in the test (`.mat` and `.sgf`):
/// the same fingerprints. Run by `cargo test --release -- --ignored` with gnubg installed.
#[test]
#[ignore = "needs GNU Backgammon (gnubg)"]
fn backgammon_matches_keep_their_fingerprints_through_gnubg() {
    let sources = repo().join("testdata/backgammon/matches");
    for to in ["mat", "sgf"] {
        let out = common::scratch(&format!("fingerprint-gnubg-{to}"));
        common::gnubg_rewrite(&sources, to, &out);
        let mut compared = 0;
        for entry in std::fs::read_dir(&sources).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "mat") {
                continue;
            }
            let copy = out.join(path.file_stem().unwrap()).with_extension(to);
            if !copy.is_file() {
                continue;
            }
            same_match(&reports_at(std::slice::from_ref(&path)), &reports_at(std::slice::from_ref(&copy)), &copy);
            compared += 1;
        }
        assert!(compared >= 10, "gnubg wrote {compared} matches as {to}");
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// A Stones and Rivers turn line spelled as the rules also accept it: lower case, spaces moved.
fn respelled(line: &str) -> String {
    let lower = line.to_ascii_lowercase();
    let (player, fields) = lower.split_once('-').unwrap_or((&lower, ""));
    let fields: Vec<&str> = fields.split(',').map(str::trim).collect();
    format!("{}-{}", player.trim(), fields.join(" ,"))
}

/// Every record of `testdata/snr/games.txt` respelled (turns in lower case with other spacing,
/// other tags than `[Position]` changed): the same fingerprints.
#[test]
fn stones_and_rivers_records_keep_their_fingerprint_respelled() {
    let text = std::fs::read_to_string(repo().join("testdata/snr/games.txt")).unwrap();
    let mut other = String::new();
    for line in text.lines() {
        if line.starts_with("[Game ") {
            other.push_str(&line.replace("[Game \"", "[Game \"again-"));
            other.push_str("\n[Site \"elsewhere\"]");
        } else if line.starts_with("[Event ") || line.starts_with("[Seed ") {
            continue;
        } else if line.starts_with("Sq") || line.starts_with("Cr") {
            other.push_str(&respelled(line));
        } else {
            other.push_str(line);
        }
        other.push('\n');
    }
    let original = reports_of("games.txt", text.as_bytes());
    let copy = reports_of("respelled.txt", other.as_bytes());
    assert_eq!(original.len(), copy.len());
    assert!(original.len() >= 5);
    for (a, b) in original.iter().zip(&copy) {
        assert_eq!(b.game, format!("again-{}", a.game));
        assert_eq!((a.verdict, a.turns), (b.verdict, b.turns), "{}", a.game);
        assert_eq!(fingerprint(a), fingerprint(b), "{}", a.game);
    }
}

/// Every report of the files under `paths`, as `source game fingerprint match_fingerprint`
/// lines with the sources relative to the repository.
fn table(reports: &[GameReport]) -> String {
    let root = repo().to_string_lossy().into_owned();
    let mut out = String::new();
    for r in reports {
        let source = r.source.strip_prefix(&root).unwrap_or(&r.source).trim_start_matches('/');
        let whole = r.match_fingerprint.map(|f| f.to_string()).unwrap_or_default();
        out.push_str(&format!("{source}\t{}\t{}\t{whole}\n", r.game, fingerprint(r)));
    }
    out
}

fn testdata_reports() -> Vec<GameReport> {
    let folders = ["testdata/arimaa", "testdata/backgammon", "testdata/snr"];
    reports_at(&folders.map(|f| repo().join(f)))
}

/// The fingerprints of every game of `testdata/`, broken ones included, pinned: a change of the
/// canonical forms or of the hash shows here. `TABULA_BLESS=1` writes the table again.
#[test]
fn the_fingerprints_of_testdata_are_pinned() {
    let reports = testdata_reports();
    assert!(reports.iter().any(|r| r.verdict != Verdict::Ok), "broken games are among them");
    let got = table(&reports);
    let golden = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fingerprints.tsv");
    if std::env::var_os("TABULA_BLESS").is_some() {
        std::fs::write(&golden, &got).unwrap();
    }
    let want = std::fs::read_to_string(&golden).unwrap_or_default();
    let (got_lines, want_lines): (Vec<_>, Vec<_>) = (got.lines().collect(), want.lines().collect());
    for (g, w) in got_lines.iter().zip(&want_lines) {
        assert_eq!(g, w, "a fingerprint of testdata changed (TABULA_BLESS=1 pins the new ones)");
    }
    assert_eq!(got_lines.len(), want_lines.len(), "games of testdata");
}

/// Games that share a fingerprint are the same game: the same kind, turns, final position and
/// verdict; for backgammon the same verdict and result (a game that ends by resignation may end
/// seen from either player, after a roll written again by gnubg, and the points depend on
/// the Jacoby rule the file holds).
fn no_two_games_share_one(reports: &[GameReport]) -> usize {
    let mut by: BTreeMap<String, &GameReport> = BTreeMap::new();
    let mut shared = 0;
    for r in reports.iter().filter(|r| r.kind != "unknown") {
        let f = fingerprint(r);
        match by.get(&f) {
            Some(first) => {
                shared += 1;
                let same = |r: &GameReport| match r.kind {
                    "backgammon" => match r.result {
                        // The points may differ: the Jacoby rule is the file's, not the game's.
                        Some(GameResult::Backgammon { winner, how, .. }) => {
                            (r.kind, 0, String::new(), r.verdict, format!("{winner} {how}"))
                        }
                        _ => (r.kind, 0, String::new(), r.verdict, String::new()),
                    },
                    _ => (r.kind, r.turns, r.final_position.clone(), r.verdict, format!("{:?}", r.result)),
                };
                assert_eq!(
                    same(first),
                    same(r),
                    "{} {} and {} {} share {f}",
                    first.source,
                    first.game,
                    r.source,
                    r.game
                );
            }
            None => {
                by.insert(f, r);
            }
        }
    }
    assert!(by.len() > reports.len() / 3, "{} fingerprints for {} games", by.len(), reports.len());
    shared
}

/// In `testdata/` the games that share a fingerprint are copies (the backgammon matches
/// written again by gnubg); every game of a kind has one, broken games too.
#[test]
fn no_two_different_games_of_testdata_share_a_fingerprint() {
    let reports = testdata_reports();
    assert!(reports.iter().filter(|r| r.kind != "unknown").all(|r| r.fingerprint.is_some()));
    let shared = no_two_games_share_one(&reports);
    assert!(shared > 0, "the copies of the matches share theirs");
}

#[test]
#[ignore = "needs ../shared/data"]
fn no_two_different_games_of_the_shared_data_share_a_fingerprint() {
    let reports = reports_at(&[common::shared().join("data")]);
    assert!(reports.len() > 1000, "{} games", reports.len());
    no_two_games_share_one(&reports);
}

/// The real matches of `../shared/data/backgammon/xg` as eXtreme Gammon saved them (`.xg`) and
/// exported them (`.mat`, its `.txt`), and as GNU Backgammon saved them (`.sgf`): every copy has
/// the games' and the match's fingerprints of the `.xg`.
#[test]
#[ignore = "needs ../shared/data"]
fn the_xg_matches_keep_their_fingerprints_in_every_format() {
    let folder = common::shared_data("backgammon/xg");
    let mut copies = 0;
    for stem in ["charlot1-charlot2_7p_2025-11-08-2305", "test"] {
        let original = reports_at(&[folder.join(format!("{stem}.xg"))]);
        assert!(original.len() >= 4 && original.iter().all(|r| r.verdict == Verdict::Ok), "{stem}.xg");
        for ext in ["mat", "txt", "sgf"] {
            let copy = folder.join(format!("{stem}.{ext}"));
            if copy.exists() {
                same_match(&original, &reports_at(std::slice::from_ref(&copy)), &copy);
                copies += 1;
            }
        }
    }
    assert_eq!(copies, 5, "the .mat and .sgf of both matches and test.txt");
}

/// The real matches of `../shared/data/backgammon/matches` exported and saved by GNU Backgammon:
/// each copy is grouped by `duplicates` with its original, and with nothing else.
#[test]
#[ignore = "needs GNU Backgammon (gnubg) and ../shared/data"]
fn the_shared_matches_keep_their_fingerprints_through_gnubg() {
    use std::sync::Arc;
    use tabula_replay::archive::duplicates;
    use tabula_replay::control::Control;
    let sources = common::shared_data("backgammon/matches");
    for to in ["mat", "sgf"] {
        let out = common::scratch(&format!("fingerprint-shared-gnubg-{to}"));
        common::gnubg_rewrite(&sources, to, &out);
        let written = std::fs::read_dir(&out)
            .unwrap()
            .filter(|e| e.as_ref().is_ok_and(|e| e.path().extension().is_some_and(|x| x == to)))
            .count();
        assert!(written > 100, "gnubg wrote {written} matches as {to}");
        let found = duplicates(&[out.clone(), sources.clone()], &Arc::new(Control::new()));
        assert_eq!(found.groups.len(), written, "every copy with its original ({to})");
        for g in &found.groups {
            assert_eq!(g.members.len(), 2, "{g:?}");
            let stems: Vec<_> =
                g.members.iter().map(|m| Path::new(&*m.source).file_stem().map(|s| s.to_owned())).collect();
            assert_eq!(stems[0], stems[1], "{g:?}");
        }
        let _ = std::fs::remove_dir_all(&out);
    }
}
