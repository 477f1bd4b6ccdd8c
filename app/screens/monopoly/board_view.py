"""How the Monopoly board screen looks: the board or its close-up, the dice, the players and the
decision rows, a face-up card, the notices.

:class:`GameView` is the drawing half of :class:`~app.screens.monopoly.game.GameScreen` (which
maps keys to moves, follows the match and saves); :func:`board_cells` places the 40 squares.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from app import widgets
from app.i18n import format_number, t
from app.screens.dice_game import DiceGameScreen
from app.screens.monopoly import look
from app.screens.monopoly.choices import Choice, choices, prompt_text
from app.screens.monopoly.look import Seat
from engines.monopoly import game as G
from engines.monopoly import rules as R


def safe_colour(app: Any, rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    return look.colour(app, rgb)


def board_cells(board: pygame.Rect) -> list[pygame.Rect]:
    """The 40 squares' rectangles round ``board``: GO bottom right, then clockwise round the board
    (the bottom row right to left, the left column upwards, the top row, the right column down)."""
    ux, uy = board.w / 12, board.h / 12  # a board on a TV with wide pixels is narrower
    cx, cy = 1.5 * ux, 1.5 * uy
    cells: list[pygame.Rect] = []
    for i in range(40):
        side, k = divmod(i, 10)
        if k == 0:
            x0, y0 = [(board.right - cx, board.bottom - cy), (board.x, board.bottom - cy),
                      (board.x, board.y), (board.right - cx, board.y)][side]  # fmt: skip
            x, y, w, h = x0, y0, cx, cy
        elif side == 0:
            x, y, w, h = board.right - cx - k * ux, board.bottom - cy, ux, cy
        elif side == 1:
            x, y, w, h = board.x, board.bottom - cy - k * uy, cx, uy
        elif side == 2:
            x, y, w, h = board.x + cx + (k - 1) * ux, board.y, ux, cy
        else:
            x, y, w, h = board.right - cx, board.y + cy + (k - 1) * uy, cx, uy
        cells.append(pygame.Rect(round(x), round(y), round(x + w) - round(x), round(y + h) - round(y)))
    return cells


def token_squares(obs: dict, token_at: dict[int, int]) -> dict[int, list[int]]:
    """The players standing on each square (a walking token where it is drawn; the bankrupt none)."""
    where: dict[int, list[int]] = {}
    for p, pl in enumerate(obs["players"]):
        if pl["bankrupt"]:
            continue
        where.setdefault(token_at.get(p, pl["position"]), []).append(p)
    return where


def draw_cell(
    surface: pygame.Surface, app: Any, seats: Sequence[Seat], i: int, cell: pygame.Rect, sq: dict, ink
) -> None:
    """Square ``i`` of the board overview: its colour band and buildings or its mark, its owner."""
    theme = app.theme
    widgets.panel(surface, cell, safe_colour(app, (226, 232, 218)))
    pygame.draw.rect(surface, ink, cell, 1)
    side = i // 10
    square = R.BOARD[i]
    band_w = max(9, min(cell.w, cell.h) // 4)  # room for building blocks of 6 px and more
    # the colour band on the inner edge (the board's centre side)
    if square.kind == "street":
        band = [
            pygame.Rect(cell.x, cell.y, cell.w, band_w),
            pygame.Rect(cell.right - band_w, cell.y, band_w, cell.h),
            pygame.Rect(cell.x, cell.bottom - band_w, cell.w, band_w),
            pygame.Rect(cell.x, cell.y, band_w, cell.h),
        ][side]
        pygame.draw.rect(surface, look.group_colour(app, square.group), band)
        pygame.draw.rect(surface, ink, band, 1)
        level = 5 if sq["hotel"] else sq["houses"]
        if level:
            draw_buildings(surface, app, band, level, side in (1, 3))
    elif square.kind in ("railroad", "utility", "community-chest") or i == R.GO_TO_JAIL:
        draw_pictogram(surface, app, i, cell, ink)
    elif square.kind in ("chance", "income-tax", "luxury-tax") or i % 10 == 0:
        mark = t(f"mono.mark.{square.kind}") if i % 10 else t(f"mono.mark.corner{i // 10}")
        look.draw_text(
            surface,
            app.text,
            mark,
            look.floor_px(theme),
            ink,
            cell.center,
            "center",
            max_width=cell.w,
        )
    owner = sq["owner"]
    if owner is not None:
        # the owner's own token shape in their colour on the outer edge: never colour alone
        r = max(6, min(cell.w, cell.h) // 4)
        mark = pygame.Rect(0, 0, 2 * r + 4, 2 * r + 4)
        mark.center = [cell.midbottom, cell.midleft, cell.midtop, cell.midright][side]
        mark.clamp_ip(cell.inflate(-2, -2))
        look.draw_token(surface, app, seats, owner, mark.center, r)
        if sq["mortgaged"]:
            pygame.draw.line(surface, theme.colour("error"), cell.topleft, cell.bottomright, 3)


def draw_pictogram(surface: pygame.Surface, app: Any, i: int, cell: pygame.Rect, ink) -> None:
    """A picture instead of a letter where a square's name cannot fit: rails for a railroad, a
    bulb or a drop for the utilities, a chest for Community Chest, bars for Go to Jail."""
    kind = R.BOARD[i].kind
    # clear of the owner's mark on the outer edge
    third_w, third_h = cell.w // 3, cell.h // 3
    area = [
        pygame.Rect(cell.x, cell.y, cell.w, cell.h - third_h),
        pygame.Rect(cell.x + third_w, cell.y, cell.w - third_w, cell.h),
        pygame.Rect(cell.x, cell.y + third_h, cell.w, cell.h - third_h),
        pygame.Rect(cell.x, cell.y, cell.w - third_w, cell.h),
    ][i // 10]
    if i % 10 == 0:
        area = cell
    side = max(8, min(area.w, area.h) * 4 // 5)
    box = pygame.Rect(0, 0, side, side)
    box.center = area.center
    w = max(1, side // 10)
    if kind == "railroad":  # two rails on sleepers
        for k in range(4):
            x = box.x + box.w * (2 * k + 1) // 8
            pygame.draw.line(
                surface,
                safe_colour(app, (140, 90, 50)),
                (x, box.y + side // 5),
                (x, box.bottom - side // 5),
                w + 1,
            )
        for y in (box.y + side // 3, box.bottom - side // 3):
            pygame.draw.line(surface, ink, (box.x, y), (box.right, y), w + 1)
    elif kind == "utility" and i < 20:  # Electric Company: a bulb
        bulb = pygame.Rect(box.x + side // 5, box.y, side * 3 // 5, side * 3 // 5)
        pygame.draw.ellipse(surface, safe_colour(app, (250, 220, 80)), bulb)
        pygame.draw.ellipse(surface, ink, bulb, w)
        base = pygame.Rect(box.centerx - side // 7, bulb.bottom - w, 2 * (side // 7), side // 4)
        pygame.draw.rect(surface, ink, base)
    elif kind == "utility":  # Water Works: a drop
        drop = pygame.Rect(box.x + side // 5, box.y + side * 2 // 5, side * 3 // 5, side * 3 // 5)
        tip = (box.centerx, box.y + side // 10)
        blue = safe_colour(app, (70, 140, 220))
        pygame.draw.polygon(surface, blue, [tip, (drop.x + w, drop.centery), (drop.right - w, drop.centery)])
        pygame.draw.ellipse(surface, blue, drop)
        pygame.draw.ellipse(surface, ink, drop, w)
    elif kind == "community-chest":  # a chest with its lock
        body = pygame.Rect(box.x, box.y + side // 4, side, side * 3 // 5)
        pygame.draw.rect(surface, safe_colour(app, (170, 110, 60)), body)
        pygame.draw.rect(surface, ink, body, w)
        pygame.draw.line(surface, ink, (body.x, body.y + body.h // 3), (body.right, body.y + body.h // 3), w)
        lock = pygame.Rect(0, 0, side // 5, side // 5)
        lock.center = (body.centerx, body.y + body.h // 3)
        pygame.draw.rect(surface, safe_colour(app, (250, 220, 80)), lock)
    else:  # Go to Jail: the bars of a cell
        pygame.draw.rect(surface, ink, box, w + 1)
        for k in range(1, 4):
            x = box.x + box.w * k // 4
            pygame.draw.line(surface, ink, (x, box.y), (x, box.bottom), w + 1)


def draw_buildings(surface: pygame.Surface, app: Any, band: pygame.Rect, level: int, vertical: bool) -> None:
    """``level`` houses (5: a hotel) in a street's colour band."""
    if level == 5:  # one long block, not four: a hotel tells itself apart by its shape too
        block = band.inflate(-2, -2)
        pygame.draw.rect(surface, safe_colour(app, (210, 40, 40)), block)
        pygame.draw.rect(surface, app.theme.colour("shadow"), block, 1)
        return
    ink = app.theme.colour("shadow")
    for k in range(level):  # blocks of at least 6 px, outlined so they stand apart from the band
        if vertical:
            h = band.h // 4
            r = pygame.Rect(band.x + 1, band.y + k * h + 1, band.w - 2, h - 1)
        else:
            w = band.w // 4
            r = pygame.Rect(band.x + k * w + 1, band.y + 1, w - 1, band.h - 2)
        pygame.draw.rect(surface, safe_colour(app, (40, 170, 70)), r)
        pygame.draw.rect(surface, ink, r, 1)


