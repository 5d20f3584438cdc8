//! The parsed tree of short notation: records, moves and units, with no board attached.

use std::fmt;
use std::ops::Range;

use smallvec::SmallVec;
use tabula_engine::arimaa::{Color, PieceKind};

use super::view::{View, ViewDirection};
use crate::arimaa::MoveLabel;

/// A piece letter as written: the kind, and whether it was upper case (the case tells nothing
/// about the side: the seed lets authors write the mover's pieces in either case).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Letter {
    /// The kind: `e m h d c r` (the camel is `m`).
    pub kind: PieceKind,
    /// Written upper case.
    pub upper: bool,
}

impl Letter {
    /// A lower-case letter.
    pub const fn lower(kind: PieceKind) -> Letter {
        Letter { kind, upper: false }
    }

    /// An upper-case letter.
    pub const fn upper(kind: PieceKind) -> Letter {
        Letter { kind, upper: true }
    }

    /// Reads `E M H D C R` in either case.
    #[inline]
    pub const fn from_char(c: char) -> Option<Letter> {
        if !c.is_ascii() {
            return None;
        }
        match PieceKind::from_char(c as u8) {
            Some(kind) => Some(Letter { kind, upper: c.is_ascii_uppercase() }),
            None => None,
        }
    }

    /// The letter in its case.
    #[inline]
    pub const fn char(self) -> char {
        let c = self.kind.upper_char();
        if self.upper {
            c
        } else {
            c.to_ascii_lowercase()
        }
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// How a piece letter is made unique. Numbers count in the view of the move, from 1.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ident {
    /// `r4`: the piece on view column 4.
    Column(u8),
    /// `r12`: the piece on view column 1, view row 2.
    Square {
        /// View column, 1 to 8.
        column: u8,
        /// View row, 1 to 8.
        row: u8,
    },
    /// `r⁵` or `r#5`: the fifth piece of that kind and side in the scan of the view.
    Scan(u8),
}

impl fmt::Display for Ident {
    /// The plain spelling: `4`, `12`, `#5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Ident::Column(c) => write!(f, "{c}"),
            Ident::Square { column, row } => write!(f, "{column}{row}"),
            Ident::Scan(n) => write!(f, "#{n}"),
        }
    }
}

/// The value of a superscript digit.
#[inline]
pub(crate) fn superscript_value(c: char) -> Option<u8> {
    match c {
        '⁰' => Some(0),
        '¹' => Some(1),
        '²' => Some(2),
        '³' => Some(3),
        '⁴'..='⁹' => Some(c as u32 as u8 - 0x70),
        _ => None,
    }
}

/// A piece named in a turn: its letter and, if given, what makes it unique.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PieceRef {
    /// The letter.
    pub letter: Letter,
    /// Column, column and row, or scan number; `None` when the text leaves it to the context
    /// (the only piece of that kind, the last one named in the move, the one the steps allow).
    pub ident: Option<Ident>,
}

impl PieceRef {
    /// A letter with no identification.
    pub const fn new(letter: Letter) -> PieceRef {
        PieceRef { letter, ident: None }
    }

    /// The kind named.
    pub const fn kind(self) -> PieceKind {
        self.letter.kind
    }
}

impl fmt::Display for PieceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter)?;
        match self.ident {
            Some(i) => write!(f, "{i}"),
            None => Ok(()),
        }
    }
}

/// Steps of one unit, in the view's directions.
pub type Steps = SmallVec<[ViewDirection; 4]>;

/// What one unit of a turn says.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum UnitKind {
    /// `e^>>v`, `d2^*`: one piece takes the steps in order; `trapped` (a `*` or `x` after them):
    /// that piece is removed on a trap.
    Steps {
        /// The piece.
        piece: PieceRef,
        /// Its steps, at least one.
        steps: Steps,
        /// Removed after its steps.
        trapped: bool,
    },
    /// `eM^>`: the stronger piece written first pushes: for each step written, `pushed` steps
    /// that way and `pusher` follows into the square it left. `trapped`: the pushed piece is
    /// removed. A following `e>` (`eM^e>`) is a step of its own, read like any letter without
    /// digits.
    Push {
        /// The stronger piece.
        pusher: PieceRef,
        /// The weaker piece, moved first.
        pushed: PieceRef,
        /// The steps of the pushed piece, at least one.
        steps: Steps,
        /// The pushed piece is removed.
        trapped: bool,
    },
    /// `Me^>`: the weaker piece written first is pulled: for each step written, `puller` steps
    /// that way and `pulled` follows into the square it left. `trapped`: the pulled piece is
    /// removed.
    Pull {
        /// The weaker piece, which follows.
        pulled: PieceRef,
        /// The stronger piece, which steps.
        puller: PieceRef,
        /// The steps of the puller, at least one.
        steps: Steps,
        /// The pulled piece is removed.
        trapped: bool,
    },
    /// `c*`, `dC^d*`: a piece removed from a trap, named on its own (left unsupported, or the
    /// stronger piece of a push or pull).
    Removal {
        /// The piece.
        piece: PieceRef,
    },
}

