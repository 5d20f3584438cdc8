//! The `tabula` command itself, run on the bundled records (and on the real ones of
//! `../shared/data`, in the ignored suite): the JSON Lines interface of `check` (keys, input
//! order, exit status), standard input, `moves` against the aei fixture, and `replay`.

mod common;

use common::{json_lines, tabula};

use std::path::PathBuf;
use std::process::Output;

fn repo(p: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(p).display().to_string()
}

#[test]
fn check_jsonl_has_the_interface_keys_and_exit_status() {
    let out = tabula(&["check", "--jsonl", &repo("testdata/arimaa/broken_games.tsv")], None);
    assert_eq!(out.status.code(), Some(1));
    let games = json_lines(&out);
    assert_eq!(games.len(), 12);
    for g in &games {
        let keys: Vec<&str> = g.as_object().unwrap().keys().map(String::as_str).collect();
        for k in ["source", "game", "kind", "verdict", "turns", "result", "final_position", "error"] {
            assert!(keys.contains(&k), "{k} missing in {g}");
        }
        assert_eq!(g["kind"], "arimaa");
        let e = g["error"].as_object().expect("an error object");
        for k in ["turn", "line", "token", "message"] {
            assert!(e.contains_key(k), "{k} missing in {g}");
        }
    }
    assert_eq!(games[0]["game"], "900101");
    assert_eq!(games[10]["verdict"], "result-mismatch");
    assert_eq!(games[11]["verdict"], "unreadable");

    let out = tabula(&["check", &repo("testdata/arimaa/random_games.tsv")], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("ok                       40"));
}

#[test]
#[ignore = "needs ../shared/data"]
fn check_recognises_real_backgammon_matches() {
    let dir = common::shared_data("backgammon/matches").display().to_string();
    let out = tabula(&["check", "--jsonl", "--jobs", "2", &dir], None);
    assert_eq!(out.status.code(), Some(1), "four games disagree with their `Wins` lines");
    let games = json_lines(&out);
    assert_eq!(games.len(), 792);
    assert!(games.iter().all(|g| g["kind"] == "backgammon"));
    let bad: Vec<&str> = games.iter().filter(|g| g["verdict"] != "ok").map(|g| g["game"].as_str().unwrap()).collect();
    assert_eq!(bad.len(), 4, "{bad:?}");
    assert!(games.iter().all(|g| g["final_position"].as_str().is_some_and(|p| p.len() == 14)));
    let first = &games[0];
    assert_eq!(first["result"]["how"], "bearoff");
    assert!(first["game"].as_str().unwrap().ends_with("#1"));
}

