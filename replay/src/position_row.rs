//! The positions reached in a game, as `tabula positions` writes them (`docs/archive.md`): a
//! game's rows kept in one text ([`PositionRows`]), each seen as a [`PositionRow`].

use crate::game_kind::GameKind;

/// A position of a game: where it stands in the game, what it is, and what was played from it.
/// It borrows its texts from the game's [`PositionRows`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PositionRow<'a> {
    /// Plies played before it (0: the start). An Arimaa set-up is a ply; a backgammon cube
    /// action is not (the positions are those before each play, then the last).
    pub ply: usize,
    /// The side to move: `g`/`s` (Arimaa), `0`/`1` (backgammon, 0 the left column), `sq`/`cr`.
    pub side: &'static str,
    /// The position as `final_position` writes it.
    pub position: &'a str,
    /// Backgammon: the roll played from here (`31`, high die first); empty elsewhere.
    pub dice: &'static str,
    /// The move played from here, in canonical text; `None` after the last.
    pub played: Option<&'a str>,
    /// The row's key: equal for equal positions of a kind ([`position_key`]).
    pub key: u64,
}

/// Where a row's texts stand in its game's text, and what it holds besides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Entry {
    /// The position's first byte; its move, if any, follows it up to the next row's start.
    start: usize,
    /// The position's end.
    end: usize,
    /// Whether a move was played from it.
    played: bool,
    side: &'static str,
    dice: &'static str,
    key: u64,
}

/// The positions of one game, in order: their texts back to back in one string (each position,
/// then the move played from it), so that a game's rows make two allocations, not two a row,
/// and each key is worked out as its position is written.
#[derive(Clone, Debug)]
pub struct PositionRows {
    /// The rows' texts, UTF-8: each is pushed as a `str` or as ASCII bytes.
    text: Vec<u8>,
    rows: Vec<Entry>,
    /// The bytes the keys hash (the game's kind stays in them), kept between rows.
    key_bytes: KeyBytes,
    /// Whether no side or roll set needs escaping in JSON: told as each is set, where a look at
    /// every row's when the lines are written took 40 instructions a row.
    labels_plain: bool,
}

impl PositionRows {
    /// No rows yet, of a game of `kind` (a [`GameKind`]'s name, or `unknown`).
    pub fn new(kind: &str) -> PositionRows {
        PositionRows::with_capacity(kind, 0, 0)
    }

    /// No rows yet, room made for `rows` rows of `bytes` bytes of text in all.
    pub fn with_capacity(kind: &str, rows: usize, bytes: usize) -> PositionRows {
        PositionRows {
            text: Vec::with_capacity(bytes),
            rows: Vec::with_capacity(rows),
            key_bytes: KeyBytes::new(kind),
            labels_plain: true,
        }
    }

