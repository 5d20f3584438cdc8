//! The archive database (`../shared/archive.md`, "The archive database"; the schema in
//! `docs/archive.md`): an archive indexed once into one SQLite file ([`index`]), then asked
//! what was played from a position ([`explore`]) and which games reach it ([`find`]) without
//! reading the archive again.
//!
//! A game is a distinct game: its copies (the same fingerprint, whatever file and format they
//! come from) are one row of `games` with several rows of `sources`. Each file is indexed in
//! its own transaction, in WAL mode, so that a run killed at any moment leaves the file whole
//! and readers read while it writes.

mod explore;
mod games;
mod index;

use std::path::Path;

use rusqlite::{Connection, OpenFlags, OptionalExtension};

pub use explore::{explore, find, Explored, FoundGame, MoveStats, TopGame, Wins, TOP_GAMES};
pub use games::{game_source, kinds, player_games, GameEntry, GameSource, KindCount};
pub use index::{index, IndexSummary};

/// The version of the schema, kept in `PRAGMA user_version`: a database of another version is
/// refused by name, never misread.
pub const SCHEMA_VERSION: i64 = 1;

/// The `PRAGMA application_id` of a tabula database ("TABU").
pub const APPLICATION_ID: i64 = 0x5441_4255;

/// The tables, created in one transaction with a new database.
const SCHEMA: &str = "
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE files(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL,
  bytes INTEGER NOT NULL
);
CREATE TABLE games(
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  verdict TEXT NOT NULL,
  turns INTEGER NOT NULL,
  winner INTEGER,
  result TEXT,
  match_fingerprint TEXT,
  player0 TEXT NOT NULL,
  player1 TEXT NOT NULL,
  event TEXT,
  date TEXT,
  match_length INTEGER,
  keys BLOB NOT NULL,
  first_file INTEGER NOT NULL,
  first_seq INTEGER NOT NULL,
  first_id TEXT NOT NULL,
  UNIQUE(kind, fingerprint)
);
CREATE TABLE sources(
  file INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  game INTEGER NOT NULL,
  id TEXT NOT NULL,
  verdict TEXT NOT NULL,
  PRIMARY KEY(file, seq)
) WITHOUT ROWID;
CREATE INDEX sources_game ON sources(game, file, seq);
CREATE TABLE players(
  name TEXT NOT NULL COLLATE NOCASE,
  game INTEGER NOT NULL,
  PRIMARY KEY(name, game)
) WITHOUT ROWID;
CREATE TABLE moves(id INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE positions(
  key INTEGER NOT NULL,
  game INTEGER NOT NULL,
  ply INTEGER NOT NULL,
  side INTEGER NOT NULL,
  dice INTEGER NOT NULL,
  move INTEGER,
  PRIMARY KEY(key, game, ply)
) WITHOUT ROWID;
";

/// Why a database cannot be opened, written or asked.
#[derive(Debug, thiserror::Error)]
pub enum DatabaseError {
    /// The file is not a tabula database: another file, another SQLite database, or one that
    /// is corrupt or truncated.
    #[error("{file}: not a tabula database: {why}")]
    NotADatabase {
        /// The database file.
        file: String,
        /// Why not.
        why: String,
    },
    /// A tabula database of another schema version.
    #[error("{file}: a tabula database of schema version {found}; this tabula reads version {SCHEMA_VERSION}")]
    Version {
        /// The database file.
        file: String,
        /// Its version.
        found: i64,
    },
    /// A tabula database whose games were fingerprinted by another version of the fingerprints.
    #[error(
        "{file}: its games' fingerprints are of version {found}; this tabula's are of version {}: index \
         the archive again into a new file",
        crate::fingerprint::VERSION
    )]
    FingerprintVersion {
        /// The database file.
        file: String,
        /// The version it holds.
        found: String,
    },
    /// The database does not exist (a question needs one made by `index`).
    #[error("{file}: no such database (`tabula index --db {file} PATH...` makes it)")]
    Missing {
        /// The database file.
        file: String,
    },
    /// SQLite failed on the file.
    #[error("{file}: {error}")]
    Sqlite {
        /// The database file.
        file: String,
        /// What SQLite said.
        error: rusqlite::Error,
    },
    /// A roll that is not two dice.
    #[error("--dice: `{0}` is not a roll: two digits from 1 to 6, like 31")]
    Dice(String),
    /// The worker threads cannot be started.
    #[error("cannot start {0} worker threads")]
    Threads(usize),
}

