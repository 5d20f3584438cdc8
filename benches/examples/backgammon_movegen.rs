//! Legal-play generation over the fixture pairs, split by doubles and other rolls, for
//! profiling. `cargo run --release -p tabula-benches --example backgammon_movegen`
//! (`REPS=n` repetitions, `ROLLS=doubles` or `ROLLS=others` for one kind of roll only).
#![allow(missing_docs)]

use std::time::Instant;

use tabula_engine::backgammon::{position_id, Dice, MoveGenerator, Position};

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/backgammon/perft.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let pairs: Vec<(Position, Dice)> = text
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut cols = l.split('\t');
            Some((position_id::decode(cols.next()?).ok()?, cols.next()?.parse().ok()?))
        })
        .collect();
    let reps: usize = std::env::var("REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(50);
    let only = std::env::var("ROLLS").ok();
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
                plays += gen.legal_plays(pos, *dice).len();
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
}
