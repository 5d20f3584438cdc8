//! Verified replay of one Arimaa record under the current rules.

use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::Arc;

use tabula_engine::arimaa::{
    Color, FinishedTurn, Game, GameError, Outcome, Phase, Placement, Position, Turn, WinReason,
};
use tabula_notation::arimaa::short::{position_from_records, ResolveOptions, ShortBody, ShortMove, ShortRecord};
use tabula_notation::arimaa::{LabelStyle, MoveLabel};

use super::movelist::{MoveBody, MoveLine, Moves};
use super::short_stop::{from_resolve_error, ShortStop, StopKind};
use crate::fingerprint::Fingerprinter;
use crate::report::{ErrorInfo, GameReport, GameResult, Verdict};

/// The game kind's name in reports.
pub const KIND: &str = crate::game_kind::GameKind::Arimaa.name();

/// How the record says the game ended (the archive's `result` and `termination` columns).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct RecordedEnd {
    /// The winner, from `result` (`w`/`g` Gold, `b`/`s` Silver).
    pub winner: Option<Color>,
    /// The `result` column's first character as written (`-` when empty).
    pub result: u8,
    /// The termination code as written (`g` goal, `e` elimination, `m` immobilization, `t` time,
    /// `r` resignation, `f` forfeit, `i` illegal move, `a` abandoned, `s` score, `p` repetition,
    /// `n` draw).
    pub termination: u8,
}

impl RecordedEnd {
    /// Reads the two columns; `None` when both are empty.
    pub fn from_columns(result: Option<&str>, termination: Option<&str>) -> Option<RecordedEnd> {
        let winner = match result.map(str::trim) {
            Some("w" | "g") => Some(Color::Gold),
            Some("b" | "s") => Some(Color::Silver),
            _ => None,
        };
        let termination = termination.map(str::trim).and_then(|t| t.bytes().next());
        let result = result.map(str::trim).and_then(|t| t.bytes().next());
        match (result, termination) {
            (None, None) => None,
            (result, termination) => {
                Some(RecordedEnd { winner, result: result.unwrap_or(b'-'), termination: termination.unwrap_or(b'-') })
            }
        }
    }

    /// The reason as the JSON output names it, `None` for a draw or an unknown code.
    pub fn reason(self) -> Option<&'static str> {
        Some(match self.termination {
            b'g' => "goal",
            b'e' => "elimination",
            b'm' => "immobilization",
            b'r' => "resignation",
            b't' => "time",
            b'f' => "forfeit",
            b'i' => "illegal-move",
            b'a' => "abandoned",
            b's' => "score",
            b'p' => "repetition",
            _ => return None,
        })
    }

    /// The board-decidable reason the code names, if it names one.
    pub fn board_reason(self) -> Option<WinReason> {
        match self.termination {
            b'g' => Some(WinReason::Goal),
            b'e' => Some(WinReason::Elimination),
            b'm' => Some(WinReason::Immobilization),
            _ => None,
        }
    }
}

/// How a record's moves are written.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Notation {
    /// Long notation (`1w Ra1 ...`, `2g Ed2n ...`): archive rows and move lists.
    #[default]
    Long,
    /// Short notation (`s 1 dcdemchh, ...`), each turn resolved with these options.
    Short(ResolveOptions),
}

/// One record to replay.
#[derive(Clone, Debug)]
pub struct Record<'a> {
    /// The file.
    pub source: Arc<str>,
    /// The game's id.
    pub game: String,
    /// The move list.
    pub movelist: &'a [u8],
    /// 1-based line in the file where the move list starts.
    pub line: u64,
    /// The recorded result, when the record has one.
    pub recorded: Option<RecordedEnd>,
    /// How the moves are written.
    pub notation: Notation,
}

