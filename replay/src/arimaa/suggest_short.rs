//! Repair hints for Arimaa short notation: turns legal on a position near to a turn's text
//! written in a view (`evmvh8vh7v` with one arrow wrong), for `tabula check --suggest` on a
//! short-notation record and for the move doors (`tabula resolve`, the board).
//!
//! The texts one slip away from the one written are made and each is resolved on the position:
//! a direction replaced, left out or in excess; a piece letter replaced; a digit (column, row or
//! scan number) off by one, left out or in excess; a trap mark or a removal unit (`c*`) left
//! out or in excess; a whole unit (a letter and a direction) left out or in excess; two
//! neighbouring units in the other order. A text with several readings gives each of them, and
//! the text as written is read again letting captures go unwritten. A turn costs its
//! cheapest edit, on the scale of `crate::nearness` (tenths of a token); the turns are ranked
//! by `nearness::rank` on their long text, the same for every door.

use std::collections::HashMap;
use std::ops::{ControlFlow, Range};

use tabula_engine::arimaa::{Color, FinishedTurn, Phase, Position};
use tabula_notation::arimaa::short::{
    write_turn as write_short, ParseContext, ResolveOptions, ShortMove, ShortRecord, ShortResolveError, View,
    ViewDirection,
};
use tabula_notation::arimaa::{write_turn, LongMove, MoveLabel};

use super::verify::{verify, Record};
use crate::nearness::{self, Cost, INDEL, SWAP};
use crate::report::{ErrorInfo, Suggestion};

/// Characters of a written turn searched at most (units, without spaces): the longest turn
/// (four steps, each a unit with a column and a row, and its captures as removal units with
/// theirs) takes fewer; a longer text is no slip of one, and is not searched.
pub const MAX_WRITTEN_CHARS: usize = 40;

/// Texts resolved at most per search: the bound on the work whatever the text.
pub const MAX_TEXTS: usize = 1200;

/// A direction or a piece letter replaced, or a character left out or in excess.
const CHAR: Cost = 5;
/// A digit off by one.
const OFF_BY_ONE: Cost = 3;
/// A trap mark (`*`) or a removal unit (`c*`) left out or in excess, or a capture the text
/// leaves unwritten: as a capture token in long notation.
const CAPTURE: Cost = 2;
/// One of several readings of a text (an identification the text leaves out).
const READING: Cost = 0;
/// A slip wholly before the unit where the text stops reading (the slip is likelier where the
/// reading stops).
pub const EARLY: Cost = 1;

/// The piece letters, by kind: the mover's as the writer spells them.
const LETTERS: [char; 6] = ['e', 'm', 'h', 'd', 'c', 'r'];

fn is_letter(c: char) -> bool {
    LETTERS.contains(&c.to_ascii_lowercase())
}

fn is_dir(c: char) -> bool {
    ViewDirection::from_char(c).is_some()
}

fn is_mark(c: char) -> bool {
    matches!(c, '*' | 'x' | 'X')
}

/// The units of a text (whitespace left out) as the characters' ranges: a unit begins at a
/// piece letter that follows a direction or a mark of the unit before.
fn units(chars: &[char]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut stepped = false;
    for (i, &c) in chars.iter().enumerate() {
        if is_letter(c) && stepped {
            out.push(start..i);
            start = i;
            stepped = false;
        }
        stepped |= is_dir(c) || is_mark(c);
    }
    if start < chars.len() {
        out.push(start..chars.len());
    }
    out
}

