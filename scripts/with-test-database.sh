#!/usr/bin/env bash
# Runs a command with PostgreSQL ready for the test suites:
# - TEST_DATABASE_URL: a fresh database made for this run on the shared
#   server (TEST_POSTGRES_SERVER, by default 127.0.0.1:5432), dropped
#   afterwards. When no shared server answers, a private one started here
#   serves instead, so the PostgreSQL half of the suite always runs.
# - TEST_TLS_DATABASE_URL: a database on that private server which takes
#   TLS connections only, its certificate signed by an authority made for
#   this run (TEST_TLS_ROOT_CERT); TEST_TLS_OTHER_ROOT_CERT is an authority
#   that signed nothing. The certificate names `localhost`, not 127.0.0.1,
#   so a test can tell a host-name check from a chain check.
set -euo pipefail
shared="${TEST_POSTGRES_SERVER:-postgres://postgres@127.0.0.1:5432}"

fail() {
  echo "with-test-database: $*" >&2
  exit 1
}
command -v psql >/dev/null || fail "psql is missing; install postgresql-client"
command -v openssl >/dev/null || fail "openssl is missing; install openssl"
bin=$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] && [ -x "$bin/initdb" ] || fail "PostgreSQL's server programs are missing; install postgresql"

# PostgreSQL refuses to run as root: as root, the private server runs as
# the postgres account the package made.
as_server_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

work=$(mktemp -d /tmp/hiram-postgres.XXXXXX)
cleanup() {
  if [ -n "${database:-}" ]; then
    psql "$shared/postgres" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 \
      || echo "with-test-database: could not drop $database; drop it by hand" >&2
  fi
  if [ -f "$work/data/postmaster.pid" ]; then
    as_server_owner "$bin/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

make_certificates() {
  local ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  openssl req -x509 "${ec[@]}" -days 2 -subj "/CN=Hiram test authority" \
    -keyout "$work/root.key" -out "$work/root.crt" 2>/dev/null
  openssl req -x509 "${ec[@]}" -days 2 -subj "/CN=Hiram other authority" \
    -keyout "$work/other-root.key" -out "$work/other-root.crt" 2>/dev/null
  openssl req "${ec[@]}" -subj "/CN=localhost" -keyout "$work/server.key" -out "$work/server.csr" 2>/dev/null
  printf '%s\n' 'subjectAltName=DNS:localhost' 'basicConstraints=CA:FALSE' \
    'keyUsage=digitalSignature' 'extendedKeyUsage=serverAuth' >"$work/server.ext"
  openssl x509 -req -in "$work/server.csr" -CA "$work/root.crt" -CAkey "$work/root.key" -CAcreateserial \
    -days 2 -extfile "$work/server.ext" -out "$work/server.crt" 2>/dev/null
  chmod 600 "$work/server.key"
}

start_private_server() {
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  [ "$(id -u)" = 0 ] && chown -R postgres "$work"
  as_server_owner "$bin/initdb" -D "$work/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >/dev/null
  cat >"$work/data/pg_hba.conf" <<EOF
local all all trust
hostssl tls_only all 127.0.0.1/32 trust
hostnossl tls_only all 127.0.0.1/32 reject
host all all 127.0.0.1/32 trust
EOF
  as_server_owner "$bin/pg_ctl" -D "$work/data" -l "$work/server.log" -w -t 60 start -o "\
    -c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$work -c max_connections=300 \
    -c ssl=on -c ssl_cert_file=$work/server.crt -c ssl_key_file=$work/server.key" >/dev/null \
    || { cat "$work/server.log" >&2; fail "the private PostgreSQL did not start"; }
  private="postgres://postgres@127.0.0.1:$port"
  psql "$private/postgres" -qc "CREATE DATABASE tls_only" >/dev/null
}

make_certificates
start_private_server
if ! psql "$shared/postgres" -qAtc 'SELECT 1' >/dev/null 2>&1; then
  echo "with-test-database: no PostgreSQL at ${shared#*@}; the private one on port $port serves the suite" >&2
  shared="$private"
fi
database="hiram_test_$$_$(date +%s)"
psql "$shared/postgres" -qc "CREATE DATABASE $database" >/dev/null

TEST_DATABASE_URL="$shared/$database" \
  TEST_TLS_DATABASE_URL="postgres://postgres@localhost:$port/tls_only?hostaddr=127.0.0.1" \
  TEST_TLS_ROOT_CERT="$work/root.crt" \
  TEST_TLS_OTHER_ROOT_CERT="$work/other-root.crt" \
  "$@"
