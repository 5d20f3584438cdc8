//! The `tabula` command: check game archives, list legal moves, replay games.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use tabula_replay::query;
use tabula_replay::Verdict;

use args::{Cli, ColorWhen, Command, Inputs, Notation, ReplayFormat};
use tabula_replay::show::OutputFormat;
use tabula_replay::GameKind;

mod archive;
mod args;
mod check;
mod database;
mod progress;
mod style;

/// `tabula serve`: binds, prints the address on standard output (the first line, for scripts
/// that start it with port 0), and serves until Ctrl-C.
fn serve(db: std::path::PathBuf, bind: std::net::IpAddr, port: u16) -> Result<ExitCode, String> {
    let config = tabula_serve::Config { db, bind, port };
    let server = tabula_serve::Server::bind(&config).map_err(|e| e.to_string())?;
    let url = format!("http://{}/", server.local_addr());
    let mut out = io::stdout().lock();
    if writeln!(out, "{url}").and_then(|()| out.flush()).is_err() {
        return Err("cannot write the address to standard output".to_owned());
    }
    drop(out);
    say(format_args!("tabula: serving {} on {url} (read-only; Ctrl-C stops)", config.db.display()));
    if !bind.is_loopback() {
        say(format_args!("tabula: {bind} is not loopback: other machines that reach this one can read the database"));
    }
    server.run().map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

/// Records are read as many small strings and vectors; mimalloc serves them several times faster
/// than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let output = Output::new(&cli);
    let result = match cli.command {
        Command::Check { jsonl, suggest, inputs: Inputs { jobs, paths } } => {
            check::check(jsonl, suggest, jobs, &paths, output)
        }
        Command::Duplicates { jsonl, inputs: Inputs { jobs, paths } } => {
            archive::duplicates(jsonl, jobs, &paths, output)
        }
        Command::Positions { jsonl, inputs: Inputs { jobs, paths } } => archive::positions(jsonl, jobs, &paths, output),
        Command::Find { db: Some(db), position, game, jsonl, paths: _ } => {
            database::find(&db, &position, game, jsonl, output)
        }
        Command::Find { db: None, position, game, jsonl, paths } => {
            archive::find(&position, game, jsonl, &paths, output)
        }
        Command::Index { db, jsonl, inputs: Inputs { jobs, paths } } => {
            database::index(&db, jsonl, jobs, &paths, output)
        }
        Command::Explore { db, position, game, dice, player, jsonl } => {
            database::explore(&db, &position, game, dice.as_deref(), player.as_deref(), jsonl, output)
        }
        Command::Serve { db, bind, port } => serve(db, bind, port),
        Command::Moves { game, position, dice, count } => moves(game, &position, dice.as_deref(), count),
        Command::Resolve { jsonl: _ } => resolve(),
        Command::Convert { to, view, game, lenient, file } => convert(to, &view, game.as_deref(), lenient, &file),
        Command::Replay { file, game, turn, no_color, format: ReplayFormat::Text } => {
            let output = if no_color { Output { color: anstream::ColorChoice::Never, ..output } } else { output };
            replay(&file, game.as_deref(), turn, output)
        }
        Command::Replay { file, game, turn, no_color: _, format } => {
            let format = match format {
                ReplayFormat::Svg => OutputFormat::Svg,
                _ => OutputFormat::Html,
            };
            render(&file, game.as_deref(), turn, format)
        }
        Command::Board { game, position, view } => board(game, &position, &view),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "tabula", &mut io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => match clap_mangen::Man::new(Cli::command()).render(&mut io::stdout()) {
            Ok(()) => Ok(ExitCode::SUCCESS),
            Err(e) => write_failed(&e),
        },
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if !output.quiet {
                say(format_args!("tabula: {e}"));
            }
            ExitCode::from(2)
        }
    }
}

/// How a command writes for people: with colours or not, or nothing at all.
#[derive(Copy, Clone)]
pub struct Output {
    /// `--color`, with `NO_COLOR` and `CLICOLOR_FORCE` taken into account for `auto`.
    pub color: anstream::ColorChoice,
    /// `--quiet`: the exit status alone.
    pub quiet: bool,
}

