//! GNU Backgammon's Position ID: 14 base64 characters for the checkers of both sides.
//!
//! The key is 80 bits: for the player not on roll and then the player on roll, for points 1 to
//! 24 and the bar (each in its owner's numbering), as many 1 bits as checkers followed by a 0
//! bit; bits fill each byte from its lowest bit; the 10 bytes are written in base64 without the
//! padding.

use super::position::{Position, PositionError, Setup};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a text is not a Position ID.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionIdError {
    /// Not 14 base64 characters.
    #[error("a Position ID is 14 characters of A-Z a-z 0-9 + /")]
    Syntax,
    /// The bits do not describe 25 places per side.
    #[error("the Position ID does not describe two sides of at most 15 checkers")]
    Bits,
    /// The checkers form no legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

fn sextet(c: u8) -> Option<u8> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    })
}

/// The key bytes of a position.
fn key(pos: &Position) -> [u8; 10] {
    let setup = pos.to_setup();
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [&setup.opponent, &setup.on_roll] {
        for &n in &side[1..26] {
            for _ in 0..n {
                if let Some(b) = key.get_mut(bit / 8) {
                    *b |= 1 << (bit % 8);
                }
                bit += 1;
            }
            bit += 1;
        }
    }
    key
}

/// The Position ID of `pos` (seen from the player on roll).
pub fn encode(pos: &Position) -> String {
    let key = key(pos);
    let mut out = String::with_capacity(14);
    let bits = |i: usize| -> u32 { key.get(i).copied().map_or(0, u32::from) };
    for group in 0..4 {
        let i = group * 3;
        let v = bits(i) << 16 | bits(i + 1) << 8 | bits(i + 2);
        let chars = if group == 3 { 2 } else { 4 };
        for k in 0..chars {
            out.push(ALPHABET[(v >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

/// Reads a Position ID.
///
/// # Errors
/// Not 14 base64 characters, bits that do not describe two sides, or an illegal position.
pub fn decode(id: &str) -> Result<Position, PositionIdError> {
    let s = id.trim().as_bytes();
    if s.len() != 14 {
        return Err(PositionIdError::Syntax);
    }
    let mut key = [0u8; 10];
    let mut acc = 0u32;
    let mut nbits = 0;
    let mut out = 0;
    for &c in s {
        acc = acc << 6 | u32::from(sextet(c).ok_or(PositionIdError::Syntax)?);
        nbits += 6;
        if nbits >= 8 {
            nbits -= 8;
            if let Some(b) = key.get_mut(out) {
                *b = (acc >> nbits) as u8;
            }
            out += 1;
        }
    }
    let mut setup = Setup::default();
    let mut bit = 0usize;
    let get = |i: usize| key.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1);
    for side in [&mut setup.opponent, &mut setup.on_roll] {
        for slot in side[1..26].iter_mut() {
            let mut n = 0u8;
            while get(bit) {
                n += 1;
                bit += 1;
                if n > 15 {
                    return Err(PositionIdError::Bits);
                }
            }
            if bit >= 80 {
                return Err(PositionIdError::Bits);
            }
            bit += 1;
            *slot = n;
        }
    }
    Ok(Position::from_setup(&setup)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        assert_eq!(encode(&Position::start()), "4HPwATDgc/ABMA");
        assert_eq!(decode("4HPwATDgc/ABMA"), Ok(Position::start()));
        assert_eq!(decode("4HPwATDgc/ABM"), Err(PositionIdError::Syntax));
        assert_eq!(decode("4HPwATDgc/AB!A"), Err(PositionIdError::Syntax));
        assert_eq!(decode("//////////////"), Err(PositionIdError::Bits));
    }

    #[test]
    fn round_trip_of_real_ids() {
        for id in ["ZJ/BASHg28EBYA", "4HPwATDgc/ABMA", "2+4OAAAAAAAAAA"] {
            match decode(id) {
                Ok(p) => assert_eq!(encode(&p), id),
                Err(e) => panic!("{id}: {e}"),
            }
        }
    }
}
