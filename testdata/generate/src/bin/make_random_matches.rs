//! Writes random legal backgammon money sessions as `.mat` files: the bulk of the archive that
//! `benches/database_queries.py` indexes to time the database's questions.
//!
//! ```text
//! cargo run --release -p tabula-testdata --bin make_random_matches -- DIR SESSIONS [GAMES [SEED]]
//! ```
//!
//! Writes `SESSIONS` files into `DIR` (`session_<n>.mat`), each a money session of `GAMES` games
//! (default 10) played at random by [`RandomMatch`] from the seeds `SEED` (default 1), `SEED + 1`,
//! and so on, in alternately the BackgammonGalaxy and the Backgammon Studio dialect, between two of
//! 200 players (`player<k>`). Every game starts from the opening, so the start position is reached
//! by all of them; the rest are mostly met once. Deterministic: the same arguments give the same
//! files.

use std::path::PathBuf;
use std::process::ExitCode;

use tabula_replay::backgammon::Dialect;
use tabula_testdata::backgammon::{MatchSpec, RandomMatch};

/// Players the sessions are played between.
const PLAYERS: u64 = 200;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: u64| args.get(i).map_or(Ok(default), |a| a.parse::<u64>().map_err(|e| format!("{a}: {e}")));
    let run = || -> Result<(), String> {
        let dir = PathBuf::from(args.first().ok_or("usage: make_random_matches DIR SESSIONS [GAMES [SEED]]")?);
        let (sessions, games, seed) = (number(1, 0)?, number(2, 10)?, number(3, 1)?);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for n in 0..sessions {
            let seed = seed + n;
            let spec = MatchSpec {
                seed,
                dialect: if n % 2 == 0 { Dialect::Galaxy } else { Dialect::Studio },
                length: 0,
                money_games: u32::try_from(games).map_err(|e| e.to_string())?,
                players: [
                    format!("player{}", seed % PLAYERS),
                    format!("player{}", (seed / PLAYERS + seed + 1) % PLAYERS),
                ],
            };
            let path = dir.join(format!("session_{n}.mat"));
            let file = std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            RandomMatch::generate(&spec)
                .write(std::io::BufWriter::new(file))
                .map_err(|e| e.to_string())
                .and_then(|w| w.into_inner().map(drop).map_err(|e| e.to_string()))
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        println!("{sessions} sessions of {games} games written to {}", dir.display());
        Ok(())
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make_random_matches: {e}");
            ExitCode::FAILURE
        }
    }
}
