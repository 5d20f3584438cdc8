//! The writer is the inverse of resolution: in positions reached by random legal play, for every
//! roll and every legal play, `resolve(write(play))` leads to the play's position; the text
//! parses back to itself and does not depend on the order of the play's steps; the play written
//! one item per die, as BackgammonGalaxy does, resolves to the same position.

use proptest::prelude::*;
use tabula_engine::backgammon::{Dice, MoveGenerator, Play, Position};
use tabula_engine::random::SplitMix64;
use tabula_notation::backgammon::{write_play, PlayText, ResolveError, Standard};

/// The position after `plies` random rolls and random legal plays from the start (fewer if a
/// side bears off all its checkers first).
fn random_position(gen: &mut MoveGenerator, seed: u64, plies: usize) -> Position {
    let mut rng = SplitMix64(seed);
    let mut pos = Position::start();
    let rolls: Vec<Dice> = Dice::all().collect();
    for _ in 0..plies {
        let dice = rolls[rng.below(rolls.len())];
        let plays = gen.legal_plays(&pos, dice);
        let (_, next) = plays[rng.below(plays.len())];
        if next.roller_won() {
            break;
        }
        pos = next.swapped();
    }
    pos
}

/// Every order of the play's steps.
fn orders(play: &Play) -> Vec<Play> {
    let steps = play.steps();
    let mut out = Vec::new();
    let n = steps.len();
    let mut idx: Vec<usize> = (0..n).collect();
    // Heap's algorithm.
    let mut c = vec![0; n];
    out.push(Play::from_steps(&idx.iter().map(|&i| steps[i]).collect::<Vec<_>>()).expect("at most 4 steps"));
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                idx.swap(0, i);
            } else {
                idx.swap(c[i], i);
            }
            out.push(Play::from_steps(&idx.iter().map(|&i| steps[i]).collect::<Vec<_>>()).expect("at most 4 steps"));
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

fn check_position(gen: &mut MoveGenerator, resolver: &mut MoveGenerator, pos: &Position) -> Result<(), TestCaseError> {
    for dice in Dice::all() {
        let plays = gen.legal_plays(pos, dice).to_vec();
        for (play, next) in &plays {
            let text = write_play(pos, play);
            let parsed: PlayText = text.parse().map_err(|e| TestCaseError::fail(format!("`{text}`: {e}")))?;
            prop_assert_eq!(parsed.to_string(), text.clone());
            let r = parsed
                .resolve_with(resolver, pos, dice)
                .map_err(|e| TestCaseError::fail(format!("{pos:?} {dice} `{text}`: {e}")))?;
            prop_assert_eq!(r.position, *next, "{:?} {} `{}`", pos, dice, text);
            prop_assert_eq!(write_play(pos, &r.play), text.clone(), "{:?} {}: the resolved play", pos, dice);
            for other in orders(play) {
                prop_assert_eq!(write_play(pos, &other), text.clone(), "{:?} {}: steps {}", pos, dice, other);
            }
            // One item per die, in the order played, bar and off as numbers (BackgammonGalaxy).
            let per_die: Vec<String> =
                play.steps().iter().map(|s| format!("{}/{}", s.from.number(), s.to.number())).collect();
            let per_die = per_die.join(" ");
            let r = per_die
                .parse::<PlayText>()
                .map_err(ResolveError::from)
                .and_then(|t| t.resolve_with(resolver, pos, dice))
                .map_err(|e| TestCaseError::fail(format!("{pos:?} {dice} `{per_die}`: {e}")))?;
            prop_assert_eq!(r.position, *next, "{:?} {} `{}`", pos, dice, per_die);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_legal_play_written_resolves_to_itself(seed in any::<u64>(), plies in 0usize..120) {
        let mut gen = MoveGenerator::new();
        let mut resolver = MoveGenerator::new();
        let pos = random_position(&mut gen, seed, plies);
        check_position(&mut gen, &mut resolver, &pos)?;
    }
}

#[test]
fn the_start_position_round_trips() {
    let mut gen = MoveGenerator::new();
    let mut resolver = MoveGenerator::new();
    check_position(&mut gen, &mut resolver, &Position::start()).expect("round trip");
}

/// `Standard::write`, the writer of many plays, writes the bytes of `Standard::text` and keys
/// each play by its items (from-point, to-point, count), on every legal play of every roll in
/// positions of random games.
#[test]
fn standard_write_gives_the_text_and_its_items() {
    let (mut gen, mut plays) = (MoveGenerator::new(), MoveGenerator::new());
    let mut checked = 0;
    for seed in 0..30u64 {
        for plies in (0..120).step_by(4) {
            let pos = random_position(&mut gen, seed, plies);
            let standard = Standard::new(&pos);
            for dice in Dice::all() {
                for (play, _) in plays.legal_plays(&pos, dice).iter() {
                    let text = standard.text(play);
                    let mut bytes = Vec::new();
                    let key = standard.write(play, &mut bytes);
                    assert_eq!(String::from_utf8(bytes).unwrap(), text.to_string());
                    let mut want = [(0, 0, 0); 4];
                    for (w, i) in want.iter_mut().zip(text.items()) {
                        *w = (i.from().number(), i.to().number(), i.count());
                    }
                    assert_eq!(key, want);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}
