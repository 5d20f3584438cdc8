//! The archive keeper's tools for Python: `tabula.duplicates`, `tabula.positions` (streamed from
//! a background thread) and `tabula.find`, on the library's `archive` door; each hands on the
//! JSON lines of the program, which the Python side turns into dicts; and `tabula.Archive`, the
//! archive database (`ArchiveDb`).

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyOSError, PyStopIteration, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use tabula_replay::archive::{self, Target};
use tabula_replay::control::Control;
use tabula_replay::database::{self, Database, DatabaseError};
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
    let found = py.detach(move || pool.install(|| archive::duplicates(&paths, &Arc::new(Control::new()))));
    let unread = found.summary.missing + found.summary.refused;
    if unread > 0 {
        // As the program, which says so and exits 2: a path not read is no archive without copies.
        return Err(PyOSError::new_err(format!("{unread} paths or files could not be read")));
    }
    Ok(found.groups.iter().map(archive::Group::to_json).collect())
}

/// The paths and files a run over positions could not read, as the error the program would
/// exit 2 with; `Ok` when there were none.
fn problems(summary: &archive::PositionsSummary) -> Result<(), String> {
    if summary.problems.is_empty() {
        Ok(())
    } else {
        Err(summary.problems.join("; "))
    }
}

/// Rows of positions held between the reader of the files and the Python reader: the reader of
/// the files waits when they are not taken.
const POSITIONS_QUEUE: usize = 64;

/// The JSON lines of `tabula positions --jsonl`, streamed: each step hands on the lines of one
/// game.
#[pyclass(module = "tabula._tabula")]
pub struct PositionLines {
    /// A game's lines, or at the end what could not be read.
    lines: Mutex<Receiver<Result<Vec<String>, String>>>,
}

#[pymethods]
impl PositionLines {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        let next = py.detach(|| self.lines.lock().ok().and_then(|rx| rx.recv().ok()));
        match next {
            Some(Ok(lines)) => Ok(lines),
            Some(Err(problems)) => Err(PyOSError::new_err(problems)),
            None => Err(PyStopIteration::new_err(())),
        }
    }
}

