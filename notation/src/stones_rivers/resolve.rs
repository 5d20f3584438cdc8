//! Resolution: the engine turn a text names, checked against a position.
//!
//! A Stones and Rivers turn names every cell it touches, so the text maps to exactly one
//! [`Turn`] ([`TurnText::turn`]); resolving checks that the right player writes it and that the
//! engine's rules allow it ([`Position::play`]). A move records only its start and end: the
//! engine decides whether some ride reaches the end.

use tabula_engine::stones_rivers::{PlayError, Player, Position, Turn};

use super::turn_text::{player_code, ParseTurnError, TurnText};

/// Why a turn text is not a legal turn of a position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ResolveError {
    /// The text does not parse ([`resolve`] only).
    #[error(transparent)]
    Syntax(#[from] ParseTurnError),
    /// The text is written by the player who is not to move.
    #[error("it is {}'s turn, not {}'s", player_code(*.expected), player_code(*.found))]
    WrongPlayer {
        /// The player to move.
        expected: Player,
        /// The player the text names.
        found: Player,
    },
    /// The engine refuses the turn; the reason is the engine's (this includes a turn written
    /// after the game has ended).
    #[error(transparent)]
    Illegal(#[from] PlayError),
}

impl TurnText {
    /// The engine turn this text names, if it is a legal turn of `pos`.
    ///
    /// # Errors
    /// [`ResolveError::Illegal`] when the game is already over (checked first, whoever writes
    /// the turn) or the rules forbid the turn, with the engine's reason;
    /// [`ResolveError::WrongPlayer`] when the text's player is not the one to move.
    pub fn resolve(&self, pos: &Position) -> Result<Turn, ResolveError> {
        self.play(pos).map(|(turn, _)| turn)
    }

    /// As [`resolve`](Self::resolve), also giving the position after the turn (so that a
    /// replay checks each turn once).
    ///
    /// # Errors
    /// As [`resolve`](Self::resolve).
    #[inline]
    pub fn play(&self, pos: &Position) -> Result<(Turn, Position), ResolveError> {
        let mut next = *pos;
        let turn = self.play_in_place(&mut next)?;
        Ok((turn, next))
    }

    /// As [`play`](Self::play), changing `pos` into the position after the turn.
    ///
    /// # Errors
    /// As [`resolve`](Self::resolve); `pos` is then unchanged.
    #[inline]
    pub fn play_in_place(&self, pos: &mut Position) -> Result<Turn, ResolveError> {
        let turn = self.turn();
        // After a win every turn is refused for that reason, whoever writes it: the engine
        // says the game is over.
        if pos.winner().is_none() && self.player != pos.to_move() {
            return Err(ResolveError::WrongPlayer { expected: pos.to_move(), found: self.player });
        }
        pos.play_in_place(&turn)?;
        Ok(turn)
    }
}

/// Parses `text` and resolves it against `pos`.
///
/// # Errors
/// [`ResolveError::Syntax`] when the text is not a turn, else as [`TurnText::resolve`].
pub fn resolve(text: &str, pos: &Position) -> Result<Turn, ResolveError> {
    text.parse::<TurnText>()?.resolve(pos)
}
