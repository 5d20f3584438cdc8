//! Makes the bundled Arimaa test archives in `testdata/arimaa/` with tabula's own engine.
//!
//! ```text
//! cargo run --release -p tabula-testdata --bin make_arimaa_testdata -- testdata/arimaa
//! ```
//!
//! Writes, into the folder given (default `testdata/arimaa`):
//!
//! - `random_games.tsv`: legal games between small built-in bots, in the arimaa.com archive
//!   export format (29 columns, header line first). Board-decided games (goal, elimination,
//!   immobilization) carry the result the board gives; games stopped early carry `r`
//!   (resignation) or `t` (time) and a board that decides nothing.
//! - `broken_games.tsv`: legal games corrupted on purpose, one fault per game, the `event` column
//!   naming the fault, and one row cut short (too few columns).
//!
//! Everything is deterministic: a fixed seed drives the engine's splitmix64 generator (`tabula_engine::random`).
//!
//! # `random_games.tsv` (ids 900001 .. 900040, all legal)
//!
//! | result | games |
//! | --- | --- |
//! | `w g` gold goal | 900001 900006 900010 900014 900019 900025 900030 900033 900039 |
//! | `b g` silver goal | 900002 900007 900012 900015 900020 900026 900031 900034 900040 |
//! | `w e` gold by elimination | 900003 900017 900027 |
//! | `b e` silver by elimination | 900009 900018 900028 |
//! | `w m` gold by immobilization | 900005 900022 900035 |
//! | `b m` silver by immobilization | 900011 900023 900036 |
//! | `w r` / `b r` resignation (board undecided) | 900004 900021 900029 900037 / 900013 |
//! | `w t` / `b t` time (board undecided) | 900008 900032 900038 / 900016 900024 |
//!
//! # `broken_games.tsv` (ids 900101 .. 900112, one fault each)
//!
//! | id | fault (`event` column) | move | what was done | `tabula check` |
//! | --- | --- | --- | --- | --- |
//! | 900101 | wrong piece letter | 3b | `rb7e` written `db7e` | illegal at 3b: the piece on b7 is r, not d |
//! | 900102 | missing capture token | 5b | `mf6x` dropped after `cf7w` | illegal at 5b: `mf6x` must follow `cf7w` |
//! | 900103 | capture token not caused | 8w | `Dc3x` added, the dog on c3 is supported | illegal at 8w: nothing is captured |
//! | 900104 | push not completed | 6b | the move cut after `Rd7s`, the first step of a push | illegal at 6b: ends in the middle of a push |
//! | 900105 | frozen piece moves | 8b | the move replaced by `cc5e`, a frozen cat | illegal at 8b: the cat on c5 is frozen |
//! | 900106 | rabbit steps backward | 5w | the move replaced by `Rh6s` | illegal at 5w: a rabbit may not step backward |
//! | 900107 | label out of order | 7w | label `7w` written `8w` | illegal at 8w: expected move 7w |
//! | 900108 | unknown token | 4w | `Hd2n` written `Hd2q` | illegal at 4w: `Hd2q` is not a token |
//! | 900109 | set-up with 15 pieces | 1b | `cf8` dropped from silver's set-up | illegal at 1b: 1 cat instead of 2 |
//! | 900110 | move after the game ended | 11b | gold won by goal at 11w; a legal-looking `11b` added | illegal at 11b: move after the end |
//! | 900111 | result says goal but board does not decide | after 10b | game stopped at 10b, written `b g` | result-mismatch |
//! | 900112 | truncated row | 8b | the row cut inside the move list (28 columns) | unreadable (reported as game `12`, the row's index) |
//!
//! The files depend on the order in which `MoveGenerator::legal_turns` lists turns (the bots
//! break ties and pick at random by index): after a change to the generator the program still
//! makes valid files, but not byte for byte the same ones.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use tabula_engine::arimaa::{
    Bitboard, Board, Color, Direction, Game, MoveGenerator, Outcome, PieceKind, Placement, Position, Square, Step,
    StepError, StepKind, Turn, WinReason,
};
use tabula_engine::random::SplitMix64;
use tabula_notation::arimaa::{write_placement, write_turn};

/// The archive's header line (copied from the arimaa.com export).
const HEADER: &str = "id\twplayerid\tbplayerid\twusername\tbusername\twtitle\tbtitle\twcountry\tbcountry\twrating\tbrating\twratingk\tbratingk\twtype\tbtype\tevent\tsite\ttimecontrol\tpostal\tstartts\tendts\tresult\ttermination\tplycount\tmode\trated\tcorrupt\tmovelist\tevents";

