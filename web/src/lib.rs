//! The analysis page's WebAssembly module: the library's boards (`tabula_replay::arimaa::board`,
//! `backgammon::board`, `stones_rivers::board`) behind one JSON request at a time, so that the
//! page's script only draws what comes back and forwards clicks and text; every verdict is the
//! library's, as `tabula resolve`, `tabula moves` and `tabula check` give it.
//!
//! A request is a JSON object with an `op`:
//!
//! | op | keys | what |
//! | --- | --- | --- |
//! | `open` | `game`, `position` (empty: the start), `view`, `line` (optional) | a new board, with a line the state's `line` gave played on it again |
//! | `move` | `text` | a move typed in any spelling the program reads |
//! | `step` | `text` | Arimaa: one legal step of the list (`Ee2n`); backgammon and Stones and Rivers: a move of the list |
//! | `click` | `square` or `point` | a square (Arimaa, Stones and Rivers) or a backgammon point clicked; in an Arimaa set-up, the chosen piece placed (or taken off) |
//! | `piece` | `piece` | Arimaa set-up: the piece a click places (`E`, `M`, `H`, `D`, `C`, `R`) |
//! | `die` | `die` | backgammon: a die clicked, the checker chosen moving by it |
//! | `finish` | | Arimaa: ends the turn with the steps taken, or the set-up with the pieces placed |
//! | `dice` | `dice` | backgammon: the roll (`31`; empty: none); a play uses it up, undo gives it back |
//! | `view` | `view` | Arimaa: the view of short notation (`g`, `s`, `n`) |
//! | `undo` | | takes back the piece placed or the steps pending, else the last move |
//! | `turns` | | Arimaa: every legal whole turn (on request only: there can be many) |
//! | `read` | `game`, `text`, `view` | a text pasted: a position, or a record's first game ([`read_pasted`]): `{start, line}`, the board kept as it is |
//! | `sgf` | `position`, `tree` | backgammon: the tree of lines tried (a flat list of `{m, d, p}`) as one `.sgf` game with variations ([`sgf_tree`]): `{sgf}`, the board kept as it is |
//!
//! The answer is the board's state ([`Session::state`]): `position`, `played`, `short`,
//! `error` (`{kind, message, candidates, suggestions}` or null: `suggestions` the legal moves nearest to a refused one), `legal` (the moves to list), `pending`,
//! `selected`, `svg` (the picture, every square or point carrying its `data-` name), `record`,
//! `note` and `line` (the moves played, for `open`); backgammon's `dice`, `cube` and `score`
//! (the match the position text gave), Arimaa's `setup` (in a set-up: the chosen piece and how
//! many of each are left). `abi` carries requests and answers across the module's edge.

use serde_json::{json, Value};
use tabula_engine::arimaa::{
    Color, Direction, Phase, Piece, PieceKind, Placement, Position as ArimaaPosition, Setup, Square, Step, TurnBuilder,
};
use tabula_engine::backgammon::{Dice, GameState, MatchState, MoveGenerator, Side};
use tabula_notation::arimaa::short::{position_moves, View};
use tabula_notation::backgammon::PlayText;
use tabula_replay::arimaa::board::Board as ArimaaBoard;
use tabula_replay::backgammon::board::{cube_text, score_text, Board as BackgammonBoard, Table};
use tabula_replay::stones_rivers::board::Board as StonesBoard;
use tabula_replay::svg::with_places;
use tabula_replay::Refusal;

pub mod abi;

/// The board of one game and what is being tried on it.
#[derive(Clone)]
enum Game {
    Arimaa(Arimaa),
    Backgammon(Backgammon),
    Stones(Stones),
}

/// An Arimaa board, the view of short notation, and the steps of the turn being clicked.
#[derive(Clone)]
struct Arimaa {
    /// The position the board was opened at; empty for the empty board (Gold to set up).
    start: String,
    board: ArimaaBoard,
    view: View,
    /// The steps taken by click or from the list, not yet a turn.
    steps: Vec<Step>,
    selected: Option<Square>,
    /// In the set-up: the pieces placed by click, in the order placed, not yet a set-up.
    placed: Vec<(Square, PieceKind)>,
    /// In the set-up: the kind a click on an empty square places.
    piece: PieceKind,
}

/// A backgammon board, the match around it, the roll, and the checker moves clicked for it.
#[derive(Clone)]
struct Backgammon {
    /// Whether the line is written as a `.mat` game: opened at the start with no match given
    /// (a `.mat` game starts at the opening); else it is an `.sgf` game with a set-up node.
    mat: bool,
    /// Whether the position text carried the match (a gnubg ID or an XGID).
    given: bool,
    /// The match the board was opened in (else a 3 point match at 0-0, the `.mat` record's);
    /// its `on_roll` is the board's player 0.
    state: MatchState,
    board: BackgammonBoard,
    dice: Option<Dice>,
    /// The roll of each play made, for the record.
    rolls: Vec<Dice>,
    /// Checker moves clicked (`13/8`), not yet a play.
    pending: Vec<String>,
    selected: Option<u8>,
}

/// A Stones and Rivers board and the intersections clicked toward a turn.
#[derive(Clone)]
struct Stones {
    start: String,
    board: StonesBoard,
    clicked: Vec<String>,
}

/// One board on the page: the game, the last move played and the last refusal.
pub struct Session {
    game: Game,
    played: String,
    short: String,
    error: Option<Refusal>,
}

/// A refusal for a request that is not one.
fn bad(message: impl Into<String>) -> Refusal {
    Refusal::syntax(message)
}

fn view_of(text: &str) -> Result<View, Refusal> {
    match text {
        "g" | "" => Ok(View::Gold),
        "s" => Ok(View::Silver),
        "n" => Ok(View::Neutral),
        v => Err(bad(format!("no view `{v}`: g, s or n"))),
    }
}

fn view_letter(view: View) -> &'static str {
    match view {
        View::Gold => "g",
        View::Silver => "s",
        View::Neutral => "n",
    }
}

impl Session {
    /// A new board of `game` (`arimaa`, `backgammon`, `stones-and-rivers`) at `position` (the
    /// game's start when empty); `view` is Arimaa's view of short notation.
    ///
    /// # Errors
    /// No such game, or a position the game cannot read.
    pub fn open(game: &str, position: &str, view: &str) -> Result<Session, Refusal> {
        let position = position.trim();
        let game = match game {
            "arimaa" => {
                let board =
                    if position.is_empty() { ArimaaBoard::new() } else { ArimaaBoard::from_position(position)? };
                let view = view_of(view)?;
                Game::Arimaa(Arimaa {
                    start: position.to_owned(),
                    board,
                    view,
                    steps: Vec::new(),
                    selected: None,
                    placed: Vec::new(),
                    piece: PieceKind::Elephant,
                })
            }
            "backgammon" => {
                let (board, given) = if position.is_empty() {
                    (BackgammonBoard::new(), None)
                } else {
                    BackgammonBoard::from_position_with_state(position)?
                };
                let at_start = board.position_id() == BackgammonBoard::new().position_id();
                let state = given.unwrap_or_else(|| MatchState { game: GameState::Playing, ..MatchState::new(3) });
                Game::Backgammon(Backgammon {
                    mat: at_start && given.is_none(),
                    given: given.is_some(),
                    state,
                    board,
                    dice: state.dice,
                    rolls: Vec::new(),
                    pending: Vec::new(),
                    selected: None,
                })
            }
            "stones-and-rivers" => {
                let board =
                    if position.is_empty() { StonesBoard::new() } else { StonesBoard::from_position(position)? };
                let start = board.position_text();
                Game::Stones(Stones { start, board, clicked: Vec::new() })
            }
            g => return Err(bad(format!("no game `{g}`: arimaa, backgammon or stones-and-rivers"))),
        };
        Ok(Session { game, played: String::new(), short: String::new(), error: None })
    }

