//! Stones and Rivers records: the record files, their verified replay and their diagrams.

pub mod board;
pub mod positions;
pub mod query;
pub mod records;
pub mod show;
pub mod suggest;
pub mod svg;
pub mod verify;

pub use records::{Problem, ProblemKind, Record, RecordReader, Tag, TurnLine};
pub use verify::{check_records, find_record, verify, verify_with, Replayed, KIND};
