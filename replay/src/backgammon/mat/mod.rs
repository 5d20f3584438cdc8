//! The text layer of the Jellyfish `.mat` match reader: header tags and match length, then per
//! game the player line and every action with its column, line and move number. No rules: plays
//! are kept as written, and cube values, points and turn order are not checked here.
//!
//! ```text
//! ; [Site "BackgammonGalaxy"]           header tags, ';' comment lines
//!
//! 5 point match                         match length (0 = money session)
//!
//!  Game 1
//!  lasse : 0                       mglough : 0          names and score before the game
//!   1)                             51: 24/23 13/8       left column = first player,
//!   2) 21: 13/11 24/23             22: 6/4 6/4 13/11 13/11   right column = second
//!   8)  Doubles => 2                Drops
//!       Wins 1 point
//! ```
//!
//! Both dialects of the real files are read: BackgammonGalaxy (right column
//! at character 33, empty plays for a dance, `Losses n point` lines, unnumbered `Wins` lines
//! standing alone or far right, stray move numbers inside a line, empty player names) and
//! Backgammon Studio (right column at 40, cube actions at 41, `bar/21`, `6/off`, `13/5*`,
//! `8/4(2)`, `Cannot Move`, `61: ????` for rolled-then-resigned, numbered `Wins` lines, raw
//! points such as `Wins 4016 point`, a last numbered empty line without a line break). Lines
//! may end in CRLF; a UTF-8 byte order mark is skipped; bytes that are not UTF-8 are read as
//! U+FFFD.
//!
//! # Which column an action is in
//!
//! Let `a` be the character position where the first player's field starts on the game's player
//! line and `b` the position where the second player's name starts (BackgammonGalaxy: 1 and 33,
//! Backgammon Studio: 1 and 40). An action whose first character is at `(a + b) / 2` or later
//! (17 and 20) is in the right column, an earlier one in the left column. In the real files
//! left-column actions start at characters 5 to 7 (and `Losses` at 1, see below) and
//! right-column ones at 33, 34, 40, 41 or (a `Wins` after `Losses`) 67, so the rule has at least
//! 10 characters of margin either way and does not depend on how long a play is. Checked on all
//! 298 sample files by this module's tests: within each game the turn actions (rolls, doubles,
//! takes, drops; 35,857 of them) strictly alternate between the columns, and every `Wins` line
//! is in the column of the winner the replay oracle found (792 games).
//!
//! The exception is the end of a game with a `Losses` line (`rules/backgammon.md`, "Reading what
//! real programs write"). Where the `Wins` stands on the `Losses` line, after it, the `Losses`
//! decides: BackgammonGalaxy writes the `Wins` after the loser's cell, wherever that is (at
//! character 67 after a left `Losses`, further right after a right column that repeats the move
//! number: `24) 43: 21/18 18/14   24)  Losses 2 point   ...   Wins 2 point and the match`), so
//! the player in whose column `Losses` stands loses and the `Wins` is put in the other column.
//! Otherwise the `Wins` line decides: BackgammonGalaxy sometimes writes a `Losses` on a line of
//! its own at character 1 although the right player lost (3 of the 119 sample `Losses` lines),
//! so such a `Losses` is put in the column opposite the `Wins`. In a game without a `Wins` line
//! the position of the `Losses` decides. [`Action::position`] keeps where each was written.
//!
//! # What counts as a play
//!
//! Every roll is a play, whatever follows the dice: a play, nothing (a dance, or BackgammonGalaxy's
//! rolled-then-resigned), `Cannot Move`, or `????` (Backgammon Studio's rolled-then-resigned,
//! [`ActionKind::Unknown`]). [`GameRecord::plays`] counts them; this is the count of the replay
//! oracle (column `plays` of `verdicts.tsv`, 34,337 plays in the 792 sample games).
//!
//! # Move numbers
//!
//! Within a game the move lines are numbered from 1, each one more than the move line before;
//! blank and comment lines between them do not count. A second number on a line
//! (BackgammonGalaxy's stray number before a right-column `Losses`) repeats the line's own. A
//! roll or a cube action stands on a numbered line; only `Wins` and `Losses` lines go without a
//! number. So a move line deleted or written twice is an error at the line where the numbers
//! break ([`MatError::MoveNumber`]: `move 14 expected, found move 15: a move line is missing`),
//! not a play found illegal some lines later, or not at all. All 298 sample files keep these
//! rules. The last move line of a game has no number after it to break: without it, a game
//! that ends on an unnumbered `Wins` line reads as ended by resignation (GNU Backgammon writes
//! resignations so).
//!
//! # Errors and recovery
//!
//! A tag line that lost its `]` but holds its whole value (`; [Site "x"`) is read; one cut
//! inside its value is a header error.
//!
//! A malformed line is an error naming the line, the offending token and what was expected. The
//! reader then skips to the next `Game N` line, so the rest of the match still reads. A line
//! longer than [`MAX_LINE_BYTES`] is an error and is skipped without being held in memory; memory
//! stays bounded by one game. A file cut off between lines reads as a last game without a `Wins`
//! line ([`GameRecord::end`] is `None`); a cut inside a line gives that line's error.

