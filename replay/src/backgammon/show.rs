//! Backgammon boards as diagrams, and `tabula replay` for `.mat` matches.

use std::io::{BufRead, Write};
use std::sync::Arc;

use tabula_engine::backgammon::{Cube, MatchScore, Point, Position, Side};
use tabula_notation::backgammon::position_id;

use super::check::KeptGame;
use super::mat::{ActionKind, Column, GameRecord};
use super::verify::{verify_game_with, Replayed};
use crate::error::FindError;
use crate::error::ShowError;
use crate::report::{GameReport, Verdict};
use crate::view::Look;

/// Checkers drawn in a column before the rest are shown as a number.
const STACK: usize = 5;

/// What the diagram shows besides the checkers.
#[derive(Clone, Debug, Default)]
pub struct Frame<'a> {
    /// The players' names, left column first (drawn as X at the bottom and O at the top).
    pub names: [&'a str; 2],
    /// The cube.
    pub cube: Cube,
    /// A line about the match (score, length), drawn between the halves.
    pub score_line: String,
    /// Points touched by the last play, in the left player's numbering (bit n = point n, bit 25
    /// the bar).
    pub touched: u32,
}

/// The board seen from the left column's player (X, moving from 24 to 1, home at the bottom
/// right), with O at the top, the bar in the middle, borne-off checkers, pip counts, the cube
/// beside its owner (or in the middle) and `frame.score_line`; in colour when `look` says so.
/// Narrower than [`FULL_WIDTH`], the players' notes stand above and under the board and the
/// score line (which the game's title line gives) is left out.
pub fn diagram(board: &Position, frame: &Frame<'_>, look: Look) -> String {
    let (color, narrow) = (look.color, look.width < FULL_WIDTH);
    // Columns left to right, top half then bottom half, in X's numbering.
    let top: Vec<u8> = (13..=24).collect();
    let bottom: Vec<u8> = (1..=12).rev().collect();
    let (x_pips, o_pips) = board.pips();
    let x_off = board.mine(Point::OFF);
    let o_off = board.theirs(Point::OFF);
    let x_bar = board.mine(Point::BAR);
    let o_bar = board.theirs(Point::BAR);
    let at = |p: u8| -> (char, u8) {
        let point = Point::new(p).unwrap_or(Point::OFF);
        let x = board.mine(point);
        let o = board.theirs(point.mirrored());
        if x > 0 {
            ('X', x)
        } else if o > 0 {
            ('O', o)
        } else {
            (' ', 0)
        }
    };
    let cell = |(c, n): (char, u8), depth: usize, touched: bool| -> String {
        let text = if usize::from(n) > depth {
            if depth + 1 == STACK && usize::from(n) > STACK {
                format!("{n:^3}")
            } else {
                format!(" {c} ")
            }
        } else {
            "   ".to_string()
        };
        if touched && color && text.trim() != "" {
            format!("\x1b[30;48;5;220m{text}\x1b[0m")
        } else {
            text
        }
    };
    let touched = |p: u8| frame.touched & (1 << p) != 0;
    let labels = |points: &[u8]| -> String {
        let l: Vec<String> = points.iter().map(|p| format!("{p:^3}")).collect();
        format!(" {}      {}", l[..6].concat(), l[6..].concat()).trim_end().to_string()
    };
    let bar_cell = |c: char, n: u8, depth: usize| cell((c, n), depth, touched(25));
    let cube_text = format!("cube {}", frame.cube.value);
    let side_note = |side: Side| -> String {
        let (mark, name, pips, off) = match side {
            Side::Zero => ('X', frame.names[0], x_pips, x_off),
            Side::One => ('O', frame.names[1], o_pips, o_off),
        };
        let cube = if frame.cube.owner == Some(side) { format!("  [{cube_text}]") } else { String::new() };
        format!("{mark} {name}  pips {pips}  off {off}{cube}")
    };
    let border = format!(" +{}+---+{}+", "-".repeat(18), "-".repeat(18));
    let mut out = String::new();
    if narrow {
        out.push_str(&format!(" {}\n", side_note(Side::One)));
    }
    out.push_str(&labels(&top));
    out.push('\n');
    out.push_str(&border);
    if !narrow {
        out.push_str("   ");
        out.push_str(&side_note(Side::One));
    }
    out.push('\n');
    for depth in 0..STACK {
        let row: Vec<String> = top.iter().map(|&p| cell(at(p), depth, touched(p))).collect();
        out.push_str(&format!(" |{}|{}|{}|\n", row[..6].concat(), bar_cell('O', o_bar, depth), row[6..].concat()));
    }
    let middle = if frame.cube.owner.is_none() { format!("   [{cube_text}]") } else { String::new() };
    let score = if narrow { "" } else { frame.score_line.as_str() };
    out.push_str(format!(" |{:18}|BAR|{:18}|{middle}  {score}", "", "").trim_end());
    out.push('\n');
    for depth in (0..STACK).rev() {
        let row: Vec<String> = bottom.iter().map(|&p| cell(at(p), depth, touched(p))).collect();
        out.push_str(&format!(" |{}|{}|{}|\n", row[..6].concat(), bar_cell('X', x_bar, depth), row[6..].concat()));
    }
    out.push_str(&border);
    if !narrow {
        out.push_str("   ");
        out.push_str(&side_note(Side::Zero));
    }
    out.push('\n');
    out.push_str(&labels(&bottom));
    out.push('\n');
    if narrow {
        out.push_str(&format!(" {}\n", side_note(Side::Zero)));
    }
    out
}

