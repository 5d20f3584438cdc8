#!/usr/bin/env bash
# Builds the analysis page's WebAssembly module (the `tabula-web` crate, `web/`) and copies it to
# replay/module/tabula_web.wasm, the copy the repository keeps and the `tabula` program, the
# tabula-replay crate and the Python package carry (`page::MODULE`). Run it after any change to
# code the module is built from (web/, and the engine, notation and replay libraries), and commit
# the file it writes.
#
#   scripts/build_module.sh           build, and copy the module into replay/module/
#   scripts/build_module.sh --check   build, and fail unless the kept copy is the same to the byte
#
# Needs the target: rustup target add wasm32-unknown-unknown. The build is reproducible for a
# given rustc and Cargo.lock wherever the clone is: the paths the module keeps (those of panic
# locations) are relative for the workspace's crates, /rustc/<commit>/ for the standard library,
# and the registry's are remapped here from $CARGO_HOME to /cargo. Another rustc gives other
# bytes: --check then fails too, and the kept copy is rebuilt with the toolchain CI uses.
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
case "${1:-}" in
  "") ;;
  --check) check=1 ;;
  *) echo "usage: scripts/build_module.sh [--check]" >&2; exit 2 ;;
esac

kept=replay/module/tabula_web.wasm
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
# These flags alone, whatever the environment holds (with --target they reach the module's code,
# not the build scripts).
unset CARGO_ENCODED_RUSTFLAGS
export RUSTFLAGS="--remap-path-prefix=$cargo_home=/cargo"
cargo build --locked --profile wasm --target wasm32-unknown-unknown -p tabula-web
target=$(cargo metadata --locked --no-deps --format-version 1 | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
built="$target/wasm32-unknown-unknown/wasm/tabula_web.wasm"
size=$(wc -c <"$built")
toolchain=$(rustc -V)

if [ "$check" = 1 ]; then
  if cmp -s "$built" "$kept"; then
    echo "$kept is the module built from this tree ($size bytes, $toolchain)"
    exit 0
  fi
  echo "error: $kept ($(wc -c <"$kept") bytes) is not the module built from this tree ($size bytes," \
    "$toolchain): run scripts/build_module.sh and commit $kept" >&2
  exit 1
fi
mkdir -p "$(dirname "$kept")"
cp "$built" "$kept"
echo "$kept: $size bytes ($toolchain)"
