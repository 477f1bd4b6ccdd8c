"""How the Monopoly Dice board looks: the jail squares, the groups, the table, the tray of dice.

:class:`BoardView` is the drawing half of :class:`~app.screens.monopoly_dice.board.BoardScreen`
(which maps keys to moves and follows the match); :func:`compute_layout` places every part of it.
"""

from __future__ import annotations

import copy
from typing import Any

import pygame

from app import widgets
from app.i18n import LANGUAGES, format_number, t
from app.screens.dice_game import DiceGameScreen
from app.screens.monopoly_dice import look
from app.screens.monopoly_dice.players import player_names
from engines.monopoly_dice import MonopolyDiceGame
from engines.monopoly_dice import rules as R

TABLE_PAD = 8
"""The scoring table's inner margin (720-line pixels): the labels start, the amounts end there."""

BOARD_COLUMNS: tuple[tuple[str, ...], ...] = (
    ("brown", "light-blue", "pink", "orange", "red"),
    ("yellow", "green", "dark-blue", "railroads", "utilities"),
)
"""The groups in board order, as two columns on the screen."""


class _KeyBar:
    """A set of bindings as the help bar measures it (every key shown as if it acted)."""

    def __init__(self, bindings: tuple) -> None:
        self._bindings = bindings

    def bindings(self) -> tuple:
        return self._bindings

    def check_action(self, action: str, args: tuple) -> bool:
        return True


