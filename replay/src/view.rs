//! How a game is drawn: the terminal's [`Look`], and a game replayed into [`Frame`]s, one
//! position each, drawn as SVG when asked for ([`GameView`], what pictures and pages are made of).

use std::path::Path;

use crate::input;
use crate::report::GameReport;

/// How the text of `tabula replay` is drawn for its reader.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Look {
    /// ANSI colours; without them, brackets mark what the last move touched.
    pub color: bool,
    /// The columns the text should fit in: below a board's full width (with its notes beside
    /// it), the notes go under the board instead.
    pub width: usize,
}

impl Look {
    /// No colours, no width to fit (text for a pipe or a file).
    pub const PLAIN: Look = Look { color: false, width: usize::MAX };
}

/// A file's name without its folders and without `.gz`, as a page's title gives it.
pub fn file_name(source: &str) -> String {
    let path = input::uncompressed_path(Path::new(source));
    path.file_name().map_or_else(|| source.to_owned(), |n| n.to_string_lossy().into_owned())
}

/// How a position is drawn: the caption in, the SVG picture out.
type Draw = Box<dyn Fn(&str) -> String>;

/// One position of a replayed game, drawn only when asked for.
pub struct Frame {
    /// The move that led to it as written (`start` for the first position).
    pub label: String,
    /// The turns played to reach it, as `--turn` counts them (several frames may share one:
    /// a backgammon double and its answer come after the roll they follow).
    pub turn: usize,
    /// The position to open the analysis board at, as `tabula resolve` reads it (`Some("")`:
    /// the game's start; a backgammon cube action or end: the board as it stands, the cube after
    /// the action); `None` where the position text cannot say it (an Arimaa turn that left a
    /// side no piece, which the text reads as that side setting up).
    pub position: Option<String>,
    /// Backgammon: the play that led to it, in standard notation with its roll (`8/5 6/5`,
    /// `31`), as the record's line gives it ([`crate::read::Game::line`]), so that a page can
    /// write the record's moves; `None` for the start, a cube action, the end, and the other
    /// games.
    pub play: Option<(String, String)>,
    draw: Draw,
}

impl std::fmt::Debug for Frame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Frame").field("label", &self.label).field("turn", &self.turn).finish_non_exhaustive()
    }
}

impl Frame {
    /// A frame drawn by `draw`, which is given the label as its caption.
    pub fn new(label: impl Into<String>, turn: usize, draw: impl Fn(&str) -> String + 'static) -> Frame {
        Frame { label: label.into(), turn, position: None, play: None, draw: Box::new(draw) }
    }

    /// The frame with the position the analysis board opens at.
    pub fn at(mut self, position: Option<String>) -> Frame {
        self.position = position;
        self
    }

    /// The frame with the play that led to it (backgammon: its text and its roll).
    pub fn after(mut self, play: Option<(String, String)>) -> Frame {
        self.play = play;
        self
    }

    /// The position as a standalone SVG picture.
    pub fn svg(&self) -> String {
        (self.draw)(&self.label)
    }
}

/// A game replayed for pictures and the page: its header, every position, and the verdict.
#[derive(Debug)]
pub struct GameView {
    /// The file's name and the game's id.
    pub title: String,
    /// What the record says about the game (players, event, date, result), in order.
    pub header: Vec<(String, String)>,
    /// The positions, the start first; for a game that breaks, the last is the position the
    /// breaking move is played on.
    pub frames: Vec<Frame>,
    /// The verdict and where the game breaks, as `tabula check` gives them; the error of an
    /// illegal game with the suggestions `tabula check --suggest` gives it.
    pub report: GameReport,
    /// The verdict in words, as `tabula replay` prints it.
    pub verdict: String,
    /// What the analysis board is given, besides the position, to play a suggestion in place
    /// of the move that breaks the game; `None` when it needs nothing more.
    pub repair_context: Option<RepairContext>,
}

/// What the text of a move that breaks a game leaves to its context, and the analysis board
/// is given before a suggestion is played in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RepairContext {
    /// Backgammon: the roll the play is written with (`63`).
    Dice(String),
    /// Arimaa, a record of short notation: the view (`g`, `s`, `n`) the move, and so the
    /// suggestions for it, are written in.
    View(&'static str),
}

impl GameView {
    /// A view whose verdict is written as [`GameReport::write_verdict`] writes it.
    pub fn new(title: String, header: Vec<(String, String)>, frames: Vec<Frame>, report: GameReport) -> GameView {
        let mut text = Vec::new();
        let _ = report.write_verdict(&mut text, None);
        let verdict = String::from_utf8_lossy(&text).trim_end().to_owned();
        GameView { title, header, frames, report, verdict, repair_context: None }
    }

    /// The turns the game has: the last frame's count.
    pub fn turns(&self) -> usize {
        self.frames.last().map_or(0, |f| f.turn)
    }

    /// The frame of the position after `turn` turns (the first frame that count reaches).
    pub fn frame_of_turn(&self, turn: usize) -> Option<usize> {
        self.frames.iter().position(|f| f.turn == turn)
    }
}
