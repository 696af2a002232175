#!/usr/bin/env bash
# The fleet test (issue 19): three `hiram serve` processes started at the
# same moment on an empty PostgreSQL database (demo seeding on), Debian's
# nginx in front of them as a round-robin load balancer, and an
# S3-compatible object store for the pictures (scripts/object-store.sh),
# all on loopback. Through the balancer it runs the borrower journey
# (Playwright), then races the processes against each other; each check
# prints what it saw and fails the script on a wrong result. Everything it
# started is stopped at the end, whatever happened.
#
#   scripts/fleet.sh      (make fleet: builds the server and the pages first)
#
# The database is a new one made by scripts/with-test-database.sh for this
# run (on 127.0.0.1:5432, or on a private server when none answers there)
# and dropped at the end.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  exec scripts/with-test-database.sh "$0" "$@"
fi
HIRAM="${HIRAM:-$root/target/debug/hiram}"

# shellcheck source=scripts/fleet/lib.sh
source scripts/fleet/lib.sh
fleet_needs fleet "$HIRAM"
work=$(mktemp -d /tmp/hiram-fleet.XXXXXX)
cleanup() {
  local status=$?
  fleet_stop
  scripts/object-store.sh stop "$work/object-store" || true
  if [ "$status" != 0 ]; then
    echo "fleet: failed; the processes' last log lines:" >&2
    for log in "$work"/server-*.log; do [ -f "$log" ] && { echo "== $log" >&2; tail -n 15 "$log" >&2; }; done
  fi
  rm -rf "$work"
}
trap cleanup EXIT
started=$(date +%s)
step() { echo "fleet [$(($(date +%s) - started)) s]: $*"; }

sandbox_secret="fleet-$(date +%s%N)"
echo 0 >"$work/clock-offset"
export HIRAM APP_DATABASE__URL="$TEST_DATABASE_URL" APP_SERVER__TRUSTED_PROXIES=127.0.0.1 \
  APP_WEB__DIST_ROOT="$root/web" APP_LOG__FORMAT=json APP_LOG__FILTER=info \
  APP_PAYMENTS__COLLECTIONS=sandbox APP_PAYMENTS__SANDBOX_SECRET="$sandbox_secret" \
  APP_CLOCK__OFFSET_FILE="$work/clock-offset" APP_JOBS__REMINDER_INTERVAL_SECONDS=1 \
  APP_DEMO__SEED_ON_EMPTY=true

step "starting the object store"
# Its `export` lines, taken first so that a failed start stops the run.
s3_settings=$(scripts/object-store.sh start "$work/object-store")
eval "$s3_settings"
export APP_UPLOADS__STORE=s3 APP_UPLOADS__S3__ENDPOINT="$TEST_S3_ENDPOINT" APP_UPLOADS__S3__BUCKET="$TEST_S3_BUCKET" \
  APP_UPLOADS__S3__REGION="$TEST_S3_REGION" APP_UPLOADS__S3__ACCESS_KEY_ID="$TEST_S3_ACCESS_KEY_ID" \
  APP_UPLOADS__S3__SECRET_ACCESS_KEY="$TEST_S3_SECRET_ACCESS_KEY" APP_UPLOADS__S3__ALLOW_HTTP=true

step "starting three processes at once on the empty database ${TEST_DATABASE_URL##*/}, and nginx"
fleet_start 3
step "nginx at $balancer in front of ports ${server_ports[*]}"
scripts/fleet/seeded-once.sh

step "the borrower journey through the balancer"
(cd e2e && E2E_BASE_URL="$balancer" E2E_DATABASE_URL="$TEST_DATABASE_URL" E2E_CLOCK_FILE="$work/clock-offset" \
  npx playwright test --output "$work/journey-results" tests/journey.spec.ts)

step "one signed payment notification sent to the three processes at once"
node scripts/fleet/notification-race.mjs "$sandbox_secret" "${server_ports[@]}"

step "a picture uploaded through process 1, served by process 2"
node scripts/fleet/picture.mjs "$work" "${server_ports[0]}" "${server_ports[1]}"

step "three daily runs at once"
scripts/fleet/daily-race.sh "$work"

step "reminders due in the three processes"
node scripts/fleet/reminders-race.mjs "$work" "$balancer"

step "passed"
