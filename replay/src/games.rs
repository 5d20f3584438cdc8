//! Every game's entry points, in one place: for a recognised [`Format`] (or a [`GameKind`]),
//! which function reads its records and verifies them, which shows one of its games, which
//! lists the moves of a position and which resolves a move. The commands (`check.rs`,
//! `show.rs`, `query.rs`) call these and know no game; a new game is added here, in
//! [`Format`]'s detection and in its own folder.

use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value};
use tabula_notation::arimaa::short::ResolveOptions;

use crate::arimaa::verify::Notation;
use crate::input::{Chunk, ChunkStream, Format, LineChunks};
use crate::query::{self, QueryError, Refusal};
use crate::report::{GameReport, Verdict};
use crate::show::{GameView, Look, ShowError};
use crate::GameKind;

/// Reads every record of a file in `format` (`first`, the chunk already read, then the rest of
/// `chunks`), verifies each and hands the reports to `emit` in input order; returns the bytes
/// read. `name` is the game id of a single-game file.
pub(crate) fn check_records<R: Read + Send>(
    format: Format,
    source: &Arc<str>,
    name: &str,
    first: Option<Chunk>,
    chunks: LineChunks<R>,
    emit: &mut dyn FnMut(GameReport),
) -> u64 {
    match format {
        Format::ArimaaArchive(layout) => crate::arimaa::check::check_archive(source, &layout, first, chunks, emit),
        Format::ArimaaMoveList => crate::arimaa::check::check_single(source, name, Notation::Long, first, chunks, emit),
        Format::ArimaaShort => {
            let notation = Notation::Short(ResolveOptions::default());
            crate::arimaa::check::check_single(source, name, notation, first, chunks, emit)
        }
        Format::BackgammonMat => {
            let mut stream = ChunkStream::new(first, chunks);
            crate::backgammon::check::check_match(source, name, &mut stream, emit);
            stream.bytes_read()
        }
        Format::BackgammonSgf => {
            let mut stream = ChunkStream::new(first, chunks);
            crate::backgammon::check::check_sgf(source, name, &mut stream, emit);
            stream.bytes_read()
        }
        Format::StonesRiversRecords => {
            let mut stream = ChunkStream::new(first, chunks);
            crate::stones_rivers::verify::check_records(source, &mut stream, emit);
            stream.bytes_read()
        }
    }
}

/// Shows the game `selector` of a file in `format` read from `reader` (`tabula replay`): every
/// move, or the position after `upto` of them, then the verdict, which it returns.
#[allow(clippy::too_many_arguments)]
pub(crate) fn show_game(
    format: Option<Format>,
    path: &Path,
    source: &Arc<str>,
    reader: impl BufRead,
    selector: Option<&str>,
    upto: Option<usize>,
    look: Look,
    out: &mut impl Write,
) -> Result<Verdict, ShowError> {
    match format.as_ref().map(Format::game) {
        Some(GameKind::StonesRivers) => {
            let record = crate::stones_rivers::find_record(source, reader, selector)?;
            crate::stones_rivers::show::print_replay(source, &record, upto, look, out)
        }
        Some(GameKind::Backgammon) => {
            let sgf = format == Some(Format::BackgammonSgf);
            crate::backgammon::show::print_match_replay(source, reader, sgf, selector, upto, look, out)
        }
        // Arimaa, or no format known: the Arimaa finder says what the file is not.
        Some(GameKind::Arimaa) | None => {
            let record = crate::arimaa::find::find_game_in(path, reader, selector)?;
            crate::arimaa::show::print_replay(&record.as_record(), &record.tags, upto, look.color, out)
        }
    }
}

/// The game `selector` of a file in `format` read from `reader`, replayed into the frames of
/// its pictures and page.
pub(crate) fn game_view(
    format: Option<Format>,
    path: &Path,
    source: &Arc<str>,
    reader: impl BufRead,
    selector: Option<&str>,
) -> Result<GameView, ShowError> {
    match format.as_ref().map(Format::game) {
        Some(GameKind::StonesRivers) => {
            let record = crate::stones_rivers::find_record(source, reader, selector)?;
            Ok(crate::stones_rivers::svg::view(source, &record))
        }
        Some(GameKind::Backgammon) => {
            crate::backgammon::svg::view(source, reader, format == Some(Format::BackgammonSgf), selector)
        }
        // Arimaa, or no format known: the Arimaa finder says what the file is not.
        Some(GameKind::Arimaa) | None => {
            let record = crate::arimaa::find::find_game_in(path, reader, selector)?;
            Ok(crate::arimaa::svg::view(&record))
        }
    }
}

/// The legal moves of `position` in `game` (`tabula moves`), in the game's standard notation,
/// with why there may be none.
pub(crate) fn legal_moves(
    game: GameKind,
    position: &str,
    dice: Option<&str>,
) -> Result<(Vec<String>, String), QueryError> {
    Ok(match game {
        GameKind::Arimaa => {
            let pos = tabula_notation::arimaa::parse_position(position)
                .map_err(|e| QueryError::Position { text: position.to_string(), reason: e.to_string() })?;
            (query::arimaa_turns(&pos), "the side to move is immobilized, or the game is over".to_owned())
        }
        GameKind::StonesRivers => {
            let pos = query::stones_rivers_position(position)?;
            (query::stones_rivers_turns(&pos), "the game is over".to_owned())
        }
        GameKind::Backgammon => {
            let (pos, carried) = query::backgammon_position_and_dice(position)?;
            let dice = query::backgammon_dice(dice, carried)?;
            (query::backgammon_plays(&pos, dice), format!("the roll {dice} cannot be played"))
        }
    })
}

/// Resolves the move `text` of a `tabula resolve` request on `position` in `game`.
pub(crate) fn resolve_move(
    game: GameKind,
    request: &Map<String, Value>,
    position: &str,
    text: &str,
) -> Result<String, Refusal> {
    match game {
        GameKind::Arimaa => query::resolve_arimaa(request, position, text),
        GameKind::Backgammon => query::resolve_backgammon_request(request, position, text),
        GameKind::StonesRivers => {
            let pos = query::stones_rivers_position(position).map_err(|e| Refusal::syntax(e.to_string()))?;
            query::resolve_stones_rivers(&pos, text)
        }
    }
}

/// Whether a recognised format is a backgammon match a `convert --to sgf|mat` reads: `Some(true)`
/// for `.sgf`, `Some(false)` for `.mat`, `None` for anything else.
pub(crate) fn match_format(format: Option<Format>) -> Option<bool> {
    match format? {
        Format::BackgammonSgf => Some(true),
        Format::BackgammonMat => Some(false),
        Format::ArimaaArchive(_) | Format::ArimaaMoveList | Format::ArimaaShort | Format::StonesRiversRecords => None,
    }
}
