#!/usr/bin/env bash
# The install test of the Debian package (issue 32; decision 083): builds
# the package (scripts/release.sh --profile debug: the debug binary make
# test has built, not a ten-minute release build), installs it with dpkg
# into a scratch root, and checks what an operator would get:
#
#   1. the package holds every file it should, and dpkg installs it: the
#      maintainer scripts make the hiram user and group, /var/lib/hiram
#      (0750, hiram's), /etc/hiram/hiram.env (0640 root:hiram); installing
#      it again changes nothing (the upgrade path); dpkg --verify passes;
#   2. systemd-analyze verify passes on the four installed units, and
#      systemd-analyze security rates hiram.service's exposure;
#   3. hiram check-config reads the installed /etc/hiram/hiram.toml as it
#      is: it refuses to start until server.public_url is set, and accepts
#      it with one;
#   4. nginx -t passes on the installed site, wrapped in a minimal
#      nginx.conf, with a self-signed certificate made for the run;
#   5. the installed binary, started with the installed unit's command
#      line and environment, as the hiram user's ids, with no capabilities,
#      no new privileges and no writable-executable memory (the unit's
#      User=, CapabilityBoundingSet=, NoNewPrivileges=,
#      MemoryDenyWriteExecute=), serves through the installed nginx site:
#      http sends to https, /readyz answers, a hashed asset is cached by
#      nginx, /metrics is refused there, and the borrower journey
#      (e2e/tests/journey.spec.ts, Playwright) passes over https against
#      a scratch SQLite database with the demo seeded;
#   6. purging removes the state and the conffiles, and keeps the user.
#
# The scratch root is not a system: dpkg runs the maintainer scripts
# outside it (--force-script-chrootless, with DPKG_ROOT set: the scripts
# prefix their paths with it), and ignores the dependencies (--force-depends:
# its dpkg database knows no libc6 or passwd). Nothing is installed on this
# machine and no system user is made here.
#
# Only port numbers and paths (the scratch root in front of the installed
# ones, nginx's logs in the scratch folder) are rewritten in the copies of
# the installed files the processes read; the script prints each
# difference. The demo needs a few settings production refuses, given as
# APP_ variables, as an operator's hiram.env would: development, demo
# seeding, the sandbox collector and payout gateway, a sandbox secret and a
# clock file (for the journey's 46 days), as scripts/fleet.sh sets them;
# server.public_url stays empty, as there: with an https one the session
# cookie is named __Host-hiram_session, which the suite's pageSession()
# does not look for.
# Everything started is stopped at the end, whatever happened.
#
#   scripts/release-install-test.sh      (make release-install)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
# dpkg's scripts give files to the package's user, and the server runs as
# that user's ids: root's work (through sudo for anyone else).
if [ "$(id -u)" != 0 ]; then
  exec sudo --preserve-env "$0" "$@"
fi
command -v nginx >/dev/null || scripts/apt-install.sh nginx
command -v openssl >/dev/null || scripts/apt-install.sh openssl
command -v systemd-analyze >/dev/null || scripts/apt-install.sh systemd

started=$(date +%s)
step() { echo "release-install [$(($(date +%s) - started)) s]: $*"; }
fail() {
  echo "release-install: FAILED: $*" >&2
  exit 1
}

