//! `tabula replay`: one game of a file shown move by move (or the position after a number of
//! moves) with its verdict, for whichever game the file holds.

use std::io::{BufReader, Read, Write};
use std::path::Path;
use std::sync::Arc;

use crate::check::FindError;
use crate::input::{self, Format};
use crate::report::Verdict;

/// Why a game cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum ShowError {
    /// The game cannot be found or the file read.
    #[error(transparent)]
    Find(#[from] FindError),
    /// The game is asked for by something that is no game number of a match.
    #[error("{file}: `{selector}` is not a game number (like 3 or {name}#3)")]
    BadSelector {
        /// The file.
        file: String,
        /// What was asked for.
        selector: String,
        /// The file's name, as games are numbered in it.
        name: String,
    },
    /// The match, or the game asked for, cannot be read.
    #[error("{file}: {reason}")]
    Unreadable {
        /// The file.
        file: String,
        /// Why.
        reason: String,
    },
    /// Writing the output failed.
    #[error("cannot write: {0}")]
    Write(#[from] std::io::Error),
}

impl ShowError {
    /// Whether the input holds no game to show ([`FindError::is_no_game`], or a match that
    /// cannot be read): status 1, where a file that cannot be read or a game asked for wrongly
    /// is status 2.
    pub fn is_no_game(&self) -> bool {
        match self {
            ShowError::Find(e) => e.is_no_game(),
            ShowError::Unreadable { .. } => true,
            ShowError::BadSelector { .. } | ShowError::Write(_) => false,
        }
    }
}

/// Shows the game `selector` of `path` (its id or number; the first when `None`), every move
/// or only the position after `upto` of them, in colour if `color`, then the verdict, which it
/// returns. The file's format is recognised from its content, as `tabula check` does; `-` is
/// standard input, and gzip is read decompressed.
///
/// # Errors
/// The file cannot be read, holds no such game, or writing failed.
pub fn print_replay(
    path: &Path,
    selector: Option<&str>,
    upto: Option<usize>,
    color: bool,
    out: &mut impl Write,
) -> Result<Verdict, ShowError> {
    let file = || path.display().to_string();
    let io = |error: std::io::Error| FindError::Io { file: file(), error };
    let mut content = input::open(path).map_err(io)?.into_reader();
    // The whole start the format is recognised from, however few bytes a read gives (a pipe).
    let mut head = Vec::with_capacity(input::DETECT_BYTES);
    (&mut content).take(input::DETECT_BYTES as u64).read_to_end(&mut head).map_err(io)?;
    let format = Format::detect(&head);
    let reader = BufReader::with_capacity(input::DETECT_BYTES, std::io::Cursor::new(head).chain(content));
    let source: Arc<str> = Arc::from(file());
    crate::games::show_game(format, path, &source, reader, selector, upto, color, out)
}
