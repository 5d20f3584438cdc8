//! The one dispatch on the game: which formats there are and how each is recognised
//! ([`Format`]), and for a recognised format (or a [`GameKind`]) which function reads its
//! records and verifies them, which shows one of its games, which lists the moves of a
//! position and which resolves a move. The drivers (`check.rs`, `show.rs`, `query.rs`,
//! `read.rs`, `convert.rs`) call these and know no game; a new game is added here, in
//! [`Format`]'s detection and in its own folder.

mod format;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value};
use tabula_notation::arimaa::short::ResolveOptions;

pub use format::Format;

use crate::arimaa::find::{ArimaaFile, FileLayout};
use crate::arimaa::verify::Notation;
use crate::error::{FindError, QueryError, Refusal, ShowError};
use crate::game_kind::GameKind;
use crate::input::{self, Chunk, ChunkStream, LineChunks};
use crate::report::{GameReport, Verdict};
use crate::view::{GameView, Look};

/// A file opened, its format recognised from its content as `tabula check` does: the format,
/// the file's name as reports give it, and the whole content to read.
///
/// # Errors
/// The file cannot be opened or its start read.
pub(crate) fn open(path: &Path) -> Result<(Option<Format>, Arc<str>, impl BufRead), FindError> {
    let file = || path.display().to_string();
    let io = |error: std::io::Error| FindError::Io { file: file(), error };
    let mut content = input::open(path).map_err(io)?.into_reader();
    // The whole start the format is recognised from, however few bytes a read gives (a pipe).
    let mut head = Vec::with_capacity(input::DETECT_BYTES);
    (&mut content).take(input::DETECT_BYTES as u64).read_to_end(&mut head).map_err(io)?;
    let format = Format::detect(&head);
    let reader = BufReader::with_capacity(input::DETECT_BYTES, std::io::Cursor::new(head).chain(content));
    Ok((format, Arc::from(file()), reader))
}

/// The content of `path`, read from `reader`, opened as an Arimaa file: its first chunk read
/// and its format recognised.
///
/// # Errors
/// The content cannot be read, is empty, is not records, or holds another game's records.
pub(crate) fn arimaa_file<R: Read>(path: &Path, reader: R) -> Result<ArimaaFile<R>, FindError> {
    let file = || path.display().to_string();
    let mut chunks = LineChunks::new(reader);
    let first = chunks.next_chunk().map_err(|error| FindError::Io { file: file(), error })?;
    if first.is_none() {
        return Err(FindError::Empty { file: file() });
    }
    let layout = match Format::of_chunk(&first) {
        None => return Err(FindError::NotRecords { file: file() }),
        Some(Format::BackgammonMat | Format::BackgammonSgf) => {
            return Err(FindError::OtherGame { file: file(), what: "a backgammon match" })
        }
        Some(Format::StonesRiversRecords) => {
            return Err(FindError::OtherGame { file: file(), what: "Stones and Rivers records" })
        }
        Some(Format::ArimaaMoveList) => FileLayout::Single(Notation::Long),
        Some(Format::ArimaaShort) => FileLayout::Single(Notation::Short(ResolveOptions::default())),
        Some(Format::ArimaaArchive(layout)) => FileLayout::Archive(layout),
    };
    Ok(ArimaaFile { layout, first, chunks })
}

/// Reads every record of a file in `format` (`first`, the chunk already read, then the rest of
/// `chunks`), verifies each and hands the reports to `emit` in input order; returns the bytes
/// read. `name` is the game id of a single-game file.
pub(crate) fn check_records<R: Read + Send>(
    format: Format,
    source: &Arc<str>,
    name: &str,
    first: Option<Chunk>,
    chunks: LineChunks<R>,
    emit: &mut dyn FnMut(GameReport),
) -> u64 {
    match format {
        Format::ArimaaArchive(layout) => crate::arimaa::check::check_archive(source, &layout, first, chunks, emit),
        Format::ArimaaMoveList => crate::arimaa::check::check_single(source, name, Notation::Long, first, chunks, emit),
        Format::ArimaaShort => {
            let notation = Notation::Short(ResolveOptions::default());
            crate::arimaa::check::check_single(source, name, notation, first, chunks, emit)
        }
        Format::BackgammonMat => {
            let mut stream = ChunkStream::new(first, chunks);
            crate::backgammon::check::check_match(source, name, &mut stream, emit);
            stream.bytes_read()
        }
        Format::BackgammonSgf => {
            let mut stream = ChunkStream::new(first, chunks);
            crate::backgammon::check::check_sgf(source, name, &mut stream, emit);
            stream.bytes_read()
        }
        Format::StonesRiversRecords => {
            let mut stream = ChunkStream::new(first, chunks);
            crate::stones_rivers::verify::check_records(source, &mut stream, emit);
            stream.bytes_read()
        }
    }
}

