//! Repair hints for backgammon (`tabula check --suggest`, `tabula resolve`): the legal plays of
//! the roll where a game breaks, nearest first to the play written, each replayed in the game in
//! its place.
//!
//! A play is compared as the set of its checker moves: `bar` read as 25 and `off` as 0, `(2)`
//! written out, a chain `24/18/13` and a checker moving on (`24/18 18/13`) joined as the standard
//! notation joins them (`24/13`); the written moves matched to the legal play's at least cost
//! (`crate::nearness::set_distance`), so that a point off by one, two digits swapped, a hit mark,
//! a checker move missing or extra costs little whatever the order they are written in. The dice are read as a pair in either order, so dice written the other
//! way round never break a game.

use tabula_engine::backgammon::{Dice, MoveGenerator, Position, Side};
use tabula_notation::backgammon::write_play;

use super::mat::GameRecord;
use super::verify::Replayed;
use crate::nearness::{self, Cost};
use crate::report::{GameReport, Suggestion, Verdict};

/// One checker move: from, to (25 the bar, 0 off) and whether it hits; or a token that is no
/// move, kept as written.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Hop {
    Move { from: u32, to: u32, hit: bool },
    Other(String),
}

/// A point as written: `bar` 25, `off` 0, else its number (even one past 25, a slip to compare).
fn point(text: &str) -> Option<u32> {
    match text {
        "bar" | "b" => Some(25),
        "off" | "o" => Some(0),
        t => t.parse().ok().filter(|&p| p < 100),
    }
}

/// The checker moves of a play's text as written: chains (`24/18/13`) and counts (`8/5(2)`)
/// written out, one hop each; a word that is no move kept as it is.
fn hops(text: &str) -> Vec<Hop> {
    let lower = text.to_ascii_lowercase();
    let mut hops = Vec::new();
    for word in lower.split(|c: char| c.is_ascii_whitespace() || c == ',').filter(|w| !w.is_empty()) {
        // A hit mark may follow the count (`6/2(2)*`) as well as precede it.
        let starred = word.ends_with(")*");
        let word = if starred { &word[..word.len() - 1] } else { word };
        let (body, count) = match word.strip_suffix(')').and_then(|w| w.split_once('(')) {
            Some((body, n)) => (body, n.parse::<usize>().ok().filter(|&n| (1..=4).contains(&n)).unwrap_or(1)),
            None => (word, 1),
        };
        let mut points: Vec<(Option<u32>, bool)> =
            body.split('/').map(|p| (point(p.trim_end_matches('*')), p.ends_with('*'))).collect();
        if let Some(last) = points.last_mut().filter(|_| starred) {
            last.1 = true;
        }
        if points.len() < 2 || points.iter().any(|(p, _)| p.is_none()) {
            hops.push(Hop::Other(word.to_owned()));
            continue;
        }
        for _ in 0..count {
            for pair in points.windows(2) {
                if let [(Some(from), _), (Some(to), hit)] = pair {
                    hops.push(Hop::Move { from: *from, to: *to, hit: *hit });
                }
            }
        }
    }
    hops
}

/// The hops of a checker that moves on from where another hop stopped joined into one move
/// (hitting if either part hits), as the standard notation joins them; whether the record marks
/// the hits or not, a play compares as the same moves.
fn joined(mut hops: Vec<Hop>) -> Vec<Hop> {
    let mut i = 0;
    while i < hops.len() {
        let next = match hops[i] {
            Hop::Move { from, to, .. } if from != to => (0..hops.len())
                .find(|&j| j != i && matches!(hops[j], Hop::Move { from: f, to: t, .. } if f == to && f != t)),
            _ => None,
        };
        match (next, hops[i].clone()) {
            (Some(j), Hop::Move { from, hit: first, .. }) => {
                if let Hop::Move { to, hit, .. } = hops.remove(j) {
                    let at = if j < i { i - 1 } else { i };
                    hops[at] = Hop::Move { from, to, hit: first || hit };
                    i = 0;
                }
            }
            _ => i += 1,
        }
    }
    hops
}

fn spelled(hops: Vec<Hop>) -> Vec<String> {
    hops.into_iter()
        .map(|h| match h {
            Hop::Move { from, to, hit } => format!("{from}/{to}{}", if hit { "*" } else { "" }),
            Hop::Other(t) => t,
        })
        .collect()
}

/// The checker moves of a play's text, joined as the standard notation joins them, as tokens
/// (`24/13`, `8/5*`): what a play is compared as, in any order.
pub fn play_tokens(text: &str) -> Vec<String> {
    spelled(joined(hops(text)))
}

