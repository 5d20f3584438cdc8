//! Turn text with no board attached: `Sq - D5, FN`, `Cr - E9, RE`, `Sq - D6, M, D7`,
//! `Sq - D6, PR, D7, D11`, `Cr - J10, PS, J9, J8`.
//!
//! The grammar is `PLAYER - CELL, ACTION[, CELL[, CELL]]` (`docs/stones-and-rivers.md`,
//! "Notation"). Input is read case-insensitively with any ASCII spacing around `-` and `,` (and
//! around the whole turn), but nothing else is tolerated: no spacing inside a field, no leading
//! zero in a row number (`D05`), no missing or extra field, nothing after the last field.

use std::fmt;
use std::str::FromStr;

use tabula_engine::stones_rivers::{Axis, Cell, Face, Player, Turn, COLUMNS, ROWS};

/// The most bytes of a token kept in an error.
const MAX_TOKEN: usize = 40;

/// What a turn does, with the cells it names after the acting piece's own.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ActionText {
    /// `FN`, `FE`, `FS`: flip to this face.
    Flip(Face),
    /// `RN`, `RE`: rotate to this axis.
    Rotate(Axis),
    /// `M, TO`: move (step or ride) to `to`.
    Move {
        /// Where the piece ends.
        to: Cell,
    },
    /// `PR, ONTO, TO`: a River steps onto `onto` and pushes the piece there to `to`.
    RiverPush {
        /// The cell the pusher steps onto.
        onto: Cell,
        /// The pushed piece's end.
        to: Cell,
    },
    /// `PS, ONTO, TO`: a Stone steps onto `onto` and pushes the piece there to `to`.
    StonePush {
        /// The cell the pusher steps onto.
        onto: Cell,
        /// The pushed piece's end.
        to: Cell,
    },
}

/// One turn as written, with no board attached.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct TurnText {
    /// Who makes the turn (`Sq` or `Cr`).
    pub player: Player,
    /// The acting piece's cell (the first cell written).
    pub cell: Cell,
    /// What it does.
    pub action: ActionText,
}

/// What is wrong with one field of a turn.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum TurnSyntax {
    /// The player is not `Sq` or `Cr` (any case).
    #[error("expected the player, Sq or Cr")]
    Player,
    /// The player is not followed by `-`.
    #[error("expected `-` between the player and the piece's cell")]
    Dash,
    /// A cell that does not start with a column letter `A` to `M` (`N5`, `5`).
    #[error("expected a cell: a column letter A to M, then a row 1 to 14")]
    Column,
    /// A cell whose row is not a number 1 to 14 (`D15`, `D0`, `D`, `D5x`).
    #[error("expected a row number 1 to 14 after the column letter")]
    Row,
    /// A row number written with a leading zero (`D05`).
    #[error("a row number is written without a leading zero")]
    LeadingZero,
    /// Not one of the actions.
    #[error("expected an action: FN, FE, FS, RN, RE, M, PR or PS")]
    Action,
    /// The turn ends before its action (`Sq - D5`).
    #[error("missing the action: FN, FE, FS, RN, RE, M, PR or PS")]
    MissingAction,
    /// The turn ends before a cell its action needs (`Sq - D6, M`, `Sq - D6, PR, D7`).
    #[error("missing a cell: M is followed by its end, PR and PS by the cell stepped onto and the pushed piece's end")]
    MissingCell,
    /// A field after the last one the action takes (`Sq - F6, FN, A1`; a trailing comma).
    #[error("one field too many: flips and rotations take no cell, M one, PR and PS two")]
    Extra,
}

/// A turn that does not parse: which field is wrong, as written, and why.
///
/// Fields are numbered from 0 in the order written: 0 the player, 1 the acting piece's cell,
/// 2 the action, 3 and 4 the cells after the action. The message numbers them from 1.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("field {}{}: {kind}", .field + 1, shown_token(.token))]
pub struct ParseTurnError {
    /// 0-based index of the field.
    pub field: usize,
    /// The field as written, without the spacing around it (at most 40 bytes kept; empty for a
    /// missing field).
    pub token: String,
    /// What is wrong.
    pub kind: TurnSyntax,
}

