//! Resolution of a turn of short notation against a position: every reading the text allows is
//! simulated with the engine's [`TurnBuilder`] (full rules: freezing, push and pull completion,
//! trap captures), and the legal ones are kept.
//!
//! # How a unit is read
//!
//! - The side of a letter comes from its place in the unit, never from its case: the piece of
//!   a [`UnitKind::Steps`] unit, the pusher and the puller are the mover's; the pushed and the
//!   pulled piece are the opponent's; a [`UnitKind::Removal`] names a piece of either side.
//! - Identification is read on the board as it stands when the unit begins (after the units
//!   before it in the move): a column, a column and row, or a scan number in the move's view.
//! - A letter with no identification is read in the seed's order (`rules/arimaa.md`, "Which
//!   piece a letter without digits names"): steps 1 and 2 in `Search::candidates`, 4 in
//!   `Search::last_named`:
//!   1. the candidates are the pieces of that kind and side on the board when the unit begins
//!      (a piece captured earlier in the move is gone); a pushed or pulled piece must be next
//!      to the stronger piece (`eR>`, `r3^^Re>`);
//!   2. one candidate is that piece;
//!   3. otherwise the candidates that can make the unit's steps (direction, freezing, a marked
//!      capture, and the captures the removal units right after it write) are kept (`h>`);
//!   4. if several are left, the last piece of that kind and side named earlier in the move
//!      that is still on the board is meant when it is one of them (`h2^r3>hv`); otherwise each
//!      is a reading and the rest of the move decides. A piece that has left the board (a
//!      capture: a trap mark, or a removal unit naming it) is passed over, and the piece of that
//!      kind named before it is the last named (`d2^d*d>`: the dog of `d2^` steps again).
//!
//!   Step 4 chooses among readings that are legal as whole moves: every candidate left by
//!   step 3 is followed to the end of the move, and of the legal readings those that keep to
//!   the last piece named the longest (their first unit that passes it over comes latest, or
//!   never) are kept. So a text with exactly one legal reading is never refused because the
//!   piece last named could make one unit's steps but not the rest of the move.
//! - A removal unit with no identification (`c*`) names any piece of that kind captured during
//!   the unit before it (`d^c*`).
//! - Steps are the view's directions ([`View::direction`]); a push's steps are those of the
//!   pushed piece, the pusher following into the square it left; a pull's are the puller's, the
//!   pulled piece following.
//!
//! # Captures
//!
//! A trap mark says the marked piece (the stepping piece, or the pushed or pulled one) is
//! captured during the unit: a reading where the rules do not capture it is rejected. By
//! default every capture the rules make must be written, either as that mark or as a removal
//! unit (`c*`) right after the unit that caused it (the seed writes every capture, and
//! requiring them tells readings apart); [`ResolveOptions::unwritten_captures`] lets the text
//! leave them out.

use smallvec::SmallVec;
use tabula_engine::arimaa::{Bitboard, Color, FinishedTurn, Piece, PlayError, Position, Square, Step, TurnBuilder};

use super::syntax::{Ident, PieceRef, ShortMove, ShortUnit, UnitKind};
use super::view::{View, ViewDirection};
use crate::arimaa::LongMove;

/// How lenient the reading is. The default is strict.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ResolveOptions {
    /// A plain digit after a letter (`r5<^`) is a column or a scan number: for texts that lost
    /// the superscripts of print.
    pub digit_as_scan: bool,
    /// Captures the rules make need not be written.
    pub unwritten_captures: bool,
}

impl ResolveOptions {
    /// Both lenient readings.
    pub const LENIENT: ResolveOptions = ResolveOptions { digit_as_scan: true, unwritten_captures: true };
}

/// Why a short-notation move does not give exactly one turn on the position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ShortResolveError {
    /// A set-up, a position record or an empty move.
    #[error("not a turn of steps")]
    NotATurn,
    /// The position does not take a turn of steps (set-up phase).
    #[error(transparent)]
    Position(PlayError),
    /// The move's written side is not the side to move.
    #[error("the move is written for {}, but {} is to move", .written.name(), .to_move.name())]
    WrongSide {
        /// The side written in the label.
        written: Color,
        /// The side to move on the position.
        to_move: Color,
    },
    /// No reading is legal: the unit the readings got furthest to, and why it fails there.
    #[error("{reason} for \"{unit}\"")]
    NoReading {
        /// 0-based index of the unit, or `None` when the whole turn fails (an unchanged board).
        index: Option<usize>,
        /// The unit's text (canonical spelling), or the whole move's units.
        unit: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// Several readings are legal and give different turns: each in long notation.
    #[error("ambiguous: {} readings: {}", .candidates.len(), .candidates.join(" | "))]
    Ambiguous {
        /// The turns, in long notation.
        candidates: Vec<String>,
    },
}

