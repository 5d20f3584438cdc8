#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds (default 660), one after the other, with corpora
# seeded from the real games in ../shared and the bundled testdata. cargo-fuzz needs nightly
# features; RUSTC_BOOTSTRAP lets the stable toolchain build it.
#   cargo install cargo-fuzz && fuzz/run.sh [SECONDS]       (TARGETS="a b" fuzz/run.sh: only those)
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-660}
export RUSTC_BOOTSTRAP=1
# One core a target: the checkers verify games in parallel on rayon's pool, all cores by default.
export RAYON_NUM_THREADS=${RAYON_NUM_THREADS:-1}
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
mkdir -p corpus/backgammon_mat corpus/backgammon_play corpus/backgammon_sgf corpus/backgammon_xg
cp ../../shared/data/backgammon/xg/*.xg regressions/backgammon_xg/* corpus/backgammon_xg/
cp ../testdata/backgammon/sgf/*.sgf corpus/backgammon_sgf/
cp ../../shared/data/backgammon/matches/*.mat corpus/backgammon_mat/
python3 - ../../shared/data/backgammon/notation_cases.tsv <<'PY'
import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")[1:]
for i, row in enumerate(r for r in rows if r.strip()):
    play = row.split("\t")[3]
    open(f"corpus/backgammon_play/case{i}", "wb").write(bytes([i % 105]) + play.encode())
PY
# Stones and Rivers: distinct turn lines of the sample records (the illegal ones first, with their
# malformed spellings; first byte: the position the target resolves against).
mkdir -p corpus/stones_rivers_turn
python3 - ../../shared/data/snr <<'PY'
import os, sys
seen = set()
for f in ["games_illegal.txt", "games_legal.txt"]:
    for line in open(os.path.join(sys.argv[1], f), encoding="utf-8").read().split("\n"):
        line = line.strip()
        if line and line[0] not in "[#" and line not in seen and len(seen) < 1500:
            open(f"corpus/stones_rivers_turn/t{len(seen)}", "wb").write(bytes([len(seen) % 5]) + line.encode())
            seen.add(line)
PY
# Stones and Rivers records: one record a seed file, from the shared samples and the bundled ones.
mkdir -p corpus/stones_rivers_records
python3 - ../../shared/data/snr ../testdata/snr <<'PY'
import os, sys
n = 0
for d in sys.argv[1:]:
    for f in sorted(x for x in os.listdir(d) if x.endswith(".txt")):
        for record in open(os.path.join(d, f), encoding="utf-8", newline="").read().split("\n\n"):
            if record.strip():
                open(f"corpus/stones_rivers_records/r{n}", "w", newline="").write(record + "\n")
                n += 1
PY
# Position texts: the starts and the positions of the perft fixtures of each game (gnubg's
# Position IDs, the Arimaa and Stones and Rivers positions of shared/data), besides the seeds.
mkdir -p corpus/positions
python3 - ../testdata/backgammon/perft.tsv ../../shared/data/snr/perft.tsv <<'PY'
import sys
n = 0
for f in sys.argv[1:]:
    for row in open(f, encoding="utf-8").read().split("\n")[1:200]:
        if row.strip():
            open(f"corpus/positions/p{n}", "w").write(row.split("\t")[0])
            n += 1
PY
# Arimaa short notation: every example of the seed, one a file.
mkdir -p corpus/arimaa_short
i=0
while IFS= read -r line; do
  printf '%s' "$line" > "corpus/arimaa_short/seed$i"
  i=$((i + 1))
done <<'TXT'
g 1g 3cc4hdemdh
s 1g 1hdmedh4cc
n 1g 3h1dcmce1d1h
g 5g e^>>v
g 9g h^^e<<
g 9g h^^ e<<
g 6g r4<^
g 6g r12^
g 6g r⁵<^
g 6g r#5<^
g 8g h²^r3>hv
g 15g eM^>
g 15g eM^e>
g 15g Me^>
g 15g Me^e>
g 23g eR>
g 24g r3^^Re>
g 33g d2^*
g 33g d^c*
g 33g dC^*
g 33g dC^d* 40.2
s 1 dcdemchh, 8hdcmecdh 2 evmvh8vh7v, e^^^r^ 3 dvdvdvr5v, r^^m^> 4 evveMv, r5<^eM> 5 eMveC^*, r8^^Re< 6 eD^<*, r4>e^r^
g 0s 6h6e17rc10d2h2r1rmd2r4rr, r2r3r2c4r1r22h7r1e
n 5s e↑→←↓ r+-() 12.5
TXT
# Each target runs in fork mode: a crash, a timeout (an input taking over 10 s) or running out of
# memory is saved in artifacts/<target>/ and the fuzzing goes on for the whole time. Its full log
# is target/fuzz-<target>.log; the last status line gives the executions and the counts of
# out-of-memory, timeout and crash. Minimise what it saves (cargo fuzz tmin -O <target> <file>),
# fix it, and add it to regressions/<target>/, which cargo test runs on stable Rust.
# Leak detection is off: the library has no unsafe code, and the leak LeakSanitizer reported with
# its stack (in arimaa_archive, about 1 in 150,000 inputs, never again on the same input) was the
# handle of the scoped thread that reads an archive's chunks, which std frees as the thread exits,
# just after the scope has returned.
mkdir -p target
for target in ${TARGETS:-arimaa_long_notation arimaa_archive backgammon_mat backgammon_sgf backgammon_xg backgammon_play stones_rivers_turn stones_rivers_records arimaa_short positions}; do
  echo "== $target for ${seconds}s"
  start=$(date +%s)
  status=0
  cp "regressions/$target"/* "corpus/$target/"
  cargo fuzz run -O "$target" -- -max_total_time="$seconds" -max_len=20000 -timeout=10 -detect_leaks=0 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 > "target/fuzz-$target.log" 2>&1 || status=$?
  grep -E "^#[0-9]+: " "target/fuzz-$target.log" | tail -1 || true
  echo "$target ran $(( $(date +%s) - start ))s, exit status $status, saved: $(ls "artifacts/$target" 2>/dev/null | tr '\n' ' ')"
done