    /// How many rows.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The row of ply `ply`.
    pub fn get(&self, ply: usize) -> Option<PositionRow<'_>> {
        let entry = self.rows.get(ply)?;
        let next = self.rows.get(ply + 1).map_or(self.text.len(), |e| e.start);
        // Each text was pushed whole as UTF-8, so each reads back.
        let text = |range: std::ops::Range<usize>| {
            self.text.get(range).and_then(|bytes| std::str::from_utf8(bytes).ok()).unwrap_or_default()
        };
        Some(PositionRow {
            ply,
            side: entry.side,
            position: text(entry.start..entry.end),
            dice: entry.dice,
            played: entry.played.then(|| text(entry.end..next)),
            key: entry.key,
        })
    }

    /// The last row.
    pub fn last(&self) -> Option<PositionRow<'_>> {
        self.get(self.rows.len().checked_sub(1)?)
    }

    /// The rows, in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter { rows: self, next: 0 }
    }

    /// Adds the next row (its ply the number of rows before it), `position` its text, nothing
    /// played from it yet.
    pub fn push(&mut self, side: &'static str, position: &str) {
        let start = self.text.len();
        append(&mut self.text, position.as_bytes());
        self.keyed(start, side);
    }

    /// [`push`](Self::push) for a text given as its bytes, which a writer of ASCII gives (any
    /// others are pushed as [`String::from_utf8_lossy`] reads them).
    pub fn push_ascii(&mut self, side: &'static str, position: &[u8]) {
        let start = self.text.len();
        push_ascii(&mut self.text, position);
        self.keyed(start, side);
    }

    /// Adds the row whose position's text starts at `start` and ends the text, with its key.
    fn keyed(&mut self, start: usize, side: &'static str) {
        let end = self.text.len();
        let position = self.text.get(start..).unwrap_or_default();
        let key = self.key_bytes.key(side, position);
        self.labels_plain &= plain_label(side);
        self.rows.push(Entry { start, end, played: false, side, dice: "", key });
    }

    /// Sets the move played from the last row (in place of one set before); nothing when there
    /// is no row.
    pub fn set_played(&mut self, played: &str) {
        if let Some(last) = self.rows.last_mut() {
            self.text.truncate(last.end);
            append(&mut self.text, played.as_bytes());
            last.played = true;
        }
    }

    /// [`set_played`](Self::set_played) for a text given as its bytes, as [`push_ascii`](Self::push_ascii).
    pub fn set_played_ascii(&mut self, played: &[u8]) {
        if let Some(last) = self.rows.last_mut() {
            self.text.truncate(last.end);
            push_ascii(&mut self.text, played);
            last.played = true;
        }
    }

    /// Sets the roll played from the last row (backgammon).
    pub fn set_dice(&mut self, dice: &'static str) {
        if let Some(last) = self.rows.last_mut() {
            last.dice = dice;
            self.labels_plain &= plain_label(dice);
        }
    }

    /// Forgets the move played from the last row.
    pub fn clear_played(&mut self) {
        if let Some(last) = self.rows.last_mut() {
            self.text.truncate(last.end);
            last.played = false;
        }
    }

    /// Removes the last row.
    pub fn pop(&mut self) {
        if let Some(last) = self.rows.pop() {
            self.text.truncate(last.start);
        }
    }

    /// Removes every row.
    pub fn clear(&mut self) {
        self.rows.clear();
        self.text.clear();
        self.labels_plain = true;
    }

    /// Appends the JSON line of `tabula positions` of each row, each followed by a line break,
    /// to `out`, `prefix` the keys the game's rows share. The game's texts are tested once for a
    /// byte JSON escapes, not field by field.
    pub fn push_json_lines(&self, out: &mut Vec<u8>, prefix: &JsonPrefix) {
        if self.labels_plain && !needs_escape(&self.text) {
            self.push_lines::<true>(out, prefix);
        } else {
            self.push_lines::<false>(out, prefix);
        }
    }

    /// [`push_json_lines`](Self::push_json_lines) as [`push_line`] writes them.
    fn push_lines<const PLAIN: bool>(&self, out: &mut Vec<u8>, prefix: &JsonPrefix) {
        let text = &self.text;
        for (ply, entry) in self.rows.iter().enumerate() {
            let played = entry.played.then(|| {
                let next = self.rows.get(ply + 1).map_or(text.len(), |e| e.start);
                text.get(entry.end..next).unwrap_or_default()
            });
            let position = text.get(entry.start..entry.end).unwrap_or_default();
            push_line::<PLAIN>(out, prefix, ply, entry.side, position, entry.dice, played, entry.key);
            out.push(b'\n');
        }
    }

    /// The JSON line of each row ([`push_json_lines`](Self::push_json_lines)), a string each,
    /// without its line break: what a caller that hands rows on one by one takes.
    pub fn to_json_lines(&self, source: &str, game: &str, kind: &str) -> Vec<String> {
        let mut out = Vec::with_capacity(self.text.len() + self.rows.len() * (96 + source.len() + game.len()));
        self.push_json_lines(&mut out, &JsonPrefix::new(source, game, kind));
        // A JSON line holds no line break of its own: a text's are escaped.
        out.split(|&b| b == b'\n')
            .take(self.rows.len())
            .map(|line| String::from_utf8_lossy(line).into_owned())
            .collect()
    }

    /// Appends the line for people of each row ([`PositionRow::push_tsv`]), each followed by a
    /// line break, to `out`.
    pub fn push_tsv_lines(&self, out: &mut Vec<u8>, prefix: &[u8]) {
        for row in self.iter() {
            row.push_tsv(out, prefix);
            out.push(b'\n');
        }
    }
}