#[test]
#[ignore = "needs ../shared/data"]
fn output_keeps_input_order_whatever_the_threads_and_reads_stdin() {
    let real = common::arimaa_data();
    let files: Vec<String> = ["allgames202602_sample.tsv", "allgames201111_sample.tsv", "agt_testdata_movelists.tsv"]
        .iter()
        .map(|f| real.join(f).display().to_string())
        .collect();
    let run = |jobs: &str| {
        let mut args = vec!["check", "--jsonl", "--jobs", jobs];
        args.extend(files.iter().map(String::as_str));
        tabula(&args, None)
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one.status.code(), Some(1), "two old-rule games are illegal");
    assert_eq!(one.stdout, two.stdout);
    // More jobs than cores are clamped to the cores there are, not started.
    assert_eq!(run("100000").stdout, one.stdout);
    let ids: Vec<String> = json_lines(&one).iter().map(|g| g["game"].as_str().unwrap().to_owned()).collect();
    assert_eq!(ids.len(), 91);
    assert_eq!((ids[0].as_str(), ids[90].as_str()), ("669122", "90687"));

    let text = std::fs::read(&files[1]).unwrap();
    let piped = tabula(&["check", "--jsonl", "-"], Some(&text));
    let from_file = tabula(&["check", "--jsonl", &files[1]], None);
    let strip = |o: &Output| {
        json_lines(o)
            .into_iter()
            .map(|mut g| {
                g["source"] = "".into();
                g
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&piped), strip(&from_file));
}

#[test]
fn bad_paths_and_files() {
    let out = tabula(&["check", "/no/such/file"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("/no/such/file  game 1: no such file or folder"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("do not exist"));
    // A missing path does not stop the others: they are checked first, the missing one is
    // reported last, and the run ends with status 2.
    let games = repo("testdata/snr/games.txt");
    let out = tabula(&["check", "--jsonl", "/no/such/file", &games], None);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert!(lines.len() > 5, "{lines:?}");
    assert!(lines[..lines.len() - 1].iter().all(|g| g["kind"] == "stones-and-rivers" && g["verdict"] == "ok"));
    let last = &lines[lines.len() - 1];
    assert_eq!((last["kind"].as_str(), last["verdict"].as_str()), (Some("unknown"), Some("unreadable")), "{last}");
    assert_eq!(last["error"]["message"], "no such file or folder");
    let dir = std::env::temp_dir().join(format!("tabula-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let binary = dir.join("binary.dat");
    std::fs::write(&binary, [0u8, 159, 146, 150, 255, 0, 1, 2]).unwrap();
    let out = tabula(&["check", "--jsonl", binary.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["verdict"], "unreadable");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn moves_agree_with_the_aei_fixture() {
    let fixture = std::fs::read_to_string(repo("testdata/arimaa/perft.tsv")).unwrap();
    for line in fixture.lines().filter(|l| !l.starts_with('#')).skip(1).step_by(97).take(8) {
        let f: Vec<&str> = line.split('\t').collect();
        let position = format!("{} [{}]", f[1], f[2]);
        let count = tabula(&["moves", "--game", "arimaa", "--position", &position, "--count"], None);
        assert_eq!(String::from_utf8_lossy(&count.stdout).trim(), f[3], "{line}");
        let list = tabula(&["moves", "--game", "arimaa", "--position", &position], None);
        let turns: std::collections::BTreeSet<String> =
            String::from_utf8_lossy(&list.stdout).lines().map(str::to_owned).collect();
        assert_eq!(turns.len().to_string(), f[3], "{line}");
    }
    let out = tabula(&["moves", "--game", "arimaa", "--position", "g [..]"], None);
    assert_eq!(out.status.code(), Some(2));
    // An empty board: Gold sets up (no turn to list, and none is immobilized).
    let empty = format!("g [{}]", " ".repeat(64));
    let out = tabula(&["moves", "--game", "arimaa", "--position", &empty], None);
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("sets up its pieces") && !said.contains("immobilized"), "{said}");
}

#[test]
#[ignore = "needs ../shared/data"]
fn replay_shows_the_game_and_its_verdict() {
    let real = common::arimaa_data();
    let archive = real.join("allgames202602_sample.tsv").display().to_string();
    let out = tabula(&["replay", &archive, "--game", "669126", "--turn", "101", "--no-color"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("game 669126 (") && lines[0].contains("Gold browni3141 (2562) against Silver"),
        "{text}"
    );
    assert_eq!(lines[1], "51w Dd5n Dd6n re6w Mf5e", "{text}");
    assert!(text.contains("7 | r  .  c [D] .  .  .  .  |"), "{text}");
    assert!(text.contains("result: Gold wins by immobilization at 51w"), "{text}");
    let old = real.join("agt_testdata_movelists.tsv").display().to_string();
    let out = tabula(&["replay", &old, "--game", "07371", "--no-color"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("move after the end of the game"));
}

/// A full standard error is no reason to panic: the run ends with its own status (a missing
/// path: 2), where it used to end with a panic (101).
#[cfg(unix)]
#[test]
fn a_full_standard_error_does_not_panic() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full on Linux");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["check", "/no/such/file"])
        .stderr(full)
        .output()
        .expect("run tabula");
    assert_eq!(out.status.code(), Some(2));
}

/// `tabula resolve --jsonl` answers every line: one that is not UTF-8, or longer than the line
/// limit, gets a `syntax` error and the lines after it are still answered.
#[test]
fn resolve_answers_every_line_whatever_it_holds() {
    let good = br#"{"game":"backgammon","position":"4HPwATDgc/ABMA","dice":"31","move":"8/5 6/5"}"#;
    let mut input = Vec::new();
    input.extend_from_slice(good);
    input.extend_from_slice(b"\n\xff\xfe not text\n");
    input.extend(std::iter::repeat_n(b'x', tabula_replay::input::MAX_LINE_BYTES + 10));
    input.push(b'\n');
    input.extend_from_slice(good);
    input.push(b'\n');
    let out = tabula(&["resolve", "--jsonl"], Some(&input));
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!((lines[0]["resolved"].as_str(), lines[3]["resolved"].as_str()), (Some("8/5 6/5"), Some("8/5 6/5")));
    assert_eq!(lines[1]["error"]["message"], "the line is not UTF-8 text");
    assert!(lines[2]["error"]["message"].as_str().is_some_and(|m| m.contains("bytes long")), "{}", lines[2]);
}

/// An endless input (`/dev/zero`: no line break ever) is reported and the run ends, where it
/// used to go on forever.
#[cfg(unix)]
#[test]
fn an_endless_input_ends_the_run() {
    let out = tabula(&["check", "--jsonl", "/dev/zero"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!((lines[0]["kind"].as_str(), lines[0]["verdict"].as_str()), (Some("unknown"), Some("unreadable")));
    assert!(lines[0]["error"]["message"].as_str().is_some_and(|m| m.contains("without a line break")), "{}", lines[0]);
}

/// The bundled matches of `testdata/backgammon/matches`, in name order.
fn bundled_matches() -> Vec<PathBuf> {
    let dir = PathBuf::from(repo("testdata/backgammon/matches"));
    let mut mats: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "mat"))
        .collect();
    mats.sort();
    mats
}

/// Every file of a folder ends as games or as one line saying why it holds none, under
/// `--jsonl` too: a match damaged at its start is unreadable (a `.mat` is a match by its
/// name), an empty match and an archive's header alone are passed over as such, and so is a
/// file that is no record at all. A run that finds no game at all is no success.
#[test]
fn every_file_of_a_folder_is_accounted_for() {
    let dir = common::scratch("accounting");
    let mats = bundled_matches();
    let mut damaged = std::fs::read(&mats[0]).unwrap();
    damaged[..4].copy_from_slice(b"\0\x01\x02\x03");
    std::fs::write(dir.join("damaged.mat"), &damaged).unwrap();
    std::fs::write(dir.join("empty.mat"), b"").unwrap();
    let archive = std::fs::read_to_string(repo("testdata/arimaa/random_games.tsv")).unwrap();
    std::fs::write(dir.join("header_only.tsv"), archive.lines().next().unwrap()).unwrap();
    std::fs::write(dir.join("notes.txt"), b"a shopping list\n").unwrap();
    std::fs::copy(&mats[1], dir.join("match.mat")).unwrap();

    let out = tabula(&["check", "--jsonl", dir.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1), "the damaged match is not ok");
    let lines = json_lines(&out);
    let by_file = |name: &str| -> Vec<&serde_json::Value> {
        lines.iter().filter(|l| l["source"].as_str().is_some_and(|s| s.ends_with(name))).collect()
    };
    let one = |name: &str| {
        let found = by_file(name);
        assert_eq!(found.len(), 1, "{name}: {lines:?}");
        (found[0]["verdict"].as_str().unwrap().to_owned(), found[0]["error"]["message"].as_str().unwrap().to_owned())
    };
    let (verdict, message) = one("damaged.mat");
    assert_eq!(verdict, "unreadable");
    assert!(message.starts_with("not a record file"), "{message}");
    assert_eq!(one("empty.mat"), ("skipped".into(), "an empty file: no games".into()));
    assert_eq!(one("header_only.tsv").0, "skipped");
    assert!(one("header_only.tsv").1.contains("no game"));
    assert_eq!(one("notes.txt").0, "skipped");
    assert!(!by_file("match.mat").is_empty() && by_file("match.mat").iter().all(|l| l["kind"] == "backgammon"));
    for l in &lines {
        assert!(l["kind"] != "unknown" || l["game"] != "1" || l["verdict"] == "unreadable", "{l}");
    }

    let out = tabula(&["check", dir.to_str().unwrap()], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("3 files held no game and were passed over"), "{text}");
    assert!(text.contains("empty.mat (empty)") && text.contains("header_only.tsv (no games)"), "{text}");

    for alone in ["empty.mat", "header_only.tsv"] {
        let out = tabula(&["check", dir.join(alone).to_str().unwrap()], None);
        assert_eq!(out.status.code(), Some(1), "{alone}: no game is no success");
        assert!(String::from_utf8_lossy(&out.stderr).contains("no games found"), "{alone}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A closed standard output ends the run, whatever is left to read: `check -` on an endless
/// archive stops once its reader has gone, with the status of a closed pipe (128 + SIGPIPE).
#[cfg(unix)]
#[test]
fn a_closed_output_stops_the_work() {
    use std::io::{BufRead, BufReader, Write};
    let archive = std::fs::read_to_string(repo("testdata/arimaa/random_games.tsv")).unwrap();
    let mut child = common::spawn_tabula(&["check", "--jsonl", "-"], false);
    let mut stdin = child.stdin.take().unwrap();
    // Without an end to its input, only the closed output can end the run.
    let writer = std::thread::spawn(move || {
        let mut rows = archive.lines();
        let header = rows.next().unwrap().to_owned();
        let rows: Vec<&str> = rows.collect();
        if writeln!(stdin, "{header}").is_err() {
            return;
        }
        loop {
            for row in &rows {
                if writeln!(stdin, "{row}").is_err() {
                    return;
                }
            }
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(first.contains("\"kind\":\"arimaa\""), "{first}");
    let status = child.wait().expect("tabula ends");
    assert_eq!(status.code(), Some(141));
    writer.join().unwrap();
}

/// A folder entry the system refuses (a broken link: the same path as a folder that cannot be
/// listed or a file without read permission) is reported and the rest is checked; the run ends
/// with the status of an I/O error, 2. A folder reached again through a link is passed over by
/// name.
#[cfg(unix)]
#[test]
fn a_refused_entry_is_reported_and_the_rest_checked() {
    let dir = common::scratch("refused");
    let mats = bundled_matches();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::copy(&mats[0], dir.join("sub/match.mat")).unwrap();
    std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("broken.mat")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("sub/loop")).unwrap();

    let out = tabula(&["check", "--jsonl", dir.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let lines = json_lines(&out);
    let broken: Vec<_> = lines.iter().filter(|l| l["source"].as_str().unwrap().ends_with("broken.mat")).collect();
    assert_eq!(broken.len(), 1);
    assert_eq!(broken[0]["verdict"], "unreadable");
    assert!(broken[0]["error"]["message"].as_str().unwrap().starts_with("cannot read"), "{}", broken[0]);
    let looped: Vec<_> = lines.iter().filter(|l| l["source"].as_str().unwrap().ends_with("loop")).collect();
    assert_eq!(looped.len(), 1);
    assert_eq!(looped[0]["verdict"], "skipped");
    assert!(lines.iter().filter(|l| l["kind"] == "backgammon").count() > 0, "the match is checked");
    assert!(String::from_utf8_lossy(&out.stderr).contains("could not be read"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The exit status means the same in every command: an input without a game is 1 (it proves
/// nothing, and says so), a file that cannot be read or a game asked for that is not there is 2.
#[test]
fn every_command_ends_an_input_without_a_game_alike() {
    let dir = common::scratch("exit");
    let empty = dir.join("empty.mat");
    std::fs::write(&empty, "").unwrap();
    let header = dir.join("header.tsv");
    let archive = std::fs::read_to_string(repo("testdata/arimaa/random_games.tsv")).unwrap();
    std::fs::write(&header, format!("{}\n", archive.lines().next().unwrap())).unwrap();
    let (empty, header) = (empty.to_str().unwrap(), header.to_str().unwrap());
    let archive = repo("testdata/arimaa/random_games.tsv");
    let cases: [(&[&str], i32, &str); 9] = [
        (&["check", empty], 1, "no games"),
        (&["check", header], 1, "no games"),
        (&["replay", empty], 1, "an empty file: no games"),
        (&["replay", header], 1, "no game in the file"),
        (&["convert", "--to", "short", header], 1, "no game in the file"),
        (&["convert", "--to", "long", empty], 1, "an empty file: no games"),
        (&["replay", &archive, "--game", "nosuch"], 2, "no game nosuch"),
        (&["replay", "/nonexistent/x.tsv"], 2, "No such file"),
        (&["convert", "--to", "short", "/nonexistent/x.tsv"], 2, "No such file"),
    ];
    for (args, status, says) in cases {
        let out = tabula(args, None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--turn` past the end of a game is one clear error in every game, naming how many turns the
/// game has in its own word (it showed the last position, said "not reached", or ended 0).
#[test]
fn replay_past_the_end_says_how_long_the_game_is() {
    let cases = [
        (
            repo("testdata/arimaa/random_games.tsv"),
            "900001",
            "has 11 moves: --turn 400 is past its end (it goes from 0 to 11)",
        ),
        (repo("testdata/backgammon/matches/galaxy_1pt.mat"), "1", "has 136 plays: --turn 400 is past its end"),
        (repo("testdata/snr/games.txt"), "cr-win-1", "has 105 turns: --turn 400 is past its end"),
        (repo("testdata/arimaa/broken_games.tsv"), "900101", "has 5 moves before it breaks (illegal): --turn 400"),
    ];
    for (file, game, says) in cases {
        for format in ["text", "svg"] {
            let out = tabula(&["replay", &file, "--game", game, "--turn", "400", "--format", format], None);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{file} {format}: {err}");
            assert!(err.contains(says), "{file} {format}: {err}");
        }
    }
}

/// Ctrl-C (SIGINT) stops the reading of an endless input: the summary of the games checked
/// until then is printed, marked as interrupted, and the run ends with 130.
#[cfg(unix)]
#[test]
fn an_interrupt_prints_the_summary_of_what_was_checked() {
    use std::io::Write;
    let archive = std::fs::read_to_string(repo("testdata/arimaa/random_games.tsv")).unwrap();
    let (header, rows) = archive.split_once('\n').unwrap();
    let mut child = common::spawn_tabula(&["check", "-"], true);
    let mut stdin = child.stdin.take().unwrap();
    let (header, rows) = (header.to_owned(), rows.to_owned());
    let writer = std::thread::spawn(move || {
        let _ = writeln!(stdin, "{header}");
        // Rows until tabula stops reading.
        while stdin.write_all(rows.as_bytes()).is_ok() {}
    });
    std::thread::sleep(std::time::Duration::from_millis(800));
    let sent = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("interrupted (Ctrl-C)") && text.contains("total"), "{text}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted"));
}

/// `tabula replay --game ID` agrees with `tabula check` on every row of an archive: the bundled
/// broken archive with a row too long to read added in its middle. A game check calls ok
/// replays to the same verdict; a row check cannot read is refused with check's reason, under
/// check's id (the index for the long row, whose id is never read), with status 1.
#[test]
fn replay_finds_every_row_as_check_names_it() {
    let text = std::fs::read(repo("testdata/arimaa/broken_games.tsv")).unwrap();
    let mut lines: Vec<&[u8]> = text.split_inclusive(|&b| b == b'\n').collect();
    let long = [b"x".repeat(tabula_replay::input::MAX_LINE_BYTES + 5), b"\n".to_vec()].concat();
    lines.insert(lines.len() / 2, &long);
    let dir = common::scratch("replay_rows");
    let file = dir.join("rows.tsv");
    std::fs::write(&file, lines.concat()).unwrap();
    let file = file.to_str().unwrap();
    let games = json_lines(&tabula(&["check", "--jsonl", file], None));
    assert!(games.len() > 10, "{games:?}");
    let mut unreadable = 0;
    for g in &games {
        let id = g["game"].as_str().unwrap();
        let out = tabula(&["replay", file, "--game", id, "--no-color"], None);
        let (said, shown) = (String::from_utf8_lossy(&out.stderr), String::from_utf8_lossy(&out.stdout));
        if g["verdict"] == "unreadable" {
            unreadable += 1;
            assert_eq!(out.status.code(), Some(1), "{id}: {said}");
            let reason = g["error"]["message"].as_str().unwrap();
            assert!(
                said.contains(&format!("game {id} (line {})", g["error"]["line"])) && said.contains(reason),
                "{id}: {said}"
            );
        } else {
            let verdict = g["verdict"].as_str().unwrap();
            assert!(shown.lines().any(|l| l.contains(&format!("game {id} ")) && l.contains(verdict)), "{id}: {shown}");
        }
    }
    assert!(unreadable >= 2, "{games:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
