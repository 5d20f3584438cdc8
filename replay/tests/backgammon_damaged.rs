//! Real matches of `shared/data/backgammon/matches` damaged one line at a time: a move line
//! deleted or repeated, a die or a play changed, a tag line that lost its `]` or was cut. The
//! game holding the damage is reported at the line that breaks, the other games keep their
//! verdicts, and no two games share an id.
#![allow(missing_docs)]

mod common;

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;

use tabula_replay::backgammon::check::check_match;
use tabula_replay::report::{GameReport, GameResult, Verdict};

/// Every `step`-th real match, in name order.
fn matches(step: usize) -> Vec<(String, String)> {
    let dir = common::shared().join("data/backgammon/matches");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).expect("matches").flatten().map(|e| e.path()).collect();
    files.sort();
    files
        .iter()
        .step_by(step)
        .map(|p| {
            let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or("match").to_owned();
            (name, std::fs::read_to_string(p).expect("a match"))
        })
        .collect()
}

fn check_text(name: &str, text: &str) -> Vec<GameReport> {
    let source: Arc<str> = Arc::from(name);
    let mut out = Vec::new();
    check_match(&source, name, text.as_bytes(), &mut |r| out.push(r));
    let ids: HashSet<&str> = out.iter().map(|r| r.game.as_str()).collect();
    assert_eq!(
        ids.len(),
        out.len(),
        "{name}: two games with one id: {:?}",
        out.iter().map(|r| &r.game).collect::<Vec<_>>()
    );
    out
}

/// The lines of `text` with their line breaks.
fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// The move number a line starts with (`  12) 61: 13/7 8/7` gives 12).
fn move_number(line: &str) -> Option<u32> {
    let (digits, _) = line.trim_start().split_once(')')?;
    digits.parse().ok()
}

/// For each line, the index of the game it belongs to (`None` before the first `Game` line).
fn games_of(lines: &[&str]) -> Vec<Option<usize>> {
    let mut game = None;
    lines
        .iter()
        .map(|l| {
            if l.trim_start().starts_with("Game ") {
                game = Some(game.map_or(0, |g| g + 1));
            }
            game
        })
        .collect()
}

/// What a damage did to the game that holds it.
#[derive(Default, Debug)]
struct Tally {
    tried: usize,
    /// Reported at the line that breaks.
    at_the_line: usize,
    /// Reported elsewhere: the largest distance from the line that breaks.
    elsewhere: usize,
    farthest: u64,
    unnoticed: usize,
    /// Noticed, where no line can be named (the last move line of a game deleted).
    noticed: usize,
    problems: Vec<String>,
}

impl Tally {
    /// Compares the reports of the damaged match with the whole one: the game `game` must be
    /// reported at `line` (when `must` is true; else only a report at another line is a
    /// problem), every other game as before.
    fn judge(&mut self, what: &str, whole: &[GameReport], damaged: &[GameReport], game: usize, line: u64, must: bool) {
        self.tried += 1;
        if whole.len() != damaged.len() {
            self.problems.push(format!("{what}: {} games reported, {} before", damaged.len(), whole.len()));
            return;
        }
        for (i, (w, d)) in whole.iter().zip(damaged).enumerate() {
            if i == game {
                continue;
            }
            if (w.verdict, w.turns, &w.result, &w.game) != (d.verdict, d.turns, &d.result, &d.game) {
                self.problems.push(format!("{what}: game {} changed: {:?}", d.game, d.error));
            }
        }
        let d = &damaged[game];
        match &d.error {
            Some(e) if d.verdict != Verdict::Ok && e.line == line => self.at_the_line += 1,
            Some(e) if d.verdict != Verdict::Ok => {
                self.elsewhere += 1;
                self.farthest = self.farthest.max(e.line.abs_diff(line));
                self.problems.push(format!("{what}: reported at line {} ({}), not {line}", e.line, e.message));
            }
            _ => {
                self.unnoticed += 1;
                if must {
                    self.problems.push(format!("{what}: unnoticed"));
                }
            }
        }
    }

