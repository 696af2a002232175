#!/usr/bin/env bash
# Lighthouse (mobile preset, performance only) on the borrower's pages, signed
# in as the demo borrower, and on the marketing site and the promotion page,
# at 4x and 8x CPU slowdown *scaled to a reference machine*, 5 runs each;
# writes the Lighthouse section of docs/benchmarks.md: per page the median
# score with the spread of the runs (a spread over 0.05 is marked unstable),
# the median run's metrics and main-thread breakdown, Lighthouse's
# benchmarkIndex, the CPU model and the load average before and after.
#
# Machines of one kind differ 2-3x in speed, so a fixed slowdown measures a
# different phone on each. The script first reads this machine's
# benchmarkIndex (the median of three calibration runs) and multiplies each
# slowdown by index / 1200 (LIGHTHOUSE_REFERENCE_INDEX): a faster machine is
# slowed more, and every machine then stands for the same phone (issue 34).
#
#   bench/lighthouse.sh            (expects built pages: `npm run build`)
#   LIGHTHOUSE_RUNS=3 LIGHTHOUSE_PORT=18096 LIGHTHOUSE_OUT=/tmp/lh bench/lighthouse.sh
#
# To try one change on a few pages: LIGHTHOUSE_PAGES (names, comma-separated),
# LIGHTHOUSE_SLOWDOWNS ("8") and LIGHTHOUSE_INDEX (a benchmarkIndex read
# before, skipping calibration). Any of them makes a partial table, written to
# $LIGHTHOUSE_OUT/lighthouse.md rather than docs/benchmarks.md.
#   LIGHTHOUSE_PAGES="order details,home" LIGHTHOUSE_SLOWDOWNS=8 LIGHTHOUSE_RUNS=3 bench/lighthouse.sh
#
# Lighthouse is run with npx at a pinned version (13.5.0, on the project's
# Node 26: decision 084), not installed with the app; the browser is Debian's chromium.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs="${LIGHTHOUSE_RUNS:-5}"
reference_index="${LIGHTHOUSE_REFERENCE_INDEX:-1200}"
port="${LIGHTHOUSE_PORT:-18095}"
out="${LIGHTHOUSE_OUT:-$root/bench/out-lighthouse}"
lighthouse_version=13.5.0
slowdowns="${LIGHTHOUSE_SLOWDOWNS:-4 8}"
doc=docs/benchmarks.md
if [ -n "${LIGHTHOUSE_PAGES:-}${LIGHTHOUSE_SLOWDOWNS:-}${LIGHTHOUSE_INDEX:-}" ]; then
  doc="$out/lighthouse.md"
fi
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"

[ -x "$CHROME_PATH" ] || scripts/apt-install.sh chromium
[ -f web/site/dist/index.html ] || { echo "lighthouse: build the pages first (npm run build)" >&2; exit 1; }
cargo build -p hiram --locked
hiram=./target/debug/hiram

rm -rf "$out" && mkdir -p "$out"
[ "$doc" = docs/benchmarks.md ] || : >"$doc"
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
  "login|$base/login"
  "kyc|$base/certify?sessionId=$session"
  "bind bank|$base/bindBank?sessionId=$session"
  "complaints|$base/complaint?sessionId=$session"
  "site|$base/"
  "promotion|$base/promotion?id=1"
)
if [ -n "${LIGHTHOUSE_PAGES:-}" ]; then
  chosen=()
  for entry in "${pages[@]}"; do
    [[ ",$LIGHTHOUSE_PAGES," == *",${entry%%|*},"* ]] && chosen+=("$entry")
  done
  [ "${#chosen[@]}" -gt 0 ] || { echo "lighthouse: no page is named $LIGHTHOUSE_PAGES" >&2; exit 1; }
  pages=("${chosen[@]}")
fi
lighthouse() { # $1 url, $2 slowdown, $3 report
  npx --yes "lighthouse@$lighthouse_version" "$1" --quiet --only-categories=performance \
    --throttling.cpuSlowdownMultiplier="$2" --output=json --output-path="$3" \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"
}
load_before=$(cut -d' ' -f1 /proc/loadavg)

# This machine's speed as Lighthouse measures it: the median benchmarkIndex
# of three runs on the site at no slowdown.
if [ -n "${LIGHTHOUSE_INDEX:-}" ]; then
  index=$LIGHTHOUSE_INDEX
else
  mkdir -p "$out/calibration"
  for run in 1 2 3; do
    lighthouse "$base/" 1 "$out/calibration/run-$run.json"
  done
  index=$(node -e 'const fs=require("fs"),p=process.argv[1];
    const all=fs.readdirSync(p).map(f=>JSON.parse(fs.readFileSync(p+"/"+f,"utf8")).environment.benchmarkIndex).sort((a,b)=>a-b);
    console.log(Math.round(all[Math.floor(all.length/2)]))' "$out/calibration")
fi
scaled() { node -e 'console.log((Number(process.argv[1]) * Number(process.argv[2]) / Number(process.argv[3])).toFixed(1))' "$1" "$index" "$reference_index"; }
echo "lighthouse: benchmarkIndex $index (reference $reference_index): 4x -> $(scaled 4)x, 8x -> $(scaled 8)x" >&2

for slowdown in $slowdowns; do
  applied=$(scaled "$slowdown")
  for entry in "${pages[@]}"; do
    name=${entry%%|*}
    url=${entry#*|}
    for run in $(seq 1 "$runs"); do
      report="$out/${name// /-}-${slowdown}x-$run.json"
      echo "lighthouse: $name at ${slowdown}x (${applied}x applied), run $run" >&2
      lighthouse "$url" "$applied" "$report"
    done
  done
done
kill "$server"; wait "$server" 2>/dev/null || true
trap - EXIT

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
node bench/lighthouse-table.mjs "$out" "$runs" "$lighthouse_version" "$load_before" "$(cut -d' ' -f1 /proc/loadavg)" \
  "$index" "$reference_index" "$cpu" "$doc"
sed -n '/^## Lighthouse$/,/^## Daily run$/p' "$doc" | sed '/^## Daily run$/d'
