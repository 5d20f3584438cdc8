//! The text of one line of a match: tags, the match length, the player line, and the actions
//! of a move line with their columns.

use compact_str::CompactString;

use super::record::{syntax, trim, Action, ActionKind, Column, GameEnd, GameRecord, MatError};

pub(super) const PLAYER_LINE: &str = "the player line `name : score   name : score`";
pub(super) const ACTION: &str = "a roll `dd:`, `Doubles => n`, `Takes`, `Drops`, `Wins n point` or `Losses n point`";

pub(super) fn is_comment(text: &str) -> bool {
    text.starts_with(';') || text.starts_with('#')
}

/// `Game N` (trimmed) gives N.
pub(super) fn game_line(text: &str) -> Option<u32> {
    let rest = text.strip_prefix("Game")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    parse_number(rest.trim())
}

/// A number written with ASCII digits only.
pub(super) fn parse_number<T: std::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `[Name "value"]` gives the name and the value; so does `[Name "value"`, which lost its `]`
/// but not its value. A value without its closing `"` (a line cut short) gives `None`.
pub(super) fn parse_tag(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_prefix('[')?.trim_end();
    let inner = inner.strip_suffix(']').unwrap_or(inner);
    let open = inner.find('"')?;
    let name = inner[..open].trim();
    let value = inner[open + 1..].trim_end().strip_suffix('"')?;
    (!name.is_empty()).then_some((name, value))
}

/// `N point match`: `None` when the line is not one, `Err` when N is not a number.
pub(super) fn parse_match_length(text: &str) -> Option<Result<u32, ()>> {
    let mut words = text.split_whitespace();
    let length = words.next()?;
    let point = words.next()?;
    let is_point = point.eq_ignore_ascii_case("point") || point.eq_ignore_ascii_case("points");
    if !is_point || !words.next()?.eq_ignore_ascii_case("match") || words.next().is_some() {
        return None;
    }
    Some(parse_number(length).ok_or(()))
}

/// ` name : score   name : score`: the names, the scores, and the character position that
/// separates the columns (see the module documentation).
pub(super) fn parse_players(line: &str) -> Option<([String; 2], [u32; 2], u32)> {
    let first_start = line.len() - line.trim_start().len();
    for (colon, _) in line.match_indices(':') {
        let after = line[colon + 1..].trim_start();
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || !after[digits..].starts_with(char::is_whitespace) {
            continue;
        }
        let second = after[digits..].trim_start();
        if second.is_empty() {
            continue;
        }
        // Every later candidate ends in the same last `name : score`, so a failure here is final.
        let colon2 = second.rfind(':')?;
        let score2 = parse_number(second[colon2 + 1..].trim())?;
        let score1 = parse_number(&after[..digits])?;
        let names = [line[..colon].trim().to_owned(), second[..colon2].trim().to_owned()];
        let second_start = line.len() - second.len();
        let a = line[..first_start].chars().count();
        let b = a + line[first_start..second_start].chars().count();
        let middle = u32::try_from((a + b) / 2).unwrap_or(u32::MAX);
        return Some((names, [score1, score2], middle));
    }
    None
}

/// A word of a line: its text, byte range and 0-based character position, and what its bytes
/// are ([`CLASS`] bits: `any` of some byte, `all` of every byte).
struct Word<'a> {
    text: &'a str,
    start: usize,
    end: usize,
    position: u32,
    any: u8,
    all: u8,
}

/// An ASCII space (`char::is_whitespace` of an ASCII byte).
const SPACE: u8 = 1;
/// A byte of a play item: a digit, a letter, `/`, `*`, `(`, `)` or `,`.
const ITEM: u8 = 2;
/// `:`.
const COLON: u8 = 4;
/// `/`.
const SLASH: u8 = 8;
/// `,`.
const COMMA: u8 = 16;
/// `?`.
const QUESTION: u8 = 32;

