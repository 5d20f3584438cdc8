//! Checking a whole `.mat` match: games in parallel, the score carried from game to game.

use std::borrow::Cow;
use std::io::BufRead;
use std::sync::Arc;

use rayon::prelude::*;

use super::mat::{GameRecord, MatError, MatReader, MatchHeader};
use super::positions::Rows;
use super::sgf::{SgfError, SgfReader};
use super::suggest::Reached;
use super::verify::{verify_game_with, Ending, Replay, Replayed, KIND};
use super::xg::{read_xg, verify_xg_with, XgChecks, XgError};
use super::MatchFile;
use tabula_engine::backgammon::{BySide, MatchScore, Side};

use crate::fingerprint::Fingerprinter;
use crate::game_meta::GameMeta;
use crate::report::{ErrorInfo, GameReport, GameResult, Verdict};

/// The games of a match held until its end, so that each report carries the match's
/// fingerprint; a match of more games is reported without one (memory stays bounded).
pub const MATCH_GAMES: usize = 1 << 14;

/// The reports of a match held until its last game gives its fingerprint.
struct MatchHeld<'s> {
    held: Vec<(GameReport, Option<KeptGame>)>,
    /// Whether the match has passed [`MATCH_GAMES`]: its reports go on at once, without one.
    overflow: bool,
    sink: &'s mut dyn FnMut(GameReport, Option<KeptGame>),
}

impl<'s> MatchHeld<'s> {
    fn new(sink: &'s mut dyn FnMut(GameReport, Option<KeptGame>)) -> MatchHeld<'s> {
        MatchHeld { held: Vec::new(), overflow: false, sink }
    }

    fn push(&mut self, report: GameReport, kept: Option<KeptGame>) {
        if self.overflow {
            return (self.sink)(report, kept);
        }
        self.held.push((report, kept));
        if self.held.len() > MATCH_GAMES {
            self.overflow = true;
            self.held.drain(..).for_each(|(r, k)| (self.sink)(r, k));
        }
    }

    /// Hands every report on with the fingerprint of the match of `length` points.
    fn finish(self, length: u32) {
        let mut all = Fingerprinter::new("match");
        let mut head = [0u8; 5];
        head[0] = b'L';
        head[1..].copy_from_slice(&length.to_le_bytes());
        all.bytes_head(&head, 5);
        for (report, _) in &self.held {
            let mut game = [0u8; 17];
            game[0] = b'G';
            if let Some(f) = report.fingerprint {
                game[1..].copy_from_slice(&f.0.to_le_bytes());
            } else {
                game[0] = b'-';
            }
            all.bytes_head(&game, if report.fingerprint.is_some() { 17 } else { 1 });
        }
        let fingerprint = all.finish();
        for (mut report, kept) in self.held {
            report.match_fingerprint = Some(fingerprint);
            (self.sink)(report, kept);
        }
    }
}

/// Games verified together; memory holds at most this many games of a match at once.
const BATCH: usize = 256;

/// A game's report, its ending for the score, the score written before it with the line it is
/// written on, and the positions its replay reached when they are kept.
type Verified = (GameReport, Option<Ending>, Option<(MatchScore, u64)>, Option<Rows>);

/// A game read and waiting to be verified with its id, its place in the match, what its
/// format checks beside the replay and, when it is to be kept, the match's length and tags, or
/// why it cannot be read (with the game id to report it under).
type Pending = Result<(String, GameRecord, MatchScore, Beside, Option<Held>), (String, ErrorInfo)>;

/// What a game to be kept holds besides its record, score and [`Beside`]: the match's length
/// and tags.
type Held = (Option<u32>, Vec<(String, String)>);

/// What a game's format says beside its actions, checked with its replay.
#[derive(Clone, Debug)]
pub(crate) enum Beside {
    /// Nothing (`.mat`).
    Nothing,
    /// Whether an `.sgf` game's result is written as a resignation (`None`: no `RE`).
    Sgf(Option<bool>),
    /// An `.xg` game's positions, cube and footer.
    Xg(Box<XgChecks>),
}

/// Which games of a match are kept while it is checked: the one at a place (1-based), or all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    /// The game at this place, when it can be read.
    One(u32),
    /// Every game that can be read.
    All,
    /// Every game that can be read, with the positions its check's replay reaches
    /// ([`KeptGame::rows`]).
    Positions,
}

