//! Compressed and piped input: gzip copies of the bundled archives, matches and records (and of
//! the real ones of `../shared/data`, in the ignored suite), made here in a temporary folder,
//! check exactly as the plain files do, from a file, a folder or standard input; a cut or
//! damaged gzip file is unreadable with the games before the damage still reported; a gzip bomb
//! ends at once; `replay -` and `convert -` read standard input, plain or compressed.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use common::{shared, tabula};
use flate2::write::GzEncoder;
use flate2::Compression;

/// `testdata/PATH`.
fn testdata(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata").join(path)
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = GzEncoder::new(Vec::new(), Compression::default());
    e.write_all(data).expect("in memory");
    e.finish().expect("in memory")
}

/// Writes a gzip copy of `from` as `to`.
fn gzip_file(from: &Path, to: &Path) {
    let data = std::fs::read(from).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    std::fs::write(to, gzip(&data)).expect("write a gzip copy");
}

/// The JSON lines of a run, each without its `source` (the file's name).
fn lines_without_source(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            v.as_object_mut().expect("an object").remove("source");
            v
        })
        .collect()
}

fn check(path: &Path) -> Output {
    tabula(&["check", "--jsonl", path.to_str().expect("a UTF-8 path")], None)
}

/// Gzip copies of `files` check as the plain files, from a file and from standard input, and
/// gzip copies of `matches` in a folder check as the plain matches in a folder, with the same
/// ids; the number of games of the matches.
fn gzip_copies_check_as_the_plain_files(tag: &str, files: &[PathBuf], matches: &[PathBuf]) -> usize {
    let dir = common::scratch(tag);
    for plain in files {
        let file = plain.display();
        let zipped = dir.join(format!("{}.gz", plain.file_name().unwrap().to_string_lossy()));
        gzip_file(plain, &zipped);
        let (want, got) = (check(plain), check(&zipped));
        let want_lines = lines_without_source(&want);
        assert!(want_lines.len() > 3, "{file}: {} games", want_lines.len());
        assert_eq!(lines_without_source(&got), want_lines, "{file}");
        assert_eq!(got.status.code(), want.status.code(), "{file}");
        // The same bytes on standard input: recognised from the content.
        let piped = tabula(&["check", "--jsonl", "-"], Some(&std::fs::read(&zipped).unwrap()));
        assert_eq!(lines_without_source(&piped), want_lines, "{file} on standard input");
        assert_eq!(piped.status.code(), want.status.code(), "{file} on standard input");
    }

    // Every match, each compressed, in a folder: the same games with the same ids.
    let (plain, zipped) = (dir.join("plain"), dir.join("matches"));
    std::fs::create_dir_all(&plain).unwrap();
    std::fs::create_dir_all(&zipped).unwrap();
    for path in matches {
        let name = path.file_name().unwrap().to_string_lossy();
        std::fs::copy(path, plain.join(&*name)).unwrap();
        gzip_file(path, &zipped.join(format!("{name}.gz")));
    }
    let (want, got) = (check(&plain), check(&zipped));
    let want_lines = lines_without_source(&want);
    assert_eq!(lines_without_source(&got), want_lines);
    assert_eq!(got.status.code(), want.status.code());
    let _ = std::fs::remove_dir_all(&dir);
    want_lines.len()
}

#[test]
fn gzip_copies_of_the_bundled_records_check_as_the_plain_files() {
    let files = ["arimaa/random_games.tsv", "arimaa/broken_games.tsv", "snr/games.txt", "snr/faults.txt"];
    let matches: Vec<PathBuf> = std::fs::read_dir(testdata("backgammon/matches"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "mat"))
        .collect();
    assert_eq!(matches.len(), 12);
    let games = gzip_copies_check_as_the_plain_files("bundled", &files.map(testdata), &matches);
    assert_eq!(games, 41);
}

#[test]
#[ignore = "needs ../shared/data"]
fn gzip_copies_of_the_real_archives_check_as_the_plain_files() {
    let data = shared().join("data");
    let files = [
        "arimaa/allgames201111_sample.tsv",
        "arimaa/allgames202602_sample.tsv",
        "arimaa/agt_testdata_movelists.tsv",
        "snr/games_legal.txt",
        "snr/games_illegal.txt",
    ];
    let matches: Vec<PathBuf> =
        std::fs::read_dir(data.join("backgammon/matches")).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(matches.len() > 250, "{} matches", matches.len());
    let games = gzip_copies_check_as_the_plain_files("real", &files.map(|f| data.join(f)), &matches);
    assert_eq!(games, 792);
}

