//! The text layer of Stones and Rivers record files: a streaming reader that cuts a file into
//! records, with their tags and turn lines and 1-based line numbers. No rules: turns are kept as
//! written and parsed by the verifier ([`mod@super::verify`]).
//!
//! ```text
//! # a comment line                    `#` lines are skipped anywhere
//! [Game "7"]                          tags first, PGN style: [Key "Value"]
//! [Position "13/13/.../13 sq"]        optional start position (rules file's position string)
//! Sq - D5, PS, D6, D7                 one turn a line
//! Cr - J10, FN
//!                                     a blank line ends the record
//! [Game "8"]
//! ...
//! ```
//!
//! # Errors and recovery
//!
//! A record is read line by line; the first problem in it ([`Problem`]) ends its reading, and
//! the lines up to the next blank line are skipped, so the next record still reads:
//!
//! - a line starting with `[` before the first turn that is not a well-formed `[Key "Value"]`
//!   tag ([`ProblemKind::MalformedTag`]): the record cannot be read as a game;
//! - a tag line after the first turn ([`ProblemKind::TagAfterTurns`]): it stands where the next
//!   turn would, and counts as that turn written wrongly;
//! - a line longer than [`MAX_LINE_BYTES`] ([`ProblemKind::LineTooLong`]), skipped without
//!   being held in memory; in the turns it counts as a turn written wrongly;
//! - a record with more than [`MAX_RECORD_BYTES`] of turn text ([`ProblemKind::RecordTooLong`]);
//! - a read error ([`ProblemKind::Io`]), after which the reader stops.
//!
//! Memory holds one record at a time (at most [`MAX_RECORD_BYTES`] of turns) whatever the size
//! of the file; time is linear in the input. Lines may end in CRLF; a UTF-8 byte order mark at
//! the start is skipped.

use std::io::{self, BufRead};

use memchr::memchr;

use crate::game_meta::GameMeta;
use crate::input::{Line, LineReader};
use crate::report::{shortened, ErrorInfo};

/// The longest line kept ([`input::MAX_LINE_BYTES`](crate::input::MAX_LINE_BYTES), the one
/// limit of every reader); a longer one is a [`ProblemKind::LineTooLong`].
pub use crate::input::MAX_LINE_BYTES;
/// The most turn text (bytes, line breaks not counted) one record may hold
/// ([`input::MAX_RECORD_BYTES`](crate::input::MAX_RECORD_BYTES), the one limit of a record in
/// every format).
pub use crate::input::MAX_RECORD_BYTES;

/// A tag line `[Key "Value"]` of a record's header.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tag {
    /// The key as written (`Game`, `Position`, `Result`, ...).
    pub key: String,
    /// The value, escapes (`\"`, `\\`) resolved.
    pub value: String,
    /// 1-based line in the file.
    pub line: u64,
}

/// One turn line of a record, as written (trimmed).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TurnLine<'a> {
    /// 1-based index of the turn in the record.
    pub index: usize,
    /// 1-based line in the file.
    pub line: u64,
    /// The text, without surrounding white space.
    pub text: &'a [u8],
}

impl TurnLine<'_> {
    /// The text for messages (bytes that are not UTF-8 shown as U+FFFD).
    pub fn shown(&self) -> String {
        shortened(&String::from_utf8_lossy(self.text))
    }
}

/// What is wrong with a record's text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ProblemKind {
    /// A line starting with `[` in the header that is not a `[Key "Value"]` tag; why.
    MalformedTag(&'static str),
    /// A tag line after the first turn.
    TagAfterTurns,
    /// A line longer than [`MAX_LINE_BYTES`]; its length.
    LineTooLong(u64),
    /// More than [`MAX_RECORD_BYTES`] of turns.
    RecordTooLong,
    /// Reading the input failed; the error's text.
    Io(String),
}

/// The first problem met in a record's text; the record's reading stopped there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    /// What is wrong.
    pub kind: ProblemKind,
    /// 1-based line in the file.
    pub line: u64,
    /// The offending text (shortened).
    pub token: String,
    /// When the problem stands in the turns: the 1-based index of the turn the line takes the
    /// place of (the turns read before it plus one). `None` in the header.
    pub turn: Option<usize>,
}

