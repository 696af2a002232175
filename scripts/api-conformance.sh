#!/usr/bin/env bash
# Runs schemathesis against the server's own OpenAPI document: every
# documented operation is called with generated input, as the demo borrower
# and as staff, and every reply must be a documented status whose body fits
# the documented schema, never a server error; a method a route does not
# serve must answer 405 with an `Allow` header naming those it does.
#
#   scripts/api-conformance.sh              the bounded pass of `make test`
#                                           (3 examples per operation)
#   scripts/api-conformance.sh --full       the full pass (reliability S11)
#   API_CONFORMANCE_EXAMPLES=20 scripts/api-conformance.sh
#
# It builds and starts its own server on a fresh SQLite file with the demo
# data, unless API_CONFORMANCE_URL names a running one; then
# API_CONFORMANCE_SESSION (a borrower's sessionId) and
# API_CONFORMANCE_STAFF_TOKEN (the secret of a staff API token, made with
# `hiram staff-token` or in the console) must be given too, and
# API_CONFORMANCE_METRICS_TOKEN for /metrics (else it answers 404 there).
# schemathesis is installed from PyPI, at the version below, into a virtual
# environment under target/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

schemathesis_version=4.32.5
examples="${API_CONFORMANCE_EXAMPLES:-3}"
phases="examples,coverage,fuzzing"
if [ "${1:-}" = "--full" ]; then
  examples="${API_CONFORMANCE_EXAMPLES:-100}"
fi

venv="target/schemathesis-$schemathesis_version"
if [ ! -x "$venv/bin/st" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$schemathesis_version"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/hiram-api-conformance.XXXXXX")"
server=""
cleanup() {
  if [ -n "$server" ] && ! kill -0 "$server" 2>/dev/null; then
    echo "api-conformance: the server stopped during the run; its log ends:" >&2
    tail -n 40 "$work/server.log" >&2
  fi
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

if [ -n "${API_CONFORMANCE_URL:-}" ]; then
  base_url="$API_CONFORMANCE_URL"
  : "${API_CONFORMANCE_SESSION:?API_CONFORMANCE_SESSION is needed with API_CONFORMANCE_URL}"
  : "${API_CONFORMANCE_STAFF_TOKEN:?API_CONFORMANCE_STAFF_TOKEN is needed with API_CONFORMANCE_URL}"
  session="$API_CONFORMANCE_SESSION"
  staff_token="$API_CONFORMANCE_STAFF_TOKEN"
  metrics_token="${API_CONFORMANCE_METRICS_TOKEN:-}"
else
  cargo build -q -p hiram --locked
  port="${API_CONFORMANCE_PORT:-18095}"
  base_url="http://127.0.0.1:$port"
  metrics_token="conformance-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
  # The one-time codes stay in the outbox (no SMS provider is configured)
  # and the sandbox collects, so nothing leaves the machine. Schemathesis
  # sends thousands of calls a minute from one address: the per-address
  # limit of the open calls (decision 034, its own API tests) is raised out
  # of its way, or every reply after the first 120 would be a rate limit.
  export APP_DATABASE__URL="sqlite://$work/hiram.sqlite3" APP_UPLOADS__DIR="$work/uploads" \
    APP_SERVER__PORT="$port" APP_LOG__FILTER=error APP_SERVER__METRICS_TOKEN="$metrics_token" \
    APP_PAYMENTS__COLLECTIONS=sandbox APP_SERVER__PER_ADDRESS_REQUESTS_PER_MINUTE=1000000
  ./target/debug/hiram seed
  session="$(./target/debug/hiram demo-session | python3 -c 'import json, sys; print(json.load(sys.stdin)["sessionId"])')"
  # A staff API token for the run (decision 036): an admin's, which reads
  # most of the staff API; a call its role does not allow is a documented 403.
  staff_token="$(./target/debug/hiram staff-token --name api-conformance --role admin --valid-days 1 \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["secret"])')"
  ./target/debug/hiram serve 2>"$work/server.log" &
  server=$!
  for _ in $(seq 1 300); do
    curl -fs "$base_url/readyz" >/dev/null && break
    kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
  done
fi

# The document's security schemes, filled with this run's credentials.
cat >"$work/schemathesis.toml" <<'TOML'
[auth.openapi.borrower_session]
api_key = "${API_CONFORMANCE_SESSION}"

[auth.openapi.staff_token]
bearer = "${API_CONFORMANCE_STAFF_TOKEN}"

[auth.openapi.metrics_token]
bearer = "${API_CONFORMANCE_METRICS_TOKEN}"
TOML
export API_CONFORMANCE_SESSION="$session" API_CONFORMANCE_STAFF_TOKEN="$staff_token" \
  API_CONFORMANCE_METRICS_TOKEN="$metrics_token"

checks="not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
checks="$checks,unsupported_method,allow_header_conformance"
# schemathesis keeps its cache in the folder it runs in: the run's own.
run() {
  (cd "$work" && "$root/$venv/bin/st" --no-color --config-file "$work/schemathesis.toml" run "$base_url/openapi.json" \
    --url "$base_url" --checks "$checks" --phases "$phases" --max-examples "$examples" \
    --workers "${API_CONFORMANCE_WORKERS:-2}" --request-timeout 30 --suppress-health-check all \
    ${API_CONFORMANCE_SEED:+--seed "$API_CONFORMANCE_SEED"} "$@")
}
echo "api-conformance: schemathesis $schemathesis_version, $examples examples per operation, against $base_url"
# Logout ends the session every other call uses, so it runs last, alone.
run --exclude-operation-id logout
run --include-operation-id logout
