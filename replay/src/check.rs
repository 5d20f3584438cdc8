//! Checking files of records: every game replayed, in parallel, reported in input order.

use std::io::Read;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use crate::arimaa::archive::ArchiveLayout;
use tabula_notation::arimaa::short::ResolveOptions;

use crate::arimaa::verify::{self, Notation, Record, RecordedEnd};
use crate::input::{self, Chunk, Format, LineChunks, MAX_RECORD_FILE_BYTES};
use crate::report::{ErrorInfo, GameReport, Verdict};

/// Counts over a whole check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files read as records.
    pub files: usize,
    /// Files found in folders and passed over because no known format was recognised.
    pub skipped: Vec<PathBuf>,
    /// Games reported.
    pub games: usize,
    /// Games per verdict: ok, illegal, result-mismatch, unreadable.
    pub verdicts: [usize; 4],
    /// Moves replayed over all games.
    pub turns: usize,
    /// Bytes read.
    pub bytes: u64,
}

impl Summary {
    fn add(&mut self, r: &GameReport) {
        self.games += 1;
        self.turns += r.turns;
        self.verdicts[match r.verdict {
            Verdict::Ok => 0,
            Verdict::Illegal => 1,
            Verdict::ResultMismatch => 2,
            Verdict::Unreadable => 3,
        }] += 1;
    }

    /// Whether every game is ok.
    pub fn all_ok(&self) -> bool {
        self.games == self.verdicts[0]
    }

    fn merge(&mut self, other: Summary) {
        self.files += other.files;
        self.skipped.extend(other.skipped);
        self.games += other.games;
        for (a, b) in self.verdicts.iter_mut().zip(other.verdicts) {
            *a += b;
        }
        self.turns += other.turns;
        self.bytes += other.bytes;
    }
}

/// Files up to this size are checked several at once (their reports held until their turn to
/// be printed); larger ones alone, streamed, with the parallelism inside the file.
const SMALL_FILE_BYTES: u64 = 4 << 20;
/// At most this many small files, or this many bytes of them, are checked together.
const WINDOW_FILES: usize = 512;
const WINDOW_BYTES: u64 = 32 << 20;

/// Small files waiting to be checked together: each with whether it was named explicitly.
#[derive(Default)]
struct Window {
    files: Vec<(PathBuf, bool)>,
    bytes: u64,
}

impl Window {
    /// Checks the waiting files in parallel and hands their reports on in file order.
    fn flush(&mut self, summary: &mut Summary, sink: &mut dyn FnMut(GameReport)) {
        let done: Vec<(Summary, Vec<GameReport>)> = self
            .files
            .par_iter()
            .map(|(file, explicit)| {
                let mut part = Summary::default();
                let mut reports = Vec::new();
                check_file(file, *explicit, &mut part, &mut |r| reports.push(r));
                (part, reports)
            })
            .collect();
        for (part, reports) in done {
            summary.merge(part);
            reports.into_iter().for_each(&mut *sink);
        }
        self.files.clear();
        self.bytes = 0;
    }
}

fn io_report(source: &Arc<str>, message: String) -> GameReport {
    GameReport::unreadable(
        source.clone(),
        "1".into(),
        "unknown",
        ErrorInfo { turn: String::new(), line: 0, token: String::new(), message },
    )
}

