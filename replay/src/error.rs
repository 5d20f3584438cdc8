//! The errors every game shares: a game not found in a file ([`FindError`]), a game that cannot
//! be shown ([`ShowError`]), a question about a position not understood ([`QueryError`]), and a
//! move refused ([`Refusal`]). Each game's folder returns these; the commands report them.

use serde_json::{Map, Value};

use crate::game_kind::GameKind;
use crate::report::{GameReport, Verdict};

/// Why one game cannot be taken out of a file (an Arimaa game or record found in a file, a
/// Stones and Rivers record, a game shown by `tabula replay`).
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// The file cannot be read.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// What the system said.
        error: std::io::Error,
    },
    /// Nothing in the file, or only blank space.
    #[error("{file}: an empty file: no games")]
    Empty {
        /// The file.
        file: String,
    },
    /// No format tabula knows is recognised.
    #[error("{file}: not a record file tabula knows")]
    NotRecords {
        /// The file.
        file: String,
    },
    /// Records of another game than the one asked for.
    #[error("{file}: {what}, not an Arimaa record")]
    OtherGame {
        /// The file.
        file: String,
        /// What it holds.
        what: &'static str,
    },
    /// A single-game file past the size read into memory.
    #[error("{file}: more than the {limit} bytes a single game's file may have")]
    TooLarge {
        /// The file.
        file: String,
        /// The limit.
        limit: usize,
    },
    /// The game asked for is there but cannot be read (an archive row that does not fit the
    /// header, or is longer than any game), as `tabula check` reports it.
    #[error("{file}: game {game} (line {line}) cannot be read: {reason}")]
    Unreadable {
        /// The file.
        file: String,
        /// The game's id.
        game: String,
        /// Its line.
        line: u64,
        /// Why.
        reason: String,
    },
    /// No game has that id or number.
    #[error("{file}: {}", .selector.as_ref().map_or_else(|| "no game in the file".to_owned(), |s| format!("no game {s}")))]
    NoGame {
        /// The file.
        file: String,
        /// The id or number asked for.
        selector: Option<String>,
    },
}

impl FindError {
    /// Whether the input holds no game to show (empty, not records, a record past the limit,
    /// content that is no text, no game at all), as opposed to a file that cannot be read or a game asked for that is
    /// not there: the commands end such a run with status 1, as `tabula check` does an input
    /// without a game, and the others with status 2.
    pub fn is_no_game(&self) -> bool {
        match self {
            // A game that cannot be read is not ok, as `tabula check` says of it.
            FindError::Empty { .. }
            | FindError::NotRecords { .. }
            | FindError::TooLarge { .. }
            | FindError::Unreadable { .. } => true,
            FindError::NoGame { selector, .. } => selector.is_none(),
            // Content that is no text (an endless line, a damaged gzip stream), not the system
            // refusing: `check` reports such a file as unreadable too.
            FindError::Io { error, .. } => error.kind() == std::io::ErrorKind::InvalidData,
            FindError::OtherGame { .. } => false,
        }
    }
}

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
        /// The most positions a page holds.
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

/// The error of `--turn` past the end of a game of `turns` turns, which `report` judged: how
/// many the game has, in its own word, and where it breaks.
pub fn past_end(report: &GameReport, turn: usize, turns: usize) -> ShowError {
    // A backgammon game counts its plays; `turn_word` names its move numbers.
    let word = if report.kind == GameKind::Backgammon.name() { "play" } else { report.turn_word() };
    let broken = match &report.error {
        Some(_) if report.verdict != Verdict::Ok => format!(" before it breaks ({})", report.verdict.as_str()),
        _ => String::new(),
    };
    ShowError::TurnPastEnd { file: report.source.to_string(), game: report.game.clone(), turn, turns, word, broken }
}

/// Why a question cannot be answered: the position, the roll or the game is not understood.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum QueryError {
    /// The position text is not a position of the game.
    #[error("position `{text}`: {reason}")]
    Position {
        /// The text given.
        text: String,
        /// Why it is not a position.
        reason: String,
    },
    /// The roll is missing or not two dice.
    #[error("dice `{0}`: expected two digits from 1 to 6, like 31 or 66")]
    Dice(String),
    /// A backgammon question without a roll.
    #[error("backgammon needs the roll: --dice 31 (or \"dice\": \"31\")")]
    NoDice,
    /// A roll given for a game without dice.
    #[error("{0} has no dice")]
    NotDiceGame(GameKind),
}

/// A move that does not resolve, or is not played, as `tabula resolve` reports it; a board's
/// error (its message is the program's).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    /// `syntax`, `illegal` or `ambiguous`.
    pub kind: &'static str,
    /// What is wrong, in the program's words.
    pub message: String,
    /// The standard texts of the legal moves an ambiguous text may mean.
    pub candidates: Vec<String>,
    /// For a move that does not resolve, the legal moves nearest to it, nearest first (repair
    /// hints, `crate::nearness`; at most three).
    pub suggestions: Vec<String>,
}

impl Refusal {
    /// A text that cannot be read, or a request that is not one.
    pub fn syntax(message: impl Into<String>) -> Refusal {
        Refusal { kind: "syntax", message: message.into(), candidates: Vec::new(), suggestions: Vec::new() }
    }

    /// A move that reads but is not legal here.
    pub fn illegal(message: impl Into<String>) -> Refusal {
        Refusal { kind: "illegal", message: message.into(), candidates: Vec::new(), suggestions: Vec::new() }
    }

    /// A text with several legal readings, and their standard texts.
    pub fn ambiguous(message: impl Into<String>, candidates: Vec<String>) -> Refusal {
        Refusal { kind: "ambiguous", message: message.into(), candidates, suggestions: Vec::new() }
    }

    /// The refusal with the legal moves nearest to the text refused, when it is `illegal` or
    /// `syntax` (an ambiguous text has its candidates): `near` is called only then.
    pub fn suggesting(mut self, near: impl FnOnce() -> Vec<String>) -> Refusal {
        if matches!(self.kind, "illegal" | "syntax") {
            self.suggestions = near();
        }
        self
    }

    /// The longest move or position text a board or `tabula resolve` reads, in bytes: a text
    /// longer than any move is refused before it is read.
    ///
    /// # Errors
    /// A `syntax` refusal for a longer text.
    pub fn check_length(text: &str) -> Result<(), Refusal> {
        if text.len() > MAX_MOVE_BYTES {
            return Err(Refusal::syntax(format!(
                "a text of {} bytes: no move or position is written in more than {MAX_MOVE_BYTES}",
                text.len()
            )));
        }
        Ok(())
    }
}

/// The longest `move` text `tabula resolve` and a board read, in bytes: a move of any game is
/// written in far fewer (an Arimaa set-up record, the longest, in under a hundred), so a longer
/// text is refused as it comes, and no answer repeats more than this of it.
pub const MAX_MOVE_BYTES: usize = 4096;

/// The string under `key` of a `tabula resolve` request, or a `syntax` refusal saying what is
/// missing or of the wrong type.
///
/// # Errors
/// The key is absent or not a string.
pub fn request_string<'a>(request: &'a Map<String, Value>, key: &str) -> Result<&'a str, Refusal> {
    match request.get(key) {
        Some(Value::String(s)) => Ok(s),
        Some(Value::Number(n)) if key == "dice" => {
            Err(Refusal::syntax(format!("key \"dice\": write the roll as a string, \"{n}\"")))
        }
        Some(_) => Err(Refusal::syntax(format!("key \"{key}\" must be a string"))),
        None => Err(Refusal::syntax(format!("missing key \"{key}\""))),
    }
}
