//! `tabula index`, `tabula explore` and `tabula find --db`: the archive database.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tabula_replay::archive::Target;
use tabula_replay::database::{self, Database, Wins};
use tabula_replay::GameKind;

use crate::{say, write_failed, Output};

pub fn index(
    db: &Path,
    jsonl: bool,
    jobs: Option<usize>,
    paths: &[PathBuf],
    output: Output,
) -> Result<ExitCode, String> {
    // The library runs the index inside a pool of that many threads, so that with one the
    // replay and the writes share one thread rather than hand batches across two.
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let jobs = jobs.map(|n| n.clamp(1, cores));
    let summary = database::index(db, paths, jobs).map_err(|e| e.to_string())?;
    let mut out = BufWriter::new(io::stdout().lock());
    let written = if output.quiet {
        Ok(())
    } else if jsonl {
        writeln!(out, "{}", summary.to_json())
    } else {
        writeln!(
            out,
            "{}: {} files read, {} passed over, {} replaced; {} games added, {} copies, {} positions",
            db.display(),
            summary.files,
            summary.skipped,
            summary.replaced,
            summary.games,
            summary.copies,
            summary.positions
        )
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        return write_failed(&e);
    }
    for p in &summary.problems {
        if !output.quiet {
            say(format_args!("tabula: {p}"));
        }
    }
    Ok(if !summary.problems.is_empty() {
        ExitCode::from(2)
    } else if summary.not_ok > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// A share of `n` in `total`, in whole percent.
fn share(n: u64, total: u64) -> String {
    (n * 100 + total / 2).checked_div(total).map_or_else(|| "-".to_owned(), |p| format!("{p}%"))
}

fn shares(wins: &Wins, total: u64) -> String {
    wins.counts.iter().map(|&n| format!("{:>8}", share(n, total))).collect()
}

pub fn explore(
    db: &Path,
    position: &str,
    game: Option<GameKind>,
    dice: Option<&str>,
    player: Option<&str>,
    jsonl: bool,
    output: Output,
) -> Result<ExitCode, String> {
    let target = Target::parse(position, game).map_err(|e| format!("--position: {e}"))?;
    let db = Database::open(db).map_err(|e| e.to_string())?;
    let answer = database::explore(&db, &target, dice, player).map_err(|e| e.to_string())?;
    let mut out = BufWriter::new(io::stdout().lock());
    let written = (|| -> io::Result<()> {
        if output.quiet {
            return Ok(());
        }
        if jsonl {
            return writeln!(out, "{}", answer.to_json());
        }
        writeln!(out, "{} {}", answer.kind, answer.position)?;
        let [a, b] = answer.wins.labels;
        writeln!(
            out,
            "{} games; wins {a} {}, {b} {}",
            answer.games,
            share(answer.wins.counts[0], answer.games),
            share(answer.wins.counts[1], answer.games)
        )?;
        if !answer.moves.is_empty() {
            let width = answer.moves.iter().map(|m| m.text.chars().count()).max().unwrap_or(0).max(4);
            writeln!(out, "\n{:<width$}  {:>4}  {:>7}{a:>8}{b:>8}", "move", "dice", "games")?;
            for m in &answer.moves {
                writeln!(out, "{:<width$}  {:>4}  {:>7}{}", m.text, m.dice, m.games, shares(&m.wins, m.games))?;
            }
        }
        if !answer.top_games.is_empty() {
            writeln!(out, "\ngames:")?;
            for g in &answer.top_games {
                writeln!(out, "  {}  {}  ply {}", g.source, g.game, g.ply)?;
            }
        }
        Ok(())
    })();
    if let Err(e) = written.and_then(|()| out.flush()) {
        return write_failed(&e);
    }
    Ok(if answer.games > 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

pub fn find(
    db: &Path,
    position: &str,
    game: Option<GameKind>,
    jsonl: bool,
    output: Output,
) -> Result<ExitCode, String> {
    let target = Target::parse(position, game).map_err(|e| e.to_string())?;
    let db = Database::open(db).map_err(|e| e.to_string())?;
    let found = database::find(&db, &target).map_err(|e| e.to_string())?;
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = (|| -> io::Result<()> {
        if output.quiet {
            return Ok(());
        }
        for f in &found {
            if jsonl {
                writeln!(out, "{}", f.to_json())?;
            } else {
                writeln!(out, "{}  {}  ply {}", f.source, f.game, f.ply)?;
            }
        }
        Ok(())
    })();
    if let Err(e) = written.and_then(|()| out.flush()) {
        return write_failed(&e);
    }
    Ok(if found.is_empty() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
