//! `tabula resolve`, `tabula moves` and `tabula replay` for backgammon, run as a program: the
//! gnubg fixture's counts through `moves`, gnubg's exports and the bundled matches through
//! `check` and `replay`; in the ignored suite (`../shared/data`), every row of the shared
//! notation vectors through `resolve --jsonl` in one run and a real match through `replay`.

mod common;

use common::tabula;

use std::path::PathBuf;

use serde_json::{json, Value};
use tabula_engine::backgammon::{Dice, MoveGenerator};
use tabula_notation::backgammon::position_id;
use tabula_notation::backgammon::PlayText;
use tabula_replay::backgammon::query::plays as backgammon_plays;

fn path(p: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(p).display().to_string()
}

fn read(p: &str) -> String {
    std::fs::read_to_string(path(p)).unwrap_or_else(|e| panic!("{p}: {e}"))
}

#[test]
#[ignore = "needs ../shared/data"]
fn resolve_answers_every_notation_vector_in_one_run() {
    let cases = std::fs::read_to_string(common::shared_data("backgammon/notation_cases.tsv")).unwrap();
    let rows: Vec<Vec<&str>> =
        cases.lines().skip(1).filter(|l| !l.is_empty()).map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 266);
    let mut input = String::new();
    for r in &rows {
        let request = json!({"game": "backgammon", "position": r[0], "dice": r[1], "move": r[3]});
        input.push_str(&request.to_string());
        input.push('\n');
    }
    // A blank line is skipped; lines that are not requests are answered, not fatal.
    input.push_str("\n{\"game\": \"backgammon\"}\nnonsense\n");
    let out = tabula(&["resolve", "--jsonl"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(1), "some rows are illegal");
    let answers: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(answers.len(), rows.len() + 2, "one answer per request line");
    let mut wrong = Vec::new();
    for (r, a) in rows.iter().zip(&answers) {
        match (r[5], a.get("resolved"), a.get("error")) {
            ("yes", Some(Value::String(s)), None) if s == r[4] => {}
            ("no", None, Some(e))
                if matches!(e["kind"].as_str(), Some("illegal" | "syntax"))
                    && !e["message"].as_str().unwrap_or("").is_empty()
                    && e["candidates"] == json!([]) => {}
            _ => wrong.push(format!("{} {} `{}` ({}): {a}", r[0], r[1], r[3], r[5])),
        }
    }
    assert!(wrong.is_empty(), "{} rows answered wrongly:\n{}", wrong.len(), wrong.join("\n"));
    for a in &answers[rows.len()..] {
        assert_eq!(a["error"]["kind"], "syntax", "{a}");
    }
    assert!(answers[rows.len()]["error"]["message"].as_str().unwrap_or("").contains("missing key \"position\""));
}

#[test]
fn resolve_reports_ambiguity_with_the_candidates() {
    // An unmarked `11/5` with 51 fits both 11/6/5 and 11/10*/5 when a blot stands on 10 and 6
    // is open: the standard texts of both come back.
    let Some((id, dice, text, candidates)) = find_ambiguous_case() else {
        panic!("no ambiguous text found among the fixture positions");
    };
    let request = json!({"game": "backgammon", "position": id, "dice": dice, "move": text});
    let out = tabula(&["resolve", "--jsonl"], Some(format!("{request}\n").as_bytes()));
    let a: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(a["error"]["kind"], "ambiguous", "{a}");
    let mut got: Vec<String> = a["error"]["candidates"]
        .as_array()
        .expect("candidates")
        .iter()
        .map(|c| c.as_str().unwrap_or("").into())
        .collect();
    got.sort();
    assert_eq!(got, candidates, "{a}");
}

/// A real (position, roll) of the fixture where an unmarked text like `11/5` fits two legal
/// plays that differ in a hit on the way, with the standard texts of both.
fn find_ambiguous_case() -> Option<(String, String, String, Vec<String>)> {
    let fixture = read("testdata/backgammon/perft.tsv");
    let mut gen = MoveGenerator::new();
    for line in fixture.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (Ok(pos), Ok(dice)) = (position_id::decode(f[0]), Dice::from_ascii(f[1].as_bytes())) else { continue };
        if dice.is_double() {
            continue;
        }
        for (play, _) in gen.legal_plays(&pos, dice).to_vec() {
            let steps = play.steps();
            if steps.len() == 2 && steps[0].to == steps[1].from && steps[0].hit != steps[1].hit {
                let text = format!("{}/{}", steps[0].from.number(), steps[1].to.number());
                if let Err(tabula_notation::backgammon::ResolveError::Ambiguous { mut candidates }) =
                    text.parse::<PlayText>().map_err(Into::into).and_then(|t: PlayText| t.resolve(&pos, dice))
                {
                    candidates.sort();
                    return Some((f[0].to_string(), f[1].to_string(), text, candidates));
                }
            }
        }
    }
    None
}

