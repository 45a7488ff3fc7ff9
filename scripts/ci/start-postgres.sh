#!/usr/bin/env bash
# Starts (or reuses) a PostgreSQL server on 127.0.0.1:5432 for the functions' storage tests and
# prints the TEST_DATABASE_URL to export. Idempotent; run as root after
# `apt-get install -y postgresql` (Debian). Usage (npm test does this itself, scripts/lib/ensure-deps.ts):
#   eval "$(scripts/ci/start-postgres.sh)"   # exports TEST_DATABASE_URL, DEALER_PG_CLUSTER (e.g. 15/main)
#                                            # and DEALER_PG_STARTED when this call started the cluster
#   scripts/ci/start-postgres.sh stop 15/main   # stops that cluster (only what you started)
# Everything except the final `export` line goes to stderr, so eval sees only that line.
set -euo pipefail

PGPORT="${PGPORT:-5432}"
PGHOST_ADDR=127.0.0.1
ROLE="${TEST_DB_ROLE:-dealer_test}"
PASSWORD="${TEST_DB_PASSWORD:-dealer_test}"
DB="${TEST_DB_NAME:-dealer_test}"

log() { echo "start-postgres: $*" >&2; }

if [ "${1:-}" = "stop" ]; then
  CLUSTER="${2:?usage: start-postgres.sh stop <version>/<name>}"
  log "stopping cluster $CLUSTER (started by this test run)"
  pg_ctlcluster "${CLUSTER%%/*}" "${CLUSTER#*/}" stop >&2 || log "could not stop $CLUSTER"
  exit 0
fi

if [ "$(id -u)" != 0 ]; then
  log "must run as root (it starts the Debian cluster and runs psql as the postgres user)"
  exit 1
fi

BIN_DIR="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$BIN_DIR" ]; then
  log "PostgreSQL is not installed; run: apt-get install -y postgresql"
  exit 1
fi
VERSION="$(basename "$(dirname "$BIN_DIR")")"

as_postgres() { runuser -u postgres -- "$@"; }
psql_admin() { as_postgres psql -X -q -v ON_ERROR_STOP=1 -h /var/run/postgresql -p "$PGPORT" -d postgres "$@"; }

STARTED=""
if "$BIN_DIR/pg_isready" -q -h "$PGHOST_ADDR" -p "$PGPORT"; then
  log "reusing the server already running on $PGHOST_ADDR:$PGPORT"
else
  if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -qx "$VERSION main"; then
    log "creating cluster $VERSION/main on port $PGPORT"
    pg_createcluster "$VERSION" main --port "$PGPORT" >&2
  fi
  # Listen on loopback only (conf.d is included by Debian's postgresql.conf).
  CONF_D="/etc/postgresql/$VERSION/main/conf.d"
  mkdir -p "$CONF_D"
  printf "listen_addresses = '%s'\nport = %s\n" "$PGHOST_ADDR" "$PGPORT" >"$CONF_D/dealer-ci.conf"
  log "starting cluster $VERSION/main"
  if ! pg_ctlcluster "$VERSION" main start >&2; then
    log "pg_ctlcluster start failed; see /var/log/postgresql/postgresql-$VERSION-main.log"
    exit 1
  fi
  for _ in $(seq 1 30); do
    "$BIN_DIR/pg_isready" -q -h "$PGHOST_ADDR" -p "$PGPORT" && break
    sleep 1
  done
  if ! "$BIN_DIR/pg_isready" -q -h "$PGHOST_ADDR" -p "$PGPORT"; then
    log "PostgreSQL did not start; see /var/log/postgresql/postgresql-$VERSION-main.log"
    exit 1
  fi
  STARTED=" DEALER_PG_STARTED=$VERSION/main"
fi

# Role and database (idempotent). The password is for a throwaway loopback-only test server.
psql_admin <<SQL >&2
DO \$\$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$ROLE') THEN
    CREATE ROLE "$ROLE" LOGIN PASSWORD '$PASSWORD';
  ELSE
    ALTER ROLE "$ROLE" LOGIN PASSWORD '$PASSWORD';
  END IF;
END
\$\$;
SQL
if ! psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
  psql_admin -c "CREATE DATABASE \"$DB\" OWNER \"$ROLE\"" >&2
fi

URL="postgres://$ROLE:$PASSWORD@$PGHOST_ADDR:$PGPORT/$DB"
PGPASSWORD="$PASSWORD" psql -X -q -h "$PGHOST_ADDR" -p "$PGPORT" -U "$ROLE" -d "$DB" -c 'SELECT 1' >/dev/null
log "ready: $URL"
echo "export TEST_DATABASE_URL=$URL DEALER_PG_CLUSTER=$VERSION/main$STARTED"
