//! Long notation: `Ed2n` steps, `rc3x` captures, `Ra1` set-up placements.
//!
//! Resolution is strict where the archive's peers are lax: every step's letter must be the piece
//! on its square, and the capture tokens must be exactly those the rules produce, each right
//! after the step that caused it.

use std::fmt;
use std::str::FromStr;

use smallvec::SmallVec;
use tabula_engine::arimaa::{
    Color, Direction, FinishedTurn, Piece, Placement, PlacementError, PlayError, Position, Square, Step, StepError,
    Turn,
};

/// One token of long notation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum LongToken {
    /// A set-up placement, `Ra1`.
    Place {
        /// The piece placed.
        piece: Piece,
        /// Where.
        square: Square,
    },
    /// A step, `Ed2n`.
    Step {
        /// The piece that steps (the letter written).
        piece: Piece,
        /// The square it leaves.
        from: Square,
        /// Where it goes.
        dir: Direction,
    },
    /// A trap capture, `rc3x`.
    Capture {
        /// The piece removed.
        piece: Piece,
        /// The trap.
        square: Square,
    },
}

impl LongToken {
    /// The token in the first three bytes of `b` (`Ra1`), or all four (`Ed2n`, `rc3x`) when
    /// `four`: the spelling [`from_ascii`](Self::from_ascii) reads, for readers that have
    /// already found where a token ends and want no length checks. `None` when it is not a token.
    #[inline(always)]
    pub fn from_bytes(b: [u8; 4], four: bool) -> Option<LongToken> {
        let piece = Piece::from_char(b[0])?;
        let square = Square::from_coords(u32::from(b[1].wrapping_sub(b'a')), u32::from(b[2].wrapping_sub(b'1')))?;
        if !four {
            return Some(LongToken::Place { piece, square });
        }
        match Direction::from_char(b[3]) {
            Some(dir) => Some(LongToken::Step { piece, from: square, dir }),
            None if b[3] == b'x' => Some(LongToken::Capture { piece, square }),
            None => None,
        }
    }

    /// Parses one token.
    ///
    /// # Errors
    /// The text is not a token.
    #[inline]
    pub fn from_ascii(s: &[u8]) -> Result<LongToken, TokenSyntax> {
        let piece = Piece::from_char(*s.first().ok_or(TokenSyntax::Empty)?).ok_or(TokenSyntax::Piece)?;
        let square = match s.get(1..3) {
            Some(sq) => Square::from_ascii(sq).ok_or(TokenSyntax::Square)?,
            None => return Err(TokenSyntax::Square),
        };
        match s.len() {
            3 => Ok(LongToken::Place { piece, square }),
            4 => match s[3] {
                b'x' => Ok(LongToken::Capture { piece, square }),
                c => match Direction::from_char(c) {
                    Some(dir) => Ok(LongToken::Step { piece, from: square, dir }),
                    None => Err(TokenSyntax::Direction),
                },
            },
            _ => Err(TokenSyntax::Length),
        }
    }
}

/// What is wrong with a token's spelling.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TokenSyntax {
    /// Nothing.
    #[error("empty token")]
    Empty,
    /// The first character is not a piece letter.
    #[error("expected a piece letter (E M H D C R, upper case for Gold) first")]
    Piece,
    /// Characters 2-3 are not a square.
    #[error("expected a square a1 to h8 after the piece letter")]
    Square,
    /// The fourth character is not a direction or `x`.
    #[error("expected n, s, e, w or x after the square")]
    Direction,
    /// Too long or too short.
    #[error("expected 3 characters (Ra1) or 4 (Ed2n, rc3x)")]
    Length,
}

impl LongToken {
    /// The token's text (`Ra1`, `Ed2n`, `rc3x`): four bytes, the last one unused by a
    /// placement, with the number used.
    #[inline]
    pub fn bytes(&self) -> ([u8; 4], usize) {
        let (piece, square, last) = match *self {
            LongToken::Place { piece, square } => (piece, square, None),
            LongToken::Step { piece, from, dir } => (piece, from, Some(dir.char() as u8)),
            LongToken::Capture { piece, square } => (piece, square, Some(b'x')),
        };
        let text = [piece.char() as u8, square.file_char() as u8, square.rank_char() as u8, last.unwrap_or(b' ')];
        (text, if last.is_some() { 4 } else { 3 })
    }
}

impl fmt::Display for LongToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, n) = self.bytes();
        f.write_str(std::str::from_utf8(&text[..n]).unwrap_or_default())
    }
}