def draw_square_card(
    surface: pygame.Surface, app: Any, rect: pygame.Rect, i: int, obs: dict, name: Callable[[int], str]
) -> None:
    """Square ``i`` as a small card in the board's centre: its name, its price or owner."""
    theme = app.theme
    ink = theme.colour("shadow")
    size = look.text_px(theme)
    square = R.BOARD[i]
    widgets.panel(surface, rect, safe_colour(app, (236, 236, 226)), theme.px(6), 2, ink)
    band = pygame.Rect(rect.x, rect.y, rect.w, theme.px(14))
    if square.is_property:
        pygame.draw.rect(
            surface,
            look.group_colour(app, square.group),
            band,
            border_top_left_radius=theme.px(6),
            border_top_right_radius=theme.px(6),
        )
    look.draw_text(
        surface,
        app.text,
        look.square_name(i),
        size,
        ink,
        (rect.centerx, band.bottom + 1),
        "midtop",
        bold=True,
        max_width=rect.w - 8,
    )
    sq = obs["squares"][i]
    line = ""
    if square.is_property:
        if sq["owner"] is None:
            line = t("mono.deed.price", amount=look.money(square.price))
        else:
            line = t("mono.deed.owner", name=name(sq["owner"]))
    elif square.tax:
        line = look.money(square.tax)
    if line:
        look.draw_text(
            surface,
            app.text,
            line,
            size,
            ink,
            (rect.centerx, rect.bottom - 4),
            "midbottom",
            max_width=rect.w - 8,
        )


