"""`tvgames install --systemd`: the box as an appliance (the unit and udev rule from ``deploy/``).

The systemd unit starts the app full screen on tty1 (KMS/DRM) as an unprivileged user in the
``input``, ``video`` and ``render`` groups, with ``Type=notify`` and a watchdog, and restarts it
whenever it stops. The udev rule makes ``/dev/input`` and the CEC adapter readable by those groups.
``--print`` shows both files instead of writing them.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

DEPLOY_DIR = Path(__file__).resolve().parent.parent.parent / "deploy"
UNIT_NAME = "tvgames.service"
RULE_NAME = "70-tvgames-input.rules"
UNIT_DIR = "etc/systemd/system"
RULE_DIR = "etc/udev/rules.d"
_USER = re.compile(r"^[a-z_][a-z0-9_-]{0,31}$")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("install", help="install the box as an appliance: systemd unit and udev rule")
    p.add_argument("--systemd", action="store_true", required=True, help="the systemd unit and udev rule")
    p.add_argument("--print", dest="print_only", action="store_true", help="print the files, write nothing")
    p.add_argument("--user", help="the user the app runs as (default: the one who called sudo)")
    p.add_argument("--profile", default="rpi", help="firmware profile the box starts with (default: rpi)")
    p.add_argument("--kiosk", action="store_true", help="start in kiosk mode")
    p.add_argument("--root", default="/", help=argparse.SUPPRESS)  # tests: write under another root
    p.set_defaults(func=run)


def _exec_path(path: Path) -> str:
    """A path as a systemd command line word (quoted where it has spaces)."""
    text = str(path)
    if any(c in text for c in '\n"\\%$'):
        from app.cli import UserError

        raise UserError(f"cannot put {text!r} in a systemd unit: move the clone to a plainer path")
    return f'"{text}"' if " " in text else text


def tvgames_command() -> Path:
    """The ``tvgames`` script of the interpreter running now (the clone's ``.venv``)."""
    import shutil
    import sys

    beside = Path(sys.executable).parent / "tvgames"
    if beside.exists():
        return beside
    found = shutil.which("tvgames")
    return Path(found) if found else beside


def render_unit(user: str, tvgames: Path, workdir: Path, profile: str, kiosk: bool = False) -> str:
    """``deploy/tvgames.service`` with its fields filled in."""
    from app.cli import UserError

    if not _USER.match(user) or user == "root":
        raise UserError(f"bad --user {user!r}: an unprivileged user name is needed")
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", profile):
        raise UserError(f"bad --profile {profile!r}")
    text = (DEPLOY_DIR / UNIT_NAME).read_text(encoding="utf-8")
    fields = {
        "@USER@": user,
        "@TVGAMES@": _exec_path(tvgames),
        "@WORKDIR@": _exec_path(workdir),
        "@PROFILE@": profile,
        "@EXTRA@": " --kiosk" if kiosk else "",
    }
    for key, value in fields.items():
        text = text.replace(key, value)
    return text


def default_user() -> str:
    import getpass
    import os

    return os.environ.get("SUDO_USER") or getpass.getuser()


def run(args: argparse.Namespace) -> int:
    import subprocess

    from app.cli import UserError

    user = args.user or default_user()
    unit = render_unit(user, tvgames_command(), DEPLOY_DIR.parent, args.profile, args.kiosk)
    rule = (DEPLOY_DIR / RULE_NAME).read_text(encoding="utf-8")
    root = Path(args.root)
    unit_path, rule_path = root / UNIT_DIR / UNIT_NAME, root / RULE_DIR / RULE_NAME
    if args.print_only:
        print(f"# {unit_path}\n{unit}\n# {rule_path}\n{rule}", end="")
        return 0
    try:
        for path, text in ((unit_path, unit), (rule_path, rule)):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    except PermissionError as exc:
        raise UserError(f"cannot write {exc.filename}: run it with sudo, or add --print") from exc
    if str(root) == "/":
        for cmd in (
            ["systemctl", "daemon-reload"],
            ["systemctl", "enable", UNIT_NAME],
            ["udevadm", "control", "--reload-rules"],
            ["udevadm", "trigger", "--subsystem-match=input", "--subsystem-match=cec"],
        ):
            if subprocess.run(cmd, check=False).returncode != 0:
                print(f"tvgames install: '{' '.join(cmd)}' failed; run it by hand")
        print("tvgames starts on tty1 at the next boot (or now: sudo systemctl start tvgames)")
    else:
        print(f"written under {root}: nothing enabled")
    return 0
