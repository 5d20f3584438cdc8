//! Every legal play of a roll, deduplicated by resulting position. Two different dice are played
//! by `two_dice` and doubles by `double`, each in explicit loops that look up only the results
//! that can repeat; the recursive `search`, which looks up every result, is the plain generator
//! they are tested against. The loops are written once over the [`Board`] a position is read
//! through, and compiled for three: any position ([`Live`]), a position without contact below
//! the roller's highest checker (`Live<false>`: no hit, no block), and a bear-off without
//! contact ([`Home`]: the counts of points 0 to 6 alone).

use super::dice::Dice;
use super::play::{Play, PlayError};
use super::point::Point;
use super::position::{Board, Home, Live, Position, StepError};
use super::step::Step;

/// Legal plays with the position each leads to (not yet swapped: still seen from the player
/// who moved).
pub type LegalPlays = [(Play, Position)];

/// A list written into the slots of a vector kept between calls: the vector only grows, and a
/// result is written into a slot made beforehand ([`room`](Self::room), then
/// [`put`](Self::put)), with no test of capacity in the loops that find results.
#[derive(Clone, Debug, Default)]
struct Slots<T> {
    store: Vec<T>,
    len: usize,
}

impl<T: Copy + Default> Slots<T> {
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn as_slice(&self) -> &[T] {
        self.store.get(..self.len).unwrap_or(&[])
    }

    #[inline]
    fn get(&self, i: usize) -> Option<&T> {
        self.as_slice().get(i)
    }

