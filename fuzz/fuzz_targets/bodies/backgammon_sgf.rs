//! The `.sgf` match reader on arbitrary bytes: as a whole file, and as the moves of a game after
//! a valid root node (so that most inputs reach the move reader); every game read is also
//! verified, and every game verified `ok` is converted to `.sgf` and `.mat` and read again.
use std::sync::Arc;

use tabula_replay::backgammon::check::check_sgf;
use tabula_replay::backgammon::convert::{read_verified, write_mat, write_sgf};
use tabula_replay::backgammon::sgf::SgfReader;

const PREFIX: &[u8] = b"(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[a]PB[b]RU[Crawford]\n";

fn lines(data: &[u8]) -> u64 {
    data.iter().filter(|&&b| b == b'\n').count() as u64 + 1
}

fn read(data: &[u8]) {
    let lines = lines(data);
    let mut items = 0u64;
    let mut reader = SgfReader::new(data);
    for item in reader.by_ref() {
        items += 1;
        assert!(items <= data.len() as u64 + 1, "more items than bytes");
        match item {
            Ok(game) => {
                for action in &game.record.actions {
                    assert!(action.line <= lines);
                }
            }
            Err(e) => {
                assert!(e.line().is_none_or(|l| l <= lines));
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert!(reader.next().is_none(), "the reader is fused at the end");
}

fn check(data: &[u8]) {
    let lines = lines(data);
    let source: Arc<str> = Arc::from("fuzz.sgf");
    check_sgf(&source, "fuzz", data, &mut |r| {
        if let Some(e) = &r.error {
            assert!(e.line <= lines, "error line {} of {lines}", e.line);
            assert!(!e.message.is_empty());
        }
    });
    if let Ok(m) = read_verified(data, true, &source, "fuzz") {
        let sgf = write_sgf(&m, Vec::new()).unwrap();
        let again = read_verified(&sgf, true, &source, "fuzz").expect("tabula's .sgf reads back ok");
        assert_eq!(again.games.len(), m.games.len());
        let mat = write_mat(&m, Vec::new()).unwrap();
        let back = read_verified(&mat, false, &source, "fuzz").expect("tabula's .mat reads back ok");
        assert_eq!(back.games.len(), m.games.len());
    }
}

/// The target: `data` as a whole file, then as the moves of a game.
pub fn run(data: &[u8]) {
    read(data);
    check(data);
    let mut file: Vec<u8> = PREFIX.to_vec();
    file.extend_from_slice(data);
    file.extend_from_slice(b")");
    read(&file);
    check(&file);
}
