//! Checking files of records: every game replayed, in parallel, reported in input order.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use crate::input::{self, Entry, Format, LineChunks, Problem};
use crate::report::{GameReport, Verdict};

/// Games by verdict.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct VerdictCounts {
    /// Every move proved legal, the result agreeing with the board.
    pub ok: usize,
    /// A move breaks a rule or is written wrongly.
    pub illegal: usize,
    /// The moves are legal but the recorded result disagrees with the board.
    pub result_mismatch: usize,
    /// The record cannot be read as a game.
    pub unreadable: usize,
}

impl VerdictCounts {
    /// The count of `verdict`.
    pub fn get(&self, verdict: Verdict) -> usize {
        match verdict {
            Verdict::Ok => self.ok,
            Verdict::Illegal => self.illegal,
            Verdict::ResultMismatch => self.result_mismatch,
            Verdict::Unreadable => self.unreadable,
        }
    }

    fn count(&mut self, verdict: Verdict) {
        *match verdict {
            Verdict::Ok => &mut self.ok,
            Verdict::Illegal => &mut self.illegal,
            Verdict::ResultMismatch => &mut self.result_mismatch,
            Verdict::Unreadable => &mut self.unreadable,
        } += 1;
    }

    fn merge(&mut self, other: VerdictCounts) {
        self.ok += other.ok;
        self.illegal += other.illegal;
        self.result_mismatch += other.result_mismatch;
        self.unreadable += other.unreadable;
    }
}

/// Counts over a whole check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files read as records.
    pub files: usize,
    /// Files found in folders and passed over because no known format was recognised.
    pub skipped: Vec<PathBuf>,
    /// Games reported.
    pub games: usize,
    /// Games by verdict.
    pub verdicts: VerdictCounts,
    /// Moves replayed over all games.
    pub turns: usize,
    /// Bytes read.
    pub bytes: u64,
    /// Paths given that do not exist (each also reported as an `unreadable` game).
    pub missing: usize,
}

impl Summary {
    fn add(&mut self, r: &GameReport) {
        self.games += 1;
        self.turns += r.turns;
        self.verdicts.count(r.verdict);
    }

    /// Whether every game is ok.
    pub fn all_ok(&self) -> bool {
        self.games == self.verdicts.ok
    }

