"""Players' names: typed with the remote, kept in the settings, written with high scores and saves.

A name comes from a file that may be hostile, so every reader passes it through :func:`clean_name`:
letters (any script, with their marks), digits, spaces, ``-``, ``'``, ``.`` and the Persian
ZERO WIDTH NON-JOINER (kept in a name read from a file; the keyboard has no key for it), at most
:data:`NAME_MAX` characters. Anything else (control characters, the bidirectional overrides that
would turn a line round, emoji no TV font has) is dropped.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

NAME_MAX = 12
"""Characters in a player's name: it fits a score column at 576 lines."""
NAMED_SEATS_MAX = 8
"""Named players the settings keep."""
_ZWNJ = "\u200c"
_PUNCTUATION = frozenset("-'.")


def _allowed(ch: str) -> bool:
    if ch == _ZWNJ or ch in _PUNCTUATION or ch == " ":
        return True
    return unicodedata.category(ch)[0] in "LMN"


def clean_name(text: object, max_len: int = NAME_MAX) -> str:
    """``text`` as a name a player may have: allowed characters only, spaces squeezed, cut to
    ``max_len``; "" if nothing is left (or ``text`` is not a string).

    >>> clean_name("  Sara\\u202e  K\\x00 "), clean_name("سارا"), clean_name(42), len(clean_name("x" * 99))
    ('Sara K', 'سارا', '', 12)
    """
    if not isinstance(text, str):
        return ""
    kept = "".join(ch for ch in text[: max_len * 8] if _allowed(ch))
    return " ".join(kept.split())[:max_len].strip()


def clean_names(values: Iterable[object]) -> tuple[str, ...]:
    """The distinct non-empty names of ``values``, cleaned, in order, at most :data:`NAMED_SEATS_MAX`.

    >>> clean_names(["Ali", " Ali ", "", None, "Sara"])
    ('Ali', 'Sara')
    """
    out: list[str] = []
    for value in values:
        name = clean_name(value)
        if name and name not in out:
            out.append(name)
        if len(out) == NAMED_SEATS_MAX:
            break
    return tuple(out)
