//! GNU Backgammon's Match ID: 12 base64 characters for a [`MatchState`].
//!
//! The key is 9 bytes, filled from the lowest bit of the first byte on (as in the Position ID),
//! then written in base64 three bytes at a time. Its fields, by bit number from 0 (the manual
//! counts from 1; "A technical description of the Match ID" in the gnubg manual):
//!
//! | bits | field |
//! | --- | --- |
//! | 0-3 | log2 of the cube value |
//! | 4-5 | cube owner: 0 player 0, 1 player 1, 3 centred (2 means nothing and is rejected) |
//! | 6 | the player on roll (gnubg's "dice owner") |
//! | 7 | Crawford game |
//! | 8-10 | game state: 0 no game, 1 playing, 2 over, 3 resigned, 4 dropped |
//! | 11 | whose turn it is to act |
//! | 12 | double offered |
//! | 13-14 | resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon |
//! | 15-17, 18-20 | the dice, larger first; 0 0 before the roll |
//! | 21-35 | match length, 0 for money |
//! | 36-50, 51-65 | score of player 0, of player 1 |
//! | 66 | Jacoby rule **off** (written by gnubg, not in its manual) |
//! | 67-71 | zero |
//!
//! Bit 66 is what gnubg 1.07 writes (`!fJacoby`): its Match IDs end in `E` in match play and in
//! money play without Jacoby, in `A` with it. The manual's example `QYkqASAAIAAA` predates it
//! and reads as "Jacoby on".
//!
//! [`decode`] accepts exactly what [`encode`] writes, so a decoded ID encodes back to itself:
//! it rejects the meaningless owner code 2, game states 5 to 7, dice of 7, one die rolled and
//! not the other, the smaller die first, set padding bits, and every state
//! [`MatchState::validate`] rejects (a score at or past the match length other than the match
//! winner's after the last game, Crawford in money play or at the wrong score, ...). gnubg's own
//! reader differs: it takes owner 2 as centred and a score equal to the length in any state, but
//! refuses a score past the length (which gnubg itself writes when a big win ends a match) and
//! lengths over 64 (the format allows 32767, and so does this module).

use tabula_engine::backgammon::{BySide, Cube, Dice, GameState, MatchState, MatchStateError, Side, WinKind};

use super::base64;

/// Bytes of a Match ID's key (66 bits used, 12 characters).
const BYTES: usize = 9;

/// Why a text is not a Match ID.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MatchIdError {
    /// Not 12 base64 characters.
    #[error("a Match ID is 12 characters of A-Z a-z 0-9 + /")]
    Syntax,
    /// Cube owner code 2 (binary 10).
    #[error("cube owner code 2 means nothing: 0 and 1 are the players, 3 the middle")]
    CubeOwner,
    /// Game state 5, 6 or 7.
    #[error("game state {0} is not one of 0 (no game) to 4 (dropped)")]
    GameState(u8),
    /// A die of 7, or one die rolled and the other not.
    #[error("dice {first} and {second}: expected both 0 (not rolled) or both 1 to 6")]
    Dice {
        /// The first die field.
        first: u8,
        /// The second die field.
        second: u8,
    },
    /// The smaller die written first; gnubg writes the larger first.
    #[error("dice {first} and {second} are written smaller first; a Match ID has the larger first")]
    DiceOrder {
        /// The first die field.
        first: u8,
        /// The second die field.
        second: u8,
    },
    /// One of the five unused last bits is set.
    #[error("the unused last bits of the Match ID are not zero")]
    Padding,
    /// The fields are readable but make no legal state.
    #[error(transparent)]
    State(#[from] MatchStateError),
}

/// The 72 key bits, bit `i` of the key at bit `i` of the number.
struct Key(u128);

impl Key {
    fn put(&mut self, pos: u32, width: u32, value: u32) {
        let mask = (1u128 << width) - 1;
        self.0 |= (u128::from(value) & mask) << pos;
    }

    fn get(&self, pos: u32, width: u32) -> u32 {
        // Widths are at most 15, so the value fits.
        ((self.0 >> pos) & ((1u128 << width) - 1)) as u32
    }

