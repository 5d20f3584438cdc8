//! The games of a file taken out one by one as records, owning their text, for the commands
//! and programs that want a game rather than a verdict (`tabula convert`, the tests).

use std::ops::ControlFlow;
use std::path::Path;

use crate::arimaa::find::{find_game_in, for_each_record_in, OwnedRecord};
use crate::error::FindError;
use crate::games;
use crate::input;

/// Calls `f` with every Arimaa record of a file in order (rows that do not fit the archive's
/// header are passed over), until `f` breaks. `-` is standard input; gzip is read decompressed.
///
/// # Errors
/// The file cannot be read or is not an Arimaa record file.
pub fn for_each_arimaa_record(path: &Path, f: &mut dyn FnMut(OwnedRecord) -> ControlFlow<()>) -> Result<(), FindError> {
    let file = input::open(path).map_err(|error| FindError::Io { file: path.display().to_string(), error })?;
    for_each_record_in(path, games::arimaa_file(path, file.into_reader())?, f)
}

/// Finds one Arimaa game in a file: the one whose id is `selector` (as `tabula check` names
/// it), else the `selector`-th (1-based) of those that can be read, or the first of those when
/// `selector` is `None`. `-` is standard input; gzip is read decompressed.
///
/// # Errors
/// The file cannot be read, is not an Arimaa record file, has no such game, or the game asked
/// for cannot be read ([`FindError::Unreadable`], as `tabula check` reports it).
pub fn find_arimaa_game(path: &Path, selector: Option<&str>) -> Result<OwnedRecord, FindError> {
    let file = input::open(path).map_err(|error| FindError::Io { file: path.display().to_string(), error })?;
    find_game_in(path, games::arimaa_file(path, file.into_reader())?, selector)
}
