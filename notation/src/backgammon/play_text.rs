//! Play text with no board attached: `13/8 13/11`, `bar/22*(2)`, `25/22 22/16`, `13/7*/5`,
//! `6/off`, `3/0`, `Cannot Move`.
//!
//! One grammar covers the standard notation, GNU Backgammon's printing and the Jellyfish `.mat`
//! dialects (BackgammonGalaxy: `25/21 21/18 3/0`, one item per die, no hit marks; Backgammon
//! Studio: `bar/21* 6/off 13/9* 9/3`). Items are separated by spaces and/or commas and may come
//! in any order; `bar` and `off` are read in any case, as are their numbers 25 and 0.

use std::fmt;
use std::str::FromStr;

use smallvec::SmallVec;
use tabula_engine::backgammon::Point;

/// The most points one item can show: a checker moved by all four dice of a double passes
/// through five.
pub const MAX_ITEM_POINTS: usize = 5;

/// The most moves (dice) a play can make.
const MAX_MOVES: usize = 4;

/// One item of a play: a checker path `from/.../to`, each landing point optionally marked `*`,
/// repeated `count` times (`24/18(2)`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PlayItem {
    points: [Point; MAX_ITEM_POINTS],
    len: u8,
    /// Bit `i`: a `*` after point `i`.
    marks: u8,
    count: u8,
}

/// What is wrong with the spelling of one item.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ItemSyntax {
    /// Where a point was expected stands something else.
    #[error("expected a point: 1 to 24, bar (or 25) or off (or 0)")]
    Point,
    /// A path starting from off.
    #[error("a move cannot start from off")]
    FromOff,
    /// `bar` (25) after the first point.
    #[error("the bar can only be the starting point")]
    BarNotFirst,
    /// Something after `off`.
    #[error("off can only be the last point")]
    OffNotLast,
    /// A point not below the one before it.
    #[error("expected a point lower than {0}: checkers move from higher to lower points")]
    NotLower(Point),
    /// A single point.
    #[error("expected `/` and the point the checker moves to")]
    MissingTo,
    /// A `*` on the starting point.
    #[error("a `*` goes after a landing point, not after the starting point")]
    MarkOnFrom,
    /// A malformed `(n)`.
    #[error("expected a count of 1 to 4 in parentheses, like (2)")]
    Count,
    /// A count with no move before it, or a second count.
    #[error("a count like (2) must follow a move that has none")]
    CountWithoutItem,
    /// An unexpected character.
    #[error("unexpected `{0}`: expected `/`, `*` or a count like (2)")]
    Unexpected(char),
    /// More than five points in one item.
    #[error("an item shows at most 5 points (a checker moved by four dice)")]
    TooManyPoints,
    /// The items together make more than four moves.
    #[error("the play has more than four moves; a roll plays at most four dice")]
    TooManyMoves,
}

/// An item that does not parse, with its place in the play.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("item {} `{item}`: {reason}", .index + 1)]
pub struct ParsePlayError {
    /// 0-based index of the item in the play (a count written apart, `(2)`, counts as one).
    pub index: usize,
    /// The item as written (at most 40 bytes kept).
    pub item: String,
    /// What is wrong.
    pub reason: ItemSyntax,
}

/// The items of one play, with no board attached. Empty for a roll that cannot be played
/// (`Cannot Move`, or nothing written).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct PlayText {
    items: SmallVec<[PlayItem; MAX_MOVES]>,
}

impl PlayItem {
    /// A placeholder of no points, never written: filled in before it is read.
    pub(crate) const BLANK: PlayItem = PlayItem { points: [Point::OFF; MAX_ITEM_POINTS], len: 0, marks: 0, count: 1 };

