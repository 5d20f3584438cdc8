//! Random legal matches, and the bundled test data made of them (`testdata/backgammon`).
//!
//! Both players pick uniformly among the legal plays of every roll ([`MoveGenerator`]), double
//! now and then when the cube and the Crawford rule allow it, take or drop at random, and
//! sometimes resign (Galaxy before the roll, Studio after it, as their files show it); gammons
//! and backgammons come from the play. A match runs until a player has its length; a money
//! session (length 0) plays a set number of games. Everything follows from the seed
//! (splitmix64, [`tabula_engine::random`]) and from the order in which the move generator lists
//! plays: after a change to that order the same seeds give other (still legal) matches.
//!
//! [`testdata_files`] builds the files of `testdata/backgammon/matches` (random matches, with
//! their `expected.tsv`) and `testdata/backgammon/broken` (corrupted copies of other random
//! matches, with theirs); `testdata/backgammon/README.md` describes them.

use std::fmt::Write as _;
use std::io::Write;

use tabula_engine::backgammon::{Cube, Dice, MatchScore, MoveGenerator, Play, Position, Side};
use tabula_engine::random::SplitMix64;

use tabula_replay::backgammon::{Dialect, GameAction, MatWriter, MatchHeader, WriteError};

use crate::TestFile;

/// Chance, in percent, that a player who may double does, before each roll from the game's fifth.
const DOUBLE_PERCENT: usize = 2;
/// Chance, in percent, that the trailer doubles before his first roll after the Crawford game.
const POST_CRAWFORD_DOUBLE_PERCENT: usize = 80;
/// Chance, in percent, that a double is taken.
const TAKE_PERCENT: usize = 65;
/// Chance, per thousand, that the player on roll resigns, at each roll from the game's 17th.
const RESIGN_PER_MILLE: usize = 3;
/// The largest cube value offered.
const MAX_CUBE: u32 = 8;

/// Which match to play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MatchSpec {
    /// The seed of the random numbers.
    pub seed: u64,
    /// The site whose file format and habits (how players resign) the match follows.
    pub dialect: Dialect,
    /// Points to win; 0 for a money session.
    pub length: u32,
    /// Games of a money session, at least one (a match ends when a player has won it).
    pub money_games: u32,
    /// The names of the first (left) and second (right) player.
    pub players: [String; 2],
}

/// One game of a random match.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RandomGame {
    /// The score before the game, with its Crawford state.
    pub score: MatchScore,
    /// The actions in order, each with the player who makes it; the last one ends the game
    /// ([`GameAction::Win`], [`GameAction::Resign`] or [`GameAction::RollResign`]).
    pub actions: Vec<(Side, GameAction)>,
    /// The winner.
    pub winner: Side,
    /// The game's value: the cube times 1, 2 or 3 after a bear-off, the cube after a drop, the
    /// resigned level times the cube after a resignation.
    pub points: u64,
    /// `bearoff`, `drop` or `resign`.
    pub how: &'static str,
    /// The cube value at the end of the game.
    pub cube: u32,
}

impl RandomGame {
    /// The number of rolls (dances and rolls before a resignation included).
    pub fn plays(&self) -> usize {
        self.actions
            .iter()
            .filter(|(_, a)| matches!(a, GameAction::Roll { .. } | GameAction::RollResign { .. }))
            .count()
    }

    /// The points the game's `Wins` line shows in `dialect`: Galaxy caps a gammon or a
    /// backgammon (more than the cube) at the match length.
    pub fn written_points(&self, dialect: Dialect) -> u64 {
        dialect.written_points(self.points, self.cube, self.score.length)
    }
}

/// A random match: its header and games.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RandomMatch {
    /// What was played.
    pub spec: MatchSpec,
    /// The header written: tags and match length.
    pub header: MatchHeader,
    /// The games in order.
    pub games: Vec<RandomGame>,
}

/// Random numbers for one match.
struct Rng(SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }

    fn percent(&mut self, p: usize) -> bool {
        self.below(100) < p
    }

    fn die(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    fn dice(&mut self) -> Dice {
        loop {
            if let Some(d) = Dice::new(self.die(), self.die()) {
                return d;
            }
        }
    }
}

