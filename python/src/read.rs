//! `tabula.read` and `tabula.Game`: the games of a file as the library's reader gives them
//! (`tabula_replay::read::games`), each with the verdict `tabula check` gives it.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;

use pyo3::exceptions::{PyIndexError, PyOSError, PyStopIteration, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tabula_replay::read::{games, AnyBoard, Game as Inner};
use tabula_replay::FindError;

use crate::TabulaError;

/// Games held between the reader and Python: the reader waits when they are not taken.
const READ_QUEUE: usize = 64;

/// What the reading thread hands over: a game, or why the file cannot be read.
enum Item {
    Game(Box<Inner>),
    Failed(FindError),
}

/// The games of one file, read by a background thread in order.
#[pyclass(module = "tabula._tabula")]
pub struct Games {
    items: Mutex<Receiver<Item>>,
}

#[pymethods]
impl Games {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Game> {
        let next = py.detach(|| self.items.lock().ok().and_then(|rx| rx.recv().ok()));
        match next {
            Some(Item::Game(g)) => Ok(Game { inner: *g }),
            Some(Item::Failed(e)) => Err(find_err(e)),
            None => Err(PyStopIteration::new_err(())),
        }
    }
}

/// A file that cannot be read is an `OSError`; one that holds no records, a `TabulaError`.
fn find_err(e: FindError) -> PyErr {
    match e {
        FindError::Io { .. } => PyOSError::new_err(e.to_string()),
        _ => TabulaError::new_err(e.to_string()),
    }
}

/// Starts reading the games of `path`; they come, in order, from the iterator returned.
/// Dropping the iterator stops the reading (a backgammon match is read to its end).
#[pyfunction]
pub fn read_games(path: PathBuf) -> PyResult<Games> {
    let (tx, rx) = sync_channel::<Item>(READ_QUEUE);
    std::thread::Builder::new()
        .name("tabula-read".into())
        .spawn(move || {
            let result = games(&path, &mut |game| {
                if tx.send(Item::Game(Box::new(game))).is_err() {
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
            if let Err(e) = result {
                let _ = tx.send(Item::Failed(e));
            }
        })
        .map_err(|e| PyOSError::new_err(format!("cannot start the reading: {e}")))?;
    Ok(Games { items: Mutex::new(rx) })
}

/// One game of a file: its record's tags and moves, the verdict `tabula check` gives it, its
/// boards and its replay page.
#[pyclass(module = "tabula", name = "Game", frozen)]
pub struct Game {
    inner: Inner,
}

fn json_value<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

#[pymethods]
impl Game {
    /// `"arimaa"`, `"backgammon"` or `"stones-and-rivers"` (`"unknown"` for content that could not
    /// be read as any game).
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.report.kind
    }

    /// The game's id, as `tabula check` names it.
    #[getter]
    fn id(&self) -> String {
        self.inner.report.game.clone()
    }

    /// The file, as `tabula check` names it.
    #[getter]
    fn source(&self) -> String {
        self.inner.report.source.to_string()
    }

    /// The record's header or tags.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.inner.tags {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The moves as the record writes them.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves.clone()
    }

    /// `"ok"`, `"illegal"`, `"result-mismatch"` or `"unreadable"`, as `tabula check` says.
    #[getter]
    fn verdict(&self) -> &'static str {
        self.inner.report.verdict.as_str()
    }

    /// Turns replayed, as `tabula check` counts them.
    #[getter]
    fn turns(&self) -> usize {
        self.inner.report.turns
    }

    /// The final position, as `tabula check` gives it.
    #[getter]
    fn final_position(&self) -> String {
        self.inner.report.final_position.clone()
    }

    /// Where the game breaks (`turn`, `line`, `token`, `message`), or `None`.
    #[getter]
    fn error<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.report(py)?.get_item("error")
    }

    /// The result, as `tabula check` gives it, or `None`.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.report(py)?.get_item("result")
    }

    /// The dict of `tabula check --jsonl` for this game.
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_value(py, &self.inner.report.to_json())
    }

    /// The board after `n` turns (counted as `turns` counts them), or after the last legal one.
    #[pyo3(signature = (n=None))]
    fn board(&self, py: Python<'_>, n: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let n = match n {
            None => None,
            Some(v) if v.is_instance_of::<pyo3::types::PyBool>() => {
                return Err(PyTypeError::new_err("n must be an int, not bool"))
            }
            Some(v) => {
                let n: i64 = v.extract().map_err(|_| {
                    let name = v.get_type().name().map(|n| n.to_string()).unwrap_or_default();
                    PyTypeError::new_err(format!("n must be an int, not {name}"))
                })?;
                Some(usize::try_from(n).map_err(|_| PyIndexError::new_err("n must be 0 or more"))?)
            }
        };
        if !self.inner.is_readable() {
            return Err(TabulaError::new_err(format!(
                "game {} cannot be read: it has no board",
                self.inner.report.game
            )));
        }
        let inner = &self.inner;
        let board = py.detach(|| inner.board(n)).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "game {} has no position after {} turns ({} replayed)",
                inner.report.game,
                n.unwrap_or(0),
                inner.report.turns
            ))
        })?;
        Ok(match board {
            AnyBoard::Arimaa(inner) => Py::new(py, crate::arimaa::Board { inner })?.into_any(),
            AnyBoard::Backgammon(inner) => Py::new(py, crate::backgammon::Board { inner })?.into_any(),
            AnyBoard::StonesRivers(inner) => Py::new(py, crate::stones_rivers::Board { inner })?.into_any(),
        })
    }

    /// The replay page of `tabula replay --format html`, the program's to the byte: an analysis
    /// board too, its WebAssembly module inlined.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let inner = &self.inner;
        let page = py.detach(|| inner.page()).map_err(|e| TabulaError::new_err(e.to_string()))?;
        Ok(tabula_replay::page::embed_module(&page, tabula_replay::page::MODULE))
    }

    fn __repr__(&self) -> String {
        let r = &self.inner.report;
        format!("<Game {} {:?} {} turns={}>", r.kind, r.game, r.verdict.as_str(), r.turns)
    }
}