    /// The item moving `count` checkers along `path` (each point with whether it is marked
    /// `*`), checked as the parser checks it.
    ///
    /// # Errors
    /// Fewer than two points or more than five, a path that does not run from a starting point
    /// (1-25) down through board points to a landing point (0-24), a mark on the starting point,
    /// a count outside 1-4, or more than four moves in all.
    pub fn new(path: &[(Point, bool)], count: u8) -> Result<PlayItem, ItemSyntax> {
        let mut item = PlayItem { points: [Point::OFF; MAX_ITEM_POINTS], len: 0, marks: 0, count: 1 };
        for &(point, marked) in path {
            item.push_point(point, marked)?;
        }
        if item.len < 2 {
            return Err(ItemSyntax::MissingTo);
        }
        if !(1..=4).contains(&count) {
            return Err(ItemSyntax::Count);
        }
        item.count = count;
        if item.moves() > MAX_MOVES {
            return Err(ItemSyntax::TooManyMoves);
        }
        Ok(item)
    }

    /// The item of the shown points `points[..len]` (numbers, strictly falling, the first from
    /// 1 to 25), marked `*` where bit `i` of `marks` is set, taken by `count` checkers; checked
    /// as [`new`](Self::new) checks it.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub(crate) fn from_shown(
        points: &[u8; MAX_ITEM_POINTS],
        len: usize,
        marks: u8,
        count: u8,
    ) -> Result<PlayItem, ItemSyntax> {
        let len = len.min(MAX_ITEM_POINTS);
        // The paths of a legal play always pass; anything else is checked point by point.
        let falling = points[..len].windows(2).all(|w| w[0] > w[1]);
        let first = points[0];
        let fits = len >= 2
            && falling
            && (1..=25).contains(&first)
            && marks & 1 == 0
            && (1..=4).contains(&count)
            && u32::from(marks) >> len == 0;
        if !fits {
            let mut path = [(Point::OFF, false); MAX_ITEM_POINTS];
            for (i, slot) in path.iter_mut().enumerate().take(len) {
                *slot = (Point::new(points[i]).unwrap_or(Point::OFF), marks >> i & 1 == 1);
            }
            return PlayItem::new(&path[..len], count);
        }
        let mut item = PlayItem { points: [Point::OFF; MAX_ITEM_POINTS], len: len as u8, marks, count };
        for (slot, &n) in item.points.iter_mut().zip(&points[..len]) {
            *slot = Point::new(n).unwrap_or(Point::OFF);
        }
        if item.moves() > MAX_MOVES {
            return Err(ItemSyntax::TooManyMoves);
        }
        Ok(item)
    }

    fn push_point(&mut self, point: Point, marked: bool) -> Result<(), ItemSyntax> {
        let n = point.number();
        match self.points().last() {
            None if n == 0 => return Err(ItemSyntax::FromOff),
            None if marked => return Err(ItemSyntax::MarkOnFrom),
            None => {}
            Some(&prev) if prev == Point::OFF => return Err(ItemSyntax::OffNotLast),
            Some(_) if point == Point::BAR => return Err(ItemSyntax::BarNotFirst),
            Some(&prev) if n >= prev.number() => return Err(ItemSyntax::NotLower(prev)),
            Some(_) => {}
        }
        let slot = self.points.get_mut(self.len as usize).ok_or(ItemSyntax::TooManyPoints)?;
        *slot = point;
        if marked {
            self.marks |= 1 << self.len;
        }
        self.len += 1;
        Ok(())
    }

    /// Parses one item: `13/8`, `bar/22*(2)`, `25/22/16`, `6/off`, `3/0`, `Bar/20`.
    ///
    /// # Errors
    /// The text is not an item.
    pub fn from_ascii(s: &[u8]) -> Result<PlayItem, ItemSyntax> {
        match PlayItem::from_ascii_fast(s) {
            Some(item) => Ok(item),
            None => PlayItem::from_ascii_checked(s),
        }
    }

    /// [`from_ascii`](Self::from_ascii) of a well-formed item in one pass: `None` for anything
    /// else, which [`from_ascii_checked`](Self::from_ascii_checked) reads again for its error.
    #[inline]
    fn from_ascii_fast(s: &[u8]) -> Option<PlayItem> {
        let mut item = PlayItem::BLANK;
        let mut len = 0;
        // Above every point: the first may be any from 1 to 25, each next must be lower.
        let mut prev = 26;
        let mut i = 0;
        loop {
            let b = *s.get(i)?;
            let n = if b.is_ascii_digit() {
                match s.get(i + 1) {
                    Some(&c) if c.is_ascii_digit() => {
                        i += 2;
                        (b - b'0') * 10 + (c - b'0')
                    }
                    _ => {
                        i += 1;
                        b - b'0'
                    }
                }
            } else {
                let word = s.get(i..i + 3)?;
                i += 3;
                if word.eq_ignore_ascii_case(b"bar") {
                    25
                } else if word.eq_ignore_ascii_case(b"off") {
                    0
                } else {
                    return None;
                }
            };
            if n >= prev || (len == 0 && n == 0) || len == MAX_ITEM_POINTS {
                return None;
            }
            item.points[len] = Point::new(n)?;
            if s.get(i) == Some(&b'*') {
                if len == 0 {
                    return None;
                }
                item.marks |= 1 << len;
                i += 1;
            }
            len += 1;
            prev = n;
            match s.get(i) {
                None => break,
                Some(b'/') => i += 1,
                Some(b'(') => {
                    item.count = match s[i..] {
                        [b'(', d @ b'1'..=b'4', b')'] => d - b'0',
                        _ => return None,
                    };
                    break;
                }
                Some(_) => return None,
            }
        }
        item.len = len as u8;
        (len >= 2 && item.moves() <= MAX_MOVES).then_some(item)
    }

    /// [`from_ascii`](Self::from_ascii) a byte at a time, each error where it is found.
    #[cold]
    fn from_ascii_checked(s: &[u8]) -> Result<PlayItem, ItemSyntax> {
        let mut item = PlayItem { points: [Point::OFF; MAX_ITEM_POINTS], len: 0, marks: 0, count: 1 };
        let mut i = 0;
        loop {
            let (point, used) = parse_point(&s[i..])?;
            i += used;
            let marked = s.get(i) == Some(&b'*');
            if marked {
                i += 1;
            }
            item.push_point(point, marked)?;
            match s.get(i) {
                None => break,
                Some(b'/') => {
                    if point == Point::OFF {
                        return Err(ItemSyntax::OffNotLast);
                    }
                    i += 1;
                }
                Some(b'(') => {
                    item.count = parse_count(&s[i..])?;
                    break;
                }
                Some(&c) => return Err(ItemSyntax::Unexpected(char::from(c))),
            }
        }
        if item.len < 2 {
            return Err(ItemSyntax::MissingTo);
        }
        if item.moves() > MAX_MOVES {
            return Err(ItemSyntax::TooManyMoves);
        }
        Ok(item)
    }

    /// The points shown, starting point first (25 = bar, 0 = off).
    #[inline]
    pub fn points(&self) -> &[Point] {
        &self.points[..self.len as usize]
    }

    /// Where the path starts.
    #[inline]
    pub fn from(&self) -> Point {
        self.points[0]
    }

    /// Where the path ends.
    #[inline]
    pub fn to(&self) -> Point {
        self.points[(self.len as usize).saturating_sub(1).min(MAX_ITEM_POINTS - 1)]
    }

    /// Whether point `i` of [`points`](Self::points) is marked `*`.
    #[inline]
    pub fn is_marked(&self, i: usize) -> bool {
        i < 8 && self.marks >> i & 1 == 1
    }

    /// How many checkers move along the path (the `(n)`; 1 when absent).
    #[inline]
    pub fn count(&self) -> u8 {
        self.count
    }

    /// The number of moves between shown points, counting every checker: the fewest dice the
    /// item can take.
    #[inline]
    pub fn moves(&self) -> usize {
        (self.len as usize).saturating_sub(1) * self.count as usize
    }
}