impl RandomMatch {
    /// Plays the match `spec` describes.
    pub fn generate(spec: &MatchSpec) -> RandomMatch {
        let mut rng = Rng(SplitMix64(spec.seed ^ 0x6d61_7463_6820_6261));
        let mut gen = MoveGenerator::new();
        let mut score = MatchScore::new(spec.length);
        let mut games = Vec::new();
        loop {
            let game = play_game(&mut rng, &mut gen, score, spec.dialect);
            score.record_game(game.winner, score.capped(game.winner, game.points));
            games.push(game);
            let over =
                if spec.length > 0 { score.winner().is_some() } else { games.len() >= spec.money_games as usize };
            if over {
                break;
            }
        }
        let tags = [
            ("Site", spec.dialect.site().to_owned()),
            ("Match ID", spec.seed.to_string()),
            ("Event", format!("tabula random play, seed {}", spec.seed)),
            ("Player 1", spec.players[0].clone()),
            ("Player 2", spec.players[1].clone()),
            ("Variation", "Backgammon".to_owned()),
            ("Unrated", "On".to_owned()),
            ("Crawford", "On".to_owned()),
            ("CubeLimit", "1024".to_owned()),
        ];
        let header = MatchHeader {
            tags: tags
                .into_iter()
                .filter(|(n, _)| spec.length > 0 || *n != "Crawford")
                .map(|(n, v)| (n.to_owned(), v))
                .collect(),
            match_length: Some(spec.length),
            header_line: 0,
        };
        RandomMatch { spec: spec.clone(), header, games }
    }

    /// Writes the match as a `.mat` file of its dialect.
    ///
    /// # Errors
    /// The output fails.
    pub fn write<W: Write>(&self, out: W) -> Result<W, WriteError> {
        Ok(self.write_lines(out, &self.header)?.0)
    }

    /// Writes the match under `header`; also gives the line of each action.
    fn write_lines<W: Write>(&self, out: W, header: &MatchHeader) -> Result<(W, ActionLines), WriteError> {
        let mut w = MatWriter::new(out, self.spec.dialect, header)?;
        let players = [self.spec.players[0].as_str(), self.spec.players[1].as_str()];
        let mut lines = Vec::with_capacity(self.games.len());
        for game in &self.games {
            w.start_game(players, game.score.points)?;
            let mut at = Vec::with_capacity(game.actions.len());
            for (side, action) in &game.actions {
                w.action(*side, action)?;
                at.push(w.line());
            }
            lines.push(at);
        }
        Ok((w.finish()?, ActionLines(lines)))
    }
}

/// The 1-based line of every action of a written match, per game.
struct ActionLines(Vec<Vec<u64>>);

impl ActionLines {
    /// The line of action `action` of game `game` (both 0-based); 0 for none.
    fn at(&self, game: usize, action: usize) -> u64 {
        self.0.get(game).and_then(|g| g.get(action)).copied().unwrap_or(0)
    }
}

