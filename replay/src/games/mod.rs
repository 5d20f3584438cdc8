//! The one dispatch on the game: which formats there are and how each is recognised
//! ([`Format`]), and for a recognised format (or a [`GameKind`]) which function reads its
//! records and verifies them, which shows one of its games, which lists the moves of a
//! position and which resolves a move. The drivers (`check.rs`, `show.rs`, `query.rs`,
//! `read.rs`, `convert.rs`) call these and know no game; a new game is added here, in
//! [`Format`]'s detection and in its own folder.

mod format;

use std::io::{BufRead, BufReader, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value};
use tabula_notation::arimaa::short::ResolveOptions;

pub use format::Format;

use crate::arimaa::find::{ArimaaFile, FileLayout, OwnedRecord};
use crate::arimaa::verify::Notation;
use crate::backgammon::MatchFile;
use crate::error::{FindError, QueryError, Refusal, ShowError};
use crate::game_kind::GameKind;
use crate::input::{self, Chunk, ChunkStream, LineChunks, RowsBefore};
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
    let content = input::open(path).map_err(io)?.into_reader();
    let (format, reader) = open_reader(content).map_err(io)?;
    Ok((format, Arc::from(file()), reader))
}

/// Content to read, its format recognised from its start as `tabula check` does.
///
/// # Errors
/// Its start cannot be read.
pub(crate) fn open_reader(mut content: impl Read) -> std::io::Result<(Option<Format>, impl BufRead)> {
    // The whole start the format is recognised from, however few bytes a read gives (a pipe).
    let mut head = Vec::with_capacity(input::DETECT_BYTES);
    (&mut content).take(input::DETECT_BYTES as u64).read_to_end(&mut head)?;
    let format = Format::detect(&head);
    Ok((format, BufReader::with_capacity(input::DETECT_BYTES, std::io::Cursor::new(head).chain(content))))
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
        Some(Format::BackgammonMat | Format::BackgammonSgf | Format::BackgammonXg) => {
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
/// read. `name` is the game id of a single-game file; a piece of an archive numbers its rows
/// after what stands `before` it (the other formats are not cut into pieces, and ignore it).
/// With `suggest`, the errors of illegal games carry repair hints.
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_records<R: Read + Send>(
    format: Format,
    source: &Arc<str>,
    name: &str,
    first: Option<Chunk>,
    chunks: LineChunks<R>,
    before: RowsBefore,
    suggest: bool,
    emit: &mut dyn FnMut(GameReport),
) -> u64 {
    match format {
        Format::ArimaaArchive(layout) => {
            crate::arimaa::check::check_archive(source, &layout, first, chunks, before, suggest, emit)
        }
        Format::ArimaaMoveList => {
            crate::arimaa::check::check_single(source, name, Notation::Long, first, chunks, suggest, emit)
        }
        Format::ArimaaShort => {
            let notation = Notation::Short(ResolveOptions::default());
            crate::arimaa::check::check_single(source, name, notation, first, chunks, suggest, emit)
        }
        Format::BackgammonMat | Format::BackgammonSgf | Format::BackgammonXg => {
            let file = match_format(Some(format)).unwrap_or(MatchFile::Mat);
            let mut stream = ChunkStream::new(first, chunks);
            crate::backgammon::check::check_file(file, source, name, &mut stream, suggest, emit);
            stream.bytes_read()
        }
        Format::StonesRiversRecords => {
            let mut stream = ChunkStream::new(first, chunks);
            let verify =
                |r: &crate::stones_rivers::Record| crate::stones_rivers::suggest::verify_suggesting(source, r, suggest);
            crate::stones_rivers::verify::check_records_with(&mut stream, &verify, emit);
            stream.bytes_read()
        }
    }
}

/// The length of the header line (its line break included) of a file whose start is `head`,
/// when the file holds one record a row after it (an Arimaa archive) and so can be cut into
/// pieces at line breaks, each piece the header line and some rows; `None` for any other
/// format, and for a header line that does not end within `head`.
pub(crate) fn rows_header_len(head: &[u8]) -> Option<usize> {
    if head.starts_with(&input::GZIP_MAGIC) {
        return None;
    }
    match Format::detect(&head[..head.len().min(input::DETECT_BYTES)]) {
        Some(Format::ArimaaArchive(_)) => {
            memchr::memchr(b'\n', head).filter(|&i| i < input::DETECT_BYTES).map(|i| i + 1)
        }
        _ => None,
    }
}

/// The lines and rows of `data`, rows of a file [`rows_header_len`] accepts, as its check
/// numbers them.
pub(crate) fn rows_in(data: &[u8]) -> RowsBefore {
    crate::arimaa::check::rows_in(data)
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
            let file = match_format(format).unwrap_or(MatchFile::Mat);
            crate::backgammon::show::print_match_replay(source, reader, file, selector, upto, look, out)
        }
        // Arimaa, or no format known: the Arimaa finder says what the file is not.
        Some(GameKind::Arimaa) | None => {
            let record = crate::arimaa::find::find_game_in(path, arimaa_file(path, reader)?, selector)?;
            crate::arimaa::show::print_replay(&record.as_record(), &record.tags, upto, look.color, out)
        }
    }
}

