//! Repair hints for Arimaa (`tabula check --suggest`, `tabula resolve`): turns near the one
//! written that are legal where a record breaks, nearest first, each replayed in the record in
//! its place.
//!
//! The turns are found from the text rather than among every legal turn (tens of thousands):
//! the written steps with one slip undone — a step's piece letter, direction, file or rank off
//! by one, a step left out (every step of the position tried in each place), a step in excess,
//! two neighbouring steps in the other order, a token that does not read (a letter missing or in
//! excess) — each resolved on the position with its captures as the rules make them. They are
//! ranked by `crate::nearness` on their steps, and a capture token missing, extra or wrong costs
//! `CAPTURE` more.

use tabula_engine::arimaa::{Direction, Phase, Piece, Position, Square, Step, TurnBuilder};
use tabula_notation::arimaa::short::{ResolveOptions, View};
use tabula_notation::arimaa::{write_turn, LongToken, MoveLabel};

use super::movelist::{MoveBody, Moves};
use super::suggest_short;
use super::verify::{verify, verify_with, Notation, Record, Replayed};
use crate::nearness::{self, Cost};
use crate::report::{GameReport, Suggestion, Verdict};

/// Step tokens a written turn is searched with at most.
const MAX_WRITTEN: usize = 8;

/// A capture token missing, in excess or wrong.
const CAPTURE: Cost = 2;

/// The piece letters.
const PIECES: &[u8] = b"EMHDCRemhdcr";
/// The direction letters.
const DIRECTIONS: &[u8] = b"nesw";

/// A step to try: the piece letter (`None`: whatever stands there) and the step.
type Tried = (Option<Piece>, Step);

fn is_capture(token: &str) -> bool {
    token.len() == 4 && token.ends_with('x')
}

/// The written tokens that are not capture tokens, each read as a step when it reads.
fn step_of(token: &str) -> Option<Tried> {
    match LongToken::from_ascii(token.as_bytes()) {
        Ok(LongToken::Step { piece, from, dir }) => Some((Some(piece), Step::new(from, dir))),
        _ => None,
    }
}

/// Every spelling of `token` one slip away: a letter of its alphabet in each place (the file or
/// rank off by one), a letter left out or in excess.
fn respellings(token: &str) -> Vec<String> {
    let b = token.as_bytes();
    let mut out = Vec::new();
    let mut with = |i: usize, c: u8| {
        if let Some(&old) = b.get(i) {
            if old != c {
                let mut t = b.to_vec();
                t[i] = c;
                out.push(String::from_utf8_lossy(&t).into_owned());
            }
        }
    };
    for &c in PIECES {
        with(0, c);
    }
    for i in [1usize, 2] {
        if let Some(&c) = b.get(i) {
            with(i, c.wrapping_add(1));
            with(i, c.wrapping_sub(1));
        }
    }
    for &c in DIRECTIONS {
        with(3, c);
    }
    if b.len() == 3 {
        out.extend(DIRECTIONS.iter().map(|&d| format!("{token}{}", d as char)));
    }
    if b.len() == 5 && token.is_ascii() {
        out.extend((0..5).map(|i| format!("{}{}", &token[..i], &token[i + 1..])));
    }
    out
}

/// The steps resolved on the builder, whole turn included; `None` when a step or the turn is
/// not legal.
fn finish(mut builder: TurnBuilder, steps: &[Tried]) -> Option<tabula_engine::arimaa::FinishedTurn> {
    for &(piece, step) in steps {
        match piece {
            Some(p) => builder.step_as(p, step).ok()?,
            None => builder.step(step).ok()?,
        };
    }
    builder.finish().ok()
}

/// Turns legal on `pos` near to the long-notation text `written`, with how near each is,
/// nearest first (empty when `pos` is not in its turns, or nothing near is legal).
pub fn nearest(pos: &Position, written: &str) -> Vec<(Cost, String)> {
    let Ok(builder) = pos.turn_builder() else { return Vec::new() };
    let words: Vec<&str> = written.split_ascii_whitespace().collect();
    let written_captures: Vec<&str> = words.iter().copied().filter(|t| is_capture(t)).collect();
    let steps_written: Vec<&str> = words.iter().copied().filter(|t| !is_capture(t)).collect();
    // A turn has at most four steps: a text of many more is no slip of one, and is not searched.
    if steps_written.len() > MAX_WRITTEN {
        return Vec::new();
    }
    // Each token's readings: itself (when it reads) and its respellings.
    let read: Vec<Option<Tried>> = steps_written.iter().map(|t| step_of(t)).collect();
    let mut variants: Vec<Vec<Tried>> = Vec::new();
    if read.iter().all(Option::is_some) {
        let steps: Vec<Tried> = read.iter().flatten().copied().collect();
        variants.push(steps.clone());
        for i in 0..steps.len() {
            let mut v = steps.clone();
            v.remove(i);
            variants.push(v);
            if i + 1 < steps.len() {
                let mut v = steps.clone();
                v.swap(i, i + 1);
                variants.push(v);
            }
        }
    }
    for (i, token) in steps_written.iter().enumerate() {
        let others: Option<Vec<Tried>> = read.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, r)| *r).collect();
        let Some(others) = others else { continue };
        for spelling in respellings(token) {
            if let Some(step) = step_of(&spelling) {
                let mut v = others.clone();
                v.insert(i, step);
                variants.push(v);
            }
        }
    }
    let mut turns = Vec::new();
    for v in &variants {
        if let Some(t) = finish(builder.clone(), v) {
            turns.push(t);
        }
    }
    // A step left out: every step of a piece, tried in each place.
    if read.iter().all(Option::is_some) && read.len() < 4 {
        let steps: Vec<Tried> = read.iter().flatten().copied().collect();
        let mut at = builder.clone();
        for k in 0..=steps.len() {
            for sq in Square::ALL {
                if at.board().piece_at(sq).is_none() {
                    continue;
                }
                for dir in Direction::ALL {
                    let mut b = at.clone();
                    if b.step(Step::new(sq, dir)).is_ok() {
                        if let Some(t) = finish(b, &steps[k..]) {
                            turns.push(t);
                        }
                    }
                }
            }
            let Some(&(piece, step)) = steps.get(k) else { break };
            let ok = match piece {
                Some(p) => at.step_as(p, step).is_ok(),
                None => at.step(step).is_ok(),
            };
            if !ok {
                break;
            }
        }
    }
    let mut scored = Vec::with_capacity(turns.len());
    for t in &turns {
        let Ok(text) = write_turn(pos, t.turn()) else { continue };
        let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
        let steps: Vec<&str> = tokens.iter().copied().filter(|t| !is_capture(t)).collect();
        let captures: Vec<&str> = tokens.iter().copied().filter(|t| is_capture(t)).collect();
        let differ = captures.iter().filter(|c| !written_captures.contains(c)).count()
            + written_captures.iter().filter(|c| !captures.contains(c)).count();
        let cost = nearness::distance(&steps_written, &steps) + CAPTURE * differ as Cost;
        scored.push((cost, text));
    }
    nearness::rank(scored)
}

