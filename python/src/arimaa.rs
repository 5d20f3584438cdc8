//! `tabula.arimaa.Board`: an Arimaa game on the engine's `Game` (repetition and takeback
//! included), moves read and written by the notation crate.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use tabula_engine::arimaa::{Bitboard, Color, Game, GameError, Phase, Position, Setup, Turn};
use tabula_notation::arimaa::short::{self, ParseContext, ResolveOptions, ShortRecord, View};
use tabula_notation::arimaa::{parse_position, write_placement, write_position, LongMove, LongToken, MoveLabel};
use tabula_replay::arimaa::resolve::resolve_request;

use crate::{ambiguous, check_len, text as py_text, IllegalMove, NotationError, TabulaError};

/// What a push did, for `pop`.
#[derive(Clone)]
enum Pushed {
    /// A turn or a set-up played on the game; the turn, for the picture of the last move.
    Move(Option<Turn>),
    /// Position records replaced the pieces: the game before.
    Replaced(Box<Game>),
}

/// An Arimaa board: the empty board with Gold to set up, or a position.
#[pyclass(module = "tabula.arimaa", name = "Board")]
#[derive(Clone)]
pub struct Board {
    game: Game,
    /// Every push: its long text and what it did.
    history: Vec<(String, Pushed)>,
}

fn color_char(c: Color) -> &'static str {
    match c {
        Color::Gold => "g",
        Color::Silver => "s",
    }
}

/// The view short notation is written in, `"g"` when not given.
fn view(view: Option<&Bound<'_, PyAny>>) -> PyResult<View> {
    let Some(view) = view else { return Ok(View::Gold) };
    let text = py_text(view, "view")?;
    text.parse::<View>().map_err(|_| {
        let shown: String = text.chars().take(20).collect();
        NotationError::new_err(format!("view `{shown}` is not g, s or n"))
    })
}

/// A long-notation text without the move label it may start with (the label must be the side
/// to move's).
fn strip_label(text: &str, side: Color) -> PyResult<&str> {
    let t = text.trim_start();
    if let Some((label, len)) = MoveLabel::from_ascii_prefix(t.as_bytes()) {
        let rest = &t[len..];
        if rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_whitespace()) {
            if label.color != side {
                return Err(IllegalMove::new_err(format!("move {label}: it is {}'s turn", color_char(side))));
            }
            return Ok(rest);
        }
    }
    Ok(t)
}

fn game_err(e: GameError) -> PyErr {
    match e {
        GameError::Repetition => IllegalMove::new_err(
            "third-time repetition of a position (illegal under current rules; older rules made it a loss for the \
             side repeating)",
        ),
        e => IllegalMove::new_err(e.to_string()),
    }
}

impl Board {
    /// The turn or set-up of long text `text` on the board, resolved, as the action to play and
    /// its canonical long text.
    fn resolve_long(&self, text: &str) -> PyResult<(Action, String)> {
        check_len(text)?;
        let pos = self.game.position();
        let body = strip_label(text, pos.side_to_move())?;
        let parsed = LongMove::from_ascii(body.as_bytes()).map_err(|e| NotationError::new_err(e.to_string()))?;
        let token = |i: Option<usize>| i.and_then(|i| parsed.tokens().get(i)).map(ToString::to_string);
        let fail = |index: Option<usize>, message: String| match token(index) {
            Some(t) => IllegalMove::new_err(format!("`{t}`: {message}")),
            None => IllegalMove::new_err(message),
        };
        if pos.phase() == Phase::Setup {
            let placement =
                parsed.resolve_placement(pos.side_to_move()).map_err(|e| fail(e.index, e.kind.to_string()))?;
            let text = write_placement(pos.side_to_move(), &placement);
            Ok((Action::Place(placement), text))
        } else {
            let finished = parsed.resolve_turn(pos).map_err(|e| fail(e.index, e.kind.to_string()))?;
            let text = tabula_notation::arimaa::write_turn(pos, finished.turn())
                .map_err(|e| IllegalMove::new_err(e.to_string()))?;
            Ok((Action::Turn(finished), text))
        }
    }

    fn play(&mut self, action: Action, text: String) -> PyResult<String> {
        if let Some(o) = self.game.outcome() {
            return Err(IllegalMove::new_err(format!("move after the end of the game: {o}")));
        }
        let turn = match &action {
            Action::Place(p) => {
                self.game.place(p).map_err(game_err)?;
                None
            }
            Action::Turn(t) => {
                self.game.play_finished(t).map_err(game_err)?;
                Some(*t.turn())
            }
        };
        self.history.push((text.clone(), Pushed::Move(turn)));
        Ok(text)
    }

    /// Position records (`0g ...`, `0s ...`) of the sides `colors`: the placement tokens
    /// `tokens` that `tabula resolve` gives for them replace those sides' pieces; the side to
    /// move stays.
    fn replace(&mut self, colors: &[Color], tokens: String) -> PyResult<String> {
        let pos = self.game.position();
        let mut board = *pos.board();
        for (sq, _) in pos.board().iter().filter(|(_, p)| colors.contains(&p.color)) {
            board.remove(sq);
        }
        let parsed = LongMove::from_ascii(tokens.as_bytes()).map_err(|e| NotationError::new_err(e.to_string()))?;
        for t in parsed.tokens() {
            if let LongToken::Place { piece, square } = *t {
                board.put(square, piece);
            }
        }
        let next = Position::from_setup(Setup { board, side_to_move: pos.side_to_move() })
            .map_err(|e| IllegalMove::new_err(format!("not a position: {e}")))?;
        let before = std::mem::replace(&mut self.game, Game::from_position(next));
        self.history.push((tokens.clone(), Pushed::Replaced(Box::new(before))));
        Ok(tokens)
    }
}

