//! The records of the game file (`temp.xg`): 2,560 bytes each, the type in the ninth byte,
//! fields at fixed offsets, later file versions adding fields at the end of a record.

use super::container::{i32_at, u32_at};
use super::XgError;

/// Bytes of one record of the game file.
pub const RECORD_BYTES: usize = 2560;
/// The magic of the match header record (`DMLI`), at byte 556.
const MATCH_MAGIC: u32 = 0x494C_4D44;

/// XG's 26 numbers of a position: 1 to 24 the points, 0 and 25 the bars; positive the checkers
/// of the player the position is seen from, negative the other's (numbered from the first).
pub type XgBoard = [i8; 26];

/// The match header record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchInfo {
    /// The players (1, 2).
    pub players: [String; 2],
    /// The match length (0 for money play: XG writes 99999 or 0).
    pub length: u32,
    /// 0 backgammon, 1 Nackgammon, 2 Hypergammon, 3 Longgammon.
    pub variation: i32,
    /// The Crawford rule.
    pub crawford: bool,
    /// The Jacoby rule.
    pub jacoby: bool,
    /// Automatic doubles.
    pub auto_double: bool,
    /// The players' ratings and experience.
    pub elo: [(f64, i32); 2],
    /// The date (days since 1899-12-30).
    pub date: f64,
    /// Event, location, round, transcriber.
    pub event: String,
    /// Where the match was played.
    pub location: String,
    /// The round.
    pub round: String,
    /// Who transcribed it.
    pub transcriber: String,
    /// The file version.
    pub version: i32,
    /// The highest cube, as a power of 2 (0: not written).
    pub cube_limit: i32,
    /// Comment indexes of the match's header and footer (-1: none).
    pub comments: [i32; 2],
}

/// A game header record.
#[derive(Clone, Debug, PartialEq)]
pub struct GameHeader {
    /// The score before the game (player 1, player 2).
    pub scores: [i32; 2],
    /// Whether the game is the Crawford game.
    pub crawford: bool,
    /// XG's game number (from 1).
    pub number: i32,
    /// Comment indexes of the game's header and footer.
    pub comments: [i32; 2],
    /// Automatic doubles in the game (version 26 on).
    pub auto_doubles: i32,
}

/// A cube record: the decision of the player on roll before rolling.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeRecord {
    /// 1 for player 1, -1 for player 2.
    pub player: i32,
    /// 1 doubled; 0 did not; negative: no decision (the cube was not available).
    pub double: i32,
    /// 1 take, 0 drop, 2 beaver; negative: no answer.
    pub take: i32,
    /// After a beaver: 1 the doubler takes, 0 drops, 2 raccoon.
    pub beaver: i32,
    /// The cube before: 0 centred, `n` a cube of `2^n` owned by player 1, `-n` by player 2.
    pub cube: i32,
    /// The position, seen from player 1.
    pub position: XgBoard,
    /// Comment index.
    pub comment: i32,
}

/// A move record.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRecord {
    /// 1 for player 1, -1 for player 2.
    pub player: i32,
    /// The position before the move, seen from player 1.
    pub before: XgBoard,
    /// The position after it, seen from the player who moved.
    pub after: XgBoard,
    /// From/to pairs in the mover's numbering, 0-based (24 the bar, a negative `to` off), a
    /// `from` of -1 ending the list.
    pub pairs: [i32; 8],
    /// The dice.
    pub dice: [i32; 2],
    /// The cube, as [`CubeRecord::cube`].
    pub cube: i32,
    /// Whether the roll was played: XG writes the roll of a player who then resigned as not
    /// played (its pairs all 0).
    pub played: bool,
    /// XG's own mark on the move (`InvalidM`): 0 none, 1 an error, 2 invalid (a move XG was
    /// told to record although its rules refuse it, as a transcription may hold).
    pub invalid: i32,
    /// Comment index.
    pub comment: i32,
}

/// A game footer record.
#[derive(Clone, Debug, PartialEq)]
pub struct GameFooter {
    /// The score after the game.
    pub scores: [i32; 2],
    /// 1 player 1, -1 player 2.
    pub winner: i32,
    /// Points won.
    pub points: i32,
    /// 0 a drop, 1-3 single, gammon, backgammon borne off; plus 100 resigned, plus 1000 settled.
    pub termination: i32,
}

/// One record of the game file.
#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    /// The match header (type 0).
    Match(Box<MatchInfo>),
    /// A game header (type 1).
    Game(GameHeader),
    /// A cube decision (type 2).
    Cube(Box<CubeRecord>),
    /// A move (type 3).
    Move(Box<MoveRecord>),
    /// A game footer (type 4).
    GameEnd(GameFooter),
    /// The match footer (type 5).
    MatchEnd,
}

