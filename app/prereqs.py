"""What a fresh Debian 12 or Raspberry Pi OS needs before ``make`` can build the box, checked first.

Standard library only: ``make run`` and ``make test`` run it with the system Python before the
virtual environment exists (``python3 -m app.prereqs``). Each missing piece is one line naming
the Debian package to install; nothing is printed when all is there.

The pieces: Python 3.11 or newer with ``venv`` and ``ensurepip`` (python3-venv), and, because
evdev is published as source only and builds on install, the Python headers (python3-dev), a C
compiler (build-essential) and the kernel's input headers (linux-libc-dev).
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Need:
    """One prerequisite: what it is, the Debian package that brings it, and a check."""

    what: str
    package: str
    present: Callable[[], bool]


def _importable(name: str) -> Callable[[], bool]:
    def check() -> bool:
        import importlib.util

        return importlib.util.find_spec(name) is not None

    return check


def _python_header() -> bool:
    return (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def _c_compiler() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return any(shutil.which(name) for name in (cc, "cc", "gcc"))


def _input_header() -> bool:
    return Path("/usr/include/linux/input.h").is_file()


def needs(platform: str = sys.platform) -> list[Need]:
    """The prerequisites on ``platform`` (evdev's build ones on Linux only)."""
    out = [
        Need("Python's venv module", "python3-venv", _importable("venv")),
        Need("Python's ensurepip (for venv)", "python3-venv", _importable("ensurepip")),
    ]
    if platform.startswith("linux"):
        out += [
            Need("the Python headers (Python.h, to build evdev)", "python3-dev", _python_header),
            Need("a C compiler (to build evdev)", "build-essential", _c_compiler),
            Need(
                "the kernel's input headers (linux/input.h, to build evdev)", "linux-libc-dev", _input_header
            ),
        ]
    return out


def missing(found: list[Need] | None = None, version: tuple[int, int] = sys.version_info[:2]) -> list[str]:
    """One line per missing prerequisite (empty when everything is there)."""
    lines = []
    if version < (3, 11):
        lines.append(f"Python {version[0]}.{version[1]} is too old: 3.11 or newer is needed")
    for need in needs() if found is None else found:
        if not need.present():
            lines.append(f"missing {need.what}: sudo apt install {need.package}")
    return lines


def main() -> int:
    if os.environ.get("TVGAMES_SKIP_PREREQS"):
        return 0
    lines = missing()
    for line in lines:
        print(f"make: {line}", file=sys.stderr)
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
