//! The per-game result of a check, as the `--jsonl` output of `tabula check` defines it.

use std::sync::Arc;

use serde::Serialize;

use crate::fingerprint::{Fingerprint, Fingerprinter};

/// The verdict on one game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every move legal, and the recorded result agrees with the board.
    Ok,
    /// A move is illegal (or written wrongly); `error` says which.
    Illegal,
    /// The moves are legal but the record's result disagrees with the replay.
    ResultMismatch,
    /// The record cannot be read as a game.
    Unreadable,
}

impl Verdict {
    /// Every verdict, in the order reports list them.
    pub const ALL: [Verdict; 4] = [Verdict::Ok, Verdict::Illegal, Verdict::ResultMismatch, Verdict::Unreadable];

    /// The JSON spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::Illegal => "illegal",
            Verdict::ResultMismatch => "result-mismatch",
            Verdict::Unreadable => "unreadable",
        }
    }
}

/// How a game ended, in the form of the game kind (`docs/cli.md`, "JSON Lines").
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(untagged)]
pub enum GameResult {
    /// Arimaa: winner `g`/`s` and reason.
    Arimaa {
        /// `g` or `s`.
        winner: &'static str,
        /// `goal`, `elimination`, `immobilization`, `resignation`, ...
        reason: &'static str,
    },
    /// Backgammon: winner (0 = the left-column player), points and how the game ended.
    Backgammon {
        /// 0 or 1.
        winner: u8,
        /// Points won: the cube times 1, 2 or 3 for a bear-off, the cube for a drop, the
        /// points written for a resignation.
        points: u64,
        /// `bearoff`, `drop` or `resign`.
        how: &'static str,
    },
    /// Stones and Rivers: `"Sq"` or `"Cr"` (the winner), or `"*"` (the game goes on); a bare
    /// string in JSON.
    StonesRivers(&'static str),
}

impl GameResult {
    /// The result for people: `Gold wins by goal`, `player 1 wins 2 points (gammon)`, `Circle
    /// wins`, `the game goes on`.
    pub fn sentence(&self) -> String {
        match *self {
            GameResult::Arimaa { winner, reason } => {
                let who = if winner == "g" { "Gold" } else { "Silver" };
                format!("{who} wins by {reason}")
            }
            GameResult::Backgammon { winner, points, how } => {
                let s = if points == 1 { "" } else { "s" };
                format!("player {} wins {points} point{s} ({how})", winner + 1)
            }
            GameResult::StonesRivers("Sq") => "Square wins".to_owned(),
            GameResult::StonesRivers("Cr") => "Circle wins".to_owned(),
            GameResult::StonesRivers(_) => "the game goes on".to_owned(),
        }
    }

    /// The Stones and Rivers result for a winner (`None`: unfinished, `"*"`).
    pub fn stones_rivers(winner: Option<tabula_engine::stones_rivers::Player>) -> GameResult {
        use tabula_engine::stones_rivers::Player;
        GameResult::StonesRivers(match winner {
            Some(Player::Square) => "Sq",
            Some(Player::Circle) => "Cr",
            None => "*",
        })
    }

    /// The winner as `tabula positions` writes the side to move: `g`/`s` (Arimaa), `0`/`1`
    /// (backgammon, 0 the left column), `sq`/`cr` (Stones and Rivers); `None` when the game goes
    /// on. A row of a game was played by the winner when its `side` is this.
    pub fn winner_side(&self) -> Option<&'static str> {
        match *self {
            GameResult::Arimaa { winner, .. } => Some(if winner == "s" { "s" } else { "g" }),
            GameResult::Backgammon { winner, .. } => Some(if winner == 0 { "0" } else { "1" }),
            GameResult::StonesRivers("Sq") => Some("sq"),
            GameResult::StonesRivers("Cr") => Some("cr"),
            GameResult::StonesRivers(_) => None,
        }
    }
}

