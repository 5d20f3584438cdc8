#!/usr/bin/env python3
"""Times `tabula check` against the replay oracle on the real backgammon matches, in one run,
and prints the ratio that issue 3 sets as its target (at least 100x the oracle's plays/s).

* tabula on the real `.mat` matches copied into a folder until it holds at least 50 MB, with 1
  and 2 threads: plays verified per second;
* the oracle (`shared/data/backgammon/oracle/bg_mat_oracle.py`, GNU Backgammon's move generator
  through `gnubg-nn`) on the real matches: plays per second;
* the ratio of the two, per thread count.

Usage (from the repository root):
    python3 benches/compare_backgammon.py [--python .venv/bin/python] [--size-mb 50] [--repeat 3]
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from timing import TABULA, peer_arguments, timed_check

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "backgammon")
MATCHES = os.path.join(DATA, "matches")
ORACLE = os.path.join(DATA, "oracle", "bg_mat_oracle.py")


def build_folder(path, min_bytes):
    """Copies of the real matches under `path` until they hold at least min_bytes; returns the
    number of copies."""
    files = sorted(f for f in os.listdir(MATCHES) if f.endswith(".mat"))
    size = sum(os.path.getsize(os.path.join(MATCHES, f)) for f in files)
    copies = max(1, -(-min_bytes // size))
    for k in range(copies):
        sub = os.path.join(path, f"copy{k:03}")
        os.makedirs(sub)
        for f in files:
            shutil.copyfile(os.path.join(MATCHES, f), os.path.join(sub, f))
    return copies



def main():
    args = peer_arguments(__doc__, "gnubg-nn", 50).parse_args()
    if not os.path.exists(args.python):
        sys.exit(f"{args.python} not found: python3 -m venv .venv && .venv/bin/pip install gnubg-nn==1.1.0a11")

    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "tabula-replay", "--bin", "tabula"],
                   cwd=ROOT, check=True)
    tmp = tempfile.mkdtemp(prefix="tabula-bench-bg-")
    try:
        copies = build_folder(tmp, args.size_mb * 1_000_000)
        size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(tmp) for f in fs)
        n_files = sum(len(fs) for _, _, fs in os.walk(tmp))
        print(f"folder: {size / 1e6:.1f} MB, {n_files} files ({copies} copies of the real matches)")

        rates = {}
        for jobs in (1, 2):
            t, plays, games, out = timed_check([tmp], jobs, args.repeat)
            not_ok = len(re.findall(rb'"verdict":"(?!ok")', out))
            rates[jobs] = plays / t
            print(f"tabula --jobs {jobs}:  {t:8.3f} s  {size / t / 1e6:7.1f} MB/s  {plays / t:12,.0f} plays/s"
                  f"  ({games} games, {plays} plays, {not_ok} not ok)")

        t0 = time.perf_counter()
        res = subprocess.run([args.python, ORACLE, "-q"] + [os.path.join(MATCHES, f) for f in
                                                             sorted(os.listdir(MATCHES)) if f.endswith(".mat")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        t_oracle = time.perf_counter() - t0
        m = re.search(rb"SUMMARY files=(\d+) games=(\d+) plays=(\d+)", res.stdout)
        if not m:
            sys.exit(f"the oracle printed no summary: {res.stdout[-500:]!r} {res.stderr[-500:]!r}")
        oracle_plays = int(m.group(3))
        oracle_rate = oracle_plays / t_oracle
        print(f"oracle (gnubg-nn): {t_oracle:8.3f} s  {oracle_rate:12,.0f} plays/s"
              f"  ({m.group(2).decode()} games, {oracle_plays} plays, whole process)")

        print()
        print("| measure | tabula | oracle | ratio | target |")
        print("| --- | --- | --- | --- | --- |")
        for jobs in (1, 2):
            print(f"| plays/s, {jobs} thread{'s' if jobs > 1 else ''} | {rates[jobs]:,.0f} | {oracle_rate:,.0f} |"
                  f" {rates[jobs] / oracle_rate:,.0f}x | 100x |")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