def draw_card(
    surface: pygame.Surface,
    app: Any,
    board: pygame.Rect,
    card: tuple[int, str, int],
    name: Callable[[int], str],
) -> None:
    """A Chance or Community Chest card (deck, key, the player who drew it), face up over the
    board's centre."""
    theme = app.theme
    deck, key, player = card
    size = look.text_px(theme)
    rect = pygame.Rect(0, 0, board.w * 3 // 4, board.h // 2)
    rect.center = board.center
    tint = (245, 170, 60) if deck == 0 else (120, 190, 230)
    widgets.panel(surface, rect.move(4, 4), theme.colour("shadow"), theme.radius)
    widgets.panel(surface, rect, look.colour(app, tint), theme.radius, theme.px(4), theme.colour("shadow"))
    app.text.cover(rect.move(4, 4).union(rect))  # the card hides what it lies on
    ink = theme.colour("shadow")
    look.draw_text(
        surface,
        app.text,
        t(f"mono.deck.{deck}"),
        look.text_px(theme, "title"),
        ink,
        (rect.centerx, rect.y + theme.px(10)),
        "midtop",
        bold=True,
        max_width=rect.w - 16,
    )
    y = rect.y + theme.px(10) + app.text.line_height(look.text_px(theme, "title")) + theme.px(6)
    for ln in app.text.wrap(look.card_text(deck, key), size, rect.w - theme.px(30))[:5]:
        look.draw_text(surface, app.text, ln, size, ink, (rect.centerx, y), "midtop", max_width=rect.w - 16)
        y += app.text.line_height(size)
    look.draw_text(
        surface,
        app.text,
        name(player),
        size,
        ink,
        (rect.centerx, rect.bottom - theme.px(8)),
        "midbottom",
        max_width=rect.w - 16,
    )


class GameView(DiceGameScreen):
    """The drawing half of the board screen: everything it shows, from the match, the cursors and
    the board screen's presentation (a walking token, a face-up card, money flashing).

    The board screen sets ``seats``, the cursors (``row``, ``closeup``, ``confirming``), the
    presentation (``_walk``, ``_token_at``, ``_card``, ``_flashes``) and ``message``."""

    seats: list[Seat]
    row: int
    closeup: bool
    confirming: Choice | None
    bid: int | None
    fresh: bool
    booked: list[int]
    message: str
    _walk: list[int]
    _land_t: float
    _throw: tuple[int, int, int] | None
    _turn_waits: bool
    _token_at: dict[int, int]
    _card: tuple[int, str, int] | None
    _flashes: list[list[Any]]

    def _init_view(self) -> None:
        self._layout_cache: dict[str, Any] | None = None
        self._dice_rects: list[pygame.Rect] = []
        self._parts: dict[str, pygame.Rect] = {}
        """Where the parts the guided first turn rings were last drawn (see :meth:`guide_target`)."""

    # -- the position ---------------------------------------------------------------------------------
    @property
    def turn_player(self) -> int:
        return int(self.state.turn)

    def obs(self) -> dict[str, Any]:
        """The position as the player to act sees it (the decks' order never shows)."""
        if self._obs_cache is None or self._obs_cache[0] != self._version:
            actor = self.match.actor
            self._obs_cache = (
                self._version,
                self.state.to_dict(self.turn_player if actor is None else actor),
            )
        return self._obs_cache[1]

    def name(self, p: int) -> str:
        return look.player_name(self.seats, p)

    @property
    def focus_player(self) -> int:
        """The player the board follows: the thrower while their throw is shown (a throw that
        ends the turn keeps the view until it has been seen), else the turn player."""
        if self._throw is not None and (self.roll_shown or self._turn_waits):
            return self._throw[0]
        return self.turn_player

    @property
    def roll_shown(self) -> bool:
        """The dice are tumbling or landed on show, or the token walks: what the throw leads to
        (buy, rent, a card) waits until the token arrives."""
        return self.match.settling or self._land_t > 0 or bool(self._walk)

    @property
    def dice_rects(self) -> tuple[pygame.Rect, ...]:
        """Where the landed dice were last drawn (empty while none are on show)."""
        return tuple(self._dice_rects)

    def rows(self) -> list[Choice]:
        if self.match.actor is None or self.computer_turn or self.roll_shown:
            return []
        return choices(self.obs(), self.name, self.bid)

    def throw_text(self, who: bool = True) -> str:
        """This turn's last throw: who (unless ``who`` is False), both dice and the total, and
        doubles said in words."""
        if self._throw is None:
            return ""
        p, a, b = self._throw
        total = t("mono.throw.total", a=format_number(a), b=format_number(b), total=format_number(a + b))
        text = t("mono.throw", name=self.name(p), total=total) if who else total
        return f"{text} {t('mono.throw.doubles')}" if a == b else text

    def prompt(self, obs: dict) -> str:
        """The line above the choices: the throw, what just happened, then the question."""
        if self.roll_shown and not self.match.settling:
            return self.throw_text()
        text = prompt_text(obs, self.match.actor, self.computer_turn, self.name)
        waiting = [p for p in self.booked if not (obs["phase"] == "between-turns" and p == self.match.actor)]
        if waiting:
            names = ", ".join(self.name(p) for p in waiting)
            text = f"{text} {t('mono.floor.booked', names=names)}".strip()
        # what just happened, where the eye is: the throw (the close-up draws no dice) and the
        # last move's money with its reason, before the question
        said = [self.throw_text() if self.closeup else "", self.message, text]
        return " ".join(x for x in said if x)

    # -- layout ---------------------------------------------------------------------------------------
    def guide_target(self, part: str) -> pygame.Rect | None:
        """Where ``part`` is for the guided first turn (:mod:`app.screens.guide`) to ring:
        ``dice``, ``square`` (the one the turn player's token is on, on the board or in the
        close-up), ``choices`` (the decision rows), ``roll`` (the dice, or the Roll row when the
        close-up hides them); None if it is not on the screen now."""
        dice = self._dice_rects[0].unionall(self._dice_rects[1:]) if self._dice_rects else None
        if part == "dice" or (part == "roll" and not self.closeup):
            return None if self.closeup else dice
        return self._parts.get(part)

    def layout(self) -> dict[str, Any]:
        if self._layout_cache is None:
            theme = self.theme
            safe = theme.safe
            line = self.app.text.line_height(look.floor_px(theme)) + theme.px(6)
            bar_h = 2 * line
            gap = theme.px(12)
            side = min(safe.h - bar_h - gap, int(safe.w * 0.6))
            board = pygame.Rect(safe.x, safe.y, theme.round_w(side), side)
            panel = pygame.Rect(
                board.right + gap, safe.y, safe.right - board.right - gap, safe.h - bar_h - gap
            )
            self._layout_cache = {
                "board": self._rect(board),
                "panel": self._rect(panel),
                "cells": board_cells(self._rect(board)),
            }
        return self._layout_cache

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The still picture (board, panel, keys) comes from a layer redrawn only when what it
        shows changes; the dice, a face-up card and a notice go over it every frame."""
        from app.i18n import current_language

        lay = self.layout()
        match = self.match
        key = (
            self._version,
            current_language(),
            self.row,
            self.bid,
            self.fresh,
            tuple(self.booked),
            self.closeup,
            self.confirming,
            self._pass_to,
            tuple(self._token_at.items()),
            tuple((f[0], f[1]) for f in self._flashes),
            self.message,
            self.shaking,
            match.settling,
            match.skipping,
            bool(self._walk),
            self._land_t > 0,
            self._throw,
            self._card is not None,
        )
        self._blit_layer(surface, key, lambda layer: self._draw_still(layer, lay))
        if not self.closeup:
            self._draw_dice(surface)
        if self._card is not None and not self.roll_shown:  # turned over once the token arrives
            draw_card(surface, self.app, lay["board"], self._card, self.name)
        if self.confirming is not None:
            self._draw_banner(surface, self.confirming.confirm, t("mono.confirm.again"))
        elif self._pass_to is not None:
            self._draw_banner(surface, t("mono.banner.pass", name=self._pass_to), t("mono.banner.press_any"))

    def _draw_still(self, surface: pygame.Surface, lay: dict) -> None:
        self._parts = {}
        widgets.background(surface, self.theme)
        obs = self.obs()
        if self.closeup:
            self._draw_closeup(surface, lay["board"], obs)
        else:
            self._draw_board(surface, lay, obs)
        self._draw_panel(surface, lay["panel"], obs)
        look.key_bar(surface, self.app, self)

    def _draw_dice(self, surface: pygame.Surface) -> None:
        dice = self.obs()["dice"]
        for k, rect in enumerate(self._dice_rects):
            if self.match.shaking or (self.match.settling and k in self.match.tumbling):
                face = self._anim_faces.get(k, 0) + 1
            else:
                face = dice[k] if dice else k + 5
            widgets.draw_die_themed(surface, self.app, rect, face, False)

    def _draw_banner(self, surface: pygame.Surface, text: str, sub: str = "") -> None:
        """A centred notice (pass the remote, a question to confirm) at the legibility floor."""
        app, theme = self.app, self.theme
        size, small = look.text_px(theme, "title"), look.text_px(theme)
        width = theme.safe.w - theme.px(40)
        lines = app.text.wrap(text, size, width - theme.px(40), bold=True)
        subs = app.text.wrap(sub, small, width - theme.px(40)) if sub else []
        h = len(lines) * app.text.line_height(size) + len(subs) * app.text.line_height(small) + theme.px(30)
        box = pygame.Rect(0, 0, width, h)
        box.center = theme.safe.center
        widgets.panel(surface, box, theme.colour("shadow"), theme.radius, theme.px(5), theme.colour("accent"))
        app.text.cover(box)  # the opaque notice hides what it lies on
        y = box.y + theme.px(15)
        for ln in lines:
            look.draw_text(
                surface, app.text, ln, size, theme.colour("accent"), (box.centerx, y), "midtop", bold=True
            )
            y += app.text.line_height(size)
        for ln in subs:
            look.draw_text(surface, app.text, ln, small, theme.colour("text"), (box.centerx, y), "midtop")
            y += app.text.line_height(small)

    def _draw_board(self, surface: pygame.Surface, lay: dict, obs: dict) -> None:
        app, theme = self.app, self.theme
        board = lay["board"]
        widgets.panel(surface, board, safe_colour(app, (200, 222, 200)))
        inner = board.inflate(-round(board.w / 4), -round(board.h / 4))
        widgets.panel(surface, inner, safe_colour(app, (186, 212, 188)))
        tokens = token_squares(obs, self._token_at)
        ink = theme.colour("shadow")
        for i, cell in enumerate(lay["cells"]):
            draw_cell(surface, app, self.seats, i, cell, obs["squares"][i], ink)
        for i, ps in tokens.items():
            cell = lay["cells"][i]
            r = max(theme.px(13), min(cell.w, cell.h) // 4 - 1)  # 20 px and more at 576 lines
            for k, p in enumerate(ps):
                dx, dy = (k % 2) * 2 - 1, (k // 2) * 2 - 1 if len(ps) > 2 else 0
                look.draw_token(
                    surface, app, self.seats, p, (cell.centerx + dx * (r + 1), cell.centery + dy * (r + 1)), r
                )
        self._draw_centre(surface, inner, obs)

    def _draw_centre(self, surface: pygame.Surface, inner: pygame.Rect, obs: dict) -> None:
        """Inside the ring: whose turn, the square they stand on, the dice and their total (the
        money a move made is said beside the decision, where the eye is)."""
        app, theme = self.app, self.theme
        ink = theme.colour("shadow")
        size = look.text_px(theme)
        p = self.focus_player
        pos = self._token_at.get(p, obs["players"][p]["position"])
        self._parts["square"] = self.layout()["cells"][pos]
        y = inner.y + theme.px(10)
        head = t("mono.turn_of", name=self.name(p))
        look.draw_text(
            surface, app.text, head, size, ink, (inner.centerx, y), "midtop", bold=True, max_width=inner.w - 8
        )
        line = app.text.line_height(size)
        y += line + theme.px(4)
        card = pygame.Rect(inner.x + theme.px(12), y, inner.w - theme.px(24), line * 2 + theme.px(20))
        draw_square_card(surface, app, card, pos, obs, self.name)
        bottom = inner.bottom - theme.px(8)
        throw = "" if self.match.settling else self.throw_text(who=False)
        if throw:  # the landed dice's total, just under them (whose turn is said above)
            bottom -= line
            look.draw_text(
                surface,
                app.text,
                throw,
                size,
                ink,
                (inner.centerx, bottom),
                "midtop",
                bold=True,
                max_width=inner.w - 8,
            )
        die = min(inner.w // 4, bottom - card.bottom - theme.px(12))
        dy = (card.bottom + bottom) // 2
        self._dice_rects = []
        for k in range(2):
            rect = pygame.Rect(0, 0, theme.round_w(die), die)
            rect.center = (inner.centerx + (k * 2 - 1) * (die * 6 // 10), dy)
            self._dice_rects.append(rect)

    def _draw_closeup(self, surface: pygame.Surface, board: pygame.Rect, obs: dict) -> None:
        """The side of the board the token is on, one readable row a square."""
        app, theme = self.app, self.theme
        p = self.focus_player
        pos = self._token_at.get(p, obs["players"][p]["position"])
        first = pos // 10 * 10
        squares = list(range(first, first + 11))
        widgets.panel(surface, board, theme.colour("panel"), theme.radius)
        row_h = board.h // len(squares)
        size = look.text_px(theme)
        tokens = token_squares(obs, self._token_at)
        for k, i in enumerate(squares):
            i %= 40
            row = pygame.Rect(board.x, board.y + k * row_h, board.w, row_h - 2)
            here = i == pos
            if here:
                self._parts["square"] = row
            widgets.panel(
                surface,
                row,
                theme.colour("panel_focus" if here else "panel"),
                theme.px(6),
                2 if here else 0,
                theme.colour("accent"),
            )
            square = R.BOARD[i]
            chip = pygame.Rect(0, 0, theme.round_w(row_h - 8), row_h - 8)
            chip_start = pygame.Rect(row.x + 4, row.y + 4, chip.w, chip.h)
            chip = (
                self.theme.mirror(chip_start, False)
                if not self.rtl
                else pygame.Rect(row.right - 4 - chip.w, row.y + 4, chip.w, chip.h)
            )
            if square.is_property:
                pygame.draw.rect(surface, look.group_colour(app, square.group), chip)
            sq = obs["squares"][i]
            text_rect = pygame.Rect(row.x + chip.w + 10, row.y, row.w - chip.w - 20, row.h)
            pos_start, anchor = (
                self._start(text_rect, 0)
                if not self.rtl
                else ((row.right - chip.w - 10, row.centery), "midright")
            )
            look.draw_text(
                surface,
                app.text,
                look.square_name(i),
                size,
                theme.colour("text"),
                pos_start,
                anchor,
                max_width=row.w * 62 // 100,
            )
            value = ""
            if square.is_property:
                if sq["owner"] is None:
                    value = look.money(square.price)
                else:
                    value = (
                        t("mono.closeup.rent", amount=look.money(sq["rent"]))
                        if not sq["mortgaged"]
                        else t("mono.closeup.mortgaged")
                    )
            elif square.tax:
                value = look.money(square.tax)
            end, end_anchor = self._end(row, theme.px(10))
            if value:
                look.draw_text(
                    surface,
                    app.text,
                    value,
                    size,
                    theme.colour("accent"),
                    end,
                    end_anchor,
                    max_width=row.w * 30 // 100,
                )
            if sq["owner"] is not None:
                pygame.draw.rect(surface, look.player_colour(app, self.seats, sq["owner"]), chip, 4)
            for n, q in enumerate(tokens.get(i, [])):
                r = max(6, chip.h // 2 - 1)
                look.draw_token(surface, app, self.seats, q, (chip.centerx + n * r, chip.centery), r)

    def _draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, obs: dict) -> None:
        """The players (cash, properties, jail) above the decision rows; when the decision needs
        the room, each player takes one line (token, cash, jail) instead of two."""
        app, theme = self.app, self.theme
        size = look.text_px(theme)
        num = look.text_px(theme, "number")
        line = app.text.line_height(size)
        full_h = line + app.text.line_height(num) + theme.px(4)
        compact_h = app.text.line_height(num) + theme.px(2)
        rows = self.rows()
        prompt_lines = len(app.text.wrap(self.prompt(obs), size, rect.w - 8)) if self.prompt(obs) else 0
        need = prompt_lines * line + len(rows) * (line + theme.px(10)) + theme.px(12)
        n = len(obs["players"])
        compact = rect.h - n * (full_h + theme.px(4)) < need
        y = rect.y
        flashes = {f[0]: f[1] for f in self._flashes}
        for p, pl in enumerate(obs["players"]):
            h = compact_h if compact else full_h
            box = pygame.Rect(rect.x, y, rect.w, h)
            acting = p == self.match.actor
            widgets.panel(
                surface,
                box,
                theme.colour("panel_focus" if acting else "panel"),
                theme.px(8),
                3 if acting else 0,
                theme.colour("accent"),
            )
            r = line // 2 - 1
            top_y = box.centery if compact else box.y + line // 2 + 2
            tok = (box.right - r - 7, top_y) if self.rtl else (box.x + r + 7, top_y)
            look.draw_token(surface, app, self.seats, p, tok, r)
            status = widgets.seat_label(app, p, self.name(p))
            if pl["bankrupt"]:
                status = t("mono.status.bankrupt", name=status)
            elif pl["in_jail"]:
                status = t("mono.status.jail", name=status)
            inner = pygame.Rect(box.x + 2 * r + 14, box.y, box.w - 2 * r - 20, box.h)
            if self.rtl:
                inner.x = box.x + 6
            colour = theme.colour("text_dim" if pl["bankrupt"] else "text")
            if compact:  # one line: the name (shortened, never dropped), then the cash or its change
                cash = look.money(pl["cash"])
                if p in flashes:
                    d = flashes[p]
                    cash = ("+" if d > 0 else "−") + look.money(abs(d))
                cash_w = app.text.size(cash, num, bold=True)[0]
                end, end_anchor = self._end(inner, 0)
                cash_colour = theme.colour("accent")
                if p in flashes:
                    cash_colour = theme.colour("held" if flashes[p] > 0 else "error")
                look.draw_text(
                    surface, app.text, cash, num, cash_colour, end, end_anchor, bold=True, main=True
                )
                start, anchor = self._start(inner, 0)
                look.draw_text(
                    surface,
                    app.text,
                    status,
                    size,
                    colour,
                    start,
                    anchor,
                    max_width=inner.w - cash_w - theme.px(10),
                )
                y += h + theme.px(4)
                continue
            start, anchor = self._start(inner, 0)
            look.draw_text(
                surface, app.text, status, size, colour, (start[0], top_y), anchor, max_width=inner.w
            )
            cash_row = pygame.Rect(box.x + 6, box.y + line + 2, box.w - 12, app.text.line_height(num))
            start, anchor = self._start(cash_row, 0)
            look.draw_text(
                surface,
                app.text,
                look.money(pl["cash"]),
                num,
                theme.colour("accent"),
                start,
                anchor,
                bold=True,
                main=True,
            )
            end, end_anchor = self._end(cash_row, 0)
            if p in flashes:
                d = flashes[p]
                text = ("+" if d > 0 else "−") + look.money(abs(d))
                colour = theme.colour("held" if d > 0 else "error")
                look.draw_text(surface, app.text, text, size, colour, end, end_anchor, bold=True)
            else:
                owned = sum(1 for sq in obs["squares"] if sq["owner"] == p)
                look.draw_text(
                    surface,
                    app.text,
                    t("mono.status.deeds", n=owned),
                    size,
                    theme.colour("text_dim"),
                    end,
                    end_anchor,
                )
            y += h + theme.px(4)
        y += theme.px(6)
        self._draw_decision(surface, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), obs)

    def _draw_decision(self, surface: pygame.Surface, rect: pygame.Rect, obs: dict) -> None:
        app, theme = self.app, self.theme
        size = look.text_px(theme)
        prompt = self.prompt(obs)
        y = rect.y
        line = app.text.line_height(size)
        if prompt:
            lines = app.text.wrap(prompt, size, rect.w - 8)
            for ln in lines[:5]:
                start, anchor = self._start(
                    pygame.Rect(rect.x + 4, y, rect.w - 8, app.text.line_height(size)), 0
                )
                look.draw_text(
                    surface, app.text, ln, size, theme.colour("text"), start, anchor, max_width=rect.w - 8
                )
                y += app.text.line_height(size)
        rows = self.rows()
        if not rows:
            return
        row_h = app.text.line_height(size) + theme.px(10)
        area = pygame.Rect(rect.x, y + theme.px(4), rect.w, rect.bottom - y - theme.px(4))
        visible = max(1, area.h // row_h)
        focus = min(self.row, len(rows) - 1)
        first = widgets.first_visible(focus, visible, len(rows))
        if len(rows) > visible:
            visible = max(1, (area.h - line) // row_h)
            first = widgets.first_visible(focus, visible, len(rows))
            more = f"▲▼ {format_number(focus + 1)}/{format_number(len(rows))}"
            pos = (area.centerx, area.y + visible * row_h)
            look.draw_text(surface, app.text, more, size, theme.colour("text_dim"), pos, "midtop")
        for k, row in enumerate(rows[first : first + visible]):
            i = first + k
            box = pygame.Rect(area.x, area.y + k * row_h, area.w, row_h - theme.px(4))
            self._parts["choices"] = self._parts["choices"].union(box) if "choices" in self._parts else box
            if row.action == G.ROLL:
                self._parts["roll"] = box
            on = i == focus
            look.row_panel(surface, theme, box, on)
            start, anchor = self._start(box, theme.px(10))
            value_w = app.text.size(row.value, size)[0] if row.value else 0
            if row.owner is not None:
                r = box.h // 3
                end, _ = self._end(box, theme.px(10) + r)
                look.draw_token(surface, app, self.seats, row.owner, end, r)
                value_w = 2 * r
            look.draw_text(
                surface,
                app.text,
                row.label,
                size,
                theme.colour("text"),
                start,
                anchor,
                max_width=box.w - value_w - theme.px(30),
            )
            if row.value:
                end, end_anchor = self._end(box, theme.px(10))
                look.draw_text(
                    surface, app.text, row.value, size, theme.colour("accent"), end, end_anchor, bold=True
                )
