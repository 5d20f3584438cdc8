//! `tabula index`: the records of an archive into the database, a file a transaction.

use std::io::Read;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use super::{dice_number, side_number, sqlite_error, Database, DatabaseError};
use crate::archive::{file_positions, PositionsSummary};
use crate::game_meta::GameMeta;
use crate::input::{self, Entry};
use crate::position_row::PositionRows;
use crate::report::{GameReport, GameResult, Verdict};

/// Move texts remembered with their ids while indexing; past this many the memory is cleared
/// (at a transaction's end), so that it does not grow with the archive.
const MOVE_CACHE: usize = 1 << 18;

/// Positions written before a commit: the files indexed since the last one are committed
/// together (each whole or not at all, in a savepoint of its own).
const COMMIT_POSITIONS: usize = 1 << 18;

/// Bytes of files read before a commit, whatever positions they added (copies add none): readers
/// see the files indexed so far, and a run killed loses at most this much reading.
const COMMIT_BYTES: u64 = 4 << 20;

/// New move texts written a statement at a time, so many.
const MOVES_A_STATEMENT: usize = 32;

/// The ids of move texts: those remembered (as far as [`MOVE_CACHE`] allows), and the new ones
/// of the transaction, written at its end in the order of their ids (a B-tree takes rows in its
/// order at less cost), so that a file's savepoint holds none of them.
#[derive(Default)]
struct Moves {
    /// Text to id.
    ids: rustc_hash::FxHashMap<String, i64>,
    /// The ids of `ids`: a new text's id is one no text remembered holds.
    taken: rustc_hash::FxHashSet<i64>,
    /// The texts met for the first time in this transaction, with the id they were given.
    new: Vec<(i64, String)>,
}

impl Moves {
    /// The id of `text`: the one remembered, else XXH3-64 of the text (as `i64`), or the next
    /// one no remembered text holds; a new text is written with [`Moves::write`], which settles
    /// its id against the table.
    fn id(&mut self, text: &str) -> i64 {
        if let Some(&id) = self.ids.get(text) {
            return id;
        }
        let mut id = xxhash_rust::xxh3::xxh3_64(text.as_bytes()) as i64;
        while self.taken.contains(&id) {
            id = id.wrapping_add(1);
        }
        self.ids.insert(text.to_owned(), id);
        self.taken.insert(id);
        self.new.push((id, text.to_owned()));
        id
    }

    /// Forgets the texts met since `mark` new ones were held (a file rolled back).
    fn truncate(&mut self, mark: usize) {
        for (id, text) in self.new.drain(mark..) {
            self.ids.remove(&text);
            self.taken.remove(&id);
        }
    }