/// What the replay did with one move, for callers that follow the game (`tabula replay`).
#[derive(Clone, Debug)]
pub enum Replayed<'a> {
    /// A set-up or turn was played.
    Move {
        /// The label.
        label: MoveLabel,
        /// The position before it.
        before: &'a Position,
        /// The position after it.
        after: &'a Position,
        /// The steps, for a turn (not a set-up).
        turn: Option<Turn>,
        /// The move as written.
        text: &'a [u8],
    },
    /// The game starts from a position (two position records, `0g`/`0s`) rather than set-ups.
    Start {
        /// The position.
        position: &'a Position,
    },
    /// A takeback undid the last move.
    TakeBack {
        /// The label.
        label: MoveLabel,
        /// The position after the takeback.
        after: &'a Position,
    },
}

fn color_char(c: Color) -> &'static str {
    match c {
        Color::Gold => "g",
        Color::Silver => "s",
    }
}

fn outcome_result(o: Outcome) -> GameResult {
    GameResult::Arimaa { winner: color_char(o.winner), reason: o.reason.name() }
}

/// Where and why a replay stopped.
struct Failure {
    turn: String,
    line_offset: u64,
    token: String,
    message: String,
    /// The text is not notation at all (a syntax error), rather than an illegal move.
    unreadable: bool,
    /// What kind of stop, for short notation's callers (`tabula convert`, `tabula resolve`).
    kind: StopKind,
    /// Every legal reading, when the text fits several.
    candidates: Vec<String>,
}

impl Failure {
    fn new(turn: impl Into<String>, line_offset: u64, token: String, message: String) -> Failure {
        Failure {
            turn: turn.into(),
            line_offset,
            token,
            message,
            unreadable: false,
            kind: StopKind::Illegal,
            candidates: Vec::new(),
        }
    }

    /// The failure as a stop of short notation, its line counted in `record`.
    fn stop(&self, record: &Record<'_>) -> ShortStop {
        ShortStop {
            label: self.turn.parse().ok(),
            unit: self.token.clone(),
            kind: self.kind,
            reason: self.message.clone(),
            candidates: self.candidates.clone(),
            line: (record.line + self.line_offset) as usize,
        }
    }
}

fn text(b: &[u8]) -> String {
    let t = b.trim_ascii();
    let cut = &t[..t.len().min(200)];
    String::from_utf8_lossy(cut).into_owned()
}

/// A game being replayed from its record, whatever its notation: the moves so far, the label
/// expected next, and where the last move stands in the record.
struct Replay {
    game: Game,
    expected: MoveLabel,
    last_label: Option<MoveLabel>,
    last_line: u64,
}

/// One move of a record, read and resolved on the position.
enum Action {
    Place(Placement),
    Turn(FinishedTurn),
}

impl Replay {
    fn new(game: Game) -> Replay {
        Replay { game, expected: MoveLabel::from_ply(0, LabelStyle::GoldSilver), last_label: None, last_line: 0 }
    }

    /// The label must be the one expected next.
    fn check_label(&self, label: MoveLabel, fail: impl Fn(String, String) -> Failure) -> Result<(), Failure> {
        if label.same_move(self.expected) {
            return Ok(());
        }
        Err(fail(
            label.to_string(),
            format!("expected move {} here", MoveLabel { style: label.style, ..self.expected }),
        ))
    }

    /// A move may not follow the end of the game.
    fn check_not_over(
        &self,
        token: impl FnOnce() -> String,
        fail: impl Fn(String, String) -> Failure,
    ) -> Result<(), Failure> {
        let Some(o) = self.game.outcome() else { return Ok(()) };
        let after = self.last_label.map(|l| l.to_string()).unwrap_or_default();
        let mut message = format!("move after the end of the game: {o} after {after}");
        if o.reason == WinReason::Elimination {
            message.push_str(" (older rules let play go on after elimination; current rules end the game there)");
        }
        Err(fail(token(), message))
    }

