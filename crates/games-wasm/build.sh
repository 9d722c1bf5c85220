#!/usr/bin/env bash
# Builds the npm package @kamisado-onitama/games (the games-wasm crate for the web and Node):
#   bash crates/games-wasm/build.sh [--install-tools] [OUT]
# OUT defaults to target/npm/games. The wasm32-unknown-unknown target and the wasm-bindgen CLI
# of the crate's pinned wasm-bindgen version are installed first when missing (rustup, cargo
# install: only crates.io is needed); --install-tools installs them and stops. Then: cargo
# builds the crate (profile wasm-release), wasm-bindgen writes the JS glue and the .wasm
# (--target web: one .wasm for browsers, Web Workers and Node) and the package files are copied
# beside them. Prints the .wasm's size, raw and gzipped (the budget is 400 KB gzipped; it is
# met without wasm-opt, see docs/wasm.md).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$ROOT"

# The exact version of the crate's `wasm-bindgen = "=X"`: the CLI must be the same.
WASM_BINDGEN_VERSION="$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$HERE/Cargo.toml")"
if [ -z "$WASM_BINDGEN_VERSION" ]; then
  echo "build.sh: no pinned wasm-bindgen version in $HERE/Cargo.toml" >&2
  exit 1
fi

install_tools() {
  if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
  fi
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
    # No TLS features: the CLI downloads nothing for this build.
    cargo install --locked --no-default-features wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
  fi
}

OUT="$ROOT/target/npm/games"
case "${1:-}" in
  --install-tools) install_tools; exit 0 ;;
  "") ;;
  *) OUT="$1" ;;
esac

install_tools

cargo build --profile wasm-release --target wasm32-unknown-unknown -p games-wasm
WASM="$ROOT/target/wasm32-unknown-unknown/wasm-release/games_wasm.wasm"

rm -rf "$OUT"
mkdir -p "$OUT"
wasm-bindgen --target web --out-dir "$OUT" --out-name games "$WASM"
cp "$HERE/npm/package.json" "$HERE/npm/node.js" "$HERE/npm/node.d.ts" "$HERE/README.md" \
  "$HERE/LICENSE-MIT" "$HERE/LICENSE-APACHE" "$OUT/"

raw=$(wc -c <"$OUT/games_bg.wasm")
gz=$(gzip -9 -c "$OUT/games_bg.wasm" | wc -c)
echo "build.sh: $OUT/games_bg.wasm: $raw bytes, $gz bytes gzipped (-9)"
