#!/usr/bin/env bash
# Measures the server and the pages on this machine and writes
# docs/benchmarks.md. The server runs on core 0 and wrk on core 1, so the
# load generator does not steal the server's CPU.
#
#   bench/run.sh            (expects built pages: `make bench` builds them)
#   BENCH_SECONDS=30 bench/run.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
seconds="${BENCH_SECONDS:-15}"
connections=64
port="${BENCH_PORT:-18090}"
summary_script="$root/../shared/tools/wrk-json-summary.lua"
out="$root/bench/out"

for tool in wrk brotli; do
  command -v "$tool" >/dev/null || scripts/apt-install.sh "$tool"
done
[ -f "$summary_script" ] || { echo "bench: $summary_script is missing" >&2; exit 1; }

cargo build --release -p hiram --locked
rm -rf "$out" && mkdir -p "$out"
secret="bench-$(date +%s%N)"
export APP_DATABASE__URL="sqlite://$out/bench.sqlite3" APP_SERVER__PORT="$port" APP_LOG__FILTER=warn \
  APP_PAYMENTS__COLLECTIONS=sandbox APP_PAYMENTS__SANDBOX_SECRET="$secret"
./target/release/hiram seed
# 1,000 open loans of as many borrowers, each with its standing code; the
# first one's ledger is given 3,000 entries of history.
./target/release/hiram portfolio --loans 1000 --history 3000 > "$out/loans.json"
node -e 'const l=require(process.argv[1]); require("fs").writeFileSync(process.argv[2], JSON.stringify(l.slice(0, 1)))' \
  "$out/loans.json" "$out/one-loan.json"

start_ns=$(date +%s%N)
taskset -c 0 ./target/release/hiram serve 2>"$out/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null' EXIT
until curl -fs "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.005; done
cold_start_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))

session_json=$(./target/release/hiram demo-session)
export BENCH_SESSION BENCH_ORDER WRK_SUMMARY="$summary_script"
BENCH_SESSION=$(node -e 'const s=JSON.parse(process.argv[1]); console.log(s.sessionId)' "$session_json")
BENCH_ORDER=$(node -e 'const s=JSON.parse(process.argv[1]); console.log(s.orders.find(o => o.status === 174).orderId)' "$session_json")

load() { # $1 label, then wrk arguments
  local label=$1; shift
  taskset -c 1 wrk -t2 -c"$connections" -d"${seconds}s" --latency "$@" | tail -n 1 > "$out/$label.json"
}
load bare -s "$summary_script" "http://127.0.0.1:$port/healthz"
load details -s bench/loan-details.lua "http://127.0.0.1:$port"
# A run whose requests were refused measured the refusal: stop, saying so.
node bench/check-refusals.mjs "$out/bare.json" "$out/details.json"
peak_rss_kb=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")

# Payment callbacks of one centavo each, through the loans' standing codes:
# spread over the 1,000 loans, then all on the loan with 3,000 entries.
# Each posting is one transaction (entries, status, receipt) that SQLite
# (synchronous=FULL) makes durable before the answer.
taskset -c 1 node bench/callbacks.mjs "$port" "$secret" "$out/bench.sqlite3" "$out/loans.json" "$seconds" 16 SPREAD > "$out/callbacks-spread.json"
taskset -c 1 node bench/callbacks.mjs "$port" "$secret" "$out/bench.sqlite3" "$out/one-loan.json" "$seconds" 16 ONE > "$out/callbacks-one.json"
node bench/check-refusals.mjs "$out/callbacks-spread.json" "$out/callbacks-one.json"
# wait reports the killed server's SIGTERM status (143), which is expected.
kill "$server"; wait "$server" 2>/dev/null || true
trap - EXIT

# M7: 100 SIGKILLs under that write load, clients retrying until answered.
node bench/kill9.mjs ./target/release/hiram "$out/bench.sqlite3" "$port" "$secret" "$out/loans.json" 100 4 > "$out/kill9.json"
node -e 'const r=require(process.argv[1]); if (!(r.acknowledged > 0)) { console.error("bench: M7 acknowledged no payment"); process.exit(1); }' "$out/kill9.json"

field() { node -e 'const r=require(process.argv[1]); const v=process.argv[2].split(".").reduce((o,k)=>o[k],r); console.log(typeof v==="number"?Math.round(v*100)/100:v)' "$out/$1.json" "$2"; }
ratio=$(node -e 'const a=require(process.argv[1]),b=require(process.argv[2]); console.log((100*b.rps/a.rps).toFixed(1))' "$out/bare.json" "$out/details.json")
errors=$(node -e 'const a=require(process.argv[1]),b=require(process.argv[2]); const n=r=>Object.values(r.errors).reduce((x,y)=>x+y,0); console.log(n(a)+n(b))' "$out/bare.json" "$out/details.json")
one_vs_spread=$(node -e 'const a=require(process.argv[1]),b=require(process.argv[2]); console.log((100*b.rps/a.rps).toFixed(0))' "$out/callbacks-spread.json" "$out/callbacks-one.json")
pages=$(node web/scripts/size.mjs)

