//! `tabula serve`: its JSON is the program's (`explore --jsonl`, `find --db --jsonl`), its pages
//! are the board and the replay pages of the database's games, and hostile requests each get
//! their status while the server stays up and the database stays as it was.
#![allow(missing_docs)]

mod common;

use common::repo;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::Duration;

use serde_json::Value;

/// A database of the bundled `testdata/`, in a scratch folder of its own.
fn database(name: &str) -> PathBuf {
    let db = common::scratch(name).join("archive.db");
    let folders = ["testdata/arimaa", "testdata/backgammon", "testdata/snr"].map(|f| repo().join(f));
    common::index_into(&db, &folders.each_ref().map(PathBuf::as_path));
    db
}

/// A running `tabula serve`, killed when dropped.
struct Served {
    child: Child,
    addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(db: &Path) -> Served {
    let mut child = common::spawn_tabula(&["serve", "--db", db.to_str().unwrap_or_default()], false);
    let mut line = String::new();
    let stdout = child.stdout.take().expect("stdout");
    BufReader::new(stdout).read_line(&mut line).expect("the address");
    let addr = line.trim().trim_start_matches("http://").trim_end_matches('/').to_owned();
    assert!(addr.starts_with("127.0.0.1:"), "it binds loopback: {line:?}");
    Served { child, addr }
}

/// A response: status, headers (names in lower case), body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends `request` (raw bytes: a request line, headers, a blank line) and reads the whole answer.
fn raw(addr: &str, request: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("timeout");
    stream.write_all(request).expect("send");
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    let split = bytes.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| {
        panic!("no answer to {:?}: {:?}", String::from_utf8_lossy(&request[..request.len().min(80)]), bytes)
    });
    let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Answer { status, headers, body: bytes[split + 4..].to_vec() }
}

fn get(addr: &str, target: &str) -> Answer {
    raw(addr, format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes())
}

