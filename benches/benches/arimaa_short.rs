//! Criterion benchmarks of Arimaa short notation on every turn of the real archive games:
//! resolving the shortest form of each turn on its position, and writing that shortest form.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use tabula_benches::real_arimaa_records;
use tabula_engine::arimaa::{Position, Turn};
use tabula_notation::arimaa::short::{write_turn, ShortMove, View};
use tabula_replay::arimaa::verify::{verify_with, Replayed};

/// Every turn of steps of the real games, with the position before it.
fn real_turns() -> Vec<(Position, Turn)> {
    let mut out = Vec::new();
    for r in real_arimaa_records() {
        verify_with(&r.as_record(), |ev| {
            if let Replayed::Move { before, turn: Some(t), .. } = ev {
                out.push((*before, t));
            }
        });
    }
    out
}

fn short_notation(c: &mut Criterion) {
    let turns = real_turns();
    let mut g = c.benchmark_group("arimaa short notation");
    g.sample_size(10);
    g.throughput(Throughput::Elements(turns.len() as u64));
    for view in [View::Gold, View::Silver] {
        let moves: Vec<(Position, ShortMove)> = turns
            .iter()
            .filter_map(|(p, t)| {
                let text = write_turn(p, t, view).ok()?;
                let m: ShortMove = format!("{view}\n{text}").parse().ok()?;
                Some((*p, m))
            })
            .collect();
        assert_eq!(moves.len(), turns.len());
        g.bench_function(format!("resolve the shortest form, view {view} (elements = turns)"), |b| {
            b.iter(|| {
                for (p, m) in &moves {
                    black_box(m.resolve(p).ok());
                }
            })
        });
        g.bench_function(format!("write the shortest form, view {view} (elements = turns)"), |b| {
            b.iter(|| {
                for (p, t) in &turns {
                    black_box(write_turn(p, t, view).ok());
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, short_notation);
criterion_main!(benches);
