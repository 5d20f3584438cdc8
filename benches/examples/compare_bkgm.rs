//! Backgammon legal-play generation, tabula beside `bkgm` 0.6 (the other Rust library that
//! generates legal plays), in one process: `cargo run --release -p tabula-benches --example
//! compare_bkgm`.
//!
//! Positions: every `EVERY`-th position before a play in the real matches of
//! `shared/data/backgammon/matches` (read and replayed by tabula's own reader), and positions of
//! random games (`RANDOM` of them, every ply kept: bar entries, hits, races, bear-offs), each
//! with all 21 rolls. First the sets of resulting positions are compared, position by position
//! and roll by roll (bkgm's results are seen from the opponent and may list a bear-off twice:
//! they are flipped back and deduplicated); then both libraries are timed alternately in
//! `ROUNDS` rounds (default 5) of about `SECONDS` (default 1) each per library and kind of roll,
//! and the min and median ns a roll are printed with the ratios tabula/bkgm, for tabula's
//! `legal_plays` (plays with their steps, what replay uses) and `legal_positions` (the
//! positions alone, what bkgm gives), over all the
//! positions and over the races alone (no contact left).
#![allow(missing_docs)]

use std::collections::BTreeSet;
use std::hint::black_box;
use std::io::BufReader;
use std::sync::Arc;
use std::time::Instant;

use bkgm::State as _;
use tabula_engine::backgammon::{Dice, MoveGenerator, Position};
use tabula_engine::random::SplitMix64;
use tabula_replay::backgammon::check::WrittenScores;
use tabula_replay::backgammon::verify::{verify_game_with, Replayed};
use tabula_replay::backgammon::MatReader;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

type Bk = bkgm::Position<15>;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The positions before each play of the real matches, every `every`-th one.
fn real_positions(every: usize) -> Vec<Position> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/backgammon/matches");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mat"))
        .collect();
    files.sort();
    let source: Arc<str> = Arc::from("matches");
    let mut out = Vec::new();
    let mut n = 0usize;
    for f in files {
        let file = std::fs::File::open(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let mut reader = MatReader::new(BufReader::new(file));
        let header = reader.header().ok().cloned();
        let mut scores = WrittenScores::new(header.as_ref());
        for game in reader.flatten() {
            let score = scores.before(&game);
            let mut observe = |r: Replayed<'_>| {
                if let Some((before, _)) = r.play {
                    n += 1;
                    if n.is_multiple_of(every) {
                        out.push(before);
                    }
                }
            };
            verify_game_with(&source, String::new(), &game, score, Some(&mut observe));
        }
    }
    out
}

/// Every position on roll of `games` random games (random rolls, random legal plays).
fn random_positions(games: usize) -> Vec<Position> {
    let mut rng = SplitMix64(0x7462_6b67_6d21);
    let mut gen = MoveGenerator::new();
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start();
        while !pos.roller_won() && !pos.swapped().roller_won() {
            out.push(pos);
            let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap_or(Dice::all().next().unwrap());
            let plays = gen.legal_plays(&pos, dice);
            pos = plays[rng.below(plays.len())].1.swapped();
        }
    }
    out
}

/// Whether the two sides' checkers can still meet.
fn contact(pos: &Position) -> bool {
    let s = pos.to_setup();
    // The roller's rearmost checker (his numbering) against the opponent's rearmost, seen
    // from the roller: the opponent's point q is the roller's 25 - q.
    let mine = (1..=25).rev().find(|&p| s.on_roll[p] > 0).unwrap_or(0);
    let theirs = (1..=25).rev().find(|&q| s.opponent[q] > 0).map_or(25, |q| 25 - q);
    mine > theirs
}

/// The same position in bkgm's representation (on roll: `x`, positive, moving from 24 to 1,
/// bar 25; opponent: negative, his bar on 0).
fn to_bkgm(pos: &Position) -> Bk {
    let s = pos.to_setup();
    let mut pips = [0i8; 26];
    for (pip, &n) in pips.iter_mut().zip(&s.on_roll).skip(1) {
        *pip = n as i8;
    }
    for q in 1..=24 {
        pips[25 - q] -= s.opponent[q] as i8;
    }
    pips[0] = -(s.opponent[25] as i8);
    Bk::try_from(pips).expect("a legal position")
}

fn bk_dice(d: Dice) -> bkgm::Dice {
    bkgm::Dice::new(usize::from(d.high()), usize::from(d.low()))
}

fn tabula_results(gen: &mut MoveGenerator, pos: &Position, dice: Dice) -> BTreeSet<[i8; 26]> {
    gen.legal_plays(pos, dice).iter().map(|(_, after)| <[i8; 26]>::from(to_bkgm(after))).collect()
}

