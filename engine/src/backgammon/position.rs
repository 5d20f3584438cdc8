//! A backgammon position from the point of view of the player on roll.

use std::fmt;

use super::point::Point;
use super::step::Step;

/// Checkers per player.
pub const CHECKERS: u8 = 15;

/// Bits 1 to 6: the home board.
const HOME: u32 = 0b111_1110;

/// Any arrangement of checkers, both sides counted from their own point of view (index = point
/// number: 1 to 24 on the board, 25 the bar, 0 borne off). [`Position::from_setup`] validates it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Setup {
    /// The checkers of the player on roll.
    pub on_roll: [u8; 26],
    /// The checkers of his opponent, in the opponent's numbering.
    pub opponent: [u8; 26],
}

/// Why a [`Setup`] is not a position.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionError {
    /// A side has more than 15 checkers on the board and the bar.
    #[error("the {side} has {count} checkers on the board and the bar; at most 15 are allowed")]
    TooManyCheckers {
        /// `"player on roll"` or `"opponent"`.
        side: &'static str,
        /// How many.
        count: u32,
    },
    /// Both players have checkers on one point.
    #[error("both players have checkers on point {0} (numbered for the player on roll)")]
    SharedPoint(Point),
}

/// A legal arrangement: 15 checkers a side, never two colours on a point. Seen from the player
/// on roll, who moves from 24 towards 1. Besides the counts it keeps bit masks (bit `p` for
/// point `p` in the roller's numbering), so that "is this point blocked", "is it a blot" and
/// "are all checkers home" are single operations. Equality and hashing look at the checkers
/// alone: the masks and the key follow from them.
#[derive(Copy, Clone)]
pub struct Position {
    mine: [u8; 26],
    theirs: [u8; 26],
    /// Bit `p` (0..=25): the roller has a checker there (bit 0: some are borne off).
    my_points: u32,
    /// Bit `p` (1..=24, roller's numbering): the opponent holds the point (two or more).
    blocks: u32,
    /// Bit `p` (1..=24, roller's numbering): a single opposing checker.
    blots: u32,
}

/// A random number per point for [`Position::counts_key`].
static KEYS: [u64; 26] = {
    let mut t = [0u64; 26];
    let mut state = 0x6261_636b_6761_6d6d; // "backgammon"
    let mut i = 0;
    while i < 26 {
        let (next, v) = crate::random::splitmix64(state);
        state = next;
        t[i] = v;
        i += 1;
    }
    t
};

/// Why one step cannot be made.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum StepError {
    /// No checker of the player stands on the point.
    #[error("no checker on {0}")]
    NoChecker(Point),
    /// A checker on the bar must enter first.
    #[error("a checker on the bar must enter first")]
    MustEnterFirst,
    /// The landing point holds two or more opposing checkers.
    #[error("point {0} is blocked")]
    Blocked(Point),
    /// Bearing off while checkers are outside the home board.
    #[error("cannot bear off from {0}: not all checkers are home")]
    NotAllHome(Point),
    /// Bearing off with a die larger than the point while a checker stands higher.
    #[error("cannot bear off from {from} with a {die}: a checker stands on a higher point")]
    HigherCheckerFirst {
        /// The point.
        from: Point,
        /// The die.
        die: u8,
    },
    /// The die does not lead from the point to a legal place.
    #[error("no move of {die} from {from}")]
    BadDistance {
        /// The point.
        from: Point,
        /// The die.
        die: u8,
    },
}

impl Position {
    /// The starting position: 2 checkers on 24, 5 on 13, 3 on 8 and 5 on 6 for each side.
    pub fn start() -> Position {
        let mut side = [0u8; 26];
        side[24] = 2;
        side[13] = 5;
        side[8] = 3;
        side[6] = 5;
        Position::from_arrays(side, side)
    }

