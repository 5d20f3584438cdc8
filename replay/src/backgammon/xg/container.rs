//! The `.xg` container: the game data header (`RGMH`), the thumbnail it points at (skipped), and
//! the zlib archive after it, whose index stands at the end of the file. Every offset and count
//! read is checked against the bytes there are; every inflation has a hard limit.

use std::io::Read;

use flate2::read::ZlibDecoder;

use super::{XgError, MAX_INFLATED_BYTES};

/// The magic of an `.xg` file: its first four bytes.
pub const MAGIC: &[u8; 4] = b"RGMH";
/// Bytes of the game data header.
pub const HEADER_BYTES: usize = 8232;
/// Bytes of the archive record that ends the file.
const ARCHIVE_RECORD_BYTES: usize = 36;
/// Bytes of one entry of the archive's index.
const FILE_RECORD_BYTES: usize = 532;
/// The most files an archive's index may list (XG writes four).
const MAX_FILES: usize = 16;

/// The files of an `.xg` archive that are read, inflated and checked against their CRC-32.
#[derive(Debug, Default)]
pub struct Archive {
    /// `temp.xg`: the game file of 2,560-byte records.
    pub game_file: Vec<u8>,
    /// `temp.xgc`: the comments, one RTF text a line (empty when the archive has none).
    pub comments: Vec<u8>,
}

/// A little-endian `u32` at `at` of `data`, or why not.
pub(super) fn u32_at(data: &[u8], at: usize, what: &'static str) -> Result<u32, XgError> {
    data.get(at..at + 4)
        .and_then(|b| b.try_into().ok())
        .map(u32::from_le_bytes)
        .ok_or(XgError::Cut { what, at: at as u64 })
}

/// A little-endian `i32` at `at` of `data`.
pub(super) fn i32_at(data: &[u8], at: usize, what: &'static str) -> Result<i32, XgError> {
    u32_at(data, at, what).map(|v| v as i32)
}

