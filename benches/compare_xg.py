#!/usr/bin/env python3
"""Times `tabula check --jobs 1` of eXtreme Gammon `.xg` files beside xgdatatools (PyPI, LGPL; run
as a separate program) reading the same files: every record of every game file parsed, as its own
`extractxgdata.py` does, without printing. Whole processes, each run several times, the best
(least disturbed) wall time and processor time of each kept; prints both and the ratios
tabula / xgdatatools (on a busy machine the processor time is the steadier figure).

    python3 benches/compare_xg.py [--python .venv/bin/python] [--tabula target/release/tabula]
                                  [--runs 7] [FILE_OR_FOLDER ...]

The files default to ../shared/data/backgammon/xg; `--python` is a Python with xgdatatools
installed (pip install xgdatatools).
"""

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# xgdatatools reading every record of every file given (scripts/xg_oracle.py's own walk over
# the records), nothing printed but the count.
READER = f"""
import sys
sys.path.insert(0, {str(ROOT / "scripts")!r})
from xg_oracle import records
print(sum(1 for path in sys.argv[1:] for _ in records(path)))
"""


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def best(cmd, runs):
    """The best wall time and the best processor time (user + system) of `runs` runs."""
    walls, cpus = [], []
    out = None
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), cpu()
        run = subprocess.run(cmd, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        cpus.append(cpu() - start_cpu)
        if run.returncode not in (0, 1):
            sys.exit(f"{cmd[0]} failed: {run.stderr.strip()}")
        out = run.stdout
    return (min(walls), min(cpus)), out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=str(ROOT / ".venv" / "bin" / "python"))
    parser.add_argument("--tabula", default=str(ROOT / "target" / "release" / "tabula"))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("paths", nargs="*", default=[str(ROOT.parent / "shared" / "data" / "backgammon" / "xg")])
    args = parser.parse_args()
    files = []
    for p in map(Path, args.paths):
        files += sorted(str(f) for f in p.rglob("*.xg")) if p.is_dir() else [str(p)]
    if not files:
        sys.exit("no .xg file given")
    size = sum(os.path.getsize(f) for f in files)
    t_tabula, out = best([args.tabula, "check", "--jobs", "1", "--jsonl", *files], args.runs)
    games = sum(1 for line in out.splitlines() if '"verdict":"ok"' in line)
    t_xg, out = best([args.python, "-c", READER, *files], args.runs)
    print(f"{len(files)} .xg files, {size:,} bytes: {games} games ok by tabula, {out.strip()} records read by xgdatatools")
    for what, i in (("wall", 0), ("processor (user + system)", 1)):
        print(
            f"{what}, best of {args.runs}: tabula check --jobs 1 {t_tabula[i] * 1000:.1f} ms, "
            f"xgdatatools {t_xg[i] * 1000:.1f} ms, tabula / xgdatatools {t_tabula[i] / t_xg[i]:.4f}x"
        )


if __name__ == "__main__":
    main()