impl FromStr for LongToken {
    type Err = TokenSyntax;
    fn from_str(s: &str) -> Result<LongToken, TokenSyntax> {
        LongToken::from_ascii(s.as_bytes())
    }
}

/// A token that does not parse, with its place in the move.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{token}` is not a long-notation token: {reason}")]
pub struct ParseLongError {
    /// 0-based index of the token in the move.
    pub index: usize,
    /// The token as written (at most 40 characters kept).
    pub token: String,
    /// What is wrong.
    pub reason: TokenSyntax,
}

/// The tokens of one move in long notation, with no board attached.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct LongMove {
    // A set-up has 16 tokens; a turn at most 8 (four steps, each with a capture).
    tokens: SmallVec<[LongToken; 16]>,
}

/// Why a long-notation move is not a legal move on the position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{kind}")]
pub struct ResolveError {
    /// 0-based index of the offending token, or `None` when the move as a whole is wrong.
    pub index: Option<usize>,
    /// What is wrong.
    pub kind: ResolveErrorKind,
}

/// What is wrong with a move, for [`ResolveError`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ResolveErrorKind {
    /// The letter is not the piece on the square.
    #[error("the piece on {square} is {found}, not {written}")]
    WrongPiece {
        /// The square.
        square: Square,
        /// What stands there.
        found: Piece,
        /// What the text says.
        written: Piece,
    },
    /// The step is illegal.
    #[error(transparent)]
    Step(StepError),
    /// A capture happened and the text does not say so.
    #[error("the step before captures: `{0}` must follow it")]
    MissingCapture(LongToken),
    /// The capture token names another piece or square than the capture that happened.
    #[error("wrong capture: the rules capture `{expected}` here")]
    WrongCapture {
        /// The token the rules produce.
        expected: LongToken,
    },
    /// A capture token where nothing is captured.
    #[error("nothing is captured here")]
    UnexpectedCapture,
    /// A placement token in a turn of steps.
    #[error("a set-up placement in a turn of steps")]
    PlacementInTurn,
    /// A step or capture token in a set-up.
    #[error("a step or capture in a set-up move")]
    StepInSetup,
    /// A set-up piece of the other side.
    #[error("{0} is not a piece of the side to move")]
    WrongSide(Piece),
    /// The whole turn breaks a rule.
    #[error(transparent)]
    Play(PlayError),
    /// The set-up breaks a rule.
    #[error(transparent)]
    Placement(PlacementError),
}

impl ResolveError {
    fn at(index: usize, kind: ResolveErrorKind) -> ResolveError {
        ResolveError { index: Some(index), kind }
    }

    fn whole(kind: ResolveErrorKind) -> ResolveError {
        ResolveError { index: None, kind }
    }
}

impl LongMove {
    /// Parses whitespace-separated tokens. An empty text is an empty move.
    ///
    /// # Errors
    /// The first token that does not parse.
    pub fn from_ascii(text: &[u8]) -> Result<LongMove, ParseLongError> {
        let mut tokens = SmallVec::new();
        let (mut i, mut index) = (0, 0);
        while i < text.len() {
            if text[i].is_ascii_whitespace() {
                i += 1;
                continue;
            }
            let start = i;
            while i < text.len() && !text[i].is_ascii_whitespace() {
                i += 1;
            }
            let tok = &text[start..i];
            match LongToken::from_ascii(tok) {
                Ok(t) => tokens.push(t),
                Err(reason) => {
                    let shown = &tok[..tok.len().min(40)];
                    return Err(ParseLongError { index, token: String::from_utf8_lossy(shown).into_owned(), reason });
                }
            }
            index += 1;
        }
        Ok(LongMove { tokens })
    }

    /// An empty move, to fill with [`push`](Self::push).
    #[inline]
    pub fn new() -> LongMove {
        LongMove::default()
    }

    /// Appends a token.
    #[inline]
    pub fn push(&mut self, token: LongToken) {
        self.tokens.push(token);
    }

    /// The tokens.
    pub fn tokens(&self) -> &[LongToken] {
        &self.tokens
    }

    /// Whether there is no token.
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// Whether the move consists of placements (a set-up).
    pub fn is_placement(&self) -> bool {
        matches!(self.tokens.first(), Some(LongToken::Place { .. }))
    }

