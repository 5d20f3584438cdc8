//! The bundled matches in `testdata/backgammon`, written by tabula from random legal play: every
//! game checks `ok` with the plays and result the generator recorded, reading a file gives back
//! the actions that were written, the generator makes the same bytes again, and every corrupted
//! copy gets the verdict its `expected.tsv` states. Also: the writer spells plays and lays out
//! lines as the two sites do, shown on the real matches of `shared/data/backgammon`.
#![allow(missing_docs)]

mod common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tabula_engine::backgammon::{BySide, Dice, MoveGenerator, Play, Position, Side};
use tabula_notation::backgammon::PlayText;
use tabula_replay::backgammon::matches::check_match;
use tabula_replay::backgammon::random_match::{testdata_files, testdata_matches};
use tabula_replay::backgammon::{ActionKind, Dialect, GameAction, MatReader, MatWriter};
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

#[test]
fn generated_games_are_ok_with_their_recorded_plays_and_results() {
    let rows = common::read_tsv(&testdata().join("matches/expected.tsv"));
    let mut files: Vec<String> = rows.iter().map(|r| r["file"].clone()).collect();
    files.dedup();
    assert_eq!(files.len(), 12);
    let mut hows = std::collections::BTreeSet::new();
    let mut checked = 0;
    for file in &files {
        let want: Vec<_> = rows.iter().filter(|r| &r["file"] == file).collect();
        let reports = check_file(&testdata().join("matches").join(file));
        assert_eq!(reports.len(), want.len(), "{file}");
        for (r, row) in reports.iter().zip(want) {
            let stem = file.trim_end_matches(".mat");
            assert_eq!(r.game, format!("{stem}#{}", row["game"]));
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
    }
    assert_eq!(checked, rows.len());
    assert_eq!(hows.len(), 6, "both players win by bear-off, drop and resignation: {hows:?}");
}

#[test]
fn reading_a_generated_file_gives_back_its_actions() {
    let mut gen = MoveGenerator::new();
    let (mut plays, mut hits_split) = (0, 0);
    for (name, m) in testdata_matches().unwrap() {
        let text = std::fs::read(testdata().join("matches").join(&name)).unwrap();
        let mut reader = MatReader::new(&text[..]);
        let header = reader.header().unwrap();
        assert_eq!((&header.tags, header.match_length), (&m.header.tags, m.header.match_length), "{name}");
        let games: Vec<_> = reader.map(|g| g.unwrap()).collect();
        assert_eq!(games.len(), m.games.len(), "{name}");
        for (n, (read, made)) in games.iter().zip(&m.games).enumerate() {
            let at = format!("{name} game {}", n + 1);
            assert_eq!(read.number as usize, n + 1);
            assert_eq!(read.players, m.spec.players, "{at}");
            assert_eq!(read.scores, [made.score.points.zero, made.score.points.one], "{at}");
            // A resignation is two actions read: `Losses` and `Wins`, or `????` and `Wins`.
            let mut read_actions = read.actions.iter();
            for (who, action) in &made.actions {
                let a = read_actions.next().unwrap_or_else(|| panic!("{at}: fewer actions read"));
                let ctx = format!("{at} line {}: `{}`", a.line, a.text);
                assert_eq!(a.column.side(), *who, "{ctx}");
                let wins = |winner: Side, points: u64, line: Option<&tabula_replay::backgammon::Action>| {
                    let w = line.unwrap_or_else(|| panic!("{ctx}: no `Wins`"));
                    assert_eq!(w.column.side(), winner, "{ctx}");
                    assert!(matches!(w.kind, ActionKind::Wins { points: p, .. } if p == points), "{ctx}");
                };
                match *action {
                    GameAction::Roll { dice, play, before } => {
                        assert_eq!(a.dice(), Some((dice.high(), dice.low())), "{ctx}");
                        let text = a.play().unwrap();
                        if m.spec.dialect == Dialect::Studio && play.is_empty() {
                            assert_eq!(text, "Cannot Move", "{ctx}");
                        }
                        let resolved = text.parse::<PlayText>().unwrap().resolve_with(&mut gen, &before, dice);
                        assert_eq!(resolved.map(|r| r.position), Ok(after(&before, &play)), "{ctx}");
                        hits_split += usize::from(splits_at_a_hit(text));
                        plays += 1;
                    }
                    GameAction::Double { value } => assert_eq!(a.kind, ActionKind::Double { value }, "{ctx}"),
                    GameAction::Take => assert_eq!(a.kind, ActionKind::Take, "{ctx}"),
                    GameAction::Drop => assert_eq!(a.kind, ActionKind::Drop, "{ctx}"),
                    GameAction::Win { .. } => wins(*who, made.written_points(m.spec.dialect), Some(a)),
                    GameAction::Resign { .. } => {
                        let points = made.written_points(m.spec.dialect);
                        assert_eq!(a.kind, ActionKind::Losses { points }, "{ctx}");
                        wins(who.other(), points, read_actions.next());
                    }
                    GameAction::RollResign { dice, .. } => {
                        assert_eq!(a.kind, ActionKind::Unknown { dice: (dice.high(), dice.low()) }, "{ctx}");
                        wins(who.other(), made.written_points(m.spec.dialect), read_actions.next());
                    }
                }
            }
            assert!(read_actions.next().is_none(), "{at}: more actions read than written");
        }
    }
    assert!(plays > 2000 && hits_split > 0, "{plays} plays, {hits_split} with a hit");
}

/// Whether a play text cuts a checker's path where it hits, as Studio does: `13/9* 9/3`.
fn splits_at_a_hit(text: &str) -> bool {
    let items: Vec<&str> = text.split(' ').collect();
    items.iter().filter_map(|i| i.split('(').next()?.strip_suffix('*')?.rsplit('/').next()).any(|hit| {
        let from = format!("{hit}/");
        items.iter().any(|j| j.starts_with(&from))
    })
}

/// The position after `play` on `before`, still seen from the player who moved.
fn after(before: &Position, play: &Play) -> Position {
    let mut pos = *before;
    for s in play.steps() {
        pos.apply(*s);
    }
    pos
}

#[test]
fn the_generator_makes_the_same_bytes_again() {
    let files = testdata_files().unwrap();
    assert_eq!(files.len(), 20);
    for dir in ["matches", "broken"] {
        let on_disk: Vec<String> = std::fs::read_dir(testdata().join(dir))
            .unwrap()
            .map(|e| format!("{dir}/{}", e.unwrap().file_name().to_string_lossy()))
            .collect();
        for path in &on_disk {
            assert!(files.iter().any(|f| &f.path == path), "{path} is not made by the generator");
        }
    }
    let mut total = 0;
    for f in &files {
        let disk = std::fs::read(testdata().join(&f.path)).unwrap_or_default();
        assert!(disk == f.bytes, "{} differs from what the generator makes now", f.path);
        total += disk.len();
    }
    assert!(total < 150_000, "{total} bytes");
}

#[test]
fn broken_copies_get_their_expected_verdicts() {
    let rows = common::read_tsv(&testdata().join("broken/expected.tsv"));
    let mut files: Vec<String> = rows.iter().map(|r| r["file"].clone()).collect();
    files.dedup();
    assert_eq!(files.len(), 6);
    let mut bad = 0;
    for file in &files {
        let want: Vec<_> = rows.iter().filter(|r| &r["file"] == file).collect();
        let reports = check_file(&testdata().join("broken").join(file));
        let got: Vec<String> = reports.iter().map(|r| format!("{} {}", r.game, r.verdict.as_str())).collect();
        let stem = file.trim_end_matches(".mat");
        let expected: Vec<String> = want.iter().map(|w| format!("{stem}#{} {}", w["game"], w["verdict"])).collect();
        assert_eq!(got, expected, "{file}");
        for (r, w) in reports.iter().zip(want) {
            match &r.error {
                None => assert_eq!(w["verdict"], "ok"),
                Some(e) => {
                    assert_eq!(e.line.to_string(), w["line"], "{}: {e:?}", r.game);
                    assert!(e.message.contains(&w["message"]), "{}: {e:?}", r.game);
                    bad += 1;
                }
            }
        }
    }
    // One fault a file, and the lying length also makes the game after the false end illegal.
    assert_eq!(bad, 7);
}

/// Every play of the Backgammon Studio files of `shared/data/backgammon`, resolved, is spelt
/// back by [`PlayText::studio`] as the site wrote it.
#[test]
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
            };
            w.action(me, &action).unwrap();
        }
    }
    w.finish().unwrap()
}