mod line;
mod reader;
mod record;
pub(crate) use record::in_game;

pub use reader::MatReader;
pub use record::{Action, ActionKind, Column, GameEnd, GameRecord, MatError, MatchHeader, SetUpNode};

/// The longest line read, in bytes without its line break
/// ([`input::MAX_LINE_BYTES`](crate::input::MAX_LINE_BYTES), the one limit of every reader); a
/// longer line is an error.
pub use crate::input::MAX_LINE_BYTES;

#[cfg(test)]
mod tests {
    use std::io;

    use super::line::*;
    use super::reader::*;
    use super::record::*;
    use super::*;

    /// A line with each text starting at the given 0-based character position.
    fn at(parts: &[(usize, &str)]) -> String {
        let mut line = String::new();
        for &(position, text) in parts {
            while line.chars().count() < position {
                line.push(' ');
            }
            line.push_str(text);
        }
        line
    }

    fn read(text: &str) -> (Result<MatchHeader, String>, Vec<Result<GameRecord, String>>) {
        let mut reader = MatReader::new(text.as_bytes());
        let header = reader.header().cloned().map_err(|e| e.to_string());
        let games = reader.map(|g| g.map_err(|e| e.to_string())).collect();
        (header, games)
    }

    fn one_game(text: &str) -> GameRecord {
        let (header, mut games) = read(text);
        header.expect("header");
        assert_eq!(games.len(), 1, "{games:?}");
        games.remove(0).expect("game")
    }

    fn summary(game: &GameRecord) -> Vec<(u64, Option<u32>, Column, u32, &str)> {
        game.actions.iter().map(|a| (a.line, a.move_number, a.column, a.position, a.text.as_str())).collect()
    }

    fn galaxy_game(lines: &[String]) -> String {
        let mut text =
            String::from("; [Site \"BackgammonGalaxy\"]\n; [Player 1 \"lasse\"]\n\n3 point match\n\n Game 1\n");
        text.push_str(&at(&[(1, "lasse : 0"), (33, "mglough : 0")]));
        text.push('\n');
        for line in lines {
            text.push_str(line);
            text.push('\n');
        }
        text
    }

    #[test]
    fn galaxy_layout() {
        let text = galaxy_game(&[
            at(&[(2, "1)"), (33, "51: 24/23 13/8")]),
            at(&[(2, "2) 21: 13/11 24/23"), (33, "22: 6/4 6/4 13/11 13/11")]),
            at(&[(2, "3) 33: 25/22 13/10 13/10 6/3"), (33, "44:")]),
            at(&[(2, "4)  Doubles => 2"), (34, "Takes")]),
            at(&[(2, "5) 41: 25/21 6/5"), (34, "Doubles => 4")]),
            at(&[(2, "6)  Drops"), (34, "Wins 2 point and the match")]),
        ]);
        let (header, games) = read(&text);
        let header = header.unwrap();
        assert_eq!(header.match_length, Some(3));
        assert_eq!(header.header_line, 4);
        assert_eq!(header.tag("site"), Some("BackgammonGalaxy"));
        assert_eq!(header.tags[1], ("Player 1".to_owned(), "lasse".to_owned()));
        let game = games[0].as_ref().unwrap();
        assert_eq!((game.number, game.line), (1, 6));
        assert_eq!(game.players, ["lasse".to_owned(), "mglough".to_owned()]);
        assert_eq!(game.scores, [0, 0]);
        use Column::{Left, Right};
        assert_eq!(
            summary(game),
            [
                (8, Some(1), Right, 33, "51: 24/23 13/8"),
                (9, Some(2), Left, 5, "21: 13/11 24/23"),
                (9, Some(2), Right, 33, "22: 6/4 6/4 13/11 13/11"),
                (10, Some(3), Left, 5, "33: 25/22 13/10 13/10 6/3"),
                (10, Some(3), Right, 33, "44:"),
                (11, Some(4), Left, 6, "Doubles => 2"),
                (11, Some(4), Right, 34, "Takes"),
                (12, Some(5), Left, 5, "41: 25/21 6/5"),
                (12, Some(5), Right, 34, "Doubles => 4"),
                (13, Some(6), Left, 6, "Drops"),
                (13, Some(6), Right, 34, "Wins 2 point and the match"),
            ]
        );
        let kinds: Vec<&ActionKind> = game.actions.iter().map(|a| &a.kind).collect();
        assert_eq!(*kinds[0], ActionKind::Roll { dice: (5, 1) });
        assert_eq!(game.actions[0].play(), Some("24/23 13/8"));
        assert_eq!(*kinds[4], ActionKind::Roll { dice: (4, 4) });
        assert_eq!(game.actions[4].play(), Some(""), "a dance: empty play");
        assert_eq!(*kinds[5], ActionKind::Double { value: 2 });
        assert_eq!(*kinds[6], ActionKind::Take);
        assert_eq!(*kinds[8], ActionKind::Double { value: 4 });
        assert_eq!(*kinds[9], ActionKind::Drop);
        assert_eq!(*kinds[10], ActionKind::Wins { points: 2, and_match: true });
        assert_eq!(game.end, Some(GameEnd { winner: Right, points: 2, and_match: true, line: 13 }));
        assert_eq!(game.plays(), 6);
        assert!(games.len() == 1);
    }

