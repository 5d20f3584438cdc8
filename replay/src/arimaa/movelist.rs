//! Cutting a move list into moves, parsing each word once.
//!
//! Moves are separated by the two characters backslash and `n` (archive rows), by real newlines
//! (move-list files) or by `%13` (some tools). Each move starts with its label at the start of a
//! line; a line that does not start with a label continues the move before it (real game 90687
//! writes `7b\n rc7s rc6s db6s db5s`). A label in the middle of a line is not a label but a bad
//! token.

use tabula_notation::arimaa::{LongMove, LongToken, MoveLabel, ParseLongError};

/// What follows a move's label.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveBody {
    /// Nothing: the move never played at the end of a list (or a pass, which is illegal).
    Empty,
    /// The word `takeback`.
    Takeback,
    /// Long-notation tokens.
    Tokens(LongMove),
    /// A word that is not a token.
    Syntax(ParseLongError),
}

/// One move of a move list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveLine<'a> {
    /// The label as parsed.
    pub label: MoveLabel,
    /// The label as written.
    pub label_text: &'a [u8],
    /// The move's text after the label, as written (continuation lines included).
    pub text: &'a [u8],
    /// The parsed text.
    pub body: MoveBody,
    /// 0-based count of real line breaks before the label, within the move list.
    pub line_offset: u64,
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
    text: &'a [u8],
    pos: usize,
    line: u64,
    line_start: bool,
    /// A label already read (label, start, end, line) that begins the next move.
    next_label: Option<(MoveLabel, usize, usize, u64)>,
    failed: bool,
    /// Whether [`Moves::fast_move`] is tried first (always, except in the tests that compare
    /// it with the general path).
    fast: bool,
}

const SPACE: u8 = 1;
const SPECIAL: u8 = 2;

/// Bytes that can end a token in a move of the usual shape.
static ENDS_TOKEN: [bool; 256] = {
    let mut t = [false; 256];
    t[b' ' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b' ' as usize] = SPACE;
    t[b'\t' as usize] = SPACE;
    t[b'\r' as usize] = SPACE;
    t[0x0b] = SPACE;
    t[0x0c] = SPACE;
    t[b'\n' as usize] = SPECIAL;
    t[b'\\' as usize] = SPECIAL;
    t[b'%' as usize] = SPECIAL;
    t
};

enum Word {
    End,
    Word(usize, usize, bool),
}

