//! `tabula duplicates`, `tabula positions` and `tabula find`: the archive keeper's tools.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use tabula_replay::archive::{self, PositionsSummary, Target};
use tabula_replay::control::Control;
use tabula_replay::position_row::JsonPrefix;
use tabula_replay::GameKind;

use crate::check::set_jobs;
use crate::{say, write_failed, Output};

pub fn duplicates(jsonl: bool, jobs: Option<usize>, paths: &[PathBuf], output: Output) -> Result<ExitCode, String> {
    set_jobs(jobs)?;
    let found = archive::duplicates(paths, &Arc::new(Control::new()));
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = (|| -> io::Result<()> {
        if output.quiet {
            return Ok(());
        }
        if jsonl {
            for g in &found.groups {
                writeln!(out, "{}", g.to_json())?;
            }
            return Ok(());
        }
        writeln!(
            out,
            "{} records read, {} distinct, {} with copies",
            found.records,
            found.distinct,
            found.groups.len()
        )?;
        for g in &found.groups {
            writeln!(out, "\n{} {} {} ({} records):", g.kind, g.scope, g.fingerprint, g.members.len())?;
            for m in &g.members {
                writeln!(out, "  {}  {}", m.source, m.game)?;
            }
        }
        Ok(())
    })();
    if let Err(e) = written.and_then(|()| out.flush()) {
        return write_failed(&e);
    }
    let s = &found.summary;
    if s.missing + s.refused > 0 {
        if !output.quiet {
            say(format_args!("tabula: {} paths or files could not be read", s.missing + s.refused));
        }
        return Ok(ExitCode::from(2));
    }
    Ok(if found.groups.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The exit status of a run over positions: 2 when a path could not be read, 1 when no game
/// was found, else `found`.
fn status(summary: &PositionsSummary, output: Output, found: bool) -> ExitCode {
    for p in &summary.problems {
        if !output.quiet {
            say(format_args!("tabula: {p}"));
        }
    }
    if !summary.problems.is_empty() {
        ExitCode::from(2)
    } else if found {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

pub fn positions(jsonl: bool, jobs: Option<usize>, paths: &[PathBuf], output: Output) -> Result<ExitCode, String> {
    /// The bytes gathered before they are written out at once.
    const CHUNK: usize = 1 << 16;
    set_jobs(jobs)?;
    // The rows are written into one buffer, handed to the standard output whenever it holds a
    // chunk: no copy into a second buffer.
    let mut out = io::stdout().lock();
    let mut error = None;
    let mut line = Vec::with_capacity(2 * CHUNK);
    if !jsonl && !output.quiet {
        line.extend_from_slice(b"source\tgame\tkind\tply\tside\tposition\tdice\tmove\tkey\n");
    }
    let summary = archive::positions(paths, &mut |report, rows| {
        if output.quiet {
            return ControlFlow::Continue(());
        }
        if jsonl {
            rows.push_json_lines(&mut line, &JsonPrefix::new(&report.source, &report.game, report.kind));
        } else {
            let prefix = format!("{}\t{}\t{}\t", report.source, report.game, report.kind);
            rows.push_tsv_lines(&mut line, prefix.as_bytes());
        }
        if line.len() >= CHUNK {
            if let Err(e) = out.write_all(&line) {
                error = Some(e);
                return ControlFlow::Break(());
            }
            line.clear();
        }
        ControlFlow::Continue(())
    });
    if let Some(e) = error.or_else(|| out.write_all(&line).and_then(|()| out.flush()).err()) {
        return write_failed(&e);
    }
    Ok(status(&summary, output, summary.games > 0))
}

pub fn find(
    position: &str,
    game: Option<GameKind>,
    jsonl: bool,
    paths: &[PathBuf],
    output: Output,
) -> Result<ExitCode, String> {
    let target = Target::parse(position, game).map_err(|e| e.to_string())?;
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let (mut error, mut found) = (None, 0usize);
    let summary = archive::find(paths, &target, &mut |f| {
        found += 1;
        if output.quiet {
            return ControlFlow::Continue(());
        }
        let written = if jsonl {
            writeln!(out, "{}", f.to_json())
        } else {
            writeln!(out, "{}  {}  ply {}", f.source, f.game, f.ply)
        };
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                error = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = error.or_else(|| out.flush().err()) {
        return write_failed(&e);
    }
    if !jsonl && !output.quiet {
        say(format_args!("tabula: {found} positions found in {} games read", summary.games));
    }
    Ok(status(&summary, output, found > 0))
}
