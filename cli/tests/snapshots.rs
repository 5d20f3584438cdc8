//! What people see, held as snapshots (`insta`): the output of each command on the bundled
//! `testdata/`, so that a change to it shows in review. The timing line of `check` is cut to
//! its counts. To accept a deliberate change: `INSTA_UPDATE=always cargo test --release -p
//! tabula-cli --test snapshots`, then read the diff of `tests/snapshots/`.
#![allow(missing_docs)]

mod common;

use common::tabula;

fn repo(p: &str) -> String {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(p).display().to_string()
}

/// Standard output then standard error, the timing of a run left out, and the exit status.
fn shown(args: &[&str], stdin: Option<&[u8]>) -> String {
    let mut full = vec!["--color", "never"];
    full.extend_from_slice(args);
    let out = tabula(&full, stdin);
    let text = String::from_utf8_lossy(&out.stdout).replace(&repo(""), "");
    let timed: Vec<String> = text
        .lines()
        .map(|l| match l.find(" in ") {
            Some(i) if l.contains(" games/s") => format!("{} in (time)", &l[..i]),
            _ => l.to_owned(),
        })
        .collect();
    format!(
        "{}\n--- stderr\n{}--- exit status {}",
        timed.join("\n"),
        String::from_utf8_lossy(&out.stderr),
        out.status.code().map_or("none".to_owned(), |c| c.to_string())
    )
}

#[test]
fn check_of_each_game() {
    insta::assert_snapshot!("check_arimaa", shown(&["check", &repo("testdata/arimaa/broken_games.tsv")], None));
    insta::assert_snapshot!("check_backgammon", shown(&["check", &repo("testdata/backgammon/broken")], None));
    insta::assert_snapshot!("check_stones_rivers", shown(&["check", &repo("testdata/snr/faults.txt")], None));
    insta::assert_snapshot!("check_ok", shown(&["check", &repo("testdata/backgammon/matches")], None));
}

#[test]
fn moves_of_each_game() {
    insta::assert_snapshot!(
        "moves_backgammon",
        shown(&["moves", "--game", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31"], None)
    );
    insta::assert_snapshot!(
        "moves_backgammon_double",
        shown(&["moves", "--game", "backgammon", "--position", "sNvBATDgc/ABMA", "--dice", "66"], None)
    );
    insta::assert_snapshot!(
        "moves_arimaa_count",
        shown(
            &[
                "moves",
                "--game",
                "arimaa",
                "--count",
                "--position",
                "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]"
            ],
            None
        )
    );
}

#[test]
fn resolve_answers() {
    let requests = [
        r#"{"game":"backgammon","position":"4HPwATDgc/ABMA","dice":"31","move":"6/5, 8/5"}"#,
        r#"{"game":"backgammon","position":"4HPwATDgc/ABMA","dice":"31","move":"24/18"}"#,
        r#"{"game":"arimaa","position":"g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]","move":"2g e^^^"}"#,
        "not json",
    ]
    .join("\n");
    insta::assert_snapshot!("resolve", shown(&["resolve", "--jsonl"], Some(requests.as_bytes())));
}

#[test]
fn replay_of_each_game() {
    insta::assert_snapshot!(
        "replay_arimaa",
        shown(&["replay", &repo("testdata/arimaa/broken_games.tsv"), "--game", "900101"], None)
    );
    insta::assert_snapshot!(
        "replay_backgammon",
        shown(&["replay", &repo("testdata/backgammon/matches/galaxy_1pt.mat"), "--turn", "3"], None)
    );
    insta::assert_snapshot!(
        "replay_stones_rivers",
        shown(&["replay", &repo("testdata/snr/games.txt"), "--turn", "4"], None)
    );
}

#[test]
fn convert_both_ways() {
    insta::assert_snapshot!(
        "convert_short",
        shown(&["convert", "--to", "short", "--game", "900101", &repo("testdata/arimaa/broken_games.tsv")], None)
    );
}