    fn to_base64(&self) -> String {
        let bytes = self.0.to_le_bytes();
        base64::encode(&bytes[..BYTES])
    }
}

/// The Match ID of `state`.
///
/// # Errors
/// The state does not pass [`MatchState::validate`] (a cube that is not a power of two, a
/// length or score past 15 bits, ...).
pub fn encode(state: &MatchState) -> Result<String, MatchStateError> {
    state.validate()?;
    let mut key = Key(0);
    key.put(0, 4, state.cube.value.trailing_zeros());
    key.put(
        4,
        2,
        match state.cube.owner {
            Some(side) => side.index() as u32,
            None => 3,
        },
    );
    key.put(6, 1, state.on_roll.index() as u32);
    key.put(7, 1, u32::from(state.score.crawford));
    key.put(8, 3, u32::from(state.game.code()));
    key.put(11, 1, state.turn.index() as u32);
    key.put(12, 1, u32::from(state.double_offered));
    key.put(13, 2, state.resignation.map_or(0, WinKind::multiplier));
    if let Some(dice) = state.dice {
        key.put(15, 3, u32::from(dice.high()));
        key.put(18, 3, u32::from(dice.low()));
    }
    key.put(21, 15, state.score.length);
    key.put(36, 15, state.score.points.zero);
    key.put(51, 15, state.score.points.one);
    key.put(66, 1, u32::from(!state.jacoby));
    Ok(key.to_base64())
}

