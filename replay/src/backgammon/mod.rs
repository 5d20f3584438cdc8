//! Backgammon records: Jellyfish `.mat` match files, GNU Backgammon's `.sgf` and eXtreme
//! Gammon's `.xg` files, each read into the same [`GameRecord`].

pub mod board;
pub mod check;
pub mod convert;
pub mod mat;
pub mod positions;
pub mod query;
pub mod sgf;
pub mod show;
pub mod suggest;
pub mod svg;
pub mod verified;
pub mod verify;
pub mod write;
pub mod xg;

/// The file a backgammon match is read from: each is read into the same [`GameRecord`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MatchFile {
    /// A Jellyfish `.mat` match (also XG's `.txt` export).
    Mat,
    /// GNU Backgammon's `.sgf`.
    Sgf,
    /// eXtreme Gammon's `.xg`.
    Xg,
}

pub use mat::{Action, ActionKind, Column, GameEnd, GameRecord, MatError, MatReader, MatchHeader};
pub use write::{Dialect, GameAction, MatWriter, WriteError};