impl ShortMove {
    /// Resolves a turn of steps on `pos`, strictly (see [`ResolveOptions`]).
    ///
    /// # Errors
    /// Not a turn, no legal reading, or several.
    pub fn resolve(&self, pos: &Position) -> Result<FinishedTurn, ShortResolveError> {
        self.resolve_with(pos, ResolveOptions::default())
    }

    /// Resolves a turn of steps on `pos` with the given leniency. The side is the position's
    /// side to move (a side written in the label must agree).
    ///
    /// # Errors
    /// Not a turn, no legal reading, or several.
    pub fn resolve_with(&self, pos: &Position, opts: ResolveOptions) -> Result<FinishedTurn, ShortResolveError> {
        let units = self.units().ok_or(ShortResolveError::NotATurn)?;
        let builder = pos.turn_builder().map_err(ShortResolveError::Position)?;
        if self.side_written && self.label.color != pos.side_to_move() {
            return Err(ShortResolveError::WrongSide { written: self.label.color, to_move: pos.side_to_move() });
        }
        resolve_units(self.view, units, builder, opts)
    }
}

pub(crate) fn resolve_units(
    view: View,
    units: &[ShortUnit],
    builder: TurnBuilder,
    opts: ResolveOptions,
) -> Result<FinishedTurn, ShortResolveError> {
    let me = builder.start().side_to_move();
    let start = *builder.start();
    let mut search = Search { view, me, start, units, opts, found: SmallVec::new(), failure: None };
    search.run(0, State { builder, named: SmallVec::new(), pending: SmallVec::new(), passed_over: 0 });
    let best = search.found.iter().map(|f| f.1).min().unwrap_or(0);
    search.found.retain(|f| f.1 == best);
    match search.found.len() {
        1 => Ok(search.found[0].0),
        0 => {
            let (_, at, reason) = search.failure.unwrap_or((0, units.len(), "no reading".to_owned()));
            let unit = match units.get(at) {
                Some(u) => u.to_string(),
                None => units.iter().map(ToString::to_string).collect(),
            };
            Err(ShortResolveError::NoReading { index: (at < units.len()).then_some(at), unit, reason })
        }
        _ => {
            let pos = search.start;
            let candidates = search
                .found
                .iter()
                .map(|(f, _)| match LongMove::from_turn(&pos, f.turn()) {
                    Ok(m) => m.to_string(),
                    Err(_) => f.turn().to_string(),
                })
                .collect();
            Err(ShortResolveError::Ambiguous { candidates })
        }
    }
}

/// One partial reading.
#[derive(Clone)]
struct State {
    builder: TurnBuilder,
    /// The pieces the units so far moved, each on the square it went to, the last named last
    /// (a piece named again is moved to the end). A piece since captured is still listed: the
    /// board tells it is gone (see [`Search::last_named`]).
    named: SmallVec<[(Piece, Square); 8]>,
    /// Captures of the last unit not yet written.
    pending: SmallVec<[(Square, Piece); 2]>,
    /// The units where this reading took another piece than the last one named (step 4), as
    /// bits from the highest down: of two readings, the one that passes it over later has the
    /// smaller number.
    passed_over: u64,
}

impl State {
    /// Names the piece that stood on `from` when the unit began and now stands on `to`.
    fn name(&mut self, piece: Piece, from: Square, to: Square) {
        self.named.retain(|n| *n != (piece, from));
        self.named.push((piece, to));
    }

    /// Marks unit `i` as one where the reading passed over the last piece named, if `passed`.
    fn passed_over_at(mut self, i: usize, passed: bool) -> State {
        if passed {
            self.passed_over |= 1 << (63 - i.min(63));
        }
        self
    }
}

/// The readings after a unit and its removal units: the index of the next unit, with the state.
type Next = SmallVec<[(usize, State); 2]>;

