//! Verified replay of Stones and Rivers records: every turn parsed and played on a real
//! position, one [`GameReport`] per record.
//!
//! The conventions of the reference implementation the tests compare with:
//!
//! - without a `[Position]` tag the game starts from the initial position and either side may
//!   make the first turn; with one, the game starts there and the first turn must be the side
//!   to move it gives;
//! - a turn after the game has been won is illegal (the `result` stays the winner's);
//! - a turn that does not parse (`D05`, `Sq - D5`, `Cr - I7, PS, I0, I5`) is a turn written
//!   wrongly: the record is `illegal` at that turn, as for a turn the rules forbid; so is a tag
//!   line after the first turn;
//! - a record whose header cannot be read (a malformed tag line, a `[Position]` that is not a
//!   legal position) is `unreadable`;
//! - a `[Result "Sq"|"Cr"|"*"]` tag that disagrees with the replay gives `result-mismatch`
//!   (other values are not checked).

use std::io::BufRead;
use std::sync::Arc;

use rayon::prelude::*;
use tabula_engine::stones_rivers::{Axis, Cell, Face, PlayError, Player, Position, Turn};
use tabula_notation::stones_rivers::{parse_position, player_code, write_position, ResolveError, TurnText};

use super::records::{Record, RecordReader, TurnLine};
use crate::error::FindError;
use crate::fingerprint::Fingerprinter;
use crate::report::{ErrorInfo, GameReport, GameResult, Verdict};

/// The game kind in reports.
pub const KIND: &str = crate::game_kind::GameKind::StonesRivers.name();

/// Records verified together; memory holds at most this many records of a file at once (or
/// [`BATCH_BYTES`] of their turns, whichever comes first).
const BATCH: usize = 512;
/// Bytes of turn text verified together.
const BATCH_BYTES: usize = 8 << 20;

/// One turn replayed without error, as [`verify_with`] hands it on.
#[derive(Clone, Debug)]
pub struct Replayed<'a> {
    /// The turn line as written, with its index and line.
    pub line: TurnLine<'a>,
    /// The turn as read (its `Display` is the canonical spelling).
    pub text: TurnText,
    /// The engine's turn.
    pub turn: Turn,
    /// The position before the turn.
    pub before: &'a Position,
    /// The position after it.
    pub after: &'a Position,
}

/// The position a record starts from: its `[Position]` tag's, or else the initial position
/// with the player of the first turn to move (either side may start; Square when no turn reads).
///
/// # Errors
/// The tag's value is not a position string, or not a legal position; the error names the
/// tag's line and value.
pub fn start_position(record: &Record) -> Result<Position, ErrorInfo> {
    let Some(tag) = record.tag("Position") else {
        let first = record.turns().next().and_then(|t| TurnText::from_ascii(t.text).ok());
        return Ok(Position::initial(first.map_or(Player::Square, |t| t.player)));
    };
    let fail = |message: String| ErrorInfo {
        turn: String::new(),
        line: tag.line,
        token: tag.value.clone(),
        message,
        suggestions: None,
    };
    let setup =
        parse_position(tag.value.trim()).map_err(|e| fail(format!("[Position]: not a position string: {e}")))?;
    Position::from_setup(&setup).map_err(|e| fail(format!("[Position]: not a legal position: {e}")))
}

/// The result a `[Result]` tag value gives, if it is `Sq`, `Cr` or `*` (any case, trimmed).
pub fn recorded_result(value: &str) -> Option<Option<Player>> {
    let v = value.trim();
    if v.eq_ignore_ascii_case("sq") {
        Some(Some(Player::Square))
    } else if v.eq_ignore_ascii_case("cr") {
        Some(Some(Player::Circle))
    } else if v == "*" {
        Some(None)
    } else {
        None
    }
}

/// Replays one record. `source` is the file.
pub fn verify(source: &Arc<str>, record: &Record) -> GameReport {
    verify_with(source, record, |_| {})
}

