//! Backgammon boards as SVG pictures, and a game of a match as the frames of a replay page.
//!
//! The board is drawn as the terminal diagram draws it, from the left column's player (X, light
//! checkers, moving from 24 to 1 with the home board at the bottom right), O (dark checkers) at
//! the top: the 24 points numbered in X's numbering, the bar in the middle (O's checkers on it
//! in its top half, X's in the bottom half), the checkers borne off in the tray on the right,
//! the cube (its value; in the middle of the bar when nobody owns it, else on its owner's side
//! at the left), the dice of the roll just played, each player's pip count and checkers off,
//! and the points the last play touched outlined.

use std::io::BufRead;
use std::sync::Arc;

use tabula_engine::backgammon::{BySide, Cube, GameState, MatchState, Point, Position, Side};

use super::show::{describe, find_game, score_line, show_name, touched_points, write_verdict, Found};
use super::verify::{verify_game_with, Replayed};
use crate::error::ShowError;
use crate::report::Verdict;
use crate::svg::{Place, Svg, HIGHLIGHT};
use crate::view::{Frame, GameView, RepairContext};

/// Checkers drawn on a point before the rest are shown as a number.
const STACK: usize = 5;
const R: f64 = 18.0;
const POINT_W: f64 = 40.0;
const LEFT: f64 = 60.0;
const BAR_W: f64 = 48.0;
const HALF_W: f64 = 6.0 * POINT_W;
const TRAY_W: f64 = 60.0;
const TOP: f64 = 50.0;
const POINT_H: f64 = 2.0 * R * STACK as f64;
const GAP: f64 = 44.0;
const BOARD_H: f64 = 2.0 * POINT_H + GAP;
const WIDTH: f64 = LEFT + 2.0 * HALF_W + BAR_W + 8.0 + TRAY_W + 12.0;
const HEIGHT: f64 = TOP + BOARD_H + 84.0;

const X_FILL: &str = "#f6f1e4";
const X_INK: &str = "#222222";
const O_FILL: &str = "#7d1d1d";
const O_INK: &str = "#ffffff";

/// What a board picture shows besides the checkers.
#[derive(Clone, Debug, Default)]
pub struct Scene<'a> {
    /// The players' names, left column (X) first.
    pub names: [&'a str; 2],
    /// The cube.
    pub cube: Cube,
    /// The roll just played and who rolled it.
    pub dice: Option<(Side, (u8, u8))>,
    /// A line about the match (score, length), drawn in the middle.
    pub score_line: String,
    /// Points touched by the last play in X's numbering (bit n = point n, bit 25 the bar).
    pub touched: u32,
    /// The player in whose numbering the points are labelled (`None`: X's, as in a record's
    /// frames; the analysis board labels them for the player on roll, as its `data-point`s).
    pub numbering: Option<Side>,
    /// The player marked as on roll beside his pip count, when one is.
    pub on_roll: Option<Side>,
}

/// The x of the centre of a column (0 = the leftmost point, 11 the rightmost).
fn column_x(column: usize) -> f64 {
    let c = column as f64;
    if column < 6 {
        LEFT + (c + 0.5) * POINT_W
    } else {
        LEFT + HALF_W + BAR_W + (c - 6.0 + 0.5) * POINT_W
    }
}

fn colours(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::Zero => (X_FILL, X_INK),
        Side::One => (O_FILL, O_INK),
    }
}

/// A stack of `n` checkers of `side` at `x`, from the edge `edge` toward the middle (`down`: the
/// top half), at most [`STACK`] drawn and the last one carrying the count when there are more.
fn stack(svg: &mut Svg, x: f64, edge: f64, down: bool, side: Side, n: u8) {
    let (fill, ink) = colours(side);
    let shown = usize::from(n).min(STACK);
    for k in 0..shown {
        let offset = R + 1.0 + 2.0 * R * k as f64;
        let y = if down { edge + offset } else { edge - offset };
        svg.circle(x, y, R - 1.0, &format!("fill=\"{fill}\" stroke=\"#444\" stroke-width=\"1.5\" class=\"checker\""));
        if k + 1 == shown && usize::from(n) > STACK {
            let attrs = format!("font-size=\"16\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\"");
            svg.text(x, y + 6.0, &n.to_string(), &attrs);
        }
    }
}