/// 2026-01-01 00:00:00 UTC.
const EPOCH: u64 = 1_767_225_600;

// ---------------------------------------------------------------------------------------------
// Random numbers
// ---------------------------------------------------------------------------------------------

/// Random numbers for the bots: splitmix64 with a seed of their own.
struct Rng(SplitMix64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(SplitMix64(seed ^ 0x5DEE_CE66_D1CE_4E5B))
    }

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    fn percent(&mut self, p: usize) -> bool {
        self.below(100) < p
    }
}

// ---------------------------------------------------------------------------------------------
// Set-ups
// ---------------------------------------------------------------------------------------------

/// Standard-looking set-ups, Gold's view: rank 1 (files a..h), then rank 2.
const STANDARD: [&str; 4] = ["RRRDDRRRRHCMECHR", "RRRRRRRRHDCEMCDH", "RRCDDCRRRHRMERHR", "RRRRRRRRDHCMECHD"];

fn kind_of(c: u8) -> PieceKind {
    PieceKind::from_char(c).expect("piece letter")
}

/// A set-up for `color`: a standard-looking one or a random arrangement of the sixteen pieces.
fn make_setup(color: Color, rng: &mut Rng, standard: bool) -> Placement {
    let mut kinds: Vec<PieceKind> = Vec::with_capacity(16);
    if standard {
        let t = STANDARD[rng.below(STANDARD.len())].as_bytes();
        let mirror = rng.percent(50);
        for i in 0..16 {
            let j = if mirror { (i / 8) * 8 + 7 - i % 8 } else { i };
            kinds.push(kind_of(t[j]));
        }
    } else {
        for k in PieceKind::ALL {
            for _ in 0..k.initial_count() {
                kinds.push(k);
            }
        }
        for i in (1..kinds.len()).rev() {
            let j = rng.below(i + 1);
            kinds.swap(i, j);
        }
    }
    // kinds[0..8] on the back rank, kinds[8..16] on the front rank.
    let (back, front) = match color {
        Color::Gold => (0, 1),
        Color::Silver => (7, 6),
    };
    let mut squares: Vec<(Square, PieceKind)> = (0..16)
        .map(|i| {
            let rank = if i < 8 { back } else { front };
            let sq = Square::from_coords(i as u32 % 8, rank).expect("square");
            (sq, kinds[i])
        })
        .collect();
    // The archive writes set-up tokens in any order: square order for Gold, rank 7 first for
    // Silver (as many real records do).
    squares.sort_by_key(|&(sq, _)| match color {
        Color::Gold => sq.index(),
        Color::Silver => (7 - sq.rank() as usize) * 8 + sq.file() as usize,
    });
    let mut p = Placement::new();
    for (sq, k) in squares {
        p.push(sq, k);
    }
    p
}

// ---------------------------------------------------------------------------------------------
// Bots
// ---------------------------------------------------------------------------------------------

/// The built-in players.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Policy {
    /// Uniform among all legal turns, but takes a goal when it has one.
    Random,
    /// One ply greedy: material and rabbit advance.
    Greedy,
    /// Greedy with a strong wish to run rabbits to goal.
    Runner,
    /// Greedy for captures, rabbits above all; keeps its own rabbits home.
    Capturer,
    /// Captures all but the last enemy rabbit, then takes away every move the enemy has.
    Smother,
}

impl Policy {
    fn name(self) -> &'static str {
        match self {
            Policy::Random => "bot_tabula_random",
            Policy::Greedy => "bot_tabula_greedy",
            Policy::Runner => "bot_tabula_runner",
            Policy::Capturer => "bot_tabula_capture",
            Policy::Smother => "bot_tabula_smother",
        }
    }

    fn player_id(self) -> u32 {
        match self {
            Policy::Random => 99001,
            Policy::Greedy => 99002,
            Policy::Runner => 99003,
            Policy::Capturer => 99004,
            Policy::Smother => 99005,
        }
    }

    fn rating(self) -> u32 {
        match self {
            Policy::Random => 1012,
            Policy::Greedy => 1388,
            Policy::Runner => 1341,
            Policy::Capturer => 1405,
            Policy::Smother => 1437,
        }
    }
}

const VALUE: [i64; 6] = [100, 150, 200, 300, 500, 800];
const WIN: i64 = 1_000_000_000;

fn material(b: &Board, c: Color, rabbit: i64) -> i64 {
    PieceKind::ALL
        .iter()
        .map(|&k| {
            let v = if k == PieceKind::Rabbit { rabbit } else { VALUE[k as usize] };
            v * i64::from(b.pieces(c, k).count())
        })
        .sum()
}

