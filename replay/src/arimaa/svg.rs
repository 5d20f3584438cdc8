//! Arimaa positions as SVG pictures, and an Arimaa record as the frames of a replay page.
//!
//! The board is drawn from Gold's side (rank 8 at the top, as the terminal diagram), the four
//! traps (c3, f3, c6, f6) shaded and crossed, Gold's pieces as gold discs with dark letters and
//! Silver's as dark grey discs with white letters (`E M H D C R`, the letters of long
//! notation). The last turn is drawn over the board: the squares its steps touched outlined, an
//! arrow for each step, and each piece it captured as a faded piece ringed in red, with a red
//! cross, on its trap.

use tabula_engine::arimaa::{Board, Color, Phase, Piece, Position, Square, Turn};

use tabula_notation::arimaa::short::{ShortRecord, View};

use super::find::OwnedRecord;
use super::verify::{verify_with, Notation, Replayed};
use crate::report::{GameReport, Verdict};
use crate::svg::{Place, Svg, HIGHLIGHT};
use crate::view::{Frame, GameView, RepairContext};

const CELL: f64 = 60.0;
const LEFT: f64 = 28.0;
const TOP: f64 = 12.0;
const BOARD: f64 = 8.0 * CELL;
/// Width and height of the picture.
const WIDTH: f64 = LEFT + BOARD + 12.0;
const HEIGHT: f64 = TOP + BOARD + 26.0 + 28.0;

fn centre(sq: Square) -> (f64, f64) {
    let x = LEFT + (sq.file() as f64 + 0.5) * CELL;
    let y = TOP + ((7 - sq.rank()) as f64 + 0.5) * CELL;
    (x, y)
}

/// The 64 squares of [`board`]'s picture, to click on (`data-square="e2"`).
pub fn places() -> Vec<Place> {
    Square::ALL
        .iter()
        .map(|&sq| {
            let (x, y) = centre(sq);
            Place { attribute: "square", name: sq.to_string(), area: (x - CELL / 2.0, y - CELL / 2.0, CELL, CELL) }
        })
        .collect()
}

/// The pieces a turn captures, on their traps, in the order they fall: the turn's steps
/// replayed on `before` with the trap rule after each step.
pub fn captures(before: &Board, turn: &Turn) -> Vec<(Square, Piece)> {
    let mut board = *before;
    let mut taken = Vec::new();
    for step in turn.steps() {
        let Some(piece) = board.remove(step.from) else { continue };
        if let Some(to) = step.to() {
            board.put(to, piece);
        }
        for sq in board.unsupported_on_traps() {
            if let Some(p) = board.remove(sq) {
                taken.push((sq, p));
            }
        }
    }
    taken
}

fn piece(svg: &mut Svg, (x, y): (f64, f64), p: Piece, faded: bool) {
    let (fill, stroke, ink) = match p.color {
        Color::Gold => ("#f0c02c", "#7a5a00", "#2b2000"),
        Color::Silver => ("#4f5866", "#1c2129", "#ffffff"),
    };
    let opacity = if faded { " opacity=\"0.5\"" } else { "" };
    svg.group(&format!("class=\"piece\"{opacity}"));
    svg.circle(x, y, CELL * 0.4, &format!("fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\""));
    let letter = p.kind.upper_char().to_string();
    svg.text(
        x,
        y + 9.0,
        &letter,
        &format!("font-size=\"26\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\""),
    );
    svg.end_group();
}

