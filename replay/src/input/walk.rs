//! Walking the paths a command is given into the entries to read, every one accounted for: a
//! file to read, standard input, or a problem that says which path could not be read and why.
//! Nothing met is passed over without an entry.

use std::collections::{HashMap, VecDeque};
use std::io;
use std::path::{Path, PathBuf};

/// What the walk met.
#[derive(Debug)]
pub enum Entry {
    /// A file to read.
    File {
        /// Its path, as given or as found below a folder given.
        path: PathBuf,
        /// Given itself rather than found in a folder: a format that is not recognised is then
        /// an error, where a file found in a folder is passed over (and listed).
        named: bool,
        /// Its length when the walk met it.
        len: u64,
    },
    /// Standard input (`-`).
    Stdin,
    /// A path given, or an entry of a folder, that cannot be read.
    Problem {
        /// The path.
        path: PathBuf,
        /// Why.
        problem: Problem,
    },
}

/// Why a path cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum Problem {
    /// A path given on the command line does not exist.
    #[error("no such file or folder")]
    Missing,
    /// The system refused (permissions, a broken link, a folder that cannot be listed).
    #[error("cannot read: {0}")]
    Unreadable(io::Error),
    /// A folder reached again through a link: a loop, or a second way to the same folder.
    #[error("a folder already read as {0} (reached again through a link)")]
    SeenBefore(PathBuf),
    /// Something in a folder that is neither a file nor a folder (a device, pipe or socket).
    #[error("not a file or a folder")]
    NotAFile,
}

/// The entries of `paths` in order: for each path, `-` as [`Entry::Stdin`], a file as itself,
/// a folder as every entry below it (links followed), sorted by path. Paths given that do not
/// exist come last, after everything else, as [`Problem::Missing`].
pub fn walk(paths: &[PathBuf]) -> Walk {
    Walk { paths: paths.iter().cloned().collect(), pending: VecDeque::new(), missing: Vec::new(), seen: HashMap::new() }
}

/// The iterator of [`walk`].
#[derive(Debug)]
pub struct Walk {
    paths: VecDeque<PathBuf>,
    pending: VecDeque<Entry>,
    missing: Vec<PathBuf>,
    /// Folders read, by their canonical path, with the path they were first read as.
    seen: HashMap<PathBuf, PathBuf>,
}

impl Walk {
    /// Every entry below the folder `root`, sorted by path.
    fn expand(&mut self, root: PathBuf) {
        let mut found: Vec<Entry> = Vec::new();
        let mut folders = vec![root];
        while let Some(dir) = folders.pop() {
            match std::fs::canonicalize(&dir) {
                Ok(real) => {
                    if let Some(first) = self.seen.get(&real) {
                        found.push(Entry::Problem { path: dir, problem: Problem::SeenBefore(first.clone()) });
                        continue;
                    }
                    self.seen.insert(real, dir.clone());
                }
                Err(e) => {
                    found.push(Entry::Problem { path: dir, problem: Problem::Unreadable(e) });
                    continue;
                }
            }
            let listing = match std::fs::read_dir(&dir) {
                Ok(l) => l,
                Err(e) => {
                    found.push(Entry::Problem { path: dir, problem: Problem::Unreadable(e) });
                    continue;
                }
            };
            for item in listing {
                let path = match item {
                    Ok(item) => item.path(),
                    Err(e) => {
                        found.push(Entry::Problem { path: dir.clone(), problem: Problem::Unreadable(e) });
                        break;
                    }
                };
                // Links are followed: the kind is that of what they point to.
                match std::fs::metadata(&path) {
                    Ok(m) if m.is_dir() => folders.push(path),
                    Ok(m) if m.is_file() => found.push(Entry::File { path, named: false, len: m.len() }),
                    Ok(_) => found.push(Entry::Problem { path, problem: Problem::NotAFile }),
                    Err(e) => found.push(Entry::Problem { path, problem: Problem::Unreadable(e) }),
                }
            }
        }
        found.sort_by(|a, b| entry_path(a).cmp(entry_path(b)));
        self.pending.extend(found);
    }
}

fn entry_path(e: &Entry) -> &Path {
    match e {
        Entry::File { path, .. } | Entry::Problem { path, .. } => path,
        Entry::Stdin => Path::new("-"),
    }
}

impl Iterator for Walk {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        loop {
            if let Some(e) = self.pending.pop_front() {
                return Some(e);
            }
            let Some(path) = self.paths.pop_front() else {
                let path = self.missing.pop()?;
                return Some(Entry::Problem { path, problem: Problem::Missing });
            };
            if path.as_os_str() == "-" {
                return Some(Entry::Stdin);
            }
            match std::fs::metadata(&path) {
                Ok(m) if m.is_dir() => self.expand(path),
                // A file, or a device or pipe named on purpose: read as it is.
                Ok(m) => return Some(Entry::File { path, named: true, len: m.len() }),
                Err(e) if e.kind() == io::ErrorKind::NotFound && std::fs::symlink_metadata(&path).is_err() => {
                    // Reported after every other path, in the order given.
                    self.missing.insert(0, path);
                }
                Err(e) => return Some(Entry::Problem { path, problem: Problem::Unreadable(e) }),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(root: &Path, entries: Vec<Entry>) -> Vec<String> {
        entries
            .into_iter()
            .map(|e| match e {
                Entry::File { path, named, .. } => {
                    format!(
                        "file {}{}",
                        path.strip_prefix(root).unwrap_or(&path).display(),
                        if named { " (named)" } else { "" }
                    )
                }
                Entry::Stdin => "stdin".to_owned(),
                Entry::Problem { path, problem } => {
                    let kind = match problem {
                        Problem::Missing => "missing",
                        Problem::Unreadable(_) => "unreadable",
                        Problem::SeenBefore(_) => "seen before",
                        Problem::NotAFile => "not a file",
                    };
                    format!("{kind} {}", path.strip_prefix(root).unwrap_or(&path).display())
                }
            })
            .collect()
    }

    #[cfg(unix)]
    #[test]
    fn every_entry_is_accounted_for() {
        use std::os::unix::fs::symlink;
        let root = std::env::temp_dir().join(format!("tabula-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let d = |p: &str| root.join(p);
        for dir in ["a/b", "c", "z"] {
            std::fs::create_dir_all(d(dir)).expect("mkdir");
        }
        for file in ["a/1.mat", "a/b/2.mat", "c/3.tsv", "z/4.txt"] {
            std::fs::write(d(file), "x").expect("write");
        }
        symlink(d("c"), d("a/link-to-c")).expect("link");
        symlink(d("a"), d("a/b/loop")).expect("link");
        symlink(d("c/3.tsv"), d("a/file-link")).expect("link");
        symlink(d("nowhere"), d("a/broken")).expect("link");
        let paths = [d("gone"), d("a"), PathBuf::from("-"), d("z/4.txt"), d("c"), d("also-gone")];
        let got = names(&root, walk(&paths).collect());
        assert_eq!(
            got,
            [
                "file a/1.mat",
                "file a/b/2.mat",
                "seen before a/b/loop",
                "unreadable a/broken",
                "file a/file-link",
                "file a/link-to-c/3.tsv",
                "stdin",
                "file z/4.txt (named)",
                "seen before c",
                "missing gone",
                "missing also-gone",
            ]
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
