//! Arimaa short notation for tools and whole records: one move resolved against a position
//! (`tabula resolve --jsonl`), a whole game in short notation replayed move by move from the
//! start, and records converted between long and short notation (`tabula convert`).

use tabula_engine::arimaa::{Color, Phase, PieceKind, Placement, Position, Square};
use tabula_notation::arimaa::short::{
    position_from_records, setup_move, turn_move, ParseContext, ResolveOptions, ShortBody, ShortMove, ShortRecord,
    ShortResolveError, ShortSyntaxError,
};
use tabula_notation::arimaa::{parse_position, write_placement, LongMove, MoveLabel, View};

use super::verify::{verify, verify_with, Notation, Record, Replayed};
use crate::report::{GameReport, Verdict};

/// What kind of failure stopped a move, as `tabula resolve` names it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum StopKind {
    /// Not short notation (or not a request the command can answer).
    Syntax,
    /// No legal reading on the board.
    Illegal,
    /// Several legal readings.
    Ambiguous,
}

impl StopKind {
    /// `syntax`, `illegal` or `ambiguous`.
    pub fn as_str(self) -> &'static str {
        match self {
            StopKind::Syntax => "syntax",
            StopKind::Illegal => "illegal",
            StopKind::Ambiguous => "ambiguous",
        }
    }
}

/// Why a move of short notation does not give exactly one move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShortStop {
    /// The move's label, as written or inferred.
    pub label: Option<MoveLabel>,
    /// The unit of text that cannot be read (the whole move when no single unit is to blame).
    pub unit: String,
    /// Syntax, illegal or ambiguous.
    pub kind: StopKind,
    /// Why.
    pub reason: String,
    /// Every legal reading in long notation, when several.
    pub candidates: Vec<String>,
    /// The 1-based line of the text where the move (or the offending characters) is; 0 when no
    /// line of the text is to blame.
    pub line: usize,
}

impl ShortStop {
    fn new(label: Option<MoveLabel>, unit: String, kind: StopKind, reason: impl Into<String>) -> ShortStop {
        ShortStop { label, unit, kind, reason: reason.into(), candidates: Vec::new(), line: 0 }
    }

    fn syntax(e: &ShortSyntaxError) -> ShortStop {
        ShortStop { line: e.line, ..ShortStop::new(Some(e.label), e.found.clone(), StopKind::Syntax, e.to_string()) }
    }

    fn at(self, line: usize) -> ShortStop {
        ShortStop { line, ..self }
    }
}

/// The 1-based line of `text` on which the move `m` (parsed from `text`) starts.
fn line_of(text: &str, m: &ShortMove) -> usize {
    text.get(..m.span.start).map_or(0, |before| before.matches('\n').count() + 1)
}

/// The long-notation tokens of one position record (`0g`/`0s`): the side's pieces on their squares.
fn record_tokens(m: &ShortMove) -> String {
    let mut pieces: Vec<(Square, PieceKind)> = match m.placement() {
        Some(p) => p.squares(m.view, m.label.color).map(|(sq, l)| (sq, l.kind)).collect(),
        None => Vec::new(),
    };
    pieces.sort_by_key(|(sq, _)| sq.index());
    write_placement(m.label.color, &pieces.into_iter().collect())
}

fn from_resolve_error(label: MoveLabel, m: &ShortMove, e: ShortResolveError) -> ShortStop {
    let whole = m.units().map(|u| u.iter().map(ToString::to_string).collect::<String>()).unwrap_or_default();
    match e {
        ShortResolveError::NotATurn => ShortStop::new(Some(label), whole, StopKind::Syntax, "not a turn of steps"),
        ShortResolveError::NoReading { unit, ref reason, .. } => {
            ShortStop::new(Some(label), unit.clone(), StopKind::Illegal, format!("{reason} for \"{unit}\""))
        }
        ShortResolveError::Ambiguous { candidates } => ShortStop {
            label: Some(label),
            reason: format!("\"{whole}\" has {} legal readings", candidates.len()),
            unit: whole,
            kind: StopKind::Ambiguous,
            candidates,
            line: 0,
        },
        e => ShortStop::new(Some(label), whole, StopKind::Illegal, e.to_string()),
    }
}