work=$(mktemp -d /tmp/hiram-install.XXXXXX)
# nginx's workers (nobody) and the server (the scratch hiram user) read
# files under it.
chmod 755 "$work"
sys="$work/root"
server_pid=""
nginx_pid=""
cleanup() {
  local status=$?
  # Either may have exited already (kill fails) or been killed (wait returns 143).
  [ -n "$nginx_pid" ] && { kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; }
  [ -n "$server_pid" ] && { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }
  if [ "$status" != 0 ]; then
    for log in "$work/server.log" "$work/nginx/error.log" "$work/nginx/hiram.error.log" "$work/dpkg.log"; do
      [ -s "$log" ] && { echo "== $log" >&2; tail -n 30 "$log" >&2; }
    done
  fi
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
server_port=$(free_port)
http_port=$(free_port)
https_port=$(free_port)
while [ "$https_port" = "$http_port" ] || [ "$server_port" = "$http_port" ] || [ "$server_port" = "$https_port" ]; do
  https_port=$(free_port)
done

# The one rewrite of installed files: the scratch root in front of the
# installed paths, nginx's logs into the scratch folder, free ports.
# Comments are left as they are.
rewrite() {
  sed -e '/^[[:space:]]*#/b' \
    -e "s|/etc/hiram/|$sys/etc/hiram/|g" \
    -e "s|/var/lib/hiram|$sys/var/lib/hiram|g" \
    -e "s|/usr/share/hiram/|$sys/usr/share/hiram/|g" \
    -e "s|/usr/bin/hiram|$sys/usr/bin/hiram|g" \
    -e "s|/var/cache/nginx/hiram|$sys/var/cache/nginx/hiram|g" \
    -e "s|/var/log/nginx/|$work/nginx/|g" \
    -e "s|^port = 8080$|port = $server_port|" \
    -e "s|server 127.0.0.1:8080;|server 127.0.0.1:$server_port;|" \
    -e "s|listen 80;|listen $http_port;|; s|listen \[::\]:80;|listen [::]:$http_port;|" \
    -e "s|listen 443 |listen $https_port |; s|listen \[::\]:443 |listen [::]:$https_port |" \
    "$1" >"$2"
  echo "  rewritten for the test (${1#"$sys"}):"
  # diff exits 1 when the files differ, which is the point here.
  diff -U0 "$1" "$2" | grep '^[-+][^-+]' | sed 's/^/    /' || true
}

step "building the package from the debug binary"
deb=$(scripts/release.sh --profile debug --out "$work")
step "package: ${deb##*/}, $(du -k "$deb" | cut -f1) KiB"
dpkg-deb --field "$deb" Version Depends Recommends | sed 's/^/  /'
contents=$(dpkg-deb --contents "$deb" | awk '{ print $1, $6 }')
for expected in "-rwxr-xr-x ./usr/bin/hiram" "-rw-r--r-- ./etc/hiram/hiram.toml" "-rw-r----- ./etc/hiram/hiram.env" \
  "-rw-r--r-- ./etc/nginx/sites-available/hiram" "-rw-r--r-- ./lib/systemd/system/hiram.service" \
  "-rw-r--r-- ./lib/systemd/system/hiram@.service" "-rw-r--r-- ./lib/systemd/system/hiram-daily.service" \
  "-rw-r--r-- ./lib/systemd/system/hiram-daily.timer" "-rw-r--r-- ./lib/systemd/system/hiram-backup.service" \
  "-rw-r--r-- ./lib/systemd/system/hiram-backup.timer" "-rw-r--r-- ./usr/share/hiram/web/app/dist/index.html" \
  "-rw-r--r-- ./usr/share/hiram/web/site/dist/index.html" "-rw-r--r-- ./usr/share/hiram/web/console/dist/index.html"; do
  grep -qxF -- "$expected" <<<"$contents" || fail "the package lacks $expected"
done
[ "$(dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./conffiles)" = "$(cat packaging/debian/conffiles)" ] ||
  fail "the package's conffiles are not packaging/debian/conffiles"
echo "  every file in place, with its mode; conffiles: $(dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./conffiles | tr '\n' ' ')"

step "installing into the scratch root $sys"
mkdir -p "$sys/etc" "$sys/var/lib/dpkg/info" "$sys/var/lib/dpkg/updates" "$sys/var/lib/dpkg/triggers" "$sys/var/log"
touch "$sys/var/lib/dpkg/status" "$sys/var/lib/dpkg/available"
# A system's user files as Debian's base-passwd starts them (root, nginx's www-data).
printf 'root:x:0:0:root:/root:/bin/bash\nwww-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\n' >"$sys/etc/passwd"
printf 'root:x:0:\nwww-data:x:33:\n' >"$sys/etc/group"
printf 'root:*:19000:0:99999:7:::\nwww-data:*:19000:0:99999:7:::\n' >"$sys/etc/shadow"
printf 'root:*::\nwww-data:*::\n' >"$sys/etc/gshadow"
chmod 640 "$sys/etc/shadow" "$sys/etc/gshadow"
cp /etc/login.defs "$sys/etc/login.defs"
dpkg_root() { dpkg --root="$sys" --log="$work/dpkg.log" --force-script-chrootless --force-depends "$@"; }
dpkg_root -i "$deb" >"$work/dpkg-install.log" 2>&1 || { cat "$work/dpkg-install.log" >&2; fail "dpkg -i"; }
uid=$(awk -F: '$1 == "hiram" { print $3 }' "$sys/etc/passwd")
gid=$(awk -F: '$1 == "hiram" { print $3 }' "$sys/etc/group")
if [ -z "$uid" ] || [ -z "$gid" ]; then fail "postinst made no hiram user and group"; fi
grep -q "^hiram:x:$uid:$gid:[^:]*:/var/lib/hiram:/usr/sbin/nologin$" "$sys/etc/passwd" || fail "the hiram user: $(grep '^hiram:' "$sys/etc/passwd")"
[ "$(stat -c '%u:%g %a' "$sys/var/lib/hiram")" = "$uid:$gid 750" ] || fail "/var/lib/hiram is $(stat -c '%u:%g %a' "$sys/var/lib/hiram")"
[ "$(stat -c '%u:%g %a' "$sys/etc/hiram/hiram.env")" = "0:$gid 640" ] || fail "hiram.env is $(stat -c '%u:%g %a' "$sys/etc/hiram/hiram.env")"
[ "$(stat -c '%u %a' "$sys/var/cache/nginx/hiram")" = "33 755" ] || fail "nginx's cache folder is $(stat -c '%u %a' "$sys/var/cache/nginx/hiram")"
echo "  postinst: user hiram ($uid) in group hiram ($gid), home /var/lib/hiram 0750 theirs, hiram.env 0640 root:hiram, nginx cache www-data's"
dpkg_root -i "$deb" >>"$work/dpkg-install.log" 2>&1 || { cat "$work/dpkg-install.log" >&2; fail "dpkg -i again"; }
if [ "$(grep -c '^hiram:' "$sys/etc/passwd")" != 1 ] || [ "$(grep -c '^hiram:' "$sys/etc/group")" != 1 ]; then
  fail "installing again made a second hiram user or group"
fi
[ "$(stat -c '%u:%g %a' "$sys/etc/hiram/hiram.env")" = "0:$gid 640" ] || fail "hiram.env after reinstalling: $(stat -c '%u:%g %a' "$sys/etc/hiram/hiram.env")"
dpkg --root="$sys" --verify hiram || fail "dpkg --verify: installed files differ from the package's checksums"
echo "  installed again (the upgrade path): the same user, group and modes; dpkg --verify passes"
dpkg --root="$sys" -s hiram | grep -E '^(Status|Version):' | sed 's/^/  /'

step "systemd-analyze verify on the installed units"
# systemd's own units (sysinit.target and the like), which verify loads
# from the root it is given, as a system with systemd has them.
cp -an /lib/systemd/system/. "$sys/lib/systemd/system/"
# The programs of Debian's essential packages the backup unit runs (dash,
# findutils), which any system the package installs on has.
for program in /bin/sh /usr/bin/find; do install -D "$(readlink -f "$program")" "$sys$program"; done
units=(hiram.service hiram@8081.service hiram-daily.service hiram-daily.timer hiram-backup.service hiram-backup.timer)
# The template is verified as an instance; its file goes in under that name.
cp "$sys/lib/systemd/system/hiram@.service" "$work/hiram@8081.service"
verified=()
for unit in "${units[@]}"; do
  file="$sys/lib/systemd/system/$unit"
  [ "$unit" = hiram@8081.service ] && file="$work/hiram@8081.service"
  if ! systemd-analyze verify --root="$sys" --man=no "$file" >"$work/verify.log" 2>&1 || [ -s "$work/verify.log" ]; then
    cat "$work/verify.log" >&2
    fail "systemd-analyze verify $unit"
  fi
  verified+=("$unit")
done
echo "  verified, no warnings: ${verified[*]}"
# The template's hardening is the plain unit's, line for line.
diff <(sed -n '/^\[Service\]/,/^\[Install\]/p' "$sys/lib/systemd/system/hiram.service" | grep -v '^#' | grep -v '^Environment=APP_SERVER__PORT') \
  <(sed -n '/^\[Service\]/,/^\[Install\]/p' "$sys/lib/systemd/system/hiram@.service" | grep -v '^#' | grep -v '^Environment=APP_SERVER__PORT') >/dev/null ||
  fail "hiram@.service's [Service] differs from hiram.service's beyond its port"
exposure=$(systemd-analyze security --offline=true --root="$sys" --no-pager hiram.service 2>/dev/null | tail -n 1)
echo "  hiram@.service's [Service] is hiram.service's but for the port; systemd-analyze security: ${exposure#→ }"
level=$(sed -n 's/.*exposure level for hiram.service: \([0-9.]*\).*/\1/p' <<<"$exposure")
if [ -z "$level" ] || ! awk -v level="$level" 'BEGIN { exit !(level < 2.5) }'; then
  fail "hiram.service's exposure is not below 2.5: $exposure"
fi

step "hiram check-config on the installed /etc/hiram/hiram.toml, as it is"
# As the service does: the secrets file's variables, then APP_CONFIG_FILE.
check_config() {
  # shellcheck disable=SC2016 # the inner shell expands them
  env -i PATH=/usr/bin:/bin sh -c 'set -a; . "$1"; shift; exec env "$@"' sh "$sys/etc/hiram/hiram.env" \
    APP_CONFIG_FILE="$sys/etc/hiram/hiram.toml" "$@" "$sys/usr/bin/hiram" check-config
}
if check_config >"$work/check.log" 2>&1; then
  fail "check-config accepted a production configuration with no server.public_url"
fi
grep -q 'needs server.public_url' "$work/check.log" || { cat "$work/check.log" >&2; fail "check-config refused for another reason"; }
echo "  as installed it refuses to start until the operator sets server.public_url: $(cut -c1-90 "$work/check.log")..."
check_config APP_SERVER__PUBLIC_URL=https://hiram.example.ph >"$work/check.log" 2>&1 || { cat "$work/check.log" >&2; fail "check-config with public_url"; }
for setting in 'environment: Production' 'port: 8080' 'host: "127.0.0.1"' 'trusted_proxies: "127.0.0.1"' \
  'dist_root: "/usr/share/hiram/web"' 'dir: "/var/lib/hiram/uploads"' 'seed_on_empty: false' \
  'collections: Off' 'gateway: Xendit' 'daily_interval_minutes: 60'; do
  grep -qF "$setting" "$work/check.log" || { cat "$work/check.log" >&2; fail "check-config does not show $setting"; }
done
echo "  with APP_SERVER__PUBLIC_URL it accepts it: production, 127.0.0.1:8080 behind 127.0.0.1, pages in /usr/share/hiram/web, uploads in /var/lib/hiram"

step "nginx -t on the installed site, with a self-signed certificate"
mkdir -p "$work/nginx"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=hiram.example.ph \
  -keyout "$sys/etc/hiram/tls/privkey.pem" -out "$sys/etc/hiram/tls/fullchain.pem" 2>/dev/null
# The site's key is root's; nginx's master process (root here) reads it.
chmod 600 "$sys/etc/hiram/tls/privkey.pem"
rewrite "$sys/etc/nginx/sites-available/hiram" "$work/nginx/hiram"
cat >"$work/nginx/nginx.conf" <<CONF
# The smallest nginx.conf around the installed site (Debian's includes
# sites-enabled/* inside http the same way).
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  client_body_temp_path $work/nginx/client_body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  include $work/nginx/hiram;
}
CONF
nginx -t -p "$work/nginx/" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" 2>&1 | sed 's/^/  /'
nginx -t -q -p "$work/nginx/" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" || fail "nginx -t"