/// A resolved move.
enum Action {
    Place(tabula_engine::arimaa::Placement),
    Turn(tabula_engine::arimaa::FinishedTurn),
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (position=None))]
    fn new(position: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let game = match position {
            None => Game::new(),
            Some(text) => {
                let text = &py_text(text, "position")?;
                check_len(text)?;
                let pos = parse_position(text)
                    .map_err(|e| TabulaError::new_err(format!("not an Arimaa position `{}`: {e}", text.trim())))?;
                Game::from_position(pos)
            }
        };
        Ok(Board { game, history: Vec::new() })
    }

    /// The position string `g [<64 squares>]`: side to move, then rank 8 first, `.` empty.
    #[getter]
    fn position(&self) -> String {
        write_position(self.game.position())
    }

    /// The side to move, `"g"` or `"s"`.
    #[getter]
    fn side(&self) -> &'static str {
        color_char(self.game.position().side_to_move())
    }

    /// The long texts of the turns pushed, in order.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.history.iter().map(|(t, _)| t.clone()).collect()
    }

    /// Plays one turn (or set-up) in long notation; returns its canonical long text.
    fn push_long(&mut self, text: &Bound<'_, PyAny>) -> PyResult<String> {
        let (action, text) = self.resolve_long(&py_text(text, "text")?)?;
        self.play(action, text)
    }

    /// Plays one turn in short notation written in `view`; returns the long text played.
    #[pyo3(signature = (text, view=None))]
    fn push_short(
        &mut self,
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        view: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let text = &py_text(text, "text")?;
        check_len(text)?;
        let view = self::view(view)?;
        let position = write_position(self.game.position());
        let long =
            resolve_request(&position, view, text, ResolveOptions::default()).map_err(|s| match s.kind.as_str() {
                "illegal" => IllegalMove::new_err(s.reason),
                "ambiguous" => ambiguous(py, s.reason, s.candidates),
                _ => NotationError::new_err(s.reason),
            })?;
        // Position records are the moves numbered 0; `tabula resolve` gives their pieces.
        let side = self.game.position().side_to_move();
        let mut ctx = ParseContext::at(view, MoveLabel::new(2, side));
        let moves = ShortRecord::parse_in(text, &mut ctx).map(|r| r.moves).unwrap_or_default();
        if !moves.is_empty() && moves.iter().all(|m| m.label.number == 0) {
            let colors: Vec<Color> = moves.iter().map(|m| m.label.color).collect();
            return self.replace(&colors, long);
        }
        let (action, text) = self.resolve_long(&long)?;
        self.play(action, text)
    }

    /// The shortest short text, in `view`, of the legal turn (or set-up) `long_text` here; the
    /// board is not changed.
    #[pyo3(signature = (long_text, view=None))]
    fn short(&self, long_text: &Bound<'_, PyAny>, view: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let view = self::view(view)?;
        let (action, _) = self.resolve_long(&py_text(long_text, "long_text")?)?;
        let pos = self.game.position();
        match action {
            Action::Place(p) => short::write_setup(view, pos.side_to_move(), &p).map_err(|e| e.to_string()),
            Action::Turn(t) => short::write_turn(pos, t.turn(), view).map_err(|e| e.to_string()),
        }
        .map_err(|e| IllegalMove::new_err(e.to_string()))
    }

    /// Every legal turn in long notation, one per resulting position, sorted: as `tabula moves`.
    fn legal_turns(&self, py: Python<'_>) -> Vec<String> {
        let pos = *self.game.position();
        py.detach(move || tabula_replay::arimaa::query::legal_turns(&pos))
    }

    /// Takes back the last turn; returns its long text.
    fn pop(&mut self) -> PyResult<String> {
        let Some((text, pushed)) = self.history.pop() else {
            return Err(pyo3::exceptions::PyIndexError::new_err("pop from a board with no move pushed"));
        };
        match pushed {
            Pushed::Move(_) => self.game.take_back().map_err(|e| TabulaError::new_err(e.to_string()))?,
            Pushed::Replaced(before) => self.game = *before,
        }
        Ok(text)
    }

    /// `None` while the game goes on, else `{"winner": "g"|"s", "reason": ...}`.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(o) = self.game.outcome() else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("winner", color_char(o.winner))?;
        d.set_item("reason", o.reason.name())?;
        Ok(Some(d))
    }

    /// A board with the same position and moves.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The diagram of `tabula replay`, the squares of the last turn in brackets.
    fn __str__(&self) -> String {
        let highlight = match self.history.last() {
            Some((_, Pushed::Move(Some(t)))) => tabula_replay::arimaa::show::touched(t),
            _ => Bitboard::EMPTY,
        };
        tabula_replay::arimaa::show::diagram(self.game.position().board(), highlight).render(false)
    }

    fn __repr__(&self) -> String {
        format!("tabula.arimaa.Board('{}')", self.position())
    }

    fn __eq__(&self, other: &Board) -> bool {
        self.game.position() == other.game.position()
    }

    /// The SVG picture of `tabula replay --format svg`, the last turn drawn.
    fn _repr_svg_(&self) -> String {
        let last = match (self.history.last(), self.game.previous_position()) {
            (Some((_, Pushed::Move(Some(t)))), Some(before)) => Some((before, t)),
            _ => None,
        };
        tabula_replay::arimaa::svg::board(self.game.position(), last, "")
    }
}