/// How far a rabbit of `c` on `sq` has come (0 on its own back rank, 7 on goal).
fn progress(sq: Square, c: Color) -> i64 {
    match c {
        Color::Gold => i64::from(sq.rank()),
        Color::Silver => 7 - i64::from(sq.rank()),
    }
}

fn rabbit_advance(b: &Board, c: Color, square: bool) -> i64 {
    b.pieces(c, PieceKind::Rabbit)
        .map(|sq| {
            let p = progress(sq, c);
            if square {
                p * p
            } else {
                p
            }
        })
        .sum()
}

/// Simple steps `c` could take, plus pushes it could begin (an estimate of its mobility).
fn mobility(b: &Board, c: Color) -> i64 {
    let empty = !b.occupied();
    let active = b.by_color(c) & !b.frozen(c);
    let rabbits = b.pieces(c, PieceKind::Rabbit);
    let mut n = 0;
    for dir in Direction::ALL {
        let mut from = active & empty.shift(dir.opposite());
        if dir == c.backward() {
            from &= !rabbits;
        }
        n += i64::from(from.count());
    }
    for k in PieceKind::ALL.into_iter().skip(1) {
        for sq in b.pieces(c, k) & active {
            let victims = Bitboard::adjacent(sq) & b.weaker_enemies(c, k) & empty.neighbors();
            n += i64::from(victims.count());
        }
    }
    n
}

fn distance(a: Square, b: Square) -> i64 {
    (i64::from(a.file()) - i64::from(b.file())).abs() + (i64::from(a.rank()) - i64::from(b.rank())).abs()
}

/// For each piece of `victim`, the distance to the nearest stronger piece of the other side.
fn hunters_distance(b: &Board, victim: Color) -> i64 {
    let mut total = 0;
    for k in PieceKind::ALL {
        for sq in b.pieces(victim, k) {
            let d = b.stronger_enemies(victim, k).map(|h| distance(sq, h)).min().unwrap_or(16);
            total += d;
        }
    }
    total
}

/// The score of the position after `me` played, for `policy` (higher is better).
fn evaluate(policy: Policy, me: Color, next: &Position) -> i64 {
    let opp = me.other();
    let b = next.board();
    let outcome = next.outcome();
    match policy {
        Policy::Random => 0,
        Policy::Greedy | Policy::Runner => {
            if let Some(o) = outcome {
                return if o.winner == me { WIN } else { -WIN };
            }
            let (mine, theirs) = if policy == Policy::Greedy { (4, 4) } else { (25, 6) };
            material(b, me, 120) - material(b, opp, 120) + mine * rabbit_advance(b, me, true)
                - theirs * rabbit_advance(b, opp, true)
        }
        Policy::Capturer => {
            if let Some(o) = outcome {
                return match (o.winner == me, o.reason) {
                    (true, WinReason::Elimination) => WIN,
                    (true, _) => WIN / 2,
                    (false, _) => -WIN,
                };
            }
            material(b, me, 150)
                - 2 * material(b, opp, 250)
                - 30 * rabbit_advance(b, me, false)
                - 8 * rabbit_advance(b, opp, true)
        }
        Policy::Smother => {
            if let Some(o) = outcome {
                return match (o.winner == me, o.reason) {
                    (true, WinReason::Immobilization) => WIN,
                    // Winning otherwise is allowed, but only as a last resort.
                    (true, _) => -WIN / 2,
                    (false, _) => -WIN,
                };
            }
            let count = i64::from(b.by_color(opp).count());
            let mut s = material(b, me, 100)
                - 3 * material(b, opp, 100)
                - 10 * rabbit_advance(b, opp, true)
                - 5 * rabbit_advance(b, me, false);
            if count <= 5 {
                s -= 150 * mobility(b, opp) + 40 * hunters_distance(b, opp);
            }
            s
        }
    }
}

/// Picks the turn `policy` plays in `game`; `None` when there is none (the game is over).
fn choose(policy: Policy, game: &Game, gen: &mut MoveGenerator, rng: &mut Rng) -> Option<(Turn, Position)> {
    let pos = *game.position();
    let me = pos.side_to_move();
    let turns = gen.legal_turns(&pos);
    let allowed: Vec<&(Turn, Position)> = turns.iter().filter(|(_, next)| !game.repeats_third_time(next)).collect();
    if allowed.is_empty() {
        return None;
    }
    if policy == Policy::Random {
        if let Some(win) = allowed.iter().find(|(_, n)| n.rabbit_on_goal(me)) {
            return Some(**win);
        }
        return Some(*allowed[rng.below(allowed.len())]);
    }
    let noise = match policy {
        Policy::Smother => 8,
        _ => 40,
    };
    let mut best: Option<(i64, &(Turn, Position))> = None;
    for t in allowed {
        let s = evaluate(policy, me, &t.1) + rng.below(noise) as i64;
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, t));
        }
    }
    best.map(|(_, t)| *t)
}

