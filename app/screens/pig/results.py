"""The end of a Pig game: the winner, and each player's score and turns. SELECT or BACK goes home."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from app import widgets
from app.i18n import t
from app.screen import Binding, ModalScreen
from engines.pig import PigState
from remote.buttons import Button


class ResultsScreen(ModalScreen[bool]):
    BINDINGS = (
        Binding(Button.SELECT, "home", "pig.results.continue"),
        Binding(Button.BACK, "home", "", show=False),
    )
    dim_below = False

    def __init__(self, state: PigState, names: Sequence[str]) -> None:
        super().__init__()
        self.observation = state.to_dict()
        self.names = list(names)

    def action_home(self) -> None:
        self.dismiss(True)

    def action_menu(self) -> None:
        self.dismiss(True)

    def lines(self) -> list[str]:
        """One line a player, the winner first."""
        obs = self.observation
        order = sorted(range(len(self.names)), key=lambda p: (p != obs["winner"], p))
        return [
            t("pig.results.line", name=self.names[p], score=obs["scores"][p], turns=obs["turns"][p])
            for p in order
        ]

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        winner = self.names[self.observation["winner"]]
        widgets.title(surface, app, t("pig.results.wins", name=winner))
        anchor = "topright" if self.rtl else "topleft"
        x = safe.right if self.rtl else safe.x
        y = safe.y + theme.font("title") + theme.px(50)
        for k, line in enumerate(self.lines()):
            size = theme.font("heading") if k == 0 else theme.font("body")
            colour = theme.colour("accent") if k == 0 else theme.colour("text")
            drawn = widgets.draw_text(
                surface, app.text, line, size, colour, (x, y), anchor, bold=k == 0, max_width=safe.w
            )
            y = drawn.bottom + theme.px(18)
        widgets.help_bar(surface, app, self)
