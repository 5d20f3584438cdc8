//! The work `scripts/instruction_counts.py` counts with callgrind, one case a run, on this
//! repository's `testdata/` alone (so that the counts are the same on every machine with the same
//! build): `cargo run --release -p tabula-benches --example instruction_cases -- CASE`.
//!
//! Cases: `backgammon-plays` (the legal plays of every pair of `testdata/backgammon/perft.tsv`),
//! `arimaa-turns` (the legal turns of every 100th position of `testdata/arimaa/perft.tsv`),
//! `fingerprints` (the canonical forms of the games of `testdata/arimaa/random_games.tsv`,
//! written and hashed 20 times over). Only the function named `measure_*` of the case is the
//! work; the script counts it alone (`--toggle-collect`), so reading the fixtures does not count.
#![allow(missing_docs)]

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::Path;

use tabula_engine::arimaa::{MoveGenerator as ArimaaGenerator, Position as ArimaaPosition};
use tabula_engine::backgammon::{Dice, MoveGenerator, Position};
use tabula_notation::arimaa::parse_position;
use tabula_replay::arimaa::verify::{verify_with, write_positions, Replayed};
use tabula_replay::fingerprint::{Fingerprint, Fingerprinter};

fn testdata(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata").join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[inline(never)]
fn measure_backgammon_plays(pairs: &[(Position, Dice)]) -> usize {
    let mut gen = MoveGenerator::new();
    pairs.iter().map(|(p, d)| black_box(gen.legal_plays(p, *d)).len()).sum()
}

#[inline(never)]
fn measure_arimaa_turns(positions: &[ArimaaPosition]) -> usize {
    let mut gen = ArimaaGenerator::new();
    positions.iter().map(|p| black_box(gen.legal_turns(p)).len()).sum()
}

#[inline(never)]
fn measure_fingerprints(games: &[Vec<ArimaaPosition>]) -> u128 {
    let mut all = 0u128;
    for _ in 0..20 {
        for game in games {
            let mut f = Fingerprinter::new("arimaa");
            write_positions(&mut f, game.iter());
            let Fingerprint(value) = f.finish();
            all = all.rotate_left(1) ^ value;
        }
    }
    all
}

fn main() {
    let case = std::env::args().nth(1).unwrap_or_default();
    match case.as_str() {
        "backgammon-plays" => {
            let pairs = tabula_benches::backgammon::perft_pairs();
            println!("{} plays", measure_backgammon_plays(&pairs));
        }
        "arimaa-turns" => {
            let text = testdata("arimaa/perft.tsv");
            let positions: Vec<ArimaaPosition> = text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.starts_with("source\t"))
                .step_by(100)
                .filter_map(|l| {
                    let mut cols = l.split('\t').skip(1);
                    let (side, board) = (cols.next()?, cols.next()?);
                    parse_position(&format!("{side} [{board}]")).ok()
                })
                .collect();
            println!("{} turns of {} positions", measure_arimaa_turns(&positions), positions.len());
        }
        "fingerprints" => {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/arimaa/random_games.tsv");
            let mut games = Vec::new();
            let read = tabula_replay::read::for_each_arimaa_record(&path, &mut |record| {
                let mut positions = Vec::new();
                verify_with(&record.as_record(), |r| match r {
                    Replayed::Move { before, after, .. } => {
                        if positions.is_empty() {
                            positions.push(*before);
                        }
                        positions.push(*after);
                    }
                    Replayed::Start { position } => positions = vec![*position],
                    Replayed::TakeBack { .. } => {
                        positions.pop();
                    }
                });
                games.push(positions);
                ControlFlow::Continue(())
            });
            if let Err(e) = read {
                panic!("{e}");
            }
            println!("{:032x} of {} games", measure_fingerprints(&games), games.len());
        }
        _ => {
            eprintln!("usage: instruction_cases backgammon-plays|arimaa-turns|fingerprints");
            std::process::exit(2);
        }
    }
}
