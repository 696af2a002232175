#!/usr/bin/env bash
# Times a lender's books (decision 068) on books of 10,000 and 100,000
# loans, on SQLite and on PostgreSQL: the trial balance at the end of today
# and the income statement of this month, through the staff API as a
# finance tool would call them. Writes the "Lenders' books" section of
# docs/benchmarks.md, before the "Daily run" section (the rest is kept).
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
    trial=$(median_ms "/api/staff/general-ledger/trial-balance?lenderId=$lender")
    statement=$(median_ms "/api/staff/general-ledger/income-statement?lenderId=$lender")
    # Stopped by us: its exit status (TERM) says nothing of the figures.
    kill "$server"
    wait "$server" 2>/dev/null || true
    echo "general-ledger: $database $size loans ($lines ledger lines): trial balance ${trial} ms, income statement ${statement} ms"
    rows+=("| $database | $(grouped "$size") | $(grouped "$lines") | $trial | $statement |")
    [ "$database" = postgres ] && psql "$pg_server/postgres" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null
  done
done

section="$out/section.md"
{
  echo "## Lenders' books"
  echo
  echo "Made by \`bench/general-ledger.sh\` on $(date -u +%Y-%m-%d), release build, load average at the end"
  echo "$(cut -d' ' -f1-3 /proc/loadavg). Each book is made by \`hiram bench-portfolio --loans N\` (as in"
  echo "the daily run below); the lender is the first listed. Each figure is the median of five calls"
  echo "through the staff API, in milliseconds: the trial balance at the end of today and the income"
  echo "statement of this month (two sums of the lender's loan-ledger lines, decision 068). Budget"
  echo "(issue 31): a month's trial balance at 1,000,000 loans in at most a second, which needs the"
  echo "daily close's balances per lender and day (not built yet): these figures grow with the ledger."
  echo
  echo "| database | loans | ledger lines (all lenders) | trial balance ms | income statement ms |"
  echo "|---|---:|---:|---:|---:|"
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