fn bkgm_results(pos: &Bk, dice: Dice) -> (BTreeSet<[i8; 26]>, usize) {
    let v = bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(*pos, &bk_dice(dice));
    let n = v.len();
    (v.iter().map(|p| <[i8; 26]>::from(p.flip())).collect(), n)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Runs `pass` (one call per position and roll, `calls` in all) until `seconds` have passed;
/// ns a call.
fn time(seconds: f64, calls: usize, mut pass: impl FnMut() -> usize) -> f64 {
    let t = Instant::now();
    let mut passes = 0usize;
    loop {
        black_box(pass());
        passes += 1;
        if t.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    t.elapsed().as_nanos() as f64 / (passes * calls) as f64
}

fn main() {
    let every = env("EVERY", 15);
    let real = real_positions(every);
    let random = random_positions(env("RANDOM", 16));
    let mut positions: Vec<(Position, &str)> = real.iter().map(|&p| (p, "real")).collect();
    positions.extend(random.iter().map(|&p| (p, "random")));
    let races = positions.iter().filter(|(p, _)| !contact(p)).count();
    let bar = positions.iter().filter(|(p, _)| p.on_bar()).count();
    let bearing = positions.iter().filter(|(p, _)| p.all_home()).count();
    println!(
        "{} positions: {} from real matches (every {every}th before a play), {} from random games; \
         {races} races, {bar} with a checker on the bar, {bearing} bearing off",
        positions.len(),
        real.len(),
        random.len()
    );

    // Same results first.
    let mut gen = MoveGenerator::new();
    let (mut rolls, mut results, mut twice) = (0usize, 0usize, 0usize);
    for (pos, origin) in &positions {
        let bk = to_bkgm(pos);
        for dice in Dice::all() {
            let t = tabula_results(&mut gen, pos, dice);
            let (b, listed) = bkgm_results(&bk, dice);
            let alone: BTreeSet<[i8; 26]> =
                gen.legal_positions(pos, dice).iter().map(|after| <[i8; 26]>::from(to_bkgm(after))).collect();
            assert!(alone == t, "{origin} position {pos:?}, roll {dice}: legal_positions differs from legal_plays");
            assert!(t == b, "{origin} position {pos:?}, roll {dice}: tabula {} results, bkgm {}", t.len(), b.len());
            rolls += 1;
            results += t.len();
            twice += listed - b.len();
        }
    }
    println!(
        "same results: {rolls} (position, roll) pairs, {results} resulting positions \
         ({twice} listed twice by bkgm)"
    );

    let rounds = env("ROUNDS", 5);
    let seconds: f64 = std::env::var("SECONDS").ok().and_then(|v| v.parse().ok()).unwrap_or(1.0);
    let everything: Vec<Position> = positions.iter().map(|(p, _)| *p).collect();
    let race: Vec<Position> = everything.iter().copied().filter(|p| !contact(p)).collect();
    for (set, tps) in [("all", &everything), ("races", &race)] {
        let bks: Vec<Bk> = tps.iter().map(to_bkgm).collect();
        for double in [false, true] {
            let rolls: Vec<Dice> = Dice::all().filter(|d| d.is_double() == double).collect();
            let bk_rolls: Vec<bkgm::Dice> = rolls.iter().map(|&d| bk_dice(d)).collect();
            let calls = rolls.len() * tps.len();
            let (mut t_ns, mut p_ns, mut b_ns) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..rounds {
                p_ns.push(time(seconds, calls, || {
                    let mut n = 0;
                    for pos in tps {
                        for &dice in &rolls {
                            n += gen.legal_positions(black_box(pos), dice).len();
                        }
                    }
                    n
                }));
                t_ns.push(time(seconds, calls, || {
                    let mut n = 0;
                    for pos in tps {
                        for &dice in &rolls {
                            n += gen.legal_plays(black_box(pos), dice).len();
                        }
                    }
                    n
                }));
                b_ns.push(time(seconds, calls, || {
                    let mut n = 0;
                    for pos in &bks {
                        for dice in &bk_rolls {
                            n += bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(*black_box(pos), dice).len();
                        }
                    }
                    n
                }));
            }
            let name = format!("{set}, {}", if double { "doubles" } else { "non-doubles" });
            let min = |v: &[f64]| v.iter().copied().fold(f64::MAX, f64::min);
            let (t_min, p_min, b_min) = (min(&t_ns), min(&p_ns), min(&b_ns));
            let (t_med, p_med, b_med) = (median(&mut t_ns), median(&mut p_ns), median(&mut b_ns));
            println!(
                "{name:<19} ns a roll, min / median: tabula legal_plays {t_min:5.0} / {t_med:5.0}, \
                 legal_positions {p_min:5.0} / {p_med:5.0}; bkgm {b_min:5.0} / {b_med:5.0}; \
                 tabula/bkgm {:.2} / {:.2} (plays), {:.2} / {:.2} (positions)",
                t_min / b_min,
                t_med / b_med,
                p_min / b_min,
                p_med / b_med
            );
        }
    }
}
