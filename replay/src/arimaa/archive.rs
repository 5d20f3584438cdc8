//! Rows of the arimaa.com archive export: tab-separated, a header line first, one game a row.
//!
//! Only the columns a replay needs are located (`id`, `result`, `termination`, `movelist`); the
//! long `events` column is stepped over with a single byte search, never parsed.

use memchr::memchr;

/// Where the needed columns are, from the header line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArchiveLayout {
    columns: usize,
    id: Option<usize>,
    movelist: usize,
    result: Option<usize>,
    termination: Option<usize>,
    last_needed: usize,
}

/// The fields of one row that a replay uses.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArchiveRow<'a> {
    /// The `id` column, if the archive has one.
    pub id: Option<&'a str>,
    /// The move list.
    pub movelist: &'a [u8],
    /// `result`: `w` or `b` (or `g`/`s`).
    pub result: Option<&'a str>,
    /// `termination`: `g`, `e`, `m`, `t`, `r`, `i`, `f`, `a`, `s`, `p`, `n`.
    pub termination: Option<&'a str>,
}

/// A row that does not fit the header.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RowError {
    /// Fewer or more fields than the header.
    #[error("the row has {found} tab-separated fields, the header has {expected}")]
    FieldCount {
        /// The header's count.
        expected: usize,
        /// The row's count.
        found: usize,
    },
    /// A field that should be text is not UTF-8.
    #[error("the {0} column is not valid UTF-8 text")]
    NotText(&'static str),
}

impl ArchiveLayout {
    /// Reads the header line; `None` when it has no `movelist` column.
    pub fn from_header(line: &[u8]) -> Option<ArchiveLayout> {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let names: Vec<&[u8]> = line.split(|&b| b == b'\t').collect();
        let find = |name: &[u8]| names.iter().position(|&n| n.trim_ascii() == name);
        let movelist = find(b"movelist")?;
        let id = find(b"id");
        let result = find(b"result");
        let termination = find(b"termination");
        let last_needed = [Some(movelist), id, result, termination].into_iter().flatten().max().unwrap_or(movelist);
        Some(ArchiveLayout { columns: names.len(), id, movelist, result, termination, last_needed })
    }

    /// Whether a header line is that of an Arimaa archive (has a `movelist` column).
    pub fn is_header(line: &[u8]) -> bool {
        ArchiveLayout::from_header(line).is_some()
    }

    /// The `id` field of a row that may not fit the header, when it can be found and is text.
    pub fn id_of(&self, line: &[u8]) -> Option<String> {
        let field = line.split(|&b| b == b'\t').nth(self.id?)?;
        let id = std::str::from_utf8(field).ok()?.trim();
        (!id.is_empty() && id.len() <= 64).then(|| id.to_owned())
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Picks the needed fields out of a row (without its line break).
    ///
    /// # Errors
    /// The row has another number of fields than the header, or a text field is not UTF-8.
    pub fn split<'a>(&self, line: &'a [u8]) -> Result<ArchiveRow<'a>, RowError> {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let mut row = ArchiveRow { id: None, movelist: &[], result: None, termination: None };
        let mut rest = line;
        let mut index = 0;
        loop {
            let end = memchr(b'\t', rest);
            let field = &rest[..end.unwrap_or(rest.len())];
            let text = |name| std::str::from_utf8(field).map_err(|_| RowError::NotText(name));
            if Some(index) == self.id {
                row.id = Some(text("id")?);
            }
            if index == self.movelist {
                row.movelist = field;
            }
            if Some(index) == self.result {
                row.result = Some(text("result")?);
            }
            if Some(index) == self.termination {
                row.termination = Some(text("termination")?);
            }
            let Some(end) = end else { break };
            rest = &rest[end + 1..];
            index += 1;
            if index > self.last_needed {
                // The remaining columns are only counted.
                index += memchr::memchr_iter(b'\t', rest).count();
                break;
            }
        }
        let found = index + 1;
        if found != self.columns {
            return Err(RowError::FieldCount { expected: self.columns, found });
        }
        Ok(row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns() {
        let layout = ArchiveLayout::from_header(b"id\tresult\ttermination\tmovelist\tevents\r").unwrap();
        let row = layout.split(b"12\tw\tg\t1w Ra1\\n1b\tlog\twith\r").unwrap_err();
        assert_eq!(row, RowError::FieldCount { expected: 5, found: 6 });
        let row = layout.split(b"12\tw\tg\t1w Ra1\\n1b\tlog").unwrap();
        assert_eq!(row.id, Some("12"));
        assert_eq!(row.movelist, b"1w Ra1\\n1b");
        assert_eq!(row.termination, Some("g"));
        assert!(layout.split(b"12\tw").is_err());
        assert!(ArchiveLayout::from_header(b"id\tmoves").is_none());
    }
}
