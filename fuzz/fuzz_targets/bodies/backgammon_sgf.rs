//! The `.sgf` match reader on arbitrary bytes: as a whole file, and as the moves of a game after
//! a valid root node (so that most inputs reach the move reader); every game read is also
//! verified, and every game verified `ok` is converted to `.sgf` and `.mat` and read again.
use std::sync::Arc;

use tabula_replay::backgammon::check::check_sgf;
use tabula_replay::backgammon::sgf::SgfReader;
use tabula_replay::backgammon::MatchFile;
use tabula_replay::Verdict;

// The regression test compiles both bodies that share it into one crate.
#[allow(clippy::duplicate_mod)]
#[path = "backgammon_round_trip.rs"]
mod round_trip;

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
    let (mut games, mut all_ok) = (0u64, true);
    check_sgf(&source, "fuzz", data, &mut |r| {
        games += 1;
        all_ok &= r.verdict == Verdict::Ok;
        if let Some(e) = &r.error {
            assert!(e.line <= lines, "error line {} of {lines}", e.line);
            assert!(!e.message.is_empty());
        }
    });
    if games > 0 && all_ok {
        round_trip::convert_and_read_back(data, MatchFile::Sgf, &source);
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
