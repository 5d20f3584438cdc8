//! The parser: text to [`ShortRecord`], one pass over the characters, no backtracking.

use std::iter::Peekable;
use std::ops::ControlFlow;
use std::ops::Range;
use std::str::{CharIndices, FromStr};

use smallvec::SmallVec;
use tabula_engine::arimaa::Color;

use super::error::{ShortErrorKind, ShortSyntaxError};
use super::syntax::{
    is_seconds, superscript_value, Ident, Letter, MoveTime, PieceRef, PlacementText, RecordKind, ShortBody, ShortMove,
    ShortRecord, ShortUnit, Steps, UnitKind,
};
use super::view::{View, ViewDirection};
use crate::arimaa::label::{label_number, LabelNumber};
use crate::arimaa::MoveLabel;

/// What the text before a move has established: the view in effect and the label the next move
/// gets when it writes none. Carry one context from move to move to parse a record piecewise.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ParseContext {
    /// The view in effect (Gold when none was given).
    pub view: View,
    /// The label of the next move if it writes neither number nor side.
    pub next: MoveLabel,
    /// The side of a `0g`/`0s` record still waiting for the record of the other side.
    open_position: Option<Color>,
    /// A view was written since the last move.
    view_written: bool,
}

impl Default for ParseContext {
    fn default() -> ParseContext {
        ParseContext::new()
    }
}

impl ParseContext {
    /// The start of a text: view `g`, next move `1g`.
    pub const fn new() -> ParseContext {
        ParseContext::at(View::Gold, MoveLabel::new(1, Color::Gold))
    }

    /// A context with the view `view` in effect and `next` as the label of the next move (to read
    /// one move of a game in progress).
    pub const fn at(view: View, next: MoveLabel) -> ParseContext {
        ParseContext { view, next, open_position: None, view_written: false }
    }

    /// The label of a move that writes `number` and `side` (either may be missing): the seed's
    /// rules, with "cannot be determined" meaning number 1 and side Gold.
    pub fn infer(&self, number: Option<u32>, side: Option<Color>) -> MoveLabel {
        let next = self.next;
        match (number, side) {
            (Some(n), Some(c)) => MoveLabel::new(n, c),
            (None, None) => next,
            (Some(n), None) if n == next.number => next,
            (Some(n), None) => MoveLabel::new(n, Color::Gold),
            (None, Some(c)) if c == next.color => next,
            (None, Some(_)) => next.next(),
        }
    }

    /// Moves past a move labelled `done`. After the first record of a position (`0s`) comes the
    /// other side's (`0g`); after both, the first side plays move 2 (`0s, 0g` then `2s`).
    pub fn advance(&mut self, done: MoveLabel) {
        let done = MoveLabel::new(done.number, done.color);
        if done.number == 0 {
            match self.open_position {
                Some(first) if first != done.color => {
                    self.open_position = None;
                    self.next = MoveLabel::new(2, first);
                }
                _ => {
                    self.open_position = Some(done.color);
                    self.next = MoveLabel::new(0, done.color.other());
                }
            }
        } else {
            self.open_position = None;
            self.next = done.next();
        }
        self.view_written = false;
    }
}

impl ShortRecord {
    /// Parses a whole text: lines, moves separated by commas or line breaks, views that stay in
    /// effect, labels written or inferred.
    ///
    /// # Errors
    /// The first thing that is not short notation.
    pub fn parse(text: &str) -> Result<ShortRecord, ShortSyntaxError> {
        ShortRecord::parse_in(text, &mut ParseContext::new())
    }

    /// Parses a text that continues from `ctx`, and leaves `ctx` after its last move.
    ///
    /// # Errors
    /// The first thing that is not short notation.
    pub fn parse_in(text: &str, ctx: &mut ParseContext) -> Result<ShortRecord, ShortSyntaxError> {
        let mut moves = Vec::new();
        Parser::new(text, ctx).run(&mut collect(&mut moves))?;
        Ok(ShortRecord { moves })
    }

    /// Parses a whole text as far as it is short notation: the moves before the first error,
    /// and the error, if any.
    pub fn parse_partial(text: &str) -> (ShortRecord, Option<ShortSyntaxError>) {
        let mut moves = Vec::new();
        let error = Parser::new(text, &mut ParseContext::new()).run(&mut collect(&mut moves)).err();
        (ShortRecord { moves }, error)
    }

