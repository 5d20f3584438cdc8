//! `tabula explore` and `tabula find --db`: a position asked of the database.

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use rusqlite::params;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::{dice_number, sqlite_error, Database, DatabaseError};
use crate::archive::{position_key, Target};
use crate::game_kind::GameKind;

/// Most games listed in [`Explored::top_games`].
pub const TOP_GAMES: usize = 10;

/// Games won by each side, in the order of the sides (`g`, `s`; `sq`, `cr`; for backgammon
/// `on_roll`, `other`): a JSON object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wins {
    /// The two sides' labels.
    pub labels: [&'static str; 2],
    /// Games each won.
    pub counts: [u64; 2],
}

impl Wins {
    fn new(kind: GameKind) -> Wins {
        Wins { labels: side_labels(kind), counts: [0, 0] }
    }
}

impl Serialize for Wins {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        for (label, n) in self.labels.iter().zip(self.counts) {
            map.serialize_entry(label, &n)?;
        }
        map.end()
    }
}

/// The labels of a kind's two sides as `explore` writes them.
fn side_labels(kind: GameKind) -> [&'static str; 2] {
    match kind {
        GameKind::Arimaa => ["g", "s"],
        GameKind::Backgammon => ["on_roll", "other"],
        GameKind::StonesRivers => ["sq", "cr"],
    }
}

/// A move played from the position asked, with its games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveStats {
    /// The move in canonical text.
    #[serde(rename = "move")]
    pub text: String,
    /// Backgammon: the roll (`31`); empty elsewhere.
    pub dice: String,
    /// Distinct ok games that played it from the position.
    pub games: u64,
    /// Those each side won.
    pub wins: Wins,
    /// The position after it, as `explore` takes a position (empty when it cannot be worked
    /// out).
    pub position: String,
}

/// A game that reaches the position asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TopGame {
    /// The game's fingerprint.
    pub fingerprint: String,
    /// The file of its first copy.
    pub source: String,
    /// Its id there.
    pub game: String,
    /// The first ply at which it stands in the position.
    pub ply: u64,
}

/// What [`explore`] answers: `tabula explore --jsonl`'s object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explored {
    /// The game kind.
    pub kind: &'static str,
    /// The position, as `explore` takes it.
    pub position: String,
    /// The side to move (`g`/`s`, `sq`/`cr`; `on_roll` for backgammon).
    pub side: String,
    /// Distinct ok games that reach the position.
    pub games: u64,
    /// Those each side won.
    pub wins: Wins,
    /// The moves played from it, most played first, then by text.
    pub moves: Vec<MoveStats>,
    /// At most [`TOP_GAMES`] games that reach it.
    pub top_games: Vec<TopGame>,
}

impl Explored {
    /// The JSON line of `tabula explore --jsonl`.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"cannot serialise an answer: {e}\"}}"))
    }
}

/// A game and ply that reach a position, from the database: `tabula find --db --jsonl`'s
/// object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FoundGame {
    /// The file of the game's first copy.
    pub source: Arc<str>,
    /// Its id there.
    pub game: String,
    /// The game kind.
    pub kind: &'static str,
    /// The ply at which it stands in the position.
    pub ply: u64,
    /// The game's fingerprint.
    pub fingerprint: String,
}

impl FoundGame {
    /// The JSON line of `tabula find --db --jsonl`.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"cannot serialise a find: {e}\"}}"))
    }
}

/// The position as `explore` takes and writes it: Arimaa's with its side, `g [...]`.
fn written(target: &Target) -> String {
    match target.kind {
        GameKind::Arimaa => format!("{} [{}]", target.side, target.position),
        _ => target.position.clone(),
    }
}

