//! eXtreme Gammon's `.xg` files: a file made here record by record (so that the plain `cargo
//! test` needs nothing beside the repository) checked, and each kind of hostile file refused
//! with an error naming it; then, with `../shared` beside the repository, the three real
//! matches: every game `ok` with the plays and results the data README lists, the same games,
//! plays, results and final positions as the same matches' `.mat`, XG's `.txt` and gnubg's
//! `.sgf`, converted to `.mat` and `.sgf` checking to the same games (and read by gnubg), and
//! read game by game as xgdatatools reads them.

mod common;
#[path = "../../fuzz/fuzz_targets/bodies/backgammon_xg.rs"]
mod fuzz_body;

use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;

use flate2::write::ZlibEncoder;
use flate2::Compression;
use tabula_notation::backgammon::write_play;
use tabula_replay::backgammon::convert::read_verified_file;
use tabula_replay::backgammon::verified::Step;
use tabula_replay::backgammon::xg::{read_archive, read_xg, XgError, MAX_INFLATED_BYTES};
use tabula_replay::backgammon::{ActionKind, Column, GameRecord, MatReader, MatchFile};
use tabula_replay::check::CheckEvent;
use tabula_replay::{check_bytes, ErrorInfo, GameReport, GameResult, Verdict};

const START: [i8; 26] = [0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0];

fn record(kind: u8) -> Vec<u8> {
    let mut r = vec![0u8; 2560];
    r[8] = kind;
    r
}

