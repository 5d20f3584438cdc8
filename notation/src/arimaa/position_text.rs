//! The position string of the `tabula` command: `g [rc......r...]`.

use tabula_engine::arimaa::{Board, Color, Piece, Position, PositionError, Setup, Square};

/// Why a position string cannot be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParsePositionError {
    /// The side to move is missing or not `g`/`s` (`w`/`b` are accepted too).
    #[error("a position starts with the side to move: g or s")]
    Side,
    /// Not 64 squares.
    #[error("expected 64 squares (rank 8 first, files a..h), found {0}")]
    Length(usize),
    /// A character that is neither a piece letter nor empty.
    #[error("`{0}` is not a piece letter, `.` or a space")]
    Char(char),
    /// The arrangement cannot occur in a game.
    #[error(transparent)]
    Illegal(#[from] PositionError),
}

/// Parses `g [<64 chars>]` or `s [...]`: the side to move, then the board rank 8 first, files
/// a..h, `.` or a space for an empty square. The brackets may be left out when no square in the
/// text is a space.
///
/// # Errors
/// The text is not a position, or the position cannot occur in a game.
pub fn parse_position(text: &str) -> Result<Position, ParsePositionError> {
    let text = text.trim();
    let mut chars = text.chars();
    let side = match chars.next() {
        Some('g' | 'w') => Color::Gold,
        Some('s' | 'b') => Color::Silver,
        _ => return Err(ParsePositionError::Side),
    };
    let rest = chars.as_str();
    if !rest.starts_with(char::is_whitespace) {
        return Err(ParsePositionError::Side);
    }
    let rest = rest.trim();
    let squares = match rest.strip_prefix('[') {
        Some(inner) => inner.strip_suffix(']').unwrap_or(inner),
        None => rest,
    };
    let n = squares.chars().count();
    if n != 64 {
        return Err(ParsePositionError::Length(n));
    }
    let mut board = Board::empty();
    for (i, c) in squares.chars().enumerate() {
        if c == '.' || c == ' ' {
            continue;
        }
        let piece = u8::try_from(c).ok().and_then(Piece::from_char).ok_or(ParsePositionError::Char(c))?;
        let (rank, file) = (7 - i / 8, i % 8);
        if let Some(sq) = Square::from_coords(file as u32, rank as u32) {
            board.put(sq, piece);
        }
    }
    Ok(Position::from_setup(Setup { board, side_to_move: side })?)
}

/// Writes a position as `g [<64 chars>]` with `.` for empty squares.
pub fn write_position(pos: &Position) -> String {
    format!("{} [{}]", pos.side_to_move().char(), pos.board().to_diagram_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let text = "s [rc......rDrd.rHr...eD.R.R.....Eh....R.m...........R..RC..C...R..]";
        let pos = parse_position(text).unwrap();
        assert_eq!(write_position(&pos), text);
        assert_eq!(pos.piece_at(Square::A8).unwrap().char(), 'r');
        assert_eq!(parse_position("x [..]"), Err(ParsePositionError::Side));
        assert_eq!(parse_position("g [..]"), Err(ParsePositionError::Length(2)));
    }
}