// ---------------------------------------------------------------------------------------------
// Games
// ---------------------------------------------------------------------------------------------

/// A game played by two bots.
#[derive(Clone)]
struct Record {
    seed: u64,
    gold: Policy,
    silver: Policy,
    /// The text of each move after its label, set-ups first.
    bodies: Vec<String>,
    /// The position before each move.
    before: Vec<Position>,
    /// The turn of each move (`None` for the set-ups).
    turns: Vec<Option<Turn>>,
    /// The position after the last move.
    last: Position,
    /// The end on the board.
    outcome: Option<Outcome>,
}

impl Record {
    fn plies(&self) -> usize {
        self.bodies.len()
    }
}

/// The label of move `ply` (0 = `1w`).
fn label(ply: usize) -> String {
    format!("{}{}", ply / 2 + 1, if ply.is_multiple_of(2) { 'w' } else { 'b' })
}

/// Plays a game; stops at the end on the board, after `max_plies` moves, or after `stop_at`
/// moves (set-ups included).
fn play_game(seed: u64, gold: Policy, silver: Policy, max_plies: usize) -> Record {
    let mut rng = Rng::new(seed);
    let mut gen = MoveGenerator::new();
    let mut game = Game::new();
    let mut rec = Record {
        seed,
        gold,
        silver,
        bodies: Vec::new(),
        before: Vec::new(),
        turns: Vec::new(),
        last: *game.position(),
        outcome: None,
    };
    let standard = rng.percent(20);
    for color in [Color::Gold, Color::Silver] {
        let this_standard = standard && rng.percent(75);
        let p = make_setup(color, &mut rng, this_standard);
        rec.before.push(*game.position());
        rec.bodies.push(write_placement(color, &p));
        rec.turns.push(None);
        game.place(&p).expect("legal set-up");
    }
    while game.outcome().is_none() && game.plies() < max_plies {
        let pos = *game.position();
        let policy = match pos.side_to_move() {
            Color::Gold => gold,
            Color::Silver => silver,
        };
        let Some((turn, _)) = choose(policy, &game, &mut gen, &mut rng) else {
            break;
        };
        rec.before.push(pos);
        rec.bodies.push(write_turn(&pos, &turn).expect("generated turns are legal"));
        rec.turns.push(Some(turn));
        game.play(&turn).expect("generated turns are legal");
    }
    rec.last = *game.position();
    rec.outcome = game.outcome();
    rec
}

/// Cuts a record after `plies` moves.
fn truncate(rec: &Record, plies: usize) -> Record {
    let mut r = rec.clone();
    r.bodies.truncate(plies);
    r.turns.truncate(plies);
    r.before.truncate(plies);
    r.last = if plies < rec.before.len() { rec.before[plies] } else { rec.last };
    r.outcome = if plies == rec.plies() { rec.outcome } else { None };
    r
}

// ---------------------------------------------------------------------------------------------
// Archive rows
// ---------------------------------------------------------------------------------------------

fn color_code(c: Color) -> char {
    match c {
        Color::Gold => 'w',
        Color::Silver => 'b',
    }
}

fn reason_code(r: WinReason) -> char {
    match r {
        WinReason::Goal => 'g',
        WinReason::Elimination => 'e',
        WinReason::Immobilization => 'm',
    }
}

/// One archive row.
struct Row {
    id: u64,
    gold: Policy,
    silver: Policy,
    event: String,
    start: u64,
    /// Move labels and texts.
    moves: Vec<(String, String)>,
    /// The bare label that ends the list.
    next_label: String,
    result: char,
    termination: char,
    events: String,
}

impl Row {
    fn from_record(id: u64, rec: &Record, result: char, termination: char, event: &str) -> Row {
        Row {
            id,
            gold: rec.gold,
            silver: rec.silver,
            event: event.to_owned(),
            start: EPOCH + (id - 900_000) * 86_400 / 3 + rec.seed % 600,
            moves: rec.bodies.iter().enumerate().map(|(i, b)| (label(i), b.clone())).collect(),
            next_label: label(rec.plies()),
            result,
            termination,
            events: format!(
                "tabula generated: seed {}, gold {} vs silver {}",
                rec.seed,
                rec.gold.name(),
                rec.silver.name()
            ),
        }
    }