fn put(r: &mut [u8], at: usize, v: i32) {
    r[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn put_board(r: &mut [u8], at: usize, b: &[i8; 26]) {
    for (i, &v) in b.iter().enumerate() {
        r[at + i] = v as u8;
    }
}

fn match_header(variation: i32) -> Vec<u8> {
    let mut r = record(0);
    for (at, name) in [(9, "Left"), (50, "Right")] {
        r[at] = name.len() as u8;
        r[at + 1..at + 1 + name.len()].copy_from_slice(name.as_bytes());
    }
    put(&mut r, 92, 3);
    put(&mut r, 96, variation);
    r[100] = 1;
    put(&mut r, 552, 8);
    r[556..560].copy_from_slice(b"DMLI");
    put(&mut r, 576, -1);
    put(&mut r, 580, -1);
    r
}

fn game_header(scores: [i32; 2], number: i32) -> Vec<u8> {
    let mut r = record(1);
    put(&mut r, 12, scores[0]);
    put(&mut r, 16, scores[1]);
    put(&mut r, 48, number);
    put(&mut r, 56, -1);
    put(&mut r, 60, -1);
    r
}

fn cube(player: i32, double: i32, take: i32, position: &[i8; 26]) -> Vec<u8> {
    let mut r = record(2);
    put(&mut r, 12, player);
    put(&mut r, 16, double);
    put(&mut r, 20, take);
    put(&mut r, 24, -1);
    put_board(&mut r, 36, position);
    put(&mut r, 292, -1);
    r
}

fn play(player: i32, dice: [i32; 2], pairs: [i32; 8], before: &[i8; 26], after: &[i8; 26]) -> Vec<u8> {
    let mut r = record(3);
    put_board(&mut r, 9, before);
    put_board(&mut r, 35, after);
    put(&mut r, 64, player);
    for (i, p) in pairs.iter().enumerate() {
        put(&mut r, 68 + 4 * i, *p);
    }
    put(&mut r, 100, dice[0]);
    put(&mut r, 104, dice[1]);
    r[2308] = 1;
    put(&mut r, 2524, -1);
    r
}

fn footer(winner: i32, points: i32, termination: i32) -> Vec<u8> {
    let mut r = record(4);
    put(&mut r, 24, winner);
    put(&mut r, 28, points);
    put(&mut r, 32, termination);
    r
}

/// One game: player 1 plays 31 (8/5 6/5), player 2 doubles, player 1 drops.
fn game(scores: [i32; 2], number: i32) -> Vec<Vec<u8>> {
    let mut after = START;
    after[8] = 2;
    after[6] = 4;
    after[5] = 2;
    vec![
        game_header(scores, number),
        cube(1, -2, -1, &START),
        play(1, [3, 1], [7, 4, 5, 4, -1, -1, -1, -1], &START, &after),
        cube(-1, 1, 0, &after),
        footer(-1, 1, 0),
    ]
}

/// Two such games, in a 3-point match.
fn two_games() -> Vec<Vec<u8>> {
    let mut records = vec![match_header(0)];
    records.extend(game([0, 0], 1));
    records.extend(game([0, 1], 2));
    records.push(record(5));
    records
}

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut e = ZlibEncoder::new(Vec::new(), Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn crc(data: &[u8]) -> u32 {
    let mut c = flate2::Crc::new();
    c.update(data);
    c.sum()
}

/// An `.xg` file of `records`, its index giving `declared` as the game file's size (its true
/// size when `None`).
fn container(records: &[Vec<u8>], declared: Option<usize>) -> Vec<u8> {
    let game_file: Vec<u8> = records.concat();
    container_of(&game_file, zlib(&game_file), declared)
}

fn container_of(game_file: &[u8], stream: Vec<u8>, declared: Option<usize>) -> Vec<u8> {
    container_listing(game_file, stream, declared, 1)
}

/// As [`container_of`], the game file listed `entries` times in the archive index.
fn container_listing(game_file: &[u8], stream: Vec<u8>, declared: Option<usize>, entries: usize) -> Vec<u8> {
    let mut out = vec![0u8; 8232];
    out[..4].copy_from_slice(b"RGMH");
    out[4..8].copy_from_slice(&1u32.to_le_bytes());
    out[8..12].copy_from_slice(&8232u32.to_le_bytes());
    let mut entry = vec![0u8; 532];
    entry[0] = 7;
    entry[1..8].copy_from_slice(b"temp.xg");
    put(&mut entry, 512, declared.unwrap_or(game_file.len()) as i32);
    put(&mut entry, 516, stream.len() as i32);
    put(&mut entry, 520, 0);
    entry[524..528].copy_from_slice(&crc(game_file).to_le_bytes());
    let registry = zlib(&entry.repeat(entries));
    let archive_start = out.len();
    out.extend_from_slice(&stream);
    out.extend_from_slice(&registry);
    let sum = crc(&out[archive_start..]);
    let mut tail = vec![0u8; 36];
    tail[..4].copy_from_slice(&sum.to_le_bytes());
    put(&mut tail, 4, entries as i32);
    put(&mut tail, 12, registry.len() as i32);
    put(&mut tail, 16, stream.len() as i32);
    put(&mut tail, 20, 1);
    out.extend_from_slice(&tail);
    out
}

/// The archive's CRC-32 made right again after its bytes were changed.
fn fix_crc(file: &mut [u8]) {
    let len = file.len();
    let at = |i: usize| i32::from_le_bytes(file[i..i + 4].try_into().unwrap()) as usize;
    let start = len - 36 - at(len - 36 + 12) - at(len - 36 + 16);
    let sum = crc(&file[start..len - 36]);
    file[len - 36..len - 32].copy_from_slice(&sum.to_le_bytes());
}

fn check(data: &[u8]) -> Vec<GameReport> {
    check_named("made.xg", data)
}

fn check_named(source: &str, data: &[u8]) -> Vec<GameReport> {
    let mut out = Vec::new();
    check_bytes(source, data, &mut |e| {
        if let CheckEvent::Game(r) = e {
            out.push(r.clone());
        }
        ControlFlow::Continue(())
    });
    out
}

fn message(r: &GameReport) -> String {
    r.error.as_ref().map(|e| e.message.clone()).unwrap_or_default()
}

fn result(r: &GameReport) -> Option<(u8, u64, &'static str)> {
    match r.result {
        Some(GameResult::Backgammon { winner, points, how }) => Some((winner, points, how)),
        _ => None,
    }
}

#[test]
fn a_file_made_record_by_record_checks_ok() {
    let reports = check(&container(&two_games(), None));
    assert_eq!(reports.len(), 2);
    for (n, r) in reports.iter().enumerate() {
        assert_eq!(r.game, format!("made#{}", n + 1));
        assert_eq!((r.verdict, r.turns, result(r)), (Verdict::Ok, 1, Some((1, 1, "drop"))), "{:?}", r.error);
    }
}

#[test]
fn a_file_cut_anywhere_is_unreadable_and_named() {
    let file = container(&two_games(), None);
    for len in 0..file.len() {
        let reports = check(&file[..len]);
        if len < 4 {
            // Too short to be recognised: not game records (a file named to the check is
            // reported as such).
            assert!(reports.iter().all(|r| r.verdict == Verdict::Unreadable), "cut at {len}");
            continue;
        }
        assert_eq!(reports.len(), 1, "cut at {len}: {reports:?}");
        let r = &reports[0];
        assert_eq!(
            (r.verdict, r.game.as_str(), &*r.source),
            (Verdict::Unreadable, "made#1", "made.xg"),
            "cut at {len}"
        );
        assert!(!message(r).is_empty());
    }
}

#[test]
fn a_corrupt_zlib_stream_is_refused() {
    let game_file: Vec<u8> = two_games().concat();
    let mut stream = zlib(&game_file);
    stream[1] = 0;
    let mut file = container_of(&game_file, stream, None);
    fix_crc(&mut file);
    let r = &check(&file)[0];
    assert_eq!(r.verdict, Verdict::Unreadable);
    assert!(message(r).contains("corrupt zlib stream"), "{}", message(r));
    // A changed byte anywhere in the archive: its CRC-32 says so.
    let mut file = container(&two_games(), None);
    let n = file.len();
    file[n - 100] ^= 0x55;
    assert!(message(&check(&file)[0]).contains("CRC-32"));
}

#[test]
fn a_game_file_listed_twice_is_refused_not_inflated_again() {
    let game_file: Vec<u8> = two_games().concat();
    let once = container_listing(&game_file, zlib(&game_file), None, 1);
    assert!(check(&once).iter().all(|r| r.verdict == Verdict::Ok));
    for entries in [2, 16] {
        let file = container_listing(&game_file, zlib(&game_file), None, entries);
        let e = read_xg(file.as_slice()).unwrap_err();
        assert!(matches!(e, XgError::ListedTwice("temp.xg")), "{e}");
        let r = &check(&file)[0];
        assert_eq!(r.verdict, Verdict::Unreadable);
        assert!(message(r).contains("lists `temp.xg` twice"), "{}", message(r));
    }
}

#[test]
fn a_zlib_bomb_is_refused_at_the_limit() {
    let big = vec![0u8; MAX_INFLATED_BYTES + 2560];
    let stream = zlib(&big);
    assert!(stream.len() < 1 << 20, "{}", stream.len());
    // The index lies about the size: the inflation stops at the limit.
    let file = container_of(&big[..2560], stream.clone(), Some(2560));
    let e = read_xg(file.as_slice()).unwrap_err();
    assert!(matches!(e, XgError::TooLarge { what: "the game file", .. }), "{e}");
    // The index says it: refused before inflating.
    let file = container_of(&big, stream, None);
    let r = &check(&file)[0];
    assert!(message(r).contains(&format!("passes {MAX_INFLATED_BYTES} bytes")), "{}", message(r));
}

#[test]
fn counts_and_string_lengths_that_lie_are_refused() {
    let good = container(&two_games(), None);
    let n = good.len();
    // More files than any archive holds.
    let mut file = good.clone();
    file[n - 32..n - 28].copy_from_slice(&1000i32.to_le_bytes());
    assert!(matches!(read_xg(file.as_slice()), Err(XgError::Count { what: "files in the archive", value: 1000 })));
    // An index longer than the file.
    let mut file = good.clone();
    file[n - 24..n - 20].copy_from_slice(&i32::MAX.to_le_bytes());
    assert!(matches!(read_xg(file.as_slice()), Err(XgError::Count { .. })));
    // A negative archive size.
    let mut file = good.clone();
    file[n - 20..n - 16].copy_from_slice(&(-5i32).to_le_bytes());
    assert!(matches!(read_xg(file.as_slice()), Err(XgError::Count { .. })));
    // A thumbnail past the end.
    let mut file = good.clone();
    file[20..24].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(read_xg(file.as_slice()), Err(XgError::Cut { .. })));
    // A player's name longer than its room: the match header's record named.
    let mut records = two_games();
    records[0][9] = 200;
    let r = &check(&container(&records, None))[0];
    // A binary file has no lines: the record is named in the message, the line is none.
    assert_eq!((r.verdict, r.error.as_ref().unwrap().line), (Verdict::Unreadable, ErrorInfo::NO_LINE));
    assert!(message(r).contains("a string of 200 characters where there is room for 40"), "{}", message(r));
    // The index's size of the game file lies.
    let r = &check(&container(&two_games(), Some(2560)))[0];
    assert!(message(r).contains("its index says otherwise"), "{}", message(r));
}

#[test]
fn an_unknown_record_type_loses_only_its_game() {
    let mut records = two_games();
    records[3][8] = 9;
    let reports = check(&container(&records, None));
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0].verdict, Verdict::Unreadable);
    let e = reports[0].error.as_ref().unwrap();
    assert_eq!((e.line, e.message.as_str()), (ErrorInfo::NO_LINE, "record 4: unknown record type 9"));
    assert_eq!(reports[1].verdict, Verdict::Ok, "{:?}", reports[1].error);
}

