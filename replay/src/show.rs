//! `tabula replay`: one game of a file shown move by move (or the position after a number of
//! moves) with its verdict, for whichever game the file holds.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::sync::Arc;

use crate::check::FindError;
use crate::input::{self, Format};
use crate::report::{GameReport, Verdict};

/// Why a game cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum ShowError {
    /// The game cannot be found or the file read.
    #[error(transparent)]
    Find(#[from] FindError),
    /// The game is asked for by something that is no game number of a match.
    #[error("{file}: `{selector}` is not a game number (like 3 or {name}#3)")]
    BadSelector {
        /// The file.
        file: String,
        /// What was asked for.
        selector: String,
        /// The file's name, as games are numbered in it.
        name: String,
    },
    /// The match, or the game asked for, cannot be read.
    #[error("{file}: {reason}")]
    Unreadable {
        /// The file.
        file: String,
        /// Why.
        reason: String,
    },
    /// `--turn` asks for a position after the game's last one.
    #[error(
        "{file}: game {game} has {turns} {word}s{broken}: --turn {turn} is past its end (it goes from 0 to {turns})"
    )]
    TurnPastEnd {
        /// The file.
        file: String,
        /// The game's id.
        game: String,
        /// The turn asked for.
        turn: usize,
        /// The turns the game has (replayed, for a game that breaks).
        turns: usize,
        /// What a turn is called in the game (`move`, `play`, `turn`).
        word: &'static str,
        /// Says where a game that breaks stops (empty for a legal game).
        broken: String,
    },
    /// The game has more positions than one page holds.
    #[error(
        "{file}: game {game} has {positions} positions, more than a page holds ({limit}); draw single positions \
         with --format svg --turn N"
    )]
    TooLong {
        /// The file.
        file: String,
        /// The game's id.
        game: String,
        /// Its positions.
        positions: usize,
        /// [`MAX_PAGE_POSITIONS`].
        limit: usize,
    },
    /// Writing the output failed.
    #[error("cannot write: {0}")]
    Write(#[from] std::io::Error),
}

impl ShowError {
    /// Whether the input holds no game to show ([`FindError::is_no_game`], or a match that
    /// cannot be read): status 1, where a file that cannot be read or a game asked for wrongly
    /// is status 2.
    pub fn is_no_game(&self) -> bool {
        match self {
            ShowError::Find(e) => e.is_no_game(),
            ShowError::Unreadable { .. } => true,
            ShowError::BadSelector { .. }
            | ShowError::TurnPastEnd { .. }
            | ShowError::TooLong { .. }
            | ShowError::Write(_) => false,
        }
    }
}

/// Shows the game `selector` of `path` (its id or number; the first when `None`), every move
/// or only the position after `upto` of them, drawn with `look` (colours, the width to fit),
/// then the verdict, which it returns. The file's format is recognised from its content, as `tabula check` does; `-` is
/// standard input, and gzip is read decompressed.
///
/// # Errors
/// The file cannot be read, holds no such game, `upto` is past its end, or writing failed.
pub fn print_replay(
    path: &Path,
    selector: Option<&str>,
    upto: Option<usize>,
    look: Look,
    out: &mut impl Write,
) -> Result<Verdict, ShowError> {
    let (format, source, reader) = open(path)?;
    crate::games::show_game(format, path, &source, reader, selector, upto, look, out)
}

/// The file opened, its format recognised from its content as `tabula check` does: the format,
/// the file's name as reports give it, and the whole content to read.
fn open(path: &Path) -> Result<(Option<Format>, Arc<str>, impl BufRead), ShowError> {
    let file = || path.display().to_string();
    let io = |error: std::io::Error| FindError::Io { file: file(), error };
    let mut content = input::open(path).map_err(io)?.into_reader();
    // The whole start the format is recognised from, however few bytes a read gives (a pipe).
    let mut head = Vec::with_capacity(input::DETECT_BYTES);
    (&mut content).take(input::DETECT_BYTES as u64).read_to_end(&mut head).map_err(io)?;
    let format = Format::detect(&head);
    let reader = BufReader::with_capacity(input::DETECT_BYTES, std::io::Cursor::new(head).chain(content));
    Ok((format, Arc::from(file()), reader))
}

