//! A roll of two dice.

use std::fmt;

/// A roll: two dice of 1 to 6, kept larger first (the order they were thrown in does not matter
/// to the rules).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dice {
    high: u8,
    low: u8,
}

impl Dice {
    /// The roll of `a` and `b`, or `None` unless both are 1 to 6.
    #[inline]
    pub const fn new(a: u8, b: u8) -> Option<Dice> {
        if a < 1 || a > 6 || b < 1 || b > 6 {
            return None;
        }
        Some(if a >= b { Dice { high: a, low: b } } else { Dice { high: b, low: a } })
    }

    /// Parses two digits, `31` or `13`.
    ///
    /// # Errors
    /// Not two digits from 1 to 6.
    pub fn from_ascii(s: &[u8]) -> Result<Dice, ParseDiceError> {
        match *s {
            [a, b] => Dice::new(a.wrapping_sub(b'0'), b.wrapping_sub(b'0')).ok_or(ParseDiceError),
            _ => Err(ParseDiceError),
        }
    }

    /// The larger die.
    #[inline]
    pub const fn high(self) -> u8 {
        self.high
    }

    /// The smaller die.
    #[inline]
    pub const fn low(self) -> u8 {
        self.low
    }

    /// Whether both dice show the same number (played four times).
    #[inline]
    pub const fn is_double(self) -> bool {
        self.high == self.low
    }

    /// How many steps the roll allows: 4 for a double, else 2.
    #[inline]
    pub const fn steps(self) -> usize {
        if self.is_double() {
            4
        } else {
            2
        }
    }

    /// Every roll, each unordered pair once (21).
    pub fn all() -> impl Iterator<Item = Dice> {
        (1..=6u8).flat_map(|h| (1..=h).filter_map(move |l| Dice::new(h, l)))
    }
}

impl fmt::Display for Dice {
    /// Larger die first: `31`, `66`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.high, self.low)
    }
}

impl std::str::FromStr for Dice {
    type Err = ParseDiceError;
    fn from_str(s: &str) -> Result<Dice, ParseDiceError> {
        Dice::from_ascii(s.as_bytes())
    }
}

/// Text that is not a roll.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected two dice from 1 to 6, like 31")]
pub struct ParseDiceError;