/// The position after `text` is played from `position` (as [`written`] writes it), written
/// the same way; empty when the board refuses it.
fn after(kind: GameKind, position: &str, dice: &str, text: &str) -> String {
    match kind {
        GameKind::Arimaa => {
            let Ok(mut board) = crate::arimaa::board::Board::from_position(position) else { return String::new() };
            if board.push_long(text).is_err() {
                return String::new();
            }
            let written = board.position();
            match crate::archive::Target::parse(&written, Some(GameKind::Arimaa)) {
                Ok(t) => self::written(&t),
                Err(_) => written,
            }
        }
        GameKind::Backgammon => {
            let Ok(mut board) = crate::backgammon::board::Board::from_position(position) else { return String::new() };
            let Ok(dice) = tabula_engine::backgammon::Dice::from_ascii(dice.as_bytes()) else { return String::new() };
            match board.play(text, dice) {
                Ok(_) => board.position_id(),
                Err(_) => String::new(),
            }
        }
        GameKind::StonesRivers => {
            let Ok(mut board) = crate::stones_rivers::board::Board::from_position(position) else {
                return String::new();
            };
            match board.push(text) {
                Ok(_) => board.position_text(),
                Err(_) => String::new(),
            }
        }
    }
}

/// A row of the positions that reach the position asked.
struct Reach {
    game: i64,
    ply: i64,
    side: i64,
    dice: i64,
    played: Option<i64>,
    winner: Option<i64>,
}

/// The games of the database by id: for each, whether it is ok and who won, in one byte
/// (`OK`, and the winner's side plus one in the bits above it; 0 for a game with no result).
#[derive(Debug)]
pub(super) struct Briefs {
    /// `PRAGMA data_version` when they were read: another connection's commit changes it.
    version: i64,
    games: Vec<u8>,
}

const OK: u8 = 1;

/// A position reached by more rows than this has its games' verdicts and winners read from
/// [`Briefs`] (read whole once) rather than a game at a time.
const MANY_ROWS: usize = 4096;

