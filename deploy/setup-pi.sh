#!/bin/sh
# Turn a fresh Raspberry Pi OS Lite (64-bit) or Debian 12 into a tvgames box. Run from the clone, as
# the user who will own the box: `sh deploy/setup-pi.sh [PROFILE]` (default profile: rpi).
# Every step can run again safely.
set -eu
profile=${1:-rpi}
here=$(cd "$(dirname "$0")/.." && pwd)
user=$(id -un)

# Python with venv and headers, a C compiler and the kernel's input headers (evdev builds from
# source), ir-keytable (the IR keymaps the udev rule loads; its own package since Debian 12) and
# v4l-utils for cec-ctl.
sudo apt-get install -y python3 python3-venv python3-dev build-essential linux-libc-dev git ir-keytable v4l-utils

# The IR receiver on GPIO 18 and the KMS driver (with HDMI-CEC), once, on a Pi only.
config=/boot/firmware/config.txt
if [ -f "$config" ]; then
    grep -v '^#' "$here/deploy/boot-config.txt" | while read -r line; do
        [ -n "$line" ] && ! grep -qxF "$line" "$config" && echo "$line" | sudo tee -a "$config" >/dev/null
        true
    done
fi

sudo usermod -aG input,video,render "$user"
make -C "$here" .venv/.installed bytecode
# The optimal players' tables, built now rather than in the middle of someone's first game (on a
# Pi 3 the Monopoly Dice table takes minutes); a table already built is only loaded.
OPENBLAS_NUM_THREADS=1 "$here/.venv/bin/tvgames" solve yahtzee >/dev/null
OPENBLAS_NUM_THREADS=1 "$here/.venv/bin/tvgames" solve monopoly-dice >/dev/null
sudo "$here/.venv/bin/tvgames" install --systemd --user "$user" --profile "$profile"
echo "setup-pi: done; reboot to start tvgames on the TV (sudo reboot)"
