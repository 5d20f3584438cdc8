//! `tabula.stones_rivers.Board`: the library's Stones and Rivers board
//! (`tabula_replay::stones_rivers::board`) for Python.

use pyo3::prelude::*;
use tabula_notation::stones_rivers::player_code;
use tabula_replay::stones_rivers::board::Board as Inner;

use crate::board::board_class;
use crate::{refusal_err, text as py_text};

board_class! {
    /// A Stones and Rivers board.
    module: "tabula.stones_rivers",
    inner: Inner,
    position: position_text, "The position string of the rules (`.../13 sq`).",
    move_stack: "The canonical texts of the turns pushed, in order.",
    pop: "Takes back the last turn; returns its canonical text.", "pop from a board with no turn pushed",
    copy: "A board with the same position and turns.",
    str: "The diagram of `tabula replay`, the cells of the last turn in brackets.",
    svg: "The SVG picture of `tabula replay --format svg`, the last turn's cells marked.",
    {
        /// The player to move, `"Sq"` or `"Cr"`.
        #[getter]
        fn side(&self) -> &'static str {
            self.inner.side()
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

        /// `None` while the game goes on, else the winner, `"Sq"` or `"Cr"`.
        fn outcome(&self) -> Option<&'static str> {
            self.inner.winner().map(player_code)
        }

        fn __eq__(&self, other: &Board) -> bool {
            self.inner.position() == other.inner.position()
        }
    }
}