    /// Makes slots for `n` more items.
    #[inline]
    fn room(&mut self, n: usize) {
        if self.store.len() < self.len + n {
            self.grow(n);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        let size = (self.len + n).max(self.store.len() * 2).max(64);
        self.store.resize(size, T::default());
    }

    /// Appends `item` in a slot made by [`room`](Self::room) (every caller makes room first
    /// for as many items as it puts), and gives the slot.
    #[inline]
    fn put(&mut self, item: T) -> Option<&mut T> {
        debug_assert!(self.len < self.store.len());
        let slot = self.store.get_mut(self.len)?;
        *slot = item;
        self.len += 1;
        Some(slot)
    }

    #[inline]
    fn push(&mut self, item: T) {
        self.room(1);
        let _ = self.put(item);
    }
}

/// Generates legal plays. Keeps its buffers between calls, so a caller that generates often
/// allocates once.
#[derive(Clone, Debug, Default)]
pub struct MoveGenerator {
    plays: Slots<(Play, Position)>,
    /// The results alone, for [`legal_positions`](Self::legal_positions).
    positions: Slots<Position>,
    /// Open-addressing table of the plays found. A slot in use holds `stamp` in its high 32
    /// bits, 16 bits of the result's key, then its index in `plays`; a slot with another stamp
    /// is empty, so the table is emptied by counting `stamp` up.
    seen: Vec<u64>,
    /// The stamp of the slots in use (from 1).
    stamp: u32,
    /// The slots in use.
    filled: usize,
    /// The most dice any play found so far uses.
    best: usize,
    /// For a roll of two different dice where only one can be used: whether the larger was.
    best_high: bool,
    /// The play being extended by `two_dice` or `double` (`legal_plays` only), all of its
    /// steps but the last set: kept here, in memory, so that each play found is copied from it
    /// whole and only its last step written in place.
    template: Play,
    /// The position of the last roll with its masks and the roller's single checkers
    /// ([`Live::singles`]): a caller that generates the plays of several rolls of one position
    /// (all 21, as a search does) has them read once.
    last: Option<(Live, u32)>,
    /// The plain generator: the recursive search of `search` for every roll, every result of
    /// a play looked up in the table. The tests compare the fast paths (`two_dice`, `double`,
    /// `legal_positions`) with it.
    plain: bool,
}

/// The deepest failure of [`assign`]: the step's index, whether the die had the step's
/// distance, and the error.
type Failure = Option<(usize, bool, PlayError)>;

/// Makes `steps` on `pos`, each with a die of `dice` not yet used (the bits of `used`) that
/// takes the checker from the step's start to its end, trying the dice in every order; the
/// position after them, or `None` with the deepest failure in `failure`.
fn assign(
    pos: Position,
    steps: &[Step],
    dice: &[u8],
    used: u8,
    index: usize,
    failure: &mut Failure,
) -> Option<Position> {
    let Some(&step) = steps.first() else { return Some(pos) };
    let mut tried = 0u8;
    for (k, &die) in dice.iter().enumerate() {
        if used & (1 << k) != 0 || tried & (1 << die) != 0 {
            continue;
        }
        tried |= 1 << die;
        let (from, to) = (step.from.number(), step.to.number());
        let fits = from.checked_sub(die) == Some(to) || (to == 0 && die >= from);
        let error = match pos.step(step.from, die) {
            Ok(s) if s.to == step.to => {
                let mut next = pos;
                next.apply(s);
                if let Some(after) = assign(next, &steps[1..], dice, used | 1 << k, index + 1, failure) {
                    return Some(after);
                }
                continue;
            }
            Ok(_) => StepError::BadDistance { from: step.from, die },
            Err(e) => e,
        };
        if failure.as_ref().is_none_or(|f| index > f.0 || (index == f.0 && fits && !f.1)) {
            *failure = Some((index, fits, PlayError::Step { index, from: step.from, to: step.to, error }));
        }
    }
    None
}

/// `start` without contact ([`Live::without_contact`]), for the loops compiled for that case;
/// in a WebAssembly build never: the page's module keeps one copy of the loops, the general one,
/// and stays small.
#[inline(always)]
fn without_contact(start: &Live) -> Option<Live<false>> {
    #[cfg(not(target_arch = "wasm32"))]
    let race = start.without_contact();
    #[cfg(target_arch = "wasm32")]
    let race = {
        let _ = start;
        None
    };
    race
}

/// The bit of a play of two different dice in a set of the plays that may repeat a result, or
/// 0 for a play no other play from the position can repeat. Two plays with the same bit reach
/// the same position.
///
/// Only a play of one checker (the second step starts where the first ended, or ends where it
/// started) or of two bear-offs can reach the result of another: see `two_dice`. One checker
/// moved from `c` ends on the same place by either order of the dice, hitting the blot there if
/// there is one; a play that hits on the way is the only one through that point, so only those
/// that hit nothing on the way can repeat, and they are told by `c` (bits 1 to 25). A step that
/// ends where the other started passes over a point the roller held: it hits nothing on the
/// way. Two bear-offs are told by the two points they leave, both 1 to 6 (bits 26 to 61).
#[inline]
fn repeat_bit(s1: Step, s2: Step) -> u64 {
    let index = if s2.from == s1.to {
        if s1.hit {
            return 0;
        }
        s1.from.number()
    } else if s2.to == s1.from {
        s2.from.number()
    } else if s1.to == Point::OFF && s2.to == Point::OFF {
        let (a, b) = (s1.from.number(), s2.from.number());
        26 + 6 * a.max(b).saturating_sub(1) + a.min(b).saturating_sub(1)
    } else {
        return 0;
    };
    1 << (index % 64)
}

impl MoveGenerator {
    /// Plays `play` for `dice` on `pos`, if the rules allow it: each step made with a die of
    /// the roll not yet used (in any order of the dice), then the dice-usage rule: as many dice
    /// as can be played, and when only one of two different dice can be, the larger if it can;
    /// a play that leaves a die unused is legal when it reaches the position of a legal play.
    /// The legal plays are generated only for a play that uses fewer dice than the roll has.
    ///
    /// # Errors
    /// [`PlayError::Step`] for the step that no die left can make (the deepest over every order
    /// of the dice), [`PlayError::TooManySteps`], [`PlayError::TooFewDice`] or
    /// [`PlayError::SmallerDie`].
    pub fn play(&mut self, pos: &Position, play: &Play, dice: Dice) -> Result<Position, PlayError> {
        let n = dice.steps();
        if play.len() > n {
            return Err(PlayError::TooManySteps { steps: play.len(), dice });
        }
        let all = if dice.is_double() { [dice.high(); 4] } else { [dice.high(), dice.low(), 0, 0] };
        let mut failure = None;
        let Some(after) = assign(*pos, play.steps(), &all[..n], 0, 0, &mut failure) else {
            return Err(failure.map_or(PlayError::TooManySteps { steps: play.len(), dice }, |f| f.2));
        };
        if play.len() == n {
            return Ok(after);
        }
        // A play is judged by where it leads: bearing the last checker off with one die of two
        // (`3/off` with 31) reaches the same position as the play that uses both.
        let legal = self.legal_plays(pos, dice);
        if legal.iter().any(|(_, p)| *p == after) {
            return Ok(after);
        }
        let possible = legal.first().map_or(0, |(p, _)| p.len());
        if play.len() < possible {
            return Err(PlayError::TooFewDice { used: play.len(), possible });
        }
        Err(PlayError::SmallerDie { smaller: dice.low(), larger: dice.high() })
    }