impl<'a> Moves<'a> {
    /// Moves of `text`.
    pub fn new(text: &'a [u8]) -> Moves<'a> {
        Moves { text, pos: 0, line: 0, line_start: true, next_label: None, failed: false, fast: true }
    }

    #[cfg(test)]
    fn general(text: &'a [u8]) -> Moves<'a> {
        Moves { fast: false, ..Moves::new(text) }
    }

    /// Length of the separator at `i`, if one starts there (`\n`, backslash-n, `%13`).
    #[inline]
    fn separator_at(&self, i: usize) -> Option<usize> {
        match self.text[i] {
            b'\n' => Some(1),
            b'\\' if self.text.get(i + 1) == Some(&b'n') => Some(2),
            b'%' if self.text.get(i + 1..i + 3) == Some(b"13") => Some(3),
            _ => None,
        }
    }

    /// The next word with whether it starts a line.
    #[inline]
    fn word(&mut self) -> Word {
        let t = self.text;
        let mut i = self.pos;
        // Separators and spaces; plain bytes fall through without a branch on their class.
        while i < t.len() {
            let class = CLASS[t[i] as usize];
            if class == 0 {
                break;
            }
            if class == SPACE {
                i += 1;
                continue;
            }
            let Some(n) = self.separator_at(i) else { break };
            self.line += u64::from(t[i] == b'\n');
            self.line_start = true;
            i += n;
        }
        if i >= t.len() {
            self.pos = i;
            return Word::End;
        }
        let start = i;
        i += 1;
        while i < t.len() {
            let class = CLASS[t[i] as usize];
            if class == 0 {
                i += 1;
            } else if class == SPACE || self.separator_at(i).is_some() {
                break;
            } else {
                i += 1;
            }
        }
        self.pos = i;
        let at_line_start = std::mem::replace(&mut self.line_start, false);
        Word::Word(start, i, at_line_start)
    }

    /// A long-notation token of 3 or 4 bytes at the next word, not at the start of a line,
    /// followed by a space, a separator or the end: parsed without a scan.
    #[inline]
    fn fast_token(&mut self) -> Option<(LongToken, usize, usize)> {
        if self.line_start {
            return None;
        }
        let t = self.text;
        let mut i = self.pos;
        while i < t.len() && t[i] == b' ' {
            i += 1;
        }
        let rest = &t[i..];
        // The usual shapes first: `Ed2n ` and `Ed2n\n`, then the end of the text.
        let len = match rest {
            [_, _, _, _, b' ', ..] => 4,
            [_, _, _, _, b'\\', b'n', ..] => {
                self.line_start = true;
                4
            }
            [_, _, _, b' ', ..] => 3,
            [_, _, _, b'\\', b'n', ..] => {
                self.line_start = true;
                3
            }
            [_, _, _, _] => 4,
            [_, _, _] => 3,
            _ => return None,
        };
        match LongToken::from_ascii(&rest[..len]) {
            Ok(tok) => {
                // Step over the separator that ended the token.
                self.pos = i + len + if self.line_start { 2 } else { usize::from(rest.len() > len) };
                Some((tok, i, i + len))
            }
            Err(_) => {
                self.line_start = false;
                None
            }
        }
    }

    /// The label that is the whole word at `i`, with the word's end.
    #[inline]
    fn label_word(&self, i: usize) -> Option<(MoveLabel, usize)> {
        let t = self.text;
        let (label, len) = MoveLabel::from_ascii_prefix(t.get(i..)?)?;
        let end = i + len;
        let at_word_end = end == t.len() || CLASS[t[end] as usize] == SPACE || self.separator_at(end).is_some();
        at_word_end.then_some((label, end))
    }

    /// The usual move, cut and parsed in one pass: a label at the start of a line, single spaces,
    /// tokens of 3 or 4 bytes, and a backslash-n, a newline or the end of the text, after which
    /// a label begins or the text ends. Anything else (the last bare label, takebacks, odd
    /// spacing, continuation lines, bad tokens) returns `None` with nothing consumed, for the
    /// general path.
    #[inline]
    fn fast_move(&mut self) -> Option<MoveLine<'a>> {
        if !self.fast {
            return None;
        }
        let t = self.text;
        let (label, ls, le, line_offset) = match self.next_label {
            Some(l) => l,
            None if self.line_start => {
                let (label, le) = self.label_word(self.pos)?;
                (label, self.pos, le, self.line)
            }
            None => return None,
        };
        if t.get(le) != Some(&b' ') {
            return None;
        }
        let mut tokens = LongMove::new();
        let mut i = le;
        let (text_end, next, newlines) = loop {
            // `i` is at the space before a token; six bytes cover the longest token and what
            // ends it (the last move of a list, with no label after it, takes the general path).
            let Some(&[b' ', p, f, r, d, e]) = t.get(i..i + 6) else { return None };
            let four = !ENDS_TOKEN[d as usize];
            if four && !ENDS_TOKEN[e as usize] {
                return None;
            }
            tokens.push(LongToken::from_bytes([p, f, r, d], four)?);
            i += 4 + usize::from(four);
            let end = if four { e } else { d };
            match end {
                b' ' => {}
                b'\\' if t.get(i + 1) == Some(&b'n') => break (i, i + 2, 0),
                b'\n' => break (i, i + 1, 1),
                _ => return None,
            }
        };
        // A line that does not start with a label would continue this move.
        let line = line_offset + newlines;
        if next < t.len() {
            let (next_label, end) = self.label_word(next)?;
            self.next_label = Some((next_label, next, end, line));
            self.pos = end;
        } else {
            self.next_label = None;
            self.pos = next;
        }
        self.line = line;
        self.line_start = false;
        Some(MoveLine {
            label,
            label_text: &t[ls..le],
            text: &t[le..text_end],
            body: MoveBody::Tokens(tokens),
            line_offset,
        })
    }

    /// Whether no move is left.
    pub fn is_done(&mut self) -> bool {
        if self.failed {
            return true;
        }
        if self.next_label.is_some() {
            return false;
        }
        let save = (self.pos, self.line, self.line_start);
        let done = matches!(self.word(), Word::End);
        (self.pos, self.line, self.line_start) = save;
        done
    }
}

fn as_label(word: &[u8]) -> Option<MoveLabel> {
    if word.first().is_some_and(u8::is_ascii_digit) {
        MoveLabel::from_ascii(word).ok()
    } else {
        None
    }
}

impl MoveLine<'_> {
    /// The label as written, as text.
    pub fn label_str(&self) -> String {
        String::from_utf8_lossy(self.label_text).into_owned()
    }
}

