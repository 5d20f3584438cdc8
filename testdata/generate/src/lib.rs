//! The generators of the bundled test data: tabula's own engines playing at random, the games
//! written in each format, and copies corrupted on purpose with the verdicts they must get.
//!
//! [`backgammon`] makes `testdata/backgammon/matches` and `broken`, [`stones_rivers`] makes
//! `testdata/snr`; the programs in `src/bin/` write them (`make_arimaa_testdata` makes
//! `testdata/arimaa/*.tsv` on its own), and the tests compare what the generators make now
//! with the files bundled. A tool of the repository, not published, and no part of the
//! libraries' API.

pub mod backgammon;
pub mod stones_rivers;

use std::path::Path;

/// One generated file: its path below the game's test-data folder and its bytes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TestFile {
    /// Path relative to the folder, with `/` between folders (`matches/galaxy_3pt.mat`).
    pub path: String,
    /// The content.
    pub bytes: Vec<u8>,
}

/// Writes `files` below `dir`, making folders as needed, and prints a line per file and a total.
///
/// # Errors
/// A folder or file cannot be written: the path and the reason.
pub fn write_files(dir: &Path, files: &[TestFile]) -> Result<(), String> {
    let mut total = 0;
    for file in files {
        let path = dir.join(&file.path);
        path.parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, &file.bytes))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        total += file.bytes.len();
        println!("{:>7} {}", file.bytes.len(), path.display());
    }
    println!("{total:>7} bytes in {} files", files.len());
    Ok(())
}
