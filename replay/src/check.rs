//! Checking files of records: every game replayed, in parallel, reported in input order.

use std::io::Read;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use rayon::prelude::*;

use crate::control::Control;
use crate::games::{self, Format};
pub use crate::input::RowsBefore;
use crate::input::{self, Entry, LineChunks, Problem};
use crate::report::{GameReport, Verdict};
pub use crate::skip::SkipReason;
use crate::skip::NOT_RECORDS;

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

/// A check's output held until its turn to be handed on.
#[expect(
    clippy::large_enum_variant,
    reason = "a report boxed would cost an allocation per game; skipped files are few"
)]
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
    let chunks = chunks.watched_by(Arc::clone(control));
    let skipped =
        check_stream(&source, &name, chunks, explicit, RowsBefore::default(), control.suggests(), summary, sink);
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
    let chunks = LineChunks::new(reader);
    check_stream(&Arc::from(source), name, chunks, true, RowsBefore::default(), false, &mut summary, &mut |found| {
        if let Found::Game(r) = found {
            sink(&r);
        }
    });
    summary
}

/// Checks every game of one file's content, `data` (plain, or gzip as its first bytes say), as
/// [`check_paths_with`] checks a file named on the command line whose path is `source`: its
/// format recognised from the content, its games' reports and a skipped file's reason handed
/// to `sink` in input order, the games of a single-game file named after `source`. What a task
/// of a distributed job calls on the bytes it was given.
pub fn check_bytes(source: &str, data: &[u8], sink: &mut dyn FnMut(CheckEvent<'_>) -> ControlFlow<()>) -> Summary {
    check_content(source, data, Content::default(), sink)
}

/// How content handed to [`check_content`] stands: a file named to the check or found in a
/// folder, a whole file or a piece of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Content {
    /// The file was named (`check FILE`): content in no format tabula knows is a game report,
    /// unreadable. Else it was found in a folder (`check FOLDER`), and such content is skipped
    /// (a `.mat` file's content excepted, as in a folder).
    pub named: bool,
    /// A piece of a file that [`rows_header_len`] accepts (its header line, then rows cut out at
    /// line breaks), and what stands before it: its rows are numbered and placed as in the whole
    /// file. The default, for a whole file.
    pub before: RowsBefore,
    /// Whether illegal games get repair hints (`tabula check --suggest`).
    pub suggest: bool,
}

impl Default for Content {
    /// A whole file, named.
    fn default() -> Content {
        Content { named: true, before: RowsBefore::default(), suggest: false }
    }
}

