//! Stones and Rivers boards as diagrams, and `tabula replay` for record files.
//!
//! The diagram is drawn from Square's seat (`docs/stones-and-rivers.md`, "Rules", the
//! board): Square sits at the row-1 edge, so row 14 is at the top and row 1 at the
//! bottom, and `A1` is Square's bottom-right corner, so the columns run `M` (left) to `A`
//! (right). Each intersection shows two characters: the piece's letter, upper case for Square
//! and lower case for Circle (`S` a Stone, `N` a North river, `E` an East river, as in the
//! position string), then for a river its flow (`|` north-south, `-` east-west). Empty
//! intersections are `.`, and `+` in a Score Area. The Score Areas are named beside their rows
//! and, with colour, shaded; the intersections the last turn touched are bracketed (or, with
//! colour, highlighted).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Arc;

use tabula_engine::stones_rivers::{
    score_area, Axis, Bitboard, Board, Cell, Face, Player, Position, Turn, COLUMNS, ROWS,
};
use tabula_notation::stones_rivers::player_code;

use super::records::Record;
use super::verify::{start_position, verify_with, Replayed};
use crate::error::{past_end, ShowError};
use crate::report::Verdict;
use crate::view::Look;

/// The explanation printed under a diagram.
pub const LEGEND: &str = "S stone, N| north river, E- east river;\n\
                          upper case Square (sits at row 1), lower case Circle (row 14);\n\
                          + an empty Score Area intersection";

/// The two characters an intersection shows (see the module documentation).
pub fn cell_text(board: &Board, cell: Cell) -> [char; 2] {
    match board.piece_at(cell) {
        None if (score_area(Player::Square) | score_area(Player::Circle)).contains(cell) => ['+', ' '],
        None => ['.', ' '],
        Some(piece) => {
            let (letter, flow) = match piece.face {
                Face::Stone => ('S', ' '),
                Face::River(Axis::North) => ('N', '|'),
                Face::River(Axis::East) => ('E', '-'),
            };
            let letter = if piece.owner == Player::Square { letter } else { letter.to_ascii_lowercase() };
            [letter, flow]
        }
    }
}

/// The width of a diagram with the Score Areas named beside it; a narrower [`Look`] gets them
/// under the board.
pub const FULL_WIDTH: usize = 88;

/// The board as a diagram from Square's seat, `highlight` the intersections to mark (the last
/// turn's); colours as ANSI escapes in `look`, otherwise brackets show the highlight.
pub fn diagram(board: &Board, highlight: Bitboard, look: Look) -> String {
    let color = look.color;
    let mut notes = Vec::new();
    let mut out = String::new();
    let columns = || (0..COLUMNS).rev();
    let header: String = columns().map(|c| format!(" {:<3}", char::from(b'A' + c))).collect();
    let border = format!("    +{}+\n", "-".repeat(4 * usize::from(COLUMNS) + 1));
    let _ = writeln!(out, "     {}", header.trim_end());
    out.push_str(&border);
    for row in (0..ROWS).rev() {
        let _ = write!(out, "{:>3} |", row + 1);
        for column in columns() {
            let Some(cell) = Cell::new(column, row) else { continue };
            let [a, b] = cell_text(board, cell);
            let piece = board.piece_at(cell);
            let special = (score_area(Player::Square) | score_area(Player::Circle)).contains(cell);
            let lit = highlight.contains(cell);
            if color {
                let fg = match piece.map(|p| p.owner) {
                    Some(Player::Square) => "1;31",
                    Some(Player::Circle) => "1;34",
                    None => "",
                };
                let bg = if lit {
                    ";48;5;220"
                } else if special {
                    ";48;5;238"
                } else {
                    ""
                };
                if fg.is_empty() && bg.is_empty() {
                    let _ = write!(out, " {a}{b} ");
                } else {
                    let _ = write!(out, "\x1b[{}{bg}m {a}{b} \x1b[0m", if fg.is_empty() { "0" } else { fg });
                }
            } else if lit {
                let _ = write!(out, "[{a}{b}]");
            } else {
                let _ = write!(out, " {a}{b} ");
            }
        }
        out.push_str(" |");
        for player in Player::ALL {
            if score_area(player).iter().any(|c| c.row() == row) {
                let cells: Vec<Cell> = score_area(player).iter().collect();
                let (first, last) = (cells.first(), cells.last());
                if let (Some(first), Some(last)) = (first, last) {
                    let note = format!("{}'s Score Area {first}-{last}", player.name());
                    if look.width < FULL_WIDTH {
                        notes.push(note);
                    } else {
                        let _ = write!(out, "  {note}");
                    }
                }
            }
        }
        out.push('\n');
    }
    out.push_str(&border);
    let _ = writeln!(out, "     {}", header.trim_end());
    for note in notes {
        let _ = writeln!(out, "     {note}");
    }
    out
}

/// The intersections a turn touches: the acting piece's, and where it or the pushed piece
/// ends.
pub fn touched(turn: &Turn) -> Bitboard {
    match *turn {
        Turn::Flip { cell, .. } | Turn::Rotate { cell, .. } => Bitboard::from_cell(cell),
        Turn::Move { from, to } => Bitboard::from_cell(from).with(to),
        Turn::RiverPush { from, onto, to } | Turn::StonePush { from, onto, to } => {
            Bitboard::from_cell(from).with(onto).with(to)
        }
    }
}

