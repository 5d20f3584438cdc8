//! An Arimaa board to play on by text: turns pushed in long or short notation, resolved and
//! judged as `tabula resolve` and `tabula check` judge them (the engine's [`Game`], repetition
//! and takeback included), taken back one by one. What the Python package's and the analysis
//! page's boards stand on.

use tabula_engine::arimaa::{
    Bitboard, Color, FinishedTurn, Game, GameError, Outcome, Phase, Placement, Position, Setup, Turn,
};
use tabula_notation::arimaa::short::{self, ParseContext, ResolveOptions, ShortRecord, View};
use tabula_notation::arimaa::{parse_position, write_placement, write_position, LongMove, LongToken, MoveLabel};

use super::resolve::resolve_request;
use crate::error::Refusal;
use crate::texts::Texts;

/// What a push did, for [`Board::pop`].
#[derive(Clone, Debug)]
enum Pushed {
    /// A turn or a set-up played on the game; the turn, for the picture of the last move.
    Move(Option<Turn>),
    /// Position records replaced the pieces: the game before.
    Replaced(Box<Game>),
}

/// A resolved move.
enum Action {
    Place(Placement),
    Turn(FinishedTurn),
}

/// An Arimaa board: the empty board with Gold to set up, or a position, and the moves pushed on
/// it.
#[derive(Clone, Debug, Default)]
pub struct Board {
    game: Game,
    /// Every push: its long text and what it did.
    history: Vec<(String, Pushed)>,
}

/// `g` or `s`.
pub fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Gold => "g",
        Color::Silver => "s",
    }
}

/// A long-notation text without the move label it may start with (the label must be the side
/// to move's).
fn strip_label(text: &str, side: Color) -> Result<&str, Refusal> {
    let t = text.trim_start();
    if let Some((label, len)) = MoveLabel::from_ascii_prefix(t.as_bytes()) {
        let rest = &t[len..];
        if rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_whitespace()) {
            if label.color != side {
                return Err(Refusal::illegal(format!("move {label}: it is {}'s turn", color_letter(side))));
            }
            return Ok(rest);
        }
    }
    Ok(t)
}

fn game_error(e: GameError) -> Refusal {
    match e {
        GameError::Repetition => Refusal::illegal(
            "third-time repetition of a position (illegal under current rules; older rules made it a loss for the \
             side repeating)",
        ),
        e => Refusal::illegal(e.to_string()),
    }
}

impl Board {
    /// The empty board, Gold to set up.
    pub fn new() -> Board {
        Board::default()
    }

    /// The board of a position string (`g [<64 squares>]`).
    ///
    /// # Errors
    /// The text is not a position.
    pub fn from_position(text: &str) -> Result<Board, Refusal> {
        Refusal::check_length(text)?;
        let pos = parse_position(text)
            .map_err(|e| Refusal::syntax(format!("not an Arimaa position `{}`: {e}", text.trim())))?;
        Ok(Board { game: Game::from_position(pos), history: Vec::new() })
    }

    /// The game played on the board (its position, history and end).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position string, `g [<64 squares>]`.
    pub fn position(&self) -> String {
        write_position(self.game.position())
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.game.position().side_to_move()
    }

    /// The long texts of the moves pushed, in order.
    pub fn moves(&self) -> impl Iterator<Item = &str> {
        self.history.iter().map(|(t, _)| t.as_str())
    }

    /// The end of the game, once it is decided.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The turn or set-up of long text `text` on the board, resolved, as the action to play and
    /// its canonical long text.
    fn resolve_long(&self, text: &str) -> Result<(Action, String), Refusal> {
        Refusal::check_length(text)?;
        let pos = self.game.position();
        self.resolve_long_strictly(text).map_err(|r| r.suggesting(|| super::suggest::near_text(pos, text, View::Gold)))
    }

    fn resolve_long_strictly(&self, text: &str) -> Result<(Action, String), Refusal> {
        let pos = self.game.position();
        let body = strip_label(text, pos.side_to_move())?;
        let parsed = LongMove::from_ascii(body.as_bytes()).map_err(|e| Refusal::syntax(e.to_string()))?;
        let token = |i: Option<usize>| i.and_then(|i| parsed.tokens().get(i)).map(ToString::to_string);
        let fail = |index: Option<usize>, message: String| match token(index) {
            Some(t) => Refusal::illegal(format!("`{t}`: {message}")),
            None => Refusal::illegal(message),
        };
        if pos.phase() == Phase::Setup {
            let placement =
                parsed.resolve_placement(pos.side_to_move()).map_err(|e| fail(e.index, e.kind.to_string()))?;
            let text = write_placement(pos.side_to_move(), &placement);
            Ok((Action::Place(placement), text))
        } else {
            let finished = parsed.resolve_turn(pos).map_err(|e| fail(e.index, e.kind.to_string()))?;
            let text = tabula_notation::arimaa::write_turn(pos, finished.turn())
                .map_err(|e| Refusal::illegal(e.to_string()))?;
            Ok((Action::Turn(finished), text))
        }
    }

