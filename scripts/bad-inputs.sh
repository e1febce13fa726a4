#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Feeds the built pe-explorer one bad input after another and writes what a user sees (exit code
# and message) as a Markdown table to stdout: the catalogue in docs/bad-inputs.md is made by
#   scripts/bad-inputs.sh > docs/bad-inputs.md
# The tests (tst_cli_errors, tst_cli, tst_cli_session, tst_session, tst_wordvectors, tst_tables) assert these
# paths; this script only shows them. Needs a release build (build/release/app/pe-explorer).
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exe="${PE_EXPLORER:-$root/build/release/app/pe-explorer}"
[ -x "$exe" ] || { echo "bad-inputs: $exe is not built (cmake --build --preset release)" >&2; exit 2; }
work="$(mktemp -d /tmp/pe-bad-inputs.XXXXXX)"
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
cd "$work"
export QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$work/config"

row() { # description, then the arguments; optional env PRE (a command run first in a subshell)
    local what="$1"; shift
    local message status
    message="$( (ulimit -f "${FSIZE:-unlimited}"; trap '' XFSZ; "$exe" "$@") 2>&1 >/dev/null)"
    status=$?
    message="${message//$work/…}"
    message="${message//|/\\|}"
    message="$(printf '%s' "$message" | tr '\n' ' ' | cut -c1-400)"
    local shown="${*//$work/…}"
    printf '| %s | `pe-explorer %s` | %s | %s |\n' "$what" "${shown//|/\\|}" "$status" "${message:-(nothing)}"
}

session() { # name, JSON text
    printf '%s' "$2" > "$work/$1.pe.json"
}

echo "# What each bad input shows"
echo
echo "Made by \`scripts/bad-inputs.sh\` with $("$exe" --version 2>&1 | head -1) on $(date -u +%Y-%m-%d)."
echo "Every case leaves no file behind and changes nothing; in the window the same messages appear in a"
echo "dialog (sessions, word vectors) or next to the control (the controls refuse values outside their range)."
echo
echo "## Command line"
echo
echo "| Input | Command | Exit | Message (stderr) |"
echo "|---|---|---|---|"
row "d_model 0" --export a.png --d-model 0
row "d_model negative" --export a.png --d-model -5
row "d_model fraction" --export a.png --d-model 64.5
row "d_model not a number" --export a.png --d-model abc
row "d_model empty" --export a.png --d-model ""
row "d_model 20 digits" --export a.png --d-model 99999999999999999999
row "d_model too large for the window" --d-model 5000
row "max_len 0" --export a.png --max-len 0
row "max_len huge" --export a.npy --max-len 1e12
row "base 1" --export a.png --base 1
row "base NaN" --export a.png --base nan
row "base infinite" --export a.png --base inf
row "layout unknown" --export a.png --layout diagonal
row "frequencies unknown" --export a.png --frequencies t2t
row "first position negative" --export a.png --first-position -1
row "view unknown" --export a.png --view spiral
row "position method unknown" --export a.png --view methods --method xpos
row "ALiBi heads zero" --export a.png --view methods --method alibi --heads 0
row "ALiBi head beyond the heads" --export a.png --view methods --method alibi --heads 8 --head 9
row "T5 buckets too few" --export a.png --view methods --method t5 --buckets 2
row "causal mask misspelt" --export a.png --view methods --mask future
row "dims repeated (accepted; drawn once)" --export a.png --view waves --dims 4,4
row "figure too small for its text (written, with a warning)" --export small.pdf --view precision --size-mm 60x40
row "dims beyond d_model" --export a.png --view waves --dims 4,999
row "dims not numbers" --export a.png --view waves --dims a,b
row "position = max_len" --export a.png --position 100
row "offset before position 0" --export a.png --offset -1
row "size zero" --export a.png --size 0x0
row "size huge" --export a.png --size 100000x100000
row "size malformed" --export a.png --size 640
row "dpi 0" --export a.png --size-mm 89x70 --dpi 0
row "colormap unknown" --export a.png --colormap jet
row "compare unknown" --export a.png --view conventions --compare nothing
row "format unknown" --export a.png --view precision --format float8
row "unknown suffix" --export a.xyz
row "no suffix" --export figure
row "unknown option" --export a.png --colour red
row "missing folder" --export missing/folder/a.png
row "folder nobody may write to (root included)" --export /sys/a.png
touch "$work/exists.png"
row "file exists" --export exists.png
FSIZE=8 row "disk full (file size limit 8 KiB)" --export full.npy --d-model 512 --max-len 2048
# A disk that is really full (ENOSPC): a 64 KiB tmpfs in a mount namespace of its own (root only).
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null; then
    mkdir -p "$work/small"
    message="$(unshare -m sh -c 'mount -t tmpfs -o size=64k pe-small "$1" && exec "$2" --export "$1/full.npy" --d-model 512 --max-len 2048' \
                sh "$work/small" "$exe" 2>&1 >/dev/null)"
    status=$?
    message="${message//$work/…}"
    printf '| %s | `pe-explorer %s` | %s | %s |\n' "disk full (a 64 KiB disk)" "--export …/small/full.npy --d-model 512 --max-len 2048" \
        "$status" "$(printf '%s' "$message" | tr '\n' ' ')"
