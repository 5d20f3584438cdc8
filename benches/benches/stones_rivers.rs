//! Stones and Rivers: legal-turn generation over the mid-game positions of the shared perft set
//! (target: under 2 µs a position on average), and replay of the shared legal records: read by
//! the record reader, each turn parsed and played with every rule checked, on one thread
//! (target: 5,000,000 turns a second a core).
//! `cargo bench -p tabula-benches --bench stones_rivers`
#![allow(missing_docs)]

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tabula_engine::stones_rivers::{Player, Position};
use tabula_notation::stones_rivers::{parse_position, TurnText};
use tabula_replay::report::Verdict;
use tabula_replay::stones_rivers::{verify, RecordReader};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/snr");

fn read(name: &str) -> String {
    let path = format!("{SHARED}/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The positions of `perft.tsv`.
fn positions() -> Vec<Position> {
    read("perft.tsv")
        .lines()
        .skip(1)
        .filter_map(|l| parse_position(l.split('\t').next()?).ok())
        .filter_map(|s| Position::from_setup(&s).ok())
        .collect()
}

/// The turns of every record of `games_legal.txt`, parsed, record by record.
fn games() -> Vec<Vec<TurnText>> {
    read("games_legal.txt")
        .split("\n\n")
        .map(|record| record.lines().filter(|l| !l.starts_with(['[', '#'])).filter_map(|l| l.parse().ok()).collect())
        .filter(|g: &Vec<TurnText>| !g.is_empty())
        .collect()
}

fn generation(c: &mut Criterion) {
    let positions = positions();
    assert_eq!(positions.len(), 40);
    let mut group = c.benchmark_group("stones_rivers");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal turns, per position of perft.tsv", |b| {
        let mut turns = Vec::new();
        b.iter(|| {
            let mut n = 0;
            for pos in &positions {
                pos.legal_turns_into(&mut turns);
                n += turns.len();
            }
            black_box(n)
        })
    });
    group.finish();
}

fn replay(c: &mut Criterion) {
    let games = games();
    let turns: usize = games.iter().map(Vec::len).sum();
    let lines = read("games_legal.txt");
    let mut group = c.benchmark_group("stones_rivers");
    group.throughput(Throughput::Elements(turns as u64));
    group.bench_function("replay, per turn played and checked (parsed before)", |b| {
        b.iter(|| {
            let mut ok = 0;
            for game in &games {
                let first = game.first().map_or(Player::Square, |t| t.player);
                let mut pos = Position::initial(first);
                for t in game {
                    match t.play(&pos) {
                        Ok((_, next)) => pos = next,
                        Err(_) => break,
                    }
                    ok += 1;
                }
            }
            black_box(ok)
        })
    });
    group.bench_function("replay, per turn read from the records' text, parsed, played and checked", |b| {
        // What `tabula check` does with a record file, on one thread: the streaming record
        // reader, then every turn parsed and played with every rule checked, one report a game.
        let source: Arc<str> = Arc::from("games_legal.txt");
        b.iter(|| {
            let mut ok = 0;
            for record in RecordReader::new(lines.as_bytes()) {
                let report = verify(&source, &record);
                assert_eq!(report.verdict, Verdict::Ok);
                ok += report.turns;
            }
            assert_eq!(ok, turns);
            black_box(ok)
        })
    });
    group.finish();
}

criterion_group!(benches, generation, replay);
criterion_main!(benches);