    fn play(&mut self, action: Action, text: String) -> Result<String, Refusal> {
        if let Some(o) = self.game.outcome() {
            return Err(Refusal::illegal(format!("move after the end of the game: {o}")));
        }
        let turn = match &action {
            Action::Place(p) => {
                self.game.place(p).map_err(game_error)?;
                None
            }
            Action::Turn(t) => {
                self.game.play_finished(t).map_err(game_error)?;
                Some(*t.turn())
            }
        };
        self.history.push((text.clone(), Pushed::Move(turn)));
        Ok(text)
    }

    /// Position records (`0g ...`, `0s ...`) of the sides `colors`: the placement tokens
    /// `tokens` that `tabula resolve` gives for them replace those sides' pieces; the side to
    /// move stays.
    fn replace(&mut self, colors: &[Color], tokens: String) -> Result<String, Refusal> {
        let pos = self.game.position();
        let mut board = *pos.board();
        for (sq, _) in pos.board().iter().filter(|(_, p)| colors.contains(&p.color)) {
            board.remove(sq);
        }
        let parsed = LongMove::from_ascii(tokens.as_bytes()).map_err(|e| Refusal::syntax(e.to_string()))?;
        for t in parsed.tokens() {
            if let LongToken::Place { piece, square } = *t {
                board.put(square, piece);
            }
        }
        let next = Position::from_setup(Setup { board, side_to_move: pos.side_to_move() })
            .map_err(|e| Refusal::illegal(format!("not a position: {e}")))?;
        let before = std::mem::replace(&mut self.game, Game::from_position(next));
        self.history.push((tokens.clone(), Pushed::Replaced(Box::new(before))));
        Ok(tokens)
    }

    /// Plays one turn (or set-up) in long notation, with or without its label and capture
    /// tokens; returns its canonical long text. Nothing changes when it fails.
    ///
    /// # Errors
    /// The text does not parse (`syntax`) or is not a legal move here (`illegal`).
    pub fn push_long(&mut self, text: &str) -> Result<String, Refusal> {
        let (action, text) = self.resolve_long(text)?;
        self.play(action, text)
    }

    /// Plays one turn in short notation written in `view`, resolved against the board as
    /// `tabula resolve` resolves it; returns the long text played. Position records (`0g ...`)
    /// replace that side's pieces. Nothing changes when it fails.
    ///
    /// # Errors
    /// The text does not parse (`syntax`), names no legal turn (`illegal`) or several
    /// (`ambiguous`, with their long texts).
    pub fn push_short(&mut self, text: &str, view: View) -> Result<String, Refusal> {
        Refusal::check_length(text)?;
        let position = self.position();
        let long = resolve_request(&position, view, text, ResolveOptions::default())
            .map_err(|s| Refusal {
                kind: s.kind.as_str(),
                message: s.reason,
                candidates: s.candidates,
                suggestions: Vec::new(),
            })
            .map_err(|r| r.suggesting(|| super::suggest::near_text(self.game.position(), text, view)))?;
        // Position records are the moves numbered 0; `tabula resolve` gives their pieces.
        let mut ctx = ParseContext::at(view, MoveLabel::new(2, self.side()));
        let moves = ShortRecord::parse_in(text, &mut ctx).map(|r| r.moves).unwrap_or_default();
        if !moves.is_empty() && moves.iter().all(|m| m.label.number == 0) {
            let colors: Vec<Color> = moves.iter().map(|m| m.label.color).collect();
            return self.replace(&colors, long);
        }
        let (action, text) = self.resolve_long(&long)?;
        self.play(action, text)
    }

    /// The shortest short text, in `view`, of the legal turn (or set-up) `long` here; the board
    /// is not changed.
    ///
    /// # Errors
    /// `long` is not a legal move here.
    pub fn short(&self, long: &str, view: View) -> Result<String, Refusal> {
        let (action, _) = self.resolve_long(long)?;
        let pos = self.game.position();
        match action {
            Action::Place(p) => short::write_setup(view, pos.side_to_move(), &p).map_err(|e| e.to_string()),
            Action::Turn(t) => short::write_turn(pos, t.turn(), view).map_err(|e| e.to_string()),
        }
        .map_err(Refusal::illegal)
    }

