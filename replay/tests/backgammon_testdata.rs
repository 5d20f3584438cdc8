//! The bundled matches in `testdata/backgammon`, written by tabula from random legal play: every
//! game checks `ok` with the plays and result the generator recorded, and every corrupted copy
//! gets the verdict its `expected.tsv` states (that the generator still makes them, and that
//! reading a file gives back the actions it wrote, is tested with it, in `testdata/generate`).
//! Also: the writer spells plays and lays out lines as the two sites do, shown on the real
//! matches of `shared/data/backgammon`.
#![allow(missing_docs)]

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tabula_engine::backgammon::{BySide, Dice, MoveGenerator, Play, Position};
use tabula_notation::backgammon::PlayText;
use tabula_replay::backgammon::check::check_match;
use tabula_replay::backgammon::{ActionKind, Dialect, GameAction, MatReader, MatWriter, MatchFile};
use tabula_replay::report::{GameReport, GameResult, Verdict};

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/backgammon")
}

fn check_file(path: &Path) -> Vec<GameReport> {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let source: Arc<str> = Arc::from(path.display().to_string());
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let mut out = Vec::new();
    check_match(&source, &name, file, &mut |r| out.push(r));
    out
}

/// A row of an `expected.tsv`, by column.
type Row = HashMap<String, String>;

/// The games of `testdata/backgammon/FOLDER` as `expected.tsv` lists them, each with its
/// report (the files checked, each game found in its place), and the number of files.
fn expected(folder: &str) -> (usize, Vec<(GameReport, Row)>) {
    let rows = common::read_tsv(&testdata().join(folder).join("expected.tsv"));
    let mut files: Vec<String> = rows.iter().map(|r| r["file"].clone()).collect();
    files.dedup();
    let mut out = Vec::new();
    for file in &files {
        let want: Vec<_> = rows.iter().filter(|r| &r["file"] == file).cloned().collect();
        let reports = check_file(&testdata().join(folder).join(file));
        assert_eq!(reports.len(), want.len(), "{file}");
        let stem = file.trim_end_matches(".mat");
        for (r, row) in reports.into_iter().zip(want) {
            assert_eq!(r.game, format!("{stem}#{}", row["game"]));
            out.push((r, row));
        }
    }
    (files.len(), out)
}

#[test]
fn generated_games_are_ok_with_their_recorded_plays_and_results() {
    let (files, rows) = expected("matches");
    assert_eq!(files, 12);
    let mut hows = std::collections::BTreeSet::new();
    let mut checked = 0;
    for (r, row) in &rows {
        assert_eq!(r.verdict, Verdict::Ok, "{r:?}");
        assert_eq!(r.turns.to_string(), row["plays"], "{}", r.game);
        // A resignation is worth what its `Wins` line says; the others what the board and
        // the cube give.
        let how = row["how"].as_str();
        let points = if how == "resign" { &row["wins"] } else { &row["points"] };
        let Some(GameResult::Backgammon { winner, points: got, how: got_how }) = r.result.clone() else {
            panic!("{}: no result", r.game);
        };
        assert_eq!((winner.to_string(), got.to_string(), got_how), (row["winner"].clone(), points.clone(), how));
        hows.insert((how, row["winner"].clone()));
        checked += 1;
    }
    assert_eq!(checked, 41);
    assert_eq!(hows.len(), 6, "both players win by bear-off, drop and resignation: {hows:?}");
}

#[test]
fn broken_copies_get_their_expected_verdicts() {
    let (files, rows) = expected("broken");
    assert_eq!(files, 6);
    let mut bad = 0;
    for (r, w) in &rows {
        assert_eq!(r.verdict.as_str(), w["verdict"], "{}", r.game);
        match &r.error {
            None => assert_eq!(w["verdict"], "ok"),
            Some(e) => {
                assert_eq!(e.line.to_string(), w["line"], "{}: {e:?}", r.game);
                assert!(e.message.contains(&w["message"]), "{}: {e:?}", r.game);
                bad += 1;
            }
        }
    }
    // One fault a file, and the lying length also makes the game after the false end illegal.
    assert_eq!(bad, 7);
}

