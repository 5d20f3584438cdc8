//! Stones and Rivers records: every record of `shared/data/snr` gets the verdict, turn and
//! result its `expected.tsv` gives (the reference implementation's), with the error on the
//! offending line; the bundled records of `testdata/snr` get theirs (that the generator still
//! makes them is tested with it, in `testdata/generate`); the reader streams (any read sizes,
//! many records) in input order.
#![allow(missing_docs)]

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tabula_engine::stones_rivers::Position;
use tabula_notation::stones_rivers::parse_position;
use tabula_replay::check::check_paths;
use tabula_replay::report::{GameReport, GameResult, Verdict};
use tabula_replay::stones_rivers::{check_records, RecordReader};

fn shared_stones_rivers() -> PathBuf {
    common::shared_data("snr")
}

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/snr")
}

/// Reports of a file or folder by `(file name, game id)`, in order.
fn check(path: &Path) -> Vec<((String, String), GameReport)> {
    let mut out = Vec::new();
    let summary = check_paths(&[path.to_path_buf()], &mut |r| {
        let file = Path::new(&*r.source).file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        out.push(((file, r.game.clone()), r.clone()));
    });
    assert_eq!(summary.games, out.len());
    out
}

fn result_text(r: &GameReport) -> String {
    match &r.result {
        Some(GameResult::StonesRivers(s)) => (*s).to_owned(),
        None => "-".to_owned(),
        Some(other) => panic!("{}: not a Stones and Rivers result: {other:?}", r.game),
    }
}

/// The lines of a file, trimmed, 1-based (index 0 unused).
fn lines(path: &Path) -> Vec<String> {
    let text = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    std::iter::once(String::new()).chain(String::from_utf8_lossy(&text).lines().map(|l| l.trim().to_owned())).collect()
}

