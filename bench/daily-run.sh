#!/usr/bin/env bash
# Times the daily run (`hiram daily`: each loan with work on the day brought
# to it, off the next-check index: instalments falling due charged their
# interest, loans going late moved to 180 with their first penalties;
# payout retries) on books of 10,000, 100,000 and 1,000,000 loans, on
# SQLite and on PostgreSQL, and writes the "Daily run" section of
# docs/benchmarks.md (the rest of the file is kept).
#
#   bench/daily-run.sh
#   DAILY_SIZES="10000 100000" DAILY_DATABASES=sqlite bench/daily-run.sh
#
# Each book is made by `hiram bench-portfolio` (a fresh database each time),
# then `hiram daily` runs twice: the first run is the day's work, the second
# finds nothing left to do and shows what finding the day's work costs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
sizes="${DAILY_SIZES:-10000 100000 1000000}"
databases="${DAILY_DATABASES:-sqlite postgres}"
pg_server="${BENCH_POSTGRES_SERVER:-postgres://postgres@127.0.0.1:5432}"
out="$root/bench/out/daily"

cargo build --release -p hiram --locked
rm -rf "$out" && mkdir -p "$out"
export APP_LOG__FILTER=info APP_PAYMENTS__COLLECTIONS=sandbox APP_PAYMENTS__SANDBOX_SECRET="bench-$(date +%s%N)"
hiram=./target/release/hiram

seconds_since() { # $1: start in ns
  awk -v start="$1" -v end="$(date +%s%N)" 'BEGIN { printf "%.2f", (end - start) / 1e9 }'
}
field() { # $1 log file, $2 field of the "daily run finished" line
  grep 'daily run finished' "$1" | tail -n 1 | grep -o "\"$2\":[0-9]*" | cut -d: -f2
}

# Writes the section with the rows so far: a long run that is stopped
# still leaves what it measured.
write_section() {
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  section="$out/section.md"
  {
    echo "## Daily run"
    echo
    echo "Made by \`bench/daily-run.sh\` on $(date -u +%Y-%m-%d), release build, load average at the end $load"
    echo "(the machine's 2 cores are shared with other builds: figures vary between runs)."
    echo "Each book is made by \`hiram bench-portfolio --loans N\`: per product, one loan of each kind is made"
    echo "as the product makes it (acceptance with its proof, payout; the late ones brought up to yesterday"
    echo "by the daily run itself), then copied in bulk with its account: 77% current (174), 3% with an"
    echo "instalment falling due on the day, 2% whose first instalment fell due yesterday, 10% overdue (180)"
    echo "at 3, 9, 24, 40 and 75 days late, 8% repaid (200). *run* is \`hiram daily\` on that book: it"
    echo "brings each loan with work on the day to it (decision 056), 200 loans to a transaction; *posted* is"
    echo "how many it brought; *again* is a second run the same day, which finds no loan to bring. Both keep"
    echo "each lender's loans by days past due and product for the day (decisions 070, 079: one grouped"
    echo "statement over every open loan), book the allowance each lender's provision matrices ask (the"
    echo "book's lenders have one matrix for their products and the first product one of its own; one journal"
    echo "per lender), and bring each lender's income to the effective interest method (decisions 076, 078):"
    echo "one grouped statement over the loans on their schedule by accrual key (terms and payout day), each"
    echo "group worked out once, and every loan off its schedule (the 12% late or going late) read and"
    echo "re-estimated on its own; one journal per lender and day (the second run finds the day's journals"
    echo "posted and posts nothing). Overdue loans"
    echo "are not charged by the run: their penalties are worked out"
    echo "to the day when they are next brought to a date. *load* is the 1-minute load average as the run"
    echo "ended."
    echo
    echo "| database | loans | work on the day | went overdue | posted | run s | µs per loan | ratio to 10k (per loan) | again s | load |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for row in "${rows[@]}"; do
      read -r database loans due overdue posted first again _ run_load <<<"$row"
      base=$(printf '%s\n' "${rows[@]}" | awk -v db="$database" '$1 == db { print $6 / $2; exit }')
      awk -v db="$database" -v n="$loans" -v due="$due" -v o="$overdue" -v p="$posted" -v s="$first" \
        -v again="$again" -v base="$base" -v one_minute="$run_load" 'BEGIN {
          per = s / n; printf "| %s | %\047d | %\047d | %\047d | %\047d | %.2f | %.1f | %.2f | %.2f | %s |\n",
          db, n, due, o, p, s, per * 1e6, per / base, again, one_minute }'
    done
    echo
    echo "Books were made in: $(printf '%s\n' "${rows[@]}" | awk '{ printf "%s%s %s loans %.0f s", sep, $1, $2, $8; sep = "; " }')."
    echo "Budget (issue 28): 1,000,000 loans in ≤ 60 s on SQLite and ≤ 150 s on PostgreSQL, the per-loan"
    echo "time flat from 10k to 1M (a per-loan ratio to 10k of at most about 1)."
  } >"$section"
  # Keep everything before this section; the section goes last.
  kept=$(sed '/^## Daily run$/,$d' docs/benchmarks.md)
  printf '%s\n\n%s\n' "$kept" "$(cat "$section")" | cat -s >docs/benchmarks.md
}

rows=()
for database in $databases; do
  for size in $sizes; do
    case "$database" in
      sqlite) export APP_DATABASE__URL="sqlite://$out/book-$size.sqlite3" ;;
      postgres)
        name="hiram_bench_daily_$size"
        psql "$pg_server/postgres" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null
        psql "$pg_server/postgres" -qc "CREATE DATABASE $name" >/dev/null
        export APP_DATABASE__URL="$pg_server/$name" ;;
    esac
    start=$(date +%s%N)
    book=$($hiram bench-portfolio --loans "$size" 2>"$out/$database-$size-portfolio.log")
    made_in=$(seconds_since "$start")
    loans=$(node -e 'console.log(JSON.parse(process.argv[1]).loans)' "$book")
    due=$(node -e 'console.log(JSON.parse(process.argv[1]).due)' "$book")
    start=$(date +%s%N)
    $hiram daily 2>"$out/$database-$size-daily.log"
    first=$(seconds_since "$start")
    run_load=$(cut -d' ' -f1 /proc/loadavg)
    start=$(date +%s%N)
    $hiram daily 2>"$out/$database-$size-again.log"
    again=$(seconds_since "$start")
    posted=$(field "$out/$database-$size-daily.log" loans_posted)
    overdue=$(field "$out/$database-$size-daily.log" overdue)
    again_posted=$(field "$out/$database-$size-again.log" loans_posted)
    provisions=$(field "$out/$database-$size-daily.log" provisions_posted)
    if [ "${provisions:-0}" -eq 0 ]; then
      echo "daily-run: the run booked no allowance: the measured run left the provision work out" >&2
      exit 1
    fi
    echo "daily-run: $database $loans loans ($due with work on the day): book made in ${made_in}s, run ${first}s" \
      "($overdue overdue, $posted posted), again ${again}s ($again_posted posted)"
    rows+=("$database $loans $due $overdue $posted $first $again $made_in $run_load")
    write_section
    [ "$database" = postgres ] && psql "$pg_server/postgres" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null
  done
done

echo "daily-run: wrote the Daily run section of docs/benchmarks.md"
cat "$section"
