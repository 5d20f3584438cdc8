//! A backgammon board to play on by text: plays of a roll in any spelling `tabula resolve`
//! reads, resolved and played by the engine, taken back one by one. Player 0 is the one on roll
//! when the board was made. What the Python package's and the analysis page's boards stand on.

use tabula_engine::backgammon::{Dice, Position};
use tabula_notation::backgammon::{position_id, PlayText};

use super::query;
use crate::error::Refusal;
use crate::view::Look;

/// A backgammon board: a position from the view of the player on roll, and the plays made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// From the view of the player on roll (after the last play of the game: of its winner).
    pos: Position,
    /// The player on roll (or the winner, once the game is over): 0 or 1.
    on_roll: u8,
    /// `(winner, points)` once a player has borne off his last checker (the cube at 1).
    over: Option<(u8, u32)>,
    /// Each play: the board before it, who played it, and the play's standard text.
    history: Vec<(Position, u8, String)>,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The starting position, player 0 on roll.
    pub fn new() -> Board {
        Board::at(Position::start())
    }

    /// The board of `pos`, seen by the player on roll.
    pub fn at(pos: Position) -> Board {
        Board { pos, on_roll: 0, over: None, history: Vec::new() }
    }

    /// The board of a Position ID, a gnubg ID (`PositionID:MatchID`) or an XGID.
    ///
    /// # Errors
    /// The text is none of these.
    pub fn from_position(text: &str) -> Result<Board, Refusal> {
        Refusal::check_length(text)?;
        let (pos, _) = query::position_and_dice(text).map_err(|e| Refusal::syntax(e.to_string()))?;
        Ok(Board::at(pos))
    }

    /// The position from the view of the player on roll.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// gnubg's Position ID, from the view of the player on roll.
    pub fn position_id(&self) -> String {
        position_id::encode(&self.pos)
    }

    /// The player on roll (the winner once the game is over): 0 or 1.
    pub fn on_roll(&self) -> u8 {
        self.on_roll
    }

    /// The standard texts of the plays made, in order.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.history.iter().map(|(_, _, t)| t.as_str())
    }

    /// `(winner, points)` once a player has borne off his last checker, the cube at 1.
    pub fn outcome(&self) -> Option<(u8, u32)> {
        self.over
    }

    /// Every legal play of `dice` in the standard notation, one per resulting position, as
    /// `tabula moves`; empty when the roll cannot be played or the game is over.
    pub fn legal_plays(&self, dice: Dice) -> Vec<String> {
        if self.over.is_some() {
            return Vec::new();
        }
        query::plays(&self.pos, dice)
    }

    /// Resolves the play `text` of `dice` and plays it; returns its standard text. The other
    /// player is then on roll. Nothing changes when it fails.
    ///
    /// # Errors
    /// The game is over, or the text does not parse (`syntax`), fits no legal play (`illegal`)
    /// or several (`ambiguous`, with their standard texts).
    pub fn play(&mut self, text: &str, dice: Dice) -> Result<String, Refusal> {
        Refusal::check_length(text)?;
        if self.over.is_some() {
            return Err(Refusal::illegal("the game is over"));
        }
        let standard = query::resolve_play(&self.pos, dice, text)?;
        let parsed = PlayText::from_ascii(standard.as_bytes()).map_err(|e| Refusal::syntax(e.to_string()))?;
        let resolved = parsed.resolve(&self.pos, dice).map_err(|e| Refusal::illegal(e.to_string()))?;
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

    /// Plays a play the replay of a record judged: `before`, the board it was played on seen by
    /// `mover` (0: the left column), `after`, the board after it seen by player 0, and `text`,
    /// its standard text. Player 0 of the board is the left column of the record.
    fn follow(&mut self, before: Position, mover: u8, after: Position, text: String) {
        self.history.push((before, mover, text));
        let after = if mover == 0 { after } else { after.swapped() };
        if let Some(kind) = after.win_kind() {
            self.over = Some((mover, kind.multiplier()));
            self.pos = after;
            self.on_roll = mover;
        } else {
            self.pos = after.swapped();
            self.on_roll = 1 - mover;
        }
    }

    /// Takes back the last play and returns its standard text; `None` when there is none.
    pub fn pop(&mut self) -> Option<String> {
        let (pos, on_roll, text) = self.history.pop()?;
        self.pos = pos;
        self.on_roll = on_roll;
        self.over = None;
        Some(text)
    }

    /// The board seen from player 0 (X, the left column of a match).
    pub fn seen_by_zero(&self) -> Position {
        if self.on_roll == 0 {
            self.pos
        } else {
            self.pos.swapped()
        }
    }

    /// The diagram of `tabula replay`, seen from player 0 (X).
    pub fn diagram(&self) -> String {
        let frame = super::show::Frame { names: ["0", "1"], ..Default::default() };
        super::show::diagram(&self.seen_by_zero(), &frame, Look::PLAIN)
    }

    /// The SVG picture of `tabula replay --format svg`, seen from player 0 (X).
    pub fn svg(&self) -> String {
        let scene = super::svg::Scene {
            names: ["0", "1"],
            cube: Default::default(),
            dice: None,
            score_line: String::new(),
            touched: 0,
        };
        super::svg::board(&self.seen_by_zero(), &scene, "")
    }
}

/// The board of a game of a match after its first `plays` plays (every play the replay
/// judged legal when `None`, or when the game has fewer), replayed by the same verification as
/// `tabula check`; player 0 is the left column. `None` when `plays` is past the plays replayed.
pub(crate) fn after_plays(
    source: &std::sync::Arc<str>,
    found: &super::show::Found,
    plays: Option<usize>,
) -> Option<Board> {
    let mut board = Board::new();
    let mut count = 0usize;
    let mut observe = |r: super::verify::Replayed<'_>| {
        let Some((before, play)) = &r.play else { return };
        if plays.is_some_and(|n| count >= n) {
            return;
        }
        count += 1;
        let mover = r.action.column.side() as u8;
        let text = tabula_notation::backgammon::write_play(before, play);
        board.follow(*before, mover, r.board, text);
    };
    let id = found.report.game.clone();
    super::verify::verify_game_with(source, id, &found.game, found.written, Some(&mut observe));
    (plays.is_none_or(|n| n <= count)).then_some(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_plays_and_takes_back() {
        let mut b = Board::new();
        let d31 = Dice::new(3, 1).unwrap_or_else(|| unreachable!());
        assert_eq!(b.legal_plays(d31).len(), 16);
        assert_eq!(b.play("6/5 8/5", d31).as_deref(), Ok("8/5 6/5"));
        assert_eq!(b.on_roll(), 1);
        assert_eq!(b.play("24/20", d31).map_err(|e| e.kind), Err("illegal"));
        assert_eq!(b.play("zz", d31).map_err(|e| e.kind), Err("syntax"));
        assert_eq!(b.pop().as_deref(), Some("8/5 6/5"));
        assert_eq!(b, Board::new());
    }
}
