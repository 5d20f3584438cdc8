//! Arimaa positions as diagrams, and `tabula replay` for Arimaa records.

use std::io::Write;

use tabula_engine::arimaa::{Bitboard, Board, Position, Square, Turn};

use super::verify::{verify_with, Record, Replayed};
use crate::diagram::{Grid, Mark};
use crate::error::{past_end, ShowError};
use crate::report::Verdict;

/// The board as a diagram from Gold's side: rank 8 at the top, traps marked, and the squares
/// the last turn's steps touched highlighted.
pub fn diagram(board: &Board, highlight: Bitboard) -> Grid {
    let files = (b'a'..=b'h').map(|c| (c as char).to_string()).collect();
    let ranks = (1..=8).rev().map(|r: u32| r.to_string()).collect();
    let mut g = Grid::new(files, ranks);
    for sq in Square::ALL {
        let (row, col) = (7 - sq.rank() as usize, sq.file() as usize);
        let piece = board.piece_at(sq);
        let c = piece.map_or(if sq.is_trap() { 'x' } else { '.' }, |p| p.char());
        let mark = if highlight.contains(sq) {
            Mark::Highlight
        } else if sq.is_trap() {
            Mark::Special
        } else {
            Mark::Plain
        };
        g.set(row, col, c, mark);
    }
    g
}

/// The squares a turn's steps leave and reach.
pub fn touched(turn: &Turn) -> Bitboard {
    turn.steps().iter().fold(Bitboard::EMPTY, |bb, s| {
        let bb = bb.with(s.from);
        s.to().map_or(bb, |to| bb.with(to))
    })
}

/// Prints a record move by move (or only the position after `upto` moves) with diagrams, after
/// a line naming the game and its `tags` (players, event, date) and before the verdict, which
/// it returns.
///
/// # Errors
/// Writing failed, or `upto` is past the game's last move.
pub fn print_replay(
    record: &Record<'_>,
    tags: &[(String, String)],
    upto: Option<usize>,
    color: bool,
    out: &mut impl Write,
) -> Result<Verdict, ShowError> {
    writeln!(out, "{}", title_line(record, tags))?;
    let mut n = 0usize;
    let mut last_label = None;
    let mut err = Ok(());
    let mut last: Option<(String, Position, Bitboard)> = None;
    let report = verify_with(record, |ev| {
        let (line, after, hl) = match ev {
            Replayed::Move { label, after, turn, text, .. } => {
                n += 1;
                last_label = Some(label);
                let t = String::from_utf8_lossy(text.trim_ascii()).into_owned();
                (format!("{label} {t}"), *after, turn.as_ref().map_or(Bitboard::EMPTY, touched))
            }
            Replayed::TakeBack { label, after } => {
                n = n.saturating_sub(1);
                (format!("{label} takeback"), *after, Bitboard::EMPTY)
            }
            Replayed::Start { position } => ("the position records".to_owned(), *position, Bitboard::EMPTY),
        };
        match upto {
            Some(k) if n <= k => last = Some((line, after, hl)),
            Some(_) => {}
            None if err.is_ok() => {
                err = writeln!(out, "{line}")
                    .and_then(|()| writeln!(out, "{}", diagram(after.board(), hl).render(color)));
            }
            None => {}
        }
    });
    err?;
    if let Some((line, after, hl)) = last {
        writeln!(out, "{line}")?;
        writeln!(out, "{}", diagram(after.board(), hl).render(color))?;
    }
    if let Some(k) = upto.filter(|&k| k > n) {
        return Err(past_end(&report, k, n));
    }
    // The move that decided the game, when the board did.
    let decided_at = report.result.is_some().then(|| last_label.map(|l| l.to_string())).flatten();
    report.write_verdict(out, decided_at.as_deref())?;
    Ok(report.verdict)
}

/// `game 900001 (file): Gold ann (1500) against Silver bob · World · 2026-01-01`: the game and
/// what its record says of it.
fn title_line(record: &Record<'_>, tags: &[(String, String)]) -> String {
    let tag = |key: &str| tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let mut line = format!("game {} ({})", record.game, record.source);
    if let (Some(gold), Some(silver)) = (tag("Gold"), tag("Silver")) {
        line.push_str(&format!(": Gold {gold} against Silver {silver}"));
    }
    for (k, v) in tags.iter().filter(|(k, _)| k != "Gold" && k != "Silver") {
        line.push_str(&format!(" · {k} {v}"));
    }
    line
}