    #[test]
    fn galaxy_unnumbered_wins_left_and_right() {
        let game = one_game(&galaxy_game(&[
            at(&[(2, "1) 42: 1/0"), (33, "61: 6/0 1/0")]),
            at(&[(2, "2) 63: 6/0 3/0")]),
            at(&[(6, "Wins 1 point")]),
        ]));
        assert_eq!(game.end.map(|e| (e.winner, e.points, e.and_match)), Some((Column::Left, 1, false)));
        let game =
            one_game(&galaxy_game(&[at(&[(2, "1) 63: 6/0 3/0"), (33, "21: 2/0 1/0")]), at(&[(34, "Wins 2 point")])]));
        assert_eq!(game.end.map(|e| e.winner), Some(Column::Right));
        assert_eq!(game.actions[2].move_number, None);
    }

    #[test]
    fn galaxy_losses_lines() {
        // Losses in the right column after the left player's roll; Wins alone on the left.
        let game = one_game(&galaxy_game(&[
            at(&[(2, "1) 64: 3/0 3/0"), (34, "Losses 2 point")]),
            String::new(),
            at(&[(6, "Wins 2 point and the match")]),
        ]));
        assert_eq!(game.actions[1].kind, ActionKind::Losses { points: 2 });
        assert_eq!(game.actions[1].column, Column::Right);
        assert_eq!(game.end.map(|e| e.winner), Some(Column::Left));
        // Losses on the left and Wins far right on one line.
        let game = one_game(&galaxy_game(&[
            at(&[(2, "1) 66: 8/2 8/2 7/1 6/0"), (33, "21: 2/0 1/0")]),
            at(&[(2, "2)  Losses 1 point"), (67, "Wins 1 point and the match")]),
        ]));
        assert_eq!(game.actions[2].column, Column::Left);
        assert_eq!((game.actions[3].column, game.actions[3].position), (Column::Right, 67));
        // Rolled then resigned: an empty play, then `Losses` at character 1 although the right
        // player lost: it takes the column opposite the `Wins` line.
        let game = one_game(&galaxy_game(&[
            at(&[(2, "1) 32: 6/3 5/3"), (33, "61:")]),
            at(&[(1, "Losses 1 point")]),
            String::new(),
            at(&[(6, "Wins 1 point and the match")]),
        ]));
        assert_eq!(game.actions[1].kind, ActionKind::Roll { dice: (6, 1) });
        assert_eq!(game.actions[1].play(), Some(""));
        assert_eq!((game.actions[2].position, game.actions[2].column), (1, Column::Right));
        assert_eq!(game.actions[2].move_number, None);
        assert_eq!(game.end.map(|e| e.winner), Some(Column::Left));
        assert_eq!(game.plays(), 2);
        // Without a `Wins` line the position decides.
        let game = one_game(&galaxy_game(&[at(&[(1, "Losses 1 point")])]));
        assert_eq!((game.actions[0].column, game.end), (Column::Left, None));
    }

    #[test]
    fn galaxy_stray_move_number() {
        // The right column repeats the move number and says `Losses`; the `Wins` after it, far
        // right, is the left player's.
        let game = one_game(&galaxy_game(&[at(&[
            (2, "1) 43: 21/18 18/14"),
            (31, "1)  Losses 2 point"),
            (97, "Wins 2 point and the match"),
        ])]));
        assert_eq!(game.actions.len(), 3);
        assert_eq!(game.actions[0].kind, ActionKind::Roll { dice: (4, 3) });
        assert_eq!(game.actions[0].play(), Some("21/18 18/14"));
        assert_eq!(game.actions[1].kind, ActionKind::Losses { points: 2 });
        assert_eq!(game.actions[1].move_number, Some(1));
        assert_eq!(game.actions[1].column, Column::Right);
        assert_eq!(game.end.map(|e| (e.winner, e.points)), Some((Column::Left, 2)));
        assert_eq!((game.actions[2].column, game.actions[2].position), (Column::Left, 97));
        // The same at the columns' own characters.
        let game = one_game(&galaxy_game(&[at(&[
            (2, "1) 43: 21/18 18/14"),
            (34, "1)  Losses 2 point"),
            (67, "Wins 2 point and the match"),
        ])]));
        assert_eq!(game.end.map(|e| e.winner), Some(Column::Left));
    }

