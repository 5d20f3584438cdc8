#!/usr/bin/env python3
"""Checks every relative link of the repository's Markdown files, anchors included.

Reads the Markdown files git knows of (tracked, or new and not ignored), leaving out build and
third-party folders (`target/`, `.venv/`, `node_modules/`, fuzzing's corpora and artifacts), and
checks each relative link, inline (`[text](path#anchor)`, images too), by reference definition
(`[label]: path`) or in an HTML `href`/`src`: the file or folder must exist inside the repository,
and an anchor must be one of the target's headings as GitHub names them (lower case, punctuation
dropped, spaces as hyphens, `-1`, `-2` after repeats) or an explicit `id`/`name`. Links with a
scheme (`https:`, `mailto:`) are not followed. A link that leaves the repository (such as
`../shared/`, which sits beside a clone, not in it) is reported: write such paths as code, not
as links. Code blocks and code spans are not read.

Usage (from anywhere):
    python3 scripts/check_links.py [FILE.md ...]

Prints each broken link as `file:line: ...` and exits 1 when there is one, 0 otherwise.
"""

import html
import os
import re
import subprocess
import sys
from urllib.parse import unquote

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP_DIRS = ("target/", ".venv/", "node_modules/", "fuzz/corpus/", "fuzz/artifacts/", "fuzz/target/", "benches/wildbg/target/")

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
INLINE = re.compile(
    r"!?\[(?:[^\[\]\\]|\\.|\[[^\[\]]*\])*\]"
    r"\(\s*(<[^<>\n]*>|(?:[^\s()\\]|\\.|\([^\s()]*\))*)(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)"
)
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTML_LINK = re.compile(r"<[a-zA-Z][^>]*?\s(?:href|src)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
HTML_ID = re.compile(r"<[a-zA-Z][^>]*?\s(?:id|name)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
LINE_ANCHOR = re.compile(r"^L\d+(?:C\d+)?(?:-L\d+(?:C\d+)?)?$")


def markdown_files():
    """The Markdown files to check, relative to the root, sorted."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.md"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        ).stdout.decode("utf-8")
        names = [n for n in out.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = []
        for top, dirs, files in os.walk(ROOT):
            dirs[:] = [d for d in dirs if d != ".git"]
            names += [os.path.relpath(os.path.join(top, f), ROOT) for f in files if f.endswith(".md")]
    names = [n.replace(os.sep, "/") for n in names]
    return sorted({n for n in names if not n.startswith(SKIP_DIRS) and "/node_modules/" not in n and os.path.isfile(os.path.join(ROOT, n))})


def prose(text):
    """The text with fenced code blocks and the content of code spans blanked out (line breaks
    kept, so that offsets keep their line numbers)."""
    lines, fence = [], None
    for line in text.split("\n"):
        opening = FENCE.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence) and not line.strip().strip(fence[0]):
                fence = None
            lines.append("")
            continue
        if opening:
            fence = opening.group(1)
            lines.append("")
            continue
        lines.append(line)
    return blank_code_spans("\n".join(lines))


def blank_code_spans(text):
    """The text with the content of each code span (which may run over lines of one paragraph,
    not past a blank line) replaced by spaces."""
    out, i = [], 0
    while i < len(text):
        if text[i] != "`":
            out.append(text[i])
            i += 1
            continue
        run = len(text[i:]) - len(text[i:].lstrip("`"))
        end = text.find("\n\n", i)
        end = len(text) if end == -1 else end
        close = text.find("`" * run, i + run, end)
        while close != -1 and text[close + run : close + run + 1] == "`":
            close = text.find("`" * run, close + run + 1, end)
        if close == -1:
            out.append(text[i : i + run])
            i += run
            continue
        out.append("`" * run + re.sub(r"[^\n]", " ", text[i + run : close]) + "`" * run)
        i = close + run
    return "".join(out)


def prose_lines(text):
    """(line number, line) of the text's prose (see `prose`)."""
    return enumerate(prose(text).split("\n"), 1)


def heading_text(raw):
    """A heading's text as GitHub renders it, before it is made an anchor."""
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", raw)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "")
    text = re.sub(r"(?<!\w)[*_]{1,3}|[*_]{1,3}(?!\w)", "", text)
    return html.unescape(text)


def slug(text):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"[^\w\- ]", "", heading_text(text).strip().lower())
    return text.replace(" ", "-")


_anchors = {}


def anchors(path):
    """The anchors a Markdown file offers: its headings' and its explicit ids."""
    if path in _anchors:
        return _anchors[path]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found, seen, previous = set(), {}, None
    raw = text.split("\n")
    for number, line in prose_lines(text):
        heading = HEADING.match(line)
        title = None
        if heading:
            title = raw[number - 1].strip().lstrip("#").strip().rstrip("#").strip()
        elif previous is not None and SETEXT.match(line) and previous[1].strip() and not HEADING.match(previous[1]):
            title = raw[previous[0] - 1].strip()
        if title is not None:
            base = slug(title)
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        for match in HTML_ID.finditer(line):
            found.add(match.group(1) if match.group(1) is not None else match.group(2))
        previous = (number, line)
    _anchors[path] = found
    return found


def links(text):
    """(line number, destination) of every link of a Markdown text."""
    body = prose(text)
    starts = [0] + [m.end() for m in re.finditer("\n", body)]

    def line_of(offset):
        low, high = 0, len(starts)
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if starts[middle] <= offset else (low, middle)
        return low + 1

    found = []
    for pattern in (INLINE, HTML_LINK):
        for match in pattern.finditer(body):
            group = 1 if match.group(1) is not None else 2
            found.append((line_of(match.start(group)), match.group(group)))
    for number, line in enumerate(body.split("\n"), 1):
        reference = REFERENCE.match(line)
        if reference:
            found.append((number, reference.group(1)))
    return sorted(found)


def problem(source, destination):
    """Why a link of `source` (a path relative to the root) is broken, or None."""
    destination = destination.strip()
    if destination.startswith("<") and destination.endswith(">"):
        destination = destination[1:-1]
    if not destination or SCHEME.match(destination) or destination.startswith("//"):
        return None
    path, _, fragment = destination.partition("#")
    path = unquote(path.split("?", 1)[0])
    fragment = unquote(fragment)
    here = os.path.join(ROOT, source)
    if not path:
        target = here
    elif path.startswith("/"):
        target = os.path.normpath(os.path.join(ROOT, path.lstrip("/")))
    else:
        target = os.path.normpath(os.path.join(os.path.dirname(here), path))
    if os.path.relpath(target, ROOT).split(os.sep)[0] == "..":
        return "leaves the repository (write a path outside it as code, not as a link)"
    if not os.path.exists(target):
        return f"no such file or folder: {os.path.relpath(target, ROOT)}"
    if not fragment:
        return None
    if os.path.isdir(target):
        return f"an anchor on a folder: #{fragment}"
    if not target.endswith(".md"):
        return None if LINE_ANCHOR.match(fragment) else f"an anchor in a file that is not Markdown: #{fragment}"
    if fragment not in anchors(target):
        return f"no heading or id `{fragment}` in {os.path.relpath(target, ROOT)}"
    return None


def main(argv):
    files = [os.path.relpath(os.path.abspath(a), ROOT).replace(os.sep, "/") for a in argv] or markdown_files()
    broken = checked = 0
    for name in files:
        with open(os.path.join(ROOT, name), encoding="utf-8") as f:
            text = f.read()
        for number, destination in links(text):
            checked += 1
            why = problem(name, destination)
            if why:
                broken += 1
                print(f"{name}:{number}: broken link `{destination}`: {why}")
    print(f"{checked} links in {len(files)} Markdown files, {broken} broken", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