#[test]
fn moves_count_equals_gnubg_on_the_fixture_and_every_listed_play_resolves_back() {
    let fixture = read("testdata/backgammon/perft.tsv");
    let mut gen = MoveGenerator::new();
    let mut rows = 0;
    for line in fixture.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let pos = position_id::decode(f[0]).expect("fixture position");
        let dice = Dice::from_ascii(f[1].as_bytes()).expect("fixture dice");
        let expected: usize = f[2].parse().expect("fixture count");
        let plays = backgammon_plays(&pos, dice);
        assert_eq!(plays.len(), expected, "{line}");
        let mut reached = Vec::with_capacity(plays.len());
        for text in &plays {
            let t: PlayText = text.parse().unwrap_or_else(|e| panic!("{line}: `{text}` does not parse: {e}"));
            let r = t.resolve_with(&mut gen, &pos, dice).unwrap_or_else(|e| panic!("{line}: `{text}`: {e}"));
            reached.push(position_id::encode(&r.position));
        }
        reached.sort();
        reached.dedup();
        assert_eq!(reached.len(), plays.len(), "{line}: two texts reach one position");
        rows += 1;
    }
    assert_eq!(rows, 10_591);

    // The program itself, on a few rows: the opening roll, a double, a dance.
    let out =
        tabula(&["moves", "--game", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31", "--count"], None);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "16\n");
    let out = tabula(&["moves", "--game", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "13"], None);
    let listed: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(String::from).collect();
    assert_eq!(
        listed,
        backgammon_plays(&position_id::decode("4HPwATDgc/ABMA").expect("start"), Dice::from_ascii(b"31").expect("31"))
    );
    assert!(listed.contains(&"8/5 6/5".to_string()));
    let dance = fixture
        .lines()
        .find(|l| l.split('\t').nth(2) == Some("0"))
        .map(|l| l.split('\t').take(2).map(String::from).collect::<Vec<_>>())
        .expect("a dance in the fixture");
    let out = tabula(&["moves", "--game", "backgammon", "--position", &dance[0], "--dice", &dance[1]], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no legal play"));
    let out = tabula(&["moves", "--game", "backgammon", "--position", "4HPwATDgc/ABMA"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--dice"));
    let out = tabula(&["moves", "--game", "backgammon", "--position", "4HPwATDgc/ABM!", "--dice", "31"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--position"));
}

#[test]
#[ignore = "needs ../shared/data"]
fn replay_shows_a_real_match_play_by_play() {
    let file = common::shared_data("backgammon/matches/lasse_match10013413.mat").display().to_string();
    let out = tabula(&["replay", &file, "--game", "1", "--no-color"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("lasse_match10013413.mat game 1: X lasse against O mglough, 0-0 in a 5 point match"));
    // Every play gets a diagram and its Position ID; a Galaxy spelling gets the standard beside.
    assert_eq!(text.matches("Position ID ").count(), 13, "{text}");
    assert!(text.contains("7) X lasse: 11: 8/7 7/6 6/5 6/5   (standard: 11: 8/7*/5 6/5)"), "{text}");
    assert!(text.contains("8) X lasse: Doubles => 2\n8) O mglough: Drops\n"), "{text}");
    assert!(text.trim_end().ends_with("ok: 13 plays, lasse wins 1 point (drop)"), "{text}");
    assert!(!text.contains('\x1b'));

    // One position only: after the 7th play of game 2 (the cube is on O's side at 2).
    let out = tabula(&["replay", &file, "--game", "lasse_match10013413.mat#2", "--turn", "7", "--no-color"], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("Position ID ").count(), 1, "{text}");
    assert!(text.contains("[cube 2]"), "{text}");

    let out = tabula(&["replay", &file, "--game", "9"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game 9"));
}

/// A match with its first game written twice: `check` reports the copy, second in the file, as
/// unreadable, and `replay` finds the games by the same places, the copy with the same reason.
#[test]
#[ignore = "needs ../shared/data"]
fn check_and_replay_name_the_games_of_a_damaged_match_alike() {
    let text = std::fs::read_to_string(common::shared_data("backgammon/matches/lasse_match10013413.mat")).unwrap();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let starts: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].trim_start().starts_with("Game ")).collect();
    let twice = lines[..starts[1]].concat() + &lines[starts[0]..].concat();
    let dir = common::scratch("damaged_match");
    let file = dir.join("twice.mat");
    std::fs::write(&file, twice).unwrap();
    let file = file.to_str().unwrap();

    let out = tabula(&["check", "--jsonl", file], None);
    let games = common::json_lines(&out);
    assert_eq!(games[1]["game"], "twice#2");
    assert_eq!(games[1]["verdict"], "unreadable");
    assert_eq!(games[1]["error"]["line"], starts[1] + 1);
    assert!(games[1]["error"]["message"].as_str().unwrap().starts_with("game 1 after game 1:"), "{}", games[1]);
    assert_eq!((games[0]["verdict"].as_str(), games[2]["verdict"].as_str()), (Some("ok"), Some("ok")));

    let out = tabula(&["replay", file, "--game", "2", "--no-color"], None);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("game 2 cannot be read") && said.contains("game 1 after game 1"), "{said}");
    let out = tabula(&["replay", file, "--game", "twice#3", "--no-color"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("twice.mat game 3: X lasse against O mglough"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// What GNU Backgammon's `.mat` export writes, read the same by `resolve`, `check` and `replay`:
/// a checker's chain with the dice in the order gnubg lists them, a `*` inside a path, and a roll
/// with no play before a resignation.
#[test]
fn resolve_check_and_replay_read_gnubgs_export_alike() {
    use tabula_engine::backgammon::{Position, Setup};
    let mut setup = Setup::default();
    setup.on_roll[7] = 1;
    setup.on_roll[3] = 1;
    setup.opponent[5] = 5;
    let id = position_id::encode(&Position::from_setup(&setup).expect("a position"));
    let start = position_id::encode(&Position::start());
    let mut input = String::new();
    for (position, dice, text) in [(&id, "62", "7/1 1/0"), (&start, "64", "13/9* 9/3"), (&start, "64", "13/9 9/3")] {
        input.push_str(&json!({"game": "backgammon", "position": position, "dice": dice, "move": text}).to_string());
        input.push('\n');
    }
    let out = tabula(&["resolve", "--jsonl"], Some(input.as_bytes()));
    let answers: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(answers[0]["resolved"], "7/off", "{}", answers[0]);
    assert_eq!(answers[1]["error"]["kind"], "illegal", "{}", answers[1]);
    assert!(answers[1]["error"]["message"].as_str().unwrap_or("").contains("claims a hit on 9"), "{}", answers[1]);
    assert_eq!(answers[2]["resolved"], "13/3", "{}", answers[2]);

    // Studio's `20) 11: ????` as gnubg exports it: `20) 11:` with no play, then `Wins`.
    let file = path("testdata/backgammon/gnubg_export/studio_3pt.mat");
    let out = tabula(&["check", "--jsonl", &file], None);
    let game: Value = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .find(|g| g["game"] == "studio_3pt#2")
        .expect("game 2");
    assert_eq!(game["verdict"], "ok", "{game}");
    assert_eq!((game["turns"].as_u64(), &game["result"]["how"]), (Some(39), &json!("resign")), "{game}");
    let out = tabula(&["replay", &file, "--game", "2", "--no-color"], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("20) O tabula_right: 11:   (not played: the game ends by resignation after this roll)"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("ok: 39 plays, tabula_left wins 1 point (resign)"), "{text}");
}

/// Positions given as GNU Backgammon wrote them: every XGID of `testdata/backgammon/xgids.tsv`
/// (each read by gnubg 1.07, with the Position ID and Match ID gnubg gave it) reads as the same
/// position and roll as its gnubg ID `PositionID:MatchID`; and `tabula moves` counts the same
/// plays from the XGID as from the Position ID with `--dice`.
#[test]
fn positions_read_from_gnubg_ids_and_xgids() {
    use tabula_notation::backgammon::match_id;
    use tabula_replay::backgammon::query::position_and_dice as backgammon_position_and_dice;
    let rows = read("testdata/backgammon/xgids.tsv");
    let mut rolled = 0;
    for line in rows.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (xgid, id, mid) = (f[0], f[1], f[2]);
        let (pos, dice) = backgammon_position_and_dice(xgid).unwrap_or_else(|e| panic!("{xgid}: {e}"));
        assert_eq!(position_id::encode(&pos), id, "{xgid}");
        let state = match_id::decode(mid).unwrap_or_else(|e| panic!("{mid}: {e}"));
        assert_eq!(dice, state.dice, "{xgid}");
        let gnubg = backgammon_position_and_dice(&format!("{id}:{mid}")).unwrap_or_else(|e| panic!("{id}:{mid}: {e}"));
        assert_eq!(gnubg, (pos, dice), "{id}:{mid}");
        if let Some(d) = dice.filter(|_| rolled < 5) {
            let digits = format!("{}{}", d.high(), d.low());
            let from_xgid = tabula(&["moves", "--game", "backgammon", "--position", xgid, "--count"], None);
            let from_id =
                tabula(&["moves", "--game", "backgammon", "--position", id, "--dice", &digits, "--count"], None);
            assert_eq!(from_xgid.status.code(), Some(0), "{}", String::from_utf8_lossy(&from_xgid.stderr));
            assert_eq!(from_xgid.stdout, from_id.stdout, "{xgid}");
            rolled += 1;
        }
    }
    assert_eq!(rolled, 5);
}

/// `tabula convert --to sgf|mat` on a match of either format: the files written check `ok` game
/// for game with the original's plays and results (a Jacoby money session's `.mat` with the
/// board's points, which a `.mat` file states without the rule); a match
/// with a game that is not ok is not converted, and the game is named with where it breaks.
#[test]
fn convert_writes_matches_that_check_as_their_originals() {
    let dir = common::scratch("convert-match");
    let testdata = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/backgammon");
    for (source, to) in
        [("matches/galaxy_5pt.mat", "sgf"), ("sgf/studio_money.sgf", "mat"), ("sgf/galaxy_3pt.sgf", "mat")]
    {
        let source = testdata.join(source);
        let out = tabula(&["convert", "--to", to, source.to_str().unwrap()], None);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let written = dir.join(format!("converted.{to}"));
        std::fs::write(&written, &out.stdout).unwrap();
        // A `.mat` file has no Jacoby rule: a money game's points are the board's there, so
        // only the winner and the way the game ended are compared for a money session.
        let money = source.to_string_lossy().contains("money");
        let strip = |o: &std::process::Output| -> Vec<(String, Value, Value)> {
            common::json_lines(o)
                .into_iter()
                .map(|mut g| {
                    if money {
                        g["result"]["points"] = Value::Null;
                    }
                    (g["verdict"].as_str().unwrap_or("").to_owned(), g["turns"].clone(), g["result"].clone())
                })
                .collect()
        };
        let original = tabula(&["check", "--jsonl", source.to_str().unwrap()], None);
        let again = tabula(&["check", "--jsonl", written.to_str().unwrap()], None);
        assert_eq!(strip(&again), strip(&original), "{}", source.display());
        assert!(strip(&again).iter().all(|(v, _, _)| v == "ok"));
    }
    let broken = testdata.join("broken/galaxy_wrong_dice.mat");
    let out = tabula(&["convert", "--to", "sgf", broken.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "nothing written");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("galaxy_wrong_dice#1 illegal: line 18, move 4R"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tabula replay --game ID` ends every game of the bundled broken matches and of the `.sgf`
/// matches with the verdict `tabula check` gives it, faults of the match around the game
/// included (a score line, a game after the end of the match): a game replayed on its own is
/// judged in its match.
#[test]
fn replay_gives_every_game_the_verdict_check_gives() {
    let mut files = Vec::new();
    for dir in ["testdata/backgammon/broken", "testdata/backgammon/sgf", "testdata/backgammon/matches"] {
        let mut found: Vec<PathBuf> =
            std::fs::read_dir(path(dir)).expect("bundled matches").flatten().map(|e| e.path()).collect();
        found.retain(|p| p.extension().is_some_and(|e| e == "mat" || e == "sgf"));
        files.extend(found);
    }
    let (mut games, mut not_ok) = (0, 0);
    for file in &files {
        let file = file.to_str().unwrap();
        for g in common::json_lines(&tabula(&["check", "--jsonl", file], None)) {
            let (id, verdict) = (g["game"].as_str().unwrap(), g["verdict"].as_str().unwrap());
            let out = tabula(&["replay", file, "--game", id, "--no-color"], None);
            let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            let last = said.trim_end().lines().last().unwrap_or_default().to_owned();
            if verdict == "unreadable" {
                assert!(last.contains("cannot be read"), "{file} {id}: {last}");
            } else {
                assert!(last.starts_with(&format!("{verdict}:")), "{file} {id}: check says {verdict}, replay {last}");
            }
            assert_eq!(out.status.code(), Some(if verdict == "ok" { 0 } else { 1 }), "{file} {id}: {last}");
            games += 1;
            not_ok += usize::from(verdict != "ok");
        }
    }
    assert!(games > 50 && not_ok >= 5, "{games} games, {not_ok} not ok");
}
