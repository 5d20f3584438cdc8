//! A backgammon board to play on by text: plays of a roll in any spelling `tabula resolve`
//! reads, resolved and played by the engine, taken back one by one. Player 0 is the one on roll
//! when the board was made. What the Python package's and the analysis page's boards stand on.

use tabula_engine::backgammon::{Cube, Dice, MatchState, Play, Point, Position, Side};
use tabula_notation::backgammon::{position_id, PlayText};

use super::query;
use crate::error::Refusal;
use crate::texts::Texts;
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
    /// The plays made, in order.
    history: Vec<Made>,
}

/// A play made on a [`Board`].
#[derive(Clone, Debug, PartialEq, Eq)]
struct Made {
    /// The board it was played on, seen by its player.
    before: Position,
    /// Its player: 0 or 1.
    mover: u8,
    /// Its standard text.
    text: String,
    /// The roll and the steps, for a play made by [`Board::play`] (a record's play followed by
    /// the replay keeps its text alone).
    roll: Option<(Dice, Play)>,
}

/// What the analysis page draws around the checkers of a [`Board`]: the match around it.
#[derive(Clone, Debug)]
pub struct Table {
    /// The match's player (X is [`Side::Zero`]) who was on roll when the board was made: the
    /// board's player 0.
    pub first: Side,
    /// The cube.
    pub cube: Cube,
    /// The roll entered for the player on roll, drawn in his colour; `None` draws no dice.
    pub dice: Option<Dice>,
    /// The match score, written on the board.
    pub score_line: String,
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
        Board::from_position_with_state(text).map(|(board, _)| board)
    }

    /// The board of a position text as [`Board::from_position`] reads it, with the match state
    /// a gnubg ID or an XGID carries (`None` for a bare Position ID).
    ///
    /// # Errors
    /// The text is none of these.
    pub fn from_position_with_state(text: &str) -> Result<(Board, Option<MatchState>), Refusal> {
        Refusal::check_length(text)?;
        let (pos, state) = query::position_and_state(text).map_err(|e| Refusal::syntax(e.to_string()))?;
        Ok((Board::at(pos), state))
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
        self.history.iter().map(|m| m.text.as_str())
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

    /// The plays of [`legal_plays`](Self::legal_plays), written into `texts` (see
    /// [`query::write_plays`]): for a caller that makes its own strings of them.
    pub fn write_legal_plays(&self, dice: Dice, texts: &mut Texts) {
        if self.over.is_some() {
            texts.clear();
            return;
        }
        query::write_plays(&self.pos, dice, texts);
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
        let roll = Some((dice, resolved.play));
        self.history.push(Made { before: self.pos, mover: self.on_roll, text: standard.clone(), roll });
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
        self.history.push(Made { before, mover, text, roll: None });
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
        let made = self.history.pop()?;
        self.pos = made.before;
        self.on_roll = made.mover;
        self.over = None;
        Some(made.text)
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
        let scene = super::svg::Scene { names: ["0", "1"], ..Default::default() };
        super::svg::board(&self.seen_by_zero(), &scene, "")
    }

    /// The match's player on roll (the winner once the game is over), when the board's player 0
    /// is the match's `first`.
    pub fn side_on_roll(&self, first: Side) -> Side {
        if self.on_roll == 0 {
            first
        } else {
            first.other()
        }
    }

    /// The analysis page's picture: seen from X (the match's [`Side::Zero`], at the bottom), the
    /// points labelled in the numbering of the player on roll (the numbers of
    /// [`super::svg::places`]), the roll entered drawn in his colour, the cube, the score, and
    /// the points the last play touched.
    pub fn picture(&self, table: &Table) -> String {
        let side = self.side_on_roll(table.first);
        let seen = if side == Side::Zero { self.pos } else { self.pos.swapped() };
        let playing = self.over.is_none();
        let scene = super::svg::Scene {
            names: ["", ""],
            cube: table.cube,
            dice: table.dice.filter(|_| playing).map(|d| (side, (d.high(), d.low()))),
            score_line: table.score_line.clone(),
            touched: self.touched(table.first),
            numbering: Some(side),
            on_roll: playing.then_some(side),
        };
        super::svg::board(&seen, &scene, "")
    }

    /// The points the last play made by [`Board::play`] touched, in X's numbering (bit 25 the bar).
    fn touched(&self, first: Side) -> u32 {
        let Some(Made { mover, roll: Some((_, play)), .. }) = self.history.last() else { return 0 };
        let side = if *mover == 0 { first } else { first.other() };
        let mut bits = 0u32;
        for step in play.steps() {
            for p in [step.from.number(), step.to.number()] {
                let x = match (p, side) {
                    (0, _) => continue,
                    (25, _) | (_, Side::Zero) => p,
                    (_, Side::One) => 25 - p,
                };
                bits |= 1 << x;
            }
        }
        bits
    }

    /// The line played on the board as one game of GNU Backgammon's `.sgf`, a record `tabula
    /// check` reads from any position: the match `state` the board was made with (its length
    /// and score in the first node; `state.on_roll` is the board's player 0, `W` is X) and a
    /// set-up node with the starting board, the cube and the player on roll, then a node a play
    /// made by [`Board::play`]. A line that does not end the game ends with the player on roll
    /// resigning a single game (the cube's value), as the game's result must be written.
    pub fn sgf(&self, state: &MatchState) -> String {
        let first = state.on_roll;
        let start = self.history.first().map_or(self.pos, |m| m.before);
        let colour = |side: Side| if side == Side::Zero { 'W' } else { 'B' };
        let score = &state.score;
        let mut out = format!(
            "(;FF[4]GM[6]CA[UTF-8]AP[tabula:{}]MI[length:{}][game:0][ws:{}][bs:{}]PW[X]PB[O]",
            env!("CARGO_PKG_VERSION"),
            score.length,
            score.points.zero,
            score.points.one
        );
        if score.length > 0 {
            out.push_str(if score.crawford { "RU[Crawford:CrawfordGame]" } else { "RU[Crawford]" });
        } else if state.jacoby {
            out.push_str("RU[Jacoby]");
        }
        let cube = state.cube.value.max(1);
        let (winner, points, resigned) = match self.over {
            Some((w, multiplier)) => {
                let jacoby = state.jacoby && score.length == 0 && state.cube.owner.is_none() && cube == 1;
                let winner = if w == 0 { first } else { first.other() };
                (winner, if jacoby { 1 } else { multiplier * cube }, "")
            }
            None => (self.side_on_roll(first).other(), cube, "R"),
        };
        out.push_str(&format!("RE[{}+{points}{resigned}]\n", colour(winner)));
        // The starting board: each player's checkers, letters from W's side (`y` the bar).
        out.push_str(&format!(";PL[{}]AE[a:y]", colour(first)));
        for side in Side::ALL {
            out.push_str(if side == Side::Zero { "AW" } else { "AB" });
            let column = super::mat::Column::from(side);
            for p in 1..=25u8 {
                let Some(point) = Point::new(p) else { continue };
                let n = if side == first { start.mine(point) } else { start.theirs(point) };
                let letter = super::sgf::letter_of(p, column);
                for _ in 0..n {
                    out.push_str(&format!("[{letter}]"));
                }
            }
        }
        let owner = match state.cube.owner {
            None => 'c',
            Some(Side::Zero) => 'w',
            Some(Side::One) => 'b',
        };
        out.push_str(&format!("CV[{cube}]CP[{owner}]"));
        for made in &self.history {
            let Some((dice, play)) = &made.roll else { continue };
            let side = if made.mover == 0 { first } else { first.other() };
            let column = super::mat::Column::from(side);
            out.push_str(&format!("\n;{}[{}{}", colour(side), dice.high(), dice.low()));
            for step in play.steps() {
                out.push(super::sgf::letter_of(step.from.number(), column));
                out.push(super::sgf::letter_of(step.to.number(), column));
            }
            out.push(']');
        }
        out.push_str(")\n");
        out
    }
}