impl<'a> Iterator for Moves<'a> {
    type Item = Result<MoveLine<'a>, MoveListError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        if let Some(m) = self.fast_move() {
            return Some(Ok(m));
        }
        let t = self.text;
        let (label, ls, le, line) = match self.next_label.take() {
            Some(l) => l,
            None => match self.word() {
                Word::End => return None,
                Word::Word(s, e, _) => match as_label(&t[s..e]) {
                    Some(label) => (label, s, e, self.line),
                    None => {
                        self.failed = true;
                        let shown = &t[s..t.len().min(s + 40)];
                        let shown = shown.split(|&b| b == b'\\' || b == b'\n').next().unwrap_or_default();
                        return Some(Err(MoveListError {
                            text: String::from_utf8_lossy(shown.trim_ascii()).into_owned(),
                            line_offset: self.line,
                        }));
                    }
                },
            },
        };
        let label_text = &t[ls..le];
        let mut tokens = LongMove::new();
        let mut body = MoveBody::Empty;
        let mut text_end = le;
        let mut index = 0;
        loop {
            // Most words are 3- or 4-byte tokens: parse those in place, without a word scan.
            if let Some((tok, s, e)) = self.fast_token() {
                text_end = e;
                if !matches!(body, MoveBody::Syntax(_) | MoveBody::Takeback) {
                    tokens.push(tok);
                    index += 1;
                    continue;
                }
                // A token after a takeback or a bad word: let the word scan see it again.
                self.pos = s;
                self.line_start = false;
            }
            let Word::Word(s, e, at_line_start) = self.word() else { break };
            let word = &t[s..e];
            if at_line_start {
                if let Some(next) = as_label(word) {
                    self.next_label = Some((next, s, e, self.line));
                    break;
                }
            }
            text_end = e;
            if matches!(body, MoveBody::Syntax(_)) {
                continue;
            }
            if word == b"takeback" && index == 0 {
                body = MoveBody::Takeback;
            } else if matches!(body, MoveBody::Takeback) {
                body = MoveBody::Syntax(syntax(index, word, tabula_notation::arimaa::TokenSyntax::Length));
            } else {
                match LongToken::from_ascii(word) {
                    Ok(tok) => {
                        tokens.push(tok);
                        body = MoveBody::Empty;
                    }
                    Err(reason) => body = MoveBody::Syntax(syntax(index, word, reason)),
                }
            }
            index += 1;
        }
        if matches!(body, MoveBody::Empty) && !tokens.is_empty() {
            body = MoveBody::Tokens(tokens);
        }
        Some(Ok(MoveLine { label, label_text, text: &t[le..text_end], body, line_offset: line }))
    }
}