    /// Writes the new texts in the order of their ids. A text's id is the first from its hash
    /// on that the table holds for the same text or holds for none (as the table was made: an id
    /// taken by another text, a chance of 2^-64 a pair, moves to the next); a new text given
    /// another id than it was is renumbered in `staged`.
    fn write(&mut self, conn: &Connection, staged: &mut [Staged]) -> rusqlite::Result<()> {
        self.new.sort_unstable_by_key(|m| m.0);
        let mut insert = conn.prepare_cached("INSERT OR IGNORE INTO moves(id, text) VALUES (?1, ?2)")?;
        let mut many = conn.prepare_cached(&format!(
            "INSERT OR IGNORE INTO moves(id, text) VALUES (?,?){}",
            ",(?,?)".repeat(MOVES_A_STATEMENT - 1)
        ))?;
        let mut held = conn.prepare_cached("SELECT text FROM moves WHERE id = ?1")?;
        let mut renumbered = rustc_hash::FxHashMap::default();
        // Whole statements of new moves first: a statement that wrote them all settled them;
        // one that did not has each of its moves settled again below (one it wrote is then
        // found there with its own text).
        let mut settled = vec![false; self.new.len()];
        for (c, chunk) in self.new.chunks(MOVES_A_STATEMENT).enumerate() {
            if chunk.len() < MOVES_A_STATEMENT {
                break;
            }
            for (i, (id, text)) in chunk.iter().enumerate() {
                many.raw_bind_parameter(2 * i + 1, id)?;
                many.raw_bind_parameter(2 * i + 2, text.as_str())?;
            }
            if many.raw_execute()? == MOVES_A_STATEMENT {
                settled[c * MOVES_A_STATEMENT..(c + 1) * MOVES_A_STATEMENT].fill(true);
            }
        }
        for ((given, text), settled) in self.new.iter().zip(settled) {
            if settled || insert.execute(params![given, text])? == 1 {
                continue;
            }
            let mut id = xxhash_rust::xxh3::xxh3_64(text.as_bytes()) as i64;
            loop {
                let there: Option<String> = held.query_row([id], |r| r.get(0)).optional()?;
                match there {
                    Some(t) if t == *text => break,
                    Some(_) => id = id.wrapping_add(1),
                    None => {
                        insert.execute(params![id, text])?;
                        break;
                    }
                }
            }
            if id != *given {
                renumbered.insert(*given, id);
            }
        }
        if !renumbered.is_empty() {
            for row in staged.iter_mut() {
                if let Some(id) = row.played.and_then(|p| renumbered.get(&p)) {
                    row.played = Some(*id);
                }
            }
            for (given, text) in &self.new {
                if let (Some(id), Some(slot)) = (renumbered.get(given), self.ids.get_mut(text)) {
                    *slot = *id;
                }
            }
            for given in renumbered.keys() {
                self.taken.remove(given);
            }
            self.taken.extend(renumbered.values().copied());
        }
        self.new.clear();
        if self.ids.len() >= MOVE_CACHE {
            self.ids.clear();
            self.taken.clear();
        }
        Ok(())
    }
}

/// What a run of [`index`] did (`tabula index --jsonl`'s object: counts of this run).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct IndexSummary {
    /// Files read and indexed (new or changed).
    pub files: usize,
    /// Files passed over: indexed before with the same content.
    pub skipped: usize,
    /// Files indexed before whose content changed: their old games replaced by the new.
    pub replaced: usize,
    /// Distinct games added.
    pub games: usize,
    /// Records of a game the database held already (or that came twice): a source added.
    pub copies: usize,
    /// Positions added.
    pub positions: usize,
    /// Games read that are not `ok` (indexed all the same).
    #[serde(skip)]
    pub not_ok: usize,
    /// Paths and files that could not be read (`path: why`); such a file is not indexed.
    #[serde(skip)]
    pub problems: Vec<String>,
}

impl IndexSummary {
    /// The JSON object of `tabula index --jsonl`.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"cannot serialise a summary: {e}\"}}"))
    }
}

/// Indexes every record under `paths` (files and folders, as `tabula check` reads them) into
/// the database at `db_path` (made when missing), with `jobs` worker threads (default: one per
/// core). A file indexed before with the same content is passed over; one whose content
/// changed has its games replaced. Each file is one transaction. Standard input cannot be
/// indexed (a problem).
///
/// # Errors
/// The database cannot be opened or written (a path that cannot be read is a problem of the
/// summary, not an error).
pub fn index(db_path: &Path, paths: &[PathBuf], jobs: Option<usize>) -> Result<IndexSummary, DatabaseError> {
    let mut db = Database::create(db_path)?;
    match jobs {
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(n).build().map_err(|_| DatabaseError::Threads(n))?;
            pool.install(|| db.index(paths))
        }
        None => db.index(paths),
    }
}

/// The winner of a game as a side number (0: Gold, the left column, Square).
fn winner_number(result: Option<&GameResult>) -> Option<i64> {
    match result? {
        GameResult::Arimaa { winner, .. } => Some(i64::from(*winner == "s")),
        GameResult::Backgammon { winner, .. } => Some(i64::from(*winner)),
        GameResult::StonesRivers("Sq") => Some(0),
        GameResult::StonesRivers("Cr") => Some(1),
        GameResult::StonesRivers(_) => None,
    }
}

/// XXH3-128 of a file's bytes, as 32 hex digits, and its length.
pub(super) fn content_hash(path: &Path, buffer: &mut Vec<u8>) -> std::io::Result<(String, u64)> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    buffer.resize(1 << 16, 0);
    let mut len = 0u64;
    loop {
        let n = match file.read(buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        hasher.update(&buffer[..n]);
        len += n as u64;
    }
    Ok((format!("{:032x}", hasher.digest128()), len))
}