impl Keep {
    fn wants(keep: Option<Keep>, place: u32) -> bool {
        match keep {
            Some(Keep::One(p)) => p == place,
            Some(Keep::All | Keep::Positions) => true,
            None => false,
        }
    }
}

/// Checks every game of the match read from `input`, handing `sink` one report per game in
/// file order. `name` is the file name used in game ids (`name#3`). A header that cannot be
/// read makes the first game unreadable at the header's line (a report of its own would take
/// that game's id).
pub fn check_match(source: &Arc<str>, name: &str, input: impl BufRead, sink: &mut dyn FnMut(GameReport)) {
    check_file(MatchFile::Mat, source, name, input, false, sink);
}

/// Checks every game of a match in any of its formats (`file`), as [`check_match`],
/// [`check_sgf`] or [`check_xg`] do, with repair hints in the errors of illegal games when
/// `suggest`.
pub fn check_file(
    file: MatchFile,
    source: &Arc<str>,
    name: &str,
    input: impl BufRead,
    suggest: bool,
    sink: &mut dyn FnMut(GameReport),
) {
    check_kept(file, source, name, input, None, suggest, &mut |r, _| sink(r));
}

/// As [`check_file`], handing each report with its game when `keep` wants it kept (and it can
/// be read).
pub(crate) fn check_kept(
    file: MatchFile,
    source: &Arc<str>,
    name: &str,
    input: impl BufRead,
    keep: Option<Keep>,
    suggest: bool,
    sink: &mut dyn FnMut(GameReport, Option<KeptGame>),
) {
    let mut held = MatchHeld::new(sink);
    // A binary `.xg` file has no lines: its errors are placed by their move's label alone.
    let lines = !matches!(file, MatchFile::Xg);
    let sink = &mut |mut r: GameReport, k| {
        if let (false, Some(e)) = (lines, r.error.as_mut()) {
            e.line = ErrorInfo::NO_LINE;
        }
        held.push(r, k)
    };
    let c = Checking { source, name, keep, suggest };
    let length = match file {
        MatchFile::Mat => check_match_kept(c, input, sink),
        MatchFile::Sgf => check_sgf_kept(c, input, sink),
        MatchFile::Xg => check_xg_kept(c, input, sink),
    };
    held.finish(length);
}

/// What the reader of each format is given besides its input: the file, the games to keep,
/// whether to look for repair hints.
#[derive(Clone, Copy)]
struct Checking<'a> {
    source: &'a Arc<str>,
    name: &'a str,
    keep: Option<Keep>,
    suggest: bool,
}

/// A game of a match kept while the match is checked, for `tabula replay`: the game as read,
/// the score written before it, the match's length and tags, and what the file says beside
/// the game's actions (to verify it again as the check does, for its suggestions).
#[derive(Clone, Debug)]
pub(crate) struct KeptGame {
    pub(crate) game: GameRecord,
    pub(crate) written: MatchScore,
    pub(crate) length: Option<u32>,
    pub(crate) tags: Vec<(String, String)>,
    pub(crate) beside: Beside,
    /// The positions the check's replay reached ([`Keep::Positions`]), else none.
    pub(crate) rows: Option<Rows>,
}

impl KeptGame {
    /// What the match says about the game besides its actions: the players as the game
    /// names them, the event, the date and the match's length.
    pub(crate) fn meta(&self) -> GameMeta {
        GameMeta {
            players: self.game.players.clone().map(|p| p.trim().to_owned()),
            event: GameMeta::tag(&self.tags, &["Event"]),
            date: GameMeta::tag(&self.tags, &["Date", "EventDate"]),
            match_length: self.length,
        }
    }
}

