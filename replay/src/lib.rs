//! Verified replay of game records and archives: the library behind the `tabula` program.
//!
//! The inputs ([`input`]) are walked into files, each file's format (and so its game,
//! [`GameKind`]) recognised from its content, and its bytes read in bounded chunks of whole
//! lines; each record is replayed by its game's verifier ([`arimaa::verify()`],
//! [`backgammon::verify`], [`stones_rivers::verify()`]) into a [`GameReport`]; [`check`] runs the
//! verifiers in parallel and hands the reports back in input order, one per game, never
//! stopping at a bad one. [`query`] answers `tabula moves` and `tabula resolve`, [`show`]
//! `tabula replay`: diagrams for the terminal, SVG pictures of positions and a replay page
//! ([`page`]); [`convert`] writes a verified game again. The `tabula` program (the crate
//! `tabula-cli`, in `cli/`) only parses its arguments and prints: it calls nothing but what follows.
//!
//! # The door
//!
//! Every way into tabula (the program, the Python package, the page) stands on these, so that a
//! game gets one verdict whichever way it comes in.
//!
//! | what | where |
//! | --- | --- |
//! | check paths (files, folders, `-`) into reports, in input order, in parallel | [`check_paths`], [`check_paths_with`], [`check::check_paths_controlled`] |
//! | check one file's bytes (plain or gzip) | [`check_bytes`], [`check_reader`] |
//! | check a file found in a folder, or a piece of an archive too large for one task (a distributed job's tasks) | [`check::check_content`], [`check::rows_header_len`], [`check::rows_in`] |
//! | read the games of a file as records, and verify one | [`read`] ([`read::games`]: every game with the verdict `check` gives it, its tags, moves, boards and replay page), each game's `verify` ([`arimaa::verify()`], [`backgammon::check::check_match`], [`stones_rivers::verify()`]) |
//! | render a game or a position: terminal text, SVG, the replay page | [`print_replay`], [`render`] |
//! | list the legal moves of a position | [`moves`] |
//! | resolve a move text on a position | [`resolve_line`], each game's `query::resolve` |
//! | write a verified game in another notation | [`convert`] |
//!
//! ## Check files
//!
//! ```
//! use std::path::PathBuf;
//! use tabula_replay::{check_paths, Verdict};
//!
//! let mut verdicts = Vec::new();
//! let summary = check_paths(&[PathBuf::from("../testdata/snr/games.txt")], &mut |r| verdicts.push(r.verdict));
//! assert!(summary.games > 0 && summary.all_ok());
//! assert!(verdicts.iter().all(|v| *v == Verdict::Ok));
//! ```
//!
//! ## Check bytes
//!
//! A Stones and Rivers record with an illegal second turn, checked from memory:
//!
//! ```
//! use std::ops::ControlFlow;
//! use tabula_replay::check::CheckEvent;
//! use tabula_replay::{check_bytes, GameKind, Verdict};
//!
//! let records = "[Game \"demo\"]\nSq - D5, FN\nCr - D10, FN\nSq - D5, FN\n";
//! let mut reports = Vec::new();
//! let summary = check_bytes("demo.txt", records.as_bytes(), &mut |event| {
//!     if let CheckEvent::Game(r) = event {
//!         reports.push(r.clone());
//!     }
//!     ControlFlow::Continue(())
//! });
//! assert_eq!((summary.games, summary.verdicts.illegal), (1, 1));
//! let report = &reports[0];
//! assert_eq!((report.kind, report.verdict), (GameKind::StonesRivers.name(), Verdict::Illegal));
//! let error = report.error.as_ref().expect("where it breaks");
//! assert_eq!((error.line, error.turn.as_str()), (4, "3"));
//! // The JSON line of `tabula check --jsonl`.
//! assert!(report.to_json().starts_with("{\"source\":\"demo.txt\",\"game\":\"demo\""));
//! ```
//!
//! ## Read records, and verify one
//!
//! ```
//! use std::ops::ControlFlow;
//! use std::path::Path;
//! use tabula_replay::{arimaa, read, Verdict};
//!
//! let mut first = None;
//! read::for_each_arimaa_record(Path::new("../testdata/arimaa/random_games.tsv"), &mut |record| {
//!     first = Some(record);
//!     ControlFlow::Break(())
//! })?;
//! let record = first.expect("a game");
//! assert_eq!(record.game, "900001");
//! assert_eq!(arimaa::verify(&record.as_record()).verdict, Verdict::Ok);
//! # Ok::<(), tabula_replay::FindError>(())
//! ```
//!
//! ## Read every game of a file, with its verdict and its boards
//!
//! ```
//! use std::ops::ControlFlow;
//! use std::path::Path;
//! use tabula_replay::read::{games, AnyBoard};
//! use tabula_replay::Verdict;
//!
//! let mut read = Vec::new();
//! games(Path::new("../testdata/backgammon/matches/galaxy_5pt.mat"), &mut |game| {
//!     read.push(game);
//!     ControlFlow::Continue(())
//! })?;
//! let first = &read[0];
//! assert_eq!((first.report.game.as_str(), first.report.verdict), ("galaxy_5pt#1", Verdict::Ok));
//! assert_eq!(first.moves[0], "63: 8/2 13/10");
//! let Some(AnyBoard::Backgammon(board)) = first.board(Some(1)) else { panic!("a board") };
//! assert_eq!(board.moves().collect::<Vec<_>>(), ["13/10 8/2"], "the standard text");
//! assert!(first.page()?.contains("galaxy_5pt"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Render a position
//!
//! ```
//! use std::path::Path;
//! use tabula_replay::render;
//! use tabula_replay::show::OutputFormat;
//!
//! let picture = render(Path::new("../testdata/arimaa/random_games.tsv"), Some("900001"), Some(2), OutputFormat::Svg)?;
//! assert!(picture.text.starts_with("<svg"));
//! # Ok::<(), tabula_replay::ShowError>(())
//! ```
//!
//! ## List moves, resolve a move
//!
//! ```
//! use tabula_replay::{moves, resolve_line, GameKind};
//!
//! let opening = moves(GameKind::Backgammon, "4HPwATDgc/ABMA", Some("31"))?;
//! assert_eq!(opening.texts.len(), 16);
//! assert!(opening.texts.contains(&"8/5 6/5".to_owned()));
//! let (answer, resolved) =
//!     resolve_line(r#"{"game": "backgammon", "position": "4HPwATDgc/ABMA", "dice": "31", "move": "6/5 8/5"}"#);
//! assert!(resolved);
//! assert_eq!(answer, r#"{"resolved":"8/5 6/5"}"#);
//! # Ok::<(), tabula_replay::QueryError>(())
//! ```
#![deny(unused_must_use)]

// Floor 1, the vocabulary every game and command shares.
pub mod control;
pub mod date;
pub mod diagram;
pub mod error;
pub mod fingerprint;
pub mod game_kind;
pub mod game_meta;
pub mod input;
pub mod nearness;
pub mod position_row;
pub mod report;
pub mod skip;
pub mod svg;
pub mod texts;
pub mod view;

// Floor 2, each game's own folder.
pub mod arimaa;
pub mod backgammon;
pub mod stones_rivers;

// Floor 3, the one dispatch on the game.
mod games;

// Floor 4, the drivers.
pub mod archive;
pub mod check;
pub mod convert;
#[cfg(feature = "database")]
pub mod database;
pub mod page;
pub mod query;
pub mod read;
pub mod show;

pub use check::{check_bytes, check_paths, check_paths_with, check_reader};
pub use error::{FindError, QueryError, Refusal, ShowError};
pub use fingerprint::Fingerprint;
pub use game_kind::{GameKind, UnknownGame};
pub use query::{moves, resolve_line};
pub use report::{ErrorInfo, GameReport, GameResult, Verdict};
pub use show::{print_replay, render};

/// The examples of the crate's README (`README.md`), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