    #[test]
    fn galaxy_empty_player_name() {
        let text = format!(
            "16 point match\n\n Game 1\n{}\n{}\n{}\n",
            at(&[(2, ": 0"), (33, "lasse : 0")]),
            at(&[(2, "1) 62: 13/7 24/22"), (33, "43: 6/3 24/20")]),
            at(&[(34, "Wins 2 point")])
        );
        let game = one_game(&text);
        assert_eq!(game.players, [String::new(), "lasse".to_owned()]);
        assert_eq!(game.actions[1].column, Column::Right);
        assert_eq!(game.end.map(|e| e.winner), Some(Column::Right));
    }

    fn studio_match(lines: &[String], final_newline: bool) -> String {
        let mut text =
            String::from("; [Site \"Backgammon Studio\"]\n; [Player 1 \"Daisy\"]\n\n13 point match\n\n\n Game 1\n");
        text.push_str(&at(&[(1, "Gibraltar Mike : 0"), (40, "Llabba : 2")]));
        for line in lines {
            text.push('\n');
            text.push_str(line);
        }
        if final_newline {
            text.push('\n');
        }
        text
    }

    #[test]
    fn studio_layout() {
        let text = studio_match(
            &[
                at(&[(2, "1) 43: 24/21 13/9"), (40, "53: 24/16*")]),
                at(&[(2, "2) 61: bar/24 21/15"), (40, "32: 16/14 13/10*")]),
                at(&[(2, "3) 66: Cannot Move"), (40, "62: 10/4 6/4")]),
                at(&[(2, "4) 22: 6/4*(3) 4/2"), (40, "53: bar/22 bar/20")]),
                at(&[(2, "5) 54: 13/9 13/8"), (41, "Doubles => 2")]),
                at(&[(2, "6)  Takes"), (40, "66: 8/2(2) 6/off(2)")]),
                at(&[(2, "7) 64: 13/9* 9/3"), (40, "")]),
                at(&[(2, "8)  Wins 2 point"), (40, "")]),
                at(&[(2, "9)"), (40, "")]),
            ],
            false,
        );
        let game = one_game(&text);
        assert_eq!(game.players, ["Gibraltar Mike".to_owned(), "Llabba".to_owned()]);
        assert_eq!(game.scores, [0, 2]);
        let columns: Vec<(Column, u32)> = game.actions.iter().map(|a| (a.column, a.position)).collect();
        use Column::{Left, Right};
        assert_eq!(
            columns,
            [
                (Left, 5),
                (Right, 40),
                (Left, 5),
                (Right, 40),
                (Left, 5),
                (Right, 40),
                (Left, 5),
                (Right, 40),
                (Left, 5),
                (Right, 41),
                (Left, 6),
                (Right, 40),
                (Left, 5),
                (Left, 6),
            ]
        );
        assert_eq!(game.actions[4].kind, ActionKind::Roll { dice: (6, 6) });
        assert_eq!(game.actions[4].play(), Some("Cannot Move"));
        assert_eq!(game.actions[6].kind, ActionKind::Roll { dice: (2, 2) });
        assert_eq!(game.actions[6].play(), Some("6/4*(3) 4/2"));
        assert_eq!(game.actions[11].kind, ActionKind::Roll { dice: (6, 6) });
        assert_eq!(game.actions[11].play(), Some("8/2(2) 6/off(2)"));
        assert_eq!(game.actions[13].move_number, Some(8));
        assert_eq!(game.end, Some(GameEnd { winner: Left, points: 2, and_match: false, line: 16 }));
        assert_eq!(game.plays(), 11);
        // The same with a final line break reads the same.
        let mut with_newline = text.clone();
        with_newline.push('\n');
        assert_eq!(one_game(&with_newline), game);
    }

    #[test]
    fn studio_rolled_then_resigned_and_raw_points() {
        let text = studio_match(
            &[
                at(&[(3, "1) 62: 13/5"), (40, "54: 4/off(2)")]),
                at(&[(3, "2) 21: ????"), (41, "Wins 4016 point")]),
                at(&[(3, "3)"), (38, "")]),
            ],
            false,
        );
        let game = one_game(&text);
        assert_eq!(game.actions[2].kind, ActionKind::Unknown { dice: (2, 1) });
        assert_eq!(game.actions[2].dice(), Some((2, 1)));
        assert_eq!(game.actions[2].column, Column::Left);
        assert_eq!(game.end.map(|e| (e.winner, e.points)), Some((Column::Right, 4016)));
        assert_eq!(game.plays(), 3);
    }

    #[test]
    fn crlf_bom_and_several_games() {
        let text = "\u{feff}; [Site \"x\"]\r\n5 point match\r\n\r\n Game 1\r\n a : 0      b : 0\r\n  1) 31: 8/5 6/5  Doubles => 2\r\n  2)  Drops      Wins 1 point\r\n\r\n Game 2\r\n a : 0      b : 1\r\n  1)           42: 8/4 6/4\r\n";
        let (header, games) = read(text);
        assert_eq!(header.unwrap().tags, [("Site".to_owned(), "x".to_owned())]);
        assert_eq!(games.len(), 2);
        let g2 = games[1].as_ref().unwrap();
        assert_eq!((g2.number, g2.line, g2.scores), (2, 9, [0, 1]));
        assert_eq!(g2.actions[0].kind, ActionKind::Roll { dice: (4, 2) });
        assert_eq!(g2.actions[0].play(), Some("8/4 6/4"));
        assert_eq!(g2.actions[0].column, Column::Right);
        assert_eq!(g2.end, None);
    }