/// The game `g` of id `id`, the score `written` before it, verified as its match's check
/// verifies it: the replay, and what its format says `beside` its actions (an `.sgf` result,
/// an `.xg` game's positions, cube and footer).
/// `observe`, when given, is handed every action replayed without error, in order.
fn verify_read(
    source: &Arc<str>,
    id: &str,
    g: &GameRecord,
    beside: &Beside,
    written: MatchScore,
    observe: Option<&mut dyn FnMut(Replayed<'_>)>,
) -> Replay {
    match beside {
        Beside::Xg(checks) => verify_xg_with(source, id.to_owned(), g, checks, written, observe),
        Beside::Sgf(resigned) => {
            let mut r = verify_game_with(source, id.to_owned(), g, written, observe);
            sgf_result(&mut r.report, g, *resigned);
            r
        }
        Beside::Nothing => verify_game_with(source, id.to_owned(), g, written, observe),
    }
}

/// `report` of the game `g` (the score `written` before it, `beside` what its format says
/// beside its actions), whose replay got as far as `reached`, with the suggestions `tabula
/// check --suggest` gives an illegal game in its error.
fn suggest_in(
    source: &Arc<str>,
    g: &GameRecord,
    written: MatchScore,
    beside: &Beside,
    reached: &Reached,
    report: &mut GameReport,
) {
    let id = report.game.clone();
    let verify = |g: &GameRecord| verify_read(source, &id, g, beside, written, None).report;
    report.add_suggestions(|r| super::suggest::suggestions(g, r, reached, verify));
}

/// `report`, the one the match's check gave the game `g` read with `written` and `beside` (a
/// [`KeptGame`]'s), with the suggestions `tabula check --suggest` gives it: when it is
/// `illegal` at a move of the game's own replay (not for the match around it: a game after the
/// match's end).
pub(crate) fn add_suggestions(
    source: &Arc<str>,
    g: &GameRecord,
    written: MatchScore,
    beside: &Beside,
    report: &mut GameReport,
) {
    if report.verdict != Verdict::Illegal || report.error.as_ref().is_none_or(|e| e.suggestions.is_some()) {
        return;
    }
    let mut reached = Reached::default();
    let own = verify_read(source, &report.game, g, beside, written, Some(&mut |r| reached.observe(&r))).report;
    if own.verdict == Verdict::Illegal && own.error == report.error {
        suggest_in(source, g, written, beside, &reached, report);
    }
}

/// As [`check_match`], [`check_sgf`] or [`check_xg`] (as `file` says), keeping the game at place `keep`
/// (1-based) when it can be read: a game replayed on its own gets the verdict the whole match
/// gives it. Each report goes to `sink`, and the game kept, if any, is returned.
pub(crate) fn check_keeping(
    source: &Arc<str>,
    name: &str,
    input: impl BufRead,
    file: MatchFile,
    sink: &mut dyn FnMut(GameReport),
    keep: u32,
) -> Option<KeptGame> {
    let mut kept = None;
    let mut each = |r, k: Option<KeptGame>| {
        kept = kept.take().or(k);
        sink(r);
    };
    check_kept(file, source, name, input, Some(Keep::One(keep)), false, &mut each);
    kept
}

/// As [`check_match`], handing each report with its game when `keep` wants it kept (and it
/// can be read): the games of a match read with the verdicts the whole match gives them.
fn check_match_kept(c: Checking<'_>, input: impl BufRead, sink: &mut dyn FnMut(GameReport, Option<KeptGame>)) -> u32 {
    let Checking { source, name, keep, .. } = c;
    let mut reader = MatReader::new(input);
    // A header line that cannot be read is the first game's error: the header is read on
    // past it, and the id stays that game's own.
    let mut header_error = reader.header().err();
    let header = reader.header().ok().cloned();
    let mut context = WrittenScores::new(header.as_ref());
    let length = context.length;
    let mut run = Running::new(source, length, true, &c);
    let mut order = GameOrder::default();
    for item in reader.by_ref() {
        let (place, misnumbered) = order.next(item.as_ref().ok());
        let id = format!("{name}#{place}");
        match (item, header_error.take()) {
            (Ok(g), None) => {
                let written = context.before(&g);
                let kept = (Keep::wants(keep, place) && misnumbered.is_none())
                    .then(|| header.as_ref().map_or((None, Vec::new()), |h| (h.match_length, h.tags.clone())));
                match misnumbered {
                    None => run.add(Ok((id, g, written, Beside::Nothing, kept)), sink),
                    Some(e) => run.add(Err((id, e)), sink),
                }
            }
            (Ok(g), Some(e)) => {
                context.before(&g);
                run.add(Err((id, mat_error(&e))), sink);
            }
            (Err(e), header_error) => {
                let e = header_error.unwrap_or(e);
                context.after_unreadable();
                run.add(Err((id, mat_error(&e))), sink);
            }
        }
    }
    if let Some(e) = header_error {
        run.add(Err((format!("{name}#1"), mat_error(&e))), sink);
    }
    run.flush(sink);
    length
}

/// Checks every game of an `.sgf` match (GNU Backgammon's own files) read from `input`, as
/// [`check_match`] does a `.mat` one: game ids `name#1`, `name#2`, ... in file order, the score
/// each game's `MI` gives compared with the games before it, a result written as a
/// resignation (`RE[W+1R]`) required to be one, and one without `R` required to end on the board
/// or by a drop.
pub fn check_sgf(source: &Arc<str>, name: &str, input: impl BufRead, sink: &mut dyn FnMut(GameReport)) {
    check_file(MatchFile::Sgf, source, name, input, false, sink);
}

/// As [`check_sgf`], handing each report with its game as [`check_match_kept`] does.
fn check_sgf_kept(c: Checking<'_>, input: impl BufRead, sink: &mut dyn FnMut(GameReport, Option<KeptGame>)) -> u32 {
    let Checking { source, name, keep, .. } = c;
    // gnubg keeps the scores of a money session it imported from a `.mat` file, and scores the
    // games itself (the Jacoby rule): money scores are not compared.
    let mut run = Running::new(source, 0, false, &c);
    let mut number = 0u32;
    let mut crawford_done = false;
    for item in SgfReader::new(input) {
        number += 1;
        match item {
            Ok(g) => {
                let score = g.score(crawford_done);
                crawford_done |= score.crawford;
                run.length = g.length;
                let id = format!("{name}#{number}");
                let kept = Keep::wants(keep, number).then(|| {
                    let info = [("Event", &g.info.event), ("Place", &g.info.place), ("Date", &g.info.date)];
                    let tags =
                        info.iter().filter_map(|(k, v)| v.as_ref().map(|v| ((*k).to_owned(), v.clone()))).collect();
                    (Some(g.length), tags)
                });
                run.add(Ok((id, g.record, score, Beside::Sgf(g.resigned), kept)), sink);
            }
            Err(e) => run.add(Err((format!("{name}#{number}"), sgf_error(&e))), sink),
        }
    }
    run.flush(sink);
    run.length
}

/// Checks every game of an `.xg` match (eXtreme Gammon's own files) read from `input`, as
/// [`check_match`] does a `.mat` one: game ids `name#1`, `name#2`, ... in file order, the score
/// each game header writes compared with the games before it, each game's positions, cube and
/// footer compared with its replay (see [`super::xg`]). A file whose container or match header
/// cannot be read is one unreadable game, `name#1`.
pub fn check_xg(source: &Arc<str>, name: &str, input: impl BufRead, sink: &mut dyn FnMut(GameReport)) {
    check_file(MatchFile::Xg, source, name, input, false, sink);
}

/// As [`check_xg`], handing each report with its game as [`check_match_kept`] does.
fn check_xg_kept(c: Checking<'_>, input: impl BufRead, sink: &mut dyn FnMut(GameReport, Option<KeptGame>)) -> u32 {
    let Checking { source, name, keep, .. } = c;
    let m = match read_xg(input) {
        Ok(m) => m,
        Err(e) => {
            let report = GameReport::unreadable(source.clone(), format!("{name}#1"), KIND, xg_error(&e));
            sink(report, None);
            return 0;
        }
    };
    let length = m.info.length;
    let mut run = Running::new(source, length, true, &c);
    let tags = m.tags();
    let scores = m.scores();
    for ((place, game), score) in (1u32..).zip(m.games).zip(scores) {
        let id = format!("{name}#{place}");
        match game {
            Ok(g) => {
                let kept = Keep::wants(keep, place).then(|| {
                    let mut game_tags = tags.clone();
                    game_tags.extend(g.comments.iter().cloned());
                    (Some(length), game_tags)
                });
                run.add(Ok((id, g.record, score, Beside::Xg(Box::new(g.checks)), kept)), sink);
            }
            Err(e) => run.add(Err((id, xg_error(&e))), sink),
        }
    }
    run.flush(sink);
    length
}

/// An `.xg` file's or game's error as a report gives it: at its record, when it has one.
fn xg_error(e: &XgError) -> ErrorInfo {
    ErrorInfo {
        turn: String::new(),
        line: e.record().unwrap_or(0),
        token: String::new(),
        message: e.to_string(),
        suggestions: None,
    }
}

/// The score carried from game to game while a match is checked.
struct Running<'a> {
    source: &'a Arc<str>,
    length: u32,
    /// The score the games give, from the first score written on.
    running: Option<MatchScore>,
    /// Whether the scores written before the games of a money session are compared with the
    /// games' results.
    money_scores: bool,
    /// Whether the errors of illegal games get repair hints.
    suggest: bool,
    /// Whether the positions of the games kept are gathered as they are verified.
    rows: bool,
    /// The games read and not yet verified, at most [`BATCH`].
    batch: Vec<Pending>,
}