#[test]
fn a_wrong_magic_is_refused() {
    let mut file = container(&two_games(), None);
    file[0] = b'X';
    // Not recognised as an .xg file: not game records.
    let reports = check(&file);
    assert_eq!(
        (reports.len(), reports[0].verdict, message(&reports[0])),
        (1, Verdict::Unreadable, tabula_replay::skip::NOT_RECORDS.into())
    );
    let e = read_xg(file.as_slice()).unwrap_err();
    assert_eq!(e.to_string(), "not an eXtreme Gammon file: the first bytes are `58 47 4d 48`, not `RGMH`");
    let mut records = two_games();
    records[0][556] = b'X';
    let r = &check(&container(&records, None))[0];
    assert_eq!(message(r), "record 1: a match header without its magic `DMLI`");
}

#[test]
fn another_variant_is_refused_saying_so() {
    let mut records = two_games();
    records[0] = match_header(1);
    let r = &check(&container(&records, None))[0];
    assert_eq!(r.verdict, Verdict::Unreadable);
    assert!(message(r).starts_with("a Nackgammon match: only backgammon is read"), "{}", message(r));
}

#[test]
fn an_illegal_play_a_wrong_position_and_a_wrong_ending_are_named() {
    // 8/4 is not a play of 31.
    let mut records = two_games();
    put(&mut records[3], 68, 7);
    put(&mut records[3], 72, 3);
    put(&mut records[3], 76, -1);
    let r = &check(&container(&records, None))[0];
    let e = r.error.as_ref().unwrap();
    assert_eq!(
        (r.verdict, e.turn.as_str(), e.line, e.token.as_str()),
        (Verdict::Illegal, "1L", ErrorInfo::NO_LINE, "31: 8/4"),
        "{e:?}"
    );
    assert!(r.to_json().contains("\"line\":null"), "{}", r.to_json());
    assert_eq!(mat_error_turn("31: 8/4"), "1L", "the same game's .mat labels the play so");
    // The position after the move is not the engine's.
    let mut records = two_games();
    records[3][35 + 5] = 1;
    records[3][35 + 4] = 1;
    let r = &check(&container(&records, None))[0];
    assert_eq!(r.verdict, Verdict::Illegal);
    assert!(message(r).starts_with("the file's position after it is "), "{}", message(r));
    // The cube the file writes is not the engine's.
    let mut records = two_games();
    put(&mut records[2], 32, 1);
    let r = &check(&container(&records, None))[0];
    assert!(message(r).contains("the file's cube is 2 owned by player 1"), "{}", message(r));
    // The footer says a resignation; the game ended by a drop.
    let mut records = two_games();
    put(&mut records[5], 32, 101);
    let r = &check(&container(&records, None))[0];
    assert_eq!(r.verdict, Verdict::ResultMismatch);
    assert!(message(r).contains("ended by resignation"), "{}", message(r));
    // The footer names the other winner.
    let mut records = two_games();
    put(&mut records[5], 24, 1);
    assert_eq!(check(&container(&records, None))[0].verdict, Verdict::ResultMismatch);
}