/// Every play of the Backgammon Studio files of `shared/data/backgammon`, resolved, is spelt
/// back by [`PlayText::studio`] as the site wrote it.
#[test]
#[ignore = "needs ../shared/data"]
fn studio_spelling_of_every_real_studio_play() {
    let mut gen = MoveGenerator::new();
    let mut plays = 0;
    for path in real_matches() {
        let text = std::fs::read(&path).unwrap();
        let mut reader = MatReader::new(&text[..]);
        if reader.header().unwrap().tag("Site") != Some(Dialect::Studio.site()) {
            continue;
        }
        for game in reader {
            let game = game.unwrap();
            for (a, before, _, play) in positions(&game, &mut gen) {
                let written = a.play().unwrap_or_default();
                if written == "Cannot Move" || written.is_empty() {
                    continue;
                }
                assert_eq!(PlayText::studio(&before, &play).to_string(), written, "{}", path.display());
                plays += 1;
            }
        }
    }
    assert_eq!(plays, 3740);
}

fn real_matches() -> Vec<PathBuf> {
    let dir = common::shared().join("data/backgammon/matches");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
}

/// The rolls of a real game with a play written, each with the position before it (seen from
/// the roller), the dice and the play written, resolved.
fn positions<'a>(
    game: &'a tabula_replay::backgammon::GameRecord,
    gen: &mut MoveGenerator,
) -> Vec<(&'a tabula_replay::backgammon::Action, Position, Dice, Play)> {
    let mut out = Vec::new();
    let mut pos = Position::start();
    for a in &game.actions {
        let (Some((d1, d2)), Some(text)) = (a.dice(), a.play()) else { continue };
        let dice = Dice::new(d1, d2).unwrap();
        let resolved = text.parse::<PlayText>().unwrap().resolve_with(gen, &pos, dice).unwrap();
        out.push((a, pos, dice, resolved.play));
        if resolved.position.win_kind().is_some() {
            break;
        }
        pos = resolved.position.swapped();
    }
    out
}

/// The real matches, read and written again by [`MatWriter`] with the actions read (plays as
/// resolved, Galaxy's steps in the order written; `Wins` with the points written): the same
/// bytes, but for the three BackgammonGalaxy files that write a right-column `Losses` at
/// character 1 on a line of its own.
#[test]
#[ignore = "needs ../shared/data"]
fn real_matches_written_again_give_the_same_bytes() {
    let mut gen = MoveGenerator::new();
    let (mut same, mut differ) = (0, Vec::new());
    for path in real_matches() {
        let text = std::fs::read(&path).unwrap();
        if rewrite(&text, &mut gen) == text {
            same += 1;
        } else {
            let quirk = String::from_utf8_lossy(&text).lines().any(|l| l.starts_with(" Losses"));
            differ.push((path.file_name().unwrap().to_string_lossy().into_owned(), quirk));
        }
    }
    assert_eq!(same, 295, "{differ:?}");
    assert!(differ.iter().all(|(_, quirk)| *quirk), "{differ:?}");
}

/// A real match read and written again.
fn rewrite(text: &[u8], gen: &mut MoveGenerator) -> Vec<u8> {
    let mut reader = MatReader::new(text);
    let header = reader.header().unwrap().clone();
    let dialect = if header.tag("Site") == Some(Dialect::Studio.site()) { Dialect::Studio } else { Dialect::Galaxy };
    let mut w = MatWriter::new(Vec::new(), dialect, &header).unwrap();
    for game in reader {
        let game = game.unwrap();
        let players = [game.players[0].as_str(), game.players[1].as_str()];
        w.start_game(players, BySide { zero: game.scores[0], one: game.scores[1] }).unwrap();
        let rolls = positions(&game, gen);
        let mut rolls = rolls.iter();
        let mut actions = game.actions.iter().peekable();
        while let Some(a) = actions.next() {
            let me = a.column.side();
            let action = match a.kind {
                ActionKind::Roll { .. } => {
                    let Some(&(_, before, dice, play)) = rolls.next() else { break };
                    GameAction::Roll { dice, play, before }
                }
                ActionKind::Unknown { dice } => {
                    let points = match actions.peek().map(|w| &w.kind) {
                        Some(&ActionKind::Wins { points, .. }) => points,
                        _ => 0,
                    };
                    actions.next();
                    GameAction::RollResign { dice: Dice::new(dice.0, dice.1).unwrap(), points }
                }
                ActionKind::Double { value } => GameAction::Double { value },
                ActionKind::Take => GameAction::Take,
                ActionKind::Drop => GameAction::Drop,
                ActionKind::Losses { points } => {
                    actions.next();
                    GameAction::Resign { points }
                }
                ActionKind::Wins { points, .. } => GameAction::Win { points },
                ActionKind::SetUp(_) => unreachable!("a .mat match has no set-up node"),
            };
            w.action(me, &action).unwrap();
        }
    }
    w.finish().unwrap()
}

