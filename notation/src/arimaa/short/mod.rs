//! Arimaa short notation (seed `001_18ff7b80a3dfeee9.txt`): the syntax, the three views, and
//! set-up and position records. Turns are parsed into units that name pieces and steps; which
//! pieces they mean is for the resolver to find on the board.
//!
//! # Grammar
//!
//! A text is lines; a line holds moves separated by commas. A move is
//!
//! ```text
//! [view] [label] [body] [time]
//! ```
//!
//! - **view**: `g`, `s` or `n` (either case), before a move or alone on a line (or alone between
//!   commas). It stays in effect until the next one; `g` when none was given. A `g` or `s`
//!   followed by the body is the **side to move**, not the view (the seed's rule): it is a view
//!   only when a label follows it or nothing at all. `n` is always a view.
//! - **label**: a move number and side, `12s`, either omissible (`12`, `s`, nothing). Missing
//!   parts are inferred: the next move after `1g` is `1s`, after `1s` is `2g`; a number alone
//!   takes the side of the expected move if the number matches, else Gold; a side alone takes the
//!   next move of that side. The first move is `1g`. After a position record `0s` comes `0g` (the
//!   other side's record), and after the pair the first side's move `2s` (the number after a
//!   position is not given by the seed: we count on from the first turn of a game).
//! - **body**, by label number:
//!   - `0` (position record): piece letters, including rabbits, over the 64 squares in the scan
//!     order of the view; digits give runs of empty squares; squares after the last piece are
//!     empty (`0s 6h6e17rc10d2h2r1rmd2r4rr`). An empty body is a side with no piece.
//!   - `1` (set-up): the 8 major pieces over the side's 16 home squares in the scan order of the
//!     view (the view's nearest row first); digits give runs of rabbit squares; squares after
//!     the last piece are rabbits (`1g 3cc4hdemdh`).
//!   - otherwise a turn: **units**, with or without spaces between them (`h^^e<<`, `h^^ e<<`).
//!     A label `0` or `1` that was not written but inferred (a lone `e^>>v` at the start of a
//!     text) is read as a turn when the body has a step.
//! - **time**: seconds, `40` or `40.2`, the last word of the move (separated by a space).
//!
//! A unit is
//!
//! ```text
//! piece [piece] steps [trap]  |  piece trap
//! piece = letter [ident]
//! ```
//!
//! - **letter**: `e m h d c r` in either case (case is kept in the tree, and carries no meaning).
//! - **ident**: a view column `4`; a view column and row `12`; or a scan number (the n-th piece
//!   of that kind and side from the view's bottom-left square, row by row, left to right),
//!   written as superscript digits `⁵` or, in plain text, **`#5`**. Columns, rows and scan numbers
//!   are 1 to 8. `#` is used nowhere else in the notation, reads as "number" and stays
//!   unambiguous next to every other character (a caret would be the step `^`, a quote is easily
//!   lost or curled).
//! - **steps**: `^ v < >`, `+ -` for up and down, `( )` for left and right, `↑ ↓ ← →` (and `V`).
//! - **two pieces** make a push or a pull, told apart by strength: the stronger first is a push
//!   (`eM^>`: the camel steps `^` then `>`, the elephant following each time), the weaker first a
//!   pull (`Me^>`: the elephant steps, the camel follows). In both the steps are those of the
//!   second piece written, and the first follows. The continuation `eM^e>` is a unit of its own,
//!   `e>`, read like any letter without digits (there is one gold elephant).
//! - **trap**: `x` or `*` after the steps removes the piece that stepped (the pushed or pulled one
//!   after a push or pull); a piece letter with only a mark (`d^c*`, `dC^d*`) names the piece
//!   removed. Nothing may follow a mark within the unit.
//!
//! # Ambiguities and how they are settled
//!
//! - A bare number between two pieces of a move's text (`8hdcmecdh 2 evmvh8vh7v`, the seed's
//!   one-line game example where the line breaks were lost) starts a new move with that label;
//!   a number that ends the move (before a comma or the end of the line) is its time. A number
//!   right after a label (`5g 3 e^`) is refused as a second label.
//! - In a set-up or position record a word of digits only is therefore a label or a time: write
//!   runs next to a letter (`3cc4hdemdh`, or `3cc 4hdemdh`).
//! - A plain digit after a letter is a column (`h2^`), even where the printed text had a
//!   superscript that was lost; the resolver may offer to read it as a scan number.
//! - A written `0g`/`0s` or `1g`/`1s` with a step in its body is an error; a move numbered 2 or
//!   more with no step is an error.
//!
//! # Canonical form
//!
//! [`Display`](std::fmt::Display) writes `^ v < >`, `#n`, `*`, no space between units, letters in
//! their written case, and only the view, number and side that were written; a record is one
//! move a line. Parsing the written text gives the same tree (spans aside).

mod error;
mod parse;
mod resolve;
mod setup;
mod syntax;
mod view;
mod write;
mod write_turn;

pub use error::{RecordError, ShortErrorKind, ShortSyntaxError};
pub use parse::{ParseContext, MAX_TURN_ARROWS, MAX_TURN_UNITS};
pub use resolve::{ResolveOptions, ShortResolveError};
pub use setup::{position_from_records, setup_from_records};
pub use syntax::{
    Ident, Letter, MoveTime, PieceRef, PlacementText, RecordKind, ShortBody, ShortMove, ShortRecord, ShortUnit, Steps,
    UnitKind,
};
pub use view::{ParseViewError, View, ViewDirection};
pub use write::{position_moves, setup_move, write_position, write_setup};
pub use write_turn::{turn_move, turn_units, write_turn};
