//! Board diagrams for the terminal, shared by the games.

use std::path::Path;
use std::process::ExitCode;

/// Shows a game move by move (placeholder until the diagram code lands).
///
/// # Errors
/// The file cannot be read or holds no such game.
pub fn replay_command(_file: &Path, _game: Option<&str>, _turn: Option<usize>, _color: bool) -> Result<ExitCode, String> {
    Err("replay is not available yet".into())
}
