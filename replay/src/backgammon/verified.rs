//! A backgammon match as its verification found it: every roll with the play the engine
//! resolved, the cube actions and each game's end. `tabula convert` writes it again (`.mat` by
//! [`convert`](super::convert), `.sgf` by [`sgf::write`](super::sgf::write)).

use tabula_engine::backgammon::{BySide, Dice, Play, Position, Side};

use super::sgf::GameInfo;

/// What a player did, as verified.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Step {
    /// A roll and its play (empty: a dance). `before` is the position seen from the roller.
    Play {
        /// The roll.
        dice: Dice,
        /// The play, as the engine resolved it.
        play: Play,
        /// The position before it.
        before: Position,
    },
    /// A roll left unplayed although it could be played: the game ends by resignation after it.
    Unplayed {
        /// The roll.
        dice: Dice,
    },
    /// A roll the player resigned after without a play written (`.mat` `????`, `.sgf` `PL`/`DI`).
    Unknown {
        /// The roll.
        dice: Dice,
    },
    /// A double (or a beaver) to `value`.
    Double {
        /// The cube value offered.
        value: u32,
    },
    /// A take.
    Take,
    /// A drop.
    Drop,
}

/// One game, verified.
#[derive(Clone, Debug)]
pub struct VerifiedGame {
    /// The players, left (`W`) first.
    pub players: [String; 2],
    /// The score before the game.
    pub scores: BySide<u32>,
    /// Whether it is the Crawford game.
    pub crawford: bool,
    /// Every action, with its player.
    pub steps: Vec<(Side, Step)>,
    /// The winner, the points and how the game ended (`bearoff`, `drop`, `resign`).
    pub end: (Side, u64, &'static str),
    /// The points without the Jacoby rule, which a `.mat` file cannot state: what its `Wins`
    /// line says (as GNU Backgammon's export writes it), the same as `end`'s when the rule
    /// does not hold or changes nothing.
    pub points_without_jacoby: u64,
}

/// A match, every game verified.
#[derive(Clone, Debug, Default)]
pub struct VerifiedMatch {
    /// The match length (0: money).
    pub length: u32,
    /// Whether the Crawford rule holds.
    pub crawford_rule: bool,
    /// Whether the Jacoby rule holds (money play).
    pub jacoby: bool,
    /// The `.mat` header's tags, or tags made from the `.sgf` game information.
    pub tags: Vec<(String, String)>,
    /// Event, place and date (from the `.sgf` root, or the `.mat` tags).
    pub info: GameInfo,
    /// The games.
    pub games: Vec<VerifiedGame>,
}