    fn to_line(&self) -> String {
        let mut movelist = String::new();
        for (l, body) in &self.moves {
            let _ = write!(movelist, "{l} {body}\\n");
        }
        movelist.push_str(&self.next_label);
        let plycount = self.moves.len().saturating_sub(1) / 2 + 1;
        let end = self.start + 60 + 17 * self.moves.len() as u64;
        let fields: [String; 29] = [
            self.id.to_string(),
            self.gold.player_id().to_string(),
            self.silver.player_id().to_string(),
            self.gold.name().to_owned(),
            self.silver.name().to_owned(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            self.gold.rating().to_string(),
            self.silver.rating().to_string(),
            "30".to_owned(),
            "30".to_owned(),
            "b".to_owned(),
            "b".to_owned(),
            self.event.clone(),
            "tabula self-play".to_owned(),
            "0/0/0/0/0".to_owned(),
            "0".to_owned(),
            self.start.to_string(),
            end.to_string(),
            self.result.to_string(),
            self.termination.to_string(),
            plycount.to_string(),
            "IGS".to_owned(),
            "0".to_owned(),
            "0".to_owned(),
            movelist,
            self.events.clone(),
        ];
        fields.join("\t")
    }
}

// ---------------------------------------------------------------------------------------------
// The legal games
// ---------------------------------------------------------------------------------------------

/// How a slot of the legal file must end.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Want {
    /// On the board.
    Board(Color, WinReason),
    /// Stopped at a random point, the board deciding nothing: resignation (`r`) or time (`t`).
    Stop(char),
}

const MAX_PLIES: usize = 2 + 2 * 150;

/// Plays seeds from `seed` on until a game ends as wanted; returns the record and the next seed.
fn find_game(want: Want, gold: Policy, silver: Policy, mut seed: u64) -> (Record, u64, usize) {
    let mut tries = 0;
    loop {
        tries += 1;
        let s = seed;
        seed += 1;
        let mut rng = Rng::new(s ^ 0xABCD);
        match want {
            Want::Board(winner, reason) => {
                let rec = play_game(s, gold, silver, MAX_PLIES);
                if rec.outcome == Some(Outcome { winner, reason }) {
                    return (rec, seed, tries);
                }
            }
            Want::Stop(_) => {
                // Stop at a random move; a game that ends on the board before it is cut at a
                // random earlier move instead (every position before the end is undecided).
                let stop = rng.range(16, 90);
                let rec = play_game(s, gold, silver, stop);
                let last_open = if rec.outcome.is_none() { rec.plies() } else { rec.plies() - 1 };
                if last_open >= 16 {
                    let cut = rng.range(16.max(last_open * 2 / 3), last_open);
                    return (truncate(&rec, cut), seed, tries);
                }
            }
        }
        assert!(tries < 400, "no game ends as {want:?} for {gold:?}/{silver:?}");
    }
}

fn stop_winner(rec: &Record, termination: char, rng: &mut Rng) -> Color {
    // On time, the side to move lost; a resignation goes to whoever is ahead in material.
    let to_move = rec.last.side_to_move();
    if termination == 't' {
        return to_move.other();
    }
    let b = rec.last.board();
    let g = material(b, Color::Gold, 100);
    let s = material(b, Color::Silver, 100);
    match g.cmp(&s) {
        std::cmp::Ordering::Greater => Color::Gold,
        std::cmp::Ordering::Less => Color::Silver,
        std::cmp::Ordering::Equal => {
            if rng.percent(50) {
                Color::Gold
            } else {
                Color::Silver
            }
        }
    }
}

