//! GNU Backgammon's Position ID: 14 base64 characters for the checkers of both sides.
//!
//! The key is 80 bits: for the player not on roll and then the player on roll, for points 1 to
//! 24 and the bar (each in its owner's numbering), as many 1 bits as checkers followed by a 0
//! bit; bits fill each byte from its lowest bit; the 10 bytes are written in base64 without the
//! padding.

use tabula_engine::backgammon::{Position, PositionError, Setup};

use super::base64;

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

/// The key bytes of a position: each occupied place's run of 1 bits added at once to one
/// 128-bit word (the empty places between are 0 bits, skipped by their number), whose first 10
/// bytes are the key.
fn key(pos: &Position) -> [u8; 10] {
    const LOW_BITS: u128 = 0x1111_1111_1111_1111_1111_1111_1111_1111;
    let [mine, theirs] = pos.words();
    let (mut acc, mut bits) = (0u128, 0u32);
    for side in [theirs, mine] {
        // The count of point `p` (the bar at 25) is in bits `4p` to `4p + 3`, at most 15: points
        // 1 to 25, nibbles 1 to 25 (the last nibble of the word, bits 124 to 127, unused).
        let places = side & !0xf;
        let mut occupied = (places | places >> 1 | places >> 2 | places >> 3) & LOW_BITS;
        let mut next = 1u32;
        while occupied != 0 {
            let p = occupied.trailing_zeros() / 4;
            occupied &= occupied - 1;
            let n = (side >> (4 * p)) as u32 & 15;
            // The empty places since the last occupied one, a 0 bit each, then the run and its 0.
            bits += p - next;
            next = p + 1;
            acc |= u128::from((1u32 << n) - 1).checked_shl(bits).unwrap_or(0);
            bits += n + 1;
        }
        // The empty places after the last occupied one, up to the bar.
        bits += 26 - next;
    }
    let mut key = [0u8; 10];
    key.copy_from_slice(&acc.to_le_bytes()[..10]);
    key
}

/// The Position ID of `pos` (seen from the player on roll).
pub fn encode(pos: &Position) -> String {
    base64::encode(&key(pos))
}

/// Appends [`encode`]'s Position ID of `pos` to `out`, ASCII.
pub fn push_encoded(pos: &Position, out: &mut Vec<u8>) {
    base64::push_encoded(&key(pos), out);
}

/// Reads a Position ID.
///
/// # Errors
/// Not 14 base64 characters, bits that do not describe two sides, or an illegal position.
pub fn decode(id: &str) -> Result<Position, PositionIdError> {
    let key = base64::decode::<10>(id.trim().as_bytes()).ok_or(PositionIdError::Syntax)?;
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

    /// Every Position ID of the perft fixture (10,591 positions, gnubg's own) is written again
    /// as it was read.
    #[test]
    fn the_fixtures_ids_are_written_back() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/backgammon/perft.tsv");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut n = 0;
        for id in text.lines().skip(1).filter_map(|l| l.split('\t').next()) {
            let pos = decode(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(encode(&pos), id);
            assert_eq!(encode(&pos.swapped()), encode(&decode(&encode(&pos.swapped())).unwrap()));
            n += 1;
        }
        assert!(n > 10_000, "{n} positions");
    }

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