    /// Plays a resolved move (`text` as written, for messages and `on_move`).
    fn play(
        &mut self,
        label: MoveLabel,
        line_offset: u64,
        action: &Action,
        text: &[u8],
        fail: impl Fn(String, String) -> Failure,
        on_move: &mut impl FnMut(Replayed<'_>),
    ) -> Result<(), Failure> {
        let turn = match action {
            Action::Place(placement) => {
                self.game.place(placement).map_err(|e| fail(self::text(text), e.to_string()))?;
                None
            }
            Action::Turn(resolved) => {
                self.game.play_finished(resolved).map_err(|e| {
                    let message = match e {
                        GameError::Repetition => "third-time repetition of a position (illegal under current rules; \
                                                  older rules made it a loss for the side repeating)"
                            .to_owned(),
                        e => e.to_string(),
                    };
                    fail(self::text(text), message)
                })?;
                Some(*resolved.turn())
            }
        };
        self.last_label = Some(label);
        self.last_line = line_offset;
        self.expected = self.expected.next();
        if let Some(before) = self.game.previous_position() {
            on_move(Replayed::Move { label, before, after: self.game.position(), turn, text });
        }
        Ok(())
    }

    /// Judges the replay: `ok` with the result decided on the board or, when the board does
    /// not decide it, the record's; `illegal` or `unreadable` at a failure; `result-mismatch`.
    fn report(&self, record: &Record<'_>, failure: Option<Failure>) -> GameReport {
        let mut report = self.judge(record, failure);
        let mut moves = Fingerprinter::new(KIND);
        write_positions(&mut moves, self.game.positions());
        report.seal(moves);
        report
    }

    fn judge(&self, record: &Record<'_>, failure: Option<Failure>) -> GameReport {
        let game = &self.game;
        let board = game.outcome();
        let mut report = GameReport {
            source: record.source.clone(),
            game: record.game.clone(),
            kind: KIND,
            verdict: Verdict::Ok,
            turns: game.plies(),
            result: board.map(outcome_result),
            final_position: game.position().board().to_diagram_string(),
            error: None,
            fingerprint: None,
            match_fingerprint: None,
        };
        if let Some(f) = failure {
            report.verdict = if f.unreadable { Verdict::Unreadable } else { Verdict::Illegal };
            let mut message = f.message;
            if !f.candidates.is_empty() {
                message.push_str(&format!(" (readings: {})", f.candidates.join(" | ")));
            }
            report.error = Some(ErrorInfo {
                turn: f.turn,
                line: record.line + f.line_offset,
                token: f.token,
                message,
                suggestions: None,
            });
            return report;
        }
        let Some(rec) = record.recorded else {
            return report;
        };
        let after = self.last_label.map(|l| l.to_string()).unwrap_or_default();
        let mismatch = |message: String, token: &str| ErrorInfo {
            turn: after.clone(),
            line: record.line + self.last_line,
            token: token.to_owned(),
            message,
            suggestions: None,
        };
        let written = format!("{} {}", rec.result as char, rec.termination as char);
        match (board, rec.board_reason()) {
            (Some(o), Some(reason)) if rec.winner == Some(o.winner) && reason == o.reason => {}
            (Some(o), _) => {
                report.verdict = Verdict::ResultMismatch;
                report.error = Some(mismatch(
                    format!("the board ends the game ({o}) but the record says {}", describe(rec)),
                    &written,
                ));
            }
            (None, Some(_)) => {
                report.verdict = Verdict::ResultMismatch;
                report.error = Some(mismatch(
                    format!("the record says {} but the board does not decide the game", describe(rec)),
                    &written,
                ));
            }
            (None, None) => {
                report.result = match (rec.winner, rec.reason()) {
                    (Some(w), Some(reason)) => Some(GameResult::Arimaa { winner: color_char(w), reason }),
                    _ => None,
                };
            }
        }
        report
    }
}

/// Writes the positions of a game into a fingerprint's canonical form (`docs/archive.md`), from
/// what the boards hold, no text made: the first position whole (the side to move, `g` or `s`,
/// then the twelve bitboards of [`Board::piece_words`](tabula_engine::arimaa::Board::piece_words)
/// as little-endian 64-bit words); each later one as the side to move and the board's 64-bit
/// Zobrist key, the one the engine keeps as it plays
/// ([`Board::hash`](tabula_engine::arimaa::Board::hash), little-endian); then `E` and the last
/// position's twelve words, so that where the game ends is exact.
pub fn write_positions<'a>(moves: &mut Fingerprinter, positions: impl IntoIterator<Item = &'a Position>) {
    let whole = |moves: &mut Fingerprinter, tag: u8, position: &Position| {
        let mut field = [0u8; 97];
        field[0] = tag;
        for (i, word) in position.board().piece_words().iter().enumerate() {
            field[1 + 8 * i..9 + 8 * i].copy_from_slice(&word.to_le_bytes());
        }
        moves.bytes_head(&field, 97);
    };
    let mut positions = positions.into_iter();
    let Some(first) = positions.next() else { return };
    whole(moves, color_char(first.side_to_move()).as_bytes()[0], first);
    let mut last = first;
    for position in positions {
        let mut field = [0u8; 9];
        field[0] = color_char(position.side_to_move()).as_bytes()[0];
        field[1..].copy_from_slice(&position.board().hash().to_le_bytes());
        moves.bytes_head(&field, 9);
        last = position;
    }
    whole(moves, b'E', last);
}

