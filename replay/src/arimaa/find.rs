//! Arimaa records taken out of a file one by one, owning their text: for `tabula replay`,
//! `tabula convert` and the tests, which want a game rather than a verdict.

use std::io::Read;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;

use super::archive::ArchiveLayout;
use super::check::{read_row, read_single, SingleGameError, Unread};
use super::verify::{Notation, Record, RecordedEnd};
use crate::error::FindError;
use crate::game_meta::GameMeta;
use crate::input::{self, Chunk, LineChunks, MAX_RECORD_BYTES};
use crate::report::{ErrorInfo, GameReport};

/// One game read out of a file, owning its text.
#[derive(Clone, Debug)]
pub struct OwnedRecord {
    /// The file.
    pub source: Arc<str>,
    /// The game's id.
    pub game: String,
    /// The move list.
    pub movelist: Vec<u8>,
    /// 1-based line where the move list starts.
    pub line: u64,
    /// The recorded result.
    pub recorded: Option<RecordedEnd>,
    /// How the moves are written.
    pub notation: Notation,
    /// What the archive says about the game besides its moves (players, event, site, date), as
    /// the replay page shows it; empty for a move list.
    pub tags: Vec<(String, String)>,
}

impl OwnedRecord {
    /// The record to replay.
    pub fn as_record(&self) -> Record<'_> {
        Record {
            source: self.source.clone(),
            game: self.game.clone(),
            movelist: &self.movelist,
            line: self.line,
            recorded: self.recorded,
            notation: self.notation,
        }
    }

    /// What the archive says about the game besides its moves: the players' user names (the
    /// rating the tags add left out), the event and the date.
    pub fn meta(&self) -> GameMeta {
        let player = |key: &str| {
            let text = GameMeta::tag(&self.tags, &[key]).unwrap_or_default();
            match text.rsplit_once(" (") {
                Some((name, rating))
                    if rating.strip_suffix(')').is_some_and(|r| {
                        !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
                    }) =>
                {
                    name.to_owned()
                }
                _ => text,
            }
        };
        GameMeta {
            players: [player("Gold"), player("Silver")],
            event: GameMeta::tag(&self.tags, &["Event"]),
            date: GameMeta::tag(&self.tags, &["Date"]),
            match_length: None,
        }
    }
}

/// How an Arimaa file holds its games, as its format says.
#[derive(Clone, Debug)]
pub enum FileLayout {
    /// An archive: a header line, then one game a row.
    Archive(ArchiveLayout),
    /// One game's move list, read whole, in this notation.
    Single(Notation),
}

/// An Arimaa file opened for reading: how it holds its games, its first chunk (already read
/// to recognise it), and the rest.
pub struct ArimaaFile<R: Read> {
    /// How it holds its games.
    pub layout: FileLayout,
    /// The chunk its format was recognised from.
    pub first: Option<Chunk>,
    /// The chunks after it.
    pub chunks: LineChunks<R>,
}

/// Calls `f` with every record of `file` (the content of `path`) in order (rows that do not
/// fit the archive's header are passed over), until `f` breaks.
///
/// # Errors
/// The content cannot be read.
pub fn for_each_record_in(
    path: &Path,
    file: ArimaaFile<impl Read>,
    f: &mut dyn FnMut(OwnedRecord) -> ControlFlow<()>,
) -> Result<(), FindError> {
    for_each_row_in(path, file, &mut |row| match row {
        Ok(record) => f(record),
        Err(_) => ControlFlow::Continue(()),
    })
}

/// As [`for_each_record_in`], handing over the rows of an archive that cannot be read too
/// (with their lines), as `tabula check` names and numbers them.
fn for_each_row_in(
    path: &Path,
    file: ArimaaFile<impl Read>,
    f: &mut dyn FnMut(Result<OwnedRecord, (u64, Unread)>) -> ControlFlow<()>,
) -> Result<(), FindError> {
    let source: Arc<str> = Arc::from(path.display().to_string());
    let file_name = || path.display().to_string();
    let fail = |error: std::io::Error| FindError::Io { file: file_name(), error };
    let ArimaaFile { layout, first: mut chunk, mut chunks } = file;
    match layout {
        FileLayout::Single(notation) => {
            let data = read_single(chunk, &mut chunks).map_err(|e| match e {
                SingleGameError::TooLarge => FindError::TooLarge { file: file_name(), limit: MAX_RECORD_BYTES },
                SingleGameError::Io(error) => FindError::Io { file: file_name(), error },
            })?;
            let game = input::record_name(path);
            let _ = f(Ok(OwnedRecord {
                source,
                game,
                movelist: data,
                line: 1,
                recorded: None,
                notation,
                tags: Vec::new(),
            }));
            Ok(())
        }
        FileLayout::Archive(layout) => {
            // Rows are numbered as `tabula check` numbers them: every row but the header and
            // blank ones, those that cannot be read included.
            let (mut index, mut header) = (0usize, true);
            let mut columns = TagColumns::default();
            while let Some(c) = chunk {
                let rows = match &c {
                    Chunk::Lines { data, first_line } => (*first_line..).zip(lines_of(data)),
                    Chunk::Overlong { line, bytes } => {
                        index += 1;
                        if f(Err((*line, Unread::too_long(index, *bytes)))).is_break() {
                            return Ok(());
                        }
                        chunk = chunks.next_chunk().map_err(fail)?;
                        continue;
                    }
                };
                for (line, row) in rows {
                    if std::mem::take(&mut header) {
                        let row = row.strip_suffix(b"\r").unwrap_or(row);
                        let names: Vec<String> =
                            row.split(|&b| b == b'\t').map(|n| String::from_utf8_lossy(n).trim().to_owned()).collect();
                        columns = TagColumns::of(&names);
                        continue;
                    }
                    if row.trim_ascii().is_empty() {
                        continue;
                    }
                    index += 1;
                    let found = match read_row(&source, &layout, line, index, row) {
                        Ok(r) => Ok(OwnedRecord {
                            source: r.source,
                            game: r.game,
                            movelist: r.movelist.to_vec(),
                            line,
                            recorded: r.recorded,
                            notation: r.notation,
                            tags: row_tags(&columns, row),
                        }),
                        Err(unread) => Err((line, unread)),
                    };
                    if f(found).is_break() {
                        return Ok(());
                    }
                }
                chunk = chunks.next_chunk().map_err(fail)?;
            }
            Ok(())
        }
    }
}

