//! Shared helpers for the benchmarks: loading the real games from `../shared`.

pub mod arimaa_peer;
pub mod backgammon;

use std::ops::ControlFlow;
use std::path::PathBuf;

use tabula_engine::arimaa::Position;
use tabula_replay::arimaa::find::OwnedRecord;
use tabula_replay::arimaa::verify::{verify_with, Replayed};
use tabula_replay::read::for_each_arimaa_record as for_each_record;

/// `shared/data/arimaa` beside the checkout.
pub fn arimaa_data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/arimaa")
}

/// Every game of the two real archive samples, in memory.
pub fn real_arimaa_records() -> Vec<OwnedRecord> {
    let mut out = Vec::new();
    for f in ["allgames202602_sample.tsv", "allgames201111_sample.tsv"] {
        for_each_record(&arimaa_data().join(f), &mut |r| {
            out.push(r);
            ControlFlow::Continue(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    }
    out
}

/// Positions in play from the real games: every `every`-th position before a turn.
pub fn real_arimaa_positions(every: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut n = 0usize;
    for r in real_arimaa_records() {
        verify_with(&r.as_record(), |ev| {
            if let Replayed::Move { after, .. } = ev {
                n += 1;
                if n.is_multiple_of(every) && after.phase() == tabula_engine::arimaa::Phase::Play {
                    out.push(*after);
                }
            }
        });
    }
    out
}
