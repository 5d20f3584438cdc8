//! Backgammon records: Jellyfish `.mat` match files.

pub mod board;
pub mod check;
pub mod convert;
pub mod mat;
pub mod query;
pub mod sgf;
pub mod show;
pub mod suggest;
pub mod svg;
pub mod verified;
pub mod verify;
pub mod write;

pub use mat::{Action, ActionKind, Column, GameEnd, GameRecord, MatError, MatReader, MatchHeader};
pub use write::{Dialect, GameAction, MatWriter, WriteError};
