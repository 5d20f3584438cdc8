//! The archive keeper's tools for Python: `tabula.duplicates`, `tabula.positions` (streamed from
//! a background thread) and `tabula.find`, on the library's `archive` door; each hands on the
//! JSON lines of the program, which the Python side turns into dicts.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyOSError, PyStopIteration, PyValueError};
use pyo3::prelude::*;
use tabula_replay::archive::{self, Target};
use tabula_replay::control::Control;
use tabula_replay::GameKind;

/// A pool of `jobs` threads (all cores when `None`).
fn pool(jobs: Option<usize>) -> PyResult<rayon::ThreadPool> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = jobs {
        if jobs == 0 {
            return Err(PyValueError::new_err("jobs must be at least 1"));
        }
        pool = pool.num_threads(jobs);
    }
    pool.build().map_err(|e| PyOSError::new_err(format!("cannot start the threads: {e}")))
}

/// The JSON lines of `tabula duplicates --jsonl` for `paths`.
#[pyfunction]
#[pyo3(signature = (paths, jobs=None))]
pub fn duplicates_lines(py: Python<'_>, paths: Vec<PathBuf>, jobs: Option<usize>) -> PyResult<Vec<String>> {
    let pool = pool(jobs)?;
    Ok(py.detach(move || {
        let found = pool.install(|| archive::duplicates(&paths, &Arc::new(Control::new())));
        found.groups.iter().map(archive::Group::to_json).collect()
    }))
}

/// Rows of positions held between the reader of the files and the Python reader: the reader of
/// the files waits when they are not taken.
const POSITIONS_QUEUE: usize = 64;

/// The JSON lines of `tabula positions --jsonl`, streamed: each step hands on the lines of one
/// game.
#[pyclass(module = "tabula._tabula")]
pub struct PositionLines {
    lines: Mutex<Receiver<Vec<String>>>,
}

#[pymethods]
impl PositionLines {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        py.detach(|| {
            let rx = self.lines.lock().map_err(|_| ())?;
            rx.recv().map_err(|_| ())
        })
        .map_err(|()| PyStopIteration::new_err(()))
    }
}

/// Starts listing the positions of `paths` with `jobs` threads; the lines come, game by game in
/// input order, from the iterator returned. Dropping the iterator stops the run.
#[pyfunction]
#[pyo3(signature = (paths, jobs=None))]
pub fn position_lines(paths: Vec<PathBuf>, jobs: Option<usize>) -> PyResult<PositionLines> {
    let pool = pool(jobs)?;
    let (tx, rx) = sync_channel::<Vec<String>>(POSITIONS_QUEUE);
    std::thread::Builder::new()
        .name("tabula-positions".into())
        .spawn(move || {
            pool.install(|| {
                archive::positions(&paths, &mut |report, rows| {
                    let lines = rows.iter().map(|r| r.to_json(&report.source, &report.game, report.kind)).collect();
                    if tx.send(lines).is_err() {
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                })
            });
        })
        .map_err(|e| PyOSError::new_err(format!("cannot start the run: {e}")))?;
    Ok(PositionLines { lines: Mutex::new(rx) })
}

/// The JSON lines of `tabula positions --jsonl` for one file's content (plain or gzip), `source`
/// as its path: what `tabula.spark.positions` calls in its tasks.
#[pyfunction]
pub fn positions_bytes_lines(py: Python<'_>, data: Vec<u8>, source: String) -> Vec<String> {
    py.detach(move || {
        let mut lines = Vec::new();
        archive::positions_in_content(&source, &data, &mut |report, rows| {
            lines.extend(rows.iter().map(|r| r.to_json(&report.source, &report.game, report.kind)));
            ControlFlow::Continue(())
        });
        lines
    })
}

/// The JSON lines of `tabula find --jsonl --position POSITION [--game GAME]` for `paths`.
///
/// # Errors
/// `ValueError` when `position` is no position (of `game`, when given) or `game` no game.
#[pyfunction]
#[pyo3(signature = (paths, position, game=None))]
pub fn find_lines(py: Python<'_>, paths: Vec<PathBuf>, position: &str, game: Option<&str>) -> PyResult<Vec<String>> {
    let game = game.map(str::parse::<GameKind>).transpose().map_err(|e| PyValueError::new_err(e.to_string()))?;
    let target = Target::parse(position, game).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(py.detach(move || {
        let mut lines = Vec::new();
        archive::find(&paths, &target, &mut |f| {
            lines.push(f.to_json());
            ControlFlow::Continue(())
        });
        lines
    }))
}