fn die(svg: &mut Svg, x: f64, y: f64, value: u8, side: Side) {
    let (fill, ink) = colours(side);
    let s = 34.0;
    let attrs =
        format!("rx=\"6\" fill=\"{fill}\" stroke=\"#333\" stroke-width=\"1.5\" class=\"die\" data-pips=\"{value}\"");
    svg.rect(x, y, s, s, &attrs);
    let (l, m, r) = (x + s * 0.25, x + s * 0.5, x + s * 0.75);
    let (t, c, b) = (y + s * 0.25, y + s * 0.5, y + s * 0.75);
    let dots: &[(f64, f64)] = match value {
        1 => &[(m, c)],
        2 => &[(l, t), (r, b)],
        3 => &[(l, t), (m, c), (r, b)],
        4 => &[(l, t), (r, t), (l, b), (r, b)],
        5 => &[(l, t), (r, t), (m, c), (l, b), (r, b)],
        _ => &[(l, t), (r, t), (l, c), (r, c), (l, b), (r, b)],
    };
    for &(dx, dy) in dots {
        svg.circle(dx, dy, 3.4, &format!("fill=\"{ink}\""));
    }
}

/// The points of [`board`]'s picture (seen from X), to click on, numbered from the view of the
/// player on roll (`data-point`, 1 to 24): X's numbering when `x_on_roll`, else O's (25 - n);
/// the half of the bar and of the tray on that player's side are 25 and 0.
pub fn places(x_on_roll: bool) -> Vec<Place> {
    let number = |p: u8| if x_on_roll { p } else { 25 - p };
    let point = |p: u8, area| Place { attribute: "point", name: number(p).to_string(), area };
    let mut places = Vec::with_capacity(26);
    for column in 0..12usize {
        let x = column_x(column) - POINT_W / 2.0;
        places.push(point(13 + column as u8, (x, TOP, POINT_W, POINT_H)));
        places.push(point(12 - column as u8, (x, TOP + POINT_H + GAP, POINT_W, POINT_H)));
    }
    // The player on roll's half: X's at the bottom, O's at the top.
    let half_y = if x_on_roll { TOP + BOARD_H / 2.0 } else { TOP };
    let bar_x = LEFT + HALF_W;
    let tray_x = LEFT + 2.0 * HALF_W + BAR_W + 8.0;
    places.push(Place { attribute: "point", name: "25".into(), area: (bar_x, half_y, BAR_W, BOARD_H / 2.0) });
    places.push(Place { attribute: "point", name: "0".into(), area: (tray_x, half_y, TRAY_W, BOARD_H / 2.0) });
    places
}

