//! Records tabula makes itself from random play, for `testdata/snr/` (written by the
//! `make_stones_rivers_testdata` program, compared with the bundled files by `tests/stones_rivers.rs`;
//! `replay/tests/stones_rivers_records.rs` checks their verdicts).
//!
//! Plain random play rarely fills a Score Area, so the players are biased: most turns are the
//! best by [`progress`] (stones on the own Score Area, pieces near its empty intersections), the
//! rest uniformly random, and a turn that wins is always taken. Everything is drawn from
//! [`SplitMix64`] with fixed seeds, so the same bytes come out on every machine.
//!
//! The files:
//!
//! - `games.txt`: legal records: games won by Square and by Circle, unfinished games, games
//!   from a `[Position]` tag (taken from the middle of another game), and one written loosely
//!   (lower case, no spaces, comments between turns).
//! - `faults.txt`: records that are legal up to exactly one faulty turn (the last written, or a
//!   tag line in its place), tagged `[Fault "..."]` with what is wrong; and records whose header
//!   is wrong (unreadable) or whose `[Result]` disagrees with the replay.
//! - `expected.tsv`: per record the file, game id, verdict, turns (the number of turns of an
//!   `ok` or `result-mismatch` record, the 1-based index of the faulty turn of an `illegal` one,
//!   0 for `unreadable`), result (`Sq`, `Cr`, `*`; `-` when unreadable) and the fault.

use std::fmt::Write as _;

use tabula_engine::random::SplitMix64;
use tabula_engine::stones_rivers::{
    forbidden_area, score_area, Axis, Bitboard, Board, Cell, Direction, Face, Piece, Player, Position, Setup, Turn,
};
use tabula_notation::stones_rivers::{player_code, write_position, TurnText};

use tabula_replay::stones_rivers::show::touched;

use crate::TestFile;

/// What checking a generated record must give (one row of `expected.tsv`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Expected {
    /// The file (`games.txt`, `faults.txt`).
    pub file: &'static str,
    /// The game id (its `[Game]` tag).
    pub game: String,
    /// `ok`, `illegal`, `result-mismatch` or `unreadable`.
    pub verdict: &'static str,
    /// Turns of an `ok` or `result-mismatch` record; the faulty turn's index when `illegal`; 0
    /// when `unreadable`.
    pub turns: usize,
    /// `Sq`, `Cr`, `*`, or `-` when unreadable.
    pub result: &'static str,
    /// What is wrong (`-` for a legal record).
    pub fault: String,
}

/// The most turns of a generated game.
const MAX_TURNS: usize = 300;
/// Percent of turns chosen by [`progress`] rather than at random.
const GREED: usize = 75;

/// How far `player` has got: 100 per own Stone on the own Score Area, minus 4 per step from
/// each other intersection of the area to the nearest own piece not yet placed there, minus 2
/// for an own River on the area (it must still be flipped).
pub fn progress(board: &Board, player: Player) -> i64 {
    let own = board.by_player[player];
    let area = score_area(player);
    let placed = own & board.stones() & area;
    let free: Vec<Cell> = own.and_not(placed).iter().collect();
    let mut score = i64::from(placed.count()) * 100;
    for cell in area.and_not(placed).iter() {
        let nearest = free.iter().map(|&q| distance(q, cell)).min().unwrap_or(30);
        score -= 4 * i64::from(nearest);
        if (own & board.rivers()).contains(cell) {
            score -= 2;
        }
    }
    score
}

fn distance(a: Cell, b: Cell) -> u8 {
    a.column().abs_diff(b.column()) + a.row().abs_diff(b.row())
}

/// A turn for the side to move: a winning one if there is one, else with `GREED` (75) percent the
/// best by [`progress`] (ties drawn at random), else any legal turn. `None` when the game is
/// over.
pub fn biased_turn(pos: &Position, rng: &mut SplitMix64) -> Option<Turn> {
    let turns = pos.legal_turns();
    if turns.is_empty() {
        return None;
    }
    let me = pos.to_move();
    let after: Vec<Position> = turns.iter().map(|t| pos.play_unchecked(t)).collect();
    if let Some(i) = after.iter().position(|p| p.winner() == Some(me)) {
        return turns.get(i).copied();
    }
    if rng.below(100) >= GREED {
        return turns.get(rng.below(turns.len())).copied();
    }
    let scores: Vec<i64> =
        after.iter().map(|p| if p.winner().is_some() { i64::MIN } else { progress(p.board(), me) }).collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let ties: Vec<usize> = (0..turns.len()).filter(|&i| scores[i] == best).collect();
    ties.get(rng.below(ties.len())).and_then(|&i| turns.get(i)).copied()
}

