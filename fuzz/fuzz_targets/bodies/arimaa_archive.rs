//! The archive reader and replay on arbitrary bytes: as a whole file (format detection, chunked
//! lines, rows, move lists) and as one move list.

use std::sync::Arc;

use tabula_replay::arimaa::verify::{verify, Record};
use tabula_replay::check::check_reader;

const HEADER: &[u8] = b"id\tresult\ttermination\tmovelist\tevents\n";

/// Runs the target on one input. Any panic is a bug: of the library, or a property below broken.
pub fn run(data: &[u8]) {
    let record = Record {
        source: Arc::from("fuzz"),
        game: "1".into(),
        movelist: data,
        line: 1,
        recorded: None,
        notation: Default::default(),
    };
    let r = verify(&record);
    assert!(r.turns <= data.len());

    // The bytes as they are, as a file (an archive with a header and no rows has no game).
    let mut games = 0;
    check_reader("fuzz", "1", data, &mut |_| games += 1);
    assert!(games <= data.iter().filter(|&&b| b == b'\n').count() + 1);

    // The same bytes as the rows of an archive.
    let file: Vec<u8> = HEADER.iter().chain(data).copied().collect();
    let mut games = 0;
    check_reader("fuzz", "1", &file[..], &mut |_| games += 1);
    assert!(games <= data.iter().filter(|&&b| b == b'\n').count() + 1);
}