/// [`verify`], handing `observe` every turn replayed without error, in order.
pub fn verify_with(source: &Arc<str>, record: &Record, mut observe: impl FnMut(&Replayed<'_>)) -> GameReport {
    let game = record.game_id();
    let start = match start_position(record) {
        Ok(start) => start,
        Err(e) => return GameReport::unreadable(source.clone(), game, KIND, e),
    };
    if let Some(p) = record.problem.as_ref().filter(|p| p.turn.is_none()) {
        return GameReport::unreadable(source.clone(), game, KIND, p.error_info());
    }
    let mut pos = start;
    let mut turns = 0usize;
    let mut failure = None;
    let mut moves = Fingerprinter::new(KIND);
    write_start(&mut moves, &start);
    for line in record.turns() {
        let fail = |message: String| ErrorInfo {
            turn: line.index.to_string(),
            line: line.line,
            token: line.shown(),
            message,
            suggestions: None,
        };
        let text = match TurnText::from_ascii(line.text) {
            Ok(t) => t,
            Err(e) => {
                failure = Some(fail(format!("malformed turn: {e}")));
                break;
            }
        };
        let before = pos;
        match text.play_in_place(&mut pos) {
            Ok(turn) => {
                moves.bytes_head(&canonical_turn(&turn).to_le_bytes(), 4);
                observe(&Replayed { line, text, turn, before: &before, after: &pos });
                turns += 1;
            }
            Err(e) => {
                failure = Some(fail(refusal(e, turns)));
                break;
            }
        }
    }
    let end = pos;
    let mut report = GameReport {
        source: source.clone(),
        game,
        kind: KIND,
        verdict: Verdict::Ok,
        turns,
        result: Some(GameResult::stones_rivers(end.winner())),
        final_position: write_position(&end.to_setup()),
        error: None,
        fingerprint: None,
        match_fingerprint: None,
    };
    if let Some(e) = failure {
        report.verdict = Verdict::Illegal;
        report.error = Some(e);
    } else if let Some(p) = &record.problem {
        report.verdict = if p.is_bad_turn() { Verdict::Illegal } else { Verdict::Unreadable };
        report.error = Some(p.error_info());
    } else if let Some(tag) = record.tag("Result") {
        match recorded_result(&tag.value) {
            Some(recorded) if recorded != end.winner() => {
                report.verdict = Verdict::ResultMismatch;
                report.error = Some(ErrorInfo {
                    turn: String::new(),
                    line: tag.line,
                    token: tag.value.clone(),
                    message: format!(
                        "the record gives the result {}, the replay {}",
                        describe(recorded),
                        describe(end.winner())
                    ),
                    suggestions: None,
                });
            }
            _ => {}
        }
    }
    report.seal(moves);
    report
}

/// Writes the position a game starts from into a fingerprint's canonical form
/// (`docs/archive.md`), from the words the board holds: `P`, the player to move (`S` Square, `C`
/// Circle), then Square's pieces, Circle's, the North rivers and the East rivers, each a 182-bit
/// set (bit `i` the cell of index `i`) as three little-endian 64-bit words.
fn write_start(moves: &mut Fingerprinter, start: &Position) {
    let board = start.board();
    let mut field = [0u8; 2 + 4 * 3 * 8];
    field[0] = b'P';
    field[1] = match start.to_move() {
        Player::Square => b'S',
        Player::Circle => b'C',
    };
    let sets = [board.by_player.square, board.by_player.circle, board.north, board.east];
    for (i, set) in sets.iter().enumerate() {
        for (j, lane) in set.lanes().iter().enumerate() {
            let at = 2 + 8 * (3 * i + j);
            field[at..at + 8].copy_from_slice(&lane.to_le_bytes());
        }
    }
    moves.bytes_head(&field, field.len());
}

/// A turn in a fingerprint's canonical form (`docs/archive.md`): what it does and the cells it
/// names, packed into one 32-bit word the engine's turn gives without writing text, written
/// little-endian. Bits 0 to 7 hold the first cell the notation names, 8 to 15 the second and 16
/// to 23 the third, each as its index (`row * 13 + column`, 0 = `A1`) or `0xff` where the action
/// names fewer; bits 24 to 31 the action: `FS`, `FN`, `FE`, `RN`, `RE`, `M`, `PR`, `PS` as 0 to 7.
pub fn canonical_turn(turn: &Turn) -> u32 {
    const NONE: u32 = 0xff;
    let cell = |c: Cell| c.index() as u32;
    let (action, a, b, c) = match *turn {
        Turn::Flip { cell: at, to: Face::Stone } => (0, cell(at), NONE, NONE),
        Turn::Flip { cell: at, to: Face::River(Axis::North) } => (1, cell(at), NONE, NONE),
        Turn::Flip { cell: at, to: Face::River(Axis::East) } => (2, cell(at), NONE, NONE),
        Turn::Rotate { cell: at, to: Axis::North } => (3, cell(at), NONE, NONE),
        Turn::Rotate { cell: at, to: Axis::East } => (4, cell(at), NONE, NONE),
        Turn::Move { from, to } => (5, cell(from), cell(to), NONE),
        Turn::RiverPush { from, onto, to } => (6, cell(from), cell(onto), cell(to)),
        Turn::StonePush { from, onto, to } => (7, cell(from), cell(onto), cell(to)),
    };
    a | b << 8 | c << 16 | action << 24
}

/// Why a turn that parses is refused, for the report: `turns` turns were played before it.
#[cold]
fn refusal(e: ResolveError, turns: usize) -> String {
    match e {
        ResolveError::Illegal(PlayError::GameOver { winner }) => {
            format!("a turn after the end of the game: {} won with turn {turns}", player_code(winner))
        }
        e @ ResolveError::WrongPlayer { .. } => format!("wrong player: {e}"),
        e => e.to_string(),
    }
}

fn describe(winner: Option<Player>) -> String {
    match winner {
        Some(p) => format!("{} (won by {})", player_code(p), p.name()),
        None => "* (unfinished)".to_owned(),
    }
}

/// Checks every record read from `input`, handing `sink` one report per record in file order.
/// Records are verified in parallel, a batch at a time, so memory holds one batch whatever the
/// size of the input.
pub fn check_records(source: &Arc<str>, input: impl BufRead, sink: &mut dyn FnMut(GameReport)) {
    check_records_with(input, &|r| verify(source, r), sink);
}

/// As [`check_records`], each record verified by `verify` (one that adds repair hints, say).
pub fn check_records_with(
    input: impl BufRead,
    verify: &(dyn Fn(&Record) -> GameReport + Sync),
    sink: &mut dyn FnMut(GameReport),
) {
    let mut batch: Vec<Record> = Vec::new();
    let mut bytes = 0usize;
    let mut flush = |batch: &mut Vec<Record>| {
        let reports: Vec<GameReport> = batch.par_iter().map(verify).collect();
        reports.into_iter().for_each(&mut *sink);
        batch.clear();
    };
    for record in RecordReader::new(input) {
        bytes += record.text_bytes() + 64;
        batch.push(record);
        if batch.len() >= BATCH || bytes >= BATCH_BYTES {
            flush(&mut batch);
            bytes = 0;
        }
    }
    flush(&mut batch);
}

/// Finds one record of `input`: the one whose id ([`Record::game_id`]) is `selector`, else the
/// `selector`-th (1-based), or the first when `selector` is `None`.
///
/// # Errors
/// [`FindError::NoGame`]: the input (`file`, named in the error) has no such record.
pub fn find_record(file: &str, input: impl BufRead, selector: Option<&str>) -> Result<Record, FindError> {
    let wanted_index = selector.and_then(|s| s.trim().parse::<usize>().ok());
    let mut by_index = None;
    for record in RecordReader::new(input) {
        if selector.is_none_or(|s| record.game_id() == s.trim()) {
            return Ok(record);
        }
        if wanted_index == Some(record.index) {
            by_index = Some(record);
        }
    }
    by_index.ok_or_else(|| FindError::NoGame { file: file.to_owned(), selector: selector.map(str::to_owned) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reports(text: &str) -> Vec<GameReport> {
        let mut out = Vec::new();
        check_records(&Arc::from("t"), text.as_bytes(), &mut |r| out.push(r));
        out
    }

    const INITIAL: &str = "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13";

    #[test]
    fn either_side_may_start_without_a_position_tag() {
        let r = reports("Cr - D10, FN\nSq - D5, FE\n\nSq - D5, FE\nCr - D10, FN\n");
        assert_eq!(r.len(), 2);
        for (r, to_move) in r.iter().zip(["cr", "sq"]) {
            assert_eq!((r.verdict, r.turns, r.game.len()), (Verdict::Ok, 2, 1), "{r:?}");
            assert_eq!(r.result, Some(GameResult::StonesRivers("*")));
            assert!(r.final_position.ends_with(to_move), "{}", r.final_position);
        }
    }

    #[test]
    fn a_tags_only_record_is_an_empty_game() {
        let r = &reports("[Game \"g\"]\n[Result \"1-0\"]\n")[0];
        assert_eq!((r.verdict, r.turns, r.game.as_str()), (Verdict::Ok, 0, "g"));
        assert_eq!(r.final_position, format!("{INITIAL} sq"));
    }

    #[test]
    fn the_position_tag_gives_the_start_and_the_side_to_move() {
        let text = format!("[Position \"{INITIAL} cr\"]\nCr - D10, FN\n\n[Position \"{INITIAL} cr\"]\nSq - D5, FN\n");
        let r = reports(&text);
        assert_eq!((r[0].verdict, r[0].turns), (Verdict::Ok, 1));
        assert_eq!(r[1].verdict, Verdict::Illegal);
        let e = r[1].error.clone().unwrap_or_else(|| unreachable!());
        assert_eq!((e.turn.as_str(), e.line, e.token.as_str()), ("1", 5, "Sq - D5, FN"));
        assert!(e.message.contains("wrong player"), "{e:?}");
        assert_eq!(r[1].final_position, format!("{INITIAL} cr"));
    }

    #[test]
    fn a_won_position_takes_no_more_turns() {
        // Square's Score Area E11..I11 full of Square's stones; Circle to move.
        let won = "13/13/13/4SSSSS4/3sssssss3/3sssssss3/13/13/3SS8/3SSSSSSS3/13/13/13/13 cr";
        let r = &reports(&format!("[Position \"{won}\"]\n[Result \"Sq\"]\n"))[0];
        assert_eq!((r.verdict, r.result.clone()), (Verdict::Ok, Some(GameResult::StonesRivers("Sq"))), "{r:?}");
        let r = &reports(&format!("[Position \"{won}\"]\nCr - D10, FN\n"))[0];
        assert_eq!(r.verdict, Verdict::Illegal);
        assert!(r.error.as_ref().is_some_and(|e| e.message.contains("after the end of the game")), "{r:?}");
        let r = &reports(&format!("[Position \"{won}\"]\n[Result \"*\"]\n"))[0];
        assert_eq!(r.verdict, Verdict::ResultMismatch);
        assert_eq!(r.error.as_ref().map(|e| (e.line, e.token.as_str())), Some((2, "*")));
    }

    #[test]
    fn header_problems_are_unreadable_and_turn_problems_illegal() {
        let r =
            reports("[Game \"a\"]\n[Position \"x\"]\nSq - D5, FN\n\nSq - D5, FN\n[Event \"late\"]\n\nSq - D05, FN\n");
        assert_eq!(r.len(), 3);
        assert_eq!((r[0].verdict, r[0].error.as_ref().map(|e| e.line)), (Verdict::Unreadable, Some(2)));
        assert_eq!(r[0].game, "a");
        assert_eq!((r[1].verdict, r[1].error.as_ref().map(|e| e.turn.as_str())), (Verdict::Illegal, Some("2")));
        assert_eq!((r[2].verdict, r[2].error.as_ref().map(|e| e.turn.as_str())), (Verdict::Illegal, Some("1")));
        assert!(r[2].error.as_ref().is_some_and(|e| e.message.contains("leading zero")), "{:?}", r[2]);
    }

    #[test]
    fn find_record_by_id_or_index() {
        let text = "[Game \"x\"]\nSq - D5, FN\n\n[Game \"2\"]\nCr - D10, FN\n\nSq - E5, FN\n";
        assert_eq!(find_record("t", text.as_bytes(), None).map(|r| r.index).ok(), Some(1));
        assert_eq!(find_record("t", text.as_bytes(), Some("x")).map(|r| r.index).ok(), Some(1));
        assert_eq!(
            find_record("t", text.as_bytes(), Some("2")).map(|r| r.index).ok(),
            Some(2),
            "an id before an index"
        );
        assert_eq!(find_record("t", text.as_bytes(), Some("3")).map(|r| r.index).ok(), Some(3));
        assert!(find_record("t", text.as_bytes(), Some("4")).is_err());
    }
}
