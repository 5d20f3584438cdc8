//! What a caller sees and does while a run reads its inputs: a flag that stops the reading (an
//! interrupt, or an output that was closed) and the bytes and files read so far (for a progress
//! display). One [`Control`] is shared, behind an [`Arc`](std::sync::Arc), by the run and by
//! whoever watches it from another thread.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// The shared state of one run; see the [module documentation](self).
#[derive(Debug, Default)]
pub struct Control {
    stop: AtomicBool,
    bytes: AtomicU64,
    files: AtomicUsize,
    suggest: bool,
}

impl Control {
    /// A run not stopped, nothing read yet.
    pub fn new() -> Control {
        Control::default()
    }

    /// A run, not stopped, whose illegal games get repair hints (`tabula check --suggest`): the
    /// legal moves near to the one written, each replayed in the record in its place.
    pub fn suggesting() -> Control {
        Control { suggest: true, ..Control::default() }
    }

    /// Whether the run's illegal games get repair hints.
    pub fn suggests(&self) -> bool {
        self.suggest
    }

    /// Asks the run to stop: it reads no further chunk and checks no further file, and reports
    /// what it has checked.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the run was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Bytes of content read so far (after decompression).
    pub fn bytes_read(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Files read to their end so far.
    pub fn files_done(&self) -> usize {
        self.files.load(Ordering::Relaxed)
    }

    pub(crate) fn add_bytes(&self, n: u64) {
        self.bytes.fetch_add(n, Ordering::Relaxed);
    }

    pub(crate) fn file_done(&self) {
        self.files.fetch_add(1, Ordering::Relaxed);
    }

    /// Takes back a file read to its end and its `bytes`, for a file that is read again.
    pub(crate) fn forget_file(&self, bytes: u64) {
        self.bytes.fetch_sub(bytes.min(self.bytes_read()), Ordering::Relaxed);
        self.files.fetch_sub(usize::from(self.files_done() > 0), Ordering::Relaxed);
    }
}
