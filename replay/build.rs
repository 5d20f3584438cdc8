//! Finds the analysis page's WebAssembly module for the `tabula` program to inline in its
//! pages, and copies it to `OUT_DIR/tabula_web.wasm` (an empty file when there is none: the
//! program then says how to build it when asked for a board).
//!
//! The module is built before the program, by its own cargo command (a build script does not
//! run cargo again: that would build the three crates a second time for another target on every
//! clean build, in CI's lints and tests too):
//!
//! ```text
//! cargo build --profile wasm --target wasm32-unknown-unknown -p tabula-web
//! ```
//!
//! It is taken from `TABULA_WEB_WASM` when that is set, else from the target folder this build
//! writes into (`<target>/wasm32-unknown-unknown/wasm/tabula_web.wasm`).

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=TABULA_WEB_WASM");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    // Only the program (`cli`) and the ways in that ask for it (`page-module`) inline the
    // module: a build without them (the library for WebAssembly, which the module itself stands
    // on) watches nothing more.
    let program = (std::env::var_os("CARGO_FEATURE_CLI").is_some()
        || std::env::var_os("CARGO_FEATURE_PAGE_MODULE").is_some())
        && std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a != "wasm32");
    if !program {
        let _ = std::fs::write(out.join("tabula_web.wasm"), b"");
        return;
    }
    let module = match std::env::var_os("TABULA_WEB_WASM") {
        Some(path) => Some(PathBuf::from(path)),
        None => target_folder(&out).map(|t| t.join("wasm32-unknown-unknown").join("wasm")),
    };
    let bytes = match &module {
        Some(path) if path.extension().is_some_and(|e| e == "wasm") => {
            println!("cargo:rerun-if-changed={}", path.display());
            std::fs::read(path).unwrap_or_default()
        }
        Some(folder) => {
            // Watched as a folder (made if missing), so that the module built into it later
            // brings this script back.
            let _ = std::fs::create_dir_all(folder);
            let file = folder.join("tabula_web.wasm");
            if file.is_file() {
                println!("cargo:rerun-if-changed={}", file.display());
            } else {
                println!("cargo:rerun-if-changed={}", folder.display());
            }
            std::fs::read(&file).unwrap_or_default()
        }
        None => Vec::new(),
    };
    if std::fs::write(out.join("tabula_web.wasm"), bytes).is_err() {
        println!("cargo:warning=cannot write the module into OUT_DIR");
    }
}

/// The target folder: the first folder above `OUT_DIR` that cargo marked as one.
fn target_folder(out: &Path) -> Option<PathBuf> {
    out.ancestors().find(|a| a.join("CACHEDIR.TAG").is_file()).map(Path::to_path_buf)
}
