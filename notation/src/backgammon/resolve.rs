//! Resolution: which legal play of a roll a play text describes.
//!
//! The text is walked with the dice: every item is cut into moves between the points it shows
//! (`13/7*/5` is 13 to 7, then 7 to 5; `24/18(2)` is 24 to 18 twice), and each move is made of
//! one or more dice, the checker landing on every shown point, so that a shown landing on an
//! opposing blot always hits. Every way of assigning the dice and ordering the steps is tried,
//! each step checked by the engine. The plays found are then judged by the engine's dice rule
//! ([`MoveGenerator::play`]: as many dice as can be played, the larger of two if only one can).
//!
//! Hit marks are not needed: a `*` on the last point of a checker's path where no blot stands is
//! tolerated. When the text leaves a path open (`13/7` with 42 may pass 9 or 11) the candidates
//! can differ in what they hit on the way; the one that hits exactly the blots on the points
//! shown is preferred, and if there is none, the text is ambiguous unless a single candidate is
//! left.
//!
//! **A chain is one checker's path** (`rules/backgammon.md`, "Reading what real programs
//! write"). Items that continue one another (`7/1 1/0`, `13/9* 9/3`) and the points inside one
//! item (`13/7/5`) are joined into checker paths. A point inside a path written *without* `*`
//! says nothing about the order the dice were used in: when no legal play lands on it as
//! written, the path is walked again from its start to its end with the dice in any order (GNU
//! Backgammon writes a checker borne off with 62 from 7 as `7/1 1/0`, where only 2 then 6 is
//! legal while a checker stands on 3). A point inside a path written *with* `*` is a claim: an
//! opposing blot must stand there, and the checker stops and hits it
//! ([`ResolveError::FalseHit`] otherwise).

use smallvec::SmallVec;
use tabula_engine::backgammon::{Dice, MoveGenerator, Play, PlayError, Point, Position, Step, StepError};

use super::play_text::{ParsePlayError, PlayText};
use super::write::{blot_mask, write_play};

/// A legal play found for a text.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ResolvedPlay {
    /// The steps, in an order in which they can be made.
    pub play: Play,
    /// The position after the play, still seen from the player who moved (as
    /// [`MoveGenerator::legal_plays`] gives it).
    pub position: Position,
}

/// Why a play text is not a legal play of the roll.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ResolveError {
    /// The text does not parse.
    #[error(transparent)]
    Syntax(#[from] ParsePlayError),
    /// A step of the item breaks a rule: no checker on the point, the point is blocked, a
    /// checker on the bar must enter first, bearing off before all checkers are home, or
    /// bearing off with a larger die while a checker stands higher.
    #[error("item {} `{item}`: {error}", .index + 1)]
    Step {
        /// 0-based index of the item.
        index: usize,
        /// The item, in standard spelling.
        item: String,
        /// The rule broken.
        error: StepError,
    },
    /// No die of the roll, nor a sum of them, moves a checker between two points the item
    /// shows.
    #[error("item {} `{item}`: no die of {dice} and no sum of them moves a checker from {from} to {to}", .index + 1)]
    Distance {
        /// 0-based index of the item.
        index: usize,
        /// The item, in standard spelling.
        item: String,
        /// The point moved from.
        from: Point,
        /// The point moved to.
        to: Point,
        /// The roll.
        dice: Dice,
    },
    /// The item's move is possible with the roll, but not with the dice the other items leave.
    #[error("item {} `{item}`: the roll {dice} has no die left for this move after the other moves", .index + 1)]
    DiceUsedUp {
        /// 0-based index of the item.
        index: usize,
        /// The item, in standard spelling.
        item: String,
        /// The roll.
        dice: Dice,
    },
    /// Every step can be made, but the engine's dice rule refuses the play
    /// ([`PlayError::TooFewDice`] or [`PlayError::SmallerDie`]).
    #[error(transparent)]
    DiceRule(PlayError),
    /// A `*` inside a checker's path (`13/9*/3`, `13/9* 9/3`) on a point where no single
    /// opposing checker stands: the path claims a hit there that cannot happen.
    #[error("item {} `{item}`: the `*` claims a hit on {point} on the checker's way, but no opposing blot stands there", .index + 1)]
    FalseHit {
        /// 0-based index of the item whose point is marked.
        index: usize,
        /// The item, in standard spelling.
        item: String,
        /// The point marked.
        point: Point,
    },
    /// The text fits several legal plays, which differ in what they hit on the way.
    #[error("the text fits several legal plays: {}", .candidates.join(", "))]
    Ambiguous {
        /// The standard text of each.
        candidates: Vec<String>,
    },
    /// The steps can be made but lead to no legal play (not expected: the other errors cover
    /// the rules).
    #[error("the play is not legal")]
    NotLegal,
}

