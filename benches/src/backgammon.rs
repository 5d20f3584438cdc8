//! Positions and timing shared by the programs that time backgammon move generation beside
//! the peers (`examples/compare_bkgm.rs`, and `wildbg/`, built beside wildbg's engine).

use std::hint::black_box;
use std::io::BufReader;
use std::sync::Arc;
use std::time::Instant;

use tabula_engine::backgammon::{Dice, MoveGenerator, Position};
use tabula_engine::random::SplitMix64;
use tabula_notation::backgammon::position_id;
use tabula_replay::backgammon::check::WrittenScores;
use tabula_replay::backgammon::verify::{verify_game_with, Replayed};
use tabula_replay::backgammon::MatReader;

/// The (position, roll) pairs of the gnubg perft fixture, `testdata/backgammon/perft.tsv`
/// (10,591 of them).
pub fn perft_pairs() -> Vec<(Position, Dice)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/backgammon/perft.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let mut cols = l.split('\t');
            Some((position_id::decode(cols.next()?).ok()?, cols.next()?.parse().ok()?))
        })
        .collect()
}

/// The environment variable `name` as a number, else `default`.
pub fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The positions before each play of the real matches of `shared/data/backgammon/matches`
/// (read and replayed by tabula's own reader), every `every`-th one.
///
/// # Panics
/// When the matches cannot be read: a benchmark needs them.
pub fn real_positions(every: usize) -> Vec<Position> {
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
pub fn random_positions(games: usize) -> Vec<Position> {
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
pub fn contact(pos: &Position) -> bool {
    let s = pos.to_setup();
    // The roller's rearmost checker (his numbering) against the opponent's rearmost, seen
    // from the roller: the opponent's point q is the roller's 25 - q.
    let mine = (1..=25).rev().find(|&p| s.on_roll[p] > 0).unwrap_or(0);
    let theirs = (1..=25).rev().find(|&q| s.opponent[q] > 0).map_or(25, |q| 25 - q);
    mine > theirs
}

/// The position as the peers hold it (bkgm and wildbg alike): the player on roll positive,
/// moving from 24 to 1, his bar on 25; the opponent negative, his bar on 0.
pub fn pips(pos: &Position) -> [i8; 26] {
    let s = pos.to_setup();
    let mut pips = [0i8; 26];
    for (pip, &n) in pips.iter_mut().zip(&s.on_roll).skip(1) {
        *pip = n as i8;
    }
    for q in 1..=24 {
        pips[25 - q] -= s.opponent[q] as i8;
    }
    pips[0] = -(s.opponent[25] as i8);
    pips
}

/// The median of `v` (sorted in place).
pub fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The smallest of `v`.
pub fn min(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::MAX, f64::min)
}

/// Runs `pass` (one call per position and roll, `calls` in all) until `seconds` have passed;
/// ns a call.
pub fn time(seconds: f64, calls: usize, mut pass: impl FnMut() -> usize) -> f64 {
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

/// The positions every comparison times: every `EVERY`-th (default 15) position before a play
/// of the real matches, then every position of `RANDOM` (default 16) random games; with a line
/// that says what they are.
pub fn positions() -> (Vec<Position>, String) {
    let every = env("EVERY", 15);
    let real = real_positions(every);
    let random = random_positions(env("RANDOM", 16));
    let mut positions = real.clone();
    positions.extend(&random);
    let races = positions.iter().filter(|p| !contact(p)).count();
    let bar = positions.iter().filter(|p| p.on_bar()).count();
    let bearing = positions.iter().filter(|p| p.all_home()).count();
    let line = format!(
        "{} positions: {} from real matches (every {every}th before a play), {} from random games; \
         {races} races, {bar} with a checker on the bar, {bearing} bearing off",
        positions.len(),
        real.len(),
        random.len()
    );
    (positions, line)
}
