//! Reading a match: lines of bounded length, then games of actions, with recovery at the next
//! `Game N` line after a malformed one.

use std::io::BufRead;

use memchr::memchr;

use super::line::{
    game_line, is_comment, parse_action_line, parse_match_length, parse_players, parse_tag, PLAYER_LINE,
};
use super::record::{syntax, trim, ActionKind, GameRecord, MatError, MatchHeader};

use crate::input::{Line, LineReader, MAX_RECORD_BYTES};

/// Lines of a stream as text, one at a time, from the input layer's [`LineReader`]: a line
/// past [`MAX_LINE_BYTES`](crate::input::MAX_LINE_BYTES), a NUL byte (binary data) or a read error is a [`MatError`] at its
/// line; bytes that are not UTF-8 read as U+FFFD.
pub(super) struct Lines<R> {
    reader: LineReader<R>,
    /// The current line as text, without its line break.
    text: String,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R) -> Lines<R> {
        Lines { reader: LineReader::new(input), text: String::new() }
    }

    /// 1-based number of the current line (0 before the first).
    fn number(&self) -> u64 {
        self.reader.number()
    }

    /// Reads the next line into `text`; `Ok(false)` at the end of the input.
    fn advance(&mut self) -> Result<bool, MatError> {
        self.text.clear();
        match self.reader.next_line() {
            None => Ok(false),
            Some(Err(source)) => Err(MatError::Io { line: self.number(), source }),
            Some(Ok(Line::TooLong(_))) => Err(MatError::LineTooLong { line: self.number() }),
            Some(Ok(Line::Text)) => {
                let bytes = self.reader.text();
                if memchr(0, bytes).is_some() {
                    return Err(MatError::Binary { line: self.number() });
                }
                match std::str::from_utf8(bytes) {
                    Ok(text) => self.text.push_str(text),
                    Err(_) => self.text.push_str(&String::from_utf8_lossy(bytes)),
                }
                Ok(true)
            }
        }
    }
}

/// A streaming `.mat` reader: the header first ([`MatReader::header`]), then one
/// [`GameRecord`] at a time as an iterator.
///
/// ```
/// use tabula_replay::backgammon::mat::MatReader;
///
/// let text = "5 point match\n\n Game 1\n a : 0      b : 0\n  1) 31: 8/5 6/5  Doubles => 2\n";
/// let mut reader = MatReader::new(text.as_bytes());
/// assert_eq!(reader.header().unwrap().match_length, Some(5));
/// let game = reader.next().unwrap().unwrap();
/// assert_eq!(game.plays(), 1);
/// assert!(reader.next().is_none());
/// ```
pub struct MatReader<R> {
    lines: Lines<R>,
    /// The header, once read.
    header: Option<MatchHeader>,
    /// A `Game N` line already read: its line and number.
    pending: Option<(u64, u32)>,
    /// An error met while skipping, handed out next.
    deferred: Option<MatError>,
    games: u64,
    done: bool,
}

impl<R: BufRead> MatReader<R> {
    /// A reader of `input`, the first line numbered 1.
    pub fn new(input: R) -> MatReader<R> {
        MatReader { lines: Lines::new(input), header: None, pending: None, deferred: None, games: 0, done: false }
    }

    /// The header: everything before the first `Game N` line. Read on the first call (by this
    /// method or by the first [`Iterator::next`]); later calls return what was read.
    ///
    /// # Errors
    /// On the first call only: [`MatError::Empty`] for an input without a non-blank line, else
    /// the first malformed header line (a line that is not blank, a `;` comment, a
    /// `; [Name "value"]` tag or `N point match`), an over-long or binary line, or a read error.
    /// The rest of the header is still read, so later calls return the tags and match length
    /// found, and the games still follow.
    pub fn header(&mut self) -> Result<&MatchHeader, MatError> {
        if self.header.is_none() {
            let (header, error) = self.read_header();
            self.header = Some(header);
            if let Some(error) = error {
                return Err(error);
            }
        }
        Ok(self.header.get_or_insert_with(MatchHeader::default))
    }

    /// The number of lines read so far.
    pub fn lines_read(&self) -> u64 {
        self.lines.number()
    }

