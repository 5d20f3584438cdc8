//! The `tabula` package for Python: the native module `tabula._tabula`.
//!
//! Everything here calls the library's public API (`tabula-replay`, `tabula-notation`,
//! `tabula-engine`) and adds no rule of its own: the boards ask the engine and the notation, and
//! `check` and `check_bytes` are the checker of `tabula check --jsonl`, its reports handed on
//! through the same serialisation (a game's report as a dict, a skipped file's as its JSON line).
//! The Python side (`python/tabula/`) turns the remaining JSON into dicts and names the classes.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyStopIteration, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use tabula_replay::check::{check_content, check_paths_controlled, CheckEvent, Content, RowsBefore};
use tabula_replay::control::Control;
use tabula_replay::texts::Texts;
use tabula_replay::{GameReport, GameResult, Refusal};

mod archive;
mod arimaa;
mod backgammon;
mod board;
mod read;
mod stones_rivers;

create_exception!(tabula, TabulaError, PyValueError, "What tabula refuses: a text, a position or a move.");
create_exception!(tabula, NotationError, TabulaError, "A move or position text that does not parse.");
create_exception!(tabula, IllegalMove, TabulaError, "A move that reads but is not legal on the board.");
create_exception!(
    tabula,
    AmbiguousMove,
    TabulaError,
    "A move text with several legal readings; `.candidates` are their standard texts."
);

/// The longest move text a board reads, in bytes, as `tabula resolve`.
const MAX_MOVE_BYTES: usize = tabula_replay::query::MAX_MOVE_BYTES;

/// The text of a Python `str` argument `what`: a `TypeError` for another type, a
/// `NotationError` for a string that is not text (a lone surrogate).
fn text(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    let s = obj.cast::<PyString>().map_err(|_| {
        let name = obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
        PyTypeError::new_err(format!("{what} must be str, not {name}"))
    })?;
    let cow = s.to_cow().map_err(|e| NotationError::new_err(format!("{what} is not text: {e}")))?;
    Ok(cow.into_owned())
}

/// The list of the `str`s of the texts `write` puts in a buffer of the thread's, kept between
/// calls: `write` runs without the GIL when `detach` (work long enough for other threads to
/// gain by it), and only the strings are made with it, straight from the one buffer.
fn texts_list<'py>(
    py: Python<'py>,
    detach: bool,
    write: impl FnOnce(&mut Texts) + Send,
) -> PyResult<Bound<'py, PyList>> {
    thread_local! {
        static TEXTS: RefCell<Texts> = RefCell::new(Texts::new());
    }
    let list = |texts: &mut Texts| {
        if detach {
            py.detach(|| write(texts));
        } else {
            write(texts);
        }
        PyList::new(py, texts.iter())
    };
    TEXTS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut texts) => list(&mut texts),
        // Taken by a call further up this thread's stack (code the collector ran while that
        // call made its strings): a buffer of this call's own.
        Err(_) => list(&mut Texts::new()),
    })
}

/// A refusal of `tabula resolve` as the Python exception of its kind.
/// An illegal move or one that does not read carries the legal moves nearest to it
/// (`suggestions`), as `tabula resolve --jsonl` answers both.
fn refusal_err(py: Python<'_>, r: Refusal) -> PyErr {
    let err = match r.kind {
        "ambiguous" => return ambiguous(py, r.message, r.candidates),
        "illegal" => IllegalMove::new_err(r.message),
        _ => NotationError::new_err(r.message),
    };
    if let Err(e) = err.value(py).setattr("suggestions", r.suggestions) {
        return e;
    }
    err
}

/// An `AmbiguousMove` with its candidates.
fn ambiguous(py: Python<'_>, message: String, candidates: Vec<String>) -> PyErr {
    let err = AmbiguousMove::new_err(message);
    if let Err(e) = err.value(py).setattr("candidates", candidates) {
        return e;
    }
    err
}

/// A check's event as the background thread hands it on: a game's report, or the JSON line of
/// a file passed over.
enum Checked {
    Game(Box<GameReport>),
    Line(String),
}

