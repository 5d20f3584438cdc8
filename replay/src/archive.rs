//! The archive keeper's tools (the repository's `docs/archive.md`): the records that are
//! in an archive more than once ([`duplicates`]), every position reached ([`positions`]), and
//! the games that reach a position ([`find`]).

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;

use crate::check::{check_paths_controlled, CheckEvent, Summary};
use crate::control::Control;
use crate::fingerprint::Fingerprint;
use crate::game_kind::GameKind;
use crate::game_meta::GameMeta;
use crate::games;
use crate::input::{self, Entry};
pub use crate::position_row::{position_key, PositionRow, PositionRows};
use crate::report::GameReport;

/// A record of a group of duplicates: its file and its game's id (for a backgammon match, its
/// first game's).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Member {
    /// The file.
    pub source: Arc<str>,
    /// The game's id, as `tabula check` gives it.
    pub game: String,
}

/// Records of one game (Arimaa, Stones and Rivers) or one match (backgammon) found more than
/// once.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Group {
    /// The game kind.
    pub kind: &'static str,
    /// `game` or `match`.
    pub scope: &'static str,
    /// The fingerprint they share.
    pub fingerprint: Fingerprint,
    /// The records, in input order.
    pub members: Vec<Member>,
}

impl Group {
    /// The JSON line of `tabula duplicates --jsonl`.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"cannot serialise a group: {e}\"}}"))
    }
}

/// What [`duplicates`] found.
#[derive(Clone, Debug, Default)]
pub struct Duplicates {
    /// Records read: games of Arimaa and Stones and Rivers, matches of backgammon.
    pub records: usize,
    /// Distinct records among them.
    pub distinct: usize,
    /// The groups of two records or more, in the order of their first member.
    pub groups: Vec<Group>,
    /// The check the records were read by.
    pub summary: Summary,
}

/// A distinct record: its first member, and the others once there are.
struct Seen {
    kind: &'static str,
    scope: &'static str,
    fingerprint: Fingerprint,
    first: Member,
    more: Vec<Member>,
}

/// The record a report stands for, with its scope and fingerprint: a game, or for backgammon
/// the match its first game stands for (`None` for the other games of a match, and for a
/// report that is no game).
fn record_of(r: &GameReport) -> Option<(&'static str, Fingerprint)> {
    let fingerprint = r.fingerprint?;
    if r.kind != GameKind::Backgammon.name() {
        return Some(("game", fingerprint));
    }
    let first = r.game.rsplit_once('#').is_none_or(|(_, place)| place == "1");
    match (first, r.match_fingerprint) {
        (true, Some(m)) => Some(("match", m)),
        // A match too long to hold has no fingerprint of its own: its games count one by one.
        (_, None) => Some(("game", fingerprint)),
        (false, Some(_)) => None,
    }
}

/// Finds the records that are the same game or match across `paths` (files and folders, as
/// `tabula check` reads them: in parallel, whatever their format), under `control`. Memory grows
/// with the distinct records, not with the bytes read.
pub fn duplicates(paths: &[PathBuf], control: &Arc<Control>) -> Duplicates {
    let mut index: HashMap<(&'static str, Fingerprint), usize> = HashMap::new();
    let mut seen: Vec<Seen> = Vec::new();
    let mut records = 0;
    let summary = check_paths_controlled(paths, control, &mut |event| {
        let CheckEvent::Game(r) = event else { return ControlFlow::Continue(()) };
        let Some((scope, fingerprint)) = record_of(r) else { return ControlFlow::Continue(()) };
        records += 1;
        let member = Member { source: r.source.clone(), game: r.game.clone() };
        match index.get(&(r.kind, fingerprint)) {
            Some(&i) => seen[i].more.push(member),
            None => {
                index.insert((r.kind, fingerprint), seen.len());
                seen.push(Seen { kind: r.kind, scope, fingerprint, first: member, more: Vec::new() });
            }
        }
        ControlFlow::Continue(())
    });
    let distinct = seen.len();
    let groups = seen
        .into_iter()
        .filter(|s| !s.more.is_empty())
        .map(|s| {
            let mut members = vec![s.first];
            members.extend(s.more);
            Group { kind: s.kind, scope: s.scope, fingerprint: s.fingerprint, members }
        })
        .collect();
    Duplicates { records, distinct, groups, summary }
}

/// How a run over positions went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionsSummary {
    /// Files read as records.
    pub files: usize,
    /// Games read.
    pub games: usize,
    /// Positions handed on.
    pub rows: usize,
    /// Paths and files that could not be read, each with why (`path: why`).
    pub problems: Vec<String>,
    /// Files passed over as holding no records tabula knows.
    pub skipped: Vec<PathBuf>,
    /// Whether the sink asked to stop before the end.
    pub stopped: bool,
}

