//! Arimaa replay per step and legal steps, tabula beside `arimaa-engine` 0.1.0 (the crates.io
//! Arimaa engine), in one process, on the real games of `shared/data/arimaa` beside the
//! checkout: `cargo run --release -p tabula-benches --example compare_arimaa_steps`.
//!
//! **Replay per step.** The recorded turns of every real game, from the position after the two
//! set-ups, parsed once beforehand into each engine's own vocabulary, so that only playing is
//! timed. tabula plays as the replay does: a [`TurnBuilder`] per turn, each step by
//! [`TurnBuilder::step_as`] (every rule checked), [`TurnBuilder::finish`], then
//! [`Game::play_finished`] (repetition, the end of the game). arimaa-engine plays its actions
//! by `GameState::take_action`: a simple step is a one-step `Move`, a push or a pull one
//! `PushPull`, and a turn of fewer than four steps ends with `Pass`. Its `take_action` checks
//! nothing (its legality is the list `valid_actions` gives), so tabula does more work here. The
//! time is divided by the recorded steps (a capture is not a step).
//!
//! **Legal steps.** Every state of the real games where both engines stand between two of
//! their actions: each turn start and each mid-turn state after a simple step, a push or a
//! pull. tabula lists the single steps [`TurnBuilder::legal_steps`] accepts next (simple steps,
//! push starts, pull ends; while a push is pending its ends); arimaa-engine its
//! `valid_actions()`: each piece's moves of up to the steps left (one path a square reached),
//! each push and pull as one two-step action, and the pass, less the pieces it bans as moved
//! before (its transposition rule) and the actions that end the turn where it started or on a
//! third repetition. So the peer returns more per state than single steps, and its banned
//! pieces are computed once a state and kept inside the state, before timing, so that only the
//! listing is timed. The fourth-step states are also timed alone: there the peer lists single
//! steps only, the vocabulary closest to tabula's. Before timing, the two lists are compared on
//! every state, as far as the vocabularies meet: the peer's one-step moves are tabula's simple
//! steps (less the peer's banned pieces and turn-ending exclusions), and its pushes and pulls
//! are tabula's push starts followed by their ends and simple steps followed by pull ends.
//!
//! Both are timed alternately, `ROUNDS` rounds (default 5), tabula for about `SECONDS` (one by
//! default) a round, the peer once over the states a round; min and median nanoseconds a step (replay)
//! or a state (legal steps) and the ratio of the medians are printed. `PEER=0` times tabula
//! alone (for counting instructions, with `ROUNDS=1 SECONDS=0`).
#![allow(missing_docs)]

use std::collections::HashSet;
use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use arimaa_engine::{Action, GameState, Path, PushPullDirection};
use tabula_benches::arimaa_peer::{peer_key, tabula_key, to_peer};
use tabula_engine::arimaa::{Direction, Game, Phase, Piece, Position, Square, Step, StepKind, Turn, TurnBuilder};
use tabula_replay::arimaa::verify::{verify_with, Replayed};
use tabula_replay::read::for_each_arimaa_record;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The files of `shared/data/arimaa` that hold move lists (a `movelist` column), by name.
fn real_files() -> Vec<PathBuf> {
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/arimaa");
    let dir =
        std::fs::read_dir(&shared).unwrap_or_else(|e| panic!("{}: {e} (the real games are needed)", shared.display()));
    let mut files: Vec<PathBuf> = dir
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .filter(|p| {
            std::fs::read_to_string(p)
                .ok()
                .and_then(|t| t.lines().next().map(|h| h.split('\t').any(|c| c == "movelist")))
                .unwrap_or(false)
        })
        .collect();
    files.sort();
    files
}

/// A real game: the position after both set-ups and the turns played from it (up to the end
/// of the record, or its first illegal move).
struct RealGame {
    start: Position,
    turns: Vec<Turn>,
}

