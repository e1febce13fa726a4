#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Debian package (cpack -G DEB from the release build; dependencies computed by
# dpkg-shlibdeps) and smoke-tests it: installs it with apt, runs the installed
# /usr/bin/pe-explorer (--version and an export), checks the desktop file, icons and AppStream
# metainfo it put in place, then removes the package again.
# Needs root or sudo for the install. PE_PACKAGE_ONLY=1 builds the .deb and stops.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
pe_install_missing
pe_build release

cd "$PE_ROOT/build/release"
rm -f pe-explorer_*.deb
cpack -G DEB >/dev/null
deb="$(ls "$PWD"/pe-explorer_*.deb)"
echo "package: $deb ($(du -k "$deb" | cut -f1) KiB)"
dpkg-deb --field "$deb" Package Version Depends Recommends
[ "${PE_PACKAGE_ONLY:-0}" = 1 ] && exit 0

sudo=()
[ "$(id -u)" -ne 0 ] && sudo=(sudo)
app_id=io.github.peexplorer.PEExplorer
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb"
trap '"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq pe-explorer' EXIT

/usr/bin/pe-explorer --version
out="$(mktemp -d)"
/usr/bin/pe-explorer --export "$out/smoke.png" --d-model 128 --max-len 256
/usr/bin/pe-explorer --export "$out/smoke.npy"
python3 -c "import numpy, sys; a = numpy.load(sys.argv[1]); assert a.shape == (100, 64), a.shape; print('installed export:', a.shape, a.dtype)" "$out/smoke.npy"
echo "installed export: smoke.png, $(stat -c %s "$out/smoke.png") bytes"
rm -r "$out"
for f in /usr/share/applications/$app_id.desktop /usr/share/metainfo/$app_id.metainfo.xml \
         /usr/share/icons/hicolor/scalable/apps/$app_id.svg /usr/share/icons/hicolor/{16x16,48x48,256x256,512x512}/apps/$app_id.png; do
    [ -s "$f" ] || { echo "package: $f is missing" >&2; exit 1; }
done
if command -v desktop-file-validate >/dev/null; then desktop-file-validate /usr/share/applications/$app_id.desktop; fi
if command -v appstreamcli >/dev/null; then appstreamcli validate --no-net /usr/share/metainfo/$app_id.metainfo.xml; fi
echo "package: install, run and desktop files OK; removing it again"
