"""The Monopoly board's modal screens: managing property (build, sell, mortgage, lift), the title
deeds, this throw's odds, what happened, and the results.

The managing screen acts on the game through the board screen's match, so every building and
mortgage is an engine action like any other and the game saves and replays the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from app import widgets
from app.i18n import format_number, t
from app.screen import Binding, ModalScreen
from app.screens.monopoly import look
from app.screens.monopoly.choices import manage_actions
from engines.monopoly import rules as R
from remote.buttons import Button

if TYPE_CHECKING:
    from app.screens.monopoly.game import GameScreen

PROPERTIES = [s.index for s in R.BOARD if s.is_property]


def _frame(screen: ModalScreen, surface: pygame.Surface, title: str) -> pygame.Rect:
    """The modal's panel over the safe area above the key bar, with its title; returns the body."""
    theme, app = screen.theme, screen.app
    safe = theme.safe
    line = app.text.line_height(look.floor_px(theme)) + theme.px(6)
    box = pygame.Rect(safe.x, safe.y, safe.w, safe.h - 2 * line - theme.px(8))
    widgets.panel(surface, box, theme.colour("background"), theme.radius, theme.px(4), theme.colour("accent"))
    size = look.text_px(theme, "title")
    x = box.right - theme.px(16) if screen.rtl else box.x + theme.px(16)
    look.draw_text(
        surface,
        app.text,
        title,
        size,
        theme.colour("accent"),
        (x, box.y + theme.px(10)),
        widgets.start_anchor(screen.rtl),
        bold=True,
        max_width=box.w - theme.px(32),
    )
    top = box.y + theme.px(16) + app.text.line_height(size)
    return pygame.Rect(box.x + theme.px(16), top, box.w - theme.px(32), box.bottom - top - theme.px(10))


CLOSE_KEYS = (Binding(Button.SELECT, "back", "mono.key.close"), Binding(Button.BACK, "back", "", show=False))
"""SELECT or BACK closes a page that only shows."""


