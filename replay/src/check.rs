//! Checking files of records: every game replayed, in parallel, reported in input order.

use std::io::Read;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use rayon::prelude::*;

use crate::control::Control;
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
    /// Files passed over, with no game to report, and why.
    pub skipped: Vec<(PathBuf, SkipReason)>,
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
    /// Paths, folder entries and files the system refused to list, open or read (each also
    /// reported as an `unreadable` game).
    pub refused: usize,
    /// Whether the run was stopped before the end (the sink asked for it).
    pub stopped: bool,
}

/// What a check hands on, in input order.
#[derive(Clone, Copy, Debug)]
pub enum CheckEvent<'a> {
    /// A game's report.
    Game(&'a GameReport),
    /// A file passed over, with no game to report.
    Skipped {
        /// The file (`-`: standard input).
        path: &'a Path,
        /// Why.
        reason: SkipReason,
    },
}

/// Why a file holds no game to report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipReason {
    /// A file found in a folder in which no format tabula knows is recognised.
    NotRecords,
    /// An empty file.
    Empty,
    /// Records of a format tabula knows, without a game (an archive's header alone).
    NoGames,
    /// A folder reached again through a link (a loop, or a second way to the same folder).
    SeenBefore,
    /// Something in a folder that is neither a file nor a folder (a device, pipe or socket).
    NotAFile,
}

impl SkipReason {
    /// The reason, in full.
    pub const fn message(self) -> &'static str {
        match self {
            SkipReason::NotRecords => NOT_RECORDS,
            SkipReason::Empty => "an empty file: no games",
            SkipReason::NoGames => "records of a format tabula knows, but no game in them",
            SkipReason::SeenBefore => "a folder already read by another path (reached again through a link)",
            SkipReason::NotAFile => "not a file or a folder",
        }
    }

    /// A few words for a list.
    pub const fn label(self) -> &'static str {
        match self {
            SkipReason::NotRecords => "not game records",
            SkipReason::Empty => "empty",
            SkipReason::NoGames => "no games",
            SkipReason::SeenBefore => "a folder read already",
            SkipReason::NotAFile => "not a file",
        }
    }
}

/// Why a file named as records, or content not recognised, cannot be read.
const NOT_RECORDS: &str = "not a record file tabula knows: expected an Arimaa archive (a tab-separated \
                           header with a movelist column), an Arimaa move list (starting with 1w or 1g), a \
                           backgammon match (.mat: `N point match`, then `Game 1`) or Stones and Rivers records \
                           ([Key \"Value\"] tags, then turns like `Sq - D5, FN`)";

/// A check's output held until its turn to be handed on.
enum Found {
    Game(GameReport),
    Skipped(PathBuf, SkipReason),
}

impl Found {
    fn event(&self) -> CheckEvent<'_> {
        match self {
            Found::Game(r) => CheckEvent::Game(r),
            Found::Skipped(path, reason) => CheckEvent::Skipped { path, reason: *reason },
        }
    }
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
        self.refused += other.refused;
        self.stopped |= other.stopped;
    }
}

/// Files up to this size are checked several at once (their reports held until their turn to
/// be printed); larger ones alone, streamed, with the parallelism inside the file.
const SMALL_FILE_BYTES: u64 = 4 << 20;
/// At most this many small files, or this many bytes of them, are checked together.
const WINDOW_FILES: usize = 512;
const WINDOW_BYTES: u64 = 8 << 20;

/// Small files waiting to be checked together: each with whether it was named explicitly.
#[derive(Default)]
struct Window {
    files: Vec<(PathBuf, bool)>,
    bytes: u64,
}

/// At most this many reports of the small files of a window are held at once (a few MB). Real
/// records take a kilobyte or more, so that a window's [`WINDOW_BYTES`] of them stays below;
/// a file that would pass it (a file of many tiny records: a report takes a few hundred bytes,
/// a record a few bytes) has its reports dropped and is checked again on its own, streamed,
/// when its turn to be reported comes.
const HELD_REPORTS: usize = 1 << 14;

/// What checking one file of a window gave.
struct WindowFile {
    part: Summary,
    found: Vec<Found>,
    /// Whether `found` holds every report (rather than too many to hold).
    whole: bool,
}