/// The reports of `tabula check --jsonl` for `paths`, streamed from a background thread: each
/// step hands on a list of every report ready (at least one), each the dict of its JSON line (a
/// game's made from the same serialisation, without the text between; a skipped file's read
/// from its line).
#[pyclass(module = "tabula._tabula")]
struct CheckLines {
    lines: Mutex<Receiver<Checked>>,
    /// What the dicts share, made once for the run (taken only with the GIL held).
    made: Mutex<Made>,
}

/// The Python objects every report's dict is made from, kept for a whole check: the dict a
/// report's is copied from (its keys in order), the strings of the game kinds and verdicts, and
/// the results met so far (a result's dict copied for each report, so that no two reports share
/// one).
#[derive(Default)]
struct Made {
    template: Option<Py<PyDict>>,
    names: Vec<(&'static str, Py<PyString>)>,
    results: Vec<(GameResult, Py<PyAny>)>,
}

/// Distinct results kept at most: a check meets a few dozen (winner, reason and points).
const KEPT_RESULTS: usize = 256;

impl Made {
    /// The dict a report's is copied from: the keys of a game's JSON line, in its order, each
    /// interned, with `None` as `result`, `error` and `fingerprint`.
    fn template<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        if let Some(t) = &self.template {
            return Ok(t.bind(py).clone());
        }
        let d = PyDict::new(py);
        for key in [
            intern!(py, "source"),
            intern!(py, "game"),
            intern!(py, "kind"),
            intern!(py, "verdict"),
            intern!(py, "turns"),
            intern!(py, "result"),
            intern!(py, "final_position"),
            intern!(py, "error"),
            intern!(py, "fingerprint"),
        ] {
            d.set_item(key, py.None())?;
        }
        self.template = Some(d.clone().unbind());
        Ok(d)
    }

    /// The interned string of a game kind or a verdict.
    fn name<'py>(&mut self, py: Python<'py>, name: &'static str) -> Bound<'py, PyString> {
        if let Some((_, s)) = self.names.iter().find(|(n, _)| *n == name) {
            return s.bind(py).clone();
        }
        let s = PyString::intern(py, name);
        self.names.push((name, s.clone().unbind()));
        s
    }

    /// A result as its serialisation gives it: a dict (copied, never shared) or a string.
    fn result<'py>(&mut self, py: Python<'py>, result: &GameResult) -> PyResult<Bound<'py, PyAny>> {
        let kept = match self.results.iter().find(|(r, _)| r == result) {
            Some((_, obj)) => obj.bind(py).clone(),
            None => {
                let obj = pythonize::pythonize(py, result).map_err(nested)?;
                if self.results.len() < KEPT_RESULTS {
                    self.results.push((result.clone(), obj.clone().unbind()));
                }
                obj
            }
        };
        match kept.cast::<PyDict>() {
            Ok(d) => Ok(d.copy()?.into_any()),
            Err(_) => Ok(kept),
        }
    }
}

/// A report's part that cannot be handed on to Python.
fn nested(e: pythonize::PythonizeError) -> PyErr {
    PyValueError::new_err(format!("cannot hand on a report: {e}"))
}

/// Reports handed on in one step at most: the reader gets the GIL back between steps.
const CHECK_BATCH: usize = 256;

#[pymethods]
impl CheckLines {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let batch = py.detach(|| {
            let rx = self.lines.lock().map_err(|_| ())?;
            let first = rx.recv().map_err(|_| ())?;
            let mut batch = vec![first];
            while batch.len() < CHECK_BATCH {
                match rx.try_recv() {
                    Ok(next) => batch.push(next),
                    Err(_) => break,
                }
            }
            Ok::<_, ()>(batch)
        });
        let batch = batch.map_err(|()| PyStopIteration::new_err(()))?;
        let list = PyList::empty(py);
        let mut source = None;
        // Held by a call further up this thread's stack (code the collector ran while that
        // call made its dicts), or by one that failed: objects of this call's own.
        let (mut kept, mut fresh) = (self.made.try_lock().ok(), Made::default());
        let made = kept.as_deref_mut().unwrap_or(&mut fresh);
        for item in batch {
            match item {
                Checked::Game(report) => list.append(report_dict(py, &report, &mut source, made)?)?,
                Checked::Line(line) => {
                    let loads = py.import(intern!(py, "json"))?.getattr(intern!(py, "loads"))?;
                    list.append(loads.call1((line,))?)?;
                }
            }
        }
        Ok(list)
    }
}

