#!/usr/bin/env python3
"""Every speed goal of tabula in one run: each ratio measured, then printed side by side.

    python3 benches/ratios.py [--baseline BIN] [--python .venv/bin/python] [--quick]

1. `tabula check --jobs 1` against an earlier build (`--baseline`, a `tabula` binary; by default
   the build of commit 0a16ff9, the last before fingerprints, made once into target/baseline/)
   on each game's real records, alternated runs, processor time; and Arimaa's check against
   `wc -l` of the same archive (bytes a second, tabula/wc).
2. `tabula positions` and `tabula duplicates` against `tabula check`, the same files.
3. The peers, each timed beside tabula in its own program: bkgm (`compare_bkgm`), wildbg
   (`benches/wildbg`, when `../wildbg` is cloned beside the repository), arimaa-engine (replay per
   step, legal steps, whole turns) and OpenSpiel from Python (`benches/python_peers.py`, when
   `--python` has the package and OpenSpiel).

The real records are read from ../shared/data beside the clone (a contributor's copy of the
archives); a part whose program or data is missing says so and is left out of the table.
"""

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared", "data")
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
TABULA = os.path.join(TARGET, "release", "tabula")
BASELINE_REV = "0a16ff9"

rows = []  # (item, what, measured, goal, met)


def row(item, what, value, goal, met):
    rows.append((item, what, value, goal, met))
    print(f"  -> {what}: {value} (goal {goal}){'' if met else '  NOT MET'}", flush=True)