impl<'a> Running<'a> {
    fn new(source: &'a Arc<str>, length: u32, money_scores: bool, c: &Checking<'_>) -> Running<'a> {
        let (suggest, rows) = (c.suggest, c.keep == Some(Keep::Positions));
        Running { source, length, running: None, money_scores, suggest, rows, batch: Vec::with_capacity(BATCH) }
    }

    /// Takes a game read (or why it cannot be), verifying the batch once it is full.
    fn add(&mut self, item: Pending, sink: &mut dyn FnMut(GameReport, Option<KeptGame>)) {
        self.batch.push(item);
        if self.batch.len() >= BATCH {
            self.flush(sink);
        }
    }

    /// Verifies the games of the batch in parallel and hands their reports on in order.
    fn flush(&mut self, sink: &mut dyn FnMut(GameReport, Option<KeptGame>)) {
        let mut batch = std::mem::take(&mut self.batch);
        let (source, suggest, keep_rows) = (self.source, self.suggest, self.rows);
        let reports: Vec<Verified> = batch
            .par_iter()
            .map(|item| match item {
                Ok((id, g, written, beside, kept)) => {
                    let mut rows = kept.as_ref().filter(|_| keep_rows).map(|_| Rows::new());
                    // How far the replay gets, for the suggestions to start from.
                    let mut reached = Reached::default();
                    let observing = suggest || rows.is_some();
                    let mut observe = |r: Replayed<'_>| {
                        if suggest {
                            reached.observe(&r);
                        }
                        if let Some(rows) = rows.as_mut() {
                            rows.observe(r);
                        }
                    };
                    let mut r = verify_read(source, id, g, beside, *written, observing.then_some(&mut observe as _));
                    if suggest {
                        suggest_in(source, g, *written, beside, &reached, &mut r.report);
                    }
                    (r.report, r.ending, Some((*written, g.players_line)), rows)
                }
                Err((id, e)) => (GameReport::unreadable(source.clone(), id.clone(), KIND, e.clone()), None, None, None),
            })
            .collect();
        let length = self.length;
        let running = &mut self.running;
        let held = batch.drain(..).map(|item| {
            item.ok().and_then(|(_, game, score, beside, held)| {
                held.map(|(length, tags)| (game, score, beside, length, tags))
            })
        });
        for ((mut report, ending, written, rows), held) in reports.into_iter().zip(held) {
            let kept = held.map(|(game, written, beside, length, tags)| KeptGame {
                game,
                written,
                length,
                tags,
                beside,
                rows,
            });
            if let (Some((w, line)), Some(run)) = (written, running.as_ref()) {
                if w.points != run.points && report.verdict == Verdict::Ok && (self.money_scores || w.length > 0) {
                    let message = format!(
                        "the score before this game is written {}-{}, the games before give {}-{}",
                        w.points.zero, w.points.one, run.points.zero, run.points.one
                    );
                    score_fault(&mut report, Verdict::ResultMismatch, line, &w, message);
                }
            }
            let decided = written.and_then(|(w, line)| {
                let score = running.filter(|r| r.winner().is_some()).unwrap_or(w);
                score.winner().map(|side| (score, side, line))
            });
            if let Some((score, side, line)) = decided {
                if report.verdict != Verdict::Unreadable {
                    let message = format!(
                        "a game after the end of the match: the {} column has {} points of a {} point match",
                        if side == Side::Zero { "left" } else { "right" },
                        score.points[side],
                        score.length
                    );
                    score_fault(&mut report, Verdict::Illegal, line, &score, message);
                }
            }
            if matches!(report.verdict, Verdict::Illegal | Verdict::Unreadable) {
                // The game gives no result to carry: take the score up again from the next
                // score line rather than blame that line for this game.
                *running = None;
            } else {
                let run = running.get_or_insert_with(|| written.map_or(MatchScore::new(length), |(w, _)| w));
                if let Some(e) = ending {
                    run.record_game(e.winner, run.capped(e.winner, e.points));
                }
            }
            sink(report, kept);
        }
        self.batch = batch;
    }
}