/// Calls `f` with every game of `file` (the content of `path`) in order with its report, as
/// `tabula check` gives it, and its record when it can be read (rows that do not fit the
/// archive's header are reported unreadable, as the check reports them), until `f` breaks.
///
/// # Errors
/// The content cannot be read.
pub fn for_each_game_in(
    path: &Path,
    file: ArimaaFile<impl Read>,
    f: &mut dyn FnMut(GameReport, Option<OwnedRecord>) -> ControlFlow<()>,
) -> Result<(), FindError> {
    for_each_row_or_report(path, file, &mut |found| match found {
        Ok(record) => f(super::verify::verify(&record.as_record()), Some(record)),
        Err(report) => f(report, None),
    })
}

/// Calls `f` with every game of `file` (the content of `path`) in order: its record when it
/// can be read, else its report as `tabula check` gives it (unreadable), until `f` breaks. The
/// records are not verified: what a caller that replays them itself takes.
///
/// # Errors
/// The content cannot be read.
pub fn for_each_row_or_report(
    path: &Path,
    file: ArimaaFile<impl Read>,
    f: &mut dyn FnMut(Result<OwnedRecord, GameReport>) -> ControlFlow<()>,
) -> Result<(), FindError> {
    let source: Arc<str> = Arc::from(path.display().to_string());
    if let FileLayout::Single(notation) = file.layout {
        let ArimaaFile { first, mut chunks, .. } = file;
        let _ = match read_single(first, &mut chunks) {
            Ok(movelist) => {
                let game = input::record_name(path);
                f(Ok(OwnedRecord { source, game, movelist, line: 1, recorded: None, notation, tags: Vec::new() }))
            }
            Err(e) => f(Err(GameReport::unknown(&source, e.to_string()))),
        };
        return Ok(());
    }
    for_each_row_in(path, file, &mut |row| match row {
        Ok(record) => f(Ok(record)),
        Err((line, Unread { game, token, reason: message })) => {
            let e = ErrorInfo { turn: String::new(), line, token, message, suggestions: None };
            f(Err(GameReport::unreadable(source.clone(), game, super::verify::KIND, e)))
        }
    })
}

/// The moves of a record as it writes them, each with its label (`2g Ed2n Ed3n`): every
/// move of a move list, those after an illegal one too; for a game in short notation, those
/// the replay reached.
pub fn recorded_moves(record: &OwnedRecord) -> Vec<String> {
    let joined = |label: &[u8], text: &[u8]| {
        let text = String::from_utf8_lossy(text);
        let words: Vec<&str> = text.split_ascii_whitespace().filter(|w| *w != "\\n" && *w != "\\").collect();
        let label = String::from_utf8_lossy(label.trim_ascii()).into_owned();
        if words.is_empty() {
            label
        } else {
            format!("{label} {}", words.join(" "))
        }
    };
    let mut out = Vec::new();
    match record.notation {
        Notation::Long => {
            let mut moves = super::movelist::Moves::new(&record.movelist);
            while let Some(Ok(mv)) = moves.next() {
                if mv.text.trim_ascii().is_empty() && moves.is_done() {
                    break;
                }
                out.push(joined(mv.label_text, mv.text));
            }
        }
        Notation::Short(_) => {
            super::verify::verify_with(&record.as_record(), |event| {
                if let super::verify::Replayed::Move { label, text, .. } = event {
                    out.push(joined(label.to_string().as_bytes(), text));
                }
            });
        }
    }
    out
}