fn shown_token(token: &str) -> String {
    if token.is_empty() {
        String::new()
    } else {
        format!(" `{token}`")
    }
}

impl ParseTurnError {
    fn new(field: usize, token: &[u8], kind: TurnSyntax) -> ParseTurnError {
        let shown = &token[..token.len().min(MAX_TOKEN)];
        ParseTurnError { field, token: String::from_utf8_lossy(shown).into_owned(), kind }
    }
}

/// The player as the notation writes it: `Sq` or `Cr`.
#[inline]
pub const fn player_code(player: Player) -> &'static str {
    match player {
        Player::Square => "Sq",
        Player::Circle => "Cr",
    }
}

/// Reads `Sq` or `Cr` in any case.
fn parse_player(s: &[u8]) -> Option<Player> {
    if s.eq_ignore_ascii_case(b"sq") {
        Some(Player::Square)
    } else if s.eq_ignore_ascii_case(b"cr") {
        Some(Player::Circle)
    } else {
        None
    }
}

/// Parses a cell, `D5` or `m14`: a column letter `A` to `M` in any case, then a row 1 to 14
/// without leading zero, and nothing else.
///
/// # Errors
/// [`TurnSyntax::Column`], [`TurnSyntax::Row`] or [`TurnSyntax::LeadingZero`].
pub fn parse_cell(s: &[u8]) -> Result<Cell, TurnSyntax> {
    let (&letter, row) = s.split_first().ok_or(TurnSyntax::Column)?;
    let column = letter.to_ascii_uppercase().wrapping_sub(b'A');
    if column >= COLUMNS {
        return Err(TurnSyntax::Column);
    }
    let row = match *row {
        [b'0', b'0'..=b'9', ..] => return Err(TurnSyntax::LeadingZero),
        [d @ b'1'..=b'9'] => d - b'0',
        [a @ b'1'..=b'9', b @ b'0'..=b'9'] => (a - b'0') * 10 + (b - b'0'),
        _ => return Err(TurnSyntax::Row),
    };
    if row > ROWS {
        return Err(TurnSyntax::Row);
    }
    Cell::new(column, row - 1).ok_or(TurnSyntax::Row)
}

/// A turn written with the canonical spacing (`Sq - D6, PR, D7, D11`, letters in any case), read
/// in one pass over the bytes; `None` for any other text, which the general reader then reads
/// (and explains). Accepts only what the general reader accepts, with the same meaning.
#[inline]
fn canonical(text: &[u8]) -> Option<TurnText> {
    let [p, q, b' ', b'-', b' ', rest @ ..] = text else { return None };
    // `| 0x20` lower-cases a letter; only `S`/`s` (`Q`/`q`...) give `s` (`q`...).
    let player = match [p | 0x20, q | 0x20] {
        [b's', b'q'] => Player::Square,
        [b'c', b'r'] => Player::Circle,
        _ => return None,
    };
    let (cell, rest) = leading_cell(rest)?;
    let [b',', b' ', rest @ ..] = rest else { return None };
    let action = match rest {
        [a, b] => match [a | 0x20, b | 0x20] {
            [b'f', b'n'] => ActionText::Flip(Face::River(Axis::North)),
            [b'f', b'e'] => ActionText::Flip(Face::River(Axis::East)),
            [b'f', b's'] => ActionText::Flip(Face::Stone),
            [b'r', b'n'] => ActionText::Rotate(Axis::North),
            [b'r', b'e'] => ActionText::Rotate(Axis::East),
            _ => return None,
        },
        [m, b',', b' ', rest @ ..] if m | 0x20 == b'm' => {
            let (to, rest) = leading_cell(rest)?;
            if !rest.is_empty() {
                return None;
            }
            ActionText::Move { to }
        }
        [a, b, b',', b' ', rest @ ..] if a | 0x20 == b'p' => {
            let (onto, rest) = leading_cell(rest)?;
            let [b',', b' ', rest @ ..] = rest else { return None };
            let (to, rest) = leading_cell(rest)?;
            if !rest.is_empty() {
                return None;
            }
            match b | 0x20 {
                b'r' => ActionText::RiverPush { onto, to },
                b's' => ActionText::StonePush { onto, to },
                _ => return None,
            }
        }
        _ => return None,
    };
    Some(TurnText { player, cell, action })
}

