//! The limits that keep time linear and memory bounded whatever the input: a record longer than
//! [`MAX_RECORD_BYTES`] in any format, a `move` for `tabula resolve` longer than
//! [`MAX_MOVE_BYTES`], and a turn of short notation that writes more than any turn can hold are
//! each refused with a message saying so, and the run goes on.
#![allow(missing_docs)]

mod common;

use common::{json_lines, tabula};
use tabula_replay::input::MAX_RECORD_BYTES;
use tabula_replay::query::MAX_MOVE_BYTES;

/// A move list past the record limit is one unreadable game saying why; the record beside it
/// in the same folder is checked as usual.
#[test]
fn a_record_past_the_limit_is_refused_and_the_rest_checked() {
    let dir = common::scratch("record");
    let mut text = String::from("1g Ra1 Da2 Rb1 Hb2 Rc1 Cc2 Rd1 Md2 Re1 Ee2 Rf1 Cf2 Rg1 Hg2 Rh1 Dh2\n");
    text.push_str("1s ra8 da7 rb8 hb7 rc8 cc7 rd8 md7 re8 ee7 rf8 cf7 rg8 hg7 rh8 dh7\n");
    let mut n = 2;
    while text.len() <= MAX_RECORD_BYTES {
        text.push_str(&format!("{n}g Da2n\n{n}s da7s\n{n}g Da3s\n{n}s da6n\n"));
        n += 1;
    }
    std::fs::write(dir.join("a_long.txt"), &text).unwrap();
    std::fs::write(dir.join("b_short.txt"), text.lines().take(4).collect::<Vec<_>>().join("\n")).unwrap();
    let out = tabula(&["check", "--jsonl", dir.to_str().unwrap()], None);
    let games = json_lines(&out);
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[0]["verdict"], "unreadable");
    let message = games[0]["error"]["message"].as_str().unwrap();
    assert!(message.contains(&format!("longer than {MAX_RECORD_BYTES} bytes")), "{message}");
    assert_eq!(games[1]["kind"], "arimaa");
    assert_eq!(games[1]["turns"], 4, "{}", games[1]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `move` past the limit gets a short syntax error, not its text echoed back; the next
/// request is answered as usual.
#[test]
fn a_long_move_is_refused_without_being_read() {
    let long = serde_json::json!({
        "game": "backgammon", "position": "4HPwATDgc/ABMA", "dice": "31", "move": "8/5 ".repeat(200_000)
    });
    let fine = r#"{"game":"backgammon","position":"4HPwATDgc/ABMA","dice":"31","move":"8/5 6/5"}"#;
    let input = format!("{long}\n{fine}\n");
    let out = tabula(&["resolve", "--jsonl"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    let answers = json_lines(&out);
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0]["error"]["kind"], "syntax");
    let message = answers[0]["error"]["message"].as_str().unwrap();
    assert!(message.contains(&format!("no move is written in more than {MAX_MOVE_BYTES}")), "{message}");
    assert!(out.stdout.len() < 500, "the answer repeats the move: {} bytes", out.stdout.len());
    assert_eq!(answers[1]["resolved"], "8/5 6/5");
}

/// A turn of short notation that writes more steps than any turn can hold stops the reading at
/// that unit, in a record file and in `tabula resolve`, whatever follows.
#[test]
fn a_short_turn_longer_than_any_is_refused_where_it_overflows() {
    let dir = common::scratch("short");
    let file = dir.join("game.txt");
    std::fs::write(&file, format!("1g 3cc4hdemdh, 1s 3cc4hdemdh\n2g {}\n", "e^".repeat(300_000))).unwrap();
    let out = tabula(&["check", "--jsonl", file.to_str().unwrap()], None);
    let games = json_lines(&out);
    assert_eq!(games.len(), 1);
    assert_ne!(games[0]["verdict"], "ok");
    assert_eq!(games[0]["error"]["turn"], "2g");
    let message = games[0]["error"]["message"].as_str().unwrap();
    assert!(message.contains("longer than any can be"), "{message}");
    assert!(message.len() < 1000, "{} bytes", message.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `.mat` game whose lines pass the record limit is unreadable at the line where it does; the
/// next game of the match is read and checked as in the untouched file.
#[test]
fn a_mat_game_past_the_limit_is_refused_and_the_next_checked() {
    let dir = common::scratch("mat");
    let matches = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/backgammon/matches");
    let mut names: Vec<_> = std::fs::read_dir(&matches).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    let (original, text) = names
        .iter()
        .map(|p| (p.clone(), std::fs::read_to_string(p).unwrap()))
        .find(|(_, t)| t.contains(" Game 2"))
        .expect("a bundled match of two games or more");
    // Game 1's moves replaced by numbered move lines past the limit.
    let start = text.find(" Game 1").unwrap();
    let players_end = start + text[start..].find('\n').unwrap() + 1;
    let players_end = players_end + text[players_end..].find('\n').unwrap() + 1;
    let game2 = text.find(" Game 2").unwrap();
    let mut long = String::new();
    let mut n = 1;
    while long.len() <= MAX_RECORD_BYTES + MAX_RECORD_BYTES / 8 {
        long.push_str(&format!("{n:3}) 31: 8/5 6/5                  31: 8/5 6/5\n"));
        n += 1;
    }
    let damaged = format!("{}{long}\n{}", &text[..players_end], &text[game2..]);
    let file = dir.join("long.mat");
    std::fs::write(&file, damaged).unwrap();
    let games = json_lines(&tabula(&["check", "--jsonl", file.to_str().unwrap()], None));
    let untouched = json_lines(&tabula(&["check", "--jsonl", original.to_str().unwrap()], None));
    assert_eq!(games.len(), untouched.len());
    assert_eq!(games[0]["verdict"], "unreadable");
    let message = games[0]["error"]["message"].as_str().unwrap();
    assert!(message.contains(&format!("pass {MAX_RECORD_BYTES} bytes")), "{message}");
    for (a, b) in games[1..].iter().zip(&untouched[1..]) {
        assert_eq!((&a["verdict"], &a["turns"], &a["result"]), (&b["verdict"], &b["turns"], &b["result"]));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An archive of a million short bad rows (all in one chunk of input), between two other files
/// of a folder, has every row reported in order, while only some of the reports are held at a
/// time: the peak memory stays far below the 300 MB and more that a report for each row at once
/// would take.
#[cfg(target_os = "linux")]
#[test]
fn many_short_rows_keep_memory_flat() {
    use std::io::{BufRead, BufReader};
    const ROWS: usize = 1_000_000;
    let dir = common::scratch("short_rows");
    let mut text = b"id\tresult\ttermination\tmovelist\n".to_vec();
    text.extend(b"x\n".repeat(ROWS));
    std::fs::write(dir.join("b_rows.tsv"), &text).unwrap();
    let game = "1g Ra1 Da2 Rb1 Hb2 Rc1 Cc2 Rd1 Md2 Re1 Ee2 Rf1 Cf2 Rg1 Hg2 Rh1 Dh2\n";
    std::fs::write(dir.join("a_game.txt"), game).unwrap();
    std::fs::write(dir.join("c_game.txt"), game).unwrap();
    let mut child = common::spawn_tabula(&["check", "--jsonl", dir.to_str().unwrap()], false);
    drop(child.stdin.take());
    let out = BufReader::new(child.stdout.take().expect("stdout"));
    // Every line's source, runs of the same source counted once.
    let sources = std::thread::spawn(move || {
        let mut runs: Vec<(String, usize)> = Vec::new();
        for line in out.lines() {
            let report: serde_json::Value = serde_json::from_str(&line.expect("line")).expect("JSON");
            let source = report["source"].as_str().expect("source");
            let name = source.rsplit('/').next().unwrap_or_default().to_owned();
            match runs.last_mut() {
                Some((last, n)) if *last == name => *n += 1,
                _ => runs.push((name, 1)),
            }
        }
        runs
    });
    // The high-water mark of resident memory, read until the process ends.
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0u64;
    while child.try_wait().expect("wait").is_none() {
        let text = std::fs::read_to_string(&status).unwrap_or_default();
        let kb = text
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
        peak_kb = peak_kb.max(kb.unwrap_or(0));
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let runs = sources.join().expect("reader");
    let expected = [("a_game.txt", 1), ("b_rows.tsv", ROWS), ("c_game.txt", 1)];
    assert_eq!(runs, expected.map(|(s, n)| (s.to_owned(), n)), "every report once, in file order");
    assert!(peak_kb > 0, "the peak was never read");
    assert!(peak_kb < 100 << 10, "peak resident memory {peak_kb} kB");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A small file checked a second time on its own (its records too many to hold with the
/// others) is counted once in what the run says it read: every file, every byte, once.
#[test]
fn a_file_checked_again_is_counted_once() {
    use std::ops::ControlFlow;
    use std::sync::Arc;
    use tabula_replay::check::{check_paths_controlled, CheckEvent};
    use tabula_replay::control::Control;
    let dir = common::scratch("counted_once");
    let mut rows = b"id\tresult\ttermination\tmovelist\n".to_vec();
    rows.extend(b"x\n".repeat(40_000));
    let game = b"1g Ra1 Da2 Rb1 Hb2 Rc1 Cc2 Rd1 Md2 Re1 Ee2 Rf1 Cf2 Rg1 Hg2 Rh1 Dh2\n";
    std::fs::write(dir.join("a_game.txt"), game).unwrap();
    std::fs::write(dir.join("b_rows.tsv"), &rows).unwrap();
    std::fs::write(dir.join("c_game.txt"), game).unwrap();
    let control = Arc::new(Control::new());
    let mut reports = 0;
    let summary = check_paths_controlled(std::slice::from_ref(&dir), &control, &mut |e| {
        reports += usize::from(matches!(e, CheckEvent::Game(_)));
        ControlFlow::Continue(())
    });
    assert_eq!((reports, summary.games, summary.files), (40_002, 40_002, 3));
    assert_eq!(control.files_done(), 3);
    assert_eq!(control.bytes_read(), (rows.len() + 2 * game.len()) as u64);
    assert_eq!(summary.bytes, control.bytes_read());
    let _ = std::fs::remove_dir_all(&dir);
}
