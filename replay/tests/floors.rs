//! The house has floors: every file of `replay/src` imports only from its own floor or the
//! floors below it (a game's folder from itself and the vocabulary alone), and no crate of the
//! workspace has an import circle. The imports are read from the source: every `use` tree and
//! every `crate::`, `super::` and `self::` path outside comments and the `#[cfg(test)]` module
//! that closes a file (tests may use whatever they prove). ARCHITECTURE.md draws the same floors.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The floor of each top-level module of `tabula-replay`; a new file gets one here.
const REPLAY_FLOORS: &[(&str, u8)] = &[
    // 1: the vocabulary every game and command shares.
    ("control", 1),
    ("date", 1),
    ("diagram", 1),
    ("error", 1),
    ("fingerprint", 1),
    ("game_kind", 1),
    ("game_meta", 1),
    ("input", 1),
    ("nearness", 1),
    ("position_row", 1),
    ("report", 1),
    ("skip", 1),
    ("svg", 1),
    ("texts", 1),
    ("view", 1),
    // 2: each game's own folder.
    ("arimaa", 2),
    ("backgammon", 2),
    ("stones_rivers", 2),
    // 3: the one dispatch on the game.
    ("games", 3),
    // 4: the drivers.
    ("archive", 4),
    ("check", 4),
    ("convert", 4),
    ("database", 4),
    ("page", 4),
    ("query", 4),
    ("read", 4),
    ("show", 4),
];

/// Circles that were there before the floors were drawn, tolerated until they are taken
/// apart; none may grow and no other may appear.
const KNOWN_CIRCLES: &[&[&str]] =
    &[&["engine/src/arimaa/movegen.rs", "engine/src/arimaa/position.rs", "engine/src/arimaa/turn_builder.rs"]];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// A crate's source files by module path (`lib.rs` is the empty path, `a/mod.rs` and `a.rs`
/// are `[a]`), the binaries' folders left out (they are crates of their own).
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut found = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.map(|e| e.path()).unwrap_or_default())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "bin") {
                    stack.push(path);
                }
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap_or(&path);
            let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            let last = parts.pop().unwrap_or_default();
            let stem = last.trim_end_matches(".rs");
            if !(stem == "mod" || (stem == "lib" && parts.is_empty()) || (stem == "main" && parts.is_empty())) {
                parts.push(stem.to_owned());
            }
            found.insert(parts, path);
        }
    }
    found
}