/// What one file's transaction did.
#[derive(Default)]
struct FileCounts {
    games: usize,
    copies: usize,
    positions: usize,
    not_ok: usize,
}

impl Database {
    /// [`index`] on an open database, in the current thread pool.
    fn index(&mut self, paths: &[PathBuf]) -> Result<IndexSummary, DatabaseError> {
        let mut summary = IndexSummary::default();
        let mut moves = Moves::default();
        let file = self.file.clone();
        let fail = |error| sqlite_error(&file, error);
        let conn = &self.conn;
        // Positions written since the last commit: small files go into one transaction
        // together, each in a savepoint of its own, so that a file is indexed whole or not at
        // all and the pages a commit writes are shared by many files.
        let mut pending = 0usize;
        let mut staged: Vec<Staged> = Vec::new();
        let mut buffer = Vec::new();
        conn.execute_batch("BEGIN IMMEDIATE").map_err(fail)?;
        let mut pending_bytes = 0u64;
        for entry in input::walk(paths) {
            let (path, named) = match entry {
                Entry::File { path, named, .. } => (path, named),
                Entry::Stdin => {
                    summary.problems.push("-: standard input cannot be indexed: give files or folders".to_owned());
                    continue;
                }
                Entry::Problem { path, problem } => {
                    summary.problems.push(format!("{}: {problem}", path.display()));
                    continue;
                }
            };
            let (hash, bytes) = match content_hash(&path, &mut buffer) {
                Ok(h) => h,
                Err(e) => {
                    summary.problems.push(format!("{}: cannot read: {e}", path.display()));
                    continue;
                }
            };
            let name = path.display().to_string();
            let known: Option<(i64, String)> = conn
                .prepare_cached("SELECT id, hash FROM files WHERE path = ?1")
                .and_then(|mut s| s.query_row([&name], |r| Ok((r.get(0)?, r.get(1)?))).optional())
                .map_err(fail)?;
            if known.as_ref().is_some_and(|(_, h)| *h == hash) {
                summary.skipped += 1;
                continue;
            }
            conn.execute_batch("SAVEPOINT file").map_err(fail)?;
            let mark = (staged.len(), moves.new.len());
            let file_id = match &known {
                Some((id, _)) => {
                    remove_file_games(conn, *id).map_err(fail)?;
                    conn.execute(
                        "UPDATE files SET hash = ?1, bytes = ?2 WHERE id = ?3",
                        params![hash, bytes as i64, id],
                    )
                    .map_err(fail)?;
                    *id
                }
                None => {
                    conn.execute(
                        "INSERT INTO files(path, hash, bytes) VALUES (?1, ?2, ?3)",
                        params![name, hash, bytes as i64],
                    )
                    .map_err(fail)?;
                    conn.last_insert_rowid()
                }
            };
            let mut read = PositionsSummary::default();
            let mut counts = FileCounts::default();
            let mut failed = None;
            let mut seq = 0i64;
            let _ = file_positions(&path, named, None, true, &mut read, &mut |report, rows, meta| {
                seq += 1;
                match add_game(conn, file_id, seq, report, rows, meta, &mut moves, &mut counts, &mut staged) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        failed = Some(e);
                        ControlFlow::Break(())
                    }
                }
            });
            if let Some(e) = failed {
                return Err(fail(e));
            }
            if !read.problems.is_empty() {
                // A file read in part is not indexed: its savepoint is rolled back, and with it
                // the moves it added.
                conn.execute_batch("ROLLBACK TO file; RELEASE file").map_err(fail)?;
                staged.truncate(mark.0);
                moves.truncate(mark.1);
                summary.problems.extend(read.problems);
                continue;
            }
            conn.execute_batch("RELEASE file").map_err(fail)?;
            pending += counts.positions;
            pending_bytes += bytes;
            if pending >= COMMIT_POSITIONS || pending_bytes >= COMMIT_BYTES {
                moves.write(conn, &mut staged).map_err(fail)?;
                write_positions(conn, &mut staged).map_err(fail)?;
                conn.execute_batch("COMMIT; BEGIN IMMEDIATE").map_err(fail)?;
                pending = 0;
                pending_bytes = 0;
            }
            summary.files += 1;
            summary.replaced += usize::from(known.is_some());
            summary.games += counts.games;
            summary.copies += counts.copies;
            summary.positions += counts.positions;
            summary.not_ok += counts.not_ok;
        }
        moves.write(conn, &mut staged).map_err(fail)?;
        write_positions(conn, &mut staged).map_err(fail)?;
        conn.execute_batch("COMMIT").map_err(fail)?;
        // Fold the write-ahead log into the file now that the run is over.
        let _ = conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)");
        Ok(summary)
    }
}