/// The texts one slip away from `chars`, each with the cost of its slip (the cheapest when two
/// slips give one text), at most [`MAX_TEXTS`]; only the first `reach` units are changed (a
/// slip after them cannot make the text read), and a slip wholly before the character
/// `stops` (where the unit the text stops reading at begins) costs [`EARLY`] more.
fn respellings(chars: &[char], reach: usize, stops: usize) -> HashMap<String, Cost> {
    let mut out: HashMap<String, Cost> = HashMap::new();
    // `at`: the last character the slip changes, or where it inserts.
    let mut add = |t: Vec<char>, cost: Cost, at: usize| {
        if out.len() >= MAX_TEXTS {
            return;
        }
        let cost = if at < stops { cost + EARLY } else { cost };
        let s: String = t.into_iter().collect();
        let c = out.entry(s).or_insert(cost);
        *c = (*c).min(cost);
    };
    let with = |i: usize, c: char| {
        let mut t = chars.to_vec();
        t[i] = c;
        t
    };
    let without = |r: Range<usize>| {
        let mut t = chars.to_vec();
        t.drain(r);
        t
    };
    let inserted = |i: usize, s: &[char]| {
        let mut t = chars.to_vec();
        t.splice(i..i, s.iter().copied());
        t
    };
    let n = chars.len();
    let units = units(chars);
    let cut = match reach.checked_sub(1).and_then(|u| units.get(u)) {
        Some(r) if reach < units.len() => r.end,
        _ => n,
    };
    // One character replaced or left out.
    for (i, &c) in chars.iter().enumerate().take(cut) {
        if let Some(d) = ViewDirection::from_char(c) {
            for other in ViewDirection::ALL.into_iter().filter(|&o| o != d) {
                add(with(i, other.char()), CHAR, i);
            }
            add(without(i..i + 1), CHAR, i);
        } else if is_letter(c) {
            for l in LETTERS.into_iter().filter(|l| *l != c.to_ascii_lowercase()) {
                add(with(i, if c.is_ascii_uppercase() { l.to_ascii_uppercase() } else { l }), CHAR, i);
            }
        } else if let Some(v) = c.to_digit(10) {
            for w in [v.wrapping_sub(1), v + 1].into_iter().filter(|w| (1..=8).contains(w)) {
                add(with(i, char::from_digit(w, 10).unwrap_or(c)), OFF_BY_ONE, i);
            }
            add(without(i..i + 1), CHAR, i);
        } else if is_mark(c) {
            add(without(i..i + 1), CAPTURE, i);
        }
    }
    // One character in excess: a direction after a direction or before a unit's first one, a
    // digit after a letter (a column) or after a column (a row).
    for i in 1..=cut {
        let before = chars[i - 1];
        let next = chars.get(i).copied();
        let ident_ends = (is_letter(before) || before.is_ascii_digit()) && next.is_none_or(|c| !c.is_ascii_digit());
        if is_dir(before) || ident_ends {
            for d in ViewDirection::ALL {
                add(inserted(i, &[d.char()]), CHAR, i);
            }
        }
        let digits_before = chars[..i].iter().rev().take_while(|c| c.is_ascii_digit()).count();
        let lead = i.checked_sub(digits_before + 1).and_then(|j| chars.get(j));
        let after_letter = lead.is_some_and(|&c| is_letter(c) || c == '#');
        if digits_before < 2 && after_letter && next.is_none_or(|c| !c.is_ascii_digit()) {
            for v in 1..=8u32 {
                add(inserted(i, &[char::from_digit(v, 10).unwrap_or('1')]), CHAR, i);
            }
        }
    }
    for (u, r) in units.iter().enumerate().take(reach) {
        let unit = &chars[r.clone()];
        let marked = unit.iter().any(|&c| is_mark(c));
        let removal = marked && !unit.iter().any(|&c| is_dir(c));
        // A mark left out, a removal unit left out after it, the unit in excess.
        if !marked {
            add(inserted(r.end, &['*']), CAPTURE, r.end);
        }
        for l in LETTERS {
            add(inserted(r.end, &[l, '*']), CAPTURE, r.end);
        }
        add(without(r.clone()), if removal { CAPTURE } else { INDEL }, r.end - 1);
        // Two neighbouring units in the other order.
        if let Some(next) = units.get(u + 1) {
            let mut t = chars[..r.start].to_vec();
            t.extend_from_slice(&chars[next.clone()]);
            t.extend_from_slice(unit);
            t.extend_from_slice(&chars[next.end..]);
            add(t, SWAP, next.end - 1);
        }
    }
    // A whole unit left out: a letter and a direction before each unit and at the end.
    for at in units.iter().map(|r| r.start).chain([n]).take(reach.saturating_add(1)) {
        for l in LETTERS {
            for d in ViewDirection::ALL {
                add(inserted(at, &[l, d.char()]), INDEL, at);
            }
        }
    }
    out
}