    /// Validates a setup. Borne-off counts are derived: `15 -` the checkers on the board and
    /// the bar (index 0 of the setup is ignored).
    ///
    /// # Errors
    /// Too many checkers, or a point held by both sides.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let count = |a: &[u8; 26]| a[1..].iter().map(|&n| u32::from(n)).sum::<u32>();
        for (side, a) in [("player on roll", &setup.on_roll), ("opponent", &setup.opponent)] {
            let n = count(a);
            if n > u32::from(CHECKERS) {
                return Err(PositionError::TooManyCheckers { side, count: n });
            }
        }
        for p in 1..=24u8 {
            if setup.on_roll[p as usize] > 0 && setup.opponent[25 - p as usize] > 0 {
                return Err(PositionError::SharedPoint(Point::new(p).unwrap_or(Point::OFF)));
            }
        }
        let mut mine = setup.on_roll;
        let mut theirs = setup.opponent;
        // The counts are at most 15 here, so the casts are exact.
        mine[0] = CHECKERS - count(&mine) as u8;
        theirs[0] = CHECKERS - count(&theirs) as u8;
        Ok(Position::from_arrays(mine, theirs))
    }

    /// The arrangement as a setup (borne-off counts included at index 0).
    pub fn to_setup(&self) -> Setup {
        Setup { on_roll: self.mine, opponent: self.theirs }
    }

    fn from_arrays(mine: [u8; 26], theirs: [u8; 26]) -> Position {
        let (held, several) = (at_least(&theirs, 1), at_least(&theirs, 2));
        Position {
            mine,
            theirs,
            my_points: at_least(&mine, 1),
            blocks: mirror(several),
            blots: mirror(held & !several),
        }
    }

    /// Checkers of the player on roll on `point` (his numbering; `OFF` counts those borne off).
    #[inline]
    pub fn mine(&self, point: Point) -> u8 {
        self.mine[point.index()]
    }

    /// Checkers of the opponent on `point` in the opponent's own numbering.
    #[inline]
    pub fn theirs(&self, point: Point) -> u8 {
        self.theirs[point.index()]
    }

    /// The position seen by the other player (after a play, it is his roll).
    #[inline]
    pub fn swapped(&self) -> Position {
        // The opponent's points are the blots and blocks seen from the other side, with his
        // borne-off and bar checkers; only the roller's singles must be counted afresh.
        let off_and_bar = u32::from(self.theirs[0] > 0) | u32::from(self.theirs[25] > 0) << 25;
        let several = at_least(&self.mine, 2);
        Position {
            mine: self.theirs,
            theirs: self.mine,
            my_points: mirror(self.blots | self.blocks) | off_and_bar,
            blocks: mirror(several),
            blots: mirror(self.my_points & !several),
        }
    }

    /// Whether every checker of the player on roll is in his home board or borne off.
    #[inline]
    pub fn all_home(&self) -> bool {
        self.my_points & !HOME & !1 == 0
    }

    /// Whether the player on roll has a checker on the bar.
    #[inline]
    pub fn on_bar(&self) -> bool {
        self.mine[25] > 0
    }

    /// Whether the opposing point `point` (roller's numbering, 1-24) is held by two or more.
    #[inline]
    pub fn is_blocked(&self, point: Point) -> bool {
        self.blocks & (1 << point.number()) != 0
    }

    /// Whether a single opposing checker stands on `point` (roller's numbering, 1-24): landing
    /// there hits it.
    #[inline]
    pub fn is_blot(&self, point: Point) -> bool {
        self.blots & (1 << point.number()) != 0
    }

    /// The points (bits 1 to 24, roller's numbering) where a single opposing checker stands.
    #[inline]
    pub fn blot_points(&self) -> u32 {
        self.blots & 0x01FF_FFFE
    }

    /// Pip counts: the roller's, then the opponent's.
    pub fn pips(&self) -> (u32, u32) {
        let pips = |a: &[u8; 26]| a.iter().enumerate().map(|(p, &n)| p as u32 * u32::from(n)).sum();
        (pips(&self.mine), pips(&self.theirs))
    }

    /// The step of the checker on `from` with `die`, if the rules allow it in this position
    /// (bar first, landing not blocked, bearing off only with all checkers home and from the
    /// exact point or, with a larger die, the highest occupied one).
    ///
    /// # Errors
    /// Why the step is impossible.
    #[inline]
    pub fn step(&self, from: Point, die: u8) -> Result<Step, StepError> {
        let f = from.number();
        if f == 0 || self.mine[from.index()] == 0 {
            return Err(StepError::NoChecker(from));
        }
        if f != 25 && self.mine[25] > 0 {
            return Err(StepError::MustEnterFirst);
        }
        if die == 0 || die > 6 {
            return Err(StepError::BadDistance { from, die });
        }
        if f > die {
            let to = f - die;
            if self.blocks & (1 << to) != 0 {
                return Err(StepError::Blocked(Point(to)));
            }
            return Ok(Step { from, to: Point(to), hit: self.blots & (1 << to) != 0 });
        }
        // Bearing off (the bar is 25, so `from` is a board point here).
        if !self.all_home() {
            return Err(StepError::NotAllHome(from));
        }
        if f < die && self.my_points & !((2u32 << f) - 1) & HOME != 0 {
            return Err(StepError::HigherCheckerFirst { from, die });
        }
        Ok(Step { from, to: Point::OFF, hit: false })
    }

    /// The points (bits 1 to 25) from which the roller may move a checker `die` (1 to 6) pips,
    /// by the rules [`step`](Self::step) applies, all at once.
    #[inline]
    pub(crate) fn movable(&self, die: u8) -> u32 {
        movable(self.my_points, self.blocks, die)
    }

    /// What [`movable`](Self::movable) gives after `step` (a step of this position), from the
    /// masks alone, without making the step: for a generator that makes it only when some
    /// die can follow.
    #[inline]
    pub(crate) fn movable_after(&self, step: Step, die: u8) -> u32 {
        let (f, t) = (step.from.index(), step.to.index());
        let emptied = u32::from(self.mine[f] == 1) << f;
        movable((self.my_points & !emptied) | 1 << t, self.blocks, die)
    }

    /// The step from `from` by `die` when [`movable`](Self::movable) allows it.
    #[inline]
    pub(crate) fn step_from(&self, from: Point, die: u8) -> Step {
        let to = from.0.saturating_sub(die);
        Step { from, to: Point(to), hit: self.blots & (1 << to) & !1 != 0 }
    }

    /// The position after `play` for `dice`, if the rules allow it; see
    /// [`MoveGenerator::play`](super::MoveGenerator::play), which this calls with a new
    /// generator (it allocates only to judge a play that leaves dice unused).
    ///
    /// # Errors
    /// As [`MoveGenerator::play`](super::MoveGenerator::play).
    pub fn play(&self, play: &super::Play, dice: super::Dice) -> Result<Position, super::PlayError> {
        super::MoveGenerator::new().play(self, play, dice)
    }

    /// Makes a step returned by [`step`](Self::step) on this position (no checks).
    #[inline]
    pub fn apply(&mut self, step: Step) {
        let (f, t) = (step.from.index(), step.to.index());
        self.mine[f] -= 1;
        // A select, not a branch: whether the point is left empty is as likely as not.
        self.my_points &= if self.mine[f] == 0 { !(1 << f) } else { u32::MAX };
        self.mine[t] += 1;
        self.my_points |= 1 << t;
        if step.hit {
            // The blot on my point t is on the opponent's point 25 - t; it goes to his bar.
            self.theirs[25 - t] -= 1;
            self.theirs[25] += 1;
            self.blots &= !(1 << t);
        }
    }

    /// Whether the player on roll has borne off all his checkers.
    pub fn roller_won(&self) -> bool {
        self.mine[0] == CHECKERS
    }

    /// A sum over the roller's checkers of a random number for the point each stands on: the
    /// same for every order of the same steps.
    #[inline]
    pub(crate) fn counts_key(&self) -> u64 {
        let mut points = self.my_points & 0x03FF_FFFF;
        let mut k = 0u64;
        while points != 0 {
            let p = points.trailing_zeros() as usize % 26;
            points &= points - 1;
            k = k.wrapping_add(u64::from(self.mine[p]).wrapping_mul(KEYS[p]));
        }
        k
    }

    /// A key of the arrangement for telling apart the results of different plays from one
    /// position, from its [`counts_key`](Self::counts_key): it depends only on where the
    /// roller's checkers stand and which blots were hit. Different results may share a key
    /// (rarely); [`same_result`](Self::same_result) decides.
    #[inline]
    pub(crate) fn play_key(&self) -> u64 {
        self.counts_key() ^ u64::from(self.blots).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// Whether two positions reached from one start by one play each are the same.
    #[inline]
    pub(crate) fn same_result(&self, other: &Position) -> bool {
        self.blots == other.blots && self.mine == other.mine
    }
}

