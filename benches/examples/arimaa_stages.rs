//! Times the stages of Arimaa replay separately on the real games: cutting move lists into
//! moves, resolving the moves on the board, and whole-game replay with repetition and the end of
//! the game. `cargo run --release -p tabula-benches --example arimaa_stages`
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Instant;

use tabula_benches::real_arimaa_records;
use tabula_engine::arimaa::{Game, Phase};
use tabula_replay::arimaa::movelist::{MoveBody, Moves};
use tabula_replay::arimaa::verify::verify;

fn main() {
    let records = real_arimaa_records();
    let moves: usize = records.iter().map(|r| verify(&r.as_record()).turns).sum();
    let reps = std::env::var("REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(30);
    let only = std::env::var("STAGE").ok();
    let time = |name: &str, f: &mut dyn FnMut()| {
        if only.as_deref().is_some_and(|o| !name.starts_with(o)) {
            return;
        }
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        let ns = t.elapsed().as_nanos() as f64 / (reps * moves) as f64;
        println!("{name:<40} {ns:8.1} ns/move  {:10.0} moves/s", 1e9 / ns);
    };
    time("cut move lists into moves", &mut || {
        for r in &records {
            for m in Moves::new(&r.movelist) {
                black_box(&m);
            }
        }
    });
    time("cut + resolve + play (no history)", &mut || {
        for r in &records {
            let mut game = Game::new();
            for m in Moves::new(&r.movelist).flatten() {
                let MoveBody::Tokens(t) = m.body else { continue };
                let pos = *game.position();
                if pos.phase() == Phase::Setup {
                    if let Ok(p) = t.resolve_placement(pos.side_to_move()) {
                        let _ = game.place(&p);
                    }
                } else if let Ok(rt) = t.resolve_turn(&pos) {
                    black_box(&rt);
                    let _ = game.play_finished(&rt);
                }
            }
        }
    });
    time("whole verify", &mut || {
        for r in &records {
            black_box(verify(&r.as_record()));
        }
    });
}