/// Reads a Match ID (surrounding white space is ignored).
///
/// # Errors
/// Not 12 base64 characters, a field code that means nothing, or a state
/// [`MatchState::validate`] rejects; see the module documentation.
pub fn decode(id: &str) -> Result<MatchState, MatchIdError> {
    let bytes = base64::decode::<BYTES>(id.trim().as_bytes()).ok_or(MatchIdError::Syntax)?;
    let mut wide = [0u8; 16];
    wide[..BYTES].copy_from_slice(&bytes);
    let key = Key(u128::from_le_bytes(wide));
    if key.get(67, 5) != 0 {
        return Err(MatchIdError::Padding);
    }
    let side = |bit: u32| if bit == 0 { Side::Zero } else { Side::One };
    let owner = match key.get(4, 2) {
        0 => Some(Side::Zero),
        1 => Some(Side::One),
        3 => None,
        _ => return Err(MatchIdError::CubeOwner),
    };
    let code = key.get(8, 3) as u8;
    let game = GameState::from_code(code).ok_or(MatchIdError::GameState(code))?;
    let resignation = match key.get(13, 2) {
        0 => None,
        1 => Some(WinKind::Single),
        2 => Some(WinKind::Gammon),
        _ => Some(WinKind::Backgammon),
    };
    let (first, second) = (key.get(15, 3) as u8, key.get(18, 3) as u8);
    let dice = match (first, second) {
        (0, 0) => None,
        _ => match Dice::new(first, second) {
            Some(_) if first < second => return Err(MatchIdError::DiceOrder { first, second }),
            Some(d) => Some(d),
            None => return Err(MatchIdError::Dice { first, second }),
        },
    };
    let length = key.get(21, 15);
    let points = BySide { zero: key.get(36, 15), one: key.get(51, 15) };
    let crawford = key.get(7, 1) == 1;
    let state = MatchState {
        cube: Cube { value: 1 << key.get(0, 4), owner },
        on_roll: side(key.get(6, 1)),
        turn: side(key.get(11, 1)),
        game,
        double_offered: key.get(12, 1) == 1,
        resignation,
        dice,
        score: MatchState::implied_score(length, points, crawford),
        jacoby: key.get(66, 1) == 0,
    };
    state.validate()?;
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_manuals_example() {
        // "Score 2-4 in a 9 point match with player 0 holding a 2-cube, and player 1 has just
        // rolled 52" (gnubg manual, "A technical description of the Match ID").
        let s = decode("QYkqASAAIAAA").unwrap();
        assert_eq!(s.cube, Cube { value: 2, owner: Some(Side::Zero) });
        assert_eq!((s.on_roll, s.turn), (Side::One, Side::One));
        assert_eq!(s.game, GameState::Playing);
        assert!(!s.double_offered && s.resignation.is_none() && !s.score.crawford && !s.score.post_crawford);
        assert_eq!(s.dice, Dice::new(5, 2));
        assert_eq!((s.score.length, s.score.points), (9, BySide { zero: 2, one: 4 }));
        assert!(s.jacoby, "the manual's example has bit 66 clear");
        assert_eq!(encode(&s).as_deref(), Ok("QYkqASAAIAAA"));
    }

    #[test]
    fn ids_written_by_gnubg() {
        // gnubg 1.07.001: a new 7-point match, player 1 to play 21; a money game with Jacoby,
        // player 0 to play 62; after a resignation accepted at the end of a match (7-3).
        let s = decode("cAnlAAAAAAAE").unwrap();
        assert_eq!((s.on_roll, s.dice, s.score.length, s.jacoby), (Side::One, Dice::new(2, 1), 7, false));
        let s = decode("MAELAAAAAAAA").unwrap();
        assert_eq!((s.on_roll, s.dice, s.score.length, s.jacoby), (Side::Zero, Dice::new(6, 2), 0, true));
        let s = decode("cCPzAHAAGAAE").unwrap();
        assert_eq!(s.game, GameState::Resigned);
        assert_eq!(s.resignation, Some(WinKind::Single));
        assert_eq!(s.score.points, BySide { zero: 7, one: 3 });
        // A gammon on a 2-cube ends a match to 5 at 3-4: gnubg writes 3-8.
        let s = decode("AQKgADAAQAAE").unwrap();
        assert_eq!((s.game, s.score.points), (GameState::Over, BySide { zero: 3, one: 8 }));
        // A resignation at 3-2 in 5 makes it 3-4: the flag is already that of the next game.
        let s = decode("sMutADAAIAAE").unwrap();
        assert!(s.score.crawford && s.game == GameState::Resigned);
        for id in ["cAnlAAAAAAAE", "MAELAAAAAAAA", "cCPzAHAAGAAE", "AQKgADAAQAAE", "sMutADAAIAAE"] {
            assert_eq!(decode(id).and_then(|s| Ok(encode(&s)?)).as_deref(), Ok(id));
        }
    }

    /// The ID of raw key fields `(bit, width, value)`, for building malformed ones.
    fn id_of(fields: &[(u32, u32, u32)]) -> String {
        let mut key = Key(0);
        for &(pos, width, value) in fields {
            key.put(pos, width, value);
        }
        key.to_base64()
    }

    #[test]
    fn malformed_ids_are_rejected() {
        assert_eq!(decode("QYkqASAAIAA"), Err(MatchIdError::Syntax));
        assert_eq!(decode("QYkqASAAIAAAA"), Err(MatchIdError::Syntax));
        assert_eq!(decode("QYkqASAA!AAA"), Err(MatchIdError::Syntax));
        assert_eq!(decode("QYkqASAAIAA="), Err(MatchIdError::Syntax));
        assert_eq!(decode("QYkqASAAIAAÄ"), Err(MatchIdError::Syntax));
        let playing = (8, 3, 1);
        assert_eq!(decode(&id_of(&[playing, (4, 2, 2)])), Err(MatchIdError::CubeOwner));
        assert_eq!(decode(&id_of(&[(8, 3, 5)])), Err(MatchIdError::GameState(5)));
        assert_eq!(decode(&id_of(&[playing, (15, 3, 7), (18, 3, 1)])), Err(MatchIdError::Dice { first: 7, second: 1 }));
        assert_eq!(decode(&id_of(&[playing, (15, 3, 3), (18, 3, 0)])), Err(MatchIdError::Dice { first: 3, second: 0 }));
        assert_eq!(
            decode(&id_of(&[playing, (15, 3, 2), (18, 3, 5)])),
            Err(MatchIdError::DiceOrder { first: 2, second: 5 })
        );
        assert_eq!(decode(&id_of(&[playing, (70, 1, 1)])), Err(MatchIdError::Padding));
        assert_eq!(
            decode(&id_of(&[playing, (21, 15, 5), (51, 15, 5)])),
            Err(MatchIdError::State(MatchStateError::ScoreReachesLength { player: 1, score: 5, length: 5 }))
        );
        // The same score once the game is over: the match is won.
        assert!(decode(&id_of(&[(8, 3, 2), (21, 15, 5), (51, 15, 5)])).is_ok());
        assert_eq!(decode(&id_of(&[playing, (7, 1, 1)])), Err(MatchIdError::State(MatchStateError::CrawfordInMoney)));
        assert_eq!(decode(&id_of(&[playing, (0, 4, 15)])).map(|s| s.cube.value), Ok(1 << 15));
        assert_eq!(decode(&id_of(&[playing, (21, 15, 0x7fff)])).map(|s| s.score.length), Ok(0x7fff));
    }

    #[test]
    fn unwritable_states_are_refused() {
        let mut s = MatchState::new(5);
        s.cube.value = 6;
        assert_eq!(encode(&s), Err(MatchStateError::CubeValue(6)));
        let mut s = MatchState::new(1 << 15);
        assert_eq!(encode(&s), Err(MatchStateError::LengthTooLarge(1 << 15)));
        s.score.length = 0;
        s.score.points.one = 1 << 15;
        assert_eq!(encode(&s), Err(MatchStateError::ScoreTooLarge { player: 1, score: 1 << 15 }));
    }

    fn side() -> impl Strategy<Value = Side> {
        prop_oneof![Just(Side::Zero), Just(Side::One)]
    }

    prop_compose! {
        /// Any state `validate` accepts, with the post-Crawford flag a Match ID implies.
        fn valid_state()(
            length in prop_oneof![Just(0u32), 1..=25u32, 1..=0x7fffu32],
            raw in (0..=0x7fffu32, 0..=0x7fffu32),
            game in 0..=4u8,
            winner in proptest::option::of(side()),
            crawford in any::<bool>(),
            cube_log in 0..=15u32,
            owner in proptest::option::of(side()),
            (on_roll, turn) in (side(), side()),
            double_offered in any::<bool>(),
            resignation in proptest::option::of(prop_oneof![
                Just(WinKind::Single), Just(WinKind::Gammon), Just(WinKind::Backgammon)
            ]),
            dice in proptest::option::of((1..=6u8, 1..=6u8)),
            jacoby in any::<bool>(),
        ) -> MatchState {
            let game = GameState::from_code(game).unwrap_or(GameState::Playing);
            let mut points = BySide { zero: raw.0, one: raw.1 };
            if length > 0 {
                points = BySide { zero: raw.0 % length, one: raw.1 % length };
                if let (Some(w), true) = (winner, game.is_finished()) {
                    points[w] = (length + raw.0 % 5).min(0x7fff);
                }
            }
            // The Crawford game: a match, a player at match point minus one, a quiet cube.
            let crawford = crawford && length > 0 && points.zero.max(points.one) + 1 >= length;
            let quiet = crawford && !game.is_finished();
            let cube = if quiet { Cube::default() } else { Cube { value: 1 << cube_log, owner } };
            MatchState {
                cube,
                on_roll,
                turn,
                game,
                double_offered: double_offered && !quiet,
                resignation,
                dice: dice.and_then(|(a, b)| Dice::new(a, b)),
                score: MatchState::implied_score(length, points, crawford),
                jacoby,
            }
        }
    }

    proptest! {
        #[test]
        fn states_round_trip(state in valid_state()) {
            prop_assert_eq!(state.validate(), Ok(()));
            let id = encode(&state).unwrap();
            prop_assert_eq!(id.len(), 12);
            prop_assert_eq!(decode(&id), Ok(state));
        }

        /// A valid state's ID with one of the 72 key bits flipped: near the IDs [`decode`]
        /// accepts, so it often decodes (random text almost never does).
        #[test]
        fn accepted_ids_are_canonical(state in valid_state(), bit in 0..8 * BYTES) {
            let mut key: [u8; BYTES] = base64::decode(encode(&state).unwrap().as_bytes()).unwrap();
            key[bit / 8] ^= 1 << (bit % 8);
            let id = base64::encode(&key);
            if let Ok(state) = decode(&id) {
                prop_assert_eq!(encode(&state), Ok(id));
            }
        }

        #[test]
        fn any_text_is_safe(text in "\\PC{0,16}") {
            let _ = decode(&text);
        }
    }
}
