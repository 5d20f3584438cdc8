//! Makes the bundled backgammon matches in `testdata/backgammon/` with tabula's own engine.
//!
//! ```text
//! cargo run --release -p tabula-testdata --bin make_backgammon_testdata -- testdata/backgammon
//! ```
//!
//! Writes, into the folder given (default `testdata/backgammon`), every file that
//! [`tabula_testdata::backgammon::testdata_files`] makes: `matches/*.mat` (random
//! legal matches in the BackgammonGalaxy and Backgammon Studio dialects) with
//! `matches/expected.tsv`, and `broken/*.mat` (corrupted copies of other random matches, one
//! fault each) with `broken/expected.tsv`. Everything is deterministic; the folder's
//! `README.md` describes the files. `perft.tsv` and the other files there are left alone.

use std::path::PathBuf;
use std::process::ExitCode;

use tabula_testdata::backgammon::testdata_files;
use tabula_testdata::write_files;

fn main() -> ExitCode {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "testdata/backgammon".to_owned()));
    match testdata_files().map_err(|e| e.to_string()).and_then(|files| write_files(&dir, &files)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make_backgammon_testdata: {e}");
            ExitCode::FAILURE
        }
    }
}
