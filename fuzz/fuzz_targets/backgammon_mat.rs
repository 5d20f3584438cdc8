//! cargo-fuzz target `backgammon_mat`: its body is `bodies/backgammon_mat.rs`, which the regression test
//! `replay/tests/fuzz_regressions.rs` also runs over `fuzz/regressions/backgammon_mat/`.
#![no_main]

#[path = "bodies/backgammon_mat.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::run(data));
