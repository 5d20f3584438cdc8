//! cargo-fuzz target `arimaa_short`: its body is `bodies/arimaa_short.rs`, which the regression test
//! `replay/tests/fuzz_regressions.rs` also runs over `fuzz/regressions/arimaa_short/`.
#![no_main]

#[path = "bodies/arimaa_short.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::run(data));