/// The width of a diagram with the players' notes beside it.
pub const FULL_WIDTH: usize = 84;

/// The points a play touched, in the left player's numbering, as [`Frame::touched`] wants them.
pub(crate) fn touched_points(replayed: &Replayed<'_>) -> u32 {
    let Some((_, play)) = &replayed.play else { return 0 };
    let mover = replayed.action.column.side();
    play.steps().iter().fold(0u32, |m, s| {
        [s.from, s.to].iter().filter(|p| **p != Point::OFF).fold(m, |m, &p| {
            let p = if mover == Side::Zero { p } else { p.mirrored() };
            m | 1 << p.number()
        })
    })
}

/// A game found in a match: the file's name, the game's place in it (its number in a match
/// written right), the match's length (`None` or 0 for money play), its tags (players, event,
/// place, date...), the game, the score the match's records give before it, and its report as
/// `tabula check` gives it (the match around it judged too: a score, a game after the end of
/// the match).
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub(crate) name: String,
    pub(crate) place: u32,
    pub(crate) length: Option<u32>,
    pub(crate) tags: Vec<(String, String)>,
    pub(crate) game: GameRecord,
    pub(crate) written: MatchScore,
    pub(crate) report: GameReport,
    /// What the file says beside the game's actions, as its check verified them.
    pub(crate) beside: super::check::Beside,
}

/// Finds the game `selector` (its place in the file, or its id `name#place`, as `tabula check`
/// names it; the first when `None`) in a match read from a `file` (`.mat`, `.sgf` or `.xg`). The whole match
/// is checked as `tabula check` checks it, so that the game gets the same verdict.
///
/// # Errors
/// The match has no such game, or it cannot be read (as `tabula check` reports it).
pub(crate) fn find_game(
    source: &str,
    input: impl BufRead,
    file: super::MatchFile,
    selector: Option<&str>,
) -> Result<Found, ShowError> {
    let path = crate::input::uncompressed_path(std::path::Path::new(source));
    let name = path.file_name().map_or(source.to_string(), |n| n.to_string_lossy().into());
    let wanted: Option<u32> = match selector {
        None => None,
        Some(s) => {
            let number = s.rsplit_once('#').map_or(s, |(_, n)| n);
            Some(number.parse().map_err(|_| ShowError::BadSelector {
                file: source.to_owned(),
                selector: s.to_owned(),
                name,
            })?)
        }
    };
    let place = wanted.unwrap_or(1);
    let (stem, arc) = (crate::input::record_name(std::path::Path::new(source)), Arc::from(source));
    let id = format!("{stem}#{place}");
    let mut report = None;
    let mut sink = |r: GameReport| {
        if r.game == id {
            report = Some(r);
        }
    };
    let kept = super::check::check_keeping(&arc, &stem, input, file, &mut sink, place);
    let Some(report) = report else {
        return Err(ShowError::from(FindError::NoGame {
            file: source.to_owned(),
            selector: wanted.map(|n| n.to_string()),
        }));
    };
    // A game kept is the one reported: both are the game at `place`, kept when it could be read.
    match kept {
        Some(k) => Ok(found_of(source, k, report)),
        None => {
            let (line, why) = report.error.as_ref().map_or((0, String::new()), |e| (e.line, e.message.clone()));
            Err(ShowError::Unreadable {
                file: source.to_owned(),
                reason: format!("game {place} cannot be read: line {line}: {why}"),
            })
        }
    }
}

