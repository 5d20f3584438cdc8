#!/usr/bin/env python3
"""Counts the instructions of tabula's main jobs with callgrind and fails when one has grown.

Speed is lost without a word; instruction counts, unlike wall time, are the same from run to run
on the same build. Each case runs one job on this repository's testdata/ (copied a few times, so
that starting the process weighs little) under `valgrind --tool=callgrind`, and its count is held
to the one kept in benches/instruction_counts.tsv:

    python3 scripts/instruction_counts.py            # compare; exit 1 when a case grew > 10%
    python3 scripts/instruction_counts.py --bless    # keep the counts of this build

Cases: `tabula check --jobs 1` on each game's records, `tabula positions --jsonl --jobs 1` on all
three, and (benches/examples/instruction_cases.rs, the work function alone) backgammon's legal
plays, Arimaa's legal turns and the fingerprints' canonical forms. A case that shrank by more
than 10% is reported too, so that the kept counts follow improvements (run --bless and commit).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEPT = os.path.join(ROOT, "benches", "instruction_counts.tsv")
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
TABULA = os.path.join(TARGET, "release", "tabula")
CASES_BIN = os.path.join(TARGET, "release", "examples", "instruction_cases")
LIMIT = 1.10


def inputs(tmp):
    """Copies of testdata: an Arimaa archive of 10 copies of the random games (one header), 5
    copies of the backgammon matches, 10 of the Stones and Rivers records."""
    td = os.path.join(ROOT, "testdata")
    with open(os.path.join(td, "arimaa", "random_games.tsv"), "rb") as f:
        lines = f.read().splitlines(keepends=True)
    arimaa = os.path.join(tmp, "arimaa.tsv")
    with open(arimaa, "wb") as f:
        f.write(lines[0])
        for _ in range(10):
            f.writelines(l for l in lines[1:] if l.strip())
    backgammon = os.path.join(tmp, "backgammon")
    for i in range(5):
        shutil.copytree(os.path.join(td, "backgammon", "matches"), os.path.join(backgammon, str(i)))
    with open(os.path.join(td, "snr", "games.txt"), "rb") as f:
        snr_text = f.read()
    snr = os.path.join(tmp, "snr.txt")
    with open(snr, "wb") as f:
        for _ in range(10):
            f.write(snr_text.rstrip(b"\n") + b"\n\n")
    return arimaa, backgammon, snr


def count(cmd, toggle=None):
    """The instructions callgrind counts for `cmd` (only in functions matching `toggle`)."""
    vg = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    if toggle:
        vg.append("--toggle-collect=" + toggle)
    res = subprocess.run(vg + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"Collected : (\d+)", res.stderr)
    if res.returncode not in (0, 1) or not m:
        sys.exit(f"{' '.join(cmd)} failed under callgrind (exit {res.returncode}):\n{res.stderr[-2000:]}")
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bless", action="store_true", help="write this build's counts to " + os.path.relpath(KEPT, ROOT))
    ap.add_argument("--no-build", action="store_true", help="use the binaries already built")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind): the instruction counts need callgrind")
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "tabula"], cwd=ROOT, check=True)
        subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "tabula-benches", "--example",
                        "instruction_cases"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory() as tmp:
        arimaa, backgammon, snr = inputs(tmp)
        cases = [
            ("check arimaa", [TABULA, "check", "--jobs", "1", "-q", arimaa], None),
            ("check backgammon", [TABULA, "check", "--jobs", "1", "-q", backgammon], None),
            ("check stones-and-rivers", [TABULA, "check", "--jobs", "1", "-q", snr], None),
            ("positions", [TABULA, "positions", "--jsonl", "--jobs", "1", arimaa, backgammon, snr], None),
            ("backgammon legal plays", [CASES_BIN, "backgammon-plays"], "instruction_cases::measure_*"),
            ("arimaa legal turns", [CASES_BIN, "arimaa-turns"], "instruction_cases::measure_*"),
            ("fingerprints", [CASES_BIN, "fingerprints"], "instruction_cases::measure_*"),
        ]
        counts = {name: count(cmd, toggle) for name, cmd, toggle in cases}
    kept = {}
    if os.path.exists(KEPT):
        with open(KEPT) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    name, value = line.rstrip("\n").split("\t")
                    kept[name] = int(value)
    if args.bless:
        with open(KEPT, "w") as f:
            f.write("# case\tinstructions (scripts/instruction_counts.py --bless)\n")
            for name, value in counts.items():
                f.write(f"{name}\t{value}\n")
        print(f"kept {len(counts)} counts in {os.path.relpath(KEPT, ROOT)}")
        return 0
    grown, shrunk, missing = [], [], []
    print(f"{'case':<26}{'kept':>16}{'now':>16}{'now/kept':>10}")
    for name, value in counts.items():
        old = kept.get(name)
        if old is None:
            missing.append(name)
            print(f"{name:<26}{'-':>16}{value:>16,}{'-':>10}")
            continue
        ratio = value / old
        print(f"{name:<26}{old:>16,}{value:>16,}{ratio:>10.3f}")
        if ratio > LIMIT:
            grown.append(name)
        elif ratio < 1 / LIMIT:
            shrunk.append(name)
    if missing:
        print(f"no kept count for: {', '.join(missing)} (run --bless and commit the file)")
    if shrunk:
        print(f"faster by more than 10%: {', '.join(shrunk)} (run --bless and commit the file to keep the gain)")
    if grown or missing:
        print(f"FAILED: more than {LIMIT - 1:.0%} more instructions than kept: {', '.join(grown) or '-'}")
        return 1
    print("instruction counts within 10% of the kept ones")
    return 0


if __name__ == "__main__":
    sys.exit(main())
