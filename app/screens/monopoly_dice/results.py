"""The end of a Monopoly Dice game: the winner, the winner's bonuses and the final table.

The winner's Houses/Hotels and Special (fewer turns) bonuses come from the engine
(``state.bonuses``, formulas in :mod:`engines.monopoly_dice.rules`). SELECT or BACK goes home.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from app import widgets
from app.i18n import t
from app.screen import Binding, ModalScreen
from app.screens.monopoly_dice import look
from app.screens.monopoly_dice.players import player_names
from remote.buttons import Button

if TYPE_CHECKING:
    from engines.monopoly_dice import MonopolyDiceState


class ResultsScreen(ModalScreen[bool]):
    BINDINGS = (
        Binding(Button.SELECT, "home", "mdice.results.continue"),
        Binding(Button.BACK, "home", "", show=False),
    )
    dim_below = False

    def __init__(self, state: MonopolyDiceState, players: Sequence[Any]) -> None:
        super().__init__()
        self.state = state
        self.players = list(players)

    def action_home(self) -> None:
        self.dismiss(True)

    def action_menu(self) -> None:
        self.dismiss(True)

    def lines(self) -> list[tuple[str, str]]:
        """The winner's sum: score, each bonus, final."""
        state = self.state
        w = state.winner
        bonuses = state.bonuses
        return [
            (t("mdice.results.score"), look.money(state.scores[w])),
            (t("mdice.results.houses_bonus"), look.money(bonuses.get("houses_hotels", 0))),
            (t("mdice.results.special_bonus", turns=state.turns[w]), look.money(bonuses.get("special", 0))),
            (t("mdice.results.final"), look.money(round(state.returns()[w]))),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        names = player_names(self.players)
        state = self.state
        w = state.winner
        widgets.draw_text(
            surface,
            app.text,
            t("mdice.results.title", name=names[w]),
            theme.font("title"),
            theme.colour("accent"),
            (safe.centerx, safe.y),
            "midtop",
            bold=True,
            max_width=safe.w,
        )
        size = theme.font("body")
        line = app.text.line_height(size) + theme.px(10)
        width = min(safe.w, theme.px(760))
        x = safe.centerx - width // 2
        y = safe.y + app.text.line_height(theme.font("title")) + theme.px(30)
        for i, (label, value) in enumerate(self.lines()):
            final = i == 3
            rect = theme.mirror(pygame.Rect(x, y, width, line), self.rtl)
            if final:
                widgets.panel(
                    surface,
                    rect,
                    theme.colour("panel_focus"),
                    theme.px(8),
                    theme.px(3),
                    theme.colour("accent"),
                )
            self._pair(surface, rect, label, value, size, final)
            y += line
        y += theme.px(24)
        returns = state.returns()
        head = theme.mirror(pygame.Rect(x, y, width, line), self.rtl)
        self._row(
            surface,
            head,
            (t("mdice.score.player"), t("mdice.results.turns"), t("mdice.results.final")),
            size,
            "text_dim",
        )
        y += line
        order = sorted(range(len(names)), key=lambda p: (-returns[p], p))
        for p in order:
            rect = theme.mirror(pygame.Rect(x, y, width, line), self.rtl)
            widgets.panel(surface, rect, theme.colour("panel"), theme.px(8))
            cells = (names[p], str(state.turns[p]), look.money(round(returns[p])))
            self._row(surface, rect, cells, size, "accent" if p == w else "text")
            y += line + theme.px(4)
        widgets.help_bar(surface, app, self)

    def _pair(self, surface, rect, label, value, size, bold) -> None:
        theme = self.theme
        pad = theme.px(14)
        start = (rect.right - pad, rect.centery) if self.rtl else (rect.x + pad, rect.centery)
        end = (rect.x + pad, rect.centery) if self.rtl else (rect.right - pad, rect.centery)
        widgets.draw_text(
            surface,
            self.app.text,
            label,
            size,
            theme.colour("text"),
            start,
            "midright" if self.rtl else "midleft",
            bold=bold,
            max_width=rect.w * 2 // 3,
        )
        widgets.draw_text(
            surface,
            self.app.text,
            value,
            size,
            theme.colour("accent"),
            end,
            "midleft" if self.rtl else "midright",
            bold=True,
        )

    def _row(self, surface, rect, cells, size, colour) -> None:
        theme = self.theme
        pad = theme.px(14)
        fractions = (0.0, 0.55, 1.0)
        for k, (cell, f) in enumerate(zip(cells, fractions, strict=True)):
            if k == 0:
                pos = (rect.right - pad, rect.centery) if self.rtl else (rect.x + pad, rect.centery)
                anchor = "midright" if self.rtl else "midleft"
            else:
                off = round((rect.w - 2 * pad) * f)
                pos = (
                    (rect.right - pad - off, rect.centery) if self.rtl else (rect.x + pad + off, rect.centery)
                )
                anchor = "midleft" if self.rtl else "midright"
            widgets.draw_text(
                surface, self.app.text, cell, size, theme.colour(colour), pos, anchor, max_width=rect.w // 2
            )
