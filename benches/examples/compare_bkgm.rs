//! Backgammon legal-play generation, tabula beside `bkgm` 0.6 (the other Rust library that
//! generates legal plays), in one process: `cargo run --release -p tabula-benches --example
//! compare_bkgm`.
//!
//! Positions: every `EVERY`-th position before a play in the real matches of
//! `shared/data/backgammon/matches` (read and replayed by tabula's own reader), and positions of
//! random games (`RANDOM` of them, every ply kept: bar entries, hits, races, bear-offs), each
//! with all 21 rolls. First the sets of resulting positions are compared, position by position
//! and roll by roll (bkgm's results are seen from the opponent and may list a bear-off twice:
//! they are flipped back and deduplicated); then both libraries are timed alternately in
//! `ROUNDS` rounds (default 5) of about `SECONDS` (default 1) each per library and kind of roll,
//! and the min and median ns a roll are printed with the ratios tabula/bkgm, for tabula's
//! `legal_plays` (plays with their steps, what replay uses) and `legal_positions` (the
//! positions alone, what bkgm gives), over all the
//! positions and over the races alone (no contact left).
#![allow(missing_docs)]

use std::collections::BTreeSet;
use std::hint::black_box;

use bkgm::State as _;
use tabula_benches::backgammon::{contact, env, median, min, pips, positions, time};
use tabula_engine::backgammon::{Dice, MoveGenerator, Position};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

type Bk = bkgm::Position<15>;

fn to_bkgm(pos: &Position) -> Bk {
    Bk::try_from(pips(pos)).expect("a legal position")
}

fn bk_dice(d: Dice) -> bkgm::Dice {
    bkgm::Dice::new(usize::from(d.high()), usize::from(d.low()))
}

fn tabula_results(gen: &mut MoveGenerator, pos: &Position, dice: Dice) -> BTreeSet<[i8; 26]> {
    gen.legal_plays(pos, dice).iter().map(|(_, after)| <[i8; 26]>::from(to_bkgm(after))).collect()
}

fn bkgm_results(pos: &Bk, dice: Dice) -> (BTreeSet<[i8; 26]>, usize) {
    let v = bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(*pos, &bk_dice(dice));
    let n = v.len();
    (v.iter().map(|p| <[i8; 26]>::from(p.flip())).collect(), n)
}

fn main() {
    let (positions, line) = positions();
    println!("{line}");

    // Same results first.
    let mut gen = MoveGenerator::new();
    let (mut rolls, mut results, mut twice) = (0usize, 0usize, 0usize);
    for pos in &positions {
        let bk = to_bkgm(pos);
        for dice in Dice::all() {
            let t = tabula_results(&mut gen, pos, dice);
            let (b, listed) = bkgm_results(&bk, dice);
            let alone: BTreeSet<[i8; 26]> =
                gen.legal_positions(pos, dice).iter().map(|after| <[i8; 26]>::from(to_bkgm(after))).collect();
            assert!(alone == t, "position {pos:?}, roll {dice}: legal_positions differs from legal_plays");
            assert!(t == b, "position {pos:?}, roll {dice}: tabula {} results, bkgm {}", t.len(), b.len());
            rolls += 1;
            results += t.len();
            twice += listed - b.len();
        }
    }
    println!(
        "same results: {rolls} (position, roll) pairs, {results} resulting positions \
         ({twice} listed twice by bkgm)"
    );

    let rounds = env("ROUNDS", 5);
    let seconds: f64 = std::env::var("SECONDS").ok().and_then(|v| v.parse().ok()).unwrap_or(1.0);
    let everything = positions;
    let race: Vec<Position> = everything.iter().copied().filter(|p| !contact(p)).collect();
    for (set, tps) in [("all", &everything), ("races", &race)] {
        let bks: Vec<Bk> = tps.iter().map(to_bkgm).collect();
        for double in [false, true] {
            let rolls: Vec<Dice> = Dice::all().filter(|d| d.is_double() == double).collect();
            let bk_rolls: Vec<bkgm::Dice> = rolls.iter().map(|&d| bk_dice(d)).collect();
            let calls = rolls.len() * tps.len();
            let (mut t_ns, mut p_ns, mut b_ns) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..rounds {
                p_ns.push(time(seconds, calls, || {
                    let mut n = 0;
                    for pos in tps {
                        for &dice in &rolls {
                            n += gen.legal_positions(black_box(pos), dice).len();
                        }
                    }
                    n
                }));
                t_ns.push(time(seconds, calls, || {
                    let mut n = 0;
                    for pos in tps {
                        for &dice in &rolls {
                            n += gen.legal_plays(black_box(pos), dice).len();
                        }
                    }
                    n
                }));
                b_ns.push(time(seconds, calls, || {
                    let mut n = 0;
                    for pos in &bks {
                        for dice in &bk_rolls {
                            n += bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(*black_box(pos), dice).len();
                        }
                    }
                    n
                }));
            }
            let name = format!("{set}, {}", if double { "doubles" } else { "non-doubles" });
            let (t_min, p_min, b_min) = (min(&t_ns), min(&p_ns), min(&b_ns));
            let (t_med, p_med, b_med) = (median(&mut t_ns), median(&mut p_ns), median(&mut b_ns));
            println!(
                "{name:<19} ns a roll, min / median: tabula legal_plays {t_min:5.0} / {t_med:5.0}, \
                 legal_positions {p_min:5.0} / {p_med:5.0}; bkgm {b_min:5.0} / {b_med:5.0}; \
                 tabula/bkgm {:.2} / {:.2} (plays), {:.2} / {:.2} (positions)",
                t_min / b_min,
                t_med / b_med,
                p_min / b_min,
                p_med / b_med
            );
        }
    }
}
