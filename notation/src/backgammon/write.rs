//! The standard notation of a play (Tom Keith's "Standard notation for plays", as made exact in
//! `docs/backgammon.md`, "Rules", with the conventions of the real files where it leaves a
//! choice).
//!
//! The text depends only on the play's effect on the position: the steps are first put in a
//! fixed order (from-point descending, then to-point descending), so the order in which a
//! [`Play`] lists them does not matter; and every set of steps that leads to the same position
//! gives the same text (for two different dice the only other set is the chain taken in the
//! other order, `13/9 9/7` for `13/11 11/7`, which both write `13/7`, the hits being part of the
//! position; for a double the set of steps is fixed by the position).

use std::cmp::{Ordering, Reverse};

use smallvec::SmallVec;
use tabula_engine::backgammon::{Play, Point, Position, Step};

use super::play_text::{PlayItem, PlayText, MAX_ITEM_POINTS, POINT_TEXT};

/// A checker path under construction: the points it lands on, whether each landing hit.
#[derive(Copy, Clone)]
struct Path {
    points: [u8; MAX_ITEM_POINTS],
    hits: [bool; MAX_ITEM_POINTS],
    len: usize,
}

impl Path {
    fn last(&self) -> u8 {
        self.points[(self.len - 1) % MAX_ITEM_POINTS]
    }

    fn push(&mut self, point: u8, hit: bool) {
        if let (Some(p), Some(h)) = (self.points.get_mut(self.len), self.hits.get_mut(self.len)) {
            *p = point;
            *h = hit;
            self.len += 1;
        }
    }
}

/// Bit `p` (1-24, roller's numbering): an opposing blot stands on `p`.
pub(crate) fn blot_mask(pos: &Position) -> u32 {
    (1..=24u8).filter(|&p| pos.is_blot(point(p))).fold(0, |m, p| m | 1 << p)
}

fn point(n: u8) -> Point {
    Point::new(n).unwrap_or(Point::OFF)
}

impl PlayText {
    /// The standard notation of `play` on `pos` (a legal play, as the move generator or
    /// resolution gives it):
    /// 1. the steps, taken by from-point descending then to-point descending, are `from/to`;
    ///    the first of them to land on a point where an opposing blot stood gets the `*`;
    /// 2. in that order, a step starting where an earlier path ends extends the first such path
    ///    (never from the bar); intermediate points are shown only where the path hit
    ///    (`13/10*/7`);
    /// 3. paths showing the same points merge with a count (`24/18(2)`), a `*` on any of them
    ///    kept (`bar/22*(2)`);
    /// 4. items are sorted by from-point descending, then to-point ascending (off counting 0 and
    ///    the bar 25), then the one showing more points first (`13/10*/7 13/7`), then by text.
    ///
    /// For a play that is not legal on `pos` the text is unspecified (but still written).
    pub fn standard(pos: &Position, play: &Play) -> PlayText {
        Standard::new(pos).text(play)
    }
}

/// The writer of [`PlayText::standard`] for many plays of one position: what it needs of the
/// position is read once.
#[derive(Copy, Clone, Debug)]
pub struct Standard {
    /// Bit `p` (1-24, roller's numbering): an opposing blot stands on `p`.
    blots: u32,
}

impl Standard {
    /// The writer for plays on `pos`.
    pub fn new(pos: &Position) -> Standard {
        Standard { blots: pos.blot_points() }
    }

    /// The standard notation of `play`, a play on the writer's position: as
    /// [`PlayText::standard`].
    pub fn text(&self, play: &Play) -> PlayText {
        let (shown, n) = self.items(play);
        let mut items = [PlayItem::BLANK; 4];
        let mut count = 0;
        for s in &shown[..n] {
            if let Ok(item) = PlayItem::from_shown(&s.points, usize::from(s.len), s.marks, s.count) {
                items[count] = item;
                count += 1;
            }
        }
        PlayText::from_items(&items[..count]).unwrap_or_default()
    }

