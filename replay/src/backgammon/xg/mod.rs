//! eXtreme Gammon's own match files (`.xg`), read into the [`GameRecord`](super::GameRecord) a `.mat` or `.sgf`
//! game gives, so that a game is verified, reported, replayed and converted the same way
//! whichever file it comes from.
//!
//! # The container
//!
//! An 8,232-byte game data header (magic `RGMH`, header version 1, the size of a JPEG
//! thumbnail), the thumbnail (skipped), then a zlib archive whose index stands at the end of
//! the file: a 36-byte archive record (CRC-32 of the archive, count of files, sizes of the
//! index and of the archive), the index before it (532 bytes a file: name, sizes, offset,
//! CRC-32, whether compressed), each file a zlib stream. Two files are read: `temp.xg`, the
//! game file, and `temp.xgc`, the comments (one RTF text a line; a record points at its
//! comment by the line's index). The others (`temp.xgi`, `temp.xgr`: a copy of the header,
//! rollouts) are passed over.
//!
//! # The game file
//!
//! Records of 2,560 bytes, the type in the ninth byte: 0 the match header (players, match
//! length, variant, rules, ratings, date, event, place, round; the file version, whose later
//! values add the Unicode names, read in place of the older ANSI ones from version 24 on), 1 a
//! game header (the score before the game, the Crawford game), 2 a cube decision, 3 a move
//! (player, dice, up to four from/to pairs, the position before and after), 4 a game footer
//! (winner, points, how it ended), 5 the match footer. Any other type is an error at that
//! record.
//!
//! # What is checked
//!
//! Each move's pairs are written as a play (`24/18 13/10`) and verified by the engine from the
//! position it holds, every dice rule included, exactly as a `.mat` play; the file's position
//! before the move (seen from player 1) and after it (seen from the mover) must be the engine's,
//! and so must the cube each record writes. A cube record whose player doubled is a double (its
//! value the cube's next), its answer a take, a drop or a beaver; a record without a double is
//! no action. The footer is the game's `Wins`: its winner and points against the replay, and a
//! resignation, a drop or a bear-off as it says. Player 1 is the left column of a `.mat` file
//! (`winner` 0). A report's `line` is the 1-based number of the record in the game file, its
//! turn the label the same game's `.mat` gives the action (`15L`: the left column of the `.mat`
//! line numbered 15), not the record's place in the game. An error on a move that XG itself
//! marked (`InvalidM`) says so.
//!
//! # Limits and refusals
//!
//! The file is read whole (its index is at its end), at most [`MAX_XG_BYTES`]; each archived
//! file inflates to at most [`MAX_INFLATED_BYTES`], past which the stream is refused having
//! held no more than that; a game holds at most [`MAX_GAME_RECORDS`] records. A file of
//! another variant (Nackgammon, Hypergammon, Longgammon) and a game with automatic doubles are
//! refused with a message saying so. A cut file, a corrupt zlib stream, a CRC-32 that does not
//! match, a count, offset or string length that lies, an unknown record type and a wrong magic
//! are each an [`XgError`] naming what and where; a game whose records cannot be read is
//! unreadable, the games around it are read.

mod container;
mod game;
mod records;
mod rtf;
mod verify;

use std::io::Read;

pub use container::{read_archive, Archive, HEADER_BYTES, MAGIC};
pub use game::{read_match, Facts, XgChecks, XgGame, XgMatch};
pub use records::{read_record, CubeRecord, GameFooter, GameHeader, MatchInfo, MoveRecord, Record, RECORD_BYTES};
pub use verify::{verify_xg, verify_xg_with};

/// The most bytes of an `.xg` file read (it is read whole: its index stands at its end):
/// 32 MiB, a hundred times the largest real file seen (530 KB).
pub const MAX_XG_BYTES: usize = 32 << 20;
/// The most bytes an archived file of an `.xg` file may inflate to (a zlib bomb is refused at
/// this many bytes): 64 MiB, forty times the largest real game file seen (1.8 MB).
pub const MAX_INFLATED_BYTES: usize = 64 << 20;
/// The most records one game may hold: 4,096 (10 MiB of records; the longest real game seen
/// has 290).
pub const MAX_GAME_RECORDS: usize = 4096;