/// Reads `bar`, `off` (any case) or a number of one or two digits; returns it and the bytes used.
fn parse_point(s: &[u8]) -> Result<(Point, usize), ItemSyntax> {
    let (n, digits) = match *s {
        [b'0'..=b'9', b'0'..=b'9', b'0'..=b'9', ..] => return Err(ItemSyntax::Point),
        [a @ b'0'..=b'9', b @ b'0'..=b'9', ..] => ((a - b'0') * 10 + (b - b'0'), 2),
        [a @ b'0'..=b'9', ..] => (a - b'0', 1),
        _ => {
            let word = |w: &[u8]| s.len() >= w.len() && s[..w.len()].eq_ignore_ascii_case(w);
            if word(b"bar") {
                return Ok((Point::BAR, 3));
            }
            if word(b"off") {
                return Ok((Point::OFF, 3));
            }
            return Err(ItemSyntax::Point);
        }
    };
    Point::new(n).map(|p| (p, digits)).ok_or(ItemSyntax::Point)
}

/// Reads `(n)` with n from 1 to 4, which must end the item.
fn parse_count(s: &[u8]) -> Result<u8, ItemSyntax> {
    match *s {
        [b'(', d @ b'1'..=b'4', b')'] => Ok(d - b'0'),
        _ => Err(ItemSyntax::Count),
    }
}

