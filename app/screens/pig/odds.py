"""Pig's odds view (key 5): the die's sides, the risk of the next roll and the optimal move's chances.

The numbers come from :mod:`engines.pig.odds`. The optimal player's table is read from the cache
(or built, a few seconds, once per box) as background work; meanwhile the view says it is working.
"""

from __future__ import annotations

from typing import Any

import pygame

from app import widgets
from app.i18n import t
from app.screen import Binding, ModalScreen
from engines.pig import odds as pig_odds
from engines.pig import rules as R
from remote.buttons import Button


class OddsScreen(ModalScreen[None]):
    BINDINGS = (
        Binding(Button.DIGIT_5, "close", "pig.odds.close"),
        Binding(Button.SELECT, "close", "", show=False),
        Binding(Button.BACK, "close", "", show=False),
    )

    dim_below = False

    def __init__(self, observation: dict[str, Any], names: list[str], inline: bool = False) -> None:
        super().__init__()
        self.observation = observation
        self.names = names
        self.inline = inline
        self.odds: pig_odds.Odds | None = None
        self._task: Any = None

    def on_enter(self) -> None:
        if self.inline:
            self.odds = pig_odds.odds(self.observation)
            return
        self._task = self.app.work.submit(lambda task: pig_odds.odds(self.observation), "pig-odds")

    def on_leave(self) -> None:
        if self._task is not None:
            self._task.cancel()

    @property
    def animating(self) -> bool:
        return self.odds is None and self._task is not None

    def update(self, dt: float) -> None:
        task = self._task
        if task is not None and task.done:
            self._task = None
            self.odds = task.result if task.error is None else None
            self.refresh()

    def action_close(self) -> None:
        self.dismiss(None)

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) lines once the numbers are in."""
        odds = self.odds
        if odds is None:
            return []
        survive = odds.survive
        hold = (
            t("pig.odds.no_hold")
            if odds.win_if_hold is None
            else t("pig.odds.percent", value=odds.win_if_hold)
        )
        chance = t("pig.odds.chance", n=survive.numerator, d=survive.denominator, value=float(survive))
        return [
            (t("pig.odds.survive"), chance),
            (t("pig.odds.gain"), t("pig.odds.points", value=float(odds.expected_gain))),
            (t("pig.odds.win_roll"), t("pig.odds.percent", value=odds.win_if_roll)),
            (t("pig.odds.win_hold"), hold),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        box = pygame.Rect(safe.x, safe.y, safe.w, safe.h - widgets.help_bar_height(app, self) - theme.gap)
        widgets.panel(surface, box, theme.colour("panel"), theme.radius, theme.px(3), theme.colour("accent"))
        pad = theme.px(20)
        name = self.names[self.observation["player"]]
        anchor = "topright" if self.rtl else "topleft"
        x = box.right - pad if self.rtl else box.x + pad
        width = box.w - 2 * pad
        y = box.y + pad
        heading = theme.font("heading")
        widgets.draw_text(
            surface,
            app.text,
            t("pig.odds.title", name=name),
            heading,
            theme.colour("text"),
            (x, y),
            anchor,
            bold=True,
            max_width=width,
        )
        y += app.text.line_height(heading) + theme.px(10)
        y = self._draw_sides(surface, box, x, y, width)
        body = theme.font("body")
        if self.odds is None:
            widgets.draw_text(
                surface,
                app.text,
                t("pig.odds.working"),
                body,
                theme.colour("text_dim"),
                (x, y),
                anchor,
                max_width=width,
            )
        else:
            end = "topleft" if self.rtl else "topright"
            value_x = box.x + pad if self.rtl else box.right - pad
            for label, value in self.rows():
                widgets.draw_text(
                    surface,
                    app.text,
                    label,
                    body,
                    theme.colour("text"),
                    (x, y),
                    anchor,
                    max_width=width * 7 // 10,
                )
                widgets.draw_text(
                    surface,
                    app.text,
                    value,
                    body,
                    theme.colour("accent"),
                    (value_x, y),
                    end,
                    bold=True,
                    max_width=width * 3 // 10 - theme.px(10),
                )
                y += app.text.line_height(body) + theme.px(6)
            move = t(f"pig.odds.best.{self.odds.best}")
            text = t("pig.odds.best", move=move, value=self.odds.win_best)
            widgets.draw_text(
                surface,
                app.text,
                text,
                theme.font("heading"),
                theme.colour("accent"),
                (x, y + theme.px(6)),
                anchor,
                bold=True,
                max_width=width,
            )
        widgets.help_bar(surface, app, self)

    def _draw_sides(self, surface: pygame.Surface, box: pygame.Rect, x: int, y: int, width: int) -> int:
        """The six sides in a row: the 1 apart, with what each kind does in words."""
        app, theme = self.app, self.theme
        die_h = theme.px(64)
        die_w = theme.round_w(die_h)
        step = die_w + theme.px(10)
        small = theme.font("small")
        for k, face in enumerate(R.FACES):
            offset = k * step + (theme.px(30) if face != R.BUST_FACE else 0)
            left = x - offset - die_w if self.rtl else x + offset
            widgets.draw_die_themed(surface, app, pygame.Rect(left, y, die_w, die_h), face, False)
        words_y = y + die_h + theme.px(6)
        anchor = "topright" if self.rtl else "topleft"
        for text in (f"1: {t('pig.odds.lose')}", f"2-6: {t('pig.odds.safe')}"):
            widgets.draw_text(
                surface,
                app.text,
                text,
                small,
                theme.colour("text_dim"),
                (x, words_y),
                anchor,
                max_width=width,
            )
            words_y += app.text.line_height(small)
        return words_y + theme.px(10)