    /// Answers one request (see the crate documentation) with the board's state; a refused
    /// move leaves the board as it was and is the state's `error`.
    pub fn request(&mut self, req: &Value) -> Value {
        let text = |key: &str| req.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
        let op = text("op");
        if let ("turns", Game::Arimaa(a)) = (op.as_str(), &self.game) {
            let turns = a.board.legal_turns();
            let mut state = self.state();
            state["turns"] = json!(turns);
            return state;
        }
        let result = match (op.as_str(), &mut self.game) {
            ("move", _) => self.typed(&text("text")),
            ("undo", _) => {
                self.undo();
                Ok(())
            }
            ("step", Game::Arimaa(a)) => {
                let t = text("text");
                a.step_text(&t).and_then(|done| self.maybe_finish(done))
            }
            ("step", _) => self.typed(&text("text")),
            ("click", Game::Arimaa(a)) => a.click(&text("square")).and_then(|done| self.maybe_finish(done)),
            ("finish", Game::Arimaa(a)) if a.setting_up() => a.set_up_text().and_then(|t| self.typed(&t)),
            ("finish", Game::Arimaa(_)) => self.finish_turn(),
            ("piece", Game::Arimaa(a)) => a.choose(&text("piece")),
            ("view", Game::Arimaa(a)) => view_of(&text("view")).map(|v| a.view = v),
            ("dice", Game::Backgammon(b)) => b.set_dice(&text("dice")),
            ("click", Game::Backgammon(b)) => {
                let point = req.get("point").and_then(Value::as_u64).unwrap_or(99);
                b.click(point).and_then(|done| self.maybe_play(done))
            }
            ("die", Game::Backgammon(b)) => {
                let die = req.get("die").and_then(Value::as_u64).unwrap_or(0);
                b.die(die).and_then(|done| self.maybe_play(done))
            }
            ("click", Game::Stones(s)) => s.click(&text("square")).and_then(|done| self.maybe_turn(done)),
            ("state", _) => Ok(()),
            (op, _) => Err(bad(format!("no request `{op}` for this game"))),
        };
        if let Err(e) = result {
            self.error = Some(e);
        }
        self.state()
    }

    /// A move typed: the steps or checkers clicked are dropped first.
    fn typed(&mut self, text: &str) -> Result<(), Refusal> {
        let text = text.trim();
        match &mut self.game {
            Game::Arimaa(a) => {
                a.steps.clear();
                a.selected = None;
                a.placed.clear();
                a.piece = PieceKind::Elephant;
                let before = a.board.clone();
                // Short notation first (as `tabula resolve` reads it); long notation when the
                // text is not short notation.
                let long = match a.board.push_short(text, a.view) {
                    Ok(long) => long,
                    Err(e) if e.kind == "syntax" => match a.board.push_long(text) {
                        Ok(long) => long,
                        Err(long_error) if long_error.kind == "syntax" => return Err(e),
                        Err(long_error) => return Err(long_error),
                    },
                    Err(e) => return Err(e),
                };
                self.short = before.short(&long, a.view).unwrap_or_default();
                self.played = long;
            }
            Game::Backgammon(b) => {
                b.pending.clear();
                b.selected = None;
                let dice = b.dice.ok_or_else(|| bad("no roll: enter the dice first (31)"))?;
                self.played = b.board.play(text, dice)?;
                b.rolls.push(dice);
                b.dice = None;
                self.short.clear();
            }
            Game::Stones(s) => {
                s.clicked.clear();
                self.played = s.board.push(text)?;
                self.short.clear();
            }
        }
        self.error = None;
        Ok(())
    }

    /// Ends the Arimaa turn when `done` (four steps taken).
    fn maybe_finish(&mut self, done: bool) -> Result<(), Refusal> {
        self.error = None;
        if done {
            self.finish_turn()
        } else {
            Ok(())
        }
    }

    /// The Arimaa steps taken, played as a turn.
    fn finish_turn(&mut self) -> Result<(), Refusal> {
        let Game::Arimaa(a) = &mut self.game else { return Ok(()) };
        if a.steps.is_empty() {
            return Err(Refusal::illegal("no step taken"));
        }
        let text = a.tokens().join(" ");
        a.steps.clear();
        a.selected = None;
        let before = a.board.clone();
        let long = a.board.push_long(&text)?;
        self.short = before.short(&long, a.view).unwrap_or_default();
        self.played = long;
        self.error = None;
        Ok(())
    }

    /// Plays the backgammon checkers clicked when they make a legal play (`done`).
    fn maybe_play(&mut self, done: Option<String>) -> Result<(), Refusal> {
        self.error = None;
        let (Some(text), Game::Backgammon(b)) = (done, &mut self.game) else { return Ok(()) };
        let dice = b.dice.ok_or_else(|| bad("no roll"))?;
        self.played = b.board.play(&text, dice)?;
        b.rolls.push(dice);
        b.dice = None;
        b.pending.clear();
        self.short.clear();
        Ok(())
    }

    /// Plays the Stones and Rivers turn the clicks name (`done`).
    fn maybe_turn(&mut self, done: Option<String>) -> Result<(), Refusal> {
        self.error = None;
        match done {
            Some(turn) => self.typed(&turn),
            None => Ok(()),
        }
    }

    /// Takes back the steps or checkers pending, else the last move.
    fn undo(&mut self) {
        self.error = None;
        let popped = match &mut self.game {
            Game::Arimaa(a) if !a.placed.is_empty() => {
                a.placed.pop();
                return;
            }
            Game::Arimaa(a) if !a.steps.is_empty() || a.selected.is_some() => {
                a.selected = None;
                a.steps.pop();
                return;
            }
            Game::Arimaa(a) => a.board.pop().is_some(),
            Game::Backgammon(b) if !b.pending.is_empty() || b.selected.is_some() => {
                b.selected = None;
                b.pending.pop();
                return;
            }
            Game::Backgammon(b) => {
                let popped = b.board.pop().is_some();
                if popped {
                    b.dice = b.rolls.pop();
                }
                popped
            }
            Game::Stones(s) if !s.clicked.is_empty() => {
                s.clicked.clear();
                return;
            }
            Game::Stones(s) => s.board.pop().is_some(),
        };
        if popped {
            self.played.clear();
            self.short.clear();
        }
    }

