//! `tabula.backgammon.Board`: the library's backgammon board (`tabula_replay::backgammon::board`)
//! for Python, from the view of the player on roll as gnubg's Position ID sees it.

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use tabula_engine::backgammon::Dice;
use tabula_replay::backgammon::board::Board as Inner;
use tabula_replay::backgammon::query;

use crate::{refusal_err, text as py_text, texts_list, NotationError};

/// A backgammon board. Player 0 is the one on roll when the board was made.
#[pyclass(module = "tabula.backgammon", name = "Board")]
#[derive(Clone)]
pub struct Board {
    pub(crate) inner: Inner,
}

/// The roll `"31"` or `(3, 1)`.
fn dice(d: &Bound<'_, PyAny>) -> PyResult<Dice> {
    let text = if d.is_instance_of::<PyString>() {
        py_text(d, "dice")?
    } else if let Ok((a, b)) = d.extract::<(i64, i64)>() {
        format!("{a}{b}")
    } else {
        return Err(PyTypeError::new_err("dice: a str like \"31\" or a pair of ints like (3, 1)"));
    };
    if text.len() > 8 {
        return Err(NotationError::new_err("dice: two digits from 1 to 6"));
    }
    query::roll(&text).map_err(|e| NotationError::new_err(e.to_string()))
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

    /// gnubg's Position ID, from the view of the player on roll.
    #[getter]
    fn position(&self) -> String {
        self.inner.position_id()
    }

    /// The player on roll, 0 (on roll when the board was made) or 1.
    #[getter]
    fn turn(&self) -> u8 {
        self.inner.on_roll()
    }

    /// The standard texts of the plays made, in order.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.inner.moves().map(str::to_owned).collect()
    }

    /// Every legal play of `dice` in the standard notation, one per resulting position, as
    /// `tabula moves`; `[]` when the roll cannot be played.
    fn legal_plays<'py>(&self, py: Python<'py>, dice: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let dice = self::dice(dice)?;
        let inner = &self.inner;
        texts_list(py, |texts| inner.write_legal_plays(dice, texts))
    }

    /// Resolves the play `text` (any spelling `tabula resolve` reads) of `dice` and plays it;
    /// returns its standard text. The other player is then on roll.
    fn play(&mut self, py: Python<'_>, text: &Bound<'_, PyAny>, dice: &Bound<'_, PyAny>) -> PyResult<String> {
        let text = py_text(text, "text")?;
        let dice = self::dice(dice)?;
        self.inner.play(&text, dice).map_err(|r| refusal_err(py, r))
    }

    /// Takes back the last play; returns its standard text.
    fn pop(&mut self) -> PyResult<String> {
        self.inner.pop().ok_or_else(|| PyIndexError::new_err("pop from a board with no play made"))
    }

    /// `None` while the game goes on, else `{"winner": 0|1, "points": 1|2|3, "how": "bearoff"}`
    /// (points with the cube at 1).
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some((winner, points)) = self.inner.outcome() else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("winner", winner)?;
        d.set_item("points", points)?;
        d.set_item("how", "bearoff")?;
        Ok(Some(d))
    }

    /// A board with the same position and plays.
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
        let key = |b: &Inner| (*b.position(), b.on_roll(), b.outcome());
        key(&self.inner) == key(&other.inner)
    }

    fn __repr__(&self) -> String {
        format!("tabula.backgammon.Board('{}')", self.position())
    }

    /// The diagram of `tabula replay`, seen from player 0 (X).
    fn __str__(&self) -> String {
        self.inner.diagram()
    }

    /// The SVG picture of `tabula replay --format svg`, seen from player 0 (X).
    fn _repr_svg_(&self) -> String {
        self.inner.svg()
    }
}
