//! Backgammon legal-play generation over the (position, roll) pairs of
//! `testdata/backgammon/perft.tsv` (real matches and random play). Target: under 1 µs per
//! roll on average. `cargo bench -p tabula-benches --bench backgammon`
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Bencher, Criterion, Throughput};
use tabula_engine::backgammon::MoveGenerator;

fn legal_plays(c: &mut Criterion) {
    let pairs = tabula_benches::backgammon::perft_pairs();
    let run = |b: &mut Bencher| {
        let mut gen = MoveGenerator::new();
        b.iter(|| pairs.iter().map(|(pos, dice)| gen.legal_plays(pos, *dice).len()).sum::<usize>())
    };
    let mut group = c.benchmark_group("backgammon");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("legal plays, per (position, roll) of the fixture", run);
    // The same work counted in plays generated (each distinct result of a roll).
    let mut gen = MoveGenerator::new();
    let plays: usize = pairs.iter().map(|(pos, dice)| gen.legal_plays(pos, *dice).len()).sum();
    group.throughput(Throughput::Elements(plays as u64));
    group.bench_function("legal plays, per play generated", run);
    group.finish();
}

criterion_group!(benches, legal_plays);
criterion_main!(benches);