    /// The moves played on the board, for [`Session::replay`] (the page keeps a line tried
    /// beside the record's frame it started from): `{"text"}` each, with the roll for
    /// backgammon (`{"text", "dice"}`).
    fn line(&self) -> Value {
        let line: Vec<Value> = match &self.game {
            Game::Arimaa(a) => a.board.moves().map(|m| json!({"text": m})).collect(),
            Game::Backgammon(b) => b
                .board
                .moves()
                .zip(&b.rolls)
                .map(|(m, d)| json!({"text": m, "dice": format!("{}{}", d.high(), d.low())}))
                .collect(),
            Game::Stones(s) => s.board.moves().map(|m| json!({"text": m})).collect(),
        };
        Value::Array(line)
    }

    /// Plays `line` (as the state's `line` gives it) on the board; a move refused stops it and
    /// is the state's error.
    pub fn replay(&mut self, line: &[Value]) {
        for entry in line {
            let text = entry.get("text").and_then(Value::as_str).unwrap_or_default();
            let result = match &mut self.game {
                Game::Arimaa(a) => {
                    let before = a.board.clone();
                    a.board.push_long(text).inspect(|long| {
                        self.short = before.short(long, a.view).unwrap_or_default();
                    })
                }
                Game::Backgammon(b) => {
                    let dice = entry.get("dice").and_then(Value::as_str).unwrap_or_default();
                    b.set_dice(dice).and_then(|()| {
                        let dice = b.dice.ok_or_else(|| bad("no roll"))?;
                        let played = b.board.play(text, dice)?;
                        b.rolls.push(dice);
                        b.dice = None;
                        Ok(played)
                    })
                }
                Game::Stones(s) => s.board.push(text),
            };
            match result {
                Ok(played) => self.played = played,
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
            }
        }
    }

    /// The board's state: what the page shows.
    pub fn state(&self) -> Value {
        let error = self.error.as_ref().map(
            |e| json!({"kind": e.kind, "message": e.message, "candidates": e.candidates, "suggestions": e.suggestions}),
        );
        let mut state = match &self.game {
            Game::Arimaa(a) => a.state(),
            Game::Backgammon(b) => b.state(),
            Game::Stones(s) => s.state(),
        };
        state["played"] = json!(self.played);
        state["short"] = json!(self.short);
        state["error"] = error.unwrap_or(Value::Null);
        state["line"] = self.line();
        state
    }
}

/// A text pasted into the page (the `read` request) on a board of `game`: a position the game
/// reads (`{start, line: []}`), else a record read by the program's readers, its first game
/// (`{start, line}`: the position it starts at and its moves as [`Session::replay`] takes them).
///
/// # Errors
/// The text is neither; the record is of another game; its game does not check `ok` (the
/// program's verdict and message).
pub fn read_pasted(game: &str, text: &str, view: &str) -> Result<Value, Refusal> {
    use std::ops::ControlFlow;
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(bad("nothing to read: paste a record or a position"));
    }
    let as_position = Session::open(game, trimmed, view);
    if as_position.is_ok() {
        return Ok(json!({"start": trimmed, "line": []}));
    }
    let mut first = None;
    let read = tabula_replay::read::games_in("pasted", trimmed.as_bytes(), &mut |g| {
        first = Some(g);
        ControlFlow::Break(())
    });
    if let Err(e) = read {
        return Err(bad(e.to_string()));
    }
    let Some(found) = first else {
        return Err(as_position.err().unwrap_or_else(|| bad("no game in the text")));
    };
    let report = &found.report;
    if report.verdict != tabula_replay::Verdict::Ok {
        // Not a record: the position's refusal says more than an unreadable record's.
        if report.verdict == tabula_replay::Verdict::Unreadable && report.turns == 0 {
            if let Err(e) = as_position {
                let why = report.error.as_ref().map_or_else(String::new, |e| e.message.clone());
                return Err(Refusal::syntax(format!(
                    "neither a position nor a record: as a position, {}; as a record, {why}",
                    e.message
                )));
            }
        }
        let why = report.error.as_ref().map_or_else(String::new, |e| {
            let token = if e.token.is_empty() { String::new() } else { format!(" `{}`", e.token) };
            format!(": line {}, move {}{token}: {}", e.line, e.turn, e.message)
        });
        return Err(Refusal::illegal(format!("the record's game {} is {}{why}", report.game, report.verdict.as_str())));
    }
    if report.kind != game {
        return Err(bad(format!("a record of {}, not of {game}: open it on a {} board", report.kind, report.kind)));
    }
    let line = found.line().ok_or_else(|| bad("the record cannot be read as a line"))?;
    let start = line.start;
    let line: Vec<Value> = line
        .moves
        .into_iter()
        .map(|(text, dice)| match dice {
            Some(d) => json!({"text": text, "dice": d}),
            None => json!({"text": text}),
        })
        .collect();
    Ok(json!({"start": start, "line": line}))
}

/// The tree of lines tried on a backgammon board at `position` (the `sgf` request) as one GNU
/// Backgammon `.sgf` game with its variations: the main line's game (its match, set-up node and
/// result), each other line a variation where it leaves the one it branches from. `tree` is the
/// list of its moves `{m, d, p}`: the move, its roll and the index in the list of the move it
/// follows (none: the position itself), each after the move it follows, siblings in order (the
/// first the line's continuation); a flat list, so that a game of any length is read (JSON
/// nested a level a move would stop at the reader's depth limit). A move that does not play is
/// left out, with the moves after it.
///
/// # Errors
/// The position is not one a backgammon board opens at.
pub fn sgf_tree(position: &str, tree: &[Value]) -> Result<String, Refusal> {
    let session = Session::open("backgammon", position, "")?;
    // The moves after each (the last entry: after the position), in order.
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); tree.len() + 1];
    for (i, node) in tree.iter().enumerate() {
        let parent = node.get("p").and_then(Value::as_u64).and_then(|p| usize::try_from(p).ok());
        match parent {
            Some(p) if p < i => kids[p].push(i),
            Some(_) => {}
            None => kids[tree.len()].push(i),
        }
    }
    let play = |i: usize| json!({"text": tree[i].get("m"), "dice": tree[i].get("d")});
    // The main line's record gives the header and the set-up node.
    let mut main = Vec::new();
    let mut at = tree.len();
    while let Some(&first) = kids[at].first() {
        main.push(play(first));
        at = first;
    }
    let mut whole = Session::open("backgammon", position, "")?;
    whole.replay(&main);
    let Game::Backgammon(b) = &whole.game else { return Err(bad("not a backgammon board")) };
    let record = b.board.sgf(&b.state);
    let head: Vec<&str> = record.lines().take(2).collect();
    let mut out = head.join("\n").trim_end_matches(')').to_owned();
    // The result is the main line's, written in the first node; the header's `(` opens the game.
    write_nodes(&session, &kids, tree.len(), &play, &mut out);
    out.push_str(")\n");
    Ok(out)
}

