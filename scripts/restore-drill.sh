#!/usr/bin/env bash
# The restore drill (issue 32), part of `make test`: on SQLite and on
# PostgreSQL, a backup taken with `hiram backup` while signed payment
# callbacks stream into the server, restored with `hiram restore` into a new
# database; every callback acknowledged before the backup's point must be
# there, the restore's check (schema current, ledgers balanced) must hold,
# and a server started on it must take a payment (scripts/restore-drill/
# drill.mjs). Prints each run's figures as a JSON line.
#
#   scripts/restore-drill.sh [BINARY]      (default target/debug/hiram)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  exec scripts/with-test-database.sh "$0" "$@"
fi
binary="$(realpath "${1:-target/debug/hiram}")"
work=$(mktemp -d /tmp/hiram-restore-drill.XXXXXX)
server=""
restored_database="${TEST_DATABASE_URL##*/}_restored"
postgres_server="${TEST_DATABASE_URL%/*}"
cleanup() {
  # The server may have exited already; a database left by a failed run may not exist.
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  psql "$postgres_server/postgres" -qc "DROP DATABASE IF EXISTS $restored_database WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
# await_ready (fleet_fail names the fleet; the message says which URL).
# shellcheck source=scripts/fleet/lib.sh
source scripts/fleet/lib.sh

# Two free ports in a row: the drill starts the restored server on the next one.
free_ports() {
  python3 -c '
import socket
for port in range(20000 + __import__("os").getpid() % 20000, 60000, 2):
    try:
        a = socket.socket(); a.bind(("127.0.0.1", port)); b = socket.socket(); b.bind(("127.0.0.1", port + 1))
        print(port); break
    except OSError:
        pass'
}

# drill NAME SOURCE_URL TARGET_URL
drill() {
  local name=$1 source=$2 target=$3 port secret
  port=$(free_ports)
  secret="drill-$(date +%s%N)"
  export APP_DATABASE__URL="$source" APP_SERVER__PORT="$port" APP_LOG__FILTER=warn \
    APP_PAYMENTS__COLLECTIONS=sandbox APP_PAYMENTS__SANDBOX_SECRET="$secret" APP_JOBS__DAILY_INTERVAL_MINUTES=0
  "$binary" seed >/dev/null
  "$binary" portfolio --loans 60 >"$work/loans-$name.json"
  "$binary" serve 2>"$work/server-$name.log" &
  server=$!
  await_ready "http://127.0.0.1:$port/readyz" "$server" "$work/server-$name.log"
  node scripts/restore-drill/drill.mjs "$binary" "$port" "$secret" "$source" "$target" "$work/loans-$name.json" "$work" \
    | tee "$work/figures-$name.json"
  kill "$server"
  # Stopped on purpose: SIGTERM's exit status is not a failure.
  wait "$server" 2>/dev/null || true
  server=""
}

drill sqlite "sqlite://$work/live.sqlite3" "sqlite://$work/restored.sqlite3"
psql "$postgres_server/postgres" -qc "CREATE DATABASE $restored_database" >/dev/null
drill postgres "$TEST_DATABASE_URL" "$postgres_server/$restored_database"
echo "restore drill: every callback acknowledged before each backup's point was found after the restore"