/// A row of `positions` waiting for its transaction's end, when the rows of its files are
/// written in the order of their keys (a B-tree takes rows in its order at less cost).
pub(super) struct Staged {
    key: i64,
    game: i64,
    played: Option<i64>,
    ply: u32,
    side: u8,
    dice: u8,
}

/// Rows written by one statement: the work of a statement is shared by many rows.
const ROWS_A_STATEMENT: usize = 64;

/// Writes the rows waiting, in the order of the table's key, and forgets them.
fn write_positions(conn: &Connection, staged: &mut Vec<Staged>) -> rusqlite::Result<()> {
    // By key alone: the order of the rows of one key is only a matter of speed.
    staged.sort_unstable_by_key(|r| r.key);
    let sql = |rows: usize| {
        let mut sql = String::from("INSERT OR IGNORE INTO positions(key, game, ply, side, dice, move) VALUES ");
        for i in 0..rows {
            sql.push_str(if i == 0 { "(?,?,?,?,?,?)" } else { ",(?,?,?,?,?,?)" });
        }
        sql
    };
    let mut many = conn.prepare_cached(&sql(ROWS_A_STATEMENT))?;
    let mut one = conn.prepare_cached(&sql(1))?;
    for chunk in staged.chunks(ROWS_A_STATEMENT) {
        let stmt = if chunk.len() == ROWS_A_STATEMENT { &mut many } else { &mut one };
        for part in chunk.chunks(if chunk.len() == ROWS_A_STATEMENT { ROWS_A_STATEMENT } else { 1 }) {
            for (i, r) in part.iter().enumerate() {
                let at = i * 6;
                stmt.raw_bind_parameter(at + 1, r.key)?;
                stmt.raw_bind_parameter(at + 2, r.game)?;
                stmt.raw_bind_parameter(at + 3, i64::from(r.ply))?;
                stmt.raw_bind_parameter(at + 4, i64::from(r.side))?;
                stmt.raw_bind_parameter(at + 5, i64::from(r.dice))?;
                stmt.raw_bind_parameter(at + 6, r.played)?;
            }
            stmt.raw_execute()?;
        }
    }
    staged.clear();
    Ok(())
}