/// A game played by [`biased_turn`]: the start, the turns with the positions after them.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position before the first turn.
    pub start: Position,
    /// The turns, each with the position after it.
    pub turns: Vec<(Turn, Position)>,
}

impl Game {
    /// Plays from `start` until the game is won or `limit` turns are made.
    pub fn play(start: Position, seed: u64, limit: usize) -> Game {
        let mut rng = SplitMix64(seed);
        let mut turns = Vec::new();
        let mut pos = start;
        while turns.len() < limit {
            let Some(turn) = biased_turn(&pos, &mut rng) else { break };
            pos = pos.play_unchecked(&turn);
            turns.push((turn, pos));
            if pos.winner().is_some() {
                break;
            }
        }
        Game { start, turns }
    }

    /// The position after `n` turns.
    pub fn after(&self, n: usize) -> Position {
        if n == 0 {
            return self.start;
        }
        self.turns.get(n - 1).map_or(self.start, |(_, p)| *p)
    }

    /// The position at the end.
    pub fn end(&self) -> Position {
        self.after(self.turns.len())
    }

    /// The turns from index `from` (0-based) to `to` as canonical text lines.
    pub fn texts(&self, from: usize, to: usize) -> Vec<String> {
        (from..to.min(self.turns.len()))
            .filter_map(|i| self.turns.get(i).map(|(t, _)| text(self.after(i).to_move(), t)))
            .collect()
    }
}

/// A turn in the canonical notation.
pub fn text(player: Player, turn: &Turn) -> String {
    TurnText::from_turn(player, turn).to_string()
}

fn result_code(winner: Option<Player>) -> &'static str {
    winner.map_or("*", player_code)
}

/// A record being written: tag lines, then turn lines.
struct RecordText {
    game: String,
    fault: String,
    tags: Vec<String>,
    lines: Vec<String>,
}

impl RecordText {
    fn new(game: &str) -> RecordText {
        RecordText { game: game.into(), fault: "-".into(), tags: vec![format!("[Game \"{game}\"]")], lines: Vec::new() }
    }

    fn tag(mut self, key: &str, value: impl Into<String>) -> RecordText {
        let value = value.into();
        if key == "Fault" {
            self.fault.clone_from(&value);
        }
        self.tags.push(format!("[{key} \"{}\"]", value.replace('\\', "\\\\").replace('"', "\\\"")));
        self
    }

    fn write(&self, out: &mut String) {
        if !out.is_empty() {
            out.push('\n');
        }
        for l in self.tags.iter().chain(&self.lines) {
            let _ = writeln!(out, "{l}");
        }
    }
}