/// `text` as a query's value.
fn q(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

fn program_json(args: &[&str]) -> (Option<i32>, Vec<Value>, String) {
    let out = common::tabula(args, None);
    (out.status.code(), common::json_lines(&out), String::from_utf8_lossy(&out.stderr).trim().to_owned())
}

/// The page `tabula replay --format html` writes of an explored top game (`explore`'s
/// `top_games` item), at its ply.
fn replay_page(top: &Value) -> Vec<u8> {
    common::tabula(
        &[
            "replay",
            top["source"].as_str().unwrap_or_default(),
            "--game",
            top["game"].as_str().unwrap_or_default(),
            "--turn",
            &top["ply"].to_string(),
            "--format",
            "html",
        ],
        None,
    )
    .stdout
}

const STARTS: [(&str, &str); 3] = [
    ("backgammon", "4HPwATDgc/ABMA"),
    ("arimaa", "g [                                                                ]"),
    ("stones-and-rivers", ""),
];

/// The start of each kind as `explore` takes it (Stones and Rivers': the first position of the
/// first game `positions` lists).
fn starts() -> Vec<(&'static str, String)> {
    let snr = repo().join("testdata/snr/games.txt");
    let (_, rows, _) = program_json(&["positions", "--jsonl", snr.to_str().unwrap_or_default()]);
    let snr_start = rows.first().and_then(|r| r["position"].as_str()).unwrap_or_default().to_owned();
    STARTS.iter().map(|&(k, p)| (k, if p.is_empty() { snr_start.clone() } else { p.to_owned() })).collect()
}

#[test]
fn the_api_answers_what_the_program_answers() {
    let db = database("serve-api");
    let served = serve(&db);
    let db_arg = db.to_str().unwrap_or_default();
    for (kind, start) in starts() {
        let answer = get(&served.addr, &format!("/api/explore?game={kind}&position={}", q(&start)));
        assert_eq!(answer.status, 200, "{kind}: {}", answer.text());
        assert_eq!(answer.header("content-type"), Some("application/json"));
        let (code, lines, _) =
            program_json(&["explore", "--db", db_arg, "--jsonl", "--game", kind, "--position", &start]);
        assert_eq!(code, Some(0), "{kind}: the start is reached");
        assert_eq!(answer.json(), lines[0], "{kind}");
        assert!(lines[0]["games"].as_u64().unwrap_or(0) > 0, "{kind}");
        // Each move's position after it is asked in turn: the explorer's next step.
        for m in lines[0]["moves"].as_array().into_iter().flatten().take(3) {
            let after = m["position"].as_str().unwrap_or_default();
            let next = get(&served.addr, &format!("/api/explore?game={kind}&position={}", q(after)));
            let (_, lines, _) =
                program_json(&["explore", "--db", db_arg, "--jsonl", "--game", kind, "--position", after]);
            assert_eq!(next.json(), lines[0], "{kind} after {}", m["move"]);
        }
        let found = get(&served.addr, &format!("/api/find?game={kind}&position={}", q(&start)));
        let (_, lines, _) = program_json(&["find", "--db", db_arg, "--jsonl", "--game", kind, "--position", &start]);
        assert_eq!(found.json(), Value::Array(lines), "{kind}");
    }
    // A roll and a player, as the program takes them.
    let (_, lines, _) = program_json(&[
        "explore",
        "--db",
        db_arg,
        "--jsonl",
        "--position",
        "4HPwATDgc/ABMA",
        "--dice",
        "31",
        "--player",
        "TABULA_LEFT",
    ]);
    let answer = get(&served.addr, "/api/explore?position=4HPwATDgc%2FABMA&dice=31&player=tabula_left");
    assert_eq!(answer.json(), lines[0]);
    // A position no game reaches: no games, status 200 (the program's exit 1 is not an error).
    let answer = get(&served.addr, "/api/explore?game=backgammon&position=AAAAAAAAAAAAAA");
    assert_eq!((answer.status, answer.json()["games"].as_u64()), (200, Some(0)));
    // HEAD: the headers of GET, no body.
    let head = raw(
        &served.addr,
        b"HEAD /api/explore?position=4HPwATDgc/ABMA HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert_eq!((head.status, head.body.len()), (200, 0));
}

#[test]
fn the_pages_are_the_board_the_games_and_a_players_list() {
    let db = database("serve-pages");
    let served = serve(&db);
    let home = get(&served.addr, "/");
    assert_eq!(home.status, 200);
    for kind in ["arimaa", "backgammon", "stones-and-rivers"] {
        assert!(home.text().contains(&format!("<a href=\"/board?game={kind}\">")), "{}", home.text());
    }
    let board = get(&served.addr, "/board?game=backgammon");
    assert_eq!(board.status, 200);
    assert_eq!(board.header("content-type"), Some("text/html; charset=utf-8"));
    let text = board.text();
    for id in ["id=\"explorer\"", "id=\"explorer-games\"", "id=\"explorer-total\"", "id=\"move\"", "id=\"position\""] {
        assert!(text.contains(id), "{id}");
    }
    assert!(text.contains("connect-src 'self'"), "the page may ask its own server");
    assert!(text.contains("data-encoding=\"deflate-raw\""), "the board's module is inlined");
    // A player's games: as many as the program's explore of the start counts for them.
    let players = get(&served.addr, "/?player=Bot_Tabula_Runner");
    let rows = players.text().matches("<tr data-fingerprint=").count();
    let (_, lines, _) = program_json(&[
        "explore",
        "--db",
        db.to_str().unwrap_or_default(),
        "--jsonl",
        "--player",
        "bot_tabula_runner",
        "--position",
        STARTS[1].1,
    ]);
    let total = lines[0]["games"].as_u64().unwrap_or(0) as usize;
    assert!(total > 0 && rows >= total, "{rows} rows, {total} ok games from the start");
    assert!(players.text().contains("/board?game=arimaa&amp;player=Bot%5FTabula%5FRunner"), "the player's explorer");
    // A top game's replay page, opened at its ply.
    let explored = get(&served.addr, "/api/explore?game=backgammon&position=4HPwATDgc%2FABMA").json();
    let top = &explored["top_games"][0];
    let target = format!(
        "/game?game=backgammon&fingerprint={}&ply={}",
        top["fingerprint"].as_str().unwrap_or_default(),
        top["ply"]
    );
    let page = get(&served.addr, &target);
    assert_eq!(page.status, 200, "{}", page.text());
    assert_eq!(page.body, replay_page(top), "the page is the program's replay page");
    // A game no longer in its file as indexed: refused, not shown wrong.
    let missing = get(&served.addr, "/game?game=backgammon&fingerprint=0123456789abcdef0123456789abcdef");
    assert_eq!(missing.status, 404);
}

#[test]
fn a_changed_file_is_not_shown_as_the_game_indexed() {
    let dir = common::scratch("serve-changed");
    let file = dir.join("games.txt");
    std::fs::copy(repo().join("testdata/snr/games.txt"), &file).expect("copy");
    let db = dir.join("archive.db");
    common::index_into(&db, &[&file]);
    let served = serve(&db);
    let (_, rows, _) = program_json(&["positions", "--jsonl", file.to_str().unwrap_or_default()]);
    let start = rows[0]["position"].as_str().unwrap_or_default().to_owned();
    let explored = get(&served.addr, &format!("/api/explore?game=stones-and-rivers&position={}", q(&start))).json();
    let target = format!(
        "/game?game=stones-and-rivers&fingerprint={}&ply=0",
        explored["top_games"][0]["fingerprint"].as_str().unwrap_or_default()
    );
    assert_eq!(get(&served.addr, &target).status, 200);
    let mut text = std::fs::read_to_string(&file).expect("read");
    text.insert(0, '\n');
    std::fs::write(&file, text).expect("write");
    let changed = get(&served.addr, &target);
    assert_eq!(changed.status, 404);
    assert!(
        changed.json()["error"].as_str().unwrap_or_default().contains("changed since it was indexed"),
        "{}",
        changed.text()
    );
}

#[test]
fn hostile_requests_get_their_status_and_the_server_stays_up() {
    let db = database("serve-hostile");
    let before = std::fs::read(&db).expect("the database");
    let served = serve(&db);
    let a = served.addr.as_str();
    // The program's own message for a bad position.
    let (code, _, message) = program_json(&["explore", "--db", db.to_str().unwrap_or_default(), "--position", "zzz"]);
    assert_eq!(code, Some(2));
    let bad = get(a, "/api/explore?position=zzz");
    assert_eq!(bad.status, 400);
    let error = bad.json()["error"].as_str().unwrap_or_default().to_owned();
    assert!(message.ends_with(error.trim_start_matches("position: ")), "{message} / {error}");
    let cases: Vec<(Vec<u8>, u16)> = vec![
        (b"/api/explore?game=backgammon&position=4HPwATDgc/ABMZ".to_vec(), 400),
        (b"/api/explore?game=chess&position=4HPwATDgc/ABMA".to_vec(), 400),
        (b"/api/explore?game=arimaa&position=g%20%5Bxx%5D".to_vec(), 400),
        (b"/api/explore?position=4HPwATDgc/ABMA&dice=77".to_vec(), 400),
        (b"/api/explore?position=4HPwATDgc/ABMA&position=4HPwATDgc/ABMA".to_vec(), 400),
        (b"/api/explore?position=4HPwATDgc/ABMA&debug=1".to_vec(), 400),
        (b"/api/explore".to_vec(), 400),
        (b"/api/find?position=%ff%fe%00".to_vec(), 400),
        (b"/api/explore?position=%C3%28".to_vec(), 400),
        (b"/board?game=arimaa&position=nonsense".to_vec(), 400),
        (b"/board?game=arimaa&view=q".to_vec(), 400),
        (b"/game?game=arimaa&fingerprint=../../etc/passwd".to_vec(), 400),
        (b"/game?game=arimaa&fingerprint=0123456789abcdef0123456789abcdef&ply=x".to_vec(), 400),
        (b"/../../../etc/passwd".to_vec(), 404),
        (b"/%2e%2e/%2e%2e/etc/passwd".to_vec(), 404),
        (b"/testdata/snr/games.txt".to_vec(), 404),
        (b"/api/explore/../../Cargo.toml".to_vec(), 404),
        (b"/api".to_vec(), 404),
        (format!("/api/explore?position={}", "A".repeat(20_000)).into_bytes(), 414),
        (format!("/api/find?player={}", "%41".repeat(2_000)).into_bytes(), 414),
    ];
    for (target, status) in &cases {
        let mut request = b"GET ".to_vec();
        request.extend_from_slice(target);
        request.extend_from_slice(b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        let answer = raw(a, &request);
        assert_eq!(
            answer.status,
            *status,
            "{}: {}",
            String::from_utf8_lossy(&target[..target.len().min(80)]),
            answer.text()
        );
        if *status == 400 {
            assert!(answer.json()["error"].is_string(), "a message: {}", answer.text());
        }
    }
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"] {
        let answer = raw(
            a,
            format!("{method} /api/explore?position=4HPwATDgc/ABMA HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}")
                .as_bytes(),
        );
        assert_eq!(answer.status, 405, "{method}");
        assert_eq!(answer.header("allow"), Some("GET, HEAD"), "{method}");
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"), "{method}");
    }
    // Bytes that are no HTTP, and a request line of non-UTF-8 bytes: refused, nothing served.
    for junk in [&b"\x00\xff\xfe garbage\r\n\r\n"[..], b"GET /\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n"] {
        let mut stream = TcpStream::connect(a).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
        let _ = stream.write_all(junk);
        let mut reply = Vec::new();
        let _ = stream.read_to_end(&mut reply);
        assert!(reply.is_empty() || reply.starts_with(b"HTTP/1.1 4"), "{}", String::from_utf8_lossy(&reply));
    }
    // Headers of a megabyte: refused.
    let huge = format!("GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\nConnection: close\r\n\r\n", "b".repeat(1 << 20));
    let mut stream = TcpStream::connect(a).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    let _ = stream.write_all(huge.as_bytes());
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    assert!(
        reply.is_empty() || reply.starts_with(b"HTTP/1.1 4"),
        "{}",
        String::from_utf8_lossy(&reply[..reply.len().min(200)])
    );
    // Still up, still right, and the database untouched.
    let answer = get(a, "/api/explore?position=4HPwATDgc%2FABMA");
    assert_eq!((answer.status, answer.json()["games"].as_u64()), (200, Some(50)));
    drop(served);
    assert!(std::fs::read(&db).expect("the database") == before, "serving leaves the database's bytes as they were");
}

#[test]
fn many_clients_at_once_are_answered() {
    let db = database("serve-many");
    let served = serve(&db);
    let expected = get(&served.addr, "/api/explore?position=4HPwATDgc%2FABMA").json();
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let addr = served.addr.clone();
            std::thread::spawn(move || {
                (0..40).map(|_| get(&addr, "/api/explore?position=4HPwATDgc%2FABMA").json()).collect::<Vec<_>>()
            })
        })
        .collect();
    for t in threads {
        for answer in t.join().expect("a client") {
            assert_eq!(answer, expected);
        }
    }
}

