#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Proves the Debian package installs and runs on a fresh Debian 12 system, not just on a
# machine where the build already put Qt and fonts: debootstraps a minimal bookworm root,
# installs the .deb there with apt (so its Depends line alone must bring everything), runs
# --version and exports to every format as root and as an unprivileged user, checks the files
# and the installed desktop files, starts the window under Xvfb, and removes the package.
#   scripts/test-deb-fresh.sh [pe-explorer_X_amd64.deb]   (no argument: builds it with package.sh)
# Needs root (or sudo) and the network (the Debian mirror). Slow (minutes): run on demand,
# not from .ci/run. Environment:
#   PE_BOOKWORM_TARBALL  a pristine root as .tar.gz: reused if it exists, else created there
#                        after debootstrap (default: debootstrap every time, keep nothing)
#   PE_DEBIAN_MIRROR     default http://deb.debian.org/debian
#   PE_KEEP_OUTPUT=DIR   copy the exported files to DIR before cleaning up
set -euo pipefail

PE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$(id -u)" -ne 0 ]; then
    exec sudo --preserve-env=PE_BOOKWORM_TARBALL,PE_DEBIAN_MIRROR,PE_KEEP_OUTPUT "$0" "$@"
fi
mirror="${PE_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
tarball="${PE_BOOKWORM_TARBALL:-}"
app_id=io.github.peexplorer.PEExplorer

