//! Makes the bundled Stones and Rivers records in `testdata/snr/` with tabula's own engine.
//!
//! ```text
//! cargo run --release -p tabula-testdata --bin make_stones_rivers_testdata -- testdata/snr
//! ```
//!
//! Writes, into the folder given (default `testdata/snr`), every file that
//! [`tabula_testdata::stones_rivers::testdata_files`] makes: `games.txt` (legal games
//! from biased random play: won by each side, unfinished, from a `[Position]`, written loosely),
//! `faults.txt` (records legal up to exactly one fault, tagged `[Fault "..."]`) and
//! `expected.tsv`. Everything is deterministic; the folder's `README.md` describes the files and
//! is left alone.

use std::path::PathBuf;
use std::process::ExitCode;

use tabula_testdata::stones_rivers::testdata_files;
use tabula_testdata::write_files;

fn main() -> ExitCode {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "testdata/snr".to_owned()));
    match write_files(&dir, &testdata_files()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make_stones_rivers_testdata: {e}");
            ExitCode::FAILURE
        }
    }
}
