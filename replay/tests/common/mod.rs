//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared` beside the checkout (CI puts it there). The tests that read it are ignored with
/// the reason `needs ../shared/data` and run with those that need a peer program, under
/// `cargo test --release -- --ignored`; asked for without the data, they fail saying what is
/// missing rather than pass without testing anything.
pub fn shared() -> PathBuf {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    must_exist(&p.join("data"), "../shared/data");
    p
}

/// `../shared/data/SUB` (a folder or a file), which must exist.
pub fn shared_data(sub: &str) -> PathBuf {
    let p = shared().join("data").join(sub);
    must_exist(&p, &format!("../shared/data/{sub}"));
    p
}

fn must_exist(p: &std::path::Path, name: &str) {
    assert!(
        p.exists(),
        "{name} not found (looked for {}): this test needs the shared data beside the repository; \
         with ../shared beside the clone, run cargo test --release -- --ignored",
        p.display()
    );
}

pub fn arimaa_data() -> PathBuf {
    shared_data("arimaa")
}

/// Rows of a TSV file with a header, as maps from column name to value; `#` lines skipped.
pub fn read_tsv(path: &std::path::Path) -> Vec<std::collections::HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    lines.map(|l| header.iter().zip(l.split('\t')).map(|(h, v)| (h.to_string(), v.to_string())).collect()).collect()
}

/// GNU Backgammon: `TABULA_GNUBG`, `/usr/games/gnubg` (Debian) or `gnubg` on the path. A test
/// that needs it fails, saying what to install, without it.
pub fn gnubg() -> PathBuf {
    if let Some(path) = std::env::var_os("TABULA_GNUBG") {
        return PathBuf::from(path);
    }
    let debian = PathBuf::from("/usr/games/gnubg");
    if debian.is_file() {
        return debian;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join("gnubg"))
        .find(|p| p.is_file())
        .expect("GNU Backgammon not found: apt-get install gnubg (or set TABULA_GNUBG to the program)")
}

/// gnubg's own files of every `.mat` and `.sgf` in `sources` (`to`: `mat` for its export,
/// `sgf` for its match file), written into `out` by `scripts/gnubg_rewrite.py`.
pub fn gnubg_rewrite(sources: &std::path::Path, to: &str, out: &std::path::Path) {
    let run = std::process::Command::new("python3")
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/gnubg_rewrite.py"))
        .args(["--to", to, "--gnubg"])
        .arg(gnubg())
        .arg("--out")
        .arg(out)
        .arg(sources)
        .output()
        .expect("run python3 scripts/gnubg_rewrite.py");
    assert!(
        run.status.success(),
        "gnubg_rewrite.py --to {to} failed:\n{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    eprintln!("{}", String::from_utf8_lossy(&run.stdout).trim());
}

/// An empty scratch folder for one test, `name` in its name (and the process id, so that two
/// runs at once do not share it).
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The JSON lines a command printed.
pub fn json_lines(out: &std::process::Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

/// Whether a backgammon game's only fault is the points of its `Wins` line (which GNU Backgammon
/// writes again as it computes them).
pub fn wins_points_only(r: &tabula_replay::report::GameReport) -> bool {
    r.verdict == tabula_replay::report::Verdict::ResultMismatch
        && r.error.as_ref().is_some_and(|e| e.token.starts_with("Wins") && !e.message.contains("column wins"))
}

/// A game's verdict in a copy written by GNU Backgammon (`copy`, named `what` in messages)
/// against the original's: `Ok(true)` when the original's only fault was its `Wins` points and
/// the copy is ok, `Ok(false)` when the verdicts agree, else the difference, named `at`.
pub fn copy_verdict(
    at: &str,
    original: &tabula_replay::report::GameReport,
    copy: &tabula_replay::report::GameReport,
    what: &str,
) -> Result<bool, String> {
    if wins_points_only(original) && copy.verdict == tabula_replay::report::Verdict::Ok {
        Ok(true)
    } else if copy.verdict != original.verdict {
        Err(format!(
            "{at}: {} {:?}, {what} {} {:?}",
            original.verdict.as_str(),
            original.error,
            copy.verdict.as_str(),
            copy.error
        ))
    } else {
        Ok(false)
    }
}
