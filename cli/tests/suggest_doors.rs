//! Repair hints through every door of the library: `tabula resolve`'s answer, a board's refusal
//! (what the Python package and the page play on) and the check with suggestions give the same
//! moves for the same slip; the check replays them in the record, those that repair it first.
#![allow(missing_docs)]

use std::ops::ControlFlow;

use serde_json::{json, Value};
use tabula_notation::arimaa::short::{ShortRecord, View};
use tabula_notation::arimaa::write_position;
use tabula_replay::check::{check_content, CheckEvent, Content};
use tabula_replay::{resolve_line, GameReport, Verdict};

fn resolved_suggestions(request: Value) -> Vec<String> {
    let answer: Value = serde_json::from_str(&resolve_line(&request.to_string()).0).unwrap_or(Value::Null);
    let moves = answer["error"]["suggestions"].as_array().cloned().unwrap_or_default();
    moves.iter().filter_map(|m| m["move"].as_str().map(str::to_owned)).collect()
}

fn checked(source: &str, data: &str, suggest: bool) -> Vec<GameReport> {
    let mut out = Vec::new();
    check_content(source, data.as_bytes(), Content { suggest, ..Content::default() }, &mut |e| {
        if let CheckEvent::Game(r) = e {
            out.push(r.clone());
        }
        ControlFlow::Continue(())
    });
    out
}

