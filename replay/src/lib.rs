//! Verified replay of game records and archives, and the `tabula` command.
//!
//! The inputs ([`input`]) are walked into files, each file's format (and so its game,
//! [`GameKind`]) recognised from its content, and its bytes read in bounded chunks of whole
//! lines; each record is replayed by its game's verifier ([`arimaa::verify()`],
//! [`backgammon::verify`], [`stones_rivers::verify()`]) into a [`GameReport`]; [`check`] runs the
//! verifiers in parallel and hands the reports back in input order, one per game, never
//! stopping at a bad one. [`query`] answers `tabula moves` and `tabula resolve`, [`show`]
//! `tabula replay`: diagrams for the terminal, SVG pictures of positions ([`svg`] and each
//! game's `svg` module; [`show::render`]) and a replay page ([`page`]). The `tabula` program itself (feature `cli`, on by default) only parses its
//! arguments and prints.
//!
//! # Example
//!
//! A Stones and Rivers record with an illegal second turn, checked from memory:
//!
//! ```
//! use tabula_replay::check::check_reader;
//! use tabula_replay::{GameKind, Verdict};
//!
//! let records = "[Game \"demo\"]\nSq - D5, FN\nCr - D10, FN\nSq - D5, FN\n";
//! let mut reports = Vec::new();
//! let summary = check_reader("demo.txt", "demo", records.as_bytes(), &mut |r| reports.push(r.clone()));
//! assert_eq!((summary.games, summary.verdicts.illegal), (1, 1));
//! let report = &reports[0];
//! assert_eq!((report.kind, report.verdict), (GameKind::StonesRivers.name(), Verdict::Illegal));
//! let error = report.error.as_ref().expect("where it breaks");
//! assert_eq!((error.line, error.turn.as_str()), (4, "3"));
//! ```
#![deny(unused_must_use)]

// Floor 1, the vocabulary every game and command shares.
pub mod control;
pub mod diagram;
pub mod error;
pub mod game_kind;
pub mod input;
pub mod report;
pub mod skip;
pub mod svg;
pub mod view;

// Floor 2, each game's own folder.
pub mod arimaa;
pub mod backgammon;
pub mod stones_rivers;

// Floor 3, the one dispatch on the game.
mod games;

// Floor 4, the drivers.
pub mod check;
pub mod convert;
pub mod page;
pub mod query;
pub mod read;
pub mod show;

pub use error::{FindError, QueryError, Refusal, ShowError};
pub use game_kind::{GameKind, UnknownGame};
pub use report::{ErrorInfo, GameReport, GameResult, Verdict};