/// The moves after node `from` (`kids`, see [`sgf_tree`]) played on `session`'s board: one
/// node each along a single line, each of several in its own parenthesised variation. A line is
/// followed in a loop while it does not branch, so that the depth is the branches'.
fn write_nodes(session: &Session, kids: &[Vec<usize>], from: usize, play: &dyn Fn(usize) -> Value, out: &mut String) {
    let items = &kids[from];
    let many = items.len() > 1;
    for &first in items {
        let mut next = Session { game: session.game.clone(), played: String::new(), short: String::new(), error: None };
        let mut item = first;
        let mut opened = false;
        loop {
            next.replay(&[play(item)]);
            let Game::Backgammon(b) = &next.game else { return };
            if next.error.is_some() {
                break;
            }
            if many && !opened {
                out.push_str("\n(");
                opened = true;
            } else {
                out.push('\n');
            }
            // The node of the play just made: the last of the line's record.
            let record = b.board.sgf(&b.state);
            out.push_str(record.trim_end().trim_end_matches(')').rsplit('\n').next().unwrap_or_default());
            match kids[item].as_slice() {
                [only] => item = *only,
                _ => {
                    write_nodes(&next, kids, item, play, out);
                    break;
                }
            }
        }
        if opened {
            out.push(')');
        }
    }
}

/// The order the set-up's pieces are offered in, strongest first.
const SET_UP_ORDER: [PieceKind; 6] =
    [PieceKind::Elephant, PieceKind::Camel, PieceKind::Horse, PieceKind::Dog, PieceKind::Cat, PieceKind::Rabbit];

impl Arimaa {
    /// Whether the side to move is setting up (the game not over).
    fn setting_up(&self) -> bool {
        self.board.game().position().phase() == Phase::Setup && self.board.outcome().is_none()
    }

    /// The pieces of `kind` not yet placed.
    fn left(&self, kind: PieceKind) -> u32 {
        let placed = self.placed.iter().filter(|(_, k)| *k == kind).count();
        kind.initial_count().saturating_sub(u32::try_from(placed).unwrap_or(u32::MAX))
    }

    /// Chooses the kind a click places (`E`, `m`, ... in either case).
    fn choose(&mut self, letter: &str) -> Result<(), Refusal> {
        let kind = match letter.trim().as_bytes() {
            [c] => PieceKind::from_char(*c),
            _ => None,
        };
        self.piece = kind.ok_or_else(|| bad(format!("no piece `{}`: E, M, H, D, C or R", letter.trim())))?;
        Ok(())
    }

    /// A square of the set-up clicked: the chosen piece placed there, or taken off when it
    /// stands there already; the next kind with pieces left is chosen once none of this is.
    fn place(&mut self, sq: Square) -> Result<(), Refusal> {
        let side = self.board.side();
        if !Placement::home(side).contains(sq) {
            let rows = if side == Color::Gold { "1 and 2" } else { "7 and 8" };
            return Err(Refusal::illegal(format!("{sq} is not on the set-up rows of {side} (rows {rows})")));
        }
        let here = self.placed.iter().position(|(s, _)| *s == sq);
        if let Some(i) = here {
            let (_, kind) = self.placed.remove(i);
            if kind == self.piece {
                return Ok(());
            }
        }
        if self.left(self.piece) == 0 {
            let kind = self.piece;
            return Err(Refusal::illegal(format!(
                "all {} {} are placed: choose another piece, or click one to take it off",
                kind.initial_count(),
                if kind.initial_count() == 1 { kind.name() } else { kind.plural() }
            )));
        }
        self.placed.push((sq, self.piece));
        if self.left(self.piece) == 0 {
            if let Some(next) = SET_UP_ORDER.into_iter().find(|&k| self.left(k) > 0) {
                self.piece = next;
            }
        }
        Ok(())
    }

    /// The set-up placed by click as placement tokens (`Ea2 Ra1 ...`), the home squares left
    /// empty given the rabbits left when those are all that is left.
    fn set_up_text(&self) -> Result<String, Refusal> {
        let side = self.board.side();
        let mut placed = self.placed.clone();
        let empty: Vec<Square> = Placement::home(side).filter(|sq| placed.iter().all(|(s, _)| s != sq)).collect();
        let others: u32 = SET_UP_ORDER.iter().filter(|&&k| k != PieceKind::Rabbit).map(|&k| self.left(k)).sum();
        if others == 0 && usize::try_from(self.left(PieceKind::Rabbit)).is_ok_and(|n| n == empty.len()) {
            placed.extend(empty.into_iter().map(|sq| (sq, PieceKind::Rabbit)));
        }
        if placed.len() < 16 {
            let left: Vec<String> = SET_UP_ORDER
                .iter()
                .filter(|&&k| self.left(k) > 0)
                .map(|&k| format!("{} {}", self.left(k), Piece { color: side, kind: k }.char()))
                .collect();
            return Err(Refusal::illegal(format!("the set-up is not complete: still to place {}", left.join(", "))));
        }
        Ok(placed
            .iter()
            .map(|&(sq, kind)| format!("{}{sq}", Piece { color: side, kind }.char()))
            .collect::<Vec<_>>()
            .join(" "))
    }
    /// The turn being clicked: the builder with the steps taken.
    fn builder(&self) -> Result<TurnBuilder, Refusal> {
        let mut b = self.board.game().position().turn_builder().map_err(|e| Refusal::illegal(e.to_string()))?;
        for &s in &self.steps {
            b.step(s).map_err(|e| Refusal::illegal(e.to_string()))?;
        }
        Ok(b)
    }

    /// The long tokens of the steps taken (`Ee2n`, with the piece that stood there).
    fn tokens(&self) -> Vec<String> {
        let Ok(mut b) = self.board.game().position().turn_builder() else { return Vec::new() };
        let mut out = Vec::new();
        for &s in &self.steps {
            let Some(piece) = b.board().piece_at(s.from) else { break };
            match b.step(s) {
                Ok(event) => {
                    out.push(format!("{piece}{s}"));
                    if let Some((sq, p)) = event.capture {
                        out.push(format!("{p}{sq}x"));
                    }
                }
                Err(_) => break,
            }
        }
        out
    }

    /// Every legal single step from the steps taken, as `(long token, step)`.
    fn legal_steps(&self) -> Vec<(String, Step)> {
        let Ok(b) = self.builder() else { return Vec::new() };
        if self.board.outcome().is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (sq, piece) in b.board().iter() {
            for dir in Direction::ALL {
                let step = Step::new(sq, dir);
                if b.clone().step(step).is_ok() {
                    out.push((format!("{piece}{step}"), step));
                }
            }
        }
        out
    }

    /// Takes `step`; true when the turn has its four steps.
    fn take(&mut self, step: Step) -> Result<bool, Refusal> {
        let mut b = self.builder()?;
        b.step(step).map_err(|e| Refusal::illegal(e.to_string()))?;
        self.steps.push(step);
        self.selected = None;
        Ok(self.steps.len() == 4)
    }

    /// A step of the list, by its text.
    fn step_text(&mut self, text: &str) -> Result<bool, Refusal> {
        let found = self.legal_steps().into_iter().find(|(t, _)| t == text.trim());
        match found {
            Some((_, step)) => self.take(step),
            None => Err(Refusal::illegal(format!("`{}` is not a legal step here", text.trim()))),
        }
    }