fn make_random_games() -> (Vec<Row>, Vec<String>) {
    use Color::{Gold as G, Silver as S};
    use Policy::{Capturer, Greedy, Random, Runner, Smother};
    use WinReason::{Elimination as E, Goal, Immobilization as M};
    let slots: Vec<(Want, Policy, Policy)> = vec![
        (Want::Board(G, Goal), Runner, Random),
        (Want::Board(S, Goal), Random, Runner),
        (Want::Board(G, E), Capturer, Random),
        (Want::Stop('r'), Greedy, Random),
        (Want::Board(G, M), Smother, Random),
        (Want::Board(G, Goal), Greedy, Greedy),
        (Want::Board(S, Goal), Greedy, Greedy),
        (Want::Stop('t'), Random, Random),
        (Want::Board(S, E), Random, Capturer),
        (Want::Board(G, Goal), Random, Random),
        (Want::Board(S, M), Random, Smother),
        (Want::Board(S, Goal), Random, Random),
        (Want::Stop('r'), Random, Greedy),
        (Want::Board(G, Goal), Runner, Greedy),
        (Want::Board(S, Goal), Greedy, Runner),
        (Want::Stop('t'), Greedy, Greedy),
        (Want::Board(G, E), Capturer, Greedy),
        (Want::Board(S, E), Greedy, Capturer),
        (Want::Board(G, Goal), Runner, Runner),
        (Want::Board(S, Goal), Runner, Runner),
        (Want::Stop('r'), Runner, Runner),
        (Want::Board(G, M), Smother, Random),
        (Want::Board(S, M), Random, Smother),
        (Want::Stop('t'), Random, Greedy),
        (Want::Board(G, Goal), Greedy, Random),
        (Want::Board(S, Goal), Random, Greedy),
        (Want::Board(G, E), Capturer, Random),
        (Want::Board(S, E), Random, Capturer),
        (Want::Stop('r'), Capturer, Random),
        (Want::Board(G, Goal), Random, Random),
        (Want::Board(S, Goal), Greedy, Random),
        (Want::Stop('t'), Runner, Random),
        (Want::Board(G, Goal), Runner, Random),
        (Want::Board(S, Goal), Random, Runner),
        (Want::Board(G, M), Smother, Random),
        (Want::Board(S, M), Greedy, Smother),
        (Want::Stop('r'), Greedy, Runner),
        (Want::Stop('t'), Greedy, Random),
        (Want::Board(G, Goal), Greedy, Runner),
        (Want::Board(S, Goal), Runner, Greedy),
    ];
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    let mut rng = Rng::new(2026);
    let mut seed = 1;
    for (i, &(want, gold, silver)) in slots.iter().enumerate() {
        let t = Instant::now();
        let (rec, next, tries) = find_game(want, gold, silver, seed);
        seed = next;
        let id = 900_001 + i as u64;
        let (result, termination) = match want {
            Want::Board(w, r) => (color_code(w), reason_code(r)),
            Want::Stop(t) => (color_code(stop_winner(&rec, t, &mut rng)), t),
        };
        let row = Row::from_record(id, &rec, result, termination, "tabula random play");
        let note = format!(
            "{id}  {result} {termination}  {:>3} moves  {} vs {}  seed {} ({} tries, {:.1} s)",
            row.moves.len(),
            gold.name(),
            silver.name(),
            rec.seed,
            tries,
            t.elapsed().as_secs_f64()
        );
        eprintln!("{note}");
        notes.push(note);
        rows.push(row);
    }
    (rows, notes)
}

// ---------------------------------------------------------------------------------------------
// The broken games
// ---------------------------------------------------------------------------------------------

/// One fault put into a legal game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Fault {
    WrongLetter,
    MissingCapture,
    CaptureNotCaused,
    PushNotCompleted,
    FrozenMoves,
    RabbitBackward,
    LabelOrder,
    UnknownToken,
    Setup15,
    AfterEnd,
    GoalNotDecided,
    Truncated,
}

impl Fault {
    fn name(self) -> &'static str {
        match self {
            Fault::WrongLetter => "wrong piece letter",
            Fault::MissingCapture => "missing capture token",
            Fault::CaptureNotCaused => "capture token not caused",
            Fault::PushNotCompleted => "push not completed",
            Fault::FrozenMoves => "frozen piece moves",
            Fault::RabbitBackward => "rabbit steps backward",
            Fault::LabelOrder => "label out of order",
            Fault::UnknownToken => "unknown token",
            Fault::Setup15 => "set-up with 15 pieces",
            Fault::AfterEnd => "move after the game ended",
            Fault::GoalNotDecided => "result says goal but board does not decide",
            Fault::Truncated => "truncated row",
        }
    }
}

fn is_step_token(t: &str) -> bool {
    t.len() == 4 && !t.ends_with('x')
}

/// The first ply in `from..` (turns only) where `f` gives something.
fn find_ply<T>(rec: &Record, from: usize, mut f: impl FnMut(usize) -> Option<T>) -> Option<T> {
    (from.max(2)..rec.plies()).find_map(&mut f)
}

/// A single-step turn of a piece of the side to move in `pos` that `ok` accepts and that the
/// engine refuses with `error`.
fn bad_single_step(
    pos: &Position,
    mut ok: impl FnMut(&Board, Square, PieceKind, Direction) -> bool,
    error: impl Fn(&StepError) -> bool,
) -> Option<String> {
    let me = pos.side_to_move();
    let b = pos.board();
    for k in PieceKind::ALL {
        for sq in b.pieces(me, k) {
            for dir in Direction::ALL {
                let Some(to) = sq.offset(dir) else { continue };
                if b.occupied().contains(to) || !ok(b, sq, k, dir) {
                    continue;
                }
                let mut builder = pos.turn_builder().ok()?;
                if let Err(e) = builder.step(Step::new(sq, dir)) {
                    if error(&e) {
                        let piece = b.piece_at(sq)?;
                        return Some(format!("{piece}{sq}{dir}"));
                    }
                }
            }
        }
    }
    None
}

