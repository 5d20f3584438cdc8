//! Fingerprints: a 128-bit name for what was played in a game or a match, whatever file it was
//! read from (`../shared/archive.md`). Each game writes its canonical bytes into a
//! [`Fingerprinter`] as it verifies the game; the bytes are hashed with XXH3-128 (seed 0), a
//! stable hash with a published specification. The canonical forms are documented in
//! `docs/archive.md`; changing one changes every fingerprint and is a breaking change.

use std::fmt;

use serde::{Serialize, Serializer};
use xxhash_rust::xxh3::Xxh3;

/// The first bytes of every canonical form: the form's version.
const VERSION: &[u8] = b"tabula-fingerprint-1\n";

/// A record's fingerprint: written as 32 lowercase hex digits.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Fingerprint(pub u128);

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

impl Serialize for Fingerprint {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl std::str::FromStr for Fingerprint {
    type Err = std::num::ParseIntError;

    /// Reads the 32 hex digits [`Display`](fmt::Display) writes.
    ///
    /// # Errors
    /// Not a hexadecimal number of at most 128 bits.
    fn from_str(s: &str) -> Result<Fingerprint, Self::Err> {
        u128::from_str_radix(s, 16).map(Fingerprint)
    }
}

/// The canonical bytes of one record, hashed as they are written (nothing is kept).
#[derive(Clone)]
pub struct Fingerprinter {
    hash: Xxh3,
}

impl fmt::Debug for Fingerprinter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Fingerprinter")
    }
}

impl Fingerprinter {
    /// Starts the canonical form of a record of `kind` (`arimaa`, `backgammon`, `match`,
    /// `stones-and-rivers`): the version line, then the kind and a line break.
    pub fn new(kind: &str) -> Fingerprinter {
        let mut hash = Xxh3::new();
        hash.update(VERSION);
        hash.update(kind.as_bytes());
        hash.update(b"\n");
        Fingerprinter { hash }
    }

    /// Writes `bytes` as they are.
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.hash.update(bytes);
    }

    /// Writes one field: its tag, its text and a line break (the texts written never hold one).
    pub fn field(&mut self, tag: u8, text: &[u8]) {
        self.hash.update(&[tag]);
        self.hash.update(text);
        self.hash.update(b"\n");
    }

    /// Writes the text of a move that breaks the game, as written: the tag `!`, its length in
    /// decimal and a colon, then the bytes (they may hold anything, line breaks too).
    pub fn broken(&mut self, text: &[u8]) {
        self.hash.update(format!("!{}:", text.len()).as_bytes());
        self.hash.update(text);
        self.hash.update(b"\n");
    }

    /// The fingerprint of what was written.
    pub fn finish(&self) -> Fingerprint {
        Fingerprint(self.hash.digest128())
    }
}

#[cfg(test)]
mod tests {
    use super::{Fingerprint, Fingerprinter};

    /// The hash is XXH3-128 with seed 0 over the canonical bytes: pinned on a known input so
    /// that no change of crate or version changes it unseen.
    #[test]
    fn the_hash_is_xxh3_128_of_the_canonical_bytes() {
        let mut f = Fingerprinter::new("stones-and-rivers");
        f.field(b'P', b"x");
        let whole = b"tabula-fingerprint-1\nstones-and-rivers\nPx\n";
        assert_eq!(f.finish(), Fingerprint(xxhash_rust::xxh3::xxh3_128(whole)));
        assert_eq!(Fingerprint(xxhash_rust::xxh3::xxh3_128(b"")).to_string(), "99aa06d3014798d86001c324468d497f");
        assert_eq!(
            "99aa06d3014798d86001c324468d497f".parse::<Fingerprint>(),
            Ok(Fingerprint(0x99aa06d3014798d86001c324468d497f))
        );
    }
}
