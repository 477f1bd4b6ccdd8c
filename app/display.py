"""The TV picture: a fixed logical framebuffer shown with the right aspect on whatever is attached.

Screens always draw into :attr:`Display.framebuffer`, which has the profile's size (720x576 for
PAL, 1280x720 for HD). :meth:`Display.present` shows it:

- full screen at exactly the framebuffer size (a PAL or HD mode on the Pi): the framebuffer is the
  window's own surface, flipped as it is, and the TV itself stretches the pixels to its shape (SDL's
  dummy driver, for benchmarks, stands in for this mode);
- anywhere else (a desktop window, a full-screen mode of another size): scaled into the largest
  rectangle of the TV's *display aspect* that fits, letterboxed in black, so non-square PAL pixels
  come out as they would on the TV;
- offscreen (tests, screenshots, benchmarks): nothing to show; the framebuffer is the picture.

The video driver is chosen by :func:`choose_video_driver`: what ``SDL_VIDEODRIVER`` says if set,
KMS/DRM on a Linux console without X or Wayland, and SDL's default (a window) otherwise.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from app.profiles import Profile

MODES = ("window", "fullscreen", "offscreen")
SOFTWARE_SURFACE_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})
"""SDL video drivers that can show a software window surface without OpenGL."""


KEYLESS_DRIVERS = frozenset({"kmsdrm", "dummy", "offscreen"})
"""SDL video drivers whose window brings no keys: the app reads /dev/input itself (KMS) or there is
no keyboard at all (tests, benchmarks), so the loop sleeps on its input sources as the box does."""


class DisplayError(Exception):
    """No picture can be shown; ``str()`` is one line telling the user what to do."""


def choose_video_driver(env: Mapping[str, str], platform: str = sys.platform) -> str | None:
    """The SDL video driver to ask for, or None for SDL's own choice.

    >>> choose_video_driver({}, "linux")
    'kmsdrm'
    >>> choose_video_driver({"DISPLAY": ":0"}, "linux") is None
    True
    >>> choose_video_driver({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, "linux")
    'dummy'
    """
    if env.get("SDL_VIDEODRIVER"):
        return env["SDL_VIDEODRIVER"]
    if platform.startswith("linux") and not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return "kmsdrm"
    return None


def letterbox(window: tuple[int, int], display_aspect: tuple[int, int]) -> pygame.Rect:
    """The largest rectangle of shape ``display_aspect`` centred in a ``window`` of square pixels.

    >>> letterbox((1920, 1080), (4, 3))
    Rect(240, 0, 1440, 1080)
    >>> letterbox((800, 800), (16, 9))
    Rect(0, 175, 800, 450)
    """
    ww, wh = window
    aw, ah = display_aspect
    if ww * ah >= wh * aw:  # window wider than the picture: bars left and right
        h = wh
        w = round(wh * aw / ah)
    else:
        w = ww
        h = round(ww * ah / aw)
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


def window_size_for(profile: Profile, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A window that shows the picture at its true shape: the framebuffer height, the aspect's width,
    shrunk by whole steps of 1/4 to fit on the desktop."""
    aw, ah = profile.display_aspect
    h = profile.height
    w = round(h * aw / ah)
    if desktop:
        while (w > desktop[0] * 0.95 or h > desktop[1] * 0.9) and h > 200:
            h = h * 3 // 4
            w = round(h * aw / ah)
    return w, h


class Display:
    """Owns the window (if any) and the logical framebuffer of one profile."""

    def __init__(self, profile: Profile, mode: str = "window") -> None:
        if mode not in MODES:
            raise ValueError(f"display mode must be one of {MODES}, not {mode!r}")
        self.mode = mode
        self.profile = profile
        self.window: pygame.Surface | None = None
        self.framebuffer = pygame.Surface((profile.width, profile.height))
        self._target: pygame.Rect | None = None
        self.window_reads_keys = False
        """Whether key presses arrive through the window (a desktop) rather than from /dev/input
        (a KMS console, where the app grabs the keyboards itself) or not at all (the dummy and
        offscreen drivers): only then must the sleeping loop look at the window's queue."""
        self._open()

    def _open(self) -> None:
        if self.mode == "offscreen":
            if not pygame.display.get_init():
                os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            return
        driver = choose_video_driver(os.environ)
        if driver:
            os.environ["SDL_VIDEODRIVER"] = driver
        try:
            pygame.display.init()
            if pygame.display.get_driver() in SOFTWARE_SURFACE_DRIVERS:
                # These drivers show a software surface directly; SDL's default would push it through
                # an OpenGL texture instead, which loads Mesa (about 90 MB RSS) for nothing.
                os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
            if pygame.display.get_driver() == "dummy":
                # No screen: a stand-in for the box's full-screen mode at the framebuffer's size,
                # shown 1:1 as on the TV, so benchmarks draw what the box draws (not a scaling).
                self.window = pygame.display.set_mode((self.profile.width, self.profile.height))
                self._target = None
                self.window_reads_keys = False
                self._share_window()
                return
            if self.mode == "fullscreen":
                self.window = pygame.display.set_mode(
                    (self.profile.width, self.profile.height), pygame.FULLSCREEN
                )
                pygame.mouse.set_visible(False)
            else:
                desktop = pygame.display.get_desktop_sizes()
                size = window_size_for(self.profile, desktop[0] if desktop else None)
                self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error as exc:
            raise DisplayError(
                f"cannot open a display ({driver or 'default'} driver: {str(exc).strip() or 'no reason'}): "
                "run it under X or Wayland, or on the console set SDL_VIDEODRIVER=kmsdrm and add your user "
                "to the video and render groups (sudo usermod -aG video,render $USER), "
                "or use --windowed / --fullscreen"
            ) from exc
        pygame.display.set_caption("tvgames")
        self._target = None
        self._share_window()
        self.window_reads_keys = pygame.display.get_driver() not in KEYLESS_DRIVERS

    def reconfigure(self, profile: Profile) -> None:
        """Switch to another profile's framebuffer (and window) while running."""
        self.profile = profile
        self.framebuffer = pygame.Surface((profile.width, profile.height))
        if self.window is not None and pygame.display.get_driver() == "dummy":
            self.window = pygame.display.set_mode((profile.width, profile.height))
        elif self.mode == "fullscreen" and self.window is not None:
            self.window = pygame.display.set_mode((profile.width, profile.height), pygame.FULLSCREEN)
        elif self.mode == "window" and self.window is not None:
            desktop = pygame.display.get_desktop_sizes()
            self.window = pygame.display.set_mode(
                window_size_for(profile, desktop[0] if desktop else None), pygame.RESIZABLE
            )
        self._target = None
        self._share_window()

    def _share_window(self) -> None:
        """A full screen of exactly the framebuffer's size (the box's own mode): the screens draw
        straight into the window's surface, which keeps its picture between frames, so showing a
        frame is a flip, not a full-frame copy first."""
        if self.window is None or self.window.get_size() != self.framebuffer.get_size():
            return
        if self.mode == "fullscreen" or pygame.display.get_driver() == "dummy":
            self.framebuffer = self.window

    def resized(self) -> None:
        """Call on a window resize event: the letterbox is recomputed at the next present."""
        if self.window is not None:
            shared = self.framebuffer is self.window
            self.window = pygame.display.get_surface()
            if shared and self.framebuffer is not self.window:  # a new surface: draw into our own
                self.framebuffer = pygame.Surface((self.profile.width, self.profile.height))
                self._share_window()
        self._target = None

    @property
    def target(self) -> pygame.Rect:
        """Where the framebuffer goes on the window (the whole window for a 1:1 full-screen mode)."""
        if self._target is None:
            if self.window is None:
                self._target = self.framebuffer.get_rect()
            else:
                size = self.window.get_size()
                if self.mode == "fullscreen" and size == self.framebuffer.get_size():
                    self._target = self.window.get_rect()
                else:
                    self._target = letterbox(size, self.profile.display_aspect)
        return self._target

    def present(self) -> None:
        """Show the framebuffer (no-op offscreen)."""
        if self.window is None:
            return
        if self.framebuffer is self.window:
            pygame.display.flip()
            return
        target = self.target
        if target.size == self.framebuffer.get_size():
            self.window.blit(self.framebuffer, target)
        else:
            self.window.fill((0, 0, 0))
            pygame.transform.smoothscale(self.framebuffer, target.size, self.window.subsurface(target))
        pygame.display.flip()

    def close(self) -> None:
        if self.window is not None:
            pygame.display.quit()
            self.window = None
