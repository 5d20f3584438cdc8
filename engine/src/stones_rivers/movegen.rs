//! Every legal turn of a position.
//!
//! Steps, Stone pushes, flips and rotates are found for all pieces at once with shifts of whole
//! bitboards; rides (Moves from a piece next to a river, and River pushes) with one flood fill per
//! piece or push ([`ride`](super::ride)). Which turns are legal is decided by
//! [`rules`] alone (see there for the decisions).

use super::bitboard::Bitboard;
use super::board::forbidden_area;
use super::cell::{Axis, Direction};
use super::piece::Face;
use super::position::Position;
use super::ride::{beside, for_each_cell};
use super::rules;
use super::turn::Turn;

/// The sides a piece may be flipped to, filtered by the rules' decision.
const FACES: [Face; 3] = [Face::Stone, Face::River(Axis::North), Face::River(Axis::East)];
/// The axes a river may be rotated to, filtered by the rules' decision.
const AXES: [Axis; 2] = [Axis::North, Axis::East];

/// The flips and rotates of the pieces `cells`, all showing `face`.
#[inline(always)]
fn flips_and_rotates(cells: Bitboard, face: Face, turns: &mut Vec<Turn>) {
    for_each_cell(cells, |cell| {
        for to in FACES {
            if rules::flip_allowed(face, to) {
                turns.push(Turn::Flip { cell, to });
            }
        }
        for to in AXES {
            if rules::rotate_allowed(face, to) {
                turns.push(Turn::Rotate { cell, to });
            }
        }
    });
}

impl Position {
    /// Every legal turn, each once: flips and rotates, a Move once per distinct end, a push once
    /// per (start, stepped-onto cell, end). None once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut turns = Vec::with_capacity(160);
        self.legal_turns_into(&mut turns);
        turns
    }

    /// [`Position::legal_turns`] into `turns` (cleared first), to reuse its buffer.
    pub fn legal_turns_into(&self, turns: &mut Vec<Turn>) {
        turns.clear();
        if self.is_game_over() {
            return;
        }
        let board = self.board();
        let me = self.to_move();
        let own = board.by_player[me];
        let occupied = board.occupied();
        let own_stones = own.and_not(board.rivers());
        turns.reserve(160);

        flips_and_rotates(own_stones, Face::Stone, turns);
        flips_and_rotates(own & board.north, Face::River(Axis::North), turns);
        flips_and_rotates(own & board.east, Face::River(Axis::East), turns);

        // Moves. A piece with no enterable river next to it can only step to an empty neighbour:
        // all such steps at once, a direction at a time. The others flood.
        let forbidden = forbidden_area(me);
        let base = rules::base_terrain(board, forbidden);
        let enterable = base.north | base.east;
        let near_rivers = Direction::ALL.into_iter().fold(Bitboard::EMPTY, |b, d| b | enterable.shift(d));
        let steppers = own.and_not(near_rivers);
        for step in Direction::ALL {
            for_each_cell(steppers.shift(step) & base.empty, |to| {
                if let Some(from) = beside(to, step.opposite()) {
                    turns.push(Turn::Move { from, to });
                }
            });
        }
        for_each_cell(own & near_rivers, |from| {
            let terrain = rules::move_terrain_from(&base, from, forbidden);
            for_each_cell(rules::move_stops(from, &terrain), |to| turns.push(Turn::Move { from, to }));
        });

        // Stone pushes, a direction at a time.
        for step in Direction::ALL {
            let back = step.opposite();
            for_each_cell(rules::stone_push_ends(board, own_stones, step, me), |to| {
                if let Some(onto) = beside(to, back) {
                    if let Some(from) = beside(onto, back) {
                        turns.push(Turn::StonePush { from, onto, to });
                    }
                }
            });
        }

        // River pushes, one flood per pusher and neighbour.
        let pushable = rules::push_step_area(me) & occupied;
        for (rivers, axis) in [(own & board.north, Axis::North), (own & board.east, Axis::East)] {
            for step in Direction::ALL {
                for_each_cell(rivers & pushable.shift(step.opposite()), |from| {
                    let Some(onto) = beside(from, step) else { return };
                    let pushed_owner = if own.contains(onto) { me } else { me.other() };
                    let directions = rules::push_off_directions(axis, step);
                    let stops = rules::river_push_stops(board, from, onto, directions, forbidden_area(pushed_owner));
                    for_each_cell(stops, |to| turns.push(Turn::RiverPush { from, onto, to }));
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::position::testing::{cell, position};
    use super::super::{Player, Position};
    use super::*;
    use std::collections::HashSet;

    fn count(turns: &[Turn], f: impl Fn(&Turn) -> bool) -> usize {
        turns.iter().filter(|t| f(t)).count()
    }

    #[test]
    fn the_start_has_54_turns() {
        for first in Player::ALL {
            let turns = Position::initial(first).legal_turns();
            assert_eq!(turns.len(), 54);
            assert_eq!(count(&turns, |t| matches!(t, Turn::Flip { to: Face::River(Axis::North), .. })), 14);
            assert_eq!(count(&turns, |t| matches!(t, Turn::Flip { to: Face::River(Axis::East), .. })), 14);
            assert_eq!(count(&turns, |t| matches!(t, Turn::Move { .. })), 13);
            assert_eq!(count(&turns, |t| matches!(t, Turn::StonePush { .. })), 13);
        }
    }

    #[test]
    fn every_turn_once_and_legal() {
        // Two rivers next to the stone on F6 lead to the same cells: each Move is listed once.
        let p = position("F6=S F7=N G6=E F9=E K6=s A1=s", Player::Square);
        let turns = p.legal_turns();
        let unique: HashSet<_> = turns.iter().collect();
        assert_eq!(unique.len(), turns.len());
        for t in &turns {
            assert!(p.is_legal(t), "{t:?}");
        }
        let moves_from_f6: HashSet<_> =
            turns.iter().filter(|t| matches!(t, Turn::Move { from, .. } if *from == cell("F6"))).collect();
        assert_eq!(moves_from_f6.len(), p.ride_targets(cell("F6")).count() as usize);
        let mut buffer = vec![Turn::Flip { cell: cell("A1"), to: Face::Stone }];
        p.legal_turns_into(&mut buffer);
        assert_eq!(buffer, turns);
    }

    #[test]
    fn stepping_onto_a_river_is_a_ride_or_a_push() {
        // [decision] The North river on D5 next to the river on D6: both M (riding D6) and PR.
        let p = position("D5=N D6=e A14=s", Player::Square);
        let turns = p.legal_turns();
        assert!(turns.contains(&Turn::Move { from: cell("D5"), to: cell("C6") }));
        assert!(turns.contains(&Turn::RiverPush { from: cell("D5"), onto: cell("D6"), to: cell("D7") }));
        // Flips and rotates of a river: FS and the other axis.
        assert!(turns.contains(&Turn::Flip { cell: cell("D5"), to: Face::Stone }));
        assert!(turns.contains(&Turn::Rotate { cell: cell("D5"), to: Axis::East }));
        assert!(!turns.contains(&Turn::Rotate { cell: cell("D5"), to: Axis::North }));
        assert!(!turns.contains(&Turn::Flip { cell: cell("D5"), to: Face::River(Axis::East) }));
    }

    #[test]
    fn no_turns_once_the_game_is_over() {
        let p = position("E11=S F11=S G11=S H11=S I11=S A1=s", Player::Circle);
        assert!(p.legal_turns().is_empty());
    }
}