/// Plays one game from `score`.
fn play_game(rng: &mut Rng, gen: &mut MoveGenerator, score: MatchScore, dialect: Dialect) -> RandomGame {
    let mut actions = Vec::new();
    let mut pos = Position::start();
    let mut cube = Cube::default();
    // The opening: one die each, again on a tie; the higher die moves first with both.
    let (mut side, mut dice) = loop {
        let (a, b) = (rng.die(), rng.die());
        if let (true, Some(d)) = (a != b, Dice::new(a, b)) {
            break (if a > b { Side::Zero } else { Side::One }, d);
        }
    };
    let end = |actions: Vec<(Side, GameAction)>, winner: Side, points: u64, how, cube: Cube| RandomGame {
        score,
        actions,
        winner,
        points,
        how,
        cube: cube.value,
    };
    let mut turn = 0usize;
    loop {
        if turn > 0 {
            let resigns = turn >= 16 && rng.below(1000) < RESIGN_PER_MILLE;
            let level = match rng.below(20) {
                0 => 3,
                1..=5 => 2,
                _ => 1,
            };
            let value = u64::from(cube.value) * level;
            if resigns && dialect == Dialect::Galaxy {
                actions.push((side, GameAction::Resign { points: value }));
                return end(actions, side.other(), value, "resign", cube);
            }
            if wants_double(rng, &score, &cube, side, turn) {
                if let Ok(value) = cube.double(side, None, score.crawford) {
                    actions.push((side, GameAction::Double { value }));
                    if rng.percent(TAKE_PERCENT) {
                        actions.push((side.other(), GameAction::Take));
                        cube = Cube::taken(value, side.other());
                    } else {
                        actions.push((side.other(), GameAction::Drop));
                        let points = u64::from(cube.value);
                        actions.push((side, GameAction::Win { points }));
                        return end(actions, side, points, "drop", cube);
                    }
                }
            }
            dice = rng.dice();
            if resigns {
                actions.push((side, GameAction::RollResign { dice, points: value }));
                return end(actions, side.other(), value, "resign", cube);
            }
        }
        let legal = gen.legal_plays(&pos, dice);
        let (play, after) = legal.get(rng.below(legal.len())).copied().unwrap_or((Play::EMPTY, pos));
        actions.push((side, GameAction::Roll { dice, play, before: pos }));
        if let Some(kind) = after.win_kind() {
            let points = u64::from(cube.value) * u64::from(kind.multiplier());
            actions.push((side, GameAction::Win { points }));
            return end(actions, side, points, "bearoff", cube);
        }
        pos = after.swapped();
        side = side.other();
        turn += 1;
    }
}

/// Whether `side`, on roll at `turn` (0 for the opening roll), doubles: never in the Crawford
/// game, with a cube he does not own, at [`MAX_CUBE`] or at what he needs to win the match or
/// more; mostly at once after the Crawford game when the opponent needs one point; else now and
/// then from the game's fifth roll.
fn wants_double(rng: &mut Rng, score: &MatchScore, cube: &Cube, side: Side, turn: usize) -> bool {
    let dead = score.length > 0 && cube.value >= score.length.saturating_sub(score.points[side]);
    if score.crawford || dead || cube.owner == Some(side.other()) || cube.value >= MAX_CUBE {
        return false;
    }
    let opponent_needs_one = score.length > 0 && score.points[side.other()] + 1 == score.length;
    if score.post_crawford && opponent_needs_one && cube.value == 1 && turn < 2 {
        return rng.percent(POST_CRAWFORD_DOUBLE_PERCENT);
    }
    turn >= 4 && rng.percent(DOUBLE_PERCENT)
}

/// Why the test data cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum TestDataError {
    /// Writing a match failed.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// No seed tried gives a match with what the file needs.
    #[error("no seed from {first} to {} gives a match for `{name}`", .first + SEEDS_TRIED - 1)]
    NoSeed {
        /// The file.
        name: &'static str,
        /// The first seed tried.
        first: u64,
    },
}

/// How many seeds are tried for a file.
const SEEDS_TRIED: u64 = 5000;

/// The players of every match.
const PLAYERS: [&str; 2] = ["tabula_left", "tabula_right"];

/// Games of a money session.
const MONEY_GAMES: u32 = 4;

/// A match of `matches/`: its file name, and what the match must show (seeds are tried in order
/// from `seed` until one gives it).
struct Slot {
    name: &'static str,
    dialect: Dialect,
    length: u32,
    seed: u64,
    wants: fn(&RandomMatch) -> bool,
}

/// Who resigned, if anyone, and whether after rolling.
fn resigner(game: &RandomGame) -> Option<(Side, bool)> {
    game.actions.iter().find_map(|&(side, a)| match a {
        GameAction::Resign { .. } => Some((side, false)),
        GameAction::RollResign { .. } => Some((side, true)),
        _ => None,
    })
}

fn doubles(game: &RandomGame) -> usize {
    game.actions.iter().filter(|(_, a)| matches!(a, GameAction::Double { .. })).count()
}

/// 1, 2 or 3 for a single game, gammon or backgammon borne off; 0 for a drop or resignation.
fn multiple(game: &RandomGame) -> u64 {
    if game.how == "bearoff" {
        game.points / u64::from(game.cube.max(1))
    } else {
        0
    }
}

fn first(m: &RandomMatch) -> Option<&RandomGame> {
    m.games.first()
}

fn last(m: &RandomMatch) -> Option<&RandomGame> {
    m.games.last()
}

