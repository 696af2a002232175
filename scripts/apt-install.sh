#!/usr/bin/env bash
# Installs Debian packages the tests need, as root or through sudo.
set -euo pipefail
as_root=()
if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "$@"