/// Calls `f` with every game of `paths` (files and folders, as `tabula check` reads them), in
/// input order, with its report as `tabula check` gives it and the positions it reaches; the
/// last position of a game is its `final_position` (a record that cannot be read has none).
/// The games of a file are replayed in parallel a batch at a time, and handed on as they come:
/// memory does not grow with the archive. `f` may stop the run by answering `Break`.
pub fn positions(
    paths: &[PathBuf],
    f: &mut dyn FnMut(&GameReport, &PositionRows) -> ControlFlow<()>,
) -> PositionsSummary {
    positions_of(paths, None, f)
}

/// As [`positions`], passing over the files of a game other than `kind` (when given) unread.
fn positions_of(
    paths: &[PathBuf],
    kind: Option<GameKind>,
    f: &mut dyn FnMut(&GameReport, &PositionRows) -> ControlFlow<()>,
) -> PositionsSummary {
    let mut summary = PositionsSummary::default();
    for entry in input::walk(paths) {
        let (path, named) = match entry {
            Entry::File { path, named, .. } => (path, named),
            Entry::Stdin => (PathBuf::from("-"), true),
            Entry::Problem { path, problem } => {
                summary.problems.push(format!("{}: {problem}", path.display()));
                continue;
            }
        };
        if file_positions(&path, named, kind, false, &mut summary, &mut |r, rows, _| f(r, rows)).is_break() {
            summary.stopped = true;
            break;
        }
    }
    summary
}

/// What [`file_positions`] hands each game to: its report, its positions and what the record
/// says about it besides its moves.
pub(crate) type GameSink<'a> = dyn FnMut(&GameReport, &PositionRows, &GameMeta) -> ControlFlow<()> + 'a;

/// Hands `f` every game of the file `path` (named on the command line when `named`: a file of
/// no records is then a problem, else it is passed over), with its report, its positions and
/// with `meta` what the record says about it besides its moves; the files of a game other than `kind`
/// (when given) are passed over unread. Counts go to `summary`.
pub(crate) fn file_positions(
    path: &Path,
    named: bool,
    kind: Option<GameKind>,
    meta: bool,
    summary: &mut PositionsSummary,
    f: &mut GameSink<'_>,
) -> ControlFlow<()> {
    let (format, source, reader) = match games::open(path) {
        Ok(opened) => opened,
        Err(e) => {
            summary.problems.push(e.to_string());
            return ControlFlow::Continue(());
        }
    };
    let Some(format) = format else {
        if named {
            summary.problems.push(format!("{}: {}", path.display(), crate::skip::NOT_RECORDS));
        } else {
            summary.skipped.push(path.to_path_buf());
        }
        return ControlFlow::Continue(());
    };
    if kind.is_some_and(|k| format.game() != k) {
        return ControlFlow::Continue(());
    }
    summary.files += 1;
    let mut stopped = false;
    let read = games::read_positions(format, path, &source, reader, meta, &mut |(report, rows, meta)| {
        summary.games += 1;
        summary.rows += rows.len();
        let flow = f(&report, &rows, &meta);
        stopped |= flow.is_break();
        flow
    });
    if let Err(e) = read {
        summary.problems.push(e.to_string());
    }
    if stopped {
        ControlFlow::Break(())
    } else {
        ControlFlow::Continue(())
    }
}

/// As [`positions`], for one file's content, `data` (plain, or gzip as its first bytes say),
/// read as the file `source` named on the command line: what a task of a distributed job calls
/// on the bytes it was given.
pub fn positions_in_content(
    source: &str,
    data: &[u8],
    f: &mut dyn FnMut(&GameReport, &PositionRows) -> ControlFlow<()>,
) -> PositionsSummary {
    let mut summary = PositionsSummary::default();
    let path = Path::new(source);
    let content: Box<dyn std::io::Read + Send> =
        if data.starts_with(&input::GZIP_MAGIC) { Box::new(input::Gunzip::new(data)) } else { Box::new(data) };
    let opened = games::open_reader(content);
    let (format, reader) = match opened {
        Ok((Some(format), reader)) => (format, reader),
        Ok((None, _)) => {
            summary.problems.push(format!("{source}: {}", crate::skip::NOT_RECORDS));
            return summary;
        }
        Err(e) => {
            summary.problems.push(format!("{source}: cannot read: {e}"));
            return summary;
        }
    };
    summary.files += 1;
    let source: Arc<str> = Arc::from(source);
    let read = games::read_positions(format, path, &source, reader, false, &mut |(report, rows, _)| {
        summary.games += 1;
        summary.rows += rows.len();
        f(&report, &rows)
    });
    if let Err(e) = read {
        summary.problems.push(e.to_string());
    }
    summary
}

/// A position asked for by `tabula find`, in the form the positions of its kind are written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Target {
    /// The game kind.
    pub kind: GameKind,
    /// Arimaa: the side to move (`g`, `s`); empty for the others.
    pub side: &'static str,
    /// The position text, as `tabula positions` writes it.
    pub position: String,
}

