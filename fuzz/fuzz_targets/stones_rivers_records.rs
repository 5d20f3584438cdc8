//! cargo-fuzz target `stones_rivers_records`: its body is `bodies/stones_rivers_records.rs`, which the regression test
//! `replay/tests/fuzz_regressions.rs` also runs over `fuzz/regressions/stones_rivers_records/`.
#![no_main]

#[path = "bodies/stones_rivers_records.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::run(data));