/// The position as a standalone SVG picture; `last` is the position before the last turn and
/// that turn, drawn as arrows with its captures; `caption` is written under the board.
pub fn board(position: &Position, last: Option<(&Position, &Turn)>, caption: &str) -> String {
    let title = if caption.is_empty() { "Arimaa position".to_owned() } else { format!("Arimaa: {caption}") };
    let mut svg = Svg::new(WIDTH, HEIGHT, &title, "#fbf7ee");
    let label = "font-size=\"14\" text-anchor=\"middle\" fill=\"#444\"";
    for sq in Square::ALL {
        let (x, y) = centre(sq);
        let (x0, y0) = (x - CELL / 2.0, y - CELL / 2.0);
        let dark = (sq.file() + sq.rank()) % 2 == 0;
        let fill = match (sq.is_trap(), dark) {
            (true, _) => "#d98c7a",
            (false, true) => "#d9c7a3",
            (false, false) => "#efe3c8",
        };
        svg.rect(x0, y0, CELL, CELL, &format!("fill=\"{fill}\""));
        if sq.is_trap() {
            let cross = "stroke=\"#a0402e\" stroke-width=\"3\" class=\"trap\"";
            svg.line((x0 + 8.0, y0 + 8.0), (x0 + CELL - 8.0, y0 + CELL - 8.0), cross);
            svg.line((x0 + CELL - 8.0, y0 + 8.0), (x0 + 8.0, y0 + CELL - 8.0), cross);
        }
    }
    svg.rect(LEFT, TOP, BOARD, BOARD, "fill=\"none\" stroke=\"#333\" stroke-width=\"2\"");
    for i in 0..8u8 {
        let file = char::from(b'a' + i).to_string();
        svg.text(LEFT + (f64::from(i) + 0.5) * CELL, TOP + BOARD + 18.0, &file, label);
        let rank = (8 - i).to_string();
        svg.text(LEFT / 2.0, TOP + (f64::from(i) + 0.5) * CELL + 5.0, &rank, label);
    }
    let taken = last.map(|(before, turn)| captures(before.board(), turn)).unwrap_or_default();
    if let Some((_, turn)) = last {
        for step in turn.steps() {
            for sq in std::iter::once(step.from).chain(step.to()) {
                let (x, y) = centre(sq);
                let attrs = format!("fill=\"none\" stroke=\"{HIGHLIGHT}\" stroke-width=\"4\" class=\"touched\"");
                svg.rect(x - CELL / 2.0 + 2.0, y - CELL / 2.0 + 2.0, CELL - 4.0, CELL - 4.0, &attrs);
            }
        }
    }
    for (sq, p) in position.board().iter() {
        piece(&mut svg, centre(sq), p, false);
    }
    for &(sq, p) in &taken {
        let (x, y) = centre(sq);
        // The captured piece faded on its trap, ringed in red, a red cross in the corner.
        piece(&mut svg, (x, y), p, true);
        let ring = "fill=\"none\" stroke=\"#d0021b\" stroke-width=\"3\" stroke-dasharray=\"6 4\" class=\"capture\"";
        svg.circle(x, y, CELL * 0.44, ring);
        let (cx, cy) = (x + CELL * 0.34, y - CELL * 0.34);
        svg.circle(cx, cy, 9.0, "fill=\"#d0021b\"");
        let strike = "stroke=\"#ffffff\" stroke-width=\"2.5\" stroke-linecap=\"round\"";
        svg.line((cx - 4.0, cy - 4.0), (cx + 4.0, cy + 4.0), strike);
        svg.line((cx + 4.0, cy - 4.0), (cx - 4.0, cy + 4.0), strike);
    }
    if let Some((_, turn)) = last {
        for step in turn.steps() {
            let from = centre(step.from);
            if let Some(to) = step.to() {
                let to = centre(to);
                // From near the centre to near the edge of the next square, so the letters stay
                // readable.
                let shorten = |a: f64, b: f64, k: f64| a + (b - a) * k;
                let start = (shorten(from.0, to.0, 0.15), shorten(from.1, to.1, 0.15));
                let end = (shorten(from.0, to.0, 0.78), shorten(from.1, to.1, 0.78));
                svg.arrow(start, end, 4.0, "#1f6fd1");
            }
        }
    }
    let to_move = match (position.phase(), position.side_to_move()) {
        (Phase::Setup, Color::Gold) => "Gold to set up",
        (Phase::Setup, Color::Silver) => "Silver to set up",
        (_, Color::Gold) => "Gold to move",
        (_, Color::Silver) => "Silver to move",
    };
    let status = if caption.is_empty() { to_move.to_owned() } else { format!("{caption}   ({to_move})") };
    svg.text(LEFT, HEIGHT - 12.0, &status, "font-size=\"15\" fill=\"#222\"");
    svg.finish()
}

