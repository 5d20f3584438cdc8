//! The one reader of bytes every format's reader stands on: whole lines in bounded chunks, so
//! that memory stays bounded whatever a file's size, and a line past [`MAX_LINE_BYTES`] is
//! reported (with its number) and skipped.

use crate::control::Control;
use std::io::{self, Read};
use std::sync::Arc;

use memchr::memrchr;

use super::{CHUNK_BYTES, DETECT_BYTES, MAX_LINE_BYTES, MAX_SKIP_BYTES};

/// Buffers kept for reuse by [`LineChunks::recycle`].
const MAX_SPARE: usize = 4;
/// Room a new chunk buffer has beyond a chunk, for the unfinished line carried over.
const CARRY_ROOM: usize = 256 << 10;

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
    /// Buffers handed back with [`LineChunks::recycle`], reused before any new one is made.
    spare: Vec<Vec<u8>>,
    next_line: u64,
    eof: bool,
    /// Room the next read is given: [`CHUNK_BYTES`] after the first.
    first_room: usize,
    /// When set, the input ends at the next chunk.
    control: Option<Arc<Control>>,
    /// A read error met after whole lines, handed out once those lines are.
    pending: Option<io::Error>,
    /// Whether lines are counted (see [`LineChunks::uncounted`]).
    counted: bool,
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
        let first_room = DETECT_BYTES;
        LineChunks {
            reader,
            carry: Vec::new(),
            spare: Vec::new(),
            next_line: 1,
            eof: false,
            first_room,
            control: None,
            pending: None,
            counted: true,
        }
    }

    /// The same chunks, counted in `control` as they are read and ending early once it is
    /// stopped (a run interrupted, or whose output was closed, has nothing left to do).
    pub fn watched_by(self, control: Arc<Control>) -> LineChunks<R> {
        LineChunks { control: Some(control), ..self }
    }

    /// Chunks of `reader`, which is expected to hold about `bytes` bytes (a file's length): the
    /// first buffer is made that size (up to a chunk), so that it need not grow while it fills.
    pub fn with_len_hint(reader: R, bytes: u64) -> LineChunks<R> {
        let first_room = usize::try_from(bytes).map_or(CHUNK_BYTES, |n| n.saturating_add(1).min(CHUNK_BYTES));
        LineChunks { first_room, ..LineChunks::new(reader) }
    }

    fn fill(&mut self, buf: &mut Vec<u8>) -> io::Result<()> {
        // A file's first buffer is as large as the file when its length is known (most record
        // files are a few kilobytes, and a fresh chunk-sized buffer for each is a fresh mapping
        // of memory), else small; it grows while the first chunk is read. The room is that of a
        // whole read and a byte more: a read that fills a buffer to the last byte makes
        // `read_to_end` probe for more and grow the buffer, copying all it holds into fresh
        // memory.
        let room = std::mem::replace(&mut self.first_room, CHUNK_BYTES);
        buf.reserve(room.saturating_add(1));
        // `read_to_end` on a `take` appends without zeroing the buffer first.
        let n = loop {
            match (&mut self.reader).take(CHUNK_BYTES as u64).read_to_end(buf) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        // `read_to_end` stops at the end of the input or at the limit: short of the limit is the
        // end.
        if n < CHUNK_BYTES {
            self.eof = true;
        }
        if let Some(c) = &self.control {
            c.add_bytes(n as u64);
        }
        Ok(())
    }

    /// The same chunks, their lines not counted: for a reader that finds every line break
    /// itself and numbers the lines as it goes, which spares a pass over the bytes. The line
    /// numbers of the chunks (`first_line`, an over-long line's `line`, [`next_line`](Self::next_line))
    /// are then not those of the input.
    pub fn uncounted(self) -> LineChunks<R> {
        LineChunks { counted: false, ..self }
    }

    fn lines_in(&self, buf: &[u8]) -> u64 {
        if self.counted {
            memchr::memchr_iter(b'\n', buf).count() as u64
        } else {
            0
        }
    }

    /// The 1-based number of the next line to be handed out.
    pub fn next_line(&self) -> u64 {
        self.next_line
    }

    /// The next chunk, or `None` at the end.
    ///
    /// # Errors
    /// Reading failed (a damaged gzip stream, say): the whole lines read before the failure
    /// come first, then the error, then the end. The line an error cut short is not handed out.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        if let Some(e) = self.pending.take() {
            return Err(e);
        }
        if self.control.as_ref().is_some_and(|c| c.stopped()) {
            return Ok(None);
        }
        // Reuse a buffer handed back with `recycle`, so that memory is not mapped anew for every
        // chunk.
        let carry = self.carry.len();
        let mut buf = match self.spare.pop() {
            Some(b) if b.capacity() > carry + CHUNK_BYTES => b,
            // The first buffer is sized by `fill`; a later one has room for a chunk and a long
            // line carried over, so that it seldom has to grow when it is reused (growing copies
            // it whole into fresh memory).
            _ if self.first_room < CHUNK_BYTES => Vec::new(),
            _ => Vec::with_capacity(carry + CHUNK_BYTES + CARRY_ROOM),
        };
        buf.clear();
        buf.extend_from_slice(&self.carry);
        self.carry.clear();
        loop {
            if buf.len() >= CHUNK_BYTES || self.eof {
                if let Some(i) = memrchr(b'\n', &buf) {
                    self.carry.extend_from_slice(&buf[i + 1..]);
                    buf.truncate(i + 1);
                    let first_line = self.next_line;
                    self.next_line += self.lines_in(&buf);
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
            if let Err(e) = self.fill(&mut buf) {
                self.eof = true;
                let Some(i) = memrchr(b'\n', &buf) else { return Err(e) };
                buf.truncate(i + 1);
                self.pending = Some(e);
                let first_line = self.next_line;
                self.next_line += self.lines_in(&buf);
                return Ok(Some(Chunk::Lines { data: buf, first_line }));
            }
        }
    }

    /// Hands a chunk's buffer back for a later chunk to reuse: a fresh buffer is fresh memory
    /// that the system must clear, page by page, before it is written.
    pub fn recycle(&mut self, buf: Vec<u8>) {
        // A chunk's buffer holds a chunk, the line carried over and the room `fill` reserves:
        // up to about three chunks. A larger one (after a long line) is let go, and so are
        // buffers past the few that a reader ahead of its consumer has in use at once.
        if buf.capacity() <= 3 * CHUNK_BYTES && self.spare.len() < MAX_SPARE {
            self.spare.push(buf);
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
            if bytes > MAX_SKIP_BYTES {
                self.eof = true;
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("line {line} runs past {MAX_SKIP_BYTES} bytes without a line break: reading stops"),
                ));
            }
        }
        self.next_line += 1;
        Ok(Chunk::Overlong { line, bytes })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads every chunk and checks that each holds whole lines, numbered on from the last.
    fn read_all(mut r: LineChunks<impl Read>) -> (Vec<u8>, usize) {
        let mut all = Vec::new();
        let mut expected_line = 1;
        let mut chunks = 0;
        while let Some(Chunk::Lines { data, first_line }) = r.next_chunk().unwrap() {
            assert_eq!(first_line, expected_line);
            expected_line += data.iter().filter(|&&b| b == b'\n').count() as u64;
            assert!(data.ends_with(b"\n") || data.ends_with(b"tail"));
            all.extend(data);
            chunks += 1;
        }
        (all, chunks)
    }

    /// A reader that hands out at most a few bytes a call, as a pipe may.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.0.len()).min(4093);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn chunks_are_whole_lines_whatever_the_length_hint() {
        let text: Vec<u8> = (0..1_000_000).flat_map(|i| format!("line {i}\n").into_bytes()).chain(*b"tail").collect();
        let len = text.len() as u64;
        assert!(text.len() > 2 * CHUNK_BYTES);
        for hint in [None, Some(len), Some(0), Some(10), Some(len * 3), Some(u64::MAX)] {
            let chunks = match hint {
                Some(h) => LineChunks::with_len_hint(&text[..], h),
                None => LineChunks::new(&text[..]),
            };
            let (all, n) = read_all(chunks);
            assert!(all == text, "hint {hint:?}");
            assert!(n >= 3, "hint {hint:?}: {n} chunks");
        }
        let (all, _) = read_all(LineChunks::new(Trickle(&text)));
        assert!(all == text, "short reads");
        let small = b"1 point match\n\n Game 1\n";
        for hint in [None, Some(small.len() as u64), Some(1)] {
            let chunks = hint.map_or_else(|| LineChunks::new(&small[..]), |h| LineChunks::with_len_hint(&small[..], h));
            assert_eq!(read_all(chunks), (small.to_vec(), 1));
        }
        assert_eq!(read_all(LineChunks::with_len_hint(&b""[..], 0)), (Vec::new(), 0));
    }

    /// A reader that hands out its bytes, then fails.
    struct FailsAfter<'a>(&'a [u8]);

    impl Read for FailsAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::new(io::ErrorKind::InvalidData, "damaged"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn the_lines_before_a_read_error_come_before_it() {
        let mut r = LineChunks::new(FailsAfter(b"one\ntwo\nthr"));
        match r.next_chunk() {
            Ok(Some(Chunk::Lines { data, first_line: 1 })) => assert_eq!(data, b"one\ntwo\n"),
            other => panic!("{other:?}"),
        }
        assert_eq!(r.next_line(), 3);
        assert_eq!(r.next_chunk().expect_err("then the error").to_string(), "damaged");
        assert!(matches!(r.next_chunk(), Ok(None)));
        let mut r = LineChunks::new(FailsAfter(b"no line break"));
        assert!(r.next_chunk().is_err(), "nothing whole before the error");
        assert!(matches!(r.next_chunk(), Ok(None)));
    }

    #[test]
    fn an_endless_line_stops_the_reading() {
        let mut r = LineChunks::new(io::repeat(b'x'));
        let e = r.next_chunk().expect_err("an endless line is an error");
        assert!(e.to_string().contains("without a line break"), "{e}");
        assert!(matches!(r.next_chunk(), Ok(None)), "nothing is read after it");
    }
}
