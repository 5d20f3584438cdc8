#!/usr/bin/env python3
"""How `tabula check` scales: time and peak memory when the input grows tenfold, in archive size
and in the length of one game, for every format. Linear time shows as a time ratio near 10;
flat memory as a memory ratio near 1.

* archives: the real games of `shared/data` repeated into a small and a ten times larger input
  (an Arimaa archive, a folder of backgammon matches, a file of Stones and Rivers records);
* long games: one legal Arimaa game of N and of 10 N turns (made by the engine,
  `benches/examples/long_arimaa_game.rs`), as a move list in long notation and converted to
  short notation by `tabula convert --to short`.

Usage (from the repository root):
    python3 benches/scaling.py [--repeat 3] [--jobs 1] [--big]
--big makes the large archives ten times larger again (a 1 GB Arimaa archive).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

from timing import TABULA

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared", "data")
GENERATOR = os.path.join(ROOT, "target", "release", "examples", "long_arimaa_game")


def run_measured(cmd):
    """Wall seconds and peak resident memory (MB) of one run, output thrown away."""
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execv(cmd[0], cmd)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{' '.join(cmd)} exited {code}")
    return wall, usage.ru_maxrss / 1024


def best(cmd, repeat):
    runs = [run_measured(cmd) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def repeat_archive(out, copies):
    rows, header = [], None
    for name in ["allgames202602_sample.tsv", "allgames201111_sample.tsv"]:
        with open(os.path.join(SHARED, "arimaa", name), "rb") as fh:
            lines = fh.read().split(b"\n")
        header = header or lines[0]
        rows.extend(l for l in lines[1:] if l.strip())
    block = b"\n".join(rows) + b"\n"
    with open(out, "wb") as fh:
        fh.write(header + b"\n")
        for _ in range(copies):
            fh.write(block)


def repeat_matches(out, copies):
    src = os.path.join(SHARED, "backgammon", "matches")
    for i in range(copies):
        shutil.copytree(src, os.path.join(out, str(i)))


def repeat_records(out, copies):
    with open(os.path.join(SHARED, "snr", "games_legal.txt"), "rb") as fh:
        text = fh.read()
    with open(out, "wb") as fh:
        for _ in range(copies):
            fh.write(text + b"\n")


def size_of(path):
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)
    return os.path.getsize(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure; the best time is kept")
    ap.add_argument("--jobs", type=int, default=1, help="tabula check --jobs (default 1)")
    ap.add_argument("--big", action="store_true", help="large archives ten times larger again")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "tabula-replay", "--bin", "tabula"], cwd=ROOT, check=True)
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "tabula-benches", "--example", "long_arimaa_game"],
                   cwd=ROOT, check=True)
    scale = 10 if args.big else 1
    tmp = tempfile.mkdtemp(prefix="tabula-scaling-")
    rows = []
    try:
        def pair(what, small, large, labels=None):
            figures = []
            for i, path in enumerate((small, large)):
                wall, mb = best([TABULA, "check", "--jobs", str(args.jobs), path], args.repeat)
                size = f"{size_of(path) / 1e6:.1f} MB"
                figures.append((f"{labels[i]} ({size})" if labels else size, wall, mb))
            rows.append((what, *figures[0], *figures[1]))

        a10, a100 = os.path.join(tmp, "a_small.tsv"), os.path.join(tmp, "a_large.tsv")
        repeat_archive(a10, 8 * scale)
        repeat_archive(a100, 80 * scale)
        pair("Arimaa archive", a10, a100)

        m1, m10 = os.path.join(tmp, "m_small"), os.path.join(tmp, "m_large")
        repeat_matches(m1, 2 * scale)
        repeat_matches(m10, 20 * scale)
        pair("backgammon matches (folder)", m1, m10)

        s1, s10 = os.path.join(tmp, "s_small.txt"), os.path.join(tmp, "s_large.txt")
        repeat_records(s1, 20 * scale)
        repeat_records(s10, 200 * scale)
        pair("Stones and Rivers records", s1, s10)

        for turns, name in ((8_000, "g_small"), (80_000, "g_large")):
            long_path = os.path.join(tmp, name + ".txt")
            subprocess.run([GENERATOR, str(turns), long_path], check=True)
            with open(os.path.join(tmp, name + "_short.txt"), "wb") as fh:
                subprocess.run([TABULA, "convert", "--to", "short", long_path], stdout=fh, check=True)
        turns = ("8,000 turns", "80,000 turns")
        pair("one Arimaa game, long notation", os.path.join(tmp, "g_small.txt"), os.path.join(tmp, "g_large.txt"), turns)
        pair("one Arimaa game, short notation", os.path.join(tmp, "g_small_short.txt"),
             os.path.join(tmp, "g_large_short.txt"), turns)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print(f"tabula check --jobs {args.jobs}, best of {args.repeat} runs; peak resident memory of the process")
    print()
    print("| input | small | time | memory | 10x larger | time | memory | time ratio | memory ratio |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for what, s0, t0, m0, s1, t1, m1 in rows:
        print(f"| {what} | {s0} | {t0:.3f} s | {m0:.1f} MB | {s1} | {t1:.3f} s | {m1:.1f} MB "
              f"| {t1 / t0:.1f} | {m1 / m0:.2f} |")


if __name__ == "__main__":
    main()