/// A cell at the start of `s` (a column letter, a row 1 to 14 without leading zero) and the rest;
/// `None` if `s` does not start with one. Whether the row has one digit or two is worked out
/// without a branch (it changes from turn to turn, which a branch predictor cannot guess).
#[inline(always)]
fn leading_cell(s: &[u8]) -> Option<(Cell, &[u8])> {
    let [letter, tens @ b'1'..=b'9', ..] = *s else { return None };
    let units = s.get(2).copied().unwrap_or(0).wrapping_sub(b'0');
    let two = units < 10;
    let first = tens - b'0';
    let row = if two { first * 10 + units } else { first };
    if row > ROWS {
        return None;
    }
    let column = (letter | 0x20).wrapping_sub(b'a');
    Some((Cell::new(column, row - 1)?, s.get(2 + usize::from(two)..)?))
}

/// Reads an action code; the number of cells it takes after it.
fn parse_action(s: &[u8]) -> Option<(ActionCode, usize)> {
    let code = match s {
        [a, b] => [a.to_ascii_uppercase(), b.to_ascii_uppercase()],
        [a] => [a.to_ascii_uppercase(), b' '],
        _ => return None,
    };
    Some(match &code {
        b"FN" => (ActionCode::Flip(Face::River(Axis::North)), 0),
        b"FE" => (ActionCode::Flip(Face::River(Axis::East)), 0),
        b"FS" => (ActionCode::Flip(Face::Stone), 0),
        b"RN" => (ActionCode::Rotate(Axis::North), 0),
        b"RE" => (ActionCode::Rotate(Axis::East), 0),
        b"M " => (ActionCode::Move, 1),
        b"PR" => (ActionCode::RiverPush, 2),
        b"PS" => (ActionCode::StonePush, 2),
        _ => return None,
    })
}

/// An action before its cells are read.
#[derive(Copy, Clone)]
enum ActionCode {
    Flip(Face),
    Rotate(Axis),
    Move,
    RiverPush,
    StonePush,
}

impl ActionCode {
    /// The action with the cells read after it (`onto` is a move's end; unused cells are
    /// ignored).
    const fn with_cells(self, onto: Cell, to: Cell) -> ActionText {
        match self {
            ActionCode::Flip(face) => ActionText::Flip(face),
            ActionCode::Rotate(axis) => ActionText::Rotate(axis),
            ActionCode::Move => ActionText::Move { to: onto },
            ActionCode::RiverPush => ActionText::RiverPush { onto, to },
            ActionCode::StonePush => ActionText::StonePush { onto, to },
        }
    }
}

/// Strips ASCII whitespace from both ends.
fn trim(s: &[u8]) -> &[u8] {
    s.trim_ascii()
}

impl ActionText {
    /// The action's code as written: `FN`, `FE`, `FS`, `RN`, `RE`, `M`, `PR` or `PS`.
    pub const fn code(&self) -> &'static str {
        match self {
            ActionText::Flip(Face::River(Axis::North)) => "FN",
            ActionText::Flip(Face::River(Axis::East)) => "FE",
            ActionText::Flip(Face::Stone) => "FS",
            ActionText::Rotate(Axis::North) => "RN",
            ActionText::Rotate(Axis::East) => "RE",
            ActionText::Move { .. } => "M",
            ActionText::RiverPush { .. } => "PR",
            ActionText::StonePush { .. } => "PS",
        }
    }
}

