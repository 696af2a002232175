#!/usr/bin/env bash
# Times a lender's books (decisions 068, 069) on books of 10,000 and
# 100,000 loans, on SQLite and on PostgreSQL, through the staff API as a
# finance tool would call it: closing last month and then yesterday, the
# trial balance at the end of last month (closed) and of today (open), and
# the income statement of last month. Writes the "Lenders' books" section
# of docs/benchmarks.md, before the "Daily run" section (the rest is kept).
#
#   bench/general-ledger.sh
#   LEDGER_SIZES=10000 LEDGER_DATABASES=sqlite bench/general-ledger.sh
#
# Each book is made by `hiram bench-portfolio` (a fresh database each
# time); each call is timed five times by curl and the median kept.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
sizes="${LEDGER_SIZES:-10000 100000}"
databases="${LEDGER_DATABASES:-sqlite postgres}"
pg_server="${BENCH_POSTGRES_SERVER:-postgres://postgres@127.0.0.1:5432}"
port="${BENCH_PORT:-18095}"
out="$root/bench/out/general-ledger"

cargo build --release -p hiram --locked
rm -rf "$out" && mkdir -p "$out"
export APP_LOG__FILTER=warn APP_SERVER__PORT="$port" APP_PAYMENTS__COLLECTIONS=sandbox \
  APP_PAYMENTS__SANDBOX_SECRET="bench-$(date +%s%N)"
hiram=./target/release/hiram

# The median of five timings of a GET with the token, in milliseconds;
# fails when the call does not answer 200 with code "00".
median_ms() { # $1 path and query
  local times=()
  for _ in 1 2 3 4 5; do
    local reply
    reply=$(curl -fsS -H "Authorization: Bearer $token" -o "$out/reply.json" -w '%{time_total}' "http://127.0.0.1:$port$1")
    grep -q '"code":"00"' "$out/reply.json" || { echo "general-ledger: $1 answered $(head -c 300 "$out/reply.json")" >&2; exit 1; }
    times+=("$reply")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk 'NR == 3 { printf "%.1f", $1 * 1000 }'
}

# One close, timed once (a close happens once), in milliseconds; fails
# when it does not answer 200 with code "00".
close_ms() { # $1 query
  local took
  took=$(curl -fsS -X POST -H "Authorization: Bearer $token" -o "$out/reply.json" -w '%{time_total}' \
    "http://127.0.0.1:$port/api/staff/general-ledger/close?$1")
  grep -q '"code":"00"' "$out/reply.json" || { echo "general-ledger: close $1 answered $(head -c 300 "$out/reply.json")" >&2; exit 1; }
  awk -v took="$took" 'BEGIN { printf "%.1f", took * 1000 }'
}

# Manila's calendar: the books close by Manila days.
month_start=$(TZ=Asia/Manila date +%Y-%m-01)
last_month_end=$(date -d "$month_start -1 day" +%Y-%m-%d)
last_month_start=$(date -d "$month_start -1 month" +%Y-%m-%d)
yesterday=$(TZ=Asia/Manila date -d yesterday +%Y-%m-%d)

grouped() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }

rows=()
for database in $databases; do
  for size in $sizes; do
    case "$database" in
      sqlite) export APP_DATABASE__URL="sqlite://$out/book-$size.sqlite3" ;;
      postgres)
        name="hiram_bench_ledger_$size"
        psql "$pg_server/postgres" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null
        psql "$pg_server/postgres" -qc "CREATE DATABASE $name" >/dev/null
        export APP_DATABASE__URL="$pg_server/$name" ;;
    esac
    $hiram bench-portfolio --loans "$size" >"$out/$database-$size-book.json" 2>"$out/$database-$size-book.log"
    token=$($hiram staff-token --name "ledger bench" --role finance --valid-days 1 2>/dev/null |
      node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).secret))')
    $hiram serve 2>"$out/$database-$size-server.log" &
    server=$!
    until curl -fs "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.05; done
    lender=$(curl -fsS -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/staff/general-ledger/lenders" |
      node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data[0].id))')
    lines=$(case "$database" in
      sqlite) sqlite3 "$out/book-$size.sqlite3" 'SELECT COUNT(*) FROM ledger_line' 2>/dev/null || echo "?" ;;
      postgres) psql "$pg_server/$name" -tAc 'SELECT COUNT(*) FROM ledger_line' ;;
    esac)
    close_month=$(close_ms "lenderId=$lender&period=month&date=$last_month_end")
    close_day=skipped
    [ "$yesterday" != "$last_month_end" ] && close_day=$(close_ms "lenderId=$lender&period=day&date=$yesterday")
    trial_closed=$(median_ms "/api/staff/general-ledger/trial-balance?lenderId=$lender&date=$last_month_end")
    trial_open=$(median_ms "/api/staff/general-ledger/trial-balance?lenderId=$lender")
    statement=$(median_ms "/api/staff/general-ledger/income-statement?lenderId=$lender&from=$last_month_start&to=$last_month_end")
    # Stopped by us: its exit status (TERM) says nothing of the figures.
    kill "$server"
    wait "$server" 2>/dev/null || true
    echo "general-ledger: $database $size loans ($lines ledger lines): closes ${close_month} / ${close_day} ms, trial balance ${trial_closed} ms closed, ${trial_open} ms today, income statement ${statement} ms"
    rows+=("| $database | $(grouped "$size") | $(grouped "$lines") | $close_month | $close_day | $trial_closed | $trial_open | $statement |")
    [ "$database" = postgres ] && psql "$pg_server/postgres" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null
  done
done

section="$out/section.md"
{
  echo "## Lenders' books"
  echo
  echo "Made by \`bench/general-ledger.sh\` on $(date -u +%Y-%m-%d), release build, load average at the end"
  echo "$(cut -d' ' -f1-3 /proc/loadavg). Each book is made by \`hiram bench-portfolio --loans N\` (as in"
  echo "the daily run below); the lender is the first listed. Through the staff API, in milliseconds:"
  echo "finance's token closes last month ($last_month_end: a sum over every line before its end) and"
  echo "then yesterday ($yesterday: only the lines since), each timed once; then, each the median"
  echo "of five calls, the trial balance at the end of last month (read from its close, decision 069),"
  echo "at the end of today (the close through yesterday and the lines since) and last month's income"
  echo "statement (its closing close, less what was posted by the end of the month before, which no"
  echo "close covers here). The book's catch-up to yesterday is stamped on the day it is made, so"
  echo "*today* sums most of its lines; on a lender's live books today holds one day's postings."
  echo "Budget (issue 31): a month's trial balance at 1,000,000 loans in at most a second."
  echo
  echo "| database | loans | ledger lines (all lenders) | close month ms | close day ms | trial balance, month end ms | trial balance, today ms | income statement, last month ms |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${rows[@]}"
} >"$section"
# The section goes before the Daily run section, replacing an older one.
awk -v section="$section" '
  /^## Lenders'"'"' books$/ { skipping = 1; next }
  skipping && /^## / { skipping = 0 }
  skipping { next }
  /^## Daily run$/ && !done { while ((getline line < section) > 0) print line; print ""; done = 1 }
  { print }
' docs/benchmarks.md | cat -s >"$out/benchmarks.md"
cp "$out/benchmarks.md" docs/benchmarks.md
echo "general-ledger: wrote the Lenders' books section of docs/benchmarks.md"
cat "$section"
