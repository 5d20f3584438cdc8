//! The fuzz targets' regression corpus on stable Rust: every target's body (the same code that
//! `cargo fuzz` runs, `fuzz/fuzz_targets/bodies/`) over every file of
//! `fuzz/regressions/<target>/`: the inputs fuzzing found to crash, hang or exhaust memory, and a
//! few chosen ones of each target. A body panics on a bug, of the library or of a property it
//! checks; a file that makes one panic fails the test, named with its message.
#![allow(missing_docs)]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

#[path = "../../fuzz/fuzz_targets/bodies/arimaa_archive.rs"]
mod arimaa_archive;
#[path = "../../fuzz/fuzz_targets/bodies/arimaa_long_notation.rs"]
mod arimaa_long_notation;
#[path = "../../fuzz/fuzz_targets/bodies/arimaa_short.rs"]
mod arimaa_short;
#[path = "../../fuzz/fuzz_targets/bodies/backgammon_mat.rs"]
mod backgammon_mat;
#[path = "../../fuzz/fuzz_targets/bodies/backgammon_play.rs"]
mod backgammon_play;
#[path = "../../fuzz/fuzz_targets/bodies/backgammon_sgf.rs"]
mod backgammon_sgf;
#[path = "../../fuzz/fuzz_targets/bodies/backgammon_xg.rs"]
mod backgammon_xg;
#[path = "../../fuzz/fuzz_targets/bodies/positions.rs"]
mod positions;
#[path = "../../fuzz/fuzz_targets/bodies/stones_rivers_records.rs"]
mod stones_rivers_records;
#[path = "../../fuzz/fuzz_targets/bodies/stones_rivers_turn.rs"]
mod stones_rivers_turn;

/// Runs `body` on every file of `fuzz/regressions/<target>/` and fails with the files that panic.
fn replay_corpus(target: &str, body: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: no regression input", dir.display());
    let mut failures = Vec::new();
    for file in &files {
        let data = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if let Err(payload) = catch_unwind(AssertUnwindSafe(|| body(&data))) {
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)");
            failures.push(format!("{}: {message}", file.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{target}: {} of {} inputs panic:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

/// One test a target, named as the target, running its body over its regression folder.
macro_rules! corpus_tests {
    ($($target:ident),* $(,)?) => {
        $(
            #[test]
            fn $target() {
                replay_corpus(stringify!($target), $target::run);
            }
        )*
    };
}

corpus_tests!(
    arimaa_archive,
    arimaa_long_notation,
    arimaa_short,
    backgammon_mat,
    backgammon_play,
    backgammon_sgf,
    backgammon_xg,
    positions,
    stones_rivers_records,
    stones_rivers_turn,
);
