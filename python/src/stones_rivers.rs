//! `tabula.stones_rivers.Board`: the library's Stones and Rivers board
//! (`tabula_replay::stones_rivers::board`) for Python.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use tabula_notation::stones_rivers::player_code;
use tabula_replay::stones_rivers::board::Board as Inner;

use crate::{refusal_err, text as py_text};

/// A Stones and Rivers board.
#[pyclass(module = "tabula.stones_rivers", name = "Board")]
#[derive(Clone)]
pub struct Board {
    pub(crate) inner: Inner,
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

    /// The position string of the rules (`.../13 sq`).
    #[getter]
    fn position(&self) -> String {
        self.inner.position_text()
    }

    /// The player to move, `"Sq"` or `"Cr"`.
    #[getter]
    fn side(&self) -> &'static str {
        self.inner.side()
    }

    /// The canonical texts of the turns pushed, in order.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.inner.moves().map(str::to_owned).collect()
    }

    /// Plays one turn (`Sq - D6, M, D7`); returns its canonical text.
    fn push(&mut self, py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<String> {
        let text = py_text(text, "text")?;
        self.inner.push(&text).map_err(|r| refusal_err(py, r))
    }

    /// Every legal turn in canonical notation, one per resulting position, sorted: as `tabula
    /// moves`. Empty when the game is over.
    fn legal_turns(&self, py: Python<'_>) -> Vec<String> {
        let inner = &self.inner;
        py.detach(|| inner.legal_turns())
    }

    /// Takes back the last turn; returns its canonical text.
    fn pop(&mut self) -> PyResult<String> {
        self.inner.pop().ok_or_else(|| PyIndexError::new_err("pop from a board with no turn pushed"))
    }

    /// `None` while the game goes on, else the winner, `"Sq"` or `"Cr"`.
    fn outcome(&self) -> Option<&'static str> {
        self.inner.winner().map(player_code)
    }

    /// A board with the same position and turns.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    fn __eq__(&self, other: &Board) -> bool {
        self.inner.position() == other.inner.position()
    }

    fn __repr__(&self) -> String {
        format!("tabula.stones_rivers.Board('{}')", self.position())
    }

    /// The diagram of `tabula replay`, the cells of the last turn in brackets.
    fn __str__(&self) -> String {
        self.inner.diagram()
    }

    /// The SVG picture of `tabula replay --format svg`, the last turn's cells marked.
    fn _repr_svg_(&self) -> String {
        self.inner.svg()
    }
}
