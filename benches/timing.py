"""Timing helpers shared by the peer-comparison scripts in this folder."""

import argparse
import os
import re
import subprocess
import sys
import time


def timed(cmd, repeat):
    """Best wall time of `repeat` runs, and the last run's stdout."""
    best, out = None, b""
    for _ in range(repeat):
        t0 = time.perf_counter()
        res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        dt = time.perf_counter() - t0
        if res.returncode not in (0, 1):
            sys.exit(f"{' '.join(cmd)} failed: {res.stderr.decode()[:500]}")
        out = res.stdout
        best = dt if best is None else min(best, dt)
    return best, out


TABULA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "target", "release", "tabula")


def timed_check(paths, jobs, repeat):
    """Best wall time of `tabula check --jsonl --jobs JOBS PATHS`, with the moves (turns) and
    games it reported and its output."""
    t, out = timed([TABULA, "check", "--jsonl", "--jobs", str(jobs)] + list(paths), repeat)
    turns = sum(int(m) for m in re.findall(rb'"turns":(\d+)', out))
    return t, turns, out.count(b"\n"), out


def peer_arguments(doc, peer, size_mb, repeat=3):
    """The options every peer comparison takes: the Python that runs the peer, the size of the
    input made from the real games, and the runs a timing takes (its best is kept; `repeat` by
    default)."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--python", default=os.path.join(root, ".venv", "bin", "python"),
                    help="a Python with %s installed (default .venv/bin/python)" % peer)
    ap.add_argument("--size-mb", type=int, default=size_mb)
    ap.add_argument("--repeat", type=int, default=repeat, help="runs per timing; the best is kept (default %d)" % repeat)
    return ap