/// One unit of a turn with the byte range of its text. Equality ignores the range.
#[derive(Clone, Debug)]
pub struct ShortUnit {
    /// What it says.
    pub kind: UnitKind,
    /// Where its text is in the parsed string (byte offsets).
    pub span: Range<usize>,
}

impl PartialEq for ShortUnit {
    fn eq(&self, other: &ShortUnit) -> bool {
        self.kind == other.kind
    }
}

impl Eq for ShortUnit {}

impl ShortUnit {
    /// A unit with no source text.
    pub const fn new(kind: UnitKind) -> ShortUnit {
        ShortUnit { kind, span: 0..0 }
    }

    /// Every piece the unit names, in the order written.
    pub fn pieces(&self) -> SmallVec<[PieceRef; 2]> {
        match self.kind {
            UnitKind::Steps { piece, .. } | UnitKind::Removal { piece } => smallvec::smallvec![piece],
            UnitKind::Push { pusher, pushed, .. } => smallvec::smallvec![pusher, pushed],
            UnitKind::Pull { pulled, puller, .. } => smallvec::smallvec![pulled, puller],
        }
    }

    /// The steps written (empty for a removal).
    pub fn steps(&self) -> &[ViewDirection] {
        match &self.kind {
            UnitKind::Steps { steps, .. } | UnitKind::Push { steps, .. } | UnitKind::Pull { steps, .. } => steps,
            UnitKind::Removal { .. } => &[],
        }
    }
}

impl fmt::Display for ShortUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b, steps, trapped) = match &self.kind {
            UnitKind::Steps { piece, steps, trapped } => (piece, None, &steps[..], *trapped),
            UnitKind::Push { pusher, pushed, steps, trapped } => (pusher, Some(pushed), &steps[..], *trapped),
            UnitKind::Pull { pulled, puller, steps, trapped } => (pulled, Some(puller), &steps[..], *trapped),
            UnitKind::Removal { piece } => (piece, None, &[][..], true),
        };
        write!(f, "{a}")?;
        if let Some(b) = b {
            write!(f, "{b}")?;
        }
        for d in steps {
            write!(f, "{d}")?;
        }
        if trapped {
            f.write_str("*")?;
        }
        Ok(())
    }
}

/// Which squares a list of pieces covers.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum RecordKind {
    /// `1g`/`1s`: the side's 16 home squares; the 8 major pieces are listed, rabbits fill the rest.
    Setup,
    /// `0g`/`0s`: all 64 squares; every piece of the side is listed, the rest is empty.
    Position,
}

impl RecordKind {
    /// How many squares the record covers: 16 or 64.
    pub const fn covered(self) -> usize {
        match self {
            RecordKind::Setup => 16,
            RecordKind::Position => 64,
        }
    }
}

/// The pieces of a set-up or position record: each at its place in the order the view lists
/// the covered squares ([`View::setup_squares`], [`View::scan`]).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PlacementText {
    pub(crate) kind: RecordKind,
    pub(crate) pieces: SmallVec<[(u8, Letter); 16]>,
}

impl PlacementText {
    /// A record from `(place, letter)` pairs; `None` unless the places increase and stay below
    /// [`RecordKind::covered`], and a set-up has no rabbit.
    pub fn new(kind: RecordKind, pieces: impl IntoIterator<Item = (u8, Letter)>) -> Option<PlacementText> {
        let pieces: SmallVec<[(u8, Letter); 16]> = pieces.into_iter().collect();
        let increasing = pieces.windows(2).all(|w| w[0].0 < w[1].0);
        let inside = pieces.last().is_none_or(|&(i, _)| usize::from(i) < kind.covered());
        let no_rabbit = kind == RecordKind::Position || pieces.iter().all(|(_, l)| l.kind != PieceKind::Rabbit);
        (increasing && inside && no_rabbit).then_some(PlacementText { kind, pieces })
    }

    /// Set-up or position.
    pub fn kind(&self) -> RecordKind {
        self.kind
    }

    /// The pieces listed, `(place, letter)`, places increasing.
    pub fn pieces(&self) -> &[(u8, Letter)] {
        &self.pieces
    }
}

impl fmt::Display for PlacementText {
    /// Letters, with the number of skipped squares between them; nothing for the squares after
    /// the last piece.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut next = 0u8;
        for &(i, letter) in &self.pieces {
            if i > next {
                write!(f, "{}", i - next)?;
            }
            write!(f, "{letter}")?;
            next = i + 1;
        }
        Ok(())
    }
}

