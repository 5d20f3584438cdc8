//! The records of a game file grouped into games, each written as the [`GameRecord`] the
//! verification takes, with what the file says of the positions and the cube beside it.

use compact_str::CompactString;
use tabula_engine::backgammon::{BySide, MatchScore};

use super::records::{read_record, CubeRecord, GameFooter, MatchInfo, MoveRecord, Record, XgBoard, RECORD_BYTES};
use super::{rtf, Archive, XgError, MAX_GAME_RECORDS};
use crate::backgammon::mat::{Action, ActionKind, Column, GameEnd, GameRecord};

/// What the file says before and after one action, for the verification to compare.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Facts {
    /// The positions the records before the action write (seen from player 1), each with its
    /// record.
    pub before: Vec<(XgBoard, u64)>,
    /// The cube before the action (as [`CubeRecord::cube`]).
    pub cube: Option<i32>,
    /// The position after a move, seen from the mover.
    pub after: Option<XgBoard>,
    /// XG's own mark on a move ([`MoveRecord::invalid`]; 0 none).
    pub invalid: i32,
}

/// What an `.xg` game says beside its actions: the positions and cube, and the footer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct XgChecks {
    /// Beside each action of [`XgGame::record`], what the file says of the position and cube.
    pub facts: Vec<Facts>,
    /// The footer, when the game has one.
    pub footer: Option<GameFooter>,
}

/// One game of an `.xg` file.
#[derive(Clone, Debug)]
pub struct XgGame {
    /// The game as a `.mat` game is read: player 1 the left column, each move a roll with its
    /// play, each cube decision its actions, the footer a last `Wins` action.
    pub record: GameRecord,
    /// What the file says beside the actions, for the verification.
    pub checks: XgChecks,
    /// Whether XG marks the game as the Crawford game.
    pub crawford: bool,
    /// The comments of the game and of its moves (`Comment`, `Comment 12L`: the move's label,
    /// as the same game's `.mat` labels it).
    pub comments: Vec<(String, String)>,
}

/// The games of an `.xg` file.
#[derive(Debug)]
pub struct XgMatch {
    /// The match header.
    pub info: MatchInfo,
    /// Each game in file order, or why it cannot be read (with its first record).
    pub games: Vec<Result<XgGame, XgError>>,
    /// The match's own comments.
    pub comments: Vec<String>,
}

impl XgMatch {
    /// The match's tags, named as XG's own `.mat` export names them.
    pub fn tags(&self) -> Vec<(String, String)> {
        let i = &self.info;
        let mut tags = Vec::new();
        let mut put = |k: &str, v: String| {
            if !v.is_empty() {
                tags.push((k.to_owned(), v));
            }
        };
        put("Site", i.location.clone());
        put("Event", i.event.clone());
        put("Round", i.round.clone());
        put("Player 1", i.players[0].clone());
        put("Player 2", i.players[1].clone());
        for (n, (elo, exp)) in i.elo.iter().enumerate() {
            if elo.is_finite() && *elo != 0.0 {
                put(&format!("Player {} Elo", n + 1), format!("{elo:.2}/{exp}"));
            }
        }
        if let Some((date, time)) = delphi_date(i.date) {
            put("EventDate", date);
            put("EventTime", time);
        }
        put("Match Length", i.length.to_string());
        put("Variation", "Backgammon".into());
        if i.length > 0 {
            put("Crawford", if i.crawford { "On" } else { "Off" }.into());
        } else {
            put("Jacoby", if i.jacoby { "On" } else { "Off" }.into());
        }
        if let Some(limit) = u32::try_from(i.cube_limit).ok().filter(|&n| n > 0).and_then(|n| 1u32.checked_shl(n)) {
            put("CubeLimit", limit.to_string());
        }
        put("Transcriber", i.transcriber.clone());
        for c in &self.comments {
            put("Comment", c.clone());
        }
        tags
    }

