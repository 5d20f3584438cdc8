//! Compressed input read transparently: a stream that starts with gzip's magic bytes (`1f 8b`)
//! is decompressed as it is read, whatever its name, so `tabula check x.tsv.gz` and
//! `cat x.tsv.gz | tabula check -` read the archive inside. Concatenated gzip members read as
//! one stream. Nothing is decompressed ahead of the reader: memory is that of the line chunks
//! on top (and the decoder's 32 KiB window), whatever the size of the content.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use flate2::read::MultiGzDecoder;

use super::LineChunks;

/// The first two bytes of every gzip stream.
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Why a gzip stream cannot be read to its end.
#[derive(Debug, thiserror::Error)]
pub enum GzipError {
    /// The stream stops before its last member is complete: a file cut short.
    #[error("the gzip stream is cut short after {content_bytes} bytes of content ({reason})")]
    Truncated {
        /// Bytes decompressed before the end.
        content_bytes: u64,
        /// What the decoder said.
        reason: String,
    },
    /// The stream holds bytes that are no valid gzip: a damaged file, or other data after it.
    #[error("the gzip stream is damaged after {content_bytes} bytes of content ({reason})")]
    Damaged {
        /// Bytes decompressed before the damage.
        content_bytes: u64,
        /// What the decoder said.
        reason: String,
    },
}

/// An input opened for reading its content ([`open`]): decompressed when it is gzip, else the
/// file or stream itself, so that plain input is read exactly as before (straight into the
/// chunk buffers, without a copy or a zeroing of them).
pub struct Input {
    reader: Box<dyn Read + Send>,
    /// The content's length when it is known before reading: a plain regular file's.
    len: Option<u64>,
    gzip: bool,
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Input").field("len", &self.len).field("gzip", &self.gzip).finish_non_exhaustive()
    }
}

impl Input {
    /// The content of a stream that can be read only once (standard input, a pipe): its first
    /// two bytes are read to see whether it is gzip, then handed out again first.
    ///
    /// # Errors
    /// Reading those bytes failed.
    pub fn new(mut reader: impl Read + Send + 'static) -> io::Result<Input> {
        let (head, n) = read_head(&mut reader)?;
        let reader = io::Cursor::new(head).take(n as u64).chain(reader);
        Ok(if head == GZIP_MAGIC && n == 2 {
            Input { reader: Box::new(Gunzip::new(reader)), len: None, gzip: true }
        } else {
            Input { reader: Box::new(reader), len: None, gzip: false }
        })
    }

    /// The content of a file: its first two bytes are read to see whether it is gzip, then the
    /// file is read again from its start (a file that cannot seek, a named pipe, as a stream).
    ///
    /// # Errors
    /// Reading those bytes failed.
    pub fn file(mut file: File) -> io::Result<Input> {
        let meta = file.metadata().ok().filter(std::fs::Metadata::is_file);
        if meta.is_none() {
            return Input::new(file);
        }
        let (head, n) = read_head(&mut file)?;
        file.seek(SeekFrom::Start(0))?;
        Ok(if head == GZIP_MAGIC && n == 2 {
            Input { reader: Box::new(Gunzip::new(file)), len: None, gzip: true }
        } else {
            Input { reader: Box::new(file), len: meta.map(|m| m.len()), gzip: false }
        })
    }

    /// Whether the content is decompressed from gzip.
    pub fn is_gzip(&self) -> bool {
        self.gzip
    }

    /// The content's length when it is known before reading: a plain file's length.
    pub fn known_len(&self) -> Option<u64> {
        self.len
    }

    /// The content as a stream.
    pub fn into_reader(self) -> Box<dyn Read + Send> {
        self.reader
    }

    /// The content in chunks of whole lines, the first buffer sized to the content when its
    /// length is known.
    pub fn into_chunks(self) -> LineChunks<Box<dyn Read + Send>> {
        match self.len {
            Some(len) => LineChunks::with_len_hint(self.reader, len),
            None => LineChunks::new(self.reader),
        }
    }
}

/// Up to the first two bytes of `reader`, and how many there are.
fn read_head(reader: &mut impl Read) -> io::Result<([u8; 2], usize)> {
    let mut head = [0; 2];
    let mut n = 0;
    while n < head.len() {
        match reader.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok((head, n))
}

/// A stream that remembers whether it failed itself (rather than the decoding of what it gave).
struct Watched<R> {
    inner: R,
    failed: bool,
}

impl<R: Read> Read for Watched<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let r = self.inner.read(buf);
        self.failed |= r.as_ref().is_err_and(|e| e.kind() != io::ErrorKind::Interrupted);
        r
    }
}

