//! Reading record files: whole lines in bounded chunks, and recognising the format.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use memchr::memrchr;

use crate::arimaa::ArchiveLayout;
use crate::GameKind;

/// Bytes read at a time.
pub const CHUNK_BYTES: usize = 4 << 20;
/// The longest line (one archive row) read into memory; a longer one is reported and skipped.
pub const MAX_LINE_BYTES: usize = 64 << 20;
/// The largest single-game file read into memory.
pub const MAX_RECORD_FILE_BYTES: usize = 64 << 20;

/// The kinds of file `tabula` reads.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Format {
    /// arimaa.com archive export (or any tab-separated file with a `movelist` column).
    ArimaaArchive(ArchiveLayout),
    /// One Arimaa game's move list (`1w Ra1 ...`), moves on lines or separated by `\n`.
    ArimaaMoveList,
    /// One Arimaa game in short notation (`s 1 dcdemchh, 8hdcmecdh 2 evmvh8vh7v, ...`): a view
    /// letter first, or a set-up that is not in long notation (`1g 3cc4hdemdh`).
    ArimaaShort,
    /// A Jellyfish `.mat` backgammon match (`N point match`, `Game 1`, ...).
    BackgammonMat,
    /// Stones and Rivers records: `[Key "Value"]` tags and one turn a line (`Sq - D5, FN`),
    /// records separated by blank lines.
    StonesRiversRecords,
}

impl Format {
    /// Recognises a format from the start of a file.
    pub fn detect(head: &[u8]) -> Option<Format> {
        let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
        let first_line = head.split(|&b| b == b'\n').next().unwrap_or_default();
        if first_line.contains(&b'\t') {
            return ArchiveLayout::from_header(first_line).map(Format::ArimaaArchive);
        }
        let text = head.trim_ascii_start();
        let word = text.split(|b| b.is_ascii_whitespace() || *b == b'\\').next().unwrap_or_default();
        if matches!(word, b"g" | b"s" | b"n" | b"G" | b"S" | b"N") {
            return Some(Format::ArimaaShort);
        }
        if matches!(word, b"1w" | b"1g") {
            // Long notation places pieces with tokens like `Ra1`; a short set-up does not.
            let second = text.split(|b| b.is_ascii_whitespace() || *b == b'\\').filter(|w| !w.is_empty()).nth(1);
            let long = |w: &[u8]| matches!(w, [p, f, r] if p.is_ascii_alphabetic() && (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r));
            return Some(if second.is_none_or(long) { Format::ArimaaMoveList } else { Format::ArimaaShort });
        }
        // A match: after `;` comment and tag lines, `N point match` or `Game N`.
        let first = head
            .split(|&b| b == b'\n')
            .map(<[u8]>::trim_ascii)
            .find(|l| !l.is_empty() && !l.starts_with(b";"))
            .unwrap_or_default();
        let mut words = first.split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty());
        match (words.next(), words.next(), words.next()) {
            (Some(n), Some(b"point"), Some(m))
                if n.iter().all(u8::is_ascii_digit) && m.eq_ignore_ascii_case(b"match") =>
            {
                Some(Format::BackgammonMat)
            }
            (Some(b"Game"), Some(n), None) if n.iter().all(u8::is_ascii_digit) => Some(Format::BackgammonMat),
            _ => stones_rivers_start(head).then_some(Format::StonesRiversRecords),
        }
    }

    /// The game whose records it holds.
    pub fn game(&self) -> GameKind {
        match self {
            Format::ArimaaArchive(_) | Format::ArimaaMoveList | Format::ArimaaShort => GameKind::Arimaa,
            Format::BackgammonMat => GameKind::Backgammon,
            Format::StonesRiversRecords => GameKind::StonesRivers,
        }
    }
}

/// Whether `head` starts like Stones and Rivers records: the first line that is neither blank
/// nor a `#` comment is a turn `Sq - ...` / `Cr - ...` (any case, any spacing), or a tag
/// `[Key "...` after which (tags and comments skipped) the first other line in `head`, if any,
/// is such a turn. So a chess PGN file (tags, then `1. e4`) is not taken for one.
fn stones_rivers_start(head: &[u8]) -> bool {
    let is_turn = |line: &[u8]| {
        let player = line.get(..2).unwrap_or_default();
        (player.eq_ignore_ascii_case(b"sq") || player.eq_ignore_ascii_case(b"cr"))
            && line[2..].trim_ascii_start().starts_with(b"-")
    };
    let is_tag = |line: &[u8]| {
        let Some(tag) = line.strip_prefix(b"[") else { return false };
        let key = tag.iter().take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-')).count();
        key > 0 && tag[key..].trim_ascii_start().starts_with(b"\"")
    };
    let mut lines =
        head.split(|&b| b == b'\n').map(<[u8]>::trim_ascii).filter(|l| !l.is_empty() && !l.starts_with(b"#"));
    let Some(first) = lines.next() else { return false };
    if is_turn(first) {
        return true;
    }
    if !is_tag(first) {
        return false;
    }
    // The last line of `head` may be cut short: only whole lines count.
    let whole = head.iter().rposition(|&b| b == b'\n').map_or(&head[..0], |i| &head[..i]);
    let mut rest =
        whole.split(|&b| b == b'\n').map(<[u8]>::trim_ascii).filter(|l| !l.is_empty() && !l.starts_with(b"#"));
    rest.find(|l| !l.starts_with(b"[")).is_none_or(is_turn)
}

