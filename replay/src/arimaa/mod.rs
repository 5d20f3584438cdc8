//! Arimaa records: the arimaa.com archive export, bare move lists, and their verified replay.

pub mod archive;
pub mod board;
pub(crate) mod check;
pub mod convert;
pub mod find;
pub mod movelist;
pub mod positions;
pub mod query;
pub mod resolve;
pub mod short_stop;
pub mod show;
pub mod suggest;
pub mod suggest_short;
pub mod svg;
pub mod verify;

pub use archive::{ArchiveLayout, ArchiveRow, RowError};
pub use movelist::{MoveBody, MoveLine, MoveListError, Moves};
pub use verify::{verify, Record, RecordedEnd, Replayed};
