//! Checking Arimaa files: archive rows a chunk at a time, each chunk's rows in parallel, and
//! single-game files (a move list, or a game in short notation) whole.

use std::io::Read;
use std::sync::Arc;

use rayon::prelude::*;

use super::archive::ArchiveLayout;
use super::verify::{self, Notation, Record, RecordedEnd};
use crate::input::{self, Chunk, LineChunks, RowsBefore, MAX_RECORD_BYTES};
use crate::report::{ErrorInfo, GameReport};

/// Checks every row of an archive (`first`, the chunk already read, then the rest of
/// `chunks`), handing the reports to `emit` in row order; returns the bytes read. A reader
/// thread reads the next chunk while the workers check this one (reading is many times faster
/// than checking: one chunk ahead is enough), and the buffers go back to it for reuse, so that
/// two or three chunks' memory serves the whole input. A piece of an archive (its header line,
/// then rows cut out of it) numbers its rows and lines after what stands `before` it.
pub(crate) fn check_archive<R: Read + Send>(
    source: &Arc<str>,
    layout: &ArchiveLayout,
    first: Option<Chunk>,
    chunks: LineChunks<R>,
    before: RowsBefore,
    suggest: bool,
    emit: &mut dyn FnMut(GameReport),
) -> u64 {
    let mut archive = ArchiveChecker { source, layout, index: before.rows, header_seen: false, suggest };
    let mut bytes = 0;
    // The rows are numbered here, as they are found: the reader need not count them too.
    let mut chunks = chunks.uncounted();
    let mut next_line = before.lines
        + match &first {
            Some(Chunk::Lines { first_line, .. }) => *first_line,
            Some(Chunk::Overlong { line, .. }) => *line,
            None => 1,
        };
    std::thread::scope(|scope| {
        // The reader hands over each chunk when the checker takes it, and meanwhile holds only
        // the one it filled.
        let (chunk_tx, chunk_rx) = std::sync::mpsc::sync_channel::<std::io::Result<Option<Chunk>>>(0);
        let (spare_tx, spare_rx) = std::sync::mpsc::channel::<Vec<u8>>();
        scope.spawn(move || loop {
            while let Ok(buf) = spare_rx.try_recv() {
                chunks.recycle(buf);
            }
            let next = chunks.next_chunk();
            let more = matches!(next, Ok(Some(_)));
            if chunk_tx.send(next).is_err() || !more {
                break;
            }
        });
        // The reports of the chunk checked last, handed on while the workers check the next, so
        // that they never wait for the output.
        let mut ready: Vec<GameReport> = Vec::new();
        let mut chunk = Ok(first);
        loop {
            match chunk {
                Ok(Some(Chunk::Lines { data, .. })) => {
                    bytes += data.len() as u64;
                    let mut rows = Rows { data: &data, start: 0, line: next_line };
                    while !rows.is_done() {
                        let mut checked = Vec::new();
                        let done = std::mem::take(&mut ready);
                        let (archive, rows) = (&mut archive, &mut rows);
                        rayon::in_place_scope(|s| {
                            s.spawn(|_| checked = archive.check_batch(rows));
                            done.into_iter().for_each(&mut *emit);
                        });
                        ready = checked;
                    }
                    // Past the last row, whose line break (if it has one) ends no further line.
                    next_line = rows.line - u64::from(data.last() == Some(&b'\n'));
                    let _ = spare_tx.send(data);
                }
                Ok(None) => break,
                Ok(Some(Chunk::Overlong { bytes: long, .. })) => {
                    ready.drain(..).for_each(&mut *emit);
                    let line = next_line;
                    next_line += 1;
                    bytes += long;
                    archive.index += 1;
                    emit(archive.unreadable(line, Unread::too_long(archive.index, long)));
                }
                Err(e) => {
                    ready.drain(..).for_each(&mut *emit);
                    let message = format!("reading stopped: {e}");
                    let e = ErrorInfo {
                        turn: String::new(),
                        line: next_line,
                        token: String::new(),
                        message,
                        suggestions: None,
                    };
                    emit(GameReport::unreadable(source.clone(), "1".into(), "unknown", e));
                    break;
                }
            }
            chunk = chunk_rx.recv().unwrap_or(Ok(None));
        }
        ready.into_iter().for_each(&mut *emit);
    });
    bytes
}

/// Why a single-game file cannot be read whole.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SingleGameError {
    /// Past [`MAX_RECORD_BYTES`].
    #[error("a record longer than {MAX_RECORD_BYTES} bytes, more than any game's (the limit of one record)")]
    TooLarge,
    /// Reading failed.
    #[error("cannot read: {0}")]
    Io(std::io::Error),
}

/// The whole content of a single-game file: `first`, then the rest of `chunks`.
pub(crate) fn read_single<R: Read>(
    mut chunk: Option<Chunk>,
    chunks: &mut LineChunks<R>,
) -> Result<Vec<u8>, SingleGameError> {
    let mut data = Vec::new();
    while let Some(c) = chunk {
        match c {
            Chunk::Lines { data: d, .. } => data.extend_from_slice(&d),
            Chunk::Overlong { .. } => return Err(SingleGameError::TooLarge),
        }
        if data.len() > MAX_RECORD_BYTES {
            return Err(SingleGameError::TooLarge);
        }
        chunk = chunks.next_chunk().map_err(SingleGameError::Io)?;
    }
    Ok(data)
}

