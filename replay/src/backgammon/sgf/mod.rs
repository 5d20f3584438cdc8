//! GNU Backgammon's match files: SGF (FF\[4\]) game trees of game type 6, backgammon, one tree a
//! game of the match, each read into the [`GameRecord`] a `.mat` game gives, so that a game is
//! verified, reported and replayed the same way whichever file it comes from.
//!
//! ```text
//! (;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:3][game:0][ws:0][bs:0]
//! PW[tabula_left]PB[tabula_right]EV[...]RU[Crawford]RE[B+2]GS[...]
//! ;B[62lnqw]          a roll and its play: dice, then one pair of letters a step
//! ;W[52xvmh]
//! ;B[double]          cube actions: double, take, drop (a beaver is written as a double)
//! ;W[take]
//! ;W[55]              a roll with no play: a dance, or a roll the game ended after by resignation
//! ;PL[B]DI[11])       a roll the player resigned after without playing (`.mat`: `11: ????`)
//! (;FF[4]GM[6]...MI[length:3][game:1][ws:0][bs:2]...RU[Crawford:CrawfordGame]RE[W+1R]
//! ...)
//! ```
//!
//! # What is read
//!
//! - **Moves**: `W` is the first player (the left column of a `.mat` file, gnubg's player 0),
//!   `B` the second. A step is two letters, from and to, `a` to `x` the points 1 to 24 as the
//!   `W` player numbers them (so `B`'s point `n` is the letter of `25 - n`), `y` the bar and `z`
//!   off. `B[62lnqw]` is `62: 13/11 8/2` for `B`. Every play is verified by the engine exactly as
//!   a `.mat` play is (the dice rule included).
//! - **Game information** (the first node of each tree): `PW`/`PB` the players, `MI` the match
//!   length, the game's 0-based number and the score before it (`ws` for `W`, `bs` for `B`),
//!   `RU` the rules (`Crawford`, `CrawfordGame` for the Crawford game, `Jacoby` in money play;
//!   `Nackgammon` and the hypergammons are refused, their start is not backgammon's), `RE` the
//!   result (`W+3`, `B+2R`: `R` for a resignation), `EV`, `PC`, `DT` kept for writing.
//! - **Set-up**: `PL` with `DI` is a roll the player did not play (gnubg writes it for a
//!   resignation after the roll, and for a game saved before the roll was played). A node of
//!   `AE`, `AW`, `AB` (a position set by hand: `AE[a:y]` empties every point and the bar, then
//!   `AW`/`AB` put one checker a letter, `a`-`x` the points from `W`'s side, `y` the bar; the
//!   checkers not put are borne off), `CV` (the cube's value), `CP` or `CO` (its owner: `w`, `b`
//!   or `c` centred) and `PL` (the player to move) is a [`SetUpNode`]: the replay goes on from
//!   it. A board set only in part is unreadable at that node.
//! - **gnubg's repeated dance**: the roll of a player who could not move, written once more for
//!   the same player as the game's last move before a resignation (`;B[61]` `;B[61]`), is one
//!   roll, the copy read over (gnubg's `.mat` export writes it again for the other player).
//! - **Everything else** (analysis, `GS` statistics, comments `C`, `LB`, marks, any other
//!   property) is read over. SGF escapes (`\]`, `\\`, a `\` before a line break) are handled;
//!   a variation (a tree inside a tree) is read along its first branch, the others read over.
//!
//! # Limits
//!
//! A game tree whose text passes [`MAX_RECORD_BYTES`] is unreadable at the line where it does and
//! read over to its end; past [`MAX_SKIP_BYTES`] read over, or at a NUL byte (not text), reading
//! stops. No input makes the reader panic (`replay/tests` and `fuzz/fuzz_targets/backgammon_sgf.rs`).

pub mod write;

use std::io::{self, BufRead};

use compact_str::CompactString;
use tabula_engine::backgammon::{BySide, MatchScore, Side};

