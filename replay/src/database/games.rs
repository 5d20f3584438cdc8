//! The games of the database as a person browses them: how many of each kind, a player's
//! games, and where a game's first copy is, to replay it.

use rusqlite::{params, OptionalExtension};
use serde::Serialize;

use super::{sqlite_error, Database, DatabaseError};
use crate::game_kind::GameKind;

/// The distinct games of one kind in the database.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KindCount {
    /// The kind's name (`arimaa`, `backgammon`, `stones-and-rivers`).
    pub kind: &'static str,
    /// Its distinct games, whatever their verdict.
    pub games: u64,
    /// Those of them that are `ok`, which `explore` counts.
    pub ok: u64,
}

/// A distinct game as a list of games shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameEntry {
    /// The game's kind.
    pub kind: &'static str,
    /// Its fingerprint (32 hex digits).
    pub fingerprint: String,
    /// Its verdict (`ok` when one of its copies is).
    pub verdict: String,
    /// Its players, as the record writes them (empty when it does not).
    pub players: [String; 2],
    /// The event, as the record writes it, when it says.
    pub event: Option<String>,
    /// The date, as the record writes it, when it says.
    pub date: Option<String>,
    /// The turns (or plays) replayed.
    pub turns: u64,
    /// The path of the file of its first copy.
    pub source: String,
    /// The game's id in that file, as `check` names it.
    pub game: String,
}

/// Where a game's first copy is: what replaying it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSource {
    /// The game's kind.
    pub kind: GameKind,
    /// The path of the file of its first copy, as it was indexed.
    pub path: String,
    /// The game's id in that file, as `check` names it.
    pub game: String,
    /// The XXH3-128 of the file's bytes when it was indexed (32 hex digits).
    pub hash: String,
}

impl GameSource {
    /// Whether the file still holds the bytes it held when it was indexed, so that its game
    /// `game` is still the game indexed.
    ///
    /// # Errors
    /// The file cannot be read.
    pub fn unchanged(&self) -> std::io::Result<bool> {
        let (hash, _) = super::index::content_hash(std::path::Path::new(&self.path), &mut Vec::new())?;
        Ok(hash == self.hash)
    }
}

/// The distinct games of each kind the database holds, in the order of [`GameKind::ALL`]; a
/// kind without games is left out.
///
/// # Errors
/// The database fails.
pub fn kinds(db: &Database) -> Result<Vec<KindCount>, DatabaseError> {
    let fail = |e| sqlite_error(&db.file, e);
    let mut stmt = db
        .conn
        .prepare_cached("SELECT count(*), count(*) FILTER (WHERE verdict = 'ok') FROM games WHERE kind = ?1")
        .map_err(fail)?;
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        let (games, ok): (i64, i64) = stmt.query_row([kind.name()], |r| Ok((r.get(0)?, r.get(1)?))).map_err(fail)?;
        if games > 0 {
            out.push(KindCount { kind: kind.name(), games: games as u64, ok: ok as u64 });
        }
    }
    Ok(out)
}

/// The distinct games a player named `name` (as the record writes it, case ignored) took part
/// in, in the order they were indexed, at most `limit` of them, and how many there are in all.
///
/// # Errors
/// The database fails.
pub fn player_games(db: &Database, name: &str, limit: usize) -> Result<(Vec<GameEntry>, u64), DatabaseError> {
    let fail = |e| sqlite_error(&db.file, e);
    let total: i64 = db
        .conn
        .prepare_cached("SELECT count(*) FROM players WHERE name = ?1")
        .and_then(|mut stmt| stmt.query_row([name], |r| r.get(0)))
        .map_err(fail)?;
    let mut stmt = db
        .conn
        .prepare_cached(
            "SELECT g.kind, g.fingerprint, g.verdict, g.player0, g.player1, g.event, g.date, g.turns, f.path, g.first_id \
             FROM players p JOIN games g ON g.id = p.game JOIN files f ON f.id = g.first_file \
             WHERE p.name = ?1 ORDER BY p.game LIMIT ?2",
        )
        .map_err(fail)?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = stmt
        .query_map(params![name, limit], |r| {
            let kind: String = r.get(0)?;
            Ok(GameEntry {
                kind: GameKind::from_name(&kind).map_or("unknown", GameKind::name),
                fingerprint: r.get(1)?,
                verdict: r.get(2)?,
                players: [r.get(3)?, r.get(4)?],
                event: r.get(5)?,
                date: r.get(6)?,
                turns: r.get::<_, i64>(7)?.max(0) as u64,
                source: r.get(8)?,
                game: r.get(9)?,
            })
        })
        .map_err(fail)?;
    let games = rows.collect::<rusqlite::Result<Vec<_>>>().map_err(fail)?;
    Ok((games, total.max(0) as u64))
}

/// Where the first copy of the game of `kind` with fingerprint `fingerprint` (32 hex digits)
/// is, or `None` when the database holds no such game.
///
/// # Errors
/// The database fails.
pub fn game_source(db: &Database, kind: GameKind, fingerprint: &str) -> Result<Option<GameSource>, DatabaseError> {
    let fail = |e| sqlite_error(&db.file, e);
    let row: Option<(String, String, String)> = db
        .conn
        .prepare_cached(
            "SELECT f.path, g.first_id, f.hash FROM games g JOIN files f ON f.id = g.first_file \
             WHERE g.kind = ?1 AND g.fingerprint = ?2",
        )
        .and_then(|mut stmt| {
            stmt.query_row(params![kind.name(), fingerprint], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).optional()
        })
        .map_err(fail)?;
    Ok(row.map(|(path, game, hash)| GameSource { kind, path, game, hash }))
}
