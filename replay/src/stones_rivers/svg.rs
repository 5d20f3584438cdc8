//! Stones and Rivers positions as SVG pictures, and a record as the frames of a replay page.
//!
//! The board is drawn from Square's seat, as the terminal diagram (row 14 at the top, columns
//! `M` at the left to `A` at the right): the 13 x 14 intersections on grid lines, the two Score
//! Areas shaded and named. Square's pieces are red and drawn square, Circle's blue and drawn
//! round, so owner shows by shape and colour; a stone is a solid piece, a river a long bar
//! along its flow (north-south upright, east-west across) with the letter `N` or `E`. The
//! intersections the last turn touched are ringed.

use std::sync::Arc;

use tabula_engine::stones_rivers::{score_area, Axis, Bitboard, Cell, Face, Player, Position, COLUMNS, ROWS};

use super::records::Record;
use super::show::{status, touched};
use super::verify::{start_position, verify_with, Replayed};
use crate::svg::{Place, Svg, HIGHLIGHT};
use crate::view::{Frame, GameView};

const STEP: f64 = 38.0;
const LEFT: f64 = 40.0;
const TOP: f64 = 34.0;
const WIDTH: f64 = LEFT * 2.0 + (COLUMNS as f64 - 1.0) * STEP;
const HEIGHT: f64 = TOP + (ROWS as f64 - 1.0) * STEP + 34.0 + 30.0;

const SQUARE_COLOUR: (&str, &str) = ("#c0392b", "#fbe3df");
const CIRCLE_COLOUR: (&str, &str) = ("#2457a6", "#dde8f8");

/// The centre of an intersection on the picture.
fn centre(cell: Cell) -> (f64, f64) {
    let x = LEFT + f64::from(COLUMNS - 1 - cell.column()) * STEP;
    let y = TOP + f64::from(ROWS - 1 - cell.row()) * STEP;
    (x, y)
}

/// The 182 intersections of [`board`]'s picture, to click on (`data-square="D6"`).
pub fn places() -> Vec<Place> {
    Cell::all()
        .map(|cell| {
            let (x, y) = centre(cell);
            let area = (x - STEP / 2.0, y - STEP / 2.0, STEP, STEP);
            Place { attribute: "square", name: cell.to_string(), area }
        })
        .collect()
}

/// The position as a standalone SVG picture from Square's seat; `highlight` the intersections
/// the last turn touched; `caption` is written under the board with who is to move.
pub fn board(position: &Position, highlight: Bitboard, caption: &str) -> String {
    let title = if caption.is_empty() {
        "Stones and Rivers position".to_owned()
    } else {
        format!("Stones and Rivers: {caption}")
    };
    let mut svg = Svg::new(WIDTH, HEIGHT, &title, "#f4efe3");
    let (right, bottom) = (LEFT + f64::from(COLUMNS - 1) * STEP, TOP + f64::from(ROWS - 1) * STEP);
    // Score Areas under the grid.
    for player in Player::ALL {
        let (ink, paper) = match player {
            Player::Square => SQUARE_COLOUR,
            Player::Circle => CIRCLE_COLOUR,
        };
        let cells: Vec<Cell> = score_area(player).iter().collect();
        let xs = cells.iter().map(|&c| centre(c).0);
        let ys: Vec<f64> = cells.iter().map(|&c| centre(c).1).collect();
        let (x0, x1) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        let (y0, y1) = ys.iter().fold((f64::MAX, f64::MIN), |(a, b), &y| (a.min(y), b.max(y)));
        if cells.is_empty() {
            continue;
        }
        let attrs = format!("fill=\"{paper}\" stroke=\"{ink}\" stroke-dasharray=\"4 3\" class=\"score-area\"");
        svg.rect(x0 - STEP / 2.0, y0 - STEP / 2.0, x1 - x0 + STEP, y1 - y0 + STEP, &attrs);
        let name = format!("{}'s Score Area", player.name());
        let attrs = format!("font-size=\"10\" text-anchor=\"start\" fill=\"{ink}\"");
        svg.text(x1 + STEP / 2.0 + 4.0, y0 + 4.0, &name, &attrs);
    }
    let grid = "stroke=\"#8a7a5c\" stroke-width=\"1\"";
    let columns = (0..COLUMNS).map(|c| LEFT + f64::from(c) * STEP).map(|x| ((x, TOP), (x, bottom)));
    let rows = (0..ROWS).map(|r| TOP + f64::from(r) * STEP).map(|y| ((LEFT, y), (right, y)));
    svg.lines(columns.chain(rows), grid);
    let label = "font-size=\"13\" text-anchor=\"middle\" fill=\"#444\"";
    for column in 0..COLUMNS {
        let x = LEFT + f64::from(COLUMNS - 1 - column) * STEP;
        let name = char::from(b'A' + column).to_string();
        svg.text(x, TOP - 14.0, &name, label);
        svg.text(x, bottom + 24.0, &name, label);
    }
    for row in 0..ROWS {
        let y = TOP + f64::from(ROWS - 1 - row) * STEP + 4.0;
        svg.text(LEFT - 24.0, y, &(row + 1).to_string(), label);
    }
    for cell in highlight.iter() {
        let (x, y) = centre(cell);
        svg.circle(
            x,
            y,
            STEP * 0.47,
            &format!("fill=\"none\" stroke=\"{HIGHLIGHT}\" stroke-width=\"4\" class=\"touched\""),
        );
    }
    let board = position.board();
    for cell in Cell::all() {
        let Some(piece) = board.piece_at(cell) else { continue };
        let (x, y) = centre(cell);
        let (ink, paper) = match piece.owner {
            Player::Square => SQUARE_COLOUR,
            Player::Circle => CIRCLE_COLOUR,
        };
        match piece.face {
            Face::Stone => {
                let attrs = format!("fill=\"{ink}\" stroke=\"#222\" stroke-width=\"1.5\" class=\"stone\"");
                let r = STEP * 0.34;
                match piece.owner {
                    Player::Square => svg.rect(x - r, y - r, 2.0 * r, 2.0 * r, &attrs),
                    Player::Circle => svg.circle(x, y, r, &attrs),
                }
            }
            Face::River(axis) => {
                let (long, short) = (STEP * 0.92, STEP * 0.5);
                let (w, h, letter) = match axis {
                    Axis::North => (short, long, "N"),
                    Axis::East => (long, short, "E"),
                };
                let round = match piece.owner {
                    Player::Square => 2.0,
                    Player::Circle => short / 2.0,
                };
                let attrs = format!(
                    "rx=\"{}\" fill=\"{paper}\" stroke=\"{ink}\" stroke-width=\"3\" class=\"river\"",
                    crate::svg::Num(round)
                );
                svg.rect(x - w / 2.0, y - h / 2.0, w, h, &attrs);
                let attrs = format!("font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\"");
                svg.text(x, y + 5.0, letter, &attrs);
            }
        }
    }
    let status = status(position).replace("Sq ", "Square ").replace("Cr ", "Circle ");
    let line = if caption.is_empty() { status } else { format!("{caption}   ({status})") };
    svg.text(LEFT - 24.0, HEIGHT - 14.0, &line, "font-size=\"15\" fill=\"#222\"");
    svg.finish()
}