/// The seconds a move took, as written (`40.2`, `17`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MoveTime(pub(crate) String);

impl MoveTime {
    /// A time from its text: digits, optionally a `.` and more digits (at most 24 characters).
    pub fn new(text: &str) -> Option<MoveTime> {
        let ok = !text.is_empty() && text.len() <= 24 && is_seconds(text);
        ok.then(|| MoveTime(text.to_owned()))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The value in seconds.
    pub fn seconds(&self) -> f64 {
        self.0.parse().unwrap_or(f64::NAN)
    }
}

/// `17`, `40.2`: digits, optionally a point and more digits.
pub(crate) fn is_seconds(s: &str) -> bool {
    let (whole, frac) = match s.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (s, None),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && frac.is_none_or(digits)
}

impl fmt::Display for MoveTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a move says.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum ShortBody {
    /// Nothing after the label (`45s`, `5g 40.2`; a `0g`/`0s` record with no piece).
    #[default]
    Empty,
    /// A set-up (`1g 3cc4hdemdh`) or position record (`0s 6h6e17rc...`).
    Placement(PlacementText),
    /// A turn of steps: units in order.
    Turn(SmallVec<[ShortUnit; 4]>),
}

/// One move of short notation, with the context the text gave it: the view in effect and the
/// label, written or inferred. Equality ignores the span.
#[derive(Clone, Debug)]
pub struct ShortMove {
    /// The view in effect for this move.
    pub view: View,
    /// Whether the view was written since the previous move (before the move, or alone on a line).
    pub view_written: bool,
    /// The move's number and side, as written or inferred.
    pub label: MoveLabel,
    /// Whether the number was written.
    pub number_written: bool,
    /// Whether the side was written.
    pub side_written: bool,
    /// The move.
    pub body: ShortBody,
    /// The seconds it took, if written.
    pub time: Option<MoveTime>,
    /// Where the move is in the parsed string (byte offsets, label to time).
    pub span: Range<usize>,
}

impl PartialEq for ShortMove {
    fn eq(&self, o: &ShortMove) -> bool {
        (self.view, self.view_written, self.label, self.number_written, self.side_written)
            == (o.view, o.view_written, o.label, o.number_written, o.side_written)
            && self.body == o.body
            && self.time == o.time
    }
}

impl Eq for ShortMove {}

impl ShortMove {
    /// A move with its label and view written and no time.
    pub fn new(view: View, label: MoveLabel, body: ShortBody) -> ShortMove {
        ShortMove {
            view,
            view_written: true,
            label,
            number_written: true,
            side_written: true,
            body,
            time: None,
            span: 0..0,
        }
    }

    /// The side whose move it is.
    pub fn color(&self) -> Color {
        self.label.color
    }

    /// The units of a turn of steps; `None` for a set-up, a position record or an empty move.
    pub fn units(&self) -> Option<&[ShortUnit]> {
        match &self.body {
            ShortBody::Turn(units) => Some(units),
            _ => None,
        }
    }

    /// The set-up or position record; `None` for a turn or an empty move.
    pub fn placement(&self) -> Option<&PlacementText> {
        match &self.body {
            ShortBody::Placement(p) => Some(p),
            _ => None,
        }
    }
}

impl fmt::Display for ShortMove {
    /// The canonical spelling: directions `^ v < >`, scan numbers `#n`, trap marks `*`, no space
    /// between units, letters in the case written; the view, number and side only if written
    /// (a view with no label is written on its own line, where it cannot be read as the side).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        if self.view_written {
            write!(f, "{}", self.view)?;
            sep = if self.number_written || self.side_written { " " } else { "\n" };
        }
        if self.number_written || self.side_written {
            f.write_str(sep)?;
            if self.number_written {
                write!(f, "{}", self.label.number)?;
            }
            if self.side_written {
                write!(f, "{}", self.label.color.char())?;
            }
            sep = " ";
        }
        match &self.body {
            ShortBody::Empty => {}
            ShortBody::Placement(p) => {
                write!(f, "{sep}{p}")?;
                sep = " ";
            }
            ShortBody::Turn(units) => {
                f.write_str(sep)?;
                for u in units {
                    write!(f, "{u}")?;
                }
                sep = " ";
            }
        }
        if let Some(t) = &self.time {
            write!(f, "{sep}{t}")?;
        }
        Ok(())
    }
}

/// A whole text of short notation: the moves in order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ShortRecord {
    /// The moves.
    pub moves: Vec<ShortMove>,
}

impl fmt::Display for ShortRecord {
    /// One move a line, each in its canonical spelling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}