    /// Reads the moves of a whole text one at a time, handing each to `f` as soon as it is read
    /// (no other move is kept, so memory does not grow with the text), until `f` answers
    /// [`ControlFlow::Break`] or the text ends. Returns the first thing that is not short
    /// notation, when the reading got that far: the moves before it were handed on, as
    /// [`ShortRecord::parse_partial`] returns them.
    pub fn for_each_move(text: &str, mut f: impl FnMut(ShortMove) -> ControlFlow<()>) -> Option<ShortSyntaxError> {
        Parser::new(text, &mut ParseContext::new()).run(&mut f).err()
    }
}

/// A sink that keeps every move.
fn collect(moves: &mut Vec<ShortMove>) -> impl FnMut(ShortMove) -> ControlFlow<()> + '_ {
    |m| {
        moves.push(m);
        ControlFlow::Continue(())
    }
}

impl FromStr for ShortRecord {
    type Err = ShortSyntaxError;
    fn from_str(s: &str) -> Result<ShortRecord, ShortSyntaxError> {
        ShortRecord::parse(s)
    }
}

impl ShortMove {
    /// Parses exactly one move (a view before it, on its line or alone on a line above, is
    /// allowed) in the context `ctx`, and advances `ctx` past it.
    ///
    /// # Errors
    /// Not short notation, or not one move.
    pub fn parse_in(text: &str, ctx: &mut ParseContext) -> Result<ShortMove, ShortSyntaxError> {
        let first = ctx.next;
        let mut moves = ShortRecord::parse_in(text, ctx)?.moves;
        if moves.len() == 1 {
            if let Some(m) = moves.pop() {
                return Ok(m);
            }
        }
        Err(ShortSyntaxError {
            line: 1,
            label: first,
            text: clip(text.trim(), 60),
            found: clip(text.trim(), 40),
            span: 0..text.len(),
            kind: ShortErrorKind::MoveCount(moves.len()),
        })
    }
}

impl FromStr for ShortMove {
    type Err = ShortSyntaxError;
    /// One move, from the start of a text (view `g`, next label `1g`).
    fn from_str(s: &str) -> Result<ShortMove, ShortSyntaxError> {
        ShortMove::parse_in(s, &mut ParseContext::new())
    }
}

/// The most directions one turn's text may write. A legal turn has at most four steps (a push
/// or pull writes one direction for two), and the resolver says why a longer one is illegal;
/// past this many the text is refused as it is read, so that no text, however long, is read
/// whole into a turn.
pub const MAX_TURN_ARROWS: usize = 32;
/// The most units (a piece and its steps, or a removal) one turn's text may write, for the same
/// reason: four steps and the captures they make take far fewer.
pub const MAX_TURN_UNITS: usize = 32;

/// The first `n` characters of `s`.
fn clip(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// A whitespace-separated word and its byte offset in the whole text.
#[derive(Copy, Clone)]
struct Word<'a> {
    text: &'a str,
    start: usize,
}

impl Word<'_> {
    fn end(&self) -> usize {
        self.start + self.text.len()
    }

    fn span(&self) -> Range<usize> {
        self.start..self.end()
    }
}

/// How a word reads in the label position.
enum LabelWord {
    Not,
    Label(Option<u32>, Option<Color>),
    TooBig,
}

fn label_word(t: &str) -> LabelWord {
    let b = t.as_bytes();
    let (digits, side) = match b.split_last() {
        Some((b'g' | b'G', rest)) => (rest, Some(Color::Gold)),
        Some((b's' | b'S', rest)) => (rest, Some(Color::Silver)),
        _ => (b, None),
    };
    if digits.is_empty() {
        return if side.is_some() { LabelWord::Label(None, side) } else { LabelWord::Not };
    }
    match label_number(digits) {
        LabelNumber::NotDigits => LabelWord::Not,
        LabelNumber::TooBig => LabelWord::TooBig,
        LabelNumber::Number(n) => LabelWord::Label(Some(n), side),
    }
}

/// `g`, `s` or `n` standing alone.
fn view_word(t: &str) -> Option<View> {
    let mut cs = t.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) => View::from_char(c),
        _ => None,
    }
}

/// A time or a bare number: `17`, `40.2`.
fn number_word(t: &str) -> bool {
    t.len() <= 24 && is_seconds(t)
}

fn is_mark(c: char) -> bool {
    matches!(c, '*' | 'x' | 'X')
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_digit() || c == '#' || superscript_value(c).is_some()
}