fn real_games(files: &[PathBuf]) -> Vec<RealGame> {
    let mut out = Vec::new();
    for f in files {
        for_each_arimaa_record(f, &mut |r| {
            let mut game: Option<RealGame> = None;
            verify_with(&r.as_record(), |ev| {
                match ev {
                    Replayed::Move { before, after, turn, .. } => match (turn, &mut game) {
                        (None, _) if after.phase() == Phase::Play => {
                            game = Some(RealGame { start: *after, turns: Vec::new() });
                        }
                        (Some(t), Some(g)) if before.phase() == Phase::Play => g.turns.push(t),
                        _ => {}
                    },
                    Replayed::Start { position } if position.phase() == Phase::Play => {
                        game = Some(RealGame { start: *position, turns: Vec::new() });
                    }
                    // A takeback undoes the last turn (or a set-up: the game is left out).
                    Replayed::TakeBack { .. } if game.as_mut().and_then(|g| g.turns.pop()).is_none() => {
                        game = None;
                    }
                    _ => {}
                }
            });
            out.extend(game.filter(|g| !g.turns.is_empty()));
            ControlFlow::Continue(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    }
    out
}

/// The peer's square: it numbers a8 = 0 to h1 = 63, tabula a1 = 0 to h8 = 63.
fn peer_square(sq: Square) -> arimaa_engine::Square {
    arimaa_engine::Square::from_index(sq as u8 ^ 56)
}

fn from_peer_square(sq: arimaa_engine::Square) -> Square {
    Square::ALL[sq.get_index() ^ 56]
}

fn peer_dir(d: Direction) -> arimaa_engine::Direction {
    match d {
        Direction::North => arimaa_engine::Direction::Up,
        Direction::East => arimaa_engine::Direction::Right,
        Direction::South => arimaa_engine::Direction::Down,
        Direction::West => arimaa_engine::Direction::Left,
    }
}

fn from_peer_dir(d: arimaa_engine::Direction) -> Direction {
    match d {
        arimaa_engine::Direction::Up => Direction::North,
        arimaa_engine::Direction::Right => Direction::East,
        arimaa_engine::Direction::Down => Direction::South,
        arimaa_engine::Direction::Left => Direction::West,
    }
}

/// The peer's name of a two-step action: the direction of the piece that leaves its square,
/// then that of the piece that takes it.
fn push_pull_direction(first: Direction, second: Direction) -> PushPullDirection {
    use Direction::{East as E, North as N, South as S, West as W};
    match (first, second) {
        (N, N) => PushPullDirection::NN,
        (N, E) => PushPullDirection::NE,
        (N, W) => PushPullDirection::NW,
        (E, N) => PushPullDirection::EN,
        (E, E) => PushPullDirection::EE,
        (E, S) => PushPullDirection::ES,
        (S, E) => PushPullDirection::SE,
        (S, S) => PushPullDirection::SS,
        (S, W) => PushPullDirection::SW,
        (W, N) => PushPullDirection::WN,
        (W, S) => PushPullDirection::WS,
        (W, W) => PushPullDirection::WW,
        _ => panic!("no two-step action {first:?} then {second:?}"),
    }
}

/// A turn in each engine's vocabulary.
struct Parsed {
    /// tabula: each step with the piece the record names.
    steps: Vec<(Piece, Step)>,
    /// The peer: its actions, `Pass` last when the turn has fewer than four steps.
    actions: Vec<Action>,
    /// After each action, how many of tabula's steps it took (1 or 2).
    action_steps: Vec<usize>,
}

/// Parses a turn played on `pos` into both vocabularies, reading the kind of each step from
/// tabula's builder (a simple step followed by a pull end is the peer's pull; a push start and
/// its end, its push).
fn parse_turn(pos: &Position, turn: &Turn) -> Parsed {
    let mut b = pos.turn_builder().unwrap_or_else(|e| panic!("{e}"));
    let mut events = Vec::new();
    for &s in turn.steps() {
        events.push((s, b.step(s).unwrap_or_else(|e| panic!("{e}"))));
    }
    let (mut actions, mut action_steps) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < events.len() {
        let (s, ev) = events[i];
        let next = events.get(i + 1).filter(|(_, n)| matches!(n.kind, StepKind::PushEnd | StepKind::PullEnd));
        if let Some((t, _)) = next {
            actions.push(Action::PushPull(peer_square(s.from), push_pull_direction(s.dir, t.dir)));
            action_steps.push(2);
            i += 2;
        } else {
            assert!(matches!(ev.kind, StepKind::Simple), "{ev:?}");
            actions.push(Action::Move(peer_square(s.from), Path::from(&[peer_dir(s.dir)][..])));
            action_steps.push(1);
            i += 1;
        }
    }
    if events.len() < 4 {
        actions.push(Action::Pass);
    }
    Parsed { steps: events.iter().map(|(s, ev)| (ev.piece, *s)).collect(), actions, action_steps }
}

/// A state where both engines stand between two actions.
struct State {
    builder: TurnBuilder,
    peer: GameState,
}

struct Prepared {
    games: Vec<(Position, Vec<Parsed>)>,
    steps: usize,
    states: Vec<State>,
    /// With `check`, the states where the two lists differ, and the first few differences.
    differ: usize,
    differences: Vec<String>,
}

/// Parses the games and collects the states; with `check`, compares the two lists of each
/// state (which also has the peer work out its banned pieces, kept in the state).
fn prepare(real: &[RealGame], check: bool) -> Prepared {
    let (mut games, mut steps, mut states) = (Vec::new(), 0, Vec::new());
    let (mut differ, mut differences, mut listed) = (0, Vec::new(), Vec::new());
    for g in real {
        let mut pos = g.start;
        let mut peer = to_peer(&pos);
        let mut game = Game::from_position(pos);
        let mut parsed = Vec::new();
        for t in &g.turns {
            let p = parse_turn(&pos, t);
            let mut builder = pos.turn_builder().unwrap_or_else(|e| panic!("{e}"));
            let mut k = 0;
            for (a, n) in p.actions.iter().zip(p.action_steps.iter().chain(std::iter::repeat(&0))) {
                if !matches!(a, Action::Pass) {
                    let state = State { builder: builder.clone(), peer: peer.clone() };
                    if check {
                        builder.legal_steps(&mut listed);
                        if let Some(d) = compare(&state, &game, &listed) {
                            differ += 1;
                            if differences.len() < 5 {
                                differences.push(format!("{} {d}", tabula_notation::arimaa::write_position(&pos)));
                            }
                        }
                    }
                    states.push(state);
                }
                peer = peer.take_action(a);
                for &(_, s) in &p.steps[k..k + n] {
                    builder.step(s).unwrap_or_else(|e| panic!("{e}"));
                }
                k += n;
            }
            let finished = builder.finish().unwrap_or_else(|e| panic!("{e}"));
            game.play_finished(&finished).unwrap_or_else(|e| panic!("{e}"));
            pos = *finished.position();
            assert_eq!(peer.step(), 0, "the peer's turn ended");
            assert_eq!(peer_key(peer.get_piece_board()), tabula_key(pos.board()), "the same board after the turn");
            steps += t.len();
            parsed.push(p);
        }
        games.push((g.start, parsed));
    }
    Prepared { games, steps, states, differ, differences }
}

/// Plays every game as the replay does; the number of turns refused (none).
#[inline(never)]
fn tabula_replay(games: &[(Position, Vec<Parsed>)]) -> usize {
    let mut refused = 0;
    for (start, turns) in games {
        let mut game = Game::from_position(*start);
        for t in turns {
            let Ok(mut b) = game.position().turn_builder() else {
                refused += 1;
                break;
            };
            if t.steps.iter().any(|&(piece, s)| b.step_as(piece, s).is_err()) {
                refused += 1;
                break;
            }
            match b.finish() {
                Ok(f) if game.play_finished(&f).is_ok() => {}
                _ => {
                    refused += 1;
                    break;
                }
            }
        }
        black_box(&game);
    }
    refused
}

/// The turns alone: each built and finished on the position the last one reached, as
/// [`tabula_replay`] without the game (repetition, the end of the game).
#[inline(never)]
fn tabula_turns(games: &[(Position, Vec<Parsed>)]) -> usize {
    let mut refused = 0;
    for (start, turns) in games {
        let mut pos = *start;
        for t in turns {
            let Ok(mut b) = pos.turn_builder() else {
                refused += 1;
                break;
            };
            if t.steps.iter().any(|&(piece, s)| b.step_as(piece, s).is_err()) {
                refused += 1;
                break;
            }
            match b.finish() {
                Ok(f) => pos = *f.position(),
                Err(_) => {
                    refused += 1;
                    break;
                }
            }
        }
        black_box(&pos);
    }
    refused
}

fn peer_replay(games: &[(Position, Vec<Parsed>)]) {
    for (start, turns) in games {
        let mut state = to_peer(start);
        for t in turns {
            for a in &t.actions {
                state = state.take_action(a);
            }
        }
        black_box(&state);
    }
}

/// What the two lists of a state share, compared: `None` when they agree.
fn compare(s: &State, game: &Game, tabula: &[Step]) -> Option<String> {
    let b = &s.builder;
    let me = b.start().side_to_move();
    let len = b.steps().len();
    let start = *b.start().board();
    // An action ending the turn where it started, or on a third repetition, is not the peer's.
    let ends_badly = |after: &TurnBuilder| {
        after.steps().len() == 4
            && (after.board() == &start || after.finish().is_ok_and(|f| game.repeats_third_time(f.position())))
    };
    let banned = s.peer.get_banned_piece_mask().swap_bytes();
    let (mut simple, mut pushes, mut pulls) = (HashSet::new(), HashSet::new(), HashSet::new());
    let mut next = Vec::new();
    for &step in tabula {
        let mut after = b.clone();
        let Ok(ev) = after.step(step) else { return Some(format!("tabula lists {step} and refuses it")) };
        match ev.kind {
            StepKind::Simple => {
                if !ends_badly(&after) && banned >> step.from as u8 & 1 == 0 {
                    simple.insert(step);
                }
                after.legal_steps(&mut next);
                for &t in &next {
                    let mut end = after.clone();
                    if end.step(t).is_ok_and(|e| e.kind == StepKind::PullEnd) && !ends_badly(&end) {
                        pulls.insert((step, t));
                    }
                }
            }
            StepKind::PushStart => {
                after.legal_steps(&mut next);
                for &t in &next {
                    let mut end = after.clone();
                    if end.step(t).is_ok() && !ends_badly(&end) {
                        pushes.insert((step, t));
                    }
                }
            }
            // An enemy stepping into the square the last step left is read as ending a pull
            // (tabula's vocabulary alone): with a stronger piece then taking its square, as
            // a push by the peer, when that piece is unfrozen before it.
            StepKind::PullEnd => {
                let pushers = b.board().by_color(me) & !b.board().frozen(me);
                after.legal_steps(&mut next);
                for &t in &next {
                    let stronger =
                        after.board().piece_at(t.from).is_some_and(|p| p.color == me && p.kind > ev.piece.kind);
                    let mut end = after.clone();
                    if t.to() == Some(step.from)
                        && stronger
                        && pushers.contains(t.from)
                        && end.step(t).is_ok()
                        && !ends_badly(&end)
                    {
                        pushes.insert((step, t));
                    }
                }
            }
            StepKind::PushEnd => {}
        }
    }
    let (mut p_simple, mut p_pushes, mut p_pulls) = (HashSet::new(), HashSet::new(), HashSet::new());
    for a in s.peer.valid_actions() {
        match a {
            Action::Move(sq, path) if path.len() == 1 => {
                let dir = path.iter().next().map(from_peer_dir)?;
                p_simple.insert(Step::new(from_peer_square(sq), dir));
            }
            Action::PushPull(sq, d) => {
                let [(a, da), (b2, db)] = d.get_steps(sq);
                let first = Step::new(from_peer_square(a), from_peer_dir(da));
                let second = Step::new(from_peer_square(b2), from_peer_dir(db));
                if b.board().by_color(me).contains(first.from) {
                    p_pulls.insert((first, second));
                } else {
                    p_pushes.insert((first, second));
                }
            }
            _ => {}
        }
    }
    let diff = |name: &str, ours: usize, theirs: usize, only_ours: usize, only_theirs: usize| {
        format!("{name}: {ours} tabula, {theirs} arimaa-engine, {only_ours} only in tabula, {only_theirs} only in arimaa-engine")
    };
    let mut out = Vec::new();
    if simple != p_simple {
        out.push(diff(
            "simple steps",
            simple.len(),
            p_simple.len(),
            simple.difference(&p_simple).count(),
            p_simple.difference(&simple).count(),
        ));
    }
    if pushes != p_pushes {
        out.push(diff(
            "pushes",
            pushes.len(),
            p_pushes.len(),
            pushes.difference(&p_pushes).count(),
            p_pushes.difference(&pushes).count(),
        ));
    }
    if pulls != p_pulls {
        out.push(diff(
            "pulls",
            pulls.len(),
            p_pulls.len(),
            pulls.difference(&p_pulls).count(),
            p_pulls.difference(&pulls).count(),
        ));
    }
    (!out.is_empty()).then(|| format!("after {} steps: {}", len, out.join("; ")))
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn min(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}

/// Times `ours` (for about `seconds` a round, as many times as fit) and `theirs` (once a
/// round), alternately, and prints nanoseconds a unit of each and the ratio.
fn time(
    rounds: usize,
    seconds: f64,
    units: usize,
    what: &str,
    mut ours: impl FnMut(),
    theirs: Option<&mut dyn FnMut()>,
) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut theirs = theirs;
    for _ in 0..rounds {
        let t = Instant::now();
        let mut reps = 0;
        loop {
            ours();
            reps += 1;
            if t.elapsed().as_secs_f64() >= seconds {
                break;
            }
        }
        a.push(t.elapsed().as_secs_f64() * 1e9 / (reps * units) as f64);
        if let Some(f) = theirs.as_mut() {
            let t = Instant::now();
            f();
            b.push(t.elapsed().as_secs_f64() * 1e9 / units as f64);
        }
    }
    println!("  tabula        min {:>10.1} ns, median {:>10.1} ns a {what}", min(&a), median(&mut a));
    if !b.is_empty() {
        println!("  arimaa-engine min {:>10.1} ns, median {:>10.1} ns a {what}", min(&b), median(&mut b));
        println!(
            "  time ratio tabula / arimaa-engine: {:.4} (medians), {:.4} (minimums)",
            median(&mut a) / median(&mut b),
            min(&a) / min(&b)
        );
    }
}

fn main() {
    let rounds = env("ROUNDS", 5).max(1);
    let seconds = env("SECONDS", 1) as f64;
    let with_peer = env("PEER", 1) != 0;
    let files = real_files();
    let real = real_games(&files);
    let prepared = prepare(&real, with_peer);
    let turns: usize = prepared.games.iter().map(|(_, t)| t.len()).sum();
    println!("game files: {}", files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(", "));
    println!(
        "{} real games, {turns} turns, {} steps; both engines reach the same board after every turn",
        prepared.games.len(),
        prepared.steps
    );

    println!("\nreplay per step ({} steps)", prepared.steps);
    let refused = tabula_replay(&prepared.games);
    assert_eq!(refused, 0, "tabula refused {refused} turns");
    let games = &prepared.games;
    let mut peer = || peer_replay(games);
    time(
        rounds,
        seconds,
        prepared.steps,
        "step",
        || assert_eq!(tabula_replay(games), 0),
        with_peer.then_some(&mut peer as &mut dyn FnMut()),
    );

    println!("  the turns alone, without the game (repetition, the end of the game):");
    let mut peer = || peer_replay(games);
    time(
        rounds,
        seconds,
        prepared.steps,
        "step",
        || assert_eq!(tabula_turns(games), 0),
        with_peer.then_some(&mut peer as &mut dyn FnMut()),
    );

    let states = &prepared.states;
    let starts = states.iter().filter(|s| s.builder.steps().is_empty()).count();
    let fourth: Vec<&State> = states.iter().filter(|s| s.builder.steps().len() == 3).collect();
    let mut out = Vec::new();
    let listed: usize = states
        .iter()
        .map(|s| {
            s.builder.legal_steps(&mut out);
            out.len()
        })
        .sum();
    println!(
        "\nlegal steps: {} states ({starts} turn starts, {} mid-turn, {} of them before a fourth step), {listed} steps listed by tabula",
        states.len(),
        states.len() - starts,
        fourth.len()
    );
    if with_peer {
        let actions: usize = states.iter().map(|s| s.peer.valid_actions().len()).sum();
        println!("  arimaa-engine lists {actions} actions on them");
        for d in &prepared.differences {
            println!("  differs: {d}");
        }
        println!(
            "  the same simple steps, pushes and pulls on {} of {} states",
            states.len() - prepared.differ,
            states.len()
        );
    }
    let ours = |states: &mut dyn Iterator<Item = &State>, out: &mut Vec<Step>| {
        let mut n = 0;
        for s in states {
            black_box(&s.builder).legal_steps(out);
            n += out.len();
        }
        black_box(n);
    };
    let theirs = |states: &mut dyn Iterator<Item = &State>| {
        let mut n = 0;
        for s in states {
            n += black_box(black_box(&s.peer).valid_actions()).len();
        }
        black_box(n);
    };
    println!("  every state:");
    let mut peer = || theirs(&mut states.iter());
    let mut buf = Vec::new();
    time(
        rounds,
        seconds,
        states.len(),
        "state",
        || ours(&mut states.iter(), &mut buf),
        with_peer.then_some(&mut peer as &mut dyn FnMut()),
    );
    println!("  the {} states before a fourth step (the peer lists single steps there):", fourth.len());
    let mut peer = || theirs(&mut fourth.iter().copied());
    time(
        rounds,
        seconds,
        fourth.len(),
        "state",
        || ours(&mut fourth.iter().copied(), &mut buf),
        with_peer.then_some(&mut peer as &mut dyn FnMut()),
    );
}
