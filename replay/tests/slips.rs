//! Repair hints on slips: real games that check `ok` (`../shared/data`), each with one slip of a
//! kind written into one of its moves (made here, in memory, never by hand), checked with
//! suggestions. Where the slip makes its own move illegal, the test counts how often the move
//! really played is among the suggestions and how often it is the first that repairs the record,
//! by game and kind of slip, prints the table, and asks for 98% and 90% in each game.
//!
//! Arimaa is slipped twice: in long notation (archive rows) and in short notation (the ok games
//! written by the library's writer in views `g` and `s`, one game a file).
//!
//! Run: `cargo test --release -p tabula-replay --test slips -- --ignored --nocapture`
//! (`SLIPS_ONLY=arimaa-short` for one game: `arimaa`, `arimaa-short`, `backgammon`,
//! `stones-and-rivers`).

mod common;

use std::collections::{BTreeMap, HashMap};
use std::ops::ControlFlow;

use tabula_replay::check::{check_content, CheckEvent, Content};
use tabula_replay::{GameReport, Verdict};

/// Moves slipped per game and kind (Arimaa and Stones and Rivers; a backgammon game gets one).
const PER_GAME: usize = 6;

/// With `SLIPS_WRITE=DIR`, each slipped file is also written under DIR (`<game>-<kind>/<file>`),
/// for timing `tabula check --suggest` on it.
fn keep(game: &str, kind: &str, file: &str, data: &[u8]) {
    if let Some(dir) = std::env::var_os("SLIPS_WRITE") {
        let dir = std::path::Path::new(&dir).join(format!("{game}-{kind}"));
        std::fs::create_dir_all(&dir).expect("make the folder for the slips");
        std::fs::write(dir.join(file), data).expect("write the slips");
    }
}

fn check(source: &str, data: &[u8], suggest: bool) -> Vec<GameReport> {
    let mut out = Vec::new();
    let content = Content { suggest, ..Content::default() };
    check_content(source, data, content, &mut |e| {
        if let CheckEvent::Game(r) = e {
            out.push(r.clone());
        }
        ControlFlow::Continue(())
    });
    out
}

/// What one slip gave.
#[derive(Default, Clone, Copy)]
struct Tally {
    /// Slips written.
    made: usize,
    /// Slips that made their own move illegal.
    broke: usize,
    /// Of those, the move played among the suggestions.
    among: usize,
    /// Of those, the move played the first suggestion that repairs the record.
    first: usize,
}

type Table = BTreeMap<(&'static str, &'static str), Tally>;

