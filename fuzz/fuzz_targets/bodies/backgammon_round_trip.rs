//! What the `.sgf` and `.xg` bodies share: a match whose games the check found all `ok`,
//! converted to `.sgf` and `.mat` and each read back.
use std::sync::Arc;

use tabula_replay::backgammon::convert::{read_verified, read_verified_file, write_mat, write_sgf};
use tabula_replay::backgammon::MatchFile;

/// Converts the match in `data` (a `file`) to `.sgf` and `.mat` and reads each back: as many
/// games, every one `ok`. Called only when the check found every game `ok`, so that the
/// conversion's own check does not run again on the inputs that fail it.
pub fn convert_and_read_back(data: &[u8], file: MatchFile, source: &Arc<str>) {
    let Ok(m) = read_verified_file(data, file, source, "fuzz") else { return };
    let sgf = write_sgf(&m, Vec::new()).unwrap();
    let again = read_verified(&sgf, true, source, "fuzz").expect("tabula's .sgf reads back ok");
    assert_eq!(again.games.len(), m.games.len());
    let mat = write_mat(&m, Vec::new()).unwrap();
    let back = read_verified(&mat, false, source, "fuzz").expect("tabula's .mat reads back ok");
    assert_eq!(back.games.len(), m.games.len());
}
