#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Quick start, part 2: install what is missing, build, and run the whole test suite, first in a
# release build, then under AddressSanitizer + UndefinedBehaviorSanitizer (with leak checks of
# start-up, export and shutdown, label "leaks"),
# then the libFuzzer targets on a fixed seed and a fixed number of inputs (scripts/fuzz.sh).
# PE_SKIP_SANITIZERS=1 runs the release suite only; PE_SKIP_FUZZ=1 leaves out the fuzzers.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
pe_install_missing
pe_build release
ctest --preset release
if [ "${PE_SKIP_SANITIZERS:-0}" != 1 ]; then
    pe_build asan
    ctest --preset asan
fi
if [ "${PE_SKIP_FUZZ:-0}" != 1 ]; then
    "$PE_ROOT/scripts/fuzz.sh"
fi