/// Applies `fault` to `rec`; `None` when this game offers no place for it. Returns the row and
/// the label of the faulty move.
fn corrupt(fault: Fault, id: u64, rec: &Record, rng: &mut Rng) -> Option<(Row, String)> {
    let event = format!("fault: {}", fault.name());
    let (result, termination) = match rec.outcome {
        Some(o) => (color_code(o.winner), reason_code(o.reason)),
        None => ('w', 'r'),
    };
    let mut row = Row::from_record(id, rec, result, termination, &event);
    let start = rec.plies() / 3 + rng.below(rec.plies() / 4 + 1);
    let at = match fault {
        Fault::WrongLetter => {
            let p = find_ply(rec, start, |p| {
                let body = &rec.bodies[p];
                body.split(' ').position(is_step_token).map(|i| (p, i))
            })?;
            let mut toks: Vec<String> = rec.bodies[p.0].split(' ').map(str::to_owned).collect();
            let t = &mut toks[p.1];
            let c = t.as_bytes()[0];
            let kind = kind_of(c);
            let other = PieceKind::ALL[(kind as usize + 1 + rng.below(5)) % 6];
            let mut letter = other.upper_char();
            if c.is_ascii_lowercase() {
                letter = letter.to_ascii_lowercase();
            }
            t.replace_range(0..1, &letter.to_string());
            row.moves[p.0].1 = toks.join(" ");
            p.0
        }
        Fault::MissingCapture => {
            let p = find_ply(rec, start, |p| rec.bodies[p].contains('x').then_some(p))?;
            let toks: Vec<&str> = rec.bodies[p].split(' ').filter(|t| !t.ends_with('x')).collect();
            row.moves[p].1 = toks.join(" ");
            p
        }
        Fault::CaptureNotCaused => {
            // A piece standing (supported) on a trap after a turn without a capture: claim it
            // was captured.
            let p = find_ply(rec, start, |p| {
                if rec.bodies[p].contains('x') || rec.bodies[p].split(' ').count() >= 4 {
                    return None;
                }
                let after = if p + 1 < rec.plies() { rec.before[p + 1] } else { rec.last };
                let b = after.board();
                let sq = (b.occupied() & Bitboard::TRAPS).next()?;
                Some((p, format!("{}{}x", b.piece_at(sq)?, sq)))
            })?;
            row.moves[p.0].1 = format!("{} {}", rec.bodies[p.0], p.1);
            p.0
        }
        Fault::PushNotCompleted => {
            // Keep the steps up to the first step of a push, drop the rest.
            let p = find_ply(rec, start, |p| {
                let turn = rec.turns[p]?;
                let mut builder = rec.before[p].turn_builder().ok()?;
                let mut tokens = 0;
                for &step in turn.steps() {
                    let ev = builder.step(step).ok()?;
                    tokens += 1 + usize::from(ev.capture.is_some());
                    if ev.kind == StepKind::PushStart {
                        return Some((p, tokens));
                    }
                }
                None
            })?;
            let toks: Vec<&str> = rec.bodies[p.0].split(' ').take(p.1).collect();
            row.moves[p.0].1 = toks.join(" ");
            p.0
        }
        Fault::FrozenMoves => {
            let p = find_ply(rec, start, |p| {
                let pos = &rec.before[p];
                let me = pos.side_to_move();
                let s = bad_single_step(
                    pos,
                    |b, sq, k, dir| b.frozen(me).contains(sq) && !(k == PieceKind::Rabbit && dir == me.backward()),
                    |e| matches!(e, StepError::Frozen(..)),
                )?;
                Some((p, s))
            })?;
            row.moves[p.0].1 = p.1;
            p.0
        }
        Fault::RabbitBackward => {
            let p = find_ply(rec, start, |p| {
                let pos = &rec.before[p];
                let me = pos.side_to_move();
                let s = bad_single_step(
                    pos,
                    |b, sq, k, dir| k == PieceKind::Rabbit && dir == me.backward() && !b.frozen(me).contains(sq),
                    |e| matches!(e, StepError::RabbitBackward),
                )?;
                Some((p, s))
            })?;
            // The rabbit's step, then the rest of the real turn would not fit: the move is the
            // backward step alone.
            row.moves[p.0].1 = p.1;
            p.0
        }
        Fault::LabelOrder => {
            let p = start.max(4);
            if p >= rec.plies() {
                return None;
            }
            // `12w` written as `13w`.
            row.moves[p].0 = label(p + 2);
            p
        }
        Fault::UnknownToken => {
            let p = find_ply(rec, start, |p| rec.bodies[p].split(' ').position(is_step_token).map(|i| (p, i)))?;
            let mut toks: Vec<String> = rec.bodies[p.0].split(' ').map(str::to_owned).collect();
            toks[p.1].replace_range(3..4, "q");
            row.moves[p.0].1 = toks.join(" ");
            p.0
        }
        Fault::Setup15 => {
            let mut toks: Vec<&str> = rec.bodies[1].split(' ').collect();
            toks.remove(rng.below(toks.len()));
            row.moves[1].1 = toks.join(" ");
            1
        }
        Fault::AfterEnd => {
            rec.outcome?;
            let mut gen = MoveGenerator::new();
            let turns = gen.legal_turns(&rec.last);
            let (turn, _) = turns.get(rng.below(turns.len().max(1)))?;
            let p = rec.plies();
            row.moves.push((label(p), write_turn(&rec.last, turn).expect("legal turn")));
            row.next_label = label(p + 1);
            p
        }
        Fault::GoalNotDecided => {
            if rec.outcome.is_some() {
                return None;
            }
            row.result = color_code(stop_winner(rec, 'r', rng));
            row.termination = 'g';
            rec.plies() - 1
        }
        Fault::Truncated => rec.plies() / 2,
    };
    let l = row.moves[at].0.clone();
    Some((row, l))
}

