//! cargo-fuzz target `backgammon_play`: its body is `bodies/backgammon_play.rs`, which the regression test
//! `replay/tests/fuzz_regressions.rs` also runs over `fuzz/regressions/backgammon_play/`.
#![no_main]

#[path = "bodies/backgammon_play.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::run(data));