/// Shows the game `selector` of a file in `format` read from `reader` (`tabula replay`): every
/// move, or the position after `upto` of them, then the verdict, which it returns.
#[allow(clippy::too_many_arguments)]
pub(crate) fn show_game(
    format: Option<Format>,
    path: &Path,
    source: &Arc<str>,
    reader: impl BufRead,
    selector: Option<&str>,
    upto: Option<usize>,
    look: Look,
    out: &mut impl Write,
) -> Result<Verdict, ShowError> {
    match format.as_ref().map(Format::game) {
        Some(GameKind::StonesRivers) => {
            let record = crate::stones_rivers::find_record(source, reader, selector)?;
            crate::stones_rivers::show::print_replay(source, &record, upto, look, out)
        }
        Some(GameKind::Backgammon) => {
            let sgf = format == Some(Format::BackgammonSgf);
            crate::backgammon::show::print_match_replay(source, reader, sgf, selector, upto, look, out)
        }
        // Arimaa, or no format known: the Arimaa finder says what the file is not.
        Some(GameKind::Arimaa) | None => {
            let record = crate::arimaa::find::find_game_in(path, arimaa_file(path, reader)?, selector)?;
            crate::arimaa::show::print_replay(&record.as_record(), &record.tags, upto, look.color, out)
        }
    }
}

/// The game `selector` of a file in `format` read from `reader`, replayed into the frames of
/// its pictures and page.
pub(crate) fn game_view(
    format: Option<Format>,
    path: &Path,
    source: &Arc<str>,
    reader: impl BufRead,
    selector: Option<&str>,
) -> Result<GameView, ShowError> {
    match format.as_ref().map(Format::game) {
        Some(GameKind::StonesRivers) => {
            let record = crate::stones_rivers::find_record(source, reader, selector)?;
            Ok(crate::stones_rivers::svg::view(source, &record))
        }
        Some(GameKind::Backgammon) => {
            crate::backgammon::svg::view(source, reader, format == Some(Format::BackgammonSgf), selector)
        }
        // Arimaa, or no format known: the Arimaa finder says what the file is not.
        Some(GameKind::Arimaa) | None => {
            let record = crate::arimaa::find::find_game_in(path, arimaa_file(path, reader)?, selector)?;
            Ok(crate::arimaa::svg::view(&record))
        }
    }
}

/// The legal moves of `position` in `game` (`tabula moves`), in the game's standard notation,
/// with why there may be none.
pub(crate) fn legal_moves(
    game: GameKind,
    position: &str,
    dice: Option<&str>,
) -> Result<(Vec<String>, String), QueryError> {
    match game {
        GameKind::Arimaa => crate::arimaa::query::legal_moves(position),
        GameKind::StonesRivers => crate::stones_rivers::query::legal_moves(position),
        GameKind::Backgammon => crate::backgammon::query::legal_moves(position, dice),
    }
}

/// Resolves the move `text` of a `tabula resolve` request on `position` in `game`.
pub(crate) fn resolve_move(
    game: GameKind,
    request: &Map<String, Value>,
    position: &str,
    text: &str,
) -> Result<String, Refusal> {
    match game {
        GameKind::Arimaa => crate::arimaa::query::resolve(request, position, text),
        GameKind::Backgammon => crate::backgammon::query::resolve(request, position, text),
        GameKind::StonesRivers => crate::stones_rivers::query::resolve(position, text),
    }
}

/// Whether a recognised format is a backgammon match a `convert --to sgf|mat` reads: `Some(true)`
/// for `.sgf`, `Some(false)` for `.mat`, `None` for anything else.
pub(crate) fn match_format(format: Option<Format>) -> Option<bool> {
    match format? {
        Format::BackgammonSgf => Some(true),
        Format::BackgammonMat => Some(false),
        Format::ArimaaArchive(_) | Format::ArimaaMoveList | Format::ArimaaShort | Format::StonesRiversRecords => None,
    }
}