/// The points (bits 1 to 25) from which the roller may move a checker `die` (1 to 6) pips, from
/// where he has checkers (`points`, bits 0 to 25 as [`Position`] keeps them: bit 25 the bar) and
/// the points the opponent holds (`blocks`).
#[inline]
fn movable(points: u32, blocks: u32, die: u8) -> u32 {
    if points & 1 << 25 != 0 {
        return if blocks & (1 << (25 - die)) == 0 { 1 << 25 } else { 0 };
    }
    let held = points & 0x01FF_FFFE;
    // Moves that land on the board: from above `die`, to a point not blocked.
    let mut from = held & !(blocks << die) & !((2u32 << die) - 1);
    if points & !HOME & !1 == 0 {
        from |= held & (1 << die);
        let highest = 31 - held.leading_zeros();
        if held != 0 && highest < u32::from(die) {
            from |= 1 << highest;
        }
    }
    from
}

/// Bit `q` of a mask in the opponent's numbering as bit `25 - q` of the roller's, and back; the
/// bar and off bits are dropped.
#[inline]
fn mirror(mask: u32) -> u32 {
    const BOARD: u32 = 0x01FF_FFFE;
    (mask & BOARD).reverse_bits() >> 6
}

/// Bit `i` set where `counts[i] >= min`, for `min` 1 or 2: eight counts at a time, each byte's
/// test gathered into one bit by a multiplication.
#[inline]
fn at_least(counts: &[u8; 26], min: u8) -> u32 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let drop_one = if min >= 2 { 0xFEFE_FEFE_FEFE_FEFE } else { u64::MAX };
    let mut padded = [0u8; 32];
    padded[..26].copy_from_slice(counts);
    let mut mask = 0u32;
    for (k, chunk) in padded.chunks_exact(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let w = u64::from_le_bytes(bytes) & drop_one;
        // The high bit of each byte is set where the byte is not zero.
        let nonzero = (((w & LOW7) + LOW7) | w) & HIGH;
        mask |= (((nonzero >> 7).wrapping_mul(GATHER) >> 56) as u32) << (8 * k);
    }
    mask
}