/// What each byte is: the bits above.
static CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        class[b] = if c == b' ' || (c >= b'\t' && c <= b'\r') {
            SPACE
        } else if c.is_ascii_alphanumeric() || matches!(c, b'*' | b'(' | b')') {
            ITEM
        } else if c == b'/' {
            ITEM | SLASH
        } else if c == b',' {
            ITEM | COMMA
        } else if c == b':' {
            COLON
        } else if c == b'?' {
            QUESTION
        } else {
            0
        };
        b += 1;
    }
    class
};

/// `char::is_whitespace` for an ASCII byte.
#[inline]
pub(super) fn is_space(b: u8) -> bool {
    CLASS[usize::from(b)] & SPACE != 0
}

/// The words of a line, one at a time.
struct Words<'a> {
    line: &'a str,
    /// The byte where the next search starts.
    i: usize,
    /// Whether the line is ASCII (one byte a character).
    ascii: bool,
    /// The characters before byte `i` (counted when the line is not ASCII).
    chars: u32,
}

impl<'a> Words<'a> {
    fn new(line: &'a str) -> Words<'a> {
        Words { line, i: 0, ascii: line.is_ascii(), chars: 0 }
    }

    #[inline]
    fn next(&mut self) -> Option<Word<'a>> {
        if !self.ascii {
            return self.next_unicode();
        }
        let bytes = self.line.as_bytes();
        let mut i = self.i;
        // The columns are padded with long runs of spaces: eight at a time.
        while bytes.get(i..i + 8).is_some_and(|run| run == b"        ") {
            i += 8;
        }
        while bytes.get(i).is_some_and(|&b| is_space(b)) {
            i += 1;
        }
        let start = i;
        let (mut any, mut all) = (0, u8::MAX);
        while let Some(&b) = bytes.get(i) {
            let class = CLASS[usize::from(b)];
            if class & SPACE != 0 {
                break;
            }
            any |= class;
            all &= class;
            i += 1;
        }
        self.i = i;
        (i > start).then(|| Word {
            text: &self.line[start..i],
            start,
            end: i,
            position: start.try_into().unwrap_or(u32::MAX),
            any,
            all,
        })
    }

    /// [`next`](Self::next) for a line that is not ASCII: the spaces are `char::is_whitespace`.
    #[cold]
    fn next_unicode(&mut self) -> Option<Word<'a>> {
        let mut current: Option<(usize, u32)> = None;
        for (offset, c) in self.line[self.i..].char_indices() {
            let i = self.i + offset;
            if c.is_whitespace() {
                if let Some((start, position)) = current {
                    self.i = i;
                    return Some(Words::word(self.line, start, i, position));
                }
            } else if current.is_none() {
                current = Some((i, self.chars));
            }
            self.chars = self.chars.saturating_add(1);
        }
        self.i = self.line.len();
        current.map(|(start, position)| Words::word(self.line, start, self.line.len(), position))
    }

    fn word(line: &'a str, start: usize, end: usize, position: u32) -> Word<'a> {
        let text = &line[start..end];
        let any = text.bytes().fold(0, |any, b| any | CLASS[usize::from(b)]);
        let all = text.bytes().fold(u8::MAX, |all, b| all & CLASS[usize::from(b)]);
        Word { text, start, end, position, any, all }
    }
}

/// `12)`: a move number.
#[inline]
pub(super) fn move_number(word: &str) -> Option<Result<u32, ()>> {
    let digits = word.strip_suffix(')')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse().map_err(|_| ()))
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Keyword {
    Doubles,
    Takes,
    Drops,
    Wins,
    Losses,
}

#[inline]
pub(super) fn keyword(word: &str) -> Option<Keyword> {
    if !matches!(word.len(), 4..=7) || !matches!(word.as_bytes()[0] | 0x20, b'd' | b't' | b'w' | b'l') {
        return None;
    }
    [
        ("doubles", Keyword::Doubles),
        ("takes", Keyword::Takes),
        ("drops", Keyword::Drops),
        ("wins", Keyword::Wins),
        ("losses", Keyword::Losses),
    ]
    .into_iter()
    .find(|(name, _)| word.eq_ignore_ascii_case(name))
    .map(|(_, k)| k)
}

