//! The shortest short notation of a turn in a view: units are grouped (a piece's consecutive
//! steps, a push or pull continued by the same pair), every capture is written (a trap mark on
//! the piece that moved, or a removal unit), and the identifications are the fewest characters
//! that make the text resolve back to exactly this turn.

use smallvec::SmallVec;
use tabula_engine::arimaa::{Color, Piece, PieceKind, PlayError, Position, Square, StepEvent, StepKind, Turn};

use super::resolve::{resolve_units, ResolveOptions};
use super::syntax::{Ident, Letter, PieceRef, ShortBody, ShortMove, ShortUnit, Steps, UnitKind};
use super::view::View;
use crate::arimaa::MoveLabel;

/// A piece named in the written units: where it stands when its unit begins, and which
/// identifications are worth trying.
struct Slot {
    unit: usize,
    second: bool,
    square: Square,
    /// The only piece of its kind and side: no identification can help.
    only: bool,
}

/// The units of `turn` on `pos` in `view`, with the shortest identifications that resolve
/// back to the turn ([`ShortMove::resolve`], strict). The mover's letters are lower case, the
/// opponent's upper case.
///
/// # Errors
/// The turn is not legal on `pos`.
pub fn turn_units(pos: &Position, turn: &Turn, view: View) -> Result<SmallVec<[ShortUnit; 4]>, PlayError> {
    let me = pos.side_to_move();
    let mut builder = pos.turn_builder()?;
    let mut events: SmallVec<[StepEvent; 4]> = SmallVec::new();
    let mut counts: SmallVec<[[[u8; 6]; 2]; 4]> = SmallVec::new();
    for (index, &step) in turn.steps().iter().enumerate() {
        let board = builder.board();
        counts.push([Color::Gold, Color::Silver].map(|c| PieceKind::ALL.map(|k| board.pieces(c, k).count() as u8)));
        events.push(builder.step(step).map_err(|error| PlayError::Step { index, error })?);
    }
    builder.finish()?;

    let letter = |p: Piece| Letter { kind: p.kind, upper: p.color != me };
    let square = |sq: Square| Some(Ident::Square { column: view.column(sq), row: view.row(sq) });
    let dir = |e: &StepEvent| e.from.direction_to(e.to).map(|d| view.view_direction(d));
    let only = |k: usize, p: Piece| counts[k][p.color as usize][p.kind as usize] == 1;

    let mut units: SmallVec<[ShortUnit; 4]> = SmallVec::new();
    let mut slots: SmallVec<[Slot; 8]> = SmallVec::new();
    let mut k = 0;
    while k < events.len() {
        let e = events[k];
        let mut steps = Steps::new();
        steps.extend(dir(&e));
        let paired = |j: usize, first: StepKind, second: StepKind| {
            j + 1 < events.len() && events[j].kind == first && events[j + 1].kind == second
        };
        // A push (the pushed piece steps first) or a pull (the puller steps first): the piece
        // written first is the one that follows, the steps are those of the one that leads.
        let pair = [(StepKind::PushStart, StepKind::PushEnd), (StepKind::Simple, StepKind::PullEnd)]
            .into_iter()
            .find(|&(lead, follow)| paired(k, lead, follow));
        let (kind, end, marked) = if let Some((lead, follow)) = pair {
            let push = lead == StepKind::PushStart;
            let f = events[k + 1];
            let mut j = k + 2;
            while paired(j, lead, follow)
                && events[j].from == events[j - 2].to
                && events[j + 1].from == events[j - 1].to
            {
                steps.extend(dir(&events[j]));
                j += 2;
            }
            // The weaker piece, which a trap mark names: the pushed one leads, the pulled one follows.
            let weaker = if push { events[j - 2] } else { events[j - 1] };
            slots.push(Slot { unit: units.len(), second: false, square: f.from, only: only(k, f.piece) });
            slots.push(Slot { unit: units.len(), second: true, square: e.from, only: only(k, e.piece) });
            let first = PieceRef { letter: letter(f.piece), ident: square(f.from) };
            let second = PieceRef { letter: letter(e.piece), ident: square(e.from) };
            let kind = if push {
                UnitKind::Push { pusher: first, pushed: second, steps, trapped: false }
            } else {
                UnitKind::Pull { pulled: first, puller: second, steps, trapped: false }
            };
            (kind, j, (weaker.to, weaker.piece))
        } else {
            let mut j = k + 1;
            while j < events.len()
                && events[j].kind == StepKind::Simple
                && events[j].from == events[j - 1].to
                && !paired(j, StepKind::Simple, StepKind::PullEnd)
            {
                steps.extend(dir(&events[j]));
                j += 1;
            }
            slots.push(Slot { unit: units.len(), second: false, square: e.from, only: only(k, e.piece) });
            let piece = PieceRef { letter: letter(e.piece), ident: square(e.from) };
            (UnitKind::Steps { piece, steps, trapped: false }, j, (events[j - 1].to, e.piece))
        };
        let mut kind = kind;
        let mut removals: SmallVec<[(Square, Piece); 2]> = SmallVec::new();
        // The mark names one capture: the last of the marked piece (another piece of its kind
        // may have been taken on the same trap earlier in the unit, and is written as removed).
        let last_marked = events[k..end].iter().rposition(|e| e.capture == Some(marked));
        for (n, c) in events[k..end].iter().enumerate().filter_map(|(n, e)| Some((n, e.capture?))) {
            if Some(n) == last_marked {
                if let UnitKind::Steps { trapped, .. }
                | UnitKind::Push { trapped, .. }
                | UnitKind::Pull { trapped, .. } = &mut kind
                {
                    *trapped = true;
                }
            } else {
                removals.push(c);
            }
        }
        units.push(ShortUnit::new(kind));
        for (sq, p) in removals {
            slots.push(Slot { unit: units.len(), second: false, square: sq, only: false });
            units.push(ShortUnit::new(UnitKind::Removal { piece: PieceRef { letter: letter(p), ident: square(sq) } }));
        }
        k = end;
    }

    // Identifications: none (0 characters), column (1), column and row (2); every assignment,
    // fewest characters first. Column and row everywhere always resolves.
    let choices: SmallVec<[u8; 8]> = slots.iter().map(|s| if s.only { 1 } else { 3 }).collect();
    let total: usize = choices.iter().map(|&c| usize::from(c)).product();
    let cost = |mut code: usize| {
        let mut cost = 0;
        for &c in &choices {
            cost += code % usize::from(c);
            code /= usize::from(c);
        }
        cost
    };
    let mut order: Vec<(usize, usize)> = (0..total).map(|code| (cost(code), code)).collect();
    order.sort_unstable();
    let mut trial = units.clone();
    for &(_, code) in &order {
        let mut code = code;
        for (slot, &c) in slots.iter().zip(&choices) {
            let pick = code % usize::from(c);
            code /= usize::from(c);
            let ident = match pick {
                0 => None,
                1 => Some(Ident::Column(view.column(slot.square))),
                _ => square(slot.square),
            };
            set_ident(&mut trial[slot.unit], slot.second, ident);
        }
        let Ok(b) = pos.turn_builder() else { break };
        if let Ok(f) = resolve_units(view, &trial, b, ResolveOptions::default()) {
            if f.turn() == turn {
                return Ok(trial);
            }
        }
    }
    Ok(units)
}

