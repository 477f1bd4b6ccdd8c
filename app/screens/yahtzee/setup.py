"""The set-up screen of a Yahtzee game: mode, number of players, and who plays each seat.

Rows (UP/DOWN move, LEFT/RIGHT change the value, SELECT on "Start the game" starts):

- Mode: Classic, Painted or Power (Yahtzee only; Dice Party is its own home tile);
- Players: 1 (solo) to 4 (Dice Party: always 2);
- one row per seat: Human, or Computer (easy, medium, hard).

Dice Party shows in Persian by default; GREEN switches to English and back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from app import widgets
from app.i18n import t
from app.screen import Binding, Screen
from app.screens import guide
from app.screens.dice_game import default_seats, free_names, next_seat, seat_phones
from app.screens.yahtzee.game import GameScreen, PlayerSpec
from remote.buttons import Button

MODES = ("classic", "painted", "power")
MAX_PLAYERS = 4


@dataclass
class SetupChoice:
    """What the set-up screen has chosen so far (pure data, easy to test)."""

    family: str  # "yahtzee" or "dice-party"
    mode: str = "classic"
    count: int = 1
    seats: list[PlayerSpec] = field(default_factory=list)

    def players(self) -> list[PlayerSpec]:
        return self.seats[: self.count]

    @property
    def game_mode(self) -> str:
        return "dice-party" if self.family == "dice-party" else self.mode


def default_choice(family: str, difficulty: str = "medium") -> SetupChoice:
    """Solo for Yahtzee; human against a computer for Dice Party (which needs exactly two)."""
    seats = default_seats(difficulty, MAX_PLAYERS)
    if family == "dice-party":
        return SetupChoice(family, "dice-party", 2, seats)
    return SetupChoice(family, "classic", 1, seats)


class SetupScreen(Screen):
    title_key = "yahtzee.setup.title"
    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(Button.UP,)),
        Binding(Button.DOWN, "move", "action.move", repeat=True, args=(Button.DOWN,)),
        Binding(Button.LEFT, "change", "yahtzee.setup.change", repeat=True, args=(-1,)),
        Binding(Button.RIGHT, "change", "yahtzee.setup.change", repeat=True, args=(1,)),
        Binding(Button.SELECT, "select", "action.select"),
        Binding(Button.GREEN, "language", "yahtzee.key.language"),
    )

    @property
    def howto_game(self) -> str:
        """The game whose How to play pages INFO offers: the mode chosen now."""
        mode = self.choice.game_mode
        return mode if mode == "dice-party" else f"yahtzee-{mode}"

    def __init__(self, family: str, lang: str | None = None) -> None:
        super().__init__()
        self.family = family
        self.choice: SetupChoice | None = None
        self.focus = 0
        self.lang = lang if lang is not None else ("fa" if family == "dice-party" else None)
        self._lang_before: str | None = None

    # -- rows -------------------------------------------------------------------------------------
    def rows(self) -> list[str]:
        """Row ids top to bottom: "mode", "count", "seat0".., "start"."""
        choice = self.choice
        out = [] if self.family == "dice-party" else ["mode", "count"]
        out += [f"seat{i}" for i in range(choice.count)]
        return [*out, "start"]

    def on_enter(self) -> None:
        self.choice = default_choice(self.family, self.app.settings.difficulty)
        self.focus = len(self.rows()) - 1  # on Start: SELECT at once plays solo / against the computer
        if self.app.phones is not None:  # phones seated from the home screen play as themselves
            self.phones_seated(self.app.phones.connected())
        if self.lang is not None and self.app.lang != self.lang:
            self._lang_before = self.app.lang
            self.app.set_language(self.lang)

    def on_leave(self) -> None:
        if self._lang_before is not None:
            self.app.set_language(self._lang_before)
            self._lang_before = None

    def bindings(self):
        """GREEN (the language) only where the screen has its own language (Dice Party)."""
        own = super().bindings()
        return own if self.lang is not None else tuple(b for b in own if b.action != "language")

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "change":
            return self.rows()[self.focus] != "start"
        if action == "language":
            return self.lang is not None
        return True

    def phones_seated(self, connected: dict[int, str]) -> None:
        """Phones that took a seat before the game (:mod:`app.phones`) join it as that seat's
        player under the name typed on the phone; Yahtzee grows to seat them, Dice Party keeps two."""
        choice = self.choice
        if choice is None:
            return
        limit = 2 if self.family == "dice-party" else MAX_PLAYERS
        row = self.rows()[self.focus]
        needed = seat_phones(choice.seats, connected, limit)
        if self.family != "dice-party":
            choice.count = max(choice.count, needed)
        rows = self.rows()  # the cursor stays on its row (Start stays Start) as seats are added
        self.focus = rows.index(row) if row in rows else len(rows) - 1

    def action_move(self, button: Button) -> None:
        step = 1 if button == Button.DOWN else -1
        self.focus = (self.focus + step) % len(self.rows())
        self.app.sound.play("move")

    def action_change(self, step: int) -> None:
        if self.rtl:
            step = -step
        row = self.rows()[self.focus]
        choice = self.choice
        if row == "mode":
            choice.mode = MODES[(MODES.index(choice.mode) + step) % len(MODES)]
        elif row == "count":
            choice.count = (choice.count - 1 + step) % MAX_PLAYERS + 1
            self.focus = min(self.focus, len(self.rows()) - 1)
        else:
            seat = int(row[4:])
            names = free_names(self.app.settings.players, choice.seats[: choice.count], seat)
            choice.seats[seat] = next_seat(choice.seats[seat], step, names)
        self.app.sound.play("move")

    def action_select(self) -> None:
        row = self.rows()[self.focus]
        if row != "start":
            self.action_change(-1 if self.rtl else 1)
            return
        self.app.sound.play("select")
        lang = self.lang
        screen = GameScreen.new(self.choice.game_mode, self.choice.players(), self.app.rng, lang=lang)
        self.app.replace(screen)
        if not self.choice.players()[0].computer:
            guide.offer(self.app, self.family, screen)  # the first game of its kind on this box

    def action_language(self) -> None:
        self.lang = "en" if self.lang == "fa" else "fa"
        if self._lang_before is None:
            self._lang_before = self.app.lang
        self.app.set_language(self.lang)

    # -- drawing ----------------------------------------------------------------------------------
    def label(self, row: str) -> tuple[str, str]:
        choice = self.choice
        if row == "mode":
            return t("yahtzee.setup.mode"), t(f"yahtzee.mode.{choice.mode}")
        if row == "count":
            value = (
                t("yahtzee.setup.solo") if choice.count == 1 else t("yahtzee.setup.player", n=choice.count)
            )
            return t("yahtzee.setup.players"), value if choice.count == 1 else str(choice.count)
        if row == "start":
            return t("yahtzee.setup.start"), ""
        seat = int(row[4:])
        spec = choice.seats[seat]
        value = (
            t("yahtzee.player.computer", level=t(f"difficulty.{spec.level}"))
            if spec.computer
            else spec.name or t("yahtzee.player.human")  # a named player from the settings
        )
        return t("yahtzee.setup.player", n=seat + 1), value

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        title = t("yahtzee.title.dice-party") if self.family == "dice-party" else t("home.yahtzee")
        widgets.title(surface, app, f"{title}: {t('yahtzee.setup.title')}")
        rows = self.rows()
        labels, values = zip(*(self.label(r) for r in rows), strict=True)
        top = safe.y + theme.font("title") + theme.px(40)
        # the whole safe width on a narrow SD screen, so no choice is cut
        inset = safe.w // 8 if safe.w > 1000 else 0
        area = pygame.Rect(safe.x + inset, top, safe.w - 2 * inset, safe.bottom - top - theme.px(110))
        widgets.list_rows(surface, app, area, list(labels), self.focus, None, list(values))
        note = ""
        if self.choice.game_mode in ("painted", "power") and any(p.computer for p in self.choice.players()):
            note = t("yahtzee.player.greedy_note")
        if note and not _painted_power_ai_present():
            widgets.draw_text(
                surface,
                app.text,
                note,
                theme.font("small"),
                theme.colour("text_dim"),
                (theme.width // 2, safe.bottom - theme.px(80)),
                "midbottom",
                max_width=safe.w,
            )
        widgets.help_bar(surface, app, self)


def _painted_power_ai_present() -> bool:
    import importlib.util

    return importlib.util.find_spec("engines.yahtzee.ai_painted_power") is not None
