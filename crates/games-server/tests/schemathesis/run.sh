#!/usr/bin/env bash
# schemathesis against a real `games serve`: called by CI from the repository root.
#   bash crates/games-server/tests/schemathesis/run.sh [MAX_EXAMPLES]
# Installs schemathesis (pinned) into a virtual environment under target/, builds the `games`
# binary (or takes GAMES_BIN), starts `games serve` on a free port with a temporary database (per-client limits off:
# one tester on one address would otherwise be refused with 429 after a burst), runs every
# check of schemathesis on every operation of /api/openapi.json with a bounded number of
# examples and a fixed seed, and stops the server. Exits non-zero on any failure or error.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
cd "$ROOT"
MAX_EXAMPLES="${1:-50}"
VERSION=4.32.5

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi
}

VENV="$ROOT/target/schemathesis-venv"
if [ ! -x "$VENV/bin/st" ] || [ "$("$VENV/bin/st" --version 2>/dev/null)" != "st, version $VERSION" ]; then
  if ! python3 -m venv "$VENV" 2>/dev/null; then
    echo "schemathesis: installing python3-venv from Debian" >&2
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-venv python3-pip
    python3 -m venv "$VENV"
  fi
  "$VENV/bin/pip" install -q "schemathesis==$VERSION"
fi

# The `games` binary: GAMES_BIN when set (CI builds it once for the steps that serve), else a
# release build.
if [ -n "${GAMES_BIN:-}" ]; then
  BIN="$GAMES_BIN"
else
  cargo build --release -p games-cli
  BIN="$ROOT/target/release/games"
fi

WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

"$BIN" serve --addr 127.0.0.1:0 --db "$WORK/games.sqlite3" --no-client-limits \
  >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER_PID=$!
URL=""
for _ in $(seq 1 300); do
  line="$(head -n 1 "$WORK/server.out" 2>/dev/null || true)"
  case "$line" in
    "listening on "*) URL="${line#listening on }"; break ;;
  esac
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "schemathesis: the server stopped at start" >&2
    cat "$WORK/server.err" >&2
    exit 1
  fi
  sleep 0.1
done
[ -n "$URL" ] || { echo "schemathesis: no 'listening on' line in 30 s" >&2; exit 1; }
echo "schemathesis $VERSION against $URL, at most $MAX_EXAMPLES examples an operation"

# In the work directory, so that hypothesis keeps its example database out of the checkout.
cd "$WORK"
"$VENV/bin/st" --config-file "$HERE/schemathesis.toml" run "$URL/api/openapi.json" \
  --checks all --max-examples "$MAX_EXAMPLES" --workers 1 --seed 1 --no-color
