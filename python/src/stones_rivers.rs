//! `tabula.stones_rivers.Board`: a Stones and Rivers game, turns read and written by the
//! notation crate.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use tabula_engine::stones_rivers::{Bitboard, Player, Position, Turn};
use tabula_notation::stones_rivers::{player_code, write_position};
use tabula_replay::stones_rivers::{query, show, svg};
use tabula_replay::view::Look;

use crate::{check_len, refusal_err, text as py_text, IllegalMove, TabulaError};

/// A Stones and Rivers board.
#[pyclass(module = "tabula.stones_rivers", name = "Board")]
#[derive(Clone)]
pub struct Board {
    pos: Position,
    /// Each turn: the position before it, the turn and its canonical text.
    history: Vec<(Position, Turn, String)>,
}

impl Board {
    /// The cells the last turn touched.
    fn highlight(&self) -> Bitboard {
        self.history.last().map_or(Bitboard::EMPTY, |(_, t, _)| show::touched(t))
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (position=None))]
    fn new(position: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let pos = match position {
            None => Position::initial(Player::Square),
            Some(text) => {
                let text = &py_text(text, "position")?;
                check_len(text)?;
                query::position(text).map_err(|e| TabulaError::new_err(e.to_string()))?
            }
        };
        Ok(Board { pos, history: Vec::new() })
    }

    /// The position string of the rules (`.../13 sq`).
    #[getter]
    fn position(&self) -> String {
        write_position(&self.pos.to_setup())
    }

    /// The player to move, `"Sq"` or `"Cr"`.
    #[getter]
    fn side(&self) -> &'static str {
        player_code(self.pos.to_move())
    }

    /// The canonical texts of the turns pushed, in order.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.history.iter().map(|(_, _, t)| t.clone()).collect()
    }

    /// Plays one turn (`Sq - D6, M, D7`); returns its canonical text.
    fn push(&mut self, py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<String> {
        let text = &py_text(text, "text")?;
        check_len(text)?;
        if let Some(w) = self.pos.winner() {
            return Err(IllegalMove::new_err(format!("the game is over: {} has won", player_code(w))));
        }
        let canonical = query::resolve_on(&self.pos, text).map_err(|r| refusal_err(py, r))?;
        let turn = tabula_notation::stones_rivers::resolve(text.trim(), &self.pos)
            .map_err(|e| IllegalMove::new_err(e.to_string()))?;
        let next = self.pos.play(&turn).map_err(|e| IllegalMove::new_err(e.to_string()))?;
        self.history.push((self.pos, turn, canonical.clone()));
        self.pos = next;
        Ok(canonical)
    }

    /// Every legal turn in canonical notation, one per resulting position, sorted: as `tabula
    /// moves`. Empty when the game is over.
    fn legal_turns(&self, py: Python<'_>) -> Vec<String> {
        let pos = self.pos;
        py.detach(move || query::turns(&pos))
    }

    /// Takes back the last turn; returns its canonical text.
    fn pop(&mut self) -> PyResult<String> {
        let (pos, _, text) =
            self.history.pop().ok_or_else(|| PyIndexError::new_err("pop from a board with no turn pushed"))?;
        self.pos = pos;
        Ok(text)
    }

    /// `None` while the game goes on, else the winner, `"Sq"` or `"Cr"`.
    fn outcome(&self) -> Option<&'static str> {
        self.pos.winner().map(player_code)
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
        self.pos == other.pos
    }

    fn __repr__(&self) -> String {
        format!("tabula.stones_rivers.Board('{}')", self.position())
    }

    /// The diagram of `tabula replay`, the cells of the last turn in brackets.
    fn __str__(&self) -> String {
        format!("{}\n{}", show::diagram(self.pos.board(), self.highlight(), Look::PLAIN), show::status(&self.pos))
    }

    /// The SVG picture of `tabula replay --format svg`, the last turn's cells marked.
    fn _repr_svg_(&self) -> String {
        svg::board(&self.pos, self.highlight(), "")
    }
}