/// An `.sgf` game's report, told in `.sgf` terms, and checked against how its `RE` says it
/// ended: `R` for a resignation, nothing for a bear-off or a drop.
fn sgf_result(report: &mut GameReport, game: &GameRecord, resigned: Option<bool>) {
    if let Some(e) = report.error.as_mut() {
        e.message = e.message.replace("no `Wins` line", "no result (`RE`)");
    }
    let Some(resigned) = resigned.filter(|_| report.verdict == Verdict::Ok) else { return };
    let how = match &report.result {
        Some(GameResult::Backgammon { how, .. }) => *how,
        _ => return,
    };
    if (how == "resign") != resigned {
        let end = game.actions.last();
        report.verdict = Verdict::ResultMismatch;
        report.error = Some(ErrorInfo {
            turn: String::new(),
            line: end.map_or(game.players_line, |a| a.line),
            token: end.map_or_else(String::new, |a| a.text.to_string()),
            message: if resigned {
                format!("the result is written as a resignation (`R`), the replay says the game ended by {how}")
            } else {
                "the result is written without `R`, but the game did not end on the board or by a drop: a resignation is written `RE[W+nR]`".into()
            },
            suggestions: None,
        });
    }
}

/// The games of a `.mat` match in file order: each is numbered by its place (the id
/// `name#3` is the third game of the file, whatever its `Game N` line says), and each `Game N`
/// line must follow the one before it.
#[derive(Default)]
struct GameOrder {
    place: u32,
    /// The number of the last `Game N` line, the one an unreadable game is taken to have had.
    last: Option<u32>,
}