    /// The score before each game, with its Crawford flag: as the games' headers write it, the
    /// Crawford game the one XG marks or, under the rule, the first at match point minus one
    /// (0-0 for a game that cannot be read). After a game that cannot be read, a game at match
    /// point minus one that XG does not mark may follow an unseen Crawford game: it is not held
    /// to the rule, as `.mat`'s written scores are not.
    pub fn scores(&self) -> Vec<MatchScore> {
        let length = self.info.length;
        let rule = self.info.crawford && length > 0;
        let (mut done, mut after_unreadable) = (false, false);
        self.games
            .iter()
            .map(|g| {
                let Ok(g) = g.as_ref() else {
                    after_unreadable = true;
                    return MatchScore::new(length);
                };
                let [zero, one] = g.record.scores;
                let mut score = MatchScore::new(length);
                score.points = BySide { zero, one };
                let at_point = length > 0 && ((zero + 1 == length) != (one + 1 == length));
                let first = rule && !done && (g.crawford || at_point);
                score.crawford = first && (g.crawford || !after_unreadable);
                done |= first;
                after_unreadable = false;
                score.post_crawford = self.info.crawford && length > 0 && done && !score.crawford;
                score
            })
            .collect()
    }
}

/// A Delphi date (days since 1899-12-30, the fraction the time of day) as `YYYY.MM.DD` and
/// `HH.MM`, when it is a date of the years 1900 to 9999.
fn delphi_date(days: f64) -> Option<(String, String)> {
    if !(1.0..2_958_466.0).contains(&days) {
        return None;
    }
    let whole = days.floor() as i64;
    let minutes = ((days - days.floor()) * 1440.0).round() as i64;
    // Delphi's day 25,569 is 1970-01-01.
    let (year, month, day) = crate::date::civil(whole - 25_569);
    let (h, m) = (minutes.min(1439) / 60, minutes.min(1439) % 60);
    Some((format!("{year:04}.{month:02}.{day:02}"), format!("{h:02}.{m:02}")))
}

/// The comments file's texts by index.
struct Comments(Vec<String>);

impl Comments {
    fn new(data: &[u8]) -> Comments {
        let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
        if lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        Comments(lines.into_iter().map(|l| rtf::plain_text(l.strip_suffix(b"\r").unwrap_or(l))).collect())
    }

    fn get(&self, index: i32) -> Option<&str> {
        usize::try_from(index).ok().and_then(|i| self.0.get(i)).map(String::as_str).filter(|s| !s.is_empty())
    }
}

/// The variant a match header's `Variation` names, when it is not backgammon.
fn variant(v: i32) -> Option<&'static str> {
    match v {
        0 => None,
        1 => Some("Nackgammon"),
        2 => Some("Hypergammon"),
        3 => Some("Longgammon"),
        _ => Some("unknown variant's"),
    }
}

