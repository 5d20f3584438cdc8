//! Criterion benchmarks of the Arimaa engine, notation and replay on real games.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use tabula_benches::{real_arimaa_positions, real_arimaa_records};
use tabula_engine::arimaa::MoveGenerator;
use tabula_notation::arimaa::{write_turn, LongMove};
use tabula_replay::arimaa::verify::verify;

fn replay(c: &mut Criterion) {
    let records = real_arimaa_records();
    let moves: u64 = records.iter().map(|r| verify(&r.as_record()).turns as u64).sum();
    let mut g = c.benchmark_group("arimaa replay");
    g.throughput(Throughput::Elements(moves));
    g.bench_function("verify the 80 real archive games (elements = moves)", |b| {
        b.iter(|| {
            for r in &records {
                black_box(verify(&r.as_record()));
            }
        })
    });
    g.finish();
}

fn movegen(c: &mut Criterion) {
    let positions = real_arimaa_positions(25);
    let mut gen = MoveGenerator::new();
    let mut g = c.benchmark_group("arimaa move generation");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function(format!("all legal turns of {} real positions (elements = positions)", positions.len()), |b| {
        b.iter(|| {
            for p in &positions {
                black_box(gen.count(p));
            }
        })
    });
    g.finish();
}

fn notation(c: &mut Criterion) {
    let positions = real_arimaa_positions(7);
    let mut gen = MoveGenerator::new();
    let cases: Vec<_> = positions
        .iter()
        .filter_map(|p| {
            let turns = gen.legal_turns(p);
            let (t, _) = turns.get(turns.len() / 2)?;
            Some((*p, write_turn(p, t).ok()?))
        })
        .collect();
    let mut g = c.benchmark_group("arimaa long notation");
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.bench_function("parse and resolve a turn (elements = turns)", |b| {
        b.iter(|| {
            for (p, text) in &cases {
                let m = LongMove::from_ascii(text.as_bytes()).expect("parses");
                black_box(m.resolve_turn(p).expect("resolves"));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, replay, movegen, notation);
criterion_main!(benches);