/// The error's turn label tabula gives the first play of a 3-point match's `.mat` record,
/// written `play` in the left column.
fn mat_error_turn(play: &str) -> String {
    let text = format!("3 point match\n\n Game 1\n Left : 0                       Right : 0\n  1) {play}\n");
    let r = &check_named("made.mat", text.as_bytes())[0];
    r.error.as_ref().map(|e| e.turn.clone()).unwrap_or_default()
}

/// A transcription XG was told to keep although its rules refuse it: a roll of 43 played as two
/// 3s, the move marked invalid (`InvalidM` 2). The error says XG marked it, at the label the
/// same game's `.mat` gives; a move XG did not mark is reported without the note.
#[test]
fn a_move_xg_marked_invalid_is_illegal_and_says_so() {
    let with_mark = |mark: i32| {
        let mut records = two_games();
        put(&mut records[3], 100, 4);
        put(&mut records[3], 104, 3);
        for (i, p) in [7, 4, 7, 4, -1, -1, -1, -1].iter().enumerate() {
            put(&mut records[3], 68 + 4 * i, *p);
        }
        put(&mut records[3], 2480, mark);
        check(&container(&records, None)).remove(0)
    };
    let r = with_mark(2);
    let e = r.error.as_ref().unwrap();
    assert_eq!((r.verdict, e.turn.as_str(), e.token.as_str()), (Verdict::Illegal, "1L", "43: 8/5 8/5"), "{e:?}");
    assert!(e.message.ends_with(" (eXtreme Gammon marked this move invalid)"), "{}", e.message);
    assert_eq!(mat_error_turn("43: 8/5 8/5"), e.turn);
    let plain = with_mark(0);
    let p = plain.error.as_ref().unwrap();
    assert_eq!((plain.verdict, p.turn.as_str()), (Verdict::Illegal, "1L"));
    assert!(!p.message.contains("eXtreme Gammon"), "{}", p.message);
    assert_eq!(format!("{} (eXtreme Gammon marked this move invalid)", p.message), e.message);
}