class BoardView(DiceGameScreen):
    """The drawing half of the board screen: everything it shows, from the match, the cursors and
    the board screen's presentation (flights, banners, a board held on screen)."""

    game: MonopolyDiceGame
    jailed_last: list[bool]
    die_focus: int | None
    choosing: int | None
    group_focus: int
    _flights: list[dict[str, Any]]
    _flight_t: float
    _banners: list[tuple[str, float]]
    _held_view: dict[str, Any] | None
    jail_notice: str | None

    def _init_view(self) -> None:
        self._layout_cache: tuple[tuple, dict] | None = None
        self._base_cache: tuple[tuple, pygame.Surface, list] | None = None
        self._tray_sliding = False
        """The die cursor is on its way to a die: the tray is drawn without it, the ring moves over it."""

    @property
    def turn_player(self) -> int:
        return self.state.player

    def view(self) -> dict[str, Any]:
        """What the board shows: the position, or the roll that sent the player to jail."""
        return self._held_view if self._held_view is not None else self.obs()

    def placeable(self) -> list[int]:
        """The rolled dice that may go on the board now, in die order."""
        if self._held_view is not None or self.state.is_terminal():
            return []
        return [d["id"] for d in self.obs()["dice"] if d["where"] == "rolled" and d["targets"]]

    def fix_focus(self) -> None:
        """Keep the die cursor on a die that may be placed (the next one in die order); call it
        after changing the state by hand (a scene)."""
        dice = self.placeable()
        if self.die_focus not in dice:
            later = [d for d in dice if self.die_focus is not None and d > self.die_focus]
            self.die_focus = (later or dice or [None])[0]

    def layout(self) -> dict[str, Any]:
        """Every part of the screen (board, tray, score table, bands) at this size."""
        theme = self.theme
        # room for the taller key bar of now and of a player's turn, so a computer's turn (one
        # row of keys) does not lay out a board the player's turn (two rows at SD) would cover
        human = _KeyBar(super().bindings())
        help_h = max(widgets.help_bar_height(self.app, self), widgets.help_bar_height(self.app, human))
        key = (theme.width, theme.height, self.app.lang, len(self.players), help_h)
        if self._layout_cache is None or self._layout_cache[0] != key:
            self._layout_cache = (key, compute_layout(self.app, len(self.players), help_h))
        return self._layout_cache[1]

    def _hidden(self) -> frozenset[int]:
        """Dice drawn by the flight animation instead of on their squares."""
        return frozenset(f["die"] for f in self._flights if not f.get("money"))

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        hidden = self._hidden()
        moving = self.match.tumbling if (self.shaking or self.match.settling) else frozenset()
        slide = self._tray_slide(layout, hidden | moving)
        self._tray_sliding = slide is not None
        key = (
            self._version,
            self.app.lang,
            surface.get_size(),
            hidden,
            moving,
            self.die_focus,
            self.choosing,
            self.group_focus,
            self._tray_sliding,
        )
        self._blit_layer(surface, key, lambda layer: self._draw_static(layer, layout, hidden, moving))
        if slide is not None:
            widgets.die_focus_ring(surface, slide, self.app.profile.safe_colour(self.theme.colour("accent")))
        if moving:
            self._draw_tumbling(surface, layout, moving)
        if self._flights:
            self._draw_flights(surface, layout)
        if self.jail_notice is not None and not moving and not self._flights:
            self._draw_banner(surface, self.jail_notice, t("mdice.banner.press_any"))
        elif self._pass_to is not None:
            self._draw_banner(
                surface, t("mdice.banner.pass", name=self._pass_to), t("mdice.banner.press_any")
            )
        elif self._banners and not moving and not self._flights:
            self._draw_banner(surface, self._banners[0][0])

    def _draw_static(self, surface, layout, hidden: frozenset[int], moving: frozenset[int]) -> None:
        surface.blit(self._base(surface, layout), (0, 0))
        view = self.view()
        self._draw_header(surface, layout, view)
        self._draw_jail_row(surface, layout, view, hidden)
        self._draw_groups(surface, layout, view)
        self._draw_table(surface, layout, view)
        self._draw_status(surface, layout, view)
        self._draw_tray(surface, layout, view, hidden | moving)
        widgets.help_bar(surface, self.app, self)

    def _draw_header(self, surface, layout, view) -> None:
        """Whose turn (large) and the target (small), at the far end of the top line."""
        theme = self.theme
        header = self._rect(layout["header"])
        player = view["player"] if not self.state.is_terminal() else self.state.winner
        turn = t("mdice.turn", name=player_names(self.players)[player])
        target = t("mdice.target", amount=look.money(self.game.target))
        x = header.x if self.rtl else header.right
        size = theme.font("body")
        h1 = self.app.text.line_height(size)
        h2 = self.app.text.line_height(layout["small"])
        y = header.centery - (h1 + h2) // 2
        anchor = "topleft" if self.rtl else "topright"
        self._text(surface, turn, size, theme.colour("accent"), (x, y), anchor, bold=True, max_width=header.w)
        dim = theme.colour("text_dim")
        self._text(surface, target, layout["small"], dim, (x, y + h1), anchor, max_width=header.w)

    def _label(self, surface, rect: pygame.Rect, text: str, size: int, colour, bold=False) -> None:
        pos, anchor = self._start(rect, 0)
        self._text(surface, text, size, colour, pos, anchor, bold=bold, max_width=rect.w)

    def _draw_jail_row(self, surface, layout, view, hidden) -> None:
        theme = self.theme
        size = layout["small"]
        self._label(
            surface, self._rect(layout["jail_label"]), t("mdice.jail"), size, theme.colour("text"), True
        )
        for j, base in enumerate(layout["jail"]):
            rect = self._rect(base)
            widgets.panel(
                surface, rect, theme.colour("shadow"), theme.px(6), theme.px(3), theme.colour("error")
            )
            die = view["jail_squares"][j]
            if die is not None and die not in hidden:
                inner = rect.inflate(-theme.px(6), -theme.px(6))
                look.draw_face(surface, self.app, inner, view["dice"][die]["face"])
        go = self._rect(layout["go"])
        n = view["go_count"]
        widgets.panel(
            surface,
            go,
            theme.colour("panel"),
            theme.px(6),
            theme.px(2),
            theme.colour("accent" if n else "text_dim"),
        )
        label = t("mdice.go_count", n=n) if n else t("mdice.go")
        colour = theme.colour("text" if n else "text_dim")
        self._text(surface, label, size, colour, go.center, "center", bold=True, max_width=go.w - theme.px(4))

    def _draw_card(self, surface, layout, key: str) -> None:
        """A group's title-deed card as the empty board shows it: the paper, the colour band with
        the group's name (and its board value where it fits), the empty squares."""
        theme = self.theme
        cell = layout["groups"][key]
        colour = look.group_colour(self.app, key)
        safe = self.app.profile.safe_colour
        ink, paper = safe(look.DEED_INK), safe(look.DEED_PAPER)
        frame = self._rect(cell["frame"])
        band = self._rect(cell["band"])
        radius = theme.px(6)
        pygame.draw.rect(surface, paper, frame, border_radius=radius)
        pygame.draw.rect(surface, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
        edge = max(1, theme.px(2))
        pygame.draw.line(surface, ink, (band.x, band.bottom), (band.right - 1, band.bottom), edge)
        pygame.draw.rect(surface, ink, frame, width=edge, border_radius=radius)
        small = layout["small"]
        name_ink = safe(look.ink_on(colour))
        pos, anchor = self._start(band, theme.px(6))
        self._text(surface, look.group_name(key), small, name_ink, pos, anchor, bold=True, max_width=band.w)
        if layout["value_in_band"]:
            pos, anchor = self._end(band, theme.px(6))
            value = look.card_money(R.GROUPS[R.GROUP_INDEX[key]].board_value)
            self._text(surface, value, small, name_ink, pos, anchor, bold=True)
        empty, outline = safe((204, 199, 180)), safe((118, 114, 100))
        for base in cell["squares"]:
            body = widgets.die_body_rect(self._rect(base), theme.pixel_aspect)
            pygame.draw.rect(surface, empty, body, border_radius=theme.px(6))
            pygame.draw.rect(surface, outline, body, width=max(1, theme.px(2)), border_radius=theme.px(6))

    def _draw_groups(self, surface, layout, view) -> None:
        """Over the empty board: highlighted cards (complete, Chance targets), dice and amounts."""
        theme = self.theme
        size = layout["small"]
        targets = set(view["dice"][self.choosing]["targets"]) if self.choosing is not None else set()
        paper = self.app.profile.safe_colour(look.DEED_PAPER)
        for key, cell in layout["groups"].items():
            g = R.GROUP_INDEX[key]
            info = view["groups"][g]
            frame = self._rect(cell["frame"])
            focused = g == self.group_focus and g in targets
            if info["complete"] or g in targets:
                width = theme.px(4 if info["complete"] else 3)
                edge = theme.colour("accent" if info["complete"] else "text_dim")
                if focused:  # the group the Chance would go on: a thick ring just outside the card
                    frame, width, edge = (
                        frame.inflate(theme.px(6), theme.px(6)),
                        theme.px(7),
                        theme.colour("accent"),
                    )
                pygame.draw.rect(surface, edge, frame, width=width, border_radius=theme.px(8))
            dice = info["dice"]
            if dice and not info["complete"]:
                amount, ink = look.card_money(info["value"]), look.DEED_PLACED
            elif not layout["value_in_band"]:
                amount, ink = look.card_money(R.GROUPS[g].board_value), look.DEED_INK
            else:
                amount = None
            if amount is not None:
                pos, anchor = self._end(self._rect(cell["value"]), 0)
                ink = self.app.profile.safe_colour(ink)
                self._text(surface, amount, size, ink, pos, anchor, bold=True, max_width=cell["value"].w)
            for k, d in enumerate(dice):
                rect = self._rect(cell["squares"][k])
                look.draw_face(surface, self.app, rect, view["dice"][d]["face"], ground=paper)

    def _base(self, surface: pygame.Surface, layout) -> pygame.Surface:
        """The empty board (background, the framed board with its cards, the table's panel):
        drawn once per size and language."""
        key = (surface.get_size(), self.app.lang, len(self.players))
        if self._base_cache is None or self._base_cache[0] != key:
            base = pygame.Surface(surface.get_size())
            if pygame.display.get_surface() is not None:
                base = base.convert()
            theme = self.theme
            widgets.background(base, theme)
            safe = self.app.profile.safe_colour
            widgets.panel(
                base,
                self._rect(layout["board"]),
                safe(look.BOARD_FELT),
                theme.px(10),
                max(2, theme.px(3)),
                safe(look.BOARD_EDGE),
            )
            with self.app.text.capture() as runs:
                for group_key in layout["groups"]:
                    self._draw_card(base, layout, group_key)
            table = self._rect(layout["table"])
            widgets.panel(base, table, theme.colour("panel"), theme.radius)
            self._base_cache = (key, base, runs)
        self.app.text.replay(self._base_cache[2])
        return self._base_cache[1]

    def _draw_table(self, surface, layout, view) -> None:
        """The turn's money line by line (or, on a two-page table before the first roll, the
        seats' totals and last turns), then every seat's total (and last turn where it fits)."""
        scores = layout["scores_page"]
        if scores is not None and all(d["where"] in ("cup", "out") for d in view["dice"]):
            self._draw_seats(surface, layout, view, scores)
            return
        theme = self.theme
        size = layout["small"]
        pad = theme.px(TABLE_PAD)
        parts = view["score_parts"]
        for name, base in layout["parts"]:
            rect = self._rect(base)
            turn = name == "turn"
            colour = theme.colour("accent" if turn else "text")
            amount_size = layout["number"] if turn else size
            if turn:
                y = rect.y - theme.px(3)
                pygame.draw.line(
                    surface,
                    theme.colour("text_dim"),
                    (rect.x + pad, y),
                    (rect.right - pad, y),
                    max(1, theme.px(2)),
                )
            pos, anchor = self._start(rect, pad)
            label = t(f"mdice.score.{name}")
            amount = look.money(parts[name])
            amount_w = self.app.text.size(amount, amount_size, bold=True)[0]
            label_w = rect.w - 3 * pad - amount_w
            if turn and self.app.text.size(label, size, bold=True)[0] > label_w:
                label = t("mdice.score.turn_short")  # ("This turn": beside a large turn score)
            self._text(surface, label, size, colour, pos, anchor, bold=turn, max_width=label_w)
            pos, anchor = self._end(rect, pad)
            self._text(
                surface,
                amount,
                amount_size,
                colour,
                pos,
                anchor,
                bold=True,
                max_width=rect.w - 2 * pad,
                main=turn,
            )
        grey = (70, 78, 96)
        for k, base in enumerate(layout["houses"]):
            colour = look.HOUSE_GREEN if k < view["houses"] else grey
            look.draw_house(surface, self.app, self._rect(base), colour=colour)
        look.draw_hotel(
            surface, self.app, self._rect(layout["hotel"]), colour=look.HOTEL_RED if view["hotels"] else grey
        )
        self._draw_seats(surface, layout, view, layout["seats"])

    def _draw_seats(self, surface, layout, view, seats: dict[str, Any]) -> None:
        """The seats under their heading: a name and its total (a main number), and the last turn
        beside it (one line a seat) or under it (two lines)."""
        theme = self.theme
        size, number = layout["small"], layout["number"]
        dim = theme.colour("text_dim")
        names = player_names(self.players)
        head = seats["head"]
        cols = layout["player_cols"]
        one_line = len(cols) == 3
        labels = ("player", "total", "previous") if one_line else ("player", "total")
        for label, col in zip(labels, cols, strict=True) if head is not None else ():
            rect = self._rect(pygame.Rect(col.x, head.y, col.w, head.h))
            pos, anchor = self._start(rect, 0) if label == "player" else self._end(rect, 0)
            self._text(surface, t(f"mdice.score.{label}"), size, dim, pos, anchor, max_width=rect.w)
        current = view["player"]
        for p, (base, lines) in enumerate(zip(seats["rows"], seats["lines"], strict=True)):
            entry = view["table"][p]
            if p == current and not self.state.is_terminal():
                widgets.panel(
                    surface,
                    self._rect(base),
                    theme.colour("panel_focus"),
                    theme.px(6),
                    theme.px(2),
                    theme.colour("accent"),
                )
            cells = [self._rect(pygame.Rect(c.x, lines[0].y, c.w, lines[0].h)) for c in cols]
            total = look.money(entry["total"])
            # one line: the name has its column; two: what the seat's total leaves of the line
            room = cells[0].w if one_line else lines[0].w - self.app.text.size(total, number, bold=True)[0]
            pos, anchor = self._start(cells[0], theme.px(2))
            name_colour = theme.colour("text")
            label = widgets.seat_label(self.app, p, names[p])
            self._text(surface, label, size, name_colour, pos, anchor, max_width=room - theme.px(6))
            pos, anchor = self._end(cells[1], 0)
            self._text(
                surface, total, number, name_colour, pos, anchor, bold=True, max_width=cells[1].w, main=True
            )
            if not seats["last_turn"]:
                continue  # (the table's other page shows the last turns)
            if one_line:
                last = cells[2]
            else:  # under the total, its heading beside it
                last = self._rect(pygame.Rect(cols[1].x, lines[1].y, cols[1].w, lines[1].h))
            prev = entry["previous"]
            if prev is None:
                text = "–"
            elif prev == 0 and self.jailed_last[p]:
                text = t("mdice.score.jail")
            else:
                text = look.money(prev)
            if not one_line:
                label = self._rect(lines[1])
                room = label.w - self.app.text.size(text, number)[0] - theme.px(6)
                pos, anchor = self._start(label, theme.px(2))
                self._text(surface, t("mdice.score.previous"), size, dim, pos, anchor, max_width=room)
            pos, anchor = self._end(last, 0)
            self._text(surface, text, number, dim, pos, anchor, max_width=last.w, main=True)

    def status_line(self, view) -> str:
        if self.state.is_terminal() or self._held_view is not None or self.shaking or self.match.settling:
            return ""
        name = player_names(self.players)[view["player"]]
        if self.computer_turn:
            prep = _table_preparation()  # a hard computer looks ahead one roll until it is built
            after = t("mdice.status.skip") if prep is None else t("mdice.status.preparing", percent=prep)
            return t("mdice.status.thinking", name=name) + "   " + after
        if self.choosing is not None:
            return t("mdice.status.chance")
        if view["rolls"] == 0:
            return t("mdice.status.roll_first")
        if self.die_focus is None or not self.placeable():
            return t("mdice.status.nothing")
        face = view["dice"][self.die_focus]["face"]
        if face["colour"] == R.CHANCE:
            return t("mdice.status.chance_die")
        group = look.group_name(face["colour"])
        return t("mdice.status.die", group=group, amount=look.money(face["value"] or 0))

    def _draw_status(self, surface, layout, view) -> None:
        rect = self._rect(layout["status"])
        line = self.status_line(view)
        if line:
            self._text(
                surface,
                line,
                layout["small"],
                self.theme.colour("text"),
                rect.center,
                "center",
                bold=True,
                max_width=rect.w,
            )

    def _tray_slide(self, layout, skip: frozenset[int]) -> pygame.Rect | None:
        """Where the die cursor's ring is while it moves to the die it is on (None at rest)."""
        mine = not self.computer_turn and self._held_view is None
        d = self.choosing if self.choosing is not None else self.die_focus if mine else None
        body = None
        in_tray = d is not None and self.view()["dice"][d]["where"] not in ("board", "jail", "out")
        if in_tray and d not in skip:
            body = widgets.die_body_rect(self._rect(layout["tray"][d]), self.theme.pixel_aspect)
        return widgets.focus_slide(self.app, "mdice-tray", d if body else None, body)

    def _draw_tray(self, surface, layout, view, skip: frozenset[int]) -> None:
        mine = not self.computer_turn and self._held_view is None
        for d, base in enumerate(layout["tray"]):
            if d in skip:
                continue
            rect = self._rect(base)
            die = view["dice"][d]
            where = die["where"]
            if where in ("board", "jail", "out"):
                self._draw_empty_slot(surface, layout, rect, d, die)
                continue
            focused = (mine and d == self.die_focus) or (self.choosing == d)
            focused = focused and not self._tray_sliding  # on its way, the ring is drawn over the tray
            cup = where == "cup"
            look.draw_face(
                surface, self.app, rect, die["face"] if not cup else None, focused=focused, dim=cup
            )

    def _draw_empty_slot(self, surface, layout, rect: pygame.Rect, d: int, die: dict[str, Any]) -> None:
        """Where a die is not in the tray, its slot says which die and where it went: outlined in
        the colour of the group it sits on, red for a policeman on a jail square, dim for the house
        die until a colour group is complete; the die's name inside."""
        theme = self.theme
        body = widgets.die_body_rect(rect, theme.pixel_aspect)
        where = die["where"]
        if where == "board" and die.get("group") is not None:
            edge = look.group_colour(self.app, R.GROUPS[die["group"]].key)
            edge = look.rim_for(edge, theme.colour("background")) or edge
        elif where == "jail":
            edge = theme.colour("error")
        else:
            edge = theme.colour("panel")
        width = max(2, theme.px(3))
        pygame.draw.rect(surface, edge, body, width=width, border_radius=theme.px(8))
        dim = theme.colour("text_dim")
        self._text(
            surface,
            look.die_name(d),
            layout["small"],
            dim,
            body.center,
            "center",
            bold=True,
            max_width=body.w,
        )

    def _draw_tumbling(self, surface, layout, moving: frozenset[int]) -> None:
        theme = self.theme
        landing = self.landing
        for d in moving:
            base = layout["tray"][d]
            rect = self._rect(base.move(*self._jitter(theme.px(5), theme.px(4))))
            if landing:  # the face it landed on
                face = self.view()["dice"][d]["face"]
            else:
                face = look.face_of(d, _distinct_index(d, self._anim_faces.get(d, 0)))
            look.draw_face(surface, self.app, rect, face)

    def _draw_flights(self, surface, layout) -> None:
        theme = self.theme
        f = min(1.0, self._flight_t)
        ease = 1 - (1 - f) ** 3
        view = self.view()
        for flight in self._flights:
            d = flight["die"]
            start = layout["tray"][d]
            kind, index = flight["to"]
            end = (
                layout["jail"][index].inflate(-theme.px(6), -theme.px(6)) if kind == "jail" else layout["go"]
            )
            rect = pygame.Rect(
                round(start.x + (end.x - start.x) * ease),
                round(start.y + (end.y - start.y) * ease),
                round(start.w + (end.w - start.w) * ease),
                round(start.h + (end.h - start.h) * ease),
            )
            rect = self._rect(rect)
            if flight.get("money"):
                self._text(
                    surface,
                    "+" + look.money(R.GO_AMOUNT),
                    layout["small"] * 3 // 2,
                    theme.colour("accent"),
                    rect.center,
                    "center",
                    bold=True,
                )
            else:
                look.draw_face(surface, self.app, rect, view["dice"][d]["face"])


def _distinct_index(die: int, k: int) -> int:
    """The distinct-face index of face slot ``k`` (0-5) of die ``die`` (for the tumbling look)."""
    spec = R.ALL_DICE[die]
    return spec.distinct_faces().index(spec.faces[k])


def bust_view(before: dict[str, Any], faces: dict[int, int]) -> dict[str, Any]:
    """The board as the jail roll left it: ``before`` (the observation before the roll) with the
    thrown dice showing ``faces`` and every policeman on a jail square."""
    view = copy.deepcopy(before)
    for d, index in faces.items():
        die = view["dice"][d]
        die["face"] = look.face_of(d, index)
        die["where"] = "rolled"
        die["targets"] = []
        if d in R.JAIL_IDS and die["face"]["colour"] == R.POLICEMAN:
            j = R.JAIL_IDS.index(d)
            view["jail_squares"][j] = d
            die["where"] = "jail"
    for die in view["dice"]:
        die["targets"] = []
    view["policemen"] = sum(s is not None for s in view["jail_squares"])
    return view


def _widest(app, strings: dict[str, list[str]], size: int, bold: bool = False) -> int:
    """The widest of ``strings`` (per language), so English and Persian get one layout."""
    return max(
        app.text.size(s, size, bold=bold, lang=lang)[0] for lang, texts in strings.items() for s in texts
    )


def _in_both(fn) -> dict[str, list[str]]:
    """``fn(lang)`` (a list of strings) for every language."""
    return {lang: list(fn(lang)) for lang in LANGUAGES}


def compute_layout(app, players: int, help_h: int | None = None) -> dict[str, Any]:
    """Rectangles (left-to-right; mirror them for Persian) of every part of the board screen.

    The top line: the three Go to Jail squares, the GO pile, whose turn. Below it the board: ten
    title-deed cards in board order, two columns of five on a framed board, and the scoring table
    beside it; then the status line and the tray of dice. Every width is measured in both
    languages, so Persian is exactly this layout mirrored. A card is its colour band with the
    group's name above its squares; its board value goes at the end of the band where the name
    and the value fit there (720 lines), otherwise at the end of the squares until a die is placed
    (then the squares' row shows what the dice are worth so far). ``help_h`` is the height of the
    screen's help bar (one row if not given)."""
    theme = app.theme
    safe = theme.safe
    text = app.text
    small = theme.font("small")
    line = text.line_height(small)
    header_h = text.line_height(theme.font("heading")) + theme.px(6)
    if help_h is None:
        help_h = line + theme.px(12)
    bottom = safe.bottom - help_h - theme.px(8)
    gap = theme.px(10)
    sq_gap = theme.px(3)
    pad = theme.px(5)
    # the tray: one slot per die, in die order, along the bottom (property | jail | house die)
    n = len(R.ALL_DICE)
    slot_w = (safe.w - gap * (n + 1)) // n
    die_h = min(round(slot_w * theme.pixel_aspect), theme.px(66))
    die_w = theme.round_w(die_h)
    tray_y = bottom - die_h
    xs, x = [], 0
    for d in range(n):
        if d in (R.JAIL_IDS[0], R.HOUSE_ID):
            x += gap
        xs.append(x)
        x += die_w + gap
    x0 = safe.x + (safe.w - (x - gap)) // 2
    tray = [pygame.Rect(x0 + dx, tray_y, die_w, die_h) for dx in xs]
    status = pygame.Rect(safe.x, tray_y - line - theme.px(8), safe.w, line + theme.px(4))
    jail_h = max(header_h, theme.px(62))
    top = safe.y + jail_h + theme.px(6)
    main_bottom = status.y - theme.px(4)
    # the scoring table: as wide as its longest line needs, in either language; its money (the
    # turn score, every seat's total and last turn) is a main number, never under 28 px
    number = theme.font("number")
    n_line = text.line_height(number)
    part_keys = ("basic", "go", "house", "hotel", "turn")

    def widths_in(lang: str) -> tuple[int, int, int, int]:
        """In ``lang``: the widest total (99,999: five digits), seat name and "Last turn", and the
        widest score line of the turn (its label beside its amount)."""

        def w(text: str, size: int, bold: bool = False) -> int:
            return app.text.size(text, size, bold=bold, lang=lang)[0]

        total = w(format_number(99_999, lang, money=True), number, True)
        names = max(w(t(f"mdice.player.name.{k}", lang, n=4), small) for k in ("computer", "human"))
        head = w(t("mdice.score.previous", lang), small)
        part = max(w(t(f"mdice.score.{k}", lang), small, True) for k in part_keys[:-1])
        part += w(format_number(99_999, lang, money=True), small, True)
        # the turn score beside its name where that fits, else beside the short name
        turn = w(t("mdice.score.turn_short", lang), small, True) + total
        return total, names, head, max(part, turn)

    widths = [widths_in(lang) for lang in LANGUAGES]
    money_w = max(w[0] for w in widths) + theme.px(8)
    name_w = max(w[1] for w in widths) + theme.px(10)
    head_w = max(w[2] for w in widths) + theme.px(8)
    # two lines a seat: each language's longest name (or "Last turn") beside its widest total, in
    # the table's margins (the rows measure what they draw)
    stacked_w = max(m + max(n, h) for m, n, h, _ in widths) + theme.px(28)
    parts_need = max(w[3] for w in widths) + 3 * theme.px(TABLE_PAD)
    # the cards: the longest group name, each group's squares beside its board value
    names = _in_both(lambda lang: [t(f"mdice.group.{g.key}", lang) for g in R.GROUPS])
    name_need = _widest(app, names, small, True) + 2 * pad
    sq_w = theme.round_w(theme.px(30))  # the smallest square (a die) the couch can read

    def value_w(group) -> int:
        amounts = _in_both(lambda lang: [look.card_money(group.board_value, lang)])
        return _widest(app, amounts, small, True)

    def squares_w(group, w: int) -> int:
        return group.squares * w + (group.squares - 1) * sq_gap

    row_need = max(squares_w(g, sq_w) + sq_gap + value_w(g) + 2 * pad for g in R.GROUPS)
    card_need = max(name_need, row_need) + theme.px(4)
    full_w = name_w + money_w + max(money_w, head_w) + theme.px(24)
    # a seat on one line (name, total, last turn) where the board keeps room for its cards; else on
    # two (name and total, then "Last turn" and its amount)
    one_line = safe.w - max(full_w, parts_need) - gap - theme.px(12) - gap >= 2 * card_need
    table_w = max(full_w if one_line else stacked_w, parts_need)
    table = pygame.Rect(safe.right - table_w, top, table_w, main_bottom - top)
    board = pygame.Rect(safe.x, top, table.x - gap - safe.x, main_bottom - top)
    inset = theme.px(4)
    rows = max(len(c) for c in BOARD_COLUMNS)
    row_h = (board.h - 2 * inset) // rows
    col_w = (board.w - 2 * inset - gap) // 2
    band_h = line
    # squares as tall as the card leaves, as wide as they look square; a square's rectangle keeps
    # the held bar's room below the die (never drawn on the board) over the card's lower edge
    frame_h = row_h - theme.px(2)
    sq_h = min(frame_h - band_h - theme.px(2) - theme.px(3), theme.px(56))
    # ... and no wider than leaves each group's board value room beside its squares
    fit_w = min((col_w - 2 * pad - value_w(g) - g.squares * sq_gap) // g.squares for g in R.GROUPS)
    sq_w = min(theme.round_w(sq_h), fit_w)
    sq_h = round(sq_w * theme.pixel_aspect)
    slot_h = round(sq_h / (1 - widgets.HELD_BAR))
    value_band = all(
        text.size(t(f"mdice.group.{g.key}", lang), small, bold=True, lang=lang)[0]
        + text.size(look.card_money(g.board_value, lang), small, bold=True, lang=lang)[0]
        + 3 * pad
        <= col_w
        for g in R.GROUPS
        for lang in LANGUAGES
    )
    groups: dict[str, dict[str, Any]] = {}
    for c, column in enumerate(BOARD_COLUMNS):
        cx = board.x + inset + c * (col_w + gap)
        for r, key in enumerate(column):
            y = board.y + inset + r * row_h
            frame = pygame.Rect(cx, y + theme.px(1), col_w, frame_h)
            band = pygame.Rect(frame.x, frame.y, frame.w, band_h)
            sy = band.bottom + theme.px(2)
            sx = frame.x + pad
            squares = []
            for _ in range(R.GROUPS[R.GROUP_INDEX[key]].squares):
                squares.append(pygame.Rect(sx, sy, sq_w, slot_h))
                sx += sq_w + sq_gap
            body = widgets.die_body_rect(squares[0], theme.pixel_aspect)
            value = pygame.Rect(sx, body.y, frame.right - pad - sx, body.h)
            groups[key] = {"frame": frame, "band": band, "squares": squares, "value": value}
    # the top line: the jail label, three jail squares and the GO pile; whose turn on the right
    jy = safe.y
    jail_label_w = _widest(app, _in_both(lambda lang: [t("mdice.jail", lang)]), small, True) + theme.px(8)
    jail_label = pygame.Rect(safe.x, jy, jail_label_w, jail_h)
    jsq_h = jail_h - theme.px(6)
    jsq_w = theme.round_w(jsq_h)
    jail = []
    x = jail_label.right + theme.px(4)
    for _ in range(R.JAIL_SQUARES):
        jail.append(pygame.Rect(x, jy + theme.px(3), jsq_w, jsq_h))
        x += jsq_w + sq_gap
    go_w = _widest(app, _in_both(lambda lang: [t("mdice.go_count", lang, n=9)]), small, True) + theme.px(14)
    go = pygame.Rect(x + gap, jy + theme.px(3), go_w, jsq_h)
    # the table: five score lines (houses and the hotel drawn on theirs), then the seats; the lines
    # close up, never the text shrinks. Where two lines a seat do not fit under the score lines
    # (4:3 PAL, three or four players) the table has two pages: the seats' totals and last turns
    # before the turn's first roll (when nothing is at stake yet), the turn's money after it.
    inner = table.inflate(-theme.px(20), 0)
    head_h = line + theme.px(2)
    one_seat = n_line + theme.px(2)
    two_seats = 2 * n_line + theme.px(3)
    seat_h = one_seat if one_line else two_seats
    # top, above the turn score, below it, the seats' heading
    gaps = (theme.px(6), theme.px(8), theme.px(10), head_h)
    paged = sum(gaps) + n_line + 4 * line + players * seat_h > table.h
    if paged:  # the lines close up; the seats label themselves (a name, "Last turn")
        gaps, one_seat, two_seats = (theme.px(4), theme.px(6), theme.px(6), 0), n_line, 2 * n_line + 2
    turn_seat_h = one_seat if paged else seat_h
    spare = table.h - sum(gaps) - n_line - 4 * line - players * turn_seat_h
    t_line = line + max(0, min(theme.px(8), spare // 6))
    parts = []
    y = table.y + gaps[0]
    for name in part_keys:
        h = t_line
        if name == "turn":
            y += gaps[1]
            h = max(t_line, n_line)
        parts.append((name, pygame.Rect(table.x, y, table.w, h)))
        y += h
    icon_h = round(line * 0.8)
    icon_w = theme.round_w(icon_h)
    house_row, hotel_row = parts[2][1], parts[3][1]
    label_w = _widest(
        app,
        _in_both(lambda lang: [t(f"mdice.score.{k}", lang) for k in ("house", "hotel", "basic", "go")]),
        small,
    )
    ix = table.x + theme.px(TABLE_PAD) + label_w + theme.px(8)
    houses = [
        pygame.Rect(ix + k * (icon_w + theme.px(3)), house_row.centery - icon_h // 2, icon_w, icon_h)
        for k in range(R.MAX_HOUSES)
    ]
    hotel = pygame.Rect(ix, hotel_row.centery - icon_h // 2, round(icon_w * 1.4), icon_h)
    y += gaps[2]
    last_w = max(money_w, head_w) if one_line else 0
    cols = [
        pygame.Rect(inner.x, 0, inner.w - money_w - last_w, 0),
        pygame.Rect(inner.right - money_w - last_w, 0, money_w, 0),
    ]
    if one_line:
        cols.append(pygame.Rect(inner.right - last_w, 0, last_w, 0))

    def seats(y: int, two: bool) -> dict[str, Any]:
        """The seats' heading (none on a two-page table) at ``y``, under it a row per seat (its
        lines: one, or two)."""
        head = pygame.Rect(inner.x, y, inner.w, gaps[3]) if gaps[3] else None
        y += gaps[3]
        rows, lines = [], []
        for _ in range(players):
            h = two_seats if two else one_seat
            rows.append(pygame.Rect(inner.x - theme.px(4), y, inner.w + theme.px(8), h - 1))
            lines.append([pygame.Rect(inner.x, y + k * n_line, inner.w, n_line) for k in range(1 + two)])
            y += h
        return {"head": head, "rows": rows, "lines": lines, "last_turn": one_line or two}

    turn_seats = seats(y, not one_line and not paged)
    scores = seats(table.y + gaps[0], True) if paged else None
    header_x = go.right + gap
    return {
        "header": pygame.Rect(header_x, safe.y, safe.right - header_x, jail_h),
        "tray": tray,
        "status": status,
        "board": board,
        "table": table,
        "groups": groups,
        "value_in_band": value_band,
        "jail_label": jail_label,
        "jail": jail,
        "go": go,
        "houses": houses,
        "hotel": hotel,
        "parts": parts,
        "seats": turn_seats,
        "scores_page": scores,
        "player_cols": cols,
        "player_rows": turn_seats["rows"] + (scores["rows"] if scores else []),
        "small": small,
        "number": number,
    }


def _table_preparation() -> int | None:
    """Percent done of the solved Monopoly Dice turn's background build, or None if none is running."""
    from engines.monopoly_dice import turn_table

    prep = turn_table.preparer()
    if prep is None or prep.ready or prep.error:
        return None
    return round(100 * prep.progress)