    /// A generator with empty buffers.
    pub fn new() -> MoveGenerator {
        MoveGenerator::default()
    }

    /// The plain generator, without the fast paths: the reference the tests compare with.
    #[cfg(test)]
    pub(crate) fn plain() -> MoveGenerator {
        MoveGenerator { plain: true, ..MoveGenerator::default() }
    }

    /// The legal plays of `dice` on `pos`: those that use as many dice as possible and, when
    /// only one die of two different ones can be used, the larger if it can be; one play per
    /// resulting position (the first found). A roll that cannot be played gives one empty play.
    pub fn legal_plays(&mut self, pos: &Position, dice: Dice) -> &LegalPlays {
        self.plays.clear();
        self.start();
        let (h, l) = (dice.high(), dice.low());
        if self.plain {
            if dice.is_double() {
                self.search(&Live::new(pos), [h; 4], Play::EMPTY, Point::BAR, 0);
            } else {
                let live = Live::new(pos);
                self.search(&live, [h, l], Play::EMPTY, Point::BAR, 0);
                // Smaller die first: a larger-die step from a point it could leave at the start
                // gives a play the larger-first search made already, so only the others are tried.
                self.search(&live, [l, h], Play::EMPTY, Point::BAR, live.movable(h));
            }
        } else if dice.is_double() {
            self.double::<true>(pos, h);
        } else {
            self.two_dice::<true>(pos, h, l);
        }
        if self.best == 0 {
            self.plays.push((Play::EMPTY, *pos));
        }
        self.plays.as_slice()
    }

    /// The positions the legal plays of `dice` lead to, as [`legal_plays`](Self::legal_plays)
    /// gives them (the same positions in the same order), without the plays: for a caller that
    /// only looks at where a roll can lead. A roll that cannot be played gives `pos` itself.
    pub fn legal_positions(&mut self, pos: &Position, dice: Dice) -> &[Position] {
        self.positions.clear();
        self.start();
        let (h, l) = (dice.high(), dice.low());
        if dice.is_double() {
            self.double::<false>(pos, h);
        } else {
            self.two_dice::<false>(pos, h, l);
        }
        if self.best == 0 {
            self.positions.push(*pos);
        }
        self.positions.as_slice()
    }

    /// `pos` with its masks and the roller's single checkers, read afresh unless `pos` is the
    /// position of the last roll.
    #[inline]
    fn start_of(&mut self, pos: &Position) -> (Live, u32) {
        if let Some((live, singles)) = self.last {
            if live.pos == *pos {
                return (live, singles);
            }
        }
        let live = Live::new(pos);
        let singles = live.singles();
        self.last = Some((live, singles));
        (live, singles)
    }

    /// Ready for a new roll: nothing found yet.
    #[inline]
    fn start(&mut self) {
        self.best = 0;
        self.best_high = false;
        self.reset_seen();
    }