/// Checks every game in `paths` (files, folders searched recursively, or `-` for standard
/// input), calling `sink` for
/// each game's report in input order. Unreadable files and rows are reported as `unreadable`
/// games; a file in a folder whose format is not recognised is skipped and listed in the summary.
pub fn check_paths(paths: &[PathBuf], sink: &mut dyn FnMut(&GameReport)) -> Summary {
    let sink = &mut |r: GameReport| sink(&r);
    let mut summary = Summary::default();
    let mut window = Window::default();
    for path in paths {
        if path.as_os_str() == "-" {
            window.flush(&mut summary, sink);
            check_stream(&Arc::from("-"), "stdin", std::io::stdin(), true, &mut summary, sink);
            continue;
        }
        let explicit = !path.is_dir();
        let files = match input::files_under(path) {
            Ok(f) => f,
            Err(e) => {
                window.flush(&mut summary, sink);
                let r = io_report(&Arc::from(path.display().to_string()), format!("cannot read folder: {e}"));
                summary.add(&r);
                sink(r);
                continue;
            }
        };
        for file in files {
            match std::fs::metadata(&file) {
                Ok(m) if m.len() <= SMALL_FILE_BYTES => {
                    window.files.push((file, explicit));
                    window.bytes += m.len();
                    if window.files.len() >= WINDOW_FILES || window.bytes >= WINDOW_BYTES {
                        window.flush(&mut summary, sink);
                    }
                }
                _ => {
                    window.flush(&mut summary, sink);
                    check_file(&file, explicit, &mut summary, sink);
                }
            }
        }
    }
    window.flush(&mut summary, sink);
    summary
}

fn check_file(path: &Path, explicit: bool, summary: &mut Summary, sink: &mut dyn FnMut(GameReport)) {
    let source: Arc<str> = Arc::from(path.display().to_string());
    let file = match input::open(path) {
        Ok(f) => f,
        Err(e) => {
            let r = io_report(&source, format!("cannot open: {e}"));
            summary.add(&r);
            return sink(r);
        }
    };
    let name = path.file_stem().map_or_else(|| "1".into(), |s| s.to_string_lossy().into_owned());
    if !check_stream(&source, &name, file, explicit, summary, sink) {
        summary.skipped.push(path.to_path_buf());
    }
}

/// Checks every game read from `reader` (a whole file's content), calling `sink` for each
/// report in input order. `name` is the game id of a single-game file (a move list).
pub fn check_reader(source: &str, name: &str, reader: impl Read + Send, sink: &mut dyn FnMut(&GameReport)) -> Summary {
    let mut summary = Summary::default();
    check_stream(&Arc::from(source), name, reader, true, &mut summary, &mut |r| sink(&r));
    summary
}

