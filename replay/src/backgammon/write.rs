//! Writing Jellyfish `.mat` matches the way the two sites of the real files write them:
//! BackgammonGalaxy and Backgammon Studio.
//!
//! ```text
//! ; [Site "BackgammonGalaxy"]
//!
//! 3 point match
//!
//!  Game 1
//!  lasse : 0                       carlos_corral : 0
//!   1) 21: 13/11 6/5               65: 24/18 18/13
//!   8)  Doubles => 2                Takes
//!  45) 62: 4/0 2/0                  Losses 2 point
//!       Wins 2 point
//! ```
//!
//! # Layout
//!
//! A game's move lines are a sequence of cells, left column then right column, one action per
//! cell: a roll with its play, a cube action, a resignation, the result. Turn actions alternate
//! between the columns; an action for the column that is not next (the second player's opening
//! roll) is preceded by an empty cell. A left cell starts a numbered line (`  1)`, `999)`
//! right-aligned in four characters for BackgammonGalaxy, `  1)`, `  10)` for Backgammon
//! Studio); a roll starts one space after the number and any other action two spaces after it.
//! A right cell's roll starts at character 33 (Galaxy) or 40 (Studio), any other action one
//! character later. Galaxy writes no trailing blanks; Studio pads every left cell to
//! character 40.
//!
//! | | BackgammonGalaxy | Backgammon Studio |
//! | --- | --- | --- |
//! | play | one item per die in the order played, bar 25, off 0, no `*` (`25/21 21/18 3/0`) | [`PlayText::studio`] (`bar/21* 13/9* 9/3 6/off(2)`) |
//! | dance | `44:` | `44: Cannot Move` |
//! | resignation | before the roll, `Losses n point` in the loser's column | after the roll, `61: ????` |
//! | `Wins` | a gammon or backgammon capped at the match length, `and the match` when it wins the match | the game's value |
//! | `Wins` placed | the winner's cell on the current line if it is free, else a line of its own without a number | the winner's next cell |
//! | end of file | after the last `Wins` line (a blank line more after a right-column `Wins` that does not win the match) | two empty cells after the last `Wins`, the last line without its line break |
//!
//! Galaxy's match-winning resignations follow the real files too: after a left `Losses` the
//! `Wins` stands at character 67 on the same line, after a right `Losses` a blank line comes
//! before the `Wins` line. Between games: one blank line after a game whose last line ends in
//! the left column, two after one ending in the right column; before the first game one blank
//! line (Galaxy) or two (Studio) after the match length.
//!
//! Checked on the real files (`replay/tests/backgammon_testdata.rs`): each of the 298 real matches
//! read and written again with the actions read gives the same bytes,
//! but for three BackgammonGalaxy files that write a right-column `Losses` at character 1 on a
//! line of its own.

use std::fmt::{self, Write as _};
use std::io::{self, Write};

use tabula_engine::backgammon::{BySide, Dice, Play, Position, Side};
use tabula_notation::backgammon::PlayText;

use super::mat::{Column, MatchHeader};

/// Where Galaxy puts a match-winning `Wins` after a left-column `Losses`.
const FAR_WINS: usize = 67;

/// A site's way of writing `.mat` files (see the module documentation).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Dialect {
    /// BackgammonGalaxy: right column at character 33, bar and off as 25 and 0, no hit marks,
    /// `Losses` lines, gammons capped at the match length.
    Galaxy,
    /// Backgammon Studio: right column at character 40, gnubg-like plays with hit marks,
    /// `Cannot Move`, `????`, the game's points.
    Studio,
}

