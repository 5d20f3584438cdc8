//! The `.mat` match reader on arbitrary bytes: as a whole file, and as the body of a game after
//! a valid header and player line (so that most inputs reach the action parser); every game read
//! is also verified (plays resolved, cube and score checked).

use std::sync::Arc;

use tabula_replay::backgammon::check::check_match;
use tabula_replay::backgammon::mat::{MatReader, MAX_LINE_BYTES};

const PREFIX: &[u8] =
    b"; [Site \"BackgammonGalaxy\"]\n\n3 point match\n\n Game 1\n lasse : 0                       mglough : 0\n";

/// Reads everything; checks that line numbers stay within the input and that the reader ends.
fn read(data: &[u8]) {
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let mut reader = MatReader::new(data);
    if let Ok(header) = reader.header() {
        assert!(header.header_line <= lines);
    }
    let mut items = 0u64;
    for item in reader.by_ref() {
        items += 1;
        assert!(items <= lines + 1, "more items than lines");
        match item {
            Ok(game) => {
                assert!(game.line <= lines);
                for action in &game.actions {
                    assert!(action.line > game.line && action.line <= lines);
                    assert!((action.position as usize) < MAX_LINE_BYTES);
                    assert!(!action.text.is_empty());
                }
                if let Some(end) = game.end {
                    assert!(end.line > game.line && end.line <= lines);
                }
                assert!(game.plays() <= game.actions.len());
            }
            Err(e) => {
                if let Some(line) = e.line() {
                    assert!(line <= lines);
                }
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert!(reader.next().is_none(), "the reader is fused at the end");
    assert!(reader.lines_read() <= lines);
}

/// Verifies every game: one report per game, each error on a line of the input.
fn check(data: &[u8]) {
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let source: Arc<str> = Arc::from("fuzz.mat");
    check_match(&source, "fuzz", data, &mut |r| {
        if let Some(e) = &r.error {
            assert!(e.line <= lines, "error line {} of {lines}", e.line);
            assert!(!e.message.is_empty());
        }
    });
}

/// Runs the target on one input. Any panic is a bug: of the library, or a property below broken.
pub fn run(data: &[u8]) {
    read(data);
    check(data);
    let file: Vec<u8> = PREFIX.iter().chain(data).copied().collect();
    read(&file);
    check(&file);
}