/// A record replayed into frames, the start position first, then one per turn, by the same
/// verification as `tabula check`; with `suggest`, an illegal record's suggestions (`tabula
/// check --suggest`'s) in its report, for its page.
pub fn view(source: &Arc<str>, record: &Record, suggest: bool) -> GameView {
    let mut frames = Vec::new();
    let mut last = start_position(record).ok();
    if let Some(start) = last {
        let at = tabula_notation::stones_rivers::write_position(&start.to_setup());
        frames.push(Frame::new("start", 0, move |caption| board(&start, Bitboard::EMPTY, caption)).at(Some(at)));
    }
    let mut report = verify_with(source, record, |r: &Replayed<'_>| {
        let (after, lit) = (*r.after, touched(&r.turn));
        last = Some(after);
        let at = tabula_notation::stones_rivers::write_position(&after.to_setup());
        frames.push(
            Frame::new(format!("{}. {}", r.line.index, r.text), r.line.index, move |caption| {
                board(&after, lit, caption)
            })
            .at(Some(at)),
        );
    });
    if suggest {
        report.add_suggestions(|r| super::suggest::suggestions(source, record, r, last.as_ref()?));
    }
    let header =
        record.tags.iter().filter(|t| t.key != "Position").take(24).map(|t| (t.key.clone(), t.value.clone())).collect();
    let title = format!("{} game {}", crate::view::file_name(source), record.game_id());
    GameView::new(title, header, frames, report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::check_well_formed;

    #[test]
    fn the_picture_has_the_grid_stones_rivers_and_score_areas() {
        let text = "[Game \"1\"]\n[Event \"a & b\"]\nSq - D5, FN\nCr - D10, FE\n";
        let source: Arc<str> = Arc::from("t.txt");
        let record =
            crate::stones_rivers::find_record("t.txt", text.as_bytes(), None).unwrap_or_else(|e| panic!("{e}"));
        let view = view(&source, &record, true);
        assert_eq!(view.frames.len(), 3);
        assert_eq!(view.header, vec![("Game".to_owned(), "1".to_owned()), ("Event".to_owned(), "a & b".to_owned())]);
        let svg = view.frames[2].svg();
        assert_eq!(check_well_formed(&svg), Ok(()), "{svg}");
        let grid = svg.lines().find(|l| l.starts_with("<path d=\"M")).unwrap_or_default();
        assert_eq!(grid.matches('M').count(), 13 + 14, "13 columns and 14 rows of grid lines: {grid}");
        assert_eq!(svg.matches("class=\"river\"").count(), 2);
        assert_eq!(svg.matches("class=\"stone\"").count(), 28 - 2, "{svg}");
        assert_eq!(svg.matches("class=\"score-area\"").count(), 2);
        assert_eq!(svg.matches("class=\"touched\"").count(), 1);
        assert!(svg.contains(">M</text>") && svg.contains(">14</text>"));
    }
}
