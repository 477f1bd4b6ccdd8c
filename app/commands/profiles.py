"""`tvgames profiles`: list the firmware profiles, check profile files, show one resolved."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("profiles", help="list, check or show firmware profiles")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    actions.add_parser("list", help="list the shipped profiles")
    check = actions.add_parser("check", help="validate profile files: 'ok FILE' or one line per problem")
    check.add_argument("files", nargs="+", metavar="FILE")
    show = actions.add_parser("show", help="print a profile with its extends merged")
    show.add_argument("profile", help="a profile name or a .yaml file")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from app.cli import UserError
    from app.profiles import DEFAULT_PROFILE, ProfileError, available_profiles, load_profile

    action = getattr(args, "action", None) or "list"
    if action == "check":
        bad = 0
        for file in args.files:
            try:
                load_profile(Path(file) if Path(file).exists() else file)
            except ProfileError as exc:
                bad += 1
                print(exc, file=sys.stderr)
            else:
                print(f"ok {file}")
        return 2 if bad else 0
    if action == "show":
        try:
            profile = load_profile(args.profile)
        except ProfileError as exc:
            raise UserError(str(exc)) from None
        print(describe(profile))
        return 0
    for name in available_profiles():
        try:
            profile = load_profile(name)
        except ProfileError as exc:
            print(f"{name:<14} BROKEN: {exc}")
            continue
        mark = "*" if name == DEFAULT_PROFILE else " "
        size = f"{profile.width}x{profile.height}@{profile.refresh_hz}"
        shape = "{}:{}".format(*profile.display_aspect)
        print(f"{mark} {name:<14} {size:<14} {shape:<5} {profile.description}")
    return 0


def describe(profile) -> str:  # noqa: ANN001 - app.profiles.Profile, imported lazily
    """A readable dump of a resolved profile."""
    p, safe, kiosk = profile, profile.safe_area, profile.kiosk
    shape = "{}:{}".format(*p.display_aspect)
    lines = [
        f"profile  {p.name}  ({p.source})",
        f"display  {p.width}x{p.height} at {p.refresh_hz} Hz on a {shape} TV",
        f"pixels   {p.pixel_aspect:.4f} as wide as tall",
        f"safe     top {safe.top} right {safe.right} bottom {safe.bottom} left {safe.left}",
        f"fonts    x{p.font_scale:g}    colour max {p.max_level}, red max {p.max_red}",
        f"language {p.default_language}",
        "input    " + ", ".join(f"{k}={v}" for k, v in vars(p.input).items()),
        f"kiosk    {'on' if kiosk.enabled else 'off'}; demos after {kiosk.attract_after_min:g} min on home,"
        f" a game saved after {kiosk.idle_game_min:g} min idle (unless kiosk.json says otherwise)",
    ]
    for name, keymap in p.remotes.items():
        flags = [f for f, on in (("dedupe", keymap.dedupe), ("no key-up", not keymap.sends_release)) if on]
        devices = ", ".join(keymap.devices)
        lines.append(
            f"remote   {name}: devices {devices}; {len(keymap.codes)} keys; {' '.join(flags)}".rstrip()
        )
        for code, button in keymap.codes.items():
            lines.append(f"           {code:<20} {button}")
    return "\n".join(lines)