    /// A square clicked: a piece chosen, or the square the chosen piece steps to.
    fn click(&mut self, name: &str) -> Result<bool, Refusal> {
        let sq: Square = name.parse().map_err(|_| bad(format!("no square `{name}`")))?;
        if self.setting_up() {
            return self.place(sq).map(|()| false);
        }
        let b = self.builder()?;
        match self.selected {
            Some(from) if from == sq => {
                self.selected = None;
                Ok(false)
            }
            Some(from) => match from.direction_to(sq) {
                Some(dir) => {
                    self.selected = None;
                    self.take(Step::new(from, dir))
                }
                None if b.board().piece_at(sq).is_some() => {
                    self.selected = Some(sq);
                    Ok(false)
                }
                None => {
                    self.selected = None;
                    Err(Refusal::illegal(format!("{sq} is not next to {from}")))
                }
            },
            None if b.board().piece_at(sq).is_some() => {
                self.selected = Some(sq);
                Ok(false)
            }
            None => Err(Refusal::illegal(format!("nothing stands on {sq}"))),
        }
    }

    /// The line as a record `tabula check` reads: from the empty board a move list in long
    /// notation (`1g Ra1 ...`); from a position, a game of short notation in the view, starting
    /// with that position's two position records (`0s ...`, `0g ...`).
    fn record(&self) -> String {
        let moves: Vec<&str> = self.board.moves().collect();
        if self.start.is_empty() {
            return moves
                .iter()
                .enumerate()
                .map(|(i, m)| format!("{}{} {m}\n", i / 2 + 1, ["g", "s"][i % 2]))
                .collect();
        }
        let Ok(mut replay) = ArimaaBoard::from_position(&self.start) else { return String::new() };
        let first = replay.side();
        let position = *replay.game().position();
        // The first position record starts with the view (`g 0g ...`).
        let mut out = String::new();
        for m in position_moves(self.view, position.board(), first) {
            out.push_str(&format!("{m}\n"));
        }
        let mut number = 2;
        for m in moves {
            let side = replay.side();
            let short = replay.short(m, self.view).unwrap_or_else(|_| m.to_owned());
            out.push_str(&format!("{number}{} {short}\n", tabula_replay::arimaa::board::color_letter(side)));
            if replay.push_long(m).is_err() {
                break;
            }
            if side != first {
                number += 1;
            }
        }
        out
    }

    fn state(&self) -> Value {
        let builder = self.builder().ok();
        let position = match &builder {
            Some(b) if !self.steps.is_empty() => {
                let setup = Setup { board: *b.board(), side_to_move: self.board.side() };
                ArimaaPosition::from_setup(setup).unwrap_or(*self.board.game().position())
            }
            _ => *self.board.game().position(),
        };
        let last = if self.steps.is_empty() { self.board.last_turn() } else { None };
        let position = if self.placed.is_empty() {
            position
        } else {
            let mut board = *position.board();
            for &(sq, kind) in &self.placed {
                board.put(sq, Piece { color: self.board.side(), kind });
            }
            ArimaaPosition::from_setup(Setup { board, side_to_move: self.board.side() }).unwrap_or(position)
        };
        let svg = tabula_replay::arimaa::svg::board(&position, last, "");
        let svg = with_places(&svg, &tabula_replay::arimaa::svg::places());
        let legal: Vec<String> = self.legal_steps().into_iter().map(|(t, _)| t).collect();
        let note = match (self.board.game().position().phase(), self.board.outcome()) {
            (_, Some(o)) => format!("the game is over: {o}"),
            (Phase::Setup, _) => {
                let rows = if self.board.side() == Color::Gold { "1 and 2" } else { "7 and 8" };
                format!(
                    "set-up: choose a piece, click squares of rows {rows} to place it (again to take it off), then \
                     end turn: the squares left empty get the rabbits left; or type it (`Ra1 Rb1 ...`)"
                )
            }
            _ => String::new(),
        };
        json!({
            "game": "arimaa",
            "position": self.board.position(),
            "side": tabula_replay::arimaa::board::color_letter(self.board.side()),
            "view": view_letter(self.view),
            "legal": legal,
            "pending": if self.placed.is_empty() {
                self.tokens().join(" ")
            } else {
                self.placed.iter().map(|&(sq, kind)| format!("{}{sq}", Piece { color: self.board.side(), kind }.char())).collect::<Vec<_>>().join(" ")
            },
            "setup": self.setting_up().then(|| json!({
                "chosen": Piece { color: self.board.side(), kind: self.piece }.char().to_string(),
                "pieces": SET_UP_ORDER.iter().map(|&k| json!({
                    "piece": Piece { color: self.board.side(), kind: k }.char().to_string(),
                    "name": k.name(),
                    "left": self.left(k),
                })).collect::<Vec<_>>(),
            })),
            "selected": self.selected.map(|s| s.to_string()),
            "svg": svg,
            "record": self.record(),
            "note": note,
        })
    }
}

impl Backgammon {
    fn set_dice(&mut self, text: &str) -> Result<(), Refusal> {
        let text = text.trim();
        self.pending.clear();
        self.selected = None;
        if text.is_empty() {
            self.dice = None;
            return Ok(());
        }
        let dice =
            Dice::from_ascii(text.as_bytes()).map_err(|_| bad(format!("not a roll `{text}`: two digits 1-6, `31`")))?;
        self.dice = Some(dice);
        Ok(())
    }

    /// A point clicked: the checker to move, or where the chosen one goes.
    fn click(&mut self, point: u64) -> Result<Option<String>, Refusal> {
        let point = u8::try_from(point).ok().filter(|p| *p <= 25).ok_or_else(|| bad("no such point"))?;
        match self.selected {
            Some(from) if from == point => {
                self.selected = None;
                Ok(None)
            }
            Some(from) if point < from => {
                self.selected = None;
                self.add(from, point)
            }
            _ => {
                self.selected = (point > 0).then_some(point);
                Ok(None)
            }
        }
    }

    /// A die clicked: the chosen checker moves by it.
    fn die(&mut self, die: u64) -> Result<Option<String>, Refusal> {
        let from = self.selected.ok_or_else(|| bad("choose a checker first: click its point"))?;
        let die = u8::try_from(die).ok().filter(|d| (1..=6).contains(d)).ok_or_else(|| bad("a die is 1 to 6"))?;
        self.selected = None;
        self.add(from, from.saturating_sub(die))
    }

    /// A checker move added to those clicked; the play when they make a legal one.
    fn add(&mut self, from: u8, to: u8) -> Result<Option<String>, Refusal> {
        let dice = self.dice.ok_or_else(|| bad("no roll: enter the dice first (31)"))?;
        let name = |p: u8| match p {
            25 => "bar".to_owned(),
            0 => "off".to_owned(),
            p => p.to_string(),
        };
        self.pending.push(format!("{}/{}", name(from), name(to)));
        let text = self.pending.join(" ");
        let most = if dice.is_double() { 4 } else { 2 };
        // A part of a play is tried without the search for the nearest plays: only a refused
        // whole play shows them.
        let whole = self.pending.len() >= most
            || PlayText::from_ascii(text.as_bytes()).is_ok_and(|p| p.resolve(self.board.position(), dice).is_ok());
        if !whole {
            return Ok(None);
        }
        match self.board.clone().play(&text, dice) {
            Ok(_) => Ok(Some(text)),
            Err(e) if self.pending.len() >= most => {
                self.pending.clear();
                Err(e)
            }
            Err(_) => Ok(None),
        }
    }