/// A move between two points an item shows, as the walk advances it.
#[derive(Copy, Clone, Debug)]
struct Move {
    /// Index of the item.
    item: u8,
    from: u8,
    /// Where the checker is now.
    at: u8,
    /// Where it must end (0: off).
    to: u8,
}

impl Move {
    fn done(&self) -> bool {
        self.at == self.to
    }
}

#[derive(Copy, Clone, Debug)]
enum Failure {
    Step { item: u8, error: StepError },
    Dice { item: u8, from: u8, to: u8 },
}

/// A way of making every move of the text.
#[derive(Copy, Clone, Debug)]
struct Found {
    play: Play,
    position: Position,
    /// Bit `p`: a blot on `p` was hit.
    hits: u32,
}

/// A point of the search: the position, where each move stands, the dice left.
type State = (Position, [u8; 4], [u8; 4]);

struct Walk {
    moves: SmallVec<[Move; 4]>,
    dice: SmallVec<[u8; 4]>,
    steps: [Step; 4],
    used: [u8; 4],
    found: SmallVec<[Found; 4]>,
    /// The failure reached after the most steps (the first one found at that depth).
    failure: Option<(usize, Failure)>,
    /// States already searched (position, where each move stands, dice left): orders of the
    /// same steps meet again there.
    seen: SmallVec<[State; 16]>,
}

impl Walk {
    /// Every way of making `moves` with the dice of the roll from `pos`.
    fn search(pos: &Position, dice: Dice, moves: SmallVec<[Move; 4]>) -> Walk {
        let mut walk = Walk {
            moves,
            dice: if dice.is_double() {
                SmallVec::from_slice(&[dice.high(); 4])
            } else {
                SmallVec::from_slice(&[dice.high(), dice.low()])
            },
            steps: [Step { from: Point::OFF, to: Point::OFF, hit: false }; 4],
            used: [0; 4],
            found: SmallVec::new(),
            failure: None,
            seen: SmallVec::new(),
        };
        walk.run(pos, 0, 0);
        walk
    }

    /// Keeps the failure reached after the most steps, the first found at that depth (the
    /// search tries the items in the order written first).
    fn fail(&mut self, depth: usize, failure: Failure) {
        if self.failure.is_none_or(|(d, _)| depth > d) {
            self.failure = Some((depth, failure));
        }
    }

    /// Whether moving `mv` by die `k` leaves the rest of the move possible with the other dice:
    /// landing exactly on the target or short of it by a sum of them, or, bearing off, short by
    /// at most their total.
    fn completes(&self, mv: Move, k: usize) -> bool {
        let Some(&die) = self.dice.get(k) else { return false };
        let others = self.dice.iter().enumerate().filter(|&(i, _)| i != k).map(|(_, &d)| d);
        if mv.to == 0 {
            let rest = i32::from(mv.at) - i32::from(die);
            return rest <= 0 || others.map(i32::from).sum::<i32>() >= rest;
        }
        let Some(rest) = mv.at.saturating_sub(mv.to).checked_sub(die) else { return false };
        let others: SmallVec<[u8; 3]> = others.collect();
        (0u32..1 << others.len()).any(|set| {
            others.iter().enumerate().filter(|&(i, _)| set >> i & 1 == 1).map(|(_, &d)| d).sum::<u8>() == rest
        })
    }