/// Where and why a game is not ok.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ErrorInfo {
    /// The move's label as written in the record (`68w`), or empty when no move is concerned.
    pub turn: String,
    /// 1-based line in the file; [`ErrorInfo::NO_LINE`] when the error has none (a binary
    /// `.xg` file, a path that is not a game), written `null` in JSON.
    #[serde(serialize_with = "line_or_null")]
    pub line: u64,
    /// The offending text.
    pub token: String,
    /// Why.
    pub message: String,
    /// Legal moves near to the one written, for an `illegal` game checked with suggestions
    /// (`tabula check --suggest`); `None` (the key absent) otherwise. Boxed: a report stays
    /// as small as it was without them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestions: Option<Box<Suggestions>>,
}

impl ErrorInfo {
    /// The `line` of an error that has no line: 0, which no 1-based line is.
    pub const NO_LINE: u64 = 0;
}

/// A line as JSON: its number, or `null` for [`ErrorInfo::NO_LINE`].
fn line_or_null<S: serde::Serializer>(line: &u64, s: S) -> Result<S::Ok, S::Error> {
    match *line {
        ErrorInfo::NO_LINE => s.serialize_none(),
        n => s.serialize_u64(n),
    }
}

/// The suggestions of an error, in their order (a JSON array).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
#[serde(transparent)]
pub struct Suggestions(pub Vec<Suggestion>);

impl std::ops::Deref for Suggestions {
    type Target = [Suggestion];

    fn deref(&self) -> &[Suggestion] {
        &self.0
    }
}

/// A legal move suggested in place of an illegal one (`docs/suggest.md`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Suggestion {
    /// The move in the game's standard notation.
    #[serde(rename = "move")]
    pub r#move: String,
    /// The verdict the game gets with this move in place of the one written (`None`: no record
    /// was replayed, as for `tabula resolve`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub then: Option<Verdict>,
    /// Turns replayed with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turns: Option<usize>,
}

/// The JSON line of a file passed over: the keys of [`GameReport`], in its order.
#[derive(Serialize)]
struct Skipped<'a> {
    source: &'a str,
    game: &'a str,
    kind: &'a str,
    verdict: &'a str,
    turns: usize,
    result: Option<GameResult>,
    final_position: &'a str,
    error: ErrorInfo,
    fingerprint: Option<Fingerprint>,
}

/// The result of checking one game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct GameReport {
    /// The file the game came from.
    pub source: Arc<str>,
    /// The game's id in the file.
    pub game: String,
    /// `arimaa`, `backgammon` or `stones-and-rivers`.
    pub kind: &'static str,
    /// The verdict.
    pub verdict: Verdict,
    /// Moves replayed (Arimaa: set-ups included, taken-back moves removed; for an illegal game,
    /// those before the illegal one).
    pub turns: usize,
    /// How the game ended, or `None` when the record does not end it.
    pub result: Option<GameResult>,
    /// The position after the last replayed move.
    pub final_position: String,
    /// Where and why, when the verdict is not `ok`.
    pub error: Option<ErrorInfo>,
    /// What was played, whatever the record's format (`docs/archive.md`); `None` only for
    /// a report of kind `unknown`, which is no game.
    pub fingerprint: Option<Fingerprint>,
    /// Backgammon: the match the game belongs to, from the match length and its games'
    /// fingerprints in order (`None` for the other games, and for a match of more games than
    /// a check holds at once, `backgammon::check::MATCH_GAMES`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_fingerprint: Option<Fingerprint>,
}

