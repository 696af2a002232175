#!/usr/bin/env bash
# Does a wrong password take as long for a number or e-mail that exists as
# for one that does not? Starts the release server on a scratch SQLite file,
# gives 25 borrowers a password and makes one staff account, then times 200
# wrong tries of each kind (bench/sign-in-timing.mjs) and prints the medians
# as JSON; docs/reliability.md reports them.
#
#   bench/sign-in-timing.sh [TRIES]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
tries="${1:-200}"
port="${BENCH_PORT:-18091}"
out="$root/bench/out/sign-in"

cargo build --release -p hiram --locked >&2
rm -rf "$out" && mkdir -p "$out"
export APP_DATABASE__URL="sqlite://$out/bench.sqlite3" APP_SERVER__PORT="$port" APP_LOG__FILTER=warn \
  APP_DEMO__SEED_ON_EMPTY=false
./target/release/hiram migrate
taskset -c 0 ./target/release/hiram serve 2>"$out/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
until curl -fs "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.05; done

# Borrowers with a password: a code for each number, each asked from its own
# loopback address (codes are limited per address), then the password set.
phones=()
for i in $(seq 1 25); do
  phone="0917$(printf '%07d' $((3000000 + i)))"
  curl -fs --interface "127.2.0.$i" -d "phone=$phone&purpose=reset_pwd" \
    "http://127.0.0.1:$port/pany/service/login/send-sms-code-new" >/dev/null
  code=$(./target/release/hiram sms-outbox --phone "$phone" --limit 1 \
    | node -e 'process.stdin.on("data", d => console.log(JSON.parse(d.toString().split("\n")[0]).code))')
  reply=$(curl -fs --interface "127.2.0.$i" -d "phone=$phone&code=$code&password=Known-Pass-2026" \
    "http://127.0.0.1:$port/pany/service/login/reset-pwd")
  case "$reply" in *'"code":"00"'*) ;; *) echo "sign-in-timing: could not set a password for $phone: $reply" >&2; exit 1 ;; esac
  phones+=("$phone")
done
printf '%s\n' "${phones[@]}" | node -e 'let t="";process.stdin.on("data",d=>t+=d).on("end",()=>console.log(JSON.stringify(t.trim().split("\n"))))' \
  > "$out/phones.json"
./target/release/hiram staff-add --email timing@hiram.example --name "Timing Test" --role auditor >/dev/null

taskset -c 1 node bench/sign-in-timing.mjs "$port" "$out/phones.json" timing@hiram.example "$tries"
