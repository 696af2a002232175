#!/usr/bin/env bash
# Runs schemathesis against the server's own OpenAPI document: every
# documented operation is called with generated input, as the demo borrower
# and as staff, and every reply must be a documented status whose body fits
# the documented schema, never a server error; a method a route does not
# serve must answer 405 with an `Allow` header naming those it does;
# schema-violating input and calls without their credentials are refused,
# schema-valid input accepted (but where schemathesis.toml below says why
# no schema can tell), and the authorization probes pass.
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

# Schema-valid input must be accepted (positive_data_acceptance), except
# where the refusal depends on something no schema can state; there a 400
# is the answer a well-formed request may get. Each group says why.

# A secret only the caller can know: a password, a code sent by SMS or the
# authenticator, a captcha's answer, an enrolment link. (schemathesis
# makes the same exception for the operations that grant credentials.)
[[operations]]
include-path-regex = "^/(pany/service/login/(login|sms-code-login|reset-pwd)|pany/api/v2/youmi/promotion/(get-sms|register)|pany/repayment/repayment-confirm|api/console/(login|enrolment|enrolment/complete|me/password|me/renew-sign-in))$"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

# A rule across fields or over data that changes: a term within ten years
# at the chosen frequency, the caps and exchange rates in force, a category
# of the record's kind, a date up to tomorrow, one bill or one loan, the
# bank codes of the list, the amount the lender approved, a product or an
# order given, a period of at most 31 days with its start before its end, a
# JSON array inside a field, a product within the rule set's caps, an
# amount the product offers or up to what is owed, an account to pay from
# that exists, a channel offered, a product open now, a picture's bytes that
# are a picture, a search of 3 letters or digits, a day of the books that is
# on the calendar and not still to come, a close of the books whose period
# is over and not before the day they are closed through, a journal whose
# lines balance in accounts of the chart that no loan event moves, a
# provision matrix whose rates never fall with age.
[[operations]]
include-path-regex = "^/(pany/calc/(emi|emi-adv|add-loan|exchange-rate)|pany/book-keeping/save-record|pany/repayment-product/(save-repay-product|set-reminder|close-reminder)|pany/v3/bind-card/bind-card-new|pany/user-problem/problem-save|pany/v3/loan-confirm/(loan-detail-confirm|loan-detail-push)|pany/v3/contract/(contract-jump|loan-agreement-detail)|pany/credit-info/upload-contacts-ios|pany/service/event/save|pany/v3/product/(apply|quote)|pany/v3/loan-details/recommend-jump|pany/repayment/(repayment-huichao|repayment-commit)|pany/v3/loan-details/submit-utr|pany/(book-keeping/upload-image|user-problem/upload-problem-img|credit-info/upload-image)|api/staff/complaints/upload-image|api/staff/(borrowers|products|rule-sets|reconciliation|general-ledger/(trial-balance|balance-sheet|income-statement|close|aging|journals/propose|provisions|provisions/propose)|site-banners/save|company-details/save|promotion-links/save|promotion-templates/save))$"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]
TOML
export API_CONFORMANCE_SESSION="$session" API_CONFORMANCE_STAFF_TOKEN="$staff_token" \
  API_CONFORMANCE_METRICS_TOKEN="$metrics_token"

# Every check schemathesis has (S11). The three that judge a reply by its
# HTTP status alone (schema-violating input refused, schema-valid input
# accepted, a call without its credentials refused) run as D7 reads a
# borrower call's reply, its envelope's code as its status:
# scripts/api_conformance_d7.py, in place of schemathesis's own three.
d7_reads="negative_data_rejection,positive_data_acceptance,ignored_auth"
export PYTHONPATH="$root/scripts${PYTHONPATH:+:$PYTHONPATH}" SCHEMATHESIS_HOOKS=api_conformance_d7

# schemathesis keeps its cache in the folder it runs in: the run's own.
run() {
  (cd "$work" && "$root/$venv/bin/st" --no-color --config-file "$work/schemathesis.toml" run "$base_url/openapi.json" \
    --url "$base_url" --checks all --exclude-checks "$d7_reads" --phases "$phases" --max-examples "$examples" \
    --workers "${API_CONFORMANCE_WORKERS:-2}" --request-timeout 30 --suppress-health-check all \
    ${API_CONFORMANCE_SEED:+--seed "$API_CONFORMANCE_SEED"} "$@")
}
echo "api-conformance: schemathesis $schemathesis_version, $examples examples per operation, against $base_url"
# Logout ends the session every other call uses, so it runs last, alone.
run --exclude-operation-id logout
run --include-operation-id logout