/// What a character that cannot start or continue a unit is.
fn stray(c: char, after_unit: bool) -> ShortErrorKind {
    if is_ident_char(c) {
        if after_unit {
            ShortErrorKind::DigitAfterSteps
        } else {
            ShortErrorKind::NoPiece
        }
    } else if ViewDirection::from_char(c).is_some() || is_mark(c) {
        ShortErrorKind::NoPiece
    } else if View::from_char(c).is_some() {
        ShortErrorKind::ViewLetter
    } else {
        ShortErrorKind::UnknownChar
    }
}

struct Parser<'a, 'c> {
    src: &'a str,
    ctx: &'c mut ParseContext,
    line: usize,
    /// The move being read: where it starts, where its comma-separated part ends, its label.
    move_start: usize,
    seg_end: usize,
    label: MoveLabel,
}

type Chars<'a> = Peekable<CharIndices<'a>>;

impl<'a, 'c> Parser<'a, 'c> {
    fn new(src: &'a str, ctx: &'c mut ParseContext) -> Parser<'a, 'c> {
        let label = ctx.next;
        Parser { src, ctx, line: 1, move_start: 0, seg_end: 0, label }
    }

    fn fail(&self, kind: ShortErrorKind, span: Range<usize>) -> ShortSyntaxError {
        let text = self.src.get(self.move_start..self.seg_end).unwrap_or("").trim();
        let found = self.src.get(span.clone()).unwrap_or("");
        ShortSyntaxError {
            line: self.line,
            label: self.label,
            text: clip(text, 60),
            found: clip(found, 40),
            span,
            kind,
        }
    }

