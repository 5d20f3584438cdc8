//! Move labels: `12g`, `12s`, and the archive's `12w`, `12b`.

use std::fmt;
use std::str::FromStr;

use tabula_engine::arimaa::Color;

/// Which letters a label uses for the sides.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum LabelStyle {
    /// `g` and `s` (AEI and newer tools).
    GoldSilver,
    /// `w` and `b` (the arimaa.com archive).
    WhiteBlack,
}

/// A move's number and side: `1g` is Gold's set-up, `2s` Silver's first turn of steps.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct MoveLabel {
    /// The move number, from 1 (0 only for position records).
    pub number: u32,
    /// Whose move.
    pub color: Color,
    /// The letters it was written with.
    pub style: LabelStyle,
}

/// Text that is not a move label.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("not a move label: expected a number followed by g, s, w or b")]
pub struct ParseLabelError;

/// What the digits of a move number read as: [`label_number`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum LabelNumber {
    /// Empty, or a byte that is not an ASCII digit.
    NotDigits,
    /// Digits, but more than 1,000,000.
    TooBig,
    /// The number.
    Number(u32),
}

/// Reads the digits of a move number: ASCII digits only, at most 1,000,000 (so at most 7 digits).
pub(crate) fn label_number(digits: &[u8]) -> LabelNumber {
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return LabelNumber::NotDigits;
    }
    if digits.len() > 7 {
        return LabelNumber::TooBig;
    }
    let n = digits.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
    if n > 1_000_000 {
        return LabelNumber::TooBig;
    }
    LabelNumber::Number(n)
}

impl MoveLabel {
    /// The label of move `number` of `color`, written with `g` and `s`.
    pub const fn new(number: u32, color: Color) -> MoveLabel {
        MoveLabel { number, color, style: LabelStyle::GoldSilver }
    }

    /// Parses `12g`, `12s`, `12w`, `12b`. Numbers above 1,000,000 are refused.
    ///
    /// # Errors
    /// The text is not a label.
    #[inline]
    pub fn from_ascii(s: &[u8]) -> Result<MoveLabel, ParseLabelError> {
        match MoveLabel::from_ascii_prefix(s) {
            Some((label, len)) if len == s.len() => Ok(label),
            _ => Err(ParseLabelError),
        }
    }

    /// The label that `s` starts with, and its length: what [`from_ascii`](Self::from_ascii)
    /// reads, for readers that find where the label ends by reading it. Whatever follows is
    /// not looked at.
    #[inline]
    pub fn from_ascii_prefix(s: &[u8]) -> Option<(MoveLabel, usize)> {
        // At most 7 digits are a number; an eighth makes the label too long (and cannot
        // overflow).
        let mut number = 0u32;
        let mut digits = 0;
        while let Some(&d) = s.get(digits) {
            if !d.is_ascii_digit() || digits == 8 {
                break;
            }
            number = number * 10 + u32::from(d - b'0');
            digits += 1;
        }
        if digits == 0 || digits > 7 || number > 1_000_000 {
            return None;
        }
        let (color, style) = match s.get(digits)? {
            b'g' => (Color::Gold, LabelStyle::GoldSilver),
            b's' => (Color::Silver, LabelStyle::GoldSilver),
            b'w' => (Color::Gold, LabelStyle::WhiteBlack),
            b'b' => (Color::Silver, LabelStyle::WhiteBlack),
            _ => return None,
        };
        Some((MoveLabel { number, color, style }, digits + 1))
    }

    /// The label of the move at 0-based ply `ply` (`0` is `1g`).
    pub fn from_ply(ply: usize, style: LabelStyle) -> MoveLabel {
        let number = u32::try_from(ply / 2 + 1).unwrap_or(u32::MAX);
        let color = if ply.is_multiple_of(2) { Color::Gold } else { Color::Silver };
        MoveLabel { number, color, style }
    }

    /// The label that follows this one, in the same style.
    pub fn next(self) -> MoveLabel {
        match self.color {
            Color::Gold => MoveLabel { color: Color::Silver, ..self },
            Color::Silver => MoveLabel { number: self.number.saturating_add(1), color: Color::Gold, ..self },
        }
    }

    /// Whether two labels name the same move, whatever their style.
    pub fn same_move(self, other: MoveLabel) -> bool {
        self.number == other.number && self.color == other.color
    }
}

impl fmt::Display for MoveLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match (self.style, self.color) {
            (LabelStyle::GoldSilver, Color::Gold) => 'g',
            (LabelStyle::GoldSilver, Color::Silver) => 's',
            (LabelStyle::WhiteBlack, Color::Gold) => 'w',
            (LabelStyle::WhiteBlack, Color::Silver) => 'b',
        };
        write!(f, "{}{}", self.number, side)
    }
}

impl FromStr for MoveLabel {
    type Err = ParseLabelError;
    fn from_str(s: &str) -> Result<MoveLabel, ParseLabelError> {
        MoveLabel::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        let l: MoveLabel = "12w".parse().unwrap();
        assert_eq!((l.number, l.color, l.style), (12, Color::Gold, LabelStyle::WhiteBlack));
        assert_eq!(l.next().to_string(), "12b");
        assert_eq!(l.next().next().to_string(), "13w");
        assert!("w".parse::<MoveLabel>().is_err());
        assert!("12x".parse::<MoveLabel>().is_err());
        assert!("99999999g".parse::<MoveLabel>().is_err());
        assert!("1 g".parse::<MoveLabel>().is_err());
        assert_eq!(MoveLabel::from_ply(3, LabelStyle::GoldSilver).to_string(), "2s");
        for (text, expected) in [
            ("1000000g", Some(1_000_000)),
            ("1000001g", None),
            ("0000012s", Some(12)),
            ("00000012s", None),
            ("g", None),
            ("12", None),
            ("", None),
        ] {
            assert_eq!(text.parse::<MoveLabel>().ok().map(|l| l.number), expected, "{text}");
        }
        assert_eq!(MoveLabel::from_ascii_prefix(b"12g Ra1").map(|(l, n)| (l.number, n)), Some((12, 3)));
        assert_eq!(MoveLabel::from_ascii_prefix(b"123456789g"), None);
    }
}
