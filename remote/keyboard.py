"""The keyboard fallback: pygame key codes to canonical buttons.

The app feeds the result into :meth:`remote.pipeline.InputPipeline.push_key`, so a keyboard press
is shaped (repeats, long-press) exactly like one from a remote.
"""

from __future__ import annotations

import pygame

from remote.buttons import DIGITS, Button

KEY_BUTTONS: dict[int, Button] = {
    **{getattr(pygame, f"K_{n}"): DIGITS[n] for n in range(10)},
    **{getattr(pygame, f"K_KP{n}"): DIGITS[n] for n in range(10)},
    pygame.K_UP: Button.UP,
    pygame.K_DOWN: Button.DOWN,
    pygame.K_LEFT: Button.LEFT,
    pygame.K_RIGHT: Button.RIGHT,
    pygame.K_RETURN: Button.SELECT,
    pygame.K_KP_ENTER: Button.SELECT,
    pygame.K_BACKSPACE: Button.BACK,
    pygame.K_ESCAPE: Button.BACK,
    pygame.K_m: Button.MENU,
    pygame.K_i: Button.INFO,
    pygame.K_SPACE: Button.PLAY_PAUSE,
    pygame.K_F1: Button.RED,
    pygame.K_F2: Button.GREEN,
    pygame.K_F3: Button.YELLOW,
    pygame.K_F4: Button.BLUE,
    pygame.K_PAGEUP: Button.CHANNEL_UP,
    pygame.K_PAGEDOWN: Button.CHANNEL_DOWN,
}
"""pygame key code -> button; keys not listed here mean nothing to the box."""


def button_for_key(key: int) -> Button | None:
    """The button a pygame key stands for, or None."""
    return KEY_BUTTONS.get(key)
