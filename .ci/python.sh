#!/usr/bin/env bash
# The Python package (crates/games-python) as a user gets it: a fresh virtual environment with
# the pinned build and test tools (requirements-test.txt: maturin, numpy, open-spiel,
# pettingzoo, gymnasium, pytest, mypy, all from PyPI), the abi3 wheel built here by maturin and
# installed, then pytest: the package's own tests, OpenSpiel's random_sim_test and MCTSBot,
# PettingZoo's api_test and seed_test, Gymnasium's check_env, agreement with the `games` binary,
# the stubs against the module (mypy's stubtest) and the examples of docs/python.md. Last, a
# short run of the speed benchmark, so that the script of docs/python.md's table keeps working
# (its figures are not checked).
# Environment: PYTHON_WHEEL_PROFILE, the cargo profile of the wheel (default release; CI's is
# release-tests, built faster); GAMES_BIN, the `games` binary of the agreement tests.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-ci/venv
rm -rf target/python-ci
if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  echo "python: installing python3-venv from Debian" >&2
  as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi
  }
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-venv
fi
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  -r crates/games-python/requirements-test.txt
"$venv/bin/python" -m pip list --disable-pip-version-check 2>/dev/null \
  | grep -Ei '^(maturin|numpy|open.spiel|pettingzoo|gymnasium|pytest|mypy) '
"$venv/bin/maturin" build --profile "${PYTHON_WHEEL_PROFILE:-release}" --locked \
  --manifest-path crates/games-python/Cargo.toml --interpreter "$venv/bin/python" \
  --out target/python-ci/wheels
wheel=$(ls target/python-ci/wheels/kamisado_onitama-*-cp39-abi3-*.whl)
echo "wheel: $wheel"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "$wheel"
# The `games` binary for the agreement tests: GAMES_BIN (CI's), else the one an earlier build
# left, if any.
cli="${GAMES_BIN:-$PWD/target/release/games}"
[ -x "$cli" ] || cli="$PWD/target/debug/games"
if [ ! -x "$cli" ]; then
  cargo build --locked -p games-cli
fi
echo "games binary: $cli"
# From the tests' own directory, so that the installed wheel is what they import.
(cd crates/games-python \
  && GAMES_CLI="$cli" KAMISADO_ONITAMA_REQUIRE_CLI=1 "../../$venv/bin/python" -m pytest -q -p no:cacheprovider)
(cd crates/games-python \
  && "../../$venv/bin/python" benchmarks/steps_per_second.py --seconds 0.2 --repeats 1 --envs 256 --cpu -1 >/dev/null)
