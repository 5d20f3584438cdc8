//! Arimaa short notation end to end: `tabula resolve --jsonl` for Arimaa run as a program, the
//! seed's game example (game 1627 from Silver's view) replayed move by move, and the bundled
//! games of `testdata/arimaa` (and the real archive games of `../shared/data`, in the ignored
//! suite) converted to short notation and back with `tabula convert`.

mod common;

use common::tabula;

use std::path::PathBuf;
use std::process::Output;

use serde_json::{json, Value};
use tabula_engine::arimaa::{Color, Placement};
use tabula_notation::arimaa::short::{ResolveOptions, View};
use tabula_notation::arimaa::{write_placement, write_position, LongMove};
use tabula_replay::arimaa::convert::{check_short, long_to_short, replay_short, short_to_long};
use tabula_replay::arimaa::find::OwnedRecord;
use tabula_replay::arimaa::short_stop::StopKind;
use tabula_replay::arimaa::verify::{verify, verify_with, Record, Replayed};
use tabula_replay::read::for_each_arimaa_record as for_each_record;
use tabula_replay::Verdict;

const SEED_GAME: &str = "s 1 dcdemchh, 8hdcmecdh 2 evmvh8vh7v, e^^^r^ 3 dvdvdvr5v, r^^m^> 4 evveMv, r5<^eM> \
                         5 eMveC^*, r8^^Re< 6 eD^<*, r4>e^r^";

/// The 40 legal games of `testdata/arimaa`, played by tabula's bots.
fn bundled() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/arimaa/random_games.tsv")
}

fn records(path: &std::path::Path) -> Vec<OwnedRecord> {
    let mut out = Vec::new();
    for_each_record(path, &mut |r| {
        out.push(r);
        std::ops::ControlFlow::Continue(())
    })
    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    out
}

/// The moves a long-notation record plays (takebacks applied), each in canonical long notation.
fn played(record: &Record<'_>) -> Vec<String> {
    let mut out = Vec::new();
    verify_with(record, |ev| match ev {
        Replayed::Move { label, before, after, turn, .. } => out.push(match turn {
            Some(t) => LongMove::from_turn(before, &t).map(|l| l.to_string()).unwrap_or_default(),
            None => {
                let placement: Placement =
                    after.board().iter().filter(|(_, p)| p.color == label.color).map(|(sq, p)| (sq, p.kind)).collect();
                write_placement(label.color, &placement)
            }
        }),
        Replayed::TakeBack { .. } => {
            out.pop();
        }
        Replayed::Start { .. } => {}
    });
    out
}

/// The position before the seed game's move 3g, as `tabula` writes positions.
fn seed_position_before_3g() -> String {
    let r = replay_short("s 1 dcdemchh, 8hdcmecdh 2 evmvh8vh7v, e^^^r^", ResolveOptions::default());
    assert!(r.stop.is_none(), "{:?}", r.stop);
    write_position(&r.position)
}