    /// Resolves a turn of steps on `pos`: letters, steps and capture tokens are checked.
    ///
    /// # Errors
    /// The first token that is wrong, or the turn as a whole (empty, unfinished push, no change).
    pub fn resolve_turn(&self, pos: &Position) -> Result<FinishedTurn, ResolveError> {
        let mut builder = pos.turn_builder().map_err(|e| ResolveError::whole(ResolveErrorKind::Play(e)))?;
        let mut owed: Option<(usize, LongToken)> = None;
        for (i, &tok) in self.tokens.iter().enumerate() {
            match tok {
                LongToken::Step { piece, from, dir } => {
                    if let Some((at, expected)) = owed {
                        return Err(ResolveError::at(at, ResolveErrorKind::MissingCapture(expected)));
                    }
                    // A wrong letter is reported before whatever else is wrong with the step.
                    let ev = builder.step_as(piece, Step::new(from, dir)).map_err(|e| {
                        ResolveError::at(
                            i,
                            match e {
                                StepError::WrongPiece { square, found, named } => {
                                    ResolveErrorKind::WrongPiece { square, found, written: named }
                                }
                                e => ResolveErrorKind::Step(e),
                            },
                        )
                    })?;
                    owed = ev.capture.map(|(square, piece)| (i, LongToken::Capture { piece, square }));
                }
                LongToken::Capture { .. } => match owed.take() {
                    Some((_, expected)) if expected == tok => {}
                    Some((_, expected)) => {
                        return Err(ResolveError::at(i, ResolveErrorKind::WrongCapture { expected }))
                    }
                    None => return Err(ResolveError::at(i, ResolveErrorKind::UnexpectedCapture)),
                },
                LongToken::Place { .. } => return Err(ResolveError::at(i, ResolveErrorKind::PlacementInTurn)),
            }
        }
        if let Some((at, expected)) = owed {
            return Err(ResolveError::at(at, ResolveErrorKind::MissingCapture(expected)));
        }
        builder.finish().map_err(|e| ResolveError::whole(ResolveErrorKind::Play(e)))
    }

    /// Resolves a set-up move for `color` (legality of the placement itself is the engine's,
    /// checked when it is played; here only the token kinds and the sides of the letters).
    ///
    /// # Errors
    /// A step or capture token, or a piece of the other side.
    pub fn resolve_placement(&self, color: Color) -> Result<Placement, ResolveError> {
        let mut p = Placement::new();
        for (i, &tok) in self.tokens.iter().enumerate() {
            match tok {
                LongToken::Place { piece, square } => {
                    if piece.color != color {
                        return Err(ResolveError::at(i, ResolveErrorKind::WrongSide(piece)));
                    }
                    p.push(square, piece.kind);
                }
                _ => return Err(ResolveError::at(i, ResolveErrorKind::StepInSetup)),
            }
        }
        p.validate(color).map_err(|e| ResolveError::whole(ResolveErrorKind::Placement(e)))?;
        Ok(p)
    }

    /// The long notation of a turn on `pos`, capture tokens included.
    ///
    /// # Errors
    /// The turn is not legal on `pos`.
    pub fn from_turn(pos: &Position, turn: &Turn) -> Result<LongMove, PlayError> {
        let mut builder = pos.turn_builder()?;
        let mut tokens = SmallVec::new();
        for (index, &step) in turn.steps().iter().enumerate() {
            let ev = builder.step(step).map_err(|error| PlayError::Step { index, error })?;
            tokens.push(LongToken::Step { piece: ev.piece, from: step.from, dir: step.dir });
            if let Some((square, piece)) = ev.capture {
                tokens.push(LongToken::Capture { piece, square });
            }
        }
        builder.finish()?;
        Ok(LongMove { tokens })
    }

    /// The placement tokens of a set-up for `color`, in the order given.
    pub fn from_placement(color: Color, placement: &Placement) -> LongMove {
        LongMove {
            tokens: placement
                .pieces()
                .iter()
                .map(|&(square, kind)| LongToken::Place { piece: Piece { color, kind }, square })
                .collect(),
        }
    }
}

impl LongMove {
    /// Appends the move's text (what `Display` writes: the tokens separated by single spaces)
    /// to `out`, without the formatting machinery: the writers of many turns call this.
    pub fn write_to(&self, out: &mut String) {
        // At most five bytes a token with its space; each token's four bytes are copied in one
        // move (a placement's fourth is overwritten next).
        let mut bytes: SmallVec<[u8; 96]> = SmallVec::from_elem(b' ', 5 * self.tokens.len() + 4);
        let mut at = 0;
        for (i, t) in self.tokens.iter().enumerate() {
            let (text, n) = t.bytes();
            at += usize::from(i > 0);
            if let Some(slot) = bytes.get_mut(at..at + 4) {
                slot.copy_from_slice(&text);
                at += n;
            }
        }
        out.push_str(std::str::from_utf8(bytes.get(..at).unwrap_or_default()).unwrap_or_default());
    }

