//! Recognising a file's format, and so its game, from the start of its content.

use crate::arimaa::ArchiveLayout;
use crate::game_kind::GameKind;
use crate::input::{Chunk, DETECT_BYTES};

/// The kinds of file `tabula` reads.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Format {
    /// arimaa.com archive export (or any tab-separated file with a `movelist` column).
    ArimaaArchive(ArchiveLayout),
    /// One Arimaa game's move list (`1w Ra1 ...`), moves on lines or separated by `\n`.
    ArimaaMoveList,
    /// One Arimaa game in short notation (`s 1 dcdemchh, 8hdcmecdh 2 evmvh8vh7v, ...`): a view
    /// letter first, or a set-up that is not in long notation (`1g 3cc4hdemdh`).
    ArimaaShort,
    /// A Jellyfish `.mat` backgammon match (`N point match`, `Game 1`, ...).
    BackgammonMat,
    /// GNU Backgammon's `.sgf` match: SGF game trees of game type 6 (`(;FF[4]GM[6]...`).
    BackgammonSgf,
    /// eXtreme Gammon's own `.xg` match: the magic `RGMH` in the first four bytes.
    BackgammonXg,
    /// Stones and Rivers records: `[Key "Value"]` tags and one turn a line (`Sq - D5, FN`),
    /// records separated by blank lines.
    StonesRiversRecords,
}

impl Format {
    /// Recognises a format from the start of a file.
    pub fn detect(head: &[u8]) -> Option<Format> {
        if head.starts_with(crate::backgammon::xg::MAGIC) {
            return Some(Format::BackgammonXg);
        }
        let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
        let first_line = head.split(|&b| b == b'\n').next().unwrap_or_default();
        if first_line.contains(&b'\t') {
            return ArchiveLayout::from_header(first_line).map(Format::ArimaaArchive);
        }
        let text = head.trim_ascii_start();
        if backgammon_sgf_start(text) {
            return Some(Format::BackgammonSgf);
        }
        let word = text.split(|b| b.is_ascii_whitespace() || *b == b'\\').next().unwrap_or_default();
        if matches!(word, b"g" | b"s" | b"n" | b"G" | b"S" | b"N") {
            return Some(Format::ArimaaShort);
        }
        if matches!(word, b"1w" | b"1g") {
            // Long notation places pieces with tokens like `Ra1`; a short set-up does not.
            let second = text.split(|b| b.is_ascii_whitespace() || *b == b'\\').filter(|w| !w.is_empty()).nth(1);
            let long = |w: &[u8]| matches!(w, [p, f, r] if p.is_ascii_alphabetic() && (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r));
            return Some(if second.is_none_or(long) { Format::ArimaaMoveList } else { Format::ArimaaShort });
        }
        // A match: after `;` comment and tag lines, `N point match` or `Game N`.
        let first = head
            .split(|&b| b == b'\n')
            .map(<[u8]>::trim_ascii)
            .find(|l| !l.is_empty() && !l.starts_with(b";"))
            .unwrap_or_default();
        let mut words = first.split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty());
        match (words.next(), words.next(), words.next()) {
            (Some(n), Some(b"point"), Some(m))
                if n.iter().all(u8::is_ascii_digit) && m.eq_ignore_ascii_case(b"match") =>
            {
                Some(Format::BackgammonMat)
            }
            (Some(b"Game"), Some(n), None) if n.iter().all(u8::is_ascii_digit) => Some(Format::BackgammonMat),
            _ => stones_rivers_start(head).then_some(Format::StonesRiversRecords),
        }
    }

    /// The format of a file whose first chunk (of [`LineChunks`](crate::input::LineChunks)) is
    /// `first`, from its first [`DETECT_BYTES`].
    pub fn of_chunk(first: &Option<Chunk>) -> Option<Format> {
        match first {
            Some(Chunk::Lines { data, .. }) => Format::detect(&data[..data.len().min(DETECT_BYTES)]),
            _ => None,
        }
    }

    /// The game whose records it holds.
    pub fn game(&self) -> GameKind {
        match self {
            Format::ArimaaArchive(_) | Format::ArimaaMoveList | Format::ArimaaShort => GameKind::Arimaa,
            Format::BackgammonMat | Format::BackgammonSgf | Format::BackgammonXg => GameKind::Backgammon,
            Format::StonesRiversRecords => GameKind::StonesRivers,
        }
    }
}

/// Whether `text` (blanks before it removed) starts like an SGF backgammon file: `(`, blanks,
/// `;`, and `GM[6]` among the properties of that first node (before the next `;`, `(` or `)`).
fn backgammon_sgf_start(text: &[u8]) -> bool {
    let Some(rest) = text.strip_prefix(b"(") else { return false };
    let Some(root) = rest.trim_ascii_start().strip_prefix(b";") else { return false };
    let end = root.iter().position(|b| matches!(b, b';' | b'(' | b')')).unwrap_or(root.len());
    let root = &root[..end];
    root.windows(3).enumerate().any(|(i, w)| {
        w == b"GM["
            && root[i + 3..].trim_ascii_start().starts_with(b"6")
            && root[i + 3..].trim_ascii_start()[1..].trim_ascii_start().starts_with(b"]")
            && (i == 0 || !root[i - 1].is_ascii_alphabetic())
    })
}