#[test]
fn resolve_jsonl_answers_arimaa_short_notation() {
    let p = seed_position_before_3g();
    assert!(p.starts_with("g ["), "{p}");
    let requests = [
        json!({"game": "arimaa", "position": p, "view": "s", "move": "ev"}),
        json!({"game": "arimaa", "position": p, "view": "g", "move": "e^"}),
        json!({"game": "arimaa", "position": p, "move": "3g e^"}),
        json!({"game": "arimaa", "position": p, "view": "s", "move": "3g dvdvdvr5v"}),
        json!({"game": "arimaa", "position": p, "view": "s", "move": "3s ev"}),
        json!({"game": "arimaa", "position": p, "view": "s", "move": "eMv"}),
        json!({"game": "arimaa", "position": p, "view": "s", "move": "e^9"}),
        json!({"game": "arimaa", "position": p, "view": "x", "move": "ev"}),
        json!({"game": "arimaa", "position": "", "view": "g", "move": "1g 3cc4hdemdh"}),
        json!({"game": "arimaa", "position": "", "view": "g", "move": "0s 6h6e17rc10d2h2r1rmd2r4rr, r2r3r2c4r1r22h7r1e"}),
        json!({"game": "arimaa", "position": "g [nonsense]", "view": "g", "move": "e^"}),
        json!({"game": "arimaa", "position": p, "view": "s", "move": "ev, rv"}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = tabula(&["resolve", "--jsonl"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(1), "some requests do not resolve");
    let answers: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(answers.len(), requests.len());
    for (q, a) in requests.iter().zip(&answers) {
        println!("{} -> {a}", q["move"]);
    }
    // View s: `v` is towards Silver, north; the same turn in view g is `^`; a label is allowed.
    assert_eq!(answers[0], json!({"resolved": "Ee3n"}));
    assert_eq!(answers[1], answers[0]);
    assert_eq!(answers[2], answers[0]);
    let e = &answers[3]["error"];
    assert_eq!(e["kind"], "ambiguous", "{e}");
    assert_eq!(e["candidates"], json!(["Df2n Df3n Df4n Rd1n", "Dh2n Dh3n Dh4n Rd1n"]), "{e}");
    assert_eq!(answers[4]["error"]["kind"], "illegal", "wrong side: {}", answers[4]);
    assert!(answers[4]["error"]["message"].as_str().unwrap_or("").contains("gold is to move"), "{}", answers[4]);
    assert_eq!(answers[5]["error"]["kind"], "illegal", "{}", answers[5]);
    assert!(answers[5]["error"]["message"].as_str().unwrap_or("").contains("\"eMv\""), "{}", answers[5]);
    assert_eq!(answers[5]["error"]["candidates"], json!([]));
    assert_eq!(answers[6]["error"]["kind"], "syntax", "{}", answers[6]);
    assert_eq!(answers[7]["error"]["kind"], "syntax", "{}", answers[7]);
    assert!(answers[7]["error"]["message"].as_str().unwrap_or("").contains("view"), "{}", answers[7]);
    // The seed's set-up: Gold's view, nearest row (rank 1) first, rabbits filling the rest.
    assert_eq!(
        answers[8],
        json!({"resolved": "Ra1 Rb1 Rc1 Cd1 Ce1 Rf1 Rg1 Rh1 Ra2 Hb2 Dc2 Ed2 Me2 Df2 Hg2 Rh2"}),
        "{}",
        answers[8]
    );
    // The seed's position before 45s of game 16655: both records, every piece of the board.
    let tokens = answers[9]["resolved"].as_str().unwrap_or("");
    assert_eq!(tokens.split(' ').count(), 22, "{}", answers[9]);
    assert!(tokens.starts_with("hg1 ef2 ") && tokens.ends_with(" Ha6 Ra7 Ec7"), "{tokens}");
    assert_eq!(answers[10]["error"]["kind"], "syntax", "{}", answers[10]);
    assert!(answers[10]["error"]["message"].as_str().unwrap_or("").contains("position"), "{}", answers[10]);
    assert_eq!(answers[11]["error"]["kind"], "syntax", "{}", answers[11]);
}

#[test]
fn the_seed_game_replays_until_the_text_is_ambiguous() {
    for opts in [ResolveOptions::default(), ResolveOptions::LENIENT] {
        let r = replay_short(SEED_GAME, opts);
        println!("seed game 1627, view s, {opts:?}:");
        println!("| move | short | long |");
        println!("|---|---|---|");
        for m in &r.moves {
            println!("| {} | {} | {} |", m.label, m.text, m.long);
        }
        let stop = r.stop.as_ref().expect("the seed game stops");
        println!(
            "stopped at {}: `{}` {}: {} (candidates: {})",
            stop.label.map(|l| l.to_string()).unwrap_or_default(),
            stop.unit,
            stop.kind.as_str(),
            stop.reason,
            stop.candidates.join(" | ")
        );
        let labels: Vec<String> = r.moves.iter().map(|m| m.label.to_string()).collect();
        assert_eq!(labels, ["1g", "1s", "2g", "2s"]);
        assert_eq!(r.moves[2].long, "Ee2n Md2n Ha2n Hb2n");
        assert_eq!(r.moves[3].long, "ed7s ed6s ed5s rd8s");
        assert_eq!(stop.label.map(|l| l.to_string()).as_deref(), Some("3g"));
        assert_eq!(stop.kind, StopKind::Ambiguous);
        assert_eq!(stop.unit, "dvdvdvr5v");
        assert_eq!(stop.candidates, ["Df2n Df3n Df4n Rd1n", "Dh2n Dh3n Dh4n Rd1n"]);
    }
    // The moves read go through the same checker as long-notation games.
    let (list, stop) = short_to_long(SEED_GAME, ResolveOptions::default());
    assert!(stop.is_some());
    let record = Record {
        source: "seed".into(),
        game: "1627".into(),
        movelist: list.as_bytes(),
        line: 1,
        recorded: None,
        notation: Default::default(),
    };
    let report = verify(&record);
    assert_eq!(report.verdict, Verdict::Ok, "{:?}", report.error);
    assert_eq!(report.turns, 4);
}

#[test]
fn short_records_stop_with_where_and_why() {
    // A syntax error: the moves before it are replayed.
    let r = replay_short("g 1g 3cc4hdemdh, 1s 3cc4hdemdh, 2g r^ e9^", ResolveOptions::default());
    assert_eq!(r.moves.len(), 2);
    let stop = r.stop.expect("stop");
    assert_eq!(stop.kind, StopKind::Syntax, "{stop:?}");
    assert_eq!(stop.label.map(|l| l.to_string()).as_deref(), Some("2g"));
    // A set-up where a turn is due.
    let r = replay_short("g 1g 3cc4hdemdh, 1s 3cc4hdemdh, 2g 3cc4hdemdh", ResolveOptions::default());
    assert_eq!(r.moves.len(), 2);
    assert!(r.stop.is_some());
    // A record starting from a position.
    let r = replay_short("g 0s 6h6e17rc10d2h2r1rmd2r4rr, r2r3r2c4r1r22h7r1e", ResolveOptions::default());
    assert_eq!(r.moves.len(), 2, "{:?}", r.stop);
    assert!(r.stop.is_none(), "{:?}", r.stop);
    assert_eq!(r.position.side_to_move(), Color::Silver);
}

/// The games of `files`, each converted to short notation in every view and back, give the
/// moves of the long record; the number of games.
fn convert_to_short_and_back_in_every_view(files: &[PathBuf]) -> usize {
    let mut games = 0;
    let mut moves = 0;
    let (mut long_chars, mut short_chars) = (0usize, 0usize);
    for path in files {
        let file = path.display();
        for rec in records(path) {
            let record = rec.as_record();
            let want = played(&record);
            for view in View::ALL {
                let (short, error) = long_to_short(&record, view);
                let (long, stop) = short_to_long(&short, ResolveOptions::default());
                assert!(stop.is_none(), "{file} {} view {view}: {stop:?}\n{short}", rec.game);
                let got: Vec<&str> = long.lines().filter_map(|l| l.split_once(' ').map(|(_, m)| m)).collect();
                assert_eq!(got, want, "{file} {} view {view} ({error:?})", rec.game);
                if view == View::Gold {
                    moves += got.len();
                    long_chars += want.iter().map(String::len).sum::<usize>();
                    short_chars += short.lines().map(|l| l.split_once(' ').map_or(0, |(_, m)| m.len())).sum::<usize>();
                }
            }
            games += 1;
        }
    }
    println!("{games} games, {moves} moves: long {long_chars} characters, short (view g) {short_chars}");
    games
}

#[test]
fn bundled_games_convert_to_short_and_back_in_every_view() {
    assert_eq!(convert_to_short_and_back_in_every_view(&[bundled()]), 40);
}

#[test]
#[ignore = "needs ../shared/data"]
fn real_games_convert_to_short_and_back_in_every_view() {
    let dir = common::arimaa_data();
    let files = ["allgames202602_sample.tsv", "allgames201111_sample.tsv", "agt_testdata_movelists.tsv"];
    let games = convert_to_short_and_back_in_every_view(&files.map(|f| dir.join(f)));
    assert!(games >= 80, "{games}");
}

#[test]
fn convert_runs_as_a_program_both_ways() {
    let archive = bundled();
    let archive = archive.to_str().unwrap_or_default();
    let rec = records(&bundled()).into_iter().next().expect("a game");
    let want = played(&rec.as_record());
    for view in ["g", "s", "n"] {
        let out = tabula(&["convert", "--to", "short", "--view", view, "--game", &rec.game, archive], None);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let short = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(short.starts_with(&format!("{view} 1g ")), "{short}");
        let dir = std::env::temp_dir().join(format!("tabula-convert-{}-{view}", std::process::id()));
        std::fs::write(&dir, &short).expect("write");
        let out = tabula(&["convert", "--to", "long", dir.to_str().unwrap_or_default()], None);
        let _ = std::fs::remove_file(&dir);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let long = String::from_utf8_lossy(&out.stdout).into_owned();
        let got: Vec<&str> = long.lines().filter_map(|l| l.split_once(' ').map(|(_, m)| m)).collect();
        assert_eq!(got, want, "view {view}");
    }
    // The seed game: the moves it allows, then where it stops, exit status 1.
    let seed = std::env::temp_dir().join(format!("tabula-seed-{}", std::process::id()));
    std::fs::write(&seed, SEED_GAME).expect("write");
    let out = tabula(&["convert", "--to", "long", seed.to_str().unwrap_or_default()], None);
    let _ = std::fs::remove_file(&seed);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 4);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ambiguous: 3g") && err.contains("Dh2n Dh3n Dh4n Rd1n"), "{err}");
}

/// `tabula check` names the line of the move that stops a short-notation game, not the first line
/// where the same text appears, and whatever spelling the author used for the steps.
#[test]
fn check_short_reports_the_line_of_the_stopping_move() {
    let source: std::sync::Arc<str> = "test".into();
    let error_line = |text: &str| {
        let report = check_short(&source, "g", text.as_bytes());
        let error = report.error.unwrap_or_else(|| panic!("no error for {text:?}"));
        (report.verdict, error.line, error.turn, error.token)
    };
    let setups = "1g 3cc4hdemdh, 1s 3cc4hdemdh\n";
    // 2s e^ (Silver's elephant stepping onto its own piece) is illegal; "e^" is on line 2 too.
    let (verdict, line, turn, token) = error_line(&format!("{setups}2g e^^^\n2s e^\n"));
    assert_eq!((verdict, line, turn.as_str(), token.as_str()), (Verdict::Illegal, 3, "2s", "e^"));
    // The same move written with other step characters: the canonical text is nowhere in the file.
    let (verdict, line, turn, token) = error_line(&format!("{setups}\n2g e+++\n2s e↑\n"));
    assert_eq!((verdict, line, turn.as_str(), token.as_str()), (Verdict::Illegal, 4, "2s", "e^"));
    // A syntax error after earlier moves: its own line.
    let (verdict, line, turn, _) = error_line(&format!("{setups}2g e^^^\n2s r1v\n3g e^9\n"));
    assert_eq!((verdict, line, turn.as_str()), (Verdict::Unreadable, 4, "3g"));
}

/// `tabula check` on games written in short notation: bundled games converted in each view check
/// `ok` with the moves, result and final position of their long-notation record; the seed's game
/// stops `illegal` at 3g with both readings.
#[test]
fn check_reads_games_in_short_notation() {
    let archive = bundled();
    let archive = archive.to_str().unwrap_or_default();
    let json = |out: &Output| -> serde_json::Value {
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
    };
    for rec in records(&bundled()).into_iter().take(6) {
        let long_file = std::env::temp_dir().join(format!("tabula-long-{}-{}", std::process::id(), rec.game));
        std::fs::write(&long_file, &rec.movelist).expect("write");
        let long = json(&tabula(&["check", "--jsonl", long_file.to_str().unwrap_or_default()], None));
        let _ = std::fs::remove_file(&long_file);
        for view in ["g", "s", "n"] {
            let out = tabula(&["convert", "--to", "short", "--view", view, "--game", &rec.game, archive], None);
            let file = std::env::temp_dir().join(format!("tabula-short-{}-{}-{view}", std::process::id(), rec.game));
            std::fs::write(&file, &out.stdout).expect("write");
            let got = json(&tabula(&["check", "--jsonl", file.to_str().unwrap_or_default()], None));
            let _ = std::fs::remove_file(&file);
            assert_eq!(got["kind"], "arimaa");
            for key in ["verdict", "turns", "result", "final_position"] {
                assert_eq!(got[key], long[key], "game {} view {view}: {key}", rec.game);
            }
        }
    }
    let seed = std::env::temp_dir().join(format!("tabula-seed-check-{}", std::process::id()));
    std::fs::write(&seed, SEED_GAME).expect("write");
    let out = tabula(&["check", "--jsonl", seed.to_str().unwrap_or_default()], None);
    let _ = std::fs::remove_file(&seed);
    assert_eq!(out.status.code(), Some(1));
    let got = json(&out);
    assert_eq!((got["verdict"].as_str(), got["turns"].as_u64()), (Some("illegal"), Some(4)), "{got}");
    assert_eq!(got["error"]["turn"], "3g");
    assert_eq!(got["error"]["token"], "dvdvdvr5v");
    let message = got["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("Df2n Df3n Df4n Rd1n") && message.contains("Dh2n Dh3n Dh4n Rd1n"), "{message}");
}

/// A game in short notation that starts from a pair of position records (`0s ..., 0g ...`) is
/// replayed from that position, its moves played straight from the resolver's steps: bundled games
/// cut in the middle end on the final position and result of the whole game, with the moves
/// after the cut counted. A move whose label breaks the numbering is refused at its line.
#[test]
fn check_short_starts_from_position_records() {
    use tabula_notation::arimaa::short::{position_moves, turn_move};
    use tabula_notation::arimaa::MoveLabel;
    let source: std::sync::Arc<str> = "test".into();
    for rec in records(&bundled()).into_iter().take(8) {
        // The result the board decides (the short text records none).
        let whole = verify(&Record { recorded: None, ..rec.as_record() });
        let mut plies = Vec::new();
        verify_with(&rec.as_record(), |ev| match ev {
            Replayed::Move { label, before, turn: Some(t), .. } => plies.push((label, *before, t)),
            Replayed::Move { .. } | Replayed::Start { .. } => {}
            Replayed::TakeBack { .. } => {
                plies.pop();
            }
        });
        let cut = plies.len() / 2;
        let (_, start, _) = plies[cut];
        for view in View::ALL {
            let [first, second] = position_moves(view, start.board(), start.side_to_move());
            let mut text = format!("{first}\n{second}\n");
            for (label, before, turn) in &plies[cut..] {
                let m = turn_move(before, turn, view, MoveLabel::new(label.number, label.color)).unwrap();
                text.push_str(&format!("{m}\n"));
            }
            let report = check_short(&source, &rec.game, text.as_bytes());
            assert_eq!(report.verdict, Verdict::Ok, "game {} view {view}: {:?}\n{text}", rec.game, report.error);
            assert_eq!(report.turns, plies.len() - cut, "game {}", rec.game);
            assert_eq!(report.final_position, whole.final_position, "game {}", rec.game);
            assert_eq!(report.result, whole.result, "game {}", rec.game);
        }
        // The first move after the records sets the numbering; the next one must follow it.
        let [first, second] = position_moves(View::Gold, start.board(), start.side_to_move());
        let (label, before, turn) = &plies[cut];
        let wrong = MoveLabel::new(label.number + 1, label.color);
        let m = turn_move(before, turn, View::Gold, wrong).unwrap();
        let next = MoveLabel::new(label.number + 3, label.color);
        let text = format!("{first}\n{second}\n{m}\n{}\n", turn_move(before, turn, View::Gold, next).unwrap());
        let report = check_short(&source, &rec.game, text.as_bytes());
        let error = report.error.expect("an error");
        assert_eq!((report.verdict, error.line), (Verdict::Illegal, 4), "{}: {}", rec.game, error.message);
    }
}

/// `tabula replay` of a game in short notation with an illegal move in the middle shows the
/// moves up to it and ends `illegal` with exit status 1, as `tabula check` says.
#[test]
fn replay_of_short_notation_stops_where_check_does() {
    let file = std::env::temp_dir().join(format!("tabula-short-bad-{}", std::process::id()));
    std::fs::write(&file, "1g 3cc4hdemdh, 1s 3cc4hdemdh\n2g e^^^\n2s e^\n3g r1^\n").expect("write");
    let path = file.to_str().unwrap_or_default();
    let replay = tabula(&["replay", path], None);
    let check = tabula(&["check", "--jsonl", path], None);
    let _ = std::fs::remove_file(&file);
    let text = String::from_utf8_lossy(&replay.stdout);
    assert_eq!(replay.status.code(), Some(1), "{text}");
    assert!(text.contains("illegal after 3 moves") && text.contains("line 3, move 2s, `e^`"), "{text}");
    assert!(!text.contains("3g "), "{text}");
    assert_eq!(check.status.code(), Some(1));
    let got: Value = serde_json::from_slice(&check.stdout).expect("json");
    assert_eq!((got["verdict"].as_str(), got["turns"].as_u64()), (Some("illegal"), Some(3)), "{got}");
}

/// `convert --to long` stops where `check` does, on a rule of the whole game as well as on a
/// move's text: a third-time repetition (which convert's own walk once let through, exit 0).
#[test]
fn convert_stops_where_check_does_on_a_repetition() {
    let dir = std::env::temp_dir().join(format!("tabula-convert-repetition-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("repeat.txt");
    let back_and_forth = "2g e^\n2s c4v\n3g ev\n3s c4^\n4g e^\n4s c4v\n5g ev\n5s c4^\n6g e^\n";
    std::fs::write(&file, format!("g 1g 3cc4hdemdh, 1s 3cc4hdemdh\n{back_and_forth}")).unwrap();
    let path = file.to_str().unwrap();
    let check = tabula(&["check", "--jsonl", path], None);
    let report: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    assert_eq!((report["verdict"].as_str(), report["error"]["turn"].as_str()), (Some("illegal"), Some("5s")));
    let convert = tabula(&["convert", "--to", "long", path], None);
    assert_eq!(convert.status.code(), Some(1));
    let written = String::from_utf8_lossy(&convert.stdout);
    assert_eq!(written.lines().last(), Some("5g Ed3s"), "{written}");
    let said = String::from_utf8_lossy(&convert.stderr);
    assert!(said.contains("5s") && said.contains("third-time repetition"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}