/// The legal games of `games.txt` and their expected rows.
fn legal_games() -> (String, Vec<Expected>) {
    let mut out = String::from(
        "# Stones and Rivers games made by tabula from biased random play (testdata/generate/src/stones_rivers.rs).\n\
         # Every record is legal; [Result] is the replay's result (* = unfinished).\n",
    );
    let mut expected = Vec::new();
    let push = |out: &mut String, expected: &mut Vec<Expected>, record: RecordText, game: &Game, skip: usize| {
        record.write(out);
        expected.push(Expected {
            file: "games.txt",
            game: record.game.clone(),
            verdict: "ok",
            turns: game.turns.len() - skip,
            result: result_code(game.end().winner()),
            fault: "-".into(),
        });
    };
    // Won games: the first seeds that give three wins to each side.
    let mut wins = [0usize; 2];
    let mut won: Vec<(u64, Game)> = Vec::new();
    let mut seed = 1u64;
    while wins.iter().any(|&w| w < 3) && seed < 200 {
        let first = if seed.is_multiple_of(2) { Player::Square } else { Player::Circle };
        let game = Game::play(Position::initial(first), seed, MAX_TURNS);
        if let Some(w) = game.end().winner() {
            if wins[w.index()] < 3 {
                wins[w.index()] += 1;
                won.push((seed, game));
            }
        }
        seed += 1;
    }
    let mut numbers = [0usize; 2];
    for (seed, game) in &won {
        let winner = result_code(game.end().winner());
        let n = game.end().winner().map_or(0, |w| {
            numbers[w.index()] += 1;
            numbers[w.index()]
        });
        let mut r = RecordText::new(&format!("{}-win-{n}", winner.to_ascii_lowercase()))
            .tag("Event", "tabula biased random play")
            .tag("Seed", seed.to_string())
            .tag("Result", winner);
        r.lines = game.texts(0, game.turns.len());
        push(&mut out, &mut expected, r, game, 0);
    }
    // Unfinished games, cut short.
    for (i, (seed, limit)) in [(1001u64, 40usize), (1002, 90)].into_iter().enumerate() {
        let first = if i == 0 { Player::Square } else { Player::Circle };
        let game = Game::play(Position::initial(first), seed, limit);
        let mut r = RecordText::new(&format!("unfinished-{}", i + 1))
            .tag("Event", "tabula biased random play, stopped early")
            .tag("Seed", seed.to_string())
            .tag("Result", result_code(game.end().winner()));
        r.lines = game.texts(0, game.turns.len());
        push(&mut out, &mut expected, r, &game, 0);
    }
    // From a [Position] tag: the middle of two won games, one with each side to move.
    for (i, (_, game)) in won.iter().take(2).enumerate() {
        let skip = 25 + i;
        let start = game.after(skip);
        let mut r = RecordText::new(&format!("position-{}", i + 1))
            .tag("Event", format!("the won game {} from turn {}", i + 1, skip + 1))
            .tag("Position", write_position(&start.to_setup()))
            .tag("Result", result_code(game.end().winner()));
        r.lines = game.texts(skip, game.turns.len());
        push(&mut out, &mut expected, r, game, skip);
    }
    // Written loosely: lower case, no spaces, comments between the turns, CR LF line ends.
    let game = Game::play(Position::initial(Player::Circle), 77, 30);
    let mut r = RecordText::new("loose-1").tag("Result", result_code(game.end().winner()));
    for (i, line) in game.texts(0, game.turns.len()).iter().enumerate() {
        let loose = line.to_ascii_lowercase().replace(' ', "");
        r.lines.push(if i.is_multiple_of(2) { loose } else { format!("  {}\r", line.replace(", ", " ,")) });
        if i % 10 == 9 {
            r.lines.push(format!("# after turn {}", i + 1));
        }
    }
    push(&mut out, &mut expected, r, &game, 0);
    (out, expected)
}

/// A kind of faulty turn: what the `[Fault]` tag says, and the faulty turns of a position.
type Finder = fn(&Position) -> Vec<Turn>;

/// `(from, direction, neighbour)` for every own piece of the side to move.
fn steps(pieces: Bitboard) -> Vec<(Cell, Direction, Cell)> {
    let mut out = Vec::new();
    for from in pieces.iter() {
        for d in Direction::ALL {
            if let Some(to) = from.step(d) {
                out.push((from, d, to));
            }
        }
    }
    out
}

fn own(pos: &Position) -> Bitboard {
    pos.board().by_player[pos.to_move()]
}

fn empty(pos: &Position) -> Bitboard {
    Bitboard::FULL.and_not(pos.board().occupied())
}

/// The turns of `turns` the rules refuse that touch no Score Area (so that the fault is the one
/// named, not a step into a forbidden area).
fn illegal_only(pos: &Position, turns: Vec<Turn>) -> Vec<Turn> {
    let areas = score_area(Player::Square) | score_area(Player::Circle);
    turns.into_iter().filter(|t| !pos.is_legal(t) && (touched(t) & areas).is_empty()).collect()
}

/// The turns of `turns` the rules refuse.
fn illegal_any(pos: &Position, turns: Vec<Turn>) -> Vec<Turn> {
    turns.into_iter().filter(|t| !pos.is_legal(t)).collect()
}