    fn run(&mut self, pos: &Position, depth: usize, hits: u32) {
        if self.moves.iter().all(Move::done) {
            if !self.found.iter().any(|f| f.position == *pos) {
                let play = Play::from_steps(self.steps.get(..depth).unwrap_or(&[])).unwrap_or(Play::EMPTY);
                self.found.push(Found { play, position: *pos, hits });
            }
            return;
        }
        if depth >= 4 {
            return;
        }
        let mut ats = [0u8; 4];
        for (a, mv) in ats.iter_mut().zip(&self.moves) {
            *a = mv.at;
        }
        let mut left = [0u8; 4];
        for (l, &d) in left.iter_mut().zip(&self.dice) {
            *l = d;
        }
        if self.seen.iter().any(|(p, a, l)| *a == ats && *l == left && p == pos) {
            return;
        }
        self.seen.push((*pos, ats, left));
        for m in 0..self.moves.len() {
            let mv = self.moves[m];
            // Moves in the same state are interchangeable: try the first only.
            if mv.done() || self.moves[..m].iter().any(|o| !o.done() && o.at == mv.at && o.to == mv.to) {
                continue;
            }
            let mut any = false;
            for k in 0..self.dice.len() {
                let die = self.dice[k];
                if self.dice[..k].contains(&die) || !self.completes(mv, k) {
                    continue;
                }
                any = true;
                let step = match Point::new(mv.at).map(|from| pos.step(from, die)) {
                    Some(Ok(step)) => step,
                    Some(Err(StepError::NotAllHome(_))) => {
                        // Named by the point the item bears off from, not where the walk got.
                        let error = StepError::NotAllHome(Point::new(mv.from).unwrap_or(Point::OFF));
                        self.fail(depth, Failure::Step { item: mv.item, error });
                        continue;
                    }
                    Some(Err(error)) => {
                        self.fail(depth, Failure::Step { item: mv.item, error });
                        continue;
                    }
                    None => continue,
                };
                let mut next = *pos;
                next.apply(step);
                self.dice.remove(k);
                self.moves[m].at = step.to.number();
                self.steps[depth] = step;
                self.used[depth] = die;
                let hit = if step.hit { 1 << step.to.number() } else { 0 };
                self.run(&next, depth + 1, hits | hit);
                self.moves[m].at = mv.at;
                self.dice.insert(k, die);
            }
            if !any {
                // Stuck short of off with checkers outside: the rule broken is the bear-off's.
                let failure = match Point::new(mv.from) {
                    Some(from) if mv.to == 0 && !pos.all_home() => {
                        Failure::Step { item: mv.item, error: StepError::NotAllHome(from) }
                    }
                    _ => Failure::Dice { item: mv.item, from: mv.from, to: mv.to },
                };
                self.fail(depth, failure);
            }
        }
    }
}

/// Whether the roll can move a checker `from` to `to` at all (0: bearing off, where the last die
/// may be larger than needed).
fn distance_possible(from: u8, to: u8, dice: Dice) -> bool {
    let (h, l) = (dice.high(), dice.low());
    let d = from.saturating_sub(to);
    if to == 0 {
        return if dice.is_double() { u16::from(from) <= 4 * u16::from(h) } else { from <= h + l };
    }
    if dice.is_double() {
        d.is_multiple_of(h) && d / h <= 4
    } else {
        d == h || d == l || d == h + l
    }
}

/// A point of a checker path: the point, whether it is marked `*`, and the item of the move
/// that leaves it (for the path's last point, the item that ends there).
#[derive(Copy, Clone, Debug)]
struct PathPoint {
    point: u8,
    marked: bool,
    item: u8,
}

/// One checker's path: at most five points (four dice).
type Path = SmallVec<[PathPoint; 5]>;

/// The checker paths of a text: every item once per checker it moves, then every path that
/// ends where another starts joined with it (the first such pair in the order written, again
/// until none is left; bar and off never join).
fn checker_paths(text: &PlayText) -> SmallVec<[Path; 4]> {
    let mut paths: SmallVec<[Path; 4]> = SmallVec::new();
    for (index, item) in text.items().iter().enumerate() {
        let path: Path = item
            .points()
            .iter()
            .enumerate()
            .map(|(i, p)| PathPoint { point: p.number(), marked: item.is_marked(i), item: index as u8 })
            .collect();
        for _ in 0..item.count() {
            paths.push(path.clone());
        }
    }
    loop {
        let end = |p: &Path| p.last().map_or(0, |e| e.point);
        let pair = (0..paths.len()).find_map(|i| {
            let at = end(&paths[i]);
            let j = (0..paths.len()).find(|&j| j != i && paths[j].first().is_some_and(|f| f.point == at))?;
            (at != 0).then_some((i, j))
        });
        let Some((i, j)) = pair else { return paths };
        let next = paths.remove(j);
        let i = if j < i { i - 1 } else { i };
        let path = &mut paths[i];
        if let (Some(last), Some(first)) = (path.last_mut(), next.first()) {
            last.item = first.item;
        }
        path.extend(next.iter().skip(1).copied());
    }
}

