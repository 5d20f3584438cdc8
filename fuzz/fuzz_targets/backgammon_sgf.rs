//! cargo-fuzz target `backgammon_sgf`: its body is `bodies/backgammon_sgf.rs`, which the regression test
//! `replay/tests/fuzz_regressions.rs` also runs over `fuzz/regressions/backgammon_sgf/`.
#![no_main]

#[path = "bodies/backgammon_sgf.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::run(data));