/// Why a position asked for cannot be looked for.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TargetError {
    /// Not a position of the kind given.
    #[error("`{text}` is not {what}: {why}")]
    NotAPosition {
        /// The text given.
        text: String,
        /// What it should be.
        what: &'static str,
        /// Why it is not.
        why: String,
    },
    /// Not a position of any game (no kind given).
    #[error(
        "`{0}` is no position tabula knows: an Arimaa `g [<64 squares>]`/`s [...]`, a gnubg Position ID \
         or a Stones and Rivers position string"
    )]
    Unknown(String),
}

impl Target {
    /// Reads `text` as a position of `kind`, or of the game it is a position of when `kind` is
    /// `None`.
    ///
    /// # Errors
    /// The text is no position of `kind` (or of any game).
    pub fn parse(text: &str, kind: Option<GameKind>) -> Result<Target, TargetError> {
        let text = text.trim();
        match kind {
            Some(GameKind::Arimaa) => arimaa_target(text),
            Some(GameKind::Backgammon) => backgammon_target(text),
            Some(GameKind::StonesRivers) => stones_rivers_target(text),
            None => arimaa_target(text)
                .or_else(|_| stones_rivers_target(text))
                .or_else(|_| backgammon_target(text))
                .map_err(|_| TargetError::Unknown(text.to_owned())),
        }
    }

    /// Whether `row`, a position of a game of `kind`, is this one.
    pub fn matches(&self, kind: &str, row: &PositionRow<'_>) -> bool {
        kind == self.kind.name()
            && row.position == self.position
            && (self.kind != GameKind::Arimaa || row.side == self.side)
    }
}

fn arimaa_target(text: &str) -> Result<Target, TargetError> {
    let fail = |why: &str| TargetError::NotAPosition {
        text: text.to_owned(),
        what: "an Arimaa position (`g [<64 squares>]` or `s [...]`)",
        why: why.to_owned(),
    };
    let side = match text.get(..1) {
        Some("g" | "G" | "w" | "W") => "g",
        Some("s" | "S" | "b" | "B") => "s",
        _ => return Err(fail("it starts with the side to move, g or s")),
    };
    let board = text[1..].trim_start();
    let board = board.strip_prefix('[').and_then(|b| b.strip_suffix(']')).ok_or_else(|| fail("no [...]"))?;
    let squares: String = board.chars().map(|c| if c == ' ' { '.' } else { c }).collect();
    if squares.len() != 64 || !squares.chars().all(|c| ".RCDHMErcdhme".contains(c)) {
        return Err(fail("the board is 64 squares, each `.`, a space or a piece letter"));
    }
    Ok(Target { kind: GameKind::Arimaa, side, position: squares })
}

fn backgammon_target(text: &str) -> Result<Target, TargetError> {
    use tabula_notation::backgammon::position_id;
    let id = text.split(':').next().unwrap_or_default();
    let position = position_id::decode(id).map_err(|e| TargetError::NotAPosition {
        text: text.to_owned(),
        what: "a gnubg Position ID",
        why: e.to_string(),
    })?;
    Ok(Target { kind: GameKind::Backgammon, side: "", position: position_id::encode(&position) })
}

fn stones_rivers_target(text: &str) -> Result<Target, TargetError> {
    use tabula_notation::stones_rivers::{parse_position, write_position};
    let setup = parse_position(text).map_err(|e| TargetError::NotAPosition {
        text: text.to_owned(),
        what: "a Stones and Rivers position string",
        why: e.to_string(),
    })?;
    Ok(Target { kind: GameKind::StonesRivers, side: "", position: write_position(&setup) })
}

/// A game and ply that reach a position, as `tabula find --jsonl` writes it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Found {
    /// The file.
    pub source: Arc<str>,
    /// The game's id, as `tabula check` gives it.
    pub game: String,
    /// The game kind.
    pub kind: &'static str,
    /// The ply at which the game stands in the position (as `tabula positions` counts them).
    pub ply: usize,
}

impl Found {
    /// The JSON line of `tabula find --jsonl`.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"cannot serialise a find: {e}\"}}"))
    }
}

/// Calls `f` with every game and ply of `paths` that reach `target`, in input order (the
/// games' positions as [`positions`] gives them; the files of another game are not read).
pub fn find(paths: &[PathBuf], target: &Target, f: &mut dyn FnMut(&Found) -> ControlFlow<()>) -> PositionsSummary {
    positions_of(paths, Some(target.kind), &mut |report, rows| {
        for row in rows.iter().filter(|row| target.matches(report.kind, row)) {
            let found =
                Found { source: report.source.clone(), game: report.game.clone(), kind: report.kind, ply: row.ply };
            f(&found)?;
        }
        ControlFlow::Continue(())
    })
}