/// A game kept while its match was checked, with its report, as [`find_game`] finds it.
pub(crate) fn found_of(source: &str, kept: KeptGame, report: GameReport) -> Found {
    let path = crate::input::uncompressed_path(std::path::Path::new(source));
    let name = path.file_name().map_or(source.to_string(), |n| n.to_string_lossy().into());
    let place = report.game.rsplit_once('#').and_then(|(_, n)| n.parse().ok()).unwrap_or(1);
    Found {
        name,
        place,
        length: kept.length,
        tags: kept.tags,
        game: kept.game,
        written: kept.written,
        report,
        beside: kept.beside,
    }
}

/// The line about the match drawn between the board's halves: the score before the game and
/// the match's length.
pub(crate) fn score_line(length: Option<u32>, game: &GameRecord, written: &MatchScore) -> String {
    if length.is_some_and(|l| l > 0) {
        format!(
            "{}-{} in a {} point match{}",
            game.scores[0],
            game.scores[1],
            length.unwrap_or(0),
            if written.crawford { ", Crawford game" } else { "" }
        )
    } else {
        format!("{}-{}", game.scores[0], game.scores[1])
    }
}

/// Finds the game `selector` (its number, or its id `name#number`; the first when `None`) in a
/// match read from a `file` (`.mat`, `.sgf` or `.xg`) and prints it action by action with diagrams drawn with `look` (or only the board after `upto` plays),
/// then the verdict, which it returns.
///
/// # Errors
/// The match cannot be read up to that game, it has no such game, or writing failed.
pub fn print_match_replay(
    source: &str,
    input: impl BufRead,
    file: super::MatchFile,
    selector: Option<&str>,
    upto: Option<usize>,
    look: Look,
    out: &mut impl Write,
) -> Result<Verdict, ShowError> {
    let Found { name, place, length, game, written, report, .. } = find_game(source, input, file, selector)?;
    let names = [game.players[0].as_str(), game.players[1].as_str()];
    let score_line = score_line(length, &game, &written);
    writeln!(out, "{name} game {place}: X {} against O {}, {score_line}", show_name(names[0]), show_name(names[1]))?;
    if upto == Some(0) {
        let frame = Frame { names, cube: Cube::default(), score_line: score_line.clone(), touched: 0 };
        let start = Position::start();
        writeln!(out, "{}Position ID {}\n", diagram(&start, &frame, look), position_id::encode(&start))?;
    }
    let mut plays = 0usize;
    let mut io_result = Ok(());
    let mut last: Option<String> = None;
    let mut observe = |r: Replayed<'_>| {
        if r.action.is_play() {
            plays += 1;
        }
        let text = describe(&r, names);
        let frame = Frame { names, cube: r.cube, score_line: score_line.clone(), touched: touched_points(&r) };
        let shown = if r.action.is_play() {
            format!("{text}\n{}Position ID {}\n", diagram(&r.board, &frame, look), board_id(&r))
        } else {
            text
        };
        match upto {
            Some(k) if plays <= k && r.action.is_play() => last = Some(shown),
            Some(_) => {}
            None if io_result.is_ok() => io_result = writeln!(out, "{shown}"),
            None => {}
        }
    };
    // The moves are shown as the game replays on its own; the verdict is the match's.
    verify_game_with(&Arc::from(source), format!("{name}#{place}"), &game, written, Some(&mut observe));
    io_result?;
    if let Some(k) = upto.filter(|&k| k > plays) {
        return Err(crate::error::past_end(&report, k, plays));
    }
    if let Some(shown) = last {
        writeln!(out, "{shown}")?;
    }
    write_verdict(&report, &game, out)?;
    Ok(report.verdict)
}