/// Counts the report of a slipped game: `turn` is the label of the slipped move, `same` says
/// whether a suggested move is the one played.
fn count(
    table: &mut Table,
    key: (&'static str, &'static str),
    r: &GameReport,
    turn: &str,
    same: impl Fn(&str) -> bool,
) {
    let t = table.entry(key).or_default();
    t.made += 1;
    let Some(e) = r.error.as_ref().filter(|e| r.verdict == Verdict::Illegal && e.turn == turn) else { return };
    t.broke += 1;
    let s = e.suggestions.as_deref().map(|s| &s[..]).unwrap_or_default();
    if s.iter().any(|s| same(&s.r#move)) {
        t.among += 1;
    }
    if s.iter().find(|s| s.then == Some(Verdict::Ok)).is_some_and(|s| same(&s.r#move)) {
        t.first += 1;
    }
}

/// Up to [`PER_GAME`] of `n` places, spread over them (a different start for each game).
fn places(n: usize, seed: usize) -> Vec<usize> {
    if n == 0 {
        return Vec::new();
    }
    let k = PER_GAME.min(n);
    (0..k).map(|i| (i * n / k + seed % (n / k).max(1)) % n).collect()
}

// ---- Arimaa: archive rows, long notation -------------------------------------------------

const ARIMAA_KINDS: &[&str] =
    &["direction", "file", "rank", "piece", "step-missing", "step-extra", "capture-missing", "capture-extra", "swap"];

fn is_capture(t: &str) -> bool {
    t.len() == 4 && t.ends_with('x')
}

/// The move's tokens with a slip of `kind`, or `None` when the kind does not apply.
fn arimaa_slip(tokens: &[&str], kind: &str, seed: usize) -> Option<Vec<String>> {
    let mut t: Vec<String> = tokens.iter().map(|s| (*s).to_owned()).collect();
    let steps: Vec<usize> = (0..t.len()).filter(|&i| !is_capture(&t[i])).collect();
    let pick = |v: &[usize]| v.get(seed % v.len().max(1)).copied();
    let bump = |c: u8, up: bool, lo: u8, hi: u8| -> u8 {
        if (up && c < hi) || c == lo {
            c + 1
        } else {
            c - 1
        }
    };
    match kind {
        "direction" | "file" | "rank" | "piece" => {
            let i = pick(&steps)?;
            let mut b = t[i].as_bytes().to_vec();
            match kind {
                "direction" => {
                    const D: &[u8] = b"nesw";
                    let at = D.iter().position(|&d| d == b[3])?;
                    b[3] = D[(at + 1 + seed % 3) % 4];
                }
                "file" => b[1] = bump(b[1], seed.is_multiple_of(2), b'a', b'h'),
                "rank" => b[2] = bump(b[2], seed.is_multiple_of(2), b'1', b'8'),
                _ => {
                    const P: &[u8] = b"EMHDCR";
                    let upper = b[0].to_ascii_uppercase();
                    let at = P.iter().position(|&p| p == upper)?;
                    let new = P[(at + 1 + seed % 5) % 6];
                    b[0] = if b[0].is_ascii_lowercase() { new.to_ascii_lowercase() } else { new };
                }
            }
            t[i] = String::from_utf8(b).ok()?;
        }
        "step-missing" => {
            let i = pick(&steps)?;
            t.remove(i);
        }
        "step-extra" => {
            let i = pick(&steps)?;
            let copy = t[i].clone();
            t.insert(i + 1, copy);
        }
        "capture-missing" => {
            let caps: Vec<usize> = (0..t.len()).filter(|&i| is_capture(&t[i])).collect();
            let i = pick(&caps)?;
            t.remove(i);
        }
        "capture-extra" => {
            let i = pick(&steps)?;
            let piece = t[i].chars().next()?;
            let trap = ["c3", "f3", "c6", "f6"][seed % 4];
            t.insert(i + 1, format!("{piece}{trap}x"));
        }
        "swap" => {
            if steps.len() < 2 {
                return None;
            }
            let k = seed % (steps.len() - 1);
            let (a, b) = (steps[k], steps[k + 1]);
            if t[a] == t[b] {
                return None;
            }
            t.swap(a, b);
        }
        _ => return None,
    }
    Some(t)
}

fn arimaa(table: &mut Table) {
    for file in ["allgames202602_sample.tsv", "allgames201111_sample.tsv"] {
        let path = common::arimaa_data().join(file);
        let text = std::fs::read_to_string(&path).expect("read the archive");
        let ok: std::collections::HashSet<String> = check(file, text.as_bytes(), false)
            .into_iter()
            .filter(|r| r.verdict == Verdict::Ok)
            .map(|r| r.game)
            .collect();
        let mut lines = text.lines();
        let header = lines.next().expect("header");
        let columns: Vec<&str> = header.split('\t').collect();
        let id_col = columns.iter().position(|c| *c == "id").expect("id column");
        let moves_col = columns.iter().position(|c| *c == "movelist").expect("movelist column");
        for &kind in ARIMAA_KINDS {
            let mut out = format!("{header}\n");
            let mut truth: HashMap<String, (String, String)> = HashMap::new();
            for (g, row) in lines.clone().enumerate() {
                let cells: Vec<&str> = row.split('\t').collect();
                if cells.len() <= moves_col || !ok.contains(cells[id_col]) {
                    continue;
                }
                let moves: Vec<&str> = cells[moves_col].split("\\n").collect();
                // Turns of steps: not the set-ups, not the label of the move never played.
                let turns: Vec<usize> = (0..moves.len())
                    .filter(|&i| moves[i].split_ascii_whitespace().nth(1).is_some_and(|t| t.len() == 4))
                    .collect();
                for (n, &i) in places(turns.len(), g).iter().map(|p| &turns[*p]).enumerate() {
                    let words: Vec<&str> = moves[i].split_ascii_whitespace().collect();
                    let Some(slipped) = arimaa_slip(&words[1..], kind, g + n) else { continue };
                    let id = format!("{}{:02}", cells[id_col], n);
                    let mut new_moves: Vec<String> = moves.iter().map(|m| (*m).to_owned()).collect();
                    new_moves[i] = format!("{} {}", words[0], slipped.join(" "));
                    let mut new_cells: Vec<String> = cells.iter().map(|c| (*c).to_owned()).collect();
                    new_cells[id_col] = id.clone();
                    new_cells[moves_col] = new_moves.join("\\n");
                    out.push_str(&new_cells.join("\t"));
                    out.push('\n');
                    truth.insert(id, (words[0].to_owned(), words[1..].join(" ")));
                }
            }
            keep("arimaa", kind, file, out.as_bytes());
            for r in check(file, out.as_bytes(), true) {
                let Some((turn, played)) = truth.get(&r.game) else { continue };
                count(table, ("arimaa", kind), &r, turn, |m| {
                    m.split_ascii_whitespace().eq(played.split_ascii_whitespace())
                });
            }
        }
    }
}

// ---- Arimaa: short notation ------------------------------------------------------------------

const SHORT_KINDS: &[&str] = &[
    "direction",
    "direction-missing",
    "direction-extra",
    "piece",
    "digit-off",
    "digit-missing",
    "digit-extra",
    "mark-missing",
    "mark-extra",
    "unit-missing",
    "swap",
];

fn short_dir(c: char) -> bool {
    matches!(c, '^' | 'v' | '<' | '>')
}

fn short_letter(c: char) -> bool {
    "emhdcrEMHDCR".contains(c)
}

/// The units of a turn as the writer spells it (`h81^d>^C*eMv`): a unit begins at a letter after
/// a direction or a mark.
fn short_units(t: &[char]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let (mut start, mut stepped) = (0, false);
    for (i, &c) in t.iter().enumerate() {
        if short_letter(c) && stepped {
            out.push(start..i);
            start = i;
            stepped = false;
        }
        stepped |= short_dir(c) || c == '*';
    }
    if start < t.len() {
        out.push(start..t.len());
    }
    out
}

/// The units `text` of one turn with a slip of `kind`, or `None` when the kind does not apply.
fn short_slip(text: &str, kind: &str, seed: usize) -> Option<String> {
    let mut t: Vec<char> = text.chars().collect();
    let at = |pred: &dyn Fn(usize) -> bool, t: &[char]| -> Option<usize> {
        let v: Vec<usize> = (0..t.len()).filter(|&i| pred(i)).collect();
        v.get(seed % v.len().max(1)).copied()
    };
    let units = short_units(&t);
    let removal = |r: &std::ops::Range<usize>, t: &[char]| t[r.clone()].iter().all(|&c| !short_dir(c));
    const DIRS: [char; 4] = ['^', 'v', '<', '>'];
    match kind {
        "direction" => {
            let i = at(&|i| short_dir(t[i]), &t)?;
            let k = DIRS.iter().position(|&d| d == t[i])?;
            t[i] = DIRS[(k + 1 + seed % 3) % 4];
        }
        "direction-missing" => {
            let i = at(&|i| short_dir(t[i]), &t)?;
            t.remove(i);
        }
        "direction-extra" => {
            let i = at(&|i| short_dir(t[i]), &t)?;
            t.insert(i + 1, DIRS[seed / 3 % 4]);
        }
        "piece" => {
            let i = at(&|i| short_letter(t[i]), &t)?;
            const P: [char; 6] = ['e', 'm', 'h', 'd', 'c', 'r'];
            let k = P.iter().position(|&p| p == t[i].to_ascii_lowercase())?;
            let new = P[(k + 1 + seed % 5) % 6];
            t[i] = if t[i].is_ascii_uppercase() { new.to_ascii_uppercase() } else { new };
        }
        "digit-off" => {
            let i = at(&|i| t[i].is_ascii_digit(), &t)?;
            let v = t[i].to_digit(10)?;
            let w = if (seed.is_multiple_of(2) && v < 8) || v == 1 { v + 1 } else { v - 1 };
            t[i] = char::from_digit(w, 10)?;
        }
        "digit-missing" => {
            let i = at(&|i| t[i].is_ascii_digit(), &t)?;
            t.remove(i);
        }
        "digit-extra" => {
            // A column written after a letter that has none.
            let i = at(&|i| short_letter(t[i]) && !t.get(i + 1).is_some_and(char::is_ascii_digit), &t)?;
            t.insert(i + 1, char::from_digit(1 + (seed / 2 % 8) as u32, 10)?);
        }
        "mark-missing" => {
            let i = at(&|i| t[i] == '*', &t)?;
            let u = units.iter().find(|r| r.contains(&i))?;
            if removal(u, &t) {
                t.drain(u.clone());
            } else {
                t.remove(i);
            }
        }
        "mark-extra" => {
            let u = units.get(seed % units.len().max(1))?.clone();
            if seed.is_multiple_of(2) && !t[u.clone()].contains(&'*') {
                t.insert(u.end, '*');
            } else {
                let l = ['e', 'm', 'h', 'd', 'c', 'r'][seed / 2 % 6];
                let l = if (seed / 12).is_multiple_of(2) { l.to_ascii_uppercase() } else { l };
                t.splice(u.end..u.end, [l, '*']);
            }
        }
        "unit-missing" => {
            // A unit of one step: a letter (its identification too) and a direction.
            let one_step = |r: &std::ops::Range<usize>| {
                let u = &t[r.clone()];
                u.iter().filter(|&&c| short_letter(c)).count() == 1 && u.iter().filter(|&&c| short_dir(c)).count() == 1
            };
            let steps: Vec<&std::ops::Range<usize>> = units.iter().filter(|r| one_step(r)).collect();
            if steps.is_empty() || units.len() < 2 {
                return None;
            }
            let u = steps[seed % steps.len()].clone();
            t.drain(u);
        }
        "swap" => {
            if units.len() < 2 {
                return None;
            }
            let k = seed % (units.len() - 1);
            let (a, b) = (units[k].clone(), units[k + 1].clone());
            if t[a.clone()] == t[b.clone()] {
                return None;
            }
            let mut n: Vec<char> = t[..a.start].to_vec();
            n.extend_from_slice(&t[b.clone()]);
            n.extend_from_slice(&t[a]);
            n.extend_from_slice(&t[b.end..]);
            t = n;
        }
        _ => return None,
    }
    Some(t.into_iter().collect())
}

/// The ok games of `../shared/data/arimaa` written in short notation by the library's writer
/// (`tabula convert --to short`), in views `g` and `s`: (name, text).
fn short_games() -> Vec<(String, String)> {
    use tabula_notation::arimaa::View;
    let mut out = Vec::new();
    for file in ["agt_testdata_movelists.tsv", "allgames201111_sample.tsv", "allgames202602_sample.tsv"] {
        let path = common::arimaa_data().join(file);
        tabula_replay::read::for_each_arimaa_record(&path, &mut |owned| {
            let record = owned.as_record();
            if tabula_replay::arimaa::verify(&record).verdict == Verdict::Ok {
                for (view, v) in [(View::Gold, "g"), (View::Silver, "s")] {
                    let (text, error) = tabula_replay::arimaa::convert::long_to_short(&record, view);
                    if error.is_none() {
                        out.push((format!("{}-{v}", owned.game), text));
                    }
                }
            }
            ControlFlow::Continue(())
        })
        .expect("read the archive");
    }
    out
}

fn arimaa_short(table: &mut Table) {
    use tabula_notation::arimaa::short::ShortRecord;
    let games = short_games();
    assert!(games.len() > 100, "{} games in short notation", games.len());
    for (name, text) in &games {
        keep("arimaa-short", "none", &format!("{name}.txt"), text.as_bytes());
    }
    for &kind in SHORT_KINDS {
        for (g, (name, text)) in games.iter().enumerate() {
            // The turns of steps: their labels and the byte ranges of their units.
            let record = ShortRecord::parse(text).expect("the writer's text reads");
            let turns: Vec<(String, std::ops::Range<usize>)> = record
                .moves
                .iter()
                .filter_map(|m| {
                    let u = m.units().filter(|u| !u.is_empty())?;
                    Some((m.label.to_string(), u[0].span.start..u[u.len() - 1].span.end))
                })
                .collect();
            for (n, p) in places(turns.len(), g).into_iter().enumerate() {
                let (label, span) = &turns[p];
                let played = &text[span.clone()];
                let Some(slipped) = short_slip(played, kind, g + n) else { continue };
                let data = format!("{}{slipped}{}", &text[..span.start], &text[span.end..]);
                let file = format!("{name}-{n}.txt");
                keep("arimaa-short", kind, &file, data.as_bytes());
                for r in check(&file, data.as_bytes(), true) {
                    count(table, ("arimaa-short", kind), &r, label, |m| m == played);
                    let here = r.error.as_ref().filter(|e| r.verdict == Verdict::Illegal && e.turn == *label);
                    if let (Some(e), Some(_)) = (here, std::env::var_os("SLIPS_DEBUG")) {
                        let s: Vec<_> = e
                            .suggestions
                            .as_deref()
                            .map(|s| s.iter().map(|s| (s.r#move.clone(), s.then)).collect())
                            .unwrap_or_default();
                        if s.iter().find(|s| s.1 == Some(Verdict::Ok)).is_none_or(|s| s.0 != played) {
                            eprintln!("DBG {kind} {file} {label} `{played}` -> `{slipped}` ({}) {s:?}", e.message);
                        }
                    }
                }
            }
        }
    }
}

// ---- Backgammon: .mat matches ----------------------------------------------------------------

const BACKGAMMON_KINDS: &[&str] =
    &["point-off", "digits-swapped", "move-missing", "move-extra", "hit-mark", "dice-swapped", "bar-off"];

/// Where the plays of a `.mat` line stand: (start of the dice, end of the play).
fn plays_on(line: &str) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 3 < b.len() {
        let roll = (b'1'..=b'6').contains(&b[i]) && (b'1'..=b'6').contains(&b[i + 1]) && b[i + 2] == b':';
        let starts = i == 0 || b[i - 1] == b' ';
        if roll && starts {
            let mut end = i + 3;
            // To two spaces, the end of the line, or the next roll (`43: 24/21 13/9 31: 8/5 6/5`).
            let next_roll = |at: usize| {
                b[at] == b' '
                    && b.get(at + 1..at + 4)
                        .is_some_and(|r| r[0].is_ascii_digit() && r[1].is_ascii_digit() && r[2] == b':')
            };
            while end < b.len() && !(b[end] == b' ' && b.get(end + 1).is_none_or(|&c| c == b' ')) && !next_roll(end) {
                end += 1;
            }
            out.push((i, end));
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// The play `play` (after `dd: `) with a slip of `kind`, or `None`.
fn backgammon_slip(roll: &str, play: &str, kind: &str, seed: usize) -> Option<(String, String)> {
    let moves: Vec<&str> = play.split_ascii_whitespace().collect();
    if moves.is_empty() {
        return None;
    }
    let pick = seed % moves.len();
    let mut m: Vec<String> = moves.iter().map(|s| (*s).to_owned()).collect();
    let mut roll = roll.to_owned();
    match kind {
        "point-off" | "digits-swapped" => {
            let t = &m[pick];
            let numbers: Vec<(usize, usize)> = {
                let b = t.as_bytes();
                let mut v = Vec::new();
                let mut i = 0;
                while i < b.len() {
                    if b[i].is_ascii_digit() {
                        let s = i;
                        while i < b.len() && b[i].is_ascii_digit() {
                            i += 1;
                        }
                        v.push((s, i));
                    } else {
                        i += 1;
                    }
                }
                v
            };
            let candidates: Vec<&(usize, usize)> = if kind == "point-off" {
                numbers.iter().collect()
            } else {
                numbers.iter().filter(|(s, e)| e - s == 2 && t.as_bytes()[*s] != t.as_bytes()[s + 1]).collect()
            };
            let &&(s, e) = candidates.get(seed % candidates.len().max(1))?;
            let n: u32 = t[s..e].parse().ok()?;
            let new = if kind == "point-off" {
                if (seed / 2).is_multiple_of(2) && n < 24 || n == 0 {
                    (n + 1).to_string()
                } else {
                    (n - 1).to_string()
                }
            } else {
                t[s..e].chars().rev().collect()
            };
            m[pick] = format!("{}{}{}", &t[..s], new, &t[e..]);
        }
        // One checker move of a group `13/7(4)` is one of its count.
        "move-missing" | "move-extra" => {
            let (body, n) = match m[pick].strip_suffix(')').and_then(|t| t.split_once('(')) {
                Some((body, n)) => (body.to_owned(), n.parse::<usize>().ok()?),
                None => (m[pick].clone(), 1),
            };
            let n = if kind == "move-missing" { n - 1 } else { n + 1 };
            match n {
                0 => {
                    m.remove(pick);
                }
                1 => m[pick] = body,
                n => m[pick] = format!("{body}({n})"),
            }
        }
        "hit-mark" => {
            let (body, count) = match m[pick].find('(') {
                Some(i) => (m[pick][..i].to_owned(), m[pick][i..].to_owned()),
                None => (m[pick].clone(), String::new()),
            };
            let body = if body.contains('*') { body.replace('*', "") } else { format!("{body}*") };
            m[pick] = format!("{body}{count}");
        }
        "dice-swapped" => {
            let b = roll.as_bytes();
            if b[0] == b[1] {
                return None;
            }
            roll = format!("{}{}", b[1] as char, b[0] as char);
        }
        "bar-off" => {
            let i = m.iter().position(|t| t.contains("bar") || t.contains("off"))?;
            m[i] = m[i].replace("bar", "25").replace("off", "0");
        }
        _ => return None,
    }
    Some((roll, m.join(" ")))
}

/// A play's checker moves as the suggestions write them, compared without regard to order.
fn same_play(a: &str, b: &str) -> bool {
    // The record need not mark its hits: the moves compare without the marks.
    let norm = |s: &str| {
        let mut t = tabula_replay::backgammon::suggest::play_tokens(&s.replace('*', ""));
        t.sort();
        t
    };
    norm(a) == norm(b)
}

fn backgammon(table: &mut Table) {
    let dir = common::shared_data("backgammon/matches");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("matches").flatten().map(|e| e.path()).collect();
    files.sort();
    for (f, path) in files.iter().filter(|p| p.extension().is_some_and(|e| e == "mat")).enumerate() {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let source = path.file_name().and_then(|n| n.to_str()).unwrap_or("m.mat").to_owned();
        let ok: std::collections::HashSet<String> = check(&source, text.as_bytes(), false)
            .into_iter()
            .filter(|r| r.verdict == Verdict::Ok)
            .map(|r| r.game)
            .collect();
        let lines: Vec<&str> = text.lines().collect();
        // The lines of each game, by its number.
        let mut games: Vec<(u32, Vec<usize>)> = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            if let Some(n) = l.trim().strip_prefix("Game ").and_then(|n| n.trim().parse().ok()) {
                games.push((n, Vec::new()));
            } else if let Some(g) = games.last_mut() {
                if !plays_on(l).is_empty() {
                    g.1.push(i);
                }
            }
        }
        let name = source.trim_end_matches(".mat");
        for &kind in BACKGAMMON_KINDS {
            let mut new_lines: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
            let mut truth: HashMap<String, (String, String)> = HashMap::new();
            for (number, play_lines) in &games {
                let id = format!("{name}#{number}");
                if !ok.contains(&id) || play_lines.is_empty() {
                    continue;
                }
                let seed = f * 31 + *number as usize;
                // The first play on a line from the seed on whose slip applies.
                for k in 0..play_lines.len() {
                    let li = play_lines[(seed + k) % play_lines.len()];
                    let line = lines[li];
                    let plays = plays_on(line);
                    let (s, e) = plays[(seed / 3) % plays.len()];
                    let (roll, play) = (&line[s..s + 2], line[s + 3..e].trim());
                    if play.is_empty() {
                        continue;
                    }
                    let Some((new_roll, new_play)) = backgammon_slip(roll, play, kind, seed) else { continue };
                    let cell = format!("{new_roll}: {new_play}");
                    let old_len = e - s;
                    // Keep the columns where they stand: the cell padded or cut into its spaces.
                    let rest = &line[e..];
                    let pad = rest.len() - rest.trim_start().len();
                    let room = if rest.trim().is_empty() { usize::MAX } else { old_len + pad.saturating_sub(1) };
                    if cell.len() > room {
                        continue;
                    }
                    let fill = if rest.trim().is_empty() { 0 } else { old_len + pad - cell.len() };
                    new_lines[li] = format!("{}{}{}{}", &line[..s], cell, " ".repeat(fill), rest.trim_start());
                    let side = if s < 30 { "L" } else { "R" };
                    let label = line.trim_start().split(')').next().unwrap_or("").trim().to_owned();
                    truth.insert(id.clone(), (format!("{label}{side}"), play.to_owned()));
                    break;
                }
            }
            let data = new_lines.join("\n") + "\n";
            keep("backgammon", kind, &source, data.as_bytes());
            for r in check(&source, data.as_bytes(), true) {
                let Some((turn, played)) = truth.get(&r.game) else { continue };
                count(table, ("backgammon", kind), &r, turn, |m| same_play(m, played));
                if std::env::var_os("SLIPS_DEBUG").is_some() && r.verdict == Verdict::Illegal {
                    let e = r.error.as_ref().unwrap();
                    let s: Vec<_> = e
                        .suggestions
                        .as_deref()
                        .map(|s| s.iter().map(|s| (s.r#move.clone(), s.then)).collect())
                        .unwrap_or_default();
                    if !s.iter().any(|(m, _)| same_play(m, played)) {
                        eprintln!(
                            "DBG {kind} {} turn {} want {turn} `{played}` {:?} got `{}` {s:?}",
                            r.game,
                            e.turn,
                            tabula_replay::backgammon::suggest::play_tokens(played),
                            e.token
                        );
                    }
                }
            }
        }
    }
}

// ---- Stones and Rivers --------------------------------------------------------------------------

const SNR_KINDS: &[&str] = &["column", "row", "action", "cell-missing"];

fn snr_tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|t| !t.is_empty()).map(str::to_ascii_uppercase).collect()
}

/// A turn `Sq - D5, PS, D6, D7` with a slip of `kind`, or `None`.
fn snr_slip(turn: &str, kind: &str, seed: usize) -> Option<String> {
    let (player, rest) = turn.split_once(" - ")?;
    let mut parts: Vec<String> = rest.split(", ").map(str::to_owned).collect();
    let cells: Vec<usize> =
        (0..parts.len()).filter(|&i| parts[i].len() >= 2 && parts[i].as_bytes()[1].is_ascii_digit()).collect();
    let actions: Vec<usize> = (0..parts.len()).filter(|&i| !cells.contains(&i)).collect();
    match kind {
        "column" | "row" => {
            let &i = cells.get(seed % cells.len().max(1))?;
            let c = parts[i].as_bytes()[0];
            let n: u32 = parts[i][1..].parse().ok()?;
            parts[i] = if kind == "column" {
                let c = if (seed.is_multiple_of(2) && c < b'M') || c == b'A' { c + 1 } else { c - 1 };
                format!("{}{n}", c as char)
            } else {
                let n = if (seed.is_multiple_of(2) && n < 14) || n == 1 { n + 1 } else { n - 1 };
                format!("{}{n}", c as char)
            };
        }
        "action" => {
            const ALL: &[&str] = &["PS", "PR", "M", "FN", "FE", "FS", "FW"];
            let &i = actions.get(seed % actions.len().max(1))?;
            let at = ALL.iter().position(|a| *a == parts[i]).unwrap_or(0);
            parts[i] = ALL[(at + 1 + seed % (ALL.len() - 1)) % ALL.len()].to_owned();
        }
        "cell-missing" => {
            let extra: Vec<usize> = cells.iter().copied().filter(|&i| i > 0).collect();
            let &i = extra.get(seed % extra.len().max(1))?;
            parts.remove(i);
        }
        _ => return None,
    }
    Some(format!("{player} - {}", parts.join(", ")))
}

fn stones_rivers(table: &mut Table) {
    let path = common::shared_data("snr/games_legal.txt");
    let text = std::fs::read_to_string(&path).expect("read the records");
    let reports = check("games_legal.txt", text.as_bytes(), false);
    let records: Vec<&str> = text.split("\n\n").filter(|r| !r.trim().is_empty()).collect();
    for &kind in SNR_KINDS {
        let mut out = String::new();
        let mut truth: HashMap<String, (String, String)> = HashMap::new();
        for (g, record) in records.iter().enumerate() {
            if reports.get(g).is_none_or(|r| r.verdict != Verdict::Ok) {
                continue;
            }
            let lines: Vec<&str> = record.lines().filter(|l| !l.trim().is_empty()).collect();
            let turns: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].contains(" - ")).collect();
            for (n, p) in places(turns.len(), g).into_iter().enumerate() {
                let i = turns[p];
                let Some(slipped) = snr_slip(lines[i], kind, g + n) else { continue };
                let id = format!("{g}-{n}");
                out.push_str(&format!("[Game \"{id}\"]\n"));
                for (j, l) in lines.iter().enumerate() {
                    if l.starts_with("[Game ") {
                        continue;
                    }
                    out.push_str(if j == i { &slipped } else { l });
                    out.push('\n');
                }
                out.push('\n');
                truth.insert(id, ((p + 1).to_string(), lines[i].to_owned()));
            }
        }
        keep("stones-and-rivers", kind, "slips.txt", out.as_bytes());
        for r in check("slips.txt", out.as_bytes(), true) {
            let Some((turn, played)) = truth.get(&r.game) else { continue };
            count(table, ("stones-and-rivers", kind), &r, turn, |m| snr_tokens(m) == snr_tokens(played));
        }
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn what_was_played_is_suggested() {
    let mut table = Table::new();
    let only = std::env::var("SLIPS_ONLY").ok();
    let run = |game: &str| only.as_deref().is_none_or(|o| o == game);
    if run("arimaa") {
        arimaa(&mut table);
    }
    if run("arimaa-short") {
        arimaa_short(&mut table);
    }
    if run("backgammon") {
        backgammon(&mut table);
    }
    if run("stones-and-rivers") {
        stones_rivers(&mut table);
    }
    println!("{:<18} {:<16} {:>6} {:>6} {:>8} {:>8}", "game", "slip", "made", "broke", "among", "first");
    let mut by_game: BTreeMap<&str, Tally> = BTreeMap::new();
    let pct = |a: usize, b: usize| if b == 0 { "-".to_owned() } else { format!("{:.1}%", 100.0 * a as f64 / b as f64) };
    for ((game, kind), t) in &table {
        println!(
            "{game:<18} {kind:<16} {:>6} {:>6} {:>8} {:>8}",
            t.made,
            t.broke,
            pct(t.among, t.broke),
            pct(t.first, t.broke)
        );
        let g = by_game.entry(game).or_default();
        g.made += t.made;
        g.broke += t.broke;
        g.among += t.among;
        g.first += t.first;
    }
    let mut short = Vec::new();
    for (game, t) in &by_game {
        println!(
            "{game:<18} {:<16} {:>6} {:>6} {:>8} {:>8}",
            "all",
            t.made,
            t.broke,
            pct(t.among, t.broke),
            pct(t.first, t.broke)
        );
        assert!(t.broke > 0, "{game}: no slip broke its move");
        if t.among * 100 < t.broke * 98 || t.first * 100 < t.broke * 90 {
            short.push(*game);
        }
    }
    assert!(short.is_empty(), "below 98% among the suggestions or 90% first repairing: {short:?}");
}