    /// The move's text, as `to_string` gives it, written directly.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(5 * self.tokens.len());
        self.write_to(&mut out);
        out
    }
}

impl fmt::Display for LongMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl FromStr for LongMove {
    type Err = ParseLongError;
    fn from_str(s: &str) -> Result<LongMove, ParseLongError> {
        LongMove::from_ascii(s.as_bytes())
    }
}

/// The long notation of a turn on `pos` (`Ed2n Cc2n Md3n Cc3x`).
///
/// # Errors
/// The turn is not legal on `pos`.
pub fn write_turn(pos: &Position, turn: &Turn) -> Result<String, PlayError> {
    LongMove::from_turn(pos, turn).map(|m| m.text())
}

/// The writer of [`write_turn`] for many legal turns of one position, as the move generator
/// gives them (each with the position it leads to): the turns' legality is not checked again.
/// A turn that captures nothing (most turns: the position it leads to has as many pieces) is
/// written by following the pieces from square to square; one that captures is replayed on the
/// engine's board, which removes the pieces a step leaves unsupported on a trap.
///
/// ```
/// use tabula_engine::arimaa::MoveGenerator;
/// use tabula_notation::arimaa::{parse_position, write_turn, TurnWriter};
///
/// let pos = parse_position("g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]")?;
/// let writer = TurnWriter::new(&pos);
/// for (turn, after) in MoveGenerator::new().legal_turns(&pos).iter().take(100) {
///     let mut bytes = Vec::new();
///     writer.write(turn, after, &mut bytes);
///     assert_eq!(String::from_utf8(bytes)?, write_turn(&pos, turn)?);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct TurnWriter<'a> {
    pos: &'a Position,
    /// The letter of the piece on each square (`Square::index`), 0 where there is none.
    letters: [u8; 64],
    pieces: u32,
}

