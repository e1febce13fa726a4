#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The window through AT-SPI, as Orca reads it (issue 50): scripts/atspi-walk.py in its own
# D-Bus session under Xvfb. Usage: scripts/atspi-walk.sh [PATH/TO/pe-explorer]
# Needs at-spi2-core, python3-pyatspi, dbus-daemon and xvfb (scripts/setup.sh installs them).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
program="$(realpath "${1:-$here/../build/release/app/pe-explorer}")"
# dbus-run-session starts the bus that the accessibility bus and its registry are started from;
# both end with it. It runs inside Xvfb so that the registry has the display to send keys and
# clicks to. Debian's python3 is the one with pyatspi.
exec xvfb-run -a -s "-screen 0 1366x768x24" dbus-run-session -- /usr/bin/python3 "$here/atspi-walk.py" "$program"
