//! Live differential test against the independent `aei` package: positions tabula has never
//! seen before (random set-ups, then random legal play, with a seed that changes every run and
//! is printed) are counted by both, and every count must agree.
//!
//! Needs `TABULA_PYTHON` naming a Python with `aei` installed, so it is ignored by a plain
//! `cargo test` and run by `cargo test --release -- --ignored` (`.ci/run` installs aei and runs
//! it); run without `TABULA_PYTHON`, it fails and says what to install.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use tabula_engine::arimaa::{Color, Game, MoveGenerator, PieceKind, Placement, Position, Square};
use tabula_engine::random::SplitMix64;
use tabula_notation::arimaa::write_position;

fn random_setup(color: Color, rng: &mut SplitMix64) -> Placement {
    let mut squares: Vec<Square> =
        Square::ALL.iter().copied().filter(|&s| Placement::home(color).contains(s)).collect();
    for i in (1..squares.len()).rev() {
        squares.swap(i, rng.below(i + 1));
    }
    let kinds = PieceKind::ALL.iter().flat_map(|&k| std::iter::repeat_n(k, k.initial_count() as usize));
    squares.into_iter().zip(kinds).collect()
}

/// Positions from random games: set-ups, then uniformly random legal turns.
fn random_positions(seed: u64, wanted: usize) -> Vec<Position> {
    let mut rng = SplitMix64(seed);
    let mut gen = MoveGenerator::new();
    let mut out = Vec::new();
    while out.len() < wanted {
        let mut game = Game::new();
        for color in Color::ALL {
            game.place(&random_setup(color, &mut rng)).expect("random set-up is legal");
        }
        let length = 4 + rng.below(60);
        for ply in 0..length {
            if game.outcome().is_some() {
                break;
            }
            let pos = *game.position();
            if ply == length - 1 || rng.below(12) == 0 {
                out.push(pos);
            }
            let turns = gen.legal_turns(&pos);
            if turns.is_empty() {
                break;
            }
            let (turn, _) = turns[rng.below(turns.len())];
            if game.play(&turn).is_err() {
                break;
            }
        }
    }
    out.truncate(wanted);
    out
}

#[test]
#[ignore = "needs aei: TABULA_PYTHON=<python with aei> cargo test --release -- --ignored"]
fn random_positions_agree_with_aei() {
    let python = std::env::var_os("TABULA_PYTHON").expect(
        "TABULA_PYTHON must name a Python with aei installed: python3 -m venv .venv && .venv/bin/pip install aei==1.4.1, \
         then TABULA_PYTHON=$PWD/.venv/bin/python",
    );
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs());
    let positions = random_positions(seed, 24);
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/aei_perft.py");
    let mut child = Command::new(python)
        .arg(&script)
        .args(["count", "--jobs", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the aei script");
    let input: String = positions
        .iter()
        .map(|p| {
            let text = write_position(p);
            let board = text[3..text.len() - 1].to_owned();
            format!("{} {board}\n", p.side_to_move().char())
        })
        .collect();
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write positions");
    let out = child.wait_with_output().expect("aei script");
    assert!(out.status.success(), "the aei script failed");
    let counts: Vec<usize> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| l.trim().parse().expect("a count")).collect();
    assert_eq!(counts.len(), positions.len());
    let mut gen = MoveGenerator::new();
    for (p, &aei) in positions.iter().zip(&counts) {
        assert_eq!(gen.count(p), aei, "seed {seed}: {}", write_position(p));
    }
    eprintln!("seed {seed}: {} random positions agree with aei", positions.len());
}