impl PlayText {
    /// Finds the legal play of `dice` on `pos` that the text describes (see the module
    /// documentation for how hits, open paths and chains are decided).
    ///
    /// # Errors
    /// [`ResolveError::FalseHit`] when a `*` inside a checker's path marks a point without an
    /// opposing blot; [`ResolveError::Step`], [`ResolveError::Distance`] or
    /// [`ResolveError::DiceUsedUp`] naming the item at which the walk with the dice gets furthest
    /// before failing; [`ResolveError::DiceRule`] when every
    /// step can be made but the dice-usage rule is broken; [`ResolveError::Ambiguous`] when
    /// several legal plays fit.
    pub fn resolve(&self, pos: &Position, dice: Dice) -> Result<ResolvedPlay, ResolveError> {
        self.resolve_with(&mut MoveGenerator::new(), pos, dice)
    }

    /// As [`resolve`](Self::resolve), with a move generator kept by the caller (which saves its
    /// allocations when many plays are resolved).
    ///
    /// # Errors
    /// As [`resolve`](Self::resolve).
    pub fn resolve_with(
        &self,
        gen: &mut MoveGenerator,
        pos: &Position,
        dice: Dice,
    ) -> Result<ResolvedPlay, ResolveError> {
        let marked = self.items().iter().any(|i| (1..i.points().len()).any(|k| i.is_marked(k)));
        if marked {
            self.check_claims(&checker_paths(self), pos)?;
        }
        if let Some(found) = self.direct(pos, dice) {
            return Ok(found);
        }
        if self.is_empty() {
            return match gen.play(pos, &Play::EMPTY, dice) {
                Ok(position) => Ok(ResolvedPlay { play: Play::EMPTY, position }),
                Err(e) => Err(ResolveError::DiceRule(e)),
            };
        }
        let mut moves: SmallVec<[Move; 4]> = SmallVec::new();
        let mut shown = 0u32;
        for (index, item) in self.items().iter().enumerate() {
            let points = item.points();
            for _ in 0..item.count() {
                for pair in points.windows(2) {
                    let (from, to) = (pair[0].number(), pair[1].number());
                    moves.push(Move { item: index as u8, from, at: from, to });
                    shown |= 1 << to;
                }
            }
        }
        let walk = Walk::search(pos, dice, moves);
        let candidates = legal_candidates(gen, &walk, pos, dice);
        if !candidates.is_empty() {
            return self.choose(pos, &candidates, shown);
        }
        // No legal play lands on every point shown: the points inside a path that carry no `*`
        // are let go, and each path is walked from start to end with the dice in any order.
        let paths = checker_paths(self);
        let open = |p: &Path| p.len() > 2 && p[1..p.len() - 1].iter().any(|q| !q.marked);
        if paths.iter().any(open) {
            let mut moves: SmallVec<[Move; 4]> = SmallVec::new();
            for path in &paths {
                let mut from = 0;
                for k in 1..path.len() {
                    if k + 1 == path.len() || path[k].marked {
                        let (a, b) = (path[from], path[k]);
                        moves.push(Move { item: a.item, from: a.point, at: a.point, to: b.point });
                        from = k;
                    }
                }
            }
            let relaxed = Walk::search(pos, dice, moves);
            let candidates = legal_candidates(gen, &relaxed, pos, dice);
            if !candidates.is_empty() {
                return self.choose(pos, &candidates, shown);
            }
        }
        Err(self.no_play_error(gen, &walk, pos, dice))
    }