/// Checks a single-game file (`name` is its game id), handing its report to `emit`; returns
/// the bytes read.
pub(crate) fn check_single<R: Read>(
    source: &Arc<str>,
    name: &str,
    notation: Notation,
    first: Option<Chunk>,
    mut chunks: LineChunks<R>,
    suggest: bool,
    emit: &mut dyn FnMut(GameReport),
) -> u64 {
    match read_single(first, &mut chunks) {
        Ok(data) => {
            let record = Record {
                source: source.clone(),
                game: name.to_owned(),
                movelist: &data,
                line: 1,
                recorded: None,
                notation,
            };
            emit(super::suggest::verify_suggesting(&record, suggest));
            data.len() as u64
        }
        Err(e) => {
            emit(GameReport::unknown(source, e.to_string()));
            0
        }
    }
}

/// The rows of one archive, checked a chunk at a time.
struct ArchiveChecker<'a> {
    source: &'a Arc<str>,
    layout: &'a ArchiveLayout,
    index: usize,
    header_seen: bool,
    /// Whether the errors of illegal games get repair hints.
    suggest: bool,
}

/// At most this many rows are checked together, so that a chunk of many short rows does not
/// hold a report for each of them at once.
const BATCH_ROWS: usize = 1024;

/// The rows of one chunk, handed out a batch at a time.
struct Rows<'d> {
    data: &'d [u8],
    /// Where the next row starts (past the end once the last row is out).
    start: usize,
    /// Its line number.
    line: u64,
}

impl Rows<'_> {
    fn is_done(&self) -> bool {
        self.start > self.data.len()
    }
}

impl ArchiveChecker<'_> {
    /// Checks the next rows, at most [`BATCH_ROWS`], in parallel; the reports in row order.
    fn check_batch(&mut self, rows: &mut Rows<'_>) -> Vec<GameReport> {
        let mut batch: Vec<(u64, usize, &[u8])> = Vec::new();
        while batch.len() < BATCH_ROWS && !rows.is_done() {
            let rest = &rows.data[rows.start..];
            let len = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            let (row, line) = (&rest[..len], rows.line);
            rows.start += len + 1;
            rows.line += 1;
            if !self.header_seen {
                self.header_seen = true;
                continue;
            }
            if !is_row(row) {
                continue;
            }
            self.index += 1;
            batch.push((line, self.index, row));
        }
        batch.par_iter().map(|&(line, index, row)| self.check_row(line, index, row)).collect()
    }

    fn check_row(&self, line: u64, index: usize, row: &[u8]) -> GameReport {
        match read_row(self.source, self.layout, line, index, row) {
            Ok(record) => super::suggest::verify_suggesting(&record, self.suggest),
            Err(unread) => self.unreadable(line, unread),
        }
    }

    fn unreadable(&self, line: u64, unread: Unread) -> GameReport {
        let Unread { game, token, reason: message } = unread;
        let e = ErrorInfo { turn: String::new(), line, token, message, suggestions: None };
        GameReport::unreadable(self.source.clone(), game, verify::KIND, e)
    }
}

/// Whether a line after an archive's header is a row the check numbers and reports: any but a
/// blank one.
fn is_row(line: &[u8]) -> bool {
    !line.trim_ascii().is_empty()
}

/// The lines of `data` (rows of an archive, its header line left out, cut at line breaks) and
/// the rows among them, as [`check_archive`] numbers them: what a piece after these rows stands
/// after. A line too long to read is a row wherever it stands.
pub(crate) fn rows_in(data: &[u8]) -> RowsBefore {
    let mut counted = RowsBefore::default();
    let mut rest = data;
    while !rest.is_empty() {
        let len = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        counted.lines += 1;
        counted.rows += usize::from(len > input::MAX_LINE_BYTES || is_row(&rest[..len]));
        rest = &rest[(len + 1).min(rest.len())..];
    }
    counted
}

/// An archive row that cannot be read as a game: the id it is reported under, the text shown
/// and why.
pub(crate) struct Unread {
    pub(crate) game: String,
    pub(crate) token: String,
    pub(crate) reason: String,
}

impl Unread {
    /// The `index`-th row, of `bytes` bytes, past [`input::MAX_LINE_BYTES`]: not read, so
    /// named by its index whether or not the reader handed it over.
    pub(crate) fn too_long(index: usize, bytes: u64) -> Unread {
        let reason = format!("the row is {bytes} bytes long, more than the {} tabula reads", input::MAX_LINE_BYTES);
        Unread { game: index.to_string(), token: String::new(), reason }
    }
}

/// The record of the `index`-th row of an archive (on `line`), or why it is not read: the one
/// place that decides, for `tabula check` and for the commands that take a game out of a file.
///
/// # Errors
/// The row is longer than [`input::MAX_LINE_BYTES`] (the reader skips such a row unread when it
/// fills a whole buffer, and hands it over when it does not: it is refused wherever it stands),
/// or does not fit the header's columns.
pub(crate) fn read_row<'a>(
    source: &Arc<str>,
    layout: &ArchiveLayout,
    line: u64,
    index: usize,
    row: &'a [u8],
) -> Result<Record<'a>, Unread> {
    if row.len() > input::MAX_LINE_BYTES {
        return Err(Unread::too_long(index, row.len() as u64));
    }
    let fields = layout.split(row).map_err(|e| Unread {
        game: layout.id_of(row).unwrap_or_else(|| index.to_string()),
        token: String::from_utf8_lossy(&row[..row.len().min(40)]).into_owned(),
        reason: e.to_string(),
    })?;
    // The id column, or the row's index among the rows when it is empty.
    let game = match fields.id.map(str::trim) {
        Some(id) if !id.is_empty() => id.to_owned(),
        _ => index.to_string(),
    };
    Ok(Record {
        source: source.clone(),
        game,
        movelist: fields.movelist,
        line,
        recorded: RecordedEnd::from_columns(fields.result, fields.termination),
        notation: Notation::Long,
    })
}
