//! Piece placement: one bitboard per side and kind, with a Zobrist hash.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::bitboard::Bitboard;
use super::color::{ByColor, Color};
use super::piece::{Piece, PieceKind};
use super::square::Square;
use super::zobrist;

/// Where the pieces stand. Any arrangement is representable; [`Position`](super::Position)
/// is the validated form.
#[derive(Clone, Copy)]
pub struct Board {
    pieces: ByColor<[Bitboard; 6]>,
    occupied: ByColor<Bitboard>,
    hash: u64,
}

impl Board {
    /// The empty board.
    pub const fn empty() -> Board {
        Board {
            pieces: ByColor { gold: [Bitboard::EMPTY; 6], silver: [Bitboard::EMPTY; 6] },
            occupied: ByColor { gold: Bitboard::EMPTY, silver: Bitboard::EMPTY },
            hash: 0,
        }
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.pieces[color][kind as usize]
    }

    /// The twelve bitboards of pieces as words: Gold's rabbits, cats, dogs, horses, camel and
    /// elephant, then Silver's in the same order (bit `i` the square of index `i`).
    #[inline]
    pub fn piece_words(&self) -> [u64; 12] {
        let (g, s) = (&self.pieces.gold, &self.pieces.silver);
        [g[0].0, g[1].0, g[2].0, g[3].0, g[4].0, g[5].0, s[0].0, s[1].0, s[2].0, s[3].0, s[4].0, s[5].0]
    }

    /// Every square of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.occupied[color]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied.gold | self.occupied.silver
    }

    /// Zobrist hash of the placement (not of the side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.occupied.gold.contains(sq) {
            Color::Gold
        } else if self.occupied.silver.contains(sq) {
            Color::Silver
        } else {
            return None;
        };
        // Branch-free: exactly one kind's bitboard holds the square.
        let kinds = &self.pieces[color];
        let bit = |k: usize| (kinds[k].0 >> sq as u8) & 1;
        let index = bit(1) + 2 * bit(2) + 3 * bit(3) + 4 * bit(4) + 5 * bit(5);
        Some(Piece { color, kind: PieceKind::ALL[index as usize % 6] })
    }

    /// Puts `piece` on the empty square `sq`; a piece already there is replaced.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.set_bit(sq, piece);
    }

    /// Removes and returns the piece on `sq`.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.clear_bit(sq, piece);
        Some(piece)
    }

    #[inline]
    pub(crate) fn set_bit(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.pieces[piece.color][piece.kind as usize] |= bb;
        self.occupied[piece.color] |= bb;
        self.hash ^= zobrist::piece_key(piece.color, piece.kind, sq);
    }

    #[inline]
    pub(crate) fn clear_bit(&mut self, sq: Square, piece: Piece) {
        let bb = !Bitboard::from_square(sq);
        self.pieces[piece.color][piece.kind as usize] &= bb;
        self.occupied[piece.color] &= bb;
        self.hash ^= zobrist::piece_key(piece.color, piece.kind, sq);
    }

    /// Moves `piece` from `from` to `to` (no checks).
    #[inline]
    pub(crate) fn move_piece(&mut self, piece: Piece, from: Square, to: Square) {
        let mask = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.pieces[piece.color][piece.kind as usize] ^= mask;
        self.occupied[piece.color] ^= mask;
        self.hash ^=
            zobrist::piece_key(piece.color, piece.kind, from) ^ zobrist::piece_key(piece.color, piece.kind, to);
    }

    /// The enemy pieces of `color`'s opponent that are stronger than `kind`.
    #[inline]
    pub fn stronger_enemies(&self, color: Color, kind: PieceKind) -> Bitboard {
        let enemy = &self.pieces[color.other()];
        let mut bb = Bitboard::EMPTY;
        for k in &enemy[kind as usize + 1..] {
            bb |= *k;
        }
        bb
    }

    /// The enemy pieces weaker than `kind`.
    #[inline]
    pub fn weaker_enemies(&self, color: Color, kind: PieceKind) -> Bitboard {
        let enemy = &self.pieces[color.other()];
        let mut bb = Bitboard::EMPTY;
        for k in enemy.iter().take(kind as usize) {
            bb |= *k;
        }
        bb
    }

    /// `color`'s pieces that are frozen: next to a stronger enemy and to no friend.
    #[inline]
    pub fn frozen(&self, color: Color) -> Bitboard {
        self.threatened(color) & !self.occupied[color].neighbors()
    }

    /// `color`'s pieces next to a stronger enemy: those that a friend's leaving or coming can
    /// freeze or unfreeze.
    #[inline]
    pub fn threatened(&self, color: Color) -> Bitboard {
        let own = &self.pieces[color];
        let enemy = &self.pieces[color.other()];
        // Walk from the strongest enemy kind down, accumulating "next to something stronger".
        let mut stronger_near = Bitboard::EMPTY;
        let mut threatened = Bitboard::EMPTY;
        for k in (0..5).rev() {
            stronger_near |= enemy[k + 1].neighbors();
            threatened |= own[k] & stronger_near;
        }
        threatened
    }

    /// Whether the piece of `color` and `kind` on `sq` is frozen.
    #[inline]
    pub fn is_frozen(&self, sq: Square, color: Color, kind: PieceKind) -> bool {
        let adj = Bitboard::adjacent(sq);
        // Most pieces touch a friend or no enemy at all: settle those without the strengths.
        if (adj & self.occupied[color]).any() || (adj & self.occupied[color.other()]).is_empty() {
            return false;
        }
        (adj & self.stronger_enemies(color, kind)).any()
    }

    /// Pieces standing on a trap with no friend next to them (they are removed after a step).
    #[inline]
    pub fn unsupported_on_traps(&self) -> Bitboard {
        let g = self.occupied.gold;
        let s = self.occupied.silver;
        Bitboard::TRAPS & ((g & !g.neighbors()) | (s & !s.neighbors()))
    }

    /// Removes the pieces standing unsupported on traps and returns the first one removed.
    #[inline]
    pub(crate) fn remove_trapped(&mut self) -> Option<(Square, Piece)> {
        let mut first = None;
        for sq in self.unsupported_on_traps() {
            if let Some(p) = self.remove(sq) {
                first = first.or(Some((sq, p)));
            }
        }
        first
    }

    /// Pieces of each kind and side as a 64-character string, rank 8 first, files a..h,
    /// `.` for empty, Gold upper case.
    pub fn to_diagram_string(&self) -> String {
        // Every byte is an ASCII letter or `.`.
        String::from_utf8(self.diagram().to_vec()).unwrap_or_default()
    }

    /// [`to_diagram_string`](Self::to_diagram_string)'s bytes, without a string made.
    pub fn diagram(&self) -> [u8; 64] {
        const LETTERS: &[u8; 12] = b"RCDHMErcdhme";
        let mut out = [b'.'; 64];
        for (word, letter) in self.piece_words().into_iter().zip(LETTERS) {
            let mut bits = word;
            while bits != 0 {
                let square = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // Rank 8 first, files a..h within a rank.
                out[(7 - square / 8) * 8 + square % 8] = *letter;
            }
        }
        out
    }

    /// All pieces as `(square, piece)`, squares in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().filter_map(move |sq| Some((sq, self.piece_at(sq)?)))
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl PartialEq for Board {
    #[inline]
    fn eq(&self, other: &Board) -> bool {
        self.hash == other.hash && self.pieces == other.pieces
    }
}

impl Eq for Board {}

impl Hash for Board {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_diagram_string())
    }
}