    /// The line as a record: an `.sgf` game from the position set up ([`BackgammonBoard::sgf`])
    /// unless [`Backgammon::mat`]; else a `.mat` game in a 3 point match. A `.mat` game must end: an unfinished line ends with the player on roll
    /// resigning a single game (BackgammonGalaxy's `Losses 1 point`, `Wins 1 point`), which the
    /// page's note says.
    fn record(&self) -> String {
        if !self.mat {
            return self.board.sgf(&self.state);
        }
        let plays: Vec<&str> = self.board.moves().collect();
        let mut out = String::from("3 point match\n\n Game 1\n");
        out.push_str(&format!("{:<33}{}\n", " X : 0", "O : 0"));
        for (i, (play, dice)) in plays.iter().zip(&self.rolls).enumerate() {
            let cell = format!("{}{}: {play}", dice.high(), dice.low());
            let cell = cell.trim_end();
            if i % 2 == 0 {
                out.push_str(&format!("{:>3}) {cell}", i / 2 + 1));
            } else {
                let used = out.rsplit('\n').next().map_or(0, str::len);
                out.push_str(&" ".repeat(33usize.saturating_sub(used).max(1)));
                out.push_str(cell);
                out.push('\n');
            }
        }
        if self.board.outcome().is_some() {
            let winner = (plays.len() + 1) % 2;
            if plays.len() % 2 == 1 {
                out.push('\n');
            }
            let (winner, points) = self.board.outcome().map_or((winner, 1), |(w, p)| (usize::from(w), p));
            let pad = if winner == 0 { 6 } else { 34 };
            out.push_str(&format!("{}Wins {points} point\n", " ".repeat(pad)));
        } else if plays.len() % 2 == 1 {
            // O on roll resigns.
            let used = out.rsplit('\n').next().map_or(0, str::len);
            out.push_str(&" ".repeat(34usize.saturating_sub(used).max(1)));
            out.push_str("Losses 1 point\n      Wins 1 point\n");
        } else {
            // X on roll resigns; O wins on the same line.
            let cell = format!("{:>3})  Losses 1 point", plays.len() / 2 + 1);
            out.push_str(&format!("{cell:<34}Wins 1 point\n"));
        }
        out
    }

    fn state(&self) -> Value {
        let legal = self.dice.map(|d| self.board.legal_plays(d)).unwrap_or_default();
        let on_roll = self.board.side_on_roll(self.state.on_roll);
        let score = score_text(&self.state);
        let table =
            Table { first: self.state.on_roll, cube: self.state.cube, dice: self.dice, score_line: score.clone() };
        let svg =
            with_places(&self.board.picture(&table), &tabula_replay::backgammon::svg::places(on_roll == Side::Zero));
        let note = if let Some((winner, points)) = self.board.outcome() {
            let winner = if winner == 0 { self.state.on_roll } else { self.state.on_roll.other() };
            let points = points * self.state.cube.value.max(1);
            format!("the game is over: {} wins {points} point(s)", ["X", "O"][winner.index()])
        } else if self.mat {
            "the record: a .mat game must end, so the line tried ends with the player on roll resigning a single \
             game (not a move tried)"
                .to_owned()
        } else {
            "the record: a GNU Backgammon .sgf game from the position set up (a .mat game starts at the opening), \
             with the match and the cube; it must end, so the line tried ends with the player on roll resigning \
             (not a move tried)"
                .to_owned()
        };
        let max_steps = self
            .dice
            .map(|d| MoveGenerator::new().legal_plays(self.board.position(), d).first().map_or(0, |p| p.0.len()));
        let side = ["X", "O"][on_roll.index()];
        let score = if self.given { score } else { format!("{score} (none given: the record's)") };
        json!({
            "game": "backgammon",
            "position": self.board.position_id(),
            "side": side,
            "cube": cube_text(&self.state.cube),
            "score": score,
            "dice": self.dice.map(|d| format!("{}{}", d.high(), d.low())),
            "die_values": self.dice.map(|d| if d.is_double() { vec![d.high()] } else { vec![d.high(), d.low()] }),
            "max_steps": max_steps,
            "legal": legal,
            "pending": self.pending.join(" "),
            "selected": self.selected,
            "svg": svg,
            "record": self.record(),
            "note": note,
        })
    }
}

/// The intersection names of a Stones and Rivers turn's text, in order (`D6`, `D7`).
fn cells(turn: &str) -> Vec<&str> {
    turn.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| {
            let b = w.as_bytes();
            b.len() >= 2 && b[0].is_ascii_uppercase() && b[1..].iter().all(u8::is_ascii_digit)
        })
        .collect()
}

impl Stones {
    /// The legal turns whose intersections start with those clicked.
    fn candidates(&self) -> Vec<String> {
        let turns = self.board.legal_turns();
        turns
            .into_iter()
            .filter(|t| cells(t).starts_with(&self.clicked.iter().map(String::as_str).collect::<Vec<_>>()))
            .collect()
    }

    /// An intersection clicked; the turn when the clicks name exactly one.
    fn click(&mut self, name: &str) -> Result<Option<String>, Refusal> {
        let name = name.trim().to_ascii_uppercase();
        if self.clicked.last() == Some(&name) {
            self.clicked.clear();
            return Ok(None);
        }
        self.clicked.push(name.clone());
        let mut found = self.candidates();
        if found.is_empty() && self.clicked.len() > 1 {
            self.clicked = vec![name.clone()];
            found = self.candidates();
        }
        if found.is_empty() {
            self.clicked.clear();
            return Err(Refusal::illegal(format!("no legal turn starts at {name}")));
        }
        let exact: Vec<&String> = found.iter().filter(|t| cells(t).len() == self.clicked.len()).collect();
        if found.len() == 1 && exact.len() == 1 {
            return Ok(Some(found[0].clone()));
        }
        Ok(None)
    }

    /// The line as a record with tags: `[Position]` when it does not start at the start.
    fn record(&self) -> String {
        let mut out = String::from("[Game \"analysis\"]\n");
        if self.start != StonesBoard::new().position_text() {
            out.push_str(&format!("[Position \"{}\"]\n", self.start));
        }
        for m in self.board.moves() {
            out.push_str(m);
            out.push('\n');
        }
        out
    }