#[test]
fn a_bad_file_in_a_folder_loses_nothing_of_the_others() {
    let dir = common::scratch("xg-folder");
    std::fs::write(dir.join("a.xg"), container(&two_games(), None)).unwrap();
    let good = container(&two_games(), None);
    std::fs::write(dir.join("b.xg"), &good[..good.len() / 2]).unwrap();
    std::fs::write(dir.join("c.xg"), container(&two_games(), None)).unwrap();
    let mut verdicts = Vec::new();
    let summary = tabula_replay::check_paths(std::slice::from_ref(&dir), &mut |r| {
        verdicts.push((r.game.clone(), r.verdict));
    });
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(summary.games, 5);
    let ok = |g: &str| (g.to_owned(), Verdict::Ok);
    assert_eq!(verdicts, [ok("a#1"), ok("a#2"), ("b#1".to_owned(), Verdict::Unreadable), ok("c#1"), ok("c#2")]);
}

/// The fuzz target's body (`fuzz/fuzz_targets/bodies/backgammon_xg.rs`) over mutations of the
/// file made here, compressed and stored: bytes changed, cut, repeated, records shuffled. Without
/// cargo-fuzz this is how the target runs on stable Rust; it must never panic.
#[test]
fn mutations_of_a_good_file_never_panic() {
    let game_file: Vec<u8> = two_games().concat();
    assert!(check(&fuzz_body::container(&game_file)).iter().all(|r| r.verdict == Verdict::Ok));
    let compressed = container(&two_games(), None);
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let runs: u64 = std::env::var("XG_MUTATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    for _ in 0..runs {
        for base in [&game_file, &compressed] {
            let mut data = base.clone();
            match next() % 4 {
                0 => data.truncate((next() % (data.len() as u64 + 1)) as usize),
                1 => {
                    // A record's fields: the first 120 bytes and the played flag of each.
                    let record = (next() % (data.len() as u64 / 2560).max(1)) as usize * 2560;
                    for _ in 0..1 + next() % 6 {
                        let at = record + (next() % 130) as usize;
                        if at < data.len() {
                            data[at] = next() as u8;
                        }
                    }
                }
                2 => {
                    let from = (next() % data.len() as u64) as usize;
                    let piece = data[from..(from + 2560).min(data.len())].to_vec();
                    data.extend_from_slice(&piece);
                }
                _ => {
                    for _ in 0..1 + next() % 8 {
                        let at = (next() % data.len() as u64) as usize;
                        data[at] ^= 1 << (next() % 8);
                    }
                }
            }
            fuzz_body::run(&data);
        }
    }
}

// ---- The real matches of ../shared/data/backgammon/xg.