/// The games of `archive`'s game file.
///
/// # Errors
/// The first record is not a match header, it cannot be read, or it names another variant.
pub fn read_match(archive: &Archive) -> Result<XgMatch, XgError> {
    let data = &archive.game_file;
    let comments = Comments::new(&archive.comments);
    let mut records = data.chunks(RECORD_BYTES).zip(1u64..);
    let info = match records.next() {
        Some((r, number)) if r.len() == RECORD_BYTES => match read_record(r, number, 0)? {
            Record::Match(m) => *m,
            _ => {
                return Err(XgError::Unexpected {
                    record: number,
                    what: "the game file does not start with the match header".into(),
                })
            }
        },
        Some((r, number)) => return Err(XgError::CutRecord { record: number, bytes: r.len() }),
        None => return Err(XgError::Cut { what: "the game file's match header", at: 0 }),
    };
    if let Some(name) = variant(info.variation) {
        return Err(XgError::Variant(name));
    }
    let mut m = XgMatch { info, games: Vec::new(), comments: Vec::new() };
    for index in m.info.comments {
        if let Some(c) = comments.get(index) {
            m.comments.push(c.to_owned());
        }
    }
    let mut builder: Option<Builder> = None;
    // After an error inside a game, its records are passed over up to the next game header.
    let mut skipping = false;
    for (r, number) in records {
        let record = if r.len() == RECORD_BYTES {
            read_record(r, number, m.info.version)
        } else {
            Err(XgError::CutRecord { record: number, bytes: r.len() })
        };
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                if !skipping {
                    builder = None;
                    m.games.push(Err(e));
                    skipping = true;
                }
                continue;
            }
        };
        match record {
            Record::Game(h) => {
                if let Some(b) = builder.take() {
                    m.games.push(Ok(b.finish()));
                }
                skipping = false;
                if h.auto_doubles > 0 {
                    m.games.push(Err(XgError::Unexpected {
                        record: number,
                        what: "a game with automatic doubles, which are not read".into(),
                    }));
                    skipping = true;
                    continue;
                }
                let (Ok(zero), Ok(one)) = (u32::try_from(h.scores[0]), u32::try_from(h.scores[1])) else {
                    m.games.push(Err(XgError::Unexpected {
                        record: number,
                        what: format!("a score of {}-{} before the game", h.scores[0], h.scores[1]),
                    }));
                    skipping = true;
                    continue;
                };
                let place = u32::try_from(m.games.len() + 1).unwrap_or(u32::MAX);
                let mut b = Builder::new(place, number, &m.info, [zero, one], h.crawford);
                for c in h.comments.iter().filter_map(|&i| comments.get(i)) {
                    b.game.comments.push(("Comment".into(), c.to_owned()));
                }
                builder = Some(b);
            }
            _ if skipping => {}
            Record::Match(_) => {
                builder = None;
                m.games.push(Err(XgError::Unexpected { record: number, what: "a second match header".into() }));
                skipping = true;
            }
            Record::MatchEnd => break,
            record => {
                let Some(b) = builder.as_mut() else {
                    m.games.push(Err(XgError::Unexpected {
                        record: number,
                        what: "a move, cube or game footer record outside a game".into(),
                    }));
                    skipping = true;
                    continue;
                };
                let step = match record {
                    Record::Cube(c) => b.cube(number, &c, &comments),
                    Record::Move(mv) => b.play(number, &mv, &comments),
                    Record::GameEnd(f) => {
                        let b = builder.take().map(|b| b.end(number, f));
                        if let Some(b) = b {
                            match b {
                                Ok(b) => m.games.push(Ok(b.finish())),
                                Err(e) => m.games.push(Err(e)),
                            }
                        }
                        continue;
                    }
                    _ => Ok(()),
                };
                let too_long = b.records > MAX_GAME_RECORDS;
                if let Err(e) = step {
                    builder = None;
                    m.games.push(Err(e));
                    skipping = true;
                } else if too_long {
                    builder = None;
                    m.games.push(Err(XgError::GameTooLong { record: number }));
                    skipping = true;
                }
            }
        }
    }
    if let Some(b) = builder.take() {
        m.games.push(Ok(b.finish()));
    }
    Ok(m)
}

/// A game being read.
struct Builder {
    game: XgGame,
    /// Records of the game read, its header not counted.
    records: usize,
    /// The facts for the next action.
    pending: Facts,
    /// The move number of the `.mat` line the last action stands on (0 before the first).
    mat_line: u32,
    /// Whether that line's right column is still free.
    right_free: bool,
}

fn column(player: i32, record: u64) -> Result<Column, XgError> {
    match player {
        1 => Ok(Column::Left),
        -1 => Ok(Column::Right),
        p => Err(XgError::Unexpected { record, what: format!("player {p}, expected 1 or -1") }),
    }
}

fn label(move_number: u32, column: Column) -> String {
    format!("{move_number}{}", if column == Column::Left { 'L' } else { 'R' })
}