fn set_ident(unit: &mut ShortUnit, second: bool, ident: Option<Ident>) {
    let target = match (&mut unit.kind, second) {
        (UnitKind::Steps { piece, .. } | UnitKind::Removal { piece }, _) => piece,
        (UnitKind::Push { pusher, .. }, false) => pusher,
        (UnitKind::Push { pushed, .. }, true) => pushed,
        (UnitKind::Pull { pulled, .. }, false) => pulled,
        (UnitKind::Pull { puller, .. }, true) => puller,
    };
    target.ident = ident;
}

/// The shortest short notation of `turn` on `pos` in `view`: the units only (`e^>>vdC^*`).
///
/// # Errors
/// The turn is not legal on `pos`.
pub fn write_turn(pos: &Position, turn: &Turn, view: View) -> Result<String, PlayError> {
    Ok(turn_units(pos, turn, view)?.iter().map(ToString::to_string).collect())
}

/// The move of short notation for `turn` on `pos`, with its label and view written.
///
/// # Errors
/// The turn is not legal on `pos`.
pub fn turn_move(pos: &Position, turn: &Turn, view: View, label: MoveLabel) -> Result<ShortMove, PlayError> {
    Ok(ShortMove::new(view, label, ShortBody::Turn(turn_units(pos, turn, view)?)))
}
