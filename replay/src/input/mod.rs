//! Reading inputs: every path given (files, folders searched recursively, `-` for standard
//! input) walked into entries ([`walk()`]), each opened as its content ([`open`]: gzip is
//! decompressed as it is read), and its bytes read in bounded chunks of whole lines
//! ([`LineChunks`]). Which format the content is, and so which game, is the dispatch's to say
//! (`games::Format`).

mod chunks;
mod decode;
mod lines;
pub mod walk;

pub use chunks::{Chunk, ChunkStream, LineChunks};
pub use decode::{
    has_extension, is_gz_name, open, record_name, uncompressed_path, Gunzip, GzipError, Input, GZIP_MAGIC,
};
pub use lines::{Line, LineReader};
pub use walk::{walk, Entry, Problem};

/// Bytes of a file's start that its format is recognised from.
pub const DETECT_BYTES: usize = 64 << 10;
/// Bytes read at a time.
pub const CHUNK_BYTES: usize = 4 << 20;
/// The longest line any reader keeps, in every format (an archive row, a `.mat` line, a Stones
/// and Rivers turn): 1 MiB, about sixty times the longest real archive row seen. A longer line
/// is reported, with its number, and skipped without being held in memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The most bytes of one line skipped over (a line past [`MAX_LINE_BYTES`] is skipped, not
/// kept): past 1 GiB without a line break the input is taken for no text at all (`/dev/zero`)
/// and reading stops with an error, so that no input makes a run go on forever.
pub const MAX_SKIP_BYTES: u64 = 1 << 30;
/// The most text (line breaks not counted) one game's record may hold, in every format: an
/// Arimaa move list or short-notation file (read whole), a Stones and Rivers record's turns, a
/// `.mat` game's lines.
/// 1 MiB: the longest real records seen are 44 KB (an Arimaa archive row, events included),
/// 6 KB (Stones and Rivers) and 3 KB (a `.mat` game). A longer record is reported as
/// unreadable, with where it starts, and reading goes on after it; so memory stays bounded
/// however long a game is made to be.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// Where a piece of a file of one record a row (an Arimaa archive) stands in the whole file,
/// when the piece (the file's header line, then some of its rows, cut at line breaks) is
/// checked apart from the rest: `lines` lines of the file stand between its header line and
/// the piece's first row, `rows` of them rows that a check numbers (the others blank). The
/// piece's rows are then numbered, and reported on their lines, as in the whole file. The
/// default is the whole file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RowsBefore {
    /// Lines between the header line and the piece.
    pub lines: u64,
    /// Rows among them.
    pub rows: usize,
}

impl RowsBefore {
    /// What stands before the piece after this one: these lines and rows, then those of the
    /// piece (`counted`: its lines and rows, header line left out).
    #[must_use]
    pub fn then(self, counted: RowsBefore) -> RowsBefore {
        RowsBefore { lines: self.lines + counted.lines, rows: self.rows + counted.rows }
    }
}