use super::mat::in_game;
use super::mat::{Action, ActionKind, Column, GameEnd, GameRecord, SetUpNode};
use crate::input::{MAX_RECORD_BYTES, MAX_SKIP_BYTES};
use crate::report::shortened;

/// Why a match file, or one game of it, cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum SgfError {
    /// The input could not be read; nothing more is read after it.
    #[error("cannot read line {line}: {source}")]
    Io {
        /// 1-based line being read.
        line: u64,
        /// The reader's error.
        #[source]
        source: io::Error,
    },
    /// A NUL byte: not a text file; reading stops.
    #[error("line {line} holds binary data (a NUL byte), not text")]
    Binary {
        /// 1-based line.
        line: u64,
    },
    /// Nothing but blanks, or nothing at all.
    #[error("the input is empty")]
    Empty,
    /// Text outside any game tree, or a malformed tree or value.
    #[error("line {line}{}: found `{found}`, expected {expected}", in_game(.game))]
    Syntax {
        /// 1-based line.
        line: u64,
        /// The game's number (1-based, in file order), inside a game.
        game: Option<u32>,
        /// The offending token (shortened), or `the end of the input`.
        found: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A game tree whose text passes [`MAX_RECORD_BYTES`]: read over to its end.
    #[error("line {line} (game {game}): the game's text passes {MAX_RECORD_BYTES} bytes (the limit of one record)")]
    GameTooLong {
        /// 1-based line at which it passed the limit.
        line: u64,
        /// The game's number.
        game: u32,
    },
    /// More than [`MAX_SKIP_BYTES`] read over without the end of a tree: reading stops.
    #[error("line {line}: more than {MAX_SKIP_BYTES} bytes without the end of a game tree")]
    Endless {
        /// 1-based line.
        line: u64,
    },
}

impl SgfError {
    /// What is wrong, without the line and game.
    pub fn reason(&self) -> String {
        match self {
            SgfError::Syntax { found, expected, .. } => format!("found `{found}`, expected {expected}"),
            SgfError::GameTooLong { .. } => {
                format!(
                    "the game's text passes {MAX_RECORD_BYTES} bytes, more than any game's (the limit of one record)"
                )
            }
            other => other.to_string(),
        }
    }

    /// The offending text, when the error has one.
    pub fn token(&self) -> Option<&str> {
        match self {
            SgfError::Syntax { found, .. } => Some(found),
            _ => None,
        }
    }

    /// The 1-based line the error is about, when there is one.
    pub fn line(&self) -> Option<u64> {
        match *self {
            SgfError::Io { line, .. }
            | SgfError::Binary { line }
            | SgfError::Syntax { line, .. }
            | SgfError::GameTooLong { line, .. }
            | SgfError::Endless { line } => Some(line),
            SgfError::Empty => None,
        }
    }
}

fn syntax(line: u64, game: Option<u32>, found: &str, expected: &'static str) -> SgfError {
    SgfError::Syntax { line, game, found: shortened(found), expected }
}

/// A property as read: its name, its values (escapes resolved) and the line it starts on.
#[derive(Clone, Debug)]
struct Property {
    ident: String,
    values: Vec<String>,
    line: u64,
}

/// The information of a game's first node that a writer carries over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// `EV`, the event.
    pub event: Option<String>,
    /// `PC`, the place (gnubg puts a `.mat` file's `Site` there).
    pub place: Option<String>,
    /// `DT`, the date.
    pub date: Option<String>,
}

/// One game of an `.sgf` match, read: the record and what the first node says about the match.
#[derive(Clone, Debug)]
pub struct SgfGame {
    /// The game as a `.mat` game is read: `W` the left column, `B` the right one, the `RE`
    /// result as a last `Wins` action (its text the property, `RE[W+1R]`).
    pub record: GameRecord,
    /// The match length (`MI[length:n]`; 0 for money, or when not written).
    pub length: u32,
    /// Whether the Crawford rule holds (`RU[Crawford]`).
    pub crawford_rule: bool,
    /// Whether the game is marked the Crawford game (`RU[...:CrawfordGame]`).
    pub crawford_game: bool,
    /// Whether the result is written as a resignation (`RE[W+1R]`); `None` without `RE`.
    pub resigned: Option<bool>,
    /// Event, place and date.
    pub info: GameInfo,
}