step "starting the installed binary as the installed unit says, and nginx"
unit="$sys/lib/systemd/system/hiram.service"
rewrite "$sys/etc/hiram/hiram.toml" "$work/hiram.toml"
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
read -ra command <<<"$exec_start"
working_directory=$(sed -n 's/^WorkingDirectory=//p' "$unit")
environment=$(sed -n 's/^Environment=//p' "$unit")
if [ "$exec_start" != "/usr/bin/hiram serve" ] || [ "$environment" != "APP_CONFIG_FILE=/etc/hiram/hiram.toml" ]; then
  fail "the unit's ExecStart= or Environment= is not what this test runs: $exec_start / $environment"
fi
grep -q '^EnvironmentFile=-/etc/hiram/hiram.env$' "$unit" || fail "the unit reads no /etc/hiram/hiram.env"
for setting in User=hiram NoNewPrivileges=yes CapabilityBoundingSet= MemoryDenyWriteExecute=yes; do
  grep -qx "$setting" "$unit" || fail "the unit lost $setting, which this test imitates"
done
echo "  ExecStart=$exec_start, WorkingDirectory=$working_directory, Environment=$environment, EnvironmentFile=-/etc/hiram/hiram.env"
echo 0 >"$work/clock-offset"
sandbox_secret="install-$(date +%s%N)"
# The unit's command, environment and working folder, paths in the scratch
# root; as hiram's ids with no capabilities and no new privileges
# (setpriv), no writable-executable memory (prctl PR_SET_MDWE, which
# execve keeps), the secrets file read as systemd's EnvironmentFile= would.
(
  cd "$sys$working_directory"
  # shellcheck disable=SC2016 # the inner shell expands them
  exec env -i PATH=/usr/bin:/bin sh -c 'set -a; . "$1"; shift; exec env "$@"' sh "$sys/etc/hiram/hiram.env" \
    "APP_CONFIG_FILE=$work/hiram.toml" \
    APP_SERVER__ENVIRONMENT=development APP_DEMO__SEED_ON_EMPTY=true \
    APP_PAYMENTS__COLLECTIONS=sandbox APP_PAYMENTS__GATEWAY=sandbox APP_PAYMENTS__SANDBOX_SECRET="$sandbox_secret" \
    APP_CLOCK__OFFSET_FILE="$work/clock-offset" \
    python3 -c 'import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(65, 1, 0, 0, 0) != 0:  # PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN
    sys.exit("PR_SET_MDWE: %s" % os.strerror(ctypes.get_errno()))
os.execv(sys.argv[1], sys.argv[1:])' \
    /usr/bin/setpriv --reuid="$uid" --regid="$gid" --clear-groups --no-new-privs \
    --inh-caps=-all --ambient-caps=-all --bounding-set=-all \
    "$sys${command[0]}" "${command[@]:1}"
) >"$work/server.log" 2>&1 &
server_pid=$!
nginx -p "$work/nginx/" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
nginx_pid=$!
base="https://127.0.0.1:$https_port"
for _ in $(seq 600); do
  curl -kfs -o /dev/null "$base/readyz" && break
  kill -0 "$server_pid" 2>/dev/null || fail "the server stopped before it was ready"
  kill -0 "$nginx_pid" 2>/dev/null || fail "nginx stopped"
  sleep 0.1