/// The columns of an archive row that say who played, where and when, named for people: Gold
/// and Silver (user names, with ratings), Event, Site, Date (from `startts`, UTC).
fn row_tags(columns: &TagColumns, row: &[u8]) -> Vec<(String, String)> {
    let row = row.strip_suffix(b"\r").unwrap_or(row);
    // Only the fields up to the last one named are split off (the move list and the events
    // that follow are long).
    let mut fields: [&[u8]; TAGS] = [&[]; TAGS];
    let last = columns.0.iter().flatten().max().copied();
    if let Some(last) = last {
        for (i, field) in row.splitn(last + 2, |&b| b == b'\t').enumerate().take(last + 1) {
            for (slot, column) in fields.iter_mut().zip(&columns.0) {
                if *column == Some(i) {
                    *slot = field;
                }
            }
        }
    }
    let field = |tag: usize| -> Option<String> {
        columns.0[tag]?;
        let text = String::from_utf8_lossy(fields[tag]).trim().to_owned();
        (!text.is_empty() && text.len() <= 200).then_some(text)
    };
    let player = |user: usize, rating: usize| {
        field(user).map(|u| match field(rating) {
            Some(r) => format!("{u} ({r})"),
            None => u,
        })
    };
    let mut tags = Vec::new();
    let mut add = |key: &str, value: Option<String>| {
        if let Some(v) = value {
            tags.push((key.to_owned(), v));
        }
    };
    add("Gold", player(0, 1));
    add("Silver", player(2, 3));
    add("Event", field(4));
    add("Site", field(5));
    add("Date", field(6).and_then(|t| t.parse::<i64>().ok()).map(date_of));
    tags
}

/// The columns [`row_tags`] reads.
const TAG_NAMES: [&str; 7] = ["wusername", "wrating", "busername", "brating", "event", "site", "startts"];
const TAGS: usize = TAG_NAMES.len();

/// Where each column of [`TAG_NAMES`] stands in an archive's header (`None`: it has none).
#[derive(Clone, Debug, Default)]
struct TagColumns([Option<usize>; TAGS]);

impl TagColumns {
    fn of(names: &[String]) -> TagColumns {
        TagColumns(TAG_NAMES.map(|tag| names.iter().position(|n| n == tag)))
    }
}

/// The lines of `data`, as `data.split(|&b| b == b'\n')` gives them, found by `memchr`.
fn lines_of(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(data);
    std::iter::from_fn(move || {
        let text = rest?;
        match memchr::memchr(b'\n', text) {
            Some(at) => {
                rest = Some(&text[at + 1..]);
                Some(&text[..at])
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

/// The UTC date (`YYYY-MM-DD`) of a Unix time in seconds.
fn date_of(seconds: i64) -> String {
    let (year, month, day) = crate::date::civil(seconds.div_euclid(86_400));
    format!("{year:04}-{month:02}-{day:02}")
}

/// Finds one game in `file` (the content of `path`): the one whose id is `selector` (as `tabula
/// check` names it), else the `selector`-th (1-based) of those that can be read, or the first
/// of those when `selector` is `None`.
///
/// # Errors
/// The content cannot be read, has no such game, or the game asked for cannot be read
/// ([`FindError::Unreadable`], as `tabula check` reports it).
pub fn find_game_in(
    path: &Path,
    file: ArimaaFile<impl Read>,
    selector: Option<&str>,
) -> Result<OwnedRecord, FindError> {
    let wanted_index = selector.and_then(|s| s.parse::<usize>().ok());
    let (mut by_id, mut by_index, mut n) = (None, None, 0usize);
    for_each_row_in(path, file, &mut |row| {
        // The first game is the first that can be read; one asked for is reported either way.
        if selector.is_none() && row.is_err() {
            return ControlFlow::Continue(());
        }
        let game = match &row {
            Ok(r) => &r.game,
            Err((_, u)) => &u.game,
        };
        if selector.is_none_or(|s| game == s) {
            by_id = Some(row);
            return ControlFlow::Break(());
        }
        if row.is_ok() {
            n += 1;
            if wanted_index == Some(n) {
                by_index = Some(row);
            }
        }
        ControlFlow::Continue(())
    })?;
    match by_id.or(by_index) {
        Some(Ok(record)) => Ok(record),
        Some(Err((line, Unread { game, reason, .. }))) => {
            Err(FindError::Unreadable { file: path.display().to_string(), game, line, reason })
        }
        None => Err(FindError::NoGame { file: path.display().to_string(), selector: selector.map(str::to_owned) }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_tags() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(1_767_254_401), "2026-01-01");
        assert_eq!(date_of(951_782_400), "2000-02-29");
        let names: Vec<String> = ["id", "wusername", "busername", "wrating", "event", "startts", "movelist"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let tags = row_tags(&TagColumns::of(&names), b"1\tann\tbob\t1500\tWorld\t0\t1w Ra1");
        let want = [("Gold", "ann (1500)"), ("Silver", "bob"), ("Event", "World"), ("Date", "1970-01-01")];
        assert_eq!(tags, want.map(|(k, v)| (k.to_owned(), v.to_owned())));
    }
}
