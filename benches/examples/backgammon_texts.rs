//! The legal plays of the perft fixture's (position, roll) pairs as standard texts, what
//! `tabula moves` and the Python package's `Board.legal_plays` give, timed beside the engine's
//! generator alone: the cost of the text, as strings of their own (`query::plays`) and as the
//! package takes them, in one kept buffer (`query::write_plays`). `cargo run --release -p
//! tabula-benches --example backgammon_texts` (`REPS=n` repetitions).
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Instant;

use tabula_engine::backgammon::MoveGenerator;
use tabula_replay::backgammon::query;
use tabula_replay::texts::Texts;

fn main() {
    let pairs = tabula_benches::backgammon::perft_pairs();
    let reps: usize = std::env::var("REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(20);
    let mut gen = MoveGenerator::new();
    let t = Instant::now();
    let mut n = 0;
    for _ in 0..reps {
        for (pos, dice) in &pairs {
            n += gen.legal_plays(black_box(pos), *dice).len();
        }
    }
    let engine = t.elapsed().as_nanos() as f64 / (reps * pairs.len()) as f64;
    let t = Instant::now();
    let (mut bytes, mut texts_n) = (0, 0);
    for _ in 0..reps {
        for (pos, dice) in &pairs {
            let texts = query::plays(black_box(pos), *dice);
            bytes += texts.iter().map(String::len).sum::<usize>();
            texts_n += texts.len();
        }
    }
    let texts = t.elapsed().as_nanos() as f64 / (reps * pairs.len()) as f64;
    let mut kept = Texts::new();
    let t = Instant::now();
    let mut listed = 0;
    for _ in 0..reps {
        for (pos, dice) in &pairs {
            query::write_plays(black_box(pos), *dice, &mut kept);
            listed += kept.len();
        }
    }
    let buffer = t.elapsed().as_nanos() as f64 / (reps * pairs.len()) as f64;
    assert_eq!(listed, texts_n);
    println!(
        "{} pairs, {:.1} plays a pair, {:.1} bytes of text a pair: engine {engine:.0} ns a pair, texts {texts:.0} ns ({:.1}x), in one buffer {buffer:.0} ns ({:.1}x)",
        pairs.len(),
        n as f64 / (reps * pairs.len()) as f64,
        bytes as f64 / (reps * pairs.len()) as f64,
        texts / engine,
        buffer / engine
    );
}
