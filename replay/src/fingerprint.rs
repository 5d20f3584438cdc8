//! Fingerprints: a 128-bit name for what was played in a game or a match, whatever file it was
//! read from (`docs/archive.md`). Each game writes its canonical bytes into a
//! [`Fingerprinter`] as it verifies the game; the bytes are hashed with XXH3-128 (seed 0), a
//! stable hash with a published specification. The canonical forms are documented in
//! `docs/archive.md`; changing one changes every fingerprint and is a breaking change.

use std::fmt;

use serde::{Serialize, Serializer};
use xxhash_rust::xxh3::Xxh3Default;

/// The version of the canonical forms, the number in their first line: a fingerprint is
/// compared only with one of the same version (`docs/archive.md` lists them). Version 1 wrote
/// positions and plays as text; version 2 writes the words the replay holds.
pub const VERSION: u32 = 2;

/// The first bytes of every canonical form: the form's version.
const VERSION_LINE: &[u8] = b"tabula-fingerprint-2\n";

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

/// The canonical bytes of one record, hashed as they are written: they are gathered in a buffer
/// of [`Fingerprinter::BUFFER`] bytes and handed to the hash a buffer at a time, so that a short
/// field costs a copy, not a call of the hash (memory stays flat whatever the record's length).
/// The state lives on the heap, so that moving a fingerprinter copies a pointer.
#[derive(Clone)]
pub struct Fingerprinter(Box<State>);

#[derive(Clone)]
struct State {
    hash: Xxh3Default,
    buffer: [u8; Fingerprinter::BUFFER],
    len: usize,
}

impl fmt::Debug for Fingerprinter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Fingerprinter")
    }
}

impl Fingerprinter {
    /// The bytes gathered before they are hashed.
    pub const BUFFER: usize = 256;

    /// Starts the canonical form of a record of `kind` (`arimaa`, `backgammon`, `match`,
    /// `stones-and-rivers`): the version line, then the kind and a line break.
    pub fn new(kind: &str) -> Fingerprinter {
        let mut f =
            Fingerprinter(Box::new(State { hash: Xxh3Default::new(), buffer: [0; Fingerprinter::BUFFER], len: 0 }));
        f.bytes(VERSION_LINE);
        f.bytes(kind.as_bytes());
        f.bytes(b"\n");
        f
    }

    /// Writes `bytes` as they are.
    #[inline]
    pub fn bytes(&mut self, bytes: &[u8]) {
        if self.0.len + bytes.len() > Fingerprinter::BUFFER {
            self.flush();
            if bytes.len() > Fingerprinter::BUFFER {
                self.0.hash.update(bytes);
                return;
            }
        }
        self.0.buffer[self.0.len..self.0.len + bytes.len()].copy_from_slice(bytes);
        self.0.len += bytes.len();
    }

    /// Writes the first `len` bytes of `bytes` (all of them when `len` is larger): the whole
    /// array is copied, a copy of a length known when compiling, and the part wanted kept.
    #[inline]
    pub fn bytes_head<const N: usize>(&mut self, bytes: &[u8; N], len: usize) {
        if N > Fingerprinter::BUFFER {
            return self.bytes(&bytes[..len.min(N)]);
        }
        let state = &mut *self.0;
        let start = if state.len > Fingerprinter::BUFFER - N {
            state.hash.update(&state.buffer[..state.len]);
            0
        } else {
            state.len
        };
        state.buffer[start..start + N].copy_from_slice(bytes);
        state.len = start + len.min(N);
    }

    /// Hands the bytes gathered to the hash.
    fn flush(&mut self) {
        self.0.hash.update(&self.0.buffer[..self.0.len]);
        self.0.len = 0;
    }

    /// Writes one field: its tag, its text and a line break (the texts written never hold one).
    pub fn field(&mut self, tag: u8, text: &[u8]) {
        self.bytes(&[tag]);
        self.bytes(text);
        self.bytes(b"\n");
    }

    /// Writes the text of a move that breaks the game, as written: the tag `!`, its length in
    /// decimal and a colon, then the bytes (they may hold anything, line breaks too).
    pub fn broken(&mut self, text: &[u8]) {
        self.bytes(format!("!{}:", text.len()).as_bytes());
        self.bytes(text);
        self.bytes(b"\n");
    }

    /// The fingerprint of what was written.
    pub fn finish(mut self) -> Fingerprint {
        self.flush();
        Fingerprint(self.0.hash.digest128())
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
        let whole = b"tabula-fingerprint-2\nstones-and-rivers\nPx\n";
        assert_eq!(f.finish(), Fingerprint(xxhash_rust::xxh3::xxh3_128(whole)));
        assert_eq!(super::VERSION_LINE, format!("tabula-fingerprint-{}\n", super::VERSION).as_bytes());
        assert_eq!(Fingerprint(xxhash_rust::xxh3::xxh3_128(b"")).to_string(), "99aa06d3014798d86001c324468d497f");
        assert_eq!(
            "99aa06d3014798d86001c324468d497f".parse::<Fingerprint>(),
            Ok(Fingerprint(0x99aa06d3014798d86001c324468d497f))
        );
    }
}
