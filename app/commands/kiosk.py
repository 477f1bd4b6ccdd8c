"""`tvgames kiosk`: kiosk mode's PIN, whether the box starts in it, and the attract loop's timings.

Everything is kept in ``kiosk.json`` of the data directory (the PIN as a salted scrypt hash). A
timing it does not set is the firmware profile's (``kiosk:`` key), shown as ``null``.
Anyone with a shell on the box is its owner: nothing here asks for the old PIN.
"""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("kiosk", help="kiosk mode: set the PIN, turn it on or off, the demo timings")
    p.add_argument(
        "--set-pin", action="store_true", help="set the PIN (4-8 digits; asked for, or one line of stdin)"
    )
    on = p.add_mutually_exclusive_group()
    on.add_argument("--on", dest="enabled", action="store_const", const=True, help="start in kiosk mode")
    on.add_argument("--off", dest="enabled", action="store_const", const=False, help="start normally")
    p.add_argument(
        "--attract-after", type=float, metavar="MIN", help="minutes idle on home before the demos (0: never)"
    )
    p.add_argument("--idle-game", type=float, metavar="MIN", help="minutes a game waits before it is saved")
    share = p.add_mutually_exclusive_group()
    share.add_argument(
        "--guests-share",
        dest="share",
        action="store_const",
        const=True,
        help="kiosk guests may push each other's high scores out of a full table",
    )
    share.add_argument(
        "--guests-apart", dest="share", action="store_const", const=False, help="they may not (the default)"
    )
    p.add_argument("--json", action="store_true", help="print the state as JSON")
    p.set_defaults(func=run, enabled=None, share=None)


def read_pin(stdin) -> str:
    """The new PIN: typed twice at a terminal (not shown), else the first line of stdin."""
    from app.cli import UserError

    if stdin.isatty():
        import getpass

        pin = getpass.getpass("New PIN (4-8 digits): ")
        if getpass.getpass("Again: ") != pin:
            raise UserError("the two PINs differ: nothing changed")
    else:
        pin = stdin.readline().strip()
    return pin


def run(args: argparse.Namespace) -> int:
    import json
    import os
    import sys

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from app.cli import UserError
    from app.kiosk import KioskConfig, LockRecord, hash_pin, valid_pin
    from app.storage import Storage, data_dir

    storage = Storage(data_dir(args.data_dir))
    config = KioskConfig.load(storage)
    changed = False
    if args.set_pin:
        pin = read_pin(sys.stdin)
        if not valid_pin(pin):
            raise UserError("a PIN is 4 to 8 digits (the remote's digit keys)")
        config.pin = hash_pin(pin)
        changed = True
    if args.enabled is not None:
        if args.enabled and config.pin is None:
            raise UserError("set a PIN first: tvgames kiosk --set-pin")
        config.enabled, changed = args.enabled, True
    timings = (
        (args.attract_after, "attract_after_min", "--attract-after", 0.0),
        (args.idle_game, "idle_game_min", "--idle-game", 0.1),
    )
    for value, name, flag, low in timings:
        if value is not None:
            if not value >= low:  # NaN too
                raise UserError(f"{flag} must be at least {low:g} minutes")
            setattr(config, name, value)
            changed = True
    if args.share is not None:
        config.guests_share, changed = args.share, True
    if changed:
        try:
            config.save(storage)
        except OSError as exc:
            raise UserError(f"cannot write {storage.path('kiosk.json')}: {exc}") from exc
    lock = LockRecord(storage)
    if args.set_pin and not (lock.create() and lock.write(0, 0.0)):  # a new PIN: a fresh count
        raise UserError(f"cannot write {lock.path}: the PIN pad would take no PIN")
    found = lock.read()
    state = {
        "kiosk_mode": config.enabled,
        "pin_set": config.pin is not None,
        "wrong_tries": None if found is None else found[0],
        "attract_after_min": config.attract_after_min,
        "idle_game_min": config.idle_game_min,
        "guests_share": config.guests_share,
        "file": str(storage.path("kiosk.json")),
    }
    if args.json:
        print(json.dumps(state, indent=2))
    else:
        for key, value in state.items():
            print(f"{key}: {value if value is not None else 'from the profile'}")
    return 0