    /// The plays of two different dice `h > l`, as the two searches of the plain generator make
    /// them (the same plays in the same order), in two loops of two levels: larger die first,
    /// then smaller die first with the second step from a point the larger die could leave at
    /// the start skipped (the first order made that play).
    ///
    /// Most results are kept without looking them up. A play of two checkers, `h` from `x` and
    /// `l` from `y`, takes one checker off `x` and `y` each and puts one on `x - h` and
    /// `y - l`; unless a step ends where the other starts (one checker moved twice, in effect)
    /// or both bear off, those four places tell `x` and `y` back, so no other pair reaches the
    /// same checkers; and this pair is made once (the smaller-first loop skips it when the
    /// larger-first loop made it). Only one-checker plays and double bear-offs can repeat a
    /// result, and only they are looked up, by their [`repeat_bit`] in a set of bits.
    fn two_dice<const P: bool>(&mut self, pos: &Position, h: u8, l: u8) {
        let (start, singles) = self.start_of(pos);
        if let Some(race) = without_contact(&start) {
            if let Some(home) = race.home() {
                self.two_dice_in::<P, false, Home>(&home, 0, h, l);
            } else if race.two_steps_on_board(singles) {
                self.two_dice_in::<P, true, Live<false>>(&race, singles, h, l);
            } else {
                self.two_dice_in::<P, false, Live<false>>(&race, singles, h, l);
            }
        } else if start.two_steps_on_board(singles) {
            self.two_dice_in::<P, true, Live>(&start, singles, h, l);
        } else {
            self.two_dice_in::<P, false, Live>(&start, singles, h, l);
        }
    }

    /// [`two_dice`](Self::two_dice) from `start`. `ON_BOARD`: no step can enter or bear off
    /// ([`Live::two_steps_on_board`]), and the second steps after a first one are told from
    /// the masks of the start ([`Board::movable_after_on_board`]) rather than from the position
    /// after it.
    #[inline]
    fn two_dice_in<const P: bool, const ON_BOARD: bool, B: Board>(&mut self, start: &B, singles: u32, h: u8, l: u8) {
        let (from_h, from_l) = (start.movable(h), start.movable(l));
        let mut repeats = 0u64;
        if P {
            self.template = Play::EMPTY;
            self.template.set_len(2);
        }
        for (first, second, skip, firsts, movable) in [(h, l, 0, from_h, from_l), (l, h, from_h, from_l, from_h)] {
            let mut points = firsts;
            if ON_BOARD && skip != 0 && self.best >= 2 {
                // Smaller die first, once a play of both dice is known: a first step from `a`
                // gives a play the other order did not make only if it reaches a point from
                // which the larger die leads on the board where no checker could leave at the
                // start (see below), so only those are tried.
                points &= (start.open_from(second) & !skip) << first;
            }
            while points != 0 {
                let a = 31 - points.leading_zeros();
                points &= !(1 << a);
                let s1 = start.step_from(a, first);
                let mut seconds = 0;
                if ON_BOARD {
                    seconds = start.movable_after_on_board(movable, singles, s1, second);
                } else if skip != 0 {
                    seconds = start.movable_after(s1, second);
                }
                // Smaller die first: most first steps leave no second step the other order did
                // not make, told from the masks before the step is made.
                if skip != 0 && seconds & !skip == 0 && (seconds != 0 || self.best >= 2) {
                    continue;
                }
                let mut mid = *start;
                mid.apply(s1);
                if !ON_BOARD && skip == 0 {
                    seconds = mid.movable(second);
                }
                if seconds == 0 {
                    if self.best < 2 {
                        self.record::<P>(Play::one(s1), &mid.position(), first == h, true);
                    }
                    continue;
                }
                let mut seconds = seconds & !skip;
                if self.best < 2 && seconds != 0 {
                    self.best = 2;
                    self.best_high = true;
                    self.out_clear::<P>();
                    self.reset_seen();
                }
                // The second steps that may repeat a result (see `repeat_bit`): from where the
                // first ended, to where it started, or off the board after a bear-off.
                let special = u64::from(!s1.hit) << s1.to.number()
                    | 1 << (s1.from.number() + second)
                    | if s1.to == Point::OFF { (2 << second) - 2 } else { 0 };
                if P {
                    self.template.set::<0>(s1);
                }
                // One slot a second step at most.
                self.room::<P>(32);
                while seconds != 0 {
                    let b = 31 - seconds.leading_zeros();
                    seconds &= !(1 << b);
                    let (s2, after) =
                        if ON_BOARD { mid.step_after_on_board(b, second) } else { mid.step_after(b, second) };
                    if special & (1 << b) != 0 {
                        let bit = repeat_bit(s1, s2);
                        if repeats & bit != 0 {
                            continue;
                        }
                        repeats |= bit;
                    }
                    self.push_last::<P, 1>(s2, after);
                }
            }
        }
    }