done
curl -kfs -o /dev/null "$base/readyz" || fail "$base/readyz did not answer within 60 s"
[ -f "$sys/var/lib/hiram/hiram.sqlite3" ] || fail "no database in /var/lib/hiram"
[ "$(stat -c %u "$sys/var/lib/hiram/hiram.sqlite3")" = "$uid" ] || fail "the database is not the hiram user's"
echo "  the installed binary (pid $server_pid, uid $uid, no capabilities) answers /readyz through nginx at $base; the database is /var/lib/hiram/hiram.sqlite3, hiram's"

step "checks through the installed nginx site"
location=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$http_port/loanDetails?x=1")
[ "$location" = "301 https://127.0.0.1/loanDetails?x=1" ] || fail "plain http answered $location"
echo "  http:// → $location"
asset=$(grep -o '/app/assets/[^"]*\.js' "$sys/usr/share/hiram/web/app/dist/index.html" | head -n 1)
[ -n "$asset" ] || fail "no hashed asset in the borrower page"
curl -ks -o /dev/null -H 'Accept-Encoding: br' "$base$asset"
headers=$(curl -ks -D - -o /dev/null -H 'Accept-Encoding: br' "$base$asset" | tr -d '\r')
grep -qi '^x-cache-status: HIT' <<<"$headers" || { echo "$headers" >&2; fail "nginx did not cache $asset"; }
grep -qi '^cache-control: public, max-age=31536000, immutable' <<<"$headers" || fail "$asset lost its Cache-Control"
grep -qi '^content-encoding: br' <<<"$headers" || fail "$asset was not served brotli-compressed"
# Each client gets an encoding it asked for, whatever is already cached.
for encoding in gzip identity; do
  got=$(curl -ks -D - -o /dev/null -H "Accept-Encoding: $encoding" "$base$asset" | tr -d '\r' |
    sed -n 's/^content-encoding: //Ip')
  [ "${got:-identity}" = "$encoding" ] || fail "asked for $encoding, $asset came as ${got:-identity}"