/// Removes the sources of the file `file_id`, and the games left with no source with their
/// positions and players; a game kept by another source gets its verdict from those left.
fn remove_file_games(tx: &Connection, file_id: i64) -> rusqlite::Result<()> {
    let games: Vec<i64> = {
        let mut stmt = tx.prepare("SELECT DISTINCT game FROM sources WHERE file = ?1")?;
        let rows = stmt.query_map([file_id], |r| r.get(0))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    tx.execute("DELETE FROM sources WHERE file = ?1", [file_id])?;
    for game in games {
        let left: i64 = tx.query_row("SELECT count(*) FROM sources WHERE game = ?1", [game], |r| r.get(0))?;
        if left > 0 {
            tx.execute(
                "UPDATE games SET verdict = CASE WHEN EXISTS (SELECT 1 FROM sources WHERE game = ?1 AND verdict = 'ok') \
                 THEN 'ok' ELSE (SELECT verdict FROM sources WHERE game = ?1 ORDER BY file, seq LIMIT 1) END, \
                 (first_file, first_seq, first_id) = (SELECT file, seq, id FROM sources WHERE game = ?1 \
                 ORDER BY file, seq LIMIT 1) WHERE id = ?1",
                [game],
            )?;
            continue;
        }
        let keys: Vec<u8> = tx.query_row("SELECT keys FROM games WHERE id = ?1", [game], |r| r.get(0))?;
        let mut delete = tx.prepare_cached("DELETE FROM positions WHERE key = ?1 AND game = ?2")?;
        for key in keys.chunks_exact(8) {
            let key = i64::from_le_bytes(key.try_into().unwrap_or_default());
            delete.execute(params![key, game])?;
        }
        tx.execute("DELETE FROM players WHERE game = ?1", [game])?;
        tx.execute("DELETE FROM games WHERE id = ?1", [game])?;
    }
    Ok(())
}

/// Adds one game's record: a source of the game it is a copy of, or a new game with its
/// positions and players.
#[allow(clippy::too_many_arguments)]
fn add_game(
    tx: &Connection,
    file_id: i64,
    seq: i64,
    report: &GameReport,
    rows: &PositionRows,
    meta: &GameMeta,
    moves: &mut Moves,
    counts: &mut FileCounts,
    staged: &mut Vec<Staged>,
) -> rusqlite::Result<()> {
    // A report of no game (a file of kind `unknown`) has no fingerprint: nothing to keep.
    let Some(fingerprint) = report.fingerprint else { return Ok(()) };
    let fingerprint = fingerprint.to_string();
    let verdict = report.verdict.as_str();
    counts.not_ok += usize::from(report.verdict != Verdict::Ok);
    let known: Option<(i64, String)> = tx
        .prepare_cached("SELECT id, verdict FROM games WHERE kind = ?1 AND fingerprint = ?2")?
        .query_row(params![report.kind, fingerprint], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let game = match known {
        Some((id, was)) => {
            counts.copies += 1;
            if was != "ok" && report.verdict == Verdict::Ok {
                tx.prepare_cached("UPDATE games SET verdict = 'ok', winner = ?2 WHERE id = ?1")?
                    .execute(params![id, winner_number(report.result.as_ref())])?;
            }
            // A file indexed again keeps its id, which may come before the game's first copy.
            tx.prepare_cached(
                "UPDATE games SET first_file = ?2, first_seq = ?3, first_id = ?4 \
                 WHERE id = ?1 AND (first_file, first_seq) > (?2, ?3)",
            )?
            .execute(params![id, file_id, seq, report.game])?;
            id
        }
        None => {
            counts.games += 1;
            let keys: Vec<u8> = rows.iter().flat_map(|r| r.key.to_le_bytes()).collect();
            let result = report.result.as_ref().and_then(|r| serde_json::to_string(r).ok());
            tx.prepare_cached(
                "INSERT INTO games(kind, fingerprint, verdict, turns, winner, result, match_fingerprint, player0, \
                 player1, event, date, match_length, keys, first_file, first_seq, first_id) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
            )?
            .execute(params![
                report.kind,
                fingerprint,
                verdict,
                report.turns as i64,
                winner_number(report.result.as_ref()),
                result,
                report.match_fingerprint.map(|m| m.to_string()),
                meta.players[0],
                meta.players[1],
                meta.event,
                meta.date,
                meta.match_length,
                keys,
                file_id,
                seq,
                report.game,
            ])?;
            let id = tx.last_insert_rowid();
            let mut player = tx.prepare_cached("INSERT OR IGNORE INTO players(name, game) VALUES (?1, ?2)")?;
            for name in meta.players.iter().filter(|p| !p.is_empty()) {
                player.execute(params![name, id])?;
            }
            for (row, key) in rows.iter().zip(keys.chunks_exact(8)) {
                let key = i64::from_le_bytes(key.try_into().unwrap_or_default());
                let played = row.played.map(|text| moves.id(text));
                staged.push(Staged {
                    key,
                    game: id,
                    ply: u32::try_from(row.ply).unwrap_or(u32::MAX),
                    side: side_number(row.side) as u8,
                    dice: dice_number(row.dice) as u8,
                    played,
                });
                counts.positions += 1;
            }
            id
        }
    };
    tx.prepare_cached("INSERT INTO sources(file, seq, game, id, verdict) VALUES (?1, ?2, ?3, ?4, ?5)")?
        .execute(params![file_id, seq, game, report.game, verdict])?;
    Ok(())
}
