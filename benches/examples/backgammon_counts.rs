//! One pass of each generator over the positions the peer comparisons time (those of
//! `tabula_benches::backgammon::positions`, with their doubles or their other rolls), each pass
//! a function of its own (`pass_plays_others`, `pass_bkgm_doubles`...), for counting
//! instructions and branch mispredictions with callgrind:
//! `valgrind --tool=callgrind --branch-sim=yes target/release/examples/backgammon_counts`, then
//! the inclusive costs of the `pass_*` functions (`callgrind_annotate --inclusive=yes`).
//! `RACES=1`: the races alone (no contact left), as the comparisons time them apart.
#![allow(missing_docs)]

use std::hint::black_box;

use tabula_benches::backgammon::{contact, pips, positions};
use tabula_engine::backgammon::{Dice, MoveGenerator, Position};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

type Bk = bkgm::Position<15>;

#[inline(always)]
fn plays<const DOUBLES: bool>(gen: &mut MoveGenerator, positions: &[Position]) -> usize {
    let mut n = 0;
    for pos in positions {
        for dice in Dice::all().filter(|d| d.is_double() == DOUBLES) {
            n += gen.legal_plays(black_box(pos), dice).len();
        }
    }
    n
}

#[inline(always)]
fn positions_of<const DOUBLES: bool>(gen: &mut MoveGenerator, positions: &[Position]) -> usize {
    let mut n = 0;
    for pos in positions {
        for dice in Dice::all().filter(|d| d.is_double() == DOUBLES) {
            n += gen.legal_positions(black_box(pos), dice).len();
        }
    }
    n
}

#[inline(always)]
fn bkgm_of<const DOUBLES: bool>(positions: &[Bk]) -> usize {
    let rolls: Vec<bkgm::Dice> = Dice::all()
        .filter(|d| d.is_double() == DOUBLES)
        .map(|d| bkgm::Dice::new(usize::from(d.high()), usize::from(d.low())))
        .collect();
    let mut n = 0;
    for pos in positions {
        for dice in &rolls {
            n += bkgm::legal_positions_with::<bkgm::ClassicRules, 15>(*black_box(pos), dice).len();
        }
    }
    n
}

#[inline(never)]
fn pass_plays_others(gen: &mut MoveGenerator, positions: &[Position]) -> usize {
    plays::<false>(gen, positions)
}

#[inline(never)]
fn pass_plays_doubles(gen: &mut MoveGenerator, positions: &[Position]) -> usize {
    plays::<true>(gen, positions)
}

#[inline(never)]
fn pass_positions_others(gen: &mut MoveGenerator, positions: &[Position]) -> usize {
    positions_of::<false>(gen, positions)
}

#[inline(never)]
fn pass_positions_doubles(gen: &mut MoveGenerator, positions: &[Position]) -> usize {
    positions_of::<true>(gen, positions)
}

#[inline(never)]
fn pass_bkgm_others(positions: &[Bk]) -> usize {
    bkgm_of::<false>(positions)
}

#[inline(never)]
fn pass_bkgm_doubles(positions: &[Bk]) -> usize {
    bkgm_of::<true>(positions)
}

fn main() {
    let (mut positions, line) = positions();
    println!("{line}");
    if std::env::var("RACES").is_ok_and(|v| v == "1") {
        positions.retain(|p| !contact(p));
        println!("the {} races alone", positions.len());
    }
    let bks: Vec<Bk> = positions.iter().map(|p| Bk::try_from(pips(p)).expect("a legal position")).collect();
    let mut gen = MoveGenerator::new();
    println!(
        "others: {} / {} / {} results",
        pass_plays_others(&mut gen, &positions),
        pass_positions_others(&mut gen, &positions),
        pass_bkgm_others(&bks)
    );
    println!(
        "doubles: {} / {} / {} results",
        pass_plays_doubles(&mut gen, &positions),
        pass_positions_doubles(&mut gen, &positions),
        pass_bkgm_doubles(&bks)
    );
}