/// The header of an Arimaa record: the archive's columns that say who played where and when,
/// and the recorded result.
fn header(record: &OwnedRecord) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = record.tags.clone();
    if let Some(end) = record.recorded {
        let winner = match end.winner {
            Some(Color::Gold) => "Gold wins",
            Some(Color::Silver) => "Silver wins",
            None => "no winner",
        };
        let how = end.reason().map_or(String::new(), |r| format!(" by {r}"));
        out.push(("Result".into(), format!("{winner}{how}")));
    }
    out
}

/// The record replayed into frames, one per position (the empty board first, then after each
/// set-up and turn; a takeback removes the frame it undoes), by the same verification as
/// `tabula check`; with `suggest`, an illegal record's suggestions (`tabula check --suggest`'s)
/// in its report, for its page.
pub fn view(record: &OwnedRecord, suggest: bool) -> GameView {
    let mut frames = vec![Frame::new("start", 0, |_| board(&Position::new(), None, "start")).at(Some(String::new()))];
    // Every position its text reads back as: all but one where a turn left a side no piece
    // (its text reads as that side setting up).
    let open_at = |p: &Position| {
        (Phase::of(p.board(), p.side_to_move()) == p.phase()).then(|| tabula_notation::arimaa::write_position(p))
    };
    let mut last = None;
    let mut keep = super::suggest::keep_last(&mut last);
    let report = verify_with(&record.as_record(), |ev| {
        keep(ev.clone());
        match ev {
            Replayed::Move { label, before, after, turn, text } => {
                let text = String::from_utf8_lossy(text.trim_ascii()).into_owned();
                let caption = format!("{label} {text}");
                let (before, after) = (*before, *after);
                let n = frames.len();
                let at = open_at(&after);
                frames.push(
                    Frame::new(caption, n, move |caption| board(&after, turn.as_ref().map(|t| (&before, t)), caption))
                        .at(at),
                );
            }
            Replayed::TakeBack { .. } => {
                if frames.len() > 1 {
                    frames.pop();
                }
            }
            Replayed::Start { position } => {
                // A game of short notation from position records: that position is its start.
                let position = *position;
                frames.clear();
                let at = open_at(&position);
                frames
                    .push(Frame::new("the position records", 0, move |caption| board(&position, None, caption)).at(at));
            }
        }
    });
    drop(keep);
    let mut report = report;
    if suggest {
        report.add_suggestions(|r| super::suggest::suggestions(&record.as_record(), r, last?));
    }
    let repair_context = match record.notation {
        Notation::Short(_) => short_view_at(record, &report).map(RepairContext::View),
        Notation::Long => None,
    };
    let title = format!("{} game {}", crate::view::file_name(&record.source), record.game);
    let mut view = GameView::new(title, header(record), frames, report);
    view.repair_context = repair_context;
    view
}