    /// The plays of a double of `d`, as the plain search makes them (the same plays in the same
    /// order), in four explicit loops: each step from a point no higher than the step before,
    /// each result kept without looking it up (see [`record`](Self::record)).
    fn double<const P: bool>(&mut self, pos: &Position, d: u8) {
        let (start, singles) = self.start_of(pos);
        let on_board = start.four_steps_on_board(singles);
        if let Some(race) = without_contact(&start) {
            if let Some(home) = race.home() {
                self.double_in::<P, false, Home>(&home, d);
            } else if on_board {
                self.double_in::<P, true, Live<false>>(&race, d);
            } else {
                self.double_in::<P, false, Live<false>>(&race, d);
            }
        } else if on_board {
            self.double_in::<P, true, Live>(&start, d);
        } else {
            self.double_in::<P, false, Live>(&start, d);
        }
    }

    /// [`double`](Self::double) from `p0`. `ON_BOARD`: no step can enter or bear off
    /// ([`Live::four_steps_on_board`]), and the points a step can be made from after another
    /// are told from those before it ([`Board::movable_after_on_board`]).
    #[inline]
    fn double_in<const P: bool, const ON_BOARD: bool, B: Board>(&mut self, p0: &B, d: u8) {
        let below = |n: u32| (2u32 << n) - 1;
        // The points a step can be made from after `step`, made on `before` and leading to
        // `next`, given `movable`, those before it.
        let then = |before: &B, movable: u32, step: Step, next: &B| {
            if ON_BOARD {
                before.movable_after_on_board(movable, before.single(u32::from(step.from.number())), step, d)
            } else {
                next.movable(d)
            }
        };
        // The step from `n` on `before`, and the board after it.
        let after = |before: &B, n: u32| {
            if ON_BOARD {
                before.advance(n, d)
            } else {
                let step = before.step_from(n, d);
                let mut next = *before;
                next.apply(step);
                (step, next)
            }
        };
        let f1 = p0.movable(d);
        let mut m1 = f1;
        if P {
            self.template = Play::EMPTY;
            self.template.set_len(4);
        }
        while m1 != 0 {
            let a = 31 - m1.leading_zeros();
            m1 &= !(1 << a);
            let (s1, p1) = after(p0, a);
            if P {
                self.template.set::<0>(s1);
            }
            let f2 = then(p0, f1, s1, &p1);
            let mut m2 = f2 & below(a);
            if m2 == 0 {
                self.keep::<P>(1, Play::one(s1), &p1.position());
            }
            while m2 != 0 {
                let b = 31 - m2.leading_zeros();
                m2 &= !(1 << b);
                let (s2, p2) = after(&p1, b);
                if P {
                    self.template.set::<1>(s2);
                }
                let f3 = then(&p1, f2, s2, &p2);
                let mut m3 = f3 & below(b);
                if m3 == 0 {
                    self.keep::<P>(2, Play::two(s1, s2), &p2.position());
                }
                while m3 != 0 {
                    let c = 31 - m3.leading_zeros();
                    m3 &= !(1 << c);
                    let (s3, p3) = after(&p2, c);
                    if P {
                        self.template.set::<2>(s3);
                    }
                    let mut m4 = then(&p2, f3, s3, &p3) & below(c);
                    if m4 == 0 {
                        self.keep::<P>(3, Play::three(s1, s2, s3), &p3.position());
                    } else if self.best < 4 {
                        self.best = 4;
                        self.out_clear::<P>();
                    }
                    // One slot a fourth step at most.
                    self.room::<P>(32);
                    while m4 != 0 {
                        let e = 31 - m4.leading_zeros();
                        m4 &= !(1 << e);
                        let (s4, p4) = if ON_BOARD { p3.step_after_on_board(e, d) } else { p3.step_after(e, d) };
                        self.push_last::<P, 3>(s4, p4);
                    }
                }
            }
        }
    }

    /// Keeps a play of `n` steps of a double if no play found so far uses more dice, dropping
    /// those that use fewer.
    #[inline]
    fn keep<const P: bool>(&mut self, n: usize, play: Play, pos: &Position) {
        if n >= self.best {
            if n > self.best {
                self.best = n;
                self.out_clear::<P>();
            }
            self.out_push::<P>(play, *pos);
        }
    }

