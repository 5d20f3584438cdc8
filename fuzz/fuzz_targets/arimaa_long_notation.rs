//! cargo-fuzz target `arimaa_long_notation`: its body is `bodies/arimaa_long_notation.rs`, which the regression test
//! `replay/tests/fuzz_regressions.rs` also runs over `fuzz/regressions/arimaa_long_notation/`.
#![no_main]

#[path = "bodies/arimaa_long_notation.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::run(data));
