//! A turn: one to four steps.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::direction::Direction;
use super::square::Square;
use super::step::Step;

/// The steps of a turn, at most four, in order. Which pieces move, and what is captured,
/// follows from the position the turn is played on.
#[derive(Copy, Clone)]
pub struct Turn {
    steps: [Step; 4],
    len: u8,
}

impl Turn {
    /// The turn with no step (not legal to play, but a start for building one).
    pub const fn empty() -> Turn {
        Turn { steps: [Step::new(Square::A1, Direction::North); 4], len: 0 }
    }

    /// A turn of these steps, or `None` when there are more than four.
    pub fn from_steps(steps: &[Step]) -> Option<Turn> {
        let mut t = Turn::empty();
        for &s in steps {
            if !t.push(s) {
                return None;
            }
        }
        Some(t)
    }

    /// Appends a step; `false` (and no change) when the turn already has four.
    #[inline]
    pub fn push(&mut self, step: Step) -> bool {
        if self.len >= 4 {
            return false;
        }
        self.steps[self.len as usize] = step;
        self.len += 1;
        true
    }

    /// The steps.
    #[inline]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// Number of steps.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the turn has no step.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl PartialEq for Turn {
    fn eq(&self, other: &Turn) -> bool {
        self.steps() == other.steps()
    }
}

impl Eq for Turn {}

impl Hash for Turn {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.steps().hash(state);
    }
}

impl fmt::Debug for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.steps()).finish()
    }
}

impl fmt::Display for Turn {
    /// The steps as `d4n e5w`, without piece letters (those need the position).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.steps().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}
