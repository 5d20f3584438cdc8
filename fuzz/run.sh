#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds (default 660), one after the other, with corpora
# seeded from the real games in ../shared and the bundled testdata. cargo-fuzz needs nightly
# features; RUSTC_BOOTSTRAP lets the stable toolchain build it.
#   cargo install cargo-fuzz && fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-660}
export RUSTC_BOOTSTRAP=1
shared=../../shared/data/arimaa

mkdir -p corpus/arimaa_long_notation corpus/arimaa_archive
# One move per seed file for the notation target, whole rows and move lists for the archive.
python3 - "$shared" <<'PY'
import os, sys
shared = sys.argv[1]
n = 0
for f in ["allgames202602_sample.tsv", "allgames201111_sample.tsv"]:
    lines = open(os.path.join(shared, f), encoding="utf-8").read().split("\n")
    head = lines[0].split("\t")
    ml = head.index("movelist")
    for row in lines[1:40]:
        if not row.strip():
            continue
        open(f"corpus/arimaa_archive/row{n}", "w").write(row)
        for mv in row.split("\t")[ml].split("\\n")[2:30]:
            body = mv.split(" ", 1)[1] if " " in mv else ""
            open(f"corpus/arimaa_long_notation/m{n}", "w").write(body)
            n += 1
PY
cp ../testdata/arimaa/broken_games.tsv corpus/arimaa_archive/broken 2>/dev/null || true
# Backgammon: the real matches, and the play spellings of the notation vectors (first byte: the
# roll and position the target resolves against).
mkdir -p corpus/backgammon_mat corpus/backgammon_play
cp ../../shared/data/backgammon/matches/*.mat corpus/backgammon_mat/
python3 - ../../shared/data/backgammon/notation_cases.tsv <<'PY'
import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")[1:]
for i, row in enumerate(r for r in rows if r.strip()):
    play = row.split("\t")[3]
    open(f"corpus/backgammon_play/case{i}", "wb").write(bytes([i % 105]) + play.encode())
PY
for target in ${TARGETS:-arimaa_long_notation arimaa_archive backgammon_mat backgammon_play}; do
  echo "== $target for ${seconds}s"
  start=$(date +%s)
  cargo fuzz run -O "$target" -- -max_total_time="$seconds" -max_len=20000 2>&1 | grep -E "^#[0-9]+ +(DONE|pulse)|Done|ERROR|panicked" | tail -3
  echo "$target ran $(( $(date +%s) - start ))s"
done