/// The rows of a [`PositionRows`], in order.
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    rows: &'a PositionRows,
    next: usize,
}

impl<'a> Iterator for Iter<'a> {
    type Item = PositionRow<'a>;

    fn next(&mut self) -> Option<PositionRow<'a>> {
        let row = self.rows.get(self.next)?;
        self.next += 1;
        Some(row)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.rows.len().saturating_sub(self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl PositionRow<'_> {
    /// The JSON line of `tabula positions` for this row of the game `game` of `source`.
    pub fn to_json(&self, source: &str, game: &str, kind: &str) -> String {
        let mut out = Vec::with_capacity(160 + self.position.len());
        self.push_json(&mut out, &JsonPrefix::new(source, game, kind));
        String::from_utf8(out).unwrap_or_default()
    }

    /// Appends [`to_json`](Self::to_json)'s line, without its line break, to `out`, the keys
    /// its game's rows share written once in `prefix`.
    pub fn push_json(&self, out: &mut Vec<u8>, prefix: &JsonPrefix) {
        let played = self.played.map(str::as_bytes);
        push_line::<false>(out, prefix, self.ply, self.side, self.position.as_bytes(), self.dice, played, self.key);
    }

    /// Appends the row's line of `tabula positions` for people, without its line break, to
    /// `out`: `prefix` (the game's `source`, `game` and `kind`, each followed by a tab), then
    /// `ply`, `side`, `position`, `dice`, `move` (empty after the last) and `key`, tab-separated.
    pub fn push_tsv(&self, out: &mut Vec<u8>, prefix: &[u8]) {
        out.extend_from_slice(prefix);
        let mut digits = itoa_buffer();
        out.extend_from_slice(format_usize(self.ply, &mut digits));
        for field in [self.side, self.position, self.dice, self.played.unwrap_or("")] {
            out.push(b'\t');
            out.extend_from_slice(field.as_bytes());
        }
        out.push(b'\t');
        let mut key = [0u8; 16];
        hex16(self.key, &mut key);
        out.extend_from_slice(&key);
    }
}

/// Appends a row's JSON line, without its line break: the one writer of the lines of
/// `tabula positions`. `position` and `played` are UTF-8 (a game's text is). With `PLAIN`, the
/// caller knows that no text needs escaping: each is copied, its quotes written with the keys'
/// names around it.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn push_line<const PLAIN: bool>(
    out: &mut Vec<u8>,
    prefix: &JsonPrefix,
    ply: usize,
    side: &str,
    position: &[u8],
    dice: &str,
    played: Option<&[u8]>,
    key: u64,
) {
    // A key's name: with `PLAIN`, between the quote closing the text before and the one
    // opening its own.
    let name =
        |out: &mut Vec<u8>, plain: &[u8], escaped: &[u8]| out.extend_from_slice(if PLAIN { plain } else { escaped });
    let text = |out: &mut Vec<u8>, bytes: &[u8]| if PLAIN { append(out, bytes) } else { push_json_text(out, bytes) };
    // A side or a roll: a few bytes, copied one at a time.
    let short = |out: &mut Vec<u8>, text: &str| {
        if PLAIN {
            for &b in text.as_bytes() {
                out.push(b);
            }
        } else {
            push_json_text(out, text.as_bytes());
        }
    };
    append(out, &prefix.0);
    let mut digits = itoa_buffer();
    append(out, format_usize(ply, &mut digits));
    name(out, b",\"side\":\"", b",\"side\":");
    short(out, side);
    name(out, b"\",\"position\":\"", b",\"position\":");
    text(out, position);
    name(out, b"\",\"dice\":\"", b",\"dice\":");
    short(out, dice);
    match played {
        Some(played) => {
            name(out, b"\",\"move\":\"", b",\"move\":");
            text(out, played);
            name(out, b"\",\"key\":\"", b",\"key\":\"");
        }
        None => name(out, b"\",\"move\":null,\"key\":\"", b",\"move\":null,\"key\":\""),
    }
    let mut hex = [0u8; 16];
    hex16(key, &mut hex);
    out.extend_from_slice(&hex);
    out.extend_from_slice(b"\"}");
}

