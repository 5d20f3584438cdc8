//! GNU Backgammon's own `.sgf` match files, both ways.
//!
//! - gnubg's `.sgf` of a `.mat` match (`import mat`, `save match`: `scripts/gnubg_rewrite.py --to sgf`) gets,
//!   game by game, the verdict, the plays and the result tabula gives the `.mat` original, but
//!   for what gnubg itself writes differently (as for its `.mat` export,
//!   `backgammon_gnubg_export.rs`): a resignation's points re-scored (the level the written
//!   points reach, times the cube), an original whose only fault is its `Wins` points written
//!   with gnubg's points and `ok`; and one game that ends by resignation right after a dance,
//!   whose roll gnubg writes twice for the dancer (`;B[61]` `;B[61]`), which the reader takes
//!   as the one roll it is.
//! - tabula's `convert --to sgf` and `--to mat`, loaded by gnubg and saved again, keep every
//!   play; and `.mat` -> `.sgf` -> `.mat` keeps every play, cube action and result.
//!
//! `testdata/backgammon/sgf` holds gnubg's `.sgf` of the bundled matches, checked without gnubg.
#![allow(missing_docs)]

mod common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tabula_notation::backgammon::write_play;
use tabula_replay::backgammon::check::{check_match, check_sgf};
use tabula_replay::backgammon::convert::{read_verified, write_mat, write_sgf, ConvertError};
use tabula_replay::backgammon::sgf::SgfReader;
use tabula_replay::backgammon::verified::{Step, VerifiedMatch};
use tabula_replay::report::{GameReport, GameResult, Verdict};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn reports(path: &Path) -> Vec<GameReport> {
    let text = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let source: Arc<str> = Arc::from(path.display().to_string());
    let mut out = Vec::new();
    if path.extension().is_some_and(|x| x == "sgf") {
        check_sgf(&source, &name, &text[..], &mut |r| out.push(r));
    } else {
        check_match(&source, &name, &text[..], &mut |r| out.push(r));
    }
    out
}

fn result(r: &GameReport) -> Option<(u8, u64, &'static str)> {
    match r.result {
        Some(GameResult::Backgammon { winner, points, how }) => Some((winner, points, how)),
        _ => None,
    }
}

/// The points gnubg scores for a resignation written `points` on a cube never above `points`:
/// the level reached times the cube, for some cube the game had.
fn rescored(points: u64, written: u64) -> bool {
    (0..12).map(|k| 1u64 << k).any(|cube| {
        let level = if points <= cube {
            1
        } else if points <= 2 * cube {
            2
        } else {
            3
        };
        level * cube == written
    })
}

#[derive(Default, Debug, PartialEq, Eq)]
struct Tally {
    files: usize,
    skipped: usize,
    games: usize,
    plays: usize,
    sgf_plays: usize,
    same: usize,
    points_rescored: usize,
    points_written_again: usize,
}

/// Compares gnubg's `.sgf` of every `.mat` in `originals` (listed in `saves/manifest.tsv`).
fn compare_folder(originals: &Path, saves: &Path) -> Tally {
    let manifest = common::read_tsv(&saves.join("manifest.tsv"));
    let mut t = Tally::default();
    let mut problems = Vec::new();
    for row in &manifest {
        t.files += 1;
        let file = &row["file"];
        if row["status"] != "saved" {
            t.skipped += 1;
            continue;
        }
        let stem = file.trim_end_matches(".mat");
        let o = reports(&originals.join(file));
        let s = reports(&saves.join(format!("{stem}.sgf")));
        if o.len() != s.len() {
            problems.push(format!("{file}: {} games, the .sgf {}", o.len(), s.len()));
            continue;
        }
        for (o, s) in o.iter().zip(&s) {
            t.games += 1;
            t.plays += o.turns;
            t.sgf_plays += s.turns;
            let at = &o.game;
            assert_eq!(&s.game, at);
            let wins_points_only = common::wins_points_only(o);
            if o.turns != s.turns {
                problems.push(format!("{at}: {} plays, the .sgf {}", o.turns, s.turns));
            }
            match common::copy_verdict(at, o, s, "the .sgf") {
                Ok(true) => t.points_written_again += 1,
                Ok(false) => {}
                Err(p) => problems.push(p),
            }
            match (result(o), result(s)) {
                (a, b) if a == b => {
                    if !wins_points_only {
                        t.same += 1;
                    }
                }
                (Some((ow, op, "resign")), Some((sw, sp, "resign"))) if ow == sw && rescored(op, sp) => {
                    t.points_rescored += 1;
                }
                (a, b) => problems.push(format!("{at}: result {a:?}, the .sgf {b:?}")),
            }
        }
    }
    eprintln!("{t:?}");
    assert!(problems.is_empty(), "{} differences:\n{}", problems.len(), problems.join("\n"));
    t
}