fn board_at(r: &[u8], at: usize) -> XgBoard {
    let mut b = [0i8; 26];
    for (i, v) in b.iter_mut().enumerate() {
        *v = r[at + i] as i8;
    }
    b
}

fn f64_at(r: &[u8], at: usize) -> f64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&r[at..at + 8]);
    f64::from_le_bytes(b)
}

/// A Delphi short string of `capacity` bytes at `at` (a length byte, then Latin-1 bytes).
fn short_string(r: &[u8], at: usize, capacity: usize, record: u64) -> Result<String, XgError> {
    let len = usize::from(r[at]);
    if len >= capacity {
        return Err(XgError::StringLength { record, len, capacity: capacity - 1 });
    }
    Ok(text(r[at + 1..at + 1 + len].iter().map(|&b| char::from(b))))
}

/// A name or tag as text: control characters (a line break, a NUL) written as spaces, so that
/// no writer of `.mat` or `.sgf` is handed what its format cannot hold.
fn text(chars: impl Iterator<Item = char>) -> String {
    chars.map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_owned()
}

/// A NUL-ended UTF-16 string of 129 units at `at`.
fn wide_string(r: &[u8], at: usize) -> String {
    let units = r[at..at + 258].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).take_while(|&u| u != 0);
    text(char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)))
}

/// Reads the record `r` (exactly [`RECORD_BYTES`]), the `number`th of the game file (1-based),
/// of a file of `version` (that of the match header before it; 0 before one).
///
/// # Errors
/// An unknown record type, a string whose length passes its room, or a match header without
/// its magic.
pub fn read_record(r: &[u8], number: u64, version: i32) -> Result<Record, XgError> {
    if r.len() != RECORD_BYTES {
        return Err(XgError::CutRecord { record: number, bytes: r.len() });
    }
    let i32_of = |at: usize| i32_at(r, at, "a record");
    Ok(match r[8] {
        0 => {
            let magic = u32_at(r, 556, "a record")?;
            if magic != MATCH_MAGIC {
                return Err(XgError::RecordMagic { record: number });
            }
            let version = i32_of(552)?;
            let mut m = MatchInfo {
                players: [short_string(r, 9, 41, number)?, short_string(r, 50, 41, number)?],
                length: u32::try_from(i32_of(92)?).unwrap_or(0),
                variation: i32_of(96)?,
                crawford: r[100] != 0,
                jacoby: r[101] != 0,
                auto_double: r[103] != 0,
                elo: [(f64_at(r, 104), i32_of(120)?), (f64_at(r, 112), i32_of(124)?)],
                date: f64_at(r, 128),
                event: short_string(r, 136, 129, number)?,
                location: short_string(r, 283, 129, number)?,
                round: short_string(r, 417, 129, number)?,
                transcriber: String::new(),
                version,
                cube_limit: 0,
                comments: [i32_of(576)?, i32_of(580)?],
            };
            if m.length >= 99999 {
                m.length = 0;
            }
            if version >= 8 {
                m.cube_limit = i32_of(612)?;
            }
            if version >= 24 {
                m.event = wide_string(r, 622);
                m.players = [wide_string(r, 880), wide_string(r, 1138)];
                m.location = wide_string(r, 1396);
                m.round = wide_string(r, 1654);
            }
            if version >= 30 {
                m.transcriber = wide_string(r, 1960);
            }
            Record::Match(Box::new(m))
        }
        1 => Record::Game(GameHeader {
            scores: [i32_of(12)?, i32_of(16)?],
            crawford: r[20] != 0,
            number: i32_of(48)?,
            comments: [i32_of(56)?, i32_of(60)?],
            auto_doubles: if version >= 26 { i32_of(64)? } else { 0 },
        }),
        2 => Record::Cube(Box::new(CubeRecord {
            player: i32_of(12)?,
            double: i32_of(16)?,
            take: i32_of(20)?,
            beaver: i32_of(24)?,
            cube: i32_of(32)?,
            position: board_at(r, 36),
            comment: i32_of(292)?,
        })),
        3 => {
            let mut pairs = [0i32; 8];
            for (i, p) in pairs.iter_mut().enumerate() {
                *p = i32_of(68 + 4 * i)?;
            }
            Record::Move(Box::new(MoveRecord {
                player: i32_of(64)?,
                before: board_at(r, 9),
                after: board_at(r, 35),
                pairs,
                dice: [i32_of(100)?, i32_of(104)?],
                cube: i32_of(108)?,
                played: r[2308] != 0,
                invalid: i32_of(2480)?,
                comment: i32_of(2524)?,
            }))
        }
        4 => Record::GameEnd(GameFooter {
            scores: [i32_of(12)?, i32_of(16)?],
            winner: i32_of(24)?,
            points: i32_of(28)?,
            termination: i32_of(32)?,
        }),
        5 => Record::MatchEnd,
        kind => return Err(XgError::RecordType { record: number, kind }),
    })
}
