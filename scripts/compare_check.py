#!/usr/bin/env python3
"""Compares what two builds of `tabula check --jsonl` say about every game.

Builds the git revision REV (default: the first parent of HEAD) in a temporary worktree, runs
both that build and the current one (`target/release/tabula`, built first) over the same paths
(default: `testdata/` and `../shared/data`), and compares, game by game in input order, the
keys that make a verdict: source, game, kind, verdict, turns, result (and the error's turn and
line). Messages may change wording; verdicts may not, unless the change meant to.

Usage (from the repository root):
    python3 scripts/compare_check.py [--rev REV] [PATH ...]

Exit status 0 when every game agrees, 1 when some differ (each difference is printed), 2 on a
build or run failure.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEYS = ("source", "game", "kind", "verdict", "turns", "result")


def build(tree, target):
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--bin", "tabula"],
        cwd=tree,
        env={**os.environ, "CARGO_TARGET_DIR": target},
        check=True,
    )
    return os.path.join(target, "release", "tabula")


def games(binary, paths):
    """The verdict keys of every game, by (source, game) in input order, and the inputs passed
    over without a game (`verdict` `skipped`, which older builds did not list)."""
    out = subprocess.run([binary, "check", "--jsonl", *paths], cwd=ROOT, capture_output=True, check=False)
    if out.returncode not in (0, 1):
        sys.exit(f"{binary} exited {out.returncode}: {out.stderr.decode(errors='replace')[:2000]}")
    rows, skipped = {}, []
    for line in out.stdout.decode().splitlines():
        g = json.loads(line)
        if g.get("verdict") == "skipped":
            skipped.append(g.get("source"))
            continue
        error = g.get("error") or {}
        key = (g.get("source"), json.dumps(g.get("game")))
        rows[key] = tuple(json.dumps(g.get(k), sort_keys=True) for k in KEYS) + (error.get("turn"), error.get("line"))
    return rows, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default="HEAD^", help="the revision to compare with (default HEAD^)")
    ap.add_argument("paths", nargs="*", default=["testdata", os.path.join("..", "shared", "data")])
    args = ap.parse_args()
    rev = subprocess.run(["git", "rev-parse", args.rev], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "tree")
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", tree, rev], cwd=ROOT, check=True)
        try:
            old = games(build(tree, os.path.join(tmp, "target")), args.paths)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", tree], cwd=ROOT, check=False)
    new = games(build(ROOT, os.path.join(ROOT, "target")), args.paths)
    (old, old_skipped), (new, new_skipped) = old, new
    differ = 0
    for key in old.keys() - new.keys():
        differ += 1
        print(f"- {rev[:10]} only: {' '.join(map(str, old[key]))}")
    for key in new.keys() - old.keys():
        differ += 1
        print(f"+ this tree only: {' '.join(map(str, new[key]))}")
    for key, b in new.items():
        a = old.get(key)
        if a is not None and a != b:
            differ += 1
            print(f"- {rev[:10]}: {' '.join(map(str, a))}\n+ this tree: {' '.join(map(str, b))}")
    print(f"{len(new)} games compared with {rev[:10]}: {differ} differ "
          f"(inputs passed over without a game: {len(old_skipped)} there, {len(new_skipped)} here)")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