/// Returns `false` when the format is not recognised and `explicit` is `false` (nothing was
/// reported).
fn check_stream(
    source: &Arc<str>,
    name: &str,
    reader: impl Read + Send,
    explicit: bool,
    summary: &mut Summary,
    sink: &mut dyn FnMut(GameReport),
) -> bool {
    let mut emit = |r: GameReport, summary: &mut Summary| {
        summary.add(&r);
        sink(r);
    };
    let mut chunks = LineChunks::new(reader);
    let first = match chunks.next_chunk() {
        Ok(c) => c,
        Err(e) => {
            emit(io_report(source, format!("cannot read: {e}")), summary);
            return true;
        }
    };
    let format = match &first {
        Some(Chunk::Lines { data, .. }) => Format::detect(&data[..data.len().min(64 << 10)]),
        _ => None,
    };
    let Some(format) = format else {
        if explicit {
            let message = "not a record file tabula knows: expected an Arimaa archive (a tab-separated header \
                           with a movelist column), an Arimaa move list (starting with 1w or 1g), a backgammon \
                           match (.mat: `N point match`, then `Game 1`) or Stones and Rivers records \
                           ([Key \"Value\"] tags, then turns like `Sq - D5, FN`)";
            emit(io_report(source, message.into()), summary);
        }
        return explicit;
    };
    summary.files += 1;
    let mut chunk = first;
    match format {
        Format::ArimaaArchive(layout) => {
            let mut archive = ArchiveChecker { source, layout: &layout, index: 0, header_seen: false };
            // A reader thread keeps the next chunks coming while the workers check this one;
            // at most a few chunks are alive at once, and their buffers go back for reuse.
            std::thread::scope(|scope| {
                let (chunk_tx, chunk_rx) = std::sync::mpsc::sync_channel::<std::io::Result<Option<Chunk>>>(2);
                let (spare_tx, spare_rx) = std::sync::mpsc::channel::<Vec<u8>>();
                scope.spawn(move || loop {
                    if let Ok(buf) = spare_rx.try_recv() {
                        chunks.recycle(buf);
                    }
                    let next = chunks.next_chunk();
                    let more = matches!(next, Ok(Some(_)));
                    if chunk_tx.send(next).is_err() || !more {
                        break;
                    }
                });
                let mut chunk = Ok(chunk.take());
                loop {
                    match chunk {
                        Ok(None) => break,
                        Ok(Some(Chunk::Lines { data, first_line })) => {
                            summary.bytes += data.len() as u64;
                            for r in archive.check_chunk(&data, first_line) {
                                emit(r, summary);
                            }
                            let _ = spare_tx.send(data);
                        }
                        Ok(Some(Chunk::Overlong { line, bytes })) => {
                            summary.bytes += bytes;
                            archive.index += 1;
                            let message = format!(
                                "the row is {bytes} bytes long, more than the {} tabula reads",
                                input::MAX_LINE_BYTES
                            );
                            let e = ErrorInfo { turn: String::new(), line, token: String::new(), message };
                            emit(
                                GameReport::unreadable(source.clone(), archive.index.to_string(), verify::KIND, e),
                                summary,
                            );
                        }
                        Err(e) => {
                            emit(io_report(source, format!("reading stopped: {e}")), summary);
                            break;
                        }
                    }
                    chunk = chunk_rx.recv().unwrap_or(Ok(None));
                }
            });
        }
        Format::BackgammonMat => {
            let mut stream = input::ChunkStream::new(chunk.take(), chunks);
            crate::backgammon::matches::check_match(source, name, &mut stream, &mut |r| emit(r, summary));
            summary.bytes += stream.bytes_read();
            return true;
        }
        Format::StonesRiversRecords => {
            let mut stream = input::ChunkStream::new(chunk.take(), chunks);
            crate::stones_rivers::verify::check_records(source, &mut stream, &mut |r| emit(r, summary));
            summary.bytes += stream.bytes_read();
            return true;
        }
        Format::ArimaaMoveList | Format::ArimaaShort => {
            // One game: the whole file, up to a limit.
            let mut data = Vec::new();
            loop {
                match chunk {
                    None => break,
                    Some(Chunk::Lines { data: d, .. }) => data.extend_from_slice(&d),
                    Some(Chunk::Overlong { .. }) => data.resize(MAX_RECORD_FILE_BYTES + 1, 0),
                }
                if data.len() > MAX_RECORD_FILE_BYTES {
                    summary.bytes += data.len() as u64;
                    let message = format!("a move list longer than {MAX_RECORD_FILE_BYTES} bytes");
                    emit(io_report(source, message), summary);
                    return true;
                }
                chunk = match chunks.next_chunk() {
                    Ok(c) => c,
                    Err(e) => {
                        emit(io_report(source, format!("cannot read: {e}")), summary);
                        return true;
                    }
                };
            }
            summary.bytes += data.len() as u64;
            let notation = match format {
                Format::ArimaaShort => Notation::Short(ResolveOptions::default()),
                _ => Notation::Long,
            };
            let record = Record {
                source: source.clone(),
                game: name.to_owned(),
                movelist: &data,
                line: 1,
                recorded: None,
                notation,
            };
            emit(verify::verify(&record), summary);
        }
    }
    true
}

struct ArchiveChecker<'a> {
    source: &'a Arc<str>,
    layout: &'a ArchiveLayout,
    index: usize,
    header_seen: bool,
}

