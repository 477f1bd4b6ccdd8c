"""The set-up screen of a Monopoly game: seats, each seat's token and colour, the game's length.

Rows (UP/DOWN move, LEFT/RIGHT change the value, SELECT on "Start the game" starts):

- Players: 2 to 4;
- per seat: Human, one of the named players of the settings, or Computer (easy, medium, hard),
  then its token and colour;
- Length: to the last player standing, 30 or 60 turns each, 60 or 90 minutes (the richest by
  total worth wins at a limit);
- Starting cash: $1,000 to $3,000 (the classic $1,500 first);
- How to play (the rules pages), then Start.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from app import widgets
from app.i18n import t
from app.match import PlayerSpec
from app.screen import Binding, Screen
from app.screens import guide
from app.screens.dice_game import default_seats, free_names, next_seat, seat_phones
from app.screens.monopoly import look
from app.screens.monopoly.game import LENGTHS, STARTING_CASH, GameScreen
from app.screens.monopoly.look import TOKEN_COLOURS, TOKENS, Seat
from engines.monopoly import rules as R
from remote.buttons import Button

MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass
class SetupChoice:
    """What the set-up screen has chosen so far (pure data)."""

    count: int = 2
    seats: list[Seat] = field(default_factory=list)
    length: int = 0
    """Index into :data:`app.screens.monopoly.game.LENGTHS`."""
    cash: int = STARTING_CASH.index(R.STARTING_CASH)
    """Index into :data:`app.screens.monopoly.game.STARTING_CASH`."""

    def players(self) -> list[Seat]:
        return self.seats[: self.count]


def default_choice(difficulty: str = "medium") -> SetupChoice:
    """You against one computer of ``difficulty``, each seat its own token and colour."""
    specs = default_seats(difficulty, MAX_PLAYERS)
    return SetupChoice(2, [Seat(spec, i, i) for i, spec in enumerate(specs)])


def _cycle(value: int, step: int, n: int, taken: set[int]) -> int:
    """The next of ``n`` values from ``value`` that no other seat has taken."""
    for _ in range(n):
        value = (value + step) % n
        if value not in taken:
            return value
    return value


class SetupScreen(Screen):
    howto_game = "monopoly"
    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(-1,)),
        Binding(Button.DOWN, "move", "action.move", repeat=True, args=(1,)),
        Binding(Button.LEFT, "change", "mono.setup.change", repeat=True, args=(-1,)),
        Binding(Button.RIGHT, "change", "mono.setup.change", repeat=True, args=(1,)),
        Binding(Button.SELECT, "select", "action.select"),
    )

    def __init__(self) -> None:
        super().__init__()
        self.choice = default_choice()
        self.focus = 0

    def rows(self) -> list[str]:
        """Row ids top to bottom: count, per seat who/token/colour, length, cash, how to play, start."""
        seat_rows = [f"{kind}{i}" for i in range(self.choice.count) for kind in ("seat", "token", "colour")]
        return ["count", *seat_rows, "length", "cash", "howto", "start"]

    def on_enter(self) -> None:
        self.choice = default_choice(self.app.settings.difficulty)
        self.focus = len(self.rows()) - 1  # on Start: SELECT at once plays against the computer
        if self.app.phones is not None:  # phones seated from the home screen play as themselves
            self.phones_seated(self.app.phones.connected())

    def phones_seated(self, connected: dict[int, str]) -> None:
        """Phones that took a seat before the game join it as new players under their names (each
        seat keeps its token and colour)."""
        row = self.rows()[self.focus]
        specs = [seat.spec for seat in self.choice.seats]
        self.choice.count = max(self.choice.count, seat_phones(specs, connected, MAX_PLAYERS))
        for seat, spec in zip(self.choice.seats, specs, strict=True):
            seat.spec = spec
        rows = self.rows()  # the cursor stays on its row (Start stays Start) as seats are added
        self.focus = rows.index(row) if row in rows else len(rows) - 1

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "change":
            return self.rows()[self.focus] not in ("start", "howto")
        return True

    def action_move(self, step: int) -> None:
        self.focus = (self.focus + step) % len(self.rows())
        self.app.sound.play("move")

    def action_change(self, step: int) -> None:
        if self.rtl:
            step = -step
        row = self.rows()[self.focus]
        c = self.choice
        if row == "count":
            span = MAX_PLAYERS - MIN_PLAYERS + 1
            c.count = (c.count - MIN_PLAYERS + step) % span + MIN_PLAYERS
            self.focus = self.rows().index("count")
        elif row == "length":
            c.length = (c.length + step) % len(LENGTHS)
        elif row == "cash":
            c.cash = (c.cash + step) % len(STARTING_CASH)
        else:
            kind, i = row[:-1], int(row[-1])
            seat = c.seats[i]
            others = [s for j, s in enumerate(c.players()) if j != i]
            if kind == "seat":  # Human, a named player of the settings no other seat has, a computer
                names = free_names(self.app.settings.players, [s.spec for s in c.players()], i)
                c.seats[i] = Seat(next_seat(seat.spec, step, names), seat.token, seat.colour_index)
            elif kind == "token":
                seat.token = _cycle(seat.token, step, len(TOKENS), {s.token for s in others})
            else:
                seat.colour_index = _cycle(
                    seat.colour_index, step, len(TOKEN_COLOURS), {s.colour_index for s in others}
                )
        self.app.sound.play("move")

    def action_select(self) -> None:
        if self.rows()[self.focus] == "howto":
            from app.screens.howto import HowToScreen

            self.app.push(HowToScreen("monopoly"))
            return
        if self.rows()[self.focus] != "start":
            self.action_change(-1 if self.rtl else 1)
            return
        self.app.sound.play("select")
        _, turns, minutes = LENGTHS[self.choice.length]
        cash = STARTING_CASH[self.choice.cash]
        screen = GameScreen.new(self.choice.players(), self.app.rng, turns, minutes, cash)
        self.app.replace(screen)
        if not self.choice.players()[0].spec.computer:
            guide.offer(self.app, "monopoly", screen)  # the first game of its kind on this box

    def label(self, row: str) -> tuple[str, str]:
        c = self.choice
        if row == "count":
            return t("mono.setup.players"), str(c.count)
        if row == "length":
            return t("mono.setup.length"), t(f"mono.length.{LENGTHS[c.length][0]}")
        if row == "cash":
            return t("mono.setup.cash"), look.money(STARTING_CASH[c.cash])
        if row == "start":
            return t("mono.setup.start"), ""
        if row == "howto":
            return t("mono.menu.help"), ""
        kind, i = row[:-1], int(row[-1])
        seat = c.seats[i]
        if kind == "seat":
            spec: PlayerSpec = seat.spec
            value = (
                t("mono.setup.computer", level=t(f"difficulty.{spec.level}"))
                if spec.computer
                else spec.name or t("mono.setup.human")  # a named player from the settings
            )
            return t("mono.setup.player", n=i + 1), value
        if kind == "token":
            return t("mono.setup.token"), t(f"mono.token.{TOKENS[seat.token]}")
        return t("mono.setup.colour"), t(f"mono.colour.{seat.colour_index}")

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        widgets.title(surface, app, f"{t('mono.title')}: {t('mono.setup.title')}")
        size = look.text_px(theme)
        rows = self.rows()
        row_h = app.text.line_height(size) + theme.px(12)
        top = safe.y + app.text.line_height(theme.font("title")) + theme.px(16)
        bar_h = 2 * (app.text.line_height(size) + theme.px(6)) + theme.px(8)
        area = pygame.Rect(safe.x + safe.w // 10, top, safe.w * 8 // 10, safe.bottom - top - bar_h)
        visible = max(1, area.h // row_h)
        # Start never scrolls away: when the rows do not all fit it stays in the last place
        # and the others scroll above it
        shown = list(range(len(rows)))
        if len(rows) > visible:
            above = visible - 1
            first = widgets.first_visible(min(self.focus, len(rows) - 2), above, len(rows) - 1)
            shown = [*range(first, first + above), len(rows) - 1]
        for k, i in enumerate(shown):
            row = rows[i]
            box = pygame.Rect(area.x, area.y + k * row_h, area.w, row_h - theme.px(4))
            on = i == self.focus
            look.row_panel(surface, theme, box, on)
            label, value = self.label(row)
            indent = theme.px(40) if row[:-1] in ("token", "colour") else theme.px(14)
            start = (box.right - indent, box.centery) if self.rtl else (box.x + indent, box.centery)
            look.draw_text(
                surface,
                app.text,
                label,
                size,
                theme.colour("text"),
                start,
                widgets.start_anchor(self.rtl, "mid"),
                max_width=box.w // 2,
            )
            end = (box.x + theme.px(14), box.centery) if self.rtl else (box.right - theme.px(14), box.centery)
            if row[:-1] in ("token", "colour"):
                seat_i = int(row[-1])
                r = box.h // 3
                centre = (
                    (box.x + theme.px(14) + r, box.centery)
                    if self.rtl
                    else (box.right - theme.px(14) - r, box.centery)
                )
                look.draw_token(surface, app, self.choice.seats, seat_i, centre, r)
                end = (centre[0] + 2 * r, box.centery) if self.rtl else (centre[0] - 2 * r, box.centery)
            look.draw_text(
                surface,
                app.text,
                value,
                size,
                theme.colour("accent"),
                end,
                "midleft" if self.rtl else "midright",
                bold=True,
                max_width=box.w * 45 // 100,
            )
        look.key_bar(surface, app, self)
