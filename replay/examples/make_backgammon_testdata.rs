//! Makes the bundled backgammon matches in `testdata/backgammon/` with tabula's own engine.
//!
//! ```text
//! cargo run --release -p tabula-replay --example make_backgammon_testdata -- testdata/backgammon
//! ```
//!
//! Writes, into the folder given (default `testdata/backgammon`), every file that
//! [`tabula_replay::backgammon::random_match::testdata_files`] makes: `matches/*.mat` (random
//! legal matches in the BackgammonGalaxy and Backgammon Studio dialects) with
//! `matches/expected.tsv`, and `broken/*.mat` (corrupted copies of other random matches, one
//! fault each) with `broken/expected.tsv`. Everything is deterministic; the folder's
//! `README.md` describes the files. `perft.tsv` and the other files there are left alone.

use std::path::PathBuf;
use std::process::ExitCode;

use tabula_replay::backgammon::random_match::testdata_files;

fn main() -> ExitCode {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "testdata/backgammon".to_owned()));
    let files = match testdata_files() {
        Ok(files) => files,
        Err(e) => {
            eprintln!("make_backgammon_testdata: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut total = 0;
    for file in &files {
        let path = dir.join(&file.path);
        let written =
            path.parent().map_or(Ok(()), std::fs::create_dir_all).and_then(|()| std::fs::write(&path, &file.bytes));
        if let Err(e) = written {
            eprintln!("make_backgammon_testdata: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        total += file.bytes.len();
        println!("{:>7} {}", file.bytes.len(), path.display());
    }
    println!("{total:>7} bytes in {} files", files.len());
    ExitCode::SUCCESS
}
