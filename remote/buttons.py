"""The canonical buttons of the box, and the events the input pipeline hands to the app.

Every remote, keyboard and replay file is translated into these few buttons (stage 1); screens
bind buttons to actions (stage 2). Long-press is a modifier of a button, never a button of its own.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Button(enum.StrEnum):
    """A button on the idealised remote. The value is the name, so it round-trips through text."""

    DIGIT_0 = "DIGIT_0"
    DIGIT_1 = "DIGIT_1"
    DIGIT_2 = "DIGIT_2"
    DIGIT_3 = "DIGIT_3"
    DIGIT_4 = "DIGIT_4"
    DIGIT_5 = "DIGIT_5"
    DIGIT_6 = "DIGIT_6"
    DIGIT_7 = "DIGIT_7"
    DIGIT_8 = "DIGIT_8"
    DIGIT_9 = "DIGIT_9"
    SELECT = "SELECT"
    UP = "UP"
    DOWN = "DOWN"
    LEFT = "LEFT"
    RIGHT = "RIGHT"
    BACK = "BACK"
    MENU = "MENU"
    INFO = "INFO"
    PLAY_PAUSE = "PLAY_PAUSE"
    RED = "RED"
    GREEN = "GREEN"
    YELLOW = "YELLOW"
    BLUE = "BLUE"
    CHANNEL_UP = "CHANNEL_UP"
    CHANNEL_DOWN = "CHANNEL_DOWN"


class Press(enum.StrEnum):
    """What happened to a button: first went down, auto-repeat while held, or came up."""

    PRESS = "PRESS"
    RELEASE = "RELEASE"
    REPEAT = "REPEAT"


@dataclass(frozen=True)
class ButtonEvent:
    """One press, repeat or release of a canonical button.

    ``time`` is in seconds on the caller's monotonic clock. ``long_press`` is set on the REPEAT
    and RELEASE events of a press held for at least the profile's ``long_press_ms``.
    """

    button: Button
    kind: Press
    time: float
    long_press: bool = False
    source: str = ""


DIGITS = tuple(Button(f"DIGIT_{n}") for n in range(10))


def parse_button(text: str) -> Button:
    """The button a name stands for: a :class:`Button` name or a single digit, any case.

    >>> parse_button("select"), parse_button("2"), parse_button("digit_7")
    (<Button.SELECT: 'SELECT'>, <Button.DIGIT_2: 'DIGIT_2'>, <Button.DIGIT_7: 'DIGIT_7'>)
    """
    name = text.strip().upper()
    if len(name) == 1 and name.isdigit():
        return DIGITS[int(name)]
    try:
        return Button[name]
    except KeyError:
        raise ValueError(f"unknown button {text!r} (one of {', '.join(b.name for b in Button)})") from None