    #[test]
    fn syntax_errors_name_line_token_and_expectation_and_the_match_goes_on() {
        let text = galaxy_game(&[
            at(&[(2, "1) 72: 13/7 8/7"), (33, "51: 24/23 13/8")]),
            at(&[(6, "Wins 1 point")]),
            String::new(),
            " Game 2".into(),
            at(&[(1, "lasse : 0"), (33, "mglough : 1")]),
            at(&[(2, "1) 42: 8/4 6/4"), (33, "51: 24/23 13/8")]),
            at(&[(2, "2) 42: 8/4 pass"), (33, "51: 24/23 13/8")]),
            " Game 3".into(),
            at(&[(1, "lasse : 1"), (33, "mglough : 1")]),
            at(&[(2, "1)  Resigns"), (33, "42: 8/4 6/4")]),
            " Game 4".into(),
            "hello".into(),
            " Game 5".into(),
            at(&[(1, "lasse : 1"), (33, "mglough : 1")]),
            at(&[(2, "1)  Doubles =>"), (34, "Takes 2")]),
            " Game 6".into(),
            at(&[(1, "lasse : 1"), (33, "mglough : 1")]),
            at(&[(6, "Wins 1 point")]),
            at(&[(6, "Wins 1 point")]),
            " Game 7".into(),
            at(&[(1, "lasse : 1"), (33, "mglough : 1")]),
            at(&[(2, "1) 42: 8/4 6/4"), (33, "51: 24/23 13/8")]),
            at(&[(6, "Wins one point")]),
            " Game 8".into(),
            at(&[(1, "lasse : 1"), (33, "mglough : 1")]),
            at(&[(2, "1)  ????")]),
            " Game 9".into(),
            at(&[(1, "lasse : 1"), (33, "mglough : 1")]),
            at(&[(2, "1) 43: 24/20 13/10"), (33, "4:")]),
            " Game 10".into(),
            at(&[(1, "lasse : 1"), (33, "mglough : 1")]),
            at(&[(2, "99999999999) 43: 24/20 13/10")]),
            " Game 11".into(),
            at(&[(1, "lasse : 1"), (33, "mglough : 1")]),
            at(&[(2, "1)  Doubles => 2"), (34, "Drops")]),
            at(&[(6, "Wins 1 point")]),
        ]);
        let (header, games) = read(&text);
        header.unwrap();
        let errors: Vec<&str> = games.iter().map(|g| g.as_ref().map_or_else(|e| e.as_str(), |_| "ok")).collect();
        assert_eq!(
            errors,
            [
                "line 8 (game 1): found `72:`, expected two dice 1-6 before `:`",
                "line 14 (game 2): found `pass`, expected a play item such as `24/18`, `bar/21*` or `6/off(2)`, \
                 or the next action",
                "line 17 (game 3): found `Resigns`, expected a roll `dd:`, `Doubles => n`, `Takes`, `Drops`, \
                 `Wins n point` or `Losses n point`",
                "line 19 (game 4): found `hello`, expected the player line `name : score   name : score`",
                "line 22 (game 5): found `Doubles =>`, expected `Doubles => n`, the cube value",
                "line 26 (game 6): a second `Wins` line in the game, the first is on line 25",
                "line 30 (game 7): found `Wins one point`, expected `Wins n point`, optionally followed by `and the match`",
                "line 33 (game 8): found `????`, expected a roll `dd:` before `????`",
                "line 36 (game 9): found `4:`, expected two dice 1-6 before `:`",
                "line 39 (game 10): found `99999999999)`, expected a move number",
                "ok",
            ]
        );
        let mut reader = MatReader::new(text.as_bytes());
        let e = reader.next().unwrap().unwrap_err();
        assert_eq!(e.line(), Some(8));
        assert!(matches!(e, MatError::Syntax { game: Some(1), ref found, .. } if found == "72:"));
        assert_eq!(reader.nth(9).unwrap().unwrap().number, 11);
    }

