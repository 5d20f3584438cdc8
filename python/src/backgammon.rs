//! `tabula.backgammon.Board`: a backgammon game, one play of a roll at a time, from the view of
//! the player on roll as gnubg's Position ID sees it.

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use tabula_engine::backgammon::{Dice, Position};
use tabula_notation::backgammon::{position_id, PlayText};
use tabula_replay::backgammon::query;
use tabula_replay::view::Look;

use crate::{check_len, refusal_err, text as py_text, IllegalMove, NotationError, TabulaError};

/// A backgammon board. Player 0 is the one on roll when the board was made.
#[pyclass(module = "tabula.backgammon", name = "Board")]
#[derive(Clone)]
pub struct Board {
    /// From the view of the player on roll (after the last play of the game: of its winner).
    pos: Position,
    /// The player on roll (or the winner, once the game is over): 0 or 1.
    on_roll: u8,
    /// `(winner, points, how)` once a player has borne off his last checker.
    over: Option<(u8, u32)>,
    /// Each play: the board before it and the play's standard text.
    history: Vec<(Position, u8, String)>,
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

impl Board {
    /// The board seen from player 0 (X, the left column of a match).
    fn seen_by_zero(&self) -> Position {
        if self.on_roll == 0 {
            self.pos
        } else {
            self.pos.swapped()
        }
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (position=None))]
    fn new(position: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let pos = match position {
            None => Position::start(),
            Some(text) => {
                let text = &py_text(text, "position")?;
                check_len(text)?;
                query::position_and_dice(text).map_err(|e| TabulaError::new_err(e.to_string()))?.0
            }
        };
        Ok(Board { pos, on_roll: 0, over: None, history: Vec::new() })
    }

    /// gnubg's Position ID, from the view of the player on roll.
    #[getter]
    fn position(&self) -> String {
        position_id::encode(&self.pos)
    }

    /// The player on roll, 0 (on roll when the board was made) or 1.
    #[getter]
    fn turn(&self) -> u8 {
        self.on_roll
    }

    /// The standard texts of the plays made, in order.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.history.iter().map(|(_, _, t)| t.clone()).collect()
    }

    /// Every legal play of `dice` in the standard notation, one per resulting position, as
    /// `tabula moves`; `[]` when the roll cannot be played.
    fn legal_plays(&self, py: Python<'_>, dice: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let dice = self::dice(dice)?;
        if self.over.is_some() {
            return Ok(Vec::new());
        }
        let pos = self.pos;
        Ok(py.detach(move || query::plays(&pos, dice)))
    }

    /// Resolves the play `text` (any spelling `tabula resolve` reads) of `dice` and plays it;
    /// returns its standard text. The other player is then on roll.
    fn play(&mut self, py: Python<'_>, text: &Bound<'_, PyAny>, dice: &Bound<'_, PyAny>) -> PyResult<String> {
        let text = &py_text(text, "text")?;
        check_len(text)?;
        let dice = self::dice(dice)?;
        if self.over.is_some() {
            return Err(IllegalMove::new_err("the game is over"));
        }
        let standard = query::resolve_play(&self.pos, dice, text).map_err(|r| refusal_err(py, r))?;
        let parsed = PlayText::from_ascii(standard.as_bytes()).map_err(|e| NotationError::new_err(e.to_string()))?;
        let resolved = parsed.resolve(&self.pos, dice).map_err(|e| IllegalMove::new_err(e.to_string()))?;
        self.history.push((self.pos, self.on_roll, standard.clone()));
        if let Some(kind) = resolved.position.win_kind() {
            self.over = Some((self.on_roll, kind.multiplier()));
            self.pos = resolved.position;
        } else {
            self.pos = resolved.position.swapped();
            self.on_roll = 1 - self.on_roll;
        }
        Ok(standard)
    }

    /// Takes back the last play; returns its standard text.
    fn pop(&mut self) -> PyResult<String> {
        let (pos, on_roll, text) =
            self.history.pop().ok_or_else(|| PyIndexError::new_err("pop from a board with no play made"))?;
        self.pos = pos;
        self.on_roll = on_roll;
        self.over = None;
        Ok(text)
    }

    /// `None` while the game goes on, else `{"winner": 0|1, "points": 1|2|3, "how": "bearoff"}`
    /// (points with the cube at 1).
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some((winner, points)) = self.over else { return Ok(None) };
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
        (self.pos, self.on_roll, self.over) == (other.pos, other.on_roll, other.over)
    }

    fn __repr__(&self) -> String {
        format!("tabula.backgammon.Board('{}')", self.position())
    }

    /// The diagram of `tabula replay`, seen from player 0 (X).
    fn __str__(&self) -> String {
        let frame = tabula_replay::backgammon::show::Frame { names: ["0", "1"], ..Default::default() };
        tabula_replay::backgammon::show::diagram(&self.seen_by_zero(), &frame, Look::PLAIN)
    }

    /// The SVG picture of `tabula replay --format svg`, seen from player 0 (X).
    fn _repr_svg_(&self) -> String {
        let scene = tabula_replay::backgammon::svg::Scene {
            names: ["0", "1"],
            cube: Default::default(),
            dice: None,
            score_line: String::new(),
            touched: 0,
        };
        tabula_replay::backgammon::svg::board(&self.seen_by_zero(), &scene, "")
    }
}
