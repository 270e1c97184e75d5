#!/usr/bin/env bash
# Checks the sync server's SQL against a throwaway PostgreSQL 15 cluster:
#   1. initdb + start a private cluster (temp dir, free port, fsync off),
#   2. extract every migration from ServerSchema.swift and apply each in one transaction,
#      into two databases (the second finds the cluster-wide roles already there),
#   3. run the psql checks (Tests/.../ServerSQL/api-checks.sql) as a superuser, on a superuser's
#      install and on a database owner's (CREATEROLE, no superuser),
#   4. stop and remove the cluster, also when something fails.
#
# Usage: Scripts/server-sql-check.sh            (as root or as a user that can run initdb)
# Env:   PG_BIN (default /usr/lib/postgresql/15/bin), SERVER_SCHEMA_SWIFT, SERVER_SQL_CHECKS,
#        KEEP_CLUSTER=1 to leave the cluster running for poking around (prints how to reach it).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

# The schema lives in the sync module; fall back to wherever a ServerSchema.swift is.
first_existing() { for f in "$@"; do [ -f "$f" ] && { echo "$f"; return 0; }; done; return 1; }
SCHEMA_SWIFT="${SERVER_SCHEMA_SWIFT:-$(first_existing \
  "$ROOT/Sources/SQLiteDataSync/Server/ServerSchema.swift" \
  "$ROOT/Sources/SQLiteData/Sync/Server/ServerSchema.swift" \
  || find "$ROOT/Sources" -name ServerSchema.swift | head -n 1)}"
CHECKS="${SERVER_SQL_CHECKS:-$(first_existing \
  "$ROOT/Tests/SQLiteDataSyncTests/ServerSQL/api-checks.sql" \
  "$ROOT/Tests/SQLiteDataTests/Sync/ServerSQL/api-checks.sql" \
  || find "$ROOT/Tests" -path '*ServerSQL/api-checks.sql' | head -n 1)}"
[ -f "$SCHEMA_SWIFT" ] || { echo "ServerSchema.swift not found" >&2; exit 1; }
[ -f "$CHECKS" ] || { echo "api-checks.sql not found" >&2; exit 1; }

# initdb and postgres refuse to run as root: run them as postgres when we are root.
if [ "$(id -u)" = 0 ]; then
  as_pg() { runuser -u postgres -- "$@"; }
  PG_OWNER=postgres
else
  as_pg() { "$@"; }
  PG_OWNER="$(id -un)"
fi

TMP="$(mktemp -d /tmp/server-sql-check.XXXXXX)"
chown "$PG_OWNER" "$TMP"
cd "$TMP"  # postgres must be able to read its working directory

cleanup() {
  local status=$?
  if [ "${KEEP_CLUSTER:-0}" = 1 ] && [ $status = 0 ]; then
    echo "Cluster left running: psql -h $TMP -p $PORT -U postgres -d sync_check"
    echo "Stop it with: runuser -u $PG_OWNER -- $PG_BIN/pg_ctl -D $TMP/pg stop && rm -rf $TMP"
    exit $status
  fi
  if [ -f "$TMP/pg/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$TMP/pg" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ $status != 0 ] && [ -f "$TMP/pg.log" ]; then
    echo "--- server log (last 30 lines) ---" >&2
    tail -n 30 "$TMP/pg.log" >&2 || true
  fi
  cd /
  rm -rf "$TMP"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A free TCP port (the kernel picks one; a race with another process is unlikely).
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

as_pg "$PG_BIN/initdb" -D "$TMP/pg" -A trust -U postgres -E UTF8 --no-sync >"$TMP/initdb.log" 2>&1 \
  || { cat "$TMP/initdb.log" >&2; exit 1; }
as_pg "$PG_BIN/pg_ctl" -D "$TMP/pg" -l "$TMP/pg.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $TMP -c fsync=off" start >/dev/null

psql_su() { psql -X -q -v ON_ERROR_STOP=1 -h "$TMP" -p "$PORT" -U postgres "$@"; }

# Migrations, extracted the way Swift reads the raw multi-line literals: the text between
# #""" and """#, minus the closing delimiter's indentation.
python3 - "$SCHEMA_SWIFT" "$TMP" <<'PY'
import re, sys
source = open(sys.argv[1], encoding="utf-8").read()
body = source[source.index("static let migrations"):]
blocks = re.findall(r'#"""\n(.*?)\n([ \t]*)"""#', body, re.S)
if not blocks:
    sys.exit("no migrations found in " + sys.argv[1])
for number, (text, indent) in enumerate(blocks, start=1):
    if "\\#" in text:
        sys.exit(f"migration {number}: contains \\# (an escape in a #-raw string)")
    lines = []
    for line_number, line in enumerate(text.split("\n"), start=1):
        if line.strip() == "":
            lines.append("")
        elif line.startswith(indent):
            lines.append(line[len(indent):])
        else:
            sys.exit(f"migration {number}, line {line_number}: indented less than the closing delimiter")
    with open(f"{sys.argv[2]}/migration-{number}.sql", "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
print(f"{len(blocks)} migration(s) extracted from {sys.argv[1]}")
PY

# Like SyncServer.install: lock, read the version (no table = 0), apply what is missing,
# each migration in its own transaction, then record the version.
install() {
  local db="$1" user="$2"
  local count
  count=$(ls "$TMP"/migration-*.sql | wc -l)
  for ((n = 1; n <= count; n++)); do
    {
      echo "SET client_min_messages = warning;"
      echo "SELECT pg_advisory_xact_lock(hashtext('sync.install'));"
      echo "CREATE SCHEMA IF NOT EXISTS sync;"
      cat "$TMP/migration-$n.sql"
      echo "UPDATE sync.schema_info SET version = $n;"
    } | psql -X -q -v ON_ERROR_STOP=1 -h "$TMP" -p "$PORT" -U "$user" -d "$db" \
          --single-transaction -f - >/dev/null
  done
  echo "installed $count migration(s) into $db as $user"
}

psql_su -d postgres -c 'CREATE DATABASE sync_check' -c 'CREATE DATABASE sync_check_again' \
  -c 'CREATE ROLE sync_installer LOGIN CREATEROLE' \
  -c 'CREATE DATABASE sync_check_owner OWNER sync_installer'
install sync_check postgres
install sync_check_again postgres  # roles exist now: migration 1 must still apply
install sync_check_owner sync_installer  # a database owner with CREATEROLE, no superuser
psql -X -q -v ON_ERROR_STOP=1 -h "$TMP" -p "$PORT" -U sync_installer -d sync_check_owner \
  -c "SELECT sync.add_user('dave', 'dave-password')" >/dev/null
echo "a database owner with CREATEROLE installed the schema and added a user"

# The checks on the superuser's install and on the database owner's.
for db in sync_check sync_check_owner; do
  echo "=== checks on $db"
  psql -X -q -v ON_ERROR_STOP=1 -h "$TMP" -p "$PORT" -U postgres -d "$db" -f "$CHECKS"
done
echo "server SQL checks passed"