impl TurnText {
    /// Parses a turn: `Sq - D6, PR, D7, D11`, `cr-e9,re`, `  Sq  -  D5 ,FN `.
    ///
    /// # Errors
    /// The first field, from left to right, that is wrong: not a player, no `-`, a malformed
    /// cell (`N5`, `D15`, `D05`, `D0`), not an action, a missing action or cell, a field too
    /// many. Never panics, whatever the bytes.
    #[inline]
    pub fn from_ascii(text: &[u8]) -> Result<TurnText, ParseTurnError> {
        match canonical(text) {
            Some(turn) => Ok(turn),
            None => TurnText::from_any_spacing(text),
        }
    }

    /// [`from_ascii`](Self::from_ascii) field by field, for any spacing (and to explain errors).
    #[inline(never)]
    fn from_any_spacing(text: &[u8]) -> Result<TurnText, ParseTurnError> {
        // The player: up to the first `-` (or the first `,` when there is no `-` before it).
        let head_end = text.iter().position(|&c| c == b'-' || c == b',').unwrap_or(text.len());
        let head = trim(&text[..head_end]);
        if text.get(head_end) != Some(&b'-') {
            // No dash: a player followed by something else is missing its dash.
            let word = head.split(u8::is_ascii_whitespace).next().unwrap_or_default();
            return Err(match parse_player(word) {
                Some(_) => ParseTurnError::new(0, head, TurnSyntax::Dash),
                None => ParseTurnError::new(0, word, TurnSyntax::Player),
            });
        }
        let player = parse_player(head).ok_or_else(|| ParseTurnError::new(0, head, TurnSyntax::Player))?;

        let mut fields = text[head_end + 1..].split(|&c| c == b',').map(trim);
        // `split` always yields at least one (possibly empty) piece.
        let cell_text = fields.next().unwrap_or_default();
        let cell = parse_cell(cell_text).map_err(|kind| ParseTurnError::new(1, cell_text, kind))?;

        let Some(action_text) = fields.next() else {
            return Err(ParseTurnError::new(2, b"", TurnSyntax::MissingAction));
        };
        let (code, cells) =
            parse_action(action_text).ok_or_else(|| ParseTurnError::new(2, action_text, TurnSyntax::Action))?;

        let mut targets = [cell; 2];
        for (i, slot) in targets.iter_mut().enumerate().take(cells) {
            let field = 3 + i;
            let t = fields.next().ok_or_else(|| ParseTurnError::new(field, b"", TurnSyntax::MissingCell))?;
            *slot = parse_cell(t).map_err(|kind| ParseTurnError::new(field, t, kind))?;
        }
        if let Some(extra) = fields.next() {
            return Err(ParseTurnError::new(3 + cells, extra, TurnSyntax::Extra));
        }

        let [onto, to] = targets;
        Ok(TurnText { player, cell, action: code.with_cells(onto, to) })
    }

    /// The engine's turn this text names (with no check against any position).
    pub const fn turn(&self) -> Turn {
        let cell = self.cell;
        match self.action {
            ActionText::Flip(to) => Turn::Flip { cell, to },
            ActionText::Rotate(to) => Turn::Rotate { cell, to },
            ActionText::Move { to } => Turn::Move { from: cell, to },
            ActionText::RiverPush { onto, to } => Turn::RiverPush { from: cell, onto, to },
            ActionText::StonePush { onto, to } => Turn::StonePush { from: cell, onto, to },
        }
    }

    /// The text of `turn` made by `player`: the inverse of [`turn`](Self::turn).
    pub const fn from_turn(player: Player, turn: &Turn) -> TurnText {
        let (cell, action) = match *turn {
            Turn::Flip { cell, to } => (cell, ActionText::Flip(to)),
            Turn::Rotate { cell, to } => (cell, ActionText::Rotate(to)),
            Turn::Move { from, to } => (from, ActionText::Move { to }),
            Turn::RiverPush { from, onto, to } => (from, ActionText::RiverPush { onto, to }),
            Turn::StonePush { from, onto, to } => (from, ActionText::StonePush { onto, to }),
        };
        TurnText { player, cell, action }
    }
}