class _Modal(ModalScreen[None]):
    def _start(self, rect: pygame.Rect, pad: int = 0) -> tuple[tuple[int, int], str]:
        if self.rtl:
            return (rect.right - pad, rect.centery), "midright"
        return (rect.x + pad, rect.centery), "midleft"

    def _end(self, rect: pygame.Rect, pad: int = 0) -> tuple[tuple[int, int], str]:
        if self.rtl:
            return (rect.x + pad, rect.centery), "midleft"
        return (rect.right - pad, rect.centery), "midright"

    _picture: tuple[Any, pygame.Surface, list] | None = None

    def draw(self, surface: pygame.Surface) -> None:
        """Paint once into a see-through layer and blit it while :meth:`still` stays the same."""
        from app.i18n import current_language

        key = (self.still(), current_language(), surface.get_size())
        if self._picture is None or self._picture[0] != key:
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            with self.app.text.capture() as runs:
                self.paint(layer)
                look.key_bar(layer, self.app, self)
            self._picture = (key, layer, runs)
        surface.blit(self._picture[1], (0, 0))
        self.app.text.replay(self._picture[2])

    def still(self) -> Any:
        """Everything the picture shows (a change repaints it)."""
        raise NotImplementedError

    def paint(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class ManageScreen(_Modal):
    """The player's properties by group: RIGHT builds (+), LEFT sells (-), SELECT mortgages or lifts."""

    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(-1,)),
        Binding(Button.DOWN, "move", "action.move", repeat=True, args=(1,)),
        Binding(Button.RIGHT, "do", "mono.key.build", args=("build",)),
        Binding(Button.LEFT, "do", "mono.key.sell", args=("sell",)),
        Binding(Button.SELECT, "mortgage", "mono.key.mortgage"),
        Binding(Button.BACK, "back", "mono.key.done"),
    )

    def __init__(self, game: GameScreen) -> None:
        super().__init__()
        self.game = game
        self.player = game.match.actor
        legal = game.state.legal_actions()
        # start on a lot that can be built on, else one that can be mortgaged, else the first
        squares = self.squares()
        ranked = [
            sq
            for verb in ("build", "mortgage", "lift", "sell")
            for sq in squares
            if verb in manage_actions(legal, sq)
        ]
        self.focus = squares.index(ranked[0]) if ranked else 0

    def still(self) -> Any:
        return (self.game.version, self.focus)

    def squares(self) -> list[int]:
        obs = self.game.obs()
        return [i for i in PROPERTIES if obs["squares"][i]["owner"] == self.player]

    def actions(self) -> dict[str, int]:
        squares = self.squares()
        if not squares or self.game.match.actor != self.player:
            return {}
        legal = self.game.state.legal_actions()
        return manage_actions(legal, squares[min(self.focus, len(squares) - 1)])

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "do":
            return args[0] in self.actions()
        if action == "mortgage":
            found = self.actions()
            return "mortgage" in found or "lift" in found
        return True

    def action_move(self, step: int) -> None:
        n = len(self.squares())
        if n:
            self.focus = (self.focus + step) % n
            self.app.sound.play("move")

    def _act(self, action: int) -> None:
        self.app.sound.play("select")
        self.game.match.act(action)
        self.game.changed()
        if self.game.match.actor != self.player or not any(
            manage_actions(self.game.state.legal_actions(), sq) for sq in self.squares()
        ):
            self.dismiss(None)

    def action_do(self, verb: str) -> None:
        self._act(self.actions()[verb])

    def action_mortgage(self) -> None:
        found = self.actions()
        self._act(found.get("mortgage", found.get("lift", 0)))

    def paint(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        obs = self.game.obs()
        me = obs["players"][self.player]
        bank = obs["bank"]
        body = _frame(self, surface, t("mono.manage.title", name=self.game.name(self.player)))
        size = look.text_px(theme)
        line = app.text.line_height(size)
        head = t(
            "mono.manage.head",
            cash=look.money(me["cash"]),
            houses=format_number(bank["houses"]),
            hotels=format_number(bank["hotels"]),
        )
        start, anchor = self._start(pygame.Rect(body.x, body.y, body.w, line))
        look.draw_text(surface, app.text, head, size, theme.colour("text"), start, anchor, max_width=body.w)
        squares = self.squares()
        row_h = line + theme.px(10)
        area = pygame.Rect(body.x, body.y + line + theme.px(8), body.w, body.h - line - theme.px(8))
        visible = max(1, area.h // row_h)
        first = widgets.first_visible(self.focus, visible, len(squares))
        for k, sq in enumerate(squares[first : first + visible]):
            i = first + k
            info = obs["squares"][sq]
            box = pygame.Rect(area.x, area.y + k * row_h, area.w, row_h - theme.px(4))
            on = i == self.focus
            look.row_panel(surface, theme, box, on)
            chip = pygame.Rect(0, 0, theme.round_w(box.h - 8), box.h - 8)
            chip.centery = box.centery
            if self.rtl:
                chip.right = box.right - 6
            else:
                chip.x = box.x + 6
            pygame.draw.rect(surface, look.group_colour(app, R.BOARD[sq].group), chip)
            label_box = (
                pygame.Rect(box.x + chip.w + 14, box.y, box.w * 45 // 100, box.h)
                if not self.rtl
                else pygame.Rect(box.right - chip.w - 14 - box.w * 45 // 100, box.y, box.w * 45 // 100, box.h)
            )
            start, anchor = self._start(label_box)
            look.draw_text(
                surface,
                app.text,
                look.square_name(sq),
                size,
                theme.colour("text"),
                start,
                anchor,
                max_width=label_box.w,
            )
            if info["mortgaged"]:
                state = t("mono.manage.mortgaged")
            elif info["hotel"]:
                state = t("mono.manage.hotel")
            elif info["houses"]:
                state = t("mono.manage.houses", n=info["houses"])
            else:
                state = ""
            end, end_anchor = self._end(box, theme.px(12))
            look.draw_text(
                surface,
                app.text,
                state,
                size,
                theme.colour("accent"),
                end,
                end_anchor,
                bold=True,
                max_width=box.w * 35 // 100,
            )


class DeedScreen(_Modal):
    """The title deed of any property: LEFT/RIGHT go round the board."""

    BINDINGS = (
        Binding(Button.LEFT, "turn", "mono.key.deeds_move", repeat=True, args=(-1,)),
        Binding(Button.RIGHT, "turn", "mono.key.deeds_move", repeat=True, args=(1,)),
        *CLOSE_KEYS,
    )

    def __init__(self, game: GameScreen, square: int) -> None:
        super().__init__()
        self.game = game
        self.square = (
            square
            if R.BOARD[square].is_property
            else next(i for i in PROPERTIES if i > square)
            if square < PROPERTIES[-1]
            else PROPERTIES[0]
        )

    def still(self) -> Any:
        return (self.square, self.game.version)

    def action_turn(self, step: int) -> None:
        if self.rtl:
            step = -step
        k = PROPERTIES.index(self.square)
        self.square = PROPERTIES[(k + step) % len(PROPERTIES)]
        self.app.sound.play("move")

    def rent_lines(self) -> list[tuple[str, str]]:
        sq = R.BOARD[self.square]
        if sq.kind == "street":
            labels = [
                t("mono.deed.rent"),
                *(t("mono.deed.with_houses", n=n) for n in range(1, 5)),
                t("mono.deed.with_hotel"),
            ]
            lines = list(zip(labels, (look.money(r) for r in sq.rents), strict=True))
            lines.insert(1, (t("mono.deed.group_rent"), look.money(sq.rents[0] * 2)))
            lines.append((t("mono.deed.house_cost"), look.money(sq.house_cost)))
        elif sq.kind == "railroad":
            lines = [(t("mono.deed.railroads", n=n), look.money(R.RAILROAD_RENTS[n])) for n in range(1, 5)]
        else:
            lines = [
                (t("mono.deed.utilities", n=n), t("mono.deed.times_dice", n=R.UTILITY_MULTIPLIERS[n]))
                for n in (1, 2)
            ]
        lines.append((t("mono.deed.mortgage"), look.money(sq.mortgage)))
        return lines

    def paint(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        sq = R.BOARD[self.square]
        info = self.game.obs()["squares"][self.square]
        size = look.text_px(theme)
        line = app.text.line_height(size)
        lines = self.rent_lines()
        title_size = look.text_px(theme, "title")
        h = theme.px(20) + app.text.line_height(title_size) * 2 + (len(lines) + 1) * line + theme.px(20)
        w = min(safe.w - theme.px(40), theme.round_w(h * 1.2))
        card = pygame.Rect(0, 0, w, min(h, safe.h - 2 * line - theme.px(30)))
        card.centerx = safe.centerx
        card.y = safe.y
        ink = theme.colour("shadow")
        widgets.panel(surface, card, look.colour(app, (236, 236, 226)), theme.px(8), theme.px(3), ink)
        band = pygame.Rect(
            card.x + theme.px(10),
            card.y + theme.px(10),
            card.w - theme.px(20),
            app.text.line_height(title_size) * 2,
        )
        pygame.draw.rect(surface, look.group_colour(app, sq.group), band)
        pygame.draw.rect(surface, ink, band, 2)
        dark = sq.group in ("dark-blue", "railroad", "brown", "red", "green", "pink")
        tcol = theme.colour("text") if dark else ink
        look.draw_text(
            surface,
            app.text,
            t("mono.deed.title"),
            size,
            tcol,
            (band.centerx, band.y + 2),
            "midtop",
            max_width=band.w - 8,
        )
        look.draw_text(
            surface,
            app.text,
            look.square_name(self.square),
            title_size,
            tcol,
            (band.centerx, band.bottom - 2),
            "midbottom",
            bold=True,
            max_width=band.w - 8,
        )
        y = band.bottom + theme.px(8)
        owner = info["owner"]
        top = (
            t("mono.deed.owner", name=self.game.name(owner))
            if owner is not None
            else t("mono.deed.price", amount=look.money(sq.price))
        )
        if info["mortgaged"]:
            top = f"{top} · {t('mono.closeup.mortgaged')}"
        look.draw_text(
            surface, app.text, top, size, ink, (card.centerx, y), "midtop", bold=True, max_width=card.w - 16
        )
        y += line
        inner = pygame.Rect(card.x + theme.px(20), y, card.w - theme.px(40), line)
        for label, value in lines:
            if inner.bottom > card.bottom - 4:
                break
            start, anchor = self._start(inner)
            look.draw_text(surface, app.text, label, size, ink, start, anchor, max_width=inner.w * 65 // 100)
            end, end_anchor = self._end(inner)
            look.draw_text(surface, app.text, value, size, ink, end, end_anchor, bold=True)
            inner.y += line


class OddsScreen(_Modal):
    """Before a throw: where it may end (doubles and cards included) and the rent at risk."""

    BINDINGS = (
        *CLOSE_KEYS,
        Binding(Button.DIGIT_5, "back", "", show=False),
    )

    def __init__(self, game: GameScreen, obs: dict[str, Any]) -> None:
        super().__init__()
        from engines.monopoly.odds import hint

        self.game = game
        self.obs = obs
        self.hint = hint(obs)

    def still(self) -> Any:
        return self.hint["player"]

    def paint(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        hint = self.hint
        p = hint["player"]
        body = _frame(self, surface, t("mono.odds.title", name=self.game.name(p)))
        size = look.text_px(theme)
        num = look.text_px(theme, "number")
        line = app.text.line_height(size)
        risk = t(
            "mono.odds.rent",
            chance=format_number(round(hint["pay_rent"] * 100)),
            amount=look.money(round(hint["expected_rent"])),
        )
        start, anchor = self._start(pygame.Rect(body.x, body.y, body.w, line))
        look.draw_text(surface, app.text, risk, size, theme.colour("text"), start, anchor, max_width=body.w)
        chances = hint["this_throw"]
        top = sorted(range(len(chances)), key=lambda i: -chances[i])[:8]
        top = [i for i in top if chances[i] > 0]
        # each row's bar is a strip under its text, so no label ever sits on a yellow or grey bar
        strip = theme.px(7)
        row_h = max(line, app.text.line_height(num)) + strip + theme.px(4)
        y = body.y + line + theme.px(10)
        best = max(chances[i] for i in top) if top else 1
        for i in top:
            if y + row_h > body.bottom:
                break
            panel = pygame.Rect(body.x, y, body.w, row_h - theme.px(2))
            row = pygame.Rect(panel.x, panel.y, panel.w, panel.h - strip)
            name = look.square_name(i) if i < 40 else t("mono.in_jail")
            widgets.panel(surface, panel, theme.colour("panel"), theme.px(6))
            inset = theme.px(6)
            length = int((panel.w - 2 * inset) * chances[i] / best)
            bar = pygame.Rect(panel.x + inset, row.bottom, length, strip - theme.px(2))
            if self.rtl:
                bar.right = panel.right - inset
            colour = (
                look.group_colour(app, R.BOARD[i].group)
                if i < 40 and R.BOARD[i].is_property
                else theme.colour("accent")
            )
            pygame.draw.rect(surface, colour, bar, border_radius=theme.px(3))
            owner = self.obs["squares"][i]["owner"] if i < 40 else None
            label = name if owner is None else f"{name} · {self.game.name(owner)}"
            start, anchor = self._start(row, theme.px(10))
            look.draw_text(
                surface,
                app.text,
                label,
                size,
                theme.colour("text"),
                start,
                anchor,
                max_width=row.w * 70 // 100,
            )
            end, end_anchor = self._end(row, theme.px(10))
            pct = format_number(round(chances[i] * 1000) / 10) + "%"
            look.draw_text(surface, app.text, pct, num, theme.colour("accent"), end, end_anchor, bold=True)
            y += row_h


class HistoryScreen(_Modal):
    """The last lines of what happened, newest first: UP/DOWN scroll, SELECT, 6 or BACK close."""

    BINDINGS = (
        Binding(Button.UP, "scroll", "mono.key.choose", repeat=True, args=(-1,)),
        Binding(Button.DOWN, "scroll", "mono.key.choose", repeat=True, args=(1,)),
        *CLOSE_KEYS,
        Binding(Button.DIGIT_6, "back", "", show=False),
    )

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__()
        self.lines = list(reversed(lines))
        self.top = 0
        self._fits = 1

    def still(self) -> Any:
        return (self.top, len(self.lines))

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "scroll":
            return len(self.lines) > self._fits
        return True

    def action_scroll(self, step: int) -> None:
        self.top = max(0, min(len(self.lines) - self._fits, self.top + step))

    def paint(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        body = _frame(self, surface, t("mono.history.title"))
        size = look.text_px(theme)
        line = app.text.line_height(size)
        if not self.lines:
            start, anchor = self._start(pygame.Rect(body.x, body.y, body.w, line))
            look.draw_text(
                surface, app.text, t("mono.history.empty"), size, theme.colour("text"), start, anchor
            )
            return
        # one entry may take two lines; the newest is first and the one under the cursor bright
        y, shown = body.y, 0
        more = line  # room kept for the "n/30" line
        for k, text in enumerate(self.lines[self.top :]):
            wrapped = app.text.wrap(text, size, body.w - theme.px(8))[:2]
            if y + len(wrapped) * line > body.bottom - more:
                break
            colour = theme.colour("text" if k == 0 else "text_dim")
            for ln in wrapped:
                start, anchor = self._start(pygame.Rect(body.x, y, body.w, line))
                look.draw_text(surface, app.text, ln, size, colour, start, anchor, max_width=body.w)
                y += line
            y += theme.px(4)
            shown += 1
        self._fits = max(1, shown)
        if len(self.lines) > shown:
            where = f"▲▼ {format_number(self.top + 1)}/{format_number(len(self.lines))}"
            look.draw_text(
                surface,
                app.text,
                where,
                size,
                theme.colour("text_dim"),
                (body.centerx, body.bottom),
                "midbottom",
            )


class ResultsScreen(ModalScreen[bool]):
    """The end: everyone by total worth (the bankrupt last), the winner first."""

    BINDINGS = (
        Binding(Button.SELECT, "home", "mono.results.continue"),
        Binding(Button.BACK, "home", "", show=False),
    )
    dim_below = False

    def __init__(self, state: Any, seats: Sequence[look.Seat]) -> None:
        super().__init__()
        self.state = state
        self.seats = list(seats)

    def action_home(self) -> None:
        self.dismiss(True)

    def action_menu(self) -> None:
        self.dismiss(True)

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        safe = theme.safe
        widgets.background(surface, theme)
        worth = self.state.returns()
        winners = set(self.state.winners())
        order = sorted(range(len(self.seats)), key=lambda p: (p not in winners, -worth[p], p))
        title = t("mono.results.winner", name=look.player_name(self.seats, order[0]))
        widgets.title(surface, app, title)
        size = look.text_px(theme)
        num = look.text_px(theme, "number")
        row_h = app.text.line_height(num) + theme.px(14)
        y = safe.y + app.text.line_height(theme.font("title")) + theme.px(30)
        for rank, p in enumerate(order):
            row = pygame.Rect(safe.x + safe.w // 10, y, safe.w * 8 // 10, row_h - theme.px(6))
            row = theme.mirror(row, self.rtl)
            widgets.panel(
                surface, row, theme.colour("panel_focus" if p in winners else "panel"), theme.radius
            )
            r = row.h // 3
            centre = (row.right - r - 10, row.centery) if self.rtl else (row.x + r + 10, row.centery)
            look.draw_token(surface, app, self.seats, p, centre, r)
            name = f"{format_number(rank + 1)}. {look.player_name(self.seats, p)}"
            if self.state.bankrupt[p]:
                name = t("mono.status.bankrupt", name=name)
            pos = (row.right - 3 * r, row.centery) if self.rtl else (row.x + 3 * r, row.centery)
            look.draw_text(
                surface,
                app.text,
                name,
                size,
                theme.colour("text"),
                pos,
                widgets.start_anchor(self.rtl, "mid"),
                max_width=row.w // 2,
            )
            end = (row.x + 16, row.centery) if self.rtl else (row.right - 16, row.centery)
            look.draw_text(
                surface,
                app.text,
                look.money(int(worth[p])),
                num,
                theme.colour("accent"),
                end,
                "midleft" if self.rtl else "midright",
                bold=True,
            )
            y += row_h
        look.key_bar(surface, app, self)
