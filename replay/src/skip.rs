//! Why a file holds no game to report, said the same way by every command and output.

/// Why a file holds no game to report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipReason {
    /// A file found in a folder in which no format tabula knows is recognised.
    NotRecords,
    /// An empty file.
    Empty,
    /// Records of a format tabula knows, without a game (an archive's header alone).
    NoGames,
    /// A folder reached again through a link (a loop, or a second way to the same folder).
    SeenBefore,
    /// Something in a folder that is neither a file nor a folder (a device, pipe or socket).
    NotAFile,
}

impl SkipReason {
    /// The reason, in full.
    pub const fn message(self) -> &'static str {
        match self {
            SkipReason::NotRecords => NOT_RECORDS,
            SkipReason::Empty => "an empty file: no games",
            SkipReason::NoGames => "records of a format tabula knows, but no game in them",
            SkipReason::SeenBefore => "a folder already read by another path (reached again through a link)",
            SkipReason::NotAFile => "not a file or a folder",
        }
    }

    /// A few words for a list.
    pub const fn label(self) -> &'static str {
        match self {
            SkipReason::NotRecords => "not game records",
            SkipReason::Empty => "empty",
            SkipReason::NoGames => "no games",
            SkipReason::SeenBefore => "a folder read already",
            SkipReason::NotAFile => "not a file",
        }
    }
}

/// Why a file named as records, or content not recognised, cannot be read.
pub const NOT_RECORDS: &str = "not a record file tabula knows: expected an Arimaa archive (a tab-separated \
                           header with a movelist column), an Arimaa move list (starting with 1w or 1g), a \
                           backgammon match (.mat: `N point match`, then `Game 1`; .sgf: `(;GM[6]`; .xg: the bytes `RGMH` \
                           first) or Stones and Rivers records \
                           ([Key \"Value\"] tags, then turns like `Sq - D5, FN`)";
