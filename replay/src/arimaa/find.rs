//! Arimaa records taken out of a file one by one, owning their text: for `tabula replay`,
//! `tabula convert` and the tests, which want a game rather than a verdict.

use std::io::Read;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;

use super::check::{read_single, row_record, SingleGameError};
use super::verify::{Notation, Record, RecordedEnd};
use crate::check::FindError;
use crate::input::{self, Chunk, Format, LineChunks, MAX_RECORD_BYTES};
use tabula_notation::arimaa::short::ResolveOptions;

/// One game read out of a file, owning its text.
#[derive(Clone, Debug)]
pub struct OwnedRecord {
    /// The file.
    pub source: Arc<str>,
    /// The game's id.
    pub game: String,
    /// The move list.
    pub movelist: Vec<u8>,
    /// 1-based line where the move list starts.
    pub line: u64,
    /// The recorded result.
    pub recorded: Option<RecordedEnd>,
    /// How the moves are written.
    pub notation: Notation,
}

impl OwnedRecord {
    /// The record to replay.
    pub fn as_record(&self) -> Record<'_> {
        Record {
            source: self.source.clone(),
            game: self.game.clone(),
            movelist: &self.movelist,
            line: self.line,
            recorded: self.recorded,
            notation: self.notation,
        }
    }
}

/// Calls `f` with every record of a file in order (rows that do not fit the archive's header
/// are passed over), until `f` breaks. `-` is standard input; gzip is read decompressed.
///
/// # Errors
/// The file cannot be read or is not an Arimaa record file.
pub fn for_each_record(path: &Path, f: &mut dyn FnMut(OwnedRecord) -> ControlFlow<()>) -> Result<(), FindError> {
    let file = input::open(path).map_err(|error| FindError::Io { file: path.display().to_string(), error })?;
    for_each_record_in(path, file.into_reader(), f)
}

/// As [`for_each_record`], on the content of `path` read from `reader` (the file read once).
///
/// # Errors
/// The content cannot be read or is not an Arimaa record file.
pub fn for_each_record_in(
    path: &Path,
    reader: impl Read,
    f: &mut dyn FnMut(OwnedRecord) -> ControlFlow<()>,
) -> Result<(), FindError> {
    let source: Arc<str> = Arc::from(path.display().to_string());
    let file = || path.display().to_string();
    let fail = |error: std::io::Error| FindError::Io { file: file(), error };
    let mut chunks = LineChunks::new(reader);
    let mut chunk = chunks.next_chunk().map_err(fail)?;
    if chunk.is_none() {
        return Err(FindError::Empty { file: file() });
    }
    let format = Format::of_chunk(&chunk);
    match format {
        None => Err(FindError::NotRecords { file: file() }),
        Some(Format::BackgammonMat | Format::BackgammonSgf) => {
            Err(FindError::OtherGame { file: file(), what: "a backgammon match" })
        }
        Some(Format::StonesRiversRecords) => {
            Err(FindError::OtherGame { file: file(), what: "Stones and Rivers records" })
        }
        Some(format @ (Format::ArimaaMoveList | Format::ArimaaShort)) => {
            let data = read_single(chunk, &mut chunks).map_err(|e| match e {
                SingleGameError::TooLarge => FindError::TooLarge { file: file(), limit: MAX_RECORD_BYTES },
                SingleGameError::Io(error) => FindError::Io { file: file(), error },
            })?;
            let notation = match format {
                Format::ArimaaShort => Notation::Short(ResolveOptions::default()),
                _ => Notation::Long,
            };
            let game = input::record_name(path);
            let _ = f(OwnedRecord { source, game, movelist: data, line: 1, recorded: None, notation });
            Ok(())
        }
        Some(Format::ArimaaArchive(layout)) => {
            let (mut index, mut header) = (0usize, true);
            while let Some(c) = chunk {
                if let Chunk::Lines { data, first_line } = &c {
                    for (line, row) in (*first_line..).zip(data.split(|&b| b == b'\n')) {
                        if std::mem::take(&mut header) || row.trim_ascii().is_empty() {
                            continue;
                        }
                        index += 1;
                        let Ok(r) = row_record(&source, &layout, line, index, row) else {
                            continue;
                        };
                        let record = OwnedRecord {
                            source: r.source,
                            game: r.game,
                            movelist: r.movelist.to_vec(),
                            line,
                            recorded: r.recorded,
                            notation: r.notation,
                        };
                        if f(record).is_break() {
                            return Ok(());
                        }
                    }
                }
                chunk = chunks.next_chunk().map_err(fail)?;
            }
            Ok(())
        }
    }
}

/// The whole text of a single-game file (a game in short notation for `tabula convert --to
/// long`): `-` is standard input, gzip is read decompressed, and at most
/// [`MAX_RECORD_BYTES`] are read.
///
/// # Errors
/// The file cannot be read, is larger than that, or is not UTF-8 text.
pub fn read_game_text(path: &Path) -> Result<String, FindError> {
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

/// Finds one game in a file: the one whose id is `selector`, else the `selector`-th (1-based),
/// or the first when `selector` is `None`. `-` is standard input; gzip is read decompressed.
///
/// # Errors
/// The file cannot be read, is not an Arimaa record file, or has no such game.
pub fn find_game(path: &Path, selector: Option<&str>) -> Result<OwnedRecord, FindError> {
    let file = input::open(path).map_err(|error| FindError::Io { file: path.display().to_string(), error })?;
    find_game_in(path, file.into_reader(), selector)
}

/// As [`find_game`], on the content of `path` read from `reader` (the file read once).
///
/// # Errors
/// The content cannot be read, is not an Arimaa record file, or has no such game.
pub fn find_game_in(path: &Path, reader: impl Read, selector: Option<&str>) -> Result<OwnedRecord, FindError> {
    let wanted_index = selector.and_then(|s| s.parse::<usize>().ok());
    let (mut by_id, mut by_index, mut n) = (None, None, 0usize);
    for_each_record_in(path, reader, &mut |r| {
        n += 1;
        if selector.is_none_or(|s| r.game == s) {
            by_id = Some(r);
            return ControlFlow::Break(());
        }
        if wanted_index == Some(n) {
            by_index = Some(r);
        }
        ControlFlow::Continue(())
    })?;
    by_id
        .or(by_index)
        .ok_or_else(|| FindError::NoGame { file: path.display().to_string(), selector: selector.map(str::to_owned) })
}