done
echo "  $asset: a HIT of nginx's cache the second time, brotli, Cache-Control: public, max-age=31536000, immutable;"
echo "    asked for gzip or for no encoding, the cache answers with that"
page_headers=$(curl -ks -D - -o /dev/null "$base/loanDetails" | tr -d '\r')
grep -qi '^content-security-policy:' <<<"$page_headers" || fail "the pages lost their Content-Security-Policy"
[ "$(curl -ks -o /dev/null -w '%{http_code}' -H 'Authorization: Bearer x' "$base/metrics")" = 403 ] || fail "/metrics is not refused by nginx"
echo "  pages keep the server's Content-Security-Policy; /metrics answers 403 at nginx"
[ "$(curl -ks -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/octet-stream' \
  --data-binary @<(head -c $((13 * 1024 * 1024)) /dev/zero) "$base/pany/uploads/identity")" = 413 ] ||
  fail "a 13 MB body was not refused by nginx (client_max_body_size 12m)"
echo "  a 13 MB body: 413 at nginx (client_max_body_size 12m, above uploads.max_megabytes = 10)"

step "the borrower journey through the installed nginx site, over https"
(cd e2e && E2E_BASE_URL="$base" E2E_IGNORE_HTTPS_ERRORS=1 \
  E2E_DATABASE_URL="sqlite://$sys/var/lib/hiram/hiram.sqlite3" E2E_CLOCK_FILE="$work/clock-offset" \
  npx playwright test --output "$work/e2e-results" tests/journey.spec.ts)

step "purging the package"
# Stopped on purpose: their exit status (143) is not a failure.
kill "$nginx_pid" 2>/dev/null || true
wait "$nginx_pid" 2>/dev/null || true
nginx_pid=""
kill "$server_pid" 2>/dev/null || true
wait "$server_pid" 2>/dev/null || true
server_pid=""
grep -q '"message":"listening"' "$work/server.log" || grep -q 'listening' "$work/server.log" || fail "the server never logged listening"
dpkg_root --purge hiram >>"$work/dpkg-install.log" 2>&1 || { cat "$work/dpkg-install.log" >&2; fail "dpkg --purge"; }
for gone in /usr/bin/hiram /var/lib/hiram /etc/hiram /etc/nginx/sites-available/hiram /var/cache/nginx/hiram /lib/systemd/system/hiram.service; do
  [ ! -e "$sys$gone" ] || fail "$gone is left after purging"
done
grep -q '^hiram:' "$sys/etc/passwd" || fail "purging removed the hiram user"
echo "  purged: binary, pages, units, conffiles, /var/lib/hiram and nginx's cache gone; the hiram user kept"

step "passed"
