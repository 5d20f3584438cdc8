//! cargo-fuzz target `arimaa_archive`: its body is `bodies/arimaa_archive.rs`, which the regression test
//! `replay/tests/fuzz_regressions.rs` also runs over `fuzz/regressions/arimaa_archive/`.
#![no_main]

#[path = "bodies/arimaa_archive.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::run(data));