# The sections other scripts write (bench/lighthouse.sh, bench/fleet-order-details.sh,
# then bench/daily-run.sh, each run apart) are kept as they are, last.
kept_sections=$(sed -n '/^## \(Lighthouse.*\|Order details through nginx\|Daily run\)$/,$p' docs/benchmarks.md 2>/dev/null || true)
cat > docs/benchmarks.md <<MD
# Benchmarks

Made by \`bench/run.sh\` (\`make bench\`) on $(date -u +%Y-%m-%d), on this project's machine:
$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -m). Release build, SQLite
(the embedded default) with the demo data, the server pinned to core 0 and
wrk to core 1, ${connections} connections for ${seconds} s each. Figures vary
between runs by several percent; rerun the script rather than trust one line.

## API

| endpoint | requests/s | p50 | p99 | budget |
|---|---:|---:|---:|---|
| \`GET /healthz\` (bare JSON) | $(field bare rps) | $(field bare lat_us.p50) µs | $(field bare lat_us.p99) µs | — |
| \`POST /pany/v3/loan-details/loan-details\` (order details, demo order 174) | $(field details rps) | $(field details lat_us.p50) µs | $(field details lat_us.p99) µs | ≥ 40% of bare, p99 ≤ 10 ms |

- Order details reach **${ratio}%** of the bare endpoint's throughput.
- Socket and HTTP errors during the runs: ${errors}.
- Peak resident memory of the server after both runs: **$(( peak_rss_kb / 1024 )) MiB** (budget 64 MB).
- Cold start, process spawn to \`/readyz\` answering 200 (database already migrated): **${cold_start_ms} ms** (budget 500 ms).

## Payment callbacks (money in)

Signed sandbox callbacks of ₱0.01 each, through the loans' standing codes,
each with a new transaction id already in the gateway's statement (so the
re-check passes), by 16 concurrent clients (\`bench/callbacks.mjs\`) for
${seconds} s: spread over 1,000 open loans, then all on one loan whose
ledger already holds 3,000 entries. Each callback's posting, the order's
status and the receipt are one transaction on SQLite with
\`synchronous=FULL\`, on disk before the answer; allocating a payment reads
the order's balance row, whatever the length of its ledger. Budget: ≥ 1,000
postings/s, the two within 20% of each other.

A run with more than 1% of its requests refused or failed stops the script
(\`bench/check-refusals.mjs\`), so no figure here measures a refusal; a
few seconds of the same load run in \`make test\` (\`bench/callbacks-smoke.sh\`).

| loans | postings/s | p50 | p99 | refused or failed |
|---|---:|---:|---:|---:|
| 1,000, one after another | $(field callbacks-spread rps) | $(field callbacks-spread p50_us) µs | $(field callbacks-spread p99_us) µs | $(field callbacks-spread failed) |
| 1, with 3,000 entries | $(field callbacks-one rps) | $(field callbacks-one p50_us) µs | $(field callbacks-one p99_us) µs | $(field callbacks-one failed) |

The one loan's figure is ${one_vs_spread}% of the spread one.

## M7 and M8: SIGKILL under write load

\`bench/kill9.mjs\` runs the server while 4 clients pay the portfolio's loans
off (each in forty payments, retrying every unanswered callback until it is
acknowledged), and kills the server with SIGKILL $(field kill9 kills) times at
random moments of 50–300 ms, restarting it each time; the clients paid for
$(field kill9 paying_seconds) s of the $(field kill9 killing_seconds) s of kills. Afterwards it counts
what the ledger, the outbox and the orders say.

| kills | acknowledged payments | in the ledger | lost | duplicated | loans paid off | paid off but not closed (200) | postings without exactly one receipt | client retries | \`PRAGMA integrity_check\` |
|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
| $(field kill9 kills) | $(field kill9 acknowledged) | $(field kill9 stored) | $(field kill9 lost) | $(field kill9 duplicated) | $(field kill9 paid_off) | $(field kill9 paid_off_not_closed) | $(field kill9 receipts_not_one_per_posting) | $(field kill9 retries) | $(field kill9 integrity) |

## Pages: first-load bytes, brotli quality 11

Budget (decision 094; \`npm run size\` fails \`make test\` over it): the borrower entry ≤ 60 KiB
(61,440 B) of JavaScript and 15 modules; every borrower page in English ≤ 90 KiB (92,160 B) of
JavaScript and ≤ 20 KiB (20,480 B) of CSS. Each line is the entry's HTML with
its static imports; an indented line adds one dynamic import (the app chunk, a route, a
document's content) on top of the line it sits under.

\`\`\`
${pages}
\`\`\`
MD
[ -z "$kept_sections" ] || printf '\n%s\n' "$kept_sections" >> docs/benchmarks.md
echo "bench: wrote docs/benchmarks.md"
cat docs/benchmarks.md
