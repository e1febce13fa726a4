#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets (preset `fuzz`: clang-14, AddressSanitizer + UBSan) and runs each
# for a bounded number of inputs on a copy of its seed corpus (tests/fuzz/corpus/NAME). Fails on
# any finding: a crash, a sanitizer report, a broken invariant, a leak, a timeout or running out
# of memory. The test suite (CI) runs the same inputs every time: a fixed seed and a fixed number
# of runs, so that a red run always means a bug found again, never the luck of the draw. To hunt
# for new bugs, give another seed and more time: PE_FUZZ_SEED=0 (random) PE_FUZZ_RUNS=-1.
#   PE_FUZZ_SEED      libFuzzer's seed (default 1; 0 picks one at random)
#   PE_FUZZ_RUNS      inputs per fuzzer (default 400000; -1 until the time is up)
#   PE_FUZZ_SECONDS   the most seconds per fuzzer (default 120)
#   PE_FUZZ_KEEP      a folder to keep the grown corpora and any crashing inputs in (optional)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
pe_install_missing

seconds="${PE_FUZZ_SECONDS:-120}"
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -ge 1 ] \
    || { echo "fuzz: PE_FUZZ_SECONDS='$seconds' is not a whole number of seconds (1 or more)" >&2; exit 2; }
seed="${PE_FUZZ_SEED:-1}"
[[ "$seed" =~ ^[0-9]+$ ]] || { echo "fuzz: PE_FUZZ_SEED='$seed' is not a whole number (0 for a random seed)" >&2; exit 2; }
runs="${PE_FUZZ_RUNS:-400000}"
[[ "$runs" =~ ^(-1|[0-9]+)$ ]] || { echo "fuzz: PE_FUZZ_RUNS='$runs' is not a whole number of inputs (-1 for no limit)" >&2; exit 2; }

cd "$PE_ROOT"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

work="$(mktemp -d /tmp/pe-fuzz.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# The command-line fuzzer names session files relative to its working folder.
cp tests/fuzz/corpus/session/good-*.pe.json "$work/"

# One fuzzer per core, two at a time: each has its own seed, corpus and log, so running them side
# by side changes nothing of what each one does, and CI waits half as long.
fuzz_one() {
    local name="$1" corpus="$work/corpus-$1" artifacts="$work/artifacts-$1"
    mkdir -p "$corpus" "$artifacts"
    cp tests/fuzz/corpus/"$name"/* "$corpus/"
    echo "fuzz: fuzz_$name, seed $seed, $runs inputs (at most ${seconds} s), from $(ls "$corpus" | wc -l) seed inputs"
    (cd "$work" && ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
        "$PE_ROOT/build/fuzz/tests/fuzz/fuzz_$name" -seed="$seed" -runs="$runs" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" \
        >"$work/fuzz_$name.log" 2>&1)
}

names=(session cli tableheader ropeconfig checkpoint)
declare -A pid_of
running=0
for name in "${names[@]}"; do
    if [ "$running" -ge 2 ]; then wait -n || true; running=$((running - 1)); fi
    fuzz_one "$name" & pid_of[$name]=$!
    running=$((running + 1))
done

status=0
for name in "${names[@]}"; do
    if ! wait "${pid_of[$name]}"; then
        status=1
        echo "fuzz: fuzz_$name FOUND A PROBLEM; the end of its log:" >&2
        tail -n 40 "$work/fuzz_$name.log" >&2
        ls -l "$work/artifacts-$name" >&2
    fi
    echo "fuzz: fuzz_$name:"
    grep -E "^stat::number_of_executed_units|^stat::new_units_added|^Done [0-9]+ runs" "$work/fuzz_$name.log" || true
    if [ -n "${PE_FUZZ_KEEP:-}" ]; then
        mkdir -p "$PE_FUZZ_KEEP/$name"
        cp -r "$work/corpus-$name" "$work/artifacts-$name" "$work/fuzz_$name.log" "$PE_FUZZ_KEEP/$name/"
    fi
done
[ "$status" -eq 0 ] && echo "fuzz: no findings" || echo "fuzz: findings above" >&2
exit "$status"
