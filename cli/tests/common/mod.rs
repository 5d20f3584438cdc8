//! Helpers shared by the program's integration tests: those of the library's tests
//! (`replay/tests/common`), and running the `tabula` binary.
#![allow(dead_code)]

#[path = "../../../replay/tests/common/mod.rs"]
mod library;
#[allow(unused_imports)]
pub use library::*;

/// Starts the `tabula` binary with `args`, its standard input
/// and output piped, its standard error piped too or thrown away.
pub fn spawn_tabula(args: &[&str], keep_stderr: bool) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if keep_stderr { Stdio::piped() } else { Stdio::null() })
        .spawn()
        .expect("run tabula")
}

/// Runs the `tabula` binary with `args`, feeding it `stdin` (or nothing), and collects its
/// output.
pub fn tabula(args: &[&str], stdin: Option<&[u8]>) -> std::process::Output {
    use std::io::Write;
    let mut child = spawn_tabula(args, true);
    if let Some(input) = stdin {
        child.stdin.take().expect("stdin").write_all(input).expect("write stdin");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("tabula output")
}

/// The repository's root.
pub fn repo() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `tabula index --db db paths...` and fails, with the program's standard error, unless it
/// exits 0 or 1 (a game not ok is no failure of the index).
pub fn index_into(db: &std::path::Path, paths: &[&std::path::Path]) {
    let mut args = vec!["index", "--db", db.to_str().unwrap_or_default()];
    args.extend(paths.iter().map(|p| p.to_str().unwrap_or_default()));
    let out = tabula(&args, None);
    assert!(out.status.code().is_some_and(|c| c < 2), "index: {}", String::from_utf8_lossy(&out.stderr));
}