/// The turns a text gives on `pos`, long notation: its one reading, or each of several; read
/// with `opts`, and when `lenient` again letting captures go unwritten (those cost [`CAPTURE`]
/// more). When no reading is legal: the unit the readings got furthest to, and how many units
/// the text has.
fn readings(
    pos: &Position,
    view: View,
    text: &str,
    (opts, lenient): (ResolveOptions, bool),
    cost: Cost,
    out: &mut Vec<(Cost, String)>,
) -> Option<(usize, usize)> {
    let mut ctx = ParseContext::at(view, MoveLabel::new(2, pos.side_to_move()));
    let m = ShortMove::parse_in(text, &mut ctx).ok()?;
    let count = m.units().filter(|u| !u.is_empty())?.len();
    let mut read = |opts: ResolveOptions, cost: Cost| match m.resolve_with(pos, opts) {
        Ok(f) => {
            if let Ok(long) = write_turn(pos, f.turn()) {
                out.push((cost, long));
            }
            None
        }
        Err(ShortResolveError::Ambiguous { candidates }) => {
            out.extend(candidates.into_iter().map(|c| (cost + READING, c)));
            None
        }
        Err(ShortResolveError::NoReading { index, .. }) => Some(index.map(|i| (i, count))),
        Err(_) => Some(None),
    };
    let failed = read(opts, cost)?;
    if lenient && !opts.unwritten_captures {
        read(ResolveOptions { unwritten_captures: true, ..opts }, cost + CAPTURE);
    }
    failed
}

/// Turns legal on `pos` near to the short-notation units `written` (no label: `evmvh8vh7v`) in
/// `view`, with how near each is, nearest first, as long notation (empty when `pos` is not in
/// its turns, the text is longer than [`MAX_WRITTEN_CHARS`], or nothing near is legal). The
/// text as written is also read letting captures go unwritten (its respellings are read with
/// `opts` alone: a mark or removal left out is a slip they try); when no reading of it gets
/// past a unit, the units after the next one are not changed, and a slip before that unit costs
/// [`EARLY`] more.
pub fn nearest(pos: &Position, written: &str, view: View, opts: ResolveOptions) -> Vec<(Cost, String)> {
    if pos.phase() == Phase::Setup || pos.turn_builder().is_err() {
        return Vec::new();
    }
    let chars: Vec<char> = written.chars().filter(|c| !c.is_whitespace()).take(MAX_WRITTEN_CHARS + 1).collect();
    if chars.is_empty() || chars.len() > MAX_WRITTEN_CHARS {
        return Vec::new();
    }
    let mut found = Vec::new();
    let text: String = chars.iter().collect();
    let units = units(&chars);
    let (reach, stops) = match readings(pos, view, &text, (opts, true), 0, &mut found) {
        Some((at, count)) if count == units.len() => (at + 2, units.get(at).map_or(0, |r| r.start)),
        _ => (usize::MAX, 0),
    };
    for (t, cost) in respellings(&chars, reach, stops) {
        readings(pos, view, &t, (opts, false), cost, &mut found);
    }
    nearness::rank(found)
}

/// The units of a move text a door refuses, and the view they are written in: the move's units
/// when the text reads as one move of short notation (its label, view and time left out), else
/// the text without the move label it starts with. `None` when the label is the other side's.
pub fn written_units(text: &str, view: View, side: Color) -> Option<(String, View)> {
    let mut ctx = ParseContext::at(view, MoveLabel::new(2, side));
    if let Ok(m) = ShortMove::parse_in(text, &mut ctx) {
        if let Some(units) = m.units().filter(|u| !u.is_empty()) {
            if m.side_written && m.label.color != side {
                return None;
            }
            let span = units.first().map_or(0, |u| u.span.start)..units.last().map_or(0, |u| u.span.end);
            return Some((text.get(span).unwrap_or_default().to_owned(), m.view));
        }
    }
    let t = text.trim_start();
    match MoveLabel::from_ascii_prefix(t.as_bytes()) {
        Some((label, len)) if t[len..].is_empty() || t[len..].starts_with(|c: char| c.is_ascii_whitespace()) => {
            (label.color == side).then(|| (t[len..].trim().to_owned(), view))
        }
        _ => Some((t.trim().to_owned(), view)),
    }
}

