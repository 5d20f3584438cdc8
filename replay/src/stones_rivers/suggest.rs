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
use crate::report::{GameReport, Suggestion, Verdict};

/// A turn's tokens: its runs of letters and digits (`sq - d5,ps` gives `sq`, `d5`, `ps`).
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|t| !t.is_empty())
}

/// A written token spelled as the canonical text spells it: `Sq` and `Cr`, cells and actions in
/// capitals.
fn canonical_case(token: &str) -> String {
    if token.eq_ignore_ascii_case("sq") {
        "Sq".to_owned()
    } else if token.eq_ignore_ascii_case("cr") {
        "Cr".to_owned()
    } else {
        token.to_ascii_uppercase()
    }
}

/// The legal turns of `pos`, canonical, with how near each is to `written`, nearest first (equal
/// costs in text order), one for each position they lead to (the first in that order), at most
/// [`nearness::MAX_REPLAYS`] of them.
pub fn nearest(pos: &Position, written: &str) -> Vec<(Cost, String)> {
    let written: Vec<String> = tokens(written).map(canonical_case).collect();
    // A turn has a player and at most a few cells and an action: a text of many more tokens is
    // no slip of one.
    if written.len() > 32 {
        return Vec::new();
    }
    let written: Vec<&str> = written.iter().map(String::as_str).collect();
    let turns = pos.legal_turns();
    let mut scored: Vec<(Cost, String, usize)> = turns
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let text = TurnText::from_turn(pos.to_move(), t).to_string();
            let (cost, related) = {
                let legal: smallvec::SmallVec<[&str; 8]> = tokens(&text).collect();
                let cost = nearness::distance(&written, &legal);
                (cost, nearness::related(cost, written.len(), legal.len()))
            };
            (cost, text, i, related)
        })
        .filter(|s| s.3)
        .map(|(cost, text, i, _)| (cost, text, i))
        .collect();
    let nearest = scored.iter().map(|s| s.0).min().unwrap_or(0);
    scored.retain(|s| s.0 <= nearest.saturating_add(nearness::FAR));
    // Only the nearest few are sorted (their texts compared): those as near as the 32nd.
    const SORTED: usize = 32;
    if scored.len() > SORTED {
        scored.select_nth_unstable_by_key(SORTED, |s| s.0);
        let bound = scored[SORTED].0;
        scored.retain(|s| s.0 <= bound);
    }
    scored.sort_unstable();
    let mut seen: Vec<Setup> = Vec::new();
    let mut out = Vec::new();
    for (cost, text, i) in scored {
        let after = pos.play_unchecked(&turns[i]).to_setup();
        if !seen.contains(&after) {
            seen.push(after);
            out.push((cost, text));
            if out.len() == nearness::MAX_REPLAYS {
                break;
            }
        }
    }
    out
}

/// The suggestions for an `illegal` report of `record`, `pos` the position after the turns
/// `report` counts as replayed (the replay that judged it keeps it): `None` when the record
/// does not break at the turn after those.
pub fn suggestions(source: &Arc<str>, record: &Record, report: &GameReport, pos: &Position) -> Option<Vec<Suggestion>> {
    let error = report.error.as_ref().filter(|_| report.verdict == Verdict::Illegal)?;
    let index: usize = error.turn.parse().ok()?;
    if report.turns.checked_add(1) != Some(index) {
        return None;
    }
    let written = record.turns().nth(index.checked_sub(1)?)?;
    let written = String::from_utf8_lossy(written.text).into_owned();
    let ranked = nearest(pos, &written);
    Some(nearness::pick(&ranked, |turn| {
        let r = verify(source, &record.with_turn(index, turn.as_bytes()));
        (r.verdict, r.turns)
    }))
}

/// [`verify`], with the suggestions in the error of an illegal record when `suggest`: the
/// replay that judges the record keeps the position its broken turn is played on, so that the
/// search does not replay the record again to find it.
pub fn verify_suggesting(source: &Arc<str>, record: &Record, suggest: bool) -> GameReport {
    if !suggest {
        return verify(source, record);
    }
    let mut last = start_position(record).ok();
    let mut report = verify_with(source, record, |r| last = Some(*r.after));
    report.add_suggestions(|r| suggestions(source, record, r, last.as_ref()?));
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_that_keeps_nothing_of_any_turn_gets_no_suggestion() {
        let pos = Position::initial(tabula_engine::stones_rivers::Player::Square);
        assert!(nearest(&pos, "hello").is_empty());
        let near = nearest(&pos, "Sq - D5, PS, D6, D8");
        assert_eq!(near.first().map(|(_, t)| t.as_str()), Some("Sq - D5, PS, D6, D7"));
    }
}