/// Replays a record and judges it; see [`verify_with`].
pub fn verify(record: &Record<'_>) -> GameReport {
    verify_with(record, |_| {})
}

/// Replays a record under the current rules, calling `on_move` after every move, and judges it:
/// `ok` with the result decided on the board or, when the board does not decide it, recorded in
/// the record; `illegal` at the first move that breaks a rule or is written wrongly; or
/// `result-mismatch` when the record's result disagrees with the board.
pub fn verify_with(record: &Record<'_>, mut on_move: impl FnMut(Replayed<'_>)) -> GameReport {
    if let Notation::Short(opts) = record.notation {
        return verify_short(record, opts, on_move).0;
    }
    // A move takes about 25 bytes of a move list, and a record at most `MAX_RECORD_BYTES`.
    let mut replay = Replay::new(new_game(record.movelist.len() / 20));
    let failure = replay_moves(record, &mut replay, &mut on_move).err();
    let report = replay.report(record, failure);
    keep_game(replay.game);
    report
}

thread_local! {
    /// The tables of the last game this thread replayed, for the next one.
    static SPARE_GAME: Cell<Option<Game>> = const { Cell::new(None) };
}

/// Games longer than this (in moves) give their memory back rather than keep it for the next.
const KEEP_MOVES: usize = 4096;

/// A new game with room for about `moves` moves, in the tables of the last game this thread
/// replayed when there is one: a thread checking many games allocates for none of them.
fn new_game(moves: usize) -> Game {
    match SPARE_GAME.take() {
        Some(mut game) => {
            game.restart(moves);
            game
        }
        None => Game::with_capacity(moves),
    }
}

fn keep_game(game: Game) {
    if game.capacity() <= KEEP_MOVES {
        SPARE_GAME.set(Some(game));
    }
}

fn describe(rec: RecordedEnd) -> String {
    let who = rec.winner.map_or("nobody", Color::name);
    match rec.reason() {
        Some(r) => format!("{who} wins by {r}"),
        None => format!("{who} wins (termination `{}`)", rec.termination as char),
    }
}

