//! `tabula.arimaa.Board`: the library's Arimaa board (`tabula_replay::arimaa::board`) for
//! Python.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tabula_notation::arimaa::short::View;
use tabula_replay::arimaa::board::{color_letter, Board as Inner};

use crate::{refusal_err, text as py_text, texts_list, NotationError};

/// An Arimaa board: the empty board with Gold to set up, or a position.
#[pyclass(module = "tabula.arimaa", name = "Board")]
#[derive(Clone)]
pub struct Board {
    pub(crate) inner: Inner,
}

/// The view short notation is written in, `"g"` when not given.
fn view(view: Option<&Bound<'_, PyAny>>) -> PyResult<View> {
    let Some(view) = view else { return Ok(View::Gold) };
    let text = py_text(view, "view")?;
    text.parse::<View>().map_err(|_| {
        let shown: String = text.chars().take(20).collect();
        NotationError::new_err(format!("view `{shown}` is not g, s or n"))
    })
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (position=None))]
    fn new(py: Python<'_>, position: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let inner = match position {
            None => Inner::new(),
            Some(text) => Inner::from_position(&py_text(text, "position")?).map_err(|r| refusal_err(py, r))?,
        };
        Ok(Board { inner })
    }

    /// The position string `g [<64 squares>]`: side to move, then rank 8 first, `.` empty.
    #[getter]
    fn position(&self) -> String {
        self.inner.position()
    }

    /// The side to move, `"g"` or `"s"`.
    #[getter]
    fn side(&self) -> &'static str {
        color_letter(self.inner.side())
    }

    /// The long texts of the turns pushed, in order.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.inner.moves().map(str::to_owned).collect()
    }

    /// Plays one turn (or set-up) in long notation; returns its canonical long text.
    fn push_long(&mut self, py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<String> {
        self.inner.push_long(&py_text(text, "text")?).map_err(|r| refusal_err(py, r))
    }

    /// Plays one turn in short notation written in `view`; returns the long text played.
    #[pyo3(signature = (text, view=None))]
    fn push_short(
        &mut self,
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        view: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let text = py_text(text, "text")?;
        let view = self::view(view)?;
        self.inner.push_short(&text, view).map_err(|r| refusal_err(py, r))
    }

    /// The shortest short text, in `view`, of the legal turn (or set-up) `long_text` here; the
    /// board is not changed.
    #[pyo3(signature = (long_text, view=None))]
    fn short(&self, py: Python<'_>, long_text: &Bound<'_, PyAny>, view: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let view = self::view(view)?;
        self.inner.short(&py_text(long_text, "long_text")?, view).map_err(|r| refusal_err(py, r))
    }

    /// Every legal turn in long notation, one per resulting position, sorted: as `tabula moves`.
    fn legal_turns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let inner = &self.inner;
        texts_list(py, |texts| inner.write_legal_turns(texts))
    }

    /// Takes back the last turn; returns its long text.
    fn pop(&mut self) -> PyResult<String> {
        self.inner.pop().ok_or_else(|| PyIndexError::new_err("pop from a board with no move pushed"))
    }

    /// `None` while the game goes on, else `{"winner": "g"|"s", "reason": ...}`.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(o) = self.inner.outcome() else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("winner", color_letter(o.winner))?;
        d.set_item("reason", o.reason.name())?;
        Ok(Some(d))
    }

    /// A board with the same position and moves.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The diagram of `tabula replay`, the squares of the last turn in brackets.
    fn __str__(&self) -> String {
        self.inner.diagram()
    }

    fn __repr__(&self) -> String {
        format!("tabula.arimaa.Board('{}')", self.position())
    }

    fn __eq__(&self, other: &Board) -> bool {
        self.inner.game().position() == other.inner.game().position()
    }

    /// The SVG picture of `tabula replay --format svg`, the last turn drawn.
    fn _repr_svg_(&self) -> String {
        self.inner.svg()
    }
}
