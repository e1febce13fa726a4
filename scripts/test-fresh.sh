#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Proves the README's quick start on a fresh Debian 12 system, not just on a machine where
# earlier builds already installed Qt, CMake and the fonts: debootstraps a minimal bookworm root,
# copies the project into it and runs, from the project folder,
#   run   as root:  scripts/run.sh --version   (no display there: --version shows that it builds
#                                                and starts)
#   test  as root:  scripts/test.sh             (the whole suite: release + ctest, ASan/UBSan +
#                                                ctest, fuzzers; about half an hour on 2 cores)
#   user  as "pe", a user with passwordless sudo, in /home/pe/pe-explorer:
#                   scripts/run.sh --version    (after run/test the packages are installed already,
#                                                so this checks the non-root build and start; alone,
#                                                it also checks the install through sudo)
#   unprivileged    as "pe" too: scripts/test.sh, the suite of a container without privileges
#                   (a chrooted process may create no user namespace, so `unshare -r` fails, and
#                   pe may mount nothing); as root above, `unshare -m` fails in the chroot instead.
#                   The tests that need a small tmpfs say why they skip; the rest must pass.
# Each command's exit code and wall time go into a summary table; exit 1 if any failed.
#   sudo scripts/test-fresh.sh
# Needs root (or sudo) and the network (the Debian mirror). Slow: run on demand, not from .ci/run.
# Environment:
#   PE_FRESH_PARTS       comma list of run, test, user, unprivileged (default: run,test,user)
#   PE_FRESH_SUITE=release  the test parts run the release suite only (PE_SKIP_SANITIZERS=1
#                        PE_SKIP_FUZZ=1: about 15 minutes instead of 50); default: the whole suite
#   PE_FRESH_FROM_HEAD=1 copy the committed tree (git archive HEAD) instead of the tracked files
#                        as they are in the working tree (the default: uncommitted edits are tried)
#   PE_BOOKWORM_TARBALL  a pristine root as .tar.gz: reused if it exists, else created there
#                        after debootstrap (default: debootstrap every time, keep nothing)
#   PE_DEBIAN_MIRROR     default http://deb.debian.org/debian
#   PE_KEEP_LOGS=DIR     copy every command's full log to DIR before cleaning up
set -euo pipefail

PE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$(id -u)" -ne 0 ]; then
    exec sudo --preserve-env=PE_FRESH_PARTS,PE_FRESH_SUITE,PE_FRESH_FROM_HEAD,PE_BOOKWORM_TARBALL,PE_DEBIAN_MIRROR,PE_KEEP_LOGS \
        "$0" "$@"
fi
mirror="${PE_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
tarball="${PE_BOOKWORM_TARBALL:-}"
parts="${PE_FRESH_PARTS:-run,test,user}"
IFS=, read -ra part_list <<<"$parts"
[ ${#part_list[@]} -gt 0 ] || { echo "fresh: PE_FRESH_PARTS is empty; use a comma list of run, test, user" >&2; exit 2; }
for part in "${part_list[@]}"; do
    case "$part" in
        run | test | user | unprivileged) ;;
        *) echo "fresh: unknown part '$part' in PE_FRESH_PARTS='$parts'; allowed: run, test, user, unprivileged" >&2; exit 2 ;;
    esac
done
suite=()
case "${PE_FRESH_SUITE:-full}" in
    full) ;;
    release) suite=(env PE_SKIP_SANITIZERS=1 PE_SKIP_FUZZ=1) ;;
    *) echo "fresh: PE_FRESH_SUITE '${PE_FRESH_SUITE}' is not a suite; allowed: full, release" >&2; exit 2 ;;
esac
want() { [[ ",$parts," == *",$1,"* ]]; }

work="$(mktemp -d /var/tmp/pe-fresh.XXXXXX)"
root="$work/root"
logs="$work/logs"
mkdir "$root" "$logs"

