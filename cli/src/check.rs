//! `tabula check`: the games that are not ok as they come, then a summary; or JSON Lines. A
//! progress bar on a terminal's standard error, and Ctrl-C ends the run with the summary of
//! what was checked.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use tabula_replay::check::{check_paths_controlled, CheckEvent, Summary};
use tabula_replay::control::Control;
use tabula_replay::{GameReport, Verdict};

use crate::progress::Progress;
use crate::style::{count, grouped, verdict_style};
use crate::{say, write_failed, Output};

/// The status of a run ended by Ctrl-C: 128 + SIGINT, as a shell reports it.
const INTERRUPTED: u8 = 130;

/// Sets the number of worker threads, `jobs` (default: one per core).
///
/// # Errors
/// The threads cannot be started.
pub fn set_jobs(jobs: Option<usize>) -> Result<(), String> {
    if let Some(n) = jobs {
        // More threads than cores do not help: the request is clamped to the cores there are.
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.clamp(1, cores))
            .build_global()
            .map_err(|e| format!("cannot start {n} threads: {e}"))?;
    }
    Ok(())
}

pub fn check(
    jsonl: bool,
    suggest: bool,
    jobs: Option<usize>,
    paths: &[PathBuf],
    output: Output,
) -> Result<ExitCode, String> {
    set_jobs(jobs)?;
    let control = Arc::new(if suggest { Control::suggesting() } else { Control::new() });
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let (control, interrupted) = (Arc::clone(&control), Arc::clone(&interrupted));
        // The first Ctrl-C stops the reading and the summary of what was checked is printed;
        // a second one ends the program at once.
        let _ = ctrlc::set_handler(move || {
            if interrupted.swap(true, Ordering::Relaxed) {
                std::process::exit(i32::from(INTERRUPTED));
            }
            control.stop();
        });
    }
    let games = Arc::new(AtomicUsize::new(0));
    let progress = (!output.quiet && io::stderr().is_terminal())
        .then(|| Progress::start(paths, Arc::clone(&control), Arc::clone(&games)));
    let start = Instant::now();
    let stdout = io::stdout();
    // JSON Lines carry no styles (the serializer escapes control characters), so they are
    // written as they are rather than scanned for escape sequences to strip.
    let color = if jsonl { anstream::ColorChoice::AlwaysAnsi } else { output.color };
    let mut out = BufWriter::with_capacity(1 << 16, anstream::AutoStream::new(stdout.lock(), color));
    let mut write_error = None;
    let summary = {
        let mut sink = |event: CheckEvent<'_>| {
            if let CheckEvent::Game(_) = event {
                games.fetch_add(1, Ordering::Relaxed);
            }
            let res = match (event, jsonl, output.quiet) {
                (_, _, true) => Ok(()),
                (CheckEvent::Game(r), true, _) => writeln!(out, "{}", r.to_json()),
                (CheckEvent::Game(r), false, _) => write_person_line(&mut out, r),
                (CheckEvent::Skipped { path, reason }, true, _) => {
                    writeln!(out, "{}", GameReport::skipped_json(path, reason))
                }
                // Listed with the summary.
                (CheckEvent::Skipped { .. }, false, _) => Ok(()),
            };
            match res {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    write_error = Some(e);
                    ControlFlow::Break(())
                }
            }
        };
        check_paths_controlled(paths, &control, &mut sink)
    };
    if let Some(p) = progress {
        p.finish();
    }
    if let Some(e) = write_error {
        return write_failed(&e);
    }
    let interrupted = interrupted.load(Ordering::Relaxed);
    if !jsonl && !output.quiet {
        if let Err(e) = write_summary(&mut out, &summary, start.elapsed().as_secs_f64(), interrupted) {
            return write_failed(&e);
        }
    }
    if let Err(e) = out.flush() {
        return write_failed(&e);
    }
    let notice = |message: std::fmt::Arguments<'_>| {
        if !output.quiet {
            say(message);
        }
    };
    if interrupted {
        notice(format_args!("tabula: interrupted: the games above were checked, the rest was not read"));
        return Ok(ExitCode::from(INTERRUPTED));
    }
    if summary.refused > 0 {
        notice(format_args!("tabula: {} paths or files could not be read (reported above)", summary.refused));
    }
    if summary.missing > 0 {
        notice(format_args!(
            "tabula: {} of the paths given do not exist (reported above, after the others)",
            summary.missing
        ));
    }
    if summary.missing + summary.refused > 0 {
        return Ok(ExitCode::from(2));
    }
    if summary.games == 0 {
        // Nothing was proved: an empty archive is no reason for a success.
        notice(format_args!("tabula: no games found in the paths given"));
        return Ok(ExitCode::from(1));
    }
    Ok(if summary.all_ok() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn write_person_line(out: &mut impl Write, r: &GameReport) -> io::Result<()> {
    if r.verdict == Verdict::Ok {
        return Ok(());
    }
    let e = r.error.as_ref();
    let at = match r.error_place() {
        p if p.is_empty() => p,
        p => format!("{p}: "),
    };
    let style = verdict_style(r.verdict);
    writeln!(
        out,
        "{style}{:<16}{style:#} {}  game {}: {at}{}",
        r.verdict.as_str(),
        r.source,
        r.game,
        e.map_or("", |e| e.message.as_str())
    )?;
    if let Some(line) = r.repair_line() {
        writeln!(out, "{:<16} repaired by: {line}", "")?;
    }
    Ok(())
}

fn write_summary(out: &mut impl Write, s: &Summary, secs: f64, interrupted: bool) -> io::Result<()> {
    if s.games > s.verdicts.ok {
        writeln!(out)?;
    }
    writeln!(out, "{:<16} {:>10}", "verdict", "games")?;
    for verdict in Verdict::ALL {
        let n = s.verdicts.get(verdict);
        let style = if n > 0 { verdict_style(verdict) } else { anstyle::Style::new() };
        writeln!(out, "{style}{:<16} {:>10}{style:#}", verdict.as_str(), grouped(n as u64))?;
    }
    writeln!(out, "{:<16} {:>10}", "total", grouped(s.games as u64))?;
    let per_second = |n: usize| if secs > 0.0 { (n as f64 / secs) as u64 } else { 0 };
    writeln!(
        out,
        "\n{} ({}) from {} ({:.1} MB) in {:.3} s: {} games/s, {} moves/s",
        count(s.games as u64, "game", "games"),
        count(s.turns as u64, "move", "moves"),
        count(s.files as u64, "file", "files"),
        s.bytes as f64 / 1e6,
        secs,
        grouped(per_second(s.games)),
        grouped(per_second(s.turns)),
    )?;
    if interrupted {
        writeln!(out, "interrupted (Ctrl-C): the counts are of the games checked before it")?;
    }
    if !s.skipped.is_empty() {
        let n = s.skipped.len() as u64;
        writeln!(
            out,
            "{} held no game and {} passed over:",
            count(n, "file", "files"),
            if n == 1 { "was" } else { "were" }
        )?;
        for (p, why) in s.skipped.iter().take(10) {
            writeln!(out, "  {} ({})", p.display(), why.label())?;
        }
        if s.skipped.len() > 10 {
            writeln!(out, "  ... ({} more; --jsonl lists every one)", grouped(s.skipped.len() as u64 - 10))?;
        }
    }
    Ok(())
}