impl Problem {
    /// Why, for people.
    pub fn message(&self) -> String {
        match &self.kind {
            ProblemKind::MalformedTag(why) => format!("malformed tag line: {why}; expected [Key \"Value\"]"),
            ProblemKind::TagAfterTurns => {
                "a tag line after the first turn: tags go before the turns, and records are separated by \
                 blank lines"
                    .to_owned()
            }
            ProblemKind::LineTooLong(n) => format!("the line is {n} bytes long, more than the {MAX_LINE_BYTES} read"),
            ProblemKind::RecordTooLong => format!("the record holds more than {MAX_RECORD_BYTES} bytes of turns"),
            ProblemKind::Io(e) => format!("reading stopped: {e}"),
        }
    }

    /// The problem for a report: where, what and why.
    pub fn error_info(&self) -> ErrorInfo {
        let turn = self.turn.map(|t| t.to_string()).unwrap_or_default();
        ErrorInfo { turn, line: self.line, token: self.token.clone(), message: self.message(), suggestions: None }
    }

    /// Whether the problem is a turn written wrongly (so the game is illegal there) rather than
    /// a record that cannot be read.
    pub fn is_bad_turn(&self) -> bool {
        self.turn.is_some() && matches!(self.kind, ProblemKind::TagAfterTurns | ProblemKind::LineTooLong(_))
    }
}

/// One record: its tags, its turn lines and the first problem met, if any.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Record {
    /// 1-based index of the record in the file.
    pub index: usize,
    /// 1-based line where the record starts.
    pub line: u64,
    /// The header's tags in order.
    pub tags: Vec<Tag>,
    /// The turns' text, one after the other.
    text: Vec<u8>,
    /// Per turn: its line and where its text ends in `text`.
    turns: Vec<(u64, u32)>,
    /// The first problem; reading the record stopped there.
    pub problem: Option<Problem>,
}

impl Record {
    /// The first tag with this key (compared without regard to case).
    pub fn tag(&self, key: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.key.eq_ignore_ascii_case(key))
    }

    /// What the record's tags say about the game besides its turns: the players (`[Square]`
    /// and `[Circle]`, or `[Sq]` and `[Cr]`), the event and the date.
    pub fn meta(&self) -> GameMeta {
        let value = |keys: &[&str]| {
            keys.iter().find_map(|k| self.tag(k).map(|t| t.value.trim()).filter(|v| !v.is_empty())).map(str::to_owned)
        };
        GameMeta {
            players: [value(&["Square", "Sq"]).unwrap_or_default(), value(&["Circle", "Cr"]).unwrap_or_default()],
            event: value(&["Event"]),
            date: value(&["Date"]),
            match_length: None,
        }
    }

    /// The game's id: the `[Game]` tag's value (trimmed), or else the index in the file.
    pub fn game_id(&self) -> String {
        match self.tag("Game").map(|t| t.value.trim()) {
            Some(v) if !v.is_empty() => v.to_owned(),
            _ => self.index.to_string(),
        }
    }

    /// Number of turn lines read.
    pub fn turn_count(&self) -> usize {
        self.turns.len()
    }

    /// The turn lines in order.
    pub fn turns(&self) -> impl ExactSizeIterator<Item = TurnLine<'_>> + '_ {
        self.turns.iter().enumerate().map(move |(i, &(line, end))| {
            let start = if i == 0 { 0 } else { self.turns[i - 1].1 as usize };
            TurnLine { index: i + 1, line, text: self.text.get(start..end as usize).unwrap_or_default() }
        })
    }

    /// The record with the text of turn `index` (1-based) replaced by `text`: what a repair hint
    /// is replayed on. The same record when there is no such turn.
    pub fn with_turn(&self, index: usize, text: &[u8]) -> Record {
        let mut record =
            Record { text: Vec::with_capacity(self.text.len() + text.len()), turns: Vec::new(), ..self.clone() };
        record.turns.reserve(self.turns.len());
        for t in self.turns() {
            record.text.extend_from_slice(if t.index == index { text } else { t.text });
            record.turns.push((t.line, record.text.len() as u32));
        }
        record
    }

    /// Bytes of turn text held.
    pub fn text_bytes(&self) -> usize {
        self.text.len()
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.turns.is_empty() && self.problem.is_none()
    }
}

/// Reads a stream one record at a time, as an iterator.
///
/// ```
/// use tabula_replay::stones_rivers::records::RecordReader;
///
/// let text = "[Game \"a\"]\nSq - D5, FN\nCr - D10, FE\n\n# note\nSq - E5, FE\n";
/// let records: Vec<_> = RecordReader::new(text.as_bytes()).collect();
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[0].game_id(), "a");
/// assert_eq!(records[0].turn_count(), 2);
/// assert_eq!(records[1].game_id(), "2");
/// assert_eq!(records[1].turns().next().map(|t| t.line), Some(6));
/// ```
pub struct RecordReader<R> {
    lines: LineReader<R>,
    records: usize,
    /// Bytes of turn text and turns of the last record: the next one is made with that room.
    sizes: (usize, usize),
    /// A read error met while looking for a turn line, reported with the next line.
    pending: Option<io::Error>,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader of `input`, its first line numbered 1.
    pub fn new(input: R) -> RecordReader<R> {
        RecordReader { lines: LineReader::new(input), records: 0, sizes: (0, 0), pending: None }
    }