/// Whether the words say that the roll cannot be played (`Cannot Move`, `can't move`).
fn is_no_move(words: &[&[u8]]) -> bool {
    match words {
        [a, b] => {
            (a.eq_ignore_ascii_case(b"cannot") || a.eq_ignore_ascii_case(b"can't")) && b.eq_ignore_ascii_case(b"move")
        }
        _ => false,
    }
}

impl PlayText {
    /// Parses a play: items separated by spaces and/or commas, in any order. `Cannot Move`
    /// (any case) and an empty text are the empty play. A count may also stand apart after its
    /// item (`24/18 (2)`).
    ///
    /// # Errors
    /// The first item that does not parse, or the item at which the play passes four moves.
    pub fn from_ascii(text: &[u8]) -> Result<PlayText, ParsePlayError> {
        match PlayText::from_ascii_fast(text) {
            Some(play) => Ok(play),
            None => PlayText::from_ascii_checked(text),
        }
    }

    /// [`from_ascii`](Self::from_ascii) of well-formed items, each read where it is found:
    /// `None` for anything else (`Cannot Move`, a count written apart, an error), which
    /// [`from_ascii_checked`](Self::from_ascii_checked) reads again.
    #[inline]
    fn from_ascii_fast(text: &[u8]) -> Option<PlayText> {
        let mut items: SmallVec<[PlayItem; MAX_MOVES]> = SmallVec::new();
        let mut moves = 0;
        let mut i = 0;
        loop {
            while text.get(i).is_some_and(|&c| c == b' ' || c == b',' || c.is_ascii_whitespace()) {
                i += 1;
            }
            if i >= text.len() {
                break;
            }
            let start = i;
            while text.get(i).is_some_and(|&c| c != b' ' && c != b',' && !c.is_ascii_whitespace()) {
                i += 1;
            }
            let item = PlayItem::from_ascii_fast(&text[start..i])?;
            moves += item.moves();
            if moves > MAX_MOVES {
                return None;
            }
            items.push(item);
        }
        Some(PlayText { items })
    }

    /// [`from_ascii`](Self::from_ascii) word by word, with the error of the first item wrong.
    #[cold]
    fn from_ascii_checked(text: &[u8]) -> Result<PlayText, ParsePlayError> {
        let is_sep = |c: &u8| c.is_ascii_whitespace() || *c == b',';
        let words = text.split(is_sep).filter(|w| !w.is_empty());
        if matches!(text.iter().find(|c| !is_sep(c)), Some(b'c' | b'C')) {
            let first_two: SmallVec<[&[u8]; 3]> = words.clone().take(3).collect();
            if is_no_move(&first_two) {
                return Ok(PlayText::default());
            }
        }
        let mut items: SmallVec<[PlayItem; MAX_MOVES]> = SmallVec::new();
        let mut moves = 0;
        for (index, word) in words.enumerate() {
            let fail = |reason| {
                let shown = &word[..word.len().min(40)];
                ParsePlayError { index, item: String::from_utf8_lossy(shown).into_owned(), reason }
            };
            if word.first() == Some(&b'(') {
                // A count written apart: it belongs to the item before.
                let count = parse_count(word).map_err(fail)?;
                let prev = match items.last_mut() {
                    Some(p) if p.count == 1 => p,
                    _ => return Err(fail(ItemSyntax::CountWithoutItem)),
                };
                moves -= prev.moves();
                prev.count = count;
                moves += prev.moves();
                if moves > MAX_MOVES {
                    return Err(fail(ItemSyntax::TooManyMoves));
                }
                continue;
            }
            let item = PlayItem::from_ascii_checked(word).map_err(fail)?;
            moves += item.moves();
            if moves > MAX_MOVES {
                return Err(fail(ItemSyntax::TooManyMoves));
            }
            items.push(item);
        }
        Ok(PlayText { items })
    }