/// Starts listing the positions of `paths` with `jobs` threads; the lines come, game by game in
/// input order, from the iterator returned. Dropping the iterator stops the run.
#[pyfunction]
#[pyo3(signature = (paths, jobs=None))]
pub fn position_lines(paths: Vec<PathBuf>, jobs: Option<usize>) -> PyResult<PositionLines> {
    let pool = pool(jobs)?;
    let (tx, rx) = sync_channel::<Result<Vec<String>, String>>(POSITIONS_QUEUE);
    std::thread::Builder::new()
        .name("tabula-positions".into())
        .spawn(move || {
            let summary = pool.install(|| {
                archive::positions(&paths, &mut |report, rows| {
                    let lines = rows.to_json_lines(&report.source, &report.game, report.kind);
                    if tx.send(Ok(lines)).is_err() {
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                })
            });
            if let Err(problems) = problems(&summary) {
                let _ = tx.send(Err(problems));
            }
        })
        .map_err(|e| PyOSError::new_err(format!("cannot start the run: {e}")))?;
    Ok(PositionLines { lines: Mutex::new(rx) })
}

/// A game's positions as a task of `tabula.spark.positions` takes them: the JSON lines of
/// `tabula positions --jsonl`, then of the game's report its `fingerprint`, `match_fingerprint`,
/// `verdict` and winner (as the rows write the side to move; `None` when the record does not end
/// the game).
type GamePositions = (Vec<String>, Option<String>, Option<String>, &'static str, Option<&'static str>);

/// The positions of one file's content (plain or gzip), `source` as its path, game by game: what
/// `tabula.spark.positions` calls in its tasks.
#[pyfunction]
pub fn positions_bytes_games(py: Python<'_>, data: Vec<u8>, source: String) -> Vec<GamePositions> {
    py.detach(move || {
        let mut games = Vec::new();
        archive::positions_in_content(&source, &data, &mut |report, rows| {
            let lines = rows.to_json_lines(&report.source, &report.game, report.kind);
            games.push((
                lines,
                report.fingerprint.map(|f| f.to_string()),
                report.match_fingerprint.map(|f| f.to_string()),
                report.verdict.as_str(),
                report.result.as_ref().and_then(|r| r.winner_side()),
            ));
            ControlFlow::Continue(())
        });
        games
    })
}

/// The key of `position` (of `game`, when given) as `tabula positions` writes the keys of its
/// rows: 16 hex digits.
///
/// # Errors
/// `ValueError` when `position` is no position (of `game`, when given) or `game` no game.
#[pyfunction]
#[pyo3(signature = (position, game=None))]
pub fn position_key(position: &str, game: Option<&str>) -> PyResult<String> {
    let t = target(position, game)?;
    Ok(format!("{:016x}", archive::position_key(t.kind.name(), t.side, &t.position)))
}

/// The JSON lines of `tabula find --jsonl --position POSITION [--game GAME]` for `paths`.
///
/// # Errors
/// `ValueError` when `position` is no position (of `game`, when given) or `game` no game;
/// `OSError` when a path or file could not be read.
#[pyfunction]
#[pyo3(signature = (paths, position, game=None))]
pub fn find_lines(py: Python<'_>, paths: Vec<PathBuf>, position: &str, game: Option<&str>) -> PyResult<Vec<String>> {
    let game = game.map(str::parse::<GameKind>).transpose().map_err(|e| PyValueError::new_err(e.to_string()))?;
    let target = Target::parse(position, game).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let (lines, summary) = py.detach(move || {
        let mut lines = Vec::new();
        let summary = archive::find(&paths, &target, &mut |f| {
            lines.push(f.to_json());
            ControlFlow::Continue(())
        });
        (lines, summary)
    });
    problems(&summary).map_err(PyOSError::new_err)?;
    Ok(lines)
}

/// An archive database (`tabula.Archive`): `index`, `explore` and `find --db` on the file at
/// its path, which the first `index` makes. Its answers are the program's JSON.
#[pyclass(module = "tabula._tabula")]
pub struct ArchiveDb {
    path: PathBuf,
    /// The file opened to be asked, once it is.
    open: Mutex<Option<Database>>,
}

/// A database error as the exception the package raises: a bad roll is a `ValueError`, any
/// other (a file that is no tabula database, SQLite failing) an `OSError`.
fn db_error(e: DatabaseError) -> PyErr {
    match e {
        DatabaseError::Dice(_) => PyValueError::new_err(e.to_string()),
        e => PyOSError::new_err(e.to_string()),
    }
}

impl ArchiveDb {
    /// Runs `f` on the database opened to be asked (opening it the first time).
    fn with<T>(&self, f: impl FnOnce(&Database) -> Result<T, DatabaseError>) -> PyResult<T> {
        let mut open = self.open.lock().map_err(|_| PyOSError::new_err("the archive's lock is poisoned"))?;
        if open.is_none() {
            *open = Some(Database::open(&self.path).map_err(db_error)?);
        }
        match open.as_ref() {
            Some(db) => f(db).map_err(db_error),
            None => Err(PyOSError::new_err("the archive is not open")),
        }
    }
}

/// The position `position` of `game` (when given), as the program reads it.
fn target(position: &str, game: Option<&str>) -> PyResult<Target> {
    let game = game.map(str::parse::<GameKind>).transpose().map_err(|e| PyValueError::new_err(e.to_string()))?;
    Target::parse(position, game).map_err(|e| PyValueError::new_err(e.to_string()))
}

#[pymethods]
impl ArchiveDb {
    #[new]
    fn new(path: PathBuf) -> ArchiveDb {
        ArchiveDb { path, open: Mutex::new(None) }
    }

    /// `tabula index --jsonl --db PATH PATHS...`: its summary line.
    ///
    /// # Errors
    /// `OSError` when the database cannot be written or a path cannot be read (the other files
    /// indexed all the same, as the program does before it exits 2).
    #[pyo3(signature = (paths, jobs=None))]
    fn index(&self, py: Python<'_>, paths: Vec<PathBuf>, jobs: Option<usize>) -> PyResult<String> {
        let pool = pool(jobs)?;
        let path = self.path.clone();
        let summary = py.detach(move || pool.install(|| database::index(&path, &paths, None))).map_err(db_error)?;
        if !summary.problems.is_empty() {
            return Err(PyOSError::new_err(summary.problems.join("; ")));
        }
        Ok(summary.to_json())
    }

    /// `tabula explore --jsonl`'s object for `position`.
    ///
    /// # Errors
    /// `ValueError` for a bad position, game or roll; `OSError` for a file that is no tabula
    /// database of this version.
    #[pyo3(signature = (position, game=None, dice=None, player=None))]
    fn explore(
        &self,
        py: Python<'_>,
        position: &str,
        game: Option<&str>,
        dice: Option<&str>,
        player: Option<&str>,
    ) -> PyResult<String> {
        let target = target(position, game)?;
        py.detach(|| self.with(|db| database::explore(db, &target, dice, player)).map(|e| e.to_json()))
    }

    /// `tabula find --db --jsonl`'s objects for `position`, as a list of dicts made here (the
    /// same keys in the same order): tens of thousands of rows are a list without a JSON text
    /// written and parsed again, each file's path one string.
    ///
    /// # Errors
    /// As [`ArchiveDb::explore`].
    #[pyo3(signature = (position, game=None))]
    fn find<'py>(&self, py: Python<'py>, position: &str, game: Option<&str>) -> PyResult<Bound<'py, PyList>> {
        let target = target(position, game)?;
        let found = py.detach(|| self.with(|db| database::find(db, &target)))?;
        let list = PyList::empty(py);
        let mut sources: Vec<(Arc<str>, Bound<'py, PyString>)> = Vec::new();
        let kind = PyString::new(py, target.kind.name());
        for f in &found {
            let source = match sources.iter().find(|(s, _)| Arc::ptr_eq(s, &f.source)) {
                Some((_, s)) => s.clone(),
                None => {
                    let s = PyString::new(py, &f.source);
                    // The last few paths are kept: a position's rows come game by game, and a
                    // file's games together.
                    if sources.len() >= 64 {
                        sources.remove(0);
                    }
                    sources.push((f.source.clone(), s.clone()));
                    s
                }
            };
            let row = PyDict::new(py);
            row.set_item(intern!(py, "source"), source)?;
            row.set_item(intern!(py, "game"), &f.game)?;
            row.set_item(intern!(py, "kind"), &kind)?;
            row.set_item(intern!(py, "ply"), f.ply)?;
            row.set_item(intern!(py, "fingerprint"), &f.fingerprint)?;
            list.append(row)?;
        }
        Ok(list)
    }
}
