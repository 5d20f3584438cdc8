//! The steps a player makes with one roll.

use std::fmt;

use super::dice::Dice;
use super::point::Point;
use super::position::StepError;
use super::step::Step;

fn dice_count(n: usize) -> String {
    if n == 1 {
        "1 die".to_string()
    } else {
        format!("{n} dice")
    }
}

/// Why a play is not legal for a roll ([`MoveGenerator::play`](super::MoveGenerator::play)).
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PlayError {
    /// A step cannot be made with any die of the roll left for it.
    #[error("step {} ({from}/{to}): {error}", .index + 1)]
    Step {
        /// 0-based index of the step.
        index: usize,
        /// Where it starts.
        from: Point,
        /// Where it ends.
        to: Point,
        /// Why, with the die that comes closest (the right distance, or else the first left).
        error: StepError,
    },
    /// More steps than the roll has dice.
    #[error("{steps} steps for the roll {dice}")]
    TooManySteps {
        /// Steps in the play.
        steps: usize,
        /// The roll.
        dice: Dice,
    },
    /// Every step can be made, but the play uses fewer dice than the position allows.
    #[error("the play uses {} but {} can be played", dice_count(*.used), dice_count(*.possible))]
    TooFewDice {
        /// Dice the play uses.
        used: usize,
        /// Dice the legal plays use.
        possible: usize,
    },
    /// Only one die can be played and the play uses the smaller where the larger can be.
    #[error("only one die can be played and it must be the larger: the play uses the {smaller} but the {larger} can be played")]
    SmallerDie {
        /// The die used.
        smaller: u8,
        /// The die that must be used.
        larger: u8,
    },
}

/// Up to four steps, in the order they are made. An empty play is a roll that cannot be played.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
    /// Always zero: sixteen bytes in all, copied in one move.
    pad: [u8; 3],
}

const NO_STEP: Step = Step { from: super::point::Point::OFF, to: super::point::Point::OFF, hit: false };

impl Play {
    /// No step.
    pub const EMPTY: Play = Play { steps: [NO_STEP; 4], len: 0, pad: [0; 3] };

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

    /// One step.
    #[inline]
    pub(crate) fn one(step: Step) -> Play {
        Play { steps: [step, NO_STEP, NO_STEP, NO_STEP], len: 1, pad: [0; 3] }
    }

    /// Two steps, in this order.
    #[inline]
    pub(crate) fn two(first: Step, second: Step) -> Play {
        Play { steps: [first, second, NO_STEP, NO_STEP], len: 2, pad: [0; 3] }
    }

    /// Three steps, in this order.
    #[inline]
    pub(crate) fn three(first: Step, second: Step, third: Step) -> Play {
        Play { steps: [first, second, third, NO_STEP], len: 3, pad: [0; 3] }
    }

    /// Sets step `I` (0 to 3), leaving the length alone: for a generator that keeps the play it
    /// is extending in one place and changes its last steps there.
    #[inline]
    pub(crate) fn set<const I: usize>(&mut self, step: Step) {
        if let Some(slot) = self.steps.get_mut(I) {
            *slot = step;
        }
    }

    /// Sets the number of steps (at most 4); the steps beyond it are left as they are.
    #[inline]
    pub(crate) fn set_len(&mut self, n: usize) {
        self.len = n.min(4) as u8;
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

impl Default for Play {
    /// The empty play.
    fn default() -> Play {
        Play::EMPTY
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