    /// Appends the standard text of `play`, a legal play on the writer's position, to `out`
    /// (ASCII: the bytes of [`text`](Self::text)), and returns its items' (from-point, to-point,
    /// count), padded with zeros: what `tabula moves` orders plays by. The writer of many
    /// plays: no text is made but the bytes.
    pub fn write(&self, play: &Play, out: &mut Vec<u8>) -> [(u8, u8, u8); 4] {
        if let Some(key) = self.write_short(play, out) {
            return key;
        }
        let (items, n) = self.items(play);
        let items = &items[..n];
        let mut key = [(0, 0, 0); 4];
        let moves: usize = items.iter().map(|i| usize::from(i.len.saturating_sub(1)) * usize::from(i.count)).sum();
        if moves > 4 || !items.iter().all(Shown::fits) {
            // Not a legal play's items: as `text` writes them, whatever that is.
            let text = self.text(play);
            for (i, (item, k)) in text.items().iter().zip(key.iter_mut()).enumerate() {
                if i > 0 {
                    out.push(b' ');
                }
                item.write_ascii(out);
                *k = (item.from().number(), item.to().number(), item.count());
            }
            return key;
        }
        let mut text = TextBuf::<{ PLAY_BYTES + 4 }>::new();
        for (i, (item, k)) in items.iter().zip(key.iter_mut()).enumerate() {
            if i > 0 {
                text.push(b' ');
            }
            let len = usize::from(item.len);
            for (j, &p) in item.points.iter().enumerate().take(len) {
                text.point(p);
                if item.marks >> j & 1 == 1 {
                    text.push(b'*');
                }
                if j + 1 < len {
                    text.push(b'/');
                }
            }
            text.count(item.count);
            *k = (item.points[0], item.end(), item.count);
        }
        text.append_to(out);
        key
    }

    /// [`write`](Self::write) for the plays of one step or two (most plays: every play of a
    /// roll other than a double), each step from a point (1-25) to a lower one, by the same
    /// rules in a few tests; `None`, and nothing written, for any other play.
    fn write_short(&self, play: &Play, out: &mut Vec<u8>) -> Option<[(u8, u8, u8); 4]> {
        let step = |s: &Step| {
            let (from, to) = (s.from.number(), s.to.number());
            ((1..=25).contains(&from) && to < from).then_some((from, to))
        };
        // Whether a step landing on `to` (0-24) finds an opposing blot there (none on 0).
        let blot = |to: u8| self.blots >> to & 1 == 1;
        let mut text = TextBuf::<{ SHORT_BYTES + 4 }>::new();
        let mut key = [(0, 0, 0); 4];
        match *play.steps() {
            [a] => {
                let (from, to) = step(&a)?;
                text.item(from, to, blot(to), 1);
                key[0] = (from, to, 1);
            }
            [a, b] => {
                let (a, b) = (step(&a)?, step(&b)?);
                // 1. By from-point descending, then to-point descending.
                let ((f1, t1), (f2, t2)) = if a >= b { (a, b) } else { (b, a) };
                let hit1 = blot(t1);
                if f2 == t1 {
                    // 2. The second step extends the first one's path: one item, the point
                    //    between shown only where it hit.
                    text.point(f1);
                    text.push(b'/');
                    if hit1 {
                        text.point(t1);
                        text.push(b'*');
                        text.push(b'/');
                    }
                    text.point(t2);
                    if blot(t2) {
                        text.push(b'*');
                    }
                    key[0] = (f1, t2, 1);
                } else if (f1, t1) == (f2, t2) {
                    // 3. Two checkers on the same path: one item with a count, the first to
                    //    land hitting.
                    text.item(f1, t1, hit1, 2);
                    key[0] = (f1, t1, 2);
                } else {
                    // The first to land on a blot hits it; 4. the items by from-point
                    // descending, then to-point ascending.
                    let hit2 = blot(t2) && t2 != t1;
                    let (x, y) =
                        if f1 > f2 { ((f1, t1, hit1), (f2, t2, hit2)) } else { ((f2, t2, hit2), (f1, t1, hit1)) };
                    text.item(x.0, x.1, x.2, 1);
                    text.push(b' ');
                    text.item(y.0, y.1, y.2, 1);
                    key[0] = (x.0, x.1, 1);
                    key[1] = (y.0, y.1, 1);
                }
            }
            _ => return None,
        }
        text.append_to(out);
        Some(key)
    }

