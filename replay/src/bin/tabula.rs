//! The `tabula` command: check game archives, list legal moves, replay games.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use tabula_replay::check::{check_paths, Summary};
use tabula_replay::{GameReport, Verdict};

#[derive(Parser)]
#[command(
    name = "tabula",
    version,
    about = "Proves recorded games legal by replaying their notation on real positions"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum GameKind {
    Arimaa,
}

#[derive(Subcommand)]
enum Command {
    /// Check every game in files or folders (searched recursively); the format is recognised
    /// from the content.
    Check {
        /// Print one JSON object per game (JSON Lines) instead of the table for people.
        #[arg(long)]
        jsonl: bool,
        /// Worker threads (default: one per core).
        #[arg(long, short = 'j')]
        jobs: Option<usize>,
        /// Files or folders (searched recursively); `-` reads standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// List (or count) every legal turn of a position, one per distinct resulting position.
    Moves {
        /// The game.
        #[arg(long, value_enum)]
        game: GameKind,
        /// The position: for Arimaa `g [<64 squares>]`, rank 8 first, files a..h, `.` empty.
        #[arg(long)]
        position: String,
        /// Print only the number of turns.
        #[arg(long)]
        count: bool,
    },
    /// Show a game move by move with a board diagram.
    Replay {
        /// The record file.
        file: PathBuf,
        /// Which game of the file (its id, or its 1-based index); default the first.
        #[arg(long)]
        game: Option<String>,
        /// Show only the position after this many moves (set-ups included).
        #[arg(long)]
        turn: Option<usize>,
        /// Never use colours.
        #[arg(long)]
        no_color: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check { jsonl, jobs, paths } => check(jsonl, jobs, &paths),
        Command::Moves { game, position, count } => moves(game, &position, count),
        Command::Replay { file, game, turn, no_color } => {
            replay(&file, game.as_deref(), turn, !no_color && io::IsTerminal::is_terminal(&io::stdout()))
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tabula: {e}");
            ExitCode::from(2)
        }
    }
}

fn check(jsonl: bool, jobs: Option<usize>, paths: &[PathBuf]) -> Result<ExitCode, String> {
    if let Some(n) = jobs {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .map_err(|e| format!("cannot start {n} threads: {e}"))?;
    }
    for p in paths {
        if p.as_os_str() != "-" && !p.exists() {
            return Err(format!("{}: no such file or folder", p.display()));
        }
    }
    let start = Instant::now();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut write_error = None;
    let summary = {
        let mut sink = |r: &GameReport| {
            if write_error.is_some() {
                return;
            }
            let res = if jsonl { writeln!(out, "{}", r.to_json()) } else { write_person_line(&mut out, r) };
            if let Err(e) = res {
                write_error = Some(e);
            }
        };
        check_paths(paths, &mut sink)
    };
    if let Some(e) = write_error {
        if e.kind() == io::ErrorKind::BrokenPipe {
            return Ok(ExitCode::from(1));
        }
        return Err(format!("cannot write output: {e}"));
    }
    if !jsonl {
        write_summary(&mut out, &summary, start.elapsed().as_secs_f64()).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(if summary.all_ok() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn write_person_line(out: &mut impl Write, r: &GameReport) -> io::Result<()> {
    if r.verdict == Verdict::Ok {
        return Ok(());
    }
    let e = r.error.as_ref();
    let at = e.map(|e| {
        let mut s = format!("line {}", e.line);
        if !e.turn.is_empty() {
            s.push_str(&format!(", move {}", e.turn));
        }
        if !e.token.is_empty() {
            s.push_str(&format!(", `{}`", e.token));
        }
        s
    });
    writeln!(
        out,
        "{:<16} {}  game {}: {}: {}",
        r.verdict.as_str(),
        r.source,
        r.game,
        at.unwrap_or_default(),
        e.map_or("", |e| e.message.as_str())
    )
}

fn write_summary(out: &mut impl Write, s: &Summary, secs: f64) -> io::Result<()> {
    if s.games > s.verdicts[0] {
        writeln!(out)?;
    }
    writeln!(out, "{:<16} {:>8}", "verdict", "games")?;
    for (name, n) in ["ok", "illegal", "result-mismatch", "unreadable"].iter().zip(s.verdicts) {
        writeln!(out, "{name:<16} {n:>8}")?;
    }
    writeln!(out, "{:<16} {:>8}", "total", s.games)?;
    let rate = if secs > 0.0 { s.turns as f64 / secs } else { 0.0 };
    writeln!(
        out,
        "\n{} moves replayed from {} files ({:.1} MB) in {:.3} s: {:.0} moves/s",
        s.turns,
        s.files,
        s.bytes as f64 / 1e6,
        secs,
        rate
    )?;
    if !s.skipped.is_empty() {
        writeln!(out, "{} files in folders were not game records and were skipped:", s.skipped.len())?;
        for p in s.skipped.iter().take(10) {
            writeln!(out, "  {}", p.display())?;
        }
        if s.skipped.len() > 10 {
            writeln!(out, "  ...")?;
        }
    }
    Ok(())
}

fn moves(game: GameKind, position: &str, count: bool) -> Result<ExitCode, String> {
    match game {
        GameKind::Arimaa => {
            let pos = tabula_notation::arimaa::parse_position(position).map_err(|e| format!("--position: {e}"))?;
            let mut gen = tabula_engine::arimaa::MoveGenerator::new();
            let turns = gen.legal_turns(&pos);
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            if count {
                writeln!(out, "{}", turns.len()).map_err(|e| e.to_string())?;
            } else {
                let mut texts: Vec<String> =
                    turns.iter().filter_map(|(t, _)| tabula_notation::arimaa::write_turn(&pos, t).ok()).collect();
                texts.sort();
                for t in texts {
                    writeln!(out, "{t}").map_err(|e| e.to_string())?;
                }
            }
            out.flush().map_err(|e| e.to_string())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn replay(file: &std::path::Path, game: Option<&str>, upto: Option<usize>, color: bool) -> Result<ExitCode, String> {
    let record = tabula_replay::check::find_game(file, game)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let report = tabula_replay::arimaa::show::print_replay(&record.as_record(), upto, color, &mut out)
        .map_err(|e| e.to_string())?;
    out.flush().map_err(|e| e.to_string())?;
    Ok(if report == Verdict::Ok { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