/// The board as a standalone SVG picture, seen from X (see the module documentation);
/// `caption` is written under it.
pub fn board(position: &Position, scene: &Scene<'_>, caption: &str) -> String {
    let title = if caption.is_empty() { "Backgammon position".to_owned() } else { format!("Backgammon: {caption}") };
    let mut svg = Svg::new(WIDTH, HEIGHT, &title, "#f3efe6");
    let bottom = TOP + BOARD_H;
    let bar_x = LEFT + HALF_W;
    let tray_x = LEFT + 2.0 * HALF_W + BAR_W + 8.0;
    // Frame, halves, bar, tray.
    svg.rect(LEFT - 4.0, TOP - 4.0, 2.0 * HALF_W + BAR_W + 8.0, BOARD_H + 8.0, "fill=\"#5b3a1e\"");
    svg.rect(LEFT, TOP, HALF_W, BOARD_H, "fill=\"#3f7a4f\"");
    svg.rect(bar_x + BAR_W, TOP, HALF_W, BOARD_H, "fill=\"#3f7a4f\"");
    svg.rect(bar_x, TOP, BAR_W, BOARD_H, "fill=\"#6e4a2a\" class=\"bar\"");
    svg.rect(tray_x, TOP - 4.0, TRAY_W, BOARD_H + 8.0, "fill=\"#5b3a1e\" class=\"tray\"");
    let label = "font-size=\"13\" text-anchor=\"middle\" fill=\"#333\" class=\"point-number\"";
    let at = |p: u8| -> Option<(Side, u8)> {
        let point = Point::new(p)?;
        let x = position.mine(point);
        let o = position.theirs(point.mirrored());
        if x > 0 {
            Some((Side::Zero, x))
        } else if o > 0 {
            Some((Side::One, o))
        } else {
            None
        }
    };
    let touched = |p: u8| scene.touched & (1 << p) != 0;
    for column in 0..12usize {
        let x = column_x(column);
        // Top row: 13..24 left to right; bottom row: 12..1.
        let (top_point, bottom_point) = (13 + column as u8, 12 - column as u8);
        for (point, edge, down) in [(top_point, TOP, true), (bottom_point, bottom, false)] {
            let apex = if down { edge + POINT_H - 6.0 } else { edge - POINT_H + 6.0 };
            let fill = if (column + usize::from(down)) % 2 == 0 { "#e8d9b5" } else { "#b5452f" };
            let outline = if touched(point) {
                format!(" stroke=\"{HIGHLIGHT}\" stroke-width=\"4\" class=\"point touched\"")
            } else {
                " class=\"point\"".to_owned()
            };
            let half = POINT_W / 2.0 - 1.0;
            svg.polygon(&[(x - half, edge), (x + half, edge), (x, apex)], &format!("fill=\"{fill}\"{outline}"));
            if let Some((side, n)) = at(point) {
                stack(&mut svg, x, edge, down, side, n);
            }
            let ly = if down { edge - 10.0 } else { edge + 22.0 };
            let shown = if scene.numbering == Some(Side::One) { 25 - point } else { point };
            svg.text(x, ly, &shown.to_string(), label);
        }
    }
    // The bar: O's checkers in the top half, X's in the bottom half.
    let bar_centre = bar_x + BAR_W / 2.0;
    if touched(25) {
        let attrs = format!("fill=\"none\" stroke=\"{HIGHLIGHT}\" stroke-width=\"4\" class=\"touched\"");
        svg.rect(bar_x + 2.0, TOP + 2.0, BAR_W - 4.0, BOARD_H - 4.0, &attrs);
    }
    stack(&mut svg, bar_centre, TOP, true, Side::One, position.theirs(Point::BAR));
    stack(&mut svg, bar_centre, bottom, false, Side::Zero, position.mine(Point::BAR));
    // Borne off: O's at the top of the tray, X's at the bottom, a slab each.
    let off = [position.mine(Point::OFF), position.theirs(Point::OFF)];
    for (side, n) in [(Side::One, off[1]), (Side::Zero, off[0])] {
        let (fill, _) = colours(side);
        for k in 0..n {
            let offset = 4.0 + f64::from(k) * 11.0;
            let y = if side == Side::One { TOP + offset } else { bottom - offset - 9.0 };
            svg.rect(
                tray_x + 6.0,
                y,
                TRAY_W - 12.0,
                9.0,
                &format!("rx=\"2\" fill=\"{fill}\" stroke=\"#222\" class=\"off\""),
            );
        }
        if n > 0 {
            let y = if side == Side::One {
                TOP + 4.0 + f64::from(n) * 11.0 + 14.0
            } else {
                bottom - 4.0 - f64::from(n) * 11.0 - 6.0
            };
            svg.text(tray_x + TRAY_W / 2.0, y, &n.to_string(), "font-size=\"13\" text-anchor=\"middle\" fill=\"#fff\"");
        }
    }
    // The cube.
    let middle = TOP + POINT_H + GAP / 2.0;
    let (cube_x, cube_y) = match scene.cube.owner {
        None => (bar_centre, middle),
        Some(Side::One) => (LEFT / 2.0 - 2.0, TOP + 24.0),
        Some(Side::Zero) => (LEFT / 2.0 - 2.0, bottom - 24.0),
    };
    svg.rect(
        cube_x - 18.0,
        cube_y - 18.0,
        36.0,
        36.0,
        "rx=\"5\" fill=\"#fdfdfd\" stroke=\"#111\" stroke-width=\"2\" class=\"cube\"",
    );
    let value = if scene.cube.value <= 1 { 64 } else { scene.cube.value };
    let attrs = "font-size=\"19\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#111\" class=\"cube-value\"";
    svg.text(cube_x, cube_y + 7.0, &value.to_string(), attrs);
    let ink = if scene.cube.owner.is_none() { "#fff" } else { "#333" };
    svg.text(cube_x, cube_y + 30.0, "cube", &format!("font-size=\"10\" text-anchor=\"middle\" fill=\"{ink}\""));
    // The score line in the left half's middle, the dice in the right half's.
    svg.text(
        LEFT + HALF_W / 2.0,
        middle + 5.0,
        &scene.score_line,
        "font-size=\"13\" text-anchor=\"middle\" fill=\"#fff\"",
    );
    if let Some((side, (d1, d2))) = scene.dice {
        let x = bar_x + BAR_W + HALF_W / 2.0;
        die(&mut svg, x - 40.0, middle - 17.0, d1, side);
        die(&mut svg, x + 6.0, middle - 17.0, d2, side);
    }
    // The players, with pip counts and checkers off.
    let (x_pips, o_pips) = position.pips();
    let line = |side: Side, name: &str, pips: u32, off: u8| {
        let mark = ["X", "O"][side.index()];
        let turn = if scene.on_roll == Some(side) { "   on roll" } else { "" };
        if name.is_empty() {
            format!("{mark}   pips {pips}   off {off}{turn}")
        } else {
            format!("{mark}  {name}   pips {pips}   off {off}{turn}")
        }
    };
    let info = "font-size=\"15\" fill=\"#222\" class=\"pips\"";
    svg.circle(LEFT + 6.0, 18.0, 8.0, &format!("fill=\"{O_FILL}\" stroke=\"#444\""));
    svg.text(LEFT + 20.0, 23.0, &line(Side::One, scene.names[1], o_pips, off[1]), info);
    svg.circle(LEFT + 6.0, bottom + 40.0, 8.0, &format!("fill=\"{X_FILL}\" stroke=\"#444\""));
    svg.text(LEFT + 20.0, bottom + 45.0, &line(Side::Zero, scene.names[0], x_pips, off[0]), info);
    svg.text(LEFT, HEIGHT - 12.0, caption, "font-size=\"14\" fill=\"#222\"");
    svg.finish()
}

