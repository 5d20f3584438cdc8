//! The command line: the subcommands and their options.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use tabula_replay::{GameKind, UnknownGame};

#[derive(Parser)]
#[command(
    name = "tabula",
    version,
    about = "Proves recorded games legal by replaying their notation on real positions"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// When to use colours: `auto` on a terminal (unless `NO_COLOR` is set, or `CLICOLOR_FORCE`
    /// asks for them anywhere), `always` or `never`.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, global = true)]
    pub color: ColorWhen,
    /// Print nothing: the exit status alone says how the run went.
    #[arg(long, short = 'q', global = true)]
    pub quiet: bool,
}

/// When to use colours.
#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, by the `NO_COLOR` and `CLICOLOR_FORCE` conventions.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// What `tabula replay` writes.
#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
pub enum ReplayFormat {
    /// Board diagrams for the terminal, move by move.
    Text,
    /// One position as a standalone SVG picture (the last, or the one after --turn N).
    Svg,
    /// A self-contained HTML page to step through the game.
    Html,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// Arimaa short notation.
    Short,
    /// Arimaa long notation.
    Long,
    /// A backgammon match as GNU Backgammon's `.sgf`.
    Sgf,
    /// A backgammon match as a `.mat` file (Backgammon Studio's layout, gnubg's own).
    Mat,
}