/// An open archive database.
pub struct Database {
    conn: Connection,
    file: String,
    /// Each game's verdict and winner by id, read whole when a position reached by many games
    /// is asked, and kept while no other connection has written the file.
    briefs: std::cell::RefCell<Option<explore::Briefs>>,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database").field("file", &self.file).finish()
    }
}

/// What the first 100 bytes of a file say about it as an SQLite database: `Err` with why it is
/// none, or is cut short; `Ok(false)` for a file that is empty (a new database).
fn check_header(path: &Path) -> Result<bool, String> {
    use std::io::Read;
    let mut file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let len = file.metadata().map_err(|e| e.to_string())?.len();
    if len == 0 {
        return Ok(false);
    }
    let mut head = [0u8; 100];
    if len < 100 || file.read_exact(&mut head).is_err() {
        return Err("too short to be an SQLite database (truncated?)".to_owned());
    }
    if &head[..16] != b"SQLite format 3\0" {
        return Err("not an SQLite database".to_owned());
    }
    let page = u64::from(u16::from_be_bytes([head[16], head[17]]));
    let page = if page == 1 { 65536 } else { page };
    let pages = u64::from(u32::from_be_bytes([head[28], head[29], head[30], head[31]]));
    // The page count in the header is valid when its change counter matches (offset 92).
    let valid = head[24..28] == head[92..96];
    if valid && pages > 0 && len < page.saturating_mul(pages) {
        return Err(format!("truncated: {len} bytes where its header counts {pages} pages of {page}"));
    }
    Ok(true)
}

/// How long a connection waits for another's lock before it gives up.
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

impl Database {
    /// Opens the database at `path` to ask it, read-only.
    ///
    /// # Errors
    /// The file is missing, or not a tabula database of this version.
    pub fn open(path: &Path) -> Result<Database, DatabaseError> {
        let file = path.display().to_string();
        if !path.exists() {
            return Err(DatabaseError::Missing { file });
        }
        if !check_header(path).map_err(|why| DatabaseError::NotADatabase { file: file.clone(), why })? {
            return Err(DatabaseError::NotADatabase { file, why: "the file is empty".to_owned() });
        }
        let conn =
            Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
                .map_err(|error| sqlite_error(&file, error))?;
        // A reader that meets a writer's checkpoint waits for it rather than failing.
        conn.busy_timeout(BUSY_TIMEOUT).map_err(|error| sqlite_error(&file, error))?;
        let db = Database { conn, file, briefs: std::cell::RefCell::new(None) };
        db.check_version(false)?;
        Ok(db)
    }

    /// Opens the database at `path` to write it, making it when it is missing or empty.
    ///
    /// # Errors
    /// The file cannot be made, or is not a tabula database of this version.
    pub fn create(path: &Path) -> Result<Database, DatabaseError> {
        let file = path.display().to_string();
        if path.exists() {
            check_header(path).map_err(|why| DatabaseError::NotADatabase { file: file.clone(), why })?;
        }
        let conn = Connection::open(path).map_err(|error| sqlite_error(&file, error))?;
        // A second writer waits for the first's transaction rather than failing.
        conn.busy_timeout(BUSY_TIMEOUT).map_err(|error| sqlite_error(&file, error))?;
        let db = Database { conn, file, briefs: std::cell::RefCell::new(None) };
        db.check_version(true)?;
        let fail = |error| sqlite_error(&db.file, error);
        db.conn.pragma_update(None, "journal_mode", "WAL").map_err(fail)?;
        db.conn.pragma_update(None, "synchronous", "NORMAL").map_err(fail)?;
        // A bounded page cache (64 MiB): memory does not grow with the database.
        db.conn.pragma_update(None, "cache_size", -65536).map_err(fail)?;
        // The journals of the savepoints (a file each) in memory rather than in temporary files.
        db.conn.pragma_update(None, "temp_store", "MEMORY").map_err(fail)?;
        Ok(db)
    }

