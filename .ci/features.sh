#!/usr/bin/env bash
# Every feature of every published library crate (.ci/published-crates --libs) on its own:
# `cargo hack check --each-feature --no-dev-deps`, which checks each crate with no features, with
# each feature alone (default features off) and with all of them, without its dev-dependencies
# (which could otherwise enable features the library forgot to ask for). Needs cargo-hack.
set -euo pipefail
cd "$(dirname "$0")/.."
args=()
for crate in $(.ci/published-crates --libs); do args+=(-p "$crate"); done
cargo hack check --each-feature --no-dev-deps --lib "${args[@]}"