impl Database {
    /// The rows of the position `target`, of the ok games of its kind (only those `player` took
    /// part in when given), by game then ply.
    fn reach(&self, target: &Target, player: Option<&str>) -> Result<Vec<Reach>, DatabaseError> {
        let key = position_key(target.kind.name(), target.side, &target.position) as i64;
        let fail = |e| sqlite_error(&self.file, e);
        // The key hashes the kind's name with the position, so that the rows of a key are of
        // one kind; the games' kinds are not compared again. The rows come in the primary
        // key's order, by game then ply.
        let sql = if player.is_none() {
            "SELECT game, ply, side, dice, move FROM positions WHERE key = ?1"
        } else {
            "SELECT p.game, p.ply, p.side, p.dice, p.move FROM positions p WHERE p.key = ?1 \
             AND EXISTS (SELECT 1 FROM players n WHERE n.name = ?2 AND n.game = p.game)"
        };
        let mut stmt = self.conn.prepare_cached(sql).map_err(fail)?;
        let read = |r: &rusqlite::Row<'_>| {
            Ok(Reach {
                game: r.get(0)?,
                ply: r.get(1)?,
                side: r.get(2)?,
                dice: r.get(3)?,
                played: r.get(4)?,
                winner: None,
            })
        };
        let rows = match player {
            None => stmt.query_map(params![key], read),
            Some(name) => stmt.query_map(params![key, name], read),
        }
        .map_err(fail)?;
        let mut rows = rows.collect::<rusqlite::Result<Vec<_>>>().map_err(fail)?;
        // Each row's game: ok or not, and who won.
        let brief = |row: &Reach, games: &[u8]| games.get(usize::try_from(row.game).unwrap_or(usize::MAX)).copied();
        let mut briefs = self.briefs.borrow_mut();
        if rows.len() > MANY_ROWS {
            let version = self.data_version()?;
            if briefs.as_ref().is_none_or(|b| b.version != version) {
                *briefs = self.read_briefs()?.map(|games| Briefs { version, games });
            }
        }
        // A few rows ask their games one at a time (the briefs may be of an older version).
        let games = briefs.as_ref().filter(|_| rows.len() > MANY_ROWS).map(|b| &b.games[..]);
        if let Some(games) = games {
            rows.retain_mut(|row| {
                let b = brief(row, games).unwrap_or(0);
                row.winner = (b >> 1).checked_sub(1).map(i64::from);
                b & OK != 0
            });
        } else {
            let mut stmt =
                self.conn.prepare_cached("SELECT verdict = 'ok', winner FROM games WHERE id = ?1").map_err(fail)?;
            let mut last: Option<(i64, bool, Option<i64>)> = None;
            let mut kept = Vec::with_capacity(rows.len());
            for mut row in rows {
                let (ok, winner) = match last {
                    Some((game, ok, winner)) if game == row.game => (ok, winner),
                    _ => {
                        let (ok, winner): (bool, Option<i64>) =
                            stmt.query_row([row.game], |r| Ok((r.get(0)?, r.get(1)?))).map_err(fail)?;
                        last = Some((row.game, ok, winner));
                        (ok, winner)
                    }
                };
                if ok {
                    row.winner = winner;
                    kept.push(row);
                }
            }
            rows = kept;
        }
        Ok(rows)
    }

    /// Every game's [`Briefs`] byte, by id; `None` when the ids are too sparse for a table of
    /// them to stay small (a database no `index` of this program wrote).
    fn read_briefs(&self) -> Result<Option<Vec<u8>>, DatabaseError> {
        let fail = |e| sqlite_error(&self.file, e);
        let (max, count): (Option<i64>, i64) = self
            .conn
            .query_row("SELECT max(id), count(*) FROM games", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(fail)?;
        if max.unwrap_or(0) > count.saturating_mul(4).saturating_add(1 << 16) {
            return Ok(None);
        }
        let mut stmt =
            self.conn.prepare_cached("SELECT id, verdict = 'ok', winner FROM games ORDER BY id").map_err(fail)?;
        let mut games = Vec::new();
        let rows = stmt
            .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, bool>(1)?, r.get::<_, Option<i64>>(2)?)))
            .map_err(fail)?;
        for row in rows {
            let (id, ok, winner) = row.map_err(fail)?;
            let Ok(id) = usize::try_from(id) else { continue };
            if games.len() <= id {
                games.resize(id + 1, 0);
            }
            let winner = winner.and_then(|w| u8::try_from(w).ok()).filter(|w| *w < 2).map_or(0, |w| w + 1);
            games[id] = u8::from(ok) | winner << 1;
        }
        Ok(Some(games))
    }

    /// The fingerprint of a game, and the file and id of its first copy.
    fn first_copy(
        &self,
        game: i64,
        files: &mut HashMap<i64, Arc<str>>,
    ) -> Result<(String, Arc<str>, String), DatabaseError> {
        let fail = |e| sqlite_error(&self.file, e);
        let (fingerprint, file, id): (String, i64, String) = self
            .conn
            .prepare_cached("SELECT fingerprint, first_file, first_id FROM games WHERE id = ?1")
            .and_then(|mut stmt| stmt.query_row([game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))))
            .map_err(fail)?;
        Ok((fingerprint, self.file_path(file, files)?, id))
    }

    /// The path of the file of id `file`, read once and kept in `files`.
    fn file_path(&self, file: i64, files: &mut HashMap<i64, Arc<str>>) -> Result<Arc<str>, DatabaseError> {
        if let Some(path) = files.get(&file) {
            return Ok(path.clone());
        }
        let path: String = self
            .conn
            .prepare_cached("SELECT path FROM files WHERE id = ?1")
            .and_then(|mut stmt| stmt.query_row([file], |r| r.get(0)))
            .map_err(|e| sqlite_error(&self.file, e))?;
        let path: Arc<str> = Arc::from(path);
        files.insert(file, path.clone());
        Ok(path)
    }

    fn move_text(&self, id: i64) -> Result<String, DatabaseError> {
        self.conn
            .prepare_cached("SELECT text FROM moves WHERE id = ?1")
            .and_then(|mut stmt| stmt.query_row([id], |r| r.get(0)))
            .map_err(|e| sqlite_error(&self.file, e))
    }
}

/// The label index of a game's winner seen from a row: for backgammon 0 when the player on
/// roll at the row won, else the side number itself.
fn winner_index(kind: GameKind, winner: i64, side: i64) -> usize {
    if kind == GameKind::Backgammon {
        usize::from(winner != side)
    } else {
        usize::from(winner != 0)
    }
}

