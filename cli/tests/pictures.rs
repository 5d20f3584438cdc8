//! `tabula replay --format svg|html` on real records of the three games: the pictures and the
//! page as the program writes them; then, in the tests ignored by a plain `cargo test` (`.ci/run`
//! runs them with `cargo test --release -- --ignored`), one picture of each game rendered to PNG
//! by `rsvg-convert`, and the pages loaded in headless Chromium, which tests each page from
//! inside (`#selftest`: the right arrow key changes the board, a click on a move and the
//! previous button go where they should, no script error) and takes a screenshot of it.
//!
//! The PNGs and screenshots are kept under the target folder (`target/tmp/pictures/`) to be
//! looked at; they are not committed.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::tabula;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// One record of each game, with the turn its picture is taken after.
const PICTURES: [(&str, &str, &str, &str); 3] = [
    ("arimaa", "testdata/arimaa/random_games.tsv", "900005", "10"),
    ("backgammon", "testdata/backgammon/matches/galaxy_5pt.mat", "2", "9"),
    ("stones-and-rivers", "testdata/snr/games.txt", "cr-win-1", "20"),
];

/// The pages the browser test loads: a legal game of each kind, and two that break.
const PAGES: [(&str, &str, &str); 5] = [
    ("arimaa", "testdata/arimaa/random_games.tsv", "900005"),
    ("backgammon", "testdata/backgammon/matches/galaxy_5pt.mat", "2"),
    ("stones-and-rivers", "testdata/snr/games.txt", "cr-win-1"),
    ("arimaa-illegal", "testdata/arimaa/broken_games.tsv", "900101"),
    ("stones-and-rivers-illegal", "testdata/snr/faults.txt", "fault-1"),
];

fn path(relative: &str) -> String {
    format!("{ROOT}/{relative}")
}