impl<'a> TurnWriter<'a> {
    /// The writer for turns of `pos`.
    pub fn new(pos: &'a Position) -> TurnWriter<'a> {
        let mut letters = [0; 64];
        for (square, piece) in pos.board().iter() {
            letters[square.index() % 64] = piece.char() as u8;
        }
        TurnWriter { pos, letters, pieces: pos.board().occupied().count() }
    }

    /// Appends the long notation of `turn`, a legal turn of the writer's position that leads
    /// to `after`, to `out`: the bytes of [`write_turn`]'s text. For a turn that is not legal
    /// the text is unspecified (but still written; nothing when [`write_turn`] fails).
    pub fn write(&self, turn: &Turn, after: &Position, out: &mut Vec<u8>) {
        let mut letters = self.letters;
        let followed = after.board().occupied().count() == self.pieces
            && write_followed(turn, out, |from, to| {
                let letter = std::mem::take(&mut letters[from.index() % 64]);
                letters[to.index() % 64] = letter;
                letter
            });
        if !followed {
            self.replay(turn, out);
        }
    }

    /// The turn replayed on the engine's board ([`push_turn`]).
    fn replay(&self, turn: &Turn, out: &mut Vec<u8>) {
        push_turn(self.pos, turn, out);
    }
}

/// Appends the long notation of `turn`, a legal turn of `pos` that leads to `after`, to `out`:
/// the bytes of [`write_turn`]'s text. A turn that captures nothing (most turns: `after` has as
/// many pieces) is written by following its pieces from square to square, each read from the
/// board once; one that captures by [`push_turn`].
pub fn push_played_turn(pos: &Position, turn: &Turn, after: &Position, out: &mut Vec<u8>) {
    // The squares the turn's steps have emptied or filled so far, with the letter now on each
    // (0: empty); the board holds the others.
    let mut moved = [(usize::MAX, 0u8); 8];
    let mut changes = 0;
    let followed = after.board().occupied().count() == pos.board().occupied().count()
        && write_followed(turn, out, |from, to| {
            let letter = match moved[..changes].iter().rev().find(|(square, _)| *square == from.index()) {
                Some(&(_, letter)) => letter,
                None => pos.board().piece_at(from).map_or(0, |piece| piece.char() as u8),
            };
            if changes + 2 > moved.len() {
                return 0;
            }
            moved[changes] = (from.index(), 0);
            moved[changes + 1] = (to.index(), letter);
            changes += 2;
            letter
        });
    if !followed {
        push_turn(pos, turn, out);
    }
}

/// Appends the long notation of `turn`, a turn that captures nothing, to `out` by following
/// its pieces: `letter(from, to)` gives the letter of the piece a step moves from `from` to
/// `to` (and moves it), 0 when there is none. Writes nothing and returns false when the turn
/// cannot be written so (a step with no piece, or no square to go to), for its caller to
/// replay it on the engine's board.
#[inline(always)]
fn write_followed(turn: &Turn, out: &mut Vec<u8>, mut letter: impl FnMut(Square, Square) -> u8) -> bool {
    // At most four steps of five bytes each, with their spaces, copied out at once.
    let mut text = [0u8; 4 * 5];
    let mut at = 0;
    for step in turn.steps() {
        let Some(to) = step.to() else { return false };
        let letter = letter(step.from, to);
        if letter == 0 || at + 5 > text.len() {
            return false;
        }
        text[at..at + 5].copy_from_slice(&[
            letter,
            step.from.file_char() as u8,
            step.from.rank_char() as u8,
            step.dir.char() as u8,
            b' ',
        ]);
        at += 5;
    }
    // All twenty bytes copied in one move, those past the text (its last space included)
    // dropped again.
    let end = out.len() + at.saturating_sub(1);
    out.extend_from_slice(&text);
    out.truncate(end);
    true
}

/// Appends the long notation of `turn`, a legal turn of `pos`, to `out`: the bytes of
/// [`write_turn`]'s text, written by replaying the turn on the engine's board (each step taken
/// by the piece on its square, followed by the capture of the piece it leaves unsupported on a
/// trap; a legal position has none before the step), without checking its legality again: what
/// a writer of the turns of a game already replayed calls. By [`write_turn`] when a step has no
/// piece to take it or leaves the board; nothing when that fails too.
pub fn push_turn(pos: &Position, turn: &Turn, out: &mut Vec<u8>) {
    let start = out.len();
    let mut board = *pos.board();
    for (i, step) in turn.steps().iter().enumerate() {
        let (Some(piece), Some(to)) = (board.piece_at(step.from), step.to()) else {
            out.truncate(start);
            if let Ok(text) = write_turn(pos, turn) {
                out.extend_from_slice(text.as_bytes());
            }
            return;
        };
        board.remove(step.from);
        board.put(to, piece);
        if i > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(&LongToken::Step { piece, from: step.from, dir: step.dir }.bytes().0);
        for square in board.unsupported_on_traps() {
            if let Some(piece) = board.remove(square) {
                out.push(b' ');
                out.extend_from_slice(&LongToken::Capture { piece, square }.bytes().0);
            }
        }
    }
}

/// The long notation of a set-up (`Ra1 Rb1 ...`).
pub fn write_placement(color: Color, placement: &Placement) -> String {
    LongMove::from_placement(color, placement).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A legal turn replayed on the board, or followed from square to square, is written as
    /// `write_turn` writes it, captures included.
    #[test]
    fn push_turn_writes_what_write_turn_writes() {
        use crate::arimaa::parse_position;
        use tabula_engine::arimaa::MoveGenerator;
        for text in [
            "g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]",
            // Pieces beside the traps, so that many turns capture.
            "g [r r  r r dhcemc  r R  C   E  d   M  r  h D R  H RRRRR           ]",
        ] {
            let pos = parse_position(text).unwrap();
            let mut generator = MoveGenerator::new();
            let turns = generator.legal_turns(&pos);
            assert!(!turns.is_empty());
            for (turn, after) in turns.iter() {
                let mut bytes = Vec::new();
                push_turn(&pos, turn, &mut bytes);
                assert_eq!(String::from_utf8(bytes).unwrap(), write_turn(&pos, turn).unwrap());
                let mut bytes = vec![b'x'];
                push_played_turn(&pos, turn, after, &mut bytes);
                assert_eq!(String::from_utf8(bytes).unwrap(), format!("x{}", write_turn(&pos, turn).unwrap()));
            }
        }
    }

    #[test]
    fn tokens_round_trip() {
        for t in ["Ed2n", "rc3x", "Ra1", "mh8w", "Cb1e"] {
            assert_eq!(t.parse::<LongToken>().unwrap().to_string(), t);
        }
        assert_eq!("Xa1".parse::<LongToken>(), Err(TokenSyntax::Piece));
        assert_eq!("Ea9n".parse::<LongToken>(), Err(TokenSyntax::Square));
        assert_eq!("Ea1q".parse::<LongToken>(), Err(TokenSyntax::Direction));
        assert_eq!("Ea1nn".parse::<LongToken>(), Err(TokenSyntax::Length));
        assert_eq!("EA1n".parse::<LongToken>(), Err(TokenSyntax::Square));
        let e = LongMove::from_ascii(b"Ed2n  \tZZZ").unwrap_err();
        assert_eq!((e.index, e.token.as_str()), (1, "ZZZ"));
    }
}