    fn assert_clean(&self, name: &str) {
        eprintln!(
            "{name}: {} tried, {} at the line, {} elsewhere (farthest {} lines), {} noticed, {} unnoticed",
            self.tried, self.at_the_line, self.elsewhere, self.farthest, self.noticed, self.unnoticed
        );
        assert!(
            self.problems.is_empty(),
            "{name}: {} problems:\n{}",
            self.problems.len(),
            self.problems[..self.problems.len().min(30)].join("\n")
        );
    }
}

/// Every move line of every `every`-th match, handed to `f` with the match's name, its games'
/// reports as it is, its lines, its lines' games, the line's index and its game.
fn for_each_move_line(every: usize, mut f: impl FnMut(&str, &[GameReport], &[&str], &[Option<usize>], usize, usize)) {
    for (name, text) in matches(every) {
        let whole = check_text(&name, &text);
        let lines = lines(&text);
        let games = games_of(&lines);
        for (i, line) in lines.iter().enumerate() {
            if let (Some(_), Some(game)) = (move_number(line), games[i]) {
                f(&name, &whole, &lines, &games, i, game);
            }
        }
    }
}

/// Each move line of every fifth match deleted, one at a time: when a numbered line follows in
/// the game, the game is reported at that line (which then holds the deleted line's number).
/// The last move line of a game has no number after it: its deletion is noticed, or the game
/// then ends by resignation, or the line held nothing but its number (Backgammon Studio's last
/// empty line) and the match reads as before.
#[test]
#[ignore = "needs ../shared/data"]
fn a_deleted_move_line_is_found_by_the_move_numbers() {
    let mut tally = Tally::default();
    let mut last = Tally::default();
    for_each_move_line(5, |name, whole, lines, games, i, game| {
        let line = lines[i];
        let damaged: String = lines[..i].concat() + &lines[i + 1..].concat();
        let reports = check_text(name, &damaged);
        let what = format!("{name} line {} deleted", i + 1);
        let next =
            (i + 1..lines.len()).take_while(|&j| games[j] == Some(game)).find(|&j| move_number(lines[j]).is_some());
        match next {
            // The next move line, once the deleted one is gone, is line `j` (1-based).
            Some(j) => tally.judge(&what, whole, &reports, game, j as u64, true),
            None if line.trim_end().ends_with(')') => {
                last.tried += 1;
                let same = whole.iter().zip(&reports).all(|(w, r)| (w.verdict, w.turns) == (r.verdict, r.turns));
                if !same {
                    last.problems.push(format!("{what}: an empty last move line changed the match"));
                }
            }
            // Without it the game ends on the line before, which can be read as a
            // resignation where the `Wins` line (unnumbered in BackgammonGalaxy) allows one.
            None => {
                last.tried += 1;
                let Some(r) = reports.get(game) else { return };
                if r.verdict != Verdict::Ok {
                    last.noticed += 1;
                } else if matches!(r.result, Some(GameResult::Backgammon { how: "resign", .. })) {
                    last.unnoticed += 1;
                } else {
                    last.problems.push(format!("{what}: the game's last move line, unnoticed: {r:?}"));
                }
            }
        }
    });
    tally.assert_clean("deleted move lines");
    last.assert_clean("deleted last move lines");
    assert!(tally.tried > 1000, "only {} deletions tried", tally.tried);
}

/// Each move line of every fifth match written twice: the game is reported at the copy.
#[test]
#[ignore = "needs ../shared/data"]
fn a_repeated_move_line_is_found_by_the_move_numbers() {
    let mut tally = Tally::default();
    for_each_move_line(5, |name, whole, lines, _, i, game| {
        let line = lines[i];
        // A last line without its line break gets one before its copy.
        let copy = if line.ends_with('\n') { (*line).to_owned() } else { format!("\n{line}") };
        let damaged: String = lines[..=i].concat() + &copy + &lines[i + 1..].concat();
        let reports = check_text(name, &damaged);
        tally.judge(&format!("{name} line {} repeated", i + 1), whole, &reports, game, i as u64 + 2, true);
    });
    tally.assert_clean("repeated move lines");
    assert!(tally.tried > 1000, "only {} repetitions tried", tally.tried);
}