/// The match score of `state` as the board writes it: `2-1 in a 5 point match` (with
/// `, Crawford game`), or `money game`.
pub fn score_text(state: &MatchState) -> String {
    let s = &state.score;
    if s.length == 0 {
        return "money game".to_owned();
    }
    let crawford = if s.crawford { ", Crawford game" } else { "" };
    format!("X {} - O {} in a {} point match{crawford}", s.points.zero, s.points.one, s.length)
}

/// The cube as the board writes it: `2, owned by O`, or `1, in the middle`.
pub fn cube_text(cube: &Cube) -> String {
    match cube.owner {
        None => format!("{}, in the middle", cube.value),
        Some(side) => format!("{}, owned by {}", cube.value, ["X", "O"][side.index()]),
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

/// The plays of a game read, in standard notation, each with its roll (`31`, the higher die
/// first), as the replay of `tabula check` judged them legal: a line for the analysis page.
pub(crate) fn plays_with_rolls(source: &std::sync::Arc<str>, found: &super::show::Found) -> Vec<(String, String)> {
    let mut plays = Vec::new();
    let mut observe = |r: super::verify::Replayed<'_>| {
        let Some((before, play)) = &r.play else { return };
        let super::mat::ActionKind::Roll { dice: (a, b) } = r.action.kind else { return };
        plays.push((tabula_notation::backgammon::write_play(before, play), format!("{}{}", a.max(b), a.min(b))));
    };
    let id = found.report.game.clone();
    super::verify::verify_game_with(source, id, &found.game, found.written, Some(&mut observe));
    plays
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
