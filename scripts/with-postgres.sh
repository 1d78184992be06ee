#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server:
#   scripts/with-postgres.sh npm run test:api
#   PG_DURABLE=1 scripts/with-postgres.sh npm run bench   (fsync and synchronous commit on)
# Starts PostgreSQL (Debian's, /usr/lib/postgresql/<version>/bin; PG_BIN overrides) on a free
# loopback port in a temporary folder, exports
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres
# (trust authentication on loopback: a test cluster, never for real data), runs the command, then
# always stops and deletes the cluster. Exits with the command's exit code.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$PG_BIN/initdb" ]; then
  newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then
    PG_BIN="$newest"
  else
    echo "PostgreSQL server binaries not found in $PG_BIN. On Debian: apt-get install postgresql" >&2
    exit 1
  fi
fi

workdir="$(mktemp -d "${TMPDIR:-/tmp}/trabot-pg.XXXXXX")"
mkdir -p "$workdir/data" "$workdir/socket"

# initdb refuses to run as root: the cluster then belongs to the postgres system user.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown -R postgres: "$workdir"
  as_owner=(runuser -u postgres --)
fi

started=0
cleanup() {
  if [ "$started" -eq 1 ]; then
    "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$workdir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"${as_owner[@]}" "$PG_BIN/initdb" -D "$workdir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$workdir/initdb.log" 2>&1 \
  || { cat "$workdir/initdb.log" >&2; exit 1; }

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Another process may take the port between choosing it and binding it: try a few.
for attempt in 1 2 3; do
  port="$(free_port)"
  # Durability off: a throwaway cluster only needs speed; PG_DURABLE=1 keeps PostgreSQL's defaults
  # (fsync and synchronous commit on), as a real server runs, for benchmarks.
  durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  [ "${PG_DURABLE:-0}" = "1" ] && durability=""
  if "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$workdir/data" -l "$workdir/server.log" -w -t 60 \
    -o "-p $port -k $workdir/socket -c listen_addresses=127.0.0.1 $durability -c max_connections=200" \
    start >/dev/null; then
    started=1
    break
  fi
  if [ "$attempt" -eq 3 ]; then
    cat "$workdir/server.log" >&2
    exit 1
  fi
done

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') at $TEST_DATABASE_URL" >&2

set +e
"$@"
code=$?
set -e
exit "$code"