# Never delete the root while anything is still mounted inside it (the /dev bind mount would
# take the host's device nodes with it), nor while a process started in it still runs there.
cleanup() {
    local status=$?
    set +e
    if [ -n "${PE_KEEP_LOGS:-}" ]; then
        mkdir -p "$PE_KEEP_LOGS" && cp "$logs"/*.log "$PE_KEEP_LOGS/" 2>/dev/null \
            && echo "fresh: logs copied to $PE_KEEP_LOGS"
    fi
    local pid left=()
    for pid in /proc/[0-9]*; do
        [ "$(readlink "$pid/root" 2>/dev/null)" = "$root" ] && left+=("${pid#/proc/}")
    done
    if [ ${#left[@]} -gt 0 ]; then
        echo "fresh: stopping processes left in the root: ${left[*]}" >&2
        kill "${left[@]}" 2>/dev/null
        sleep 2
    fi
    for m in dev/shm dev/pts dev sys proc; do
        mountpoint -q "$root/$m" && umount -l "$root/$m"
    done
    if findmnt -rn -o TARGET | grep -q "^$root"; then
        echo "fresh: mounts left under $root, not deleting it" >&2
        status=1
    else
        rm -rf --one-file-system "$work"
    fi
    exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

step() { echo "== fresh: $*"; }
fail() { echo "fresh: FAILED: $*" >&2; exit 1; }
# A login's environment, nothing from the caller's (no CI, no PE_* variables: a newcomer has none).
in_root() {
    chroot "$root" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root USER=root LOGNAME=root SHELL=/bin/bash LANG=C.UTF-8 "$@"
}
as_pe() {
    chroot "$root" runuser -u pe -- env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/games:/usr/games \
        HOME=/home/pe USER=pe LOGNAME=pe SHELL=/bin/bash LANG=C.UTF-8 "$@"
}
# "${in_dir[@]}" DIR COMMAND…: COMMAND from the project folder DIR (in the root), as the README's
# quick start says.
# shellcheck disable=SC2016  # $1 and $@ are bash -c's own, expanded in the root
in_dir=(bash -c 'cd "$1" && shift && exec "$@"' in_dir)

# The project as it is now, before anything slow runs (others may go on editing the tree).
git_pe() { git -c safe.directory="$PE_ROOT" -C "$PE_ROOT" "$@"; }
tree="$work/tree.tar"
if [ "${PE_FRESH_FROM_HEAD:-0}" = 1 ]; then
    git_pe archive --format=tar HEAD >"$tree"
    step "project: HEAD $(git_pe rev-parse --short HEAD) (git archive, committed files only)"
else
    git_pe ls-files -z | while IFS= read -r -d '' f; do
        case "$f" in build/* | build) continue ;; esac
        if [ -e "$PE_ROOT/$f" ] || [ -L "$PE_ROOT/$f" ]; then printf '%s\0' "$f"; fi
    done | tar -C "$PE_ROOT" --null --no-recursion -T - -cf "$tree"
    edited="$(git_pe status --porcelain --untracked-files=no | wc -l)"
    step "project: the tracked files of the working tree at $(git_pe rev-parse --short HEAD)" \
        "($edited with uncommitted changes; untracked files left out)"
    # A new file not yet added is missing from a clone, so it is missing here too: name them, as
    # a build that needs one fails for that reason alone (git add it, or PE_FRESH_FROM_HEAD=1).
    untracked="$(git_pe ls-files --others --exclude-standard | grep -v '^build/' | sed 's/^/    /' || true)"
    if [ -n "$untracked" ]; then
        echo "  left out, untracked (git add them if the build needs them):"
        echo "$untracked"
    fi
fi
echo "  $(tar -tf "$tree" | grep -vc '/$') files"

if [ -n "$tarball" ] && [ -s "$tarball" ]; then
    step "unpacking the pristine root $tarball"
    tar -C "$root" -xzf "$tarball"
else
    command -v debootstrap >/dev/null \
        || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
    step "debootstrap --variant=minbase bookworm from $mirror"
    debootstrap --variant=minbase bookworm "$root" "$mirror" >"$logs/debootstrap.log" 2>&1 \
        || { tail -30 "$logs/debootstrap.log" >&2; fail "debootstrap"; }
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
# The host's /dev/shm is a tmpfs of its own, which a (non-recursive) bind of /dev leaves out:
# the root would see the bare directory of the host's devtmpfs. Give it its own tmpfs, as a
# booted Debian has (POSIX shared memory, which Qt and Python's multiprocessing use).
mount -t tmpfs -o mode=1777,nosuid,nodev shm "$root/dev/shm"
in_root sh -c 'echo ok >/dev/shm/pe-fresh && rm /dev/shm/pe-fresh' || fail "/dev/shm is not writable in the root"
[ "$(stat -c %a "$root/dev/shm")" = 1777 ] || fail "/dev/shm in the root is not mode 1777"
echo "  mounted in the root: $(findmnt -rn -o TARGET | grep "^$root/" | sed "s|^$root||" | tr '\n' ' ')"

mkdir "$root/root/pe-explorer"
tar -C "$root/root/pe-explorer" -xf "$tree"

summary=()
failed=0
# timed NAME WHO COMMAND…: run COMMAND with its output in $logs/NAME.log, time it, report it.
timed() {
    local name="$1" who="$2" log="$logs/$1.log" start end seconds status
    shift 2
    start="$(date +%s.%N)"
    set +e
    "$@" >"$log" 2>&1 </dev/null
    status=$?
    set -e
    end="$(date +%s.%N)"
    seconds="$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
    echo "  exit code $status, $seconds s (full log: $log)"
    if [ $status -ne 0 ]; then
        failed=1
        echo "  its last 30 lines:"
        tail -30 "$log" | sed 's/^/    | /'
    fi
    local installed
    installed="$(sed -n 's/^setup: installing //p' "$log" | wc -w)"
    [ "$installed" -eq 0 ] || echo "  setup.sh installed $installed packages (and what they depend on)"
    summary+=("$name|$who|$status|$seconds")
    return 0
}

if want run; then
    step "scripts/run.sh --version (as root, in /root/pe-explorer)"
    timed run.sh-version root in_root "${in_dir[@]}" /root/pe-explorer scripts/run.sh --version
    echo "  it said: $(tail -1 "$logs/run.sh-version.log")"
fi

if want test; then
    step "scripts/test.sh (as root, in /root/pe-explorer): the whole suite"
    timed test.sh root in_root "${in_dir[@]}" /root/pe-explorer "${suite[@]}" scripts/test.sh
    grep -hE 'tests passed|tests failed' "$logs/test.sh.log" | sed 's/^/  ctest: /' || true
    grep -h 'SKIP' "$logs/test.sh.log" | sed 's/^/  skipped: /' || true
fi

if want user || want unprivileged; then
    step "a user pe with passwordless sudo, the project in /home/pe/pe-explorer"
    {
        in_root apt-get update
        in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends sudo
        in_root useradd --create-home --shell /bin/bash pe
    } >"$logs/user-setup.log" 2>&1 || { tail -30 "$logs/user-setup.log" >&2; fail "setting up the user pe"; }
    # An installed system's /etc/hosts names the machine; without it sudo warns on every call.
    grep -qw "$(hostname)" "$root/etc/hosts" 2>/dev/null || echo "127.0.1.1 $(hostname)" >>"$root/etc/hosts"
    echo 'pe ALL=(ALL:ALL) NOPASSWD: ALL' >"$root/etc/sudoers.d/pe"
    chmod 0440 "$root/etc/sudoers.d/pe"
    in_root visudo -c >>"$logs/user-setup.log" 2>&1 || fail "sudoers does not parse"
    [ "$(as_pe sudo -n id -u 2>>"$logs/user-setup.log")" = 0 ] || fail "pe cannot sudo without a password"
    mkdir "$root/home/pe/pe-explorer"
    tar -C "$root/home/pe/pe-explorer" -xf "$tree"
    in_root chown -R pe:pe /home/pe/pe-explorer
    if want user; then
        if want run || want test; then
            step "scripts/run.sh --version (as pe): the packages are installed already (by root above)," \
                "so this checks that a user without root builds and starts the app"
        else
            step "scripts/run.sh --version (as pe): nothing is installed yet, so this also checks" \
                "that run.sh installs the packages through sudo"
        fi
        timed run.sh-version-user pe as_pe "${in_dir[@]}" /home/pe/pe-explorer scripts/run.sh --version
        echo "  it said: $(tail -1 "$logs/run.sh-version-user.log")"
        if grep -q '^setup: installing' "$logs/run.sh-version-user.log"; then
            echo "  (run.sh installed packages through sudo)"
        else
            echo "  (run.sh installed nothing: no sudo needed)"
        fi
    fi
fi

if want unprivileged; then
    step "scripts/test.sh (as pe, without privileges: no mounts, no user namespaces in a chroot)"
    as_pe unshare -r true >"$logs/unshare-probe.log" 2>&1 \
        && fail "pe can make a user namespace here: this would not test a container without privileges"
    echo "  unshare -r as pe: $(tail -1 "$logs/unshare-probe.log")"
    timed test.sh-unprivileged pe as_pe "${in_dir[@]}" /home/pe/pe-explorer "${suite[@]}" scripts/test.sh
    grep -hE 'tests passed|tests failed' "$logs/test.sh-unprivileged.log" | sed 's/^/  ctest: /' || true
    grep -h 'SKIP' "$logs/test.sh-unprivileged.log" | sed 's/^/  skipped: /' || true
fi

echo
step "summary (PE_FRESH_PARTS=$parts)"
printf '  %-26s %-5s %9s %12s\n' command as "exit code" "wall seconds"
for row in "${summary[@]}"; do
    IFS='|' read -r name who status seconds <<<"$row"
    case "$name" in
        run.sh-version*) command="scripts/run.sh --version" ;;
        test.sh*) command="scripts/test.sh${PE_FRESH_SUITE:+ ($PE_FRESH_SUITE)}" ;;
    esac
    printf '  %-26s %-5s %9s %12s\n' "$command" "$who" "$status" "$seconds"
done
if [ $failed -ne 0 ]; then
    echo "fresh: FAILED — see the logs above (PE_KEEP_LOGS=DIR keeps them)" >&2
    exit 1
fi
echo "fresh: OK — the quick start works on a fresh Debian 12 ($parts)"
