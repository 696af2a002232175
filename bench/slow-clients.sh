#!/usr/bin/env bash
# Holds 2,000 idle and 500 slow-header sockets against the release server
# (on a scratch SQLite file) for 60 s while timing /readyz from fresh
# connections (bench/slow-clients.mjs); prints the figures as JSON.
#
#   bench/slow-clients.sh
#   BENCH_SECONDS=30 BENCH_MAX_CONNECTIONS=900 bench/slow-clients.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
seconds="${BENCH_SECONDS:-60}"
port="${BENCH_PORT:-18091}"
out="$root/bench/out-slow-clients"
# 2,500 held sockets plus the probes need descriptors on both sides: the
# server and the script inherit this limit.
ulimit -n 8192

cargo build --release -p hiram --locked
rm -rf "$out" && mkdir -p "$out"
# The default cap (900) suits the common 1,024-descriptor limit; with the
# limit raised above, the cap is raised too so every held socket is served.
export APP_DATABASE__URL="sqlite://$out/bench.sqlite3" APP_SERVER__PORT="$port" APP_LOG__FILTER=error \
  APP_SERVER__MAX_CONNECTIONS="${BENCH_MAX_CONNECTIONS:-4096}"
./target/release/hiram serve 2>"$out/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null' EXIT
until curl -fs "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.05; done
node bench/slow-clients.mjs "$port" "$seconds" 2000 500 | tee "$out/result.json"
