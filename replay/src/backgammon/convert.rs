//! `tabula convert --to sgf|mat` for backgammon: a match read from a `.mat`, `.sgf` or `.xg` file,
//! every game verified, and written again from what the verification found (the plays as the
//! engine resolved them, the cube actions, the results) as an `.sgf` file GNU Backgammon opens,
//! or as a `.mat` file in Backgammon Studio's layout (gnubg's own: scores, the `Crawford` tag,
//! cube actions, `Wins` lines).
//!
//! A match is converted only when every game of it is `ok`: a game that is illegal, unreadable
//! or whose result does not match has no verified plays to write, and a converted file that
//! silently dropped or repaired it would say more than the original. [`ConvertError::NotOk`]
//! hands back the reports of the games that are not, with their lines.

use std::io::{self, Write};
use std::sync::Arc;

use tabula_engine::backgammon::{BySide, Dice, Side};

use super::check::{check_match, check_sgf, check_xg, WrittenScores};
use super::mat::{ActionKind, GameRecord, MatReader, MatchHeader};
use super::sgf::{GameInfo, SgfReader};
use super::verified::{Step, VerifiedGame, VerifiedMatch};
use super::verify::{verify_game_with, Replayed};
use super::write::{Dialect, GameAction, MatWriter, WriteError};
use super::xg::read_xg;
use super::MatchFile;
use crate::report::{GameReport, GameResult, Verdict};

/// Why a match is not converted.
#[derive(Debug, thiserror::Error)]
pub enum ConvertError {
    /// Some games are not `ok`: their reports.
    #[error("{} game(s) not ok", .0.len())]
    NotOk(Vec<GameReport>),
    /// The file holds no game.
    #[error("no game in the file")]
    NoGame,
    /// A game goes on from a position or cube set by hand, which neither output holds.
    #[error("game {0} goes on from a position or cube set by hand (an .sgf set-up node), which is not written")]
    SetUp(u32),
    /// Writing failed.
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// Reads and verifies the match in `data` (`.sgf` when `sgf`, else `.mat`), `name` its name in
/// game ids.
///
/// # Errors
/// A game is not `ok`, or there is none.
pub fn read_verified(data: &[u8], sgf: bool, source: &Arc<str>, name: &str) -> Result<VerifiedMatch, ConvertError> {
    read_verified_file(data, if sgf { MatchFile::Sgf } else { MatchFile::Mat }, source, name)
}

/// Reads and verifies the match in `data`, a `file` (`.mat`, `.sgf` or `.xg`), `name` its name
/// in game ids.
///
/// # Errors
/// A game is not `ok`, or there is none.
pub fn read_verified_file(
    data: &[u8],
    file: MatchFile,
    source: &Arc<str>,
    name: &str,
) -> Result<VerifiedMatch, ConvertError> {
    let mut reports = Vec::new();
    match file {
        MatchFile::Sgf => check_sgf(source, name, data, &mut |r| reports.push(r)),
        MatchFile::Xg => check_xg(source, name, data, &mut |r| reports.push(r)),
        MatchFile::Mat => check_match(source, name, data, &mut |r| reports.push(r)),
    }
    let bad: Vec<GameReport> = reports.iter().filter(|r| r.verdict != Verdict::Ok).cloned().collect();
    if !bad.is_empty() {
        return Err(ConvertError::NotOk(bad));
    }
    if reports.is_empty() {
        return Err(ConvertError::NoGame);
    }
    let mut m = VerifiedMatch::default();
    if file == MatchFile::Xg {
        let x = read_xg(data).map_err(|_| ConvertError::NoGame)?;
        m.length = x.info.length;
        m.crawford_rule = x.info.crawford;
        m.jacoby = x.info.jacoby && x.info.length == 0;
        m.tags = x.tags().into_iter().filter(|(k, _)| k != "Comment" && k != "Match Length").collect();
        for (_, v) in &mut m.tags {
            *v = mat_tag_value(v);
        }
        let tag = |k: &str| m.tags.iter().find(|(t, _)| t == k).map(|(_, v)| v.clone());
        m.info = GameInfo { event: tag("Event"), place: tag("Site"), date: tag("EventDate") };
        let scores = x.scores();
        for (g, score) in x.games.into_iter().zip(scores) {
            let Ok(g) = g else { return Err(ConvertError::NoGame) };
            m.games.push(verified(source, &g.record, score)?);
        }
    } else if file == MatchFile::Sgf {
        let mut crawford_done = false;
        for g in SgfReader::new(data).flatten() {
            let score = g.score(crawford_done);
            crawford_done |= score.crawford;
            if m.games.is_empty() {
                m.length = g.length;
                m.crawford_rule = g.crawford_rule;
                m.jacoby = g.record.jacoby;
                m.info = g.info.clone();
                let players = &g.record.players;
                for (tag, value) in [
                    ("Site", g.info.place.as_deref()),
                    ("Event", g.info.event.as_deref()),
                    ("EventDate", g.info.date.as_deref()),
                    ("Player 1", Some(players[0].as_str())),
                    ("Player 2", Some(players[1].as_str())),
                ] {
                    if let Some(v) = value.filter(|v| !v.is_empty()) {
                        m.tags.push((tag.into(), mat_tag_value(v)));
                    }
                }
                if g.length > 0 {
                    m.tags.push(("Crawford".into(), if g.crawford_rule { "On" } else { "Off" }.into()));
                }
            }
            m.games.push(verified(source, &g.record, score)?);
        }
    } else {
        let mut reader = MatReader::new(data);
        let header: MatchHeader = reader.header().map_err(|_| ConvertError::NoGame)?.clone();
        let mut scores = WrittenScores::new(Some(&header));
        m.length = header.match_length.unwrap_or(0);
        m.crawford_rule = header.tag("Crawford").is_none_or(|v| !v.eq_ignore_ascii_case("off"));
        m.tags.clone_from(&header.tags);
        m.info = GameInfo {
            event: header.tag("Event").map(str::to_owned),
            place: header.tag("Site").map(str::to_owned),
            date: header.tag("EventDate").map(str::to_owned),
        };
        for g in reader.flatten() {
            let written = scores.before(&g);
            m.games.push(verified(source, &g, written)?);
        }
    }
    Ok(m)
}

/// A tag value a `.mat` line can hold: no `"` nor line break.
fn mat_tag_value(v: &str) -> String {
    v.chars()
        .map(|c| {
            if c == '"' {
                '\''
            } else if c.is_control() {
                ' '
            } else {
                c
            }
        })
        .collect()
}

fn verified(
    source: &Arc<str>,
    g: &GameRecord,
    score: tabula_engine::backgammon::MatchScore,
) -> Result<VerifiedGame, ConvertError> {
    if g.actions.iter().any(|a| matches!(a.kind, ActionKind::SetUp(_))) {
        return Err(ConvertError::SetUp(g.number));
    }
    let mut steps = Vec::new();
    let mut observe = |r: Replayed<'_>| {
        let side = r.action.column.side();
        let dice = r.action.dice().and_then(|(a, b)| Dice::new(a, b));
        let step = match (&r.action.kind, dice) {
            (ActionKind::Unknown { .. }, Some(dice)) => Step::Unknown { dice },
            (ActionKind::Roll { .. }, Some(dice)) if r.unplayed => Step::Unplayed { dice },
            (ActionKind::Roll { .. }, Some(dice)) => match r.play {
                Some((before, play)) => Step::Play { dice, play, before },
                None => return,
            },
            (ActionKind::Double { .. }, _) => Step::Double { value: r.pending.map_or(0, |p| p.1) },
            (ActionKind::Take, _) => Step::Take,
            (ActionKind::Drop, _) => Step::Drop,
            _ => return,
        };
        steps.push((side, step));
    };
    let replay = verify_game_with(source, String::new(), g, score, Some(&mut observe));
    let end = match (&replay.report.result, replay.report.verdict) {
        (Some(GameResult::Backgammon { winner, points, how }), Verdict::Ok) => {
            (if *winner == 0 { Side::Zero } else { Side::One }, *points, *how)
        }
        _ => return Err(ConvertError::NotOk(vec![replay.report])),
    };
    let points_without_jacoby = if g.jacoby {
        let plain = GameRecord { jacoby: false, ..g.clone() };
        match verify_game_with(source, String::new(), &plain, score, None).report.result {
            Some(GameResult::Backgammon { points, .. }) => points,
            _ => end.1,
        }
    } else {
        end.1
    };
    Ok(VerifiedGame {
        players: g.players.clone(),
        scores: BySide { zero: g.scores[0], one: g.scores[1] },
        crawford: score.crawford,
        steps,
        end,
        points_without_jacoby,
    })
}

