//! Zobrist keys, generated at compile time from a fixed seed.

use super::color::Color;
use super::piece::PieceKind;
use super::square::Square;
use crate::random::splitmix64 as splitmix;

const fn table(seed: u64) -> [[[u64; 64]; 6]; 2] {
    let mut t = [[[0u64; 64]; 6]; 2];
    let mut state = seed;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 6 {
            let mut s = 0;
            while s < 64 {
                let (next, v) = splitmix(state);
                state = next;
                t[c][k][s] = v;
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
}

static PIECE_KEYS: [[[u64; 64]; 6]; 2] = table(0x7461_6275_6c61); // "tabula"

/// A second, independent table: the move generator keeps a second hash of each board with it,
/// so that two boards are taken for the same only when both 64-bit hashes agree.
static PIECE_KEYS_2: [[[u64; 64]; 6]; 2] = table(0x7365_636f_6e64); // "second"

/// Key of the side to move, xored in for Silver.
pub(crate) const SILVER_TO_MOVE: u64 = splitmix(0x5349_4c56_4552).1;

#[inline]
pub(crate) fn piece_key(color: Color, kind: PieceKind, sq: Square) -> u64 {
    PIECE_KEYS[color as usize][kind as usize][sq as usize]
}

/// The keys of a piece of `color` and `kind` on each square.
#[inline]
pub(crate) fn piece_keys(color: Color, kind: PieceKind) -> &'static [u64; 64] {
    &PIECE_KEYS[color as usize][kind as usize]
}

/// The keys of [`piece_keys`]'s second, independent table.
#[inline]
pub(crate) fn piece_keys_2(color: Color, kind: PieceKind) -> &'static [u64; 64] {
    &PIECE_KEYS_2[color as usize][kind as usize]
}

/// The key of [`piece_key`]'s second, independent table.
#[inline]
pub(crate) fn piece_key_2(color: Color, kind: PieceKind, sq: Square) -> u64 {
    PIECE_KEYS_2[color as usize][kind as usize][sq as usize]
}