/// A game's plays, winner (1 or 2), points and how it ended.
type Figures = (usize, u8, u64, &'static str);

const MATCHES: [&str; 3] = ["charlot1-charlot2_7p_2025-11-08-2305", "test", "match_with_comment"];

fn reports_of(path: &Path) -> Vec<GameReport> {
    check_named(&path.to_string_lossy(), &std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[test]
#[ignore = "needs ../shared/data"]
fn the_shared_xg_files_check_ok_with_the_readme_figures() {
    let dir = common::shared_data("backgammon/xg");
    // The data README: plays (XG's move records) and each game's winner (1, 2), points, how.
    let readme = [
        (MATCHES[0], "45 2 2 resign, 39 1 2 drop, 53 1 4 bearoff, 52 1 3 resign"),
        (MATCHES[1], "30 1 1 drop, 55 1 2 resign, 9 2 1 drop, 19 2 1 drop, 120 2 2 resign, 42 1 2 bearoff, 59 1 2 resign"),
        (MATCHES[2], "34 1 2 resign, 18 1 1 drop, 9 2 1 drop, 38 2 2 resign, 7 1 1 drop, 12 2 1 drop, 14 2 2 drop, 47 2 4 resign"),
    ];
    for (name, figures) in readme {
        let games: Vec<Figures> = figures
            .split(", ")
            .map(|g| match g.split(' ').collect::<Vec<_>>()[..] {
                [plays, winner, points, how] => {
                    (plays.parse().unwrap(), winner.parse().unwrap(), points.parse().unwrap(), how)
                }
                _ => panic!("{g}"),
            })
            .collect();
        let reports = reports_of(&dir.join(format!("{name}.xg")));
        assert_eq!(reports.len(), games.len(), "{name}");
        for (n, (r, &(plays, winner, points, how))) in reports.iter().zip(&games).enumerate() {
            assert_eq!(r.game, format!("{name}#{}", n + 1));
            let expected = (Verdict::Ok, plays, Some((winner - 1, points, how)));
            assert_eq!((r.verdict, r.turns, result(r)), expected, "{}: {:?}", r.game, r.error);
        }
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_format_of_a_match_reads_to_the_same_games_plays_results_and_positions() {
    let dir = common::shared_data("backgammon/xg");
    for name in MATCHES {
        let xg = dir.join(format!("{name}.xg"));
        let verdicts = |r: &[GameReport]| -> Vec<_> {
            r.iter().map(|r| (r.game.clone(), r.verdict, r.turns, r.result.clone(), r.final_position.clone())).collect()
        };
        let from_xg = verdicts(&reports_of(&xg));
        let source: Arc<str> = Arc::from(name);
        let plays_xg = read_verified_file(&std::fs::read(&xg).unwrap(), MatchFile::Xg, &source, name).unwrap();
        let mut others = 0;
        for (ext, file) in [("mat", MatchFile::Mat), ("txt", MatchFile::Mat), ("sgf", MatchFile::Sgf)] {
            let path = dir.join(format!("{name}.{ext}"));
            if !path.exists() {
                continue;
            }
            others += 1;
            assert_eq!(verdicts(&reports_of(&path)), from_xg, "{name}.{ext}");
            let m = read_verified_file(&std::fs::read(&path).unwrap(), file, &source, name).unwrap();
            assert_eq!(m.games.len(), plays_xg.games.len());
            for (k, (a, b)) in plays_xg.games.iter().zip(&m.games).enumerate() {
                // XG writes the roll of a player who then resigned as not played; a `.mat` file as
                // `????`, an `.sgf` one as `PL`/`DI`: the same roll, unplayed.
                // A play as the standard notation writes it: the same steps in any order.
                let same = |s: &Step| match *s {
                    Step::Unknown { dice } | Step::Unplayed { dice } => format!("{dice}: unplayed"),
                    Step::Play { dice, play, before } => format!("{dice}: {}", write_play(&before, &play)),
                    s => format!("{s:?}"),
                };
                let (sa, sb): (Vec<_>, Vec<_>) = (
                    a.steps.iter().map(|(p, s)| (*p, same(s))).collect(),
                    b.steps.iter().map(|(p, s)| (*p, same(s))).collect(),
                );
                assert_eq!(sa, sb, "{name}.{ext} game {}: the plays and cube actions", k + 1);
                assert_eq!(a.end, b.end, "{name}.{ext} game {}", k + 1);
                assert_eq!(a.scores, b.scores, "{name}.{ext} game {}", k + 1);
                assert_eq!(a.players, b.players, "{name}.{ext} game {}", k + 1);
            }
        }
        if name != "match_with_comment" {
            assert!(others >= 2, "{name}: the other formats are missing");
        }
    }
}

/// The label of each action of a game but its `Wins` and `Losses` (the move number of its
/// `.mat` line and its column: `26R`), with its dice.
fn labels(record: &GameRecord) -> Vec<(String, Option<(u8, u8)>)> {
    record
        .actions
        .iter()
        .filter(|a| !matches!(a.kind, ActionKind::Wins { .. } | ActionKind::Losses { .. }))
        .map(|a| {
            let column = if a.column == Column::Left { 'L' } else { 'R' };
            (format!("{}{column}", a.move_number.map_or(String::new(), |n| n.to_string())), a.dice())
        })
        .collect()
}

/// Every move and cube action of the real `.xg` files is labelled as XG's own `.mat` and `.txt`
/// of the same match label it: the move number of its line there and its column, not the
/// record's place in the game.
#[test]
#[ignore = "needs ../shared/data"]
fn every_xg_action_is_labelled_as_the_same_games_mat_labels_it() {
    let dir = common::shared_data("backgammon/xg");
    let mut compared = 0;
    for name in MATCHES {
        let m = read_xg(std::fs::File::open(dir.join(format!("{name}.xg"))).unwrap()).unwrap();
        for ext in ["mat", "txt"] {
            let Ok(text) = std::fs::read(dir.join(format!("{name}.{ext}"))) else { continue };
            let games: Vec<GameRecord> = MatReader::new(&text[..]).map(Result::unwrap).collect();
            assert_eq!(games.len(), m.games.len(), "{name}.{ext}");
            for (k, (x, g)) in m.games.iter().zip(&games).enumerate() {
                let x = x.as_ref().unwrap();
                assert_eq!(labels(&x.record), labels(g), "{name}.{ext} game {}", k + 1);
                compared += labels(g).len();
            }
        }
    }
    assert_eq!(compared, 893, "actions compared");
}

/// An illegal move in a real `.xg` (the 26th move record of `test.xg`'s second game made
/// 24/1) is reported at the label the same game's `.mat` gives that move, not at the record's
/// place in the game.
#[test]
#[ignore = "needs ../shared/data"]
fn an_illegal_move_of_a_real_xg_is_labelled_as_its_mat_labels_it() {
    let dir = common::shared_data("backgammon/xg");
    let archive = read_archive(&std::fs::read(dir.join("test.xg")).unwrap()).unwrap();
    let mut records: Vec<Vec<u8>> = archive.game_file.chunks(2560).map(<[u8]>::to_vec).collect();
    let game = records.iter().enumerate().filter(|(_, r)| r[8] == 1).nth(1).map(|(i, _)| i).unwrap();
    let moves: Vec<usize> =
        (game + 1..records.len()).take_while(|&i| records[i][8] != 1).filter(|&i| records[i][8] == 3).collect();
    let at = moves[25];
    for (i, p) in [23, 0, -1, -1, -1, -1, -1, -1].iter().enumerate() {
        put(&mut records[at], 68 + 4 * i, *p);
    }
    let reports = check_named("test.xg", &container(&records, None));
    let r = &reports[1];
    let e = r.error.as_ref().unwrap();
    assert_eq!((r.verdict, e.line), (Verdict::Illegal, ErrorInfo::NO_LINE), "{e:?}");
    let text = std::fs::read(dir.join("test.mat")).unwrap();
    let mat = MatReader::new(&text[..]).nth(1).unwrap().unwrap();
    let play = mat.actions.iter().filter(|a| a.is_play()).nth(25).unwrap();
    let column = if play.column == Column::Left { 'L' } else { 'R' };
    assert_eq!(e.turn, format!("{}{column}", play.move_number.unwrap()), "{e:?}");
    // Line 15 of the `.mat`: ` 15) 21: 13/11 12/11   61: 7/1 7/6` (XG's 52nd record of the game).
    assert_eq!(e.turn, "15L");
}

/// Each `.xg` converted by `tabula convert --to mat` and `--to sgf`, into `out`.
fn convert_all(out: &Path) {
    let dir = common::shared_data("backgammon/xg");
    for name in MATCHES {
        for to in ["mat", "sgf"] {
            let run = common::tabula(&["convert", "--to", to, &dir.join(format!("{name}.xg")).to_string_lossy()], None);
            assert!(run.status.success(), "{name} --to {to}: {}", String::from_utf8_lossy(&run.stderr));
            std::fs::write(out.join(format!("{name}.{to}")), run.stdout).unwrap();
        }
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn converted_to_mat_and_sgf_each_match_checks_to_the_same_games() {
    let out = common::scratch("xg-convert");
    convert_all(&out);
    let dir = common::shared_data("backgammon/xg");
    for name in MATCHES {
        let key = |r: &[GameReport]| -> Vec<_> {
            r.iter().map(|r| (r.game.clone(), r.verdict, r.turns, r.result.clone(), r.final_position.clone())).collect()
        };
        let from_xg = key(&reports_of(&dir.join(format!("{name}.xg"))));
        for to in ["mat", "sgf"] {
            assert_eq!(key(&reports_of(&out.join(format!("{name}.{to}")))), from_xg, "{name} converted to .{to}");
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
#[ignore = "needs ../shared/data and GNU Backgammon (apt-get install gnubg): cargo test --release -- --ignored"]
fn gnubg_reads_the_converted_mat_and_sgf_to_the_same_games() {
    let out = common::scratch("xg-convert-gnubg");
    convert_all(&out);
    let dir = common::shared_data("backgammon/xg");
    for to in ["mat", "sgf"] {
        let sources = out.join(to);
        std::fs::create_dir_all(&sources).unwrap();
        for name in MATCHES {
            std::fs::rename(out.join(format!("{name}.{to}")), sources.join(format!("{name}.{to}"))).unwrap();
        }
        let saved = out.join(format!("gnubg-{to}"));
        std::fs::create_dir_all(&saved).unwrap();
        common::gnubg_rewrite(&sources, "sgf", &saved);
        for name in MATCHES {
            let theirs = reports_of(&saved.join(format!("{name}.sgf")));
            let ours = reports_of(&dir.join(format!("{name}.xg")));
            assert_eq!(theirs.len(), ours.len(), "gnubg's .sgf of {name}.{to}");
            for (a, b) in theirs.iter().zip(&ours) {
                assert_eq!(a.verdict, Verdict::Ok, "gnubg's .sgf of {name}.{to}: {}: {:?}", a.game, a.error);
                let (wa, wb) = (result(a).map(|r| r.0), result(b).map(|r| r.0));
                assert_eq!((wa, &a.final_position), (wb, &b.final_position), "gnubg's .sgf of {name}.{to}: {}", a.game);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
#[ignore = "needs ../shared/data and xgdatatools (pip install xgdatatools; XG_ORACLE_PYTHON names the python that has it)"]
fn xgdatatools_reads_every_game_as_tabula_does() {
    let dir = common::shared_data("backgammon/xg");
    let python = std::env::var("XG_ORACLE_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/xg_oracle.py");
    let run = std::process::Command::new(&python).arg(&script).arg(&dir).output().expect("run python");
    assert!(
        run.status.success(),
        "{python} scripts/xg_oracle.py failed (is xgdatatools installed?):\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let oracle: Vec<serde_json::Value> =
        String::from_utf8_lossy(&run.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut compared = 0;
    for name in MATCHES {
        let file = format!("{name}.xg");
        let theirs: Vec<&serde_json::Value> = oracle.iter().filter(|g| g["file"] == file.as_str()).collect();
        let m = read_xg(std::fs::File::open(dir.join(&file)).unwrap()).unwrap();
        let reports = reports_of(&dir.join(&file));
        assert_eq!(theirs.len(), m.games.len(), "{file}: games");
        for ((g, t), r) in m.games.iter().zip(&theirs).zip(&reports) {
            let g = g.as_ref().unwrap();
            let what = format!("{file} game {}", t["game"]);
            assert_eq!(serde_json::json!(g.record.scores), t["score"], "{what}: the score before");
            // Every move record: the dice, the from/to pairs as a play, the positions.
            let moves: Vec<&serde_json::Value> =
                t["records"].as_array().unwrap().iter().filter(|x| x.get("move").is_some()).collect();
            let ours: Vec<_> = g.record.actions.iter().zip(&g.checks.facts).filter(|(a, _)| a.is_play()).collect();
            assert_eq!(ours.len(), moves.len(), "{what}: plays");
            for ((a, facts), m) in ours.iter().zip(&moves) {
                let dice = a.dice().unwrap();
                assert_eq!(serde_json::json!([dice.0, dice.1]), m["dice"], "{what}: {}", a.text);
                let player = if a.column.player() == 0 { 1 } else { -1 };
                assert_eq!(serde_json::json!(player), m["move"], "{what}: {}", a.text);
                let pairs: Vec<String> = m["pairs"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| {
                        let (f, t) = (p[0].as_i64().unwrap(), p[1].as_i64().unwrap());
                        let f = if f == 24 { 25 } else { f + 1 };
                        let t = if t < 0 { 0 } else { t + 1 };
                        format!("{f}/{t}")
                    })
                    .collect();
                let played = a.play().unwrap_or_default();
                if !played.is_empty() {
                    assert_eq!(played, pairs.join(" "), "{what}: {}", a.text);
                }
                let before = facts.before.last().map(|(b, _)| serde_json::json!(b));
                assert_eq!(before.as_ref(), Some(&m["before"]), "{what}: {}: the position before", a.text);
                if let Some(after) = facts.after {
                    assert_eq!(serde_json::json!(after), m["after"], "{what}: {}: the position after", a.text);
                }
                compared += 1;
            }
            // The footer: winner (1 the left column) and points, and the verdict ok.
            let winner = if t["winner"] == 1 { 0 } else { 1 };
            let points = t["points"].as_u64().unwrap();
            assert_eq!(r.verdict, Verdict::Ok, "{what}: {:?}", r.error);
            assert_eq!(result(r).map(|(w, p, _)| (w, p)), Some((winner, points)), "{what}: the result");
        }
    }
    assert_eq!(compared, 702, "move records compared");
}