/// The games of an `.sgf` file, one tree at a time: memory holds one game.
pub struct SgfReader<R> {
    input: R,
    line: u64,
    /// Bytes consumed of the current tree.
    tree_bytes: usize,
    /// Games started (trees met).
    games: u32,
    /// Whether anything but blanks was met.
    seen: bool,
    /// A tree's `(` was read while stray text before it was reported: read it next.
    resume: bool,
    done: bool,
}

/// The result of one byte read.
type Byte = Result<Option<u8>, SgfError>;

impl<R: BufRead> SgfReader<R> {
    /// The games of `input`.
    pub fn new(input: R) -> SgfReader<R> {
        SgfReader { input, line: 1, tree_bytes: 0, games: 0, seen: false, resume: false, done: false }
    }

    fn peek(&mut self) -> Byte {
        loop {
            match self.input.fill_buf() {
                Ok(buf) => return Ok(buf.first().copied()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(source) => return Err(SgfError::Io { line: self.line, source }),
            }
        }
    }

    fn next_byte(&mut self) -> Byte {
        let b = self.peek()?;
        if let Some(b) = b {
            self.input.consume(1);
            self.tree_bytes = self.tree_bytes.saturating_add(1);
            match b {
                0 => return Err(SgfError::Binary { line: self.line }),
                b'\n' => self.line += 1,
                _ => {}
            }
        }
        Ok(b)
    }

    /// Reads a value after its `[`, up to the unescaped `]`; keeps it when `keep`.
    fn value(&mut self, keep: bool, game: u32) -> Result<String, SgfError> {
        let mut bytes = Vec::new();
        loop {
            let Some(b) = self.next_byte()? else {
                return Err(syntax(self.line, Some(game), "the end of the input", "`]` closing a property value"));
            };
            match b {
                b']' => break,
                b'\\' => match self.next_byte()? {
                    // A soft line break: `\` before a line break is nothing.
                    Some(b'\n') => {}
                    Some(b'\r') => {
                        if self.peek()? == Some(b'\n') {
                            self.next_byte()?;
                        }
                    }
                    Some(c) if keep => bytes.push(c),
                    Some(_) => {}
                    None => {
                        return Err(syntax(
                            self.line,
                            Some(game),
                            "the end of the input",
                            "`]` closing a property value",
                        ))
                    }
                },
                b'\r' => {}
                c if keep => bytes.push(c),
                _ => {}
            }
            if keep && self.tree_bytes > MAX_RECORD_BYTES {
                return Err(SgfError::GameTooLong { line: self.line, game });
            }
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Reads the rest of a tree after its `(`: the nodes of its main line, as properties, with
    /// each node's first line; or the first error, the rest of the tree read over.
    fn tree(&mut self, game: u32) -> Result<Vec<Vec<Property>>, SgfError> {
        let mut nodes: Vec<Vec<Property>> = Vec::new();
        let mut depth = 1usize;
        // Per depth: whether its main child has closed (later children are variations).
        let mut closed: Vec<bool> = vec![false, false];
        // Reading over a variation opened at this depth, or over the whole tree after an error.
        let mut skip_from: Option<usize> = None;
        let mut error: Option<SgfError> = None;
        let mut ident = String::new();
        let mut ident_line = 0;
        let mut current: Option<Property> = None;
        loop {
            if error.is_some() && self.tree_bytes as u64 > MAX_SKIP_BYTES {
                return Err(SgfError::Endless { line: self.line });
            }
            if error.is_none() && self.tree_bytes > MAX_RECORD_BYTES {
                error = Some(SgfError::GameTooLong { line: self.line, game });
                skip_from = Some(1);
            }
            let keep = skip_from.is_none();
            let Some(b) = self.next_byte()? else {
                return Err(error.unwrap_or_else(|| {
                    syntax(self.line, Some(game), "the end of the input", "`)` closing the game tree")
                }));
            };
            if b.is_ascii_alphabetic() {
                if ident.is_empty() {
                    ident_line = self.line;
                    if let Some(p) = current.take() {
                        match nodes.last_mut() {
                            Some(node) if keep => node.push(p),
                            _ => {}
                        }
                    }
                }
                if ident.len() < 32 {
                    ident.push(b as char);
                }
                continue;
            }
            if b == b'[' {
                if ident.is_empty() && current.is_none() {
                    if keep {
                        error = Some(syntax(self.line, Some(game), "[", "a property name before `[`"));
                        skip_from = Some(1);
                    }
                    self.value(false, game)?;
                    continue;
                }
                match self.value(keep, game) {
                    Ok(v) if keep => {
                        if !ident.is_empty() {
                            let line = ident_line;
                            current = Some(Property { ident: std::mem::take(&mut ident), values: Vec::new(), line });
                        }
                        if let Some(p) = current.as_mut() {
                            p.values.push(v);
                        }
                    }
                    Ok(_) => ident.clear(),
                    Err(e @ SgfError::GameTooLong { .. }) => {
                        error = Some(e);
                        skip_from = Some(1);
                        ident.clear();
                        current = None;
                    }
                    Err(e) => return Err(error.unwrap_or(e)),
                }
                continue;
            }
            // Anything else ends a property.
            if let Some(p) = current.take() {
                match nodes.last_mut() {
                    Some(node) if keep => node.push(p),
                    _ => {}
                }
            }
            if !ident.is_empty() {
                if keep {
                    error = Some(syntax(ident_line, Some(game), &ident, "a property value `[...]` after its name"));
                    skip_from = Some(1);
                }
                ident.clear();
            }
            match b {
                b';' => {
                    if keep {
                        if closed[depth] {
                            error = Some(syntax(self.line, Some(game), ";", "`(` or `)` after a variation"));
                            skip_from = Some(1);
                        } else {
                            nodes.push(Vec::new());
                        }
                    }
                }
                b'(' => {
                    if keep && closed[depth] {
                        skip_from = Some(depth + 1);
                    }
                    depth += 1;
                    if closed.len() <= depth {
                        closed.push(false);
                    } else {
                        closed[depth] = false;
                    }
                }
                b')' => {
                    if skip_from == Some(depth) && error.is_none() {
                        skip_from = None;
                    }
                    depth -= 1;
                    if depth == 0 {
                        return match error {
                            Some(e) => Err(e),
                            None if nodes.is_empty() => {
                                Err(syntax(self.line, Some(game), ")", "a node `;` in the game tree"))
                            }
                            None => Ok(nodes),
                        };
                    }
                    if skip_from.is_none() {
                        closed[depth] = true;
                    }
                }
                b if b.is_ascii_whitespace() => {}
                other => {
                    if keep {
                        let found = String::from_utf8_lossy(&[other]).into_owned();
                        error =
                            Some(syntax(self.line, Some(game), &found, "a property `NAME[value]`, `;`, `(` or `)`"));
                        skip_from = Some(1);
                    }
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for SgfReader<R> {
    type Item = Result<SgfGame, SgfError>;

    /// The next game, or the error that made it unreadable (reading goes on with the next tree,
    /// except after an I/O error, a NUL byte or an endless tree).
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if std::mem::take(&mut self.resume) {
            return Some(self.read_game());
        }
        // Up to the next `(`: text outside the trees is one error.
        let mut stray: Option<(u64, Vec<u8>)> = None;
        let mut skipped = 0u64;
        loop {
            let b = match self.next_byte() {
                Ok(b) => b,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            match b {
                None => {
                    self.done = true;
                    if let Some((line, text)) = stray {
                        let expected = "a game tree `(;GM[6]...)`";
                        return Some(Err(syntax(line, None, &String::from_utf8_lossy(&text), expected)));
                    }
                    return (!self.seen).then_some(Err(SgfError::Empty));
                }
                Some(b'(') => {
                    if let Some((line, text)) = stray {
                        // The `(` is taken: the tree is read at the next call.
                        self.pending_tree();
                        let expected = "a game tree `(;GM[6]...)`";
                        return Some(Err(syntax(line, None, &String::from_utf8_lossy(&text), expected)));
                    }
                    break;
                }
                Some(b) if b.is_ascii_whitespace() => {}
                Some(b) => {
                    self.seen = true;
                    skipped += 1;
                    if skipped > MAX_SKIP_BYTES {
                        self.done = true;
                        return Some(Err(SgfError::Endless { line: self.line }));
                    }
                    let entry = stray.get_or_insert_with(|| (self.line, Vec::new()));
                    if entry.1.len() < 80 && !b.is_ascii_control() {
                        entry.1.push(b);
                    }
                }
            }
        }
        Some(self.read_game())
    }
}

impl<R: BufRead> SgfReader<R> {
    /// A `(` was consumed while reporting stray text: the next call reads its tree.
    fn pending_tree(&mut self) {
        self.resume = true;
    }

    fn read_game(&mut self) -> Result<SgfGame, SgfError> {
        self.seen = true;
        self.games += 1;
        self.tree_bytes = 0;
        let game = self.games;
        let line = self.line;
        let nodes = match self.tree(game) {
            Ok(nodes) => nodes,
            Err(e) => {
                if matches!(e, SgfError::Io { .. } | SgfError::Binary { .. } | SgfError::Endless { .. })
                    || e.token() == Some("the end of the input")
                {
                    self.done = true;
                }
                return Err(e);
            }
        };
        game_of(game, line, &nodes)
    }
}

/// The letter of a point for a step of `side`'s (`None`: not a point letter).
fn point_of(letter: u8, side: Column, from: bool) -> Option<u8> {
    match letter {
        b'a'..=b'x' => {
            let index = letter - b'a';
            Some(if side == Column::Left { index + 1 } else { 24 - index })
        }
        b'y' if from => Some(25),
        b'z' if !from => Some(0),
        _ => None,
    }
}

/// The letter `point_of` reads as `point` (25 the bar, 0 off) for `side`.
pub fn letter_of(point: u8, side: Column) -> char {
    match point {
        25 => 'y',
        0 => 'z',
        p if side == Column::Left => char::from(b'a' + (p - 1)),
        p => char::from(b'a' + (24 - p)),
    }
}

const MOVE: &str = "a move: two dice and steps (`62lnqw`), `double`, `take` or `drop`";

/// A `B`/`W` value as an action kind and, for a roll, its play as `from/to` text.
fn read_move(value: &str, side: Column) -> Option<(ActionKind, Option<CompactString>)> {
    let v = value.trim();
    match v {
        "double" | "beaver" => return Some((ActionKind::Double { value: 0 }, None)),
        "take" => return Some((ActionKind::Take, None)),
        "drop" => return Some((ActionKind::Drop, None)),
        _ => {}
    }
    let bytes = v.as_bytes();
    let die = |b: u8| matches!(b, b'1'..=b'6').then(|| b - b'0');
    let (d1, d2) = (die(*bytes.first()?)?, die(*bytes.get(1)?)?);
    let steps = &bytes[2..];
    if !steps.len().is_multiple_of(2) || steps.len() > 8 {
        return None;
    }
    let mut play = CompactString::default();
    for pair in steps.chunks(2) {
        let from = point_of(pair[0], side, true)?;
        let to = point_of(pair[1], side, false)?;
        if !play.is_empty() {
            play.push(' ');
        }
        play.push_str(&format!("{from}/{to}"));
    }
    Some((ActionKind::Roll { dice: (d1, d2) }, Some(play)))
}

/// The rules words of `RU` that change what is played.
fn unsupported_rule(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    w.starts_with("nackgammon") || w.starts_with("hypergammon")
}

/// A game tree's nodes as a game.
fn game_of(number: u32, line: u64, nodes: &[Vec<Property>]) -> Result<SgfGame, SgfError> {
    let err = |p: &Property, found: String, expected: &'static str| syntax(p.line, Some(number), &found, expected);
    let token = |p: &Property| format!("{}[{}]", p.ident, p.values.join("]["));
    let root_line = nodes.first().and_then(|n| n.first()).map_or(line, |p| p.line);
    let mut record = GameRecord {
        number,
        line,
        players: [String::new(), String::new()],
        scores: [0, 0],
        players_line: root_line,
        actions: Vec::new(),
        end: None,
        jacoby: false,
    };
    let mut game = SgfGame {
        record: GameRecord { actions: Vec::new(), ..record.clone() },
        length: 0,
        crawford_rule: false,
        crawford_game: false,
        resigned: None,
        info: GameInfo::default(),
    };
    let mut result: Option<(Property, Column, u64)> = None;
    for (index, node) in nodes.iter().enumerate() {
        let mut player: Option<Column> = None;
        let mut dice: Option<(&Property, (u8, u8))> = None;
        let mut set_up = SetUpReader::default();
        for p in node {
            let first = p.values.first().map_or("", String::as_str);
            match (index, p.ident.as_str()) {
                (0, "GM") if first.trim() != "6" => {
                    return Err(err(p, token(p), "`GM[6]`: a backgammon game"));
                }
                (0, "MI") => {
                    for v in &p.values {
                        let Some((key, value)) = v.split_once(':') else { continue };
                        let parsed = value.trim().parse::<u32>();
                        let slot = match key.trim() {
                            "length" => &mut game.length,
                            "ws" => &mut record.scores[0],
                            "bs" => &mut record.scores[1],
                            _ => continue,
                        };
                        *slot = parsed.map_err(|_| err(p, token(p), "`MI[length:n][game:n][ws:n][bs:n]`, numbers"))?;
                    }
                }
                (0, "PW") => record.players[0] = first.to_owned(),
                (0, "PB") => record.players[1] = first.to_owned(),
                (0, "EV") => game.info.event = Some(first.to_owned()),
                (0, "PC") => game.info.place = Some(first.to_owned()),
                (0, "DT") => game.info.date = Some(first.to_owned()),
                (0, "RU") => {
                    for word in first.split(':').map(str::trim) {
                        if unsupported_rule(word) {
                            return Err(err(
                                p,
                                token(p),
                                "backgammon's rules (a variant with another start is not read)",
                            ));
                        }
                        match word {
                            "Crawford" => game.crawford_rule = true,
                            "CrawfordGame" => game.crawford_game = true,
                            "Jacoby" => record.jacoby = true,
                            _ => {}
                        }
                    }
                }
                (0, "RE") => {
                    let v = first.trim();
                    let winner = match v.as_bytes().first() {
                        Some(b'W') => Column::Left,
                        Some(b'B') => Column::Right,
                        // A draw, void or unknown result: no result.
                        _ => continue,
                    };
                    let rest = v[1..].strip_prefix('+').unwrap_or("");
                    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                    let (points, how) = rest.split_at(digits);
                    let points: u64 = points
                        .parse()
                        .ok()
                        .filter(|_| matches!(how, "" | "R"))
                        .ok_or_else(|| err(p, token(p), "a result `W+n` or `B+n`, `R` after a resignation"))?;
                    game.resigned = Some(how == "R");
                    result = Some((p.clone(), winner, points));
                }
                (_, "W" | "B") => {
                    let side = if p.ident == "W" { Column::Left } else { Column::Right };
                    let (kind, play_text) = read_move(first, side).ok_or_else(|| err(p, token(p), MOVE))?;
                    record.actions.push(Action {
                        line: p.line,
                        move_number: u32::try_from(index).ok(),
                        column: side,
                        position: 0,
                        text: CompactString::new(shortened(&token(p))),
                        kind,
                        play_text,
                    });
                }
                (_, "PL") => {
                    player = match first.trim() {
                        "W" => Some(Column::Left),
                        "B" => Some(Column::Right),
                        _ => return Err(err(p, token(p), "`PL[W]` or `PL[B]`")),
                    }
                }
                (_, "DI") => {
                    let b = first.trim().as_bytes();
                    let die = |b: Option<&u8>| b.filter(|d| (b'1'..=b'6').contains(d)).map(|d| d - b'0');
                    match (die(b.first()), die(b.get(1)), b.len()) {
                        (Some(a), Some(c), 2) => dice = Some((p, (a, c))),
                        _ => return Err(err(p, token(p), "`DI[dd]`: two dice 1-6")),
                    }
                }
                (_, "AE" | "AW" | "AB" | "CO" | "CP" | "CV") => {
                    set_up.read(p).map_err(|expected| err(p, token(p), expected))?;
                }
                _ => {}
            }
        }
        if let Some((p, node)) = set_up.finish(player).map_err(|(p, expected)| err(p, token(p), expected))? {
            let column = match node.to_move {
                Some(side) => Column::from(side),
                None => Column::Left,
            };
            record.actions.push(Action {
                line: p.line,
                move_number: u32::try_from(index).ok(),
                column,
                position: 0,
                text: CompactString::new(shortened(&token(p))),
                kind: ActionKind::SetUp(Box::new(node)),
                play_text: None,
            });
        }
        if let Some((p, dice)) = dice {
            let Some(side) = player else {
                return Err(err(p, token(p), "`PL[W]` or `PL[B]` with `DI`, the player who rolled"));
            };
            record.actions.push(Action {
                line: p.line,
                move_number: u32::try_from(index).ok(),
                column: side,
                position: 0,
                text: CompactString::new(format!("PL[{}]{}", if side == Column::Left { 'W' } else { 'B' }, token(p))),
                kind: ActionKind::Unknown { dice },
                play_text: None,
            });
        }
    }
    // gnubg 1.07 writes the roll of a player who could not move once more, for the same player,
    // when the game then ends by resignation (`;B[61]` `;B[61]`, as its `.mat` export writes it
    // again for the other player): one roll, the copy read over. Only that: the same player,
    // the same dice, nothing played, and the game's last move before a resignation.
    if game.resigned == Some(true) {
        if let [.., before, last] = record.actions.as_slice() {
            let unplayed = |a: &Action| matches!(a.kind, ActionKind::Roll { .. }) && a.play().is_none_or(str::is_empty);
            if unplayed(before) && unplayed(last) && before.column == last.column && before.kind == last.kind {
                record.actions.pop();
            }
        }
    }
    if let Some((p, winner, points)) = result {
        record.end = Some(GameEnd { winner, points, and_match: false, line: p.line });
        record.actions.push(Action {
            line: p.line,
            move_number: None,
            column: winner,
            position: 0,
            text: CompactString::new(shortened(&token(&p))),
            kind: ActionKind::Wins { points, and_match: false },
            play_text: None,
        });
    }
    game.record = record;
    Ok(game)
}

impl SgfGame {
    /// The match score before the game, with the Crawford flag (the game marked, or the first
    /// one at match point minus one when the rule holds: `crawford_done` says whether an
    /// earlier game was it).
    pub fn score(&self, crawford_done: bool) -> MatchScore {
        let [zero, one] = self.record.scores;
        let length = self.length;
        let mut score = MatchScore::new(length);
        score.points = BySide { zero, one };
        let at_point = length > 0 && ((zero + 1 == length) != (one + 1 == length));
        score.crawford = self.crawford_rule && length > 0 && (self.crawford_game || (at_point && !crawford_done));
        score.post_crawford = self.crawford_rule
            && !score.crawford
            && (crawford_done || (length > 0 && (zero + 1 >= length || one + 1 >= length)));
        score
    }
}

/// The set-up properties of one node, read as they come and checked as a whole at its end.
#[derive(Default)]
struct SetUpReader<'p> {
    /// The first set-up property of the node (where a report points).
    first: Option<&'p Property>,
    /// The points emptied by `AE` (`a`-`x` the board from `W`'s side, `y` the bar).
    emptied: u32,
    /// The checkers `AW` and `AB` put, by letter: left (`W`) and right (`B`).
    put: [[u8; 25]; 2],
    node: SetUpNode,
}

/// The place a set-up letter names (`a`-`x`, `y` the bar), 0-24.
fn set_up_place(letter: &str) -> Option<usize> {
    match letter.trim().as_bytes() {
        [c @ b'a'..=b'y'] => Some(usize::from(c - b'a')),
        _ => None,
    }
}

impl<'p> SetUpReader<'p> {
    /// Reads one set-up property.
    ///
    /// # Errors
    /// What the property should have been.
    fn read(&mut self, p: &'p Property) -> Result<(), &'static str> {
        self.first.get_or_insert(p);
        match p.ident.as_str() {
            "AE" => {
                for v in &p.values {
                    let (a, b) = v.split_once(':').unwrap_or((v, v));
                    let (Some(a), Some(b)) = (set_up_place(a), set_up_place(b)) else {
                        return Err("`AE[a:y]`: points `a`-`x` or the bar `y`, or a range of them");
                    };
                    for place in a.min(b)..=a.max(b) {
                        self.emptied |= 1 << place;
                    }
                }
            }
            "AW" | "AB" => {
                let side = usize::from(p.ident == "AB");
                for v in &p.values {
                    let Some(place) = set_up_place(v) else {
                        return Err("`AW[f]` or `AB[s]`: a point `a`-`x` or the bar `y`, once a checker");
                    };
                    self.put[side][place] = self.put[side][place].saturating_add(1);
                }
            }
            "CV" => {
                let value = p.values.first().and_then(|v| v.trim().parse::<u32>().ok());
                match value.filter(|v| v.is_power_of_two()) {
                    Some(v) => self.node.cube_value = Some(v),
                    None => return Err("`CV[n]`: the cube's value, a power of two"),
                }
            }
            // gnubg writes the owner `CP`; the SGF page for backgammon names it `CO`.
            _ => {
                self.node.cube_owner = Some(match p.values.first().map(|v| v.trim()) {
                    Some("w" | "W") => Some(Side::Zero),
                    Some("b" | "B") => Some(Side::One),
                    Some("c" | "C" | "") => None,
                    _ => return Err("`CP[w]`, `CP[b]` or `CP[c]`: the cube's owner, or centred"),
                });
            }
        }
        Ok(())
    }

    /// The node's set-up, with `player` (its `PL`) to move, if it had any set-up property.
    ///
    /// # Errors
    /// The property to blame and what was expected: a board set only in part (`AE` must
    /// empty every point and the bar before `AW` and `AB` put the checkers), or more than
    /// 15 checkers of a side.
    fn finish(self, player: Option<Column>) -> Result<Option<(&'p Property, SetUpNode)>, (&'p Property, &'static str)> {
        let Some(first) = self.first else { return Ok(None) };
        let mut node = self.node;
        node.to_move = player.map(Column::side);
        let puts = self.put.iter().any(|side| side.iter().any(|&n| n > 0));
        if self.emptied != 0 || puts {
            if self.emptied != (1 << 25) - 1 {
                return Err((first, "a whole position: `AE[a:y]` empties every point and the bar before `AW`/`AB`"));
            }
            let mut board = [[0u8; 26]; 2];
            for (side, put) in self.put.iter().enumerate() {
                for (place, &n) in put.iter().enumerate() {
                    // `a`-`x` are `W`'s points 1-24, `B`'s 24-1; `y` is the bar (25) of both.
                    let point = match (place, side) {
                        (24, _) => 25,
                        (p, 0) => p + 1,
                        (p, _) => 24 - p,
                    };
                    board[side][point] = n;
                }
                let on = board[side].iter().map(|&n| u32::from(n)).sum::<u32>();
                if on > 15 {
                    return Err((first, "at most 15 checkers of a side on the board and the bar"));
                }
                board[side][0] = (15 - on) as u8;
            }
            node.board = Some(board);
        }
        Ok(Some((first, node)))
    }
}
