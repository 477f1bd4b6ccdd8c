"""The set-up screen of a Pig game: who plays each of the two seats.

Rows (UP/DOWN move, LEFT/RIGHT change the seat, SELECT on "Start the game" starts): each seat is
Human (or a named player), or Computer (easy, medium, hard); by default you against one computer
of the settings' difficulty, and you roll first.
"""

from __future__ import annotations

import pygame

from app import widgets
from app.i18n import t
from app.match import PlayerSpec
from app.screen import Binding, Screen
from app.screens import guide
from app.screens.dice_game import default_seats, free_names, next_seat, seat_phones
from app.screens.pig.game import PigScreen
from engines.pig import rules as R
from remote.buttons import Button


class SetupScreen(Screen):
    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(-1,)),
        Binding(Button.DOWN, "move", "action.move", repeat=True, args=(1,)),
        Binding(Button.LEFT, "change", "action.change", repeat=True, args=(-1,)),
        Binding(Button.RIGHT, "change", "action.change", repeat=True, args=(1,)),
        Binding(Button.SELECT, "select", "action.select"),
    )

    howto_game = "pig"
    """The game whose How to play pages INFO offers."""

    def __init__(self) -> None:
        super().__init__()
        self.seats: list[PlayerSpec] = default_seats("medium", R.PLAYERS)
        self.focus = 0

    def rows(self) -> list[str]:
        """Row ids top to bottom: "seat0", "seat1", "start"."""
        return [*(f"seat{i}" for i in range(R.PLAYERS)), "start"]

    def on_enter(self) -> None:
        self.seats = default_seats(self.app.settings.difficulty, R.PLAYERS)
        self.focus = len(self.rows()) - 1  # on Start: SELECT at once plays against the computer
        if self.app.phones is not None:  # phones seated from the home screen play as themselves
            self.phones_seated(self.app.phones.connected())

    def phones_seated(self, connected: dict[int, str]) -> None:
        """Phones that took seat 1 or 2 before the game play it under their names."""
        seat_phones(self.seats, connected, R.PLAYERS)

    def check_action(self, action: str, args: tuple) -> bool:
        return action != "change" or self.rows()[self.focus] != "start"

    def action_move(self, step: int) -> None:
        self.focus = (self.focus + step) % len(self.rows())
        self.app.sound.play("move")

    def action_change(self, step: int) -> None:
        if self.rtl:
            step = -step
        seat = int(self.rows()[self.focus][4:])
        names = free_names(self.app.settings.players, self.seats, seat)
        self.seats[seat] = next_seat(self.seats[seat], step, names)
        self.app.sound.play("move")

    def action_select(self) -> None:
        if self.rows()[self.focus] != "start":
            self.action_change(-1 if self.rtl else 1)
            return
        self.app.sound.play("select")
        screen = PigScreen.new(self.seats, self.app.rng)
        self.app.replace(screen)
        if not self.seats[0].computer:
            guide.offer(self.app, "pig", screen)  # the first game of its kind on this box

    def label(self, row: str) -> tuple[str, str]:
        if row == "start":
            return t("pig.setup.start"), ""
        seat = int(row[4:])
        spec = self.seats[seat]
        if spec.computer:
            value = t("pig.player.computer", level=t(f"difficulty.{spec.level}"))
        else:
            value = spec.name or t("pig.player.human")
        return t("pig.setup.player", n=seat + 1), value

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        widgets.title(surface, app, f"{t('pig.title')}: {t('pig.setup.title')}")
        labels, values = zip(*(self.label(r) for r in self.rows()), strict=True)
        top = safe.y + theme.font("title") + theme.px(40)
        inset = safe.w // 8 if safe.w > 1000 else 0
        area = pygame.Rect(safe.x + inset, top, safe.w - 2 * inset, safe.bottom - top - theme.px(70))
        widgets.list_rows(surface, app, area, list(labels), self.focus, None, list(values))
        widgets.help_bar(surface, app, self)