fn replay(file: &str, game: &str, extra: &[&str]) -> std::process::Output {
    let file = path(file);
    let mut args = vec!["replay", file.as_str(), "--game", game];
    args.extend_from_slice(extra);
    tabula(&args, None)
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A folder under the target folder for what the tests leave to be looked at.
fn artefacts(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pictures").join(name);
    std::fs::create_dir_all(&dir).expect("make the artefact folder");
    dir
}

#[test]
fn one_svg_picture_of_each_game() {
    for (kind, file, game, turn) in PICTURES {
        let out = replay(file, game, &["--turn", turn, "--format", "svg"]);
        assert_eq!(out.status.code(), Some(0), "{kind}: {}", String::from_utf8_lossy(&out.stderr));
        let svg = stdout(&out);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{kind}: {svg}");
        assert!(svg.trim_end().ends_with("</svg>"), "{kind}");
        assert!(!svg.contains("href"), "{kind}: a standalone picture refers to nothing");
        match kind {
            "arimaa" => {
                assert_eq!(svg.matches("class=\"trap\"").count(), 8, "the four traps crossed");
                assert!(svg.contains("class=\"touched\""), "the last turn shown");
                assert!(svg.contains("class=\"capture\""), "its capture shown");
            }
            "backgammon" => {
                assert!(svg.contains("pips "), "pip counts");
                assert_eq!(svg.matches("class=\"point-number\"").count(), 24);
                assert!(svg.contains("class=\"cube\"") && svg.contains("class=\"die\""));
            }
            _ => {
                assert!(svg.contains("class=\"stone\"") && svg.contains("class=\"score-area\""));
            }
        }
    }
}

#[test]
fn the_last_position_by_default_and_a_turn_past_the_end_is_an_error() {
    let (_, file, game, _) = PICTURES[2];
    let last = stdout(&replay(file, game, &["--format", "svg"]));
    let at_105 = stdout(&replay(file, game, &["--format", "svg", "--turn", "105"]));
    assert!(last.contains("Circle has won"), "{last}");
    assert_eq!(last, at_105);
    let out = replay(file, game, &["--format", "svg", "--turn", "106"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game cr-win-1 has 105 turns: --turn 106 is past its end (it goes from 0 to 105)"), "{err}");
    let out = replay(file, "no-such-game", &["--format", "html"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game no-such-game"));
    let start = stdout(&replay(file, game, &["--format", "svg", "--turn", "0"]));
    assert!(start.contains(">start   (Circle to move)<"), "{start}");
}

#[test]
fn a_page_holds_the_header_every_position_and_the_break() {
    let out = replay("testdata/arimaa/random_games.tsv", "900001", &["--format", "html"]);
    assert_eq!(out.status.code(), Some(0));
    let page = stdout(&out);
    assert!(page.starts_with("<!DOCTYPE html>"));
    for want in ["<th>Gold</th><td>bot_tabula_runner (1341)</td>", "<th>Event</th>", "<th>Date</th>", "<th>Result</th>"]
    {
        assert!(page.contains(want), "{want}");
    }
    assert!(
        !page.contains("http://")
            || page.matches("http://").count() == page.matches("xmlns=\"http://www.w3.org/2000/svg\"").count(),
        "no address but the SVG namespace"
    );
    assert!(page.contains("<body data-start=\"0\">"), "a legal game opens at the start");
    let frames = page.matches("<div class=\"frame\"").count();
    assert_eq!(frames, page.matches("<svg ").count());
    assert_eq!(frames, page.matches("<li data-i=").count());

    let out = replay("testdata/arimaa/broken_games.tsv", "900101", &["--format", "html"]);
    assert_eq!(out.status.code(), Some(1), "an illegal game ends with status 1, as check");
    let page = stdout(&out);
    let frames = page.matches("<div class=\"frame\"").count();
    assert_eq!(frames, 6);
    assert!(page.contains(&format!("<body data-start=\"{}\">", frames - 1)), "opens at the turn that breaks");
    assert!(page.contains(
        "<li class=\"error\" id=\"break\">illegal: line 2, move 3b `db7e`: the piece on b7 is r, not d</li>"
    ));

    let out = replay("testdata/backgammon/matches/galaxy_5pt.mat", "2", &["--format", "html", "--turn", "4"]);
    let page = stdout(&out);
    assert!(page.contains("<th>X</th><td>tabula_left</td>") && page.contains("<th>Event</th>"));
    let start: usize = page
        .split("<body data-start=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .and_then(|s| s.parse().ok())
        .expect("data-start");
    assert!(
        page.contains(&format!("<li data-i=\"{start}\" data-node=\"{start}\" data-turn=\"4\">")),
        "--turn names the position the page opens at"
    );
}

#[test]
fn the_board_and_every_page_carry_the_kept_module() {
    let kept = std::fs::read(path("replay/module/tabula_web.wasm")).expect("the kept module");
    let slot = "<script type=\"application/octet-stream\" id=\"module\" data-encoding=\"deflate-raw\">";
    // The module inlined: base64 of the raw deflate stream the page's script inflates.
    let inlined = |page: &str| -> Vec<u8> {
        const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let text = page.split(slot).nth(1).and_then(|rest| rest.split('<').next()).unwrap_or("");
        let (mut bits, mut n, mut deflated) = (0u32, 0, Vec::new());
        for c in text.bytes().filter(|&c| c != b'=') {
            bits = bits << 6 | ABC.iter().position(|&a| a == c).expect("base64") as u32;
            n += 6;
            if n >= 8 {
                n -= 8;
                deflated.push((bits >> n) as u8);
            }
        }
        let mut wasm = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::DeflateDecoder::new(&deflated[..]), &mut wasm).expect("deflate");
        wasm
    };
    for (kind, file, game, _) in PICTURES {
        let out = tabula(&["board", "--game", kind], None);
        assert_eq!(out.status.code(), Some(0), "{kind}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(inlined(&stdout(&out)) == kept, "tabula board --game {kind}");
        let out = replay(file, game, &["--format", "html"]);
        assert!(inlined(&stdout(&out)) == kept, "the replay page of {file} {game}");
    }
}

/// A program the ignored tests need, or a failure that says what to install.
fn program(names: &[&str], install: &str) -> String {
    for name in names {
        if Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success()) {
            return (*name).to_owned();
        }
    }
    panic!("{} is not installed: apt-get install -y {install}", names[0]);
}

#[test]
#[ignore = "needs rsvg-convert and chromium (apt-get install -y librsvg2-bin chromium): cargo test --release -- --ignored"]
fn each_game_picture_renders_to_png() {
    let rsvg = program(&["rsvg-convert"], "librsvg2-bin");
    let dir = artefacts("svg");
    for (kind, file, game, turn) in PICTURES {
        let out = replay(file, game, &["--turn", turn, "--format", "svg"]);
        let svg_path = dir.join(format!("{kind}.svg"));
        std::fs::write(&svg_path, &out.stdout).expect("write the picture");
        let png_path = dir.join(format!("{kind}.png"));
        let run = Command::new(&rsvg).arg(&svg_path).arg("-o").arg(&png_path).output().expect("run rsvg-convert");
        assert!(run.status.success(), "{kind}: rsvg-convert: {}", String::from_utf8_lossy(&run.stderr));
        let png = std::fs::read(&png_path).expect("the PNG");
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{kind}: not a PNG");
        assert!(png.len() > 10_000, "{kind}: a PNG of {} bytes has no board on it", png.len());
        eprintln!("{kind}: {}", png_path.display());
    }
}

fn chromium(url: &str, extra: &[String], profile: &Path) -> std::process::Output {
    let browser = program(&["chromium", "chromium-browser"], "chromium");
    Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("run chromium")
}

#[test]
#[ignore = "needs rsvg-convert and chromium (apt-get install -y librsvg2-bin chromium): cargo test --release -- --ignored"]
fn each_page_passes_its_selftest_in_chromium() {
    let dir = artefacts("pages");
    let profile = dir.join("profile");
    for (name, file, game) in PAGES {
        let out = replay(file, game, &["--format", "html"]);
        assert!(out.status.code().is_some_and(|c| c <= 1), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let page = dir.join(format!("{name}.html"));
        std::fs::write(&page, &out.stdout).expect("write the page");
        let url = format!("file://{}", page.display());
        let dom = chromium(&format!("{url}#selftest"), &["--dump-dom".to_owned()], &profile);
        let dom = String::from_utf8_lossy(&dom.stdout);
        let result = dom.split("<p id=\"selftest\">").nth(1).and_then(|s| s.split('<').next()).unwrap_or("");
        assert!(
            result.starts_with("selftest: pass"),
            "{name}: {result:?} (the page's script did not run to its end when empty)"
        );
        let shot = dir.join(format!("{name}.png"));
        let args = [format!("--screenshot={}", shot.display()), "--window-size=1200,860".to_owned()];
        let run = chromium(&url, &args, &profile);
        assert!(shot.is_file(), "{name}: no screenshot: {}", String::from_utf8_lossy(&run.stderr));
        eprintln!("{name}: {result}; {}", shot.display());
    }
}

/// A bundled legal game of each kind (backgammon: in `.mat` and gnubg's `.sgf`) with one slip
/// written into it (the first occurrence of `from` made `to`), the game's id, the move that was
/// played there in the game's standard notation, and the roll of a backgammon play.
const SLIPS: [(&str, &str, &str, &str, &str, &str, &str); 4] = [
    (
        "arimaa",
        "testdata/arimaa/random_games.tsv",
        "900005",
        "\\n6w Dd2n He2n Eb3n Ra2e\\n",
        "\\n6w Dd2n He2n Eb3n Ra2w\\n",
        "Dd2n He2n Eb3n Ra2e",
        "",
    ),
    (
        "backgammon",
        "testdata/backgammon/matches/galaxy_5pt.mat",
        "2",
        "  3) 63: 24/18 7/4 ",
        "  3) 63: 24/18 7/3 ",
        "24/18 7/4",
        "63",
    ),
    ("backgammon-sgf", "testdata/backgammon/sgf/galaxy_1pt.sgf", "1", ";B[43yclp]", ";B[43yclq]", "bar/22* 13/9", "43"),
    (
        "stones-and-rivers",
        "testdata/snr/games.txt",
        "cr-win-1",
        "Cr - I9, PS, I8, I7\n",
        "Cr - I9, PS, I8, I6\n",
        "Cr - I9, PS, I8, I7",
        "",
    ),
];

/// The items of the page's list of repairs: each one's `data-move` and `data-then`.
fn repairs_listed(page: &str) -> Vec<(String, String)> {
    let Some(list) = page.split("<ul id=\"repairs\"").nth(1).and_then(|s| s.split("</ul>").next()) else {
        return Vec::new();
    };
    let attr = |li: &str, name: &str| {
        let unescape =
            |s: &str| s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
        li.split(&format!(" {name}=\"")).nth(1).and_then(|s| s.split('"').next()).map(unescape).unwrap_or_default()
    };
    list.split("<li").skip(1).map(|li| (attr(li, "data-move"), attr(li, "data-then"))).collect()
}

#[test]
fn a_broken_records_page_lists_the_suggestions_of_check_suggest_and_a_legal_ones_none() {
    let dir = artefacts("slips");
    for (kind, file, game, from, to, played, dice) in SLIPS {
        let text = std::fs::read_to_string(path(file)).expect("the bundled record");
        assert!(text.contains(from), "{kind}: {from:?} is not in {file}");
        let name = Path::new(file).file_name().and_then(|n| n.to_str()).unwrap_or("slip");
        let slipped = dir.join(name);
        std::fs::write(&slipped, text.replacen(from, to, 1)).expect("write the record with a slip");
        let slipped = slipped.display().to_string();

        let out = tabula(&["check", "--suggest", "--jsonl", &slipped], None);
        let reports = common::json_lines(&out);
        let report =
            reports.iter().find(|r| r["game"].as_str().is_some_and(|g| g == game || g.ends_with(&format!("#{game}"))));
        let report = report.unwrap_or_else(|| panic!("{kind}: no report of game {game}: {reports:?}"));
        assert_eq!(report["verdict"], "illegal", "{kind}: {report}");
        let want: Vec<(String, String)> = report["error"]["suggestions"]
            .as_array()
            .map(|l| {
                l.iter()
                    .map(|s| (s["move"].as_str().unwrap_or("").to_owned(), s["then"].as_str().unwrap_or("").to_owned()))
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(want.first(), Some(&(played.to_owned(), "ok".to_owned())), "{kind}: {report}");

        let out = tabula(&["replay", &slipped, "--game", game, "--format", "html"], None);
        assert_eq!(out.status.code(), Some(1), "{kind}: the page's verdict is check's");
        let page = stdout(&out);
        assert_eq!(repairs_listed(&page), want, "{kind}: the page lists check --suggest's moves, in its order");
        let frames = page.matches("<div class=\"frame\"").count();
        assert!(
            page.contains(&format!("<ul id=\"repairs\" data-frame=\"{}\"", frames - 1)),
            "{kind}: the frame of the break"
        );
        let roll = if dice.is_empty() { String::new() } else { format!(" data-dice=\"{dice}\"") };
        assert!(
            page.contains(&format!("data-frame=\"{}\"{roll}>", frames - 1)),
            "{kind}: the roll of the play that breaks"
        );
        let verdict = stdout(&tabula(&["replay", &slipped, "--game", game], None));
        assert!(verdict.contains("illegal"), "{kind}: {verdict}");

        let out = replay(file, game, &["--format", "html"]);
        assert_eq!(out.status.code(), Some(0), "{kind}: the bundled game is legal");
        let page = stdout(&out);
        assert!(!page.contains("repairs"), "{kind}: a legal game's page has no list of repairs");
    }
}