    /// [`ResolveError::FalseHit`] for the first `*` inside a checker path on a point without an
    /// opposing blot. Opposing checkers do not move during a play, so a blot there now is hit by
    /// the checker that stops there.
    fn check_claims(&self, paths: &[Path], pos: &Position) -> Result<(), ResolveError> {
        let blots = blot_mask(pos);
        for path in paths {
            for k in 1..path.len().saturating_sub(1) {
                let (arriving, at) = (path[k - 1], path[k]);
                if at.marked && blots >> at.point & 1 == 0 {
                    let index = usize::from(arriving.item);
                    return Err(ResolveError::FalseHit {
                        index,
                        item: self.items().get(index).map(ToString::to_string).unwrap_or_default(),
                        point: Point::new(at.point).unwrap_or(Point::OFF),
                    });
                }
            }
        }
        Ok(())
    }

    /// Picks among the legal plays that fit the text: every candidate hits the blots on the
    /// points shown; the one that hits nothing more on the way is preferred.
    fn choose(&self, pos: &Position, candidates: &[Found], shown: u32) -> Result<ResolvedPlay, ResolveError> {
        let forced = shown & blot_mask(pos);
        let exact: SmallVec<[Found; 4]> = candidates.iter().filter(|f| f.hits == forced).copied().collect();
        let pick = match (exact.as_slice(), candidates) {
            ([one], _) | ([], [one]) => *one,
            ([], all) | (all, _) => {
                let mut texts: Vec<String> = all.iter().map(|f| write_play(pos, &f.play)).collect();
                texts.sort();
                texts.dedup();
                return Err(ResolveError::Ambiguous { candidates: texts });
            }
        };
        Ok(ResolvedPlay { play: pick.play, position: pick.position })
    }

    /// Why a walk found no legal play: the failure reached after the most steps, or the
    /// dice-usage rule its plays break.
    fn no_play_error(&self, gen: &mut MoveGenerator, walk: &Walk, pos: &Position, dice: Dice) -> ResolveError {
        let item_text = |i: u8| self.items().get(usize::from(i)).map(ToString::to_string).unwrap_or_default();
        if walk.found.is_empty() {
            return match walk.failure {
                Some((_, Failure::Step { item, error })) => {
                    ResolveError::Step { index: usize::from(item), item: item_text(item), error }
                }
                Some((_, Failure::Dice { item, from, to })) => {
                    let (index, text) = (usize::from(item), item_text(item));
                    if distance_possible(from, to, dice) {
                        ResolveError::DiceUsedUp { index, item: text, dice }
                    } else {
                        let (from, to) = (Point::new(from).unwrap_or(Point::OFF), Point::new(to).unwrap_or(Point::OFF));
                        ResolveError::Distance { index, item: text, from, to, dice }
                    }
                }
                None => ResolveError::NotLegal,
            };
        }
        let most = walk.found.iter().max_by_key(|f| f.play.len()).copied();
        match most.map(|f| gen.play(pos, &f.play, dice)) {
            Some(Err(e @ (PlayError::TooFewDice { .. } | PlayError::SmallerDie { .. }))) => ResolveError::DiceRule(e),
            _ => ResolveError::NotLegal,
        }
    }
}

/// The plays a walk found that the engine's dice rule accepts ([`MoveGenerator::play`]). The
/// walk gives every step a die of its own, so a play that uses every die is legal as found; only
/// a shorter one is put to the engine.
fn legal_candidates(gen: &mut MoveGenerator, walk: &Walk, pos: &Position, dice: Dice) -> SmallVec<[Found; 4]> {
    walk.found
        .iter()
        .filter(|f| f.play.len() == dice.steps() || gen.play(pos, &f.play, dice).is_ok())
        .copied()
        .collect()
}

