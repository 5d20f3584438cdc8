//! One position reached in a game, as `tabula positions` writes it (`../shared/archive.md`).

use serde::Serialize;
use xxhash_rust::xxh3::Xxh3;

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
    pub dice: String,
    /// The move played from here, in canonical text; `None` after the last.
    pub played: Option<String>,
}

impl PositionRow {
    /// A row with nothing played from it yet.
    pub fn new(ply: usize, side: &'static str, position: String) -> PositionRow {
        PositionRow { ply, side, position, dice: String::new(), played: None }
    }

    /// The row's key: equal for equal positions of a kind ([`position_key`]).
    pub fn key(&self, kind: &str) -> u64 {
        position_key(kind, self.side, &self.position)
    }

    /// The JSON line of `tabula positions` for this row of the game `game` of `source`.
    pub fn to_json(&self, source: &str, game: &str, kind: &str) -> String {
        let mut out = Vec::with_capacity(160 + self.position.len());
        // Writing to a `Vec` cannot fail.
        let _ = self.write_json(&mut out, source, game, kind);
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
        #[derive(Serialize)]
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
            key: &'a str,
        }
        let mut key = [0u8; 16];
        hex16(self.key(kind), &mut key);
        let line = Line {
            source,
            game,
            kind,
            ply: self.ply,
            side: self.side,
            position: &self.position,
            dice: &self.dice,
            played: self.played.as_deref(),
            key: std::str::from_utf8(&key).unwrap_or_default(),
        };
        serde_json::to_writer(out, &line).map_err(std::io::Error::other)
    }
}

/// `value` as 16 lowercase hex digits.
fn hex16(value: u64, out: &mut [u8; 16]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for (i, d) in out.iter_mut().enumerate() {
        *d = DIGITS[((value >> (60 - 4 * i)) & 0xf) as usize];
    }
}

/// The 64-bit key of a position of `kind`: XXH3-64 (seed 0) of the kind, a line break, the side
/// to move for Arimaa (nothing for the other games, whose position text holds it or whose text
/// is from the view of the player on roll), a line break and the position text.
pub fn position_key(kind: &str, side: &str, position: &str) -> u64 {
    let mut hash = Xxh3::new();
    hash.update(kind.as_bytes());
    hash.update(b"\n");
    if kind == crate::game_kind::GameKind::Arimaa.name() {
        hash.update(side.as_bytes());
    }
    hash.update(b"\n");
    hash.update(position.as_bytes());
    hash.digest()
}
