//! cargo-fuzz target `positions`: its body is `bodies/positions.rs`, which the regression test
//! `replay/tests/fuzz_regressions.rs` also runs over `fuzz/regressions/positions/`.
#![no_main]

#[path = "bodies/positions.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::run(data));
