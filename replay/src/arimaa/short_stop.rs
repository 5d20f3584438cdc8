//! Why a move of short notation gives no move: the kind (syntax, illegal, ambiguous), the
//! unit, the reason and the readings, as `tabula resolve` and `tabula convert` report them.

use tabula_notation::arimaa::short::{ShortMove, ShortResolveError, ShortSyntaxError};
use tabula_notation::arimaa::MoveLabel;

/// What kind of failure stopped a move, as `tabula resolve` names it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum StopKind {
    /// Not short notation (or not a request the command can answer).
    Syntax,
    /// No legal reading on the board.
    Illegal,
    /// Several legal readings.
    Ambiguous,
}

impl StopKind {
    /// `syntax`, `illegal` or `ambiguous`.
    pub fn as_str(self) -> &'static str {
        match self {
            StopKind::Syntax => "syntax",
            StopKind::Illegal => "illegal",
            StopKind::Ambiguous => "ambiguous",
        }
    }
}

/// Why a move of short notation does not give exactly one move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShortStop {
    /// The move's label, as written or inferred.
    pub label: Option<MoveLabel>,
    /// The unit of text that cannot be read (the whole move when no single unit is to blame).
    pub unit: String,
    /// Syntax, illegal or ambiguous.
    pub kind: StopKind,
    /// Why.
    pub reason: String,
    /// Every legal reading in long notation, when several.
    pub candidates: Vec<String>,
    /// The 1-based line of the text where the move (or the offending characters) is; 0 when no
    /// line of the text is to blame.
    pub line: usize,
}

impl ShortStop {
    pub(crate) fn new(label: Option<MoveLabel>, unit: String, kind: StopKind, reason: impl Into<String>) -> ShortStop {
        ShortStop { label, unit, kind, reason: reason.into(), candidates: Vec::new(), line: 0 }
    }

    pub(crate) fn syntax(e: &ShortSyntaxError) -> ShortStop {
        ShortStop { line: e.line, ..ShortStop::new(Some(e.label), e.found.clone(), StopKind::Syntax, e.to_string()) }
    }

    pub(crate) fn at(self, line: usize) -> ShortStop {
        ShortStop { line, ..self }
    }
}

/// The 1-based line of `text` on which the move `m` (parsed from `text`) starts.
pub(crate) fn line_of(text: &str, m: &ShortMove) -> usize {
    text.get(..m.span.start).map_or(0, |before| before.matches('\n').count() + 1)
}

pub(crate) fn from_resolve_error(label: MoveLabel, m: &ShortMove, e: ShortResolveError) -> ShortStop {
    let whole = m.units().map(|u| u.iter().map(ToString::to_string).collect::<String>()).unwrap_or_default();
    match e {
        ShortResolveError::NotATurn => ShortStop::new(Some(label), whole, StopKind::Syntax, "not a turn of steps"),
        ShortResolveError::NoReading { unit, ref reason, .. } => {
            ShortStop::new(Some(label), unit.clone(), StopKind::Illegal, format!("{reason} for \"{unit}\""))
        }
        ShortResolveError::Ambiguous { candidates } => ShortStop {
            label: Some(label),
            reason: format!("\"{whole}\" has {} legal readings", candidates.len()),
            unit: whole,
            kind: StopKind::Ambiguous,
            candidates,
            line: 0,
        },
        e => ShortStop::new(Some(label), whole, StopKind::Illegal, e.to_string()),
    }
}