/// Appends `bytes`, UTF-8, as a JSON string as `serde_json` writes it: with nothing to escape,
/// copied between quotes; any other by `serde_json` itself, so that the bytes are the same.
#[inline(always)]
fn push_json_text(out: &mut Vec<u8>, bytes: &[u8]) {
    if !needs_escape(bytes) {
        out.push(b'"');
        append(out, bytes);
        out.push(b'"');
    } else {
        // Writing to a `Vec` cannot fail.
        let _ = serde_json::to_writer(&mut *out, &String::from_utf8_lossy(bytes));
    }
}

/// Whether a side or a roll (a few bytes) holds no byte JSON escapes: [`needs_escape`] for
/// short texts, without its word-sized copy of the tail.
#[inline]
fn plain_label(text: &str) -> bool {
    text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\')
}

/// Appends `bytes` to `text`: at once when they are ASCII, else as [`String::from_utf8_lossy`]
/// reads them, so that `text` stays UTF-8.
fn push_ascii(text: &mut Vec<u8>, bytes: &[u8]) {
    if all_ascii(bytes) {
        append(text, bytes);
    } else {
        text.extend_from_slice(String::from_utf8_lossy(bytes).as_bytes());
    }
}

/// Appends `bytes` to `out` by copies of fixed sizes, which the compiler writes in place where a
/// copy of a size known only when it runs calls `memcpy`, whose choice among sizes the
/// processor often mispredicts for the short texts of a row: 16 bytes at a time, the last 16
/// (or 8, or 4) overlapping those before; under 4 bytes one at a time.
#[inline(always)]
fn append(out: &mut Vec<u8>, bytes: &[u8]) {
    /// Appends the first `N` bytes of `bytes`, then its last `N` (overlapping): `bytes` holds
    /// `N` to `2 N`.
    #[inline(always)]
    fn ends<const N: usize>(out: &mut Vec<u8>, bytes: &[u8]) {
        let at = out.len();
        let last = bytes.len().saturating_sub(N);
        if let (Some(head), Some(tail)) =
            (bytes.first_chunk::<N>(), bytes.get(last..).and_then(|t| t.first_chunk::<N>()))
        {
            out.extend_from_slice(head);
            out.truncate(at + last);
            out.extend_from_slice(tail);
        }
    }
    let len = bytes.len();
    if len >= 16 {
        out.reserve(len);
        let at = out.len();
        let mut chunks = bytes.chunks_exact(16);
        for chunk in &mut chunks {
            if let Some(chunk) = chunk.first_chunk::<16>() {
                out.extend_from_slice(chunk);
            }
        }
        if !chunks.remainder().is_empty() {
            if let Some(tail) = bytes.get(len - 16..).and_then(|t| t.first_chunk::<16>()) {
                out.truncate(at + len - 16);
                out.extend_from_slice(tail);
            }
        }
    } else if len >= 8 {
        ends::<8>(out, bytes);
    } else if len >= 4 {
        ends::<4>(out, bytes);
    } else {
        for &b in bytes {
            out.push(b);
        }
    }
}

/// Whether every byte of `bytes` is ASCII, eight at a time: a short text's last eight bytes
/// are read as one word, overlapping those before, and no tail is copied.
fn all_ascii(bytes: &[u8]) -> bool {
    let word = |chunk: &[u8]| {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        u64::from_le_bytes(w)
    };
    let high = 0x8080_8080_8080_8080u64;
    match bytes.len().checked_sub(8) {
        None => bytes.iter().fold(0, |acc, &b| acc | b) < 0x80,
        Some(last) => {
            let chunks = bytes.chunks_exact(8);
            let tail = bytes.get(last..).map_or(0, word);
            chunks.fold(tail, |acc, chunk| acc | word(chunk)) & high == 0
        }
    }
}