/// As [`check_bytes`], for content that may have been found in a folder, or be a piece of a
/// file cut at line breaks ([`Content`]): what the tasks of a distributed job call, which
/// cut a file too large for one task into pieces ([`rows_header_len`], [`rows_in`]) and list
/// files out of folders themselves.
pub fn check_content(
    source: &str,
    data: &[u8],
    content: Content,
    sink: &mut dyn FnMut(CheckEvent<'_>) -> ControlFlow<()>,
) -> Summary {
    let control = Arc::new(Control::new());
    let mut summary = Summary::default();
    let name = input::record_name(Path::new(source));
    let path = Path::new(source);
    let explicit = content.named || named_as_records(path);
    let mut hand_on = |found: Found| {
        if !control.stopped() && sink(found.event()).is_break() {
            control.stop();
        }
    };
    let source = Arc::from(source);
    let before = content.before;
    let skipped = if data.starts_with(&input::GZIP_MAGIC) {
        let chunks = LineChunks::new(input::Gunzip::new(data)).watched_by(Arc::clone(&control));
        check_stream(&source, &name, chunks, explicit, before, content.suggest, &mut summary, &mut hand_on)
    } else {
        let chunks = LineChunks::new(data).watched_by(Arc::clone(&control));
        check_stream(&source, &name, chunks, explicit, before, content.suggest, &mut summary, &mut hand_on)
    };
    if let Some(reason) = skipped {
        summary.skipped.push((path.to_path_buf(), reason));
        hand_on(Found::Skipped(path.to_path_buf(), reason));
    }
    summary.stopped = control.stopped();
    summary
}

/// When a file whose start is `head` (its first 64 KiB, or all of it) can be cut into pieces
/// checked apart, the length of the header line (line break included) every piece starts
/// with: a plain Arimaa archive, one game a row after the header line. `None` for gzip, for
/// the other formats and for content in none.
pub fn rows_header_len(head: &[u8]) -> Option<usize> {
    games::rows_header_len(head)
}

/// The lines and rows of `data`, rows cut out of a file [`rows_header_len`] accepts (its header
/// line left out, cut at line breaks), as its check numbers them: with what stands before
/// `data`, what stands before the piece after it ([`RowsBefore::then`]).
pub fn rows_in(data: &[u8]) -> RowsBefore {
    games::rows_in(data)
}

/// Checks the games of one input. Returns why it was passed over when it holds no game to
/// report: empty, records without a game, or (unless `explicit`) no format recognised.
#[allow(clippy::too_many_arguments)]
fn check_stream(
    source: &Arc<str>,
    name: &str,
    mut chunks: LineChunks<impl Read + Send>,
    explicit: bool,
    before: RowsBefore,
    suggest: bool,
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
    summary.bytes +=
        games::check_records(format, source, name, first, chunks, before, suggest, &mut |r| emit(r, summary));
    (summary.games == games).then_some(SkipReason::NoGames)
}

#[cfg(test)]
mod tests {
    use super::{check_bytes, check_content, check_reader, rows_header_len, rows_in, CheckEvent, Content};
    use crate::input::{RowsBefore, CHUNK_BYTES};
    use crate::report::GameReport;
    use std::ops::ControlFlow;

    /// The JSON lines of a check of `data` as `content`.
    fn lines_of(data: &[u8], content: Content) -> Vec<String> {
        let mut out = Vec::new();
        check_content("pieces.tsv", data, content, &mut |event| {
            out.push(match event {
                CheckEvent::Game(r) => r.to_json(),
                CheckEvent::Skipped { path, reason } => GameReport::skipped_json(path, reason),
            });
            ControlFlow::Continue(())
        });
        out
    }

    /// An archive cut into pieces at line breaks, each piece its header line and some rows
    /// checked apart after what stands before it, gives the whole file's reports: the rows'
    /// ids (their index when the id column is empty), their lines, blank lines between them.
    #[test]
    fn pieces_of_an_archive_give_the_whole_files_reports() {
        let mut text = b"id\tresult\ttermination\tmovelist\n".to_vec();
        for line in 2..400u64 {
            match line % 9 {
                0 => text.push(b'\n'),
                1 => text.extend(b" \t\r\n"),
                // No id: the row is named by its index among the rows.
                2 | 5 => text.extend(format!("\tw\tg\t1w Ra1 Rb1 x{line}\n").as_bytes()),
                3 => text.extend(b"\xff\xfe not text\n"),
                _ => text.extend(format!("{line}\tb\tg\t1w Ra1\\n1b ra8\\n2w Ra1n q{line}\n").as_bytes()),
            }
        }
        text.extend(b"last\tw\tg\t1w");
        let whole = lines_of(&text, Content::default());
        let mut bytes = Vec::new();
        check_bytes("pieces.tsv", &text, &mut |event| {
            if let CheckEvent::Game(r) = event {
                bytes.push(r.to_json());
            }
            ControlFlow::Continue(())
        });
        assert_eq!(whole, bytes);
        assert!(whole.iter().any(|l| l.contains("\"game\":\"2\"")), "a row named by its index");
        let header = rows_header_len(&text).expect("an archive");
        assert_eq!(&text[..header], b"id\tresult\ttermination\tmovelist\n");
        for piece_bytes in [1, 37, 200, 1000, text.len()] {
            let (mut at, mut before, mut pieces) = (header, RowsBefore::default(), Vec::new());
            while at < text.len() {
                let mut end = (at + piece_bytes).min(text.len());
                end = text[end..].iter().position(|&b| b == b'\n').map_or(text.len(), |i| end + i + 1);
                // A piece of blank lines alone has nothing to report (checked, it would be
                // skipped as holding no game).
                let counted = rows_in(&text[at..end]);
                if counted.rows > 0 {
                    let mut piece = text[..header].to_vec();
                    piece.extend(&text[at..end]);
                    pieces.extend(lines_of(&piece, Content { named: true, before, suggest: false }));
                }
                before = before.then(counted);
                at = end;
            }
            assert_eq!(pieces.len(), whole.len(), "pieces of {piece_bytes} bytes");
            for (piece, whole) in pieces.iter().zip(&whole) {
                assert_eq!(piece, whole, "pieces of {piece_bytes} bytes");
            }
        }
    }

    /// Only a plain archive is cut: not gzip, not another format, not a header line that does
    /// not end in the start given.
    #[test]
    fn only_a_plain_archive_has_a_header_to_cut_after() {
        assert_eq!(rows_header_len(b"id\tmovelist\n1\t1w Ra1\n"), Some(12));
        assert_eq!(rows_header_len(b"id\tmovelist"), None);
        assert_eq!(rows_header_len(b"1w Ra1 Rb1\n"), None);
        assert_eq!(rows_header_len(b"\x1f\x8bid\tmovelist\n"), None);
        assert_eq!(rows_in(b"a\n\n \nb"), RowsBefore { lines: 4, rows: 2 });
    }

    /// Content found in a folder in no format tabula knows is skipped; named, it is a report.
    #[test]
    fn content_found_in_a_folder_is_skipped_when_not_records() {
        let found =
            lines_of(b"just some text\n", Content { named: false, before: RowsBefore::default(), suggest: false });
        assert_eq!(found.len(), 1);
        assert!(found[0].contains("\"verdict\":\"skipped\""), "{}", found[0]);
        let named = lines_of(b"just some text\n", Content::default());
        assert!(named[0].contains("\"verdict\":\"unreadable\""), "{}", named[0]);
    }

    /// An Arimaa archive's rows are numbered by the line they stand on, across chunks, blank lines and rows too long
    /// to read: every row here is a bad one whose id is its line number, and the rows too long
    /// to read are reported at theirs.
    #[test]
    fn rows_are_numbered_by_their_line_across_chunks() {
        let mut text = b"id\tresult\ttermination\tmovelist\n".to_vec();
        let mut long_rows = Vec::new();
        let (mut line, mut blank) = (2u64, 0);
        while text.len() < 3 * CHUNK_BYTES {
            match line % 1000 {
                7 => {
                    text.push(b'\n');
                    blank += 1;
                }
                500 => {
                    text.extend(std::iter::repeat_n(b'x', CHUNK_BYTES + 10));
                    text.push(b'\n');
                    long_rows.push(line);
                }
                _ => text.extend(format!("{line}\t{}\n", "p".repeat((line % 700) as usize)).as_bytes()),
            }
            line += 1;
        }
        let mut reports = Vec::new();
        let summary = check_reader("rows.tsv", "rows", &text[..], &mut |r| reports.push(r.clone()));
        let mut long_seen = Vec::new();
        for r in &reports {
            let e = r.error.as_ref().expect("every row is bad");
            if e.message.contains("bytes long") {
                long_seen.push(e.line);
            } else {
                assert_eq!(e.line.to_string(), r.game, "{}", e.message);
            }
        }
        assert_eq!(long_seen, long_rows);
        assert_eq!(summary.games, reports.len());
        assert_eq!(reports.len() as u64, line - 2 - blank);
    }
}
