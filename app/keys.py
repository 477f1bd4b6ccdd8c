"""Press scripts: ``"RIGHT,2:hold=800,wait=500,SELECT"`` for tests, screenshots and ``tvgames run --keys``."""

from __future__ import annotations

from remote.buttons import Button, parse_button


def parse_keys(script: str) -> list[tuple[Button | None, int]]:
    """Parse a press script: ``"RIGHT,RIGHT,2:hold=800,wait=500,SELECT"``.

    Each item is ``(button, hold_ms)``; ``wait=MS`` gives ``(None, MS)``: just let time pass.

    >>> parse_keys("right, 2:hold=800, wait=300")
    [(<Button.RIGHT: 'RIGHT'>, 0), (<Button.DIGIT_2: 'DIGIT_2'>, 800), (None, 300)]
    """
    out: list[tuple[Button | None, int]] = []
    for raw in script.split(","):
        item = raw.strip()
        if not item:
            continue
        if item.lower().startswith("wait="):
            out.append((None, _ms(item[5:], raw)))
            continue
        name, _, opt = item.partition(":")
        hold = 0
        if opt:
            key, _, value = opt.partition("=")
            if key.strip().lower() != "hold":
                raise ValueError(f"bad key option {raw.strip()!r}: only hold=MS is known")
            hold = _ms(value, raw)
        out.append((parse_button(name), hold))
    return out


def _ms(text: str, item: str) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise ValueError(f"bad milliseconds in {item.strip()!r}") from None
    if value < 0:
        raise ValueError(f"negative milliseconds in {item.strip()!r}")
    return value
