#!/usr/bin/env bash
# Order details (`POST /pany/v3/loan-details/loan-details`, bench/loan-details.lua)
# on PostgreSQL, in one run on this machine: straight to one process, then
# through nginx (scripts/fleet/lib.sh's configuration) to one process and
# to three. Writes the "Order details through nginx" section of
# docs/benchmarks.md (the rest of the file is kept).
#
#   bench/fleet-order-details.sh
#   BENCH_SECONDS=30 bench/fleet-order-details.sh
#
# Every process, nginx and wrk share the machine's cores, so three
# processes have no more CPU than one: the figures show what the balancer
# costs, not how a fleet of machines scales.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  exec scripts/with-test-database.sh "$0" "$@"
fi
seconds="${BENCH_SECONDS:-15}"
connections=64
summary_script="$root/../shared/tools/wrk-json-summary.lua"
out="$root/bench/out/fleet"
for tool in wrk nginx; do
  command -v "$tool" >/dev/null || scripts/apt-install.sh "$tool"
done
[ -f "$summary_script" ] || { echo "bench: $summary_script is missing" >&2; exit 1; }

cargo build --release -p hiram --locked
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d /tmp/hiram-fleet-bench.XXXXXX)
HIRAM="$root/target/release/hiram"
# shellcheck source=scripts/fleet/lib.sh
source scripts/fleet/lib.sh
trap 'fleet_stop; rm -rf "$work"' EXIT
export APP_DATABASE__URL="$TEST_DATABASE_URL" APP_SERVER__TRUSTED_PROXIES=127.0.0.1 APP_LOG__FILTER=warn \
  APP_WEB__DIST_ROOT="$root/web" APP_PAYMENTS__COLLECTIONS=sandbox APP_PAYMENTS__SANDBOX_SECRET="bench-$(date +%s%N)"
"$HIRAM" seed
session_json=$("$HIRAM" demo-session)
export BENCH_SESSION BENCH_ORDER WRK_SUMMARY="$summary_script"
BENCH_SESSION=$(node -e 'const s=JSON.parse(process.argv[1]); console.log(s.sessionId)' "$session_json")
BENCH_ORDER=$(node -e 'const s=JSON.parse(process.argv[1]); console.log(s.orders.find(o => o.status === 174).orderId)' "$session_json")

load() { # $1 label, $2 base URL
  wrk -t2 -c"$connections" -d"${seconds}s" --latency -s bench/loan-details.lua "$2" | tail -n 1 >"$out/$1.json"
}
fleet_start 1
load direct "http://127.0.0.1:${server_ports[0]}"
load nginx-1 "$balancer"
fleet_stop
fleet_start 3
load nginx-3 "$balancer"
fleet_stop

field() { node -e 'const r=require(process.argv[1]); const v=process.argv[2].split(".").reduce((o,k)=>o[k],r); console.log(typeof v==="number"?Math.round(v*100)/100:v)' "$out/$1.json" "$2"; }
errors() { node -e 'const r=require(process.argv[1]); console.log(Object.values(r.errors).reduce((x,y)=>x+y,0))' "$out/$1.json"; }
percent() { node -e 'const a=require(process.argv[1]),b=require(process.argv[2]); console.log((100*b.rps/a.rps).toFixed(0))' "$out/$1.json" "$out/$2.json"; }
row() { echo "| $2 | $(field "$1" rps) | $(field "$1" lat_us.p50) µs | $(field "$1" lat_us.p99) µs | $(errors "$1") |"; }
section="$out/section.md"
cat >"$section" <<MD
## Order details through nginx

Made by \`bench/fleet-order-details.sh\` on $(date -u +%Y-%m-%d) ($(nproc) cores, load average
$(cut -d' ' -f1-3 /proc/loadavg) before the table was written): order details of the demo's
order 174 (\`bench/loan-details.lua\`) on PostgreSQL, release build, wrk with
${connections} connections for ${seconds} s per line, straight to one process and then
through Debian's nginx (the round-robin configuration \`scripts/fleet.sh\` uses,
keep-alive to the processes) in front of one and of three. Nothing is pinned:
the processes, nginx, PostgreSQL and wrk share the same cores, so three
processes have no more CPU than one. **The figures show what the balancer
costs on one machine, not how a fleet scales**; more processes pay off only
on more machines.

| path | requests/s | p50 | p99 | errors |
|---|---:|---:|---:|---:|
$(row direct "one process, no balancer")
$(row nginx-1 "nginx → one process")
$(row nginx-3 "nginx → three processes")

Through nginx one process serves $(percent direct nginx-1)% of its throughput without
it; three processes behind nginx serve $(percent nginx-1 nginx-3)% of one behind nginx.
MD
# The section goes where it was, else before the daily run's, else last.
node -e '
  const fs = require("fs");
  const [file, sectionFile] = process.argv.slice(1);
  const section = fs.readFileSync(sectionFile, "utf8").trimEnd();
  const lines = fs.readFileSync(file, "utf8").trimEnd().split("\n");
  const start = lines.indexOf("## Order details through nginx");
  if (start >= 0) {
    let end = lines.findIndex((line, i) => i > start && line.startsWith("## "));
    if (end < 0) end = lines.length;
    lines.splice(start, end - start, ...section.split("\n"), "");
  } else {
    const daily = lines.indexOf("## Daily run");
    if (daily >= 0) lines.splice(daily, 0, ...section.split("\n"), "");
    else lines.push("", ...section.split("\n"));
  }
  fs.writeFileSync(file, lines.join("\n").trimEnd() + "\n");
' docs/benchmarks.md "$section"
echo "bench: wrote the Order details through nginx section of docs/benchmarks.md"
cat "$section"