impl TurnText {
    /// Appends the canonical spelling (`Sq - D6, PR, D7, D11`, what `Display` writes) to `out`,
    /// without the formatting machinery.
    pub fn push_to(&self, out: &mut String) {
        out.push_str(self.ascii().as_str());
    }

    /// Appends [`push_to`](Self::push_to)'s spelling to `out` as its bytes (ASCII).
    pub fn push_bytes(&self, out: &mut Vec<u8>) {
        let text = self.ascii();
        // The whole buffer copied (a copy of a fixed size is written in place), then cut.
        let at = out.len();
        out.extend_from_slice(&text.buf);
        out.truncate(at + text.len.min(text.buf.len()));
    }

    /// The canonical spelling, written into a fixed buffer (the longest,
    /// `Sq - D11, PS, D12, D13`, takes 22).
    fn ascii(&self) -> Ascii {
        let mut out = Ascii { buf: [0; 32], len: 0 };
        out.put(player_code(self.player).as_bytes());
        out.put(b" - ");
        out.cell(self.cell);
        out.put(b", ");
        out.put(self.action.code().as_bytes());
        match self.action {
            ActionText::Flip(_) | ActionText::Rotate(_) => {}
            ActionText::Move { to } => {
                out.put(b", ");
                out.cell(to);
            }
            ActionText::RiverPush { onto, to } | ActionText::StonePush { onto, to } => {
                out.put(b", ");
                out.cell(onto);
                out.put(b", ");
                out.cell(to);
            }
        }
        out
    }
}

/// A turn's text as it is written: bytes, `len` of them.
struct Ascii {
    buf: [u8; 32],
    len: usize,
}

impl Ascii {
    /// The text written (every byte written is ASCII).
    fn as_str(&self) -> &str {
        std::str::from_utf8(self.buf.get(..self.len).unwrap_or_default()).unwrap_or_default()
    }

    fn put(&mut self, bytes: &[u8]) {
        if let Some(slot) = self.buf.get_mut(self.len..self.len + bytes.len()) {
            slot.copy_from_slice(bytes);
        }
        self.len += bytes.len();
    }

    /// A cell: its column's letter, then its row, 1 to 14; three bytes written, two of them
    /// kept for a row under 10.
    fn cell(&mut self, c: Cell) {
        let row = c.row() + 1;
        let text = [b'A' + c.column(), if row >= 10 { b'1' } else { b'0' + row }, b'0' + row % 10];
        if let Some(slot) = self.buf.get_mut(self.len..self.len + 3) {
            slot.copy_from_slice(&text);
        }
        self.len += 2 + usize::from(row >= 10);
    }
}

impl fmt::Display for TurnText {
    /// The canonical spelling: `Sq - D6, PR, D7, D11`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ascii().as_str())
    }
}