    /// Every legal turn in long notation, one per resulting position, sorted: as `tabula moves`.
    pub fn legal_turns(&self) -> Vec<String> {
        super::query::legal_turns(self.game.position())
    }

    /// The turns of [`legal_turns`](Self::legal_turns), written into `texts` (see
    /// [`query::write_turns`](super::query::write_turns)): for a caller that makes its own
    /// strings of them.
    pub fn write_legal_turns(&self, texts: &mut Texts) {
        super::query::write_turns(self.game.position(), texts);
    }

    /// Takes back the last move pushed and returns its long text; `None` when there is none.
    pub fn pop(&mut self) -> Option<String> {
        let (text, pushed) = self.history.pop()?;
        match pushed {
            Pushed::Move(_) => {
                if self.game.take_back().is_err() {
                    // The game holds every move pushed: it can always take one back.
                    self.history.push((text, pushed));
                    return None;
                }
            }
            Pushed::Replaced(before) => self.game = *before,
        }
        Some(text)
    }

    /// The last turn pushed (not a set-up or position records), with the position it was
    /// played on.
    pub fn last_turn(&self) -> Option<(&Position, &Turn)> {
        match (self.history.last(), self.game.previous_position()) {
            (Some((_, Pushed::Move(Some(t)))), Some(before)) => Some((before, t)),
            _ => None,
        }
    }

    /// The diagram of `tabula replay`, the squares of the last turn in brackets.
    pub fn diagram(&self) -> String {
        let highlight = self.last_turn().map_or(Bitboard::EMPTY, |(_, t)| super::show::touched(t));
        super::show::diagram(self.game.position().board(), highlight).render(false)
    }

    /// The SVG picture of `tabula replay --format svg`, the last turn drawn.
    pub fn svg(&self) -> String {
        super::svg::board(self.game.position(), self.last_turn(), "")
    }
}

/// The board of a record after `plies` moves (set-ups and turns, as `tabula check` counts a
/// game's turns; the last time the game has that many when takebacks go back over it), or
/// after every move the replay judged legal when `None`; replayed by the same verification as
/// `tabula check`. `None` when the game never has `plies` moves.
pub(crate) fn after_plies(record: &super::verify::Record<'_>, plies: Option<usize>) -> Option<Board> {
    use super::verify::Replayed;
    let mut board = Board::new();
    let mut found = (plies == Some(0)).then(Board::new);
    let mut broken = false;
    super::verify::verify_with(record, |event| {
        if broken {
            return;
        }
        let followed = match event {
            Replayed::Move { before, after, turn: Some(turn), .. } => {
                let _ = after;
                tabula_notation::arimaa::write_turn(before, &turn).ok().and_then(|t| board.push_long(&t).ok())
            }
            Replayed::Move { before, after, turn: None, .. } => {
                let side = before.side_to_move();
                let tokens: Vec<String> = after
                    .board()
                    .iter()
                    .filter(|(_, p)| p.color == side)
                    .map(|(square, piece)| LongToken::Place { piece, square }.to_string())
                    .collect();
                board.push_long(&tokens.join(" ")).ok()
            }
            Replayed::Start { position } => {
                board = Board { game: Game::from_position(*position), history: Vec::new() };
                Some(String::new())
            }
            Replayed::TakeBack { .. } => board.pop(),
        };
        broken = followed.is_none();
        if !broken && plies == Some(board.game.plies()) {
            found = Some(board.clone());
        }
    });
    if plies.is_none() && !broken {
        return Some(board);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_pushes_resolves_and_takes_back() {
        let mut b = Board::new();
        let gold = b.push_long("1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2");
        assert!(gold.is_ok(), "{gold:?}");
        let silver = b.push_long("ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7");
        assert!(silver.is_ok(), "{silver:?}");
        let before = b.position();
        assert_eq!(b.push_short("e^^", View::Gold).as_deref(), Ok("Ee2n Ee3n"));
        assert_eq!(b.side(), Color::Silver);
        let err = b.push_long("Ee4n").err().map(|e| e.kind);
        assert_eq!(err, Some("illegal"), "not Gold's turn");
        assert_eq!(b.pop().as_deref(), Some("Ee2n Ee3n"));
        assert_eq!(b.position(), before);
        assert_eq!(b.short("Ee2n Ee3n", View::Gold).as_deref(), Ok("e^^"));
        assert_eq!(b.legal_turns().len(), super::super::query::legal_turns(b.game().position()).len());
        let bad = b.push_short("zz", View::Gold).err().map(|e| e.kind);
        assert_eq!(bad, Some("syntax"));
        assert_eq!(b.position(), before, "nothing changes when a push fails");
    }
}
