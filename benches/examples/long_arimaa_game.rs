//! Writes one legal Arimaa game of a given number of turns as a move list in long notation, for
//! measuring how checking scales with the length of a game (`benches/scaling.py`).
//!
//! ```text
//! cargo run --release -p tabula-benches --example long_arimaa_game -- TURNS OUT_FILE [SEED]
//! ```
//!
//! Real games end within a few hundred turns, so a longer one is made by play that never ends
//! the game: after the usual set-ups, each side moves one of its pieces other than rabbits by one
//! step a turn within its own half of the board, chosen at random among the steps the engine allows that capture nothing, end
//! nothing and do not repeat a position a third time. Rabbits never move and nothing
//! pushes or pulls, so no rabbit reaches a goal and none is taken: the game stays undecided, and
//! the record ends without a result, as a game stopped by time does. Every turn is played by the
//! engine before it is written.
#![allow(missing_docs)]

use std::fmt::Write as _;

use tabula_engine::arimaa::{Color, Direction, Game, PieceKind, Placement, Square, Step, Turn};
use tabula_engine::random::SplitMix64;
use tabula_notation::arimaa::{write_placement, write_turn};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(turns), Some(out)) = (args.get(1).and_then(|t| t.parse::<usize>().ok()), args.get(2)) else {
        eprintln!("usage: long_arimaa_game TURNS OUT_FILE [SEED]");
        std::process::exit(2);
    };
    let seed = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let text = long_game(turns, seed);
    if let Err(e) = std::fs::write(out, text) {
        eprintln!("{out}: {e}");
        std::process::exit(2);
    }
}

/// The usual opening set-up of a side: rabbits on its first rank, the other pieces on the second.
fn setup(color: Color) -> Placement {
    let (back, front) = match color {
        Color::Gold => (0, 1),
        Color::Silver => (7, 6),
    };
    let pieces = [
        PieceKind::Dog,
        PieceKind::Horse,
        PieceKind::Cat,
        PieceKind::Camel,
        PieceKind::Elephant,
        PieceKind::Cat,
        PieceKind::Horse,
        PieceKind::Dog,
    ];
    let mut placement = Placement::new();
    for (file, kind) in (0..8).zip(pieces) {
        placement.push(Square::from_coords(file, back).expect("a square"), PieceKind::Rabbit);
        placement.push(Square::from_coords(file, front).expect("a square"), kind);
    }
    placement
}

/// The ranks a side's pieces keep to (its second rank to the middle), so that no piece wanders
/// among stronger enemies and freezes for good.
fn own_half(color: Color, sq: Square) -> bool {
    match color {
        Color::Gold => (1..=3).contains(&sq.rank()),
        Color::Silver => (4..=6).contains(&sq.rank()),
    }
}

fn long_game(turns: usize, seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let mut game = Game::with_capacity(turns + 2);
    let mut text = String::new();
    for color in Color::ALL {
        let placement = setup(color);
        game.place(&placement).expect("the usual set-up is legal");
        let _ = writeln!(text, "1{} {}", color.char(), write_placement(color, &placement));
    }
    let mut number = 2;
    for _ in 0..turns {
        let pos = *game.position();
        let color = pos.side_to_move();
        let mut played = false;
        for _ in 0..10_000 {
            let from = Square::ALL[rng.below(64)];
            let Some(piece) = pos.piece_at(from) else { continue };
            if piece.color != color || piece.kind == PieceKind::Rabbit {
                continue;
            }
            let dir = Direction::ALL[rng.below(4)];
            let Some(to) = from.offset(dir) else { continue };
            if !own_half(color, to) {
                continue;
            }
            let Some(turn) = Turn::from_steps(&[Step::new(from, dir)]) else { continue };
            let Ok(next) = pos.play(&turn) else { continue };
            if next.board().occupied().count() != pos.board().occupied().count()
                || next.outcome().is_some()
                || game.repeats_third_time(&next)
            {
                continue;
            }
            let written = write_turn(&pos, &turn).expect("a legal turn is written");
            let _ = writeln!(text, "{number}{} {written}", color.char());
            game.play(&turn).expect("a turn the position accepts is legal in the game");
            played = true;
            break;
        }
        assert!(played, "no quiet step found after {} turns", game.plies());
        if color == Color::Silver {
            number += 1;
        }
    }
    text
}
