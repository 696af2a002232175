#!/usr/bin/env bash
# Builds the previous release's server (packaging/previous-release) into
# target/previous-release/debug/hiram and prints its path; a second call
# with the same commit builds nothing. Its sources come from git (the
# commit must be in this clone's history); its target folder starts as a
# hard-linked copy of target/debug less this release's own crates, so
# only what differs is compiled.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
read -r tag commit < <(grep -v '^#' packaging/previous-release)
out=target/previous-release
if [ -x "$out/debug/hiram" ] && [ "$(cat "$out/commit" 2>/dev/null)" = "$commit" ]; then
  echo "$root/$out/debug/hiram"
  exit 0
fi
git cat-file -e "$commit^{commit}" 2>/dev/null \
  || { echo "upgrade: the previous release $tag ($commit) is not in this clone's history; fetch it (git fetch --unshallow)" >&2; exit 1; }
rm -rf "$out" && mkdir -p "$out/source"
git archive "$commit" | tar -x -C "$out/source"
if [ -d target/debug ]; then
  cp -al target/debug "$out/debug"
  # Cargo names a workspace crate's build without its folder, so this
  # release's hiram crates would pass for the previous one's: they go.
  rm -rf "$out"/debug/.fingerprint/hiram* "$out"/debug/deps/*hiram* "$out"/debug/incremental/hiram* "$out"/debug/hiram
fi
echo "upgrade: building $tag ($commit) in $out" >&2
(cd "$out/source" && cargo build -q -p hiram --locked --target-dir "$root/$out") >&2
echo "$commit" >"$out/commit"
echo "$root/$out/debug/hiram"