    /// A play of these items.
    ///
    /// # Errors
    /// The items make more than four moves together.
    pub fn from_items(items: &[PlayItem]) -> Result<PlayText, ItemSyntax> {
        if items.iter().map(PlayItem::moves).sum::<usize>() > MAX_MOVES {
            return Err(ItemSyntax::TooManyMoves);
        }
        Ok(PlayText { items: items.iter().copied().collect() })
    }

    /// The items, in the order written.
    #[inline]
    pub fn items(&self) -> &[PlayItem] {
        &self.items
    }

    /// Whether no checker moves (`Cannot Move`).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// The points as the notation writes them (`off`, the numbers, `bar`), four bytes each with
/// the length used: a point is copied in one move.
pub(super) const POINT_TEXT: [([u8; 4], usize); 26] = {
    let mut t = [([0u8; 4], 0usize); 26];
    t[0] = (*b"off/", 3);
    t[25] = (*b"bar/", 3);
    let mut n = 1;
    while n < 25 {
        t[n] = if n < 10 {
            ([b'0' + n as u8, b'/', 0, 0], 1)
        } else {
            ([b'0' + (n / 10) as u8, b'0' + (n % 10) as u8, b'/', 0], 2)
        };
        n += 1;
    }
    t
};

/// The longest text of an item: `bar/24*/18*/12*/6*(4)` cannot be legal, but fits.
const ITEM_BYTES: usize = 5 * 5 + 3;

/// The most bytes of a play's text: four items and their spaces.
const TEXT_BYTES: usize = 4 * (ITEM_BYTES + 1) + 4;

impl PlayItem {
    /// Writes the item's text (what `Display` writes) at the start of `buf`; the bytes
    /// written.
    fn write_bytes(&self, buf: &mut [u8; ITEM_BYTES + 4]) -> usize {
        let mut at = 0;
        for (i, &p) in self.points().iter().enumerate() {
            let (text, len) = POINT_TEXT[p.index().min(25)];
            if i > 0 {
                buf[at % ITEM_BYTES] = b'/';
                at += 1;
            }
            buf[at % ITEM_BYTES..at % ITEM_BYTES + 4].copy_from_slice(&text);
            at += len;
            if self.is_marked(i) {
                buf[at % ITEM_BYTES] = b'*';
                at += 1;
            }
        }
        if self.count > 1 {
            buf[at % ITEM_BYTES..at % ITEM_BYTES + 3].copy_from_slice(&[b'(', b'0' + self.count % 10, b')']);
            at += 3;
        }
        at.min(ITEM_BYTES)
    }

    /// Appends the item's text (what `Display` writes), ASCII, to `out`.
    pub fn write_ascii(&self, out: &mut Vec<u8>) {
        let mut buf = [0u8; ITEM_BYTES + 4];
        let n = self.write_bytes(&mut buf);
        out.extend_from_slice(&buf[..n]);
    }

