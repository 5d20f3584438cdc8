//! The archive database (`tabula index`, `explore`, `find --db`) answers what `tabula positions`
//! and `tabula check` say over distinct games; it is whole after a kill, unchanged by a second
//! run, and refuses a file that is not one of its databases.
#![allow(missing_docs)]

mod common;

use common::repo;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use serde_json::Value;

fn testdata() -> Vec<String> {
    ["testdata/arimaa", "testdata/backgammon", "testdata/snr"].map(|f| repo().join(f).display().to_string()).to_vec()
}

fn run(args: &[&str]) -> std::process::Output {
    common::tabula(args, None)
}

fn index(db: &Path, paths: &[String]) -> Value {
    let mut args = vec!["index", "--jsonl", "--db", db.to_str().unwrap()];
    args.extend(paths.iter().map(String::as_str));
    let out = run(&args);
    assert!(out.status.code().is_some_and(|c| c < 2), "index: {}", String::from_utf8_lossy(&out.stderr));
    common::json_lines(&out).pop().expect("the summary")
}

/// A game as check reports it: its fingerprint, whether ok, its winner as a side number.
struct Checked {
    fingerprint: String,
    ok: bool,
    winner: Option<u8>,
}

fn winner(result: &Value) -> Option<u8> {
    match result {
        Value::String(s) if s == "Sq" => Some(0),
        Value::String(s) if s == "Cr" => Some(1),
        Value::Object(o) => match o.get("winner")? {
            Value::String(s) => Some(u8::from(s == "s")),
            Value::Number(n) => n.as_u64().map(|n| n as u8),
            _ => None,
        },
        _ => None,
    }
}

fn side_number(side: &str) -> u8 {
    u8::from(matches!(side, "s" | "1" | "cr"))
}

/// Per move and roll, the games and their wins by side.
type MoveCounts = BTreeMap<(String, String), (u64, [u64; 2])>;

/// A row at a position: ply, side number, move played, roll.
type Reached = (u64, u8, Option<String>, String);

/// What the archive says, from `tabula check` and `tabula positions`.
struct Truth {
    checked: HashMap<(String, String), Checked>,
    rows: Vec<Value>,
}

impl Truth {
    fn of(paths: &[String]) -> Truth {
        let mut args = vec!["check", "--jsonl"];
        args.extend(paths.iter().map(String::as_str));
        let mut checked = HashMap::new();
        for r in common::json_lines(&run(&args)) {
            let Some(fingerprint) = r["fingerprint"].as_str() else { continue };
            let key = (r["source"].as_str().unwrap().to_owned(), r["game"].as_str().unwrap().to_owned());
            let c = Checked {
                fingerprint: format!("{}:{fingerprint}", r["kind"].as_str().unwrap()),
                ok: r["verdict"] == "ok",
                winner: winner(&r["result"]),
            };
            checked.insert(key, c);
        }
        let mut args = vec!["positions", "--jsonl"];
        args.extend(paths.iter().map(String::as_str));
        Truth { checked, rows: common::json_lines(&run(&args)) }
    }

    fn game_of(&self, row: &Value) -> &Checked {
        &self.checked[&(row["source"].as_str().unwrap().to_owned(), row["game"].as_str().unwrap().to_owned())]
    }

    /// The distinct games with an ok copy, and the winner of each.
    fn ok_games(&self) -> HashMap<&str, Option<u8>> {
        let mut ok = HashMap::new();
        for c in self.checked.values().filter(|c| c.ok) {
            ok.insert(c.fingerprint.as_str(), c.winner);
        }
        ok
    }

