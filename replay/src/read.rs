//! The games of a file taken out one by one as records, owning their text, for the commands
//! and programs that want a game rather than a verdict (`tabula convert`, the Python package's
//! `tabula.read`, the tests): each with the verdict `tabula check` gives it, its tags and moves,
//! its boards and its replay page.

use std::ops::ControlFlow;
use std::path::Path;

use std::sync::Arc;

use crate::arimaa::find::{find_game_in, for_each_record_in, OwnedRecord};
use crate::error::{FindError, ShowError};
pub use crate::games::AnyBoard;
use crate::games::{self, Kept};
use crate::input;
use crate::report::GameReport;

/// One game of a file, read by [`games`]: its report as `tabula check` gives it (the kind, id,
/// verdict, turns, result and error), the record's tags and moves as written, and, when the
/// record can be read, its boards and its replay page on demand.
#[derive(Clone, Debug)]
pub struct Game {
    /// The report, as `tabula check` gives it.
    pub report: GameReport,
    /// The record's header or tags, in order (an Arimaa archive's players, event, site and
    /// date; a match's players and header; a Stones and Rivers record's tags).
    pub tags: Vec<(String, String)>,
    /// The moves as the record writes them (backgammon: every action of the game, rolls and
    /// cube actions).
    pub moves: Vec<String>,
    kept: Option<Kept>,
}

impl Game {
    /// Whether the record could be read as a game (an unreadable one has no board or page).
    pub fn is_readable(&self) -> bool {
        self.kept.is_some()
    }

    /// The board after `turns` turns, counted as the report's `turns` counts them (Arimaa:
    /// set-ups and turns; backgammon: plays; Stones and Rivers: turns), or after every move the
    /// replay judged legal when `None`. Each move is played on the library's board of the game
    /// (for backgammon, player 0 is the match's left column). `None` when the record cannot be
    /// read or `turns` is past the moves replayed.
    pub fn board(&self, turns: Option<usize>) -> Option<AnyBoard> {
        self.kept.as_ref()?.board(&self.report.source, turns)
    }

    /// The replay page of `tabula replay --format html` for this game.
    ///
    /// # Errors
    /// The record cannot be read, or the game is too long for a page.
    pub fn page(&self) -> Result<String, ShowError> {
        let source = &self.report.source;
        let Some(kept) = &self.kept else {
            let why = self.report.error.as_ref().map_or_else(String::new, |e| e.message.clone());
            let reason = format!("game {} cannot be read: {why}", self.report.game);
            return Err(ShowError::Unreadable { file: source.to_string(), reason });
        };
        crate::show::page(&kept.view(source, true), None)
    }
}

/// Calls `f` with every game of the file `path` in order, each with the verdict `tabula check`
/// gives it, until `f` breaks: the file is read once, in bounded chunks, its format recognised
/// from its content (`-` is standard input; gzip is read decompressed). A file that holds no
/// records gives the reports `tabula check` gives it (an `unreadable` game, or none when empty).
///
/// # Errors
/// The file cannot be opened or read.
pub fn games(path: &Path, f: &mut dyn FnMut(Game) -> ControlFlow<()>) -> Result<(), FindError> {
    let (format, source, reader) = games::open(path)?;
    let Some(format) = format else {
        // Content that is no record format: the reports `tabula check` gives it (an unreadable
        // game, or none for an empty file).
        let mut stopped = false;
        crate::check::check_reader(&source, &input::record_name(path), reader, &mut |r| {
            if !stopped {
                stopped = f(Game { report: r.clone(), tags: Vec::new(), moves: Vec::new(), kept: None }).is_break();
            }
        });
        return Ok(());
    };
    let source: Arc<str> = source;
    games::read_games(format, path, &source, reader, &mut |report, kept| {
        let (tags, moves) = kept.as_ref().map_or_else(Default::default, |k| (k.tags(), k.moves()));
        f(Game { report, tags, moves, kept })
    })
}

/// Calls `f` with every Arimaa record of a file in order (rows that do not fit the archive's
/// header are passed over), until `f` breaks. `-` is standard input; gzip is read decompressed.
///
/// # Errors
/// The file cannot be read or is not an Arimaa record file.
pub fn for_each_arimaa_record(path: &Path, f: &mut dyn FnMut(OwnedRecord) -> ControlFlow<()>) -> Result<(), FindError> {
    let file = input::open(path).map_err(|error| FindError::Io { file: path.display().to_string(), error })?;
    for_each_record_in(path, games::arimaa_file(path, file.into_reader())?, f)
}

/// Finds one Arimaa game in a file: the one whose id is `selector` (as `tabula check` names
/// it), else the `selector`-th (1-based) of those that can be read, or the first of those when
/// `selector` is `None`. `-` is standard input; gzip is read decompressed.
///
/// # Errors
/// The file cannot be read, is not an Arimaa record file, has no such game, or the game asked
/// for cannot be read ([`FindError::Unreadable`], as `tabula check` reports it).
pub fn find_arimaa_game(path: &Path, selector: Option<&str>) -> Result<OwnedRecord, FindError> {
    let file = input::open(path).map_err(|error| FindError::Io { file: path.display().to_string(), error })?;
    find_game_in(path, games::arimaa_file(path, file.into_reader())?, selector)
}
