#!/usr/bin/env bash
# The upgrade test (issue 32, decision 085), part of `make test`. It builds
# the previous release (packaging/previous-release; scripts/upgrade/
# build-previous.sh) and:
#
# 1. On SQLite and on PostgreSQL, lets that release make a database (the
#    demo seed, a portfolio, payments through its callbacks, a daily run),
#    backs it up as an operator of that release would (a copy of the
#    stopped SQLite file; pg_dump), and restores it with this release's
#    `hiram restore`, which migrates it and checks its books. Every table
#    the old database had keeps its rows, and the ledger's and journals'
#    sums per account are unchanged (scripts/upgrade/manifest.py).
# 2. Upgrades a fleet of three processes of that release on one PostgreSQL
#    database behind nginx to this release, one process at a time (taken
#    out of the balancer, stopped with SIGTERM, started again as this
#    release, put back), while the borrower journey (Playwright, again
#    and again until the last process is upgraded) and a
#    stream of payment callbacks run through the balancer: no request may
#    fail and every acknowledged payment must be posted.
#
#   scripts/upgrade-test.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  exec scripts/with-test-database.sh "$0" "$@"
fi
new="$root/target/debug/hiram"
old=$(scripts/upgrade/build-previous.sh)
read -r previous_tag previous_commit < <(grep -v '^#' packaging/previous-release)
# An upgrade from this very commit would prove nothing.
[ "$previous_commit" != "$(git rev-parse HEAD)" ] || { echo "upgrade: packaging/previous-release names this commit" >&2; exit 1; }

# shellcheck source=scripts/fleet/lib.sh
source scripts/fleet/lib.sh
fleet_needs upgrade "$new"
work=$(mktemp -d /tmp/hiram-upgrade.XXXXXX)
postgres_server="${TEST_DATABASE_URL%/*}"
scratch_databases=()
server=""
cleanup() {
  local status=$? database pid
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  for pid in "${stream:-}" "${journey:-}"; do [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; }; done
  fleet_stop
  if [ "$status" != 0 ]; then
    for log in "$work"/*.log "$work"/nginx/error.log; do [ -f "$log" ] && { echo "== $log" >&2; tail -n 15 "$log" >&2; }; done
  fi
  for database in "${scratch_databases[@]}"; do
    psql "$postgres_server/postgres" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
started=$(date +%s)
step() { echo "upgrade [$(($(date +%s) - started)) s]: $*"; }
new_database() {
  local name="${TEST_DATABASE_URL##*/}_$1"
  psql "$postgres_server/postgres" -qc "CREATE DATABASE $name" >/dev/null
  scratch_databases+=("$name")
  echo "$postgres_server/$name"
}

secret="upgrade-$(date +%s%N)"
export APP_LOG__FILTER=warn APP_PAYMENTS__COLLECTIONS=sandbox APP_PAYMENTS__SANDBOX_SECRET="$secret" \
  APP_JOBS__DAILY_INTERVAL_MINUTES=0

# A database made and used by the previous release, at $1.
made_by_previous() {
  local url=$1 name=$2 port
  port=$(free_port)
  APP_DATABASE__URL="$url" "$old" seed >/dev/null
  APP_DATABASE__URL="$url" "$old" portfolio --loans 40 >"$work/loans-$name.json"
  APP_DATABASE__URL="$url" APP_SERVER__PORT="$port" "$old" serve 2>"$work/previous-$name.log" &
  server=$!
  await_ready "http://127.0.0.1:$port/readyz" "$server" "$work/previous-$name.log"
  node bench/callbacks.mjs "$port" "$secret" "$url" "$work/loans-$name.json" 2 4 "OLD" >"$work/paid-$name.json"
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
  APP_DATABASE__URL="$url" "$old" daily
}

# Restores the backup $2 into the new database $3 with this release, and
# holds what the old database $1 had against it.
restored_intact() {
  local old_url=$1 backup=$2 new_url=$3 name=$4
  python3 scripts/upgrade/manifest.py "$old_url" >"$work/before-$name.txt"
  APP_DATABASE__URL="$new_url" "$new" restore --from "$backup" | tee "$work/restored-$name.json"
  python3 scripts/upgrade/manifest.py "$new_url" >"$work/after-$name.txt"
  # Only the migration records may grow; every other line stays as it was.
  local changed
  changed=$(LC_ALL=C comm -23 <(grep -v '^table schema_migration' "$work/before-$name.txt" | LC_ALL=C sort) \
    <(LC_ALL=C sort "$work/after-$name.txt"))
  if [ -n "$changed" ]; then
    echo "upgrade: what $previous_tag's $name database held differs after the upgrade (before the upgrade):" >&2
    echo "$changed" >&2
    exit 1
  fi
  # shellcheck disable=SC2016 # node's template string, not the shell's
  step "$name: $(grep -c '^table' "$work/before-$name.txt") tables and $(grep -c '^ledger\|^journal' "$work/before-$name.txt") ledger and journal sums unchanged; $(node -e 'const r=require(process.argv[1]); console.log(`migrations ${JSON.stringify(r.migrated)} applied, ${r.ledgerEntries} ledger entries, ${r.unbalancedEntries} unbalanced`)' "$work/restored-$name.json")"
}