/// A gzip stream read as its content, concatenated members as one. A damaged or truncated
/// stream reads as an error of kind [`io::ErrorKind::InvalidData`] wrapping a [`GzipError`],
/// after every byte decompressed before the damage; the stream's own errors come through
/// unchanged.
pub struct Gunzip<R> {
    decoder: MultiGzDecoder<Watched<R>>,
    content_bytes: u64,
}

impl<R: Read> Gunzip<R> {
    /// The content of the gzip stream `reader`.
    pub fn new(reader: R) -> Gunzip<R> {
        Gunzip { decoder: MultiGzDecoder::new(Watched { inner: reader, failed: false }), content_bytes: 0 }
    }
}

impl<R: Read> Read for Gunzip<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.decoder.read(buf) {
            Ok(n) => {
                self.content_bytes += n as u64;
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted || self.decoder.get_ref().failed => Err(e),
            Err(e) => {
                let (content_bytes, reason) = (self.content_bytes, e.to_string());
                let error = if e.kind() == io::ErrorKind::UnexpectedEof {
                    GzipError::Truncated { content_bytes, reason }
                } else {
                    GzipError::Damaged { content_bytes, reason }
                };
                Err(io::Error::new(io::ErrorKind::InvalidData, error))
            }
        }
    }
}

/// Opens `path` for reading its content: `-` is standard input; gzip, recognised by its first
/// bytes ([`GZIP_MAGIC`]) whatever the name, is decompressed as it is read.
///
/// # Errors
/// The file cannot be opened, or its first bytes cannot be read.
pub fn open(path: &Path) -> io::Result<Input> {
    if path.as_os_str() == "-" {
        return Input::new(io::stdin());
    }
    Input::file(File::open(path)?)
}

/// Whether `path`'s name ends in `.gz` (any case).
pub fn is_gz_name(path: &Path) -> bool {
    path.file_name().is_some_and(|n| strip_gz(n.as_encoded_bytes()).len() < n.len())
}

/// A file name without a `.gz` ending (any case), unless that is all there is to it.
fn strip_gz(name: &[u8]) -> &[u8] {
    match name.len().checked_sub(3) {
        Some(cut) if cut > 0 && name[cut..].eq_ignore_ascii_case(b".gz") => &name[..cut],
        _ => name,
    }
}

/// A file name's stem and extension, as [`Path::file_stem`] and [`Path::extension`] cut it.
fn split_name(name: &[u8]) -> (&[u8], Option<&[u8]>) {
    match name.iter().rposition(|&b| b == b'.') {
        Some(dot) if dot > 0 => (&name[..dot], Some(&name[dot + 1..])),
        _ => (name, None),
    }
}

/// The path its content would have uncompressed: `match.mat.gz` is `match.mat`; any other path
/// is itself.
pub fn uncompressed_path(path: &Path) -> PathBuf {
    if is_gz_name(path) {
        path.with_extension("")
    } else {
        path.to_path_buf()
    }
}

/// Whether the extension of `path`'s name, after a `.gz` is dropped, is `extension` (any
/// case): `match.mat.gz` has the extension `mat`.
pub fn has_extension(path: &Path, extension: &str) -> bool {
    let Some(name) = path.file_name() else { return false };
    split_name(strip_gz(name.as_encoded_bytes())).1.is_some_and(|e| e.eq_ignore_ascii_case(extension.as_bytes()))
}