    /// The items of the standard text of `play`, as the points they show, in the order
    /// written, and how many there are.
    fn items(&self, play: &Play) -> ([Shown; 4], usize) {
        // 1. The steps by from-point descending, then to-point descending.
        let mut steps = [0u16; 4];
        let mut n = 0;
        for (slot, s) in steps.iter_mut().zip(play.steps()) {
            *slot = u16::from(s.from.number()) << 8 | u16::from(s.to.number());
            n += 1;
        }
        let steps = &mut steps[..n];
        // Insertion sort, descending: at most four.
        for i in 1..steps.len() {
            let mut j = i;
            while j > 0 && steps[j - 1] < steps[j] {
                steps.swap(j - 1, j);
                j -= 1;
            }
        }
        // 2. The paths, each kept as the points it shows (its start, the landings that hit,
        //    its end, the landings that hit marked): a landing that extends a path replaces
        //    the path's end, unless that end hit and so stays shown. `taken` counts the steps
        //    of each path: a path passes through five points at most.
        let mut blots = self.blots;
        let mut paths = [Shown::BLANK; 4];
        let mut taken = [0u8; 4];
        let mut count = 0;
        for &step in steps.iter() {
            let (from, to) = ((step >> 8) as u8, step as u8);
            let hit = (1..=24).contains(&to) && blots >> to & 1 != 0;
            if hit {
                blots &= !(1 << to);
            }
            let extend = if from == 25 { None } else { paths[..count].iter().position(|p| p.end() == from) };
            match extend {
                Some(k) if usize::from(taken[k]) < MAX_ITEM_POINTS - 1 => {
                    let path = &mut paths[k];
                    let end = usize::from(path.len - 1);
                    let at = if path.marks >> end & 1 == 1 { end + 1 } else { end };
                    path.points[at.min(MAX_ITEM_POINTS - 1)] = to;
                    path.len = at as u8 + 1;
                    path.marks |= u8::from(hit) << at;
                    taken[k] += 1;
                }
                Some(_) => {}
                None => {
                    if let (Some(path), Some(t)) = (paths.get_mut(count), taken.get_mut(count)) {
                        let mut points = [0; MAX_ITEM_POINTS];
                        points[0] = from;
                        points[1] = to;
                        *path = Shown { points, len: 2, marks: u8::from(hit) << 1, count: 1 };
                        *t = 1;
                        count += 1;
                    }
                }
            }
        }
        // 3. Paths showing the same points merge with a count, their marks joined.
        let mut items = [Shown::BLANK; 4];
        let mut groups = 0;
        for path in &paths[..count] {
            match items[..groups].iter_mut().find(|g| g.len == path.len && g.points == path.points) {
                Some(g) => {
                    g.marks |= path.marks;
                    g.count += 1;
                }
                None => {
                    items[groups] = *path;
                    groups += 1;
                }
            }
        }
        // 4. Items by from-point descending, then to-point ascending, then the one showing more
        //    points first, then by text (written only for such a tie, which is rare).
        //    An insertion sort on one number per item: at most four.
        let rank = |i: &Shown| u32::from(255 - i.points[0]) << 16 | u32::from(i.end()) << 8 | u32::from(255 - i.len);
        let before = |a: &Shown, b: &Shown| match rank(a).cmp(&rank(b)) {
            Ordering::Equal => a.text() < b.text(),
            o => o == Ordering::Less,
        };
        let items_mut = &mut items[..groups];
        for i in 1..items_mut.len() {
            let mut j = i;
            while j > 0 && before(&items_mut[j], &items_mut[j - 1]) {
                items_mut.swap(j - 1, j);
                j -= 1;
            }
        }
        (items, groups)
    }
}

/// The longest text of a play of two steps, with room to spare.
const SHORT_BYTES: usize = 32;

/// A play's text built in a buffer of `N` bytes and copied out in one move: each point's text
/// is copied as four bytes (the number and room to spare), what follows overwriting what is
/// not used; it holds `N - 4` bytes.
struct TextBuf<const N: usize> {
    buf: [u8; N],
    at: usize,
}

impl<const N: usize> TextBuf<N> {
    const ROOM: usize = N - 4;

    fn new() -> Self {
        TextBuf { buf: [0; N], at: 0 }
    }

    /// A point's text (its four bytes copied at once, what is not used overwritten next).
    fn point(&mut self, p: u8) {
        let (text, n) = POINT_TEXT[usize::from(p).min(25)];
        if let Some(slot) = self.buf.get_mut(self.at..self.at + 4) {
            slot.copy_from_slice(&text);
            self.at += n;
        }
    }