impl PartialEq for Position {
    #[inline]
    fn eq(&self, other: &Position) -> bool {
        self.mine == other.mine && self.theirs == other.theirs
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.mine.hash(state);
        self.theirs.hash(state);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.to_setup();
        write!(f, "Position {{ on_roll: {:?}, opponent: {:?} }}", &s.on_roll[..], &s.opponent[..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(n: u8) -> Point {
        Point::new(n).unwrap()
    }

    #[test]
    fn steps_follow_the_rules() {
        let p = Position::start();
        assert_eq!(p.step(pt(24), 5), Err(StepError::Blocked(pt(19))));
        assert_eq!(p.step(pt(13), 6), Ok(Step { from: pt(13), to: pt(7), hit: false }));
        assert_eq!(p.step(pt(7), 1), Err(StepError::NoChecker(pt(7))));
        assert_eq!(p.step(pt(6), 6), Err(StepError::NotAllHome(pt(6))));
        let mut s = Setup::default();
        s.on_roll[5] = 2;
        s.on_roll[3] = 1;
        s.opponent[24] = 1;
        let p = Position::from_setup(&s).unwrap();
        assert!(p.all_home());
        assert_eq!(p.step(pt(3), 6), Err(StepError::HigherCheckerFirst { from: pt(3), die: 6 }));
        assert_eq!(p.step(pt(5), 6).map(|s| s.to), Ok(Point::OFF));
        assert_eq!(p.step(pt(5), 4).map(|s| s.hit), Ok(true));
        let mut s = Setup::default();
        s.on_roll[25] = 1;
        s.on_roll[6] = 1;
        let p = Position::from_setup(&s).unwrap();
        assert_eq!(p.step(pt(6), 1), Err(StepError::MustEnterFirst));
        assert!(p.step(pt(25), 1).is_ok());
        assert!(!p.all_home());
    }

    /// Every field, for comparing what `==` leaves out (the masks).
    fn fields(p: &Position) -> ([u8; 26], [u8; 26], u32, u32, u32) {
        (p.mine, p.theirs, p.my_points, p.blocks, p.blots)
    }

    #[test]
    fn swapping_keeps_masks_as_reading_afresh_gives_them() {
        let mut gen = crate::backgammon::MoveGenerator::new();
        let mut rng = crate::random::SplitMix64(7);
        let rolls: Vec<crate::backgammon::Dice> = crate::backgammon::Dice::all().collect();
        let mut checked = 0;
        for _ in 0..40 {
            let mut pos = Position::start();
            for _ in 0..200 {
                let dice = rolls[rng.below(rolls.len())];
                let plays = gen.legal_plays(&pos, dice);
                for (_, after) in plays.iter() {
                    // The incremental masks after a play equal those of the same board read anew.
                    assert_eq!(fields(after), fields(&Position::from_arrays(after.mine, after.theirs)));
                    let swapped = after.swapped();
                    assert_eq!(fields(&swapped), fields(&Position::from_arrays(after.theirs, after.mine)));
                    checked += 1;
                }
                let (_, next) = plays[rng.below(plays.len())];
                if next.roller_won() {
                    break;
                }
                pos = next.swapped();
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    #[test]
    fn equality_is_the_arrangement_whatever_the_way_there() {
        // A hit changes only the checkers; the position must equal the same arrangement read
        // afresh.
        let mut s = Setup::default();
        s.on_roll[8] = 1;
        s.opponent[20] = 1;
        let mut p = Position::from_setup(&s).unwrap();
        let step = p.step(pt(8), 3).unwrap();
        assert!(step.hit);
        p.apply(step);
        let again = Position::from_setup(&p.to_setup()).unwrap();
        assert_eq!(p, again);
        assert_eq!(p.play_key(), again.play_key());
    }

    #[test]
    fn setups_are_validated() {
        let mut s = Setup::default();
        s.on_roll[5] = 16;
        assert!(matches!(Position::from_setup(&s), Err(PositionError::TooManyCheckers { .. })));
        let mut s = Setup::default();
        s.on_roll[5] = 1;
        s.opponent[20] = 1;
        assert_eq!(Position::from_setup(&s), Err(PositionError::SharedPoint(pt(5))));
    }
}