    #[test]
    fn move_numbers_follow_one_another() {
        let error = |lines: &[String]| {
            let (_, mut games) = read(&galaxy_game(lines));
            games.remove(0).map(|g| g.plays()).unwrap_err()
        };
        let line = |n: &str| at(&[(2, n), (6, "42: 8/4 6/4"), (33, "51: 24/23 13/8")]);
        assert_eq!(
            error(&[line("1)"), line("3)")]),
            "line 9 (game 1): move 2 expected, found move 3: a move line is missing"
        );
        assert_eq!(
            error(&[line("1)"), line("2)"), line("2)")]),
            "line 10 (game 1): move 3 expected, found move 2: a move line is repeated"
        );
        assert_eq!(error(&[line("2)")]), "line 8 (game 1): move 1 expected, found move 2: a move line is missing");
        assert!(error(&[line("1)"), line("4)")]).ends_with("move 2 expected, found move 4: 2 move lines are missing"));
        assert!(error(&[line("1)"), line("2)"), line("1)")]).ends_with("found move 1: the move numbers go back"));
        // A second number on a line repeats the first; a roll or a cube action has one.
        let stray = at(&[(2, "1) 42: 8/4 6/4"), (30, "2)  Losses 1 point")]);
        assert!(error(&[stray]).contains("found `2)`, expected the line's move number again"));
        let unnumbered = at(&[(6, "42: 8/4 6/4"), (33, "51: 24/23 13/8")]);
        assert!(error(&[line("1)"), unnumbered]).contains("expected a move number `n)` before a roll"));
        assert!(error(&[line("1)"), at(&[(34, "Doubles => 2")])]).contains("expected a move number `n)`"));
        // Each game counts from 1; blank and comment lines between move lines are passed over.
        let text = galaxy_game(&[
            line("1)"),
            String::new(),
            "; a comment".into(),
            line("2)"),
            " Game 2".into(),
            at(&[(1, "lasse : 0"), (33, "mglough : 0")]),
            line("1)"),
        ]);
        let (_, games) = read(&text);
        assert_eq!(games.iter().map(|g| g.as_ref().map(GameRecord::plays)).collect::<Vec<_>>(), [Ok(4), Ok(2)]);
        // The error's token is the number as written.
        let e = MatReader::new(galaxy_game(&[line("1)"), line("3)")]).as_bytes()).next().unwrap().unwrap_err();
        assert_eq!((e.line(), e.token().as_deref()), (Some(9), Some("3)")));
    }

    #[test]
    fn a_tag_without_its_bracket_is_read_when_its_value_is_whole() {
        let mut reader = MatReader::new(&b"; [Site \"BackgammonGalaxy\"\n; [Crawford \"On\"  \n3 point match\n"[..]);
        let header = reader.header().unwrap();
        assert_eq!((header.tag("Site"), header.tag("Crawford")), (Some("BackgammonGalaxy"), Some("On")));
        for cut in ["; [Site \"Backgamm", "; [Site \"BackgammonGalaxy]", "; [Site", "; [Site \""] {
            let e = read(&format!("{cut}\n3 point match\n")).0.unwrap_err();
            assert_eq!(e, format!("line 1: found `{cut}`, expected a tag `; [Name \"value\"]`"));
        }
    }

    #[test]
    fn takes_with_extra_words_and_losses_without_unit() {
        let game = |line: String| read(&galaxy_game(&[line])).1.remove(0).unwrap_err();
        assert!(game(at(&[(2, "1)  Doubles => 2"), (34, "Takes 2")])).contains("found `2`, expected nothing after"));
        assert!(game(at(&[(6, "Losses 2")])).contains("found `Losses 2`, expected `Losses n point`"));
        assert!(game(at(&[(6, "Wins 2 point and the game")])).contains("`Wins 2 point and the game`"));
    }

    #[test]
    fn header_errors_keep_the_rest() {
        let text = "; [Site \"x\"]\n; [Broken \"tag\nhello\n7 point match\n; plain comment\n Game 1\n a : 0    b : 0\n";
        let mut reader = MatReader::new(text.as_bytes());
        let e = reader.header().unwrap_err().to_string();
        assert_eq!(e, "line 2: found `; [Broken \"tag`, expected a tag `; [Name \"value\"]`");
        let header = reader.header().unwrap();
        assert_eq!((header.match_length, header.header_line, header.tags.len()), (Some(7), 4, 1));
        assert_eq!(reader.next().unwrap().unwrap().players, ["a".to_owned(), "b".to_owned()]);
        // Without a call to `header`, its error comes first.
        let (_, _) = read(text);
        let items: Vec<String> = MatReader::new(text.as_bytes())
            .map(|g| g.map_or_else(|e| e.to_string(), |g| g.number.to_string()))
            .collect();
        assert_eq!(items, [e, "1".to_owned()]);
        assert!(read("x point match\n").0.unwrap_err().contains("expected a match length"));
        assert!(read("3 point match\n5 point match\n").0.unwrap_err().contains("a single `N point match`"));
        assert_eq!(read("0 point match\n Game 1\n a : 0  b : 0\n").0.unwrap().match_length, Some(0));
    }