/// Whether a game before the last was resigned by `side`.
fn resigned_before_last(m: &RandomMatch, side: Side) -> bool {
    m.games.iter().rev().skip(1).any(|g| resigner(g).is_some_and(|r| r.0 == side))
}

/// Whether the match takes at most `bytes` (the whole of `matches/` stays near 100 KB).
fn small(m: &RandomMatch, bytes: usize) -> bool {
    m.write(Vec::new()).is_ok_and(|b| b.len() <= bytes)
}

const SLOTS: [Slot; 12] = [
    Slot {
        name: "galaxy_1pt",
        dialect: Dialect::Galaxy,
        length: 1,
        seed: 100,
        wants: |m| first(m).is_some_and(|g| multiple(g) == 2),
    },
    Slot {
        name: "galaxy_3pt",
        dialect: Dialect::Galaxy,
        length: 3,
        seed: 200,
        wants: |m| m.games.len() >= 3 && resigned_before_last(m, Side::One) && small(m, 9000),
    },
    Slot {
        name: "galaxy_3pt_resign",
        dialect: Dialect::Galaxy,
        length: 3,
        seed: 300,
        wants: |m| last(m).and_then(resigner).is_some_and(|r| r.0 == Side::Zero) && small(m, 8000),
    },
    Slot {
        name: "galaxy_5pt",
        dialect: Dialect::Galaxy,
        length: 5,
        seed: 400,
        wants: |m| {
            last(m).is_some_and(|g| g.written_points(Dialect::Galaxy) < g.points && multiple(g) >= 2)
                && m.games.iter().any(|g| g.how == "drop")
                && small(m, 12_000)
        },
    },
    Slot {
        name: "galaxy_5pt_resign",
        dialect: Dialect::Galaxy,
        length: 5,
        seed: 500,
        wants: |m| {
            last(m).and_then(resigner).is_some_and(|r| r.0 == Side::One)
                && m.games.iter().any(|g| multiple(g) == 3)
                && small(m, 12_000)
        },
    },
    Slot {
        name: "galaxy_7pt",
        dialect: Dialect::Galaxy,
        length: 7,
        seed: 600,
        wants: |m| {
            m.games.iter().any(|g| g.score.crawford)
                && m.games.iter().any(|g| g.score.post_crawford && doubles(g) > 0)
                && small(m, 16_000)
        },
    },
    Slot {
        name: "galaxy_money",
        dialect: Dialect::Galaxy,
        length: 0,
        seed: 700,
        wants: |m| m.games.iter().any(|g| g.how == "resign") && small(m, 12_000),
    },
    Slot {
        name: "studio_1pt",
        dialect: Dialect::Studio,
        length: 1,
        seed: 800,
        wants: |m| first(m).is_some_and(|g| multiple(g) == 1),
    },
    Slot {
        name: "studio_3pt",
        dialect: Dialect::Studio,
        length: 3,
        seed: 900,
        wants: |m| m.games.len() >= 3 && resigned_before_last(m, Side::One) && small(m, 10_000),
    },
    Slot {
        name: "studio_5pt",
        dialect: Dialect::Studio,
        length: 5,
        seed: 1000,
        wants: |m| {
            m.games.iter().any(|g| multiple(g) == 3)
                && m.games.iter().any(|g| g.how == "drop" && g.winner == Side::One)
                && last(m).and_then(resigner).is_some_and(|r| r.0 == Side::Zero)
                && small(m, 14_000)
        },
    },
    Slot {
        name: "studio_7pt",
        dialect: Dialect::Studio,
        length: 7,
        seed: 1100,
        wants: |m| {
            m.games.iter().any(|g| g.score.crawford)
                && m.games.iter().any(|g| g.score.post_crawford && doubles(g) > 0)
                && last(m).is_some_and(|g| g.score.capped(g.winner, g.points) < g.points)
                && small(m, 18_000)
        },
    },
    Slot {
        name: "studio_money",
        dialect: Dialect::Studio,
        length: 0,
        seed: 1200,
        wants: |m| m.games.iter().any(|g| doubles(g) >= 2 && g.cube >= 4) && small(m, 14_000),
    },
];