/// Moves of the record after the broken one that a candidate is looked ahead with.
pub const LOOKAHEAD: usize = 8;

/// Where a short-notation record breaks: the view of the move and the byte range of its units
/// in the record's text, found by the error's label and line, and up to [`LOOKAHEAD`] moves
/// after it.
fn broken_move(text: &str, record_line: u64, error: &ErrorInfo) -> Option<(View, Range<usize>, Vec<ShortMove>)> {
    let line_offset = error.line.checked_sub(record_line)?;
    let (mut line, mut counted) = (0u64, 0usize);
    let mut found: Option<(View, Range<usize>, Vec<ShortMove>)> = None;
    ShortRecord::for_each_move(text, |m| {
        if let Some(f) = found.as_mut() {
            f.2.push(m);
            return if f.2.len() < LOOKAHEAD { ControlFlow::Continue(()) } else { ControlFlow::Break(()) };
        }
        let to = m.span.start.clamp(counted, text.len());
        line += memchr::memchr_iter(b'\n', &text.as_bytes()[counted..to]).count() as u64;
        counted = to;
        if line > line_offset {
            return ControlFlow::Break(());
        }
        if let Some(u) = m.units().filter(|u| line == line_offset && !u.is_empty() && m.label.to_string() == error.turn)
        {
            let span = u.first().map_or(0, |u| u.span.start)..u.last().map_or(0, |u| u.span.end);
            found = Some((m.view, span, Vec::new()));
        }
        ControlFlow::Continue(())
    });
    found
}

/// Whether the record's next moves (`ahead`, turns resolved with `opts`) read one after the
/// other after the turn `f`.
fn reads_on(f: &FinishedTurn, ahead: &[ShortMove], opts: ResolveOptions) -> bool {
    let mut pos = *f.position();
    for m in ahead {
        if m.units().is_none_or(<[_]>::is_empty) {
            break;
        }
        match m.resolve_with(&pos, opts) {
            Ok(next) => pos = *next.position(),
            Err(_) => return false,
        }
    }
    true
}

