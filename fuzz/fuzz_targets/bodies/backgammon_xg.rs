//! The `.xg` reader on arbitrary bytes: as a whole file, and as the game file of a well-formed
//! container (stored, not compressed, with right CRC-32s, so that most inputs reach the records
//! and the replay); every game is verified, and a match whose games are all `ok` is converted
//! to `.sgf` and `.mat` and read again.
use std::sync::Arc;

use tabula_replay::backgammon::check::check_xg;
use tabula_replay::backgammon::convert::{read_verified, read_verified_file, write_mat, write_sgf};
use tabula_replay::backgammon::xg::{read_archive, read_xg, RECORD_BYTES};
use tabula_replay::backgammon::MatchFile;

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
    check_xg(&source, "fuzz", file, &mut |r| {
        if let Some(e) = &r.error {
            assert!(e.line <= records, "error at record {} of at most {records}", e.line);
            assert!(!e.message.is_empty());
        }
    });
    match read_xg(file) {
        Ok(m) => assert!(m.games.len() <= records as usize),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    if let Ok(m) = read_verified_file(file, MatchFile::Xg, &source, "fuzz") {
        let sgf = write_sgf(&m, Vec::new()).unwrap();
        let again = read_verified(&sgf, true, &source, "fuzz").expect("tabula's .sgf reads back ok");
        assert_eq!(again.games.len(), m.games.len());
        let mat = write_mat(&m, Vec::new()).unwrap();
        let back = read_verified(&mat, false, &source, "fuzz").expect("tabula's .mat reads back ok");
        assert_eq!(back.games.len(), m.games.len());
    }
}

/// The target: `data` as a whole file, then as the game file of a container.
pub fn run(data: &[u8]) {
    check(data);
    check(&container(data));
}