    fn read_header(&mut self) -> (MatchHeader, Option<MatError>) {
        let mut header = MatchHeader::default();
        let mut error = None;
        let mut blank = true;
        loop {
            match self.lines.advance() {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => {
                    blank = false;
                    let fatal = matches!(e, MatError::Io { .. });
                    error.get_or_insert(e);
                    if fatal {
                        self.done = true;
                        break;
                    }
                    continue;
                }
            }
            let line = self.lines.number();
            let text = trim(&self.lines.text);
            if text.is_empty() {
                continue;
            }
            blank = false;
            if let Some(number) = game_line(text) {
                self.pending = Some((line, number));
                break;
            }
            let problem = if let Some(comment) = text.strip_prefix(';').or_else(|| text.strip_prefix('#')) {
                let comment = comment.trim_start();
                match comment.starts_with('[').then(|| parse_tag(comment)) {
                    None => None,
                    Some(Some((name, value))) => {
                        header.tags.push((name.to_owned(), value.to_owned()));
                        None
                    }
                    Some(None) => Some(syntax(line, None, text, "a tag `; [Name \"value\"]`")),
                }
            } else {
                match parse_match_length(text) {
                    Some(Ok(_)) if header.match_length.is_some() => {
                        Some(syntax(line, None, text, "a single `N point match` line"))
                    }
                    Some(Ok(length)) => {
                        header.match_length = Some(length);
                        header.header_line = line;
                        None
                    }
                    Some(Err(())) => Some(syntax(line, None, text, "a match length `N point match`")),
                    None => Some(syntax(line, None, text, "a `; [Name \"value\"]` tag, `N point match` or `Game 1`")),
                }
            };
            if let Some(problem) = problem {
                error.get_or_insert(problem);
            }
        }
        if blank && error.is_none() {
            self.done = true;
            error = Some(MatError::Empty);
        }
        (header, error)
    }

    /// Skips lines up to the next `Game N` line (kept as pending).
    fn skip_to_game(&mut self) {
        loop {
            match self.lines.advance() {
                Ok(true) => {
                    if let Some(number) = game_line(trim(&self.lines.text)) {
                        self.pending = Some((self.lines.number(), number));
                        return;
                    }
                }
                Ok(false) => return,
                Err(e @ MatError::Io { .. }) => {
                    self.deferred = Some(e);
                    return;
                }
                Err(_) => {}
            }
        }
    }

    fn read_game(&mut self, line: u64, number: u32) -> Result<GameRecord, MatError> {
        let game = Some(number);
        let (players, scores, middle) = loop {
            if !self.lines.advance()? {
                return Err(syntax(self.lines.number(), game, "the end of the input", PLAYER_LINE));
            }
            let text = trim(&self.lines.text);
            if text.is_empty() || is_comment(text) {
                continue;
            }
            if let Some(next) = game_line(text) {
                self.pending = Some((self.lines.number(), next));
                return Err(syntax(self.lines.number(), game, text, PLAYER_LINE));
            }
            match parse_players(&self.lines.text) {
                Some(players) => break players,
                None => return Err(syntax(self.lines.number(), game, text, PLAYER_LINE)),
            }
        };
        let players_line = self.lines.number();
        let mut record =
            GameRecord { number, line, players, scores, players_line, actions: Vec::new(), end: None, jacoby: false };
        let mut last_move = 0;
        let mut bytes = 0;
        while self.lines.advance()? {
            bytes += self.lines.text.len();
            if bytes > MAX_RECORD_BYTES {
                return Err(MatError::GameTooLong { line: self.lines.number(), game: number });
            }
            let text = trim(&self.lines.text);
            if text.is_empty() || is_comment(text) {
                continue;
            }
            if let Some(next) = game_line(text) {
                self.pending = Some((self.lines.number(), next));
                break;
            }
            parse_action_line(&self.lines.text, self.lines.number(), middle, &mut last_move, &mut record)?;
        }
        settle_losses(&mut record);
        Ok(record)
    }
}

impl<R: BufRead> Iterator for MatReader<R> {
    type Item = Result<GameRecord, MatError>;

    /// The next game, or the error that stopped it (the reader then goes on with the next
    /// `Game N` line). If [`MatReader::header`] was not called, the first call reads the header
    /// and returns its error, if any, first. An input with a header but no game gives
    /// [`MatError::NoGames`] once.
    fn next(&mut self) -> Option<Self::Item> {
        if self.header.is_none() {
            if let Err(e) = self.header() {
                return Some(Err(e));
            }
        }
        if let Some(e) = self.deferred.take() {
            self.done = true;
            return Some(Err(e));
        }
        if self.done {
            return None;
        }
        let Some((line, number)) = self.pending.take() else {
            self.done = true;
            return (self.games == 0).then_some(Err(MatError::NoGames { lines: self.lines.number() }));
        };
        self.games += 1;
        let game = self.read_game(line, number);
        match &game {
            Err(MatError::Io { .. }) => self.done = true,
            Err(_) if self.pending.is_none() => self.skip_to_game(),
            _ => {}
        }
        Some(game)
    }
}

/// Puts a game's `Losses` and `Wins` in the columns of the loser and the winner (see the module
/// documentation).
pub(super) fn settle_losses(record: &mut GameRecord) {
    let Some(end) = record.end.as_mut() else { return };
    let wins_at = record.actions.iter().rev().find(|a| matches!(a.kind, ActionKind::Wins { .. }));
    let wins_position = wins_at.map_or(0, |a| a.position);
    let on_wins_line = record
        .actions
        .iter()
        .find(|a| matches!(a.kind, ActionKind::Losses { .. }) && a.line == end.line && a.position < wins_position);
    if let Some(loser) = on_wins_line.map(|a| a.column) {
        end.winner = loser.other();
    }
    let winner = end.winner;
    for action in &mut record.actions {
        match action.kind {
            ActionKind::Losses { .. } => action.column = winner.other(),
            ActionKind::Wins { .. } => action.column = winner,
            _ => {}
        }
    }
}