/// The dict of a game's report: the keys of its serialisation (the JSON line's), in its order,
/// copied from the template of `made`, the source's string made once for a run of reports
/// from one file (`source`); the result and the error, whose shapes differ by game, through
/// the serialisation itself (a result once for each distinct one, in `made`).
fn report_dict<'py>(
    py: Python<'py>,
    r: &GameReport,
    source: &mut Option<(Arc<str>, Bound<'py, PyString>)>,
    made: &mut Made,
) -> PyResult<Bound<'py, PyDict>> {
    let same = matches!(source, Some((s, _)) if Arc::ptr_eq(s, &r.source));
    if !same {
        *source = Some((r.source.clone(), PyString::new(py, &r.source)));
    }
    let d = made.template(py)?.copy()?;
    match source.as_ref() {
        Some((_, s)) => d.set_item(intern!(py, "source"), s)?,
        None => d.set_item(intern!(py, "source"), &*r.source)?,
    }
    d.set_item(intern!(py, "game"), &r.game)?;
    d.set_item(intern!(py, "kind"), made.name(py, r.kind))?;
    d.set_item(intern!(py, "verdict"), made.name(py, r.verdict.as_str()))?;
    d.set_item(intern!(py, "turns"), r.turns)?;
    if let Some(result) = &r.result {
        d.set_item(intern!(py, "result"), made.result(py, result)?)?;
    }
    d.set_item(intern!(py, "final_position"), &r.final_position)?;
    if let Some(error) = &r.error {
        d.set_item(intern!(py, "error"), pythonize::pythonize(py, error).map_err(nested)?)?;
    }
    if let Some(f) = r.fingerprint {
        d.set_item(intern!(py, "fingerprint"), f.to_string())?;
    }
    // Backgammon's alone, after the keys every report has, as the JSON line has it.
    if let Some(f) = r.match_fingerprint {
        d.set_item(intern!(py, "match_fingerprint"), f.to_string())?;
    }
    Ok(d)
}

/// Reports held between the checker and the Python reader: the checker waits when they are not
/// read.
const CHECK_QUEUE: usize = 1024;

