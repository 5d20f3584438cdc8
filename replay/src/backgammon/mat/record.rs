//! The vocabulary of a match as written: columns, the header, actions, games, and the errors of
//! reading them.

use std::borrow::Cow;
use std::io;

use compact_str::CompactString;
use tabula_engine::backgammon::Side;

use super::MAX_LINE_BYTES;
use crate::input::MAX_RECORD_BYTES;

/// A column of a game's move lines: a player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Column {
    /// The left column: the first player (player 0, gnubg's `X`).
    Left,
    /// The right column: the second player (player 1, gnubg's `O`).
    Right,
}

impl Column {
    /// The player: 0 for the left column, 1 for the right one.
    pub fn player(self) -> usize {
        match self {
            Column::Left => 0,
            Column::Right => 1,
        }
    }

    /// The other column.
    pub fn other(self) -> Column {
        match self {
            Column::Left => Column::Right,
            Column::Right => Column::Left,
        }
    }

    /// The player as a [`Side`]: [`Side::Zero`] for the left column, [`Side::One`] for the right.
    pub fn side(self) -> Side {
        match self {
            Column::Left => Side::Zero,
            Column::Right => Side::One,
        }
    }
}

impl From<Side> for Column {
    /// The column of `side`: [`Side::Zero`] on the left, [`Side::One`] on the right.
    fn from(side: Side) -> Column {
        match side {
            Side::Zero => Column::Left,
            Side::One => Column::Right,
        }
    }
}

/// What comes before the first game.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct MatchHeader {
    /// The `; [Name "value"]` tags in file order, as written.
    pub tags: Vec<(String, String)>,
    /// The `N point match` line's N (0 = money session); `None` without such a line.
    pub match_length: Option<u32>,
    /// The 1-based line of the `N point match` line; 0 when there is none.
    pub header_line: u64,
}

impl MatchHeader {
    /// The value of the first tag with this name (ASCII case ignored), e.g. `tag("Site")`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// What an action says.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ActionKind {
    /// `dd: play`: a roll and its play.
    Roll {
        /// The two dice in the order written, each 1-6.
        dice: (u8, u8),
    },
    /// `dd: ????`: a roll whose play is unknown (Backgammon Studio: the player rolled, then
    /// resigned).
    Unknown {
        /// The two dice in the order written, each 1-6.
        dice: (u8, u8),
    },
    /// `Doubles => n`; in an `.sgf` game `double` (also a beaver: a double by the player a
    /// double waits on, in money play).
    Double {
        /// The cube value offered, as written; 0 when the record does not write it (`.sgf`).
        value: u32,
    },
    /// `Takes`.
    Take,
    /// `Drops`.
    Drop,
    /// `Wins n point(s)`, optionally `and the match`.
    Wins {
        /// The points as written (BackgammonGalaxy caps them at what the match needs).
        points: u64,
        /// Whether `and the match` follows.
        and_match: bool,
    },
    /// `Losses n point(s)` (BackgammonGalaxy only).
    Losses {
        /// The points as written.
        points: u64,
    },
    /// A position, cube or player to move set by hand (an `.sgf` set-up node: `AE`/`AW`/`AB`,
    /// `CV`, `CP`, `PL`); the replay goes on from it.
    SetUp(Box<SetUpNode>),
}

/// What an `.sgf` set-up node sets; what it leaves out stays as it was.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SetUpNode {
    /// The checkers of the left (`W`) and the right (`B`) player, each in its own numbering
    /// (1 to 24 on the board, 25 the bar, 0 borne off), when the node sets the board.
    pub board: Option<[[u8; 26]; 2]>,
    /// The cube's value, when set.
    pub cube_value: Option<u32>,
    /// The cube's owner (`None`: centred), when set.
    pub cube_owner: Option<Option<Side>>,
    /// The player to move, when set.
    pub to_move: Option<Side>,
}

