//! Lines one at a time, for the readers that go line by line (`.mat` matches, Stones and Rivers
//! records): each line without its line break, a CR before it or a byte order mark at the very
//! start, at most [`MAX_LINE_BYTES`] kept; a longer line is reported with its length and
//! skipped, without being held in memory.

use std::io::{self, BufRead};

use memchr::memchr;

use super::MAX_LINE_BYTES;

/// What [`LineReader::next_line`] read.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Line {
    /// A line, in [`LineReader::text`].
    Text,
    /// A line longer than [`MAX_LINE_BYTES`]: its length (a CR before its line break counted).
    TooLong(u64),
}

/// Lines of a stream, numbered from 1.
#[derive(Debug)]
pub struct LineReader<R> {
    input: R,
    buf: Vec<u8>,
    number: u64,
    done: bool,
}

impl<R: BufRead> LineReader<R> {
    /// The lines of `input`.
    pub fn new(input: R) -> LineReader<R> {
        LineReader { input, buf: Vec::with_capacity(256), number: 0, done: false }
    }

    /// The text of the last [`Line::Text`] read (empty before the first).
    #[inline]
    pub fn text(&self) -> &[u8] {
        &self.buf
    }

    /// The 1-based number of the last line read, or counted with
    /// [`count_line`](Self::count_line) (0 before the first).
    #[inline]
    pub fn number(&self) -> u64 {
        self.number
    }

    /// Counts a line a reader took straight from [`input`](Self::input).
    #[inline]
    pub fn count_line(&mut self) {
        self.number += 1;
    }

    /// The stream, for a reader that takes a line in place (then [`count_line`](Self::count_line)).
    #[inline]
    pub fn input(&mut self) -> &mut R {
        &mut self.input
    }

    /// Whether the end of the input, or a read error, was met.
    #[inline]
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Ends the reading: no line is read after this.
    pub fn stop(&mut self) {
        self.done = true;
    }

    /// Ends the reading (after a read error a caller met itself), counting the line it cut short.
    pub fn stop_at_error(&mut self) {
        self.done = true;
        self.number += 1;
    }

    /// Reads the next line; `None` at the end of the input.
    ///
    /// # Errors
    /// Reading failed: the error is the last item, and the line it cut short is counted.
    pub fn next_line(&mut self) -> Option<io::Result<Line>> {
        if self.done {
            return None;
        }
        self.buf.clear();
        let mut length = 0u64;
        let mut read_any = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.stop_at_error();
                    return Some(Err(e));
                }
            };
            if available.is_empty() {
                break;
            }
            read_any = true;
            let (part, used, end) = match memchr(b'\n', available) {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            length += part.len() as u64;
            let room = (MAX_LINE_BYTES + 1).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&part[..part.len().min(room)]);
            self.input.consume(used);
            if end {
                break;
            }
        }
        if !read_any {
            self.done = true;
            return None;
        }
        self.number += 1;
        if self.buf.last() == Some(&b'\r') && length <= MAX_LINE_BYTES as u64 + 1 {
            self.buf.pop();
            length -= 1;
        }
        if self.number == 1 && self.buf.starts_with(b"\xef\xbb\xbf") {
            self.buf.drain(..3);
            length -= 3;
        }
        Some(Ok(if length > MAX_LINE_BYTES as u64 { Line::TooLong(length) } else { Line::Text }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_numbered_and_bounded() {
        let long = "x".repeat(MAX_LINE_BYTES + 5);
        let text = format!("\u{feff}one\r\ntwo\n{long}\r\n\nlast");
        let mut r = LineReader::new(io::BufReader::with_capacity(7, text.as_bytes()));
        let mut got = Vec::new();
        while let Some(line) = r.next_line() {
            match line.expect("no read error") {
                Line::Text => got.push(format!("{} {}", r.number(), String::from_utf8_lossy(r.text()))),
                Line::TooLong(n) => got.push(format!("{} too long {n}", r.number())),
            }
        }
        // The length of a line too long to keep counts its CR.
        assert_eq!(got, ["1 one", "2 two", &format!("3 too long {}", MAX_LINE_BYTES + 6), "4 ", "5 last"]);
    }
}