impl PlayText {
    /// The play of a text that uses every die with moves of one die each (with a double, a run
    /// of that die; otherwise both dice on one checker when the two orders do not differ in what
    /// they hit; bearing off, a die larger than needed), made in the order written. Such a play is legal once its steps are, and nothing
    /// hidden on the way decides between plays. `None` for any other text, or when a step fails
    /// in this order: the walk then decides, and names the error.
    fn direct(&self, pos: &Position, dice: Dice) -> Option<ResolvedPlay> {
        let (high, low) = (dice.high(), dice.low());
        let (mut highs, mut lows) = if dice.is_double() { (4u8, 0u8) } else { (1, 1) };
        let mut steps = [Step { from: Point::OFF, to: Point::OFF, hit: false }; 4];
        let mut n = 0;
        let mut next = *pos;
        for item in self.items() {
            for _ in 0..item.count() {
                for pair in item.points().windows(2) {
                    let (from, to) = (pair[0].number(), pair[1].number());
                    let distance = from.checked_sub(to)?;
                    let (die, count) = if distance == high && highs > 0 {
                        highs -= 1;
                        (high, 1)
                    } else if distance == low && lows > 0 {
                        lows -= 1;
                        (low, 1)
                    } else if dice.is_double() && distance % high == 0 && distance / high <= highs {
                        highs -= distance / high;
                        (high, distance / high)
                    } else if dice.is_double() && to == 0 && distance.div_ceil(high) <= highs {
                        // The last step bears off with more than it needs.
                        highs -= distance.div_ceil(high);
                        (high, distance.div_ceil(high))
                    } else if !dice.is_double() && to == 0 && distance < low && lows > 0 {
                        // Bearing off with a larger die: the smaller one that does (if another
                        // move needed it, a later step fails and the walk decides).
                        lows -= 1;
                        (low, 1)
                    } else if !dice.is_double() && to == 0 && distance < high && highs > 0 {
                        highs -= 1;
                        (high, 1)
                    } else if !dice.is_double()
                        && highs + lows == 2
                        && (distance == high + low || (to == 0 && distance > high && distance < high + low))
                    {
                        // Both dice on one checker: the order matters only when one way is
                        // blocked or hits on the way; with a hit either way, the walk decides.
                        highs = 0;
                        lows = 0;
                        let two = |first: u8, second: u8| {
                            let mut p = next;
                            let a = p.step(pair[0], first).ok()?;
                            p.apply(a);
                            let b = p.step(a.to, second).ok()?;
                            p.apply(b);
                            Some((a, b, p))
                        };
                        let (a, b, p) = match (two(high, low), two(low, high)) {
                            (Some(x), Some(y)) if x.2 == y.2 => x,
                            (Some(x), None) | (None, Some(x)) => x,
                            _ => return None,
                        };
                        *steps.get_mut(n)? = a;
                        *steps.get_mut(n + 1)? = b;
                        n += 2;
                        next = p;
                        continue;
                    } else {
                        return None;
                    };
                    let mut at = pair[0];
                    for _ in 0..count {
                        let step = next.step(at, die).ok()?;
                        next.apply(step);
                        *steps.get_mut(n)? = step;
                        n += 1;
                        at = step.to;
                    }
                }
            }
        }
        if n != dice.steps() {
            return None;
        }
        Some(ResolvedPlay { play: Play::from_steps(&steps[..n])?, position: next })
    }
}

