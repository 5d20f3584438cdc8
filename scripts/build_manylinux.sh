#!/usr/bin/env bash
# A manylinux2014 wheel of the Python package (glibc 2.17 and later, any CPython 3.9 and later:
# the extension uses the stable ABI), built by maturin with zig as the linker, so on this machine
# rather than in a manylinux container; then auditwheel checks its tag and scripts/check_wheel.sh
# installs it where there is no Rust and plays with it. Opt-in, not in .ci/run: it builds the
# whole workspace again for an explicit target (about 6 minutes on a busy 2-core machine).
#
#   scripts/build_manylinux.sh [DIR]   the wheel is left in DIR (default: target/wheels)
#
# VENV: the venv maturin, ziglang and auditwheel are installed into (default .venv).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/wheels}"
venv="${VENV:-.venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check maturin==1.16.0 ziglang==0.17.1 auditwheel==6.8.2
mkdir -p "$out"
rm -f "$out"/tabula-*manylinux*.whl
start=$(date +%s)
# maturin finds zig as `python -m ziglang` of the interpreter first on PATH.
PATH="$PWD/$venv/bin:$PATH" maturin build --release --zig --compatibility manylinux2014 -m python/Cargo.toml -o "$out"
wheel=$(ls "$out"/tabula-*manylinux2014*.whl)
echo "$(basename "$wheel"): $(wc -c <"$wheel") bytes, built in $(($(date +%s) - start)) s"
"$venv/bin/auditwheel" show "$wheel" | tee "$out/auditwheel.txt"
grep -q '"manylinux_2_17_x86_64"' "$out/auditwheel.txt" || { echo "error: $wheel is not manylinux_2_17" >&2; exit 1; }
scripts/check_wheel.sh "$wheel"