/// The rolls `dd:` of a move line, as byte offsets of the first die within the line.
fn rolls(line: &str) -> Vec<usize> {
    let b = line.as_bytes();
    (0..b.len().saturating_sub(2))
        .filter(|&k| {
            (k == 0 || b[k - 1] == b' ') && b[k].is_ascii_digit() && b[k + 1].is_ascii_digit() && b[k + 2] == b':'
        })
        .collect()
}

/// Every roll of every `every`-th match changed by `change` (the move line with its roll at
/// byte `k` changed, or `None` to leave that roll): each damaged match checked and judged by
/// `tally` at the changed line (`must_break`: the game must be reported there).
fn judge_changed_rolls(
    every: usize,
    tally: &mut Tally,
    must_break: bool,
    mut change: impl FnMut(&str, usize) -> Option<String>,
) {
    for_each_move_line(every, |name, whole, lines, _, i, game| {
        for k in rolls(lines[i]) {
            let Some(changed) = change(lines[i], k) else { continue };
            let damaged: String = lines[..i].concat() + &changed + &lines[i + 1..].concat();
            let reports = check_text(name, &damaged);
            let what = format!("{name} line {}: {}", i + 1, changed.trim());
            tally.judge(&what, whole, &reports, game, i as u64 + 1, must_break);
        }
    });
}

/// Every roll of every third match with its first die changed: where the play no longer fits
/// the dice, the game is reported at that line; a play that fits the new dice as well moves the
/// same checkers, so nothing after it can break.
#[test]
#[ignore = "needs ../shared/data"]
fn a_changed_die_is_reported_at_its_line() {
    let mut tally = Tally::default();
    judge_changed_rolls(3, &mut tally, false, |line, k| {
        let mut changed = line.as_bytes().to_vec();
        changed[k] = if changed[k] == b'6' { b'1' } else { changed[k] + 1 };
        Some(String::from_utf8(changed).expect("ASCII digits"))
    });
    tally.assert_clean("changed dice");
    assert!(tally.at_the_line * 100 >= tally.tried * 85, "{tally:?}");
}

/// The plays of every third match that move two checkers with a non-double and bear none off
/// or in, with the first checker's landing point moved by one: the pips no longer add up to
/// the dice, and the game is reported at that line.
#[test]
#[ignore = "needs ../shared/data"]
fn a_changed_play_is_reported_at_its_line() {
    let mut tally = Tally::default();
    judge_changed_rolls(3, &mut tally, true, |line, k| {
        let b = line.as_bytes();
        if b[k] == b[k + 1] {
            return None;
        }
        let rest = &line[k + 3..];
        let items: Vec<&str> = rest.split_whitespace().take_while(|w| w.contains('/')).collect();
        let plain = |w: &str| {
            let (from, to) = w.split_once('/')?;
            let (from, to) = (from.parse::<u32>().ok()?, to.parse::<u32>().ok()?);
            (from < 25 && to > 0 && from > to).then_some(to)
        };
        let [first, second] = items[..] else { return None };
        let (Some(to), Some(_)) = (plain(first), plain(second)) else { return None };
        let moved = if to < 24 { to + 1 } else { to - 1 };
        let start = k + 3 + rest.find(first).expect("the item");
        let new_first = format!("{}/{moved}", &first[..first.find('/').expect("a slash")]);
        Some(format!("{}{new_first}{}", &line[..start], &line[start + first.len()..]))
    });
    tally.assert_clean("changed plays");
    assert!(tally.tried > 1000, "only {} plays changed", tally.tried);
}

