#!/usr/bin/env bash
# Lighthouse (mobile preset, performance only) on the borrower's most visited
# pages, signed in as the demo borrower, and on the marketing site and the
# promotion page, at 4x and 8x CPU slowdown, the median of 3 runs each;
# writes the Lighthouse section of docs/benchmarks.md.
#
#   bench/lighthouse.sh            (expects built pages: `npm run build`)
#   LIGHTHOUSE_RUNS=5 LIGHTHOUSE_PORT=18096 LIGHTHOUSE_OUT=/tmp/lh bench/lighthouse.sh
#
# Lighthouse is run with npx at a pinned version (13.5.0, on the project's
# Node 26: decision 084), not installed with the app; the browser is Debian's chromium.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs="${LIGHTHOUSE_RUNS:-3}"
port="${LIGHTHOUSE_PORT:-18095}"
out="${LIGHTHOUSE_OUT:-$root/bench/out-lighthouse}"
lighthouse_version=13.5.0
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"

[ -x "$CHROME_PATH" ] || scripts/apt-install.sh chromium
[ -f web/site/dist/index.html ] || { echo "lighthouse: build the pages first (npm run build)" >&2; exit 1; }
cargo build -p hiram --locked
hiram=./target/debug/hiram

rm -rf "$out" && mkdir -p "$out"
export APP_DATABASE__URL="sqlite://$out/lighthouse.sqlite3" APP_SERVER__PORT="$port" APP_LOG__FILTER=warn \
  APP_PAYMENTS__COLLECTIONS=sandbox APP_PAYMENTS__SANDBOX_SECRET="lighthouse-$(date +%s%N)"
"$hiram" seed
"$hiram" serve 2>"$out/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null' EXIT
until curl -fs "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.05; done

# One session for every borrower page; it lasts 30 idle minutes and each
# page's load keeps it alive. Order details and repayment show the demo's
# disbursed loan (174), the confirmation its approved one (151).
session_json=$("$hiram" demo-session | tail -n 1)
query() { # $1 status
  node -e 'const s=JSON.parse(process.argv[1]); const o=s.orders.find(o => o.status === Number(process.argv[2]));
    console.log(new URLSearchParams({ sessionId: s.sessionId, orderId: o.orderId, productId: o.productId }).toString())' \
    "$session_json" "$1"
}
session=$(node -e 'console.log(JSON.parse(process.argv[1]).sessionId)' "$session_json")
base="http://127.0.0.1:$port"
pages=(
  "order details|$base/loanDetails?$(query 174)"
  "repayment|$base/repaymentByPeriod?$(query 174)"
  "confirmation|$base/loanConfirm?$(query 151)"
  "home|$base/home?sessionId=$session"
  "site|$base/"
  "promotion|$base/promotion?id=1"
)

for slowdown in 4 8; do
  for entry in "${pages[@]}"; do
    name=${entry%%|*}
    url=${entry#*|}
    for run in $(seq 1 "$runs"); do
      report="$out/${name// /-}-${slowdown}x-$run.json"
      echo "lighthouse: $name at ${slowdown}x, run $run" >&2
      npx --yes "lighthouse@$lighthouse_version" "$url" --quiet --only-categories=performance \
        --throttling.cpuSlowdownMultiplier="$slowdown" --output=json --output-path="$report" \
        --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"
    done
  done
done
kill "$server"; wait "$server" 2>/dev/null || true
trap - EXIT

node bench/lighthouse-table.mjs "$out" "$runs" "$lighthouse_version" "$(cut -d' ' -f1 /proc/loadavg)" docs/benchmarks.md
sed -n '/^## Lighthouse$/,/^## Daily run$/p' docs/benchmarks.md | sed '$d'