/// The game `selector` of a file in `format` read from `reader`, replayed into the frames of
/// its pictures and page (with `suggest`, an illegal game's suggestions in its report).
pub(crate) fn game_view(
    format: Option<Format>,
    path: &Path,
    source: &Arc<str>,
    reader: impl BufRead,
    selector: Option<&str>,
    suggest: bool,
) -> Result<GameView, ShowError> {
    match format.as_ref().map(Format::game) {
        Some(GameKind::StonesRivers) => {
            let record = crate::stones_rivers::find_record(source, reader, selector)?;
            Ok(crate::stones_rivers::svg::view(source, &record, suggest))
        }
        Some(GameKind::Backgammon) => {
            let file = match_format(format).unwrap_or(MatchFile::Mat);
            crate::backgammon::svg::view(source, reader, file, selector, suggest)
        }
        // Arimaa, or no format known: the Arimaa finder says what the file is not.
        Some(GameKind::Arimaa) | None => {
            let record = crate::arimaa::find::find_game_in(path, arimaa_file(path, reader)?, selector)?;
            Ok(crate::arimaa::svg::view(&record, suggest))
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

/// A game read out of a file, kept to be shown and replayed again: its game's own record.
#[derive(Clone, Debug)]
pub(crate) enum Kept {
    Arimaa(OwnedRecord),
    Backgammon(Box<crate::backgammon::show::Found>),
    StonesRivers(Box<crate::stones_rivers::Record>),
}

/// Reads every game of a file in `format` (the content of `path`, `source` as reports name it)
/// from `reader` and hands `f` each report, as `tabula check` gives it, with the game kept when
/// it can be read, until `f` breaks (a backgammon match is read to its end: its games' verdicts
/// depend on the games before them).
///
/// # Errors
/// The content cannot be read.
pub(crate) fn read_games(
    format: Format,
    path: &Path,
    source: &Arc<str>,
    reader: impl BufRead,
    f: &mut dyn FnMut(GameReport, Option<Kept>) -> ControlFlow<()>,
) -> Result<(), FindError> {
    use crate::backgammon::check::{check_kept, Keep};
    match format.game() {
        GameKind::Arimaa => crate::arimaa::find::for_each_game_in(path, arimaa_file(path, reader)?, &mut |r, k| {
            f(r, k.map(Kept::Arimaa))
        }),
        GameKind::Backgammon => {
            let name = input::record_name(path);
            let mut stopped = false;
            let mut sink = |r: GameReport, k: Option<crate::backgammon::check::KeptGame>| {
                if stopped {
                    return;
                }
                let kept =
                    k.map(|k| Kept::Backgammon(Box::new(crate::backgammon::show::found_of(source, k, r.clone()))));
                stopped = f(r, kept).is_break();
            };
            let file = match_format(Some(format)).unwrap_or(MatchFile::Mat);
            check_kept(file, source, &name, reader, Some(Keep::All), false, &mut sink);
            Ok(())
        }
        GameKind::StonesRivers => {
            for record in crate::stones_rivers::RecordReader::new(reader) {
                let report = crate::stones_rivers::verify(source, &record);
                if f(report, Some(Kept::StonesRivers(Box::new(record)))).is_break() {
                    break;
                }
            }
            Ok(())
        }
    }
}

impl Kept {
    /// The moves as the record writes them.
    pub(crate) fn moves(&self) -> Vec<String> {
        match self {
            Kept::Arimaa(r) => crate::arimaa::find::recorded_moves(r),
            Kept::Backgammon(found) => found.game.actions.iter().map(|a| a.text.to_string()).collect(),
            Kept::StonesRivers(r) => r.turns().map(|t| String::from_utf8_lossy(t.text).trim().to_owned()).collect(),
        }
    }

    /// The record's header or tags.
    pub(crate) fn tags(&self) -> Vec<(String, String)> {
        match self {
            Kept::Arimaa(r) => r.tags.clone(),
            Kept::Backgammon(found) => {
                let players = [("X", &found.game.players[0]), ("O", &found.game.players[1])];
                let mut tags: Vec<(String, String)> =
                    players.iter().map(|(k, v)| ((*k).to_owned(), (*v).clone())).collect();
                tags.extend(found.tags.iter().cloned());
                tags
            }
            Kept::StonesRivers(r) => r.tags.iter().map(|t| (t.key.clone(), t.value.clone())).collect(),
        }
    }

    /// The game replayed into the frames of its pictures and page; with `suggest`, an illegal
    /// game's suggestions in its report (for its page).
    pub(crate) fn view(&self, source: &Arc<str>, suggest: bool) -> GameView {
        match self {
            Kept::Arimaa(r) => crate::arimaa::svg::view(r, suggest),
            Kept::Backgammon(found) => crate::backgammon::svg::view_of(source, (**found).clone(), suggest),
            Kept::StonesRivers(r) => crate::stones_rivers::svg::view(source, r, suggest),
        }
    }

    /// The board after `turns` turns (every legal one when `None`); `None` past the game's end.
    pub(crate) fn board(&self, source: &Arc<str>, turns: Option<usize>) -> Option<AnyBoard> {
        match self {
            Kept::Arimaa(r) => crate::arimaa::board::after_plies(&r.as_record(), turns).map(AnyBoard::Arimaa),
            Kept::Backgammon(found) => {
                crate::backgammon::board::after_plays(source, found, turns).map(AnyBoard::Backgammon)
            }
            Kept::StonesRivers(r) => {
                crate::stones_rivers::board::after_turns(source, r, turns).map(AnyBoard::StonesRivers)
            }
        }
    }
}

/// A board of one of the games.
#[derive(Clone, Debug)]
pub enum AnyBoard {
    /// An Arimaa board.
    Arimaa(crate::arimaa::board::Board),
    /// A backgammon board.
    Backgammon(crate::backgammon::board::Board),
    /// A Stones and Rivers board.
    StonesRivers(crate::stones_rivers::board::Board),
}

/// The backgammon match file a recognised format is (what `convert --to sgf|mat` reads);
/// `None` for any other format.
pub(crate) fn match_format(format: Option<Format>) -> Option<MatchFile> {
    match format? {
        Format::BackgammonSgf => Some(MatchFile::Sgf),
        Format::BackgammonMat => Some(MatchFile::Mat),
        Format::BackgammonXg => Some(MatchFile::Xg),
        Format::ArimaaArchive(_) | Format::ArimaaMoveList | Format::ArimaaShort | Format::StonesRiversRecords => None,
    }
}

/// Games whose positions are worked out together; memory holds at most this many games of a
/// file at once.
const POSITIONS_BATCH: usize = 256;

/// What [`read_positions`] hands on for each game: its report, as `tabula check` gives it, and
/// its positions (none for a record that cannot be read), and what the record says about it
/// besides its moves.
pub(crate) type Positioned = (GameReport, crate::position_row::PositionRows, crate::game_meta::GameMeta);

/// A game waiting for its positions to be worked out.
enum Waiting {
    Arimaa(OwnedRecord),
    Backgammon(GameReport, Box<crate::backgammon::check::KeptGame>),
    StonesRivers(Box<crate::stones_rivers::Record>),
    /// A game with no record to replay: its report alone.
    Report(GameReport),
}

impl Waiting {
    /// The game's positions; with `meta`, what the record says about it besides its moves
    /// (else nothing: `positions` has no use for it).
    fn positions(self, source: &Arc<str>, meta: bool) -> Positioned {
        use crate::game_meta::GameMeta;
        match self {
            Waiting::Arimaa(r) => {
                let (report, rows) = crate::arimaa::positions::positions(&r.as_record());
                (report, rows, if meta { r.meta() } else { GameMeta::default() })
            }
            Waiting::Backgammon(report, kept) => {
                let meta = if meta { kept.meta() } else { GameMeta::default() };
                let rows = match kept.rows {
                    Some(rows) => rows.finish(&report),
                    None => crate::backgammon::positions::positions(source, &report, &kept.game, kept.written),
                };
                (report, rows, meta)
            }
            Waiting::StonesRivers(r) => {
                let (report, rows) = crate::stones_rivers::positions::positions(source, &r);
                (report, rows, if meta { r.meta() } else { GameMeta::default() })
            }
            Waiting::Report(report) => {
                let rows = crate::position_row::PositionRows::new(report.kind);
                (report, rows, GameMeta::default())
            }
        }
    }
}

/// Works out the positions of the games waiting, in parallel, and hands them on in order;
/// `Break` once `f` asks to stop.
fn flush_positions(
    source: &Arc<str>,
    meta: bool,
    batch: &mut Vec<Waiting>,
    f: &mut dyn FnMut(Positioned) -> ControlFlow<()>,
) -> ControlFlow<()> {
    use rayon::prelude::*;
    let done: Vec<Positioned> = if rayon::current_num_threads() > 1 {
        batch.par_drain(..).map(|w| w.positions(source, meta)).collect()
    } else {
        // One thread of work (`--jobs 1`): done on this thread, which also writes and frees the
        // rows; rows made on the pool's one thread and freed here cost the allocator about a
        // tenth of the work (a free from another thread takes its slow path).
        batch.drain(..).map(|w| w.positions(source, meta)).collect()
    };
    for p in done {
        f(p)?;
    }
    ControlFlow::Continue(())
}

/// Reads every game of a file in `format` (the content of `path`, `source` as reports name it)
/// from `reader` and hands `f` each game's report, as `tabula check` gives it, with the
/// positions it reaches, in order, until `f` breaks; the games of a batch are replayed in
/// parallel.
///
/// # Errors
/// The content cannot be read.
pub(crate) fn read_positions(
    format: Format,
    path: &Path,
    source: &Arc<str>,
    reader: impl BufRead,
    meta: bool,
    f: &mut dyn FnMut(Positioned) -> ControlFlow<()>,
) -> Result<(), FindError> {
    use crate::backgammon::check::{check_kept, Keep};
    let mut batch: Vec<Waiting> = Vec::with_capacity(POSITIONS_BATCH);
    let mut stopped = false;
    let mut wait = |w: Waiting, batch: &mut Vec<Waiting>, stopped: &mut bool| {
        if *stopped {
            return ControlFlow::Break(());
        }
        batch.push(w);
        if batch.len() >= POSITIONS_BATCH && flush_positions(source, meta, batch, f).is_break() {
            *stopped = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    };
    match format.game() {
        GameKind::Arimaa => {
            crate::arimaa::find::for_each_row_or_report(path, arimaa_file(path, reader)?, &mut |found| {
                let w = match found {
                    Ok(record) => Waiting::Arimaa(record),
                    Err(report) => Waiting::Report(report),
                };
                wait(w, &mut batch, &mut stopped)
            })?;
        }
        GameKind::Backgammon => {
            let name = input::record_name(path);
            let mut sink = |r: GameReport, k: Option<crate::backgammon::check::KeptGame>| {
                let w = match k {
                    Some(k) => Waiting::Backgammon(r, Box::new(k)),
                    None => Waiting::Report(r),
                };
                let _ = wait(w, &mut batch, &mut stopped);
            };
            let file = match_format(Some(format)).unwrap_or(MatchFile::Mat);
            check_kept(file, source, &name, reader, Some(Keep::Positions), false, &mut sink);
        }
        GameKind::StonesRivers => {
            for record in crate::stones_rivers::RecordReader::new(reader) {
                if wait(Waiting::StonesRivers(Box::new(record)), &mut batch, &mut stopped).is_break() {
                    break;
                }
            }
        }
    }
    if !stopped {
        let _ = flush_positions(source, meta, &mut batch, f);
    }
    Ok(())
}
