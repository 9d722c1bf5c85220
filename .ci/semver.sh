#!/usr/bin/env bash
# Semver of the published library crates against the previous release: the newest `v*` tag
# before this commit (`git describe --tags --match 'v*' HEAD^`). Without one (no release yet, or
# a clone without tags) it says so and passes. With one it installs cargo-semver-checks and runs
# `cargo semver-checks check-release --baseline-rev TAG` for every published library crate that
# already existed at the tag (a crate new since then has nothing to compare with).
set -euo pipefail
cd "$(dirname "$0")/.."
# Pinned: each release of cargo-semver-checks reads the rustdoc JSON of a range of toolchains.
version=0.51.0
tag=$(git describe --tags --abbrev=0 --match 'v*' HEAD^ 2>/dev/null || true)
if [ -z "$tag" ]; then
  echo "semver: no v* release tag before this commit: nothing to compare with, skipped"
  exit 0
fi
echo "semver: comparing with $tag"
args=()
for crate in $(.ci/published-crates --libs); do
  if git grep -q -E "^name = \"$crate\"$" "$tag" -- 'Cargo.toml' '*/Cargo.toml'; then
    args+=(-p "$crate")
  else
    echo "semver: $crate is new since $tag: skipped"
  fi
done
if [ "${#args[@]}" = 0 ]; then
  echo "semver: no published library crate existed at $tag: skipped"
  exit 0
fi
if [ "$(cargo semver-checks --version 2>/dev/null)" != "cargo-semver-checks $version" ]; then
  cargo install --locked cargo-semver-checks --version "$version"
fi
cargo semver-checks check-release --baseline-rev "$tag" "${args[@]}"