/// The moves of the turns legal on `pos` nearest to the `text` a door refuses, read both as
/// long notation and as short notation in `view` (`super::suggest_short`), ranked together, as
/// long notation; a move label it starts with is left out (none when the label is the other
/// side's): what the board (`push_long`, `push_short`) and `tabula resolve` suggest alike.
pub fn near_text(pos: &Position, text: &str, view: View) -> Vec<String> {
    let side = pos.side_to_move();
    let t = text.trim_start();
    let body = match MoveLabel::from_ascii_prefix(t.as_bytes()) {
        Some((label, len)) if t[len..].is_empty() || t[len..].starts_with(|c: char| c.is_ascii_whitespace()) => {
            if label.color != side {
                return Vec::new();
            }
            &t[len..]
        }
        _ => t,
    };
    let mut found = nearest(pos, body);
    if let Some((units, view)) = suggest_short::written_units(text, view, side) {
        found.extend(suggest_short::nearest(pos, &units, view, ResolveOptions::default()));
    }
    nearness::moves_alone(&nearness::rank(found))
}

/// The replay's observer that keeps the position the last move left (the set-ups' included):
/// when the record is illegal, the position its broken move is played on.
pub(crate) fn keep_last(last: &mut Option<Position>) -> impl FnMut(Replayed<'_>) + '_ {
    |r| match r {
        Replayed::Move { after, .. } | Replayed::TakeBack { after, .. } => *last = Some(*after),
        Replayed::Start { position } => *last = Some(*position),
    }
}

/// The suggestions for an `illegal` report of `record`, `pos` the position its broken move is
/// played on (the replay that judged it keeps it): `None` when the record does
/// not break at a turn of steps (a set-up, a label). A short-notation record's are in its own
/// notation ([`suggest_short::suggestions`]).
pub fn suggestions(record: &Record<'_>, report: &GameReport, pos: Position) -> Option<Vec<Suggestion>> {
    let error = report.error.as_ref().filter(|_| report.verdict == Verdict::Illegal)?;
    if pos.phase() == Phase::Setup {
        return None;
    }
    if let Notation::Short(opts) = record.notation {
        return suggest_short::suggestions(record, error, opts, pos);
    }
    let line_offset = error.line.checked_sub(record.line)?;
    let mv = Moves::new(record.movelist).flatten().find(|m| {
        m.line_offset == line_offset
            && m.label_text == error.turn.as_bytes()
            && matches!(m.body, MoveBody::Tokens(_) | MoveBody::Syntax(_))
    })?;
    let body = mv.text.trim_ascii();
    let start = (body.as_ptr() as usize).checked_sub(record.movelist.as_ptr() as usize)?;
    let end = start + body.len();
    let ranked = nearest(&pos, &String::from_utf8_lossy(body));
    let mut movelist = Vec::with_capacity(record.movelist.len() + 64);
    Some(nearness::pick(&ranked, |turn| {
        movelist.clear();
        movelist.extend_from_slice(record.movelist.get(..start).unwrap_or_default());
        movelist.extend_from_slice(turn.as_bytes());
        movelist.extend_from_slice(record.movelist.get(end..).unwrap_or_default());
        let r = verify(&Record { movelist: &movelist, ..record.clone() });
        (r.verdict, r.turns)
    }))
}

/// [`verify`], with the suggestions in the error of an illegal record when `suggest`: the
/// replay that judges the record keeps the position its broken move is played on, so that the
/// search does not replay the record again to find it.
pub fn verify_suggesting(record: &Record<'_>, suggest: bool) -> GameReport {
    if !suggest {
        return verify(record);
    }
    let mut last = None;
    let mut report = verify_with(record, keep_last(&mut last));
    report.add_suggestions(|r| suggestions(record, r, last?));
    report
}