    fn state(&self) -> Value {
        let legal = if self.clicked.is_empty() { self.board.legal_turns() } else { self.candidates() };
        let svg = with_places(&self.board.svg(), &tabula_replay::stones_rivers::svg::places());
        let note = match self.board.winner() {
            Some(w) => format!("the game is over: {} has won", tabula_notation::stones_rivers::player_code(w)),
            None => String::new(),
        };
        json!({
            "game": "stones-and-rivers",
            "position": self.board.position_text(),
            "side": self.board.side(),
            "legal": legal,
            "pending": self.clicked.join(" "),
            "selected": self.clicked.last(),
            "svg": svg,
            "record": self.record(),
            "note": note,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(s: &mut Session, req: Value) -> Value {
        s.request(&req)
    }

    #[test]
    fn stones_and_rivers_by_text_and_by_click() {
        let mut s = Session::open("stones-and-rivers", "", "").unwrap_or_else(|e| panic!("{e:?}"));
        let start = s.state()["position"].clone();
        let got = ask(&mut s, json!({"op": "move", "text": " sq - d5 , fn "}));
        assert_eq!(got["played"], "Sq - D5, FN");
        let got = ask(&mut s, json!({"op": "undo"}));
        assert_eq!(got["position"], start);
        let bad = ask(&mut s, json!({"op": "move", "text": "Sq - D05, FN"}));
        assert_eq!(bad["error"]["kind"], "syntax");
        assert_eq!(bad["position"], start);
        assert!(bad["svg"].as_str().is_some_and(|svg| svg.contains("data-square=\"D6\"")));
    }

    #[test]
    fn a_refused_move_lists_the_nearest_and_one_of_them_plays() {
        let mut s = Session::open("stones-and-rivers", "", "").unwrap_or_else(|e| panic!("{e:?}"));
        let bad = ask(&mut s, json!({"op": "move", "text": "Sq - D5, PS, D6, D8"}));
        assert_eq!(bad["error"]["kind"], "illegal");
        let first = bad["error"]["suggestions"][0].as_str().unwrap_or_default().to_owned();
        assert_eq!(first, "Sq - D5, PS, D6, D7");
        let got = ask(&mut s, json!({"op": "move", "text": first}));
        assert_eq!(got["played"], "Sq - D5, PS, D6, D7");
        assert!(got["error"].is_null(), "{got}");
    }

    #[test]
    fn arimaa_steps_by_click_make_a_turn() {
        let mut s = Session::open("arimaa", "", "g").unwrap_or_else(|e| panic!("{e:?}"));
        ask(
            &mut s,
            json!({"op": "move", "text": "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"}),
        );
        let got = ask(
            &mut s,
            json!({"op": "move", "text": "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7"}),
        );
        assert_eq!(got["error"], Value::Null, "{got}");
        assert!(got["legal"].as_array().is_some_and(|l| l.iter().any(|s| s == "Ee2n")), "{}", got["legal"]);
        ask(&mut s, json!({"op": "click", "square": "e2"}));
        let got = ask(&mut s, json!({"op": "click", "square": "e3"}));
        assert_eq!(got["pending"], "Ee2n");
        ask(&mut s, json!({"op": "click", "square": "e3"}));
        ask(&mut s, json!({"op": "click", "square": "e4"}));
        let got = ask(&mut s, json!({"op": "finish"}));
        assert_eq!((got["played"].as_str(), got["short"].as_str()), (Some("Ee2n Ee3n"), Some("e^^")), "{got}");
        let typed = ask(&mut s, json!({"op": "move", "text": "zz"}));
        assert_eq!(typed["error"]["kind"], "syntax");
        assert!(typed["record"].as_str().is_some_and(|r| r.ends_with("2g Ee2n Ee3n\n")), "{}", typed["record"]);
    }

    #[test]
    fn an_arimaa_set_up_by_click_is_the_set_up_typed() {
        let typed = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2";
        let mut s = Session::open("arimaa", "", "g").unwrap_or_else(|e| panic!("{e:?}"));
        let got = ask(&mut s, json!({"op": "click", "square": "e3"}));
        assert_eq!(got["error"]["kind"], "illegal", "{got}");
        for (piece, square) in
            [("E", "e2"), ("M", "d2"), ("H", "a2"), ("H", "h2"), ("D", "b2"), ("D", "g2"), ("C", "c2")]
        {
            ask(&mut s, json!({"op": "piece", "piece": piece}));
            ask(&mut s, json!({"op": "click", "square": square}));
        }
        let got = ask(&mut s, json!({"op": "finish"}));
        assert!(got["error"]["message"].as_str().is_some_and(|m| m.contains("1 C, 8 R")), "{got}");
        let got = ask(&mut s, json!({"op": "click", "square": "f2"}));
        assert_eq!(got["setup"]["chosen"], "R", "{got}");
        let got = ask(&mut s, json!({"op": "finish"}));
        assert_eq!(got["error"], Value::Null, "{got}");
        let clicked = got["position"].clone();
        let mut t = Session::open("arimaa", "", "g").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(ask(&mut t, json!({"op": "move", "text": typed}))["position"], clicked);
        assert_eq!(got["setup"]["chosen"], "e", "Silver sets up next");
        assert!(got["record"].as_str().is_some_and(|r| r.starts_with("1g ")), "{}", got["record"]);
    }

    #[test]
    fn a_backgammon_match_opened_from_a_gnubg_id_and_a_line_played_again() {
        use tabula_engine::backgammon::{BySide, Cube};
        let state = MatchState {
            cube: Cube { value: 2, owner: Some(Side::Zero) },
            on_roll: Side::One,
            turn: Side::One,
            game: GameState::Playing,
            dice: Dice::new(5, 2),
            score: MatchState::implied_score(5, BySide { zero: 2, one: 1 }, false),
            ..MatchState::new(5)
        };
        let id = tabula_notation::backgammon::match_id::encode(&state).unwrap_or_else(|e| panic!("{e}"));
        let mut s =
            Session::open("backgammon", &format!("sGfwATDgc/ABMA:{id}"), "").unwrap_or_else(|e| panic!("{e:?}"));
        let got = s.state();
        assert_eq!(
            (got["cube"].as_str(), got["score"].as_str()),
            (Some("2, owned by X"), Some("X 2 - O 1 in a 5 point match"))
        );
        assert_eq!((got["side"].as_str(), got["dice"].as_str()), (Some("O"), Some("52")));
        let got = ask(&mut s, json!({"op": "move", "text": "13/8 13/11"}));
        assert_eq!(got["dice"], Value::Null, "a play uses its roll up: {got}");
        let record = got["record"].as_str().unwrap_or_default();
        assert!(
            record.starts_with("(;FF[4]GM[6]") && record.contains("CV[2]CP[w]") && record.contains(";B[52"),
            "{record}"
        );
        let line = got["line"].as_array().cloned().unwrap_or_default();
        let mut again =
            Session::open("backgammon", &format!("sGfwATDgc/ABMA:{id}"), "").unwrap_or_else(|e| panic!("{e:?}"));
        again.replay(&line);
        assert_eq!(again.state()["position"], got["position"]);
        assert_eq!(again.state()["record"], got["record"]);
    }

    #[test]
    fn a_pasted_record_or_position_is_a_line_and_garbage_is_refused() {
        let got = read_pasted("stones-and-rivers", "[Game \"x\"]\nSq - D5, FN\nCr - D10, FN\n", "");
        let got = got.unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(got["line"][0]["text"], "Sq - D5, FN", "{got}");
        assert_eq!(got["line"].as_array().map(Vec::len), Some(2));
        let mat = std::fs::read_to_string("../testdata/backgammon/matches/galaxy_5pt.mat").unwrap_or_default();
        let got = read_pasted("backgammon", &mat, "").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((got["line"][0]["text"].as_str(), got["line"][0]["dice"].as_str()), (Some("13/10 8/2"), Some("63")));
        let mut s = Session::open("backgammon", "", "").unwrap_or_else(|e| panic!("{e:?}"));
        s.replay(got["line"].as_array().map_or(&[][..], Vec::as_slice));
        assert!(s.error.is_none());
        let got = read_pasted("backgammon", "4HPwATDgc/ABMA", "").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(got["start"], "4HPwATDgc/ABMA");
        assert!(read_pasted("arimaa", "no record at all", "g").is_err());
        assert!(read_pasted("arimaa", &mat, "g").is_err_and(|e| e.message.contains("backgammon")));
    }

    /// The line `read_pasted` gives `text` on a board of `game`, played again on a board opened
    /// at its start: the moves played, and the board's position at the end.
    fn pasted(game: &str, text: &str) -> (usize, String) {
        let got = read_pasted(game, text, "g").unwrap_or_else(|e| panic!("{game}: {e:?}"));
        let line = got["line"].as_array().cloned().unwrap_or_default();
        let mut s =
            Session::open(game, got["start"].as_str().unwrap_or_default(), "g").unwrap_or_else(|e| panic!("{e:?}"));
        s.replay(&line);
        assert!(s.error.is_none(), "{game}: {:?}", s.error);
        (line.len(), s.state()["position"].as_str().unwrap_or_default().to_owned())
    }

    #[test]
    fn every_kind_of_text_the_program_reads_pastes() {
        use std::ops::ControlFlow;
        // A gnubg .sgf match: its first game.
        let sgf = std::fs::read_to_string("../testdata/backgammon/sgf/galaxy_3pt.sgf").unwrap_or_default();
        assert!(pasted("backgammon", &sgf).0 > 4);
        // An XGID and a gnubg ID: positions, no moves.
        let xgid = "XGID=bA--A---b---------AAcb-aa-:0:-1:1:16:6:8:2:0:10";
        assert_eq!(read_pasted("backgammon", xgid, "").map(|v| v["start"].clone()), Ok(json!(xgid)));
        // Arimaa: a move list, a position, a game of short notation (the library's writer's).
        let mut first = None;
        let read = tabula_replay::read::for_each_arimaa_record(
            std::path::Path::new("../testdata/arimaa/random_games.tsv"),
            &mut |r| {
                first = Some(r);
                ControlFlow::Break(())
            },
        );
        assert!(read.is_ok());
        let record = first.unwrap_or_else(|| panic!("a game"));
        let list = String::from_utf8_lossy(&record.movelist).replace("\\n", "\n");
        let (n, end) = pasted("arimaa", &list);
        assert!(n > 2, "{list}");
        let (short, error) = tabula_replay::arimaa::convert::long_to_short(&record.as_record(), View::Silver);
        assert!(error.is_none());
        assert_eq!(pasted("arimaa", &short), (n, end.clone()), "{short}");
        assert_eq!(pasted("arimaa", &end), (0, end.clone()));
        // Stones and Rivers: a position.
        let start = StonesBoard::new().position_text();
        assert_eq!(pasted("stones-and-rivers", &start), (0, start));
    }

    #[test]
    fn a_backgammon_tree_is_one_sgf_game_with_its_variations() {
        let tree = json!([
            {"m": "8/5 6/5", "d": "31"},
            {"m": "24/22 13/9", "d": "42", "p": 0},
            {"m": "13/9 13/11", "d": "42", "p": 0},
            {"m": "13/7 8/7", "d": "61"},
            {"m": "24/1", "d": "61", "p": 1}
        ]);
        let sgf = sgf_tree("", tree.as_array().map_or(&[][..], Vec::as_slice)).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(sgf.starts_with("(;FF[4]GM[6]") && sgf.ends_with(")\n"), "{sgf}");
        assert_eq!(sgf.matches('(').count(), 5, "{sgf}");
        assert_eq!(sgf.matches(";B[").count() + sgf.matches(";W[").count(), 4, "{sgf}");
    }

    #[test]
    fn a_whole_backgammon_game_is_one_sgf_game_whatever_its_length() {
        // A line of many moves, as a replay page's record gives it: read whole, not stopped by
        // the reader's depth limit.
        let mut board = BackgammonBoard::new();
        let mut tree = Vec::new();
        for k in 0u8..200 {
            let Some(dice) = Dice::new(1 + k % 6, 1 + (k / 6) % 6) else { continue };
            let Some(first) = board.legal_plays(dice).into_iter().next() else { break };
            let played = board.play(&first, dice).unwrap_or_else(|e| panic!("{e:?}"));
            let mut node = json!({"m": played, "d": format!("{}{}", (1 + k % 6).max(1 + (k / 6) % 6), (1 + k % 6).min(1 + (k / 6) % 6))});
            if let Some(p) = tree.len().checked_sub(1) {
                node["p"] = json!(p);
            }
            tree.push(node);
        }
        assert!(tree.len() > 50, "{}", tree.len());
        let request = json!({"op": "sgf", "position": "", "tree": tree}).to_string();
        let got = abi::answer(request.as_bytes());
        let sgf = got["sgf"].as_str().unwrap_or_else(|| panic!("{got}"));
        assert_eq!(sgf.matches(";B[").count() + sgf.matches(";W[").count(), tree.len(), "{sgf}");
    }

    #[test]
    fn backgammon_by_text_and_by_click() {
        let mut s = Session::open("backgammon", "", "").unwrap_or_else(|e| panic!("{e:?}"));
        let got = ask(&mut s, json!({"op": "dice", "dice": "31"}));
        assert_eq!(got["legal"].as_array().map(Vec::len), Some(16));
        ask(&mut s, json!({"op": "click", "point": 8}));
        ask(&mut s, json!({"op": "die", "die": 3}));
        ask(&mut s, json!({"op": "click", "point": 6}));
        let got = ask(&mut s, json!({"op": "click", "point": 5}));
        assert_eq!(got["played"], "8/5 6/5", "{got}");
        assert!(got["record"].as_str().is_some_and(|r| r.contains("  1) 31: 8/5 6/5")), "{}", got["record"]);
    }

    #[test]
    fn a_backgammon_play_refused_by_click_lists_the_nearest_as_a_board_does() {
        let mut s = Session::open("backgammon", "", "").unwrap_or_else(|e| panic!("{e:?}"));
        ask(&mut s, json!({"op": "dice", "dice": "31"}));
        ask(&mut s, json!({"op": "click", "point": 8}));
        let half = ask(&mut s, json!({"op": "click", "point": 5}));
        assert!(half["error"].is_null(), "{half}");
        assert_eq!(half["pending"], "8/5", "{half}");
        ask(&mut s, json!({"op": "click", "point": 6}));
        let got = ask(&mut s, json!({"op": "click", "point": 4}));
        let want = Dice::new(3, 1).and_then(|d| BackgammonBoard::new().play("8/5 6/4", d).err()).map(|e| e.suggestions);
        assert!(want.as_ref().is_some_and(|w| w.iter().any(|m| m == "8/5 6/5")), "{want:?}");
        assert_eq!(got["error"]["kind"], "illegal", "{got}");
        assert_eq!(got["error"]["suggestions"], json!(want), "{got}");
    }
}
