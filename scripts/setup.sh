#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian 12 packages PE Explorer needs (only those missing, so a second run is
# quick) and builds the given CMake preset (default: release), or only the given targets of it.
# Sourced by run.sh and test.sh. Every package a test uses is listed here: a fresh Debian 12
# passes the whole suite with nothing installed by hand (scripts/test-fresh.sh proves it).
set -euo pipefail

PE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PE_PACKAGES=(
    build-essential cmake
    qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-translations-l10n qt6-multimedia-dev
    libqcustomplot-dev libeigen3-dev libgl-dev libfftw3-dev
    fonts-dejavu-core fonts-noto-cjk
    xvfb xauth
    at-spi2-core python3-pyatspi gir1.2-atspi-2.0 dbus-daemon
    python3 python3-numpy poppler-utils librsvg2-bin
    clang-14 libclang-rt-14-dev
)

pe_install_missing() {
    local missing=()
    for package in "${PE_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
            || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "setup: installing ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
        sudo=(sudo)
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# pe_build [PRESET [TARGET…]]: configure and build PRESET (release), all of it or only TARGETs.
pe_build() {
    local preset="${1:-release}"
    shift || true
    local targets=()
    [ $# -gt 0 ] && targets=(--target "$@")
    cd "$PE_ROOT"
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset" "${targets[@]}"
}