    fn push(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.at) {
            *slot = b;
            self.at += 1;
        }
    }

    /// `(count)` when more than one checker takes the item's path.
    fn count(&mut self, count: u8) {
        if count > 1 {
            self.push(b'(');
            self.push(b'0' + count % 10);
            self.push(b')');
        }
    }

    /// The item `from/to`, `*` when it hits, `(count)` above one.
    fn item(&mut self, from: u8, to: u8, hit: bool, count: u8) {
        self.point(from);
        self.push(b'/');
        self.point(to);
        if hit {
            self.push(b'*');
        }
        self.count(count);
    }

    /// Appends the text to `out`: the whole buffer copied in one move, what follows the text
    /// dropped again.
    fn append_to(&self, out: &mut Vec<u8>) {
        let end = out.len() + self.at.min(Self::ROOM);
        out.extend_from_slice(&self.buf[..Self::ROOM]);
        out.truncate(end);
    }
}

/// The longest text [`Standard::write`] writes at once: four items of five points.
const PLAY_BYTES: usize = 4 * (5 * 5 + 4);

/// An item of a standard text as the writer builds it: the points shown, as numbers (the rest
/// zeros), how many, bit `i` of `marks` for a `*` after point `i`, and how many checkers take
/// the path.
#[derive(Copy, Clone, Debug)]
struct Shown {
    points: [u8; MAX_ITEM_POINTS],
    len: u8,
    marks: u8,
    count: u8,
}

impl Shown {
    const BLANK: Shown = Shown { points: [0; MAX_ITEM_POINTS], len: 0, marks: 0, count: 1 };

    /// The last point shown.
    fn end(&self) -> u8 {
        self.points[usize::from(self.len.saturating_sub(1)).min(MAX_ITEM_POINTS - 1)]
    }

    /// Whether the item is one [`PlayItem::from_shown`] takes as it is (as every item of a
    /// legal play is), so that its text is written the same.
    fn fits(&self) -> bool {
        let len = usize::from(self.len).min(MAX_ITEM_POINTS);
        len >= 2
            && self.points[..len].windows(2).all(|w| w[0] > w[1])
            && (1..=25).contains(&self.points[0])
            && self.marks & 1 == 0
            && (1..=4).contains(&self.count)
            && u32::from(self.marks) >> len == 0
            && (len - 1) * usize::from(self.count) <= 4
    }

    /// The item's text, for the rare tie of the items' order.
    fn text(&self) -> String {
        PlayItem::from_shown(&self.points, usize::from(self.len), self.marks, self.count)
            .map(|i| i.to_string())
            .unwrap_or_default()
    }
}

/// The checkers' paths of `play` on `pos`: the steps taken by from-point descending, then
/// to-point descending, the first to land on a blot marked as its hit; a step starting where a
/// path ends extends the first such path (never from the bar), unless `cut_after_hit` and that
/// path's last step hit.
fn paths(pos: &Position, play: &Play, cut_after_hit: bool) -> SmallVec<[Path; 4]> {
    let mut steps: SmallVec<[(u8, u8); 4]> = play.steps().iter().map(|s| (s.from.number(), s.to.number())).collect();
    steps.sort_unstable_by_key(|&(f, t)| (Reverse(f), Reverse(t)));
    let mut blots = blot_mask(pos);
    let mut paths: SmallVec<[Path; 4]> = SmallVec::new();
    for (from, to) in steps {
        let hit = (1..=24).contains(&to) && blots & 1 << to != 0;
        if hit {
            blots &= !(1 << to);
        }
        let first = if from == 25 { None } else { paths.iter_mut().find(|p| p.last() == from) };
        match first {
            Some(path) if !(cut_after_hit && path.hits[(path.len - 1) % MAX_ITEM_POINTS]) => path.push(to, hit),
            _ => {
                let mut path = Path { points: [0; MAX_ITEM_POINTS], hits: [false; MAX_ITEM_POINTS], len: 0 };
                path.push(from, false);
                path.push(to, hit);
                paths.push(path);
            }
        }
    }
    paths
}

