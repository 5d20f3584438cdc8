//! The progress bar of `tabula check` on a terminal's standard error: bytes read of the inputs'
//! size, files, games a second and the time left. It appears only when the run lasts more than
//! a moment, and is gone before the summary is printed.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tabula_replay::control::Control;
use tabula_replay::input::{walk, Entry};

use crate::style::grouped;

/// How long a run goes before the bar appears.
const DELAY: Duration = Duration::from_millis(400);
/// How often the bar is drawn again.
const TICK: Duration = Duration::from_millis(100);

/// A progress bar drawn by a thread of its own while the run goes on.
pub struct Progress {
    done: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

impl Progress {
    /// Starts watching a run over `paths`: its bytes and files from `control`, its games from
    /// `games`.
    pub fn start(paths: &[PathBuf], control: Arc<Control>, games: Arc<AtomicUsize>) -> Progress {
        let done = Arc::new(AtomicBool::new(false));
        let paths = paths.to_vec();
        let finished = Arc::clone(&done);
        let thread = std::thread::spawn(move || draw(&paths, &control, &games, &finished));
        Progress { done, thread }
    }

    /// Takes the bar away.
    pub fn finish(self) {
        self.done.store(true, Ordering::Relaxed);
        let _ = self.thread.join();
    }
}

fn draw(paths: &[PathBuf], control: &Control, games: &AtomicUsize, done: &AtomicBool) {
    let start = Instant::now();
    while start.elapsed() < DELAY {
        if done.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep(TICK);
    }
    // The size of everything to read, found by walking the paths again (standard input has
    // none); compressed files count by their size on disk, so the bar may run past its end.
    let total: u64 = walk(paths).map(|e| if let Entry::File { len, .. } = e { len } else { 0 }).sum();
    let bar = ProgressBar::with_draw_target(Some(total.max(1)), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{spinner} [{elapsed}] {bar:30} {bytes}/{total_bytes}  {msg}  ETA {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style.progress_chars("=> "));
    while !done.load(Ordering::Relaxed) {
        let read = control.bytes_read();
        if read > bar.length().unwrap_or(0) {
            bar.set_length(read);
        }
        bar.set_position(read);
        let secs = start.elapsed().as_secs_f64().max(1e-3);
        let n = games.load(Ordering::Relaxed);
        bar.set_message(format!(
            "{} files, {} games, {} games/s",
            grouped(control.files_done() as u64),
            grouped(n as u64),
            grouped((n as f64 / secs) as u64)
        ));
        std::thread::sleep(TICK);
    }
    bar.finish_and_clear();
}