/// The legal plays of `dice` on `pos` in the standard notation, with how near each is to
/// `written`, nearest first: the nearer of the moves joined on both sides and the moves hop by
/// hop on both sides (a record that writes each die's move, `8/5 8/5 5/2 5/2`, is compared with
/// the play's steps).
pub fn nearest(pos: &Position, dice: Dice, written: &str) -> Vec<(Cost, String)> {
    let written_hops = hops(written);
    // A play has at most four checker moves: a text of many more is no slip of one.
    if written_hops.len() > 16 {
        return Vec::new();
    }
    let by_die = spelled(written_hops.clone());
    let by_die: Vec<&str> = by_die.iter().map(String::as_str).collect();
    let whole = spelled(joined(written_hops));
    let whole: Vec<&str> = whole.iter().map(String::as_str).collect();
    let mut gen = MoveGenerator::new();
    let scored = gen
        .legal_plays(pos, dice)
        .iter()
        .filter(|(play, _)| !play.is_empty())
        .map(|(play, _)| {
            let text = write_play(pos, play);
            let legal = play_tokens(&text);
            let legal: Vec<&str> = legal.iter().map(String::as_str).collect();
            let steps: Vec<String> = play
                .steps()
                .iter()
                .map(|s| format!("{}/{}{}", s.from.number(), s.to.number(), if s.hit { "*" } else { "" }))
                .collect();
            let steps: Vec<&str> = steps.iter().map(String::as_str).collect();
            let joined = nearness::set_distance(&whole, &legal);
            let hop_by_hop = nearness::set_distance(&by_die, &steps);
            let related = nearness::related(joined, whole.len(), legal.len())
                || nearness::related(hop_by_hop, by_die.len(), steps.len());
            (joined.min(hop_by_hop), text, related)
        })
        .filter(|&(_, _, related)| related)
        .map(|(cost, text, _)| (cost, text))
        .collect();
    nearness::rank(scored)
}

/// How far a game's replay got, kept as it replays (the match's check hands it every action
/// replayed without error): the boards after its last two such actions, from the left column's
/// view, and how many there were. The suggestions start from it, without a replay of their own.
#[derive(Clone, Copy, Debug)]
pub struct Reached {
    last: [Position; 2],
    actions: usize,
}

impl Default for Reached {
    fn default() -> Reached {
        Reached { last: [Position::start(); 2], actions: 0 }
    }
}

impl Reached {
    /// Takes one action replayed without error.
    pub fn observe(&mut self, r: &Replayed<'_>) {
        self.last = [self.last[1], r.board];
        self.actions += 1;
    }

    /// The board before the action `at` (0-based), when the replay got to it: the action that
    /// breaks the game, or a roll left unplayed, which is judged at the action after it.
    fn before(&self, at: usize) -> Option<Position> {
        match self.actions.checked_sub(at)? {
            0 => Some(self.last[1]),
            1 => Some(self.last[0]),
            _ => None,
        }
    }
}

/// The suggestions for an `illegal` report of the game `record`, whose replay got as far as
/// `reached`: `replay` verifies a game as the match's check does. `None` when the game does not
/// break at a play.
pub fn suggestions(
    record: &GameRecord,
    report: &GameReport,
    reached: &Reached,
    replay: impl Fn(&GameRecord) -> GameReport,
) -> Option<Vec<Suggestion>> {
    let error = report.error.as_ref().filter(|_| report.verdict == Verdict::Illegal)?;
    let at = record.actions.iter().position(|a| a.line == error.line && a.text.as_str() == error.token)?;
    let action = &record.actions[at];
    let written = action.play()?.to_owned();
    let (d1, d2) = action.dice()?;
    let dice = Dice::new(d1, d2)?;
    let board = reached.before(at)?;
    let pos = if action.column.side() == Side::Zero { board } else { board.swapped() };
    let ranked = nearest(&pos, dice, &written);
    Some(nearness::pick(&ranked, |play| {
        let mut game = record.clone();
        if let Some(a) = game.actions.get_mut(at) {
            a.play_text = Some(play.into());
        }
        let r = replay(&game);
        (r.verdict, r.turns)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_that_keeps_nothing_of_any_play_gets_no_suggestion() {
        let dice = Dice::new(3, 1).unwrap_or_else(|| unreachable!());
        let pos = Position::start();
        assert!(nearest(&pos, dice, "hello").is_empty());
        let near: Vec<String> = nearest(&pos, dice, "8/5 6/4").into_iter().map(|(_, t)| t).collect();
        assert!(near.contains(&"8/5 6/5".to_owned()), "{near:?}");
    }
}