    /// Appends the item's text (what `Display` writes) to `out`, without the formatting
    /// machinery: the writers of many plays call this.
    pub fn write_to(&self, out: &mut String) {
        let mut buf = [0u8; ITEM_BYTES + 4];
        let n = self.write_bytes(&mut buf);
        out.push_str(std::str::from_utf8(&buf[..n]).unwrap_or_default());
    }
}

impl PlayText {
    /// Appends the play's text (what `Display` writes) to `out`.
    pub fn write_to(&self, out: &mut String) {
        let mut buf = [0u8; TEXT_BYTES];
        let n = self.write_bytes(&mut buf);
        out.push_str(std::str::from_utf8(&buf[..n]).unwrap_or_default());
    }

    /// Writes the play's text into `buf`; its length.
    fn write_bytes(&self, buf: &mut [u8; TEXT_BYTES]) -> usize {
        let mut at = 0;
        let mut item = [0u8; ITEM_BYTES + 4];
        for (i, it) in self.items.iter().enumerate() {
            if i > 0 {
                buf[at] = b' ';
                at += 1;
            }
            let n = it.write_bytes(&mut item);
            if let Some(dst) = buf.get_mut(at..at + n) {
                dst.copy_from_slice(&item[..n]);
                at += n;
            }
        }
        at
    }

