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

    /// The game as a line to play on a board, for the analysis page: the position it starts at
    /// as the boards read it (empty: the game's start; backgammon: always the opening, its
    /// first player the board's player 0) and its moves in standard notation, each backgammon
    /// play with its roll (`31`), those the replay judged legal. `None` when the record cannot
    /// be read.
    pub fn line(&self) -> Option<Line> {
        let kept = self.kept.as_ref()?;
        if let Kept::Backgammon(found) = kept {
            let plays = crate::backgammon::board::plays_with_rolls(&self.report.source, found);
            let moves = plays.into_iter().map(|(text, roll)| (text, Some(roll))).collect();
            return Some(Line { start: String::new(), moves });
        }
        let (start, moves) = match kept.board(&self.report.source, None)? {
            AnyBoard::Arimaa(board) => {
                let moves: Vec<String> = board.moves().map(str::to_owned).collect();
                let mut first = board;
                while first.pop().is_some() {}
                let start = first.position();
                let empty = crate::arimaa::board::Board::new().position();
                (if start == empty { String::new() } else { start }, moves)
            }
            AnyBoard::StonesRivers(board) => {
                let moves: Vec<String> = board.moves().map(str::to_owned).collect();
                let mut first = board;
                while first.pop().is_some() {}
                (first.position_text(), moves)
            }
            AnyBoard::Backgammon(_) => return None,
        };
        Some(Line { start, moves: moves.into_iter().map(|m| (m, None)).collect() })
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

/// A game as a line to play on a board ([`Game::line`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The position it starts at, as the boards read it (empty: the game's start).
    pub start: String,
    /// Its moves in standard notation, each backgammon play with its roll (`31`).
    pub moves: Vec<(String, Option<String>)>,
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
    games_from(path, format, source, reader, f)
}

/// [`games`] for content in memory (a record pasted into the analysis page), read as the file
/// `name` would be: its format recognised from its start, every game with the verdict `tabula
/// check` gives it, until `f` breaks.
///
/// # Errors
/// The content cannot be read (a gzip stream that breaks).
pub fn games_in(name: &str, content: &[u8], f: &mut dyn FnMut(Game) -> ControlFlow<()>) -> Result<(), FindError> {
    let path = Path::new(name);
    let io = |error: std::io::Error| FindError::Io { file: name.to_owned(), error };
    let (format, reader) = games::open_reader(content).map_err(io)?;
    games_from(path, format, Arc::from(name), reader, f)
}

fn games_from(
    path: &Path,
    format: Option<crate::games::Format>,
    source: Arc<str>,
    reader: impl std::io::BufRead + Send,
    f: &mut dyn FnMut(Game) -> ControlFlow<()>,
) -> Result<(), FindError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The first game of `content`, read as the page reads a text pasted.
    fn first(content: &[u8]) -> Option<Game> {
        let mut found = None;
        let read = games_in("pasted", content, &mut |g| {
            found = Some(g);
            ControlFlow::Break(())
        });
        assert!(read.is_ok(), "{read:?}");
        found
    }

    #[test]
    fn a_text_in_memory_is_read_as_its_file_and_gives_its_line() {
        let record = "[Game \"demo\"]\nSq - D5, FN\nCr - D10, FN\n";
        let game = first(record.as_bytes()).unwrap_or_else(|| panic!("a game"));
        let line = game.line().unwrap_or_else(|| panic!("a line"));
        let start = crate::stones_rivers::board::Board::new().position_text();
        let moves: Vec<&str> = line.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!((line.start.as_str(), moves), (start.as_str(), vec!["Sq - D5, FN", "Cr - D10, FN"]));

        let mat = std::fs::read("../testdata/backgammon/matches/galaxy_5pt.mat").unwrap_or_default();
        let line = first(&mat).and_then(|g| g.line()).unwrap_or_else(|| panic!("a line"));
        assert_eq!(line.moves[0], ("13/10 8/2".to_owned(), Some("63".to_owned())));

        let moves = "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\n\
                     1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7\n2g Ee2n Ee3n\n";
        let line = first(moves.as_bytes()).and_then(|g| g.line()).unwrap_or_else(|| panic!("a line"));
        assert_eq!((line.start.as_str(), line.moves.len()), ("", 3));
        assert_eq!(line.moves[2].0, "Ee2n Ee3n");

        let garbage = first(b"no record at all");
        assert!(garbage.is_none_or(|g| g.line().is_none() && g.report.verdict != crate::Verdict::Ok));
    }
}
