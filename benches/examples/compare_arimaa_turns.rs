//! Arimaa whole-turn generation, tabula beside `arimaa-engine` 0.1.0 (the crates.io Arimaa
//! engine), in one process: `cargo run --release -p tabula-benches --example
//! compare_arimaa_turns`.
//!
//! A whole turn is every distinct position one to four steps can reach (what `tabula moves`
//! lists and a full-width search expands). tabula gives them at once
//! ([`MoveGenerator::legal_turns`]); arimaa-engine gives the actions of one state (a piece's
//! steps, a push or pull, or the end of the turn), so its action tree is walked to the end of
//! the turn and the boards reached are collected in a set.
//!
//! Positions: every `EVERY`-th (default 40) position before a turn of the games of
//! `testdata/arimaa/random_games.tsv` and of the game files of `shared/data/arimaa` beside the
//! checkout (when there), and, as the crowded positions, every `CROWDED_EVERY`-th (default 20)
//! position of `testdata/arimaa/perft.tsv` with at least 15,000 distinct turns. First the two
//! sets of positions are compared on every position (printed: how many differ); then both are
//! timed alternately, `ROUNDS` rounds (default 3), tabula for about `SECONDS` (default 1) a round,
//! the peer once over the positions a round (it is some twenty times slower), and the median
//! distinct turns a second of each with the ratio of the times are printed. `PEER=0` times
//! tabula alone (for counting instructions, with `ROUNDS=1 SECONDS=0`).
#![allow(missing_docs)]

use std::collections::HashSet;
use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use arimaa_engine::GameState;
use tabula_benches::arimaa_peer::{peer_key, tabula_key, to_peer, Key};
use tabula_engine::arimaa::{MoveGenerator, Phase, Position};
use tabula_replay::arimaa::verify::{verify_with, Replayed};
use tabula_replay::read::for_each_arimaa_record;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The game files: the random games of the repository, then the files of `shared/data/arimaa`
/// that hold move lists (a `movelist` column), by name.
fn game_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("testdata/arimaa/random_games.tsv")];
    let shared = root().join("../shared/data/arimaa");
    if let Ok(dir) = std::fs::read_dir(&shared) {
        let mut more: Vec<PathBuf> = dir
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
            .filter(|p| {
                std::fs::read_to_string(p)
                    .ok()
                    .and_then(|t| t.lines().next().map(|h| h.split('\t').any(|c| c == "movelist")))
                    .unwrap_or(false)
            })
            .collect();
        more.sort();
        files.extend(more);
    }
    files
}

/// Every `every`-th position before a turn of the games of `files`.
fn game_positions(files: &[PathBuf], every: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut n = 0usize;
    for f in files {
        for_each_arimaa_record(f, &mut |r| {
            verify_with(&r.as_record(), |ev| {
                if let Replayed::Move { after, .. } = ev {
                    if after.phase() == Phase::Play {
                        n += 1;
                        if n.is_multiple_of(every) {
                            out.push(*after);
                        }
                    }
                }
            });
            ControlFlow::Continue(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    }
    out
}

/// Every `every`-th position of the perft fixture with at least `min` distinct turns.
fn crowded_positions(min: usize, every: usize) -> Vec<Position> {
    let path = root().join("testdata/arimaa/perft.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let turns: usize = f[3].parse().ok()?;
            (turns >= min).then(|| tabula_notation::arimaa::parse_position(&format!("{} [{}]", f[1], f[2])).ok())?
        })
        .step_by(every)
        .collect()
}

/// Walks arimaa-engine's action tree from the start of a turn to every end of it (four steps
/// taken, or a pass after fewer), collecting the boards reached.
fn peer_walk(state: &GameState, out: &mut HashSet<Key>) {
    for action in state.valid_actions() {
        let next = state.take_action(&action);
        if next.step() == 0 {
            out.insert(peer_key(next.get_piece_board()));
        } else {
            peer_walk(&next, out);
        }
    }
}

fn peer_turns(pos: &Position) -> HashSet<Key> {
    let mut out = HashSet::new();
    peer_walk(&to_peer(pos), &mut out);
    out
}

fn tabula_turns(gen: &mut MoveGenerator, pos: &Position) -> HashSet<Key> {
    gen.legal_turns(pos).iter().map(|(_, p)| tabula_key(p.board())).collect()
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let every = env("EVERY", 40);
    let rounds = env("ROUNDS", 3).max(1);
    let seconds = env("SECONDS", 1) as f64;
    let with_peer = env("PEER", 1) != 0;
    let files = game_files();
    let groups = [
        (format!("real and random games, every {every}th position"), game_positions(&files, every)),
        ("crowded (perft fixture, >= 15,000 turns)".to_owned(), crowded_positions(15_000, env("CROWDED_EVERY", 20))),
    ];
    let mut gen = MoveGenerator::new();
    println!("game files: {}", files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", "));
    for (name, positions) in &groups {
        let turns: usize = positions.iter().map(|p| gen.count(p)).sum();
        println!("\n{name}: {} positions, {turns} distinct turns", positions.len());
        if with_peer {
            let mut differ = 0;
            for p in positions {
                let (ours, theirs) = (tabula_turns(&mut gen, p), peer_turns(p));
                if ours != theirs {
                    differ += 1;
                    if differ <= 5 {
                        println!(
                            "  differs: {} ({} tabula, {} arimaa-engine, {} only in tabula, {} only in arimaa-engine)",
                            tabula_notation::arimaa::write_position(p),
                            ours.len(),
                            theirs.len(),
                            ours.difference(&theirs).count(),
                            theirs.difference(&ours).count()
                        );
                    }
                }
            }
            println!("  same set of positions on {} of {} positions", positions.len() - differ, positions.len());
        }
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let t = Instant::now();
            let mut reps = 0;
            loop {
                for p in positions {
                    black_box(gen.legal_turns(black_box(p)));
                }
                reps += 1;
                if t.elapsed().as_secs_f64() >= seconds {
                    break;
                }
            }
            ours.push((reps * turns) as f64 / t.elapsed().as_secs_f64());
            if with_peer {
                let t = Instant::now();
                let mut n = 0;
                for p in positions {
                    n += black_box(peer_turns(black_box(p))).len();
                }
                theirs.push(n as f64 / t.elapsed().as_secs_f64());
            }
        }
        let (a, per_position) = (median(&mut ours), positions.len() as f64 / turns as f64);
        println!("  tabula        {:>12.0} turns/s ({:.1} µs a position)", a, 1e6 / a / per_position);
        if with_peer {
            let b = median(&mut theirs);
            println!("  arimaa-engine {:>12.0} turns/s ({:.1} µs a position)", b, 1e6 / b / per_position);
            println!("  time ratio tabula / arimaa-engine: {:.4}", b / a);
        }
    }
}
