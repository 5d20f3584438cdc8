//! cargo-fuzz target `backgammon_xg`: its body is `bodies/backgammon_xg.rs`, which the regression test
//! `replay/tests/fuzz_regressions.rs` also runs over `fuzz/regressions/backgammon_xg/`.
#![no_main]

#[path = "bodies/backgammon_xg.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::run(data));
