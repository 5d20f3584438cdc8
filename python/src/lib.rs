//! The `tabula` package for Python: the native module `tabula._tabula`.
//!
//! Everything here calls the library's public API (`tabula-replay`, `tabula-notation`,
//! `tabula-engine`) and adds no rule of its own: the boards ask the engine and the notation, and
//! `check` and `check_bytes` are the checker of `tabula check --jsonl`, its JSON handed on as it
//! is. The Python side (`python/tabula/`) turns the JSON into dicts and names the classes.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyStopIteration, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use tabula_replay::check::{check_bytes, check_paths_with, CheckEvent};
use tabula_replay::{GameReport, Refusal};

mod arimaa;
mod backgammon;
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

/// A refusal of `tabula resolve` as the Python exception of its kind.
fn refusal_err(py: Python<'_>, r: Refusal) -> PyErr {
    match r.kind {
        "illegal" => IllegalMove::new_err(r.message),
        "ambiguous" => ambiguous(py, r.message, r.candidates),
        _ => NotationError::new_err(r.message),
    }
}

/// An `AmbiguousMove` with its candidates.
fn ambiguous(py: Python<'_>, message: String, candidates: Vec<String>) -> PyErr {
    let err = AmbiguousMove::new_err(message);
    if let Err(e) = err.value(py).setattr("candidates", candidates) {
        return e;
    }
    err
}

/// The JSON lines of `tabula check --jsonl` for `paths`, streamed from a background thread.
#[pyclass(module = "tabula._tabula")]
struct CheckLines {
    lines: Mutex<Receiver<String>>,
}

#[pymethods]
impl CheckLines {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<String> {
        let next = py.detach(|| self.lines.lock().map_err(|_| ()).and_then(|rx| rx.recv().map_err(|_| ())));
        next.map_err(|()| PyStopIteration::new_err(()))
    }
}

/// Lines held between the checker and the Python reader: the checker waits when they are not read.
const CHECK_QUEUE: usize = 1024;

/// Starts checking `paths` with `jobs` threads (all cores when `None`); the lines come, in input
/// order, from the iterator returned. Dropping the iterator stops the check.
#[pyfunction]
#[pyo3(signature = (paths, jobs=None))]
fn check_lines(paths: Vec<PathBuf>, jobs: Option<usize>) -> PyResult<CheckLines> {
    let mut pool = rayon::ThreadPoolBuilder::new().thread_name(|i| format!("tabula-check-{i}"));
    if let Some(jobs) = jobs {
        if jobs == 0 {
            return Err(PyValueError::new_err("jobs must be at least 1"));
        }
        pool = pool.num_threads(jobs);
    }
    let pool = pool.build().map_err(|e| PyOSError::new_err(format!("cannot start the check's threads: {e}")))?;
    let (tx, rx) = sync_channel::<String>(CHECK_QUEUE);
    std::thread::Builder::new()
        .name("tabula-check".into())
        .spawn(move || {
            pool.install(|| {
                check_paths_with(&paths, &mut |event| {
                    if tx.send(json_line(event)).is_err() {
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                })
            });
        })
        .map_err(|e| PyOSError::new_err(format!("cannot start the check: {e}")))?;
    Ok(CheckLines { lines: Mutex::new(rx) })
}

/// The JSON lines of `tabula check --jsonl` for one file's content (plain or gzip), `source` as
/// its path.
#[pyfunction]
fn check_bytes_lines(py: Python<'_>, data: Vec<u8>, source: String) -> Vec<String> {
    py.detach(move || {
        let mut lines = Vec::new();
        check_bytes(&source, &data, &mut |event| {
            lines.push(json_line(event));
            ControlFlow::Continue(())
        });
        lines
    })
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
    m.add_class::<read::Games>()?;
    m.add_class::<read::Game>()?;
    m.add_function(wrap_pyfunction!(read::read_games, m)?)?;
    m.add("ArimaaBoard", py.get_type::<arimaa::Board>())?;
    m.add("BackgammonBoard", py.get_type::<backgammon::Board>())?;
    m.add("StonesRiversBoard", py.get_type::<stones_rivers::Board>())?;
    Ok(())
}