fn make_broken_games() -> (Vec<String>, Vec<String>) {
    use Policy::{Greedy, Random};
    let faults = [
        Fault::WrongLetter,
        Fault::MissingCapture,
        Fault::CaptureNotCaused,
        Fault::PushNotCompleted,
        Fault::FrozenMoves,
        Fault::RabbitBackward,
        Fault::LabelOrder,
        Fault::UnknownToken,
        Fault::Setup15,
        Fault::AfterEnd,
        Fault::GoalNotDecided,
        Fault::Truncated,
    ];
    let pairs = [(Random, Random), (Greedy, Random), (Random, Greedy), (Greedy, Greedy)];
    let mut lines = Vec::new();
    let mut notes = Vec::new();
    let mut rng = Rng::new(1_000_003);
    let mut seed = 5000;
    for (i, &fault) in faults.iter().enumerate() {
        let id = 900_101 + i as u64;
        let (gold, silver) = pairs[i % pairs.len()];
        let mut tries = 0;
        let (row, at) = loop {
            tries += 1;
            assert!(tries < 200, "no game fits {fault:?}");
            let s = seed;
            seed += 1;
            let rec = if fault == Fault::GoalNotDecided {
                let stop = 20 + (s as usize % 40);
                let rec = play_game(s, gold, silver, stop);
                if rec.outcome.is_some() {
                    continue;
                }
                truncate(&rec, stop)
            } else {
                let rec = play_game(s, gold, silver, 2 + 2 * 80);
                if fault == Fault::AfterEnd && rec.outcome.is_none() {
                    continue;
                }
                rec
            };
            if let Some(found) = corrupt(fault, id, &rec, &mut rng) {
                break found;
            }
        };
        let mut line = row.to_line();
        if fault == Fault::Truncated {
            // Cut the row in the middle of the move list: the events column is lost.
            let cut = line.find(&format!("\\n{at} ")).expect("label in move list");
            line.truncate(cut);
        }
        let note = format!("{id}  {:<45} at {at}", format!("fault: {}", fault.name()));
        eprintln!("{note}");
        notes.push(note);
        lines.push(line);
    }
    (lines, notes)
}

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "testdata/arimaa".to_owned()));
    std::fs::create_dir_all(&dir).expect("create the output folder");
    let t = Instant::now();
    let (rows, _) = make_random_games();
    let mut text = String::from(HEADER);
    text.push('\n');
    for r in &rows {
        text.push_str(&r.to_line());
        text.push('\n');
    }
    let path = dir.join("random_games.tsv");
    std::fs::write(&path, text).expect("write random_games.tsv");
    eprintln!("wrote {} ({} games)", path.display(), rows.len());

    let (lines, _) = make_broken_games();
    let mut text = String::from(HEADER);
    text.push('\n');
    for l in &lines {
        text.push_str(l);
        text.push('\n');
    }
    let path = dir.join("broken_games.tsv");
    std::fs::write(&path, text).expect("write broken_games.tsv");
    eprintln!("wrote {} ({} games) in {:.1} s", path.display(), lines.len(), t.elapsed().as_secs_f64());
}
