//! Legal-play generation against GNU Backgammon: `testdata/backgammon/perft.tsv` holds, for
//! (position, roll) pairs from the real matches and from random play, the number of distinct
//! positions gnubg's move generator reaches and a digest of their Position IDs
//! (`scripts/gnubg_perft.py generate` made it; `verify` re-checks it against live gnubg).
#![allow(missing_docs)]

use tabula_engine::backgammon::{Dice, MoveGenerator};
use tabula_notation::backgammon::position_id;

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

#[test]
fn legal_plays_match_gnubg() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/backgammon/perft.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut gen = MoveGenerator::new();
    let (mut rows, mut failures) = (0, Vec::new());
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [id, dice, plays, digest, source] = cols[..] else { panic!("bad row: {line}") };
        let pos = position_id::decode(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        let dice: Dice = dice.parse().unwrap_or_else(|e| panic!("{dice}: {e}"));
        let legal = gen.legal_plays(&pos, dice);
        let mut ids: Vec<String> =
            legal.iter().filter(|(p, _)| !p.is_empty()).map(|(_, after)| position_id::encode(after)).collect();
        ids.sort();
        let got_digest = format!("{:016x}", fnv1a(ids.join(" ").as_bytes()));
        rows += 1;
        if ids.len().to_string() != plays || got_digest != digest {
            failures.push(format!("{id} {dice} ({source}): gnubg {plays}, tabula {}", ids.len()));
        }
    }
    assert!(rows >= 10_000, "only {rows} rows");
    assert!(
        failures.is_empty(),
        "{} of {rows} differ:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

/// The dice rule of `MoveGenerator::play` (and `Position::play`) agrees with the generator on
/// every (position, roll) of the fixture: each legal play is accepted with its position; a
/// legal play cut short (a die left unused) is refused as too few dice, unless it reaches a
/// legal play's position (bearing off with one die where two could be used); with two different
/// dice of which only one can be played, every single step with the smaller is refused when
/// the larger is the legal one.
#[test]
fn the_dice_rule_agrees_with_the_generator() {
    use tabula_engine::backgammon::{Play, PlayError, Point};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/backgammon/perft.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut gen, mut judge) = (MoveGenerator::new(), MoveGenerator::new());
    let (mut accepted, mut short, mut smaller) = (0usize, 0usize, 0usize);
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let pos = position_id::decode(cols[0]).unwrap_or_else(|e| panic!("{}: {e}", cols[0]));
        let dice: Dice = cols[1].parse().unwrap_or_else(|e| panic!("{}: {e}", cols[1]));
        let legal = gen.legal_plays(&pos, dice).to_vec();
        let possible = legal.first().map_or(0, |(p, _)| p.len());
        for (play, after) in &legal {
            assert_eq!(judge.play(&pos, play, dice), Ok(*after), "{} {dice} {play}", cols[0]);
            assert_eq!(pos.play(play, dice), Ok(*after));
            accepted += 1;
            if let Some(cut) = play.steps().split_last().and_then(|(_, rest)| Play::from_steps(rest)) {
                // Refused, unless it reaches a legal play's position (`6/off` for `6/5/off`).
                let mut reached = pos;
                cut.steps().iter().for_each(|&s| reached.apply(s));
                let want = match legal.iter().any(|(_, p)| *p == reached) {
                    true => Ok(reached),
                    false => Err(PlayError::TooFewDice { used: cut.len(), possible }),
                };
                assert_eq!(judge.play(&pos, &cut, dice), want, "{} {dice} {cut}", cols[0]);
                short += usize::from(want.is_err());
            }
        }
        if possible == 1 && !dice.is_double() {
            for from in (1..=25).filter_map(Point::new) {
                let Ok(step) = pos.step(from, dice.low()) else { continue };
                let Some(one) = Play::from_steps(&[step]) else { continue };
                let mut after = pos;
                after.apply(step);
                if legal.iter().any(|(_, p)| *p == after) {
                    continue;
                }
                let got = judge.play(&pos, &one, dice);
                assert_eq!(got, Err(PlayError::SmallerDie { smaller: dice.low(), larger: dice.high() }), "{}", cols[0]);
                smaller += 1;
            }
        }
    }
    assert!(accepted > 100_000 && short > 50_000 && smaller >= 1, "{accepted} {short} {smaller}");
    eprintln!("{accepted} legal plays accepted, {short} cut short refused, {smaller} smaller-die plays refused");
}
