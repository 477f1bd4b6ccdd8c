#!/bin/sh
# The checks tools/arm64-check.sh runs inside each arm64 root, as the box's user, from the clone,
# after `sh deploy/setup-pi.sh`:  sh tools/arm64-inside.sh RESULTS_DIR
#
# 1. what was installed: Python, the compiler, the C extensions built and loaded;
# 2. everything the deploy files name exists (every program and file the udev rule runs or reads,
#    every path in the installed unit), the groups, the unit enabled; `systemd-analyze verify` on the
#    unit and `udevadm verify` on the rule where systemd has it (trixie);
# 3. a fast subset of the tests;
# 4. `tvgames --help`, then tools/seeded_results.py (solver tables, landing odds, seeded simulate of
#    every game, a screenshot of each game at both profiles) into RESULTS_DIR;
# 5. the compiler removed: a second clone installs (evdev from pip's cache of the wheel built in
#    step 0), its C extensions are skipped, and the pure-Python paths give the same results.
set -eu
out=${1:?usage: sh tools/arm64-inside.sh RESULTS_DIR}
mkdir -p "$out"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
py=.venv/bin/python
fail=0
check() { # check WHAT COMMAND...: one line, ok or FAIL
    what=$1
    shift
    if "$@" >/tmp/arm64-check.out 2>&1; then
        echo "ok   $what"
    else
        echo "FAIL $what"
        sed 's/^/     /' /tmp/arm64-check.out | tail -n 20
        fail=1
    fi
}

echo "== 1. installed"
. /etc/os-release
echo "release: $PRETTY_NAME, $(uname -m), $(python3 --version), $(gcc --version | head -n 1)"
$py -m pip freeze --exclude-editable | tr '\n' ' ' | tee "$out/pip-freeze.txt"
echo
check "C extensions built and loaded (fast Monopoly core, Monopoly Dice and Yahtzee kernels)" \
    $py -c "import engines.monopoly._fastsim, engines.monopoly_dice._turnkernel, engines.yahtzee._turnkernel"
# The flags the extensions were compiled with: none may be x86-only.
check "no x86-only compiler flags in setup.py" sh -c \
    '! grep -v "^ *#" setup.py | grep -nE -- "-m(sse|avx|fma|arch=x86|tune=(intel|generic))"'

echo "== 2. the deploy files"
unit=/etc/systemd/system/tvgames.service
rule=/etc/udev/rules.d/70-tvgames-input.rules
check "unit installed" test -f $unit
check "rule installed" test -f $rule
check "unit enabled" test -L /etc/systemd/system/multi-user.target.wants/tvgames.service
# Every absolute path the unit runs or starts in (a leading - or @ only lets a command fail or rename).
for path in $(sed -n 's/^\(ExecStartPre\|ExecStart\|WorkingDirectory\)=[-@]*\([^ ]*\).*/\2/p' $unit); do
    check "unit names $path" test -e "$path"
done
# Every program and file the udev rule's RUN commands name.
for path in $(grep -o 'RUN+="[^"]*"' $rule | tr -d '"' | sed 's/^RUN+=//' | tr ' ' '\n' | grep '^/'); do
    check "rule names $path" test -e "$path"
done
for group in input video render; do
    check "group $group exists, $(id -un) in it" sh -c "getent group $group | grep -qw $(id -un)"
done
check "systemd-analyze verify $unit" sudo systemd-analyze verify $unit
if udevadm verify --help >/dev/null 2>&1; then
    check "udevadm verify $rule" sudo udevadm verify $rule
else
    echo "skip udevadm verify (systemd $(udevadm --version) has none; trixie's does)"
fi

echo "== 3. tests (a fast subset)"
check "pytest subset" $py -m pytest -q -p no:cacheprovider \
    tests/test_profiles.py tests/hostile/test_fallbacks.py tests/remote/test_remote_evdev_source.py
tail -n 3 /tmp/arm64-check.out

echo "== 4. the box"
check "tvgames --help" .venv/bin/tvgames --help
check "seeded runs (tools/seeded_results.py)" $py tools/seeded_results.py run "$out"
cat /tmp/arm64-check.out

echo "== 5. no compiler"
sudo apt-get remove -y -qq "gcc-$(gcc -dumpversion | cut -d. -f1)" >/dev/null 2>&1
check "no C compiler left" sh -c '! command -v cc gcc aarch64-linux-gnu-gcc'
rm -rf ../tvgames-nocc
git clone -q /tmp/tvgames.bundle ../tvgames-nocc
(
    cd ../tvgames-nocc
    check "install without a compiler (pip)" sh -c "python3 -m venv .venv && .venv/bin/pip install -q -e . 2>&1"
    check "the extensions are absent" sh -c '! ls engines/monopoly/*.so engines/monopoly_dice/*.so 2>/dev/null'
    check "tvgames --help" .venv/bin/tvgames --help
    check "a screenshot" .venv/bin/tvgames screenshot --scene monopoly-dice-board --out "$out/nocc.png"
    # The Python engine plays the same games as the compiled core (the auto choice without it).
    check "simulate monopoly without the core" sh -c ".venv/bin/tvgames simulate monopoly \
        --players hard,buy-everything --games 3 --seed 2032 --json >'$out/nocc-monopoly.json'"
    check "the same games as the compiled core's run" .venv/bin/python -c "
import json, sys
sys.path.insert(0, 'tools')
from seeded_results import stable
mine = stable(json.load(open('$out/nocc-monopoly.json')))
mine.pop('core')
theirs = json.load(open('$out/results.json'))['simulate monopoly hard (python engine)']
theirs.pop('core')
assert mine == theirs, (mine, theirs)
"
    exit $fail
) || fail=1
echo "arm64-inside: $([ $fail = 0 ] && echo passed || echo FAILED)"
exit $fail
