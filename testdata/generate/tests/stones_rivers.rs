//! The Stones and Rivers generator against the bundled records of `testdata/snr`: it makes the
//! same bytes again (`replay/tests/stones_rivers_records.rs` checks the records' verdicts).
#![allow(missing_docs)]

use std::path::PathBuf;

use tabula_testdata::stones_rivers::testdata_files;

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../snr")
}

#[test]
fn generator_makes_the_same_bytes() {
    let files = testdata_files();
    for file in &files {
        let path = testdata().join(&file.path);
        let on_disk = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            on_disk == file.bytes,
            "{} differs from what the generator makes: run `cargo run --release -p tabula-testdata --bin \
             make_stones_rivers_testdata -- testdata/snr`",
            path.display()
        );
    }
    let total: usize = files.iter().map(|f| f.bytes.len()).sum();
    assert!(total < 100_000, "{total} bytes");
}