/// The code of a file without its comments and without the test module that closes it.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]" && lines.peek().is_some_and(|l| l.starts_with("mod ")) {
            break;
        }
        let line = match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        };
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Every path a file names that starts with `crate`, `super` or `self`: the `use` trees
/// expanded, and the paths written in the code.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    // `use` trees, braces expanded.
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = rest[..i].chars().last();
        rest = &rest[i + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        let tree: String = rest[..end].chars().filter(|c| !c.is_whitespace()).collect();
        expand(&tree, &mut Vec::new(), &mut found);
        rest = &rest[end..];
    }
    // Paths in the code: `crate::a::b(`, `super::c::D`.
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        for (i, _) in code.match_indices(start) {
            if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_' || bytes[i - 1] == b':') {
                continue;
            }
            let path: String =
                code[i..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            found.push(path.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect());
        }
    }
    found.retain(|p: &Vec<String>| p.first().is_some_and(|s| matches!(s.as_str(), "crate" | "super" | "self")));
    found
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`, no spaces) into its paths.
fn expand(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let (head, group) = match tree.find('{') {
        Some(i) if tree.ends_with('}') => (&tree[..i], Some(&tree[i + 1..tree.len() - 1])),
        _ => (tree, None),
    };
    let depth = prefix.len();
    prefix.extend(head.split("::").filter(|s| !s.is_empty()).map(|s| s.split(" as ").next().unwrap_or(s).to_owned()));
    match group {
        None => out.push(prefix.clone()),
        Some(group) => {
            let mut level = 0;
            let mut from = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => level += 1,
                    '}' => level -= 1,
                    ',' if level == 0 => {
                        expand(&group[from..i], prefix, out);
                        from = i + 1;
                    }
                    _ => {}
                }
            }
            if from < group.len() {
                expand(&group[from..], prefix, out);
            }
        }
    }
    prefix.truncate(depth);
}

/// The files each file of a crate imports.
fn imports(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let modules = modules(src);
    let mut graph = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut targets = BTreeSet::new();
        for path in paths(&code(&text)) {
            let mut base: Vec<String> = module.clone();
            let mut segments = path.iter().peekable();
            match segments.peek().map(|s| s.as_str()) {
                Some("crate") => {
                    base.clear();
                    segments.next();
                }
                Some("self") => {
                    segments.next();
                }
                _ => {}
            }
            while segments.peek().is_some_and(|s| s.as_str() == "super") {
                segments.next();
                base.pop();
            }
            // The longest module the path names.
            let mut target = base.clone();
            let mut best = modules.get(&base).cloned();
            for s in segments {
                target.push(s.clone());
                match modules.get(&target) {
                    Some(f) => best = Some(f.clone()),
                    None => break,
                }
            }
            if let Some(to) = best.filter(|to| to != file) {
                targets.insert(to);
            }
        }
        graph.insert(file.clone(), targets);
    }
    graph
}

/// The circles of a graph: its strongly connected parts of more than one file (Tarjan).
fn circles(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<BTreeSet<PathBuf>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on_stack: BTreeSet<&'a PathBuf>,
        found: Vec<BTreeSet<PathBuf>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a PathBuf) {
        let n = w.index.len();
        w.index.insert(v, n);
        w.low.insert(v, n);
        w.stack.push(v);
        w.on_stack.insert(v);
        for to in w.graph.get(v).into_iter().flatten() {
            if !w.index.contains_key(to) {
                visit(w, to);
                let low = w.low[v].min(w.low[to]);
                w.low.insert(v, low);
            } else if w.on_stack.contains(to) {
                let low = w.low[v].min(w.index[to]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut part = BTreeSet::new();
            while let Some(top) = w.stack.pop() {
                w.on_stack.remove(top);
                part.insert(top.clone());
                if top == v {
                    break;
                }
            }
            if part.len() > 1 {
                w.found.push(part);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            visit(&mut walk, v);
        }
    }
    walk.found
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

#[test]
fn no_crate_has_a_new_import_circle() {
    let known: Vec<BTreeSet<String>> =
        KNOWN_CIRCLES.iter().map(|c| c.iter().map(|s| (*s).to_owned()).collect()).collect();
    let mut new = Vec::new();
    for krate in ["engine", "notation", "replay"] {
        let graph = imports(&root().join(krate).join("src"));
        assert!(graph.len() > 10, "{krate}: only {} files read", graph.len());
        for circle in circles(&graph) {
            let names: BTreeSet<String> = circle.iter().map(|p| relative(p)).collect();
            if !known.contains(&names) {
                new.push(names);
            }
        }
    }
    assert!(new.is_empty(), "import circles (files that import each other in a loop): {new:#?}");
}

#[test]
fn replay_imports_only_from_its_floor_or_below() {
    let src = root().join("replay/src");
    let floors: BTreeMap<&str, u8> = REPLAY_FLOORS.iter().copied().collect();
    let top = |file: &Path| -> Option<String> {
        let rel = file.strip_prefix(&src).ok()?;
        let first = rel.iter().next()?.to_string_lossy().into_owned();
        (first != "lib.rs").then(|| first.trim_end_matches(".rs").to_owned())
    };
    let mut wrong = Vec::new();
    for (file, targets) in imports(&src) {
        // The crate root declares the modules and hands the door's names on.
        let Some(from) = top(&file) else { continue };
        let Some(&floor) = floors.get(from.as_str()) else {
            wrong.push(format!(
                "{}: on no floor: give `{from}` one in tests/floors.rs and ARCHITECTURE.md",
                relative(&file)
            ));
            continue;
        };
        for to in targets {
            let Some(to_top) = top(&to) else {
                wrong.push(format!("{} imports the crate root; import the module itself", relative(&file)));
                continue;
            };
            let to_floor = floors.get(to_top.as_str()).copied().unwrap_or(u8::MAX);
            let across_games = floor == 2 && to_floor == 2 && from != to_top;
            if to_floor > floor || across_games {
                wrong.push(format!(
                    "{} (floor {floor}) imports {} (floor {to_floor}{})",
                    relative(&file),
                    relative(&to),
                    if across_games { ", another game" } else { "" }
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the floors:\n{}", wrong.join("\n"));
}

#[test]
fn the_reader_of_imports_finds_what_it_should() {
    let mut found = Vec::new();
    expand("crate::{a::{b,c},d::E}", &mut Vec::new(), &mut found);
    assert_eq!(found, vec![vec!["crate", "a", "b"], vec!["crate", "a", "c"], vec!["crate", "d", "E"]]);
    let code = code("use super::x::Y;\n// crate::comment::Z\nfn f() { crate::games::go(); }\n#[cfg(test)]\nmod tests {\n use crate::t;\n}\n");
    let p = paths(&code);
    assert!(p.contains(&vec!["super".into(), "x".into(), "Y".into()]), "{p:?}");
    assert!(p.contains(&vec!["crate".into(), "games".into(), "go".into()]), "{p:?}");
    assert!(!p.iter().any(|p| p.contains(&"comment".to_owned()) || p.contains(&"t".to_owned())), "{p:?}");
    // A circle is found, and a line is not one.
    let g: BTreeMap<PathBuf, BTreeSet<PathBuf>> = [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]
        .iter()
        .map(|(f, t)| (PathBuf::from(f), BTreeSet::from([PathBuf::from(t)])))
        .collect();
    assert_eq!(circles(&g), vec![BTreeSet::from(["a", "b", "c"].map(PathBuf::from))]);
}