impl GameReport {
    /// What the game's records number, for people: `turn` for Stones and Rivers, `move` for
    /// the others.
    pub fn turn_word(&self) -> &'static str {
        if self.kind == crate::game_kind::GameKind::StonesRivers.name() {
            "turn"
        } else {
            "move"
        }
    }

    /// Where the game breaks, for people: `line 12, move 7w, \`Ed2n\``, leaving out what the
    /// error does not name. Empty without an error.
    pub fn error_place(&self) -> String {
        let Some(e) = &self.error else { return String::new() };
        let mut at = Vec::new();
        if e.line > 0 {
            at.push(format!("line {}", e.line));
        }
        if !e.turn.is_empty() {
            at.push(format!("{} {}", self.turn_word(), e.turn));
        }
        if !e.token.is_empty() {
            at.push(format!("`{}`", e.token));
        }
        at.join(", ")
    }

    /// Gives the error of an `illegal` report the suggestions `find` gives for it (none when it
    /// gives `None`), as `tabula check --suggest` does; a report of another verdict, or one whose
    /// error has them already, is left as it is and `find` is not called.
    pub fn add_suggestions(&mut self, find: impl FnOnce(&GameReport) -> Option<Vec<Suggestion>>) {
        if self.verdict != Verdict::Illegal || self.error.as_ref().is_none_or(|e| e.suggestions.is_some()) {
            return;
        }
        let found = find(self).unwrap_or_default();
        if let Some(e) = self.error.as_mut() {
            e.suggestions = Some(Box::new(Suggestions(found)));
        }
    }

    /// The first suggestion that repairs the game (`then` ok), written as a line of its record
    /// would write it: an Arimaa move with its label (`12g Ed2n Ed3n`), a backgammon roll with its
    /// play (`31: 8/5 6/5`), a Stones and Rivers turn. `None` without one.
    pub fn repair_line(&self) -> Option<String> {
        let e = self.error.as_ref()?;
        let s = e.suggestions.as_deref()?.iter().find(|s| s.then == Some(Verdict::Ok))?;
        let kind = crate::game_kind::GameKind::from_name(self.kind);
        Some(match kind {
            Some(crate::game_kind::GameKind::Arimaa) => format!("{} {}", e.turn, s.r#move),
            Some(crate::game_kind::GameKind::Backgammon) => match roll_of(&e.token) {
                Some(dice) => format!("{dice}: {}", s.r#move),
                None => s.r#move.clone(),
            },
            _ => s.r#move.clone(),
        })
    }

    /// The lines `tabula replay` ends a game with: the game, its verdict and the moves
    /// replayed, the result as a sentence (`ended_at`: the move it was decided on, when the
    /// caller knows it), and where and why it breaks.
    ///
    /// # Errors
    /// Writing failed.
    pub fn write_verdict(&self, out: &mut impl std::io::Write, ended_at: Option<&str>) -> std::io::Result<()> {
        let (game, source, verdict) = (&self.game, &self.source, self.verdict.as_str());
        let s = if self.turns == 1 { "" } else { "s" };
        writeln!(out, "game {game} ({source}): {verdict} after {} {}{s}", self.turns, self.turn_word())?;
        if let Some(r) = &self.result {
            let at = ended_at.map_or_else(String::new, |at| format!(" at {at}"));
            writeln!(out, "result: {}{at}", r.sentence())?;
        }
        if let (Some(e), true) = (&self.error, self.verdict != Verdict::Ok) {
            writeln!(out, "{}: {}", self.error_place(), e.message)?;
        }
        Ok(())
    }

    /// The report of an input that could not be read as any game (kind `unknown`): a path, a
    /// folder entry or a file that cannot be read, and why.
    pub(crate) fn unknown(source: &Arc<str>, message: String) -> GameReport {
        let error = ErrorInfo { turn: String::new(), line: 0, token: String::new(), message, suggestions: None };
        GameReport::unreadable(source.clone(), "1".into(), "unknown", error)
    }

    /// The report of a record that could not be read at all: its fingerprint is made of the
    /// offending text alone (none for kind `unknown`).
    pub fn unreadable(source: Arc<str>, game: String, kind: &'static str, error: ErrorInfo) -> GameReport {
        let mut report = GameReport {
            source,
            game,
            kind,
            verdict: Verdict::Unreadable,
            turns: 0,
            result: None,
            final_position: String::new(),
            error: Some(error),
            fingerprint: None,
            match_fingerprint: None,
        };
        if kind != "unknown" {
            report.seal(Fingerprinter::new(kind));
        }
        report
    }

    /// Sets the fingerprint from the canonical form `moves` holds (what was played): when the
    /// game breaks (`illegal`, `unreadable`), the offending text the error gives ends it.
    pub fn seal(&mut self, mut moves: Fingerprinter) {
        if let (Verdict::Illegal | Verdict::Unreadable, Some(e)) = (self.verdict, &self.error) {
            moves.broken(e.token.as_bytes());
        }
        self.fingerprint = Some(moves.finish());
    }

    /// The JSON line of a file passed over (`CheckEvent::Skipped` of a check):
    /// the keys of a game's report, with kind `unknown`, verdict `skipped` and the reason as the
    /// error message.
    pub fn skipped_json(path: &std::path::Path, reason: crate::skip::SkipReason) -> String {
        let source = path.display().to_string();
        let error = ErrorInfo {
            turn: String::new(),
            line: 0,
            token: String::new(),
            message: reason.message().into(),
            suggestions: None,
        };
        let line = Skipped {
            source: &source,
            game: "",
            kind: "unknown",
            verdict: "skipped",
            turns: 0,
            result: None,
            final_position: "",
            error,
            fingerprint: None,
        };
        serde_json::to_string(&line).unwrap_or_else(|e| format!("{{\"error\":\"cannot serialise report: {e}\"}}"))
    }

    /// One line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"cannot serialise report: {e}\"}}"))
    }
}