if [ $# -ge 1 ]; then
    deb="$(realpath "$1")"
else
    PE_PACKAGE_ONLY=1 "$PE_ROOT/scripts/package.sh"
    deb="$(ls "$PE_ROOT"/build/release/pe-explorer_*.deb)"
fi
[ -s "$deb" ] || { echo "fresh-deb: no package at '$deb'" >&2; exit 1; }

work="$(mktemp -d /var/tmp/pe-fresh-deb.XXXXXX)"
root="$work/root"
mkdir "$root"

# Never delete the root while anything is still mounted inside it (the /dev bind mount would
# take the host's device nodes with it).
cleanup() {
    local status=$?
    set +e
    for m in dev/pts dev sys proc; do
        mountpoint -q "$root/$m" && umount -l "$root/$m"
    done
    if findmnt -rn -o TARGET | grep -q "^$root"; then
        echo "fresh-deb: mounts left under $root, not deleting it" >&2
        status=1
    else
        rm -rf --one-file-system "$work"
    fi
    exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

step() { echo "== fresh-deb: $*"; }
fail() { echo "fresh-deb: FAILED: $*" >&2; exit 1; }
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
as_user() { chroot --userspec=nobody:nogroup "$root" env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 "$@"; }

if [ -n "$tarball" ] && [ -s "$tarball" ]; then
    step "unpacking the pristine root $tarball"
    tar -C "$root" -xzf "$tarball"
else
    command -v debootstrap >/dev/null \
        || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
    step "debootstrap --variant=minbase bookworm from $mirror"
    debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" \
        || { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap"; }
    if [ -n "$tarball" ]; then
        tar -C "$root" -czf "$tarball.part" . && mv "$tarball.part" "$tarball"
        step "saved the pristine root as $tarball"
    fi
fi

# What a fresh installation's apt sees: the release, its updates and security.
security="${mirror%/debian}/debian-security"
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"

step "apt-get install ./$(basename "$deb") (only what its Depends bring)"
cp "$deb" "$root/tmp/"
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    "./tmp/$(basename "$deb")" >"$work/apt.log" || { tail -30 "$work/apt.log" >&2; fail "apt-get install"; }
grep -E "newly installed|additional disk space" "$work/apt.log"

step "installed files"
for f in /usr/bin/pe-explorer /usr/share/applications/$app_id.desktop \
         /usr/share/metainfo/$app_id.metainfo.xml /usr/share/icons/hicolor/scalable/apps/$app_id.svg \
         /usr/share/icons/hicolor/{16x16,48x48,256x256,512x512}/apps/$app_id.png; do
    [ -s "$root$f" ] || fail "$f is missing"
    echo "  $f"
done
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$root/usr/share/applications/$app_id.desktop" || fail "desktop file"
fi
if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net "$root/usr/share/metainfo/$app_id.metainfo.xml" >/dev/null || fail "metainfo"
fi
missing_libs="$(in_root ldd /usr/bin/pe-explorer | grep 'not found' || true)"
[ -z "$missing_libs" ] || fail "unresolved libraries: $missing_libs"
for plugin in platforms/libqoffscreen.so platforms/libqxcb.so imageformats/libqsvg.so iconengines/libqsvgicon.so; do
    [ -e "$root/usr/lib/x86_64-linux-gnu/qt6/plugins/$plugin" ] || fail "Qt plugin $plugin is missing"
done
fonts="$(find "$root/usr/share/fonts" \( -name '*.ttf' -o -name '*.otf' -o -name '*.ttc' \) 2>/dev/null | wc -l)"
[ "$fonts" -gt 0 ] || fail "no fonts installed: figures would have no text"
echo "  font files in /usr/share/fonts: $fonts"

step "pe-explorer --version"
version="$(in_root pe-explorer --version)" || fail "--version"
echo "  $version"
[[ "$version" == *"$(dpkg-deb --field "$deb" Version)"* ]] || fail "--version does not name the package version"

step "exports (no display, as root and as user nobody)"
out="$root/tmp/out"
mkdir -m 1777 "$out"
in_root pe-explorer --export /tmp/out/a.png --d-model 128 --max-len 256 || fail "PNG export"
in_root pe-explorer --export /tmp/out/a.pdf || fail "PDF export"
in_root pe-explorer --export /tmp/out/a.svg --view waves || fail "SVG export"
in_root pe-explorer --export /tmp/out/a.npy --d-model 128 --max-len 256 || fail ".npy export"
as_user pe-explorer --export /tmp/out/user.csv --view similarity --max-len 32 || fail ".csv export as nobody"
as_user pe-explorer --export /tmp/out/user.png --view bands || fail "PNG export as nobody"
for f in a.png a.pdf a.svg a.npy user.csv user.png; do
    echo "  $f: $(stat -c %s "$out/$f") bytes, $(file -b "$out/$f")"
done
file -b "$out/a.png" | grep -q "^PNG image data" || fail "a.png is no PNG"
file -b "$out/a.pdf" | grep -q "^PDF document" || fail "a.pdf is no PDF"
grep -q "<svg" "$out/a.svg" || fail "a.svg is no SVG"
python3 - "$out" <<'EOF' || fail "export contents"
import struct, sys, pathlib
out = pathlib.Path(sys.argv[1])
png = (out / "a.png").read_bytes()
width, height = struct.unpack(">II", png[16:24])
assert width >= 400 and height >= 300, (width, height)
npy = (out / "a.npy").read_bytes()
assert npy[:6] == b"\x93NUMPY", npy[:6]
header = npy[10:10 + struct.unpack("<H", npy[8:10])[0]].decode()
assert "'<f8'" in header and "(256, 128)" in header, header
assert len(npy) == 10 + len(header) + 256 * 128 * 8, len(npy)
rows = (out / "user.csv").read_text().strip().splitlines()
assert len(rows) >= 32, len(rows)
print(f"  a.png {width}x{height}; a.npy {header.strip()}; user.csv {len(rows)} lines")
EOF
if command -v pdffonts >/dev/null; then
    pdffonts "$out/a.pdf" | tail -n +3 | grep -q . || fail "a.pdf embeds no fonts: its text is missing"
    echo "  a.pdf fonts: $(pdffonts "$out/a.pdf" | tail -n +3 | awk '{print $1}' | sort -u | tr '\n' ' ')"
fi
if [ -n "${PE_KEEP_OUTPUT:-}" ]; then
    mkdir -p "$PE_KEEP_OUTPUT" && cp "$out"/* "$PE_KEEP_OUTPUT/"
fi

# Only now anything beyond the package's own dependencies: Xvfb, to start the window.
step "the window under Xvfb (xcb platform plugin)"
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends xvfb xauth >/dev/null
set +e
in_root xvfb-run -a timeout 8 pe-explorer >"$work/window.log" 2>&1
status=$?
set -e
[ $status -eq 124 ] || { cat "$work/window.log" >&2; fail "the window exited with $status instead of running"; }
echo "  still running after 8 s; messages: $(wc -l <"$work/window.log") lines"
if [ -s "$work/window.log" ]; then sed 's/^/    /' "$work/window.log" | head -10; fi

step "apt-get remove pe-explorer"
in_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq pe-explorer >/dev/null || fail "remove"
[ ! -e "$root/usr/bin/pe-explorer" ] || fail "/usr/bin/pe-explorer left behind after remove"
echo "fresh-deb: OK — $(basename "$deb") installs, runs and exports on a fresh Debian 12"