fn spec(seed: u64, dialect: Dialect, length: u32) -> MatchSpec {
    MatchSpec { seed, dialect, length, money_games: MONEY_GAMES, players: PLAYERS.map(str::to_owned) }
}

/// The first match from seed `seed` on for which `find` finds something, with what it found.
///
/// # Errors
/// None of [`SEEDS_TRIED`] seeds gives one.
fn search<T>(
    name: &'static str,
    seed: u64,
    dialect: Dialect,
    length: u32,
    find: impl Fn(&RandomMatch) -> Option<T>,
) -> Result<(RandomMatch, T), TestDataError> {
    (seed..seed + SEEDS_TRIED)
        .find_map(|s| {
            let m = RandomMatch::generate(&spec(s, dialect, length));
            find(&m).map(|t| (m, t))
        })
        .ok_or(TestDataError::NoSeed { name, first: seed })
}

/// The matches of `testdata/backgammon/matches`, in file order, with their file names.
///
/// # Errors
/// No seed tried gives a match with what a file needs.
pub fn testdata_matches() -> Result<Vec<(String, RandomMatch)>, TestDataError> {
    SLOTS
        .iter()
        .map(|s| {
            let (m, ()) = search(s.name, s.seed, s.dialect, s.length, |m| (s.wants)(m).then_some(()))?;
            Ok((format!("{}.mat", s.name), m))
        })
        .collect()
}

/// One game's verdict as `broken/expected.tsv` states it.
struct Expected {
    game: usize,
    verdict: &'static str,
    line: u64,
    message: String,
}

/// A corrupted copy: its file name, what was done, the text and each game's verdict.
struct Broken {
    name: &'static str,
    fault: String,
    bytes: Vec<u8>,
    expected: Vec<Expected>,
}

/// `ok` for every game of `games` but `bad`.
fn verdicts(games: usize, bad: Expected) -> Vec<Expected> {
    let mut all: Vec<Expected> =
        (1..=games).map(|game| Expected { game, verdict: "ok", line: 0, message: String::new() }).collect();
    if let Some(slot) = all.get_mut(bad.game.wrapping_sub(1)) {
        *slot = bad;
    }
    all
}

/// The header of `m` with `fault` added to its `Event` tag.
fn faulty_header(m: &RandomMatch, fault: &str) -> MatchHeader {
    let mut header = m.header.clone();
    for (name, value) in &mut header.tags {
        if name == "Event" {
            let _ = write!(value, "; fault: {fault}");
        }
    }
    header
}

/// The text of `m` under `header`, and the line of every action.
fn written(m: &RandomMatch, header: &MatchHeader) -> Result<(Vec<u8>, ActionLines), WriteError> {
    m.write_lines(Vec::new(), header)
}

/// Byte range of 1-based line `line` in `text`, without its line break.
fn line_range(text: &[u8], line: u64) -> std::ops::Range<usize> {
    let mut start = 0;
    for _ in 1..line {
        match text.get(start..).and_then(|rest| rest.iter().position(|&b| b == b'\n')) {
            Some(i) => start += i + 1,
            None => return text.len()..text.len(),
        }
    }
    let end =
        text.get(start..).and_then(|rest| rest.iter().position(|&b| b == b'\n')).map_or(text.len(), |i| start + i);
    start..end
}

/// Where `needle` stands in 1-based line `line` of `text`, from character `from` on.
fn find_in_line(text: &[u8], line: u64, from: usize, needle: &str) -> Option<usize> {
    let range = line_range(text, line);
    let hay = text.get(range.start + from..range.end)?;
    hay.windows(needle.len()).position(|w| w == needle.as_bytes()).map(|i| range.start + from + i)
}

/// In game 1, from its seventh action on, the first roll of two dice played as two steps on
/// the board, and the first roll of two dice that fits neither step nor their sum.
fn wrong_dice_target(m: &RandomMatch) -> Option<(usize, Dice)> {
    first(m)?.actions.iter().enumerate().skip(6).find_map(|(i, &(_, a))| {
        let GameAction::Roll { dice, play, .. } = a else { return None };
        let steps = play.steps();
        if dice.is_double() || steps.len() != 2 || steps.iter().any(|s| !s.to.on_board()) {
            return None;
        }
        let misses = |d: &Dice| {
            steps.iter().all(|s| {
                let n = s.from.number() - s.to.number();
                n != d.high() && n != d.low() && n != d.high() + d.low()
            })
        };
        Dice::all().filter(|d| !d.is_double()).find(misses).map(|d| (i, d))
    })
}

