#!/usr/bin/env bash
# A few seconds of the money-in benchmark (bench/callbacks.mjs), part of
# `make test`: signed payment notifications from one address, spread over
# many loans and then all on one long loan, against the debug build. It
# asserts no time (that is `make bench`'s work); it fails when more than 1%
# of the notifications were refused or failed (bench/check-refusals.mjs), so
# a limit or a defect that throttles money in fails the test command.
#
#   bench/callbacks-smoke.sh [BINARY]     (default target/debug/hiram)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
binary="${1:-target/debug/hiram}"
seconds="${SMOKE_SECONDS:-3}"
out=$(mktemp -d /tmp/hiram-callbacks-smoke.XXXXXX)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
secret="smoke-$(date +%s%N)"
export APP_DATABASE__URL="sqlite://$out/smoke.sqlite3" APP_SERVER__PORT="$port" APP_LOG__FILTER=warn \
  APP_PAYMENTS__COLLECTIONS=sandbox APP_PAYMENTS__SANDBOX_SECRET="$secret"
"$binary" seed >/dev/null
"$binary" portfolio --loans 200 --history 300 >"$out/loans.json"
node -e 'const l=require(process.argv[1]); require("fs").writeFileSync(process.argv[2], JSON.stringify(l.slice(0, 1)))' \
  "$out/loans.json" "$out/one-loan.json"

"$binary" serve 2>"$out/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$out"' EXIT
for _ in $(seq 1 200); do
  curl -fs "http://127.0.0.1:$port/readyz" >/dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$out/server.log" >&2; echo "callbacks smoke: the server did not start" >&2; exit 1; }
  sleep 0.05
done

node bench/callbacks.mjs "$port" "$secret" "$out/smoke.sqlite3" "$out/loans.json" "$seconds" 16 SPREAD >"$out/spread.json"
node bench/callbacks.mjs "$port" "$secret" "$out/smoke.sqlite3" "$out/one-loan.json" "$seconds" 16 ONE >"$out/one.json"
for run in spread one; do
  node -e 'const r=require(process.argv[1]); console.log(`callbacks smoke (${process.argv[2]}): ${r.posted} posted, ${r.failed} refused or failed`)' \
    "$out/$run.json" "$run"
done
node bench/check-refusals.mjs "$out/spread.json" "$out/one.json"