impl Dialect {
    /// The value of the `Site` tag in this dialect's files.
    pub const fn site(self) -> &'static str {
        match self {
            Dialect::Galaxy => "BackgammonGalaxy",
            Dialect::Studio => "Backgammon Studio",
        }
    }

    /// The character position where the second player's name and the right column's rolls
    /// start.
    pub const fn right_column(self) -> usize {
        match self {
            Dialect::Galaxy => 33,
            Dialect::Studio => 40,
        }
    }

    /// The points a `Wins` line shows in this dialect for a game worth `points` with the cube at
    /// `cube` in a match of `length` (0 for money): Galaxy caps a gammon or a backgammon (more
    /// than the cube) at the match length, Studio writes the game's value.
    pub fn written_points(self, points: u64, cube: u32, length: u32) -> u64 {
        match self {
            Dialect::Galaxy => galaxy_points(points, cube, length),
            Dialect::Studio => points,
        }
    }

    /// A roll and its play as this dialect writes them in a player's column. Galaxy: `dice:`,
    /// then ` from/to` for each step in the order played (`dice:` alone for a dance). Studio:
    /// `dice: ` and the play as [`PlayText::studio`] spells it from `before` (the position the
    /// play starts from, seen from the roller), or `Cannot Move`.
    pub fn roll_text(self, dice: Dice, play: &Play, before: &Position) -> String {
        match self {
            Dialect::Galaxy => galaxy_roll_text(dice, play),
            Dialect::Studio if play.is_empty() => format!("{dice}: Cannot Move"),
            Dialect::Studio => format!("{dice}: {}", PlayText::studio(before, play)),
        }
    }
}

impl fmt::Display for Dialect {
    /// The site's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.site())
    }
}

/// One action of a game, written in the column of the player who makes it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GameAction {
    /// A roll and its play (empty for a dance). `before` is the position the play starts from,
    /// seen from the roller: the Studio spelling shows hits.
    Roll {
        /// The roll.
        dice: Dice,
        /// The steps, in the order played (Galaxy writes them in this order).
        play: Play,
        /// The position before the play.
        before: Position,
    },
    /// `Doubles => value`.
    Double {
        /// The cube value offered.
        value: u32,
    },
    /// `Takes`.
    Take,
    /// `Drops`.
    Drop,
    /// The game's result: the player wins `points`, the game's value (the cube times 1, 2 or 3
    /// after a bear-off, the cube after a drop). Galaxy writes a gammon or a backgammon (more
    /// than the cube, which the writer knows from the `Takes` written) capped at the match
    /// length: `Wins 3 point` for a gammon on a 2-cube in a 3-point match, but `Wins 4 point` for
    /// a single game on a 4-cube.
    Win {
        /// The game's value.
        points: u64,
    },
    /// The player resigns before rolling, giving the opponent `points` (Galaxy only: `Losses n
    /// point` in his column, then the opponent's `Wins`).
    Resign {
        /// The game's value given up.
        points: u64,
    },
    /// The player rolls, then resigns without playing, giving the opponent `points` (Studio
    /// only: `dd: ????` in his column, then the opponent's `Wins`).
    RollResign {
        /// The roll.
        dice: Dice,
        /// The game's value given up.
        points: u64,
    },
}

/// Why a match cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The output failed.
    #[error("cannot write: {0}")]
    Io(#[from] io::Error),
    /// An action came before [`MatWriter::start_game`].
    #[error("an action before the first game")]
    NoGame,
    /// An action came after the game's result.
    #[error("an action after the `Wins` line of game {0}")]
    AfterWin(u32),
    /// The action has no spelling in the dialect.
    #[error("{dialect} records have no {action}")]
    NotInDialect {
        /// The dialect.
        dialect: Dialect,
        /// What the action is.
        action: &'static str,
    },
}