/// Parses `text` and resolves it against `pos` and `dice`.
///
/// # Errors
/// [`ResolveError::Syntax`] when the text does not parse, else as [`PlayText::resolve`].
pub fn resolve(text: &str, pos: &Position, dice: Dice) -> Result<ResolvedPlay, ResolveError> {
    text.parse::<PlayText>()?.resolve(pos, dice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::backgammon::Setup;

    /// The roller's checkers and the opponent's, both in the roller's numbering; the rest of
    /// each side is borne off.
    fn position(mine: &[(u8, u8)], theirs: &[(u8, u8)]) -> Position {
        let mut s = Setup::default();
        for &(p, n) in mine {
            s.on_roll[usize::from(p)] = n;
        }
        for &(p, n) in theirs {
            s.opponent[25 - usize::from(p)] = n;
        }
        Position::from_setup(&s).unwrap()
    }

    fn standard(text: &str, pos: &Position, roll: &str) -> Result<String, ResolveError> {
        resolve(text, pos, roll.parse().unwrap()).map(|r| write_play(pos, &r.play))
    }

    fn pt(n: u8) -> Point {
        Point::new(n).unwrap()
    }

    #[test]
    fn a_chain_is_one_checker_carried_by_the_dice_in_any_order() {
        // gnubg's `7/1 1/0` with 62 and a checker on 3: 6 then 2 bears off from 1 with a 2 while 3
        // is occupied; 2 then 6 is legal.
        let pos = position(&[(7, 1), (3, 1)], &[(20, 5)]);
        for text in ["7/1 1/0", "1/0 7/1", "7/1/off", "7/5 5/off", "7/off"] {
            assert_eq!(standard(text, &pos, "62").as_deref(), Ok("7/off"), "{text}");
        }
        let r = resolve("7/1 1/0", &pos, "62".parse().unwrap()).unwrap();
        let s = |from, to| Step { from: pt(from), to: pt(to), hit: false };
        assert_eq!(r.play.steps(), [s(7, 5), s(5, 0)]);
        // Without the checker on 3 the order written is legal, and kept.
        let pos = position(&[(7, 1), (1, 1)], &[(20, 5)]);
        let r = resolve("7/1 1/0", &pos, "62".parse().unwrap()).unwrap();
        assert_eq!(r.play.steps(), [s(7, 1), s(1, 0)]);
        // An opposing blot on the point written in between does not make it a hit: the only
        // legal order passes 5.
        let pos = position(&[(7, 1), (3, 1)], &[(1, 1), (20, 5)]);
        assert_eq!(standard("7/1 1/0", &pos, "62").as_deref(), Ok("7/off"));
        // A point written in between that is blocked: the checker goes the other way.
        let pos = position(&[(13, 5), (6, 5)], &[(7, 2), (20, 5)]);
        assert_eq!(standard("13/7 7/5", &pos, "62").as_deref(), Ok("13/5"));
        assert_eq!(standard("13/7/5", &pos, "62").as_deref(), Ok("13/5"));
    }

    #[test]
    fn a_star_inside_a_path_is_a_claim() {
        let claim = |item: &str, point| {
            Err(ResolveError::FalseHit { index: 0, item: item.to_string(), point: Point::new(point).unwrap() })
        };
        let pos = position(&[(13, 5), (6, 5)], &[(20, 5)]);
        assert_eq!(standard("13/9* 9/3", &pos, "64"), claim("13/9*", 9));
        assert_eq!(standard("13/9*/3", &pos, "64"), claim("13/9*/3", 9));
        let e = standard("9/3 13/9*", &pos, "64").unwrap_err();
        assert_eq!(
            e.to_string(),
            "item 2 `13/9*`: the `*` claims a hit on 9 on the checker's way, but no opposing blot stands there"
        );
        // Two opposing checkers are not a blot.
        let pos = position(&[(13, 5), (6, 5)], &[(9, 2), (20, 3)]);
        assert!(matches!(standard("13/9*/3", &pos, "64"), Err(ResolveError::FalseHit { .. })));
        // The claim holds: the checker stops on 9 and hits, although 13/7/3 is open too.
        let pos = position(&[(13, 5), (6, 5)], &[(9, 1), (20, 5)]);
        for text in ["13/9* 9/3", "9/3 13/9*", "13/9*/3", "13/9 9/3"] {
            assert_eq!(standard(text, &pos, "64").as_deref(), Ok("13/9*/3"), "{text}");
        }
        // A `*` at the end of a path where no blot stands stays tolerated.
        assert_eq!(standard("13/3*", &Position::start(), "64").as_deref(), Ok("13/3"));
        // The claim is checked before anything else, also for a play that would be legal.
        let pos = position(&[(8, 2), (6, 5)], &[(20, 5)]);
        assert_eq!(standard("8/4*/2 8/4", &pos, "22"), claim("8/4*/2", 4));
    }

    #[test]
    fn a_chain_that_fails_both_ways_names_the_item_written() {
        let start = Position::start();
        let e = standard("24/18 18/10", &start, "65").unwrap_err();
        assert_eq!(e.to_string(), "item 2 `18/10`: no die of 65 and no sum of them moves a checker from 18 to 10");
        // 7/1 1/0 with 61 and a checker on 3: 7/6/off is legal, but the text says 7/1 first and
        // 1/off with the 1 is not possible while 3 is occupied: that is still 7/off.
        let pos = position(&[(7, 1), (3, 1)], &[(20, 5)]);
        assert_eq!(standard("7/1 1/0", &pos, "61").as_deref(), Ok("7/off"));
        // Off with a 5 and a 1 from 7 is not possible at all.
        let e = standard("7/2 2/0", &pos, "51").unwrap_err();
        assert_eq!(e.to_string(), "item 2 `2/off`: the roll 51 has no die left for this move after the other moves");
    }
}