/// The moves of the one game's suggestions, and the first that repairs it.
fn check_suggestions(source: &str, data: &str) -> (Vec<String>, Option<String>) {
    let r = checked(source, data, true).pop().unwrap_or_else(|| panic!("no report"));
    assert_eq!(r.verdict, Verdict::Illegal, "{r:?}");
    let s = r.error.as_ref().and_then(|e| e.suggestions.as_deref()).map(|s| s.to_vec()).unwrap_or_default();
    let first = s.iter().find(|s| s.then == Some(Verdict::Ok)).map(|s| s.r#move.clone());
    let plain = checked(source, data, false).pop().unwrap_or_else(|| panic!("no report"));
    assert!(plain.error.as_ref().is_some_and(|e| e.suggestions.is_none()), "no key without suggest: {plain:?}");
    assert!(!plain.to_json().contains("suggestions"));
    (s.into_iter().map(|s| s.r#move).collect(), first)
}

#[test]
fn backgammon_doors_agree() {
    let slip = "24/21 31/9";
    let mut board = tabula_replay::backgammon::board::Board::new();
    let dice = tabula_engine::backgammon::Dice::new(4, 3).unwrap_or_else(|| unreachable!());
    let refused = board.play(slip, dice).err().unwrap_or_else(|| panic!("{slip} is not legal with 43"));
    let resolved = resolved_suggestions(
        json!({"game": "backgammon", "position": board.position_id(), "dice": "43", "move": slip}),
    );
    // Both doors end in `query::resolve_play`: this compares what each hands it (the board's
    // position against the one read back from its ID, the dice as the request spells them).
    assert_eq!(refused.suggestions, resolved);
    assert_eq!(resolved.first().map(String::as_str), Some("24/21 13/9"), "{resolved:?}");
    let cells = |n: &str, left: &str, right: &str| format!("{n:>4} {left:<27}{right}\n");
    let record = format!(
        "3 point match\n\n Game 1\n a : 0                           b : 0\n{}{}{}",
        cells("1)", &format!("43: {slip}"), "21: 13/11 6/5"),
        cells("2)", "31: 8/5 6/5", "65:"),
        cells("", " Wins 1 point", "")
    );
    let (moves, first) = check_suggestions("slip.mat", &record);
    assert_eq!(first.as_deref(), Some("24/21 13/9"), "{moves:?}");
}

#[test]
fn stones_and_rivers_doors_agree() {
    let slip = "Sq - D5, PS, D6, D8";
    let mut board = tabula_replay::stones_rivers::board::Board::new();
    let refused = board.push(slip).err().unwrap_or_else(|| panic!("{slip} is not legal"));
    let position = "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 sq";
    let resolved = resolved_suggestions(json!({"game": "stones-and-rivers", "position": position, "move": slip}));
    // Both doors end in `query::resolve_on`: this compares the board's opening position with
    // the one written here, read as a request's.
    assert_eq!(refused.suggestions, resolved);
    assert_eq!(resolved.first().map(String::as_str), Some("Sq - D5, PS, D6, D7"));
    let (moves, first) = check_suggestions("slip.txt", &format!("{slip}\nCr - J10, PS, J9, J8\n"));
    assert_eq!(first.as_deref(), Some("Sq - D5, PS, D6, D7"), "{moves:?}");
}

#[test]
fn arimaa_doors_agree() {
    let setup = "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\n\
                 1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7\n";
    let slip = "Ee2n Ee3n Ee4w Ee5n";
    let mut board = tabula_replay::arimaa::board::Board::new();
    for line in setup.lines() {
        board.push_long(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    let position = board.position();
    let refused = board.push_long(slip).err().unwrap_or_else(|| panic!("{slip} is not legal"));
    assert_eq!(refused.kind, "illegal");
    let resolved = resolved_suggestions(json!({"game": "arimaa", "position": position, "move": slip}));
    assert_eq!(refused.suggestions, resolved);
    assert!(resolved.contains(&"Ee2n Ee3n Ee4n Ee5n".to_owned()), "{resolved:?}");
    // With its label, as a record writes it: the same moves from both doors.
    let labelled = format!("2g {slip}");
    let with_label = resolved_suggestions(json!({"game": "arimaa", "position": position, "move": labelled}));
    assert_eq!(with_label, resolved);
    assert_eq!(board.push_long(&labelled).err().map(|r| r.suggestions), Some(resolved.clone()));
    // The other side's label: no search.
    let wrong = resolved_suggestions(json!({"game": "arimaa", "position": position, "move": format!("2s {slip}")}));
    assert!(wrong.is_empty(), "{wrong:?}");
    // Texts that are no slip of a turn are refused without a search going wrong.
    for odd in ["Eé2n Ed3n", "Ed2éé", &"Ed2n ".repeat(500)] {
        assert!(board.push_long(odd).is_err(), "{odd}");
    }
    let record = format!("{setup}2g {slip}\n2s ed7s ed6s ed5s ed4w\n3g\n");
    let (moves, first) = check_suggestions("slip", &record);
    assert_eq!(first.as_deref(), Some("Ee2n Ee3n Ee4n Ee5n"), "{moves:?}");
}

/// A game of `testdata/arimaa` (bots' play) written in short notation by the library's writer
/// in view `view`, with one arrow of a turn turned so that the turn breaks: (the slipped record,
/// the turn's label, its units as written by the writer and as slipped, the position before it).
fn short_slip(view: View, view_letter: &str) -> (String, String, String, String, String) {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/arimaa/random_games.tsv");
    let record = tabula_replay::read::find_arimaa_game(&path, Some("900036")).unwrap_or_else(|e| panic!("{e}"));
    let record = record.as_record();
    let (text, error) = tabula_replay::arimaa::convert::long_to_short(&record, view);
    assert!(error.is_none() && text.starts_with(view_letter), "{error:?} {text}");
    let mut before = Vec::new();
    tabula_replay::arimaa::verify::verify_with(&record, |r| {
        if let tabula_replay::arimaa::Replayed::Move { label, before: pos, .. } = r {
            before.push(((label.number, label.color), write_position(pos)));
        }
    });
    let moves = ShortRecord::parse(&text).unwrap_or_else(|e| panic!("{e}")).moves;
    // The first turn from the tenth move on whose last arrow, turned, breaks the record there.
    for m in moves.iter().skip(10) {
        let Some(u) = m.units().filter(|u| !u.is_empty()) else { continue };
        let span = u[0].span.start..u[u.len() - 1].span.end;
        let played = &text[span.clone()];
        let Some(i) = played.rfind(['^', 'v', '<', '>']) else { continue };
        for turned in ["^", ">", "v", "<"].into_iter().filter(|t| *t != &played[i..=i]) {
            let slipped = format!("{}{turned}{}", &played[..i], &played[i + 1..]);
            let record = format!("{}{slipped}{}", &text[..span.start], &text[span.end..]);
            let label = m.label.to_string();
            let r = checked("slip.txt", &record, false).pop().unwrap_or_else(|| panic!("no report"));
            if r.verdict == Verdict::Illegal && r.error.as_ref().is_some_and(|e| e.turn == label) {
                let at = (m.label.number, m.label.color);
                let pos = before.iter().find(|(l, _)| *l == at).map(|(_, p)| p.clone()).unwrap_or_default();
                return (record, label, played.to_owned(), slipped, pos);
            }
        }
    }
    panic!("no arrow breaks a turn of the game");
}

#[test]
fn arimaa_short_notation_doors_agree() {
    for (view, letter) in [(View::Silver, "s"), (View::Gold, "g")] {
        let (record, label, played, slipped, position) = short_slip(view, letter);
        // The check suggests the record's own notation: the turn played, in the move's view.
        let (moves, first) = check_suggestions("slip.txt", &record);
        assert_eq!(first.as_deref(), Some(played.as_str()), "{label} {slipped}: {moves:?}");
        // The doors: resolve in the view, the board's short and long pushes.
        let resolved =
            resolved_suggestions(json!({"game": "arimaa", "position": position, "view": letter, "move": slipped}));
        assert!(!resolved.is_empty(), "{slipped}");
        let mut board = tabula_replay::arimaa::board::Board::from_position(&position).unwrap_or_else(|e| panic!("{e}"));
        let refused = board.push_short(&slipped, view).err().unwrap_or_else(|| panic!("{slipped} is not legal"));
        assert_eq!(refused.suggestions, resolved, "{slipped}");
        let labelled = format!("{label} {slipped}");
        assert_eq!(board.push_short(&labelled, view).err().map(|r| r.suggestions), Some(resolved.clone()));
        // The turn played is one of the nearest (the doors list three of them, by their long text).
        let long = board.push_short(&played, view).unwrap_or_else(|e| panic!("{played}: {e}"));
        board.pop();
        let pos = tabula_notation::arimaa::parse_position(&position).unwrap_or_else(|e| panic!("{e}"));
        let near = tabula_replay::arimaa::suggest_short::nearest(&pos, &slipped, view, Default::default());
        let cost = |t: &str| near.iter().find(|(_, l)| l == t).map(|(c, _)| *c);
        assert_eq!(cost(&long), near.first().map(|(c, _)| *c), "{long}: {near:?}");
        assert_eq!(cost(&resolved[0]), cost(&long));
        // In view g, `tabula resolve` with no view, `push_short` and `push_long` agree too (the
        // slip written in view s may find nothing near read in view g: then they agree on none).
        let in_g = resolved_suggestions(json!({"game": "arimaa", "position": position, "move": slipped}));
        let short_g = board.push_short(&slipped, View::Gold).err().map(|r| r.suggestions).unwrap_or_default();
        let long_g = board.push_long(&slipped).err().map(|r| r.suggestions).unwrap_or_default();
        if view == View::Gold {
            assert_eq!(in_g, resolved, "{slipped}");
        }
        assert_eq!((&short_g, &long_g), (&in_g, &in_g), "{slipped}");
    }
}

/// `tabula check --suggest`: the key in the JSON lines, and for people the repairing move under
/// the broken game, written as its record would write it; without `--suggest`, neither.
#[test]
fn the_program_prints_the_repair() {
    let dir = std::env::temp_dir().join(format!("tabula-suggest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let file = dir.join("slip.txt");
    std::fs::write(&file, "Sq - D5, PS, D6, D8\nCr - J10, PS, J9, J8\n").unwrap_or_else(|e| panic!("{e}"));
    let path = file.to_string_lossy().into_owned();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .arg(&path)
            .output()
            .unwrap_or_else(|e| panic!("run tabula: {e}"));
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let people = run(&["check", "--suggest"]);
    assert!(people.contains("repaired by: Sq - D5, PS, D6, D7\n"), "{people}");
    assert!(!run(&["check"]).contains("repaired by"));
    let line: Value = serde_json::from_str(run(&["check", "--suggest", "--jsonl"]).trim()).unwrap_or(Value::Null);
    assert_eq!(line["error"]["suggestions"][0], json!({"move": "Sq - D5, PS, D6, D7", "then": "ok", "turns": 2}));
    let line: Value = serde_json::from_str(run(&["check", "--jsonl"]).trim()).unwrap_or(Value::Null);
    assert!(line["error"].get("suggestions").is_none(), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// For people, a short-notation record's repair is a line of that record: its label and the
/// turn in the record's own notation and view.
#[test]
fn the_program_prints_a_short_records_repair() {
    let (record, label, played, _, _) = short_slip(View::Silver, "s");
    let dir = std::env::temp_dir().join(format!("tabula-suggest-short-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let file = dir.join("slip.txt");
    std::fs::write(&file, &record).unwrap_or_else(|e| panic!("{e}"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["check", "--suggest"])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("run tabula: {e}"));
    let people = String::from_utf8_lossy(&out.stdout);
    assert!(people.contains(&format!("repaired by: {label} {played}\n")), "{people}");
    assert!(record.contains(&format!("\n{label} ")), "the record writes its moves so: {record}");
    let _ = std::fs::remove_dir_all(&dir);
}