/// Writes `m` as a `.mat` match in Backgammon Studio's layout.
///
/// # Errors
/// Writing fails.
pub fn write_mat<W: Write>(m: &VerifiedMatch, out: W) -> Result<W, ConvertError> {
    let header = MatchHeader { tags: m.tags.clone(), match_length: Some(m.length), header_line: 0 };
    let mut w = MatWriter::new(out, Dialect::Studio, &header)?;
    for g in &m.games {
        w.start_game([&g.players[0], &g.players[1]], g.scores)?;
        // A `.mat` file has no Jacoby rule: the points are the board's without it.
        let ((winner, _, how), points) = (g.end, g.points_without_jacoby);
        let mut ended = false;
        for (side, step) in &g.steps {
            let action = match *step {
                Step::Play { dice, play, before } => GameAction::Roll { dice, play, before },
                Step::Unplayed { dice } | Step::Unknown { dice } => {
                    ended = true;
                    GameAction::RollResign { dice, points }
                }
                Step::Double { value } => GameAction::Double { value },
                Step::Take => GameAction::Take,
                Step::Drop => GameAction::Drop,
            };
            w.action(*side, &action)?;
        }
        if !ended {
            if how == "resign" {
                w.action(winner.other(), &GameAction::Resign { points })?;
            } else {
                w.action(winner, &GameAction::Win { points })?;
            }
        }
    }
    Ok(w.finish()?)
}

/// Writes `m` as an `.sgf` match: one game tree a game, as GNU Backgammon writes them.
///
/// # Errors
/// Writing fails.
pub fn write_sgf<W: Write>(m: &VerifiedMatch, mut out: W) -> io::Result<W> {
    for (k, g) in m.games.iter().enumerate() {
        super::sgf::write::write_game(&mut out, m, k, g)?;
    }
    out.flush()?;
    Ok(out)
}
