//! `tabula.arimaa.Board`: the library's Arimaa board (`tabula_replay::arimaa::board`) for
//! Python.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tabula_notation::arimaa::short::View;
use tabula_replay::arimaa::board::{color_letter, Board as Inner};

use crate::board::board_class;
use crate::{refusal_err, text as py_text, texts_list, NotationError};

/// The view short notation is written in, `"g"` when not given.
fn view(view: Option<&Bound<'_, PyAny>>) -> PyResult<View> {
    let Some(view) = view else { return Ok(View::Gold) };
    let text = py_text(view, "view")?;
    text.parse::<View>().map_err(|_| {
        let shown: String = text.chars().take(20).collect();
        NotationError::new_err(format!("view `{shown}` is not g, s or n"))
    })
}

board_class! {
    /// An Arimaa board: the empty board with Gold to set up, or a position.
    module: "tabula.arimaa",
    inner: Inner,
    position: position, "The position string `g [<64 squares>]`: side to move, then rank 8 first, `.` empty.",
    move_stack: "The long texts of the turns pushed, in order.",
    pop: "Takes back the last turn; returns its long text.", "pop from a board with no move pushed",
    copy: "A board with the same position and moves.",
    str: "The diagram of `tabula replay`, the squares of the last turn in brackets.",
    svg: "The SVG picture of `tabula replay --format svg`, the last turn drawn.",
    {
        /// The side to move, `"g"` or `"s"`.
        #[getter]
        fn side(&self) -> &'static str {
            color_letter(self.inner.side())
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
        fn short(
            &self,
            py: Python<'_>,
            long_text: &Bound<'_, PyAny>,
            view: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<String> {
            let view = self::view(view)?;
            self.inner.short(&py_text(long_text, "long_text")?, view).map_err(|r| refusal_err(py, r))
        }

        /// Every legal turn in long notation, one per resulting position, sorted: as `tabula moves`.
        fn legal_turns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
            let inner = &self.inner;
            texts_list(py, true, |texts| inner.write_legal_turns(texts))
        }

        /// `None` while the game goes on, else `{"winner": "g"|"s", "reason": ...}`.
        fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
            let Some(o) = self.inner.outcome() else { return Ok(None) };
            let d = PyDict::new(py);
            d.set_item("winner", color_letter(o.winner))?;
            d.set_item("reason", o.reason.name())?;
            Ok(Some(d))
        }

        fn __eq__(&self, other: &Board) -> bool {
            self.inner.game().position() == other.inner.game().position()
        }
    }
}