/// The suggestions for an `illegal` report of a short-notation `record` (its turns resolved
/// with `opts`), each move the candidate's shortest text in the view of the move it replaces:
/// `None` when the record does not break at a turn of steps. Nearest first, the candidates
/// after which the record's next [`LOOKAHEAD`] moves read are replayed before the others: a
/// few resolutions each, where a replay is a whole game. `pos` is the position the broken move
/// is played on, as the replay that found the break left it.
pub fn suggestions(
    record: &Record<'_>,
    error: &ErrorInfo,
    opts: ResolveOptions,
    pos: Position,
) -> Option<Vec<Suggestion>> {
    let text = std::str::from_utf8(record.movelist).ok()?;
    let (view, span, ahead) = broken_move(text, record.line, error)?;
    let ranked = nearest(&pos, text.get(span.clone())?, view, opts);
    // Looked ahead nearest first, until enough read on.
    let (mut first, mut later) = (Vec::new(), Vec::new());
    for (cost, long) in &ranked {
        if first.len() == nearness::MAX_REPLAYS {
            break;
        }
        let Some(f) = LongMove::from_ascii(long.as_bytes()).ok().and_then(|m| m.resolve_turn(&pos).ok()) else {
            continue;
        };
        if reads_on(&f, &ahead, opts) {
            first.push((*cost, f));
        } else if later.len() < nearness::MAX_REPLAYS {
            later.push((*cost, f));
        }
    }
    // The nearest as the record would write them, each text once.
    let mut shorts: Vec<(Cost, String)> = Vec::new();
    for (cost, f) in first.iter().chain(&later) {
        if let Ok(t) = write_short(&pos, f.turn(), view) {
            if !shorts.iter().any(|(_, s)| *s == t) {
                shorts.push((*cost, t));
            }
        }
        if shorts.len() == nearness::MAX_REPLAYS {
            break;
        }
    }
    let bytes = record.movelist;
    let mut movelist = Vec::with_capacity(bytes.len() + 32);
    Some(nearness::pick(&shorts, |turn| {
        movelist.clear();
        movelist.extend_from_slice(bytes.get(..span.start).unwrap_or_default());
        movelist.extend_from_slice(turn.as_bytes());
        movelist.extend_from_slice(bytes.get(span.end..).unwrap_or_default());
        let r = verify(&Record { movelist: &movelist, ..record.clone() });
        (r.verdict, r.turns)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_notation::arimaa::parse_position;

    fn opening() -> Position {
        let pos = parse_position("g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]");
        pos.unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_slip_of_one_arrow_finds_the_turn_meant() {
        let pos = opening();
        // `e^^>` is Ee2n Ee3n Ee4e; the last arrow written down is no step.
        let near = nearest(&pos, "e^^v", View::Gold, ResolveOptions::default());
        let texts: Vec<&str> = near.iter().map(|(_, t)| t.as_str()).collect();
        assert!(texts.contains(&"Ee2n Ee3n Ee4e"), "{texts:?}");
        assert_eq!(near.iter().find(|(_, t)| t == "Ee2n Ee3n Ee4e").map(|c| c.0), Some(CHAR));
        // Seen from Silver's side the same arrows mean other steps.
        let silver = nearest(&pos, "e^^v", View::Silver, ResolveOptions::default());
        assert!(silver.iter().all(|(_, t)| t != "Ee2n Ee3n Ee4e"), "{silver:?}");
    }

    #[test]
    fn an_ambiguous_text_gives_each_reading() {
        let pos = opening();
        // `d^` names no dog, and both can step: each is a reading.
        let near = nearest(&pos, "d^", View::Gold, ResolveOptions::default());
        assert_eq!(near.get(..2), Some(&[(READING, "Db2n".into()), (READING, "Dg2n".into())][..]), "{near:?}");
        // A unit left out: the elephant's step, which makes room for the camel's.
        let near = nearest(&pos, "m>", View::Gold, ResolveOptions::default());
        assert!(near.iter().any(|(c, t)| *c == INDEL && t == "Ee2n Md2e"), "{near:?}");
    }

    #[test]
    fn any_text_is_searched_without_going_wrong() {
        let pos = opening();
        for odd in ["", "é", "e^é^", "↑↑", &"e^".repeat(100), "r#9^", "0", "#", "**", "e1234567^"] {
            let _ = nearest(&pos, odd, View::Gold, ResolveOptions::default());
        }
        assert!(nearest(&pos, &"e^".repeat(100), View::Gold, ResolveOptions::default()).is_empty());
        let texts = respellings(&"e^>v".chars().collect::<Vec<_>>(), usize::MAX, 0);
        assert!(texts.len() <= MAX_TEXTS);
        assert_eq!(units(&"h81^d>^C*eMv".chars().collect::<Vec<_>>()), [0..4, 4..7, 7..9, 9..12]);
    }

    #[test]
    fn the_units_of_a_door_text() {
        assert_eq!(written_units("3g e^^ 40", View::Gold, Color::Gold), Some(("e^^".into(), View::Gold)));
        assert_eq!(written_units("3s e^^", View::Gold, Color::Gold), None);
        assert_eq!(written_units("s 3g e^^", View::Gold, Color::Gold), Some(("e^^".into(), View::Silver)));
        assert_eq!(written_units("2g Ee2n Ee3w", View::Gold, Color::Gold), Some(("Ee2n Ee3w".into(), View::Gold)));
    }
}