/// The keys every row of one game shares, `{"source":...,"game":...,"kind":...,"ply":`, written
/// once for the game's rows ([`PositionRow::push_json`]).
#[derive(Clone, Debug)]
pub struct JsonPrefix(Vec<u8>);

impl JsonPrefix {
    /// The prefix of the rows of the game `game` of `source`, of `kind`.
    pub fn new(source: &str, game: &str, kind: &str) -> JsonPrefix {
        let mut out = Vec::with_capacity(64 + source.len() + game.len());
        out.extend_from_slice(b"{\"source\":");
        push_json_text(&mut out, source.as_bytes());
        out.extend_from_slice(b",\"game\":");
        push_json_text(&mut out, game.as_bytes());
        out.extend_from_slice(b",\"kind\":");
        push_json_text(&mut out, kind.as_bytes());
        out.extend_from_slice(b",\"ply\":");
        JsonPrefix(out)
    }
}

/// Whether `bytes` hold a byte JSON escapes (a control character, `"` or `\\`), eight bytes at
/// a time.
fn needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Nonzero when a byte of `x` is under `n` (at most 0x80): a byte under it borrows and sets
    // its high bit, which `!x` keeps only for a byte under 0x80; a borrow passed on to the next
    // byte comes from a byte under `n`, so the answer is exact, if not which byte.
    let under = |x: u64, n: u64| x.wrapping_sub(n * ONES) & !x & HIGH;
    let word =
        |x: u64| under(x, 0x20) | under(x ^ (u64::from(b'"') * ONES), 1) | under(x ^ (u64::from(b'\\') * ONES), 1);
    let mut chunks = bytes.chunks_exact(8);
    let mut found = 0;
    for chunk in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        found |= word(u64::from_le_bytes(w));
    }
    let mut last = [b' '; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    found |= word(u64::from_le_bytes(last));
    found != 0
}

/// Room for the decimal digits of a `usize`.
fn itoa_buffer() -> [u8; 20] {
    [0; 20]
}

/// `value` in decimal, written at the end of `buffer`.
fn format_usize(mut value: usize, buffer: &mut [u8; 20]) -> &[u8] {
    let mut at = buffer.len();
    loop {
        at -= 1;
        buffer[at] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            return &buffer[at..];
        }
    }
}

/// `value` as 16 lowercase hex digits, a byte (two digits) at a time.
fn hex16(value: u64, out: &mut [u8; 16]) {
    /// The two digits of each byte.
    const PAIRS: [[u8; 2]; 256] = {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let mut pairs = [[0u8; 2]; 256];
        let mut b = 0;
        while b < 256 {
            pairs[b] = [DIGITS[b >> 4], DIGITS[b & 0xf]];
            b += 1;
        }
        pairs
    };
    for (pair, byte) in out.chunks_exact_mut(2).zip(value.to_be_bytes()) {
        pair.copy_from_slice(&PAIRS[usize::from(byte)]);
    }
}

/// The 64-bit key of a position of `kind`: XXH3-64 (seed 0) of the kind, a line break, the side
/// to move for Arimaa (nothing for the other games, whose position text holds it or whose text
/// is from the view of the player on roll), a line break and the position text.
pub fn position_key(kind: &str, side: &str, position: &str) -> u64 {
    KeyBytes::new(kind).key(side, position.as_bytes())
}

/// The bytes [`position_key`] hashes, gathered for many keys of one kind: the kind and its line
/// break stay from one key to the next.
#[derive(Clone, Debug)]
struct KeyBytes {
    bytes: Vec<u8>,
    /// The kind's bytes and line break.
    kind_len: usize,
    /// Whether the side to move is hashed (Arimaa's position texts do not hold it).
    side: bool,
}

impl KeyBytes {
    fn new(kind: &str) -> KeyBytes {
        let mut bytes = Vec::with_capacity(kind.len() + 128);
        append(&mut bytes, kind.as_bytes());
        bytes.push(b'\n');
        KeyBytes { bytes, kind_len: kind.len() + 1, side: kind == GameKind::Arimaa.name() }
    }