/// A temporary folder, removed at the end.
struct Temp(PathBuf);

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp(tag: &str) -> Temp {
    let dir = std::env::temp_dir().join(format!("tabula-gnubg-sgf-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Temp(dir)
}

/// gnubg's `.sgf` of every `.mat`/`.sgf` in `sources`, into `out`.
fn save_with_gnubg(sources: &Path, out: &Path) {
    common::gnubg_rewrite(sources, "sgf", out);
}

/// Every game's plays (dice and resolved play), cube actions and result.
/// A game's steps as text, and its winner, points and ending.
type GameSummary = (Vec<String>, (u8, u64, &'static str));

fn summary(m: &VerifiedMatch) -> Vec<GameSummary> {
    m.games
        .iter()
        .map(|g| {
            let steps = g
                .steps
                .iter()
                .map(|(side, step)| match step {
                    Step::Play { dice, play, before } => format!("{side:?} {dice} {}", write_play(before, play)),
                    Step::Unplayed { dice } | Step::Unknown { dice } => format!("{side:?} {dice} resigned after"),
                    other => format!("{side:?} {other:?}"),
                })
                .collect();
            (steps, (g.end.0 as u8, g.end.1, g.end.2))
        })
        .collect()
}

/// `.mat` -> `.sgf` -> `.mat`: every play, cube action and result kept, for every match of
/// `dir` whose games are all `ok`; returns (matches, games, plays).
fn round_trip(dir: &Path) -> (usize, usize, usize) {
    let source: Arc<str> = Arc::from("round trip");
    let (mut matches, mut games, mut plays) = (0, 0, 0);
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mat"))
        .collect();
    entries.sort();
    for path in entries {
        let data = std::fs::read(&path).unwrap();
        let Ok(m) = read_verified(&data, false, &source, "x") else { continue };
        let sgf = write_sgf(&m, Vec::new()).unwrap();
        let from_sgf = read_verified(&sgf, true, &source, "x").unwrap_or_else(|e| {
            panic!("{}: the .sgf written: {e:?}\n{}", path.display(), String::from_utf8_lossy(&sgf))
        });
        let mat = write_mat(&from_sgf, Vec::new()).unwrap();
        let back = read_verified(&mat, false, &source, "x").unwrap_or_else(|e| {
            panic!("{}: the .mat written: {e:?}\n{}", path.display(), String::from_utf8_lossy(&mat))
        });
        let want = summary(&m);
        assert_eq!(summary(&from_sgf), want, "{}: .mat -> .sgf", path.display());
        assert_eq!(summary(&back), want, "{}: .mat -> .sgf -> .mat", path.display());
        let scores = |m: &VerifiedMatch| m.games.iter().map(|g| (g.scores, g.crawford)).collect::<Vec<_>>();
        assert_eq!(scores(&from_sgf), scores(&m), "{}: scores and Crawford games", path.display());
        matches += 1;
        games += m.games.len();
        plays += m
            .games
            .iter()
            .map(|g| {
                g.steps.iter().filter(|(_, s)| !matches!(s, Step::Double { .. } | Step::Take | Step::Drop)).count()
            })
            .sum::<usize>();
    }
    (matches, games, plays)
}

/// `testdata/backgammon/sgf`: gnubg's `.sgf` of the bundled matches tabula wrote.
#[test]
fn bundled_gnubg_sgf_files_get_the_verdicts_of_the_mat_originals() {
    let data = repo().join("testdata/backgammon");
    let dir = data.join("sgf");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sgf"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 12);
    let (mut games, mut plays) = (0, 0);
    for name in &names {
        let s = reports(&dir.join(name));
        let o = reports(&data.join("matches").join(name.replace(".sgf", ".mat")));
        assert_eq!(s.len(), o.len(), "{name}");
        for (s, o) in s.iter().zip(&o) {
            assert_eq!((s.verdict, s.turns), (Verdict::Ok, o.turns), "{name} {}: {:?}", s.game, s.error);
            let (sr, or) = (result(s).unwrap(), result(o).unwrap());
            // gnubg keeps the Jacoby rule in money play: a backgammon on a cube never turned is 1.
            let jacoby = sr.2 == "bearoff" && or.2 == "bearoff" && sr.1 == 1 && or.1 > 1;
            assert!(
                sr == or || jacoby || (sr.2 == "resign" && rescored(or.1, sr.1)),
                "{name} {}: {sr:?} {or:?}",
                s.game
            );
            games += 1;
            plays += s.turns;
        }
    }
    assert_eq!((games, plays), (41, 2658));
}

/// `.mat` -> `.sgf` -> `.mat` on the bundled matches.
#[test]
fn mat_to_sgf_to_mat_keeps_every_play_cube_action_and_result() {
    let (m, g, p) = round_trip(&repo().join("testdata/backgammon/matches"));
    assert_eq!((m, g, p), (12, 41, 2658));
}

/// `.mat` -> `.sgf` -> `.mat` on every real match whose games are ok.
#[test]
#[ignore = "needs ../shared/data"]
fn mat_to_sgf_to_mat_keeps_every_play_cube_action_and_result_of_the_real_matches() {
    // The 4 real matches with a game that is not ok are not converted.
    let (m, g, _) = round_trip(&common::shared_data("backgammon/matches"));
    assert_eq!((m, g), (294, 778));
}

proptest::proptest! {
    /// The reader never panics and ends, whatever the bytes.
    #[test]
    fn the_reader_never_panics(text in "(\\(|\\)|;|[A-Z]{1,2}|\\[[ -~]{0,6}\\]|\\\\|\n|\0|B\\[[1-6][1-6][a-z]{0,8}\\]|W\\[double\\]|RE\\[W\\+1R?\\]|GM\\[6\\]){0,40}") {
        let mut n = 0usize;
        for _ in SgfReader::new(text.as_bytes()) {
            n += 1;
            proptest::prop_assert!(n <= text.len() + 1);
        }
        check_sgf(&Arc::from("p"), "p", text.as_bytes(), &mut |_| {});
    }
}

/// The 298 shared real matches: gnubg's `.sgf` of each gets the verdicts of the `.mat`.
#[test]
#[ignore = "needs ../shared/data and GNU Backgammon (apt-get install gnubg): cargo test --release -- --ignored"]
fn gnubg_sgf_of_the_shared_matches_get_the_verdicts_of_the_originals() {
    let originals = common::shared_data("backgammon/matches");
    let made = temp("shared");
    let saves = match std::env::var_os("TABULA_GNUBG_SGF") {
        Some(dir) => PathBuf::from(dir),
        None => {
            save_with_gnubg(&originals, &made.0);
            made.0.clone()
        }
    };
    let t = compare_folder(&originals, &saves);
    assert_eq!(
        t,
        Tally {
            files: 298,
            skipped: 2,
            games: 790,
            plays: 34_253,
            sgf_plays: 34_253,
            same: 747,
            points_rescored: 42,
            points_written_again: 4,
        }
    );
}

/// tabula's `.sgf` and `.mat` of the bundled matches, loaded by gnubg and saved again: every
/// game keeps its plays and its verdict.
#[test]
#[ignore = "needs GNU Backgammon (apt-get install gnubg): cargo test --release -- --ignored"]
fn gnubg_reads_tabulas_sgf_and_mat_back_with_every_play() {
    let matches = repo().join("testdata/backgammon/matches");
    let (sgf_dir, mat_dir, out_sgf, out_mat) = (temp("t-sgf"), temp("t-mat"), temp("o-sgf"), temp("o-mat"));
    let source: Arc<str> = Arc::from("x");
    let mut written = 0;
    for e in std::fs::read_dir(&matches).unwrap().flatten() {
        let path = e.path();
        if path.extension().is_none_or(|x| x != "mat") {
            continue;
        }
        let m = read_verified(&std::fs::read(&path).unwrap(), false, &source, "x").unwrap();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        std::fs::write(sgf_dir.0.join(format!("{stem}.sgf")), write_sgf(&m, Vec::new()).unwrap()).unwrap();
        std::fs::write(mat_dir.0.join(format!("{stem}.mat")), write_mat(&m, Vec::new()).unwrap()).unwrap();
        written += 1;
    }
    assert_eq!(written, 12);
    save_with_gnubg(&sgf_dir.0, &out_sgf.0);
    save_with_gnubg(&mat_dir.0, &out_mat.0);
    let mut games = 0;
    for e in std::fs::read_dir(&sgf_dir.0).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let ours = reports(&e.path());
        for again in [out_sgf.0.join(&name), out_mat.0.join(&name)] {
            let theirs = reports(&again);
            assert_eq!(ours.len(), theirs.len(), "{}", again.display());
            for (a, b) in ours.iter().zip(&theirs) {
                assert_eq!((a.verdict, a.turns), (Verdict::Ok, b.turns), "{} {}", again.display(), a.game);
                assert_eq!(b.verdict, Verdict::Ok, "{} {}: {:?}", again.display(), b.game, b.error);
                games += 1;
            }
        }
    }
    assert_eq!(games, 82);
}

/// A position, cube and player to move set by hand in the middle of a game, as GNU Backgammon
/// 1.07 saves a session edited with `set board` and `set cube` (`;PL[B]AE[a:y]AW[...]AB[...]`,
/// `;CV[2]`, `;CP[b]`): the replay goes on from them. gnubg's own file replays its plays (and is
/// unfinished); a copy with a play the set position blocks is illegal at that play; a cube owner
/// set alone is kept (it was read over: the game was checked as if the cube were centred); a
/// board set only in part is unreadable; such a game is not converted.
#[test]
fn a_position_or_cube_set_by_hand_is_replayed_from() {
    let file = repo().join("testdata/backgammon/sgf_setup/session_set_by_hand.sgf");
    let text = std::fs::read_to_string(&file).unwrap();
    let check = |text: &str| {
        let mut reports = Vec::new();
        check_sgf(&Arc::from("set.sgf"), "set", text.as_bytes(), &mut |r| reports.push(r));
        assert_eq!(reports.len(), 1, "{text}");
        reports.remove(0)
    };
    let r = check(&text);
    assert_eq!((r.verdict, r.turns), (Verdict::ResultMismatch, 3), "{r:?}");
    assert!(r.error.as_ref().unwrap().message.contains("not finished"), "{r:?}");
    // 24/18 lands on the five checkers set on the opponent's 6 point.
    let blocked = check(&text.replace(";W[65xrrm]", ";W[65xsrm]"));
    assert_eq!(blocked.verdict, Verdict::Illegal, "{blocked:?}");
    let e = blocked.error.as_ref().unwrap();
    assert_eq!((e.turn.as_str(), e.token.as_str()), ("6L", "W[65xsrm]"), "{e:?}");
    assert!(e.message.contains("blocked"), "{e:?}");
    let root = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]RU[Jacoby]\n;W[31hefe]\n";
    let owner = check(&format!("{root};CP[w]\n;B[double])"));
    assert_eq!(owner.verdict, Verdict::Illegal, "{owner:?}");
    assert!(owner.error.as_ref().unwrap().message.contains("cube"), "{owner:?}");
    let partial = check(&format!("{root};PL[B]AE[a:f]AB[s][s]\n;B[31qtst])"));
    assert_eq!(partial.verdict, Verdict::Unreadable, "{partial:?}");
    assert!(partial.error.as_ref().unwrap().message.contains("AE[a:y]"), "{partial:?}");
    // A game from a position set by hand that ends on the board: ok, and not converted.
    let ended = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[a]PB[b]RE[W+1]\n;PL[W]AE[a:y]AW[a]AB[s]\n;W[21az])";
    let r = check(ended);
    assert_eq!((r.verdict, r.turns), (Verdict::Ok, 1), "{r:?}");
    let refused = read_verified(ended.as_bytes(), true, &Arc::from("set.sgf"), "set");
    assert!(matches!(refused, Err(ConvertError::SetUp(1))), "{refused:?}");
}
