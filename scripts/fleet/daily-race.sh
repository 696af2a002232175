#!/usr/bin/env bash
# Three `hiram daily` at once over a book with loans falling due and going
# late: all exit 0, every loan with work is brought to the day once (the
# loans they say they posted are the new day entries in the database, one
# per loan and day under its key `day:ORDER:DATE`, and a fourth run finds
# nothing left), and the work is split between them: at least two runs
# finish pages of the book.
#   scripts/fleet/daily-race.sh WORK   (env: HIRAM, APP_DATABASE__URL and the
#   fleet's settings; WORK holds the clock-offset file the processes read)
set -euo pipefail
work=$1
count() { psql "$APP_DATABASE__URL" -qAtc "$1"; }
# What a run says it did: its "daily run finished" log line's field $2.
said() { node -e '
  const [file, field] = process.argv.slice(1);
  const line = require("fs").readFileSync(file, "utf8").split("\n")
    .filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)).find((l) => l.message === "daily run finished");
  if (!line) { console.error(`no "daily run finished" line in ${file}`); process.exit(1); }
  console.log(line[field]);' "$1" "$2"; }

# About 600 loans, some falling due or going late today, a tenth late; then
# the clock moves thirty days on, so loans due since then are charged their
# interest and those unpaid become late. (Only loans with work that day
# come off the next-check index, decision 056: three days gave 25, one page,
# which no second run could share.)
"$HIRAM" bench-portfolio --loans 600 >"$work/book.json" 2>"$work/book.log"
echo "daily race: book $(cat "$work/book.json")"
echo $(($(cat "$work/clock-offset") + 30 * 86400)) >"$work/clock-offset"
# A day's posting of a loan: its first entry under the day's key (its others
# carry the key with a suffix, a third colon).
days="SELECT count(*) FROM ledger_entry WHERE idempotency_key LIKE 'day:%' AND idempotency_key NOT LIKE 'day:%:%:%'"
before=$(count "$days")

# Pages of 10 orders with work, so the day's work is many pages the runs
# claim between them (decision 050); a run finishes a page before it claims
# the next.
pids=()
for i in 1 2 3; do
  APP_JOBS__DAILY_PAGE_ORDERS=10 "$HIRAM" daily >"$work/daily-$i.log" 2>&1 &
  pids+=("$!")
done
failed=0
statuses=()
for i in 1 2 3; do
  status=0
  wait "${pids[i - 1]}" || status=$?
  statuses+=("$status")
  [ "$status" = 0 ] || { failed=1; tail -n 5 "$work/daily-$i.log" >&2; }
done
after=$(count "$days")
split=()
sum=0
working=0
for i in 1 2 3; do
  days=$(said "$work/daily-$i.log" loans_posted)
  pages=$(said "$work/daily-$i.log" pages)
  split+=("$days in $pages pages (left $(said "$work/daily-$i.log" left_to_others) to others, skipped $(said "$work/daily-$i.log" skipped) orders)")
  sum=$((sum + days))
  [ "$pages" = 0 ] || working=$((working + 1))
done
"$HIRAM" daily >"$work/daily-4.log" 2>&1
left=$(said "$work/daily-4.log" loans_posted)
echo "daily race: exit statuses ${statuses[*]}; loans posted per run: ${split[*]} = $sum;" \
  "new day entries in the database: $((after - before)); a fourth run then posted $left"
[ "$failed" = 0 ] || { echo "daily race: a run did not exit 0" >&2; exit 1; }
[ "$sum" -gt 0 ] && [ "$sum" = $((after - before)) ] && [ "$left" = 0 ] || {
  echo "daily race: expected the runs' loans to sum to the new day entries, and none left" >&2
  exit 1
}
[ "$working" -ge 2 ] || { echo "daily race: one run did all the pages; expected the work split" >&2; exit 1; }
echo "daily race: $working of 3 runs finished pages"