/// One action of a game: a roll with its play, a cube action or a result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Action {
    /// 1-based line in the file.
    pub line: u64,
    /// The move number `n)` before the action on its line (the last one when a line holds a stray
    /// second number); `None` on an unnumbered line.
    pub move_number: Option<u32>,
    /// The player: see the module documentation for the rule.
    pub column: Column,
    /// 0-based character position where the action starts on its line (the README's
    /// "character 33").
    pub position: u32,
    /// The action as written, from its first to its last non-blank character (`61: 13/7 8/7`,
    /// `Wins 2 point and the match`).
    pub text: CompactString,
    /// What it says.
    pub kind: ActionKind,
    /// The play of a roll when [`Action::text`] is not `dd: play` (an `.sgf` move such as
    /// `B[62lnqw]`, read as `13/11 8/2`); `None` for a `.mat` action.
    pub play_text: Option<CompactString>,
}

impl Action {
    /// The dice of a roll (also of a `????` roll).
    pub fn dice(&self) -> Option<(u8, u8)> {
        match self.kind {
            ActionKind::Roll { dice, .. } | ActionKind::Unknown { dice } => Some(dice),
            _ => None,
        }
    }

    /// The play of a roll: the text after `dd:`, trimmed, as written (empty for a dance or a
    /// rolled-then-resigned in BackgammonGalaxy, `Cannot Move` verbatim in Backgammon Studio);
    /// `None` for other actions.
    pub fn play(&self) -> Option<&str> {
        match self.kind {
            ActionKind::Roll { .. } if self.play_text.is_some() => self.play_text.as_deref(),
            // A roll's text starts with its two dice and the colon (`dd:`).
            ActionKind::Roll { .. } => self.text.get(3..).map(trim),
            _ => None,
        }
    }

    /// Whether the action is a play: any roll (see the module documentation).
    pub fn is_play(&self) -> bool {
        self.dice().is_some()
    }
}

/// A game's `Wins` line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameEnd {
    /// The winner: the column of the `Wins` line.
    pub winner: Column,
    /// The points written.
    pub points: u64,
    /// Whether `and the match` follows.
    pub and_match: bool,
    /// 1-based line of the `Wins` line.
    pub line: u64,
}

/// One game of a match.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    /// The number of its `Game N` line.
    pub number: u32,
    /// 1-based line of its `Game N` line.
    pub line: u64,
    /// The player names from the ` name : score   name : score` line (left, right); a name may
    /// be empty.
    pub players: [String; 2],
    /// The match score before the game, from the same line.
    pub scores: [u32; 2],
    /// 1-based line of the player line that holds the names and scores.
    pub players_line: u64,
    /// The actions in file order (left before right on a line).
    pub actions: Vec<Action>,
    /// The `Wins` line; `None` when the game has none (for example a file cut off).
    pub end: Option<GameEnd>,
    /// Whether the Jacoby rule holds (money play: a gammon or a backgammon counts as a single
    /// game while the cube was never turned). Only an `.sgf` game says so (`RU[Jacoby]`); a
    /// `.mat` game never has it.
    pub jacoby: bool,
}

impl GameRecord {
    /// The number of plays: every roll, including dances, `Cannot Move`, rolled-then-resigned and
    /// `????`.
    pub fn plays(&self) -> usize {
        self.actions.iter().filter(|a| a.is_play()).count()
    }
}