/// The line under a diagram: who is to move, or who has won.
pub fn status(pos: &Position) -> String {
    match pos.winner() {
        Some(w) => format!("{} has won", player_code(w)),
        None => format!("{} to move", player_code(pos.to_move())),
    }
}

/// Prints a record turn by turn (or only the position after `upto` turns; 0 the start) with
/// diagrams, then the verdict, which it returns.
///
/// # Errors
/// Writing failed, or `upto` is past the game's last turn.
pub fn print_replay(
    source: &Arc<str>,
    record: &Record,
    upto: Option<usize>,
    look: Look,
    out: &mut impl Write,
) -> Result<Verdict, ShowError> {
    let tags: Vec<String> = record
        .tags
        .iter()
        .filter(|t| t.key != "Position" && t.key != "Game")
        .map(|t| format!("{} {}", t.key, t.value))
        .collect();
    let mut head = format!("game {} ({source})", record.game_id());
    if !tags.is_empty() {
        head.push_str(&format!(": {}", tags.join(" · ")));
    }
    writeln!(out, "{head}")?;
    let show = |out: &mut dyn Write, title: &str, pos: &Position, hl: Bitboard| -> io::Result<()> {
        writeln!(out, "{title}")?;
        write!(out, "{}", diagram(pos.board(), hl, look))?;
        writeln!(out, "     {}\n", status(pos))
    };
    if let Ok(start) = start_position(record) {
        if upto.is_none_or(|k| k == 0) {
            show(out, "start", &start, Bitboard::EMPTY)?;
        }
    }
    let mut err = Ok(());
    let mut last: Option<(String, Position, Bitboard)> = None;
    let report = verify_with(source, record, |r: &Replayed<'_>| {
        let title = format!("{}. {}", r.line.index, r.text);
        match upto {
            Some(k) if r.line.index == k => last = Some((title, *r.after, touched(&r.turn))),
            Some(_) => {}
            None if err.is_ok() => err = show(out, &title, r.after, touched(&r.turn)),
            None => {}
        }
    });
    err?;
    if let Some(k) = upto.filter(|&k| k > report.turns) {
        return Err(past_end(&report, k, report.turns));
    }
    if let Some((title, pos, hl)) = last {
        show(out, &title, &pos, hl)?;
    }
    writeln!(out, "{LEGEND}\n")?;
    let decided_at = (report.result.is_some() && report.turns > 0).then(|| format!("turn {}", report.turns));
    report.write_verdict(out, decided_at.as_deref())?;
    Ok(report.verdict)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_narrow_look_puts_the_notes_under_the_board() {
        let narrow = diagram(&Board::initial(), Bitboard::EMPTY, Look { width: 70, ..Look::PLAIN });
        assert!(narrow.lines().all(|l| l.chars().count() <= 70), "{narrow}");
        assert!(narrow.lines().any(|l| l.trim() == "Square's Score Area E11-I11"), "{narrow}");
        let wide = diagram(&Board::initial(), Bitboard::EMPTY, Look::PLAIN);
        assert!(wide.lines().any(|l| l.ends_with("|  Square's Score Area E11-I11")), "{wide}");
        assert!(LEGEND.lines().all(|l| l.len() <= 70));
    }

    #[test]
    fn the_initial_board_from_squares_seat() {
        let text = diagram(&Board::initial(), Bitboard::EMPTY, Look::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 18, "{text}");
        assert!(lines[0].trim_start().starts_with("M   L"), "{text}");
        assert!(lines[0].trim_end().ends_with('A'), "{text}");
        assert!(lines[2].starts_with(" 14 |"), "{text}");
        assert!(lines[15].starts_with("  1 |"), "{text}");
        // Row 10 holds Circle's stones on D..J, row 5 Square's; rows 11 and 4 the Score Areas.
        assert_eq!(lines[6], " 10 | .   .   .   s   s   s   s   s   s   s   .   .   .   |");
        assert!(lines[5].contains(" +  ") && lines[5].ends_with("|  Square's Score Area E11-I11"), "{text}");
        assert!(lines[12].ends_with("|  Circle's Score Area E4-I4"), "{text}");
        assert!(lines[11].contains("S   S"), "{text}");
    }

    #[test]
    fn rivers_show_their_flow_and_highlights_brackets() {
        let mut board = Board::initial();
        let d5 = Cell::new(3, 4).unwrap_or_else(|| unreachable!());
        let d10 = Cell::new(3, 9).unwrap_or_else(|| unreachable!());
        board.set(
            d5,
            Some(tabula_engine::stones_rivers::Piece { owner: Player::Square, face: Face::River(Axis::North) }),
        );
        board.set(
            d10,
            Some(tabula_engine::stones_rivers::Piece { owner: Player::Circle, face: Face::River(Axis::East) }),
        );
        assert_eq!(cell_text(&board, d5), ['N', '|']);
        assert_eq!(cell_text(&board, d10), ['e', '-']);
        let text = diagram(&board, Bitboard::from_cell(d5), Look::PLAIN);
        assert!(text.contains("[N|]"), "{text}");
        assert!(diagram(&board, Bitboard::from_cell(d5), Look { color: true, ..Look::PLAIN }).contains("\x1b["));
    }
}
