//! Repair hints through every door of the library: `tabula resolve`'s answer, a board's refusal
//! (what the Python package and the page play on) and the check with suggestions give the same
//! moves for the same slip; the check replays them in the record, those that repair it first.
#![allow(missing_docs)]

use std::ops::ControlFlow;

use serde_json::{json, Value};
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

/// `tabula check --suggest`: the key in the JSON lines, and for people the repairing move under
/// the broken game, written as its record would write it; without `--suggest`, neither.
#[cfg(feature = "cli")]
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
