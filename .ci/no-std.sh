#!/usr/bin/env bash
# The no_std crates build without the standard library: every published library crate with a
# `std` feature (today abstract-game, kamisado-core and onitama-core) is built for
# wasm32v1-none, a target with only core and alloc, with its default features off, and again with
# every other feature on (serde, reference, testing). Installs the target with rustup.
set -euo pipefail
cd "$(dirname "$0")/.."
target=wasm32v1-none
rustup target add "$target"
found=0
for crate in $(.ci/published-crates --libs); do
  features=$(cargo metadata --no-deps --format-version 1 | python3 -c '
import json, sys
p = next(p for p in json.load(sys.stdin)["packages"] if p["name"] == sys.argv[1])
if "std" in p["features"]:
    print("std", ",".join(f for f in p["features"] if f not in ("std", "default")))
' "$crate")
  [ -n "$features" ] || continue
  found=$((found + 1))
  others=${features#std }
  echo "no-std: $crate for $target, no default features"
  cargo build --locked --target "$target" -p "$crate" --no-default-features
  if [ -n "$others" ]; then
    echo "no-std: $crate for $target, features $others"
    cargo build --locked --target "$target" -p "$crate" --no-default-features --features "$others"
  fi
done
if [ "$found" = 0 ]; then
  echo "no-std: no published crate has a std feature" >&2
  exit 1
fi
