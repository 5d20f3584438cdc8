#!/usr/bin/env python3
"""Times `tabula check` against its peers on the real Arimaa games, in one run, and prints the
ratios that issue 2 sets as targets.

* tabula on an archive of the real games repeated to at least 100 MB, with 1 and 2 threads:
  moves (turns) verified per second, and bytes per second;
* `wc -l` on the same file: bytes per second (tabula must reach 0.10x single-threaded, 0.18x on
  2 threads);
* the aei-based oracle (`shared/data/arimaa/oracle/aei_check.py`) on the real games: moves per
  second (tabula must be at least 2,000x faster);
* with --memory: peak resident memory of tabula on a 1 GB archive (target: under 100 MB).

Usage (from the repository root):
    python3 benches/compare_arimaa.py [--python .venv/bin/python] [--memory] [--repeat 10]
"""

import os
import resource
import subprocess
import sys
import tempfile
import time

from timing import TABULA, peer_arguments, timed, timed_check

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "arimaa")
ARCHIVES = ["allgames202602_sample.tsv", "allgames201111_sample.tsv"]
ALL_GAMES = ARCHIVES + ["agt_testdata_movelists.tsv"]


def build_archive(path, min_bytes):
    """The real archive rows, repeated until the file has at least min_bytes; returns the
    number of copies."""
    rows, header = [], None
    for name in ARCHIVES:
        with open(os.path.join(DATA, name), "rb") as fh:
            lines = fh.read().split(b"\n")
        header = header or lines[0]
        rows.extend(l for l in lines[1:] if l.strip())
    block = b"\n".join(rows) + b"\n"
    copies = max(1, -(-(min_bytes - len(header)) // len(block)))
    with open(path, "wb") as out:
        out.write(header + b"\n")
        for _ in range(copies):
            out.write(block)
    return copies



def peak_rss_kb(cmd):
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.execv(cmd[0], cmd)
    _, status, usage = os.wait4(pid, 0)
    return usage.ru_maxrss


def main():
    # A run of tabula on 100 MB takes a tenth of a second, and `wc -l` a hundredth: ten runs of
    # each make the best of them steady on a shared machine.
    ap = peer_arguments(__doc__, "aei", 100, repeat=10)
    ap.add_argument("--memory", action="store_true", help="also measure peak memory on a 1 GB archive")
    args = ap.parse_args()

    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "tabula-replay", "--bin", "tabula"],
                   cwd=ROOT, check=True)
    tmp = tempfile.mkdtemp(prefix="tabula-bench-")
    big = os.path.join(tmp, "archive.tsv")
    copies = build_archive(big, args.size_mb * 1_000_000)
    size = os.path.getsize(big)
    print(f"archive: {size / 1e6:.1f} MB ({copies} copies of the {len(ARCHIVES)} real archive samples)")

    t_wc, _ = timed(["wc", "-l", big], args.repeat)
    wc_bps = size / t_wc
    print(f"wc -l:            {t_wc:8.3f} s  {wc_bps / 1e6:9.1f} MB/s")

    results = {}
    for jobs in (1, 2):
        t, turns, games, _ = timed_check([big], jobs, args.repeat)
        results[jobs] = (t, turns)
        print(f"tabula --jobs {jobs}:  {t:8.3f} s  {size / t / 1e6:9.1f} MB/s  {turns / t:12,.0f} moves/s"
              f"  ({games} games, {turns} moves)  {size / t / wc_bps:.3f}x wc -l")

    oracle = os.path.join(DATA, "oracle", "aei_check.py")
    real = [os.path.join(DATA, f) for f in ALL_GAMES]
    if os.path.exists(args.python):
        t_aei, out = timed([args.python, oracle] + real, 1)
        rows = [l.split(b"\t") for l in out.strip().split(b"\n")[1:]]
        aei_moves = sum(int(r[1]) for r in rows)
        t_tab, tab_moves, _, _ = timed_check(real, 1, args.repeat)
        aei_rate, tab_rate = aei_moves / t_aei, results[1][1] / results[1][0]
        print(f"aei oracle:       {t_aei:8.3f} s  {aei_rate:12,.0f} moves/s  ({len(rows)} games, {aei_moves} moves)")
        print(f"tabula, same games (1 thread, whole process): {t_tab:.3f} s, {tab_moves} moves")
        print(f"ratio tabula/aei (1 thread, moves/s): {tab_rate / aei_rate:,.0f}x")
    else:
        print(f"aei oracle: skipped ({args.python} not found; create it with "
              f"python3 -m venv .venv && .venv/bin/pip install aei==1.4.1)")

    t1, n1 = results[1]
    t2, n2 = results[2]
    print()
    print("| measure | value | target |")
    print("| --- | --- | --- |")
    print(f"| moves/s, 1 thread | {n1 / t1:,.0f} | 2,000,000 per core |")
    print(f"| moves/s, 2 threads | {n2 / t2:,.0f} | |")
    print(f"| bytes/s vs wc -l, 1 thread | {size / t1 / wc_bps:.3f}x | 0.10x |")
    print(f"| bytes/s vs wc -l, 2 threads | {size / t2 / wc_bps:.3f}x | 0.18x |")

    if args.memory:
        gb = os.path.join(tmp, "archive-1gb.tsv")
        build_archive(gb, 1_000_000_000)
        kb = peak_rss_kb([TABULA, "check", "--jsonl", gb])
        print(f"| peak memory, {os.path.getsize(gb) / 1e9:.2f} GB archive | {kb / 1024:.1f} MB | under 100 MB |")
        os.remove(gb)
    os.remove(big)
    os.rmdir(tmp)


if __name__ == "__main__":
    main()
