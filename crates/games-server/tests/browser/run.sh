#!/usr/bin/env bash
# The browser tests of the page: called by CI from the repository root.
#   bash crates/games-server/tests/browser/run.sh [TEST FILE...]
# Installs Chromium (Debian) and playwright-core (npm ci) when missing, builds the `games`
# binary (or takes GAMES_BIN) and the WebAssembly package (crates/games-wasm/build.sh, which
# installs its tools when missing), starts `games serve` on a free port with a temporary
# database, writes the static site (`games site`) and serves it with a plain static file
# server (python3 -m http.server) on another free port, runs the tests with node's own test
# runner, writes screenshots to target/browser-screenshots/, and stops both servers. Exits
# non-zero on any failure.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
cd "$ROOT"

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi
}

CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ] || ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "browser tests: installing chromium and node from Debian" >&2
  as_root apt-get update -q
  pkgs=()
  [ -x "$CHROMIUM" ] || pkgs+=(chromium)
  command -v node >/dev/null || pkgs+=(nodejs)
  command -v npm >/dev/null || pkgs+=(npm)
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${pkgs[@]}"
fi

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
  echo "browser tests: node $node_major is too old (playwright-core needs 20 or newer)" >&2
  exit 1
fi

(cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error)

# The `games` binary: GAMES_BIN when set (CI builds it once for the steps that serve), else a
# release build.
if [ -n "${GAMES_BIN:-}" ]; then
  BIN="$GAMES_BIN"
else
  cargo build --release -p games-cli
  BIN="$ROOT/target/release/games"
fi
bash "$ROOT/crates/games-wasm/build.sh" "$ROOT/target/npm/games"

WORK="$(mktemp -d)"
SERVER_PID=""
SITE_PID=""
stop() {
  if [ -n "$1" ] && kill -0 "$1" 2>/dev/null; then
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
  fi
}
cleanup() {
  stop "$SERVER_PID"
  stop "$SITE_PID"
  rm -rf "$WORK"
}
trap cleanup EXIT

"$BIN" serve --addr 127.0.0.1:0 --db "$WORK/games.sqlite3" >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER_PID=$!

URL=""
for _ in $(seq 1 300); do
  if [ -s "$WORK/server.out" ]; then
    line="$(head -n 1 "$WORK/server.out")"
    case "$line" in
      "listening on "*) URL="${line#listening on }"; break ;;
    esac
  fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "browser tests: the server stopped at start" >&2
    cat "$WORK/server.err" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$URL" ]; then
  echo "browser tests: the server printed no 'listening on' line in 30 s" >&2
  cat "$WORK/server.out" "$WORK/server.err" >&2
  exit 1
fi
echo "browser tests: server at $URL"

# The static site, with no `games serve` behind it.
"$BIN" site --out "$WORK/site" --package "$ROOT/target/npm/games"
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$WORK/site" >"$WORK/site.out" 2>"$WORK/site.err" &
SITE_PID=$!
SITE_URL=""
for _ in $(seq 1 100); do
  SITE_URL="$(sed -n 's|.*(\(http://[^)]*\)/).*|\1|p' "$WORK/site.out" | head -n 1)"
  [ -n "$SITE_URL" ] && break
  if ! kill -0 "$SITE_PID" 2>/dev/null; then
    echo "browser tests: the static file server stopped at start" >&2
    cat "$WORK/site.err" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$SITE_URL" ]; then
  echo "browser tests: the static file server printed no address in 10 s" >&2
  exit 1
fi
echo "browser tests: static site at $SITE_URL"

SHOTS="$ROOT/target/browser-screenshots"
mkdir -p "$SHOTS"

if [ "$#" -gt 0 ]; then
  tests=("$@")
else
  tests=("$HERE"/*.test.mjs)
fi

status=0
GAMES_URL="$URL" GAMES_BIN="$BIN" SITE_URL="$SITE_URL" SCREENSHOT_DIR="$SHOTS" CHROMIUM="$CHROMIUM" NODE_PATH="$HERE/node_modules" \
  node --test --test-concurrency=1 --test-reporter=spec "${tests[@]}" || status=$?

if [ "$status" -ne 0 ]; then
  echo "browser tests: FAILED (server log follows)" >&2
  tail -n 50 "$WORK/server.err" >&2 || true
fi
echo "browser tests: screenshots in $SHOTS"
exit "$status"
