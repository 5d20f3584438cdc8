//! One position reached in a game, as `tabula positions` writes it (`docs/archive.md`).

/// A position of a game: where it stands in the game, what it is, and what was played from it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionRow {
    /// Plies played before it (0: the start). An Arimaa set-up is a ply; a backgammon cube
    /// action is not (the positions are those before each play, then the last).
    pub ply: usize,
    /// The side to move: `g`/`s` (Arimaa), `0`/`1` (backgammon, 0 the left column), `sq`/`cr`.
    pub side: &'static str,
    /// The position as `final_position` writes it.
    pub position: String,
    /// Backgammon: the roll played from here (`31`, high die first); empty elsewhere.
    pub dice: &'static str,
    /// The move played from here, in canonical text; `None` after the last.
    pub played: Option<String>,
}

impl PositionRow {
    /// A row with nothing played from it yet.
    pub fn new(ply: usize, side: &'static str, position: String) -> PositionRow {
        PositionRow { ply, side, position, dice: "", played: None }
    }

    /// The row's key: equal for equal positions of a kind ([`position_key`]).
    pub fn key(&self, kind: &str) -> u64 {
        position_key(kind, self.side, &self.position)
    }

    /// The JSON line of `tabula positions` for this row of the game `game` of `source`.
    pub fn to_json(&self, source: &str, game: &str, kind: &str) -> String {
        let mut out = Vec::with_capacity(160 + self.position.len());
        self.push_json(&mut out, &JsonPrefix::new(source, game, kind), kind);
        String::from_utf8(out).unwrap_or_default()
    }

    /// Writes [`to_json`](Self::to_json)'s line, without its line break, to `out`.
    ///
    /// # Errors
    /// Writing failed.
    pub fn write_json(
        &self,
        out: &mut impl std::io::Write,
        source: &str,
        game: &str,
        kind: &str,
    ) -> std::io::Result<()> {
        out.write_all(self.to_json(source, game, kind).as_bytes())
    }

    /// Appends [`to_json`](Self::to_json)'s line, without its line break, to `out`, the keys
    /// its game's rows share written once in `prefix`: what a writer of many rows calls.
    pub fn push_json(&self, out: &mut Vec<u8>, prefix: &JsonPrefix, kind: &str) {
        out.extend_from_slice(&prefix.0);
        let mut digits = itoa_buffer();
        out.extend_from_slice(format_usize(self.ply, &mut digits));
        out.extend_from_slice(b",\"side\":");
        push_short_json_str(out, self.side);
        out.extend_from_slice(b",\"position\":");
        push_json_str(out, &self.position);
        out.extend_from_slice(b",\"dice\":");
        push_short_json_str(out, self.dice);
        out.extend_from_slice(b",\"move\":");
        match &self.played {
            Some(played) => push_json_str(out, played),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"key\":\"");
        let mut key = [0u8; 16];
        hex16(self.key(kind), &mut key);
        out.extend_from_slice(&key);
        out.extend_from_slice(b"\"}");
    }
}

impl PositionRow {
    /// Appends the row's line of `tabula positions` for people, without its line break, to
    /// `out`: `prefix` (the game's `source`, `game` and `kind`, each followed by a tab), then
    /// `ply`, `side`, `position`, `dice`, `move` (empty after the last) and `key`, tab-separated.
    pub fn push_tsv(&self, out: &mut Vec<u8>, prefix: &[u8], kind: &str) {
        out.extend_from_slice(prefix);
        let mut digits = itoa_buffer();
        out.extend_from_slice(format_usize(self.ply, &mut digits));
        for field in [self.side, &self.position, self.dice, self.played.as_deref().unwrap_or("")] {
            out.push(b'\t');
            out.extend_from_slice(field.as_bytes());
        }
        out.push(b'\t');
        let mut key = [0u8; 16];
        hex16(self.key(kind), &mut key);
        out.extend_from_slice(&key);
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
        push_json_str(&mut out, source);
        out.extend_from_slice(b",\"game\":");
        push_json_str(&mut out, game);
        out.extend_from_slice(b",\"kind\":");
        push_json_str(&mut out, kind);
        out.extend_from_slice(b",\"ply\":");
        JsonPrefix(out)
    }
}

/// A JSON string as `serde_json` writes it: a text with nothing to escape is copied, any other
/// is written by `serde_json` itself, so that the bytes are the same.
fn push_json_str(out: &mut Vec<u8>, text: &str) {
    if !needs_escape(text.as_bytes()) {
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
    } else {
        // Writing to a `Vec` cannot fail.
        let _ = serde_json::to_writer(&mut *out, text);
    }
}

/// [`push_json_str`] for a short text such as a side or a roll: one of at most four letters
/// and digits is copied without looking further.
#[inline(always)]
fn push_short_json_str(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    if bytes.len() <= 4 && bytes.iter().all(u8::is_ascii_alphanumeric) {
        let mut quoted = [b'"'; 6];
        quoted[1..=bytes.len()].copy_from_slice(bytes);
        quoted[bytes.len() + 1] = b'"';
        out.extend_from_slice(&quoted[..bytes.len() + 2]);
    } else {
        push_json_str(out, text);
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
    let side = if kind == crate::game_kind::GameKind::Arimaa.name() { side } else { "" };
    let len = kind.len() + side.len() + position.len() + 2;
    // The bytes hashed at once (the same hash as fed piece by piece); a position text is short.
    let mut buffer = [0u8; 256];
    let mut heap = Vec::new();
    let bytes: &mut [u8] = if len <= buffer.len() {
        &mut buffer[..len]
    } else {
        heap.resize(len, 0);
        &mut heap
    };
    let mut at = 0;
    for part in [kind.as_bytes(), b"\n", side.as_bytes(), b"\n", position.as_bytes()] {
        bytes[at..at + part.len()].copy_from_slice(part);
        at += part.len();
    }
    xxhash_rust::xxh3::xxh3_64(bytes)
}

#[cfg(test)]
mod tests {
    use super::{JsonPrefix, PositionRow};

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

    /// Short texts and keys are written as `serde_json` and `format!` write them.
    #[test]
    fn short_texts_and_keys_are_written_exactly() {
        for text in ["", "g", "sq", "31", "abcd", "abcde", "a\"b", "\\", "\n", "é", "a b"] {
            let mut out = Vec::new();
            super::push_short_json_str(&mut out, text);
            assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string(text).unwrap());
        }
        for value in [0, 1, 0xdead_beef, u64::MAX, 0x0123_4567_89ab_cdef] {
            let mut key = [0u8; 16];
            super::hex16(value, &mut key);
            assert_eq!(std::str::from_utf8(&key).unwrap(), format!("{value:016x}"));
        }
    }

    /// The line written by hand is the one `serde_json` writes, escapes included.
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
        for source in texts {
            for played in [None, Some(texts[1]), Some(texts[3])] {
                let mut row = PositionRow::new(12345, "g", texts[2].to_owned());
                row.dice = "31";
                row.played = played.map(str::to_owned);
                let kind = "arimaa";
                let want = serde_json::to_string(&Line {
                    source,
                    game: texts[1],
                    kind,
                    ply: 12345,
                    side: "g",
                    position: texts[2],
                    dice: "31",
                    played,
                    key: format!("{:016x}", row.key(kind)),
                })
                .unwrap();
                assert_eq!(row.to_json(source, texts[1], kind), want);
                let mut out = Vec::new();
                row.push_json(&mut out, &JsonPrefix::new(source, texts[1], kind), kind);
                assert_eq!(String::from_utf8(out).unwrap(), want);
            }
        }
    }
}
