//! A backgammon position from the point of view of the player on roll.
// A WebAssembly build plays every position by the general loops (see `movegen`), so the boards
// without contact are not used there.
#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

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
/// on roll, who moves from 24 towards 1. Each side's counts are packed four bits a point (a
/// count is at most 15) into one 128-bit word, in that side's own numbering: point `p` in bits
/// `4p` to `4p + 3`, the bar at 25, the checkers borne off at 0. The whole position is 32 bytes,
/// a step is two additions, and the other player's view is the two words swapped.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    mine: u128,
    theirs: u128,
}

/// `UNIT[p]`: one checker on point `p`.
static UNIT: [u128; 32] = {
    let mut t = [0u128; 32];
    let mut p = 0;
    while p < 26 {
        t[p] = 1 << (4 * p);
        p += 1;
    }
    t
};

/// `HIT[1][t]`: what hitting the blot on the roller's point `t` does to the opponent's counts
/// (one checker from his point `25 - t` to his bar); `HIT[0]` is no change.
static HIT: [[u128; 32]; 2] = {
    let mut t = [[0u128; 32]; 2];
    let mut p = 1;
    while p < 25 {
        t[1][p] = (1u128 << 100).wrapping_sub(1 << (4 * (25 - p)));
        p += 1;
    }
    t
};

/// `MOVES[d][f]`: what moving a checker from point `f` (1 to 25) by `d` (1 to 6) does to the
/// roller's counts, a bear-off when `f <= d`.
static MOVES: [[u128; 32]; 8] = {
    let mut t = [[0u128; 32]; 8];
    let mut d = 1;
    while d <= 6 {
        let mut f: usize = 1;
        while f <= 25 {
            let to = f.saturating_sub(d);
            t[d][f] = (1u128 << (4 * to)).wrapping_sub(1 << (4 * f));
            f += 1;
        }
        d += 1;
    }
    t
};