/// A streaming `.mat` writer: the header when made, then per game its player line and one
/// action at a time; at most one line is held before it is written.
///
/// ```
/// use tabula_engine::backgammon::{BySide, Dice, MoveGenerator, Position, Side};
/// use tabula_replay::backgammon::mat::MatchHeader;
/// use tabula_replay::backgammon::write::{Dialect, GameAction, MatWriter};
///
/// let header = MatchHeader { match_length: Some(1), ..MatchHeader::default() };
/// let mut w = MatWriter::new(Vec::new(), Dialect::Studio, &header).unwrap();
/// w.start_game(["a", "b"], BySide::default()).unwrap();
/// let (before, dice) = (Position::start(), Dice::new(3, 1).unwrap());
/// let play = MoveGenerator::new().legal_plays(&before, dice)[0].0;
/// w.action(Side::One, &GameAction::Roll { dice, play, before }).unwrap();
/// w.action(Side::Zero, &GameAction::Double { value: 2 }).unwrap();
/// w.action(Side::One, &GameAction::Drop).unwrap();
/// w.action(Side::Zero, &GameAction::Win { points: 1 }).unwrap();
/// let text = String::from_utf8(w.finish().unwrap()).unwrap();
/// let lines: Vec<&str> = text.lines().skip(6).map(str::trim_end).collect();
/// assert_eq!(
///     lines,
///     [
///         "  1)                                    31: 24/23 24/21",
///         "  2)  Doubles => 2                       Drops",
///         "  3)  Wins 1 point",
///         "  4)",
///     ]
/// );
/// ```
pub struct MatWriter<W> {
    out: W,
    dialect: Dialect,
    length: u32,
    /// The line being filled.
    line: String,
    /// Whether `line` holds a started line.
    open: bool,
    /// Lines written so far.
    lines: u64,
    /// 1-based line of the last action.
    last_line: u64,
    /// The current game's number (0 before the first).
    game: u32,
    /// The score before the current game.
    scores: BySide<u32>,
    /// The cube value of the current game.
    cube: u32,
    /// The value of the last double offered.
    offered: u32,
    /// The column of the next cell.
    next: Column,
    /// The column of the last cell written (it decides the blank lines before the next game).
    last: Column,
    /// The number of the last numbered line of the game.
    number: u32,
    /// Whether the game's `Wins` line is written.
    won: bool,
    /// Whether that `Wins` line ends the match (Galaxy's `and the match`).
    match_won: bool,
}

/// The blanks after `width` characters to reach character `at`; two when the text reaches it.
fn blanks(width: usize, at: usize) -> usize {
    if width < at {
        at - width
    } else {
        2
    }
}

/// The points Galaxy writes for a result worth `points` with the cube at `cube` in a match of
/// `length` (0 for money): a gammon or backgammon (more than the cube) capped at the match
/// length, anything else as it is.
fn galaxy_points(points: u64, cube: u32, length: u32) -> u64 {
    if length > 0 && points > u64::from(cube) {
        points.min(u64::from(length))
    } else {
        points
    }
}

/// A roll and its play in Galaxy's spelling: `dice:`, then ` from/to` for each step in the
/// order played (`dice:` alone for a dance).
fn galaxy_roll_text(dice: Dice, play: &Play) -> String {
    let mut text = format!("{dice}:");
    for s in play.steps() {
        let _ = write!(text, " {}/{}", s.from.number(), s.to.number());
    }
    text
}

impl<W: Write> MatWriter<W> {
    /// A writer to `out`; writes the header: each tag as `; [Name "value"]`, a blank line, and
    /// `N point match` (nothing for a header without a match length; 0 is a money session).
    ///
    /// # Errors
    /// The output fails.
    pub fn new(mut out: W, dialect: Dialect, header: &MatchHeader) -> Result<MatWriter<W>, WriteError> {
        let mut lines = 0;
        for (name, value) in &header.tags {
            writeln!(out, "; [{name} \"{value}\"]")?;
            lines += 1;
        }
        if let Some(length) = header.match_length {
            write!(out, "\n{length} point match\n")?;
            lines += 2;
        }
        Ok(MatWriter {
            out,
            dialect,
            length: header.match_length.unwrap_or(0),
            line: String::new(),
            open: false,
            lines,
            last_line: 0,
            game: 0,
            scores: BySide::default(),
            cube: 1,
            offered: 1,
            next: Column::Left,
            last: Column::Left,
            number: 0,
            won: false,
            match_won: false,
        })
    }