/// A play the dice do not allow, every step possible (GNU Backgammon's import takes it).
fn wrong_dice() -> Result<Broken, TestDataError> {
    let name = "galaxy_wrong_dice.mat";
    let find = |m: &RandomMatch| wrong_dice_target(m).filter(|_| small(m, 8000));
    let (mut m, (i, new)) = search(name, 2000, Dialect::Galaxy, 3, find)?;
    let Some((_, action)) = m.games.first_mut().and_then(|g| g.actions.get_mut(i)) else {
        return Err(TestDataError::NoSeed { name, first: 2000 });
    };
    let GameAction::Roll { dice, play, before: start } = action else {
        return Err(TestDataError::NoSeed { name, first: 2000 });
    };
    let before = Dialect::Galaxy.roll_text(*dice, play, start);
    *dice = new;
    let fault = format!("`{before}` written with the roll {new}");
    let (bytes, line) = written(&m, &faulty_header(&m, &fault))?;
    let bad = Expected { game: 1, verdict: "illegal", line: line.at(0, i), message: format!("no die of {new}") };
    Ok(Broken { name, fault, bytes, expected: verdicts(m.games.len(), bad) })
}

/// A roll `72:` in game 2 (its first roll from its eleventh action on).
fn bad_roll() -> Result<Broken, TestDataError> {
    let name = "studio_bad_roll.mat";
    let find = |m: &RandomMatch| {
        let game = m.games.get(1).filter(|_| m.games.len() >= 3 && small(m, 9000))?;
        game.actions
            .iter()
            .enumerate()
            .skip(10)
            .find(|(_, (_, a))| matches!(a, GameAction::Roll { .. }))
            .map(|(i, _)| i)
    };
    let (m, i) = search(name, 2100, Dialect::Studio, 3, find)?;
    let Some(&(side, GameAction::Roll { dice, .. })) = m.games.get(1).and_then(|g| g.actions.get(i)) else {
        return Err(TestDataError::NoSeed { name, first: 2100 });
    };
    let fault = format!("the roll {dice} written 72");
    let (mut bytes, line) = written(&m, &faulty_header(&m, &fault))?;
    let at = line.at(1, i);
    let from = if side == Side::Zero { 0 } else { Dialect::Studio.right_column() };
    if let Some(k) = find_in_line(&bytes, at, from, &format!("{dice}:")) {
        bytes.splice(k..k + 2, *b"72");
    }
    let message = "found `72:`, expected two dice 1-6 before `:`".to_owned();
    let bad = Expected { game: 2, verdict: "unreadable", line: at, message };
    Ok(Broken { name, fault, bytes, expected: verdicts(m.games.len(), bad) })
}

/// The file cut inside a play of game 2 (its first left-column play of two or more steps from
/// its eleventh action on), after the first point of the play's second item.
fn truncated() -> Result<Broken, TestDataError> {
    let name = "galaxy_truncated.mat";
    let find = |m: &RandomMatch| {
        let game = m.games.get(1).filter(|_| m.games.len() >= 3 && small(m, 12_000))?;
        game.actions.iter().enumerate().skip(10).find_map(|(i, &(side, a))| match a {
            GameAction::Roll { play, .. } if side == Side::Zero && play.len() >= 2 => Some(i),
            _ => None,
        })
    };
    let (m, i) = search(name, 2200, Dialect::Galaxy, 5, find)?;
    let Some(&(_, GameAction::Roll { dice, play, before })) = m.games.get(1).and_then(|g| g.actions.get(i)) else {
        return Err(TestDataError::NoSeed { name, first: 2200 });
    };
    let kept = play.steps().get(1).map(|s| s.from.number().to_string()).unwrap_or_default();
    let text = Dialect::Galaxy.roll_text(dice, &play, &before);
    let cut_text = format!("{} {kept}", text.split(' ').take(2).collect::<Vec<_>>().join(" "));
    let fault = format!("the file cut inside `{text}`, after `{cut_text}`");
    let (mut bytes, line) = written(&m, &faulty_header(&m, &fault))?;
    let at = line.at(1, i);
    if let Some(k) = find_in_line(&bytes, at, 0, &cut_text) {
        bytes.truncate(k + cut_text.len());
    }
    let message = format!("found `{kept}`, expected a play item");
    let bad = Expected { game: 2, verdict: "unreadable", line: at, message };
    Ok(Broken { name, fault, bytes, expected: verdicts(2, bad) })
}

