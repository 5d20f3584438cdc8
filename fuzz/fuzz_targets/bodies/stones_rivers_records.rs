//! The Stones and Rivers record reader and verifier on arbitrary bytes: as a whole file, and
//! after a valid header and a few legal turns (so that most inputs reach the turn parser and the
//! rules). Every record gives one report; errors stand on a line of the input; the reader ends;
//! feeding the bytes a few at a time gives the same reports.

use std::io::Read;
use std::sync::Arc;

use tabula_replay::report::Verdict;
use tabula_replay::stones_rivers::{check_records, RecordReader};

const PREFIX: &[u8] = b"[Game \"fuzz\"]\n[Result \"*\"]\nSq - D5, PS, D6, D7\nCr - J10, FN\nSq - E6, FE\n";

/// A reader that hands out at most 5 bytes a call.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(5).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fn run_file(data: &[u8]) {
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let mut records = 0usize;
    for record in RecordReader::new(data) {
        records += 1;
        assert!(record.line >= 1 && record.line <= lines);
        for t in record.turns() {
            assert!(t.line >= record.line && t.line <= lines);
            assert!(!t.text.is_empty());
        }
        if let Some(p) = &record.problem {
            assert!(p.line >= record.line && p.line <= lines);
            assert!(!p.message().is_empty());
        }
    }
    assert!(records as u64 <= lines);
    let source: Arc<str> = Arc::from("fuzz");
    let mut reports = Vec::new();
    check_records(&source, data, &mut |r| reports.push(r));
    assert_eq!(reports.len(), records);
    for r in &reports {
        if let Some(e) = &r.error {
            assert!(e.line >= 1 && e.line <= lines, "error line {} of {lines}", e.line);
            assert!(!e.message.is_empty());
        }
        assert_eq!(r.error.is_none(), r.verdict == Verdict::Ok);
    }
    let mut trickled = Vec::new();
    check_records(&source, std::io::BufReader::with_capacity(3, Trickle(data)), &mut |r| trickled.push(r));
    assert_eq!(reports, trickled);
}

/// Runs the target on one input. Any panic is a bug: of the library, or a property below broken.
pub fn run(data: &[u8]) {
    run_file(data);
    let file: Vec<u8> = PREFIX.iter().chain(data).copied().collect();
    run_file(&file);
}
