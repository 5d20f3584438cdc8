//! The steps a player makes with one roll.

use std::fmt;

use super::step::Step;

/// Up to four steps, in the order they are made. An empty play is a roll that cannot be played.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
}

const NO_STEP: Step = Step { from: super::point::Point::OFF, to: super::point::Point::OFF, hit: false };

impl Play {
    /// No step.
    pub const EMPTY: Play = Play { steps: [NO_STEP; 4], len: 0 };

    /// The play made of `steps` (at most 4), or `None` if there are more.
    pub fn from_steps(steps: &[Step]) -> Option<Play> {
        if steps.len() > 4 {
            return None;
        }
        let mut p = Play::EMPTY;
        for &s in steps {
            p.push(s);
        }
        Some(p)
    }

    /// Appends a step; a fifth step is ignored (no roll allows one).
    #[inline]
    pub(crate) fn push(&mut self, step: Step) {
        if let Some(slot) = self.steps.get_mut(self.len as usize) {
            *slot = step;
            self.len += 1;
        }
    }

    /// The steps.
    #[inline]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The number of steps (dice used).
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no die is used.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Display for Play {
    /// The steps in order, one per die (`13/10 10/7*`); not the standard notation, which is the
    /// notation crate's.
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
