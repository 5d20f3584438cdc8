//! Arimaa positions as diagrams, and `tabula replay` for Arimaa records.

use std::io::Write;

use tabula_engine::arimaa::{Bitboard, Board, Position, Square, Turn};

use super::verify::{verify_with, Record, Replayed};
use crate::diagram::{Grid, Mark};
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

/// Prints a record move by move (or only the position after `upto` moves) with diagrams, then
/// the verdict, which it returns.
///
/// # Errors
/// Writing failed.
pub fn print_replay(
    record: &Record<'_>,
    upto: Option<usize>,
    color: bool,
    out: &mut impl Write,
) -> std::io::Result<Verdict> {
    let mut n = 0usize;
    let mut err = Ok(());
    let mut last: Option<(String, Position, Bitboard)> = None;
    let report = verify_with(record, |ev| {
        let (line, after, hl) = match ev {
            Replayed::Move { label, after, turn, text, .. } => {
                n += 1;
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
    report.write_verdict(out)?;
    Ok(report.verdict)
}