impl Output {
    fn new(cli: &Cli) -> Output {
        let choice = match cli.color {
            ColorWhen::Always => anstream::ColorChoice::Always,
            ColorWhen::Never => anstream::ColorChoice::Never,
            ColorWhen::Auto => anstream::AutoStream::choice(&io::stdout()),
        };
        Output { color: choice, quiet: cli.quiet }
    }

    /// How boards are drawn on standard output: in colour or not, and as wide as the terminal
    /// is (a compact board when it is narrow); unbounded into a pipe or a file.
    fn look(&self) -> tabula_replay::show::Look {
        let width = terminal_size::terminal_size_of(io::stdout()).map_or(usize::MAX, |(w, _)| usize::from(w.0));
        tabula_replay::show::Look { color: !matches!(self.color, anstream::ColorChoice::Never), width }
    }
}

/// How `replay` and `convert` end on an input they cannot take a game from: status 1 (said on
/// standard error) when it holds no game, as `check` ends an input without one; status 2 for a
/// file that cannot be read or a game asked for that is not there.
fn no_game_or_failure(no_game: bool, e: &dyn std::fmt::Display) -> Result<ExitCode, String> {
    if no_game {
        say(format_args!("tabula: {e}"));
        Ok(ExitCode::from(1))
    } else {
        Err(e.to_string())
    }
}

/// The status of a run whose standard output was closed by its reader (`tabula check | head -1`):
/// 128 + SIGPIPE, as a shell reports a program ended by a closed pipe.
const CLOSED_OUTPUT: u8 = 141;

/// How a command ends on a write error: quietly with [`CLOSED_OUTPUT`] when the reader closed
/// the pipe, else as an I/O error (a full disk).
pub fn write_failed(e: &io::Error) -> Result<ExitCode, String> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(ExitCode::from(CLOSED_OUTPUT))
    } else {
        Err(format!("cannot write output: {e}"))
    }
}

/// A line for people on standard error; a closed or full standard error is no reason to stop.
pub fn say(message: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr(), "{message}");
}