#[test]
fn a_file_that_is_no_database_is_refused_naming_it() {
    let dir = common::scratch("serve-refused");
    let missing = dir.join("missing.db");
    let out = common::tabula(&["serve", "--db", missing.to_str().unwrap_or_default()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.db"), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!missing.exists(), "a missing database is not made");
    let junk = dir.join("junk.db");
    std::fs::write(
        &junk,
        b"not a database at all, nothing like one, but long enough to have a header of one hundred bytes...",
    )
    .expect("write");
    let out = common::tabula(&["serve", "--db", junk.to_str().unwrap_or_default()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("junk.db"));
}

#[cfg(unix)]
#[test]
fn sigterm_stops_it_cleanly() {
    let db = database("serve-term");
    let mut served = serve(&db);
    assert_eq!(get(&served.addr, "/").status, 200);
    let killed = std::process::Command::new("kill").arg(served.child.id().to_string()).status().expect("kill");
    assert!(killed.success());
    let status = served.child.wait().expect("wait");
    assert_eq!(status.code(), Some(0), "a SIGTERM is a stop asked for");
}

/// An answer kept by the server is let go when `tabula index` writes the file meanwhile: the
/// server answers what the program answers after the write.
#[test]
fn answers_follow_an_index_written_while_serving() {
    let dir = common::scratch("serve-follow");
    let db = dir.join("archive.db");
    let db_arg = db.to_str().unwrap_or_default().to_owned();
    let matches = repo().join("testdata/backgammon/matches");
    let first = matches.join("galaxy_7pt.mat");
    common::index_into(&db, &[&first]);
    let served = serve(&db);
    let ask = || get(&served.addr, "/api/explore?position=4HPwATDgc%2FABMA").json();
    let program =
        || program_json(&["explore", "--db", &db_arg, "--jsonl", "--position", "4HPwATDgc/ABMA"]).1[0].clone();
    let before = ask();
    assert_eq!(before, program());
    assert_eq!(ask(), before, "asked again");
    common::index_into(&db, &[&matches]);
    let after = program();
    assert!(after["games"].as_u64() > before["games"].as_u64(), "the second index adds games: {after}");
    for _ in 0..20 {
        assert_eq!(ask(), after);
    }
}

/// On the real archives of `../shared/data`: the API answers what the program answers at every
/// position of a sample of real games (each kind's), and a replay page of a real game is the
/// program's.
#[test]
#[ignore = "needs ../shared/data"]
fn on_the_shared_data_the_api_is_the_program() {
    let data = common::shared_data("");
    let dir = common::scratch("serve-shared");
    let db = dir.join("archive.db");
    let db_arg = db.to_str().unwrap_or_default().to_owned();
    common::index_into(&db, &[&data]);
    let served = serve(&db);
    let samples = [
        ("arimaa", data.join("arimaa/allgames202602_sample.tsv")),
        ("backgammon", data.join("backgammon/matches")),
        ("stones-and-rivers", data.join("snr")),
    ];
    for (kind, path) in samples {
        let (_, rows, _) = program_json(&["positions", "--jsonl", path.to_str().unwrap_or_default()]);
        // Every 7th position of the first rows, so that starts, openings and middle games are asked.
        let mut asked = 0;
        for row in rows.iter().take(3_000).step_by(7) {
            let position = match kind {
                "arimaa" => format!(
                    "{} [{}]",
                    row["side"].as_str().unwrap_or_default(),
                    row["position"].as_str().unwrap_or_default()
                ),
                _ => row["position"].as_str().unwrap_or_default().to_owned(),
            };
            let target = format!("/api/explore?game={kind}&position={}", q(&position));
            let (_, lines, stderr) =
                program_json(&["explore", "--db", &db_arg, "--jsonl", "--game", kind, "--position", &position]);
            let Some(expected) = lines.first() else { panic!("{kind} {position}: {stderr}") };
            assert_eq!(get(&served.addr, &target).json(), *expected, "{kind} {position}");
            asked += 1;
        }
        assert!(asked > 50, "{kind}: {asked} positions");
        // The replay page of the first game that reaches the start of the first row.
        let position = match kind {
            "arimaa" => format!(
                "{} [{}]",
                rows[0]["side"].as_str().unwrap_or_default(),
                rows[0]["position"].as_str().unwrap_or_default()
            ),
            _ => rows[0]["position"].as_str().unwrap_or_default().to_owned(),
        };
        let explored = get(&served.addr, &format!("/api/explore?game={kind}&position={}", q(&position))).json();
        let Some(top) = explored["top_games"].as_array().and_then(|t| t.first()).cloned() else { continue };
        let page = get(
            &served.addr,
            &format!(
                "/game?game={kind}&fingerprint={}&ply={}",
                top["fingerprint"].as_str().unwrap_or_default(),
                top["ply"]
            ),
        );
        assert_eq!(page.status, 200, "{kind}: {}", page.text());
        assert!(page.body == replay_page(&top), "{kind}: the page is the program's replay page");
    }
}