impl Window {
    /// Checks the waiting files in parallel and hands their reports on in file order, until the
    /// sink asks to stop.
    fn flush(&mut self, summary: &mut Summary, control: &Arc<Control>, sink: &mut dyn FnMut(Found)) {
        let held = AtomicUsize::new(0);
        let done: Vec<WindowFile> = self
            .files
            .par_iter()
            .map(|(file, explicit)| {
                let mut checked = WindowFile { part: Summary::default(), found: Vec::new(), whole: true };
                if !control.stopped() {
                    check_file(file, *explicit, &mut checked.part, control, &mut |r| {
                        if !checked.whole {
                            return;
                        }
                        if held.fetch_add(1, Ordering::Relaxed) < HELD_REPORTS {
                            checked.found.push(r);
                        } else {
                            checked.whole = false;
                            held.fetch_sub(checked.found.len() + 1, Ordering::Relaxed);
                            checked.found = Vec::new();
                        }
                    });
                }
                checked
            })
            .collect();
        for (checked, (file, explicit)) in done.into_iter().zip(&self.files) {
            if control.stopped() {
                break;
            }
            if checked.whole {
                summary.merge(checked.part);
                checked.found.into_iter().for_each(&mut *sink);
            } else {
                control.forget_file(checked.part.bytes);
                check_file(file, *explicit, summary, control, sink);
            }
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
/// listed in the summary ([`check_paths_with`] hands those on too).
pub fn check_paths(paths: &[PathBuf], sink: &mut dyn FnMut(&GameReport)) -> Summary {
    check_paths_with(paths, &mut |event| {
        if let CheckEvent::Game(r) = event {
            sink(r);
        }
        ControlFlow::Continue(())
    })
}

/// As [`check_paths`], handing on every game and every skipped file in input order; when the
/// sink answers [`ControlFlow::Break`] (its output closed, say), reading stops at once and the
/// summary says [`stopped`](Summary::stopped).
pub fn check_paths_with(paths: &[PathBuf], sink: &mut dyn FnMut(CheckEvent<'_>) -> ControlFlow<()>) -> Summary {
    check_paths_controlled(paths, &Arc::new(Control::new()), sink)
}

/// As [`check_paths_with`], under `control`: the bytes and files read are counted there as the
/// run goes (a progress display reads them from another thread), and once it is stopped (an
/// interrupt) no further chunk or file is read and the summary says
/// [`stopped`](Summary::stopped), with the games checked until then.
pub fn check_paths_controlled(
    paths: &[PathBuf],
    control: &Arc<Control>,
    sink: &mut dyn FnMut(CheckEvent<'_>) -> ControlFlow<()>,
) -> Summary {
    let mut summary = Summary::default();
    {
        let sink = &mut |found: Found| {
            if control.stopped() {
                return;
            }
            if sink(found.event()).is_break() {
                control.stop();
            }
        };
        let mut window = Window::default();
        for entry in input::walk(paths) {
            if control.stopped() {
                break;
            }
            match entry {
                Entry::Stdin => {
                    window.flush(&mut summary, control, sink);
                    check_file(Path::new("-"), true, &mut summary, control, sink);
                }
                Entry::Problem { path, problem } => {
                    window.flush(&mut summary, control, sink);
                    let skip = match problem {
                        Problem::Missing => {
                            summary.missing += 1;
                            None
                        }
                        Problem::Unreadable(_) => {
                            summary.refused += 1;
                            None
                        }
                        Problem::SeenBefore(_) => Some(SkipReason::SeenBefore),
                        Problem::NotAFile => Some(SkipReason::NotAFile),
                    };
                    if let Some(reason) = skip {
                        summary.skipped.push((path.clone(), reason));
                        sink(Found::Skipped(path, reason));
                        continue;
                    }
                    let r = GameReport::unknown(&Arc::from(path.display().to_string()), problem.to_string());
                    summary.add(&r);
                    sink(Found::Game(r));
                }
                Entry::File { path, named, len } if len <= SMALL_FILE_BYTES => {
                    window.files.push((path, named));
                    window.bytes += len;
                    if window.files.len() >= WINDOW_FILES || window.bytes >= WINDOW_BYTES {
                        window.flush(&mut summary, control, sink);
                    }
                }
                Entry::File { path, named, .. } => {
                    window.flush(&mut summary, control, sink);
                    check_file(&path, named, &mut summary, control, sink);
                }
            }
        }
        window.flush(&mut summary, control, sink);
    }
    summary.stopped = control.stopped();
    summary
}

/// Whether a file's name says it holds records, so that content not recognised in it is an
/// error to report rather than a reason to pass it over: a `.mat` match (`.mat.gz` too).
fn named_as_records(path: &Path) -> bool {
    input::has_extension(path, "mat")
}

fn check_file(path: &Path, explicit: bool, summary: &mut Summary, control: &Arc<Control>, sink: &mut dyn FnMut(Found)) {
    let source: Arc<str> = Arc::from(path.display().to_string());
    let file = match input::open(path) {
        Ok(f) => f,
        Err(e) => {
            let r = GameReport::unknown(&source, format!("cannot open: {e}"));
            summary.refused += 1;
            summary.add(&r);
            return sink(Found::Game(r));
        }
    };
    let name = input::record_name(path);
    let chunks = file.into_chunks();
    let explicit = explicit || named_as_records(path);
    let skipped = check_stream(&source, &name, chunks.watched_by(Arc::clone(control)), explicit, summary, sink);
    control.file_done();
    if let Some(reason) = skipped {
        summary.skipped.push((path.to_path_buf(), reason));
        sink(Found::Skipped(path.to_path_buf(), reason));
    }
}

/// Checks every game read from `reader` (a whole file's content), calling `sink` for each
/// report in input order. `name` is the game id of a single-game file (a move list).
pub fn check_reader(source: &str, name: &str, reader: impl Read + Send, sink: &mut dyn FnMut(&GameReport)) -> Summary {
    let mut summary = Summary::default();
    check_stream(&Arc::from(source), name, LineChunks::new(reader), true, &mut summary, &mut |found| {
        if let Found::Game(r) = found {
            sink(&r);
        }
    });
    summary
}

/// Checks the games of one input. Returns why it was passed over when it holds no game to
/// report: empty, records without a game, or (unless `explicit`) no format recognised.
fn check_stream(
    source: &Arc<str>,
    name: &str,
    mut chunks: LineChunks<impl Read + Send>,
    explicit: bool,
    summary: &mut Summary,
    sink: &mut dyn FnMut(Found),
) -> Option<SkipReason> {
    let mut emit = |r: GameReport, summary: &mut Summary| {
        summary.add(&r);
        sink(Found::Game(r));
    };
    let first = match chunks.next_chunk() {
        Ok(None) => return Some(SkipReason::Empty),
        Ok(c) => c,
        Err(e) => {
            // The system refusing, not content that is no text (an endless line).
            if e.kind() != std::io::ErrorKind::InvalidData {
                summary.refused += 1;
            }
            emit(GameReport::unknown(source, format!("cannot read: {e}")), summary);
            return None;
        }
    };
    let Some(format) = Format::of_chunk(&first) else {
        if !explicit {
            return Some(SkipReason::NotRecords);
        }
        emit(GameReport::unknown(source, NOT_RECORDS.into()), summary);
        return None;
    };
    summary.files += 1;
    let games = summary.games;
    summary.bytes += crate::games::check_records(format, source, name, first, chunks, &mut |r| emit(r, summary));
    (summary.games == games).then_some(SkipReason::NoGames)
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
    /// Nothing in the file, or only blank space.
    #[error("{file}: an empty file: no games")]
    Empty {
        /// The file.
        file: String,
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
    /// The game asked for is there but cannot be read (an archive row that does not fit the
    /// header, or is longer than any game), as `tabula check` reports it.
    #[error("{file}: game {game} (line {line}) cannot be read: {reason}")]
    Unreadable {
        /// The file.
        file: String,
        /// The game's id.
        game: String,
        /// Its line.
        line: u64,
        /// Why.
        reason: String,
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

impl FindError {
    /// Whether the input holds no game to show (empty, not records, a record past the limit,
    /// content that is no text, no game at all), as opposed to a file that cannot be read or a game asked for that is
    /// not there: the commands end such a run with status 1, as `tabula check` does an input
    /// without a game, and the others with status 2.
    pub fn is_no_game(&self) -> bool {
        match self {
            // A game that cannot be read is not ok, as `tabula check` says of it.
            FindError::Empty { .. }
            | FindError::NotRecords { .. }
            | FindError::TooLarge { .. }
            | FindError::Unreadable { .. } => true,
            FindError::NoGame { selector, .. } => selector.is_none(),
            // Content that is no text (an endless line, a damaged gzip stream), not the system
            // refusing: `check` reports such a file as unreadable too.
            FindError::Io { error, .. } => error.kind() == std::io::ErrorKind::InvalidData,
            FindError::OtherGame { .. } => false,
        }
    }
}