struct Search<'a> {
    view: View,
    me: Color,
    start: Position,
    units: &'a [ShortUnit],
    opts: ResolveOptions,
    /// The legal readings, each with its [`State::passed_over`].
    found: SmallVec<[(FinishedTurn, u64); 2]>,
    /// The furthest failure: its depth (twice the unit index, plus one after the unit's steps),
    /// the unit index (`units.len()` for the whole turn), and the reason.
    failure: Option<(usize, usize, String)>,
}

impl Search<'_> {
    fn fail(&mut self, depth: usize, unit: usize, reason: impl FnOnce() -> String) {
        if self.failure.as_ref().is_none_or(|f| depth > f.0) {
            self.failure = Some((depth, unit, reason()));
        }
    }

    fn run(&mut self, i: usize, mut st: State) {
        let Some(unit) = self.units.get(i) else {
            match st.builder.finish() {
                Ok(f) => match self.found.iter_mut().find(|g| g.0.turn() == f.turn()) {
                    Some(g) => g.1 = g.1.min(st.passed_over),
                    None => self.found.push((f, st.passed_over)),
                },
                Err(e) => self.fail(2 * i + 1, i, || e.to_string()),
            }
            return;
        };
        if let UnitKind::Removal { .. } = unit.kind {
            // Only a move's first unit: the others are read with the unit before them.
            let mut next = Next::new();
            self.written_captures(i, st, &mut next);
            for (j, s) in next {
                self.run(j, s);
            }
            return;
        }
        st.pending.clear();
        match &unit.kind {
            UnitKind::Steps { piece, steps, trapped } => self.steps(i, *piece, steps, *trapped, st),
            UnitKind::Push { pusher, pushed, steps, trapped } => {
                self.pair(i, *pusher, *pushed, steps, *trapped, true, st);
            }
            UnitKind::Pull { pulled, puller, steps, trapped } => {
                self.pair(i, *puller, *pulled, steps, *trapped, false, st);
            }
            UnitKind::Removal { .. } => {}
        }
    }

    /// Whether a capture of the unit before `i` is left unwritten (and that is refused).
    fn unwritten(&mut self, i: usize, st: &State) -> bool {
        match st.pending.first() {
            Some(&(sq, p)) if !self.opts.unwritten_captures && i > 0 => {
                self.fail(2 * (i - 1) + 1, i - 1, || {
                    format!(
                        "the rules capture the {} {} on {sq} and the text does not say so",
                        p.color.name(),
                        p.kind.name()
                    )
                });
                true
            }
            _ => false,
        }
    }

    /// The squares a piece reference can mean on the current board (steps 1 and 2 of a letter
    /// with no identification): `near` restricts to the squares next to it (a pushed or pulled
    /// piece).
    fn candidates(&self, st: &State, color: Color, piece: PieceRef, near: Option<Square>) -> Result<Bitboard, String> {
        let board = st.builder.board();
        let kind = piece.kind();
        let all = board.pieces(color, kind);
        let letter = piece.letter;
        let what = || format!("{letter} ({} {})", color.name(), kind.name());
        let mut set = match piece.ident {
            None => all,
            ident => all.filter(|&sq| self.fits(ident, all, sq)).fold(Bitboard::EMPTY, Bitboard::with),
        };
        if set.is_empty() {
            return Err(match piece.ident {
                Some(Ident::Column(c)) if self.opts.digit_as_scan => {
                    format!("no {} on column {c} or with scan number {c}", what())
                }
                Some(Ident::Column(c)) => format!("no {} on column {c}", what()),
                Some(Ident::Square { column, row }) => format!("no {} on column {column}, row {row}", what()),
                Some(Ident::Scan(n)) => format!("no {} with scan number {n}", what()),
                None => format!("no {} on the board", what()),
            });
        }
        if let Some(near) = near {
            set &= Bitboard::adjacent(near);
            if set.is_empty() {
                return Err(format!("no {} next to {near}", what()));
            }
        }
        Ok(set)
    }

    /// Whether the piece on `sq`, one of `set` (the pieces of its kind and side), fits the
    /// written identification: for a piece to move, and for a piece to remove.
    fn fits(&self, ident: Option<Ident>, set: Bitboard, sq: Square) -> bool {
        let view = self.view;
        match ident {
            None => true,
            Some(Ident::Column(c)) => {
                view.column(sq) == c || (self.opts.digit_as_scan && view.scan_number(set, sq) == Some(c))
            }
            Some(Ident::Square { column, row }) => view.square(column, row) == Some(sq),
            Some(Ident::Scan(n)) => view.scan_number(set, sq) == Some(n),
        }
    }

    /// Checks the unit's trap marks against its captures; the rest wait for removal units.
    fn settle(
        &mut self,
        i: usize,
        st: &mut State,
        captures: &[(Square, Piece)],
        marked: Option<(Square, Piece)>,
    ) -> bool {
        st.pending = captures.iter().copied().collect();
        if let Some((sq, p)) = marked {
            // One capture only: a piece of the same kind may have been taken on the same trap
            // earlier in the unit, and that one is written as a removal.
            match captures.iter().rposition(|&c| c == (sq, p)) {
                Some(k) => drop(st.pending.remove(k)),
                None => {
                    self.fail(2 * i + 1, i, || {
                        format!("the {} {} on {sq} is not captured", p.color.name(), p.kind.name())
                    });
                    return false;
                }
            }
        }
        true
    }

    fn steps(&mut self, i: usize, piece: PieceRef, steps: &[ViewDirection], trapped: bool, st: State) {
        let me = self.me;
        let from_set = match self.candidates(&st, me, piece, None) {
            Ok(s) => s,
            Err(r) => return self.fail(2 * i, i, || r),
        };
        let mover = Piece { color: me, kind: piece.kind() };
        let mut viable: SmallVec<[(Square, Next); 2]> = SmallVec::new();
        'candidates: for from in from_set {
            let mut s = st.clone();
            let mut at = from;
            let mut captures: SmallVec<[(Square, Piece); 2]> = SmallVec::new();
            for &d in steps {
                match s.builder.step(Step::new(at, self.view.direction(d))) {
                    Ok(ev) => {
                        at = ev.to;
                        captures.extend(ev.capture);
                    }
                    Err(e) => {
                        self.fail(2 * i, i, || format!("the {} on {at} cannot step {d}: {e}", mover.kind.name()));
                        continue 'candidates;
                    }
                }
            }
            s.name(mover, from, at);
            if self.settle(i, &mut s, &captures, trapped.then_some((at, mover))) {
                let mut next = SmallVec::new();
                self.written_captures(i + 1, s, &mut next);
                if !next.is_empty() {
                    viable.push((from, next));
                }
            }
        }
        let named = Self::last_named(&st, mover, piece, viable.iter().map(|v| v.0));
        for (from, next) in viable {
            let passed = named.is_some_and(|sq| sq != from);
            for (j, s) in next {
                self.run(j, s.passed_over_at(i, passed));
            }
        }
    }

    /// Step 4 of a letter with no identification: among the squares of the candidates that can
    /// make the unit's steps, the one of the last piece of that kind and side named earlier in
    /// the move that is still on the board, when there are several and it is one of them.
    /// `None`: no piece is preferred.
    ///
    /// A named piece leaves the board only by a capture, and a piece moves only in a unit that
    /// names it: so the named pieces still on the board are those whose square still holds a
    /// piece of their kind and side. A captured piece's square may later hold another of its
    /// kind, but only one named after it, which stands later in the list.
    fn last_named(st: &State, piece: Piece, written: PieceRef, viable: impl Iterator<Item = Square>) -> Option<Square> {
        if written.ident.is_some() {
            return None;
        }
        let set = viable.fold(Bitboard::EMPTY, Bitboard::with);
        let on_board = st.builder.board().pieces(piece.color, piece.kind);
        let (_, square) = *st.named.iter().rev().find(|&&(p, sq)| p == piece && on_board.contains(sq))?;
        (set.count() > 1 && set.contains(square)).then_some(square)
    }

    /// A push (`push`: `strong` follows `weak`, the steps are `weak`'s) or a pull (`strong`
    /// steps, `weak` follows).
    #[allow(clippy::too_many_arguments)]
    fn pair(
        &mut self,
        i: usize,
        strong: PieceRef,
        weak: PieceRef,
        steps: &[ViewDirection],
        trapped: bool,
        push: bool,
        st: State,
    ) {
        let (me, them) = (self.me, self.me.other());
        let strong_set = match self.candidates(&st, me, strong, None) {
            Ok(s) => s,
            Err(r) => return self.fail(2 * i, i, || r),
        };
        let strong_piece = Piece { color: me, kind: strong.kind() };
        let weak_piece = Piece { color: them, kind: weak.kind() };
        let mut viable: SmallVec<[(Square, Square, Next); 2]> = SmallVec::new();
        for q in strong_set {
            let weak_set = match self.candidates(&st, them, weak, Some(q)) {
                Ok(s) => s,
                Err(r) => {
                    self.fail(2 * i, i, || r);
                    continue;
                }
            };
            'candidates: for p in weak_set {
                let mut s = st.clone();
                let (mut at_strong, mut at_weak) = (q, p);
                let mut captures: SmallVec<[(Square, Piece); 2]> = SmallVec::new();
                for &d in steps {
                    let dir = self.view.direction(d);
                    // The leader steps the written way; the other follows into the square left.
                    let (lead, follow) = if push { (at_weak, at_strong) } else { (at_strong, at_weak) };
                    let lead_to = match s.builder.step(Step::new(lead, dir)) {
                        Ok(ev) => {
                            captures.extend(ev.capture);
                            ev.to
                        }
                        Err(e) => {
                            let (verb, kind) =
                                if push { ("be pushed", weak_piece.kind) } else { ("step", strong_piece.kind) };
                            self.fail(2 * i, i, || format!("the {} on {lead} cannot {verb} {d}: {e}", kind.name()));
                            continue 'candidates;
                        }
                    };
                    let Some(back) = follow.direction_to(lead) else { continue 'candidates };
                    match s.builder.step(Step::new(follow, back)) {
                        Ok(ev) => captures.extend(ev.capture),
                        Err(e) => {
                            let kind = if push { strong_piece.kind } else { weak_piece.kind };
                            self.fail(2 * i, i, || {
                                format!("the {} on {follow} cannot follow to {lead}: {e}", kind.name())
                            });
                            continue 'candidates;
                        }
                    }
                    if push {
                        (at_weak, at_strong) = (lead_to, lead);
                    } else {
                        (at_strong, at_weak) = (lead_to, lead);
                    }
                }
                s.name(strong_piece, q, at_strong);
                s.name(weak_piece, p, at_weak);
                if self.settle(i, &mut s, &captures, trapped.then_some((at_weak, weak_piece))) {
                    let mut next = SmallVec::new();
                    self.written_captures(i + 1, s, &mut next);
                    if !next.is_empty() {
                        viable.push((q, p, next));
                    }
                }
            }
        }
        let named_strong = Self::last_named(&st, strong_piece, strong, viable.iter().map(|v| v.0));
        let named_weak = Self::last_named(&st, weak_piece, weak, viable.iter().map(|v| v.1));
        for (q, p, next) in viable {
            let passed = named_strong.is_some_and(|sq| sq != q) || named_weak.is_some_and(|sq| sq != p);
            for (j, s) in next {
                self.run(j, s.passed_over_at(i, passed));
            }
        }
    }

    /// The removal units from `i` on, each one of the captures not yet written, in every way
    /// they can be read; `out` gets the index of the unit after them with each state. Captures
    /// left unwritten fail here (unless [`ResolveOptions::unwritten_captures`]).
    fn written_captures(&mut self, i: usize, st: State, out: &mut Next) {
        let Some(&ShortUnit { kind: UnitKind::Removal { piece }, .. }) = self.units.get(i) else {
            if !self.unwritten(i, &st) {
                out.push((i, st));
            }
            return;
        };
        let board = *st.builder.board();
        let matching: SmallVec<[(Square, Piece); 2]> = st
            .pending
            .iter()
            .copied()
            .filter(|&(sq, p)| {
                // A removed piece has left the board: it is counted among its kind where it stood.
                p.kind == piece.kind() && self.fits(piece.ident, board.pieces(p.color, p.kind).with(sq), sq)
            })
            .collect();
        if matching.is_empty() {
            let letter = piece.letter;
            let kind = piece.kind().name();
            return self.fail(2 * i, i, || match st.pending.is_empty() {
                true => format!("no piece is captured here, so none can be removed as {letter} ({kind})"),
                false => format!("the capture here is not of this {letter} ({kind})"),
            });
        }
        for c in matching {
            let mut s = st.clone();
            // The removed piece has left the board: the last piece of its kind named before
            // it stays the last named (step 4).
            s.pending.retain(|x| *x != c);
            self.written_captures(i + 1, s, out);
        }
    }
}