    /// Reads the next line (the input layer's [`LineReader`]), or the read error the in-place
    /// path met; `None` at the end.
    fn next_line(&mut self) -> Option<io::Result<Line>> {
        if self.lines.is_done() {
            return None;
        }
        if let Some(e) = self.pending.take() {
            self.lines.stop_at_error();
            return Some(Err(e));
        }
        self.lines.next_line()
    }

    /// Reads the next line straight into `record` when it is a turn line that lies whole in the
    /// input's buffer (the common case), without copying it first; `false` when the line must go
    /// through [`next_line`](Self::next_line) (anything else, or the end of the buffer).
    #[inline]
    fn turn_line_in_place(&mut self, record: &mut Record) -> bool {
        if self.lines.is_done() || self.lines.number() == 0 {
            return false;
        }
        let number = self.lines.number() + 1;
        let available = match self.lines.input().fill_buf() {
            Ok(available) => available,
            Err(e) => {
                // Reported by `next_line`, where the line it cuts short is counted.
                if e.kind() != io::ErrorKind::Interrupted {
                    self.pending = Some(e);
                }
                return false;
            }
        };
        let Some(end) = newline(available) else { return false };
        let text = available[..end].trim_ascii();
        if end > MAX_LINE_BYTES
            || text.is_empty()
            || matches!(text[0], b'#' | b'[')
            || record.text.len() + text.len() > MAX_RECORD_BYTES
        {
            return false;
        }
        if record.is_empty() {
            record.line = number;
        }
        record.text.extend_from_slice(text);
        record.turns.push((number, record.text.len() as u32));
        self.lines.input().consume(end + 1);
        self.lines.count_line();
        true
    }

    /// Skips lines up to a blank one (or the end).
    fn skip_record(&mut self) {
        while let Some(Ok(line)) = self.next_line() {
            if matches!(line, Line::Text) && self.lines.text().trim_ascii().is_empty() {
                break;
            }
        }
    }
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let mut record = Record {
            text: Vec::with_capacity(self.sizes.0),
            turns: Vec::with_capacity(self.sizes.1),
            ..Record::default()
        };
        loop {
            if self.turn_line_in_place(&mut record) {
                continue;
            }
            let line = match self.next_line() {
                None => break,
                Some(Ok(line)) => line,
                Some(Err(e)) => {
                    let turn = (!record.turns.is_empty()).then_some(record.turns.len() + 1);
                    let kind = ProblemKind::Io(e.to_string());
                    record.problem = Some(Problem { kind, line: self.lines.number(), token: String::new(), turn });
                    break;
                }
            };
            let number = self.lines.number();
            let text = self.lines.text().trim_ascii();
            if matches!(line, Line::Text) {
                if text.is_empty() {
                    if record.is_empty() {
                        continue;
                    }
                    break;
                }
                if text.starts_with(b"#") {
                    continue;
                }
            }
            if record.is_empty() {
                record.line = number;
            }
            let problem = |kind, turn| {
                let token = shortened(&String::from_utf8_lossy(text));
                Some(Problem { kind, line: number, token, turn })
            };
            let next_turn = record.turns.len() + 1;
            let in_turns = !record.turns.is_empty();
            if text.starts_with(b"[") {
                if in_turns {
                    record.problem = problem(ProblemKind::TagAfterTurns, Some(next_turn));
                } else if let Line::TooLong(_) = line {
                    record.problem = problem(ProblemKind::MalformedTag("the line is too long"), None);
                } else {
                    match parse_tag(text) {
                        Ok((key, value)) => record.tags.push(Tag { key, value, line: number }),
                        Err(why) => record.problem = problem(ProblemKind::MalformedTag(why), None),
                    }
                }
            } else if let Line::TooLong(n) = line {
                record.problem = problem(ProblemKind::LineTooLong(n), Some(next_turn));
            } else if record.text.len() + text.len() > MAX_RECORD_BYTES {
                record.problem = problem(ProblemKind::RecordTooLong, Some(next_turn));
            } else {
                record.text.extend_from_slice(text);
                record.turns.push((number, record.text.len() as u32));
            }
            if record.problem.is_some() {
                self.skip_record();
                break;
            }
        }
        if record.is_empty() {
            return None;
        }
        if matches!(record.problem, Some(Problem { kind: ProblemKind::Io(_), .. })) {
            self.lines.stop();
        }
        self.records += 1;
        record.index = self.records;
        // Capped, so that one huge record does not make every later one reserve as much.
        self.sizes = (record.text.len().min(64 << 10), record.turns.len().min(4 << 10));
        Some(record)
    }
}

