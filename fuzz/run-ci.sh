#!/usr/bin/env bash
# Runs every fuzz target for a short fixed time, only where a nightly toolchain and cargo-fuzz are
# installed (CI does not install them; the stable tests of crates/fuzz-targets run every body).
# Usage: fuzz/run-ci.sh [SECONDS_PER_TARGET]   (default 20)
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-20}
if ! rustup toolchain list 2>/dev/null | grep -q '^nightly' || ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz: nightly or cargo-fuzz not installed, skipping (the stable corpus tests ran)"
  exit 0
fi
for target in $(cargo +nightly fuzz list); do
  echo "fuzz: $target for ${seconds}s"
  # Fuzz into a scratch copy so that the committed seed corpus stays as it is.
  work=$(mktemp -d)
  cp -r "corpus/$target/." "$work/"
  cargo +nightly fuzz run "$target" "$work" -- -max_total_time="$seconds" -max_len=512 2>&1 | tail -n 3
  rm -rf "$work"
done