/// The standard notation of `play` on `pos`, as [`PlayText::standard`] writes it: `13/8 13/11`
/// becomes `13/8 13/11`, `25/22 22/16` with a hit on 22 becomes `bar/22*/16`, an empty play
/// the empty string.
pub fn write_play(pos: &Position, play: &Play) -> String {
    // The bytes of the writer of many plays (ASCII), no `PlayText` built.
    let mut bytes = Vec::new();
    Standard::new(pos).write(play, &mut bytes);
    String::from_utf8(bytes).unwrap_or_default()
}

impl PlayText {
    /// How Backgammon Studio writes `play` on `pos` in its `.mat` exports: GNU Backgammon's
    /// printing, except that a checker's path is cut where it hits (`13/9* 9/3` where gnubg
    /// writes `13/9*/3`). Checked on all 3,740 plays of the real Backgammon Studio files the
    /// tests read:
    /// 1. the steps, taken by from-point descending then to-point descending, are `from/to`; the
    ///    first of them to land on a point where an opposing blot stood hits it;
    /// 2. in that order, a step starting where a path ends extends the first such path (never
    ///    from the bar), unless that path's last step hit: then it starts a path of its own
    ///    (`6/4*(3) 4/2` for 22 with a blot on 4, `22/18*(2) 18/14(2)` for 44);
    /// 3. a path shows its start and its end, the end marked `*` if it hit; paths through the
    ///    same points merge with a count (`20/10(2)`, `6/5*(2)`);
    /// 4. items come in the order their paths were started.
    ///
    /// An empty play gives the empty text (Studio writes `Cannot Move`). For a play that is not
    /// legal on `pos` the text is unspecified (but still written).
    pub fn studio(pos: &Position, play: &Play) -> PlayText {
        let paths = paths(pos, play, true);
        let mut groups: SmallVec<[(Path, u8); 4]> = SmallVec::new();
        for path in paths {
            let same = |g: &Path| g.points[..g.len] == path.points[..path.len];
            match groups.iter_mut().find(|(g, _)| same(g)) {
                Some((g, n)) => {
                    let last = (g.len - 1) % MAX_ITEM_POINTS;
                    g.hits[last] |= path.hits[(path.len - 1) % MAX_ITEM_POINTS];
                    *n += 1;
                }
                None => groups.push((path, 1)),
            }
        }
        let items: SmallVec<[PlayItem; 4]> = groups
            .iter()
            .filter_map(|(path, n)| {
                let last = (path.len - 1) % MAX_ITEM_POINTS;
                PlayItem::new(&[(point(path.points[0]), false), (point(path.last()), path.hits[last])], *n).ok()
            })
            .collect();
        PlayText::from_items(&items).unwrap_or_default()
    }
}

#[cfg(test)]
mod studio_tests {
    use crate::backgammon::position_id;
    use tabula_engine::backgammon::Dice;

    use super::*;

    /// Real Backgammon Studio plays (position before, roll, text): resolving the text and
    /// writing the play back gives the same text.
    #[test]
    fn studio_spelling_of_real_plays() {
        let cases = [
            ("4HPwATDgc/ABMA", 54, "24/20 13/8"),
            ("m91lAADvOwAEDA", 44, "22/18*(2) 18/14(2)"),
            ("bJvBAQk73AYHAA", 22, "7/5*(2) 5/3*(2)"),
            ("4PPCARLMNvABMA", 22, "6/4*(2) 4/2*(2)"),
            ("mOfgAULCZ+QAMg", 22, "6/4*(3) 4/2"),
            ("0HcHATCwdwcBMA", 51, "13/12* 12/7"),
            ("mOfgQRDgc+QAMg", 51, "8/7* 7/2*"),
            ("Zs3gADKY5+ABRA", 41, "bar/20*"),
            ("5rYeBADs+TMAAA", 66, "8/2(2) 6/off(2)"),
            ("5loPBgA0v54AAA", 44, "10/6 8/4(2) 7/3"),
        ];
        for (id, dice, text) in cases {
            let pos = position_id::decode(id).unwrap();
            let dice = Dice::new(dice / 10, dice % 10).unwrap();
            let resolved = text.parse::<PlayText>().unwrap().resolve(&pos, dice).unwrap();
            assert_eq!(PlayText::studio(&pos, &resolved.play).to_string(), text, "{id} {dice}");
        }
    }
}
