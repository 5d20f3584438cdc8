#!/usr/bin/env python3
"""The archive database's questions timed from Python: `Archive.explore` and `Archive.find` on
one opened `tabula.Archive`, against the goals (median at most 5 ms, slowest at most 100 ms).

    python benches/database_queries.py [--work DIR] [--sessions 5000] [--games 10] [--positions 200]

Run it with the Python that has the package (`pip install ./python`, or `maturin develop --release
-m python/Cargo.toml`). It builds, in DIR (default a temporary folder, removed at the end; a DIR
given is kept and its database used again when it is there):

1. `SESSIONS` random legal backgammon money sessions of `GAMES` games each, written as `.mat` files
   by `make_random_matches` (`testdata/generate`, built with cargo when missing);
2. a database of them and of ../shared/data (the real records), made by `tabula index`;

then asks it about `--positions` positions: each kind's start, the positions of ../shared/data
(common ones, reached by many games, and rare ones, by one) and positions of the random games,
drawn with a fixed seed. Each position is asked once with `explore` and once with `find`, in a
shuffled order, after one warm-up question; the times are those of the Python call (the dicts
made). It prints the database (games, positions, bytes a position), then for each question the
median, the 90th percentile and the slowest, with the position that took longest, against the
goals; exit status 1 when a goal is missed.
"""

import argparse
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared", "data")
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
TABULA = os.path.join(TARGET, "release", "tabula")
GENERATOR = os.path.join(TARGET, "release", "make_random_matches")

MEDIAN_GOAL_MS = 5.0
SLOWEST_GOAL_MS = 100.0

STARTS = [
    ("arimaa", "g [" + "." * 64 + "]"),
    ("backgammon", "4HPwATDgc/ABMA"),
    ("stones-and-rivers", "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 cr"),
]


def build(program, *args):
    if not os.path.exists(program):
        subprocess.run(["cargo", "build", "--release", *args], cwd=ROOT, check=True)


def written(row):
    """The position as `explore` takes it, from a row of `tabula.positions`."""
    if row["kind"] == "arimaa":
        return f"{row['side']} [{row['position']}]"
    return row["position"]


def make_database(tabula, work, sessions, games):
    db = os.path.join(work, "archive.db")
    generated = os.path.join(work, "sessions")
    if os.path.exists(db):
        return db, generated
    build(GENERATOR, "-p", "tabula-testdata", "--bin", "make_random_matches")
    build(TABULA, "-p", "tabula-replay", "--bin", "tabula")
    t = time.perf_counter()
    subprocess.run([GENERATOR, generated, str(sessions), str(games), "1"], check=True, stdout=subprocess.DEVNULL)
    print(f"{sessions} random sessions of {games} games written in {time.perf_counter() - t:.1f} s")
    t = time.perf_counter()
    out = subprocess.run([TABULA, "index", "--jsonl", "--db", db, SHARED, generated], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"tabula index failed: {out.stderr}")
    print(f"indexed in {time.perf_counter() - t:.1f} s: {out.stdout.strip()}")
    return db, generated


def choose(tabula, generated, count, rng):
    """The positions asked: the starts, then common and rare ones of ../shared/data, then some
    of the random games; (kind, position) pairs, each once."""
    chosen = list(STARTS)
    seen = set(chosen)

    def add(kind, position):
        if (kind, position) not in seen and len(chosen) < count:
            seen.add((kind, position))
            chosen.append((kind, position))

    games_of = {}
    for row in tabula.positions([SHARED], jobs=1):
        key = (row["kind"], written(row))
        games_of.setdefault(key, set()).add((row["source"], row["game"]))
    by_games = sorted(games_of.items(), key=lambda kv: -len(kv[1]))
    common = [k for k, g in by_games if len(g) > 1]
    rare = [k for k, g in by_games if len(g) == 1]
    for k in common[: count // 4]:
        add(*k)
    for k in rng.sample(rare, min(len(rare), count // 4)):
        add(*k)
    files = sorted(os.listdir(generated))
    sample = [os.path.join(generated, f) for f in rng.sample(files, min(len(files), 20))]
    rows = [(r["kind"], written(r)) for r in tabula.positions(sample, jobs=1)]
    for k in rng.sample(rows, min(len(rows), count)):
        add(*k)
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work", help="folder for the records and the database (kept)")
    parser.add_argument("--sessions", type=int, default=5000)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args()
    try:
        import tabula
    except ImportError:
        sys.exit("this Python has no tabula package: pip install ./python")
    if not os.path.isdir(SHARED):
        sys.exit(f"needs ../shared/data beside the clone ({SHARED})")
    work = args.work or tempfile.mkdtemp(prefix="tabula-db-bench-")
    os.makedirs(work, exist_ok=True)
    try:
        db, generated = make_database(tabula, work, args.sessions, args.games)
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        games = con.execute("SELECT count(*) FROM games").fetchone()[0]
        positions = con.execute("SELECT count(*) FROM positions").fetchone()[0]
        con.close()
        size = os.path.getsize(db)
        print(f"database: {games:,} games, {positions:,} positions, {size:,} bytes, "
              f"{size / positions:.1f} bytes a position")
        rng = random.Random(40)
        chosen = choose(tabula, generated, args.positions, rng)
        archive = tabula.Archive(db)
        archive.explore(*reversed(STARTS[1]))  # opens the file
        calls = [(q, kind, pos) for kind, pos in chosen for q in ("explore", "find")]
        rng.shuffle(calls)
        times = {"explore": [], "find": []}
        for q, kind, pos in calls:
            f = getattr(archive, q)
            t = time.perf_counter()
            answer = f(pos, game=kind)
            ms = (time.perf_counter() - t) * 1000
            size = answer["games"] if q == "explore" else len(answer)
            times[q].append((ms, kind, pos, size))
        print(f"{len(chosen)} positions asked (the {len(STARTS)} starts among them)")
        met = True
        for q, ts in times.items():
            ms = sorted(t[0] for t in ts)
            median = statistics.median(ms)
            p90 = ms[int(len(ms) * 0.9)]
            worst = max(ts)
            ok = median <= MEDIAN_GOAL_MS and worst[0] <= SLOWEST_GOAL_MS
            met &= ok
            print(f"{q:8} median {median:6.2f} ms (goal {MEDIAN_GOAL_MS:g}), 90% {p90:6.2f} ms, slowest "
                  f"{worst[0]:6.2f} ms (goal {SLOWEST_GOAL_MS:g}): {worst[1]} {worst[2]} "
                  f"({worst[3]} {'games' if q == 'explore' else 'rows'}) {'met' if ok else 'MISSED'}")
        return 0 if met else 1
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