fn moves(game: GameKind, position: &str, dice: Option<&str>, count: bool) -> Result<ExitCode, String> {
    let moves = query::moves(game, position, dice).map_err(|e| match e {
        query::QueryError::Position { .. } => format!("--position: {e}"),
        e => format!("--dice: {e}"),
    })?;
    if let (Some(why), false) = (&moves.none_because, count) {
        say(format_args!("no legal {}: {why}", if game == GameKind::Backgammon { "play" } else { "turn" }));
    }
    let texts = moves.texts;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let written =
        if count { writeln!(out, "{}", texts.len()) } else { texts.iter().try_for_each(|t| writeln!(out, "{t}")) };
    match written.and_then(|()| out.flush()) {
        Err(e) => write_failed(&e),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}

fn resolve() -> Result<ExitCode, String> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_resolved = true;
    // Lines of at most the input layer's limit; one that is too long, or not UTF-8, gets its
    // own answer and the next line is read.
    let mut lines = tabula_replay::input::LineReader::new(stdin.lock());
    while let Some(line) = lines.next_line() {
        let line = line.map_err(|e| format!("standard input, line {}: {e}", lines.number()))?;
        let (answer, resolved) = match (line, std::str::from_utf8(lines.text())) {
            (tabula_replay::input::Line::TooLong(n), _) => query::refuse_line(&format!(
                "the line is {n} bytes long, more than the {} read",
                tabula_replay::input::MAX_LINE_BYTES
            )),
            (_, Err(_)) => query::refuse_line("the line is not UTF-8 text"),
            (_, Ok(text)) if text.trim().is_empty() => continue,
            (_, Ok(text)) => query::resolve_line(text),
        };
        all_resolved &= resolved;
        let written = writeln!(out, "{answer}").and_then(|()| out.flush());
        if let Err(e) = written {
            return write_failed(&e);
        }
    }
    Ok(if all_resolved { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn convert(
    to: Notation,
    view: &str,
    game: Option<&str>,
    lenient: bool,
    file: &std::path::Path,
) -> Result<ExitCode, String> {
    use tabula_notation::arimaa::short::View;
    use tabula_replay::convert;
    let view: View = view.parse().map_err(|_| format!("--view: `{view}` is not g, s or n"))?;
    let converted = match to {
        Notation::Sgf => return convert_match(file, true),
        Notation::Mat => return convert_match(file, false),
        Notation::Short => convert::to_short(file, game, view),
        Notation::Long => convert::to_long(file, view, lenient),
    };
    let (text, error) = match converted {
        Ok(converted) => converted,
        Err(e) => return no_game_or_failure(e.is_no_game(), &e),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        return write_failed(&e);
    }
    Ok(match error {
        Some(e) => {
            say(format_args!("tabula convert: stopped: {e}"));
            ExitCode::from(1)
        }
        None if text.trim().is_empty() => {
            say(format_args!("tabula convert: {}: no move in the text", file.display()));
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    })
}

/// `tabula convert --to sgf|mat`: a backgammon match, every game verified, written again.
fn convert_match(file: &std::path::Path, to_sgf: bool) -> Result<ExitCode, String> {
    use tabula_replay::convert::{convert_file, FileConvertError};
    match convert_file(file, to_sgf) {
        Ok(bytes) => {
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            match out.write_all(&bytes).and_then(|()| out.flush()) {
                Err(e) => write_failed(&e),
                Ok(()) => Ok(ExitCode::SUCCESS),
            }
        }
        Err(FileConvertError::Io { file, error }) => Err(format!("{file}: {error}")),
        Err(FileConvertError::Refused { file, reason, games }) => {
            say(format_args!("tabula convert: {file}: {reason}"));
            for r in games {
                if let Some(e) = &r.error {
                    say(format_args!("  {} {}: {}: {}", r.game, r.verdict.as_str(), r.error_place(), e.message));
                }
            }
            Ok(ExitCode::from(1))
        }
    }
}

fn replay(file: &std::path::Path, game: Option<&str>, upto: Option<usize>, output: Output) -> Result<ExitCode, String> {
    let stdout = io::stdout();
    let mut out: Box<dyn Write> =
        if output.quiet { Box::new(io::sink()) } else { Box::new(BufWriter::new(stdout.lock())) };
    let verdict = match tabula_replay::show::print_replay(file, game, upto, output.look(), &mut out) {
        Ok(verdict) => verdict,
        Err(tabula_replay::show::ShowError::Write(e)) => return write_failed(&e),
        Err(e) => return no_game_or_failure(e.is_no_game(), &e),
    };
    if let Err(e) = out.flush() {
        return write_failed(&e);
    }
    Ok(if verdict == Verdict::Ok { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The analysis page's WebAssembly module, kept in the library (`replay/module/`).
const MODULE: &[u8] = tabula_replay::page::MODULE;

/// `tabula board`: the analysis page of a position on standard output.
fn board(game: GameKind, position: &str, view: &str) -> Result<ExitCode, String> {
    let page = tabula_replay::page::board(game.name(), position, view);
    let page = tabula_replay::page::embed_module(&page, MODULE);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if let Err(e) = out.write_all(page.as_bytes()).and_then(|()| out.flush()) {
        return write_failed(&e);
    }
    Ok(ExitCode::SUCCESS)
}

/// `tabula replay --format svg|html`: the picture or the page on standard output (the page an
/// analysis board too); the status is the verdict's, as for the text.
fn render(
    file: &std::path::Path,
    game: Option<&str>,
    turn: Option<usize>,
    format: OutputFormat,
) -> Result<ExitCode, String> {
    let rendered = match tabula_replay::show::render(file, game, turn, format) {
        Ok(rendered) => rendered,
        Err(tabula_replay::show::ShowError::Write(e)) => return write_failed(&e),
        Err(e) => return no_game_or_failure(e.is_no_game(), &e),
    };
    let text = if format == OutputFormat::Html {
        tabula_replay::page::embed_module(&rendered.text, MODULE)
    } else {
        rendered.text
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        return write_failed(&e);
    }
    Ok(if rendered.verdict == Verdict::Ok { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