impl ArchiveChecker<'_> {
    fn check_chunk(&mut self, data: &[u8], first_line: u64) -> Vec<GameReport> {
        let mut rows: Vec<(u64, usize, &[u8])> = Vec::new();
        let mut start = 0;
        let ends = memchr::memchr_iter(b'\n', data).chain(std::iter::once(data.len()));
        for (this_line, end) in (first_line..).zip(ends) {
            if start > data.len() {
                break;
            }
            let row = &data[start..end];
            start = end + 1;
            if !self.header_seen {
                self.header_seen = true;
                continue;
            }
            if row.trim_ascii().is_empty() {
                continue;
            }
            self.index += 1;
            rows.push((this_line, self.index, row));
        }
        rows.par_iter().map(|&(line, index, row)| self.check_row(line, index, row)).collect()
    }

    fn check_row(&self, line: u64, index: usize, row: &[u8]) -> GameReport {
        match self.layout.split(row) {
            Ok(fields) => {
                let game = match fields.id {
                    Some(id) if !id.trim().is_empty() => id.trim().to_owned(),
                    _ => index.to_string(),
                };
                let record = Record {
                    source: self.source.clone(),
                    game,
                    movelist: fields.movelist,
                    line,
                    recorded: RecordedEnd::from_columns(fields.result, fields.termination),
                    notation: Notation::Long,
                };
                verify::verify(&record)
            }
            Err(e) => {
                let shown = &row[..row.len().min(40)];
                let token = String::from_utf8_lossy(shown).into_owned();
                let error = ErrorInfo { turn: String::new(), line, token, message: e.to_string() };
                let game = self.layout.id_of(row).unwrap_or_else(|| index.to_string());
                GameReport::unreadable(self.source.clone(), game, verify::KIND, error)
            }
        }
    }
}

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
/// are passed over), until `f` breaks.
///
/// # Errors
/// The file cannot be read or is not a record file.
pub fn for_each_record(path: &Path, f: &mut dyn FnMut(OwnedRecord) -> ControlFlow<()>) -> Result<(), String> {
    let source: Arc<str> = Arc::from(path.display().to_string());
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut chunks = LineChunks::new(input::open(path).map_err(fail)?);
    let mut chunk = chunks.next_chunk().map_err(fail)?;
    let format = match &chunk {
        Some(Chunk::Lines { data, .. }) => Format::detect(&data[..data.len().min(64 << 10)]),
        _ => None,
    };
    match format {
        None => Err(format!("{}: not a record file tabula knows", path.display())),
        Some(Format::BackgammonMat) => Err(format!("{}: a backgammon match, not an Arimaa record", path.display())),
        Some(Format::StonesRiversRecords) => {
            Err(format!("{}: Stones and Rivers records, not an Arimaa record", path.display()))
        }
        Some(format @ (Format::ArimaaMoveList | Format::ArimaaShort)) => {
            let data = input::read_limited(path, MAX_RECORD_FILE_BYTES)
                .map_err(fail)?
                .ok_or_else(|| format!("{}: file too large", path.display()))?;
            let notation = match format {
                Format::ArimaaShort => Notation::Short(ResolveOptions::default()),
                _ => Notation::Long,
            };
            let game = path.file_stem().map_or_else(|| "1".into(), |s| s.to_string_lossy().into_owned());
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
                        let Ok(fields) = layout.split(row) else { continue };
                        let game = fields.id.map(str::trim).filter(|s| !s.is_empty());
                        let record = OwnedRecord {
                            source: source.clone(),
                            game: game.map_or_else(|| index.to_string(), str::to_owned),
                            movelist: fields.movelist.to_vec(),
                            line,
                            recorded: RecordedEnd::from_columns(fields.result, fields.termination),
                            notation: Notation::Long,
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

/// Finds one game in a file: the one whose id is `selector`, else the `selector`-th (1-based),
/// or the first when `selector` is `None`.
///
/// # Errors
/// The file cannot be read, is not a record file, or has no such game.
pub fn find_game(path: &Path, selector: Option<&str>) -> Result<OwnedRecord, String> {
    let wanted_index = selector.and_then(|s| s.parse::<usize>().ok());
    let (mut by_id, mut by_index, mut n) = (None, None, 0usize);
    for_each_record(path, &mut |r| {
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
    by_id.or(by_index).ok_or_else(|| format!("{}: no game {}", path.display(), selector.unwrap_or_default()))
}
