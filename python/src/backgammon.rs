//! `tabula.backgammon.Board`: the library's backgammon board (`tabula_replay::backgammon::board`)
//! for Python, from the view of the player on roll as gnubg's Position ID sees it.

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use tabula_engine::backgammon::Dice;
use tabula_replay::backgammon::board::Board as Inner;
use tabula_replay::backgammon::query;

use crate::board::board_class;
use crate::{refusal_err, text as py_text, texts_list, NotationError};

/// The roll `"31"` or `(3, 1)`.
fn dice(d: &Bound<'_, PyAny>) -> PyResult<Dice> {
    // Two digits, as a str of two characters or a pair of ints from 0 to 9, read without a
    // text made: the roll of almost every call.
    if let Some(digits) = two_digits(d) {
        let text = std::str::from_utf8(&digits).unwrap_or_default();
        return query::roll(text).map_err(|e| NotationError::new_err(e.to_string()));
    }
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

/// The two ASCII digits of `d` when it is a `str` of two digits or a pair of ints from 0 to 9
/// (written as the other reading of the roll writes them); else `None`, the roll then read as
/// text.
fn two_digits(d: &Bound<'_, PyAny>) -> Option<[u8; 2]> {
    let digit = |c: u32| u8::try_from(c).ok().filter(u8::is_ascii_digit);
    if let Ok(s) = d.cast::<PyString>() {
        let p = s.as_ptr();
        // SAFETY: `p` is a live `str` (checked by the cast, held by `s`); both characters read
        // are within its length.
        unsafe {
            if ffi::PyUnicode_GetLength(p) != 2 {
                return None;
            }
            return Some([digit(ffi::PyUnicode_ReadChar(p, 0))?, digit(ffi::PyUnicode_ReadChar(p, 1))?]);
        }
    }
    let (a, b) = d.extract::<(i64, i64)>().ok()?;
    let digit = |n: i64| u8::try_from(n).ok().filter(|n| *n <= 9).map(|n| b'0' + n);
    Some([digit(a)?, digit(b)?])
}

board_class! {
    /// A backgammon board. Player 0 is the one on roll when the board was made.
    module: "tabula.backgammon",
    inner: Inner,
    position: position_id, "gnubg's Position ID, from the view of the player on roll.",
    move_stack: "The standard texts of the plays made, in order.",
    pop: "Takes back the last play; returns its standard text.", "pop from a board with no play made",
    copy: "A board with the same position and plays.",
    str: "The diagram of `tabula replay`, seen from player 0 (X).",
    svg: "The SVG picture of `tabula replay --format svg`, seen from player 0 (X).",
    {
        /// The player on roll, 0 (on roll when the board was made) or 1.
        #[getter]
        fn turn(&self) -> u8 {
            self.inner.on_roll()
        }

        /// Every legal play of `dice` in the standard notation, one per resulting position, as
        /// `tabula moves`; `[]` when the roll cannot be played.
        fn legal_plays<'py>(&self, py: Python<'py>, dice: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyList>> {
            let dice = self::dice(dice)?;
            let inner = &self.inner;
            // The generation takes a microsecond or less: done with the GIL held, which costs less
            // than giving it up and taking it back.
            texts_list(py, false, |texts| inner.write_legal_plays(dice, texts))
        }

        /// Resolves the play `text` (any spelling `tabula resolve` reads) of `dice` and plays it;
        /// returns its standard text. The other player is then on roll.
        fn play(&mut self, py: Python<'_>, text: &Bound<'_, PyAny>, dice: &Bound<'_, PyAny>) -> PyResult<String> {
            let text = py_text(text, "text")?;
            let dice = self::dice(dice)?;
            self.inner.play(&text, dice).map_err(|r| refusal_err(py, r))
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

        fn __eq__(&self, other: &Board) -> bool {
            let key = |b: &Inner| (*b.position(), b.on_roll(), b.outcome());
            key(&self.inner) == key(&other.inner)
        }
    }
}