/// Resolves one request of `tabula resolve --jsonl` for Arimaa: `move` in short notation (a
/// turn, optionally labelled, in `view`) on the position `position` (`g [<64 chars>]`), to long
/// notation with capture tokens; a set-up (`1g ...`) or position records (`0s ..., 0g ...`) to
/// their placement tokens (`Ra1 Cb1 ...`; the position is not consulted for them).
///
/// # Errors
/// A [`ShortStop`]: syntax (of the move, or of the position a turn needs), illegal, ambiguous.
pub fn resolve_request(position: &str, view: View, text: &str, opts: ResolveOptions) -> Result<String, ShortStop> {
    let pos = parse_position(position);
    let side = pos.as_ref().map_or(Color::Gold, Position::side_to_move);
    let mut ctx = ParseContext::at(view, MoveLabel::new(2, side));
    let moves = ShortRecord::parse_in(text, &mut ctx).map_err(|e| ShortStop::syntax(&e))?.moves;
    let Some(first) = moves.first() else {
        return Err(ShortStop::new(None, String::new(), StopKind::Syntax, "no move in the text"));
    };
    if moves.iter().all(|m| m.label.number <= 1 && m.units().is_none()) {
        return records_tokens(text, &moves);
    }
    if moves.len() > 1 {
        return Err(ShortStop::new(
            Some(moves[1].label),
            text.trim().to_owned(),
            StopKind::Syntax,
            format!("{} moves where one turn is expected", moves.len()),
        )
        .at(line_of(text, &moves[1])));
    }
    let pos = pos.map_err(|e| ShortStop::new(None, position.to_owned(), StopKind::Syntax, format!("position: {e}")))?;
    let finished = first
        .resolve_with(&pos, opts)
        .map_err(|e| from_resolve_error(first.label, first, e).at(line_of(text, first)))?;
    LongMove::from_turn(&pos, finished.turn()).map(|l| l.to_string()).map_err(|e| {
        ShortStop::new(Some(first.label), String::new(), StopKind::Illegal, e.to_string()).at(line_of(text, first))
    })
}

/// The placement tokens of set-up and position records.
fn records_tokens(text: &str, moves: &[ShortMove]) -> Result<String, ShortStop> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(m) = moves.get(i) {
        let fail = |e: String| ShortStop::new(Some(m.label), m.to_string(), StopKind::Illegal, e).at(line_of(text, m));
        if m.label.number == 1 {
            let placement = m.to_placement().map_err(|e| fail(e.to_string()))?;
            out.push(write_placement(m.label.color, &placement));
        } else {
            if let Some(next) = moves.get(i + 1) {
                position_from_records(m, next).map_err(|e| fail(e.to_string()))?;
                out.push(record_tokens(m));
                i += 1;
                out.push(record_tokens(next));
            } else {
                out.push(record_tokens(m));
            }
        }
        i += 1;
    }
    Ok(out.into_iter().filter(|t| !t.is_empty()).collect::<Vec<_>>().join(" "))
}

/// One move of a short-notation record that was read: its label, its text (canonical
/// spelling) and its long notation (placement tokens for a set-up or position record).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShortStep {
    /// The label, written or inferred.
    pub label: MoveLabel,
    /// The move's short text.
    pub text: String,
    /// The long notation.
    pub long: String,
}

/// A short-notation record replayed: the moves read, and where and why it stopped, if it did.
#[derive(Clone, Debug)]
pub struct ShortReplay {
    /// Every move read, in order.
    pub moves: Vec<ShortStep>,
    /// The first move that cannot be read: label, unit, why, candidates.
    pub stop: Option<ShortStop>,
    /// The position after the last move read.
    pub position: Position,
}

fn units_text(m: &ShortMove) -> String {
    match &m.body {
        ShortBody::Turn(u) => u.iter().map(ToString::to_string).collect(),
        ShortBody::Placement(p) => p.to_string(),
        ShortBody::Empty => String::new(),
    }
}

