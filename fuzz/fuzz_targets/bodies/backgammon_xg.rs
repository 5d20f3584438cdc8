//! The `.xg` reader on arbitrary bytes: as a whole file, and as the game file of a well-formed
//! container (stored, not compressed, with right CRC-32s, so that most inputs reach the records
//! and the replay); every game is verified, and a match whose games are all `ok` is converted
//! to `.sgf` and `.mat` and read again.
use std::sync::Arc;

use tabula_replay::backgammon::check::check_xg;
use tabula_replay::backgammon::xg::{read_archive, RECORD_BYTES};
use tabula_replay::backgammon::MatchFile;
use tabula_replay::Verdict;

// The regression test compiles both bodies that share it into one crate.
#[allow(clippy::duplicate_mod)]
#[path = "backgammon_round_trip.rs"]
mod round_trip;

/// CRC-32 (the zlib one), bit by bit.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// An `.xg` file whose archive holds `game_file` stored as `temp.xg`.
pub fn container(game_file: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; 8232];
    out[..4].copy_from_slice(b"RGMH");
    out[4..8].copy_from_slice(&1u32.to_le_bytes());
    out[8..12].copy_from_slice(&8232u32.to_le_bytes());
    let mut entry = vec![0u8; 532];
    entry[0] = 7;
    entry[1..8].copy_from_slice(b"temp.xg");
    let len = game_file.len() as i32;
    entry[512..516].copy_from_slice(&len.to_le_bytes());
    entry[516..520].copy_from_slice(&len.to_le_bytes());
    entry[524..528].copy_from_slice(&crc32(game_file).to_le_bytes());
    entry[528] = 1;
    let start = out.len();
    out.extend_from_slice(game_file);
    out.extend_from_slice(&entry);
    let sum = crc32(&out[start..]);
    let mut tail = [0u8; 36];
    tail[..4].copy_from_slice(&sum.to_le_bytes());
    tail[4..8].copy_from_slice(&1i32.to_le_bytes());
    tail[12..16].copy_from_slice(&532i32.to_le_bytes());
    tail[16..20].copy_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&tail);
    out
}

fn check(file: &[u8]) {
    let source: Arc<str> = Arc::from("fuzz.xg");
    // Records of the game file as it inflates (a real file's is compressed), and two more: a
    // match header's error and a game cut at the end stand past the last whole one.
    let records = (read_archive(file).map_or(0, |a| a.game_file.len()) / RECORD_BYTES + 2) as u64;
    let (mut games, mut all_ok) = (0u64, true);
    check_xg(&source, "fuzz", file, &mut |r| {
        games += 1;
        all_ok &= r.verdict == Verdict::Ok;
        if let Some(e) = &r.error {
            assert!(e.line <= records, "error at record {} of at most {records}", e.line);
            assert!(!e.message.is_empty());
        }
    });
    // A report a game read, or one for a file that cannot be read.
    assert!(games <= records, "{games} reports of at most {records} games");
    if games > 0 && all_ok {
        round_trip::convert_and_read_back(file, MatchFile::Xg, &source);
    }
}

/// The target: `data` as a whole file, then as the game file of a container.
pub fn run(data: &[u8]) {
    check(data);
    check(&container(data));
}