    /// The key of `position`, `side` to move.
    #[inline]
    fn key(&mut self, side: &str, position: &[u8]) -> u64 {
        self.bytes.truncate(self.kind_len);
        if self.side {
            append(&mut self.bytes, side.as_bytes());
        }
        self.bytes.push(b'\n');
        append(&mut self.bytes, position);
        xxhash_rust::xxh3::xxh3_64(&self.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::{position_key, JsonPrefix, PositionRows};

    /// The eight-bytes-at-a-time test finds every byte JSON escapes, and no other.
    #[test]
    fn a_byte_to_escape_is_found_wherever_it_stands() {
        for b in 0..=255u8 {
            let escaped = b < 0x20 || b == b'"' || b == b'\\';
            for len in 1..20 {
                for at in 0..len {
                    let mut text = vec![b'a'; len];
                    text[at] = b;
                    assert_eq!(super::needs_escape(&text), escaped, "byte {b:#x} at {at} of {len}");
                }
            }
        }
        assert!(!super::needs_escape(b""));
    }

    /// The test for ASCII finds a byte from 0x80 wherever it stands, in texts of every length.
    #[test]
    fn a_byte_past_ascii_is_found_wherever_it_stands() {
        for len in 0..40 {
            assert!(super::all_ascii(&vec![b'a'; len]));
            for at in 0..len {
                for b in [0x80u8, 0xc3, 0xff] {
                    let mut text = vec![0x7fu8; len];
                    text[at] = b;
                    assert!(!super::all_ascii(&text), "{b:#x} at {at} of {len}");
                }
            }
        }
    }

    /// A label is plain exactly when the general test finds nothing to escape in it.
    #[test]
    fn labels_are_told_plain_as_the_general_test_tells() {
        for text in ["", "g", "sq", "31", "0", "a b", "\"", "\\", "\n", "\u{1f}", "é", "s\"q"] {
            assert_eq!(super::plain_label(text), !super::needs_escape(text.as_bytes()), "{text:?}");
        }
    }

    /// Bytes appended by copies of fixed sizes are the bytes given, after what was there, for
    /// every length; decimals are written as `format!` writes them.
    #[test]
    fn appending_by_fixed_copies_keeps_every_byte() {
        let source: Vec<u8> = (0..200u8).map(|b| b.wrapping_mul(37).wrapping_add(11)).collect();
        for before in [0, 1, 7, 16, 33] {
            for len in 0..150 {
                for start in [0, 1, 5, 17] {
                    let bytes = &source[start..start + len];
                    let mut out: Vec<u8> = source[..before].to_vec();
                    super::append(&mut out, bytes);
                    assert_eq!(out, [&source[..before], bytes].concat(), "{before} then {len} from {start}");
                }
            }
        }
        for value in [0, 9, 10, 99, 100, 12345, usize::MAX] {
            let mut digits = super::itoa_buffer();
            assert_eq!(super::format_usize(value, &mut digits), format!("{value}").as_bytes());
        }
    }

    /// Texts and keys are written as `serde_json` and `format!` write them.
    #[test]
    fn texts_and_keys_are_written_exactly() {
        for text in ["", "g", "sq", "31", "abcd", "abcde", "a\"b", "\\", "\n", "é", "a b", "0123456789abcdefghij"] {
            let mut out = Vec::new();
            super::push_json_text(&mut out, text.as_bytes());
            assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string(text).unwrap());
        }
        for value in [0, 1, 0xdead_beef, u64::MAX, 0x0123_4567_89ab_cdef] {
            let mut key = [0u8; 16];
            super::hex16(value, &mut key);
            assert_eq!(std::str::from_utf8(&key).unwrap(), format!("{value:016x}"));
        }
    }

    /// Rows pushed, given their moves, taken back and given others keep each text where it
    /// belongs, and each key is `position_key`'s.
    #[test]
    fn rows_keep_their_texts_through_every_change() {
        for kind in ["arimaa", "stones-and-rivers"] {
            let mut rows = PositionRows::new(kind);
            rows.set_played("nothing to play from");
            rows.push("g", "first");
            rows.set_played("a move");
            rows.set_played("another");
            rows.push("s", "second");
            rows.set_dice("31");
            rows.set_played("taken back");
            rows.push("g", "third");
            rows.pop();
            rows.clear_played();
            rows.set_played("replayed");
            rows.push("g", "third again");
            let got: Vec<_> = rows.iter().map(|r| (r.ply, r.side, r.position, r.dice, r.played, r.key)).collect();
            let key = |side, position| position_key(kind, side, position);
            assert_eq!(
                got,
                [
                    (0, "g", "first", "", Some("another"), key("g", "first")),
                    (1, "s", "second", "31", Some("replayed"), key("s", "second")),
                    (2, "g", "third again", "", None, key("g", "third again")),
                ]
            );
            assert_eq!(rows.last().map(|r| r.position), Some("third again"));
            // Bytes that are not ASCII are kept as text, not lost: the rows stay UTF-8.
            let mut odd = PositionRows::new(kind);
            odd.push_ascii("g", b"ab\xffc");
            odd.set_played_ascii("é".as_bytes());
            odd.push_ascii("s", b"plain");
            let odd: Vec<_> = odd.iter().map(|r| (r.position, r.played)).collect();
            assert_eq!(odd, [("ab\u{fffd}c", Some("é")), ("plain", None)]);
            assert_eq!(rows.iter().len(), 3);
            rows.clear();
            assert!(rows.is_empty() && rows.get(0).is_none());
            // A side JSON escapes is written escaped.
            rows.push("\"", "p");
            let mut out = Vec::new();
            rows.push_json_lines(&mut out, &JsonPrefix::new("s", "g", kind));
            let line: serde_json::Value = serde_json::from_slice(&out).unwrap();
            assert_eq!(line["side"], "\"");
        }
        // Arimaa's keys tell the side to move; the others' texts hold it.
        assert_ne!(position_key("arimaa", "g", "x"), position_key("arimaa", "s", "x"));
        assert_eq!(position_key("backgammon", "0", "x"), position_key("backgammon", "1", "x"));
    }

    /// The lines written by hand, a row at a time or a game's at once, are the ones
    /// `serde_json` writes, escapes included.
    #[test]
    fn the_json_line_is_serde_jsons() {
        #[derive(serde::Serialize)]
        struct Line<'a> {
            source: &'a str,
            game: &'a str,
            kind: &'a str,
            ply: usize,
            side: &'a str,
            position: &'a str,
            dice: &'a str,
            #[serde(rename = "move")]
            played: Option<&'a str>,
            key: String,
        }
        let texts = ["plain", "a \"quoted\" \\ text", "tab\there\nand\u{1}", "é 漢字 \u{7f}", ""];
        let kind = "arimaa";
        for source in texts {
            for position in [texts[0], texts[2]] {
                for played in [None, Some(texts[0]), Some(texts[1]), Some(texts[3])] {
                    let mut rows = PositionRows::new(kind);
                    rows.push("g", "start");
                    rows.set_played("Ra2n");
                    rows.push("s", position);
                    rows.set_dice("31");
                    if let Some(played) = played {
                        rows.set_played(played);
                    }
                    let line = |ply, side, position, dice, played| {
                        serde_json::to_string(&Line {
                            source,
                            game: texts[1],
                            kind,
                            ply,
                            side,
                            position,
                            dice,
                            played,
                            key: format!("{:016x}", position_key(kind, side, position)),
                        })
                        .unwrap()
                    };
                    let want = [line(0, "g", "start", "", Some("Ra2n")), line(1, "s", position, "31", played)];
                    let prefix = JsonPrefix::new(source, texts[1], kind);
                    for (row, want) in rows.iter().zip(&want) {
                        assert_eq!(&row.to_json(source, texts[1], kind), want);
                    }
                    let mut out = Vec::new();
                    rows.push_json_lines(&mut out, &prefix);
                    assert_eq!(String::from_utf8(out).unwrap(), format!("{}\n{}\n", want[0], want[1]));
                    assert_eq!(rows.to_json_lines(source, texts[1], kind), want);
                }
            }
        }
    }
}
