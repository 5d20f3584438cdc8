//! `tabula convert`: a record written again in another notation, from what the same
//! verification as `tabula check` found. Arimaa games go between long and short notation
//! ([`to_short`], [`to_long`]); backgammon matches between `.mat` and `.sgf` ([`convert_file`]).

use std::io::{self, Read};
use std::path::Path;
use std::sync::Arc;

use tabula_notation::arimaa::short::{ParseContext, ResolveOptions, View};

use crate::backgammon::convert::{read_verified_file, write_mat, write_sgf, ConvertError};
use crate::error::FindError;
use crate::games::{self, Format};
use crate::input::{self, MAX_RECORD_BYTES};
use crate::report::GameReport;

/// An Arimaa game of a file (`selector` as `tabula replay --game` takes it) in short notation
/// in `view`: the record, and where and why the replay stopped when a move does not replay.
///
/// # Errors
/// The file cannot be read or holds no such Arimaa game.
pub fn to_short(path: &Path, selector: Option<&str>, view: View) -> Result<(String, Option<String>), FindError> {
    let record = crate::read::find_arimaa_game(path, selector)?;
    Ok(crate::arimaa::convert::long_to_short(&record.as_record(), view))
}

/// A game in short notation (a whole single-game file, read in `view` until the text names
/// one; `lenient` as `tabula resolve` takes it) as a long-notation move list, and where and why
/// it stopped when a move does not resolve or replay (with the candidates of an ambiguous one).
///
/// # Errors
/// The file cannot be read, is too large for one game, or is not text.
pub fn to_long(path: &Path, view: View, lenient: bool) -> Result<(String, Option<String>), FindError> {
    let text = game_text(path)?;
    let opts = if lenient { ResolveOptions::LENIENT } else { ResolveOptions::default() };
    // The view given applies until the text writes one.
    let prefix = if view == ParseContext::new().view { String::new() } else { format!("{view}\n") };
    let (list, stop) = crate::arimaa::convert::short_to_long(&format!("{prefix}{text}"), opts);
    let error = stop.map(|s| {
        let mut m =
            format!("{}: {}: {}", s.kind.as_str(), s.label.map(|l| l.to_string()).unwrap_or_default(), s.reason);
        if !s.candidates.is_empty() {
            m.push_str(&format!(" (candidates: {})", s.candidates.join(" | ")));
        }
        m
    });
    Ok((list, error))
}

/// The whole text of a single-game file (a game in short notation for `tabula convert --to
/// long`): `-` is standard input, gzip is read decompressed, and at most
/// [`MAX_RECORD_BYTES`] are read.
///
/// # Errors
/// The file cannot be read, is larger than that, or is not UTF-8 text.
fn game_text(path: &Path) -> Result<String, FindError> {
    let file = || path.display().to_string();
    let io = |error: std::io::Error| FindError::Io { file: file(), error };
    let mut data = Vec::new();
    input::open(path)
        .map_err(io)?
        .into_reader()
        .take(MAX_RECORD_BYTES as u64 + 1)
        .read_to_end(&mut data)
        .map_err(io)?;
    if data.len() > MAX_RECORD_BYTES {
        return Err(FindError::TooLarge { file: file(), limit: MAX_RECORD_BYTES });
    }
    if data.trim_ascii().is_empty() {
        return Err(FindError::Empty { file: file() });
    }
    String::from_utf8(data)
        .map_err(|_| io(std::io::Error::new(std::io::ErrorKind::InvalidData, "the file is not UTF-8 text")))
}

/// The most bytes of a match file `convert` reads (it verifies every game before writing one).
pub const MAX_MATCH_BYTES: usize = 64 << 20;

/// Why a file is not converted.
#[derive(Debug, thiserror::Error)]
pub enum FileConvertError {
    /// The file cannot be read (status 2).
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// The error.
        error: io::Error,
    },
    /// The file is no backgammon match, too large, or a game of it is not `ok` (status 1).
    #[error("{file}: {reason}")]
    Refused {
        /// The file.
        file: String,
        /// Why, on one line; `games` has the games that are not `ok`.
        reason: String,
        /// The games not `ok`.
        games: Vec<GameReport>,
    },
}

/// Reads the match at `path` (`-`: standard input; gzip decompressed; `.mat`, `.sgf` or `.xg`,
/// recognised from the content), verifies it, and gives it back written as `.sgf` (`to_sgf`) or
/// `.mat`.
///
/// # Errors
/// See [`FileConvertError`].
pub fn convert_file(path: &std::path::Path, to_sgf: bool) -> Result<Vec<u8>, FileConvertError> {
    let file = path.display().to_string();
    let refused = |reason: String| FileConvertError::Refused { file: file.clone(), reason, games: Vec::new() };
    let io = |error: io::Error| FileConvertError::Io { file: file.clone(), error };
    let mut data = Vec::new();
    input::open(path)
        .map_err(io)?
        .into_reader()
        .take(MAX_MATCH_BYTES as u64 + 1)
        .read_to_end(&mut data)
        .map_err(|e| refused(format!("cannot be read: {e}")))?;
    if data.len() > MAX_MATCH_BYTES {
        return Err(refused(format!("longer than the {MAX_MATCH_BYTES} bytes convert reads")));
    }
    if data.trim_ascii().is_empty() {
        return Err(refused("the file is empty".into()));
    }
    let head = &data[..data.len().min(input::DETECT_BYTES)];
    let kind = match games::match_format(Format::detect(head)) {
        Some(kind) => kind,
        None => {
            return Err(refused(
                "not a backgammon match (.mat, .sgf or .xg): --to sgf and --to mat convert those".into(),
            ))
        }
    };
    let name = input::record_name(path);
    let source: Arc<str> = Arc::from(file.as_str());
    let m = match read_verified_file(&data, kind, &source, &name) {
        Ok(m) => m,
        Err(ConvertError::NotOk(games)) => {
            let reason = format!(
                "not converted: {} game{} not ok (only verified plays are written)",
                games.len(),
                if games.len() == 1 { " is" } else { "s are" }
            );
            return Err(FileConvertError::Refused { file, reason, games });
        }
        Err(e) => return Err(refused(e.to_string())),
    };
    let out = if to_sgf {
        write_sgf(&m, Vec::new()).map_err(io)?
    } else {
        write_mat(&m, Vec::new()).map_err(|e| refused(e.to_string()))?
    };
    Ok(out)
}