impl<R: BufRead> std::iter::FusedIterator for RecordReader<R> {}

/// Where the first line break of `bytes` is. Turn lines are short: the first 32 bytes are looked
/// at a word at a time (a library search costs more to set up than such a line takes to scan).
#[inline]
fn newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const BREAKS: u64 = u64::from_le_bytes([b'\n'; 8]);
    let mut start = 0;
    while start < 32 {
        let Some(word) = bytes.get(start..start + 8).and_then(|w| <[u8; 8]>::try_from(w).ok()) else { break };
        let x = u64::from_le_bytes(word) ^ BREAKS;
        // The lowest byte flagged is the first that was a line break (flags above it may be false).
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        if found != 0 {
            return Some(start + (found.trailing_zeros() / 8) as usize);
        }
        start += 8;
    }
    memchr(b'\n', bytes.get(start..)?).map(|i| start + i)
}

/// `[Key "Value"]` (trimmed) gives the key and the value; or why it is not a tag.
///
/// # Errors
/// A missing bracket or quote, an empty key or one with other than letters, digits, `_` and
/// `-`, or text after the closing bracket.
pub fn parse_tag(text: &[u8]) -> Result<(String, String), &'static str> {
    let inner = text.strip_prefix(b"[").ok_or("no opening bracket")?;
    let key_len = inner.iter().take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-')).count();
    if key_len == 0 {
        return Err("the key is missing or not a word");
    }
    let key = String::from_utf8_lossy(&inner[..key_len]).into_owned();
    let rest = inner[key_len..].trim_ascii_start();
    let rest = rest.strip_prefix(b"\"").ok_or("the value must be in double quotes after the key")?;
    let mut value = Vec::new();
    let mut i = 0;
    let closed = loop {
        match rest.get(i) {
            None => break None,
            Some(b'"') => break Some(i),
            Some(b'\\') if matches!(rest.get(i + 1), Some(b'"' | b'\\')) => {
                value.push(rest[i + 1]);
                i += 2;
            }
            Some(&b) => {
                value.push(b);
                i += 1;
            }
        }
    };
    let end = closed.ok_or("the value's closing quote is missing")?;
    let after = rest[end + 1..].trim_ascii_start();
    let after = after.strip_prefix(b"]").ok_or("the closing bracket is missing after the value")?;
    if !after.trim_ascii().is_empty() {
        return Err("text after the closing bracket");
    }
    Ok((key, String::from_utf8_lossy(&value).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Record> {
        RecordReader::new(text.as_bytes()).collect()
    }

    fn turns(r: &Record) -> Vec<(usize, u64, String)> {
        r.turns().map(|t| (t.index, t.line, String::from_utf8_lossy(t.text).into_owned())).collect()
    }

    #[test]
    fn records_tags_turns_comments_and_lines() {
        let text =
            "\u{feff}# file comment\n\n[Game \"x 1\"]\r\n[Result \"Sq\"]\n  Sq - D5, FN  \r\n# mid\nCr - D10, FE\n\n\n\
                    \n# only a comment\n\nsq-e5,fe\n";
        let r = read(text);
        assert_eq!(r.len(), 2);
        assert_eq!((r[0].index, r[0].line, r[0].game_id()), (1, 3, "x 1".to_owned()));
        assert_eq!(r[0].tag("result").map(|t| (t.value.as_str(), t.line)), Some(("Sq", 4)));
        assert_eq!(turns(&r[0]), vec![(1, 5, "Sq - D5, FN".to_owned()), (2, 7, "Cr - D10, FE".to_owned())]);
        assert_eq!((r[1].index, r[1].line, r[1].game_id()), (2, 13, "2".to_owned()));
        assert_eq!(turns(&r[1]), vec![(1, 13, "sq-e5,fe".to_owned())]);
        assert!(r.iter().all(|r| r.problem.is_none()));
    }

    #[test]
    fn tags_with_escapes_and_malformed_tags() {
        assert_eq!(parse_tag(br#"[Event "a \"b\" \\ c"]"#), Ok(("Event".into(), r#"a "b" \ c"#.into())));
        assert_eq!(parse_tag(br#"[Event"x"  ]"#), Ok(("Event".into(), "x".into())));
        for bad in [&br#"[Event x]"#[..], br#"[ "x"]"#, br#"[Event "x"#, br#"[Event "x""#, br#"[Event "x"] y"#] {
            assert!(parse_tag(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn problems_end_the_record_and_the_next_one_reads() {
        let text =
            "[Game \"1\"]\n[Event x]\nSq - D5, FN\n\n[Game \"2\"]\nSq - D5, FN\n[Result \"Sq\"]\nCr - D10, FN\n\n\
                    Sq - D5, FN\n";
        let r = read(text);
        assert_eq!(r.len(), 3);
        let p = r[0].problem.as_ref().map(|p| (p.line, p.turn, p.is_bad_turn()));
        assert_eq!(p, Some((2, None, false)));
        assert!(r[0].problem.as_ref().is_some_and(|p| p.message().contains("malformed tag")));
        assert_eq!(r[0].turn_count(), 0);
        let p = r[1].problem.as_ref().map(|p| (p.kind.clone(), p.line, p.turn, p.token.clone()));
        assert_eq!(p, Some((ProblemKind::TagAfterTurns, 7, Some(2), "[Result \"Sq\"]".to_owned())));
        assert_eq!(r[1].turn_count(), 1);
        assert_eq!((r[2].game_id(), r[2].line), ("3".to_owned(), 10));
    }

    #[test]
    fn long_lines_are_skipped_not_kept() {
        let long = "x".repeat(MAX_LINE_BYTES * 3);
        let text = format!("Sq - D5, FN\n{long}\nCr - D10, FN\n\nSq - D5, FN\r\n");
        let r = read(&text);
        assert_eq!(r.len(), 2);
        let p = r[0].problem.clone().unwrap_or_else(|| unreachable!());
        assert_eq!((p.kind, p.line, p.turn), (ProblemKind::LineTooLong(3 * MAX_LINE_BYTES as u64), 2, Some(2)));
        assert!(p.token.len() < 100);
        assert_eq!(turns(&r[1]), vec![(1, 5, "Sq - D5, FN".to_owned())]);
    }

    #[test]
    fn a_record_past_the_size_limit_stops_at_the_turn_that_passes_it() {
        let line = "Sq - D5, FN\n";
        let lines = MAX_RECORD_BYTES / (line.len() - 1) + 1;
        let text = format!("{}\nCr - D10, FN\n", line.repeat(lines));
        let r = read(&text);
        assert_eq!(r.len(), 2, "the next record still reads");
        let p = r[0].problem.clone().unwrap_or_else(|| unreachable!());
        assert_eq!((p.kind, p.line, p.turn), (ProblemKind::RecordTooLong, lines as u64, Some(lines)));
        assert_eq!(r[0].turn_count(), lines - 1);
        assert!(r[0].text_bytes() <= MAX_RECORD_BYTES);
        assert_eq!(r[1].turn_count(), 1);
    }

    #[test]
    fn reading_errors_stop_the_reader() {
        struct Failing(usize);
        impl io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 == 0 {
                    return Err(io::Error::other("disk gone"));
                }
                self.0 = 0;
                let t = b"Sq - D5, FN\n";
                buf[..t.len()].copy_from_slice(t);
                Ok(t.len())
            }
        }
        let r: Vec<Record> = RecordReader::new(io::BufReader::new(Failing(1))).collect();
        assert_eq!(r.len(), 1);
        let p = r[0].problem.clone().unwrap_or_else(|| unreachable!());
        assert!(matches!(p.kind, ProblemKind::Io(_)));
        assert_eq!((p.line, p.turn, p.is_bad_turn()), (2, Some(2), false));
    }

    #[test]
    fn line_breaks_are_found_wherever_they_are() {
        for len in 0..80 {
            for at in 0..len {
                let mut bytes = vec![b'x'; len];
                bytes[at] = b'\n';
                if at + 1 < len {
                    bytes[len - 1] = b'\n';
                }
                assert_eq!(newline(&bytes), Some(at), "{len} {at}");
            }
            assert_eq!(newline(&vec![0x8b; len]), None);
        }
        // Bytes just around the line break's value are not taken for it.
        assert_eq!(newline(b"\x0b\x09\x0b\x8a\x0a"), Some(4));
    }

    #[test]
    fn empty_input_and_only_comments_have_no_records() {
        assert!(read("").is_empty());
        assert!(read("\n\n# x\n  \n").is_empty());
    }
}