/// Characters of an offending text kept in a report's token.
const SHOWN_CHARS: usize = 60;

/// At most [`SHOWN_CHARS`] characters of `text`, with `...` when cut: a token short enough for
/// a report line, whatever the input.
pub(crate) fn shortened(text: &str) -> String {
    match text.char_indices().nth(SHOWN_CHARS) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The roll of a backgammon play as a record writes it: `43` of `43: 24/21 13/9` (`.mat`) and of
/// `B[43yclq]` (`.sgf`).
fn roll_of(token: &str) -> Option<&str> {
    let after = match token.split_once(':') {
        Some((dice, _)) => dice.trim(),
        None => token.split_once('[')?.1,
    };
    after.get(..2).filter(|d| d.bytes().all(|b| (b'1'..=b'6').contains(&b)))
}

#[cfg(test)]
mod repair_tests {
    use super::roll_of;

    #[test]
    fn the_roll_is_read_from_a_mat_play_and_an_sgf_node() {
        assert_eq!(roll_of("43: 24/21 31/9"), Some("43"));
        assert_eq!(roll_of("B[43yclq]"), Some("43"));
        assert_eq!(roll_of("W[]"), None);
        assert_eq!(roll_of("Doubles => 2"), None);
        assert_eq!(roll_of("é[4"), None);
    }
}

#[cfg(test)]
mod winner_tests {
    use super::GameResult;

    #[test]
    fn the_winner_is_written_as_positions_writes_the_side_to_move() {
        let arimaa = |winner| GameResult::Arimaa { winner, reason: "goal" };
        assert_eq!(arimaa("g").winner_side(), Some("g"));
        assert_eq!(arimaa("s").winner_side(), Some("s"));
        let backgammon = |winner| GameResult::Backgammon { winner, points: 1, how: "bearoff" };
        assert_eq!(backgammon(0).winner_side(), Some("0"));
        assert_eq!(backgammon(1).winner_side(), Some("1"));
        assert_eq!(GameResult::StonesRivers("Sq").winner_side(), Some("sq"));
        assert_eq!(GameResult::StonesRivers("Cr").winner_side(), Some("cr"));
        assert_eq!(GameResult::StonesRivers("*").winner_side(), None);
    }
}