/// Starts checking `paths` with `jobs` threads (all cores when `None`); the lines come, in input
/// order, from the iterator returned. Dropping the iterator stops the check.
#[pyfunction]
#[pyo3(signature = (paths, jobs=None, suggest=false))]
fn check_lines(paths: Vec<PathBuf>, jobs: Option<usize>, suggest: bool) -> PyResult<CheckLines> {
    let mut pool = rayon::ThreadPoolBuilder::new().thread_name(|i| format!("tabula-check-{i}"));
    if let Some(jobs) = jobs {
        if jobs == 0 {
            return Err(PyValueError::new_err("jobs must be at least 1"));
        }
        pool = pool.num_threads(jobs);
    }
    let pool = pool.build().map_err(|e| PyOSError::new_err(format!("cannot start the check's threads: {e}")))?;
    let (tx, rx) = sync_channel::<Checked>(CHECK_QUEUE);
    std::thread::Builder::new()
        .name("tabula-check".into())
        .spawn(move || {
            pool.install(|| {
                let control = Arc::new(if suggest { Control::suggesting() } else { Control::new() });
                check_paths_controlled(&paths, &control, &mut |event| {
                    let item = match event {
                        CheckEvent::Game(r) => Checked::Game(Box::new(r.clone())),
                        skipped => Checked::Line(json_line(skipped)),
                    };
                    if tx.send(item).is_err() {
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                })
            });
        })
        .map_err(|e| PyOSError::new_err(format!("cannot start the check: {e}")))?;
    Ok(CheckLines { lines: Mutex::new(rx), made: Mutex::new(Made::default()) })
}

/// The JSON lines of `tabula check --jsonl` for one file's content (plain or gzip), `source` as
/// its path.
#[pyfunction]
#[pyo3(signature = (data, source, suggest=false))]
fn check_bytes_lines(py: Python<'_>, data: Vec<u8>, source: String, suggest: bool) -> Vec<String> {
    py.detach(move || {
        let mut lines = Vec::new();
        let content = Content { suggest, ..Content::default() };
        check_content(&source, &data, content, &mut |event| {
            lines.push(json_line(event));
            ControlFlow::Continue(())
        });
        lines
    })
}

/// As `check_bytes_lines`, for content found in a folder (`named` false: content in no known
/// format is skipped, as `tabula check FOLDER` skips it) or for a piece of an archive (its
/// header line, then rows cut out at line breaks, after `lines_before` lines and `rows_before`
/// rows of the file): what `tabula.spark` calls in its tasks.
#[pyfunction]
#[pyo3(signature = (data, source, named=true, lines_before=0, rows_before=0, suggest=false))]
fn check_content_lines(
    py: Python<'_>,
    data: Vec<u8>,
    source: String,
    named: bool,
    lines_before: u64,
    rows_before: usize,
    suggest: bool,
) -> Vec<String> {
    let content = Content { named, before: RowsBefore { lines: lines_before, rows: rows_before }, suggest };
    py.detach(move || {
        let mut lines = Vec::new();
        check_content(&source, &data, content, &mut |event| {
            lines.push(json_line(event));
            ControlFlow::Continue(())
        });
        lines
    })
}

/// The length of the header line every piece of a file starting with `head` repeats, when the
/// file can be cut into pieces at line breaks (a plain Arimaa archive); else `None`.
#[pyfunction]
fn rows_header_len(head: &[u8]) -> Option<usize> {
    tabula_replay::check::rows_header_len(head)
}

/// The lines and rows (`(lines, rows)`) of `data`, rows cut out of an archive at line breaks
/// (its header line left out), as its check numbers them.
#[pyfunction]
fn rows_in(py: Python<'_>, data: &[u8]) -> (u64, usize) {
    let counted = py.detach(|| tabula_replay::check::rows_in(data));
    (counted.lines, counted.rows)
}

/// The line `tabula check --jsonl` prints for a check's event.
fn json_line(event: CheckEvent<'_>) -> String {
    match event {
        CheckEvent::Game(r) => r.to_json(),
        CheckEvent::Skipped { path, reason } => GameReport::skipped_json(path, reason),
    }
}

/// The native module.
#[pymodule]
fn _tabula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("TabulaError", py.get_type::<TabulaError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("AmbiguousMove", py.get_type::<AmbiguousMove>())?;
    m.add("MAX_MOVE_BYTES", MAX_MOVE_BYTES)?;
    m.add_class::<CheckLines>()?;
    m.add_function(wrap_pyfunction!(check_lines, m)?)?;
    m.add_function(wrap_pyfunction!(check_bytes_lines, m)?)?;
    m.add_function(wrap_pyfunction!(check_content_lines, m)?)?;
    m.add_function(wrap_pyfunction!(rows_header_len, m)?)?;
    m.add_function(wrap_pyfunction!(rows_in, m)?)?;
    m.add_class::<archive::PositionLines>()?;
    m.add_function(wrap_pyfunction!(archive::duplicates_lines, m)?)?;
    m.add_function(wrap_pyfunction!(archive::position_lines, m)?)?;
    m.add_function(wrap_pyfunction!(archive::positions_bytes_games, m)?)?;
    m.add_function(wrap_pyfunction!(archive::position_key, m)?)?;
    m.add_function(wrap_pyfunction!(archive::find_lines, m)?)?;
    m.add_class::<archive::ArchiveDb>()?;
    m.add_class::<read::Games>()?;
    m.add_class::<read::Game>()?;
    m.add_function(wrap_pyfunction!(read::read_games, m)?)?;
    m.add("ArimaaBoard", py.get_type::<arimaa::Board>())?;
    m.add("BackgammonBoard", py.get_type::<backgammon::Board>())?;
    m.add("StonesRiversBoard", py.get_type::<stones_rivers::Board>())?;
    Ok(())
}
