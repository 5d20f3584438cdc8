//! An `.xg` game verified: the replay every backgammon record gets, and beside it the file's
//! own positions and cube compared with the engine's, and the footer's way of ending with the
//! replay's.

use std::sync::Arc;

use tabula_engine::backgammon::{Cube, MatchScore, Position, Setup, Side};
use tabula_notation::backgammon::position_id;

use super::game::{Facts, XgChecks};
use super::records::XgBoard;
use crate::backgammon::mat::GameRecord;
use crate::backgammon::verify::{label, verify_game_with, Replay, Replayed};
use crate::report::{ErrorInfo, GameResult, Verdict};

/// XG's 26 numbers as a position, the player they are seen from on roll.
fn position_of(board: &XgBoard) -> Result<Position, String> {
    let mut setup = Setup { on_roll: [0; 26], opponent: [0; 26] };
    for (i, &n) in board.iter().enumerate() {
        let count = n.unsigned_abs();
        match (i, n.signum()) {
            (_, 0) => {}
            (25, 1) => setup.on_roll[25] = count,
            (0, -1) => setup.opponent[25] = count,
            (1..=24, 1) => setup.on_roll[i] = count,
            (1..=24, -1) => setup.opponent[25 - i] = count,
            _ => return Err(format!("{n} checkers on the wrong bar (place {i})")),
        }
    }
    Position::from_setup(&setup).map_err(|e| e.to_string())
}

/// XG's cube (0 centred, `n` a cube of `2^n` owned by player 1, `-n` by player 2).
fn cube_of(cube: i32) -> Option<Cube> {
    let power = cube.unsigned_abs();
    let value = 1u32.checked_shl(power).filter(|_| power < 31)?;
    let owner = match cube.signum() {
        0 => None,
        1 => Some(Side::Zero),
        _ => Some(Side::One),
    };
    Some(Cube { value, owner })
}

fn describe_cube(c: &Cube) -> String {
    match c.owner {
        None => format!("{} in the middle", c.value),
        Some(Side::Zero) => format!("{} owned by player 1", c.value),
        Some(Side::One) => format!("{} owned by player 2", c.value),
    }
}

/// What an error on a move adds when XG itself marked the move (`InvalidM`): empty for a move
/// XG did not mark.
fn xg_mark(facts: Option<&Facts>) -> String {
    match facts.map_or(0, |f| f.invalid) {
        0 => String::new(),
        2 => " (eXtreme Gammon marked this move invalid)".into(),
        1 => " (eXtreme Gammon marked this move an error)".into(),
        n => format!(" (eXtreme Gammon marked this move: InvalidM {n})"),
    }
}

/// Verifies one game of an `.xg` file, `record` with what the file says beside it (`checks`):
/// `id` the game's id, `ctx` the score before it.
pub fn verify_xg(source: &Arc<str>, id: String, record: &GameRecord, checks: &XgChecks, ctx: MatchScore) -> Replay {
    verify_xg_with(source, id, record, checks, ctx, None)
}

/// [`verify_xg`], handing `also` every action replayed without error, in order.
pub fn verify_xg_with(
    source: &Arc<str>,
    id: String,
    record: &GameRecord,
    checks: &XgChecks,
    ctx: MatchScore,
    mut also: Option<&mut dyn FnMut(Replayed<'_>)>,
) -> Replay {
    let mut fault: Option<(usize, u64, String)> = None;
    let mut board = Position::start();
    let mut cube = Cube::default();
    let mut index = 0usize;
    let mut observe = |r: Replayed<'_>| {
        let i = index;
        index += 1;
        if fault.is_none() {
            if let Some(facts) = checks.facts.get(i) {
                for (before, record) in &facts.before {
                    match position_of(before) {
                        Ok(p) if p == board => {}
                        Ok(p) => {
                            fault = Some((
                                i,
                                *record,
                                format!(
                                    "the file's position before it is {}, the replay's {} (gnubg Position IDs, player \
                                     1 on roll)",
                                    position_id::encode(&p),
                                    position_id::encode(&board)
                                ),
                            ));
                            break;
                        }
                        Err(e) => {
                            fault = Some((i, *record, format!("the file's position before it is not a position: {e}")));
                            break;
                        }
                    }
                }
                if let (None, Some(written)) = (&fault, facts.cube) {
                    if cube_of(written) != Some(cube) {
                        let says = cube_of(written).map_or_else(|| format!("{written}"), |c| describe_cube(&c));
                        let line = r.action.line;
                        fault = Some((
                            i,
                            line,
                            format!("the file's cube is {says}, the replay's {}", describe_cube(&cube)),
                        ));
                    }
                }
                if let (None, Some(after)) = (&fault, &facts.after) {
                    let mover = r.action.column.side();
                    let seen = if mover == Side::Zero { r.board } else { r.board.swapped() };
                    match position_of(after) {
                        Ok(p) if p == seen => {}
                        Ok(p) => {
                            fault = Some((
                                i,
                                r.action.line,
                                format!(
                                "the file's position after it is {}, the replay's {} (gnubg Position IDs, the mover \
                                     on roll)",
                                position_id::encode(&p),
                                position_id::encode(&seen)
                            ),
                            ))
                        }
                        Err(e) => {
                            let message = format!("the file's position after it is not a position: {e}");
                            fault = Some((i, r.action.line, message));
                        }
                    }
                }
            }
        }
        board = r.board;
        cube = r.cube;
        if let Some(also) = also.as_deref_mut() {
            also(r);
        }
    };
    let mut replay = verify_game_with(source, id, record, ctx, Some(&mut observe));
    let actions = &record.actions;
    if let Some((i, line, message)) = fault {
        let a = &actions[i];
        let message = format!("{message}{}", xg_mark(checks.facts.get(i)));
        replay.report.verdict = Verdict::Illegal;
        replay.report.turns = actions[..=i].iter().filter(|a| a.is_play()).count();
        replay.report.error =
            Some(ErrorInfo { turn: label(a), line, token: a.text.to_string(), message, suggestions: None });
        return replay;
    }
    if replay.report.verdict != Verdict::Ok {
        if let Some(e) = replay.report.error.as_mut() {
            // A move is one record, one action: the error's record and label find it.
            let at = actions.iter().position(|a| a.is_play() && a.line == e.line && label(a) == e.turn);
            e.message.push_str(&xg_mark(at.and_then(|i| checks.facts.get(i))));
        }
        return replay;
    }
    let (Some(footer), Some(GameResult::Backgammon { how, .. })) = (&checks.footer, &replay.report.result) else {
        return replay;
    };
    let written = match footer.termination {
        t if t >= 100 => "resign",
        0 => "drop",
        1..=3 => "bearoff",
        _ => return replay,
    };
    if written != *how {
        let end = record.end.map_or(record.players_line, |e| e.line);
        replay.report.verdict = Verdict::ResultMismatch;
        replay.report.error = Some(ErrorInfo {
            turn: String::new(),
            line: end,
            token: actions.last().map_or_else(String::new, |a| a.text.to_string()),
            message: format!(
                "the game footer says the game ended by {} (termination {}), the replay says by {how}",
                match written {
                    "resign" => "resignation",
                    "drop" => "a drop",
                    _ => "bearing off",
                },
                footer.termination
            ),
            suggestions: None,
        });
    }
    replay
}
