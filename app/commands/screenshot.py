"""`tvgames screenshot`: render a scene headless (after scripted presses) into a PNG."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("screenshot", help="render a scene to a PNG without a display")
    p.add_argument("--list", action="store_true", help="list the scenes and exit")
    p.add_argument("--profile", default="hd-720", help="firmware profile (default: hd-720)")
    p.add_argument("--scene", default="home", help="scene name (see --list; default: home)")
    p.add_argument(
        "--keys",
        default=None,
        help='presses after the scene is built, e.g. "RIGHT,RIGHT,SELECT" or "2:hold=800,wait=300"',
    )
    p.add_argument("--lang", choices=("en", "fa"), default="en")
    p.add_argument("--out", help="PNG file to write")
    p.add_argument(
        "--layout-json",
        metavar="FILE",
        help="also write every text run drawn (string, font pixel size, bounding box, language) as JSON",
    )
    p.add_argument(
        "--tv-aspect",
        action="store_true",
        help="scale the picture to the TV's shape, as it looks on the TV (PAL 720x576 at 4:3 -> 768x576)",
    )
    p.add_argument("--print-peak-rss", action="store_true", help=argparse.SUPPRESS)  # for tvgames bench
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from app import scenes
    from app.cli import UserError
    from app.profiles import ProfileError

    if args.list:
        for name, found in scenes.scenes().items():
            print(f"{name:24} {found.description}")
        return 0
    if not args.out:
        raise UserError("--out FILE.png is needed (or --list)")
    import pygame

    try:
        headless, frame = scenes.shoot(args.scene, args.profile, args.lang, args.keys, args.data_dir)
    except KeyError as exc:
        raise UserError(exc.args[0]) from exc
    except ProfileError as exc:
        raise UserError(str(exc)) from exc
    except ValueError as exc:  # a bad --keys script
        raise UserError(str(exc)) from exc
    if args.tv_aspect:
        aw, ah = headless.app.profile.display_aspect
        height = frame.get_height()
        frame = pygame.transform.smoothscale(frame, (round(height * aw / ah), height))
    runs = headless.app.text.runs
    try:
        pygame.image.save(frame, args.out)
        if args.layout_json:
            write_layout(args.layout_json, headless.app, runs)
    except (pygame.error, OSError) as exc:
        raise UserError(f"cannot write {exc.filename or args.out}: {exc}") from exc
    finally:
        headless.close()
    print(args.out)
    if args.print_peak_rss:
        import json

        from app.commands.run import peak_rss_kb

        print(json.dumps({"peak_rss_kb": peak_rss_kb()}))
    return 0


def layout(app, runs) -> dict:
    """The text of one frame as data: the profile's frame and title-safe area, then every run."""
    safe = app.theme.safe
    return {
        "profile": app.profile.name,
        "size": [app.theme.width, app.theme.height],
        "safe_area": [safe.x, safe.y, safe.w, safe.h],
        "runs": [run.to_dict() for run in runs],
    }


def write_layout(path: str, app, runs) -> None:
    import json

    with open(path, "w", encoding="utf-8") as out:
        json.dump(layout(app, runs), out, ensure_ascii=False, indent=1)
        out.write("\n")
