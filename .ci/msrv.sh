#!/usr/bin/env bash
# The minimum supported Rust version (`rust-version` of the root Cargo.toml, which every crate
# inherits) builds the library crates and the `games` binary: installs that toolchain with rustup
# (minimal profile) and checks the workspace with all features, libraries and binaries only.
# The `benches` crate is left out: criterion, a bench-only dependency, needs a newer Rust.
set -euo pipefail
cd "$(dirname "$0")/.."
msrv=$(python3 -c 'import tomllib; print(tomllib.load(open("Cargo.toml", "rb"))["workspace"]["package"]["rust-version"])')
echo "msrv: Rust $msrv"
rustup toolchain install "$msrv" --profile minimal
cargo +"$msrv" check --locked --workspace --exclude benches --all-features --lib --bins
