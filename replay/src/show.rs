//! `tabula replay`: one game of a file shown move by move (or the position after a number of
//! moves) with its verdict, for whichever game the file holds.

use std::io::Write;
use std::path::Path;

use crate::error::past_end;
pub use crate::error::ShowError;
use crate::games;
use crate::report::Verdict;
pub use crate::view::{Frame, GameView, Look, RepairContext};

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
    let (format, source, reader) = games::open(path)?;
    games::show_game(format, path, &source, reader, selector, upto, look, out)
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
    let (detected, source, reader) = games::open(path)?;
    // The suggestions of an illegal game are listed on its page only, not on a picture.
    let view = games::game_view(detected, path, &source, reader, selector, format == OutputFormat::Html)?;
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
        _ => page(&view, index)?,
    };
    Ok(Rendered { text, verdict })
}

/// The replay page of a game replayed into `view`, opened at frame `start` (see
/// [`crate::page::html`]).
///
/// # Errors
/// [`ShowError::TooLong`]: the game has more positions than a page holds.
pub fn page(view: &GameView, start: Option<usize>) -> Result<String, ShowError> {
    if view.frames.len() > MAX_PAGE_POSITIONS {
        return Err(ShowError::TooLong {
            file: view.report.source.to_string(),
            game: view.report.game.clone(),
            positions: view.frames.len(),
            limit: MAX_PAGE_POSITIONS,
        });
    }
    Ok(crate::page::html(view, start))
}
