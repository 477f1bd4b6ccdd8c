#!/bin/sh
# The box on the Raspberry Pi OS a family flashes today, checked on an x86-64 machine: arm64 roots of
# Debian 13 "trixie" (Python 3.13, Raspberry Pi OS since October 2025) and Debian 12 "bookworm"
# (Python 3.11, boxes set up before then), entered through qemu-user-static.
#
#   sudo tools/arm64-check.sh [RELEASE...]      (default: trixie bookworm; `make arm64-check`)
#
# In each root, as the Pi's first user (`pi`, passwordless sudo as Raspberry Pi OS sets it up), it
# follows the README's Raspberry Pi set-up word for word: `sudo apt install git`, `git clone`,
# `sh deploy/setup-pi.sh` (its config.txt step finds no /boot/firmware and is skipped: that, the
# reboot and the hardware are all that is left out). Then tools/arm64-inside.sh checks what the
# deploy files name, runs tools/seeded_results.py (the same seeded runs as on this machine), a fast
# subset of the tests, and the box again with the compiler removed. Last, the seeded results are
# printed side by side: x86-64 (this clone's .venv), then each release; any difference fails.
#
# How the roots are entered: binfmt_misc with qemu-aarch64 registered (update-binfmts, flag F so
# the interpreter works inside a chroot), then plain chroot. Where the kernel refuses binfmt_misc
# (some sandboxes), the check stops and says so; `proot -q qemu-aarch64-static -r ROOT` is the
# way in then, by hand.
#
# Cached between runs in $TVGAMES_ARM64_CACHE (default ~/.cache/tvgames-arm64, outside the clone):
# the debootstrapped base of each release, downloaded .deb files and pip's cache. Every run starts
# from a fresh copy of the base, so the install itself is done again each time. Slow (emulated):
# about half an hour per release on two shared cores; it runs under `nice`. Needs root.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
cache=${TVGAMES_ARM64_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tvgames-arm64}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
releases=${*:-trixie bookworm}
results=$cache/results

say() { echo "arm64-check: $*"; }
die() { say "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, mounts): sudo $0 $*"
for release in $releases; do
    case $release in trixie | bookworm) ;; *) die "unknown release $release (trixie or bookworm)" ;; esac
done
if [ -n "$(git -C "$here" status --porcelain --untracked-files=no)" ]; then
    say "note: uncommitted changes are not checked (the roots clone the committed HEAD)"
fi

# The host's tools, installed when missing.
missing=""
command -v debootstrap >/dev/null || missing="$missing debootstrap"
command -v qemu-aarch64-static >/dev/null || missing="$missing qemu-user-static"
command -v update-binfmts >/dev/null || missing="$missing binfmt-support"
if [ -n "$missing" ]; then
    say "installing$missing"
    apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