fn replay_moves(
    record: &Record<'_>,
    replay: &mut Replay,
    on_move: &mut impl FnMut(Replayed<'_>),
) -> Result<(), Failure> {
    let mut moves = Moves::new(record.movelist);
    while let Some(mv) = moves.next() {
        let mv: MoveLine<'_> =
            mv.map_err(|e| Failure::new("", e.line_offset, e.text.clone(), "text before the first move label".into()))?;
        let (label_text, line_offset) = (mv.label_text, mv.line_offset);
        let fail = |token: String, message: String| {
            Failure::new(String::from_utf8_lossy(label_text), line_offset, token, message)
        };
        replay.check_label(mv.label, fail).map_err(|f| Failure { token: mv.label_str(), ..f })?;
        let parsed = match mv.body {
            MoveBody::Takeback => {
                replay.game.take_back().map_err(|e| fail("takeback".into(), e.to_string()))?;
                replay.last_label = replay.game.plies().checked_sub(1).map(|p| MoveLabel::from_ply(p, mv.label.style));
                replay.expected = MoveLabel::from_ply(replay.game.plies(), replay.expected.style);
                on_move(Replayed::TakeBack { label: mv.label, after: replay.game.position() });
                continue;
            }
            MoveBody::Empty => {
                if moves.is_done() {
                    // Archive move lists end with the label of the move never played.
                    return Ok(());
                }
                return Err(fail(mv.label_str(), "empty move inside the game: Arimaa has no pass".into()));
            }
            MoveBody::Syntax(e) => return Err(fail(e.token.clone(), e.to_string())),
            MoveBody::Tokens(parsed) => parsed,
        };
        replay.check_not_over(|| text(mv.text), fail)?;
        let token_at = |i: Option<usize>| match i.and_then(|i| parsed.tokens().get(i)) {
            Some(t) => t.to_string(),
            None => text(mv.text),
        };
        let before = replay.game.position();
        let action = if before.phase() == Phase::Setup {
            Action::Place(
                parsed.resolve_placement(before.side_to_move()).map_err(|e| fail(token_at(e.index), e.to_string()))?,
            )
        } else {
            Action::Turn(parsed.resolve_turn(before).map_err(|e| fail(token_at(e.index), e.to_string()))?)
        };
        replay.play(mv.label, line_offset, &action, mv.text, fail, on_move)?;
    }
    Ok(())
}

/// A game written in short notation, judged like one in long notation: each move is resolved
/// on the position it is played on (with `opts`) and its steps played directly. A game may
/// start with set-ups or with a pair of position records (`0s ..., 0g ...`). The first move
/// that is not short notation makes the game `unreadable`, one with no legal reading or several
/// `illegal` (the readings in the message), with its label, line and text; the moves before it
/// count.
/// Replays a game of short notation as [`verify_with`] does, and says where and why it stopped
/// as short notation's callers want it (the kind of stop and every reading of an ambiguous
/// move): the one verification behind `tabula check`, `tabula replay` and `tabula convert`.
pub fn verify_short(
    record: &Record<'_>,
    opts: ResolveOptions,
    mut on_move: impl FnMut(Replayed<'_>),
) -> (GameReport, Option<ShortStop>) {
    let Ok(text) = std::str::from_utf8(record.movelist) else {
        let error = ErrorInfo {
            turn: String::new(),
            line: record.line,
            token: String::new(),
            message: "short notation must be UTF-8 text".into(),
            suggestions: None,
        };
        let stop =
            ShortStop::new(None, String::new(), StopKind::Syntax, error.message.clone()).at(record.line as usize);
        return (GameReport::unreadable(record.source.clone(), record.game.clone(), KIND, error), Some(stop));
    };
    // A move of short notation takes at least three bytes and a line break.
    let mut walk = ShortWalk {
        text,
        replay: Replay::new(Game::with_capacity(text.len() / 8)),
        opts,
        lines: LineCounter::default(),
        held: None,
        started: false,
        label_from_next: false,
    };
    let mut failure = None;
    // The moves are replayed as they are read, one held back to know whether it is the last;
    // none is kept after it is played, so memory does not grow with the record.
    let syntax = ShortRecord::for_each_move(text, |m| match walk.take(m, &mut on_move) {
        Ok(()) => ControlFlow::Continue(()),
        Err(f) => {
            failure = Some(f);
            ControlFlow::Break(())
        }
    });
    let failure = failure.or_else(|| walk.finish(&mut on_move).err()).or_else(|| {
        syntax.map(|e| Failure {
            unreadable: true,
            kind: StopKind::Syntax,
            ..Failure::new(e.label.to_string(), e.line.saturating_sub(1) as u64, e.found.clone(), e.to_string())
        })
    });
    let stop = failure.as_ref().map(|f| f.stop(record));
    (walk.replay.report(record, failure), stop)
}

/// A game of short notation replayed as its moves are read.
struct ShortWalk<'t> {
    text: &'t str,
    replay: Replay,
    opts: ResolveOptions,
    lines: LineCounter,
    /// The last move read, not yet played: whether it is the record's last decides how an
    /// empty move is taken, and the first two may be a position's records.
    held: Option<ShortMove>,
    /// Whether the record's start (set-ups, or a position of two records) is behind.
    started: bool,
    /// Whether the next move read gives the label the moves go on from (after a position).
    label_from_next: bool,
}

impl ShortWalk<'_> {
    /// Takes the next move read: plays the one held before it, which is not the last.
    fn take(&mut self, m: ShortMove, on_move: &mut impl FnMut(Replayed<'_>)) -> Result<(), Failure> {
        if self.label_from_next {
            self.label_from_next = false;
            let side = self.replay.game.position().side_to_move();
            // The moves number on from the label the text gives the first of them.
            self.replay.expected =
                if m.label.color == side && m.label.number > 0 { m.label } else { MoveLabel::new(2, side) };
        }
        let Some(before) = self.held.replace(m) else { return Ok(()) };
        if !std::mem::replace(&mut self.started, true) && before.label.number == 0 {
            let Some(second) = self.held.take() else { return Ok(()) };
            let line_offset = self.lines.line_of(self.text, &before);
            let pos = position_from_records(&before, &second)
                .map_err(|e| Failure::new(before.label.to_string(), line_offset, before.to_string(), e.to_string()))?;
            self.replay.game = Game::from_position(pos);
            self.replay.expected = MoveLabel::new(2, pos.side_to_move());
            self.label_from_next = true;
            on_move(Replayed::Start { position: &pos });
            return Ok(());
        }
        self.play(&before, false, on_move)
    }

    /// Plays the move still held, the record's last.
    fn finish(&mut self, on_move: &mut impl FnMut(Replayed<'_>)) -> Result<(), Failure> {
        match self.held.take() {
            Some(last) => self.play(&last, true, on_move),
            None => Ok(()),
        }
    }

    fn play(&mut self, m: &ShortMove, last: bool, on_move: &mut impl FnMut(Replayed<'_>)) -> Result<(), Failure> {
        let (text, replay, opts) = (self.text, &mut self.replay, self.opts);
        let line_offset = self.lines.line_of(text, m);
        // The move as written, without its label: a turn's units as they stand in the record (no
        // copy), a set-up's pieces; errors spell the whole move only when they need it.
        let written = || m.to_string();
        let fail = |token: String, message: String| Failure::new(m.label.to_string(), line_offset, token, message);
        if m.label.number == 0 {
            return Err(fail(written(), "a position record (0g/0s) only starts a record, in pairs".into()));
        }
        replay.check_label(m.label, fail)?;
        let (action, as_written) = match &m.body {
            ShortBody::Empty if last => return Ok(()),
            ShortBody::Empty => return Err(fail(written(), "empty move inside the game: Arimaa has no pass".into())),
            ShortBody::Placement(placement_text) => {
                let pos = replay.game.position();
                if pos.phase() != Phase::Setup {
                    return Err(fail(written(), format!("not the set-up of {} here", m.label.color.name())));
                }
                let placement = m.to_placement().map_err(|e| fail(written(), e.to_string()))?;
                (Action::Place(placement), std::borrow::Cow::Owned(placement_text.to_string()))
            }
            ShortBody::Turn(units) => {
                replay.check_not_over(written, fail)?;
                let resolved = m.resolve_with(replay.game.position(), opts).map_err(|e| {
                    let stop = from_resolve_error(m.label, m, e);
                    Failure { kind: stop.kind, candidates: stop.candidates, ..fail(stop.unit, stop.reason) }
                })?;
                let span = units.first().map_or(0, |u| u.span.start)..units.last().map_or(0, |u| u.span.end);
                (Action::Turn(resolved), std::borrow::Cow::Borrowed(text.get(span).unwrap_or_default()))
            }
        };
        replay.play(m.label, line_offset, &action, as_written.as_bytes(), fail, on_move)
    }
}

/// Lines of a text counted as the moves of its record are met in order, each byte once.
#[derive(Default)]
struct LineCounter {
    counted_to: usize,
    line: u64,
}

impl LineCounter {
    /// The 0-based line of `text` on which the move `m` (parsed from `text`, after the moves
    /// asked about before) starts.
    fn line_of(&mut self, text: &str, m: &ShortMove) -> u64 {
        let to = m.span.start.clamp(self.counted_to, text.len());
        self.line += memchr::memchr_iter(b'\n', &text.as_bytes()[self.counted_to..to]).count() as u64;
        self.counted_to = to;
        self.line
    }
}