/// The name a file gives the games named after it (a move list's game id, a match's
/// `name#3`): its name without extension, after a `.gz` is dropped (`match.mat.gz` and
/// `match.mat` are both `match`); `stdin` for standard input (`-`).
pub fn record_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        return "stdin".to_owned();
    }
    let Some(name) = path.file_name() else { return "1".to_owned() };
    String::from_utf8_lossy(split_name(strip_gz(name.as_encoded_bytes())).0).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::write::GzEncoder;
    use flate2::Compression;
    use std::io::Write;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut e = GzEncoder::new(Vec::new(), Compression::default());
        e.write_all(data).expect("in memory");
        e.finish().expect("in memory")
    }

    fn read_all(bytes: &[u8]) -> (Vec<u8>, Option<io::Error>) {
        let mut d = Input::new(io::Cursor::new(bytes.to_vec())).expect("in memory").into_reader();
        let mut out = Vec::new();
        let e = d.read_to_end(&mut out).err();
        (out, e)
    }

    fn dripped(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        Input::new(Drip(bytes.to_vec())).expect("in memory").into_reader().read_to_end(&mut out).expect("in memory");
        out
    }

    /// A reader that hands out one byte a call, as a slow pipe may.
    struct Drip(Vec<u8>);

    impl Read for Drip {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() || buf.is_empty() {
                return Ok(0);
            }
            buf[0] = self.0.remove(0);
            Ok(1)
        }
    }

    #[test]
    fn plain_input_reads_as_it_is() {
        for text in [&b""[..], b"x", b"\x1f", b"\x1fx", b"id\tmovelist\n1\t1w Ra1\n"] {
            let (out, e) = read_all(text);
            assert!(e.is_none());
            assert_eq!(out, text);
            assert!(!Input::new(io::Cursor::new(text.to_vec())).expect("in memory").is_gzip());
            assert_eq!(dripped(text), text);
        }
    }

    #[test]
    fn gzip_is_recognised_by_its_first_bytes_and_members_are_joined() {
        let mut both = gzip(b"5 point match\n");
        both.extend(gzip(b"\n Game 1\n"));
        assert!(Input::new(io::Cursor::new(both.clone())).expect("in memory").is_gzip());
        let (out, e) = read_all(&both);
        assert!(e.is_none(), "{e:?}");
        assert_eq!(out, b"5 point match\n\n Game 1\n");
        assert_eq!(dripped(&both), out);
    }

    #[test]
    fn damage_is_an_invalid_data_error_after_the_content_before_it() {
        let text: Vec<u8> = (0..20_000).flat_map(|i| format!("line {i} {}\n", i * 7919 % 1000).into_bytes()).collect();
        let z = gzip(&text);
        let (out, e) = read_all(&z[..z.len() / 2]);
        let e = e.expect("a cut stream is an error");
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(e.to_string().contains("cut short"), "{e}");
        assert!(!out.is_empty() && text.starts_with(&out), "the content before the cut is read");
        for cut in [2, 5, 10, z.len() - 4, z.len() - 1] {
            let (_, e) = read_all(&z[..cut]);
            let e = e.unwrap_or_else(|| panic!("cut at {cut}: no error"));
            assert_eq!(e.kind(), io::ErrorKind::InvalidData, "cut at {cut}: {e}");
        }
        let mut flipped = z.clone();
        let at = flipped.len() / 3;
        flipped[at] ^= 0x55;
        let (out, e) = read_all(&flipped);
        let e = e.expect("a flipped byte is an error");
        assert_eq!(e.kind(), io::ErrorKind::InvalidData, "{e}");
        assert!(e.get_ref().is_some_and(|g| g.is::<GzipError>()), "{e}");
        assert!(out.len() < text.len() || out != text);
        let mut trailing = z.clone();
        trailing.extend_from_slice(b"not gzip");
        assert!(read_all(&trailing).1.is_some_and(|e| e.kind() == io::ErrorKind::InvalidData));
    }

    #[test]
    fn a_failing_stream_fails_as_itself() {
        struct Broken(Vec<u8>);
        impl Read for Broken {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() {
                    return Err(io::Error::other("disk on fire"));
                }
                let n = buf.len().min(self.0.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0.drain(..n);
                Ok(n)
            }
        }
        let z = gzip(b"some text\n");
        let mut d = Input::new(Broken(z[..z.len() - 3].to_vec())).expect("two bytes there").into_reader();
        let e = d.read_to_end(&mut Vec::new()).expect_err("the stream fails");
        assert_eq!(e.kind(), io::ErrorKind::Other);
        assert_eq!(e.to_string(), "disk on fire");
    }

    #[test]
    fn names_drop_gz() {
        assert_eq!(record_name(Path::new("a/match.mat.gz")), "match");
        assert_eq!(record_name(Path::new("a/match.mat")), "match");
        assert_eq!(record_name(Path::new("game.GZ")), "game");
        assert_eq!(record_name(Path::new("-")), "stdin");
        assert_eq!(uncompressed_path(Path::new("x/a.tsv.gz")), Path::new("x/a.tsv"));
        assert_eq!(uncompressed_path(Path::new("x/a.tsv")), Path::new("x/a.tsv"));
        assert!(is_gz_name(Path::new("a.Gz")) && !is_gz_name(Path::new("gz")) && !is_gz_name(Path::new(".gz")));
        assert!(has_extension(Path::new("a/m.MAT.gz"), "mat") && has_extension(Path::new("m.mat"), "mat"));
        assert!(!has_extension(Path::new(".mat"), "mat") && !has_extension(Path::new("m.mat.gz.txt"), "mat"));
        for p in ["a/b.c.d", "x.", ".hidden", "plain", "a/.gz", "ü.tsv"] {
            let p = Path::new(p);
            let stem = p.file_stem().map_or_else(|| "1".into(), |s| s.to_string_lossy().into_owned());
            assert_eq!(record_name(p), stem, "{}", p.display());
            let gz = PathBuf::from(format!("{}.gz", p.display()));
            if p.file_name().is_some() {
                assert_eq!(record_name(&gz), stem, "{}", gz.display());
            }
        }
    }
}