    /// `explore`'s counts for the position of key `key`: games, wins, and per move and roll
    /// the games and wins, from the rows of the distinct ok games.
    fn explore(&self, kind: &str, key: &str) -> (u64, [u64; 2], MoveCounts) {
        let ok = self.ok_games();
        // fingerprint -> (ply, side, move, dice) of its rows at the key, copies merged
        let mut reach: BTreeMap<&str, BTreeSet<Reached>> = BTreeMap::new();
        for row in self.rows.iter().filter(|r| r["key"] == key && r["kind"] == kind) {
            let g = self.game_of(row);
            if !ok.contains_key(g.fingerprint.as_str()) {
                continue;
            }
            reach.entry(g.fingerprint.as_str()).or_default().insert((
                row["ply"].as_u64().unwrap(),
                side_number(row["side"].as_str().unwrap()),
                row["move"].as_str().map(str::to_owned),
                row["dice"].as_str().unwrap().to_owned(),
            ));
        }
        let index = |w: u8, side: u8| usize::from(if kind == "backgammon" { w != side } else { w != 0 });
        let (mut games, mut wins, mut moves) = (0, [0u64; 2], BTreeMap::new());
        for (fp, rows) in &reach {
            games += 1;
            let first = rows.iter().next().unwrap();
            if let Some(w) = ok[fp] {
                wins[index(w, first.1)] += 1;
            }
            let mut counted = BTreeSet::new();
            for (_, side, played, dice) in rows {
                let Some(played) = played else { continue };
                if !counted.insert((played.clone(), dice.clone())) {
                    continue;
                }
                let e: &mut (u64, [u64; 2]) = moves.entry((played.clone(), dice.clone())).or_default();
                e.0 += 1;
                if let Some(w) = ok[fp] {
                    e.1[index(w, *side)] += 1;
                }
            }
        }
        (games, wins, moves)
    }
}

/// The position as `explore` takes it, from a row of `positions`.
fn written(row: &Value) -> String {
    let position = row["position"].as_str().unwrap();
    if row["kind"] == "arimaa" {
        format!("{} [{position}]", row["side"].as_str().unwrap())
    } else {
        position.to_owned()
    }
}

fn explore(db: &Path, position: &str, kind: &str, more: &[&str]) -> (Option<i32>, Value) {
    let mut args = vec!["explore", "--jsonl", "--db", db.to_str().unwrap(), "--game", kind, "--position", position];
    args.extend(more);
    let out = run(&args);
    let answer = common::json_lines(&out).pop().unwrap_or(Value::Null);
    (out.status.code(), answer)
}

