//! The archive reader and replay on arbitrary bytes: as a whole file (format detection, chunked
//! lines, rows, move lists) and as one move list.
#![no_main]

use std::io::Write;
use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use tabula_replay::arimaa::verify::{verify, Record};
use tabula_replay::check::check_paths;

const HEADER: &[u8] = b"id\tresult\ttermination\tmovelist\tevents\n";

fuzz_target!(|data: &[u8]| {
    let record = Record { source: Arc::from("fuzz"), game: "1".into(), movelist: data, line: 1, recorded: None };
    let r = verify(&record);
    assert!(r.turns <= data.len());

    // The same bytes as the rows of an archive file.
    let mut file = tempfile();
    file.1.write_all(HEADER).unwrap();
    file.1.write_all(data).unwrap();
    file.1.flush().unwrap();
    let mut games = 0;
    check_paths(&[file.0.clone()], &mut |_| games += 1);
    let _ = std::fs::remove_file(&file.0);
    assert!(games <= data.iter().filter(|&&b| b == b'\n').count() + 1);
});

fn tempfile() -> (std::path::PathBuf, std::fs::File) {
    let p = std::env::temp_dir().join(format!("tabula-fuzz-{}.tsv", std::process::id()));
    let f = std::fs::File::create(&p).unwrap();
    (p, f)
}
