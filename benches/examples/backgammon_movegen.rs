//! Legal-play generation over the fixture pairs, split by doubles and other rolls, for
//! profiling. `cargo run --release -p tabula-benches --example backgammon_movegen`
//! (`REPS=n` repetitions, `ROLLS=doubles` or `ROLLS=others` for one kind of roll only; without
//! `ROLLS`, also the mean over all pairs and over the pairs from real matches; `QUERY=positions`
//! times `legal_positions` instead of `legal_plays`).
#![allow(missing_docs)]

use std::time::Instant;

use tabula_engine::backgammon::{Dice, MoveGenerator, Position};
use tabula_notation::backgammon::position_id;

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/backgammon/perft.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    // (position, roll, from a real match)
    let rows: Vec<(Position, Dice, bool)> = text
        .lines()
        .skip(1)
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            let real = cols.get(4)?.starts_with("real:");
            Some((position_id::decode(cols.first()?).ok()?, cols.get(1)?.parse().ok()?, real))
        })
        .collect();
    let pairs: Vec<(Position, Dice)> = rows.iter().map(|&(p, d, _)| (p, d)).collect();
    let reps: usize = std::env::var("REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(50);
    let only = std::env::var("ROLLS").ok();
    let positions = std::env::var("QUERY").is_ok_and(|q| q == "positions");
    let mut gen = MoveGenerator::new();
    for double in [false, true] {
        if only.as_deref().is_some_and(|o| o != if double { "doubles" } else { "others" }) {
            continue;
        }
        let set: Vec<_> = pairs.iter().filter(|(_, d)| d.is_double() == double).collect();
        let t = Instant::now();
        let mut plays = 0;
        for _ in 0..reps {
            for (pos, dice) in &set {
                plays +=
                    if positions { gen.legal_positions(pos, *dice).len() } else { gen.legal_plays(pos, *dice).len() };
            }
        }
        let ns = t.elapsed().as_nanos() as f64 / (reps * set.len()) as f64;
        println!(
            "{:<8} {:6} pairs  {:8.1} ns/roll  {:6.1} plays/roll",
            if double { "doubles" } else { "others" },
            set.len(),
            ns,
            plays as f64 / (reps * set.len()) as f64
        );
    }
    if only.is_none() {
        // The real positions with the rolls recorded or drawn for them, every pair once.
        let real: Vec<(Position, Dice)> = rows.iter().filter(|r| r.2).map(|&(p, d, _)| (p, d)).collect();
        for (name, set) in [("all", &pairs), ("real", &real)] {
            let t = Instant::now();
            let mut plays = 0;
            for _ in 0..reps {
                for (pos, dice) in set.iter() {
                    plays += if positions {
                        gen.legal_positions(pos, *dice).len()
                    } else {
                        gen.legal_plays(pos, *dice).len()
                    };
                }
            }
            let ns = t.elapsed().as_nanos() as f64 / (reps * set.len()) as f64;
            let per = plays as f64 / (reps * set.len()) as f64;
            println!("{name:<8} {:6} pairs  {ns:8.1} ns/roll  {per:6.1} plays/roll", set.len());
        }
    }
}