/// The games of a bundled match file replayed into frames, one view per game, in order.
fn views(path: &Path, kind: MatchFile) -> Vec<tabula_replay::view::GameView> {
    let source: Arc<str> = Arc::from(path.display().to_string());
    let mut out = Vec::new();
    for n in 1.. {
        let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
        match tabula_replay::backgammon::svg::view(&source, file, kind, Some(&n.to_string()), false) {
            Ok(view) => out.push(view),
            Err(_) => break,
        }
    }
    out
}

/// The board, player on roll and cube a frame's position opens the analysis board at.
fn opened(frame: &tabula_replay::view::Frame, game: &str) -> (Position, tabula_engine::backgammon::Side, u32) {
    let Some(at) = frame.position.as_deref() else {
        panic!("{game}: frame `{}` carries no position", frame.label);
    };
    let (board, state) = tabula_replay::backgammon::board::Board::from_position_with_state(at)
        .unwrap_or_else(|e| panic!("{game}: frame `{}`: {at}: {}", frame.label, e.message));
    let state = state.unwrap_or_else(|| panic!("{game}: frame `{}`: {at} has no Match ID", frame.label));
    (*board.position(), state.on_roll, state.cube.value)
}

#[test]
fn every_frame_of_every_bundled_game_opens_the_board_at_its_position() {
    let mut games = 0;
    let mut cube_frames = 0;
    for (folder, ext) in [("matches", "mat"), ("sgf", "sgf")] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(testdata().join(folder))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .collect();
        files.sort();
        for path in files {
            for view in views(&path, if ext == "sgf" { MatchFile::Sgf } else { MatchFile::Mat }) {
                games += 1;
                let game = format!("{} {}", path.display(), view.title);
                let mut before = opened(&view.frames[0], &game);
                for pair in view.frames.windows(2) {
                    let (frame, now) = (&pair[1], opened(&pair[1], &game));
                    let label = frame.label.as_str();
                    // A roll (its play) counts a turn; a cube action and the end do not.
                    if frame.turn != pair[0].turn {
                        assert_ne!(now.1, before.1, "{game}: `{label}`: the other player rolls next");
                    } else {
                        // A cube action or the end: the board and the player to roll stay.
                        cube_frames += 1;
                        assert_eq!((now.0, now.1), (before.0, before.1), "{game}: `{label}`");
                        if label.to_ascii_lowercase().ends_with("takes") || label.ends_with("take") {
                            assert_eq!(now.2, 2 * before.2, "{game}: `{label}`: the cube taken");
                        }
                    }
                    before = now;
                }
            }
        }
    }
    assert!(games > 80, "{games} games");
    assert!(cube_frames > 100, "{cube_frames} frames of cube actions and ends");
}

#[test]
fn a_game_ended_by_a_dropped_double_ends_at_its_last_position() {
    let path = testdata().join("matches/galaxy_5pt.mat");
    let view = views(&path, MatchFile::Mat).into_iter().next().unwrap();
    let labels: Vec<&str> = view.frames.iter().rev().take(3).map(|f| f.label.as_str()).collect();
    assert!(labels[2].contains("Doubles") && labels[1].contains("Drops") && labels[0].contains("Wins"), "{labels:?}");
    let last_play = &view.frames[view.frames.len() - 4];
    for frame in &view.frames[view.frames.len() - 3..] {
        assert_eq!(frame.position, last_play.position, "`{}` opens where the last play left the board", frame.label);
        assert_ne!(frame.position, view.frames[0].position, "`{}` is not the start", frame.label);
    }
}