/// The files a command reads, and the threads it reads them with.
#[derive(clap::Args)]
pub struct Inputs {
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Files or folders (searched recursively); `-` reads standard input; gzip is read
    /// decompressed.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check every game in files or folders (searched recursively); the format is recognised
    /// from the content.
    #[command(
        after_help = "Examples:\n  tabula check testdata/\n  tabula check --jsonl archive.tsv.gz > verdicts.jsonl\n  \
                            cat match.mat | tabula check -\n\nExit status: 0 every game ok, 1 some game not ok or no game \
                            found, 2 a path missing or unreadable, 130 interrupted."
    )]
    Check {
        /// Print one JSON object per game (JSON Lines) instead of the table for people.
        #[arg(long)]
        jsonl: bool,
        /// For an illegal game, suggest up to 3 legal moves near to the one written, each
        /// replayed in the record in its place (those that repair it first).
        #[arg(long)]
        suggest: bool,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Find the records that are in the archive more than once: the same game (Arimaa, Stones
    /// and Rivers) or the same match (backgammon), whatever the format or spelling, by their
    /// fingerprints (`docs/archive.md`). For people: records read, distinct records, and each
    /// group with its members; `--jsonl`: one object per group of two or more.
    #[command(after_help = "Examples:\n  tabula duplicates archive/\n  tabula duplicates --jsonl a.mat b.sgf\n\n\
                            Exit status: 0 no duplicate, 1 duplicates found, 2 a path missing or unreadable.")]
    Duplicates {
        /// One JSON object per group (JSON Lines).
        #[arg(long)]
        jsonl: bool,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// List every position reached in every game, streamed: ply, side to move, the position
    /// (as `check`'s final_position writes it), the roll and the move played from it, and a
    /// 64-bit key equal for equal positions. The last position of a game is check's
    /// final_position.
    #[command(after_help = "Examples:\n  tabula positions --jsonl testdata/snr/games.txt > positions.jsonl\n\n\
                            Exit status: 0 every file read, 1 no game found, 2 a path missing or unreadable.")]
    Positions {
        /// One JSON object per position (JSON Lines); else tab-separated columns with a header.
        #[arg(long)]
        jsonl: bool,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Index every game of files or folders into an archive database (one SQLite file, made
    /// when missing): copies are one game with several sources; a file indexed before with
    /// the same content is passed over, a changed one replaced; each file is one transaction.
    #[command(after_help = "Examples:\n  tabula index --db archive.db testdata/\n  \
                            tabula index --db archive.db --jsonl archive/\n\n\
                            Exit status: 0 every game ok, 1 some game not ok (indexed all the same), 2 a path \
                            missing or unreadable, or FILE not a tabula database of this version.")]
    Index {
        /// The database file.
        #[arg(long)]
        db: PathBuf,
        /// One JSON object at the end with the counts of this run.
        #[arg(long)]
        jsonl: bool,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// The opening explorer: what was played from a position in the distinct ok games of an
    /// archive database, with games, wins by side and games that reach it.
    #[command(after_help = "Examples:\n  tabula explore --db archive.db --position 4HPwATDgc/ABMA --dice 31\n  \
                            tabula explore --db archive.db --jsonl --player bot_tabula_runner --position 'g [...]'\n\n\
                            Exit status: 0 the position is reached, 1 it is not, 2 a bad position or FILE.")]
    Explore {
        /// The database file (made by `tabula index`).
        #[arg(long)]
        db: PathBuf,
        /// The position, as `find` takes it.
        #[arg(long)]
        position: String,
        /// The game, when the position could be read as another's.
        #[arg(long, value_parser = parse_game)]
        game: Option<GameKind>,
        /// Backgammon: only the moves of this roll (`31`).
        #[arg(long)]
        dice: Option<String>,
        /// Only the games a player of this name (as the record writes it, case ignored) took
        /// part in.
        #[arg(long)]
        player: Option<String>,
        /// One JSON object.
        #[arg(long)]
        jsonl: bool,
    },
    /// A local web server over an archive database: the analysis board with the explorer
    /// beside it, every game's replay page, a player's games, and the JSON of `explore` and
    /// `find` (`/api/explore`, `/api/find`). Read-only; loopback unless told otherwise.
    #[command(after_help = "Examples:\n  tabula serve --db archive.db\n  \
                            tabula serve --db archive.db --port 8080\n\n\
                            It prints its address (http://127.0.0.1:PORT/) and serves until Ctrl-C.\n\
                            Exit status: 0 stopped by Ctrl-C, 2 a FILE that is not a tabula database or an address \
                            that cannot be listened on.")]
    Serve {
        /// The database file (made by `tabula index`), opened read-only.
        #[arg(long)]
        db: PathBuf,
        /// The address to listen on; another than loopback lets other machines in.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// The port; 0 (the default) lets the system choose a free one.
        #[arg(long, default_value_t = 0)]
        port: u16,
    },
    /// Find the games, and the plies, that reach a position: in files and folders, or with
    /// `--db` in an archive database.
    #[command(after_help = "Examples:\n  tabula find --position 4HPwATDgc/ABMA testdata/backgammon/matches\n  \
                            tabula find --jsonl --position 'g [...]' archive.tsv\n  \
                            tabula find --db archive.db --position 4HPwATDgc/ABMA\n\n\
                            Exit status: 0 found, 1 not found, 2 a path missing or unreadable.")]
    Find {
        /// Answer from this archive database instead of reading files.
        #[arg(long, conflicts_with = "paths")]
        db: Option<PathBuf>,
        /// The position: Arimaa `g [<64 squares>]` or `s [...]` (the side to move included), a
        /// gnubg Position ID (from the view of the player on roll), or a Stones and Rivers
        /// position string.
        #[arg(long)]
        position: String,
        /// The game, when the position could be read as another's.
        #[arg(long, value_parser = parse_game)]
        game: Option<GameKind>,
        /// One JSON object per game and ply found (JSON Lines).
        #[arg(long)]
        jsonl: bool,
        /// Files or folders (searched recursively); `-` reads standard input.
        #[arg(required_unless_present = "db")]
        paths: Vec<PathBuf>,
    },
    /// List (or count) every legal turn of a position, one per distinct resulting position.
    #[command(after_help = "Examples:\n  tabula moves --game backgammon --position 4HPwATDgc/ABMA --dice 31\n  \
                            tabula moves --game arimaa --count --position 'g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]'")]
    Moves {
        /// The game: arimaa, backgammon or stones-and-rivers.
        #[arg(long, value_parser = parse_game)]
        game: GameKind,
        /// The position: for Arimaa `g [<64 squares>]`, rank 8 first, files a..h, `.` empty; for
        /// backgammon a gnubg Position ID seen from the player on roll, a gnubg ID
        /// (`PositionID:MatchID`) or an XGID; for Stones and Rivers the position string, rows 14
        /// to 1 separated by `/`, then `sq` or `cr`.
        #[arg(long)]
        position: String,
        /// The roll (backgammon): two digits, like 31 or 66; may be left out when the position
        /// (a gnubg ID or an XGID) carries it.
        #[arg(long)]
        dice: Option<String>,
        /// Print only the number of turns.
        #[arg(long)]
        count: bool,
    },
    /// Resolve moves written in any accepted spelling against their positions: one JSON request
    /// per line on standard input, one answer per line on standard output.
    #[command(
        after_help = "Example:\n  echo '{\"game\":\"backgammon\",\"position\":\"4HPwATDgc/ABMA\",\"dice\":\"31\",\"move\":\"6/5, 8/5\"}' \
                            | tabula resolve --jsonl"
    )]
    Resolve {
        /// JSON Lines in and out (the only mode).
        #[arg(long, required = true)]
        jsonl: bool,
    },
    /// Convert an Arimaa record between long and short notation: `--to short` reads an archive
    /// row or a move list in long notation (one game, `--game`), `--to long` reads a text of
    /// short notation and writes the long move list. Convert a backgammon match (`.mat`, `.sgf`
    /// or `.xg`) to `--to sgf` or `--to mat`: every game verified, the verified plays written; a
    /// match with a game that is not ok is not converted (status 1, the games said).
    #[command(
        after_help = "Examples:\n  tabula convert --to short --game 900001 testdata/arimaa/random_games.tsv\n  \
                            tabula convert --to long game.txt\n  tabula convert --to sgf match.mat > match.sgf"
    )]
    Convert {
        /// The notation to write.
        #[arg(long, value_enum)]
        to: Notation,
        /// The view of the short notation written (`--to short`; `g`, `s` or `n`); for `--to
        /// long` the view in effect until the text gives one. Default `g`.
        #[arg(long, default_value = "g")]
        view: String,
        /// Which game of an archive (its id, or its 1-based index); default the first.
        #[arg(long)]
        game: Option<String>,
        /// Read a plain digit after a letter as a column or a scan number, and let captures go
        /// unwritten (`--to long`).
        #[arg(long)]
        lenient: bool,
        /// The record file (`-`: standard input; gzip is read decompressed).
        file: PathBuf,
    },
    /// Show a game move by move with a board diagram.
    #[command(after_help = "Examples:\n  tabula replay testdata/backgammon/matches/galaxy_3pt.mat --game 2\n  \
                            tabula replay testdata/arimaa/random_games.tsv --game 900001 --turn 10")]
    Replay {
        /// The record file (`-`: standard input; gzip is read decompressed).
        file: PathBuf,
        /// Which game of the file (its id, or its 1-based index); default the first.
        #[arg(long)]
        game: Option<String>,
        /// Show only the position after this many moves (Arimaa: set-ups included; backgammon:
        /// rolls; Stones and Rivers: turns, 0 the start); with --format html, the position the
        /// page opens at.
        #[arg(long)]
        turn: Option<usize>,
        /// Never use colours (as `--color never`).
        #[arg(long, hide = true)]
        no_color: bool,
        /// What to write: text diagrams, an SVG picture of one position (the last, or the one
        /// --turn names), or an HTML page to step through the game.
        #[arg(long, value_enum, default_value = "text")]
        format: ReplayFormat,
    },
    /// Write an analysis board for a position (the game's start by default) to standard output:
    /// one HTML file, opened from disk with no network, on which moves are tried by click and by
    /// text and judged by tabula's own engine, compiled to WebAssembly and inlined in the page.
    #[command(after_help = "Examples:\n  tabula board --game arimaa > arimaa.html\n  \
                            tabula board --game backgammon --position 4HPwATDgc/ABMA > board.html")]
    Board {
        /// The game: arimaa, backgammon or stones-and-rivers.
        #[arg(long, value_parser = parse_game)]
        game: GameKind,
        /// The position, as `tabula moves` reads it; default the start (Arimaa: the empty board,
        /// Gold to set up).
        #[arg(long, default_value = "")]
        position: String,
        /// Arimaa: the view short notation is read and written in (`g`, `s` or `n`).
        #[arg(long, default_value = "g", value_parser = ["g", "s", "n"])]
        view: String,
    },
    /// Print a shell's completion script for tabula (`tabula completions bash >
    /// /etc/bash_completion.d/tabula`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print tabula's manual page (roff: `tabula man > tabula.1; man ./tabula.1`).
    Man,
}

fn parse_game(name: &str) -> Result<GameKind, UnknownGame> {
    name.parse()
}
