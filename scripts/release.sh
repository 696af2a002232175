#!/usr/bin/env bash
# Builds the Debian package an operations team installs with apt or dpkg
# (issue 32; decision 083): hiram_<version>_amd64.deb, from the files of
# packaging/debian/, the server binary and the built pages.
#
#   scripts/release.sh                      (make release: the release build,
#                                            into target/release/)
#   scripts/release.sh --profile debug --out DIR
#
# --profile debug packages the debug binary `make test` has already built
# (the install test, scripts/release-install-test.sh, uses it): a release
# build takes some ten minutes on two cores and the test checks the
# packaging, not the optimiser. Such a package's version ends in "~debug",
# which sorts before the release build of the same commit, so it never
# upgrades over one.
#
# The version is the hiram crate's (server/app/Cargo.toml) and the commit:
# 0.1.0+git20261128025254.c2d5785d1e2f, the commit's time (UTC) ordering
# the builds and its hash naming the source; ".modified" is added when the
# files that go into the package differ from that commit. The pages must be
# built first (make web; make release does). Prints the package's path last.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

profile=release
out="$root/target/release"
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) profile=${2:?--profile needs release or debug}; shift 2 ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    *) echo "usage: scripts/release.sh [--profile release|debug] [--out DIR]" >&2; exit 2 ;;
  esac
done
case "$profile" in
  release) cargo build --release --locked -p hiram; binary=target/release/hiram ;;
  debug) cargo build --locked -p hiram; binary=target/debug/hiram ;;
  *) echo "release: --profile is release or debug, not $profile" >&2; exit 2 ;;
esac
for part in app site console; do
  [ -f "web/$part/dist/index.html" ] || { echo "release: web/$part/dist is not built; make web" >&2; exit 1; }
done

crate_version=$(sed -n 's/^version = "\([^"]*\)"$/\1/p' server/app/Cargo.toml | head -n 1)
[ -n "$crate_version" ] || { echo "release: no version in server/app/Cargo.toml" >&2; exit 1; }
commit_time=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S)
commit=$(git rev-parse --short=12 HEAD)
version="$crate_version+git$commit_time.$commit"
if [ -n "$(git status --porcelain -- server web packaging Cargo.toml Cargo.lock)" ]; then
  version+=".modified"
fi
[ "$profile" = debug ] && version+="~debug"

stage=$(mktemp -d /tmp/hiram-release.XXXXXX)
trap 'rm -rf "$stage"' EXIT
pkg="$stage/hiram"
src=packaging/debian

# Files, with the modes they install with; dpkg-deb --root-owner-group makes
# every owner root (postinst gives the secrets file to the hiram group).
install -D -m 0755 "$binary" "$pkg/usr/bin/hiram"
[ "$profile" = release ] && strip --strip-unneeded "$pkg/usr/bin/hiram"
for part in app site console; do
  mkdir -p "$pkg/usr/share/hiram/web/$part"
  cp -r "web/$part/dist" "$pkg/usr/share/hiram/web/$part/dist"
done
install -D -m 0644 "$src/hiram.toml" "$pkg/etc/hiram/hiram.toml"
install -D -m 0640 "$src/hiram.env" "$pkg/etc/hiram/hiram.env"
install -D -m 0644 "$src/nginx-site" "$pkg/etc/nginx/sites-available/hiram"
for unit in hiram.service hiram@.service hiram-daily.service hiram-daily.timer hiram-backup.service hiram-backup.timer; do
  install -D -m 0644 "$src/$unit" "$pkg/lib/systemd/system/$unit"
done
install -D -m 0644 "$src/README.Debian" "$pkg/usr/share/doc/hiram/README.Debian"
install -d -m 0755 "$pkg/var/cache/nginx/hiram"
find "$pkg/usr/share/hiram" -type d -exec chmod 0755 {} + -o -type f -exec chmod 0644 {} +

# The control files.
mkdir -p "$pkg/DEBIAN"
install -m 0755 "$src/postinst" "$src/prerm" "$src/postrm" "$pkg/DEBIAN/"
install -m 0644 "$src/conffiles" "$pkg/DEBIAN/conffiles"
# The libraries the binary links (libc6, libgcc-s1, ...), as dpkg-shlibdeps
# finds them; it wants a debian/control to read, so it gets a throwaway one.
mkdir -p "$stage/shlibs/debian"
printf 'Source: hiram\n\nPackage: hiram\nArchitecture: amd64\n' >"$stage/shlibs/debian/control"
shlibs=$(cd "$stage/shlibs" && dpkg-shlibdeps -O "$pkg/usr/bin/hiram" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "release: dpkg-shlibdeps found no libraries for the binary" >&2; exit 1; }
installed_size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@INSTALLED_SIZE@/$installed_size/" -e "s/@SHLIBS@/$shlibs/" \
  "$src/control.in" >"$pkg/DEBIAN/control"
# Checksums of every file but the conffiles, for debsums and dpkg --verify.
(cd "$pkg" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | sort |
  grep -vxF -f <(sed 's|^/||' DEBIAN/conffiles) | xargs -d '\n' md5sum >DEBIAN/md5sums)

mkdir -p "$out"
deb="$out/hiram_${version}_amd64.deb"
# xz for what is shipped; the install test's debug package (a binary of
# 120 MB) takes two minutes that way, a few seconds with gzip -1.
compression=(-Zxz)
[ "$profile" = debug ] && compression=(-Zgzip -z1)
dpkg-deb --root-owner-group "${compression[@]}" --build "$pkg" "$deb" >/dev/null
echo "release: $(du -h "$deb" | cut -f1) package, version $version ($profile build)" >&2
echo "$deb"
