//! The legal turns of positions of real games as long-notation texts, what `tabula moves` and
//! the Python package's `Board.legal_turns` give, timed beside the engine's generator alone:
//! the cost of the text, as strings of their own (`query::legal_turns`) and as the package takes
//! them, in one kept buffer (`query::write_turns`). `cargo run --release -p tabula-benches
//! --example arimaa_texts`
//! (`EVERY=n`: every n-th position of the two real archive samples, default 400).
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Instant;

use tabula_engine::arimaa::MoveGenerator;
use tabula_replay::arimaa::query;
use tabula_replay::texts::Texts;

fn main() {
    let every: usize = std::env::var("EVERY").ok().and_then(|r| r.parse().ok()).unwrap_or(400);
    let positions = tabula_benches::real_arimaa_positions(every);
    let mut gen = MoveGenerator::new();
    let t = Instant::now();
    let mut turns = 0;
    for pos in &positions {
        turns += gen.legal_turns(black_box(pos)).len();
    }
    let engine = t.elapsed().as_nanos() as f64 / positions.len() as f64;
    let t = Instant::now();
    let mut bytes = 0;
    for pos in &positions {
        bytes += query::legal_turns(black_box(pos)).iter().map(String::len).sum::<usize>();
    }
    let texts = t.elapsed().as_nanos() as f64 / positions.len() as f64;
    let mut kept = Texts::new();
    let t = Instant::now();
    let mut listed = 0;
    for pos in &positions {
        query::write_turns(black_box(pos), &mut kept);
        listed += kept.len();
    }
    let buffer = t.elapsed().as_nanos() as f64 / positions.len() as f64;
    assert_eq!(listed, turns);
    println!(
        "{} positions, {:.0} turns a position, {:.0} bytes of text a turn: engine {:.2} ms a position, texts {:.2} ms ({:.1}x), in one buffer {:.2} ms ({:.2}x)",
        positions.len(),
        turns as f64 / positions.len() as f64,
        bytes as f64 / turns.max(1) as f64,
        engine / 1e6,
        texts / 1e6,
        texts / engine,
        buffer / 1e6,
        buffer / engine
    );
}
