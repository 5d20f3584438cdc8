//! Piece kinds (ordered by strength) and pieces.

use std::fmt;

use super::color::Color;

/// A kind of piece. The order of the variants is the order of strength.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum PieceKind {
    /// `R`, 8 per side, may not step backward on its own.
    Rabbit = 0,
    /// `C`, 2 per side.
    Cat = 1,
    /// `D`, 2 per side.
    Dog = 2,
    /// `H`, 2 per side.
    Horse = 3,
    /// `M`, 1 per side.
    Camel = 4,
    /// `E`, 1 per side.
    Elephant = 5,
}

impl PieceKind {
    /// Weakest first.
    pub const ALL: [PieceKind; 6] =
        [PieceKind::Rabbit, PieceKind::Cat, PieceKind::Dog, PieceKind::Horse, PieceKind::Camel, PieceKind::Elephant];

    /// How many of this kind each side has at the start.
    pub const fn initial_count(self) -> u32 {
        match self {
            PieceKind::Rabbit => 8,
            PieceKind::Cat | PieceKind::Dog | PieceKind::Horse => 2,
            PieceKind::Camel | PieceKind::Elephant => 1,
        }
    }

    /// The upper-case letter: `R C D H M E`.
    pub const fn upper_char(self) -> char {
        match self {
            PieceKind::Rabbit => 'R',
            PieceKind::Cat => 'C',
            PieceKind::Dog => 'D',
            PieceKind::Horse => 'H',
            PieceKind::Camel => 'M',
            PieceKind::Elephant => 'E',
        }
    }

    /// Reads a letter in either case.
    #[inline]
    pub const fn from_char(c: u8) -> Option<PieceKind> {
        match LETTERS[c as usize] {
            0 => None,
            n => Some(PieceKind::ALL[((n - 1) % 6) as usize]),
        }
    }

    /// The kind's plural in English, lower case.
    pub const fn plural(self) -> &'static str {
        match self {
            PieceKind::Rabbit => "rabbits",
            PieceKind::Cat => "cats",
            PieceKind::Dog => "dogs",
            PieceKind::Horse => "horses",
            PieceKind::Camel => "camels",
            PieceKind::Elephant => "elephants",
        }
    }

    /// The kind's name in English, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Rabbit => "rabbit",
            PieceKind::Cat => "cat",
            PieceKind::Dog => "dog",
            PieceKind::Horse => "horse",
            PieceKind::Camel => "camel",
            PieceKind::Elephant => "elephant",
        }
    }
}

/// For each byte: 0, or 1 + kind for a Gold letter, 7 + kind for a Silver letter.
static LETTERS: [u8; 256] = {
    let mut t = [0u8; 256];
    let upper = *b"RCDHME";
    let mut k = 0;
    while k < 6 {
        t[upper[k] as usize] = 1 + k as u8;
        t[upper[k].to_ascii_lowercase() as usize] = 7 + k as u8;
        k += 1;
    }
    t
};

/// A piece: a kind and a side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub kind: PieceKind,
}

impl Piece {
    /// The letter of long notation: upper case for Gold, lower case for Silver.
    pub const fn char(self) -> char {
        let c = self.kind.upper_char();
        match self.color {
            Color::Gold => c,
            Color::Silver => c.to_ascii_lowercase(),
        }
    }

    /// Reads a letter of long notation: the case gives the side.
    #[inline]
    pub const fn from_char(c: u8) -> Option<Piece> {
        match LETTERS[c as usize] {
            0 => None,
            n => Some(Piece {
                color: if n <= 6 { Color::Gold } else { Color::Silver },
                kind: PieceKind::ALL[((n - 1) % 6) as usize],
            }),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
