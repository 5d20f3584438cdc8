#!/usr/bin/env bash
# The Python package as a wheel (pip wheel ./python: maturin through PEP 517), installed with
# pip install --no-index into a fresh venv whose PATH has no cargo or rustc, where it plays a
# roll and reads a game whose page carries the analysis board's module, byte for byte the one
# kept in replay/module/.
#
#   scripts/check_wheel.sh [DIR]          the wheel is left in DIR (default: a temporary folder)
#   scripts/check_wheel.sh WHEEL.whl      a wheel built already (scripts/build_manylinux.sh's),
#                                         tried the same way
#
# PYTHON: the interpreter whose pip builds the wheel (default python3); the fresh venv is made
# by /usr/bin/python3 when there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case "${1:-}" in
  *.whl)
    wheel=$(realpath "$1")
    ;;
  *)
    wheels="${1:-$work/wheels}"
    mkdir -p "$wheels"
    rm -f "$wheels"/tabula-*.whl
    start=$(date +%s)
    "${PYTHON:-python3}" -m pip wheel --quiet --disable-pip-version-check --no-deps ./python -w "$wheels"
    wheel=$(ls "$wheels"/tabula-*.whl)
    echo "$(basename "$wheel"): $(wc -c <"$wheel") bytes, built in $(($(date +%s) - start)) s"
    ;;
esac

base=/usr/bin/python3
[ -x "$base" ] || base=$(command -v python3)
env -i HOME="$work" PATH=/usr/bin:/bin "$base" -m venv "$work/venv"
env -i HOME="$work" PATH=/usr/bin:/bin "$work/venv/bin/pip" install --quiet --disable-pip-version-check --no-index "$wheel"
cd "$work"
env -i HOME="$work" PATH=/usr/bin:/bin TESTDATA="$root/testdata" KEPT="$root/replay/module/tabula_web.wasm" \
  "$work/venv/bin/python" - <<'EOF'
import base64, os, re, shutil, zlib

for tool in ("cargo", "rustc"):
    assert shutil.which(tool) is None, f"{tool} is on PATH: {shutil.which(tool)}"

import tabula

assert "site-packages" in tabula.__file__, tabula.__file__
board = tabula.backgammon.Board()
played = board.play("8/5 6/5", "31")
assert played == "8/5 6/5", played
print(f"a roll played: 31 {played}, then {board.position}")

game = next(tabula.read(os.path.join(os.environ["TESTDATA"], "snr", "games.txt")))
page = game._repr_html_()
found = re.search(r'<script type="application/octet-stream" id="module" data-encoding="deflate-raw">([^<]*)</script>', page)
assert found and found.group(1), "the page has no module"
# Inlined deflated (raw deflate), as the page's script inflates it.
module = zlib.decompress(base64.b64decode(found.group(1)), -15)
with open(os.environ["KEPT"], "rb") as kept:
    assert module == kept.read(), "the page's module is not replay/module/tabula_web.wasm"
print(f"tabula.read: game {game.id} {game.verdict}, its page {len(page)} bytes with the module ({len(module)} bytes)")
EOF
echo "$(basename "$wheel") installs and works in a venv without cargo or rustc"