#[test]
fn explore_and_find_agree_with_positions_and_check() {
    let dir = common::scratch("db-agree");
    let db = dir.join("archive.db");
    let paths = testdata();
    let summary = index(&db, &paths);
    agree(&db, &paths, &summary, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `explore` and `find --db` on the database `db` of `paths` (whose index said `summary`) answer
/// what `positions` and `check` say over distinct games, at every position of the first
/// `plies` plies of every game.
fn agree(db: &Path, paths: &[String], summary: &Value, plies: u64) {
    let truth = Truth::of(paths);
    assert!(summary["positions"].as_u64().unwrap() as usize <= truth.rows.len());
    // The position after each move, by game and ply, to check the positions `explore` gives.
    let mut next: HashMap<(String, String, u64), String> = HashMap::new();
    for r in &truth.rows {
        let key = (r["source"].as_str().unwrap().to_owned(), r["game"].as_str().unwrap().to_owned());
        next.insert((key.0, key.1, r["ply"].as_u64().unwrap()), written(r));
    }
    // Every start position, and the positions after the first two plies.
    let mut asked = BTreeSet::new();
    for row in truth.rows.iter().filter(|r| r["ply"].as_u64().unwrap() <= plies) {
        asked.insert((row["kind"].as_str().unwrap().to_owned(), row["key"].as_str().unwrap().to_owned(), written(row)));
    }
    assert!(asked.len() > 20, "{} positions", asked.len());
    let mut moves_checked = 0;
    for (kind, key, position) in &asked {
        let (games, wins, moves) = truth.explore(kind, key);
        let (code, answer) = explore(db, position, kind, &[]);
        assert_eq!(code, Some(if games > 0 { 0 } else { 1 }), "{position}: {answer}");
        assert_eq!(answer["games"].as_u64(), Some(games), "{position}: {answer}");
        let labels: Vec<&String> = answer["wins"].as_object().unwrap().keys().collect();
        assert_eq!(labels.len(), 2);
        let got = |w: &Value| -> [u64; 2] {
            match kind.as_str() {
                "arimaa" => [w["g"].as_u64().unwrap(), w["s"].as_u64().unwrap()],
                "backgammon" => [w["on_roll"].as_u64().unwrap(), w["other"].as_u64().unwrap()],
                _ => [w["sq"].as_u64().unwrap(), w["cr"].as_u64().unwrap()],
            }
        };
        assert_eq!(got(&answer["wins"]), wins, "{position}: {answer}");
        let listed = answer["moves"].as_array().unwrap();
        assert_eq!(listed.len(), moves.len(), "{position}: {answer}");
        for m in listed {
            let k = (m["move"].as_str().unwrap().to_owned(), m["dice"].as_str().unwrap().to_owned());
            let (n, w) = moves[&k];
            assert_eq!(m["games"].as_u64(), Some(n), "{position} {k:?}");
            assert_eq!(got(&m["wins"]), w, "{position} {k:?}");
            moves_checked += 1;
        }
        let counts: Vec<u64> = listed.iter().map(|m| m["games"].as_u64().unwrap()).collect();
        assert!(counts.windows(2).all(|w| w[0] >= w[1]), "most played first: {counts:?}");
        assert!(answer["top_games"].as_array().unwrap().len() as u64 == games.min(10));
        // The position after each move is the one the games reach next.
        for row in truth.rows.iter().filter(|r| r["key"] == key.as_str() && !r["move"].is_null()) {
            let after = next.get(&(
                row["source"].as_str().unwrap().to_owned(),
                row["game"].as_str().unwrap().to_owned(),
                row["ply"].as_u64().unwrap() + 1,
            ));
            let listed = listed.iter().find(|m| m["move"] == row["move"] && m["dice"] == row["dice"]);
            if let (Some(after), Some(m)) = (after, listed) {
                assert_eq!(m["position"].as_str(), Some(after.as_str()), "{position}: {m}");
            }
        }
        // find --db: every distinct game and ply, ok or not.
        let out = run(&["find", "--jsonl", "--db", db.to_str().unwrap(), "--game", kind, "--position", position]);
        let found: BTreeSet<(String, u64)> = common::json_lines(&out)
            .iter()
            .map(|f| (format!("{kind}:{}", f["fingerprint"].as_str().unwrap()), f["ply"].as_u64().unwrap()))
            .collect();
        let want: BTreeSet<(String, u64)> = truth
            .rows
            .iter()
            .filter(|r| r["key"] == key.as_str() && r["kind"] == kind.as_str())
            .map(|r| (truth.game_of(r).fingerprint.clone(), r["ply"].as_u64().unwrap()))
            .collect();
        assert_eq!(found, want, "{position}");
        assert_eq!(common::json_lines(&out).len(), want.len(), "one object per distinct game and ply");
    }
    assert!(moves_checked > 50, "{moves_checked} moves checked");
}

#[test]
fn a_player_filter_keeps_that_players_games() {
    let dir = common::scratch("db-player");
    let db = dir.join("archive.db");
    index(&db, &testdata());
    let start = "g [................................................................]";
    let (_, all) = explore(&db, start, "arimaa", &[]);
    let (code, mine) = explore(&db, start, "arimaa", &["--player", "BOT_TABULA_RUNNER"]);
    assert_eq!(code, Some(0), "{mine}");
    assert!(mine["games"].as_u64().unwrap() > 0 && mine["games"].as_u64() < all["games"].as_u64(), "{mine}\n{all}");
    let (code, none) = explore(&db, start, "arimaa", &["--player", "nobody at all"]);
    assert_eq!((code, none["games"].as_u64()), (Some(1), Some(0)));
    // --dice keeps one roll.
    let (_, opening) = explore(&db, "4HPwATDgc/ABMA", "backgammon", &["--dice", "13"]);
    let moves = opening["moves"].as_array().unwrap();
    assert!(!moves.is_empty() && moves.iter().all(|m| m["dice"] == "31"), "{opening}");
    let (code, _) = explore(&db, "4HPwATDgc/ABMA", "backgammon", &["--dice", "71"]);
    assert_eq!(code, Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every table of the database, row by row, in a fixed order.
fn dump(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut out = Vec::new();
    for table in ["meta", "files", "games", "sources", "players", "moves", "positions"] {
        let mut stmt = conn.prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2")).unwrap();
        let columns = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                let mut line = table.to_owned();
                for i in 0..columns {
                    line.push_str(&format!("\t{:?}", r.get::<_, rusqlite::types::Value>(i)?));
                }
                Ok(line)
            })
            .unwrap();
        out.extend(rows.map(Result::unwrap));
    }
    out
}

/// The database's content named by what it holds rather than by its row ids (which a file
/// replaced, or a move text left behind, may change): games, sources, players, positions.
fn content(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let queries = [
        "SELECT kind, fingerprint, verdict, turns, winner, result, match_fingerprint, player0, player1, event, date, \
         match_length, hex(keys) FROM games",
        "SELECT f.path, s.seq, g.fingerprint, s.id, s.verdict FROM sources s JOIN files f ON f.id = s.file \
         JOIN games g ON g.id = s.game",
        "SELECT p.name, g.fingerprint FROM players p JOIN games g ON g.id = p.game",
        "SELECT p.key, g.fingerprint, p.ply, p.side, p.dice, m.text FROM positions p JOIN games g ON g.id = p.game \
         LEFT JOIN moves m ON m.id = p.move",
        "SELECT path, hash, bytes FROM files",
        "SELECT g.fingerprint, f.path, g.first_seq, g.first_id FROM games g JOIN files f ON f.id = g.first_file",
    ];
    let mut out = Vec::new();
    for q in queries {
        let mut stmt = conn.prepare(q).unwrap();
        let columns = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                let mut line = String::new();
                for i in 0..columns {
                    line.push_str(&format!("{:?}\t", r.get::<_, rusqlite::types::Value>(i)?));
                }
                Ok(line)
            })
            .unwrap();
        out.extend(rows.map(Result::unwrap));
    }
    out.sort();
    out
}