/// A piece of a file handed out by [`LineChunks`].
#[derive(Debug)]
pub enum Chunk {
    /// Whole lines (the last one may lack its line break at the end of the file).
    Lines {
        /// The bytes.
        data: Vec<u8>,
        /// 1-based number of the first line.
        first_line: u64,
    },
    /// A line longer than [`MAX_LINE_BYTES`], skipped without keeping it.
    Overlong {
        /// 1-based line number.
        line: u64,
        /// Its length.
        bytes: u64,
    },
}

/// Reads a stream in chunks of whole lines, so memory stays bounded whatever the file's size.
pub struct LineChunks<R> {
    reader: R,
    carry: Vec<u8>,
    spare: Vec<u8>,
    next_line: u64,
    eof: bool,
}

/// The chunks of a [`LineChunks`] read back as one stream (for readers that take a
/// [`std::io::BufRead`]). A line too long to keep reads as one line holding a NUL byte, which
/// such readers refuse as binary at the right line number.
pub struct ChunkStream<R> {
    chunks: LineChunks<R>,
    current: io::Cursor<Vec<u8>>,
    bytes: u64,
}

impl<R: Read> ChunkStream<R> {
    /// The stream of `first` (a chunk already taken) followed by the rest of `chunks`.
    pub fn new(first: Option<Chunk>, chunks: LineChunks<R>) -> ChunkStream<R> {
        let mut s = ChunkStream { chunks, current: io::Cursor::new(Vec::new()), bytes: 0 };
        s.load(first);
        s
    }

    /// Bytes of input handed out so far (skipped over-long lines included).
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    fn load(&mut self, chunk: Option<Chunk>) {
        let data = match chunk {
            Some(Chunk::Lines { data, .. }) => {
                self.bytes += data.len() as u64;
                data
            }
            Some(Chunk::Overlong { bytes, .. }) => {
                self.bytes += bytes;
                b"\0\n".to_vec()
            }
            None => Vec::new(),
        };
        let old = std::mem::replace(&mut self.current, io::Cursor::new(data)).into_inner();
        if old.capacity() > 0 {
            self.chunks.recycle(old);
        }
    }
}

impl<R: Read> Read for ChunkStream<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = io::BufRead::fill_buf(self)?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl<R: Read> io::BufRead for ChunkStream<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.current.position() as usize >= self.current.get_ref().len() {
            match self.chunks.next_chunk()? {
                None => break,
                chunk => self.load(chunk),
            }
        }
        let pos = (self.current.position() as usize).min(self.current.get_ref().len());
        Ok(&self.current.get_ref()[pos..])
    }

    fn consume(&mut self, amt: usize) {
        self.current.set_position(self.current.position() + amt as u64);
    }
}

impl<R: Read> LineChunks<R> {
    /// Chunks of `reader`, the first line numbered 1.
    pub fn new(reader: R) -> LineChunks<R> {
        LineChunks { reader, carry: Vec::new(), spare: Vec::new(), next_line: 1, eof: false }
    }

    fn fill(&mut self, buf: &mut Vec<u8>) -> io::Result<()> {
        // Grow only when little room is left: growing a buffer that already holds data copies
        // its whole allocation, which for many small files costs more than checking them.
        if buf.capacity() - buf.len() < CHUNK_BYTES / 4 {
            buf.reserve(CHUNK_BYTES);
        }
        // `read_to_end` on a `take` appends without zeroing the buffer first.
        let n = loop {
            match (&mut self.reader).take(CHUNK_BYTES as u64).read_to_end(buf) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        if n == 0 {
            self.eof = true;
        }
        Ok(())
    }

    /// The next chunk, or `None` at the end.
    ///
    /// # Errors
    /// Reading failed.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        // Reuse a buffer handed back with `recycle`, so that memory is not mapped anew for every
        // chunk.
        let mut buf = std::mem::take(&mut self.spare);
        buf.clear();
        buf.extend_from_slice(&self.carry);
        self.carry.clear();
        loop {
            if buf.len() >= CHUNK_BYTES || self.eof {
                if let Some(i) = memrchr(b'\n', &buf) {
                    self.carry.extend_from_slice(&buf[i + 1..]);
                    buf.truncate(i + 1);
                    let first_line = self.next_line;
                    self.next_line += memchr::memchr_iter(b'\n', &buf).count() as u64;
                    return Ok(Some(Chunk::Lines { data: buf, first_line }));
                }
                if self.eof {
                    if buf.is_empty() {
                        return Ok(None);
                    }
                    let first_line = self.next_line;
                    self.next_line += 1;
                    return Ok(Some(Chunk::Lines { data: buf, first_line }));
                }
                if buf.len() > MAX_LINE_BYTES {
                    return self.skip_line(buf.len() as u64).map(Some);
                }
            }
            self.fill(&mut buf)?;
        }
    }