/// The first tag line of every tenth match without its `]`: the tag is read as before and
/// every game keeps its verdict and id. Cut inside its value, the tag is reported, at its
/// line, on the first game, and the other games keep theirs.
#[test]
#[ignore = "needs ../shared/data"]
fn a_tag_line_without_its_bracket_is_read_or_reported() {
    let mut tried = 0;
    for (name, text) in matches(10) {
        let whole = check_text(&name, &text);
        let lines = lines(&text);
        let Some(t) = lines.iter().position(|l| l.starts_with("; [")) else { continue };
        let tag = lines[t].trim_end();
        let rest = &lines[t][tag.len()..];
        let same = |r: &[GameReport]| {
            r.iter().map(|g| (g.game.clone(), g.verdict, g.turns, g.result.clone())).collect::<Vec<_>>()
        };

        let unbracketed = lines[..t].concat() + &tag[..tag.len() - 1] + rest + &lines[t + 1..].concat();
        assert_eq!(same(&check_text(&name, &unbracketed)), same(&whole), "{name}: `]` lost on line {}", t + 1);

        let quote = tag.find('"').expect("a value");
        let cut = lines[..t].concat() + &tag[..quote + 2] + rest + &lines[t + 1..].concat();
        let reports = check_text(&name, &cut);
        assert_eq!(reports.len(), whole.len(), "{name}: tag cut on line {}", t + 1);
        let first = &reports[0];
        assert_eq!(first.verdict, Verdict::Unreadable, "{name}: {first:?}");
        assert_eq!(first.error.as_ref().map(|e| e.line), Some(t as u64 + 1), "{name}: {first:?}");
        assert_eq!(same(&reports[1..]), same(&whole[1..]), "{name}: tag cut on line {}", t + 1);
        tried += 1;
    }
    assert!(tried >= 25, "only {tried} matches with a tag line");
}

/// Every game but the last of every fifth match left out, then written twice: the game after
/// the gap, or the copy, is reported unreadable at its `Game N` line, saying what follows what;
/// the games before keep their verdicts and ids, and those after it keep their verdicts under
/// the ids of their new places in the file.
#[test]
#[ignore = "needs ../shared/data"]
fn a_game_left_out_or_written_twice_is_found_by_the_game_numbers() {
    let same = |r: &[GameReport]| r.iter().map(|g| (g.verdict, g.turns, g.result.clone())).collect::<Vec<_>>();
    let mut tried = 0;
    for (name, text) in matches(5) {
        let whole = check_text(&name, &text);
        let lines = lines(&text);
        let starts: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].trim_start().starts_with("Game ")).collect();
        for k in 0..starts.len().saturating_sub(1) {
            let (start, end) = (starts[k], starts[k + 1]);
            let left_out = lines[..start].concat() + &lines[end..].concat();
            let r = check_text(&name, &left_out);
            assert_eq!(r.len(), whole.len() - 1, "{name}: game {} left out", k + 1);
            assert_eq!(same(&r[..k]), same(&whole[..k]), "{name}: game {} left out", k + 1);
            let gap = &r[k];
            let e = gap.error.as_ref().expect("the game after the gap is reported");
            assert_eq!((gap.verdict, gap.game.clone()), (Verdict::Unreadable, format!("{name}#{}", k + 1)));
            let after = if k == 0 { "as the first game".to_owned() } else { format!("after game {k}") };
            assert!(e.message.starts_with(&format!("game {} {after}:", k + 2)), "{name}: {}", e.message);
            assert_eq!(e.line, start as u64 + 1, "{name}: {e:?}");
            // Later games: the score written before each is taken up again after the gap.
            assert_eq!(same(&r[k + 1..]), same(&whole[k + 2..]), "{name}: game {} left out", k + 1);

            let twice = lines[..end].concat() + &lines[start..].concat();
            let r = check_text(&name, &twice);
            assert_eq!(r.len(), whole.len() + 1, "{name}: game {} twice", k + 1);
            assert_eq!(same(&r[..=k]), same(&whole[..=k]), "{name}: game {} twice", k + 1);
            let copy = &r[k + 1];
            assert_eq!((copy.verdict, copy.game.clone()), (Verdict::Unreadable, format!("{name}#{}", k + 2)));
            let e = copy.error.as_ref().expect("the copy is reported");
            assert!(e.message.starts_with(&format!("game {} after game {}:", k + 1, k + 1)), "{name}: {}", e.message);
            assert_eq!(e.line, end as u64 + 1, "{name}: {e:?}");
            assert_eq!(same(&r[k + 2..]), same(&whole[k + 1..]), "{name}: game {} twice", k + 1);
            tried += 1;
        }
    }
    assert!(tried >= 50, "only {tried} games tried");
}
