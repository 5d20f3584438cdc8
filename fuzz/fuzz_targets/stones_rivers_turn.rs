//! cargo-fuzz target `stones_rivers_turn`: its body is `bodies/stones_rivers_turn.rs`, which the regression test
//! `replay/tests/fuzz_regressions.rs` also runs over `fuzz/regressions/stones_rivers_turn/`.
#![no_main]

#[path = "bodies/stones_rivers_turn.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::run(data));