/// After a double and a take, the doubler doubles again at his next turn: where to insert it
/// (game, action), the doubler and the value.
fn not_owner_target(m: &RandomMatch) -> Option<(usize, usize, Side, u32)> {
    m.games.iter().enumerate().find_map(|(g, game)| {
        game.actions.windows(3).enumerate().find_map(|(i, w)| match w {
            [(doubler, GameAction::Double { value }), (_, GameAction::Take), (roller, GameAction::Roll { .. })]
                if roller == doubler =>
            {
                Some((g, i + 2, *doubler, value * 2))
            }
            _ => None,
        })
    })
}

/// A double by the player who does not own the cube.
fn cube_not_owner() -> Result<Broken, TestDataError> {
    let name = "studio_cube_not_owner.mat";
    let find = |m: &RandomMatch| not_owner_target(m).filter(|_| small(m, 12_000));
    let (mut m, (g, i, doubler, value)) = search(name, 2300, Dialect::Studio, 5, find)?;
    if let Some(game) = m.games.get_mut(g) {
        game.actions.splice(i..i, [(doubler, GameAction::Double { value }), (doubler.other(), GameAction::Take)]);
    }
    let fault = format!("a second `Doubles => {value}` by the player who doubled, before his next roll");
    let (bytes, line) = written(&m, &faulty_header(&m, &fault))?;
    let message = "the cube belongs to the other player".to_owned();
    let bad = Expected { game: g + 1, verdict: "illegal", line: line.at(g, i), message };
    Ok(Broken { name, fault, bytes, expected: verdicts(m.games.len(), bad) })
}

/// A game before the last, borne off as a single game by a winner who needs at least two
/// points more than it gives.
fn wrong_wins_target(m: &RandomMatch) -> Option<usize> {
    let before_last = m.games.len().checked_sub(1)?;
    m.games[..before_last].iter().position(|g| {
        let needs = u64::from(m.spec.length.saturating_sub(g.score.points[g.winner]));
        multiple(g) == 1 && needs >= g.points + 2
    })
}

/// A `Wins` line one point too high.
fn wrong_wins() -> Result<Broken, TestDataError> {
    let name = "galaxy_wrong_wins.mat";
    let find = |m: &RandomMatch| wrong_wins_target(m).filter(|_| small(m, 12_000));
    let (mut m, g) = search(name, 2400, Dialect::Galaxy, 5, find)?;
    let Some(game) = m.games.get_mut(g) else { return Err(TestDataError::NoSeed { name, first: 2400 }) };
    let (points, end) = (game.points, game.actions.len() - 1);
    if let Some((_, GameAction::Win { points })) = game.actions.last_mut() {
        *points += 1;
    }
    let fault = format!("game {}: `Wins {} point` for a single game on a {}-cube", g + 1, points + 1, points);
    let (bytes, line) = written(&m, &faulty_header(&m, &fault))?;
    let message = format!("the record says {} points, the replay {points}", points + 1);
    let bad = Expected { game: g + 1, verdict: "result-mismatch", line: line.at(g, end), message };
    Ok(Broken { name, fault, bytes, expected: verdicts(m.games.len(), bad) })
}

/// A shorter match length that makes game `g` (0-based) the Crawford game, where a double was
/// played (its action `i`), with no other game's check changed: every game before `g` leaves
/// both players below the false length, and at most one game follows `g` (the score lines
/// after an illegal game are taken as written; a later one would be capped at the false length).
fn lie_target(m: &RandomMatch) -> Option<(u32, usize, usize)> {
    (2..m.spec.length).find_map(|lie| {
        let g = m.games.iter().position(|g| g.score.points.zero + 1 >= lie || g.score.points.one + 1 >= lie)?;
        let p = m.games[g].score.points;
        let one_side = (p.zero + 1 == lie) != (p.one + 1 == lie) && p.zero < lie && p.one < lie;
        let i = m.games[g].actions.iter().position(|(_, a)| matches!(a, GameAction::Double { .. }))?;
        (one_side && g + 2 >= m.games.len()).then_some((lie, g, i))
    })
}