pub(crate) fn show_name(name: &str) -> &str {
    if name.is_empty() {
        "(no name)"
    } else {
        name
    }
}

/// The Position ID of the board, seen from the player whose turn comes next.
fn board_id(r: &Replayed<'_>) -> String {
    let mover = r.action.column.side();
    let next = if r.action.is_play() { mover.other() } else { mover };
    position_id::encode(&if next == Side::Zero { r.board } else { r.board.swapped() })
}

/// One line about an action: who, the text as written and, for a play written otherwise, the
/// standard notation.
pub(crate) fn describe(r: &Replayed<'_>, names: [&str; 2]) -> String {
    let a = r.action;
    let (mark, name) = match a.column {
        Column::Left => ('X', names[0]),
        Column::Right => ('O', names[1]),
    };
    let number = a.move_number.map_or(String::new(), |n| format!("{n}) "));
    let mut line = format!("{number}{mark} {}: {}", show_name(name), a.text);
    if let Some(standard) = r.standard_play() {
        let (d1, d2) = a.dice().unwrap_or((0, 0));
        let written = a.play().unwrap_or("");
        if !standard.is_empty() && written != standard {
            line.push_str(&format!("   (standard: {}{}: {standard})", d1.max(d2), d1.min(d2)));
        }
    }
    match a.kind {
        ActionKind::Unknown { .. } => line.push_str("   (rolled, then resigned)"),
        ActionKind::SetUp(_) => line.push_str("   (set by hand: the replay goes on from here)"),
        _ => {}
    }
    if r.unplayed {
        line.push_str("   (not played: the game ends by resignation after this roll)");
    }
    line
}

pub(crate) fn write_verdict(report: &GameReport, game: &GameRecord, out: &mut impl Write) -> std::io::Result<()> {
    match (&report.error, report.verdict) {
        // A fault of the match around the game (a score line) names no move.
        (Some(e), v) if e.turn.is_empty() => {
            writeln!(out, "{}: line {}, `{}`: {}", v.as_str(), e.line, e.token, e.message)
        }
        (Some(e), v) => {
            writeln!(out, "{}: line {}, move {}, `{}`: {}", v.as_str(), e.line, e.turn, e.token, e.message)
        }
        (None, _) => {
            let result = match &report.result {
                Some(crate::report::GameResult::Backgammon { winner, points, how }) => {
                    let name = show_name(&game.players[usize::from(*winner)]);
                    format!("{name} wins {points} point{} ({how})", if *points == 1 { "" } else { "s" })
                }
                _ => "no result".to_string(),
            };
            writeln!(out, "ok: {} plays, {result}", report.turns)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_drawn() {
        let frame = Frame { names: ["lasse", "mglough"], cube: Cube::default(), score_line: "0-0".into(), touched: 0 };
        let d = diagram(&Position::start(), &frame, Look::PLAIN);
        let narrow = diagram(&Position::start(), &frame, Look { width: 60, ..Look::PLAIN });
        assert!(narrow.lines().all(|l| l.chars().count() < FULL_WIDTH), "{narrow}");
        assert!(narrow.lines().next().is_some_and(|l| l.contains("pips")), "{narrow}");
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], " 13 14 15 16 17 18       19 20 21 22 23 24");
        assert_eq!(lines[2], " | X           O    |   | O              X |");
        assert_eq!(lines[6], " | X                |   | O                |");
        assert_eq!(lines[12], " | O           X    |   | X              O |");
        assert!(lines[1].ends_with("O mglough  pips 167  off 0"), "{}", lines[1]);
        assert!(lines[7].contains("[cube 1]"), "{}", lines[7]);
        assert_eq!(lines[14], " 12 11 10  9  8  7        6  5  4  3  2  1");
    }
}