/// The error of `--turn` past the end of a game of `turns` turns, which `report` judged: how
/// many the game has, in its own word, and where it breaks.
pub(crate) fn past_end(report: &GameReport, turn: usize, turns: usize) -> ShowError {
    // A backgammon game counts its plays; `turn_word` names its move numbers.
    let word = if report.kind == crate::GameKind::Backgammon.name() { "play" } else { report.turn_word() };
    let broken = match &report.error {
        Some(_) if report.verdict != Verdict::Ok => format!(" before it breaks ({})", report.verdict.as_str()),
        _ => String::new(),
    };
    ShowError::TurnPastEnd { file: report.source.to_string(), game: report.game.clone(), turn, turns, word, broken }
}

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

/// What `tabula replay` writes.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum OutputFormat {
    /// Diagrams for the terminal, move by move ([`print_replay`]).
    #[default]
    Text,
    /// One position as a standalone SVG picture.
    Svg,
    /// A self-contained HTML page to step through the game ([`crate::page::html`]).
    Html,
}

/// The most positions a replay page holds (one picture each); a longer game is refused with
/// [`ShowError::TooLong`]. Real games have a few hundred at most.
pub const MAX_PAGE_POSITIONS: usize = 5_000;

/// What [`render`] made: the text to write and the game's verdict.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The text, picture or page.
    pub text: String,
    /// The verdict of the replay, as `tabula check` gives it.
    pub verdict: Verdict,
}

/// Draws the game `selector` of `path` (the first when `None`) in `format`: for
/// [`OutputFormat::Text`] what [`print_replay`] prints without colour; for
/// [`OutputFormat::Svg`] the position after `turn` turns (the last position when `None`;
/// counted as `--turn` counts them); for [`OutputFormat::Html`] the replay page, opened at
/// `turn`, or, without it, at the start of a legal game and at the turn that breaks an illegal
/// one. The game is replayed by the same verification as `tabula check`.
///
/// # Errors
/// The file cannot be read, holds no such game, `turn` is past the game's end, or the game is
/// too long for a page.
pub fn render(
    path: &Path,
    selector: Option<&str>,
    turn: Option<usize>,
    format: OutputFormat,
) -> Result<Rendered, ShowError> {
    if format == OutputFormat::Text {
        let mut out = Vec::new();
        let verdict = print_replay(path, selector, turn, Look::PLAIN, &mut out)?;
        return Ok(Rendered { text: String::from_utf8_lossy(&out).into_owned(), verdict });
    }
    let (detected, source, reader) = open(path)?;
    let view = crate::games::game_view(detected, path, &source, reader, selector)?;
    let index = match turn {
        None => None,
        Some(t) => Some(view.frame_of_turn(t).ok_or_else(|| past_end(&view.report, t, view.turns()))?),
    };
    let verdict = view.report.verdict;
    if view.frames.is_empty() && format == OutputFormat::Svg {
        let why = view.report.error.as_ref().map_or_else(String::new, |e| format!(": {}", e.message));
        let reason = format!("game {} has no position to draw{why}", view.report.game);
        return Err(ShowError::Unreadable { file: source.to_string(), reason });
    }
    let text = match format {
        OutputFormat::Svg => {
            view.frames.get(index.unwrap_or(view.frames.len().saturating_sub(1))).map_or_else(String::new, Frame::svg)
        }
        _ => {
            if view.frames.len() > MAX_PAGE_POSITIONS {
                return Err(ShowError::TooLong {
                    file: source.to_string(),
                    game: view.report.game.clone(),
                    positions: view.frames.len(),
                    limit: MAX_PAGE_POSITIONS,
                });
            }
            crate::page::html(&view, index)
        }
    };
    Ok(Rendered { text, verdict })
}

/// A file's name without its folders and without `.gz`, as a page's title gives it.
pub(crate) fn file_name(source: &str) -> String {
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
        Frame { label: label.into(), turn, draw: Box::new(draw) }
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
    /// The verdict and where the game breaks, as `tabula check` gives them.
    pub report: GameReport,
    /// The verdict in words, as `tabula replay` prints it.
    pub verdict: String,
}

impl GameView {
    /// A view whose verdict is written as [`GameReport::write_verdict`] writes it.
    pub fn new(title: String, header: Vec<(String, String)>, frames: Vec<Frame>, report: GameReport) -> GameView {
        let mut text = Vec::new();
        let _ = report.write_verdict(&mut text, None);
        let verdict = String::from_utf8_lossy(&text).trim_end().to_owned();
        GameView { title, header, frames, report, verdict }
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
