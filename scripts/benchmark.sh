#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs the QBENCHMARK suites (core, frame parts and window) in the release build; not part of scripts/test.sh.
# Each result is the median of 5 runs (-median 5), in milliseconds of wall-clock time.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
pe_install_missing
pe_build release
cd "$PE_ROOT/build/release/tests/benchmarks"
QT_QPA_PLATFORM=offscreen ./bench_core -median 5 "$@"
QT_QPA_PLATFORM=offscreen ./bench_frame -median 5 "$@"
QT_QPA_PLATFORM=offscreen ./bench_window -median 5 "$@"
