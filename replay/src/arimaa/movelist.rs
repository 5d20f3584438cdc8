//! Cutting a move list into moves.
//!
//! Moves are separated by the two characters backslash and `n` (archive rows), by real newlines
//! (move-list files) or by `%13` (some tools). Each move starts with its label; a line with no
//! label continues the move before it (real game 90687 writes `7b\n rc7s rc6s db6s db5s`).

use std::borrow::Cow;

use memchr::memchr3;
use tabula_notation::arimaa::MoveLabel;

/// One move of a move list: its label and the text after it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveLine<'a> {
    /// The label as parsed.
    pub label: MoveLabel,
    /// The label as written.
    pub label_text: &'a str,
    /// The text after the label (continuation lines joined with a space).
    pub body: Cow<'a, [u8]>,
    /// 0-based count of real line breaks before the label, within the move list.
    pub line_offset: u64,
}

impl MoveLine<'_> {
    /// Whether the move is the word `takeback`.
    pub fn is_takeback(&self) -> bool {
        self.body.trim_ascii() == b"takeback"
    }

    /// Whether the move has no text after its label.
    pub fn is_empty(&self) -> bool {
        self.body.trim_ascii().is_empty()
    }
}

/// Text that cannot be cut into moves.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("text before the first move label: `{text}`")]
pub struct MoveListError {
    /// The text (at most 40 bytes of it).
    pub text: String,
    /// 0-based count of line breaks before it.
    pub line_offset: u64,
}

/// An iterator over the moves of a move list.
pub struct Moves<'a> {
    rest: &'a [u8],
    line: u64,
    pending: Option<(&'a [u8], u64)>,
}

impl<'a> Moves<'a> {
    /// Moves of `text`.
    pub fn new(text: &'a [u8]) -> Moves<'a> {
        Moves {
            rest: text,
            line: 0,
            pending: None,
        }
    }

    /// The next non-empty segment with the line it starts on.
    fn segment(&mut self) -> Option<(&'a [u8], u64)> {
        if let Some(p) = self.pending.take() {
            return Some(p);
        }
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let line = self.line;
            let mut at = 0;
            let (seg, skip) = loop {
                match memchr3(b'\\', b'\n', b'%', &self.rest[at..]) {
                    None => break (self.rest, self.rest.len()),
                    Some(i) => {
                        let i = at + i;
                        let tail = &self.rest[i..];
                        if tail[0] == b'\n' {
                            self.line += 1;
                            break (&self.rest[..i], i + 1);
                        } else if tail.starts_with(b"\\n") {
                            break (&self.rest[..i], i + 2);
                        } else if tail.starts_with(b"%13") {
                            break (&self.rest[..i], i + 3);
                        }
                        at = i + 1;
                    }
                }
            };
            self.rest = &self.rest[skip..];
            let seg = seg.strip_suffix(b"\r").unwrap_or(seg);
            if !seg.trim_ascii().is_empty() {
                return Some((seg, line));
            }
        }
    }
}

fn first_word(seg: &[u8]) -> (&[u8], &[u8]) {
    let seg = seg.trim_ascii_start();
    let end = seg
        .iter()
        .position(u8::is_ascii_whitespace)
        .unwrap_or(seg.len());
    (&seg[..end], &seg[end..])
}

impl<'a> Iterator for Moves<'a> {
    type Item = Result<MoveLine<'a>, MoveListError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (seg, line) = self.segment()?;
        let (word, body) = first_word(seg);
        let Ok(label) = MoveLabel::from_ascii(word) else {
            self.rest = &[];
            let shown = &seg.trim_ascii()[..seg.trim_ascii().len().min(40)];
            return Some(Err(MoveListError {
                text: String::from_utf8_lossy(shown).into_owned(),
                line_offset: line,
            }));
        };
        let label_text = std::str::from_utf8(word).unwrap_or_default();
        let mut body: Cow<'a, [u8]> = Cow::Borrowed(body);
        // Lines with no label continue this move.
        while let Some((next, nline)) = self.segment() {
            let (w, _) = first_word(next);
            if MoveLabel::from_ascii(w).is_ok() {
                self.pending = Some((next, nline));
                break;
            }
            let owned = body.to_mut();
            owned.push(b' ');
            owned.extend_from_slice(next);
        }
        Some(Ok(MoveLine {
            label,
            label_text,
            body,
            line_offset: line,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(text: &str) -> Vec<(String, String, u64)> {
        Moves::new(text.as_bytes())
            .map(|m| {
                let m = m.unwrap();
                (
                    m.label.to_string(),
                    String::from_utf8_lossy(m.body.trim_ascii()).into_owned(),
                    m.line_offset,
                )
            })
            .collect()
    }

    #[test]
    fn separators_and_continuations() {
        let got = collect(r"1w Ra1\n1b ra8\n2w\n Ee2n Ee3n\n2b");
        assert_eq!(got.len(), 4);
        assert_eq!(got[2], ("2w".into(), "Ee2n Ee3n".into(), 0));
        assert_eq!(got[3].1, "");
        let got = collect("1g Ra1\n1s ra8\r\n\n2g Ee2n%132s ed7s");
        assert_eq!(got[1], ("1s".into(), "ra8".into(), 1));
        assert_eq!(got[2], ("2g".into(), "Ee2n".into(), 3));
        assert_eq!(got[3], ("2s".into(), "ed7s".into(), 3));
        let err = Moves::new(b"hello 1w").next().unwrap().unwrap_err();
        assert_eq!(err.text, "hello 1w");
        assert!(Moves::new(br"1w a\ b").all(|m| m.is_ok()));
    }
}