fi
row "--restore and --no-restore" --restore --no-restore
echo
echo "## Session files (\`pe-explorer S.pe.json\`, \`--session S.pe.json\`, File ▸ Open session)"
echo
echo "| Input | Command | Exit | Message (stderr; the window shows it in a dialog) |"
echo "|---|---|---|---|"
head='"format": "pe-explorer-session", "version": 1'
row "missing file" --export a.png --session nothing.pe.json
mkdir -p "$work/folder.pe.json"
row "a folder" --export a.png --session folder.pe.json
session empty ''; row "empty" --export a.png --session empty.pe.json
session trunc "{$head, \"spec\": {\"d_model\": 6"; row "truncated" --export a.png --session trunc.pe.json
head -c 200000 /dev/urandom > "$work/junk.pe.json"; row "200 kB of random bytes" --export a.png --session junk.pe.json
head -c 2000000 /dev/zero > "$work/big.pe.json"; row "2 MB file" --export a.png --session big.pe.json
printf '%*s' 100000 '' | tr ' ' '[' > "$work/deep.pe.json"; row "100000 nested arrays" --export a.png --session deep.pe.json
session array '[1, 2]'; row "an array" --export a.png --session array.pe.json
session other '{"format": "other", "version": 1}'; row "another format" --export a.png --session other.pe.json
session v2 '{"format": "pe-explorer-session", "version": 2}'; row "version 2" --export a.png --session v2.pe.json
session unknown "{$head, \"extra\": 1}"; row "unknown field" --export a.png --session unknown.pe.json
session dm "{$head, \"spec\": {\"d_model\": 5000}}"; row "d_model out of range" --export a.png --session dm.pe.json
session dmhuge "{$head, \"spec\": {\"d_model\": 1e308}}"; row "d_model 1e308" --export a.png --session dmhuge.pe.json
session dmtext "{$head, \"spec\": {\"d_model\": \"64\"}}"; row "d_model as text" --export a.png --session dmtext.pe.json
session base "{$head, \"spec\": {\"base\": \"Infinity\"}}"; row "base \"Infinity\"" --export a.png --session base.pe.json
session pos "{$head, \"spec\": {\"max_len\": 100}, \"selection\": {\"position\": 100}}"; row "position = max_len" --export a.png --session pos.pe.json
session dims "{$head, \"selection\": {\"dims\": [4, 4]}}"; row "dims repeated" --export a.png --session dims.pe.json
session band "{$head, \"selection\": {\"band\": [3, 1]}}"; row "band reversed" --export a.png --session band.pe.json
session cmp "{$head, \"selection\": {\"compare\": \"shifted\"}}"; row "compare unknown" --export a.png --session cmp.pe.json
session opt "{$head, \"view\": {\"options\": {\"rope\": {\"scale\": [8]}}}}"; row "view option not a value" --export a.png --session opt.pe.json
session state "{$head, \"window\": {\"state\": \"!!\"}}"; row "window state not base64" --export a.png --session state.pe.json
echo
echo "## Word-vector files (Embeddings view ▸ Load word vectors…)"
echo
echo "Read off the GUI thread with progress and Cancel; the message appears in a dialog and the view"
echo "keeps its vectors. The cases and messages are asserted in tests/core/tst_wordvectors.cpp:"
echo
echo "| Input | The message contains |"
echo "|---|---|"
sed -nE 's/^ *QTest::newRow\("([^"]+)"\).* << "(.*)";$/| \1 | \2 |/p' "$root/tests/core/tst_wordvectors.cpp" | sed 's/\\"/"/g'
echo
echo "## Position tables (File ▸ Open encoding…, --encoding FILE[:TENSOR])"
echo
echo "Each file below is written by the script byte by byte; the window shows the same message in a dialog"
echo "and keeps the table it showed. Every case is asserted in tests/ui/tst_tables.cpp and tst_cli_errors."
echo
echo "| Input | Command | Exit | What the user sees |"
echo "|---|---|---|---|"
npy() { # file, descr, shape, data bytes (printf format)
    local dict="{'descr': '$2', 'fortran_order': False, 'shape': $3, }"
    while [ $(( (10 + ${#dict} + 1) % 64 )) -ne 0 ]; do dict="$dict "; done
    { printf '\x93NUMPY\x01\x00'; printf "\\x$(printf %02x $(( (${#dict} + 1) % 256 )))\\x$(printf %02x $(( (${#dict} + 1) / 256 )))"; printf '%s\n' "$dict"; printf "$4"; } > "$1"
}
npy good.npy '<f4' '(2, 2)' '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0'
npy short.npy '<f4' '(3, 4)' '\0\0\0\0\0\0\0\0'
npy ints.npy '<i8' '(2, 2)' '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0'
npy flat.npy '<f4' '(4,)' '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0'
npy cube.npy '<f4' '(2, 1, 2)' '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0'
printf '\x00\x00\x00\x00\x01\x00\x00\x00{}' > huge-header.safetensors
printf '\x10\x00\x00\x00\x00\x00\x00\x00{"w": {"dtype"' > cut.safetensors
printf '1,2,3\n4,5\n' > ragged.csv
printf 'hello' > notes.txtx
row "no such file" --encoding missing.npy --export a.png
row "data shorter than the header says" --encoding short.npy --export a.png
row "integer dtype" --encoding ints.npy --export a.png
row "1-D array" --encoding flat.npy --export a.png
row "3-D array" --encoding cube.npy --export a.png
row "a tensor name for an .npy" --encoding good.npy:wpe.weight --export a.png
row "4 GiB JSON header" --encoding huge-header.safetensors --export a.png
row "header cut short" --encoding cut.safetensors --export a.png
row "csv rows of different lengths" --encoding ragged.csv --export a.png
row "not a table format" --encoding notes.txtx --export a.png
row "a view that does not use a table" --encoding good.npy --view bands --export a.png
row "a wave column beyond the table's" --encoding good.npy --view waves --dims 2 --export a.png
echo
echo "More refusals, each asserted with its message in tests/ui/tst_tables.cpp:"
echo
echo "| Input | The message contains |"
echo "|---|---|"
sed -nE 's/^ *QTest::newRow\("([^"]+)"\) << .* << "[a-z]+" << "(.*)";$/| \1 | \2 |/p' "$root/tests/ui/tst_tables.cpp" | sed 's/\\"/"/g'
