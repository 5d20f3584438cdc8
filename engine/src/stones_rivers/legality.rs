//! Whether a turn is legal, answered without finding out why not: the path every recorded turn
//! of a replay takes. The same rules ([`rules`]) as [`Position::play`]'s diagnosis, which runs
//! only once this says no, to name the broken rule; a test holds the two to the same answer on
//! random positions and turns.

use super::board::forbidden_area;
use super::piece::Face;
use super::position::Position;
use super::rules;
use super::turn::Turn;

impl Position {
    /// Whether `turn` is legal: the answer of [`Position::is_legal`], faster than finding the
    /// reason a turn is not.
    #[inline]
    pub(crate) fn allows(&self, turn: &Turn) -> bool {
        let board = self.board();
        let me = self.to_move();
        if self.winner().is_some() || !board.by_player[me].contains(turn.cell()) {
            return false;
        }
        let face = board.face_at(turn.cell());
        match *turn {
            Turn::Flip { to, .. } => rules::flip_allowed(face, to),
            Turn::Rotate { to, .. } => rules::rotate_allowed(face, to),
            Turn::Move { from, to } => {
                let end_free = !board.occupied().contains(to) && !forbidden_area(me).contains(to);
                end_free && from != to && (from.direction_to(to).is_some() || rules::move_reaches(board, from, to, me))
            }
            Turn::StonePush { from, onto, to } => {
                let Some(step) = from.direction_to(onto) else { return false };
                let occupied = board.occupied();
                face == Face::Stone
                    && rules::push_step_allowed(onto, me)
                    && occupied.contains(onto)
                    && rules::stone_push_end(onto, step) == Some(to)
                    && !occupied.contains(to)
                    && !forbidden_area(board.owner_of(onto, me)).contains(to)
            }
            Turn::RiverPush { from, onto, to } => {
                let (Face::River(axis), Some(step)) = (face, from.direction_to(onto)) else { return false };
                let occupied = board.occupied();
                let pushed_owner = board.owner_of(onto, me);
                let forbidden = forbidden_area(pushed_owner);
                rules::push_step_allowed(onto, me)
                    && occupied.contains(onto)
                    && to != onto
                    && !forbidden.contains(to)
                    // The pusher's start is empty once it has stepped.
                    && (to == from || !occupied.contains(to))
                    && rules::river_push_reaches(board, from, onto, rules::push_off_directions(axis, step), forbidden, to)
            }
        }
    }
}
