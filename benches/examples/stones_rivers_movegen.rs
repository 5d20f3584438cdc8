//! Stones and Rivers: every legal turn of the 40 positions of `../shared/data/snr/perft.tsv`,
//! `REPS` times (default 20,000), for timing one build against another and for instruction
//! counts. `cargo run --release -p tabula-benches --example stones_rivers_movegen`
//! (`valgrind --tool=callgrind` with `REPS=100` for the instructions).
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Instant;

use tabula_engine::stones_rivers::Position;
use tabula_notation::stones_rivers::parse_position;

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/snr/perft.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let positions: Vec<Position> = text
        .lines()
        .skip(1)
        .filter_map(|l| parse_position(l.split('\t').next()?).ok())
        .filter_map(|s| Position::from_setup(&s).ok())
        .collect();
    assert_eq!(positions.len(), 40, "{path}: the perft positions");
    let reps: usize = std::env::var("REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(20_000);
    let mut turns = Vec::new();
    let mut n = 0;
    let t = Instant::now();
    for _ in 0..reps {
        for pos in &positions {
            black_box(pos).legal_turns_into(&mut turns);
            n += black_box(&turns).len();
        }
    }
    let ns = t.elapsed().as_nanos() as f64 / (reps * positions.len()) as f64;
    println!("{:8.1} ns/position  {:6.1} turns/position", ns, n as f64 / (reps * positions.len()) as f64);
}
