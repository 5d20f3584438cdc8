//! Errors of the short-notation parser and of the set-up and position records.

use std::ops::Range;

use tabula_engine::arimaa::{Color, PlacementError, PositionError, Square};

use super::syntax::RecordKind;
use crate::arimaa::MoveLabel;

/// Text that is not short notation: where, in which move, and what.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("move {label} (line {line}) `{text}`: `{found}` {kind}")]
pub struct ShortSyntaxError {
    /// 1-based line of the offending characters.
    pub line: usize,
    /// The label of the move, as written or inferred so far.
    pub label: MoveLabel,
    /// The move's text (at most 60 characters kept).
    pub text: String,
    /// The offending characters (at most 40 characters kept).
    pub found: String,
    /// Byte range of the offending characters in the parsed string.
    pub span: Range<usize>,
    /// What is wrong.
    pub kind: ShortErrorKind,
}

/// What is wrong, for [`ShortSyntaxError`]; the message follows the offending characters.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ShortErrorKind {
    /// A character with no meaning in short notation.
    #[error("is not a piece letter (e m h d c r), a direction (^ v < > + - ( ) ↑ ↓ ← →) or a trap mark (x *)")]
    UnknownChar,
    /// `g`, `s` or `n` inside a move.
    #[error("is a view letter (g s n): it only starts a move or stands alone on a line")]
    ViewLetter,
    /// A direction after `x` or `*`.
    #[error("comes after the trap mark: a removed piece takes no more steps")]
    StepAfterTrap,
    /// `**`.
    #[error("is a second trap mark")]
    TwoTrapMarks,
    /// A column or row outside 1..=8.
    #[error("is not a column or row number: they go from 1 to 8")]
    BadNumber,
    /// Three digits after a letter.
    #[error("has too many digits: a column, or a column and a row, follow the piece letter")]
    TooManyDigits,
    /// A scan number outside 1..=8, or `#` with no digit.
    #[error("is not a scan number: it goes from 1 to 8 (written ⁵ or #5)")]
    BadScan,
    /// A digit, `#` or superscript after the steps.
    #[error("comes after the steps: a column or scan number goes right after the piece letter")]
    DigitAfterSteps,
    /// A direction, trap mark or number with no piece letter before it.
    #[error("comes before any piece letter")]
    NoPiece,
    /// A piece letter with neither steps nor a trap mark.
    #[error("names a piece but gives no step or trap mark")]
    NoStep,
    /// Two letters (a push or pull) with no step.
    #[error("is a push or pull with no step")]
    PairWithoutSteps,
    /// Three letters in a row.
    #[error("names three pieces in a row: at most two (a push or pull) come before the steps")]
    ThreePieces,
    /// Two letters of the same kind in a row.
    #[error("names two pieces of the same strength: a piece only pushes or pulls a weaker one")]
    SameStrength,
    /// A set-up that does not list exactly 8 pieces.
    #[error("lists {0} pieces: a set-up lists the 8 major pieces (e m h h d d c c)")]
    SetupPieceCount(usize),
    /// A rabbit in a set-up.
    #[error("is a rabbit: a set-up lists only the major pieces, rabbits fill the squares left")]
    RabbitInSetup,
    /// More squares than the record covers.
    #[error("goes past the {} squares the record covers", .0.covered())]
    TooManySquares(RecordKind),
    /// A run of empty squares written `0` or with a leading zero.
    #[error("is not a number of skipped squares (1 or more, no leading zero)")]
    ZeroRun,
    /// A step in a `0g`/`0s` or `1g`/`1s` move.
    #[error("is a step, but moves 0g/0s and 1g/1s list pieces (a position or set-up)")]
    StepsInRecord,
    /// A move after the set-up with no step.
    #[error("has no step: only moves 0g/0s and 1g/1s list pieces")]
    NoSteps,
    /// Two labels for one move.
    #[error("is a second move number or side for the same move")]
    TwoLabels,
    /// A move number above 1,000,000.
    #[error("is not a move number (0 to 1000000)")]
    LabelNumber,
    /// Text after the time.
    #[error("follows the time: the time ends the move")]
    TextAfterTime,
    /// A time with no move.
    #[error("is a time with no move before it")]
    TimeWithoutMove,
    /// A comma with nothing before or after it.
    #[error("separates nothing: there is no move on one side of it")]
    EmptyMove,
    /// Not exactly one move where one is expected.
    #[error("holds {0} moves where one is expected")]
    MoveCount(usize),
    /// More written than any turn can hold ([`MAX_TURN_ARROWS`](super::MAX_TURN_ARROWS)
    /// directions or [`MAX_TURN_UNITS`](super::MAX_TURN_UNITS) units): reading stops
    /// there, so that no text, however long, is held whole.
    #[error("makes the turn longer than any can be: a turn takes at most four steps")]
    TurnTooLong,
}

/// Why set-up or position records do not give a placement or a position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordError {
    /// The move is not a `1g`/`1s` set-up.
    #[error("move {0} is not a set-up (1g or 1s listing pieces)")]
    NotSetup(MoveLabel),
    /// The move is not a `0g`/`0s` position record.
    #[error("move {0} is not a position record (0g or 0s)")]
    NotPosition(MoveLabel),
    /// Both records are for the same side.
    #[error("both position records are for {0}: one is for gold, the other for silver")]
    SameSide(Color),
    /// Two records put a piece on the same square.
    #[error("both position records put a piece on {0}")]
    SquareTwice(Square),
    /// The set-up breaks a rule.
    #[error(transparent)]
    Placement(#[from] PlacementError),
    /// The position cannot occur in a game.
    #[error(transparent)]
    Position(#[from] PositionError),
}