    #[test]
    fn empty_binary_truncated_and_long_inputs() {
        assert_eq!(read("").0.unwrap_err(), "the input is empty");
        assert!(read("").1.is_empty());
        assert_eq!(read("\n  \n\r\n").0.unwrap_err(), "the input is empty");
        let items: Vec<String> = MatReader::new(&b""[..]).map(|g| g.unwrap_err().to_string()).collect();
        assert_eq!(items, ["the input is empty"]);
        // A header and no game.
        let (header, games) = read("; [Site \"x\"]\n3 point match\n");
        header.unwrap();
        assert_eq!(games, [Err("no `Game N` line in the 2 lines of the input".to_owned())]);
        // Binary data.
        let (header, games) = read("\0\u{1}\u{2}ELF\n\u{ff}\u{fe}");
        assert_eq!(header.unwrap_err(), "line 1 holds binary data (a NUL byte), not text");
        assert_eq!(games.len(), 1);
        let bytes = b"\x89PNG\r\n\x1a\n\xff\xfe\xfd Game 1\n";
        let mut reader = MatReader::new(&bytes[..]);
        assert!(reader.header().is_err());
        assert!(reader.all(|g| g.is_err()));
        // Cut after the `Game` line, inside a game, inside a roll.
        let (_, games) = read("3 point match\n Game 1\n");
        assert_eq!(
            games,
            [Err(
                "line 2 (game 1): found `the end of the input`, expected the player line `name : score   name : score`"
                    .to_owned()
            )]
        );
        let game = one_game("3 point match\n Game 1\n a : 0      b : 0\n  1) 31: 8/5 6/5");
        assert_eq!((game.plays(), game.end), (1, None));
        let (_, games) = read("3 point match\n Game 1\n a : 0      b : 0\n  1) 31: 8/5 6/5    5");
        assert!(games[0].as_ref().unwrap_err().contains("found `5`"));
        let (_, games) = read("3 point match\n Game 1\n a : 0      b : 0\n  1) 31: 8/5 6/5    5:");
        assert!(games[0].as_ref().unwrap_err().contains("found `5:`, expected two dice"));
        // An over-long line is an error naming it; the next game still reads.
        let long = format!(
            "3 point match\n Game 1\n a : 0  b : 0\n{}\n Game 2\n a : 0  b : 0\n",
            "x".repeat(MAX_LINE_BYTES + 1)
        );
        let (_, games) = read(&long);
        assert_eq!(games[0], Err(format!("line 4 is longer than {MAX_LINE_BYTES} bytes")));
        assert_eq!(games[1].as_ref().unwrap().number, 2);
        let exact = format!("3 point match\n Game 1\n a : 0  b : 0\n{}\n", " ".repeat(MAX_LINE_BYTES));
        assert!(read(&exact).1[0].is_ok());
        // A long token is shortened in the message.
        let (_, games) = read(&format!("3 point match\n Game 1\n a : 0  b : 0\n 1) 31: {}\n", "y".repeat(500)));
        assert!(games[0].as_ref().unwrap_err().len() < 200);
        // Not UTF-8: read as U+FFFD.
        let game = one_game("3 point match\n Game 1\n J\u{f6}rg : 0  b : 0\n");
        assert_eq!(game.players[0], "J\u{f6}rg");
        let mut bytes = b"3 point match\n Game 1\n J".to_vec();
        bytes.extend_from_slice(b"\xf6rg : 0  b : 0\n");
        let game = MatReader::new(&bytes[..]).next().unwrap().unwrap();
        assert_eq!(game.players[0], "J\u{fffd}rg");
    }