/// The move number of the `.mat` line an action of `column` stands on, after the actions so
/// far left the line `line` with its right column `right_free` or not: a `.mat` record writes
/// the actions in turn, each line its left column's action, then its right's, so an action of
/// the left column starts a line, and one of the right column starts one when the right column
/// of the line is taken.
fn mat_line(line: u32, right_free: bool, column: Column) -> u32 {
    match column {
        Column::Right if right_free => line,
        _ => line.saturating_add(1),
    }
}

impl Builder {
    fn new(place: u32, record: u64, info: &MatchInfo, scores: [u32; 2], crawford: bool) -> Builder {
        let record = GameRecord {
            number: place,
            line: record,
            players: info.players.clone(),
            scores,
            players_line: record,
            actions: Vec::new(),
            end: None,
            jacoby: info.jacoby && info.length == 0,
        };
        let game = XgGame { record, checks: XgChecks::default(), crawford, comments: Vec::new() };
        Builder { game, records: 0, pending: Facts::default(), mat_line: 0, right_free: false }
    }

    /// Adds an action, numbered as the same game's `.mat` numbers its line (the game's `Wins`
    /// on a line of its own, unnumbered, as a `.mat` record writes it).
    fn push(&mut self, line: u64, column: Column, text: String, kind: ActionKind, play: Option<String>) {
        let move_number = if matches!(kind, ActionKind::Wins { .. }) {
            None
        } else {
            self.mat_line = mat_line(self.mat_line, self.right_free, column);
            self.right_free = column == Column::Left;
            Some(self.mat_line)
        };
        self.game.record.actions.push(Action {
            line,
            move_number,
            column,
            position: 0,
            text: CompactString::new(text),
            kind,
            play_text: play.map(CompactString::new),
        });
        self.game.checks.facts.push(std::mem::take(&mut self.pending));
    }

    fn comment(&mut self, index: i32, column: Column, comments: &Comments) {
        if let Some(c) = comments.get(index) {
            let key = format!("Comment {}", label(mat_line(self.mat_line, self.right_free, column), column));
            self.game.comments.push((key, c.to_owned()));
        }
    }