# arm64 programs run through qemu-aarch64 once binfmt_misc knows it.
binfmt=/proc/sys/fs/binfmt_misc
[ -e $binfmt/register ] || mount -t binfmt_misc binfmt_misc $binfmt 2>/dev/null || true
[ -e $binfmt/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64 2>/dev/null || true
if ! head -n 1 $binfmt/qemu-aarch64 2>/dev/null | grep -qx enabled; then
    die "cannot register qemu-aarch64 with binfmt_misc here; enter a root by hand with proot -q qemu-aarch64-static"
fi
# F: the interpreter is opened now, so it works inside a chroot. C: a setuid arm64 program (sudo, su)
# runs with its owner's rights, as on a Pi; Debian registers qemu without it, so add it.
if ! grep -q '^flags:.*C' $binfmt/qemu-aarch64 || ! grep -q '^flags:.*F' $binfmt/qemu-aarch64; then
    interp=$(sed -n 's/^interpreter //p' $binfmt/qemu-aarch64)
    magic=$(sed -n 's/^magic //p' $binfmt/qemu-aarch64 | sed 's/../\\x&/g')
    mask=$(sed -n 's/^mask //p' $binfmt/qemu-aarch64 | sed 's/../\\x&/g')
    echo -1 >$binfmt/qemu-aarch64
    printf '%s' ":qemu-aarch64:M::$magic:$mask:$interp:POCF" >$binfmt/register ||
        die "cannot register qemu-aarch64 with the C and F flags (sudo inside the roots needs them)"
fi

mkdir -p "$cache" "$results"
mounted=""
cleanup() {
    for m in $mounted; do umount -l "$m" 2>/dev/null || true; done
}
trap cleanup EXIT INT TERM

bind() { # bind SOURCE TARGET
    mkdir -p "$2"
    mount --bind "$1" "$2"
    mounted="$2 $mounted"
}

# The debootstrapped base of a release with the Pi's first user: built once, then reused.
base_root() {
    release=$1
    base=$cache/$release/base
    [ -f "$base/.tvgames-base" ] && return 0
    say "$release: debootstrap (arm64, emulated: 10-20 minutes)"
    rm -rf "$base.tmp"
    mkdir -p "$cache/$release"
    # minbase plus what Raspberry Pi OS Lite has from the start: sudo, systemd, udev, certificates.
    nice -n 10 debootstrap --arch=arm64 --variant=minbase \
        --include=sudo,ca-certificates,systemd,systemd-sysv,udev "$release" "$base.tmp" "$mirror" \
        >"$cache/$release/debootstrap.log" 2>&1 || die "$release: debootstrap failed, see $cache/$release/debootstrap.log"
    cat >"$base.tmp/etc/apt/sources.list" <<EOF
deb $mirror $release main
deb $mirror $release-updates main
deb ${mirror%/debian}/debian-security $release-security main
EOF
    # A chroot has no running init: packages must not try to start services.
    printf '#!/bin/sh\nexit 101\n' >"$base.tmp/usr/sbin/policy-rc.d"
    chmod 755 "$base.tmp/usr/sbin/policy-rc.d"
    chroot "$base.tmp" useradd --create-home --shell /bin/bash pi
    echo 'pi ALL=(ALL) NOPASSWD: ALL' >"$base.tmp/etc/sudoers.d/010_pi-nopasswd"
    chmod 440 "$base.tmp/etc/sudoers.d/010_pi-nopasswd"
    touch "$base.tmp/.tvgames-base"
    mv "$base.tmp" "$base"
}

# x86-64 first: the same seeded runs with this clone's environment, the column the others must match.
# Done once per commit (a second check running at the same time waits for the first's).
head=$(git -C "$here" rev-parse HEAD)
make -C "$here" -s .venv/.installed >"$results/x86-64-install.log" 2>&1 ||
    die "x86-64: make .venv/.installed failed, see $results/x86-64-install.log"
(
    flock 9
    if [ "$(cat "$results/x86-64/.commit" 2>/dev/null)" = "$head" ]; then
        say "x86-64: seeded runs of $head already done"
    else
        say "x86-64: seeded runs ($("$here/.venv/bin/python" --version))"
        rm -rf "$results/x86-64"
        nice -n 10 "$here/.venv/bin/python" "$here/tools/seeded_results.py" run "$results/x86-64" \
            >"$results/x86-64.log" 2>&1 || die "x86-64: seeded runs failed, see $results/x86-64.log"
        echo "$head" >"$results/x86-64/.commit"
    fi
) 9>"$results/.x86-64.lock"

failed=""
columns="x86-64=$results/x86-64"
for release in $releases; do
    base_root "$release"
    work=$cache/$release/work
    say "$release: a fresh copy of the base"
    rm -rf "$work"
    cp -a "$base" "$work"
    cp /etc/resolv.conf "$work/etc/resolv.conf"
    echo "127.0.1.1 $(hostname)" >>"$work/etc/hosts" # sudo looks the host's name up
    # Where the host's network inspects TLS with a CA of its own (a sandbox, a company proxy), pip in
    # the root trusts what the host trusts (apt fetches over plain http and checks signatures).
    if [ -n "$(ls /usr/local/share/ca-certificates 2>/dev/null)" ]; then
        cp /etc/ssl/certs/ca-certificates.crt "$work/etc/ssl/certs/host-ca-certificates.crt"
        printf '[global]\ncert = /etc/ssl/certs/host-ca-certificates.crt\n' >"$work/etc/pip.conf"
    fi
    mkdir -p "$cache/$release/apt-archives" "$cache/$release/pip-cache"
    bind /proc "$work/proc"
    bind /sys "$work/sys"
    bind /dev "$work/dev"
    bind /dev/pts "$work/dev/pts"
    bind "$cache/$release/apt-archives" "$work/var/cache/apt/archives"
    bind "$cache/$release/pip-cache" "$work/home/pi/.cache/pip"
    chroot "$work" chown pi:pi /home/pi/.cache /home/pi/.cache/pip
    # The repository as the family would clone it: the committed HEAD, as a bundle.
    git -C "$here" bundle create "$work/tmp/tvgames.bundle" HEAD >/dev/null 2>&1
    log=$results/$release.log
    say "$release: README set-up and checks, as pi (log: $log)"
    # The README's steps, then the checks; the check script comes from the clone under test.
    if nice -n 10 chroot "$work" su - pi -c '
        set -e
        export DEBIAN_FRONTEND=noninteractive
        sudo apt-get update -qq
        sudo apt install -y git
        git clone /tmp/tvgames.bundle tvgames && cd tvgames
        sh deploy/setup-pi.sh
        sh tools/arm64-inside.sh "$HOME/results"
    ' >"$log" 2>&1; then
        say "$release: passed"
    else
        say "$release: FAILED (last lines of $log below)"
        tail -n 15 "$log"
        failed="$failed $release"
    fi
    rm -rf "$results/$release"
    if [ -f "$work/home/pi/results/results.json" ]; then
        cp -a "$work/home/pi/results" "$results/$release"
        columns="$columns arm64-$release=$results/$release"
    fi
    cleanup
    mounted=""
done

say "seeded results side by side (also in $results/side-by-side.txt)"
python3 "$here/tools/seeded_results.py" compare $columns >"$results/side-by-side.txt" || failed="$failed compare"
grep -E '^! |results,' "$results/side-by-side.txt" || true
[ -z "$failed" ] || die "FAILED:$failed"
say "passed on $releases"
