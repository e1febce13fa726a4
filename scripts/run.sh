#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Quick start, part 1: install what is missing, build, and start PE Explorer.
# Arguments go to the program, e.g. scripts/run.sh --d-model 512 --max-len 2048
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
pe_install_missing
# Only the program: the tests and benchmarks are scripts/test.sh's to build.
pe_build release pe-explorer
exec "$PE_ROOT/build/release/app/pe-explorer" "$@"