impl GameOrder {
    /// The place of the next game of the file (`game` when it could be read), and, when its
    /// `Game N` line does not follow the one before it, why it is not read: a game left out,
    /// written twice or out of order leaves the games around it in doubt.
    fn next(&mut self, game: Option<&GameRecord>) -> (u32, Option<ErrorInfo>) {
        self.place = self.place.saturating_add(1);
        let expected = self.last.map_or(1, |n| n.saturating_add(1));
        let Some(game) = game else {
            self.last = Some(expected);
            return (self.place, None);
        };
        let previous = self.last.replace(game.number);
        if game.number == expected {
            return (self.place, None);
        }
        let after = previous.map_or_else(|| "as the first game".to_owned(), |n| format!("after game {n}"));
        let message = format!(
            "game {} {after}: the games of a match are numbered 1, 2, 3 in order (a game left out, written twice \
             or out of order)",
            game.number
        );
        let e = ErrorInfo {
            turn: String::new(),
            line: game.line,
            token: format!("Game {}", game.number),
            message,
            suggestions: None,
        };
        (self.place, Some(e))
    }
}

fn mat_error(e: &MatError) -> ErrorInfo {
    ErrorInfo {
        turn: String::new(),
        line: e.line().unwrap_or(0),
        token: e.token().map(Cow::into_owned).unwrap_or_default(),
        message: e.reason(),
        suggestions: None,
    }
}