impl FromStr for TurnText {
    type Err = ParseTurnError;
    fn from_str(s: &str) -> Result<TurnText, ParseTurnError> {
        TurnText::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(s: &str) -> String {
        s.parse::<TurnText>().unwrap_or_else(|e| panic!("{s}: {e}")).to_string()
    }

    fn error(s: &str) -> (usize, String, TurnSyntax) {
        let e = s.parse::<TurnText>().expect_err(s);
        (e.field, e.token, e.kind)
    }

    #[test]
    fn spellings() {
        assert_eq!(canonical("Sq - D5, FN"), "Sq - D5, FN");
        assert_eq!(canonical("sq-d5,fe"), "Sq - D5, FE");
        assert_eq!(canonical("  CR\t-  m14 ,  Fs \r\n"), "Cr - M14, FS");
        assert_eq!(canonical("Cr - E9, rn"), "Cr - E9, RN");
        assert_eq!(canonical("Cr - E9, RE"), "Cr - E9, RE");
        assert_eq!(canonical("Sq - D6, m, d7"), "Sq - D6, M, D7");
        assert_eq!(canonical("Sq - D6,PR,D7,D11"), "Sq - D6, PR, D7, D11");
        assert_eq!(canonical("Sq - A1, PS, A2, A3"), "Sq - A1, PS, A2, A3");
        let t: TurnText = "Sq - D6, PR, D7, D11".parse().unwrap();
        let c = |s: &str| parse_cell(s.as_bytes()).unwrap();
        assert_eq!(t.turn(), Turn::RiverPush { from: c("D6"), onto: c("D7"), to: c("D11") });
        assert_eq!(TurnText::from_turn(Player::Square, &t.turn()), t);
        assert_eq!(c("A1").index(), 0);
        assert_eq!(c("M14").index(), 181);
        assert_eq!(c("b1").index(), 1);
    }

    /// The spelling written byte by byte is the one `format!` makes of the cells' columns and
    /// rows, for every cell in every place of every action, and `push_bytes` gives its bytes.
    #[test]
    fn every_cell_and_action_is_spelled_as_format_spells_it() {
        let name = |c: Cell| format!("{}{}", char::from(b'A' + c.column()), c.row() + 1);
        let cells: Vec<Cell> =
            (0..COLUMNS).flat_map(|col| (0..ROWS).filter_map(move |row| Cell::new(col, row))).collect();
        assert_eq!(cells.len(), 182);
        let mut checked = 0;
        for (i, &cell) in cells.iter().enumerate() {
            let (onto, to) = (cells[(i * 7 + 3) % cells.len()], cells[(i * 11 + 5) % cells.len()]);
            for (action, tail) in [
                (ActionText::Flip(Face::River(Axis::North)), "FN".to_owned()),
                (ActionText::Rotate(Axis::East), "RE".to_owned()),
                (ActionText::Move { to }, format!("M, {}", name(to))),
                (ActionText::RiverPush { onto, to }, format!("PR, {}, {}", name(onto), name(to))),
                (ActionText::StonePush { onto, to }, format!("PS, {}, {}", name(onto), name(to))),
            ] {
                for (player, code) in [(Player::Square, "Sq"), (Player::Circle, "Cr")] {
                    let text = TurnText { player, cell, action };
                    let want = format!("{code} - {}, {tail}", name(cell));
                    assert_eq!(text.to_string(), want);
                    let mut bytes = b"kept".to_vec();
                    text.push_bytes(&mut bytes);
                    assert_eq!(bytes, [b"kept", want.as_bytes()].concat());
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 182 * 10);
    }

    /// The one-pass reader of canonical text accepts only what the field-by-field reader
    /// accepts, with the same meaning: checked on every canonical turn of a few cells and on
    /// byte-level changes of them (case, spacing, digits, separators, cuts).
    #[test]
    fn the_canonical_reader_agrees_with_the_general_one() {
        let actions = ["FN", "FE", "FS", "RN", "RE", "M, E7", "PR, D7, D11", "PS, A14, M1", "pS, b2, b3", "m, m14"];
        let cells = ["D5", "A1", "M14", "m9", "J10", "N5", "D15", "D05", "D0", "D1O"];
        let mut texts = Vec::new();
        for player in ["Sq", "Cr", "sQ", "Xx"] {
            for cell in cells {
                for action in actions {
                    texts.push(format!("{player} - {cell}, {action}"));
                }
            }
        }
        let alphabet = b" ,-01459ACDEFMNPRSQcmpqrs\t\r";
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut checked = 0;
        for text in &texts {
            let bytes = text.as_bytes();
            let mut variants = vec![bytes.to_vec(), bytes[..bytes.len() - 1].to_vec(), [bytes, b","].concat()];
            for _ in 0..40 {
                let mut v = bytes.to_vec();
                let at = next(v.len());
                match next(3) {
                    0 => v[at] = alphabet[next(alphabet.len())],
                    1 => v.insert(at, alphabet[next(alphabet.len())]),
                    _ => {
                        v.remove(at);
                    }
                }
                variants.push(v);
            }
            for v in variants {
                let general = TurnText::from_any_spacing(&v);
                if let Some(fast) = super::canonical(&v) {
                    assert_eq!(Ok(fast), general, "{}", String::from_utf8_lossy(&v));
                    checked += 1;
                }
                assert_eq!(TurnText::from_ascii(&v), general, "{}", String::from_utf8_lossy(&v));
            }
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn errors_name_the_field() {
        assert_eq!(error("Sq - N5, FN"), (1, "N5".into(), TurnSyntax::Column));
        assert_eq!(error("Sq - D15, FN"), (1, "D15".into(), TurnSyntax::Row));
        assert_eq!(error("Sq - D05, FN"), (1, "D05".into(), TurnSyntax::LeadingZero));
        assert_eq!(error("Sq - D0, FN"), (1, "D0".into(), TurnSyntax::Row));
        assert_eq!(error("Sq - D, FN"), (1, "D".into(), TurnSyntax::Row));
        assert_eq!(error("Sq - 5, FN"), (1, "5".into(), TurnSyntax::Column));
        assert_eq!(error("Sq - D 5, FN"), (1, "D 5".into(), TurnSyntax::Row));
        assert_eq!(error("Sq - D5"), (2, String::new(), TurnSyntax::MissingAction));
        assert_eq!(error("Sq - D5,"), (2, String::new(), TurnSyntax::Action));
        assert_eq!(error("Xx - D5, FN"), (0, "Xx".into(), TurnSyntax::Player));
        assert_eq!(error("Sq D5, FN"), (0, "Sq D5".into(), TurnSyntax::Dash));
        assert_eq!(error("Square D5, FN"), (0, "Square".into(), TurnSyntax::Player));
        assert_eq!(error(""), (0, String::new(), TurnSyntax::Player));
        assert_eq!(error("Sq - D5, FX"), (2, "FX".into(), TurnSyntax::Action));
        assert_eq!(error("Sq - D5, FN x"), (2, "FN x".into(), TurnSyntax::Action));
        assert_eq!(error("Sq - D5, FN, A1"), (3, "A1".into(), TurnSyntax::Extra));
        assert_eq!(error("Sq - D5, FN,"), (3, String::new(), TurnSyntax::Extra));
        assert_eq!(error("Sq - D6, M"), (3, String::new(), TurnSyntax::MissingCell));
        assert_eq!(error("Sq - D6, M, D7, D8"), (4, "D8".into(), TurnSyntax::Extra));
        assert_eq!(error("Sq - D6, PR, D7"), (4, String::new(), TurnSyntax::MissingCell));
        assert_eq!(error("Sq - D6, PS, D7, D08"), (4, "D08".into(), TurnSyntax::LeadingZero));
        assert_eq!(error("Sq - D6, PS, D7, D8, D9"), (5, "D9".into(), TurnSyntax::Extra));
        assert_eq!(error("Cr - I7, PS, I0, I5"), (3, "I0".into(), TurnSyntax::Row));
        assert_eq!(
            "Sq - N5, FN".parse::<TurnText>().unwrap_err().to_string(),
            "field 2 `N5`: expected a cell: a column letter A to M, then a row 1 to 14"
        );
        assert_eq!(
            "Sq - D5".parse::<TurnText>().unwrap_err().to_string(),
            "field 3: missing the action: FN, FE, FS, RN, RE, M, PR or PS"
        );
        let long = format!("Sq - D5, {}", "x".repeat(100));
        assert_eq!(error(&long).1.len(), MAX_TOKEN);
        assert_eq!(TurnText::from_ascii(b"Sq - \xff\xfe, FN").unwrap_err().field, 1);
    }
}