    fn cube(&mut self, number: u64, c: &CubeRecord, comments: &Comments) -> Result<(), XgError> {
        self.records += 1;
        let me = column(c.player, number)?;
        self.comment(c.comment, me, comments);
        self.pending.before.push((c.position, number));
        self.pending.cube = Some(c.cube);
        if c.double != 1 {
            return Ok(());
        }
        let next = c.cube.unsigned_abs().checked_add(1).filter(|&n| n < 31).ok_or_else(|| XgError::Unexpected {
            record: number,
            what: format!("a cube of 2^{} before a double", c.cube.unsigned_abs()),
        })?;
        let value = 1u32 << next;
        self.push(number, me, format!("Doubles => {value}"), ActionKind::Double { value }, None);
        let them = me.other();
        match c.take {
            1 => self.push(number, them, "Takes".into(), ActionKind::Take, None),
            0 => self.push(number, them, "Drops".into(), ActionKind::Drop, None),
            2 => {
                self.push(number, them, "Beavers".into(), ActionKind::Double { value: 0 }, None);
                match c.beaver {
                    1 => self.push(number, me, "Takes".into(), ActionKind::Take, None),
                    0 => self.push(number, me, "Drops".into(), ActionKind::Drop, None),
                    2 => self.push(number, me, "Raccoons".into(), ActionKind::Double { value: 0 }, None),
                    _ => {}
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn play(&mut self, number: u64, mv: &MoveRecord, comments: &Comments) -> Result<(), XgError> {
        self.records += 1;
        let me = column(mv.player, number)?;
        self.comment(mv.comment, me, comments);
        let bad = |what: String| XgError::Unexpected { record: number, what };
        let mut play = String::new();
        for pair in mv.pairs.chunks_exact(2) {
            let (from, to) = (pair[0], pair[1]);
            if from == -1 || !mv.played {
                break;
            }
            let from = match from {
                0..=23 => from + 1,
                24 => 25,
                _ => return Err(bad(format!("a move from {from}, expected 0 to 24 (24 the bar) or -1"))),
            };
            let to = match to {
                0..=23 => to + 1,
                t if t < 0 => 0,
                _ => return Err(bad(format!("a move to {to}, expected 0 to 23, or below 0 off"))),
            };
            if !play.is_empty() {
                play.push(' ');
            }
            play.push_str(&format!("{from}/{to}"));
        }
        let [d1, d2] = mv.dice;
        let die = |d: i32| u8::try_from(d).ok().filter(|d| (1..=6).contains(d));
        let dice = match (die(d1), die(d2)) {
            (Some(a), Some(b)) => (a, b),
            // The verification says the dice are wrong, with the record's text.
            _ => (0, 0),
        };
        let text = if play.is_empty() { format!("{d1}{d2}:") } else { format!("{d1}{d2}: {play}") };
        self.pending.before.push((mv.before, number));
        self.pending.cube.get_or_insert(mv.cube);
        // A roll not played has no position after it (XG writes an empty board).
        self.pending.after = mv.played.then_some(mv.after);
        self.pending.invalid = mv.invalid;
        self.push(number, me, text, ActionKind::Roll { dice }, Some(play));
        Ok(())
    }

    fn end(mut self, number: u64, f: GameFooter) -> Result<Builder, XgError> {
        self.records += 1;
        let winner = column(f.winner, number)?;
        let points = u64::try_from(f.points)
            .map_err(|_| XgError::Unexpected { record: number, what: format!("{} points won", f.points) })?;
        let how = match f.termination {
            t if t >= 1000 => ", settled",
            t if t >= 100 => ", resigned",
            0 => ", dropped",
            _ => "",
        };
        let text = format!("Wins {points} point{}{how}", if points == 1 { "" } else { "s" });
        self.push(number, winner, text, ActionKind::Wins { points, and_match: false }, None);
        self.game.record.end = Some(GameEnd { winner, points, and_match: false, line: number });
        self.game.checks.footer = Some(f);
        Ok(self)
    }

    fn finish(self) -> XgGame {
        self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 5-point match's games at these scores; `None` a game that cannot be read.
    fn at(scores: &[Option<[u32; 2]>]) -> XgMatch {
        let info = MatchInfo { length: 5, crawford: true, ..MatchInfo::default() };
        let game = |s: [u32; 2]| XgGame {
            record: GameRecord {
                number: 0,
                line: 0,
                players: [String::new(), String::new()],
                scores: s,
                players_line: 0,
                actions: Vec::new(),
                end: None,
                jacoby: false,
            },
            checks: XgChecks::default(),
            crawford: false,
            comments: Vec::new(),
        };
        let games = scores.iter().map(|s| s.map(game).ok_or(XgError::NoGameFile)).collect();
        XgMatch { info, games, comments: Vec::new() }
    }

    #[test]
    fn the_crawford_game_is_the_first_at_match_point_unless_one_unread_may_have_been() {
        let flags = |m: &XgMatch| m.scores().iter().map(|s| (s.crawford, s.post_crawford)).collect::<Vec<_>>();
        let read = at(&[Some([0, 0]), Some([4, 0]), Some([4, 1])]);
        assert_eq!(flags(&read), [(false, false), (true, false), (false, true)]);
        let unread = at(&[Some([3, 0]), None, Some([4, 1])]);
        assert_eq!(flags(&unread), [(false, false), (false, false), (false, true)]);
    }

    #[test]
    fn delphi_dates() {
        let day = |d: &str, t: &str| Some((d.to_owned(), t.to_owned()));
        assert_eq!(delphi_date(45_256.0 + 9.5 / 24.0), day("2023.11.26", "09.30"));
        assert_eq!(delphi_date(2.0), day("1900.01.01", "00.00"));
        assert_eq!(delphi_date(36_526.999_999), day("2000.01.01", "23.59"));
        assert_eq!(delphi_date(0.0), None);
        assert_eq!(delphi_date(f64::NAN), None);
        assert_eq!(delphi_date(1e300), None);
    }
}