    fn run(mut self, out: &mut dyn FnMut(ShortMove) -> ControlFlow<()>) -> Result<(), ShortSyntaxError> {
        let src = self.src;
        let mut line_start = 0;
        for (n, line) in src.split('\n').enumerate() {
            self.line = n + 1;
            let line_off = line_start;
            line_start += line.len() + 1;
            if line.trim().is_empty() {
                continue;
            }
            let mut seg_off = line_off;
            for seg in line.split(',') {
                let off = seg_off;
                seg_off += seg.len() + 1;
                let words = words(seg, off);
                if words.is_empty() {
                    // The comma after this part, or the one before it at the end of the line.
                    let comma = if off + seg.len() < line_off + line.len() { off + seg.len() } else { off - 1 };
                    self.move_start = comma;
                    self.seg_end = comma + 1;
                    self.label = self.ctx.next;
                    return Err(self.fail(ShortErrorKind::EmptyMove, comma..comma + 1));
                }
                if self.segment(&words, out)?.is_break() {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// One comma-separated part of a line: usually one move, or a view alone; more than one
    /// move when a number starts a new move after a move's text (a line break lost, as in the
    /// seed's one-line game example).
    fn segment(
        &mut self,
        words: &[Word<'a>],
        out: &mut dyn FnMut(ShortMove) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, ShortSyntaxError> {
        let n = words.len();
        self.seg_end = words[n - 1].end();
        let mut i = 0;
        while i < n {
            self.move_start = words[i].start;
            self.label = self.ctx.next;
            if let Some(v) = view_word(words[i].text) {
                let is_view =
                    v == View::Neutral || i + 1 == n || !matches!(label_word(words[i + 1].text), LabelWord::Not);
                if is_view {
                    self.ctx.view = v;
                    self.ctx.view_written = true;
                    i += 1;
                    if i == n {
                        return Ok(ControlFlow::Continue(()));
                    }
                }
            }
            let (mut number, mut side) = (None, None);
            match label_word(words[i].text) {
                LabelWord::Label(nn, ss) => {
                    (number, side) = (nn, ss);
                    i += 1;
                }
                LabelWord::TooBig => return Err(self.fail(ShortErrorKind::LabelNumber, words[i].span())),
                LabelWord::Not => {}
            }
            self.label = self.ctx.infer(number, side);
            let written = number.is_some() || side.is_some();
            let body_start = i;
            let mut time = None;
            while i < n {
                let w = words[i];
                if number_word(w.text) {
                    if i + 1 == n {
                        time = Some(w);
                        i += 1;
                        break;
                    }
                    if w.text.contains('.') {
                        return Err(self.fail(ShortErrorKind::TextAfterTime, words[i + 1].span()));
                    }
                    if i == body_start {
                        return Err(self.fail(ShortErrorKind::TwoLabels, w.span()));
                    }
                    break;
                }
                match label_word(w.text) {
                    LabelWord::Label(Some(_), Some(_)) if i == body_start => {
                        return Err(self.fail(ShortErrorKind::TwoLabels, w.span()))
                    }
                    LabelWord::Label(Some(_), Some(_)) => break,
                    LabelWord::Label(None, Some(_)) => return Err(self.fail(ShortErrorKind::ViewLetter, w.span())),
                    LabelWord::TooBig => return Err(self.fail(ShortErrorKind::LabelNumber, w.span())),
                    _ => {}
                }
                if view_word(w.text).is_some() {
                    return Err(self.fail(ShortErrorKind::ViewLetter, w.span()));
                }
                i += 1;
            }
            let body_end = if time.is_some() { i - 1 } else { i };
            let body_words = &words[body_start..body_end];
            if let Some(t) = time {
                if body_words.is_empty() && !written {
                    return Err(self.fail(ShortErrorKind::TimeWithoutMove, t.span()));
                }
            }
            let body = self.body(body_words, number.is_some())?;
            let end = words[i - 1].end();
            let flow = out(ShortMove {
                view: self.ctx.view,
                view_written: self.ctx.view_written,
                label: self.label,
                number_written: number.is_some(),
                side_written: side.is_some(),
                body,
                time: time.and_then(|t| MoveTime::new(t.text)),
                span: self.move_start..end,
            });
            self.ctx.advance(self.label);
            if flow.is_break() {
                return Ok(flow);
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn body(&self, words: &[Word<'a>], number_written: bool) -> Result<ShortBody, ShortSyntaxError> {
        let (Some(first), Some(last)) = (words.first(), words.last()) else {
            return Ok(ShortBody::Empty);
        };
        let first_step = words.iter().find_map(|w| {
            w.text
                .char_indices()
                .find(|&(_, c)| ViewDirection::from_char(c).is_some() || is_mark(c))
                .map(|(o, c)| w.start + o..w.start + o + c.len_utf8())
        });
        let record = match self.label.number {
            0 => Some(RecordKind::Position),
            1 => Some(RecordKind::Setup),
            _ => None,
        };
        match (record, first_step) {
            (Some(kind), None) => self.placement(words, kind).map(ShortBody::Placement),
            (Some(_), Some(step)) if number_written => Err(self.fail(ShortErrorKind::StepsInRecord, step)),
            (None, None) => Err(self.fail(ShortErrorKind::NoSteps, first.start..last.end())),
            _ => self.turn(words).map(ShortBody::Turn),
        }
    }

    fn placement(&self, words: &[Word<'a>], kind: RecordKind) -> Result<PlacementText, ShortSyntaxError> {
        let setup = kind == RecordKind::Setup;
        let covered = kind.covered();
        let whole = words[0].start..words[words.len() - 1].end();
        let letters = words.iter().flat_map(|w| w.text.chars()).filter(|&c| Letter::from_char(c).is_some()).count();
        let mut pieces = SmallVec::new();
        let mut place = 0usize;
        for w in words {
            let mut run: Option<(usize, usize)> = None;
            for (o, c) in w.text.char_indices() {
                let pos = w.start + o;
                if let Some(d) = c.to_digit(10) {
                    run = match run {
                        None if d == 0 => return Err(self.fail(ShortErrorKind::ZeroRun, pos..pos + 1)),
                        None => Some((pos, d as usize)),
                        Some((s, v)) => {
                            let v = v * 10 + d as usize;
                            if place + v > covered {
                                return Err(self.fail(ShortErrorKind::TooManySquares(kind), s..pos + 1));
                            }
                            Some((s, v))
                        }
                    };
                    continue;
                }
                if let Some((s, v)) = run.take() {
                    place += v;
                    if place > covered {
                        return Err(self.fail(ShortErrorKind::TooManySquares(kind), s..pos));
                    }
                }
                let span = pos..pos + c.len_utf8();
                let Some(letter) = Letter::from_char(c) else {
                    let kind = if View::from_char(c).is_some() {
                        ShortErrorKind::ViewLetter
                    } else {
                        ShortErrorKind::UnknownChar
                    };
                    return Err(self.fail(kind, span));
                };
                if setup && letter.kind == tabula_engine::arimaa::PieceKind::Rabbit {
                    return Err(self.fail(ShortErrorKind::RabbitInSetup, span));
                }
                if setup && pieces.len() == 8 {
                    return Err(self.fail(ShortErrorKind::SetupPieceCount(letters), whole));
                }
                if place >= covered {
                    return Err(self.fail(ShortErrorKind::TooManySquares(kind), span));
                }
                pieces.push((place as u8, letter));
                place += 1;
            }
            if let Some((s, v)) = run {
                place += v;
                if place > covered {
                    return Err(self.fail(ShortErrorKind::TooManySquares(kind), s..w.end()));
                }
            }
        }
        if setup && pieces.len() != 8 {
            return Err(self.fail(ShortErrorKind::SetupPieceCount(pieces.len()), whole));
        }
        Ok(PlacementText { kind, pieces })
    }

    fn turn(&self, words: &[Word<'a>]) -> Result<SmallVec<[ShortUnit; 4]>, ShortSyntaxError> {
        let mut units: SmallVec<[ShortUnit; 4]> = SmallVec::new();
        let mut arrows = 0;
        for w in words {
            let mut it = w.text.char_indices().peekable();
            while let Some(&(o, c)) = it.peek() {
                let unit = self.unit(w, &mut it, w.start + o, c)?;
                arrows += unit.steps().len();
                if units.len() == MAX_TURN_UNITS || arrows > MAX_TURN_ARROWS {
                    return Err(self.fail(ShortErrorKind::TurnTooLong, unit.span));
                }
                units.push(unit);
            }
        }
        Ok(units)
    }

    /// The byte offset in the whole text of the next character of `it`, or the word's end.
    fn here(w: &Word<'_>, it: &mut Chars<'_>) -> usize {
        it.peek().map_or(w.end(), |&(o, _)| w.start + o)
    }

    /// One unit starting at `start` with the character `c`.
    fn unit(&self, w: &Word<'_>, it: &mut Chars<'_>, start: usize, c: char) -> Result<ShortUnit, ShortSyntaxError> {
        let one = |pos: usize, c: char| pos..pos + c.len_utf8();
        let Some(l1) = Letter::from_char(c) else {
            return Err(self.fail(stray(c, false), one(start, c)));
        };
        it.next();
        let first = PieceRef { letter: l1, ident: self.ident(w, it)? };
        let mut second = None;
        if let Some(&(_, c2)) = it.peek() {
            if let Some(l2) = Letter::from_char(c2) {
                it.next();
                second = Some(PieceRef { letter: l2, ident: self.ident(w, it)? });
                if let Some(&(o3, c3)) = it.peek() {
                    if Letter::from_char(c3).is_some() {
                        return Err(self.fail(ShortErrorKind::ThreePieces, start..w.start + o3 + c3.len_utf8()));
                    }
                }
                if l1.kind == l2.kind {
                    return Err(self.fail(ShortErrorKind::SameStrength, start..Self::here(w, it)));
                }
            }
        }
        let mut steps = Steps::new();
        while let Some(d) = it.peek().and_then(|&(_, c)| ViewDirection::from_char(c)) {
            if steps.len() == MAX_TURN_ARROWS {
                return Err(self.fail(ShortErrorKind::TurnTooLong, start..Self::here(w, it)));
            }
            steps.push(d);
            it.next();
        }
        let mut trapped = false;
        if let Some(&(_, m)) = it.peek() {
            if is_mark(m) {
                trapped = true;
                it.next();
                if let Some(&(o, c)) = it.peek() {
                    let kind = if ViewDirection::from_char(c).is_some() {
                        Some(ShortErrorKind::StepAfterTrap)
                    } else if is_mark(c) {
                        Some(ShortErrorKind::TwoTrapMarks)
                    } else {
                        None
                    };
                    if let Some(kind) = kind {
                        return Err(self.fail(kind, one(w.start + o, c)));
                    }
                }
            }
        }
        if let Some(&(o, c)) = it.peek() {
            if Letter::from_char(c).is_none() {
                return Err(self.fail(stray(c, true), one(w.start + o, c)));
            }
        }
        let span = start..Self::here(w, it);
        let kind = match second {
            None if steps.is_empty() && !trapped => return Err(self.fail(ShortErrorKind::NoStep, span)),
            None if steps.is_empty() => UnitKind::Removal { piece: first },
            None => UnitKind::Steps { piece: first, steps, trapped },
            Some(_) if steps.is_empty() => return Err(self.fail(ShortErrorKind::PairWithoutSteps, span)),
            Some(second) if first.kind() > second.kind() => {
                UnitKind::Push { pusher: first, pushed: second, steps, trapped }
            }
            Some(second) => UnitKind::Pull { pulled: first, puller: second, steps, trapped },
        };
        Ok(ShortUnit { kind, span })
    }

    /// The identification after a piece letter: `4`, `12`, `#5` or `⁵`, or nothing.
    fn ident(&self, w: &Word<'_>, it: &mut Chars<'_>) -> Result<Option<Ident>, ShortSyntaxError> {
        let Some(&(o, c)) = it.peek() else { return Ok(None) };
        let start = w.start + o;
        let ident = if let Some(col) = c.to_digit(10) {
            it.next();
            let col = self.coordinate(col, start)?;
            match it.peek().and_then(|&(o, c)| Some((o, c.to_digit(10)?))) {
                Some((o, row)) => {
                    it.next();
                    Ident::Square { column: col, row: self.coordinate(row, w.start + o)? }
                }
                None => Ident::Column(col),
            }
        } else if c == '#' || superscript_value(c).is_some() {
            let digit: fn(char) -> Option<u32> = if c == '#' {
                it.next();
                |c| c.to_digit(10)
            } else {
                |c| superscript_value(c).map(u32::from)
            };
            let (mut n, mut count) = (0u32, 0usize);
            while let Some(d) = it.peek().and_then(|&(_, c)| digit(c)) {
                n = n.saturating_mul(10).saturating_add(d);
                count += 1;
                it.next();
            }
            if count == 0 || !(1..=8).contains(&n) {
                return Err(self.fail(ShortErrorKind::BadScan, start..Self::here(w, it)));
            }
            Ident::Scan(n as u8)
        } else {
            return Ok(None);
        };
        if let Some(&(_, c)) = it.peek() {
            if is_ident_char(c) {
                it.next();
                return Err(self.fail(ShortErrorKind::TooManyDigits, start..Self::here(w, it)));
            }
        }
        Ok(Some(ident))
    }

    fn coordinate(&self, d: u32, pos: usize) -> Result<u8, ShortSyntaxError> {
        if (1..=8).contains(&d) {
            Ok(d as u8)
        } else {
            Err(self.fail(ShortErrorKind::BadNumber, pos..pos + 1))
        }
    }
}

/// The whitespace-separated words of `s`, which starts at byte `off` of the whole text.
fn words(s: &str, off: usize) -> SmallVec<[Word<'_>; 8]> {
    let mut out = SmallVec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(st)) => {
                out.push(Word { text: &s[st..i], start: off + st });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push(Word { text: &s[st..], start: off + st });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_labels() {
        let ws = words("  5g\te^>  r#5 ", 10);
        let got: Vec<(&str, usize)> = ws.iter().map(|w| (w.text, w.start)).collect();
        assert_eq!(got, [("5g", 12), ("e^>", 15), ("r#5", 20)]);
        assert!(matches!(label_word("12s"), LabelWord::Label(Some(12), Some(Color::Silver))));
        assert!(matches!(label_word("G"), LabelWord::Label(None, Some(Color::Gold))));
        assert!(matches!(label_word("7"), LabelWord::Label(Some(7), None)));
        assert!(matches!(label_word("n"), LabelWord::Not));
        assert!(matches!(label_word("3cc"), LabelWord::Not));
        assert!(matches!(label_word("1000001g"), LabelWord::TooBig));
        assert!(number_word("40.2") && number_word("7") && !number_word("40.") && !number_word(".2"));
    }

    #[test]
    fn inference() {
        let mut ctx = ParseContext::new();
        assert_eq!(ctx.infer(None, None).to_string(), "1g");
        assert_eq!(ctx.infer(Some(1), None).to_string(), "1g");
        assert_eq!(ctx.infer(Some(4), None).to_string(), "4g");
        assert_eq!(ctx.infer(None, Some(Color::Silver)).to_string(), "1s");
        ctx.advance(MoveLabel::new(1, Color::Silver));
        assert_eq!(ctx.next.to_string(), "2g");
        assert_eq!(ctx.infer(None, Some(Color::Silver)).to_string(), "2s");
        ctx.advance(MoveLabel::new(0, Color::Silver));
        assert_eq!(ctx.next.to_string(), "0g");
        ctx.advance(MoveLabel::new(0, Color::Gold));
        assert_eq!(ctx.next.to_string(), "2s");
    }
}
