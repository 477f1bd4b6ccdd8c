"""The set-up screen of a Monopoly Dice game: how many players, who plays each seat, the target.

Rows (UP/DOWN move, LEFT/RIGHT change the value, SELECT on "Start the game" starts):

- Players: 2 to 4;
- one row per seat: Human, or Computer (easy, medium, hard); by default you against one
  computer of the settings' difficulty;
- Target: $10,000, $15,000 or $25,000, by default the settings' target score.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from app import widgets
from app.i18n import t
from app.screen import Binding, Screen
from app.screens import guide
from app.screens.dice_game import default_seats, free_names, next_seat, seat_phones
from app.screens.monopoly_dice.board import BoardScreen
from app.screens.monopoly_dice.players import PlayerSpec
from engines.monopoly_dice import rules as R
from remote.buttons import Button

MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass
class SetupChoice:
    """What the set-up screen has chosen so far (pure data, easy to test)."""

    count: int = 2
    seats: list[PlayerSpec] = field(default_factory=list)
    target: int = R.DEFAULT_TARGET

    def players(self) -> list[PlayerSpec]:
        return self.seats[: self.count]


def default_choice(difficulty: str = "medium", target: int = R.DEFAULT_TARGET) -> SetupChoice:
    """You against one computer of ``difficulty``, to ``target`` (standard if not a rules target)."""
    seats = default_seats(difficulty, MAX_PLAYERS)
    return SetupChoice(2, seats, target if target in R.TARGETS else R.DEFAULT_TARGET)


class SetupScreen(Screen):
    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(-1,)),
        Binding(Button.DOWN, "move", "action.move", repeat=True, args=(1,)),
        Binding(Button.LEFT, "change", "mdice.setup.change", repeat=True, args=(-1,)),
        Binding(Button.RIGHT, "change", "mdice.setup.change", repeat=True, args=(1,)),
        Binding(Button.SELECT, "select", "action.select"),
    )

    howto_game = "monopoly-dice"
    """The game whose How to play pages INFO offers."""

    def __init__(self) -> None:
        super().__init__()
        self.choice = default_choice()
        self.focus = 0

    def rows(self) -> list[str]:
        """Row ids top to bottom: "count", "seat0".., "target", "start"."""
        return ["count", *(f"seat{i}" for i in range(self.choice.count)), "target", "start"]

    def on_enter(self) -> None:
        settings = self.app.settings
        self.choice = default_choice(settings.difficulty, settings.target_score)
        self.focus = len(self.rows()) - 1  # on Start: SELECT at once plays against the computer
        if self.app.phones is not None:  # phones seated from the home screen play as themselves
            self.phones_seated(self.app.phones.connected())

    def phones_seated(self, connected: dict[int, str]) -> None:
        """Phones that took a seat before the game join it as new players under their names."""
        row = self.rows()[self.focus]
        self.choice.count = max(self.choice.count, seat_phones(self.choice.seats, connected, MAX_PLAYERS))
        rows = self.rows()  # the cursor stays on its row (Start stays Start) as seats are added
        self.focus = rows.index(row) if row in rows else len(rows) - 1

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "change":
            return self.rows()[self.focus] != "start"
        return True

    def action_move(self, step: int) -> None:
        self.focus = (self.focus + step) % len(self.rows())
        self.app.sound.play("move")

    def action_change(self, step: int) -> None:
        if self.rtl:
            step = -step
        row = self.rows()[self.focus]
        choice = self.choice
        if row == "count":
            span = MAX_PLAYERS - MIN_PLAYERS + 1
            choice.count = (choice.count - MIN_PLAYERS + step) % span + MIN_PLAYERS
            self.focus = self.rows().index("count")
        elif row == "target":
            choice.target = R.TARGETS[(R.TARGETS.index(choice.target) + step) % len(R.TARGETS)]
        else:
            seat = int(row[4:])
            names = free_names(self.app.settings.players, choice.seats[: choice.count], seat)
            choice.seats[seat] = next_seat(choice.seats[seat], step, names)
        self.app.sound.play("move")

    def action_select(self) -> None:
        if self.rows()[self.focus] != "start":
            self.action_change(-1 if self.rtl else 1)
            return
        self.app.sound.play("select")
        screen = BoardScreen.new(self.choice.players(), self.choice.target, self.app.rng)
        self.app.replace(screen)
        if not self.choice.players()[0].computer:
            guide.offer(self.app, "monopoly-dice", screen)  # the first game of its kind on this box

    def label(self, row: str) -> tuple[str, str]:
        choice = self.choice
        if row == "count":
            return t("mdice.setup.players"), str(choice.count)
        if row == "target":
            return t("mdice.setup.target"), t(f"mdice.target.{choice.target}")
        if row == "start":
            return t("mdice.setup.start"), ""
        seat = int(row[4:])
        spec = choice.seats[seat]
        if spec.computer:
            value = t("mdice.player.computer", level=t(f"difficulty.{spec.level}"))
        else:
            value = spec.name or t("mdice.player.human")  # a named player from the settings
        return t("mdice.setup.player", n=seat + 1), value

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        widgets.title(surface, app, f"{t('mdice.title')}: {t('mdice.setup.title')}")
        labels, values = zip(*(self.label(r) for r in self.rows()), strict=True)
        top = safe.y + theme.font("title") + theme.px(40)
        # the whole safe width on a narrow SD screen, so no choice is cut
        inset = safe.w // 8 if safe.w > 1000 else 0
        area = pygame.Rect(safe.x + inset, top, safe.w - 2 * inset, safe.bottom - top - theme.px(70))
        widgets.list_rows(surface, app, area, list(labels), self.focus, None, list(values))
        widgets.help_bar(surface, app, self)
