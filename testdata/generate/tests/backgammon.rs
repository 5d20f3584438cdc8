//! The backgammon generator against the bundled matches of `testdata/backgammon`: it makes the
//! same bytes again, and reading each file it wrote gives back the actions it played
//! (`replay/tests/backgammon_testdata.rs` checks the files' verdicts).
#![allow(missing_docs)]

use std::path::PathBuf;

use tabula_engine::backgammon::{MoveGenerator, Play, Position, Side};
use tabula_notation::backgammon::PlayText;
use tabula_replay::backgammon::{Action, ActionKind, Dialect, GameAction, MatReader};
use tabula_testdata::backgammon::{testdata_files, testdata_matches};

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../backgammon")
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
                let wins = |winner: Side, points: u64, line: Option<&Action>| {
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