/// The view (`g`, `s`, `n`) the move that breaks a `record` of short notation is written in,
/// the one its suggestions are written in; `None` for a record that does not break at a move.
fn short_view_at(record: &OwnedRecord, report: &GameReport) -> Option<&'static str> {
    let error = report.error.as_ref().filter(|_| report.verdict == Verdict::Illegal)?;
    let offset = error.line.checked_sub(record.line)?;
    let text = std::str::from_utf8(&record.movelist).ok()?;
    let (parsed, _) = ShortRecord::parse_partial(text);
    // Lines counted as the moves come, each byte once.
    let (mut counted, mut line) = (0, 0u64);
    let m = parsed.moves.iter().find(|m| {
        let to = m.span.start.clamp(counted, text.len());
        line += memchr::memchr_iter(b'\n', &text.as_bytes()[counted..to]).count() as u64;
        counted = to;
        line == offset && m.label.to_string() == error.turn
    })?;
    Some(match m.view {
        View::Gold => "g",
        View::Silver => "s",
        View::Neutral => "n",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::check_well_formed;
    use tabula_engine::arimaa::{Direction, PieceKind, Step};

    fn sq(name: &str) -> Square {
        Square::from_ascii(name.as_bytes()).unwrap_or_else(|| unreachable!())
    }

    fn short_record(text: &str) -> OwnedRecord {
        OwnedRecord {
            source: "t.txt".into(),
            game: "t".into(),
            movelist: text.as_bytes().to_vec(),
            line: 1,
            recorded: None,
            notation: Notation::Short(tabula_notation::arimaa::short::ResolveOptions::default()),
            tags: Vec::new(),
        }
    }

    #[test]
    fn a_short_record_that_breaks_gives_the_view_its_breaking_move_is_written_in() {
        // The seed's game, in Silver's view: its move 3g has two readings.
        let game = "1 dcdemchh, 8hdcmecdh 2 evmvh8vh7v, e^^^r^ 3 dvdvdvr5v, r^^m^>";
        let view = super::view(&short_record(&format!("s {game}")), true);
        assert_eq!(view.report.verdict, Verdict::Illegal, "{:?}", view.report);
        assert_eq!(view.report.error.as_ref().map(|e| e.turn.as_str()), Some("3g"));
        assert_eq!(view.repair_context, Some(RepairContext::View("s")));
        // Another view named on a line of its own, before the move that breaks.
        let view = super::view(&short_record("s 1 dcdemchh, 8hdcmecdh\nn\n2 evmvh8vh7v, e^^^r^\n3 dvdvdvr5v"), true);
        assert_eq!(view.report.verdict, Verdict::Illegal, "{:?}", view.report);
        assert!(view.report.error.as_ref().is_some_and(|e| e.line >= 3), "{:?}", view.report);
        assert_eq!(view.repair_context, Some(RepairContext::View("n")));
        let legal = super::view(&short_record(&format!("s {}", game.split(" 3 ").next().unwrap_or_default())), true);
        assert_eq!((legal.report.verdict, legal.repair_context), (Verdict::Ok, None));
    }

    #[test]
    fn a_capture_is_found_and_drawn() {
        // A silver rabbit on c6 alone, pushed... simply: a gold rabbit steps off f3's guard.
        let mut b = Board::empty();
        let gold = |kind| Piece { color: Color::Gold, kind };
        b.put(sq("c3"), gold(PieceKind::Rabbit));
        b.put(sq("c2"), gold(PieceKind::Cat));
        let turn = Turn::from_steps(&[Step::new(sq("c2"), Direction::West)]).unwrap_or_else(|| unreachable!());
        assert_eq!(captures(&b, &turn), vec![(sq("c3"), gold(PieceKind::Rabbit))]);
    }

    #[test]
    fn the_picture_has_the_traps_the_pieces_and_the_last_turn() {
        let text = "1w Ra1 Rb1 Rc1 Md1 Ee1 Rf1 Dg1 Ch1 Ha2 Rb2 Cc2 Rd2 Re2 Df2 Rg2 Hh2\n\
                    1b ca8 db8 rc8 rd8 ee8 hf8 cg8 dh8 ra7 rb7 rc7 rd7 re7 mf7 hg7 rh7\n\
                    2w Rg2n Rg3n Rg4n Rg5n\n";
        let record = OwnedRecord {
            source: "t.txt".into(),
            game: "1".into(),
            movelist: text.as_bytes().to_vec(),
            line: 1,
            recorded: None,
            notation: Default::default(),
            tags: vec![("Gold".into(), "a <b>".into())],
        };
        let view = view(&record, true);
        assert_eq!(view.frames.len(), 4);
        let svg = view.frames[3].svg();
        assert_eq!(check_well_formed(&svg), Ok(()), "{svg}");
        assert_eq!(svg.matches("class=\"trap\"").count(), 8, "two strokes for each of the four traps");
        assert_eq!(svg.matches("class=\"piece\"").count(), 32);
        assert_eq!(svg.matches("class=\"touched\"").count(), 8, "four steps, two squares each");
        assert!(svg.contains("2w Rg2n Rg3n Rg4n Rg5n"), "{svg}");
        assert!(svg.contains(">E</text>") && svg.contains("fill=\"#ffffff\">E</text>"), "both elephants");
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(check_well_formed(&view.frames[0].svg()), Ok(()));
    }
}