    /// The file's name, as errors give it.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// A number that differs from the one a previous call gave when another connection has
    /// written the file since (SQLite's `PRAGMA data_version`): what a caller that keeps
    /// answers checks them by.
    ///
    /// # Errors
    /// The database fails.
    pub fn data_version(&self) -> Result<i64, DatabaseError> {
        self.conn.pragma_query_value(None, "data_version", |r| r.get(0)).map_err(|e| sqlite_error(&self.file, e))
    }

    /// The connection, for a caller that asks the tables in SQL.
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// Checks that the file is a tabula database of this schema and fingerprint version; with
    /// `make`, makes the tables in a file that holds none.
    fn check_version(&self, make: bool) -> Result<(), DatabaseError> {
        let fail = |error| sqlite_error(&self.file, error);
        let version: i64 = self.conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(fail)?;
        let application: i64 = self.conn.pragma_query_value(None, "application_id", |r| r.get(0)).map_err(fail)?;
        let tables: i64 = self.conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0)).map_err(fail)?;
        if version == 0 && application == 0 && tables == 0 {
            if !make {
                return Err(DatabaseError::NotADatabase {
                    file: self.file.clone(),
                    why: "an SQLite database with no tables".to_owned(),
                });
            }
            let tx = self.conn.unchecked_transaction().map_err(fail)?;
            tx.execute_batch(SCHEMA).map_err(fail)?;
            tx.execute(
                "INSERT INTO meta(key, value) VALUES ('fingerprint_version', ?1), ('made_by', ?2)",
                (crate::fingerprint::VERSION.to_string(), concat!("tabula ", env!("CARGO_PKG_VERSION"))),
            )
            .map_err(fail)?;
            tx.pragma_update(None, "application_id", APPLICATION_ID).map_err(fail)?;
            tx.pragma_update(None, "user_version", SCHEMA_VERSION).map_err(fail)?;
            tx.commit().map_err(fail)?;
            return Ok(());
        }
        if application != APPLICATION_ID {
            return Err(DatabaseError::NotADatabase {
                file: self.file.clone(),
                why: "an SQLite database of another program".to_owned(),
            });
        }
        if version != SCHEMA_VERSION {
            return Err(DatabaseError::Version { file: self.file.clone(), found: version });
        }
        let found: Option<String> = self
            .conn
            .query_row("SELECT value FROM meta WHERE key = 'fingerprint_version'", [], |r| r.get(0))
            .optional()
            .map_err(fail)?;
        match found {
            Some(v) if v == crate::fingerprint::VERSION.to_string() => Ok(()),
            found => Err(DatabaseError::FingerprintVersion {
                file: self.file.clone(),
                found: found.unwrap_or_else(|| "none".to_owned()),
            }),
        }
    }
}

/// An SQLite error on `file`: a corrupt file or one that is no database is said so.
fn sqlite_error(file: &str, error: rusqlite::Error) -> DatabaseError {
    use rusqlite::ErrorCode;
    match error.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => {
            DatabaseError::NotADatabase { file: file.to_owned(), why: "not an SQLite database".to_owned() }
        }
        Some(ErrorCode::DatabaseCorrupt) => {
            DatabaseError::NotADatabase { file: file.to_owned(), why: format!("corrupt: {error}") }
        }
        _ => DatabaseError::Sqlite { file: file.to_owned(), error },
    }
}

/// The side to move of a row of `tabula positions` as a number: 0 for `g`, `0` and `sq`, 1 for
/// the other.
fn side_number(side: &str) -> i64 {
    i64::from(matches!(side, "s" | "1" | "cr"))
}

/// The roll of a backgammon row as a number (`31` is 31, the high die first); 0 for none.
fn dice_number(dice: &str) -> i64 {
    let b = dice.as_bytes();
    match b {
        [h, l] if b.iter().all(u8::is_ascii_digit) => i64::from(h - b'0') * 10 + i64::from(l - b'0'),
        _ => 0,
    }
}