    fn merge(&mut self, other: Summary) {
        self.files += other.files;
        self.skipped.extend(other.skipped);
        self.games += other.games;
        self.verdicts.merge(other.verdicts);
        self.turns += other.turns;
        self.bytes += other.bytes;
        self.missing += other.missing;
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

/// Checks every game in `paths` (files, folders searched recursively with links followed, or
/// `-` for standard input), calling `sink` for each game's report in input order. Every entry
/// is accounted for: a path or folder entry that cannot be read is reported as an `unreadable`
/// game of kind `unknown` saying why (paths that do not exist last, counted in
/// [`Summary::missing`]); a file in a folder whose format is not recognised is skipped and
/// listed in the summary.
pub fn check_paths(paths: &[PathBuf], sink: &mut dyn FnMut(&GameReport)) -> Summary {
    let sink = &mut |r: GameReport| sink(&r);
    let mut summary = Summary::default();
    let mut window = Window::default();
    for entry in input::walk(paths) {
        match entry {
            Entry::Stdin => {
                window.flush(&mut summary, sink);
                check_stream(&Arc::from("-"), "stdin", LineChunks::new(std::io::stdin()), true, &mut summary, sink);
            }
            Entry::Problem { path, problem } => {
                window.flush(&mut summary, sink);
                if matches!(problem, Problem::Missing) {
                    summary.missing += 1;
                }
                let r = GameReport::unknown(&Arc::from(path.display().to_string()), problem.to_string());
                summary.add(&r);
                sink(r);
            }
            Entry::File { path, named, len } if len <= SMALL_FILE_BYTES => {
                window.files.push((path, named));
                window.bytes += len;
                if window.files.len() >= WINDOW_FILES || window.bytes >= WINDOW_BYTES {
                    window.flush(&mut summary, sink);
                }
            }
            Entry::File { path, named, .. } => {
                window.flush(&mut summary, sink);
                check_file(&path, named, &mut summary, sink);
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
            let r = GameReport::unknown(&source, format!("cannot open: {e}"));
            summary.add(&r);
            return sink(r);
        }
    };
    let name = path.file_stem().map_or_else(|| "1".into(), |s| s.to_string_lossy().into_owned());
    let chunks = match file.metadata() {
        Ok(m) if m.is_file() => LineChunks::with_len_hint(file, m.len()),
        _ => LineChunks::new(file),
    };
    if !check_stream(&source, &name, chunks, explicit, summary, sink) {
        summary.skipped.push(path.to_path_buf());
    }
}

/// Checks every game read from `reader` (a whole file's content), calling `sink` for each
/// report in input order. `name` is the game id of a single-game file (a move list).
pub fn check_reader(source: &str, name: &str, reader: impl Read + Send, sink: &mut dyn FnMut(&GameReport)) -> Summary {
    let mut summary = Summary::default();
    check_stream(&Arc::from(source), name, LineChunks::new(reader), true, &mut summary, &mut |r| sink(&r));
    summary
}

/// Returns `false` when the format is not recognised and `explicit` is `false` (nothing was
/// reported).
fn check_stream(
    source: &Arc<str>,
    name: &str,
    mut chunks: LineChunks<impl Read + Send>,
    explicit: bool,
    summary: &mut Summary,
    sink: &mut dyn FnMut(GameReport),
) -> bool {
    let mut emit = |r: GameReport, summary: &mut Summary| {
        summary.add(&r);
        sink(r);
    };
    let first = match chunks.next_chunk() {
        Ok(c) => c,
        Err(e) => {
            emit(GameReport::unknown(source, format!("cannot read: {e}")), summary);
            return true;
        }
    };
    let format = Format::of_chunk(&first);
    let Some(format) = format else {
        if explicit {
            let message = "not a record file tabula knows: expected an Arimaa archive (a tab-separated header \
                           with a movelist column), an Arimaa move list (starting with 1w or 1g), a backgammon \
                           match (.mat: `N point match`, then `Game 1`) or Stones and Rivers records \
                           ([Key \"Value\"] tags, then turns like `Sq - D5, FN`)";
            emit(GameReport::unknown(source, message.into()), summary);
        }
        return explicit;
    };
    summary.files += 1;
    summary.bytes += crate::games::check_records(format, source, name, first, chunks, &mut |r| emit(r, summary));
    true
}

/// Why one game cannot be taken out of a file ([`find_game`](crate::arimaa::find::find_game), [`for_each_record`](crate::arimaa::find::for_each_record), and the
/// Stones and Rivers [`find_record`](crate::stones_rivers::find_record)).
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// The file cannot be read.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// What the system said.
        error: std::io::Error,
    },
    /// No format tabula knows is recognised.
    #[error("{file}: not a record file tabula knows")]
    NotRecords {
        /// The file.
        file: String,
    },
    /// Records of another game than the one asked for.
    #[error("{file}: {what}, not an Arimaa record")]
    OtherGame {
        /// The file.
        file: String,
        /// What it holds.
        what: &'static str,
    },
    /// A single-game file past the size read into memory.
    #[error("{file}: more than the {limit} bytes a single game's file may have")]
    TooLarge {
        /// The file.
        file: String,
        /// The limit.
        limit: usize,
    },
    /// No game has that id or number.
    #[error("{file}: {}", .selector.as_ref().map_or_else(|| "no game in the file".to_owned(), |s| format!("no game {s}")))]
    NoGame {
        /// The file.
        file: String,
        /// The id or number asked for.
        selector: Option<String>,
    },
}