/// Why a match, or part of it, cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum MatError {
    /// The input could not be read; nothing more is read after it.
    #[error("cannot read line {line}: {source}")]
    Io {
        /// 1-based line being read.
        line: u64,
        /// The reader's error.
        #[source]
        source: io::Error,
    },
    /// A line longer than [`MAX_LINE_BYTES`].
    #[error("line {line} is longer than {MAX_LINE_BYTES} bytes")]
    LineTooLong {
        /// 1-based line.
        line: u64,
    },
    /// A line holding a NUL byte: not a text file.
    #[error("line {line} holds binary data (a NUL byte), not text")]
    Binary {
        /// 1-based line.
        line: u64,
    },
    /// Nothing but blank lines, or nothing at all.
    #[error("the input is empty")]
    Empty,
    /// A header but no `Game N` line.
    #[error("no `Game N` line in the {lines} lines of the input")]
    NoGames {
        /// Lines read.
        lines: u64,
    },
    /// A malformed line.
    #[error("line {line}{}: found `{found}`, expected {expected}", in_game(.game))]
    Syntax {
        /// 1-based line.
        line: u64,
        /// The game's number, inside a game.
        game: Option<u32>,
        /// The offending token (at most 60 characters of it), or `the end of the input`.
        found: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A move line whose number does not follow the one before: a move line is missing or
    /// repeated.
    #[error("line {line} (game {game}): {}", move_gap(*.expected, *.found))]
    MoveNumber {
        /// 1-based line.
        line: u64,
        /// The game's number.
        game: u32,
        /// The number due: the game's last move number plus one (1 on its first move line).
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// A game whose lines pass [`MAX_RECORD_BYTES`], the limit of one record: the rest of it is
    /// skipped, up to the next `Game N` line.
    #[error("line {line} (game {game}): {}", game_too_long())]
    GameTooLong {
        /// 1-based line at which the game passed the limit.
        line: u64,
        /// The game's number.
        game: u32,
    },
    /// A second `Wins` line in one game.
    #[error("line {line} (game {game}): a second `Wins` line in the game, the first is on line {first}")]
    SecondWins {
        /// 1-based line of the second one.
        line: u64,
        /// The game's number.
        game: u32,
        /// 1-based line of the first one.
        first: u64,
    },
}

/// What a move number that does not follow says: `move 14 expected, found move 15: a move line
/// is missing`.
fn move_gap(expected: u32, found: u32) -> String {
    let what = match found.checked_sub(expected) {
        Some(1) => "a move line is missing".to_owned(),
        Some(gap) => format!("{gap} move lines are missing"),
        None if found.saturating_add(1) == expected => "a move line is repeated".to_owned(),
        None => "the move numbers go back".to_owned(),
    };
    format!("move {expected} expected, found move {found}: {what}")
}

fn game_too_long() -> String {
    format!("the game's lines pass {MAX_RECORD_BYTES} bytes, more than any game's (the limit of one record)")
}

/// ` (game 3)` after a line number, for an error inside a game (`.mat` and `.sgf` alike).
pub(crate) fn in_game(game: &Option<u32>) -> String {
    game.map(|g| format!(" (game {g})")).unwrap_or_default()
}

impl MatError {
    /// What is wrong, without the line and game that [`Display`](std::fmt::Display) puts first
    /// (for reports that give the line apart).
    pub fn reason(&self) -> String {
        match self {
            MatError::Syntax { found, expected, .. } => format!("found `{found}`, expected {expected}"),
            MatError::SecondWins { first, .. } => {
                format!("a second `Wins` line in the game, the first is on line {first}")
            }
            MatError::MoveNumber { expected, found, .. } => move_gap(*expected, *found),
            MatError::GameTooLong { .. } => game_too_long(),
            other => other.to_string(),
        }
    }

    /// The offending text, when the error has one.
    pub fn token(&self) -> Option<Cow<'_, str>> {
        match self {
            MatError::Syntax { found, .. } => Some(Cow::Borrowed(found)),
            MatError::MoveNumber { found, .. } => Some(Cow::Owned(format!("{found})"))),
            _ => None,
        }
    }

    /// The 1-based line the error is about, when there is one.
    pub fn line(&self) -> Option<u64> {
        match *self {
            MatError::Io { line, .. }
            | MatError::LineTooLong { line }
            | MatError::Binary { line }
            | MatError::Syntax { line, .. }
            | MatError::SecondWins { line, .. }
            | MatError::GameTooLong { line, .. }
            | MatError::MoveNumber { line, .. } => Some(line),
            MatError::Empty | MatError::NoGames { .. } => None,
        }
    }
}

pub(super) fn syntax(line: u64, game: Option<u32>, found: &str, expected: &'static str) -> MatError {
    MatError::Syntax { line, game, found: crate::report::shortened(found), expected }
}

/// `str::trim`, fast when the ends are ASCII.
pub(super) fn trim(s: &str) -> &str {
    let t = s.trim_ascii();
    match (t.as_bytes().first(), t.as_bytes().last()) {
        // Other spaces (Unicode ones, vertical tab) the slow way.
        (Some(&a), Some(&b)) if a >= 0x80 || b >= 0x80 || a == 0x0B || b == 0x0B => t.trim(),
        _ => t,
    }
}