def cpu(cmd):
    """Processor time (user + system) of one run of `cmd`, its output thrown away."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def alternated(a, b, n):
    """The median processor time of `a` over that of `b`, over `n` alternated pairs."""
    ta, tb = [], []
    for _ in range(n):
        ta.append(cpu(a))
        tb.append(cpu(b))
    return statistics.median(ta) / statistics.median(tb)


def baseline_binary(path):
    if path:
        return path
    out = os.path.join(TARGET, "baseline")
    binary = os.path.join(out, "release", "tabula")
    if os.path.exists(binary):
        return binary
    tree = os.path.join(out, "tree")
    print(f"building tabula at {BASELINE_REV} into {out} (once)", flush=True)
    if not os.path.exists(tree):
        subprocess.run(["git", "worktree", "add", "--detach", tree, BASELINE_REV], cwd=ROOT, check=True)
    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tabula", "--target-dir", out], cwd=tree, check=True)
    return binary


def inputs(tmp, scale):
    """The real records, repeated: an Arimaa archive of about 40 MB, the backgammon matches five
    times, the Stones and Rivers records 200 times."""
    arimaa = os.path.join(tmp, "arimaa.tsv")
    with open(os.path.join(SHARED, "arimaa", "allgames202602_sample.tsv"), "rb") as f:
        lines = f.read().splitlines(keepends=True)
    body = b"".join(l for l in lines[1:] if l.strip())
    with open(arimaa, "wb") as f:
        f.write(lines[0])
        while f.tell() < 40_000_000 * scale:
            f.write(body)
    backgammon = os.path.join(tmp, "backgammon")
    for i in range(max(1, int(5 * scale))):
        shutil.copytree(os.path.join(SHARED, "backgammon", "matches"), os.path.join(backgammon, str(i)))
    snr = os.path.join(tmp, "snr.txt")
    with open(os.path.join(SHARED, "snr", "games_legal.txt"), "rb") as f:
        text = f.read()
    with open(snr, "wb") as f:
        for _ in range(max(1, int(200 * scale))):
            f.write(text.rstrip(b"\n") + b"\n\n")
    return arimaa, backgammon, snr


def run_program(cmd, cwd=ROOT, env=None):
    print("$ " + " ".join(cmd), flush=True)
    res = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         env={**os.environ, **(env or {})})
    print(res.stdout, flush=True)
    if res.returncode != 0:
        print(f"(exit {res.returncode})")
        return None
    return res.stdout


def peers(args):
    rounds = {"ROUNDS": "3", "SECONDS": "0.5"} if args.quick else {}
    out = run_program(["cargo", "run", "--release", "--quiet", "-p", "tabula-benches", "--example", "compare_bkgm"],
                      env=rounds)
    if out:
        for m in re.finditer(r"^all, (non-doubles|doubles)\s.*tabula/bkgm ([\d.]+) / ([\d.]+) \(plays\)", out, re.M):
            ratio = float(m.group(3))
            row(3, f"backgammon legal plays / bkgm, {m.group(1)} (median)", f"{ratio:.2f}x", "0.25x", ratio <= 0.25)
    if os.path.isdir(os.path.join(ROOT, "..", "wildbg")):
        out = run_program(["cargo", "run", "--release", "--quiet", "--manifest-path", "benches/wildbg/Cargo.toml"],
                          env=rounds)
        if out:
            kind = None
            for line in out.splitlines():
                m = re.match(r"^all, (non-doubles|doubles):", line)
                if m:
                    kind = m.group(1)
                    continue
                m = re.match(r"^\s+tabula/wildbg, min / median: legal_plays [\d.]+ / ([\d.]+)", line)
                if m and kind:
                    ratio = float(m.group(1))
                    row(3, f"backgammon legal plays / wildbg, {kind} (median)", f"{ratio:.2f}x", "0.25x", ratio <= 0.25)
                    kind = None
    else:
        print("wildbg: not cloned at ../wildbg (benches/wildbg/README.md says how): left out")
    out = run_program(["cargo", "run", "--release", "--quiet", "-p", "tabula-benches", "--example",
                       "compare_arimaa_steps"], env=rounds)
    if out:
        labels = iter(["Arimaa replay per step / arimaa-engine", "Arimaa replay per step, turns alone / arimaa-engine",
                       "Arimaa legal steps / arimaa-engine, every state",
                       "Arimaa legal steps / arimaa-engine, before a fourth step"])
        for m in re.finditer(r"time ratio tabula / arimaa-engine: ([\d.]+) \(medians\)", out):
            ratio = float(m.group(1))
            row(3, next(labels, "Arimaa steps"), f"{ratio:.4f}x", "0.1x", ratio <= 0.1)
    out = run_program(["cargo", "run", "--release", "--quiet", "-p", "tabula-benches", "--example",
                       "compare_arimaa_turns"], env={"ROUNDS": "1"} if args.quick else {})
    if out:
        for name, ratio in re.findall(r"^(\S[^:\n]*): \d+ positions.*?time ratio tabula / arimaa-engine: ([\d.]+)", out,
                                      re.M | re.S):
            r = float(ratio)
            row(3, f"Arimaa whole turns / arimaa-engine, {name}", f"{r:.4f}x", "0.015x", r <= 0.015)
    if args.python and os.path.exists(args.python):
        out = run_program([args.python, "benches/python_peers.py", "--only", "backgammon"])
        if out:
            m = re.search(r"OpenSpiel legal_actions.*?ratio ([\d.]+)x", out)
            if m:
                ratio = float(m.group(1))
                row(3, "Python backgammon legal plays / OpenSpiel legal_actions", f"{ratio:.3f}x", "0.1x", ratio <= 0.1)
    else:
        print("Python: no --python with the package and OpenSpiel: left out")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", help=f"a tabula binary to time check against (default: the build of {BASELINE_REV})")
    ap.add_argument("--python", default=os.path.join(ROOT, ".venv", "bin", "python"),
                    help="a Python with the tabula package and open-spiel (default .venv/bin/python)")
    ap.add_argument("--pairs", type=int, default=11, help="alternated pairs a ratio of items 1 and 2 takes (11)")
    ap.add_argument("--quick", action="store_true", help="smaller inputs and fewer rounds: a look, not a figure")
    ap.add_argument("--no-peers", action="store_true", help="items 1 and 2 only")
    args = ap.parse_args()
    if not os.path.isdir(SHARED):
        sys.exit(f"the real records are missing: {os.path.abspath(SHARED)} (../shared/data beside the clone)")
    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tabula"], cwd=ROOT, check=True)
    base = baseline_binary(args.baseline)
    scale = 0.25 if args.quick else 1.0
    with tempfile.TemporaryDirectory() as tmp:
        arimaa, backgammon, snr = inputs(tmp, scale)
        print("1. check, now against the baseline, --jobs 1, processor time", flush=True)
        for name, path in [("Arimaa archive rows", arimaa), ("backgammon .mat matches", backgammon),
                           ("Stones and Rivers records", snr)]:
            r = alternated([TABULA, "check", "--jobs", "1", "-q", path], [base, "check", "--jobs", "1", "-q", path],
                           args.pairs)
            row(1, f"check / baseline, {name}", f"{r:.3f}x", "1.05x", r <= 1.05)
        t_check = statistics.median(cpu([TABULA, "check", "--jobs", "1", "-q", arimaa]) for _ in range(args.pairs))
        t_wc = statistics.median(cpu(["wc", "-l", arimaa]) for _ in range(args.pairs))
        r = t_wc / t_check
        row(1, "Arimaa check's speed / wc -l's (bytes a second)", f"{r:.3f}x", "0.3x", r >= 0.3)
        print("2. the archive tools against check, the same files, --jobs 1", flush=True)
        every = [arimaa, backgammon, snr]
        check = [TABULA, "check", "--jsonl", "--jobs", "1"] + every
        for tool, goal in [("positions", 2.0), ("duplicates", 1.1)]:
            r = alternated([TABULA, tool, "--jsonl", "--jobs", "1"] + every, check, args.pairs)
            row(2, f"{tool} / check", f"{r:.3f}x", f"{goal}x", r <= goal)
    if not args.no_peers:
        print("3. the peers", flush=True)
        peers(args)
    print("\nitem  measure                                                   ratio       goal")
    for item, what, value, goal, met in rows:
        print(f"{item:<5} {what:<58}{value:>10}  {goal:>8}  {'' if met else 'not met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
