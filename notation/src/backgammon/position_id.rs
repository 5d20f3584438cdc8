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

/// The key bytes of a position. Each side's runs are gathered in a 64-bit word (at most 15
/// checkers and 25 places: 40 bits), two places at a time: the runs of the two counts of a byte
/// of the side's word and their length come from a table, so that no branch hangs on the
/// counts; the two sides' words then make the key, the player not on roll's first.
fn key(pos: &Position) -> [u8; 10] {
    /// For each byte of a side's word (two places' counts, the first in the low nibble): the
    /// runs of both, the first's from bit 0, and in bits 32 up their length in bits.
    const PAIRS: [u64; 256] = {
        let mut pairs = [0u64; 256];
        let mut b = 0;
        while b < 256 {
            let (low, high) = (b as u64 & 15, b as u64 >> 4);
            let runs = ((1 << low) - 1) | ((1 << high) - 1) << (low + 1);
            pairs[b] = runs | (low + high + 2) << 32;
            b += 1;
        }
        pairs
    };
    /// A side's runs for its places 1 to 25 (nibbles 1 to 25 of `side`; nibble 0, the
    /// checkers borne off, is no place) and their length.
    fn runs(side: u128) -> (u64, u32) {
        let bytes = side.to_le_bytes();
        // Place 1 is the high nibble of the first byte.
        let first = u32::from(bytes[0] >> 4);
        let (mut acc, mut bits) = ((1u64 << first) - 1, first + 1);
        for &b in &bytes[1..13] {
            let pair = PAIRS[usize::from(b)];
            acc |= (pair & 0xffff_ffff).checked_shl(bits).unwrap_or(0);
            bits += (pair >> 32) as u32;
        }
        (acc, bits)
    }
    let [mine, theirs] = pos.words();
    let (first, bits) = runs(theirs);
    let (second, _) = runs(mine);
    let acc = u128::from(first) | u128::from(second).checked_shl(bits).unwrap_or(0);
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

    /// Positions at the edges of the key (15 checkers on one place, on the bar, borne off,
    /// one on each of many places) read back as they were written.
    #[test]
    fn extreme_positions_read_back() {
        use tabula_engine::backgammon::Setup;
        let mut setups = Vec::new();
        let mut s = Setup { on_roll: [0; 26], opponent: [0; 26] };
        s.on_roll[25] = 15;
        s.opponent[24] = 15;
        setups.push(s);
        let mut s = Setup { on_roll: [0; 26], opponent: [0; 26] };
        s.on_roll[6] = 15;
        s.opponent[0] = 15;
        setups.push(s);
        let mut s = Setup { on_roll: [0; 26], opponent: [0; 26] };
        for p in 1..=15 {
            s.on_roll[p] = 1;
        }
        for p in 1..=9 {
            s.opponent[p] = 1;
        }
        s.opponent[25] = 6;
        setups.push(s);
        let mut s = Setup { on_roll: [0; 26], opponent: [0; 26] };
        s.on_roll[1] = 14;
        s.on_roll[24] = 1;
        s.opponent[25] = 1;
        s.opponent[2] = 14;
        setups.push(s);
        for setup in &setups {
            let pos = Position::from_setup(setup).unwrap_or_else(|e| panic!("{setup:?}: {e}"));
            let id = encode(&pos);
            assert_eq!(decode(&id), Ok(pos), "{id}");
            assert_eq!(decode(&encode(&pos.swapped())), Ok(pos.swapped()), "{id}");
        }
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