    /// Starts the next game (`Game 1`, `Game 2`, ...): its player line with the names and the
    /// score before the game (Galaxy's `and the match` follows from it).
    ///
    /// # Errors
    /// The output fails.
    pub fn start_game(&mut self, players: [&str; 2], scores: BySide<u32>) -> Result<(), WriteError> {
        self.close_line(true)?;
        let blank_lines = match (self.game, self.dialect, self.last) {
            (0, Dialect::Galaxy, _) => 1u64,
            (0, Dialect::Studio, _) | (_, _, Column::Right) => 2,
            (_, _, Column::Left) => 1,
        };
        self.game += 1;
        let mut text = "\n".repeat(blank_lines as usize);
        let _ = write!(text, " Game {}\n {} : {}", self.game, players[0], scores.zero);
        let width = text.rsplit('\n').next().map_or(0, |l| l.chars().count());
        let pad = blanks(width, self.dialect.right_column());
        let _ = writeln!(text, "{:pad$}{} : {}", "", players[1], scores.one);
        self.out.write_all(text.as_bytes())?;
        self.lines += blank_lines + 2;
        self.scores = scores;
        self.cube = 1;
        self.offered = 1;
        self.next = Column::Left;
        self.last = Column::Left;
        self.number = 0;
        self.won = false;
        self.match_won = false;
        Ok(())
    }

    /// Writes one action of `side` (see the module documentation for where it goes).
    ///
    /// # Errors
    /// No game started, the game's result already written, an action the dialect has no
    /// spelling for ([`GameAction::Resign`] in Studio, [`GameAction::RollResign`] in Galaxy),
    /// or the output fails.
    pub fn action(&mut self, side: Side, action: &GameAction) -> Result<(), WriteError> {
        if self.game == 0 {
            return Err(WriteError::NoGame);
        }
        if self.won {
            return Err(WriteError::AfterWin(self.game));
        }
        let col = Column::from(side);
        match *action {
            GameAction::Roll { dice, play, before } => {
                let text = self.dialect.roll_text(dice, &play, &before);
                self.cell(col, &text, 1)?;
            }
            GameAction::Double { value } => {
                self.offered = value;
                self.cell(col, &format!("Doubles => {value}"), 2)?;
            }
            GameAction::Take => {
                self.cube = self.offered;
                self.cell(col, "Takes", 2)?;
            }
            GameAction::Drop => self.cell(col, "Drops", 2)?,
            GameAction::Win { points } => self.win(side, points, None)?,
            GameAction::Resign { points } => match self.dialect {
                Dialect::Galaxy => {
                    let written = galaxy_points(points, self.cube, self.length);
                    self.cell(col, &format!("Losses {written} point"), 2)?;
                    self.win(side.other(), points, Some(col))?;
                }
                // Studio writes no resignation before the roll: the opponent's `Wins` alone
                // says it, as GNU Backgammon's export does.
                Dialect::Studio => self.win(side.other(), points, None)?,
            },
            GameAction::RollResign { dice, points } => match self.dialect {
                Dialect::Studio => {
                    self.cell(col, &format!("{dice}: ????"), 1)?;
                    self.win(side.other(), points, None)?;
                }
                Dialect::Galaxy => {
                    let action = "resignation after the roll";
                    return Err(WriteError::NotInDialect { dialect: self.dialect, action });
                }
            },
        }
        Ok(())
    }

    /// The 1-based line of the last action written (0 before any).
    pub fn line(&self) -> u64 {
        self.last_line
    }

    /// Ends the file and hands back the output, flushed. Studio ends with two empty cells after
    /// the last one, the last line without its line break; Galaxy, when the last game does not
    /// win the match and its last line ends in the right column, with a blank line.
    ///
    /// # Errors
    /// The output fails.
    pub fn finish(mut self) -> Result<W, WriteError> {
        if self.game > 0 && self.dialect == Dialect::Studio {
            self.empty_cell()?;
            self.empty_cell()?;
            self.close_line(false)?;
        }
        self.close_line(true)?;
        if self.dialect == Dialect::Galaxy && self.won && !self.match_won && self.last == Column::Right {
            self.out.write_all(b"\n")?;
        }
        self.out.flush()?;
        Ok(self.out)
    }