step "SQLite: a database made by $previous_tag"
made_by_previous "sqlite://$work/previous.sqlite3" sqlite
python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).backup(sqlite3.connect(sys.argv[2]))' \
  "$work/previous.sqlite3" "$work/previous-backup.sqlite3"
restored_intact "sqlite://$work/previous.sqlite3" "$work/previous-backup.sqlite3" "sqlite://$work/upgraded.sqlite3" sqlite

step "PostgreSQL: a database made by $previous_tag"
previous_pg=$(new_database previous)
made_by_previous "$previous_pg" postgres
pg_dump --format=custom --file="$work/previous.dump" --dbname="$previous_pg"
restored_intact "$previous_pg" "$work/previous.dump" "$(new_database upgraded)" postgres

step "a fleet of three $previous_tag processes behind nginx"
echo 0 >"$work/clock-offset"
export HIRAM="$old" APP_DATABASE__URL="$TEST_DATABASE_URL" APP_SERVER__TRUSTED_PROXIES=127.0.0.1 \
  APP_WEB__DIST_ROOT="$root/web" APP_CLOCK__OFFSET_FILE="$work/clock-offset" APP_DEMO__SEED_ON_EMPTY=true \
  FLEET_ACCESS_LOG=1
fleet_start 3
"$old" portfolio --loans 40 >"$work/loans-fleet.json"

step "the journey and a stream of callbacks through the balancer while each process is upgraded in turn"
node scripts/upgrade/stream.mjs "${balancer##*:}" "$secret" "$TEST_DATABASE_URL" "$work/loans-fleet.json" "$work/stop" \
  "$work/clock-offset" >"$work/stream.json" &
stream=$!
# The journey again and again (each a new borrower) until every process is upgraded.
(
  cd e2e
  runs=0
  until [ -f "$work/stop" ] && [ "$runs" -gt 0 ]; do
    E2E_BASE_URL="$balancer" E2E_DATABASE_URL="$TEST_DATABASE_URL" E2E_CLOCK_FILE="$work/clock-offset" \
      npx playwright test --output "$work/journey-results" tests/journey.spec.ts >"$work/journey.log" 2>&1 || exit 1
    runs=$((runs + 1))
    echo "$runs" >"$work/journeys"
  done
) &
journey=$!
sleep 3
for i in 0 1 2; do
  nginx_set_down "$i"
  kill -TERM "${server_pids[i]}"
  wait "${server_pids[i]}" 2>/dev/null || true
  mkdir -p "$work/uploads-$((i + 1))"
  APP_SERVER__PORT="${server_ports[i]}" APP_UPLOADS__DIR="$work/uploads-$((i + 1))" \
    "$new" serve >"$work/server-$((i + 1))-upgraded.log" 2>&1 &
  server_pids[i]=$!
  await_ready "http://127.0.0.1:${server_ports[i]}/readyz" "${server_pids[i]}" "$work/server-$((i + 1))-upgraded.log"
  nginx_set_down
  step "process $((i + 1)) of 3 now runs this release"
  sleep 2
done
touch "$work/stop"
journey_status=0
wait "$journey" || journey_status=$?
stream_status=0
wait "$stream" || stream_status=$?
cat "$work/stream.json"
[ "$journey_status" = 0 ] || { cat "$work/journey.log" >&2; echo "upgrade: the journey failed during the rolling upgrade" >&2; exit 1; }
[ "$stream_status" = 0 ] || { echo "upgrade: callbacks failed or were lost during the rolling upgrade" >&2; exit 1; }
requests=$(wc -l <"$work/nginx/access.log")
errors=$(awk '$1 >= 500' "$work/nginx/access.log" | wc -l)
step "through nginx: $requests requests, $errors answered 5xx; the journey passed $(cat "$work/journeys") times"
[ "$errors" = 0 ] || { awk '$1 >= 500' "$work/nginx/access.log" | head >&2; exit 1; }
step "passed"