#[test]
fn concatenated_members_read_as_one_stream() {
    let text = std::fs::read(testdata("arimaa/random_games.tsv")).unwrap();
    let cut = text[..text.len() / 2].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    let mut two = gzip(&text[..cut]);
    two.extend(gzip(&text[cut..]));
    let want = tabula(&["check", "--jsonl", "-"], Some(&text));
    let got = tabula(&["check", "--jsonl", "-"], Some(&two));
    assert_eq!(lines_without_source(&got), lines_without_source(&want));
}

#[test]
fn a_cut_or_damaged_gzip_file_is_unreadable_after_the_games_before_the_damage() {
    let dir = common::scratch("damaged");
    let plain = testdata("arimaa/random_games.tsv");
    let text = std::fs::read(&plain).unwrap();
    let z = gzip(&text);
    let all = lines_without_source(&check(&plain));

    let cut = dir.join("cut.tsv.gz");
    std::fs::write(&cut, &z[..z.len() / 2]).unwrap();
    let out = check(&cut);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let got = lines_without_source(&out);
    let (last, before) = got.split_last().expect("reports");
    assert!(before.len() > 5 && before.len() < all.len(), "{} of {} games read", before.len(), all.len());
    assert_eq!(before, &all[..before.len()], "the games before the cut are reported as in the whole file");
    assert_eq!(last["verdict"], "unreadable");
    let message = last["error"]["message"].as_str().unwrap();
    assert!(message.contains("gzip stream is cut short"), "{message}");
    assert!(last["error"]["line"].as_u64().is_some_and(|l| l > 1), "{last}");

    // A byte changed: gzip's check sum at the end of the member catches it at the latest.
    let mut flipped = z.clone();
    let at = flipped.len() / 2;
    flipped[at] ^= 0x5a;
    let damaged = dir.join("damaged.tsv.gz");
    std::fs::write(&damaged, &flipped).unwrap();
    let out = check(&damaged);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let got = lines_without_source(&out);
    let last = got.last().expect("reports");
    assert_eq!(last["verdict"], "unreadable");
    assert!(last["error"]["message"].as_str().unwrap().contains("gzip stream is damaged"), "{last}");
    assert!(got.len() > 5, "the games before the damage are reported");

    // A cut match, and a file that is no more than gzip's magic bytes.
    let mat = testdata("backgammon/matches/galaxy_5pt.mat");
    let z = gzip(&std::fs::read(&mat).unwrap());
    std::fs::write(dir.join("cut.mat.gz"), &z[..z.len() * 2 / 3]).unwrap();
    std::fs::write(dir.join("magic.gz"), [0x1f, 0x8b]).unwrap();
    for (name, says) in [("cut.mat.gz", "cannot read line"), ("magic.gz", "cut short")] {
        let out = check(&dir.join(name));
        assert_eq!(out.status.code(), Some(1), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let got = lines_without_source(&out);
        let last = got.last().expect("reports");
        assert_eq!(last["verdict"], "unreadable", "{name}");
        assert!(last["error"]["message"].as_str().unwrap().contains(says), "{name}: {last}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_gzip_file_in_a_folder_that_holds_no_records_is_passed_over() {
    let dir = common::scratch("folder");
    std::fs::write(dir.join("notes.txt.gz"), gzip(b"a shopping list\nmilk\n")).unwrap();
    std::fs::write(dir.join("game.gz"), gzip(b"1w Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ca2 Db2 Hc2 Md2 Ee2 Hf2 Dg2 Ch2\n"))
        .unwrap();
    let out = check(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0]["game"], "game", "a move list is named after its file, without .gz");
    assert_eq!(lines[0]["kind"], "arimaa");
    assert_eq!(lines[1]["verdict"], "skipped");
    assert!(lines[1]["source"].as_str().unwrap().ends_with("notes.txt.gz"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tabula check --jsonl -` fed `input` until it stops reading.
fn check_stdin_until_closed(input: &[u8]) -> Output {
    let mut child = common::spawn_tabula(&["check", "--jsonl", "-"], true);
    let mut stdin = child.stdin.take().expect("stdin");
    // tabula stops reading once it has seen enough: the rest is not taken.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("tabula output")
}

/// A gzip file of 2 GiB of zeros without a line break (128 members of 16 MiB, about 2 MB): the
/// line limits stop the reading after [`MAX_SKIP_BYTES`](tabula_replay::input::MAX_SKIP_BYTES)
/// with memory flat, as for `/dev/zero`.
#[test]
fn a_gzip_bomb_ends_at_once_as_unreadable() {
    let dir = common::scratch("bomb");
    let member = gzip(&vec![0; 16 << 20]);
    let bomb = member.repeat(128);
    assert!(bomb.len() < 4 << 20);
    let path = dir.join("zeros.tsv.gz");
    std::fs::write(&path, &bomb).unwrap();
    let start = Instant::now();
    for out in [check(&path), check(&dir), check_stdin_until_closed(&bomb)] {
        assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
        let got = lines_without_source(&out);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0]["verdict"], "unreadable");
        assert!(got[0]["error"]["message"].as_str().unwrap().contains("without a line break"), "{}", got[0]);
    }
    for args in [&["replay", path.to_str().unwrap()][..], &["convert", "--to", "long", path.to_str().unwrap()]] {
        let out = tabula(args, None);
        assert_eq!(out.status.code(), Some(1), "{args:?}: holds no game, as check says");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"), "{args:?}");
    }
    assert!(start.elapsed() < Duration::from_secs(60), "{:?}", start.elapsed());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_and_convert_read_standard_input_plain_or_compressed() {
    let dir = common::scratch("stdin");
    let mat = testdata("backgammon/matches/studio_5pt.mat");
    let text = std::fs::read(&mat).unwrap();
    let zipped = dir.join("match.mat.gz");
    std::fs::write(&zipped, gzip(&text)).unwrap();
    let want = tabula(&["replay", mat.to_str().unwrap(), "--game", "2", "--no-color"], None);
    assert_eq!(want.status.code(), Some(0), "{}", String::from_utf8_lossy(&want.stderr));
    // The diagrams and the verdict, after the first line, which names the file.
    let body = |o: &Output| {
        let s = String::from_utf8_lossy(&o.stdout).into_owned();
        s.lines().skip(1).map(str::to_owned).collect::<Vec<_>>()
    };
    for (args, input) in [
        (vec!["replay", "-", "--game", "2", "--no-color"], Some(text.clone())),
        (vec!["replay", "-", "--game", "2", "--no-color"], Some(gzip(&text))),
        (vec!["replay", zipped.to_str().unwrap(), "--game", "2", "--no-color"], None),
    ] {
        let got = tabula(&args, input.as_deref());
        assert_eq!(got.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&got.stderr));
        assert!(body(&got) == body(&want), "{args:?}: {}", String::from_utf8_lossy(&got.stdout));
    }

    let archive = testdata("arimaa/random_games.tsv");
    let text = std::fs::read(&archive).unwrap();
    let short = tabula(&["convert", "--to", "short", "--game", "2", archive.to_str().unwrap()], None);
    assert_eq!(short.status.code(), Some(0), "{}", String::from_utf8_lossy(&short.stderr));
    for input in [text.clone(), gzip(&text)] {
        let got = tabula(&["convert", "--to", "short", "--game", "2", "-"], Some(&input));
        assert_eq!(got.status.code(), Some(0), "{}", String::from_utf8_lossy(&got.stderr));
        assert_eq!(got.stdout, short.stdout);
    }
    let long = tabula(&["convert", "--to", "long", "-"], Some(&short.stdout));
    let long_gz = tabula(&["convert", "--to", "long", "-"], Some(&gzip(&short.stdout)));
    assert_eq!(long.status.code(), Some(0), "{}", String::from_utf8_lossy(&long.stderr));
    assert!(long.stdout.starts_with(b"1"), "{}", String::from_utf8_lossy(&long.stdout));
    assert_eq!(long_gz.stdout, long.stdout);
    assert_eq!(long_gz.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}