    /// The `Wins` of `side`: after a `Losses` in column `losses` for Galaxy's match-winning
    /// layouts.
    fn win(&mut self, side: Side, points: u64, losses: Option<Column>) -> Result<(), WriteError> {
        let col = Column::from(side);
        self.won = true;
        match self.dialect {
            Dialect::Studio => self.cell(col, &format!("Wins {points} point"), 2)?,
            Dialect::Galaxy => {
                let written = galaxy_points(points, self.cube, self.length);
                let and_match = self.length > 0 && u64::from(self.scores[side]) + written >= u64::from(self.length);
                self.match_won = and_match;
                let text = format!("Wins {written} point{}", if and_match { " and the match" } else { "" });
                if col == Column::Right && self.next == Column::Right && self.open {
                    let at = if and_match && losses == Some(Column::Left) {
                        FAR_WINS
                    } else {
                        self.dialect.right_column() + 1
                    };
                    self.pad(at);
                    self.line.push_str(&text);
                    self.last_line = self.lines + 1;
                    self.close_line(true)?;
                } else {
                    self.close_line(true)?;
                    if and_match && losses == Some(Column::Right) {
                        self.out.write_all(b"\n")?;
                        self.lines += 1;
                    }
                    self.line.clear();
                    self.line.push_str("    ");
                    self.open = true;
                    self.pad(if col == Column::Left { 6 } else { self.dialect.right_column() + 1 });
                    self.line.push_str(&text);
                    self.last_line = self.lines + 1;
                    self.close_line(true)?;
                }
                self.last = col;
            }
        }
        Ok(())
    }

    /// Writes `text` as the next cell of `col`, after empty cells up to it; `indent` is 1 for a
    /// roll, 2 for any other action (the right column's other actions start one character
    /// later too).
    fn cell(&mut self, col: Column, text: &str, indent: usize) -> io::Result<()> {
        while self.next != col {
            self.empty_cell()?;
        }
        if col == Column::Left {
            self.open_line();
            self.line.push_str(&" ".repeat(indent));
        } else {
            if !self.open {
                self.open_line();
            }
            self.pad(self.dialect.right_column() + indent - 1);
        }
        self.line.push_str(text);
        self.last_line = self.lines + 1;
        if col == Column::Right {
            self.close_line(true)?;
        }
        self.next = col.other();
        self.last = col;
        Ok(())
    }

    fn empty_cell(&mut self) -> io::Result<()> {
        match self.next {
            Column::Left => self.open_line(),
            Column::Right => self.close_line(true)?,
        }
        self.next = self.next.other();
        Ok(())
    }

    /// Starts a numbered line.
    fn open_line(&mut self) {
        self.number += 1;
        self.line.clear();
        let _ = match self.dialect {
            Dialect::Galaxy => write!(self.line, "{:>3})", self.number),
            Dialect::Studio => write!(self.line, "  {})", self.number),
        };
        self.open = true;
    }

    /// Pads the line with blanks to character `at`, or by two blanks when it reaches `at`.
    fn pad(&mut self, at: usize) {
        self.line.push_str(&" ".repeat(blanks(self.line.len(), at)));
    }

