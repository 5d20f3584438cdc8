//! One search of the short-notation repair hints (`arimaa::suggest_short::nearest`, what
//! `tabula check --suggest`, `tabula resolve` and the boards run on a refused short text), timed
//! on positions of real games: a legal turn of each written in its shortest short text (view
//! `g`) with one arrow turned, and a text that is no turn at all. `cargo run --release -p
//! tabula-benches --example arimaa_short_near` (`EVERY=n`: every n-th position of the two real
//! archive samples, default 400).
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Instant;

use tabula_engine::arimaa::MoveGenerator;
use tabula_notation::arimaa::short::{write_turn, ResolveOptions, View};
use tabula_replay::arimaa::suggest_short::nearest;

fn main() {
    let every: usize = std::env::var("EVERY").ok().and_then(|r| r.parse().ok()).unwrap_or(400);
    let positions = tabula_benches::real_arimaa_positions(every);
    let mut gen = MoveGenerator::new();
    let mut slipped = Vec::new();
    for pos in &positions {
        let turns = gen.legal_turns(pos);
        let Some((turn, _)) = turns.get(turns.len() / 2) else { continue };
        let Ok(text) = write_turn(pos, turn, View::Gold) else { continue };
        // The last arrow turned to the next one.
        let Some(i) = text.rfind(['^', 'v', '<', '>']) else { continue };
        let turned = match &text[i..=i] {
            "^" => ">",
            ">" => "v",
            "v" => "<",
            _ => "^",
        };
        slipped.push((pos, format!("{}{turned}{}", &text[..i], &text[i + 1..])));
    }
    let opts = ResolveOptions::default();
    let t = Instant::now();
    let mut found = 0;
    for (pos, text) in &slipped {
        found += nearest(black_box(pos), text, View::Gold, opts).len();
    }
    let slip = t.elapsed().as_secs_f64() * 1e6 / slipped.len().max(1) as f64;
    let t = Instant::now();
    for (pos, _) in &slipped {
        found += nearest(black_box(pos), "e^e^e^e^e^e^e^e^e^e^", View::Gold, opts).len();
    }
    let garbage = t.elapsed().as_secs_f64() * 1e6 / slipped.len().max(1) as f64;
    println!(
        "{} positions: one arrow turned {slip:.0} µs a search ({:.1} turns found), `e^e^e^e^e^e^e^e^e^e^` {garbage:.0} µs",
        slipped.len(),
        found as f64 / slipped.len().max(1) as f64
    );
}
