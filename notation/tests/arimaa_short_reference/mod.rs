//! A plain reading of short notation for the tests: every way of giving each letter a piece
//! that fits its letter, identification and place in the unit, simulated step by step, with
//! no rule that prefers one piece over another. What it returns are the text's legal readings;
//! the resolver, which adds the seed's identification order, must pick one of them, and must
//! not refuse a text that has exactly one.

use tabula_engine::arimaa::{Bitboard, Color, Piece, Position, Square, Step, Turn, TurnBuilder};
use tabula_notation::arimaa::short::{Ident, PieceRef, ResolveOptions, ShortUnit, UnitKind, View};

/// The distinct legal turns that `units` can mean on `pos` (in the order found).
pub fn readings(pos: &Position, units: &[ShortUnit], view: View, opts: ResolveOptions) -> Vec<Turn> {
    let mut out = Vec::new();
    let Ok(builder) = pos.turn_builder() else { return out };
    let reader = Reader { view, opts, units, me: pos.side_to_move() };
    reader.unit(0, builder, Vec::new(), &mut out);
    out
}

struct Reader<'a> {
    view: View,
    opts: ResolveOptions,
    units: &'a [ShortUnit],
    me: Color,
}

impl Reader<'_> {
    /// Whether the piece on `sq` (of `piece`'s kind, among `set`) fits the written reference.
    fn fits(&self, written: PieceRef, set: Bitboard, sq: Square) -> bool {
        let v = self.view;
        match written.ident {
            None => true,
            Some(Ident::Column(c)) => {
                v.column(sq) == c || (self.opts.digit_as_scan && v.scan_number(set, sq) == Some(c))
            }
            Some(Ident::Square { column, row }) => v.square(column, row) == Some(sq),
            Some(Ident::Scan(n)) => v.scan_number(set, sq) == Some(n),
        }
    }

    fn on_board(&self, b: &TurnBuilder, color: Color, written: PieceRef) -> Vec<Square> {
        let set = b.board().pieces(color, written.kind());
        set.filter(|&sq| self.fits(written, set, sq)).collect()
    }

    fn unit(&self, i: usize, b: TurnBuilder, pending: Vec<(Square, Piece)>, out: &mut Vec<Turn>) {
        let Some(unit) = self.units.get(i) else {
            if (pending.is_empty() || self.opts.unwritten_captures) && !out.contains(b.steps()) {
                if let Ok(f) = b.finish() {
                    out.push(*f.turn());
                }
            }
            return;
        };
        if let UnitKind::Removal { piece } = unit.kind {
            for (k, &(sq, p)) in pending.iter().enumerate() {
                let set = b.board().pieces(p.color, p.kind).with(sq);
                if p.kind == piece.kind() && self.fits(piece, set, sq) {
                    let mut rest = pending.clone();
                    rest.remove(k);
                    self.unit(i + 1, b.clone(), rest, out);
                }
            }
            return;
        }
        if !pending.is_empty() && !self.opts.unwritten_captures {
            return;
        }
        let them = self.me.other();
        match &unit.kind {
            UnitKind::Steps { piece, steps, trapped } => {
                let mover = Piece { color: self.me, kind: piece.kind() };
                for from in self.on_board(&b, self.me, *piece) {
                    let mut b = b.clone();
                    let mut at = from;
                    let mut caught = Vec::new();
                    let ok = steps.iter().all(|&d| match b.step(Step::new(at, self.view.direction(d))) {
                        Ok(e) => {
                            at = e.to;
                            caught.extend(e.capture);
                            true
                        }
                        Err(_) => false,
                    });
                    if ok {
                        self.after(i, b, caught, trapped.then_some((at, mover)), out);
                    }
                }
            }
            UnitKind::Push { pusher: strong, pushed: weak, steps, trapped }
            | UnitKind::Pull { puller: strong, pulled: weak, steps, trapped } => {
                let push = matches!(unit.kind, UnitKind::Push { .. });
                let weak_piece = Piece { color: them, kind: weak.kind() };
                for s in self.on_board(&b, self.me, *strong) {
                    for w in self.on_board(&b, them, *weak) {
                        if !Bitboard::adjacent(s).contains(w) {
                            continue;
                        }
                        let mut b = b.clone();
                        let (mut s, mut w) = (s, w);
                        let mut caught = Vec::new();
                        let ok = steps.iter().all(|&d| {
                            let (lead, follow) = if push { (w, s) } else { (s, w) };
                            let Ok(e) = b.step(Step::new(lead, self.view.direction(d))) else { return false };
                            caught.extend(e.capture);
                            let Some(back) = follow.direction_to(lead) else { return false };
                            let Ok(f) = b.step(Step::new(follow, back)) else { return false };
                            caught.extend(f.capture);
                            if push {
                                (w, s) = (e.to, lead);
                            } else {
                                (s, w) = (e.to, lead);
                            }
                            true
                        });
                        if ok {
                            self.after(i, b, caught, trapped.then_some((w, weak_piece)), out);
                        }
                    }
                }
            }
            UnitKind::Removal { .. } => unreachable!(),
        }
    }

    /// The unit's captures: the marked one must be among them; the others wait for removals.
    fn after(
        &self,
        i: usize,
        b: TurnBuilder,
        mut caught: Vec<(Square, Piece)>,
        marked: Option<(Square, Piece)>,
        out: &mut Vec<Turn>,
    ) {
        if let Some(m) = marked {
            let Some(k) = caught.iter().position(|&c| c == m) else { return };
            caught.remove(k);
        }
        self.unit(i + 1, b, caught, out);
    }
}