/// What was played from `target` in the distinct ok games of the database that reach it
/// (`tabula explore`): the games, their wins by side, the moves with theirs (only the roll
/// `dice` when given, for backgammon) and at most [`TOP_GAMES`] of the games; only the games
/// a player named `player` (case ignored) took part in, when given.
///
/// # Errors
/// The roll is not one, or the database fails.
pub fn explore(
    db: &Database,
    target: &Target,
    dice: Option<&str>,
    player: Option<&str>,
) -> Result<Explored, DatabaseError> {
    let kind = target.kind;
    let only_dice = match dice {
        None => None,
        Some(d) => {
            let d = d.trim();
            let n = dice_number(d);
            if n == 0 || !d.bytes().all(|b| (b'1'..=b'6').contains(&b)) {
                return Err(DatabaseError::Dice(d.to_owned()));
            }
            // The high die first, as the rows keep it.
            Some(n.max((n % 10) * 10 + n / 10))
        }
    };
    let rows = db.reach(target, player)?;
    let mut files = HashMap::default();
    let position = written(target);
    let mut answer = Explored {
        kind: kind.name(),
        position: position.clone(),
        side: String::new(),
        games: 0,
        wins: Wins::new(kind),
        moves: Vec::new(),
        top_games: Vec::new(),
    };
    answer.side = match kind {
        GameKind::Backgammon => "on_roll".to_owned(),
        GameKind::Arimaa => target.side.to_owned(),
        GameKind::StonesRivers => target.position.rsplit(' ').next().unwrap_or_default().to_owned(),
    };
    // (move, dice) -> (index in `moves`, last game counted)
    let mut by_move: HashMap<(i64, i64), (usize, i64)> = HashMap::default();
    let mut stats: Vec<(i64, i64, u64, [u64; 2])> = Vec::new();
    let mut last_game = None;
    for row in &rows {
        if last_game != Some(row.game) {
            last_game = Some(row.game);
            answer.games += 1;
            if let Some(w) = row.winner {
                answer.wins.counts[winner_index(kind, w, row.side)] += 1;
            }
            if answer.top_games.len() < TOP_GAMES {
                let (fingerprint, source, game) = db.first_copy(row.game, &mut files)?;
                answer.top_games.push(TopGame { fingerprint, source: source.to_string(), game, ply: row.ply as u64 });
            }
        }
        let Some(played) = row.played else { continue };
        if only_dice.is_some_and(|d| d != row.dice) {
            continue;
        }
        let slot = by_move.entry((played, row.dice)).or_insert_with(|| {
            stats.push((played, row.dice, 0, [0, 0]));
            (stats.len() - 1, -1)
        });
        if slot.1 == row.game {
            continue;
        }
        slot.1 = row.game;
        let s = &mut stats[slot.0];
        s.2 += 1;
        if let Some(w) = row.winner {
            s.3[winner_index(kind, w, row.side)] += 1;
        }
    }
    for (played, dice, games, wins) in stats {
        let text = db.move_text(played)?;
        let dice = if dice == 0 { String::new() } else { dice.to_string() };
        let position = after(kind, &position, &dice, &text);
        answer.moves.push(MoveStats {
            text,
            dice,
            games,
            wins: Wins { labels: side_labels(kind), counts: wins },
            position,
        });
    }
    answer
        .moves
        .sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.text.cmp(&b.text)).then_with(|| a.dice.cmp(&b.dice)));
    Ok(answer)
}

/// Every distinct game of the database, and ply, that reach `target` (`tabula find --db`),
/// ok or not, in the order they were indexed: the file and id of the game's first copy.
///
/// # Errors
/// The database fails.
pub fn find(db: &Database, target: &Target) -> Result<Vec<FoundGame>, DatabaseError> {
    let key = position_key(target.kind.name(), target.side, &target.position) as i64;
    let fail = |e| sqlite_error(&db.file, e);
    let mut stmt = db
        .conn
        .prepare_cached(
            "SELECT p.ply, g.fingerprint, g.first_file, g.first_id FROM positions p JOIN games g ON g.id = p.game \
             WHERE p.key = ?1 AND g.kind = ?2 ORDER BY p.game, p.ply",
        )
        .map_err(fail)?;
    let rows = stmt
        .query_map(params![key, target.kind.name()], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, String>(3)?))
        })
        .map_err(fail)?;
    let mut files: HashMap<i64, Arc<str>> = HashMap::default();
    let mut found = Vec::new();
    for row in rows {
        let (ply, fingerprint, file, game) = row.map_err(fail)?;
        let source = db.file_path(file, &mut files)?;
        found.push(FoundGame { source, game, kind: target.kind.name(), ply: ply as u64, fingerprint });
    }
    Ok(found)
}