    /// Writes the open line, if any: Studio pads it to the right column first.
    fn close_line(&mut self, line_break: bool) -> io::Result<()> {
        if !self.open {
            return Ok(());
        }
        if self.dialect == Dialect::Studio {
            let n = self.dialect.right_column().saturating_sub(self.line.len());
            self.line.push_str(&" ".repeat(n));
        }
        if line_break {
            self.line.push('\n');
            self.lines += 1;
        }
        self.out.write_all(self.line.as_bytes())?;
        self.open = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use tabula_engine::backgammon::MoveGenerator;

    use super::*;

    fn writer(dialect: Dialect, length: u32) -> MatWriter<Vec<u8>> {
        let header = MatchHeader { match_length: Some(length), ..MatchHeader::default() };
        let mut w = MatWriter::new(Vec::new(), dialect, &header).unwrap();
        w.start_game(["a", "b"], BySide::default()).unwrap();
        w
    }

    fn text(w: MatWriter<Vec<u8>>) -> String {
        String::from_utf8(w.finish().unwrap()).unwrap()
    }

    /// That `w` (a [`writer`] of a 3 point match) wrote game 1 of the match, a against b at 0-0,
    /// with the lines `moves` after its header.
    fn assert_game_1(w: MatWriter<Vec<u8>>, moves: &[&str]) {
        let head = ["", "3 point match", "", " Game 1", " a : 0                           b : 0"];
        assert_eq!(text(w), head.iter().chain(moves).copied().collect::<Vec<_>>().join("\n"));
    }

    /// The first legal play of `dice` from the start, with the roll and the start position.
    fn roll(a: u8, b: u8) -> GameAction {
        let (before, dice) = (Position::start(), Dice::new(a, b).unwrap());
        let play = MoveGenerator::new().legal_plays(&before, dice)[0].0;
        GameAction::Roll { dice, play, before }
    }

    #[test]
    fn errors() {
        let header = MatchHeader { match_length: Some(3), ..MatchHeader::default() };
        let mut w = MatWriter::new(Vec::new(), Dialect::Galaxy, &header).unwrap();
        let e = w.action(Side::Zero, &GameAction::Take).unwrap_err();
        assert_eq!(e.to_string(), "an action before the first game");
        w.start_game(["a", "b"], BySide::default()).unwrap();
        let dice = Dice::new(6, 1).unwrap();
        let e = w.action(Side::Zero, &GameAction::RollResign { dice, points: 1 }).unwrap_err();
        assert_eq!(e.to_string(), "BackgammonGalaxy records have no resignation after the roll");
        w.action(Side::Zero, &GameAction::Resign { points: 1 }).unwrap();
        let e = w.action(Side::One, &GameAction::Take).unwrap_err();
        assert_eq!(e.to_string(), "an action after the `Wins` line of game 1");
        // Studio: the opponent's `Wins` alone.
        let mut w = writer(Dialect::Studio, 3);
        w.action(Side::Zero, &GameAction::Resign { points: 1 }).unwrap();
        let text = String::from_utf8(w.finish().unwrap()).unwrap();
        assert!(text.contains("Wins 1 point"), "{text}");
    }

    #[test]
    fn galaxy_results() {
        // A gammon on a 2-cube in a 3-point match is written 3 points; the left player resigns
        // it, so the match-winning `Wins` stands at character 67.
        let mut w = writer(Dialect::Galaxy, 3);
        w.action(Side::One, &roll(3, 1)).unwrap();
        w.action(Side::Zero, &GameAction::Double { value: 2 }).unwrap();
        w.action(Side::One, &GameAction::Take).unwrap();
        w.action(Side::Zero, &GameAction::Resign { points: 4 }).unwrap();
        let moves = [
            "  1)                             31: 24/21 24/23",
            "  2)  Doubles => 2                Takes",
            "  3)  Losses 3 point                                               Wins 3 point and the match",
            "",
        ];
        assert_game_1(w, &moves);
        // A single game on a 4-cube is written as it is; the right player resigns it: a blank
        // line, then the `Wins` line without a number.
        let mut w = writer(Dialect::Galaxy, 3);
        for (side, action) in [
            (Side::Zero, roll(4, 2)),
            (Side::One, GameAction::Double { value: 2 }),
            (Side::Zero, GameAction::Take),
            (Side::One, roll(3, 1)),
            (Side::Zero, GameAction::Double { value: 4 }),
            (Side::One, GameAction::Take),
            (Side::Zero, roll(2, 1)),
            (Side::One, GameAction::Resign { points: 4 }),
        ] {
            w.action(side, &action).unwrap();
        }
        assert_eq!(w.line(), 11);
        let moves = [
            "  1) 42: 24/20 24/22              Doubles => 2",
            "  2)  Takes                      31: 24/21 24/23",
            "  3)  Doubles => 4                Takes",
            "  4) 21: 24/22 24/23              Losses 4 point",
            "",
            "      Wins 4 point and the match",
            "",
        ];
        assert_game_1(w, &moves);
    }
}