/// Whether `head` starts like Stones and Rivers records: the first line that is neither blank
/// nor a `#` comment is a turn `Sq - ...` / `Cr - ...` (any case, any spacing), or a tag
/// `[Key "...` after which (tags and comments skipped) the first other line in `head`, if any,
/// is such a turn. So a chess PGN file (tags, then `1. e4`) is not taken for one.
fn stones_rivers_start(head: &[u8]) -> bool {
    let is_turn = |line: &[u8]| {
        let player = line.get(..2).unwrap_or_default();
        (player.eq_ignore_ascii_case(b"sq") || player.eq_ignore_ascii_case(b"cr"))
            && line[2..].trim_ascii_start().starts_with(b"-")
    };
    let is_tag = |line: &[u8]| {
        let Some(tag) = line.strip_prefix(b"[") else { return false };
        let key = tag.iter().take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-')).count();
        key > 0 && tag[key..].trim_ascii_start().starts_with(b"\"")
    };
    let mut lines =
        head.split(|&b| b == b'\n').map(<[u8]>::trim_ascii).filter(|l| !l.is_empty() && !l.starts_with(b"#"));
    let Some(first) = lines.next() else { return false };
    if is_turn(first) {
        return true;
    }
    if !is_tag(first) {
        return false;
    }
    // The last line of `head` may be cut short: only whole lines count.
    let whole = head.iter().rposition(|&b| b == b'\n').map_or(&head[..0], |i| &head[..i]);
    let mut rest =
        whole.split(|&b| b == b'\n').map(<[u8]>::trim_ascii).filter(|l| !l.is_empty() && !l.starts_with(b"#"));
    rest.find(|l| !l.starts_with(b"[")).is_none_or(is_turn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_formats() {
        assert!(matches!(Format::detect(b"id\tmovelist\n1\t1w Ra1"), Some(Format::ArimaaArchive(_))));
        assert_eq!(Format::detect(b"1w Ra1 Rb1\\n1b"), Some(Format::ArimaaMoveList));
        assert_eq!(Format::detect(b"\x00\x01binary"), None);
        assert_eq!(Format::detect(b"RGMH\x01\x00\x00\x00\t\n"), Some(Format::BackgammonXg));
        assert_eq!(Format::detect(b"RGM"), None);
    }

    #[test]
    fn detects_stones_and_rivers_records_without_taking_other_formats() {
        let snr = Some(Format::StonesRiversRecords);
        assert_eq!(Format::detect(b"[Game \"1\"]\nSq - D5, FN\n"), snr);
        assert_eq!(Format::detect(b"\xef\xbb\xbf# made by hand\n\n  cr -d10,fe\n"), snr);
        assert_eq!(Format::detect(b"SQ-D5,FN"), snr);
        assert_eq!(Format::detect(b"[Event x]\n"), None);
        assert_eq!(Format::detect(b"[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 2. Nf3\n"), None, "chess PGN");
        assert_eq!(Format::detect(b"[Event \"x\"]\n[Site \"y\"]\n\n# c\nSq - D5, FN\n"), snr);
        assert_eq!(Format::detect(b"[Event \"x\"]\n[Site \"y\"]\n"), snr, "tags only");
        assert_eq!(Format::detect(b"[Event \"x\"]\n[Site \"y\"]\nS"), snr, "a line cut short does not count");
        assert_eq!(Format::detect(b"Square - D5\n"), None);
        assert_eq!(Format::detect(b"5 point match\n"), Some(Format::BackgammonMat));
        assert_eq!(Format::detect(b"; [Site \"BackgammonGalaxy\"]\n\n3 point match\n"), Some(Format::BackgammonMat));
        assert_eq!(Format::detect(b"1w Ra1 Rb1\n"), Some(Format::ArimaaMoveList));
        assert_eq!(Format::detect(b"s 1 dcdemchh, 8hdcmecdh 2 evmvh8vh7v"), Some(Format::ArimaaShort));
        assert_eq!(Format::detect(b"1g 3cc4hdemdh\n1s 3cc4hdemdh\n"), Some(Format::ArimaaShort));
        assert_eq!(Format::detect(b"1g Ra1 Rb1\n"), Some(Format::ArimaaMoveList));
        assert_eq!(Format::detect(b"# note\n1w Ra1\n"), None);
        let sgf = Some(Format::BackgammonSgf);
        assert_eq!(Format::detect(b"(;FF[4]GM[6]CA[UTF-8]\n;B[62lnqw])"), sgf);
        assert_eq!(Format::detect(b"\xef\xbb\xbf \n( ;\n GM[ 6 ]FF[4])"), sgf);
        assert_eq!(Format::detect(b"(;FF[4]GM[1]SZ[19];B[pd])"), None, "a go game");
        assert_eq!(Format::detect(b"(;FF[4];GM[6])"), None);
        assert_eq!(Format::detect(b"(;FF[4]XGM[6])"), None);
    }
}