/// Whether a word starts an action (a roll `dd:` or a keyword), or is a move number.
#[inline]
fn ends_action(word: &Word<'_>) -> bool {
    word.any & COLON != 0 || keyword(word.text).is_some() || move_number(word.text).is_some()
}

pub(super) fn die(b: u8) -> Option<u8> {
    (b'1'..=b'6').contains(&b).then(|| b - b'0')
}

/// Whether a word can be part of a play: a path such as `24/18`, `bar/21*`, `6/off(2)` or
/// `13/7*/5`, with an optional comma.
#[inline]
fn is_play_item(word: &Word<'_>) -> bool {
    word.any & SLASH != 0 && word.all & ITEM != 0 || word.all & COMMA != 0
}

/// The words after the first of an action, up to the next action: the first six, how many,
/// and the first that is not a play item.
struct Args<'a> {
    first: [&'a str; 6],
    count: usize,
    not_item: Option<&'a str>,
    /// The end of the last, or of the action's first word.
    end: usize,
}

impl<'a> Args<'a> {
    /// The words as [`parse_action`] reads them: six stand for six or more.
    fn texts(&self) -> &[&'a str] {
        &self.first[..self.count.min(6)]
    }
}

/// Reads the actions of the move line `line` (line `number` of the file) into `record`.
/// `last` is the game's last move number (0 before its first move line): the line's number
/// must follow it, a second number on the line must repeat it, and a roll or a cube action
/// needs one before it on its line.
pub(super) fn parse_action_line(
    line: &str,
    number: u64,
    middle: u32,
    last: &mut u32,
    record: &mut GameRecord,
) -> Result<(), MatError> {
    let game = Some(record.number);
    let mut words = Words::new(line);
    // The line's move number; 0 until one is read (no move is numbered 0).
    let mut move_no = 0;
    let mut next = words.next();
    while let Some(word) = next {
        if let Some(n) = move_number(word.text) {
            let n = n.map_err(|()| syntax(number, game, word.text, "a move number"))?;
            // A second number on the line repeats the first.
            let expected = if move_no == 0 { last.saturating_add(1) } else { move_no };
            if n != expected {
                return Err(misnumbered(number, record.number, move_no != 0, expected, word.text, n));
            }
            *last = n;
            move_no = n;
            next = words.next();
            continue;
        }
        let mut args = Args { first: [""; 6], count: 0, not_item: None, end: word.end };
        loop {
            next = words.next();
            let Some(arg) = next.as_ref().filter(|w| !ends_action(w)) else { break };
            if let Some(slot) = args.first.get_mut(args.count) {
                *slot = arg.text;
            }
            args.count += 1;
            if args.not_item.is_none() && !is_play_item(arg) {
                args.not_item = Some(arg.text);
            }
            args.end = arg.end;
        }
        let text = &line[word.start..args.end];
        let kind = parse_action(line, &word, &args, text, number, game)?;
        if move_no == 0 {
            unnumbered(&kind, number, game, text)?;
        }
        let column = if word.position >= middle { Column::Right } else { Column::Left };
        if let ActionKind::Wins { points, and_match } = kind {
            if let Some(first) = record.end {
                return Err(MatError::SecondWins { line: number, game: record.number, first: first.line });
            }
            record.end = Some(GameEnd { winner: column, points, and_match, line: number });
        }
        record.actions.push(Action {
            line: number,
            move_number: (move_no != 0).then_some(move_no),
            column,
            position: word.position,
            text: CompactString::new(text),
            kind,
            play_text: None,
        });
    }
    Ok(())
}

/// The error of a move number `found` (written `text`) where `expected` is due: the line's
/// first number (`repeat` false) or a second one.
#[cold]
#[inline(never)]
fn misnumbered(line: u64, game: u32, repeat: bool, expected: u32, text: &str, found: u32) -> MatError {
    if repeat {
        syntax(line, Some(game), text, "the line's move number again, or the next action")
    } else {
        MatError::MoveNumber { line, game, expected, found }
    }
}