    /// Hands a chunk's buffer back for the next chunk to reuse.
    pub fn recycle(&mut self, buf: Vec<u8>) {
        if buf.capacity() <= 2 * CHUNK_BYTES + MAX_LINE_BYTES / 16 {
            self.spare = buf;
        }
    }

    fn skip_line(&mut self, mut bytes: u64) -> io::Result<Chunk> {
        let line = self.next_line;
        let mut buf = Vec::with_capacity(CHUNK_BYTES);
        loop {
            buf.clear();
            self.fill(&mut buf)?;
            if let Some(i) = memchr::memchr(b'\n', &buf) {
                bytes += i as u64;
                self.carry = buf[i + 1..].to_vec();
                break;
            }
            bytes += buf.len() as u64;
            if self.eof {
                break;
            }
        }
        self.next_line += 1;
        Ok(Chunk::Overlong { line, bytes })
    }
}

/// Opens a file for reading.
///
/// # Errors
/// The file cannot be opened.
pub fn open(path: &Path) -> io::Result<File> {
    File::open(path)
}

/// Reads at most `limit` bytes of a file; `Ok(None)` if it is longer.
///
/// # Errors
/// Reading failed.
pub fn read_limited(path: &Path, limit: usize) -> io::Result<Option<Vec<u8>>> {
    let mut data = Vec::new();
    File::open(path)?.take(limit as u64 + 1).read_to_end(&mut data)?;
    Ok((data.len() <= limit).then_some(data))
}

/// The files under `path`: the path itself when it is a file, else every file below the folder,
/// sorted by path.
///
/// # Errors
/// A folder cannot be read.
pub fn files_under(path: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    if !path.is_dir() {
        out.push(path.to_path_buf());
        return Ok(out);
    }
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let p = entry.path();
            let ft = entry.file_type()?;
            if ft.is_dir() {
                stack.push(p);
            } else if ft.is_file() {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_whole_lines() {
        let text: Vec<u8> = (0..200_000).flat_map(|i| format!("line {i}\n").into_bytes()).chain(*b"tail").collect();
        let mut r = LineChunks::new(&text[..]);
        let mut all = Vec::new();
        let mut expected_line = 1;
        while let Some(Chunk::Lines { data, first_line }) = r.next_chunk().unwrap() {
            assert_eq!(first_line, expected_line);
            expected_line += data.iter().filter(|&&b| b == b'\n').count() as u64;
            assert!(data.ends_with(b"\n") || data.ends_with(b"tail"));
            all.extend(data);
        }
        assert_eq!(all, text);
    }

    #[test]
    fn detects_formats() {
        assert!(matches!(Format::detect(b"id\tmovelist\n1\t1w Ra1"), Some(Format::ArimaaArchive(_))));
        assert_eq!(Format::detect(b"1w Ra1 Rb1\\n1b"), Some(Format::ArimaaMoveList));
        assert_eq!(Format::detect(b"\x00\x01binary"), None);
    }

    #[test]
    fn detects_stones_and_rivers_records_without_taking_other_formats() {
        let snr = Some(Format::StonesRiversRecords);
        assert_eq!(Format::detect(b"[Game \"1\"]\nSq - D5, FN\n"), snr);
        assert_eq!(Format::detect(b"\xef\xbb\xbf# made by hand\n\n  cr -d10,fe\n"), snr);
        assert_eq!(Format::detect(b"SQ-D5,FN"), snr);
        assert_eq!(Format::detect(b"[Event x]\n"), None);
        assert_eq!(Format::detect(b"[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 2. Nf3\n"), None, "chess PGN");
        assert_eq!(Format::detect(b"[Event \"x\"]\n[Site \"y\"]\n\n# c\nSq - D5, FN\n"), snr);
        assert_eq!(Format::detect(b"[Event \"x\"]\n[Site \"y\"]\n"), snr, "tags only");
        assert_eq!(Format::detect(b"[Event \"x\"]\n[Site \"y\"]\nS"), snr, "a line cut short does not count");
        assert_eq!(Format::detect(b"Square - D5\n"), None);
        assert_eq!(Format::detect(b"5 point match\n"), Some(Format::BackgammonMat));
        assert_eq!(Format::detect(b"; [Site \"BackgammonGalaxy\"]\n\n3 point match\n"), Some(Format::BackgammonMat));
        assert_eq!(Format::detect(b"1w Ra1 Rb1\n"), Some(Format::ArimaaMoveList));
        assert_eq!(Format::detect(b"s 1 dcdemchh, 8hdcmecdh 2 evmvh8vh7v"), Some(Format::ArimaaShort));
        assert_eq!(Format::detect(b"1g 3cc4hdemdh\n1s 3cc4hdemdh\n"), Some(Format::ArimaaShort));
        assert_eq!(Format::detect(b"1g Ra1 Rb1\n"), Some(Format::ArimaaMoveList));
        assert_eq!(Format::detect(b"# note\n1w Ra1\n"), None);
    }
}