/// `HITS[1][d][f]`: what hitting a blot with a checker moved from `f` by `d` does to the
/// opponent's counts (see [`HIT`]); `HITS[0]` is no change.
static HITS: [[[u128; 32]; 8]; 2] = {
    let mut t = [[[0u128; 32]; 8]; 2];
    let mut d = 1;
    while d <= 6 {
        let mut f = d + 1;
        while f <= 25 {
            t[1][d][f] = HIT[1][f - d];
            f += 1;
        }
        d += 1;
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

/// The count at `index` (0 to 25) of a packed side.
#[inline]
fn count(side: u128, index: usize) -> u8 {
    // One 64-bit half chosen, then shifted: cheaper than a shift of the 128-bit word.
    let i = index % 32;
    let half = if i < 16 { side as u64 } else { (side >> 64) as u64 };
    ((half >> (4 * (i % 16))) & 0xF) as u8
}

/// The low three bits of every count.
const LOW3: u64 = 0x7777_7777_7777_7777;

/// The middle two bits of every count.
const MID2: u64 = 0x6666_6666_6666_6666;

/// The high bit of every count.
const HIGH: u64 = 0x8888_8888_8888_8888;

/// Bit `p` set where count `p` of a packed side is not zero (bits 0 to 25).
#[inline]
fn nonzero(side: u128) -> u32 {
    // Adding 7 to the low three bits of a count carries into its high bit when one is set.
    let half = |w: u64| squeeze((((w & LOW3) + LOW3) | w) & HIGH);
    half(side as u64) | half((side >> 64) as u64) << 16
}

/// Bit `p` set where count `p` of a packed side is two or more (bits 0 to 25).
#[inline]
fn several(side: u128) -> u32 {
    let half = |w: u64| squeeze((((w & MID2) + MID2) | w) & HIGH);
    half(side as u64) | half((side >> 64) as u64) << 16
}

/// The bits `4i + 3` of `w` (the others clear) as bits `i`, by two multiplications in which
/// every bit of the product that is kept comes from one pair of factor bits (no carries).
#[inline]
fn squeeze(w: u64) -> u32 {
    let lanes = ((w >> 3).wrapping_mul(0x1248) >> 12) & 0x000F_000F_000F_000F;
    ((lanes.wrapping_mul(0x0010_0100_1001) >> 36) & 0xFFFF) as u32
}

/// Packs 26 counts, each at most 15, four bits each.
fn pack(counts: &[u8; 26]) -> u128 {
    counts.iter().enumerate().fold(0, |side, (p, &n)| side | u128::from(n & 0xF) << (4 * p))
}

/// The 26 counts of a packed side.
fn unpack(side: u128) -> [u8; 26] {
    std::array::from_fn(|p| count(side, p))
}

impl Position {
    /// The starting position: 2 checkers on 24, 5 on 13, 3 on 8 and 5 on 6 for each side.
    pub fn start() -> Position {
        let mut side = [0u8; 26];
        side[24] = 2;
        side[13] = 5;
        side[8] = 3;
        side[6] = 5;
        Position { mine: pack(&side), theirs: pack(&side) }
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
        // The counts are at most 15 here, so the casts are exact and every count fits in four
        // bits.
        mine[0] = CHECKERS - count(&mine) as u8;
        theirs[0] = CHECKERS - count(&theirs) as u8;
        Ok(Position { mine: pack(&mine), theirs: pack(&theirs) })
    }

    /// The arrangement as a setup (borne-off counts included at index 0).
    pub fn to_setup(&self) -> Setup {
        Setup { on_roll: unpack(self.mine), opponent: unpack(self.theirs) }
    }

    /// Checkers of the player on roll on `point` (his numbering; `OFF` counts those borne off).
    #[inline]
    pub fn mine(&self, point: Point) -> u8 {
        count(self.mine, point.index())
    }

    /// Checkers of the opponent on `point` in the opponent's own numbering.
    #[inline]
    pub fn theirs(&self, point: Point) -> u8 {
        count(self.theirs, point.index())
    }

    /// The position as the two words it is kept in: the player on roll's, then the opponent's,
    /// each in that side's own numbering, the count of point `p` in bits `4p` to `4p + 3` (the
    /// bar at 25, the checkers borne off at 0), every other bit zero. Equal positions have equal
    /// words.
    #[inline]
    pub fn words(&self) -> [u128; 2] {
        [self.mine, self.theirs]
    }

    /// The position seen by the other player (after a play, it is his roll).
    #[inline]
    pub fn swapped(&self) -> Position {
        Position { mine: self.theirs, theirs: self.mine }
    }

    /// Whether every checker of the player on roll is in his home board or borne off.
    #[inline]
    pub fn all_home(&self) -> bool {
        self.mine >> 28 == 0
    }

    /// Whether the player on roll has a checker on the bar.
    #[inline]
    pub fn on_bar(&self) -> bool {
        self.mine >> 100 != 0
    }

    /// Whether the opposing point `point` (roller's numbering, 1-24) is held by two or more.
    #[inline]
    pub fn is_blocked(&self, point: Point) -> bool {
        point.on_board() && count(self.theirs, 25 - point.index()) >= 2
    }

    /// Whether a single opposing checker stands on `point` (roller's numbering, 1-24): landing
    /// there hits it.
    #[inline]
    pub fn is_blot(&self, point: Point) -> bool {
        point.on_board() && count(self.theirs, 25 - point.index()) == 1
    }

    /// The points (bits 1 to 24, roller's numbering) where a single opposing checker stands.
    #[inline]
    pub fn blot_points(&self) -> u32 {
        mirror(nonzero(self.theirs) & !several(self.theirs))
    }

    /// Pip counts: the roller's, then the opponent's.
    pub fn pips(&self) -> (u32, u32) {
        let pips = |side: u128| (1..26).map(|p| p as u32 * u32::from(count(side, p))).sum();
        (pips(self.mine), pips(self.theirs))
    }

    /// The step of the checker on `from` with `die`, if the rules allow it in this position
    /// (bar first, landing not blocked, bearing off only with all checkers home and from the
    /// exact point or, with a larger die, the highest occupied one).
    ///
    /// # Errors
    /// Why the step is impossible.
    pub fn step(&self, from: Point, die: u8) -> Result<Step, StepError> {
        let f = from.number();
        if f == 0 || self.mine(from) == 0 {
            return Err(StepError::NoChecker(from));
        }
        if f != 25 && self.on_bar() {
            return Err(StepError::MustEnterFirst);
        }
        if die == 0 || die > 6 {
            return Err(StepError::BadDistance { from, die });
        }
        if f > die {
            let to = Point(f - die);
            if self.is_blocked(to) {
                return Err(StepError::Blocked(to));
            }
            return Ok(Step { from, to, hit: self.is_blot(to) });
        }
        // Bearing off (the bar is 25, so `from` is a board point here).
        if !self.all_home() {
            return Err(StepError::NotAllHome(from));
        }
        if f < die && nonzero(self.mine) & !((2u32 << f) - 1) & HOME != 0 {
            return Err(StepError::HigherCheckerFirst { from, die });
        }
        Ok(Step { from, to: Point::OFF, hit: false })
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
        *self = self.after(step);
    }

    /// The position after a step returned by [`step`](Self::step) (no checks): a checker taken
    /// off one point and put on another, and a hit blot put on its owner's bar.
    #[inline]
    pub(crate) fn after(&self, step: Step) -> Position {
        self.after_of::<true>(step)
    }

    /// [`after`](Self::after); `CONTACT` false: for a step known not to hit.
    #[inline]
    fn after_of<const CONTACT: bool>(&self, step: Step) -> Position {
        let (f, t) = (step.from.index() % 32, step.to.index() % 32);
        let theirs = if CONTACT { self.theirs.wrapping_add(HIT[usize::from(step.hit)][t]) } else { self.theirs };
        Position { mine: self.mine.wrapping_sub(UNIT[f]).wrapping_add(UNIT[t]), theirs }
    }

    /// Whether the player on roll has borne off all his checkers.
    pub fn roller_won(&self) -> bool {
        self.mine(Point::OFF) == CHECKERS
    }

    /// A key of the arrangement for telling apart the results of different plays from one
    /// position. Different results may share a key (rarely); `==` decides.
    #[inline]
    pub(crate) fn play_key(&self) -> u64 {
        let fold = |side: u128| (side as u64) ^ ((side >> 64) as u64).rotate_left(29);
        (fold(self.mine) ^ fold(self.theirs).rotate_left(17)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// A position in the middle of a play, with the bit masks the rules read (bit `p` for point
/// `p` in the roller's numbering): where the roller has checkers (bit 0: some are borne off,
/// bit 25: the bar), the single opposing checkers and the points the opponent holds with two
/// or more (bits 1 to 24; these do not change during a play).
///
/// `CONTACT` false: no opposing checker stands below the roller's highest checker
/// ([`without_contact`](Self::without_contact)), so that no step hits or is blocked and the
/// opponent's counts do not change; the loops of the move generator are compiled for that case
/// apart, with the masks of the opponent known to be empty.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Live<const CONTACT: bool = true> {
    /// The position.
    pub(crate) pos: Position,
    points: u32,
    blots: u32,
    blocks: u32,
}

impl Live {
    /// The masks of `pos`, read afresh.
    #[inline]
    pub(crate) fn new(pos: &Position) -> Live {
        let (held, several) = (nonzero(pos.theirs), several(pos.theirs));
        Live { pos: *pos, points: nonzero(pos.mine), blots: mirror(held & !several), blocks: mirror(several) }
    }

    /// This position without contact, if no opposing checker stands on a point below the
    /// roller's highest checker (the bar counts as 25): the only points a step of his can reach.
    #[inline]
    pub(crate) fn without_contact(&self) -> Option<Live<false>> {
        let below = (1u32 << (31 - (self.points | 1).leading_zeros())) - 1;
        ((self.blots | self.blocks) & below == 0).then_some(Live {
            pos: self.pos,
            points: self.points,
            blots: 0,
            blocks: 0,
        })
    }
}

impl Live<false> {
    /// This position as a bear-off without contact, if every checker of the roller is in his
    /// home board or borne off.
    #[inline]
    pub(crate) fn home(&self) -> Option<Home> {
        self.pos.all_home().then_some(Home { mine: self.pos.mine as u32, points: self.points, theirs: self.pos.theirs })
    }
}

impl<const CONTACT: bool> Live<CONTACT> {
    /// The single opposing checkers (bits 1 to 24): none without contact.
    #[inline]
    fn blot_mask(&self) -> u32 {
        if CONTACT {
            self.blots
        } else {
            0
        }
    }

    /// The points the opponent holds (bits 1 to 24): none without contact.
    #[inline]
    fn block_mask(&self) -> u32 {
        if CONTACT {
            self.blocks
        } else {
            0
        }
    }

    /// The points (bits 0 to 25) where the roller has exactly one checker.
    #[inline]
    pub(crate) fn singles(&self) -> u32 {
        self.points & !several(self.pos.mine)
    }

    /// Whether no step of a play of two steps can enter from the bar or bear off: no checker
    /// on the bar, and two or more outside the home board, so that one is still outside after
    /// the first step. `singles` as [`singles`](Self::singles) gives them.
    #[inline]
    pub(crate) fn two_steps_on_board(&self, singles: u32) -> bool {
        let outside = self.points & !HOME & !1;
        outside & 1 << 25 == 0 && (outside & outside.wrapping_sub(1) != 0 || outside & !singles != 0)
    }

    /// Whether no step of a play of four steps can enter from the bar or bear off: no checker
    /// on the bar, and four or more outside the home board (a point of `singles`, as
    /// [`singles`](Self::singles) gives them, counted as one, any other as two).
    #[inline]
    pub(crate) fn four_steps_on_board(&self, singles: u32) -> bool {
        let outside = self.points & !HOME & !1;
        outside & 1 << 25 == 0 && outside.count_ones() + (outside & !singles).count_ones() >= 4
    }
}

/// What the move generator reads of a position in the middle of a play: the points a die can
/// move from, the step from one of them and the position after it. [`Live`] is any position
/// (`Live<false>` one without contact), [`Home`] a bear-off without contact; the generator's
/// loops are compiled for each apart.
pub(crate) trait Board: Copy {
    /// The points (bits 1 to 25) from which the roller may move a checker `die` (1 to 6) pips,
    /// by the rules [`Position::step`] applies, all at once.
    fn movable(&self, die: u8) -> u32;

    /// What [`movable`](Self::movable) gives after `step` (a step of this position), without
    /// making the step.
    fn movable_after(&self, step: Step, die: u8) -> u32;

    /// What [`movable_after`](Self::movable_after) gives, told from `movable` (the value of
    /// [`movable`](Self::movable)`(die)` before the step) and `singles`, the roller's single
    /// checkers (only the bit of the step's point is read), when no step of the play can enter
    /// or bear off ([`Live::two_steps_on_board`], [`Live::four_steps_on_board`]).
    fn movable_after_on_board(&self, movable: u32, singles: u32, step: Step, die: u8) -> u32;

    /// The step from point `from` by `die` when [`movable`](Self::movable) allows it.
    fn step_from(&self, from: u32, die: u8) -> Step;

    /// The step from `from` by `die` when [`movable`](Self::movable) allows it, with the
    /// position after it.
    fn step_after(&self, from: u32, die: u8) -> (Step, Position);

    /// [`step_after`](Self::step_after) for a step known to land on the board (`from` above
    /// `die`), as no step of a play that cannot enter or bear off does.
    fn step_after_on_board(&self, from: u32, die: u8) -> (Step, Position) {
        self.step_after(from, die)
    }

    /// Makes a step of [`step_from`](Self::step_from).
    fn apply(&mut self, step: Step);

    /// The points (bits 1 to 24) from which a checker, if one stood there, could move `die`
    /// pips to a point of the board not blocked: those above `die`, whatever the roller holds.
    /// Exact up to the roller's highest checker (all a step reaches); above it a board without
    /// contact does not know the blocks.
    fn open_from(&self, die: u8) -> u32;

    /// The step from `from` by `die` when [`movable`](Self::movable) allows it, with the board
    /// after it for a play none of whose steps can enter or bear off: the board answers
    /// [`step_from`](Self::step_from), [`step_after`](Self::step_after),
    /// [`advance`](Self::advance), [`single`](Self::single) and
    /// [`movable_after_on_board`](Self::movable_after_on_board), but its other masks may be
    /// left as they were.
    fn advance(&self, from: u32, die: u8) -> (Step, Self);

    /// Bit `point` (0 to 25) if the roller has exactly one checker there, else 0.
    fn single(&self, point: u32) -> u32;

    /// The position.
    fn position(&self) -> Position;
}

impl<const CONTACT: bool> Board for Live<CONTACT> {
    #[inline]
    fn movable(&self, die: u8) -> u32 {
        movable(self.points, self.block_mask(), die)
    }

    #[inline]
    fn movable_after(&self, step: Step, die: u8) -> u32 {
        let (f, t) = (step.from.index(), step.to.index());
        let emptied = u32::from(count(self.pos.mine, f) == 1) << (f % 32);
        movable((self.points & !emptied) | 1 << (t % 32), self.block_mask(), die)
    }

    #[inline]
    fn movable_after_on_board(&self, movable: u32, singles: u32, step: Step, die: u8) -> u32 {
        let (f, t) = (u32::from(step.from.number()) % 32, u32::from(step.to.number()) % 32);
        let d = u32::from(die) % 32;
        let reached = u32::from(t > d && self.block_mask() & (1 << ((t - d) % 32)) == 0) << t;
        (movable & !(singles & (1 << f))) | reached
    }

    #[inline]
    fn step_from(&self, from: u32, die: u8) -> Step {
        step_of(self.blot_mask(), from, die)
    }

    #[inline]
    fn step_after(&self, from: u32, die: u8) -> (Step, Position) {
        step_after::<CONTACT, false>(&self.pos, self.blot_mask(), from, die)
    }

    #[inline]
    fn step_after_on_board(&self, from: u32, die: u8) -> (Step, Position) {
        step_after::<CONTACT, true>(&self.pos, self.blot_mask(), from, die)
    }

    #[inline]
    fn apply(&mut self, step: Step) {
        let (f, t) = (step.from.index(), step.to.index());
        self.pos = self.pos.after_of::<CONTACT>(step);
        // A select, not a branch: whether the point is left empty is as likely as not.
        self.points &= if count(self.pos.mine, f) == 0 { !(1 << (f % 32)) } else { u32::MAX };
        self.points |= 1 << (t % 32);
        if CONTACT {
            self.blots &= !(1 << (t % 32));
        }
    }

    #[inline]
    fn open_from(&self, die: u8) -> u32 {
        let d = u32::from(die) % 32;
        0x01FF_FFFE & !(self.block_mask() << d) & !((2u32 << d) - 1)
    }

    #[inline]
    fn advance(&self, from: u32, die: u8) -> (Step, Live<CONTACT>) {
        let (step, pos) = self.step_after_on_board(from, die);
        (step, Live { pos, blots: self.blot_mask() & !(1 << (step.to.index() % 32)), ..*self })
    }

    #[inline]
    fn single(&self, point: u32) -> u32 {
        u32::from(count(self.pos.mine, point as usize) == 1) << (point % 32)
    }

    #[inline]
    fn position(&self) -> Position {
        self.pos
    }
}

/// A bear-off without contact: every checker of the roller in his home board or borne off, and
/// no opposing checker on the points below his highest, so that no step hits or is blocked and a
/// play changes only the counts of points 0 to 6, the low 28 bits of the roller's word, kept here
/// as a `u32`.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Home {
    /// Counts of points 0 to 6, four bits each.
    mine: u32,
    /// Bit `p` where count `p` is not zero (0 to 6).
    points: u32,
    /// The opponent's counts, which no step changes.
    theirs: u128,
}

/// [`movable`] for a bear-off without contact: from the points (bits 1 to 6) of `points` at or
/// above `die`, and from the highest below it.
#[inline]
fn home_movable(points: u32, die: u8) -> u32 {
    let held = points & HOME;
    let highest = 31 - (held | 1).leading_zeros();
    held & (!((1u32 << (die % 32)) - 1) | 1 << highest)
}

impl Board for Home {
    #[inline]
    fn movable(&self, die: u8) -> u32 {
        home_movable(self.points, die)
    }

    #[inline]
    fn movable_after(&self, step: Step, die: u8) -> u32 {
        let (f, t) = (step.from.index() % 8, step.to.index() % 8);
        let emptied = u32::from((self.mine >> (4 * f)) & 0xF == 1) << f;
        home_movable((self.points & !emptied) | 1 << t, die)
    }

    #[inline]
    fn movable_after_on_board(&self, _movable: u32, _singles: u32, step: Step, die: u8) -> u32 {
        self.movable_after(step, die)
    }

    #[inline]
    fn step_from(&self, from: u32, die: u8) -> Step {
        let f = (from % 8) as u8;
        Step { from: Point(f), to: Point(f.saturating_sub(die)), hit: false }
    }

    #[inline]
    fn step_after(&self, from: u32, die: u8) -> (Step, Position) {
        let step = self.step_from(from, die);
        // The low 32 bits of the whole board's move: those of points 0 to 7.
        let mine = self.mine.wrapping_add(MOVES[usize::from(die) % 8][from as usize % 32] as u32);
        (step, Position { mine: u128::from(mine), theirs: self.theirs })
    }

    #[inline]
    fn apply(&mut self, step: Step) {
        let (f, t) = (step.from.index() % 8, step.to.index() % 8);
        self.mine = self.mine.wrapping_sub(1 << (4 * f)).wrapping_add(1 << (4 * t));
        self.points &= if (self.mine >> (4 * f)) & 0xF == 0 { !(1 << f) } else { u32::MAX };
        self.points |= 1 << t;
    }

    #[inline]
    fn open_from(&self, die: u8) -> u32 {
        0x01FF_FFFE & !((2u32 << (die % 32)) - 1)
    }

    #[inline]
    fn advance(&self, from: u32, die: u8) -> (Step, Home) {
        let step = self.step_from(from, die);
        let mut next = *self;
        next.apply(step);
        (step, next)
    }

    #[inline]
    fn single(&self, point: u32) -> u32 {
        u32::from((self.mine >> (4 * (point % 8))) & 0xF == 1) << (point % 32)
    }

    #[inline]
    fn position(&self) -> Position {
        Position { mine: u128::from(self.mine), theirs: self.theirs }
    }
}

/// The step from point `from` by `die` in `pos`, whose single opposing checkers are `blots`,
/// with the position after it, from tables indexed by the point and the die. `ON_BOARD`: the
/// step is known to land on the board (`from` above `die`).
#[inline]
fn step_after<const CONTACT: bool, const ON_BOARD: bool>(
    pos: &Position,
    blots: u32,
    from: u32,
    die: u8,
) -> (Step, Position) {
    let (f, d) = (from % 32, u32::from(die) % 8);
    // The blot hit, read once for the step and for the table: bit `f` of the blots moved up by
    // the die is the blot on `f - die` (none on a bear-off).
    let hit = (blots << d >> f) & 1;
    let to = if ON_BOARD { f.wrapping_sub(d) } else { f.saturating_sub(d) };
    let step = Step { from: Point(f as u8), to: Point(to as u8), hit: hit != 0 };
    let (i, j) = (f as usize, d as usize);
    let theirs = if CONTACT { pos.theirs.wrapping_add(HITS[hit as usize][j][i]) } else { pos.theirs };
    let after = Position { mine: pos.mine.wrapping_add(MOVES[j][i]), theirs };
    (step, after)
}

/// The step from point `from` (a bit of a mask of `movable`, 1 to 25) by `die` where the
/// single opposing checkers are `blots`: landing on one hits it.
#[inline]
fn step_of(blots: u32, from: u32, die: u8) -> Step {
    let f = from % 32;
    let to = (f as u8).saturating_sub(die);
    // Bit `f` of the blots moved up by the die is the blot on `f - die` (none on a bear-off).
    Step { from: Point(f as u8), to: Point(to), hit: (blots << (die % 8)) & (1 << f) != 0 }
}

/// The points (bits 1 to 25) from which the roller may move a checker `die` (1 to 6) pips, from
/// where he has checkers (`points`, bits 0 to 25 as [`Live`] keeps them: bit 25 the bar) and
/// the points the opponent holds (`blocks`).
#[inline]
fn movable(points: u32, blocks: u32, die: u8) -> u32 {
    let die = u32::from(die) % 32;
    if points & 1 << 25 != 0 {
        return if blocks & (1 << ((25 - die) % 32)) == 0 { 1 << 25 } else { 0 };
    }
    let held = points & 0x01FF_FFFE;
    // Moves that land on the board: from above `die`, to a point not blocked.
    let mut from = held & !(blocks << die) & !((2u32 << die) - 1);
    if points & !HOME & !1 == 0 {
        from |= held & (1 << die);
        let highest = 31 - held.leading_zeros();
        if held != 0 && highest < die {
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

    /// Every field of a position in the middle of a play, for comparing its incremental masks
    /// with those read afresh.
    fn fields(l: &Live) -> (Position, u32, u32, u32) {
        (l.pos, l.points, l.blots, l.blocks)
    }

    #[test]
    fn masks_kept_step_by_step_equal_masks_read_afresh() {
        let mut gen = crate::backgammon::MoveGenerator::new();
        let mut rng = crate::random::SplitMix64(7);
        let rolls: Vec<crate::backgammon::Dice> = crate::backgammon::Dice::all().collect();
        let (mut checked, mut on_board_checked) = (0, 0);
        for _ in 0..40 {
            let mut pos = Position::start();
            for _ in 0..200 {
                let live = Live::new(&pos);
                for die in 1..=6u8 {
                    let mut from = live.movable(die);
                    while from != 0 {
                        let a = from.trailing_zeros();
                        from &= from - 1;
                        let step = live.step_from(a, die);
                        assert_eq!(Ok(step), pos.step(Point::from_bit(a), die), "{pos:?} {a} {die}");
                        assert_eq!(live.step_after(a, die), (step, live.pos.after(step)));
                        if a > u32::from(die) {
                            assert_eq!(live.step_after_on_board(a, die), (step, live.pos.after(step)));
                        }
                        let mut next = live;
                        next.apply(step);
                        assert_eq!(fields(&next), fields(&Live::new(&next.pos)), "{pos:?} {step}");
                        let singles = live.singles();
                        let on_board = live.two_steps_on_board(singles);
                        for second in 1..=6u8 {
                            assert_eq!(live.movable_after(step, second), next.movable(second));
                            if on_board {
                                let after = live.movable_after_on_board(live.movable(second), singles, step, second);
                                assert_eq!(after, next.movable(second), "{pos:?} {step} {second}");
                                on_board_checked += 1;
                            }
                        }
                        checked += 1;
                    }
                    for p in 0..26u8 {
                        let point = Point(p);
                        let legal = pos.step(point, die).is_ok();
                        assert_eq!(legal, live.movable(die) & (1 << p) != 0, "{pos:?} {p} {die}");
                    }
                }
                let plays = gen.legal_plays(&pos, rolls[rng.below(rolls.len())]);
                let (_, next) = plays[rng.below(plays.len())];
                assert_eq!(next.swapped().swapped(), next);
                assert_eq!(Position::from_setup(&next.to_setup()), Ok(next));
                if next.roller_won() {
                    break;
                }
                pos = next.swapped();
            }
        }
        assert!(checked > 50_000, "{checked}");
        assert!(on_board_checked > 100_000, "{on_board_checked}");
    }

    /// Checks that `board` reads as `live` does: the same points to move from, steps, positions
    /// after them and second steps, for every die. The number of steps compared.
    fn reads_as_live<B: Board>(board: &B, live: &Live) -> usize {
        let mut compared = 0;
        assert_eq!(board.position(), live.pos);
        let reached = (2u32 << (31 - (live.points | 1).leading_zeros())) - 1;
        for die in 1..=6u8 {
            let mut from = live.movable(die);
            assert_eq!(board.movable(die), from, "{:?} {die}", live.pos);
            assert_eq!(board.open_from(die) & reached, live.open_from(die) & reached);
            while from != 0 {
                let a = from.trailing_zeros();
                from &= from - 1;
                let step = live.step_from(a, die);
                assert_eq!(board.step_from(a, die), step);
                assert_eq!(Board::step_after(board, a, die), live.step_after(a, die));
                let (mut next, mut next_live) = (*board, *live);
                next.apply(step);
                next_live.apply(step);
                assert_eq!(next.position(), next_live.pos);
                if a > u32::from(die) {
                    // A step that lands on the board, the only kind `advance` is asked for.
                    let (advanced_step, advanced) = board.advance(a, die);
                    assert_eq!((advanced_step, advanced.position()), (step, next_live.pos));
                    assert_eq!(board.step_after_on_board(a, die), live.step_after(a, die));
                }
                assert_eq!(board.single(a), u32::from(live.pos.mine(Point(a as u8)) == 1) << a);
                for second in 1..=6u8 {
                    assert_eq!(next.movable(second), next_live.movable(second), "{:?} {step} {second}", live.pos);
                    assert_eq!(board.movable_after(step, second), next_live.movable(second));
                }
                compared += 1;
            }
        }
        compared
    }

    #[test]
    fn boards_without_contact_read_as_any_position() {
        let mut gen = crate::backgammon::MoveGenerator::new();
        let mut rng = crate::random::SplitMix64(11);
        let rolls: Vec<crate::backgammon::Dice> = crate::backgammon::Dice::all().collect();
        let (mut races, mut homes, mut contact_in_home) = (0, 0, 0);
        for _ in 0..60 {
            let mut pos = Position::start();
            for _ in 0..300 {
                let live = Live::new(&pos);
                let near = (1..=24).any(|p| {
                    let point = Point(p);
                    (pos.is_blot(point) || pos.is_blocked(point)) && (p + 1..=25).any(|q| pos.mine(Point(q)) > 0)
                });
                match live.without_contact() {
                    Some(race) => {
                        assert!(!near, "{pos:?}");
                        races += reads_as_live(&race, &live);
                        if let Some(home) = race.home() {
                            homes += reads_as_live(&home, &live);
                        }
                    }
                    None => {
                        assert!(near, "{pos:?}");
                        contact_in_home += usize::from(pos.all_home());
                    }
                }
                let plays = gen.legal_plays(&pos, rolls[rng.below(rolls.len())]);
                let (_, next) = plays[rng.below(plays.len())];
                if next.roller_won() {
                    break;
                }
                pos = next.swapped();
            }
        }
        assert!(races > 5_000 && homes > 1_500 && contact_in_home > 30, "{races} {homes} {contact_in_home}");
    }

    #[test]
    fn masks_of_packed_counts_are_those_of_the_counts() {
        let mut rng = crate::random::SplitMix64(3);
        for _ in 0..100_000 {
            let counts: [u8; 26] = std::array::from_fn(|_| match rng.below(4) {
                0 | 1 => 0,
                2 => 1 + rng.below(2) as u8,
                _ => rng.below(16) as u8,
            });
            let side = pack(&counts);
            assert_eq!(unpack(side), counts);
            let (mut held, mut two) = (0, 0);
            for (p, &n) in counts.iter().enumerate() {
                held |= u32::from(n > 0) << p;
                two |= u32::from(n > 1) << p;
            }
            assert_eq!((nonzero(side), several(side)), (held, two), "{counts:?}");
        }
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