/// Checks one report against its row: verdict, turns (the faulty turn's index for `illegal`),
/// result; an error on the line holding its token; a final position that reads back.
fn assert_matches(r: &GameReport, row: &HashMap<String, String>, file_lines: &[String]) -> Result<(), String> {
    let game = format!("{} game {}", row["file"], row["game"]);
    let want_turns: usize = row["turns"].parse().map_err(|_| format!("{game}: bad turns column"))?;
    let got = (r.verdict.as_str(), result_text(r));
    let want = (row["verdict"].as_str(), row["result"].clone());
    if got != want {
        return Err(format!("{game}: {got:?}, expected {want:?}: {:?}", r.error));
    }
    if r.kind != "stones-and-rivers" {
        return Err(format!("{game}: kind {}", r.kind));
    }
    match r.verdict {
        Verdict::Ok => {
            if r.turns != want_turns || r.error.is_some() {
                return Err(format!("{game}: {} turns, expected {want_turns}; {:?}", r.turns, r.error));
            }
        }
        Verdict::Illegal => {
            let e = r.error.as_ref().ok_or(format!("{game}: no error"))?;
            if e.turn != want_turns.to_string() || r.turns + 1 != want_turns {
                return Err(format!(
                    "{game}: illegal at turn {} after {} turns, expected {want_turns}",
                    e.turn, r.turns
                ));
            }
        }
        Verdict::ResultMismatch => {
            if r.turns != want_turns {
                return Err(format!("{game}: {} turns, expected {want_turns}", r.turns));
            }
        }
        Verdict::Unreadable => {}
    }
    if let Some(e) = &r.error {
        let line = file_lines.get(e.line as usize).ok_or(format!("{game}: error line {} past the end", e.line))?;
        if e.message.is_empty() || !line.contains(e.token.trim_end_matches("...")) || e.token.is_empty() {
            return Err(format!("{game}: line {} is `{line}`, the error {e:?}", e.line));
        }
    }
    if r.verdict != Verdict::Unreadable {
        let setup = parse_position(&r.final_position).map_err(|e| format!("{game}: final position: {e}"))?;
        let pos = Position::from_setup(&setup).map_err(|e| format!("{game}: final position: {e}"))?;
        let winner = tabula_replay::report::GameResult::stones_rivers(pos.winner());
        if r.result.as_ref() != Some(&winner) {
            return Err(format!("{game}: the final position's winner is {winner:?}, the result {:?}", r.result));
        }
    }
    Ok(())
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_shared_record_gets_the_reference_verdict_turn_and_result() {
    let rows = common::read_tsv(&shared_stones_rivers().join("expected.tsv"));
    assert_eq!(rows.len(), 100);
    let reports: HashMap<(String, String), GameReport> = check(&shared_stones_rivers()).into_iter().collect();
    assert_eq!(reports.len(), 100, "one report per record, ids unique");
    let mut file_lines = HashMap::new();
    let mut wrong = Vec::new();
    for row in &rows {
        let fl =
            file_lines.entry(row["file"].clone()).or_insert_with(|| lines(&shared_stones_rivers().join(&row["file"])));
        match reports.get(&(row["file"].clone(), row["game"].clone())) {
            None => wrong.push(format!("{} game {}: no report", row["file"], row["game"])),
            Some(r) => {
                if let Err(e) = assert_matches(r, row, fl) {
                    wrong.push(e);
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{} of 100 records differ from expected.tsv:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
#[ignore = "needs ../shared/data"]
fn illegal_shared_records_say_why() {
    // The `[Expect "illegal at turn K: CATEGORY"]` tags name the fault; the message must say it
    // in its own words.
    let path = shared_stones_rivers().join("games_illegal.txt");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let records: Vec<_> = RecordReader::new(std::io::BufReader::new(file)).collect();
    assert_eq!(records.len(), 60);
    let reports: HashMap<String, GameReport> = check(&path).into_iter().map(|((_, g), r)| (g, r)).collect();
    let words: &[(&str, &[&str])] = &[
        ("wrong player", &["wrong player"]),
        ("after the game ended", &["after the end of the game"]),
        ("malformed", &["malformed turn"]),
        ("occupied", &["occupied"]),
        ("forbidden area", &["forbidden area"]),
        ("flip FS on a stone", &["stone side"]),
        ("rotate a stone", &["only a river can be rotated"]),
        ("opponent's piece", &["but", "is to move"]),
        ("empty intersection", &["no piece"]),
        ("start square", &["different intersection"]),
    ];
    let mut checked = 0;
    for record in &records {
        let expect = record.tag("Expect").map(|t| t.value.clone()).unwrap_or_default();
        let r = &reports[&record.game_id()];
        let message = r.error.as_ref().map(|e| e.message.clone()).unwrap_or_default();
        let k: String =
            expect.trim_start_matches("illegal at turn ").chars().take_while(char::is_ascii_digit).collect();
        assert_eq!(r.error.as_ref().map(|e| e.turn.clone()), Some(k), "{expect}");
        for (category, needles) in words {
            if expect.contains(category) {
                assert!(needles.iter().all(|n| message.contains(n)), "{expect}: {message}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 25, "{checked}");
}

#[test]
fn every_bundled_record_gets_its_expected_verdict() {
    let rows = common::read_tsv(&testdata().join("expected.tsv"));
    let reports: HashMap<(String, String), GameReport> = check(&testdata()).into_iter().collect();
    assert_eq!(reports.len(), rows.len());
    let mut wrong = Vec::new();
    let mut file_lines = HashMap::new();
    for row in &rows {
        let fl = file_lines.entry(row["file"].clone()).or_insert_with(|| lines(&testdata().join(&row["file"])));
        let r = &reports[&(row["file"].clone(), row["game"].clone())];
        if let Err(e) = assert_matches(r, row, fl) {
            wrong.push(e);
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // What the files hold: wins of both sides, unfinished games, [Position] starts, every kind
    // of verdict.
    let count = |f: &dyn Fn(&HashMap<String, String>) -> bool| rows.iter().filter(|r| f(r)).count();
    assert!(count(&|r| r["verdict"] == "ok" && r["result"] == "Sq") >= 3);
    assert!(count(&|r| r["verdict"] == "ok" && r["result"] == "Cr") >= 3);
    assert!(count(&|r| r["verdict"] == "ok" && r["result"] == "*") >= 2);
    assert!(count(&|r| r["game"].starts_with("position-")) >= 2);
    assert!(count(&|r| r["verdict"] == "illegal") >= 25);
    assert!(count(&|r| r["verdict"] == "unreadable") >= 3);
    assert!(count(&|r| r["verdict"] == "result-mismatch") >= 1);
}

#[test]
fn each_faulty_record_is_legal_up_to_its_one_fault_written_last() {
    let path = testdata().join("faults.txt");
    let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let source: Arc<str> = Arc::from("faults.txt");
    for record in RecordReader::new(&text[..]) {
        let r = tabula_replay::stones_rivers::verify(&source, &record);
        assert!(record.tag("Fault").is_some(), "{}", record.game_id());
        if r.verdict == Verdict::Illegal {
            let k: usize = r.error.as_ref().map_or(0, |e| e.turn.parse().unwrap_or(0));
            // The faulty turn is the last line: a turn line, or the tag line standing for one.
            let written = record.turn_count() + usize::from(record.problem.is_some());
            assert_eq!(k, written, "{}: {r:?}", record.game_id());
        }
    }
}

#[test]
fn a_position_record_ends_where_its_whole_game_ends() {
    let reports: HashMap<String, GameReport> =
        check(&testdata().join("games.txt")).into_iter().map(|((_, g), r)| (g, r)).collect();
    let whole: Vec<&GameReport> =
        ["sq-win-1", "cr-win-1", "sq-win-2", "cr-win-2"].iter().filter_map(|g| reports.get(*g)).collect();
    for part in ["position-1", "position-2"] {
        let r = &reports[part];
        assert!(whole.iter().any(|w| w.final_position == r.final_position && w.result == r.result), "{part}");
    }
}

/// A reader that hands out at most `n` bytes a call.
struct Trickle<'a>(&'a [u8], usize);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(self.1).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn any_read_sizes_and_many_records_give_the_same_reports_in_order() {
    let games = std::fs::read(testdata().join("games.txt")).unwrap_or_default();
    let faults = std::fs::read(testdata().join("faults.txt")).unwrap_or_default();
    let mut big = Vec::new();
    for _ in 0..40 {
        big.extend_from_slice(&games);
        big.extend_from_slice(b"\n");
        big.extend_from_slice(&faults);
        big.extend_from_slice(b"\n");
    }
    let source: Arc<str> = Arc::from("big");
    let collect = |reader: &mut dyn std::io::BufRead| {
        let mut out = Vec::new();
        check_records(&source, reader, &mut |r| out.push(r));
        out
    };
    let whole = collect(&mut &big[..]);
    let per_copy = common::read_tsv(&testdata().join("expected.tsv")).len();
    assert_eq!(whole.len(), 40 * per_copy);
    for (i, r) in whole.iter().enumerate() {
        assert_eq!(r.game, whole[i % per_copy].game, "input order");
        assert_eq!(r.verdict, whole[i % per_copy].verdict);
    }
    let small = &big[..games.len() + faults.len() + 1];
    let a = collect(&mut &small[..]);
    let b = collect(&mut std::io::BufReader::with_capacity(7, Trickle(small, 3)));
    assert_eq!(a, b);
    // Line numbers in the second copy continue from the first.
    let lines_first = games.iter().chain(b"\n").chain(&faults).filter(|&&c| c == b'\n').count() as u64;
    let second = &whole[per_copy + per_copy - 1];
    let first = &whole[per_copy - 1];
    assert_eq!(second.error.as_ref().map(|e| e.line), first.error.as_ref().map(|e| e.line + lines_first + 1));
}