/// An action `text` of `kind` on a line without a move number: an error unless a `Wins` or
/// `Losses`.
#[cold]
#[inline(never)]
fn unnumbered(kind: &ActionKind, line: u64, game: Option<u32>, text: &str) -> Result<(), MatError> {
    match kind {
        ActionKind::Wins { .. } | ActionKind::Losses { .. } => Ok(()),
        _ => Err(syntax(line, game, text, "a move number `n)` before a roll or a cube action")),
    }
}

fn parse_action(
    line: &str,
    word: &Word<'_>,
    args: &Args<'_>,
    text: &str,
    number: u64,
    game: Option<u32>,
) -> Result<ActionKind, MatError> {
    let err = |found: &str, expected| syntax(number, game, found, expected);
    if let Some(colon) = word.text.bytes().position(|b| b == b':') {
        let dice = match word.text.as_bytes()[..colon] {
            [a, b] => die(a).zip(die(b)),
            _ => None,
        };
        let dice = dice.ok_or_else(|| err(&word.text[..=colon], "two dice 1-6 before `:`"))?;
        let play = trim(&line[word.start + colon + 1..args.end]);
        if play.is_empty() {
            return Ok(ActionKind::Roll { dice });
        }
        if play.bytes().all(|b| b == b'?') {
            return Ok(ActionKind::Unknown { dice });
        }
        // The play's words: anything written against the colon, then the words after it.
        let attached = &word.text[colon + 1..];
        let texts = args.texts();
        let (a, b) = match (attached.is_empty(), texts) {
            (false, [b]) => (attached, *b),
            (true, [a, b]) => (*a, *b),
            _ => ("", ""),
        };
        let cannot_move = a.eq_ignore_ascii_case("cannot") && b.eq_ignore_ascii_case("move");
        if !cannot_move {
            let attached_bad = (!attached.is_empty() && !is_play_item(&Words::word(attached, 0, attached.len(), 0)))
                .then_some(attached);
            if let Some(bad) = attached_bad.or(args.not_item) {
                return Err(err(bad, "a play item such as `24/18`, `bar/21*` or `6/off(2)`, or the next action"));
            }
        }
        return Ok(ActionKind::Roll { dice });
    }
    let Some(keyword) = keyword(word.text) else {
        let expected = if word.text.bytes().all(|b| b == b'?') { "a roll `dd:` before `????`" } else { ACTION };
        return Err(err(word.text, expected));
    };
    let args = args.texts();
    let points = |args: &[&str]| match args {
        [n, unit, ..] if unit.eq_ignore_ascii_case("point") || unit.eq_ignore_ascii_case("points") => parse_number(n),
        _ => None,
    };
    match keyword {
        Keyword::Doubles => {
            let value = match args[..] {
                ["=>", n] => parse_number(n),
                [n] => n.strip_prefix("=>").and_then(parse_number),
                _ => None,
            };
            value.map(|value| ActionKind::Double { value }).ok_or_else(|| err(text, "`Doubles => n`, the cube value"))
        }
        Keyword::Takes | Keyword::Drops => match args.first() {
            Some(extra) => Err(err(extra, "nothing after `Takes` or `Drops` but the next action")),
            None if keyword == Keyword::Takes => Ok(ActionKind::Take),
            None => Ok(ActionKind::Drop),
        },
        Keyword::Wins => {
            let and_match = match args.get(2..) {
                Some([]) => Some(false),
                Some([and, the, m])
                    if and.eq_ignore_ascii_case("and")
                        && the.eq_ignore_ascii_case("the")
                        && m.eq_ignore_ascii_case("match") =>
                {
                    Some(true)
                }
                _ => None,
            };
            match (points(args), and_match) {
                (Some(points), Some(and_match)) => Ok(ActionKind::Wins { points, and_match }),
                _ => Err(err(text, "`Wins n point`, optionally followed by `and the match`")),
            }
        }
        Keyword::Losses => match points(args) {
            Some(points) if args.len() == 2 => Ok(ActionKind::Losses { points }),
            _ => Err(err(text, "`Losses n point`")),
        },
    }
}