fn sgf_error(e: &SgfError) -> ErrorInfo {
    ErrorInfo {
        turn: String::new(),
        line: e.line().unwrap_or(0),
        token: e.token().unwrap_or_default().to_owned(),
        message: e.reason(),
        suggestions: None,
    }
}

/// The match score written before each game, with the Crawford flag the match header and the
/// scores give it, read game after game.
#[derive(Clone, Debug)]
pub struct WrittenScores {
    /// The match length (0: money play or unknown).
    pub length: u32,
    crawford_rule: bool,
    crawford_done: bool,
    after_unreadable: bool,
}

impl WrittenScores {
    /// Starts a match with this header (`None`: the header could not be read).
    pub fn new(header: Option<&MatchHeader>) -> WrittenScores {
        WrittenScores {
            length: header.and_then(|h| h.match_length).unwrap_or(0),
            crawford_rule: header.and_then(|h| h.tag("Crawford")).is_none_or(|v| !v.eq_ignore_ascii_case("off")),
            crawford_done: false,
            after_unreadable: false,
        }
    }

    /// The score written before `game`, which follows the games already given.
    pub fn before(&mut self, game: &GameRecord) -> MatchScore {
        let [zero, one] = game.scores;
        let length = self.length;
        let mut written = MatchScore::new(length);
        written.points = BySide { zero, one };
        // The Crawford game: the first whose score line has one side, not both, at match point
        // minus one.
        if length > 0 && !self.crawford_done && ((zero + 1 == length) != (one + 1 == length)) {
            // After an unreadable game this may be the game after the Crawford game: no doubling
            // is then held against it.
            written.crawford = self.crawford_rule && !self.after_unreadable;
            self.crawford_done = true;
        }
        self.after_unreadable = false;
        written.post_crawford = self.crawford_done && !written.crawford;
        written
    }

    /// A game could not be read: the next one may follow a Crawford game unseen.
    pub fn after_unreadable(&mut self) {
        self.after_unreadable = true;
    }
}

/// A game judged `verdict` at its score line (`line`) for what `message` says of the score
/// `score` (the token).
fn score_fault(report: &mut GameReport, verdict: Verdict, line: u64, score: &MatchScore, message: String) {
    let token = format!("{} : {}", score.points.zero, score.points.one);
    report.verdict = verdict;
    report.error = Some(ErrorInfo { turn: String::new(), line, token, message, suggestions: None });
}
