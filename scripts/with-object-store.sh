#!/usr/bin/env bash
# Runs a command with an S3-compatible object store ready for the test
# suites: scripts/object-store.sh starts SeaweedFS in a scratch folder and
# this exports its TEST_S3_* variables to the command, then stops it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/hiram-object-store.XXXXXX)
cleanup() {
  "$here/object-store.sh" stop "$work" || echo "with-object-store: could not stop the store in $work" >&2
  rm -rf "$work"
}
trap cleanup EXIT
exports=$("$here/object-store.sh" start "$work")
eval "$exports"
"$@"