/// Reads the archive of a whole `.xg` file.
///
/// # Errors
/// A wrong magic or header, an index or file that lies about where it stands or how long it
/// is, a corrupt zlib stream, a CRC-32 that does not match, a file inflating past
/// [`MAX_INFLATED_BYTES`], or no game file.
pub fn read_archive(data: &[u8]) -> Result<Archive, XgError> {
    if data.get(..4) != Some(MAGIC.as_slice()) {
        let found = data.iter().take(4).map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ");
        return Err(XgError::Magic { found });
    }
    let version = u32_at(data, 4, "the game data header")?;
    if version != 1 {
        return Err(XgError::Header { what: "header version", value: i64::from(version), expected: "1" });
    }
    let header_size = u32_at(data, 8, "the game data header")?;
    if header_size as usize != HEADER_BYTES {
        return Err(XgError::Header { what: "header size", value: i64::from(header_size), expected: "8232" });
    }
    let thumbnail = u32_at(data, 20, "the game data header")? as usize;
    let after_header = HEADER_BYTES
        .checked_add(thumbnail)
        .filter(|&n| n <= data.len())
        .ok_or(XgError::Cut { what: "the thumbnail the header announces", at: HEADER_BYTES as u64 })?;
    let len = data.len();
    let record_at = len
        .checked_sub(ARCHIVE_RECORD_BYTES)
        .filter(|&at| at >= after_header)
        .ok_or(XgError::Cut { what: "the archive record at the end of the file", at: len as u64 })?;
    let crc = u32_at(data, record_at, "the archive record")?;
    let files = i32_at(data, record_at + 4, "the archive record")?;
    let registry_size = i32_at(data, record_at + 12, "the archive record")?;
    let archive_size = i32_at(data, record_at + 16, "the archive record")?;
    let compressed_registry = i32_at(data, record_at + 20, "the archive record")? != 0;
    let count = |value: i32, what: &'static str, limit: usize| {
        usize::try_from(value).ok().filter(|&v| v <= limit).ok_or(XgError::Count { what, value: i64::from(value) })
    };
    let files = count(files, "files in the archive", MAX_FILES)?;
    let registry_at = record_at
        .checked_sub(count(registry_size, "bytes of the archive index", record_at)?)
        .ok_or(XgError::Count { what: "bytes of the archive index", value: i64::from(registry_size) })?;
    let start = registry_at
        .checked_sub(count(archive_size, "bytes of the archive", registry_at)?)
        .filter(|&s| s >= after_header)
        .ok_or(XgError::Count { what: "bytes of the archive", value: i64::from(archive_size) })?;
    let mut hasher = flate2::Crc::new();
    hasher.update(&data[start..record_at]);
    if hasher.sum() != crc {
        return Err(XgError::Crc { what: "the archive".into() });
    }
    let index_len = files * FILE_RECORD_BYTES;
    let index = if compressed_registry {
        inflate(&data[registry_at..record_at], index_len, index_len, "the archive index")?
    } else {
        data[registry_at..record_at].to_vec()
    };
    if index.len() < index_len {
        return Err(XgError::Cut { what: "the archive index", at: index.len() as u64 });
    }
    let mut archive = Archive::default();
    let (mut game_file, mut comments) = (false, false);
    for entry in index[..index_len].chunks_exact(FILE_RECORD_BYTES) {
        let name_len = usize::from(entry[0]);
        let name = entry
            .get(1..1 + name_len)
            .filter(|_| name_len < 256)
            .ok_or(XgError::Count { what: "characters of a file name in the archive index", value: name_len as i64 })?;
        // Each file is inflated once: an index that lists one twice is refused.
        let (seen, target, file) = match name {
            b"temp.xg" => (&mut game_file, &mut archive.game_file, "temp.xg"),
            b"temp.xgc" => (&mut comments, &mut archive.comments, "temp.xgc"),
            _ => continue,
        };
        if std::mem::replace(seen, true) {
            return Err(XgError::ListedTwice(file));
        }
        let what = if name == b"temp.xg" { "the game file" } else { "the comments file" };
        let size = i32_at(entry, 512, "the archive index")?;
        let stored = i32_at(entry, 516, "the archive index")?;
        let at = i32_at(entry, 520, "the archive index")?;
        let file_crc = u32_at(entry, 524, "the archive index")?;
        let compressed = entry[528] == 0;
        let size = count(size, "bytes of an archived file", MAX_INFLATED_BYTES)
            .map_err(|_| XgError::TooLarge { what, limit: MAX_INFLATED_BYTES })?;
        let at = count(at, "the offset of an archived file", registry_at - start)?;
        let body = &data[start + at..registry_at];
        let content = if compressed {
            inflate(body, size, MAX_INFLATED_BYTES, what)?
        } else {
            let stored = count(stored, "bytes of a stored file", body.len())?;
            body[..stored].to_vec()
        };
        if content.len() != size {
            return Err(XgError::Count {
                what: "bytes of an archived file (its index says otherwise)",
                value: size as i64,
            });
        }
        let mut hasher = flate2::Crc::new();
        hasher.update(&content);
        if hasher.sum() != file_crc {
            return Err(XgError::Crc { what: what.into() });
        }
        *target = content;
    }
    if !game_file {
        return Err(XgError::NoGameFile);
    }
    Ok(archive)
}

/// The zlib stream at the start of `data` inflated, at most `limit` bytes: past it the stream
/// is refused, having held no more than `limit` bytes and one buffer. `expected` bytes (at most
/// `limit`) are made room for at once.
fn inflate(data: &[u8], expected: usize, limit: usize, what: &'static str) -> Result<Vec<u8>, XgError> {
    let mut out = Vec::with_capacity(expected.min(limit) + 1);
    let mut decoder = ZlibDecoder::new(data).take(limit as u64 + 1);
    decoder.read_to_end(&mut out).map_err(|e| XgError::Inflate { what, message: e.to_string() })?;
    if out.len() > limit {
        return Err(XgError::TooLarge { what, limit });
    }
    Ok(out)
}