const FINDERS: &[(&str, Finder)] = &[
    ("move onto an occupied intersection", |p| {
        let b = p.board();
        let t = steps(own(p)).into_iter().filter(|&(_, _, to)| b.stones().contains(to));
        illegal_only(p, t.map(|(from, _, to)| Turn::Move { from, to }).collect())
    }),
    ("move ends on its start", |p| illegal_only(p, own(p).iter().map(|c| Turn::Move { from: c, to: c }).collect())),
    ("move into the mover's forbidden area", |p| {
        let f = forbidden_area(p.to_move());
        let t = steps(own(p)).into_iter().filter(|&(_, _, to)| f.contains(to) && empty(p).contains(to));
        illegal_any(p, t.map(|(from, _, to)| Turn::Move { from, to }).collect())
    }),
    ("move to an intersection no step or ride reaches", |p| {
        let mut t = Vec::new();
        for from in own(p).iter() {
            for d in Direction::ALL {
                let far = from.step(d).and_then(|c| c.step(d)).and_then(|c| c.step(d));
                if let Some(to) = far.filter(|&c| empty(p).contains(c)) {
                    t.push(Turn::Move { from, to });
                }
            }
        }
        illegal_only(p, t)
    }),
    ("diagonal move", |p| {
        let mut t = Vec::new();
        for from in own(p).iter() {
            for (a, b) in [(Direction::North, Direction::East), (Direction::South, Direction::West)] {
                if let Some(to) = from.step(a).and_then(|c| c.step(b)).filter(|&c| empty(p).contains(c)) {
                    t.push(Turn::Move { from, to });
                }
            }
        }
        illegal_only(p, t)
    }),
    ("FS on a stone", |p| {
        let stones = own(p) & p.board().stones();
        illegal_only(p, stones.iter().map(|cell| Turn::Flip { cell, to: Face::Stone }).collect())
    }),
    ("FN or FE on a river", |p| {
        let rivers = own(p) & p.board().rivers();
        let t =
            rivers.iter().flat_map(|cell| [Axis::North, Axis::East].map(|a| Turn::Flip { cell, to: Face::River(a) }));
        illegal_only(p, t.collect())
    }),
    ("rotate a stone", |p| {
        let stones = own(p) & p.board().stones();
        illegal_only(p, stones.iter().map(|cell| Turn::Rotate { cell, to: Axis::East }).collect())
    }),
    ("rotate a river to the axis it already has", |p| {
        let b = p.board();
        let t = (own(p) & b.north)
            .iter()
            .map(|cell| Turn::Rotate { cell, to: Axis::North })
            .chain((own(p) & b.east).iter().map(|cell| Turn::Rotate { cell, to: Axis::East }));
        illegal_only(p, t.collect())
    }),
    ("acting on the opponent's piece", |p| {
        let theirs = p.board().by_player[p.to_move().other()] & p.board().stones();
        illegal_only(p, theirs.iter().map(|cell| Turn::Flip { cell, to: Face::River(Axis::North) }).collect())
    }),
    ("acting on an empty intersection", |p| {
        let t = empty(p).iter().map(|cell| Turn::Flip { cell, to: Face::River(Axis::East) });
        illegal_only(p, t.collect())
    }),
    ("stone push onto an occupied intersection", |p| {
        let b = p.board();
        let t = steps(own(p) & b.stones()).into_iter().filter_map(|(from, d, onto)| {
            let to = onto.step(d)?;
            (b.occupied().contains(onto) && b.occupied().contains(to)).then_some(Turn::StonePush { from, onto, to })
        });
        illegal_only(p, t.collect())
    }),
    ("stone push moving the piece two intersections", |p| {
        let b = p.board();
        let t = steps(own(p) & b.stones()).into_iter().filter_map(|(from, d, onto)| {
            let to = onto.step(d)?.step(d)?;
            b.occupied().contains(onto).then_some(Turn::StonePush { from, onto, to })
        });
        let t = t.filter(|t| matches!(t, Turn::StonePush { to, .. } if empty(p).contains(*to)));
        illegal_only(p, t.collect())
    }),
    ("river push (PR) by a stone", |p| {
        let b = p.board();
        let t = steps(own(p) & b.stones()).into_iter().filter_map(|(from, d, onto)| {
            let to = onto.step(d)?;
            (b.occupied().contains(onto) && empty(p).contains(to)).then_some(Turn::RiverPush { from, onto, to })
        });
        illegal_only(p, t.collect())
    }),
    ("stone push (PS) by a river", |p| {
        let b = p.board();
        let t = steps(own(p) & b.rivers()).into_iter().filter_map(|(from, d, onto)| {
            let to = onto.step(d)?;
            (b.occupied().contains(onto) && empty(p).contains(to)).then_some(Turn::StonePush { from, onto, to })
        });
        illegal_only(p, t.collect())
    }),
    ("push onto an empty intersection", |p| {
        let b = p.board();
        let t = steps(own(p) & b.stones()).into_iter().filter_map(|(from, d, onto)| {
            let to = onto.step(d)?;
            empty(p).contains(onto).then_some(Turn::StonePush { from, onto, to })
        });
        illegal_only(p, t.collect())
    }),
    ("river push not along the pusher's axis", |p| {
        let b = p.board();
        let t = steps(own(p) & b.rivers()).into_iter().filter_map(|(from, d, onto)| {
            let axis = if b.north.contains(from) { Axis::North } else { Axis::East };
            let to = onto.step(d)?;
            (d.axis() != axis && b.occupied().contains(onto) && empty(p).contains(to)).then_some(Turn::RiverPush {
                from,
                onto,
                to,
            })
        });
        illegal_only(p, t.collect())
    }),
    ("river push sending the piece back to the pusher's start", |p| {
        let b = p.board();
        let t = steps(own(p) & b.rivers()).into_iter().filter_map(|(from, d, onto)| {
            let axis = if b.north.contains(from) { Axis::North } else { Axis::East };
            (d.axis() == axis && b.occupied().contains(onto)).then_some(Turn::RiverPush { from, onto, to: from })
        });
        illegal_only(p, t.collect())
    }),
    ("stone push into the pushed piece's forbidden area", |p| {
        let b = p.board();
        let t = steps(own(p) & b.stones()).into_iter().filter_map(|(from, d, onto)| {
            let to = onto.step(d)?;
            let owner = b.piece_at(onto)?.owner;
            (forbidden_area(owner).contains(to) && empty(p).contains(to)).then_some(Turn::StonePush { from, onto, to })
        });
        illegal_any(p, t.collect())
    }),
];

