//! Repair hints for Stones and Rivers (`tabula check --suggest`, `tabula resolve`): the legal
//! turns of the position where a record breaks, nearest first to the turn written, each
//! replayed in the record in its place. A turn is compared token by token (the player, each
//! cell, each action letter pair), so that a cell's column or row, an action or a cell left out
//! costs little (`crate::nearness`).

use std::sync::Arc;

use tabula_engine::stones_rivers::{Position, Setup};
use tabula_notation::stones_rivers::TurnText;

use super::records::Record;
use super::verify::{start_position, verify, verify_with};
use crate::nearness::{self, Cost};
use crate::report::{GameReport, Suggestion, Suggestions, Verdict};

/// A turn's tokens: its runs of letters and digits, upper-cased (`sq - d5,ps` gives `SQ`, `D5`,
/// `PS`).
fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|t| !t.is_empty()).map(str::to_ascii_uppercase).collect()
}

/// The legal turns of `pos`, canonical, with how near each is to `written`, nearest first.
pub fn nearest(pos: &Position, written: &str) -> Vec<(Cost, String)> {
    let written = tokens(written);
    let written: Vec<&str> = written.iter().map(String::as_str).collect();
    let mut seen = std::collections::HashSet::new();
    let mut turns: Vec<(String, Setup)> = pos
        .legal_turns()
        .iter()
        .map(|t| (TurnText::from_turn(pos.to_move(), t).to_string(), pos.play_unchecked(t).to_setup()))
        .collect();
    // One text for each position a turn leads to, the first in text order, as `tabula moves`.
    turns.sort_by(|a, b| a.0.cmp(&b.0));
    let scored = turns
        .into_iter()
        .filter(|(_, after)| seen.insert(*after))
        .map(|(turn, _)| {
            let legal = tokens(&turn);
            let legal: Vec<&str> = legal.iter().map(String::as_str).collect();
            (nearness::distance(&written, &legal), turn)
        })
        .collect();
    nearness::rank(scored)
}

/// The suggestions for an `illegal` report of `record`: `None` when the record does not break
/// at one of its turns.
pub fn suggestions(source: &Arc<str>, record: &Record, report: &GameReport) -> Option<Vec<Suggestion>> {
    let error = report.error.as_ref().filter(|_| report.verdict == Verdict::Illegal)?;
    let index: usize = error.turn.parse().ok()?;
    let written = record.turns().nth(index.checked_sub(1)?)?;
    let written = String::from_utf8_lossy(written.text).into_owned();
    let mut pos = start_position(record).ok()?;
    let mut seen = 0;
    verify_with(source, record, |r| {
        seen += 1;
        if seen < index {
            pos = *r.after;
        }
    });
    if seen + 1 != index {
        return None;
    }
    let ranked = nearest(&pos, &written);
    Some(nearness::pick(&ranked, |turn| {
        let r = verify(source, &record.with_turn(index, turn.as_bytes()));
        (r.verdict, r.turns)
    }))
}

/// [`verify`], with the suggestions in the error of an illegal record when `suggest`.
pub fn verify_suggesting(source: &Arc<str>, record: &Record, suggest: bool) -> GameReport {
    let mut report = verify(source, record);
    if suggest && report.verdict == Verdict::Illegal {
        let found = suggestions(source, record, &report).unwrap_or_default();
        if let Some(e) = report.error.as_mut() {
            e.suggestions = Some(Box::new(Suggestions(found)));
        }
    }
    report
}