/// Why an `.xg` file, or one game of it, cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum XgError {
    /// The input could not be read.
    #[error("cannot read the file: {0}")]
    Io(#[from] std::io::Error),
    /// The first four bytes are not `RGMH`.
    #[error("not an eXtreme Gammon file: the first bytes are `{found}`, not `RGMH`")]
    Magic {
        /// The first bytes, in hexadecimal.
        found: String,
    },
    /// The game data header says what XG does not write.
    #[error("the {what} is {value}, expected {expected}")]
    Header {
        /// Which field.
        what: &'static str,
        /// Its value.
        value: i64,
        /// What XG writes.
        expected: &'static str,
    },
    /// The file ends before something it announces.
    #[error("the file is cut: {what} at byte {at} is missing")]
    Cut {
        /// What is missing.
        what: &'static str,
        /// Where it should be.
        at: u64,
    },
    /// A count, size or offset that lies.
    #[error("{value} {what}: more than the file holds")]
    Count {
        /// What is counted.
        what: &'static str,
        /// The value read.
        value: i64,
    },
    /// A CRC-32 that does not match.
    #[error("the CRC-32 of {what} does not match: the file is corrupt")]
    Crc {
        /// What was summed.
        what: String,
    },
    /// A zlib stream that cannot be inflated.
    #[error("{what}: corrupt zlib stream ({message})")]
    Inflate {
        /// Which stream.
        what: &'static str,
        /// The inflater's error.
        message: String,
    },
    /// A stream or file past its limit.
    #[error("{what} passes {limit} bytes (the limit of an .xg file's parts): refused")]
    TooLarge {
        /// Which stream or file.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
    /// The archive has no game file.
    #[error("the archive holds no game file (`temp.xg`)")]
    NoGameFile,
    /// The archive index names a file it reads twice.
    #[error("the archive index lists `{0}` twice")]
    ListedTwice(&'static str),
    /// The game file's length is not a whole number of records.
    #[error("record {record}: the game file is cut inside it ({bytes} of {RECORD_BYTES} bytes)")]
    CutRecord {
        /// 1-based record.
        record: u64,
        /// Bytes of it there are.
        bytes: usize,
    },
    /// A record type XG does not write.
    #[error("record {record}: unknown record type {kind}")]
    RecordType {
        /// 1-based record.
        record: u64,
        /// The type byte.
        kind: u8,
    },
    /// A match header without its magic `DMLI`.
    #[error("record {record}: a match header without its magic `DMLI`")]
    RecordMagic {
        /// 1-based record.
        record: u64,
    },
    /// A string whose length byte passes its room.
    #[error("record {record}: a string of {len} characters where there is room for {capacity}")]
    StringLength {
        /// 1-based record.
        record: u64,
        /// The length read.
        len: usize,
        /// The room there is.
        capacity: usize,
    },
    /// A record where it does not belong, or a value out of its range.
    #[error("record {record}: {what}")]
    Unexpected {
        /// 1-based record.
        record: u64,
        /// What is wrong.
        what: String,
    },
    /// Another variant than backgammon.
    #[error("a {0} match: only backgammon is read (another variant starts from another position)")]
    Variant(&'static str),
    /// A game with more than [`MAX_GAME_RECORDS`] records.
    #[error("record {record}: the game passes {MAX_GAME_RECORDS} records (the limit of one game)")]
    GameTooLong {
        /// 1-based record at which it passed the limit.
        record: u64,
    },
}

impl XgError {
    /// The 1-based record of the game file the error is about, when there is one.
    pub fn record(&self) -> Option<u64> {
        match *self {
            XgError::CutRecord { record, .. }
            | XgError::RecordType { record, .. }
            | XgError::RecordMagic { record }
            | XgError::StringLength { record, .. }
            | XgError::Unexpected { record, .. }
            | XgError::GameTooLong { record } => Some(record),
            _ => None,
        }
    }
}

/// Reads a whole `.xg` file from `input` (at most [`MAX_XG_BYTES`]) and its games.
///
/// # Errors
/// The file cannot be read, passes the limit, or its container or match header cannot be read
/// (see [`XgError`]); a game that cannot be read is an error in [`XgMatch::games`].
pub fn read_xg(input: impl Read) -> Result<XgMatch, XgError> {
    let mut data = Vec::new();
    input.take(MAX_XG_BYTES as u64 + 1).read_to_end(&mut data)?;
    if data.len() > MAX_XG_BYTES {
        return Err(XgError::TooLarge { what: "the file", limit: MAX_XG_BYTES });
    }
    let archive = read_archive(&data)?;
    drop(data);
    read_match(&archive)
}
