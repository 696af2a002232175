#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a fresh PostgreSQL
# database made for this run, and drops the database afterwards.
#
# PostgreSQL is expected: when it cannot be reached this fails loudly rather
# than letting the PostgreSQL half of the suite pass without running.
set -euo pipefail
server="${TEST_POSTGRES_SERVER:-postgres://postgres@127.0.0.1:5432}"
admin_url="$server/postgres"
database="hiram_test_$$_$(date +%s)"

if ! command -v psql >/dev/null; then
  echo "with-test-database: psql is missing; install postgresql-client" >&2
  exit 1
fi
if ! psql "$admin_url" -qAtc 'SELECT 1' >/dev/null 2>&1; then
  echo "with-test-database: PostgreSQL is expected at ${server#*@} but cannot be reached." >&2
  echo "  Start it (pg_ctlcluster <version> main start) or set TEST_POSTGRES_SERVER." >&2
  exit 1
fi

psql "$admin_url" -qc "CREATE DATABASE $database" >/dev/null
cleanup() {
  psql "$admin_url" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 \
    || echo "with-test-database: could not drop $database; drop it by hand" >&2
}
trap cleanup EXIT

TEST_DATABASE_URL="$server/$database" "$@"
