//! Backgammon legal-play generation: tabula beside `bkgm` 0.6 and wildbg's `engine` crate, in
//! one process, on the same positions (those of `tabula_benches::backgammon::positions`: the
//! real matches replayed, random games with bar entries, hits, races and bear-offs), each with
//! all 21 rolls.
//!
//! First the three sets of resulting positions are compared for every (position, roll): the
//! peers' results are seen from the opponent (bkgm's, wildbg's after their side switch) and are
//! flipped back; bkgm may list a bear-off twice, so its list is deduplicated. Then the four
//! generators (tabula's `legal_plays`, the plays with their steps, and `legal_positions`, the
//! positions alone; bkgm's `legal_positions_with`; wildbg's `all_positions_after_moving`) are
//! timed alternately in `ROUNDS` rounds (default 5) of about `SECONDS` (default 1) each, and the
//! min and median ns a roll printed with the ratios tabula/peer of each (the min is the least
//! moved by a busy machine).
//!
//! `cargo run --release --manifest-path benches/wildbg/Cargo.toml`, with wildbg cloned beside
//! the repository (`../wildbg`).

use std::collections::BTreeSet;
use std::hint::black_box;

use bkgm::State as _;
use tabula_benches::backgammon::{contact, env, median, min, pips, positions, time};
use tabula_engine::backgammon::{Dice, MoveGenerator, Position};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

type Bk = bkgm::Position<15>;
type Wild = engine::position::Position;

fn to_bkgm(pos: &Position) -> Bk {
    Bk::try_from(pips(pos)).expect("a legal position")
}

fn to_wildbg(pos: &Position) -> Wild {
    Wild::try_from(pips(pos)).expect("a legal position")
}

fn bk_dice(d: Dice) -> bkgm::Dice {
    bkgm::Dice::new(usize::from(d.high()), usize::from(d.low()))
}

fn wild_dice(d: Dice) -> engine::dice::Dice {
    engine::dice::Dice::new(usize::from(d.high()), usize::from(d.low()))
}

/// A position of the peers' results, with the borne-off counts (not in the 26 pips).
type Seen = ([i8; 26], u8);

fn seen(pips: [i8; 26]) -> Seen {
    let on: i32 = pips.iter().filter(|&&n| n > 0).map(|&n| i32::from(n)).sum();
    (pips, (15 - on) as u8)
}

fn main() {
    let (positions, line) = positions();
    println!("{line}");

    let mut gen = MoveGenerator::new();
    let (mut rolls, mut results) = (0usize, 0usize);
    for pos in &positions {
        let (bk, wild) = (to_bkgm(pos), to_wildbg(pos));
        for dice in Dice::all() {
            let plays: BTreeSet<Seen> = gen.legal_plays(pos, dice).iter().map(|(_, after)| seen(pips(after))).collect();
            let alone: BTreeSet<Seen> = gen.legal_positions(pos, dice).iter().map(|after| seen(pips(after))).collect();
            let b: BTreeSet<Seen> = bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(bk, &bk_dice(dice))
                .iter()
                .map(|p| seen(<[i8; 26]>::from(p.flip())))
                .collect();
            let w_list = wild.all_positions_after_moving(&wild_dice(dice));
            let w: BTreeSet<Seen> = w_list.iter().map(|p| seen(<[i8; 26]>::from(p.sides_switched()))).collect();
            assert!(alone == plays, "position {pos:?}, roll {dice}: legal_positions differs from legal_plays");
            assert!(plays == b, "position {pos:?}, roll {dice}: tabula {} results, bkgm {}", plays.len(), b.len());
            assert!(plays == w, "position {pos:?}, roll {dice}: tabula {} results, wildbg {}", plays.len(), w.len());
            assert!(w_list.len() == w.len(), "position {pos:?}, roll {dice}: wildbg lists a result twice");
            rolls += 1;
            results += plays.len();
        }
    }
    println!("same results from all three: {rolls} (position, roll) pairs, {results} resulting positions");

    let rounds = env("ROUNDS", 5);
    let seconds: f64 = std::env::var("SECONDS").ok().and_then(|v| v.parse().ok()).unwrap_or(1.0);
    let race: Vec<Position> = positions.iter().copied().filter(|p| !contact(p)).collect();
    for (set, tps) in [("all", &positions), ("races", &race)] {
        let bks: Vec<Bk> = tps.iter().map(to_bkgm).collect();
        let wilds: Vec<Wild> = tps.iter().map(to_wildbg).collect();
        for double in [false, true] {
            let rolls: Vec<Dice> = Dice::all().filter(|d| d.is_double() == double).collect();
            let bk_rolls: Vec<bkgm::Dice> = rolls.iter().map(|&d| bk_dice(d)).collect();
            let wild_rolls: Vec<engine::dice::Dice> = rolls.iter().map(|&d| wild_dice(d)).collect();
            let calls = rolls.len() * tps.len();
            let mut ns = [(); 4].map(|()| Vec::new());
            for _ in 0..rounds {
                ns[0].push(time(seconds, calls, || {
                    let mut n = 0;
                    for pos in tps.iter() {
                        for &dice in &rolls {
                            n += gen.legal_plays(black_box(pos), dice).len();
                        }
                    }
                    n
                }));
                ns[1].push(time(seconds, calls, || {
                    let mut n = 0;
                    for pos in tps.iter() {
                        for &dice in &rolls {
                            n += gen.legal_positions(black_box(pos), dice).len();
                        }
                    }
                    n
                }));
                ns[2].push(time(seconds, calls, || {
                    let mut n = 0;
                    for pos in &bks {
                        for dice in &bk_rolls {
                            n += bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(*black_box(pos), dice).len();
                        }
                    }
                    n
                }));
                ns[3].push(time(seconds, calls, || {
                    let mut n = 0;
                    for pos in &wilds {
                        for dice in &wild_rolls {
                            n += black_box(pos).all_positions_after_moving(dice).len();
                        }
                    }
                    n
                }));
            }
            let mins = ns.each_ref().map(|v| min(v));
            let meds = ns.each_mut().map(|v| median(v));
            println!(
                "{set}, {}: ns a roll, min / median: tabula legal_plays {:.0} / {:.0}, legal_positions {:.0} / {:.0}; \
                 bkgm {:.0} / {:.0}; wildbg {:.0} / {:.0}",
                if double { "doubles" } else { "non-doubles" },
                mins[0],
                meds[0],
                mins[1],
                meds[1],
                mins[2],
                meds[2],
                mins[3],
                meds[3]
            );
            for (peer, k) in [("bkgm", 2), ("wildbg", 3)] {
                println!(
                    "    tabula/{peer}, min / median: legal_plays {:.2} / {:.2}, legal_positions {:.2} / {:.2}",
                    mins[0] / mins[k],
                    meds[0] / meds[k],
                    mins[1] / mins[k],
                    meds[1] / meds[k]
                );
            }
        }
    }
}