/// `faults.txt` being written.
struct Faults {
    out: String,
    expected: Vec<Expected>,
}

impl Faults {
    /// The id of the next record.
    fn next_id(&self) -> String {
        format!("fault-{}", self.expected.len() + 1)
    }

    /// A record for the next id with its `[Fault]` tag.
    fn record(&self, fault: &str) -> RecordText {
        RecordText::new(&self.next_id()).tag("Fault", fault)
    }

    fn add(&mut self, record: RecordText, verdict: &'static str, turns: usize, result: &'static str) {
        let fault = record.fault.clone();
        record.write(&mut self.out);
        let game = self.next_id();
        self.expected.push(Expected { file: "faults.txt", game, verdict, turns, result, fault });
    }
}

/// The faulty records of `faults.txt` and their expected rows.
fn faulty_records() -> (String, Vec<Expected>) {
    let out = String::from(
        "# Stones and Rivers records made by tabula, each legal up to exactly one fault named by its [Fault] tag\n\
         # (testdata/generate/src/stones_rivers.rs); the faulty turn is the last one written.\n",
    );
    let mut f = Faults { out, expected: Vec::new() };
    let mut rng = SplitMix64(0x5eed_5a0d);
    // Faulty turns found on positions of biased random games.
    for (i, (fault, finder)) in FINDERS.iter().enumerate() {
        for attempt in 0..20u64 {
            let seed = 5000 + 100 * i as u64 + attempt;
            let first = if rng.below(2) == 0 { Player::Square } else { Player::Circle };
            let game = Game::play(Position::initial(first), seed, 80);
            let from = rng.below(30);
            let found = (from..game.turns.len()).find_map(|k| {
                let pos = game.after(k);
                let bad = finder(&pos);
                (!bad.is_empty() && pos.winner().is_none()).then_some((k, pos, bad))
            });
            let Some((k, pos, bad)) = found else { continue };
            let turn = bad[rng.below(bad.len())];
            let mut r = f.record(fault);
            r.lines = game.texts(0, k);
            r.lines.push(text(pos.to_move(), &turn));
            f.add(r, "illegal", k + 1, "*");
            break;
        }
    }
    // Faults in the text and in the turn order.
    let game = Game::play(Position::initial(Player::Square), 6001, 60);
    let k = 11 + rng.below(20);
    let pos = game.after(k);
    let next = game.texts(k, k + 1).pop().unwrap_or_default();
    let cell = game.turns.get(k).map(|(t, _)| t.cell().to_string()).unwrap_or_default();
    let column = cell.get(..1).unwrap_or("A");
    let mover = player_code(pos.to_move());
    let text_faults: [(&str, String); 5] = [
        ("malformed coordinate: row 15", next.replacen(&cell, &format!("{column}15"), 1)),
        (
            "malformed coordinate: leading zero",
            next.replacen(&cell, &format!("{column}0{}", cell.get(1..).unwrap_or_default()), 1),
        ),
        ("malformed turn: no action", format!("{mover} - {cell}")),
        ("malformed turn: unknown action", format!("{mover} - {cell}, FX")),
        ("a tag line after the first turn", "[Result \"*\"]".to_owned()),
    ];
    for (fault, line) in text_faults {
        let mut r = f.record(fault);
        r.lines = game.texts(0, k);
        r.lines.push(line);
        f.add(r, "illegal", k + 1, "*");
    }
    // Wrong player: the other side's legal turn; and from a [Position], the first turn by the
    // side not to move.
    if let Ok(other) = Position::from_setup(&Setup { board: *pos.board(), to_move: pos.to_move().other() }) {
        let turns = other.legal_turns();
        if let Some(t) = turns.get(rng.below(turns.len())) {
            let mut r = f.record("wrong player's turn");
            r.lines = game.texts(0, k);
            r.lines.push(text(other.to_move(), t));
            f.add(r, "illegal", k + 1, "*");
            let mut r = f
                .record("first turn not by the side to move of [Position]")
                .tag("Position", write_position(&pos.to_setup()));
            r.lines.push(text(other.to_move(), t));
            f.add(r, "illegal", 1, "*");
        }
    }
    // A turn after the end: a won game and one more turn by the loser; and the same game with a
    // [Result] naming the loser.
    let won = (7000..7100)
        .map(|s| Game::play(Position::initial(Player::Circle), s, MAX_TURNS))
        .find(|g| g.end().winner().is_some() && g.turns.len() < 160);
    if let Some(won) = won {
        let end = won.end();
        let winner = result_code(end.winner());
        let loser_stone = (end.board().by_player[end.to_move()] & end.board().stones()).first();
        let extra = loser_stone.map_or_else(
            || format!("{} - A1, FN", player_code(end.to_move())),
            |cell| text(end.to_move(), &Turn::Flip { cell, to: Face::River(Axis::North) }),
        );
        let mut r = f.record("a turn after the game has ended");
        r.lines = won.texts(0, won.turns.len());
        r.lines.push(extra);
        f.add(r, "illegal", won.turns.len() + 1, winner);
        let mut r = f.record("[Result] names the loser").tag("Result", result_code(end.winner().map(Player::other)));
        r.lines = won.texts(0, won.turns.len());
        f.add(r, "result-mismatch", won.turns.len(), winner);
    }
    // Headers that cannot be read.
    let short = game.texts(0, 6);
    let mut r = f.record("a tag without quotes");
    r.tags.push("[Event tabula]".into());
    r.lines = short.clone();
    f.add(r, "unreadable", 0, "-");
    let mut r = f.record("[Position] that is not a position string").tag("Position", "13/13/13 sq");
    r.lines = short;
    f.add(r, "unreadable", 0, "-");
    let mut board = Board::initial();
    if let (Some(f4), Some(d5)) = (Cell::new(5, 3), Cell::new(3, 4)) {
        board.set(d5, None);
        board.set(f4, Some(Piece { owner: Player::Square, face: Face::Stone }));
    }
    let setup = Setup { board, to_move: Player::Square };
    let mut r =
        f.record("[Position] with a Square piece in its forbidden area").tag("Position", write_position(&setup));
    r.lines = vec!["Sq - E5, FN".into()];
    f.add(r, "unreadable", 0, "-");
    (f.out, f.expected)
}

/// The files of `testdata/snr/`: `games.txt`, `faults.txt` and `expected.tsv` (the folder's
/// `README.md` is written by hand).
pub fn testdata_files() -> Vec<TestFile> {
    let (games, mut expected) = legal_games();
    let (faults, more) = faulty_records();
    expected.extend(more);
    let mut tsv = String::from("file\tgame\tverdict\tturns\tresult\tfault\n");
    for e in &expected {
        let _ = writeln!(tsv, "{}\t{}\t{}\t{}\t{}\t{}", e.file, e.game, e.verdict, e.turns, e.result, e.fault);
    }
    vec![
        TestFile { path: "games.txt".into(), bytes: games.into_bytes() },
        TestFile { path: "faults.txt".into(), bytes: faults.into_bytes() },
        TestFile { path: "expected.tsv".into(), bytes: tsv.into_bytes() },
    ]
}
