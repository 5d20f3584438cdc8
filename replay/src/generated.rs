//! Files the test-data generators make (`replay/examples/make_*_testdata.rs`), and writing them
//! out; the tests compare the same files with those in `testdata/`.

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