/// Replays a whole game written in short notation from the start (set-ups `1g`/`1s`, or a
/// position `0s ..., 0g ...`), move by move on the board, each turn resolved with `opts`. Stops
/// at the first move that is not short notation, has no legal reading or several.
pub fn replay_short(text: &str, opts: ResolveOptions) -> ShortReplay {
    // The moves before a syntax error still replay.
    let (record, syntax) = ShortRecord::parse_partial(text);
    let (moves, syntax) = (record.moves, syntax.map(|e| ShortStop::syntax(&e)));
    let mut out = ShortReplay { moves: Vec::new(), stop: None, position: Position::new() };
    let mut i = 0;
    while let Some(m) = moves.get(i) {
        let step = |long: String| ShortStep { label: m.label, text: units_text(m), long };
        let line = line_of(text, m);
        let stop = |kind, reason: String| Some(ShortStop::new(Some(m.label), units_text(m), kind, reason).at(line));
        let pos = out.position;
        if m.label.number == 0 {
            let (Some(next), true) = (moves.get(i + 1), i == 0) else {
                out.stop = stop(StopKind::Illegal, "a position record (0g/0s) only starts a record, in pairs".into());
                break;
            };
            match position_from_records(m, next) {
                Ok(p) => {
                    out.moves.push(step(record_tokens(m)));
                    out.moves.push(ShortStep { label: next.label, text: units_text(next), long: record_tokens(next) });
                    out.position = p;
                    i += 2;
                    continue;
                }
                Err(e) => {
                    out.stop = stop(StopKind::Illegal, e.to_string());
                    break;
                }
            }
        }
        if m.placement().is_some() {
            if pos.phase() != Phase::Setup || pos.side_to_move() != m.label.color {
                out.stop = stop(StopKind::Illegal, format!("not the set-up of {} here", m.label.color.name()));
                break;
            }
            match m.to_placement().map_err(|e| e.to_string()).and_then(|pl| {
                let next = pos.place(&pl).map_err(|e| e.to_string())?;
                Ok((pl, next))
            }) {
                Ok((pl, next)) => {
                    out.moves.push(step(write_placement(m.label.color, &pl)));
                    out.position = next;
                }
                Err(e) => {
                    out.stop = stop(StopKind::Illegal, e);
                    break;
                }
            }
        } else {
            if let Some(o) = pos.outcome() {
                out.stop = stop(StopKind::Illegal, format!("move after the end of the game: {o}"));
                break;
            }
            match m.resolve_with(&pos, opts) {
                Ok(f) => match LongMove::from_turn(&pos, f.turn()) {
                    Ok(long) => {
                        out.moves.push(step(long.to_string()));
                        out.position = *f.position();
                    }
                    Err(e) => {
                        out.stop = stop(StopKind::Illegal, e.to_string());
                        break;
                    }
                },
                Err(e) => {
                    out.stop = Some(from_resolve_error(m.label, m, e).at(line));
                    break;
                }
            }
        }
        i += 1;
    }
    if out.stop.is_none() {
        out.stop = syntax;
    }
    out
}

/// A short-notation record as a long-notation move list, one move a line (`1g Ra1 ...`,
/// `2g Ee2n ...`; position records keep their labels `0s`/`0g`), and where it stopped.
pub fn short_to_long(text: &str, opts: ResolveOptions) -> (String, Option<ShortStop>) {
    let r = replay_short(text, opts);
    let list = r.moves.iter().map(|m| format!("{} {}\n", m.label, m.long)).collect();
    (list, r.stop)
}

/// Checks one game written in short notation (`data`, a whole file), strictly: see
/// [`Notation::Short`].
pub fn check_short(source: &std::sync::Arc<str>, game: &str, data: &[u8]) -> GameReport {
    let notation = Notation::Short(ResolveOptions::default());
    verify(&Record { source: source.clone(), game: game.to_owned(), movelist: data, line: 1, recorded: None, notation })
}

/// A record in long notation (an archive row or a move list) as short notation in `view`: the
/// view on the first line's start, then one move a line with its label, each turn in its
/// shortest form. Takebacks are applied (the move taken back is left out). On a move that does
/// not replay, the moves before it and the error message (`move: why`).
pub fn long_to_short(record: &Record<'_>, view: View) -> (String, Option<String>) {
    let mut moves: Vec<Result<ShortMove, String>> = Vec::new();
    let report = verify_with(record, |ev| match ev {
        Replayed::Move { label, before, after, turn, .. } => {
            let label = MoveLabel::new(label.number, label.color);
            let m = match turn {
                Some(t) => turn_move(before, &t, view, label).map_err(|e| format!("{label}: {e}")),
                None => {
                    let placement: Placement = after
                        .board()
                        .iter()
                        .filter(|(_, p)| p.color == label.color)
                        .map(|(sq, p)| (sq, p.kind))
                        .collect();
                    setup_move(view, label.color, &placement).map_err(|e| format!("{label}: {e}"))
                }
            };
            moves.push(m);
        }
        Replayed::TakeBack { .. } => {
            moves.pop();
        }
    });
    let mut text = String::new();
    let mut error = None;
    for (i, m) in moves.into_iter().enumerate() {
        match m {
            Ok(mut m) => {
                m.view_written = i == 0;
                text.push_str(&m.to_string());
                text.push('\n');
            }
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    if error.is_none() && report.verdict == Verdict::Illegal {
        error = report.error.map(|e| format!("{} `{}`: {}", e.turn, e.token, e.message));
    }
    (text, error)
}
