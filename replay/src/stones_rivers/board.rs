//! A Stones and Rivers board to play on by text: turns pushed, resolved and judged as `tabula
//! resolve` and `tabula check` judge them, and taken back one by one. What the Python package's
//! and the analysis page's boards stand on.

use tabula_engine::stones_rivers::{Bitboard, Player, Position, Turn};
use tabula_notation::stones_rivers::{player_code, write_position};

use super::{query, show, svg};
use crate::error::Refusal;
use crate::view::Look;

/// A Stones and Rivers board: a position and the turns pushed on it.
#[derive(Clone, Debug)]
pub struct Board {
    pos: Position,
    /// Each turn: the position before it, the turn and its canonical text.
    history: Vec<(Position, Turn, String)>,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The starting position, Square to move.
    pub fn new() -> Board {
        Board { pos: Position::initial(Player::Square), history: Vec::new() }
    }

    /// The board of a position string (`.../13 sq`).
    ///
    /// # Errors
    /// The text is not a legal position.
    pub fn from_position(text: &str) -> Result<Board, Refusal> {
        Refusal::check_length(text)?;
        let pos = query::position(text).map_err(|e| Refusal::syntax(e.to_string()))?;
        Ok(Board { pos, history: Vec::new() })
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position string of the rules.
    pub fn position_text(&self) -> String {
        write_position(&self.pos.to_setup())
    }

    /// The player to move, `Sq` or `Cr`.
    pub fn side(&self) -> &'static str {
        player_code(self.pos.to_move())
    }

    /// The canonical texts of the turns pushed, in order.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.history.iter().map(|(_, _, t)| t.as_str())
    }

    /// The winner, once there is one.
    pub fn winner(&self) -> Option<Player> {
        self.pos.winner()
    }

    /// Plays one turn (`Sq - D6, M, D7`, any spelling `tabula resolve` reads); returns its
    /// canonical text. Nothing changes when it fails.
    ///
    /// # Errors
    /// The text does not parse (`syntax`) or is not a legal turn here (`illegal`).
    pub fn push(&mut self, text: &str) -> Result<String, Refusal> {
        Refusal::check_length(text)?;
        if let Some(w) = self.pos.winner() {
            return Err(Refusal::illegal(format!("the game is over: {} has won", player_code(w))));
        }
        let canonical = query::resolve_on(&self.pos, text)?;
        let turn = tabula_notation::stones_rivers::resolve(text.trim(), &self.pos)
            .map_err(|e| Refusal::illegal(e.to_string()))?;
        let next = self.pos.play(&turn).map_err(|e| Refusal::illegal(e.to_string()))?;
        self.history.push((self.pos, turn, canonical.clone()));
        self.pos = next;
        Ok(canonical)
    }

    /// Every legal turn in canonical notation, one per resulting position, sorted: as `tabula
    /// moves`. Empty when the game is over.
    pub fn legal_turns(&self) -> Vec<String> {
        query::turns(&self.pos)
    }

    /// Takes back the last turn and returns its canonical text; `None` when there is none.
    pub fn pop(&mut self) -> Option<String> {
        let (pos, _, text) = self.history.pop()?;
        self.pos = pos;
        Some(text)
    }

    /// The cells the last turn touched.
    fn highlight(&self) -> Bitboard {
        self.history.last().map_or(Bitboard::EMPTY, |(_, t, _)| show::touched(t))
    }

    /// The diagram of `tabula replay`, the cells of the last turn in brackets, and who moves.
    pub fn diagram(&self) -> String {
        format!("{}\n{}", show::diagram(self.pos.board(), self.highlight(), Look::PLAIN), show::status(&self.pos))
    }

    /// The SVG picture of `tabula replay --format svg`, the last turn's cells marked.
    pub fn svg(&self) -> String {
        svg::board(&self.pos, self.highlight(), "")
    }
}

/// The board of a record after its first `turns` turns (every turn the replay judged legal when
/// `None`), replayed by the same verification as `tabula check`; `None` when the record has no
/// start position or `turns` is past the turns replayed.
pub(crate) fn after_turns(
    source: &std::sync::Arc<str>,
    record: &super::records::Record,
    turns: Option<usize>,
) -> Option<Board> {
    let start = super::verify::start_position(record).ok()?;
    let mut board = Board { pos: start, history: Vec::new() };
    let mut count = 0usize;
    let mut broken = false;
    super::verify::verify_with(source, record, |r: &super::verify::Replayed<'_>| {
        if broken || turns.is_some_and(|n| count >= n) {
            return;
        }
        count += 1;
        broken = board.push(&r.text.to_string()).is_err();
    });
    (!broken && turns.is_none_or(|n| n <= count)).then_some(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_pushes_and_takes_back() {
        let mut b = Board::new();
        let start = b.position_text();
        assert_eq!(b.push(" sq - d5 , fn ").as_deref(), Ok("Sq - D5, FN"));
        assert_eq!(b.side(), "Cr");
        assert_eq!(b.push("Sq - D5, FN").map_err(|e| e.kind), Err("illegal"));
        assert_eq!(b.push("Sq - D05, FN").map_err(|e| e.kind), Err("syntax"));
        assert_eq!(b.pop().as_deref(), Some("Sq - D5, FN"));
        assert_eq!(b.position_text(), start);
        assert_eq!(b.legal_turns().len(), 54);
        assert_eq!(b.pop(), None);
    }
}