#[test]
fn indexing_twice_changes_nothing() {
    let dir = common::scratch("db-twice");
    let db = dir.join("archive.db");
    let first = index(&db, &testdata());
    assert!(first["games"].as_u64().unwrap() > 100 && first["copies"].as_u64().unwrap() > 0, "{first}");
    let before = dump(&db);
    let second = index(&db, &testdata());
    assert_eq!(second["files"], 0, "{second}");
    assert_eq!(second["skipped"], first["files"], "{second}");
    assert_eq!((second["games"].as_u64(), second["positions"].as_u64()), (Some(0), Some(0)));
    assert_eq!(dump(&db), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_changed_file_is_replaced() {
    let dir = common::scratch("db-changed");
    let archive = dir.join("archive");
    std::fs::create_dir_all(&archive).unwrap();
    let games = std::fs::read_to_string(repo().join("testdata/snr/games.txt")).unwrap();
    let file = archive.join("snr.txt");
    std::fs::write(&file, &games).unwrap();
    std::fs::copy(repo().join("testdata/arimaa/random_games.tsv"), archive.join("a.tsv")).unwrap();
    let paths = [archive.display().to_string()];
    let db = dir.join("archive.db");
    index(&db, &paths);
    // Half of the records, and one of the faulty ones.
    let cut = games.match_indices("\n[Game ").nth(5).map(|(i, _)| i).unwrap();
    let faults = std::fs::read_to_string(repo().join("testdata/snr/faults.txt")).unwrap();
    let fault = &faults[faults.find("[Game ").unwrap()..];
    let fault = &fault[..fault[1..].find("[Game ").map_or(fault.len(), |i| i + 1)];
    std::fs::write(&file, format!("{}\n\n{fault}", &games[..cut])).unwrap();
    let again = index(&db, &paths);
    assert_eq!(
        (again["files"].as_u64(), again["replaced"].as_u64(), again["skipped"].as_u64()),
        (Some(1), Some(1), Some(1))
    );
    let clean = dir.join("clean.db");
    index(&clean, &paths);
    assert_eq!(content(&db), content(&clean));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_is_no_database_of_this_version_exits_2_naming_it() {
    let dir = common::scratch("db-bad");
    let good = dir.join("good.db");
    index(&good, &[repo().join("testdata/snr").display().to_string()]);
    let bytes = std::fs::read(&good).unwrap();
    let text = dir.join("text.db");
    std::fs::write(&text, "this is not a database, only text that is long enough to have a header. ".repeat(4))
        .unwrap();
    let truncated = dir.join("truncated.db");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    let corrupt = dir.join("corrupt.db");
    let mut broken = bytes.clone();
    let page = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
    broken[page..].iter_mut().for_each(|b| *b = 0xa5);
    std::fs::write(&corrupt, &broken).unwrap();
    let other = dir.join("other.db");
    std::fs::write(&other, &bytes).unwrap();
    rusqlite::Connection::open(&other).unwrap().pragma_update(None, "user_version", 99).unwrap();
    let fingerprints = dir.join("fingerprints.db");
    std::fs::write(&fingerprints, &bytes).unwrap();
    rusqlite::Connection::open(&fingerprints)
        .unwrap()
        .execute("UPDATE meta SET value = '0' WHERE key = 'fingerprint_version'", [])
        .unwrap();
    let foreign = dir.join("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        .unwrap();
    let start = "4HPwATDgc/ABMA";
    for (db, says) in [
        (&text, "not an SQLite database"),
        (&truncated, "truncated"),
        (&corrupt, "corrupt"),
        (&other, "schema version 99"),
        (&fingerprints, "fingerprints are of version 0"),
        (&foreign, "another program"),
        (&dir.join("missing.db"), "no such database"),
    ] {
        let name = db.display().to_string();
        for args in [
            vec!["explore", "--db", &name, "--position", start],
            vec!["find", "--db", &name, "--position", start],
            vec!["index", "--db", &name, "testdata/snr"],
        ] {
            if args[0] == "index" && says == "no such database" {
                continue;
            }
            let out = run(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains(&name) && stderr.contains(says), "{args:?}: {stderr}");
        }
    }
    // A bad position exits 2 too.
    let out = run(&["explore", "--db", good.to_str().unwrap(), "--position", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The answers a database gives for the start positions and a few more.
fn answers(db: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for (kind, position) in [
        ("arimaa", "g [................................................................]"),
        ("backgammon", "4HPwATDgc/ABMA"),
        ("stones-and-rivers", "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 cr"),
    ] {
        out.push(explore(db, position, kind, &[]).1.to_string());
        let found = run(&["find", "--jsonl", "--db", db.to_str().unwrap(), "--game", kind, "--position", position]);
        out.push(String::from_utf8_lossy(&found.stdout).into_owned());
    }
    out
}

#[test]
fn a_killed_index_leaves_a_whole_database_and_a_second_run_ends_it() {
    let dir = common::scratch("db-killed");
    let archive = dir.join("archive");
    // testdata many times over: long enough to be killed in the middle.
    for copy in 0..40 {
        for sub in ["arimaa", "backgammon/matches", "backgammon/sgf", "snr"] {
            let to = archive.join(format!("{copy}")).join(sub);
            std::fs::create_dir_all(&to).unwrap();
            for entry in std::fs::read_dir(repo().join("testdata").join(sub)).unwrap() {
                let path = entry.unwrap().path();
                if path.is_file() {
                    std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
                }
            }
        }
    }
    let paths = [archive.display().to_string()];
    let db = dir.join("killed.db");
    let name = db.display().to_string();
    let mut killed_midway = false;
    for delay in [300, 150, 600] {
        let _ = std::fs::remove_file(&db);
        let mut child = common::spawn_tabula(&["index", "--jobs", "1", "--db", &name, &paths[0]], false);
        std::thread::sleep(std::time::Duration::from_millis(delay));
        let running = child.try_wait().unwrap().is_none();
        child.kill().unwrap();
        let _ = child.wait();
        if running && db.exists() {
            // Whole: it opens and answers.
            let conn = rusqlite::Connection::open(&db).unwrap();
            let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
            assert_eq!(check, "ok");
            let files: i64 = conn.query_row("SELECT count(*) FROM files", [], |r| r.get(0)).unwrap();
            drop(conn);
            if files > 0 {
                killed_midway = true;
                break;
            }
        }
    }
    assert!(killed_midway, "index never stood between its first file and its last when killed");
    let rerun = index(&db, &paths);
    assert!(rerun["skipped"].as_u64().unwrap() > 0, "{rerun}");
    let clean = dir.join("clean.db");
    index(&clean, &paths);
    assert_eq!(content(&db), content(&clean));
    assert_eq!(answers(&db), answers(&clean));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "needs ../shared/data and GNU Backgammon (gnubg)"]
fn the_three_copies_of_every_shared_backgammon_match_count_once() {
    let matches = common::shared_data("backgammon/matches");
    let dir = common::scratch("db-shared");
    let mut paths = vec![
        common::shared_data("arimaa").display().to_string(),
        common::shared_data("snr").display().to_string(),
        matches.display().to_string(),
    ];
    for to in ["mat", "sgf"] {
        let out = dir.join(format!("gnubg-{to}"));
        std::fs::create_dir_all(&out).unwrap();
        common::gnubg_rewrite(&matches, to, &out);
        paths.push(out.display().to_string());
    }
    let db = dir.join("archive.db");
    let summary = index(&db, &paths);
    // The copies add no game: the distinct backgammon games are those of the site's files.
    let truth = Truth::of(&paths[2..3]);
    let site: BTreeSet<&str> = truth.checked.values().map(|c| c.fingerprint.as_str()).collect();
    let conn = rusqlite::Connection::open(&db).unwrap();
    let games: i64 = conn.query_row("SELECT count(*) FROM games WHERE kind = 'backgammon'", [], |r| r.get(0)).unwrap();
    assert_eq!(games as usize, site.len());
    // Every game gnubg wrote twice more has three sources.
    let three: i64 = conn
        .query_row(
            "SELECT count(*) FROM (SELECT game FROM sources s JOIN games g ON g.id = s.game WHERE g.kind = 'backgammon' \
             GROUP BY game HAVING count(*) >= 3)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(three as usize * 10 >= site.len() * 9, "{three} of {} games with three copies", site.len());
    drop(conn);
    agree(&db, &paths, &summary, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Move texts whose ids (XXH3-64 of the text) are already taken by other texts get the next
/// free ids, whether written a statement of many at a time or one by one, and every position
/// names its own move's text.
#[test]
fn move_ids_taken_by_other_texts_are_renumbered() {
    let dir = common::scratch("db-collide");
    let db = dir.join("archive.db");
    let first = repo().join("testdata/snr/games.txt");
    common::index_into(&db, &[&first]);
    let file = repo().join("testdata/backgammon/matches/galaxy_7pt.mat");
    let rows = common::json_lines(&run(&["positions", "--jsonl", file.to_str().unwrap_or_default()]));
    let mut texts: Vec<String> = rows.iter().filter_map(|r| r["move"].as_str().map(str::to_owned)).collect();
    texts.sort();
    texts.dedup();
    assert!(texts.len() > 100, "enough new moves for whole statements: {}", texts.len());
    // Every third text's id, and the next one after a few of them, taken by planted texts.
    {
        let conn = rusqlite::Connection::open(&db).expect("open");
        for (i, text) in texts.iter().enumerate().filter(|(i, _)| i % 3 == 0) {
            let id = xxhash_rust::xxh3::xxh3_64(text.as_bytes()) as i64;
            conn.execute("INSERT INTO moves(id, text) VALUES (?1, ?2)", rusqlite::params![id, format!("planted {i}")])
                .expect("plant");
            if i % 9 == 0 {
                conn.execute(
                    "INSERT OR IGNORE INTO moves(id, text) VALUES (?1, ?2)",
                    rusqlite::params![id.wrapping_add(1), "next"],
                )
                .expect("plant the next");
            }
        }
    }
    common::index_into(&db, &[&file]);
    let conn = rusqlite::Connection::open(&db).expect("open");
    let mut stmt = conn
        .prepare(
            "SELECT s.id, p.ply, m.text FROM positions p JOIN sources s ON s.game = p.game \
             JOIN files f ON f.id = s.file JOIN moves m ON m.id = p.move WHERE f.path = ?1",
        )
        .expect("prepare");
    let stored: HashMap<(String, u64), String> = stmt
        .query_map([file.to_str().unwrap_or_default()], |r| Ok(((r.get(0)?, r.get::<_, i64>(1)? as u64), r.get(2)?)))
        .expect("query")
        .map(|r| r.expect("row"))
        .collect();
    let mut compared = 0;
    for row in &rows {
        let Some(text) = row["move"].as_str() else { continue };
        let at = (row["game"].as_str().unwrap_or_default().to_owned(), row["ply"].as_u64().unwrap_or(0));
        assert_eq!(stored.get(&at).map(String::as_str), Some(text), "{at:?}");
        compared += 1;
    }
    assert_eq!(compared, stored.len());
    let planted: i64 =
        conn.query_row("SELECT count(*) FROM moves WHERE text LIKE 'planted %'", [], |r| r.get(0)).expect("count");
    assert_eq!(planted as usize, texts.len().div_ceil(3));
}