/// The game `selector` of a match read from a `file` (`.mat`, `.sgf` or `.xg`) replayed into frames: the start, then one frame per action
/// (roll and play, double, take, drop), by the same verification as `tabula check`.
///
/// # Errors
/// The match cannot be read up to that game, or it has no such game.
pub fn view(
    source: &Arc<str>,
    input: impl BufRead,
    file: super::MatchFile,
    selector: Option<&str>,
    suggest: bool,
) -> Result<GameView, ShowError> {
    Ok(view_of(source, find_game(source, input, file, selector)?, suggest))
}

/// A game found in its match replayed into frames, as [`view`] does.
pub(crate) fn view_of(source: &Arc<str>, found: Found, suggest: bool) -> GameView {
    let Found { name, place, length, tags: match_tags, game, written, mut report, beside } = found;
    if suggest {
        super::check::add_suggestions(source, &game, written, &beside, &mut report);
    }
    let names: [String; 2] = game.players.clone();
    let score = score_line(length, &game, &written);
    let (start_score, start_names) = (score.clone(), names.clone());
    // Where the analysis board opens: the position and, in a gnubg ID, the match around it.
    let points = BySide { zero: game.scores[0], one: game.scores[1] };
    let match_score = MatchState::implied_score(length.unwrap_or(0), points, written.crawford);
    let jacoby = game.jacoby;
    let gnubg_id = move |seen: &Position, on_roll: Side, cube: Cube| {
        let id = tabula_notation::backgammon::position_id::encode(seen);
        let state = MatchState {
            cube,
            on_roll,
            turn: on_roll,
            game: GameState::Playing,
            score: match_score,
            jacoby,
            ..MatchState::new(0)
        };
        match tabula_notation::backgammon::match_id::encode(&state) {
            Ok(m) => format!("{id}:{m}"),
            Err(_) => id,
        }
    };
    let first = game.actions.iter().find(|a| a.is_play()).map_or(Side::Zero, |a| a.column.side());
    let mut frames = vec![Frame::new("start", 0, move |caption| {
        let names = [start_names[0].as_str(), start_names[1].as_str()];
        let scene = Scene { names, score_line: start_score.clone(), ..Scene::default() };
        board(&Position::start(), &scene, caption)
    })
    .at(Some(gnubg_id(&Position::start(), first, Cube::default())))];
    let mut plays = 0usize;
    // The player who rolls next: the other one after a play; a cube action or the end leaves
    // the board, and so the player to roll, as they were.
    let mut next = first;
    let mut observe = |r: Replayed<'_>| {
        if r.action.is_play() {
            plays += 1;
            next = r.action.column.side().other();
        }
        let names_ref = [names[0].as_str(), names[1].as_str()];
        let label = describe(&r, names_ref);
        let (board_now, cube, touched) = (r.board, r.cube, touched_points(&r));
        let dice = r.action.dice().map(|d| (r.action.column.side(), d));
        // The play in standard notation with its roll, as the record's line gives it.
        let play = match (&r.play, &r.action.kind) {
            (Some((before, play)), super::mat::ActionKind::Roll { dice: (a, b) }) => Some((
                tabula_notation::backgammon::write_play(before, play),
                format!("{}{}", (*a).max(*b), (*a).min(*b)),
            )),
            _ => None,
        };
        // The board from the view of the player who rolls next, with the cube after the action.
        let seen = if next == Side::Zero { board_now } else { board_now.swapped() };
        let at = Some(gnubg_id(&seen, next, cube));
        let (names, score) = (names.clone(), score.clone());
        frames.push(
            Frame::new(label, plays, move |caption| {
                let scene = Scene {
                    names: [&names[0], &names[1]],
                    cube,
                    dice,
                    score_line: score.clone(),
                    touched,
                    ..Scene::default()
                };
                board(&board_now, &scene, caption)
            })
            .at(at)
            .after(play),
        );
    };
    // The frames come from the game replayed on its own; the verdict is the match's.
    verify_game_with(source, format!("{name}#{place}"), &game, written, Some(&mut observe));
    let mut tags: Vec<(String, String)> = vec![
        ("X".into(), show_name(&game.players[0]).to_owned()),
        ("O".into(), show_name(&game.players[1]).to_owned()),
        ("Game".into(), format!("{place} ({score})")),
    ];
    tags.extend(match_tags.into_iter().take(24));
    let mut text = Vec::new();
    let _ = write_verdict(&report, &game, &mut text);
    // The roll of the play the game breaks at, which its suggestions are played with.
    let dice = report.error.as_ref().filter(|_| report.verdict == Verdict::Illegal).and_then(|e| {
        let action = game.actions.iter().find(|a| a.line == e.line && a.text.as_str() == e.token)?;
        action.dice().map(|(d1, d2)| RepairContext::Dice(format!("{d1}{d2}")))
    });
    let mut view = GameView::new(format!("{name} game {place}"), tags, frames, report);
    view.repair_context = dice;
    view.verdict = String::from_utf8_lossy(&text).trim_end().to_owned();
    view
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::check_well_formed;

    #[test]
    fn the_start_has_24_points_pips_and_the_cube() {
        let scene = Scene {
            names: ["lasse", "m<g>"],
            dice: Some((Side::Zero, (6, 3))),
            score_line: "0-0 in a 5 point match".into(),
            touched: 1 << 24 | 1 << 18,
            ..Scene::default()
        };
        let svg = board(&Position::start(), &scene, "1) X lasse: 63: 24/18 13/10");
        assert_eq!(check_well_formed(&svg), Ok(()), "{svg}");
        let points = svg.matches("class=\"point\"").count() + svg.matches("class=\"point touched\"").count();
        assert_eq!(points, 24);
        assert_eq!(svg.matches("class=\"point-number\"").count(), 24);
        assert_eq!(svg.matches("class=\"point touched\"").count(), 2);
        assert_eq!(svg.matches("class=\"checker\"").count(), 2 * (2 + 5 + 3 + 5));
        assert_eq!(svg.matches("pips 167").count(), 2, "{svg}");
        assert!(svg.contains("m&lt;g&gt;"));
        assert_eq!(svg.matches("class=\"cube\"").count(), 1);
        assert!(svg.contains("class=\"cube-value\">64</text>"), "the centred cube at 1 shows 64");
        assert_eq!(svg.matches("class=\"die\"").count(), 2);
    }

    #[test]
    fn a_match_game_is_replayed_into_frames() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../testdata/backgammon/matches/galaxy_5pt.mat"
        ))
        .unwrap_or_default();
        let source: Arc<str> = Arc::from("galaxy_5pt.mat");
        let view = view(&source, text.as_bytes(), super::super::MatchFile::Mat, Some("1"), true)
            .unwrap_or_else(|e| panic!("{e}"));
        // 7 moves of two rolls each, a double, a drop and the win.
        let labels: Vec<&str> = view.frames.iter().map(|f| f.label.as_str()).collect();
        assert_eq!(view.frames.len(), 1 + 14 + 3, "{labels:?}");
        assert_eq!(view.turns(), 14);
        let last = view.frames[view.frames.len() - 1].svg();
        assert_eq!(check_well_formed(&last), Ok(()));
        let double = view.frames[view.frames.len() - 2].svg();
        assert!(double.contains("class=\"cube-value\">"), "{double}");
        assert!(view.verdict.starts_with("ok:"), "{}", view.verdict);
        assert!(view.header.iter().any(|(k, v)| k == "X" && v == "tabula_left"));
    }
}
