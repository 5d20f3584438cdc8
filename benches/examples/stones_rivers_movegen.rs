//! Stones and Rivers: every legal turn of the 40 positions of `../shared/data/snr/perft.tsv`,
//! `REPS` times (default 20,000), for timing one build against another and for instruction
//! counts; with `REPLAY=1`, the turns of `games_legal.txt` played and checked instead, as by the
//! criterion bench (parsed before). `cargo run --release -p tabula-benches --example
//! stones_rivers_movegen` (`valgrind --tool=callgrind` with `REPS=100` for the instructions).
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Instant;

use tabula_engine::stones_rivers::{Player, Position};
use tabula_notation::stones_rivers::{parse_position, TurnText};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/snr");

fn main() {
    let reps: usize = std::env::var("REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(20_000);
    if std::env::var_os("REPLAY").is_some() {
        return replay(reps);
    }
    let path = format!("{SHARED}/perft.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let positions: Vec<Position> = text
        .lines()
        .skip(1)
        .filter_map(|l| parse_position(l.split('\t').next()?).ok())
        .filter_map(|s| Position::from_setup(&s).ok())
        .collect();
    assert_eq!(positions.len(), 40, "{path}: the perft positions");
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

/// The turns of every record of `games_legal.txt`, parsed first, played and checked `reps` times.
fn replay(reps: usize) {
    let path = format!("{SHARED}/games_legal.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let games: Vec<Vec<TurnText>> = text
        .split("\n\n")
        .map(|record| record.lines().filter(|l| !l.starts_with(['[', '#'])).filter_map(|l| l.parse().ok()).collect())
        .filter(|g: &Vec<TurnText>| !g.is_empty())
        .collect();
    let mut played = 0;
    let t = Instant::now();
    for _ in 0..reps {
        for game in &games {
            let mut pos = Position::initial(game.first().map_or(Player::Square, |t| t.player));
            for turn in black_box(game) {
                match turn.play(&pos) {
                    Ok((_, next)) => pos = next,
                    Err(_) => break,
                }
                played += 1;
            }
        }
    }
    let ns = t.elapsed().as_nanos() as f64 / played.max(1) as f64;
    println!("{ns:8.1} ns/turn  {} turns a pass", played / reps.max(1));
}