    /// Empties the table of results seen (a new stamp).
    #[inline]
    fn reset_seen(&mut self) {
        if self.seen.is_empty() {
            self.seen.resize(256, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.filled = 0;
    }

    /// Plays the dice in the order given, each from every point the roller may move from. The
    /// four equal dice of a double are taken from non-increasing points (`highest` is the point
    /// of the step before), so that each set of steps is tried once; two different dice are
    /// searched in both orders by the caller, and the second step of a play skips the points of
    /// `done` (its result is found by the other order). A play that cannot go on is recorded
    /// as it stands. `N` is 4 for a double, 2 otherwise, so that each case compiles to its own
    /// loop.
    fn search<const N: usize>(&mut self, pos: &Live, dice: [u8; N], play: Play, highest: Point, done: u32) {
        let Some(&die) = dice.get(play.len()) else { return };
        let double = N == 4;
        let mut points = pos.movable(die) & ((2u32 << highest.number()) - 1);
        let any = points != 0;
        while points != 0 {
            let n = 31 - points.leading_zeros();
            points &= !(1 << n);
            let from = Point::from_bit(n);
            let step = pos.step_from(n, die);
            if !double && play.len() == 1 && done & (1 << n) != 0 {
                continue;
            }
            let mut next = *pos;
            next.apply(step);
            let mut p = play;
            p.push(step);
            if p.len() == N {
                self.record::<true>(p, &next.pos, true, !double || self.plain);
            } else {
                self.search(&next, dice, p, if double { from } else { Point::BAR }, done);
            }
        }
        if !any && !play.is_empty() {
            // One die of two different ones: whether it was the larger.
            self.record::<true>(play, &pos.pos, dice[0] >= dice[N - 1], !double || self.plain);
        }
    }

    /// Keeps `play` (leading to `pos`) if it uses as many dice as the best so far, dropping the
    /// plays kept before when it uses more. For a one-step play of two different dice, `high`
    /// says whether it used the larger die; a larger-die play displaces smaller-die ones.
    /// `dedupe` false: the play is known to lead to a position no other play reaches. So it is
    /// for a double: its steps are taken from non-increasing points, so two plays are two
    /// different multisets of starting points, and the steps of one distance from a multiset
    /// of points (each moving a checker one edge down a chain of points `d` apart that ends
    /// off the board) are told back from the counts they leave: the results differ.
    #[inline]
    fn record<const P: bool>(&mut self, play: Play, pos: &Position, high: bool, dedupe: bool) {
        let n = play.len();
        if n < self.best || (n == self.best && self.best_high && !high) {
            return;
        }
        if n > self.best || (high && !self.best_high) {
            self.best = n;
            self.best_high = high;
            self.out_clear::<P>();
            self.reset_seen();
        }
        if !dedupe || self.insert_keyed::<P>(pos, pos.play_key()) {
            self.out_push::<P>(play, *pos);
        }
    }

    /// Adds the result `pos` (to be pushed next on the list of results) to the table, with its
    /// [`Position::play_key`]; `false` if a play with the same result is there.
    #[inline]
    fn insert_keyed<const P: bool>(&mut self, pos: &Position, key: u64) -> bool {
        if (self.filled + 1) * 2 > self.seen.len() {
            self.grow::<P>();
        }
        let live = u64::from(self.stamp) << 32;
        let tag = key & 0xFFFF_0000;
        let mask = self.seen.len() - 1;
        let mut i = (key >> 40) as usize & mask;
        loop {
            let Some(&slot) = self.seen.get(i) else { return false };
            if slot & !0xFFFF_FFFF != live {
                break;
            }
            if slot & 0xFFFF_0000 == tag && self.out_at::<P>((slot & 0xFFFF) as usize).is_some_and(|o| o == pos) {
                return false;
            }
            i = (i + 1) & mask;
        }
        let index = self.out_len::<P>() as u64 & 0xFFFF;
        if let Some(slot) = self.seen.get_mut(i) {
            *slot = live | tag | index;
            self.filled += 1;
        }
        true
    }

    /// Doubles the table and enters the results found again.
    #[cold]
    fn grow<const P: bool>(&mut self) {
        let size = (self.seen.len() * 2).max(256);
        self.seen.clear();
        self.seen.resize(size, 0);
        let live = u64::from(self.stamp) << 32;
        let mask = size - 1;
        let n = self.out_len::<P>();
        for index in 0..n {
            let Some(key) = self.out_at::<P>(index).map(Position::play_key) else { continue };
            let mut i = (key >> 40) as usize & mask;
            while self.seen.get(i).is_some_and(|&slot| slot & !0xFFFF_FFFF == live) {
                i = (i + 1) & mask;
            }
            if let Some(slot) = self.seen.get_mut(i) {
                *slot = live | key & 0xFFFF_0000 | (index as u64 & 0xFFFF);
            }
        }
        self.filled = n;
    }

    /// The list of results: plays with their positions (`P`) or positions alone.
    #[inline]
    fn out_clear<const P: bool>(&mut self) {
        if P {
            self.plays.clear();
        } else {
            self.positions.clear();
        }
    }

    #[inline]
    fn out_len<const P: bool>(&self) -> usize {
        if P {
            self.plays.len()
        } else {
            self.positions.len()
        }
    }

    #[inline]
    fn out_push<const P: bool>(&mut self, play: Play, pos: Position) {
        if P {
            self.plays.push((play, pos));
        } else {
            self.positions.push(pos);
        }
    }

    /// Pushes the template play with its step `I` replaced by `last`, leading to `pos`: the play
    /// is copied whole and the step written in place.
    #[inline]
    fn push_last<const P: bool, const I: usize>(&mut self, last: Step, pos: Position) {
        if P {
            if let Some((play, _)) = self.plays.put((self.template, pos)) {
                play.set::<I>(last);
            }
        } else {
            let _ = self.positions.put(pos);
        }
    }

    /// Makes slots for `n` more results (see [`push_last`](Self::push_last)).
    #[inline]
    fn room<const P: bool>(&mut self, n: usize) {
        if P {
            self.plays.room(n);
        } else {
            self.positions.room(n);
        }
    }

    #[inline]
    fn out_at<const P: bool>(&self, i: usize) -> Option<&Position> {
        if P {
            self.plays.get(i).map(|(_, p)| p)
        } else {
            self.positions.get(i)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(pos: &Position, a: u8, b: u8) -> usize {
        let plays = MoveGenerator::new().legal_plays(pos, Dice::new(a, b).unwrap()).to_vec();
        if plays.len() == 1 && plays[0].0.is_empty() {
            0
        } else {
            plays.len()
        }
    }

    /// A position of a random game: `plies` random rolls played by random legal plays from the
    /// start (or fewer, if the game ends), drawn from `seed`.
    fn random_position(seed: u64, plies: usize) -> Position {
        let mut rng = crate::random::SplitMix64(seed);
        let mut gen = MoveGenerator::plain();
        let mut pos = Position::start();
        for _ in 0..plies {
            let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap_or(Dice::all().next().unwrap());
            let plays = gen.legal_plays(&pos, dice);
            let next = plays[rng.below(plays.len())].1;
            if next.roller_won() {
                break;
            }
            pos = next.swapped();
        }
        pos
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2_000))]
        /// The fast paths give the plain generator's plays, in its order, for every roll, and
        /// `legal_positions` their positions.
        #[test]
        fn fast_paths_equal_the_plain_generator(seed: u64, plies in 0usize..200) {
            let pos = random_position(seed, plies);
            let (mut fast, mut plain) = (MoveGenerator::new(), MoveGenerator::plain());
            for dice in Dice::all() {
                let want = plain.legal_plays(&pos, dice).to_vec();
                proptest::prop_assert_eq!(fast.legal_plays(&pos, dice), &want[..], "{:?} {}", pos, dice);
                let positions: Vec<Position> = want.iter().map(|&(_, p)| p).collect();
                proptest::prop_assert_eq!(fast.legal_positions(&pos, dice), &positions[..], "{:?} {}", pos, dice);
            }
        }
    }

    #[test]
    fn opening_rolls_match_gnubg() {
        // Counts of distinct results from GNU Backgammon's move generator (gnubg-nn 1.1.0a11).
        for (a, b, n) in [(3, 1, 16), (6, 6, 11), (2, 1, 15), (5, 5, 4)] {
            assert_eq!(count(&Position::start(), a, b), n, "{a}{b}");
        }
    }
}
