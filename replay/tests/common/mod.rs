//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared` beside the checkout (CI puts it there). Tests over real data fail loudly when it
/// is missing rather than pass without testing anything.
pub fn shared() -> PathBuf {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    assert!(p.join("data").is_dir(), "the shared data folder is missing: expected it at {}", p.display());
    p
}

pub fn arimaa_data() -> PathBuf {
    shared().join("data/arimaa")
}

/// Rows of a TSV file with a header, as maps from column name to value; `#` lines skipped.
pub fn read_tsv(path: &std::path::Path) -> Vec<std::collections::HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    lines.map(|l| header.iter().zip(l.split('\t')).map(|(h, v)| (h.to_string(), v.to_string())).collect()).collect()
}
