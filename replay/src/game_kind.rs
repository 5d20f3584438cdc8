//! The games tabula replays, named once: every part of `tabula-replay` and the `tabula`
//! program that needs to say which game a record, a report or a question is about uses
//! [`GameKind`].

use std::fmt;
use std::str::FromStr;

/// A game tabula knows.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameKind {
    /// Arimaa.
    Arimaa,
    /// Backgammon.
    Backgammon,
    /// Stones and Rivers.
    StonesRivers,
}

impl GameKind {
    /// Every game, in the order the program lists them.
    pub const ALL: [GameKind; 3] = [GameKind::Arimaa, GameKind::Backgammon, GameKind::StonesRivers];

    /// Its name (`docs/cli.md`): the `game` and `kind` values of the JSON output and
    /// the `--game` argument (`arimaa`, `backgammon`, `stones-and-rivers`).
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Arimaa => "arimaa",
            GameKind::Backgammon => "backgammon",
            GameKind::StonesRivers => "stones-and-rivers",
        }
    }

    /// The game of a [`name`](Self::name).
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == name)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no game tabula knows.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{0}` is not a game tabula knows: arimaa, backgammon or stones-and-rivers")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::from_name(s).ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for g in GameKind::ALL {
            assert_eq!(g.name().parse(), Ok(g));
        }
        assert_eq!("chess".parse::<GameKind>(), Err(UnknownGame("chess".into())));
    }
}