fn syntax(index: usize, word: &[u8], reason: tabula_notation::arimaa::TokenSyntax) -> ParseLongError {
    let shown = &word[..word.len().min(40)];
    ParseLongError { index, token: String::from_utf8_lossy(shown).into_owned(), reason }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(text: &str) -> Vec<(String, String, u64)> {
        Moves::new(text.as_bytes())
            .map(|m| {
                let m = m.unwrap();
                let body = match &m.body {
                    MoveBody::Empty => String::new(),
                    MoveBody::Takeback => "takeback".into(),
                    MoveBody::Tokens(t) => t.to_string(),
                    MoveBody::Syntax(e) => format!("error {}", e.token),
                };
                (m.label.to_string(), body, m.line_offset)
            })
            .collect()
    }

    #[test]
    fn separators_and_continuations() {
        let got = collect(r"1w Ra1\n1b ra8\n2w\n Ee2n Ee3n\n2b");
        assert_eq!(got.len(), 4);
        assert_eq!(got[2], ("2w".into(), "Ee2n Ee3n".into(), 0));
        assert_eq!(got[3].1, "");
        let got = collect("1g Ra1\n1s ra8\r\n\n2g Ee2n%132s takeback");
        assert_eq!(got[1], ("1s".into(), "ra8".into(), 1));
        assert_eq!(got[2], ("2g".into(), "Ee2n".into(), 3));
        assert_eq!(got[3], ("2s".into(), "takeback".into(), 3));
        let err = Moves::new(b"hello 1w").next().unwrap().unwrap_err();
        assert_eq!(err.text, "hello 1w");
        let got = collect(r"1w Ra1 2b\n1b takeback Ra1");
        assert_eq!(got[0].1, "error 2b");
        assert_eq!(got[1].1, "error Ra1");
        let got = collect(r"1w a\ b");
        assert_eq!(got[0].1, r"error a\");
    }

    fn same_as_general_path(text: &[u8]) {
        let fast: Vec<_> = Moves::new(text).collect();
        let general: Vec<_> = Moves::general(text).collect();
        assert_eq!(fast, general, "{}", String::from_utf8_lossy(text));
        let (mut a, mut b) = (Moves::new(text), Moves::general(text));
        while a.next().is_some() {
            b.next();
            assert_eq!(a.is_done(), b.is_done());
        }
    }

    #[test]
    fn fast_path_agrees_with_the_general_path() {
        for text in [
            r"1w Ra1 Rb1\n1b ra8\n2w Ed2n Ed3x\n2b",
            "1g Ra1\n1s ra8\n2g Ee2n\n 2s Ed2n\n3g Ee3n\n",
            "1g Ra1\r\n1s ra8\n\n2g Ee2n%132s",
            r"1w Ra1\n12x Ed2n\n2w Ed2n  Ee2n\n2b takeback\n2b",
            r"1w Ra1 Ed2nn\n1b Ra1\n\n1w Ed2n\",
            r"1w Ra1\n99999999w Ed2n\n3w Ed2n\t\n4w",
            "1w Ra1 Ed2n\n2b Ee2n",
            r"1w Ra1\n2b Ee2n\n2b\n",
        ] {
            same_as_general_path(text.as_bytes());
        }
        let records = same_as_general_path_in(concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/arimaa"));
        assert!(records >= 50, "only {records} records found");
    }

    /// The fast path and the general path agree on every record of the `.tsv` files of `dir`,
    /// which must exist; the number of records.
    fn same_as_general_path_in(dir: &str) -> usize {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
        let mut records = 0;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "tsv") {
                continue;
            }
            let _ = crate::read::for_each_arimaa_record(&path, &mut |r| {
                records += 1;
                same_as_general_path(&r.movelist);
                std::ops::ControlFlow::Continue(())
            });
        }
        records
    }

    #[test]
    #[ignore = "needs ../shared/data"]
    fn fast_path_agrees_with_the_general_path_on_the_real_archives() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/arimaa");
        assert!(
            std::path::Path::new(dir).is_dir(),
            "../shared/data/arimaa not found (looked for {dir}): this test needs the shared data beside the repository"
        );
        let records = same_as_general_path_in(dir);
        assert!(records >= 90, "only {records} records found");
    }

    #[test]
    fn knows_when_it_is_done() {
        let mut m = Moves::new(br"1w Ra1\n1b  \n ");
        assert!(!m.is_done());
        m.next();
        assert!(!m.is_done());
        m.next();
        assert!(m.is_done());
        assert!(m.next().is_none());
    }
}