    /// The play's text, as `to_string` gives it, written directly (allocated once, at its
    /// length).
    pub fn text(&self) -> String {
        let mut buf = [0u8; TEXT_BYTES];
        let n = self.write_bytes(&mut buf);
        String::from(std::str::from_utf8(&buf[..n]).unwrap_or_default())
    }
}

impl fmt::Display for PlayItem {
    /// `bar/22*/16`, `6/off(2)`: `bar` and `off` in lower case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(24);
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

impl fmt::Display for PlayText {
    /// The items separated by single spaces; nothing for the empty play.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl FromStr for PlayItem {
    type Err = ItemSyntax;
    fn from_str(s: &str) -> Result<PlayItem, ItemSyntax> {
        PlayItem::from_ascii(s.as_bytes())
    }
}

impl FromStr for PlayText {
    type Err = ParsePlayError;
    fn from_str(s: &str) -> Result<PlayText, ParsePlayError> {
        PlayText::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(s: &str) -> Vec<String> {
        s.parse::<PlayText>().unwrap().items().iter().map(ToString::to_string).collect()
    }

    /// The one-pass reading gives what the byte-at-a-time one gives, or leaves the text to it:
    /// every text of up to five pieces of an alphabet of the parts of items.
    #[test]
    fn fast_reading_agrees_with_the_checked_one() {
        const PIECES: [&str; 16] =
            ["1", "3", "13", "25", "bar", "OFF", "0", "/", "*", "(2)", "(", " ", ",", "x", "8", "6"];
        let mut texts = vec![String::new()];
        let mut seen = 0;
        for _ in 0..5 {
            let mut longer = Vec::new();
            for text in &texts {
                for piece in PIECES {
                    let next = format!("{text}{piece}");
                    let item = PlayItem::from_ascii_fast(next.as_bytes());
                    if let Some(item) = item {
                        assert_eq!(Ok(item), PlayItem::from_ascii_checked(next.as_bytes()), "{next}");
                        seen += 1;
                    }
                    if let Some(play) = PlayText::from_ascii_fast(next.as_bytes()) {
                        assert_eq!(Ok(play), PlayText::from_ascii_checked(next.as_bytes()), "{next}");
                    }
                    longer.push(next);
                }
            }
            texts = longer;
        }
        assert!(seen > 400, "{seen}");
    }

    #[test]
    fn spellings_in_use() {
        assert_eq!(items("13/8 13/11"), ["13/8", "13/11"]);
        assert_eq!(items("bar/22*"), ["bar/22*"]);
        assert_eq!(items("25/22"), ["bar/22"]);
        assert_eq!(items("6/off, 6/0"), ["6/off", "6/off"]);
        assert_eq!(items("24/18(2)"), ["24/18(2)"]);
        assert_eq!(items("24/18 (2)"), ["24/18(2)"]);
        assert_eq!(items("13/7*/5"), ["13/7*/5"]);
        assert_eq!(items("Bar/22*(2) 3/OFF"), ["bar/22*(2)", "3/off"]);
        assert_eq!(items("  13/9*,9/3 ,"), ["13/9*", "9/3"]);
        assert!("Cannot Move".parse::<PlayText>().unwrap().is_empty());
        assert!("cannot  move".parse::<PlayText>().unwrap().is_empty());
        assert!("".parse::<PlayText>().unwrap().is_empty());
        assert!(" , ".parse::<PlayText>().unwrap().is_empty());
        let p: PlayText = "25/22*/16 8/5(2)".parse().unwrap();
        assert_eq!(p.to_string(), "bar/22*/16 8/5(2)");
        assert_eq!(p.to_string().parse::<PlayText>().unwrap(), p);
        let i = p.items()[0];
        assert_eq!((i.from(), i.to(), i.count(), i.moves()), (Point::BAR, Point::new(16).unwrap(), 1, 2));
        assert!(i.is_marked(1) && !i.is_marked(0) && !i.is_marked(2));
    }

    #[test]
    fn errors_name_the_item() {
        let e = "13/8 13/15".parse::<PlayText>().unwrap_err();
        assert_eq!((e.index, e.item.as_str(), e.reason), (1, "13/15", ItemSyntax::NotLower(Point::new(13).unwrap())));
        assert_eq!(
            e.to_string(),
            "item 2 `13/15`: expected a point lower than 13: checkers move from higher to lower points"
        );
        let reason = |s: &str| s.parse::<PlayText>().unwrap_err().reason;
        assert_eq!(reason("13"), ItemSyntax::MissingTo);
        assert_eq!(reason("13/"), ItemSyntax::Point);
        assert_eq!(reason("13/x"), ItemSyntax::Point);
        assert_eq!(reason("130/8"), ItemSyntax::Point);
        assert_eq!(reason("26/8"), ItemSyntax::Point);
        assert_eq!(reason("off/3"), ItemSyntax::FromOff);
        assert_eq!(reason("0/3"), ItemSyntax::FromOff);
        assert_eq!(reason("6/off/3"), ItemSyntax::OffNotLast);
        assert_eq!(reason("13/bar"), ItemSyntax::BarNotFirst);
        assert_eq!(reason("13*/8"), ItemSyntax::MarkOnFrom);
        assert_eq!(reason("13/8**"), ItemSyntax::Unexpected('*'));
        assert_eq!(reason("13/8(5)"), ItemSyntax::Count);
        assert_eq!(reason("13/8(2)x"), ItemSyntax::Count);
        assert_eq!(reason("(2) 13/8"), ItemSyntax::CountWithoutItem);
        assert_eq!(reason("13/8(2) (2)"), ItemSyntax::CountWithoutItem);
        assert_eq!(reason("24/20/16/12/8/4"), ItemSyntax::TooManyPoints);
        assert_eq!(reason("13/8(3) 6/1(2)"), ItemSyntax::TooManyMoves);
        assert_eq!(reason("13/8 (2) 6/1 (3)"), ItemSyntax::TooManyMoves);
        assert_eq!(reason("????"), ItemSyntax::Point);
        assert_eq!(reason("Cannot Move now"), ItemSyntax::Point);
        assert_eq!(reason("13/8\u{e9}"), ItemSyntax::Unexpected('\u{c3}'));
    }

    #[test]
    fn items_are_built_checked() {
        let p = |n| Point::new(n).unwrap();
        let item = PlayItem::new(&[(p(13), false), (p(10), true), (p(7), false)], 1).unwrap();
        assert_eq!(item.to_string(), "13/10*/7");
        assert_eq!(PlayItem::new(&[(p(13), false)], 1), Err(ItemSyntax::MissingTo));
        assert_eq!(PlayItem::new(&[(p(13), false), (p(7), false)], 0), Err(ItemSyntax::Count));
        assert_eq!(PlayItem::new(&[(p(13), false), (p(10), false), (p(7), false)], 3), Err(ItemSyntax::TooManyMoves));
        assert_eq!(PlayText::from_items(&[item, item, item]), Err(ItemSyntax::TooManyMoves));
    }
}
