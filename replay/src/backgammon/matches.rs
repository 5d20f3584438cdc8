//! Checking a whole `.mat` match: games in parallel, the score carried from game to game.

use std::io::BufRead;
use std::sync::Arc;

use rayon::prelude::*;

use super::mat::{GameRecord, MatError, MatReader};
use super::verify::{verify_game, MatchContext, KIND};
use crate::report::{ErrorInfo, GameReport, Verdict};

/// Games verified together; memory holds at most this many games of a match at once.
const BATCH: usize = 256;

/// A game's report, its ending for the score, and the score line written before it.
type Verified = (GameReport, Option<super::verify::Ending>, Option<[u32; 2]>);

/// A game read and waiting to be verified with its place in the match, or the error that
/// stopped its reading (with the game id to report it under).
type Pending = Result<(GameRecord, MatchContext), (String, MatError)>;

/// Checks every game of the match read from `input`, handing `sink` one report per game in
/// file order. `name` is the file name used in game ids (`name#3`).
pub fn check_match(source: &Arc<str>, name: &str, input: impl BufRead, sink: &mut dyn FnMut(GameReport)) {
    let mut reader = MatReader::new(input);
    let header = match reader.header() {
        Ok(h) => Some(h.clone()),
        Err(e) => {
            sink(unreadable(source, format!("{name}#1"), &e));
            None
        }
    };
    let length = header.as_ref().and_then(|h| h.match_length).unwrap_or(0);
    let crawford_rule = header.as_ref().and_then(|h| h.tag("Crawford")).is_none_or(|v| !v.eq_ignore_ascii_case("off"));
    let mut crawford_done = false;
    let mut running: Option<[u64; 2]> = None;
    let mut batch: Vec<Pending> = Vec::with_capacity(BATCH);
    let mut last_game = 0u32;
    let mut flush = |batch: &mut Vec<Pending>, running: &mut Option<[u64; 2]>| {
        let reports: Vec<Verified> = batch
            .par_iter()
            .map(|item| match item {
                Ok((g, ctx)) => {
                    let r = verify_game(source, format!("{name}#{}", g.number), g, *ctx);
                    (r.report, r.ending, Some(g.scores))
                }
                Err((id, e)) => (unreadable(source, id.clone(), e), None, None),
            })
            .collect();
        for (mut report, ending, scores) in reports {
            if let (Some(scores), Some(run)) = (scores, *running) {
                let written = [u64::from(scores[0]), u64::from(scores[1])];
                if written != run && report.verdict == Verdict::Ok {
                    report.verdict = Verdict::ResultMismatch;
                    report.error = Some(ErrorInfo {
                        turn: String::new(),
                        line: 0,
                        token: format!("{} : {}", scores[0], scores[1]),
                        message: format!(
                            "the score before this game is written {}-{}, the games before give {}-{}",
                            written[0], written[1], run[0], run[1]
                        ),
                    });
                }
            }
            let base = running.or(scores.map(|s| [u64::from(s[0]), u64::from(s[1])]));
            *running = match (base, ending) {
                (Some(mut b), Some(e)) => {
                    let need =
                        if length > 0 { u64::from(length).saturating_sub(b[e.winner.index()]) } else { u64::MAX };
                    b[e.winner.index()] += e.points.min(need);
                    Some(b)
                }
                (b, _) => b,
            };
            sink(report);
        }
        batch.clear();
    };
    for item in reader.by_ref() {
        match item {
            Ok(g) => {
                last_game = g.number;
                let s = g.scores;
                let mut crawford = false;
                if length > 0 && !crawford_done && ((s[0] + 1 == length) != (s[1] + 1 == length)) {
                    crawford = crawford_rule;
                    crawford_done = true;
                }
                let need = [length.saturating_sub(s[0]), length.saturating_sub(s[1])];
                batch.push(Ok((g, MatchContext { length, need, crawford })));
            }
            Err(MatError::NoGames { .. }) if header.is_none() => {}
            Err(e) => {
                last_game += 1;
                batch.push(Err((format!("{name}#{last_game}"), e)));
            }
        }
        if batch.len() >= BATCH {
            flush(&mut batch, &mut running);
        }
    }
    flush(&mut batch, &mut running);
}

fn unreadable(source: &Arc<str>, game: String, e: &MatError) -> GameReport {
    let error =
        ErrorInfo { turn: String::new(), line: e.line().unwrap_or(0), token: String::new(), message: e.to_string() };
    GameReport::unreadable(source.clone(), game, KIND, error)
}