/// The match length written shorter than it is.
fn lying_length() -> Result<Broken, TestDataError> {
    let name = "studio_lying_length.mat";
    let find = |m: &RandomMatch| lie_target(m).filter(|_| small(m, 14_000));
    let (m, (lie, g, i)) = search(name, 2500, Dialect::Studio, 7, find)?;
    let fault = format!("a {}-point match written `{lie} point match`", m.spec.length);
    let mut header = faulty_header(&m, &fault);
    header.match_length = Some(lie);
    let (bytes, line) = written(&m, &header)?;
    let message = "no doubling in the Crawford game".to_owned();
    let bad = Expected { game: g + 1, verdict: "illegal", line: line.at(g, i), message };
    let mut expected = verdicts(m.games.len(), bad);
    // A game after a side has reached the written length is one the match should not have.
    if let Some(next) = m.games.get(g + 1).filter(|n| n.score.points.zero >= lie || n.score.points.one >= lie) {
        let game_line = String::from_utf8_lossy(&bytes)
            .lines()
            .position(|l| l.trim() == format!("Game {}", g + 2))
            .map_or(0, |i| i as u64 + 1);
        let p = next.score.points;
        let (side, points) = if p.zero >= lie { ("left", p.zero) } else { ("right", p.one) };
        let message = format!("a game after the end of the match: the {side} column has {points} points");
        if let Some(slot) = expected.get_mut(g + 1) {
            *slot = Expected { game: g + 2, verdict: "illegal", line: game_line + 1, message };
        }
    }
    Ok(Broken { name, fault, bytes, expected })
}

/// The files of `testdata/backgammon/matches` and `testdata/backgammon/broken`: `matches/*.mat`
/// with `matches/expected.tsv` (per game: plays, winner, points, how it ended, the points of its
/// `Wins` line, the score before it, whether it is the Crawford game), and `broken/*.mat` with
/// `broken/expected.tsv` (per game: the verdict, and for a game that is not ok the line and part
/// of the message `tabula check` gives; the `fault` column says what was done).
///
/// # Errors
/// No seed tried gives a match with what a file needs, or writing fails.
pub fn testdata_files() -> Result<Vec<TestFile>, TestDataError> {
    let mut files = Vec::new();
    let mut tsv = String::from("file\tgame\tplays\twinner\tpoints\thow\twins\tscore\tcrawford\n");
    for (name, m) in testdata_matches()? {
        for (i, g) in m.games.iter().enumerate() {
            let _ = writeln!(
                tsv,
                "{name}\t{}\t{}\t{}\t{}\t{}\t{}\t{}-{}\t{}",
                i + 1,
                g.plays(),
                g.winner.index(),
                g.points,
                g.how,
                g.written_points(m.spec.dialect),
                g.score.points.zero,
                g.score.points.one,
                if g.score.crawford { "yes" } else { "no" }
            );
        }
        files.push(TestFile { path: format!("matches/{name}"), bytes: m.write(Vec::new())? });
    }
    files.push(TestFile { path: "matches/expected.tsv".to_owned(), bytes: tsv.into_bytes() });
    let mut tsv = String::from("file\tgame\tverdict\tline\tmessage\tfault\n");
    for b in [wrong_dice()?, bad_roll()?, truncated()?, cube_not_owner()?, wrong_wins()?, lying_length()?] {
        for e in &b.expected {
            let fault = if e.verdict == "ok" { "" } else { &b.fault };
            let _ = writeln!(tsv, "{}\t{}\t{}\t{}\t{}\t{fault}", b.name, e.game, e.verdict, e.line, e.message);
        }
        files.push(TestFile { path: format!("broken/{}", b.name), bytes: b.bytes });
    }
    files.push(TestFile { path: "broken/expected.tsv".to_owned(), bytes: tsv.into_bytes() });
    Ok(files)
}