    #[test]
    fn read_errors_stop_the_reader() {
        struct Failing(usize);
        impl io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let text = b"3 point match\n Game 1\n a : 0  b : 0\n";
                if self.0 >= text.len() {
                    return Err(io::Error::other("disk on fire"));
                }
                let n = (text.len() - self.0).min(buf.len()).min(7);
                buf[..n].copy_from_slice(&text[self.0..self.0 + n]);
                self.0 += n;
                Ok(n)
            }
        }
        let items: Vec<String> = MatReader::new(io::BufReader::new(Failing(0)))
            .map(|g| g.map_or_else(|e| e.to_string(), |g| g.number.to_string()))
            .collect();
        assert_eq!(items, ["cannot read line 4: disk on fire"]);
    }

    #[test]
    fn player_lines() {
        assert_eq!(
            parse_players(" Daisy : 0                              Llabba : 2"),
            Some((["Daisy".into(), "Llabba".into()], [0, 2], 20))
        );
        assert_eq!(parse_players(" Llabba : 0                             Lucky Lux : 11").map(|p| p.1), Some([0, 11]));
        assert_eq!(parse_players(" a:b : 3   c : 4").map(|p| p.0), Some(["a:b".into(), "c".into()]));
        assert_eq!(parse_players(" a : 3   : 4").map(|p| p.0), Some(["a".into(), String::new()]));
        assert_eq!(parse_players(" a : 3"), None);
        assert_eq!(parse_players(" a : 3   b : x"), None);
        assert_eq!(parse_players("  1) 61: 13/7 8/7           44:"), None);
        assert_eq!(parse_players(" a : 99999999999   b : 1"), None);
    }

    proptest::proptest! {
        #[test]
        fn never_panics(text in "( Game [0-9]\n| [a-z]{0,3} : [0-9]  [a-z]{0,3} : [0-9]\n|[ 0-9):?/*a-zA-Z=>\n]{0,12}|  1\\) [1-7][0-6]: 13/7 8/7 +| Wins [0-9] point\n|\r|\0){0,30}") {
            let mut reader = MatReader::new(text.as_bytes());
            let _ = reader.header();
            let mut items = 0usize;
            for _ in reader.by_ref() {
                items += 1;
                proptest::prop_assert!(items <= text.len() + 1);
            }
        }
    }

    /// Every real match of `shared/data/backgammon`: the plays and the result of every game agree
    /// with the replay oracle's `verdicts.tsv`, and the column rule holds.
    #[test]
    #[ignore = "needs ../shared/data"]
    fn real_matches_agree_with_the_oracle() {
        use std::collections::HashMap;
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/backgammon");
        let verdicts = std::fs::read_to_string(format!("{dir}/verdicts.tsv")).unwrap_or_else(|e| {
            panic!(
                "../shared/data/backgammon/verdicts.tsv not found (looked for {dir}/verdicts.tsv: {e}): this test needs \
                 the shared data beside the repository"
            )
        });
        /// Per game: number, plays, winner side, points, details.
        type Verdict = (u32, usize, usize, u64, String);
        let mut expected: HashMap<String, Vec<Verdict>> = HashMap::new();
        for row in verdicts.lines().skip(1) {
            let fields: Vec<&str> = row.split('\t').collect();
            let result: Vec<&str> = fields[4].split(' ').collect();
            assert_eq!((result[0], result[2]), ("side", "wins"), "{row}");
            expected.entry(fields[0].to_owned()).or_default().push((
                fields[1].parse().unwrap(),
                fields[2].parse().unwrap(),
                result[1].parse().unwrap(),
                result[3].parse().unwrap(),
                fields.get(7).copied().unwrap_or_default().to_owned(),
            ));
        }
        let (mut files, mut games, mut plays, mut turn_actions) = (0, 0, 0, 0);
        let (mut points_equal, mut points_capped, mut points_mismatch_noted) = (0, 0, 0);
        let (mut losses, mut losses_moved, mut studio) = (0, 0, 0);
        let mut entries: Vec<_> =
            std::fs::read_dir(format!("{dir}/matches")).unwrap().flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().unwrap().to_str().unwrap().to_owned();
            let want = expected.remove(&name).unwrap_or_else(|| panic!("{name} not in verdicts.tsv"));
            let mut reader = MatReader::new(io::BufReader::new(std::fs::File::open(&path).unwrap()));
            let header = reader.header().unwrap().clone();
            assert!(header.match_length.is_some(), "{name}");
            let site = header.tag("Site").unwrap().to_owned();
            studio += usize::from(site == "Backgammon Studio");
            let records: Vec<GameRecord> = reader.map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}"))).collect();
            assert_eq!(records.len(), want.len(), "{name}");
            let mut score = records[0].scores;
            for (game, (number, want_plays, winner, want_points, details)) in records.iter().zip(&want) {
                let at = format!("{name} game {number}");
                assert_eq!(game.number, *number, "{at}");
                assert_eq!(game.plays(), *want_plays, "{at}: plays");
                assert_eq!(game.scores, score, "{at}: score line");
                let end = game.end.unwrap_or_else(|| panic!("{at}: no Wins line"));
                assert_eq!(end.winner.player(), *winner, "{at}: winner");
                if end.points == *want_points {
                    points_equal += 1;
                } else if details.contains(&format!("points {} capped", end.points)) {
                    points_capped += 1;
                } else if details.contains(&format!("file says {}, replay says {want_points}", end.points)) {
                    points_mismatch_noted += 1;
                } else {
                    panic!("{at}: Wins {} point, oracle {want_points} ({details})", end.points);
                }
                score[*winner] += u32::try_from(*want_points).unwrap();
                // Turn actions alternate between the columns.
                let mut last: Option<Column> = None;
                for a in &game.actions {
                    match a.kind {
                        ActionKind::Wins { .. } => {}
                        ActionKind::Losses { points } => {
                            losses += 1;
                            assert_eq!(points, end.points, "{at} line {}", a.line);
                            let written = if a.position >= 17 { Column::Right } else { Column::Left };
                            losses_moved += usize::from(written != a.column);
                        }
                        _ => {
                            turn_actions += 1;
                            assert_ne!(Some(a.column), last, "{at} line {}: {}", a.line, a.text);
                            last = Some(a.column);
                        }
                    }
                }
                games += 1;
                plays += game.plays();
            }
            files += 1;
        }
        assert!(expected.is_empty(), "games in verdicts.tsv without a file: {:?}", expected.keys());
        assert_eq!((files, studio, games, plays), (298, 13, 792, 34_337));
        assert_eq!(turn_actions, 35_857);
        assert_eq!((points_equal, points_capped, points_mismatch_noted), (765, 26, 1));
        assert_eq!((losses, losses_moved), (119, 3));
    }
}
