"""How the Yahtzee game screen looks: the dice column, the scorecard, the players' strip.

:class:`GameView` is the drawing half of :class:`~app.screens.yahtzee.game.GameScreen` (which
maps keys to moves and follows the match); :func:`compute_layout` places every part of it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from app import widgets
from app.i18n import t
from app.screens.dice_game import DiceGameScreen, PlayerSpec, seat_names
from app.screens.yahtzee import scorecard
from engines.yahtzee.game import YahtzeeGame


def player_names(players: Sequence[PlayerSpec]) -> list[str]:
    """ "Player 1", "Computer 2", ... numbered by seat, in the current language."""
    return seat_names(players, "yahtzee.player.name.human", "yahtzee.player.name.computer")


class GameView(DiceGameScreen):
    """The drawing half of the game screen: everything it shows, from the match and the cursors.

    The game screen sets ``game``, ``columns`` (the card's), the cursors (``die_focus``,
    ``box_focus``, ``zone``, ``show_info``) and ``_banner``."""

    game: YahtzeeGame
    columns: Sequence[scorecard.Column]
    die_focus: int
    box_focus: int
    zone: str
    show_info: bool
    _banner: tuple[str, float] | None

    def _init_view(self) -> None:
        self._layout_cache: tuple[tuple, dict] | None = None
        self._cells: dict[tuple, tuple[pygame.Surface, list]] = {}
        self._saved_cache: tuple[int, dict] | None = None
        self._box_sliding = False
        """The box cursor is on its way to a box: the card is drawn without it, the ring moves over it."""

    def saved(self) -> dict[str, Any]:
        """The engine's save dict of the position (cached until the position changes)."""
        if self._saved_cache is None or self._saved_cache[0] != self._version:
            self._saved_cache = (self._version, self.state.to_dict())
        return self._saved_cache[1]

    @property
    def turn_player(self) -> int:
        return self.saved()["player"]

    def layout(self) -> dict[str, Any]:
        """Every part of the screen (dice, card rows and pages, bands), cached per size and language."""
        theme = self.theme
        key = (theme.width, theme.height, self.app.lang)
        if self._layout_cache is not None and self._layout_cache[0] == key:
            return self._layout_cache[1]
        # the pages come first (the help bar shows 6 only where there are pages, and its height
        # shapes the rest)
        per_page = max(len(page) for page in self.card_pages())
        help_h = widgets.help_bar_height(self.app, self)
        layout = compute_layout(
            self.app, self.game, self.columns, help_h, per_page=per_page, players=len(self.players)
        )
        # names too long for their cell next to a wide value ("×3 150" in Power) use their short form,
        # all boxes of a group alike
        size, pad = layout["font"], theme.px(10)
        sample = "×3 150" if self.game.power_die is not None else "150"
        widest = self.app.text.size(sample, size, bold=True)[0] + 3 * pad
        cell_w = min(rect.w for _, rect in layout["rows"])  # the narrowest column decides
        layout["short"] = {
            box.group or box.key
            for box in self.game.boxes
            if self.app.text.size(scorecard.box_name(self.game, box), size)[0] > (cell_w - widest) * 1.1
        }
        self._layout_cache = (key, layout)
        return layout

    def card_pages(self) -> list[list[int]]:
        """The card's columns (by index) on each page at this profile and language."""
        key = (self.theme.width, self.theme.height, self.app.lang)
        cached = getattr(self, "_pages_cache", None)
        if cached is None or cached[0] != key:
            pages = compute_layout(self.app, self.game, self.columns, players=len(self.players))["pages"]
            cached = self._pages_cache = (key, pages)
        return cached[1]

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout()
        slide = self._box_slide(layout)
        self._box_sliding = slide is not None
        key = (self._version, self.app.lang, surface.get_size(), self._banner is None, self._box_sliding)
        self._blit_layer(surface, key, lambda layer: self._draw_static(layer, layout))
        if slide is not None:
            theme = self.theme
            colour = self.app.profile.safe_colour(theme.colour("accent"))
            pygame.draw.rect(surface, colour, slide, width=theme.px(4), border_radius=theme.px(8))
        self._draw_dice(surface, layout)
        if self._pass_to is not None:
            self._draw_banner(surface, t("yahtzee.banner.pass", name=self._pass_to), t("yahtzee.press_any"))
        elif self.confirming is not None:
            box = self.game.boxes[self.confirming]
            points = self.obs()["cards"][self.turn_player]["boxes"][box.key]["potential"]
            self._draw_banner(
                surface,
                t("yahtzee.confirm", box=scorecard.box_name(self.game, box), points=points),
                t("yahtzee.confirm.keys"),
            )
        elif self._banner is not None and not (self.shaking or self.match.settling):
            self._draw_banner(surface, self._banner[0])  # once the dice have landed

    def _box_slide(self, layout: dict[str, Any]) -> pygame.Rect | None:
        """Where the box cursor's ring is while it moves to the box it is on (None at rest, or
        while the dice have the cursor)."""
        rect = None
        if self.zone == "card" and not self.state.is_terminal():
            page = self.shown_page(layout)
            for (row, base), on in zip(layout["rows"], layout["row_page"], strict=True):
                if on == page and row.box is not None and row.box.id == self.box_focus:
                    rect = self._rect(base)
        return widgets.focus_slide(self.app, "yahtzee-card", self.box_focus if rect else None, rect)

    def _draw_static(self, surface: pygame.Surface, layout: dict[str, Any]) -> None:
        app, theme = self.app, self.theme
        widgets.background(surface, theme)
        obs = self.obs() if not self.state.is_terminal() else self.state.to_dict(0)
        names = player_names(self.players)
        player = obs["turn_player"] if not self.state.is_terminal() else 0
        self._draw_header(surface, layout, obs, names[player])
        self._draw_card(surface, layout, obs, player)
        self._draw_strip(surface, layout, obs, names)
        self._draw_status(surface, layout, obs)
        if self.show_info and not self.state.is_terminal() and not self.computer_turn:
            self._draw_info(surface, layout, obs)
        widgets.help_bar(surface, app, self)

    def _draw_header(self, surface, layout, obs, name: str) -> None:
        theme = self.theme
        header = self._rect(layout["header"])
        pos, anchor = self._start(header, 0)
        self._text(
            surface,
            t(f"yahtzee.title.{self.game.mode}"),
            theme.font("heading"),
            theme.colour("text"),
            pos,
            anchor,
            bold=True,
            max_width=header.w // 2,
        )
        turns = obs["turns"][obs["turn_player"]]
        # a solo game has no turns to tell apart: only the round
        right = t("yahtzee.turn", name=name) if len(self.players) > 1 else ""
        if not self.state.is_terminal():
            rnd = t("yahtzee.round", n=turns + 1, total=len(self.game.boxes))
            right = f"{right}   {rnd}" if right else rnd
        pos, anchor = self._end(header, 0)
        self._text(
            surface, right, theme.font("body"), theme.colour("accent"), pos, anchor, max_width=header.w // 2
        )

    def _draw_card(self, surface, layout, obs, player: int) -> None:
        theme = self.theme
        card = obs["cards"][player]
        small = layout["font"]
        pad = theme.px(10)
        mine = not self.state.is_terminal() and player == self.turn_player
        allowed = set(self.state.allowed_boxes()) if mine else set()
        page = self.shown_page(layout)
        headers = [
            (rect, column)
            for rect, column, on in zip(layout["headers"], self.columns, layout["column_page"], strict=True)
            if on == page
        ]
        for rect, column in headers:
            rect = self._rect(rect)
            pos, anchor = self._start(rect, pad // 2)
            self._text(
                surface,
                t(f"yahtzee.section.{column.header}"),
                small,
                theme.colour("text_dim"),
                pos,
                anchor,
                bold=True,
                max_width=rect.w,
            )
        if len(layout["pages"]) > 1:
            self._draw_page_mark(surface, headers[-1], page, len(layout["pages"]), small, pad)
        for (row, base), on in zip(layout["rows"], layout["row_page"], strict=True):
            if on != page:
                continue
            rect = self._rect(base)
            if row.box is not None:
                self._draw_box(surface, rect, row.box, card, allowed, small, pad)
            else:
                self._draw_total(surface, rect, row.total, card, small, pad)

    def shown_page(self, layout: dict[str, Any] | None = None) -> int:
        """The card page on the screen (0 when the card fits on one)."""
        layout = layout or self.layout()
        return min(self.card_page, len(layout["pages"]) - 1)

    def _draw_page_mark(self, surface, last_header, page: int, pages: int, size: int, pad: int) -> None:
        """ "Page 1/2" (or just "1/2" where the words do not fit) at the end of the page's last
        section header, after the header's own words."""
        rect, column = last_header
        rect = self._rect(rect)
        used = self.app.text.size(t(f"yahtzee.section.{column.header}"), size, bold=True)[0] + pad
        room = rect.w - used - pad
        mark = t("yahtzee.card_page", n=page + 1, total=pages)
        if self.app.text.size(mark, size, bold=True)[0] > room:
            mark = t("yahtzee.card_page_short", n=page + 1, total=pages)
        pos, anchor = self._end(rect, pad // 2)
        self._text(surface, mark, size, self.theme.colour("accent"), pos, anchor, bold=True, max_width=room)

    def _draw_box(self, surface, rect, box, card, allowed, size, pad) -> None:
        """One box of the card: its picture is cached by everything it shows, so a redraw after a
        move repaints only the boxes that changed."""
        info = card["boxes"][box.key]
        # one cursor at a time: the box cursor shows only while the card has the focus
        focused = box.id == self.box_focus and self.zone == "card" and not self.state.is_terminal()
        focused = focused and not self._box_sliding  # on its way, the ring is drawn over the card
        zone_card = focused
        value, power, looks = "", 1, "filled"
        if info["score"] is not None:
            value, power = str(info["score"]), info["multiplier"] or 1
        elif info["potential"] is not None:
            value, power = str(info["potential"]), self.state.multiplier()
            looks = "allowed" if box.id in allowed else "open"
        else:
            looks = "empty"
        key = (box.id, value, power, looks, focused, zone_card, rect.size, self.app.lang, self.rtl)
        cell = self._cells.get(key)
        if cell is None:
            if len(self._cells) > 600:
                self._cells.clear()
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            with self.app.text.capture() as runs:
                self._paint_box(
                    image, image.get_rect(), box, value, power, looks, focused, zone_card, size, pad
                )
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            cell = self._cells[key] = (image, runs)
        surface.blit(cell[0], rect)
        self.app.text.replay(cell[1], rect.topleft)

    def _paint_box(self, surface, rect, box, value, power, looks, focused, zone_card, size, pad) -> None:
        theme = self.theme
        filled = looks == "filled"
        if focused:
            border = theme.px(4) if zone_card else theme.px(2)
            colour = theme.colour("accent") if zone_card else theme.colour("text_dim")
            widgets.panel(surface, rect, theme.colour("panel_focus"), theme.px(8), border, colour)
        else:
            widgets.panel(surface, rect, theme.colour("panel_disabled" if filled else "panel"), theme.px(8))
        name_colour = theme.colour("text_dim" if filled else "text")
        if box.colour is not None:
            swatch = pygame.Rect(0, 0, theme.round_w(size * 0.6), round(size * 0.6))
            pos, _ = self._start(rect, pad)
            swatch.center = (pos[0] - swatch.w // 2 if self.rtl else pos[0] + swatch.w // 2, rect.centery)
            pygame.draw.rect(surface, self._painted(box.colour), swatch, border_radius=theme.px(4))
            # the colour's pip shape on its box too: the box is found without telling colours apart
            ink = theme.colour("pip") if sum(self._painted(box.colour)) > 330 else theme.colour("pip_light")
            r = swatch.h * 0.24
            widgets.draw_pip(
                surface, ink, swatch.center, r / theme.pixel_aspect, r, scorecard.PAINTED_PIPS[box.colour]
            )
            inset = pad + swatch.w + theme.px(6)
        else:
            inset = pad
        colour = {"allowed": theme.colour("accent"), "open": theme.colour("text_disabled")}.get(
            looks, theme.colour("text")
        )
        bold = looks in ("filled", "allowed")
        if (box.group or box.key) in self.layout()["short"]:
            name = scorecard.box_short_name(self.game, box)
        else:
            name = scorecard.box_name(self.game, box)
        # the Power a value carries (already counted in it) as a badge before it, where the name
        # leaves room for it (the multiplier of this roll is also under the dice)
        badge = f"×{power}" if value and power > 1 else ""
        badge_size = size  # as large as the value: the floor holds for it too
        value_w = self.app.text.size(value, size, bold=bold)[0] if value else 0
        badge_w = self.app.text.size(badge, badge_size)[0] + theme.px(6) if badge else 0
        name_w = self.app.text.size(name, size)[0]
        if badge and inset + name_w + badge_w + value_w + 2 * pad > rect.w:
            badge, badge_w = "", 0
        pos, anchor = self._start(rect, inset)
        room = max(theme.px(20), rect.w - inset - value_w - badge_w - 2 * pad)
        self._text(surface, name, size, name_colour, pos, anchor, max_width=room)
        if value:
            pos, anchor = self._end(rect, pad)
            self._text(surface, value, size, colour, pos, anchor, bold=bold)
        if badge:
            pos, anchor = self._end(rect, pad + value_w + theme.px(6))
            self._text(surface, badge, badge_size, theme.colour("text_dim"), pos, anchor)

    def _draw_total(self, surface, rect, name, card, size, pad) -> None:
        theme = self.theme
        value = {
            "upper_total": card["upper"],
            "upper_bonus": card["upper_bonus"],
            "colour_total": card["colour"],
            "colour_bonus": card["colour_bonus"],
            "yahtzee_bonus": card["yahtzee_bonus"],
        }[name]
        value_w = self.app.text.size(str(value), size, bold=True)[0]
        pos, anchor = self._start(rect, theme.px(4))
        self._text(
            surface,
            scorecard.total_label(self.game, name, in_column=True),
            size,
            theme.colour("text_dim"),
            pos,
            anchor,
            max_width=rect.w - value_w - pad - theme.px(10),
        )
        pos, anchor = self._end(rect, pad)
        self._text(surface, str(value), size, theme.colour("text"), pos, anchor, bold=True)

    def _draw_strip(self, surface, layout, obs, names) -> None:
        theme = self.theme
        strip = layout["strip"]
        n = len(names)
        w = strip.w // n
        size = theme.font("body")
        number = theme.font("number")  # the totals are the main numbers: the larger floor
        for p in range(n):
            cell = self._rect(pygame.Rect(strip.x + p * w, strip.y, w - theme.px(8), strip.h))
            turn = p == obs["turn_player"] and not self.state.is_terminal()
            widgets.panel(
                surface,
                cell,
                theme.colour("panel_focus" if turn else "panel"),
                theme.px(8),
                theme.px(3) if turn else 0,
                theme.colour("accent"),
            )
            total = obs["cards"][p]["total"]
            # two players: "Total 123"; more: just the number, so four cells still fit at 576 lines
            total_text = t("yahtzee.total") + f" {total}" if n <= 2 else str(total)
            total_w = self.app.text.size(total_text, number, bold=True)[0]
            pad = theme.px(10)
            if layout["stacked"]:  # three or four seats: the name on its own line, the total below
                top = pygame.Rect(cell.x, cell.y + theme.px(4), cell.w, layout["strip_name_h"])
                pos, anchor = self._start(top, pad)
                name_size = theme.font("small")
                self._text(
                    surface,
                    widgets.seat_label(self.app, p, names[p]),
                    name_size,
                    theme.colour("text"),
                    pos,
                    anchor,
                    max_width=cell.w - 2 * pad,
                )
                low = pygame.Rect(cell.x, top.bottom, cell.w, cell.bottom - top.bottom)
                pos, anchor = self._end(low, pad)
            else:
                pos, anchor = self._start(cell, pad)
                room = max(theme.px(30), cell.w - total_w - 3 * pad)
                label = widgets.seat_label(self.app, p, names[p])
                self._text(surface, label, size, theme.colour("text"), pos, anchor, max_width=room)
                pos, anchor = self._end(cell, pad)
            self._text(surface, total_text, number, theme.colour("accent"), pos, anchor, bold=True, main=True)

    def _draw_status(self, surface, layout, obs) -> None:
        """Above the dice: rolls left (or what to do), the fourth roll, thinking/preparing lines."""
        theme = self.theme
        rect = self._rect(layout["status"])
        size = layout["font"]
        if self.state.is_terminal():
            return
        if self.computer_turn:
            line = t("yahtzee.thinking")
        elif obs["rolls"] == 0:
            line = t("yahtzee.roll_first")
        elif obs["rolls_left"] == 0:
            line = t("yahtzee.choose_box")
        else:
            line = t("yahtzee.rolls_left", n=obs["rolls_left"])
        self._text(
            surface, line, size, theme.colour("text"), rect.center, "center", bold=True, max_width=rect.w
        )
        prep = self.preparing()
        if prep is not None:
            below = (rect.centerx, rect.bottom + theme.px(4))
            self._text(
                surface,
                t("yahtzee.preparing", percent=round(prep * 100)),
                round(size * 0.8),
                theme.colour("text_dim"),
                below,
                "midtop",
                max_width=rect.w,
            )

    def preparing(self) -> float | None:
        """Progress of the optimal table while a hard computer still waits for it, else None."""
        if not any(p.computer and p.level == "hard" for p in self.players):
            return None
        from engines.yahtzee import ai
        from engines.yahtzee.solver import MODES

        if self.game.mode not in MODES:
            return None
        prep = ai.table_preparer(ai.solver_rules(self.game))  # started once, shared by the players
        return None if prep.ready else prep.progress

    def _draw_info(self, surface, layout, obs) -> None:
        """The line above the card: the focused box's title and how it scores (with the Power)."""
        theme = self.theme
        box = self.game.boxes[self.box_focus]
        mult = self.state.multiplier() if self.saved()["rolls"] else 1
        how = scorecard.box_how(box, mult)
        text = f"{scorecard.box_name(self.game, box)}: {how}"
        tip = self._rect(layout["info"])
        room = tip.w - theme.px(16)
        if self.app.text.size(text, layout["font"])[0] > room:
            text = how  # the cursor already names the box: keep the rule whole rather than cut it
        if self.app.text.size(text, layout["font"])[0] > room and mult > 1:
            text = scorecard.box_how(box)  # the multiplier is under the dice already
        widgets.panel(surface, tip, theme.colour("shadow"), theme.px(8), theme.px(2), theme.colour("accent"))
        self._text(
            surface,
            text,
            layout["font"],
            theme.colour("text"),
            tip.center,
            "center",
            max_width=room,
        )

    def _painted(self, colour: str) -> tuple[int, int, int]:
        return self.app.profile.safe_colour(scorecard.PAINTED_RGB[colour])

    def _draw_dice(self, surface, layout) -> None:
        theme = self.theme
        save = self.saved()
        obs_dice = self.obs()["dice"]
        moving = self.shaking or self.match.settling
        label_size = layout["font"]
        cursor = self.zone == "dice" and not self.state.is_terminal()
        slide = None
        for i, (base, die) in enumerate(zip(layout["dice"], obs_dice, strict=True)):
            rect = pygame.Rect(base)
            held = save["held"][i]
            if held:
                rect.x += layout["lift"]
            tumbling = moving and i in self.match.tumbling
            if tumbling:
                rect = rect.move(*self._jitter(theme.px(5), theme.px(4)))
            rect = self._rect(rect)
            face, colour, pips = self._die_look(i, die, tumbling and not self.landing)
            focused = i == self.die_focus and cursor
            if focused:
                body = widgets.die_body_rect(rect, theme.pixel_aspect)
                slide = widgets.focus_slide(self.app, "yahtzee-dice", i, body)
            label_face = face if not isinstance(face, str) else None
            resting = focused and slide is None
            body = widgets.draw_die_themed(surface, self.app, rect, label_face, held, colour, resting, pips)
            if isinstance(face, str):
                self._die_word(surface, body, face)
            if held:
                label = self._rect(layout["held_labels"][i])
                self._text(
                    surface,
                    t("yahtzee.held"),
                    label_size,
                    theme.colour("held"),
                    label.center,
                    "center",
                    bold=True,
                    max_width=label.w,
                )
        if not cursor:
            widgets.focus_slide(self.app, "yahtzee-dice", None, None)  # back at rest when it returns
        elif slide is not None:  # on its way: the ring alone, over the dice it passes
            widgets.die_focus_ring(surface, slide, self.app.profile.safe_colour(theme.colour("accent")))
        power = self.obs()["power"] if not self.state.is_terminal() else None
        if power is not None and power["face"] is not None and not moving:
            label = self._rect(layout["power_label"])
            text = t("yahtzee.multiplier", n=power["multiplier"])
            if power["fourth_roll"]:
                text += "  " + t("yahtzee.fourth_roll")
            elif power["double"]:
                text += "  " + t("yahtzee.two_boxes")
            elif power["freeze"]:
                text += "  " + t("yahtzee.face.freeze")
            self._text(
                surface,
                text,
                label_size,
                theme.colour("accent"),
                label.center,
                "center",
                bold=True,
                max_width=label.w,
            )

    def _die_word(self, surface, body: pygame.Rect, label: str) -> None:
        draw_power_face(self.app, surface, body, label)

    def _die_look(self, i: int, die: dict[str, Any], tumbling: bool) -> tuple[Any, Any, str]:
        """What die ``i`` shows now (face, colour, pip shape): its face, or a random one while it
        tumbles."""
        game = self.game
        spec = game.all_dice[i]
        if tumbling:
            k = self._anim_faces.get(i, 0)
            face = spec.faces[k]
        elif die["face"] is None:
            face = None
        else:
            face = next(f for f in spec.faces if f.label == die["face"])
        if die["power"]:
            colour = self.app.profile.safe_colour((40, 36, 52))
            if face is None:
                return None, colour, "round"
            return face.label, colour, "round"  # a str: drawn by _die_word
        if face is None:
            return None, None, "round"
        if not face.colour:
            return face.number, None, "round"
        return face.number, self._painted(face.colour), scorecard.PAINTED_PIPS[face.colour]


def draw_power_face(app, surface, body: pygame.Rect, label: str) -> None:
    """What a Power die face (``label``: "1".."3", "Freeze", "Double", "Power") shows on the die
    body ``body``: its word ("×3", "Freeze") where the word fits across the face at a readable size,
    else its sign in lines (:func:`draw_power_sign`; the words beside the dice say what it is)."""
    theme = app.theme
    word = power_label(label)
    size = max(theme.min_text_px, round(body.h * 0.34))
    while size > theme.min_text_px and app.text.size(word, size, bold=True)[0] > body.w * 0.86:
        size -= 1
    if app.text.size(word, size, bold=True)[0] <= body.w * 0.86 and size <= body.h * 0.8:
        widgets.draw_text(
            surface, app.text, word, size, theme.colour("accent"), body.center, "center", bold=True
        )
        return
    draw_power_sign(surface, body, label, theme.colour("accent"), theme.pixel_aspect)


def draw_power_sign(surface, body: pygame.Rect, label: str, colour, pixel_aspect: float = 1.0) -> None:
    """The sign of a Power die face in lines, for a face too small for its word: one to three
    bars for the multipliers, a snowflake for Freeze, two squares for Double, a bolt for Power."""
    cx, cy = body.center
    r = min(body.h, body.w * pixel_aspect) * 0.34
    sx = 1 / pixel_aspect  # the framebuffer width of a round shape
    width = max(2, round(r / 4))
    if label in ("1", "2", "3"):
        n = int(label)
        step = r * 0.7
        for k in range(n):
            x = round(cx + (k - (n - 1) / 2) * step * sx)
            pygame.draw.line(surface, colour, (x, round(cy - r)), (x, round(cy + r)), width)
    elif label == "Freeze":
        for k in range(3):
            a = math.pi * k / 3 + math.pi / 2
            dx, dy = math.cos(a) * r * sx, math.sin(a) * r
            pygame.draw.line(surface, colour, (cx - dx, cy - dy), (cx + dx, cy + dy), width)
    elif label == "Double":
        side = round(r * 1.1)
        for off in (-1, 1):
            square = pygame.Rect(0, 0, round(side * sx), side)
            square.center = (round(cx + off * r * 0.35 * sx), round(cy + off * r * 0.35))
            pygame.draw.rect(surface, colour, square, width)
    else:  # Power: a lightning bolt
        points = [(0.2, -1.0), (-0.45, 0.1), (0.0, 0.1), (-0.2, 1.0), (0.45, -0.15), (0.0, -0.15)]
        pygame.draw.polygon(surface, colour, [(cx + x * r * sx, cy + y * r) for x, y in points])


def power_label(label: str) -> str:
    """The text on a Power die face: its multiplier for 1-3, its word (translated) otherwise."""
    if label in ("1", "2", "3"):
        return f"×{label}"
    return t(f"yahtzee.face.{label.lower()}")


def column_need(app, game: YahtzeeGame, columns: Sequence[scorecard.Column], font: int) -> int:
    """The narrowest card column that shows every box name (its short form where it has one),
    its value and every totals label whole at ``font`` (a Power badge shows where there is room)."""
    theme, text = app.theme, app.text
    pad = theme.px(10)
    value_w = text.size("150" if game.power_die is not None else "50", font, bold=True)[0]
    swatch = theme.round_w(font * 0.6) + theme.px(6)

    def name_w(box) -> int:
        widths = [text.size(scorecard.box_name(game, box), font)[0]]
        widths.append(text.size(scorecard.box_short_name(game, box), font)[0])
        return min(widths) + (swatch if box.colour is not None else 0)

    box_need = max(name_w(box) for box in game.boxes) + value_w + 3 * pad
    totals = [row.total for column in columns for row in column.rows if row.total]
    total_need = 0
    if totals:
        widest = max(text.size(scorecard.total_label(game, name, in_column=True), font)[0] for name in totals)
        total_need = widest + text.size("300", font, bold=True)[0] + pad + theme.px(10)
    headers = max(text.size(t(f"yahtzee.section.{c.header}"), font, bold=True)[0] for c in columns) + pad
    return max(box_need, total_need, headers)


def strip_fits(app, players: int) -> bool:
    """Whether every seat's name ("Computer 4") and a three-digit total fit side by side in its
    cell of the players' strip; else the strip gives each name its own line."""
    theme, text = app.theme, app.text
    cell_w = theme.safe.w // players - theme.px(8)
    total_w = text.size("388", theme.font("number"), bold=True)[0]
    room = cell_w - total_w - 3 * theme.px(10)
    widest = max(
        text.size(t(key, n=players), theme.font("small"))[0]
        for key in ("yahtzee.player.name.human", "yahtzee.player.name.computer")
    )
    return widest <= room


def compute_layout(
    app,
    game: YahtzeeGame,
    columns: Sequence[scorecard.Column],
    help_h: int | None = None,
    per_page: int | None = None,
    players: int = 1,
) -> dict[str, Any]:
    """Rectangles (left-to-right; mirror them for Persian) of every part of the game screen;
    ``help_h`` is the height of the screen's help bar (one row if not given). The card shows as
    many columns side by side as fit whole at the text size (or ``per_page``), and pages the rest."""
    theme = app.theme
    safe = theme.safe
    text = app.text
    header_h = text.line_height(theme.font("heading")) + theme.px(6)
    if help_h is None:
        help_h = text.line_height(theme.font("small")) + theme.px(12)
    strip_h = text.line_height(theme.font("number"), bold=True) + theme.px(10)
    name_h = text.line_height(theme.font("small"))
    stacked = players > 2 and not strip_fits(app, players)
    if stacked:
        strip_h += name_h - theme.px(6)
    strip = pygame.Rect(safe.x, safe.bottom - help_h - theme.px(8) - strip_h, safe.w, strip_h)
    top = safe.y + header_h + theme.px(8)
    bottom = strip.y - theme.px(10)
    font = theme.font("small")
    status_h = text.line_height(font) + theme.px(6)
    # dice column: the dice stacked top to bottom, a held die lifted toward the card
    n = len(game.all_dice)
    # below the status line, room for the "preparing the computer player" line
    dice_top = top + status_h + theme.px(8) + text.line_height(round(font * 0.8))
    gaps = theme.px(10) * (n - 1) + (theme.px(12) if game.power_die else 0)
    die_h = min(round((bottom - dice_top - gaps - font) / n), theme.px(96))
    die_w = theme.round_w(die_h * (1 - 0.14)) + theme.px(4)
    label_w = max(text.size(t("yahtzee.held"), font, bold=True)[0] + theme.px(6), theme.round_w(die_h * 0.9))
    lift = theme.round_w(die_h * 0.32)
    # the column is as wide as its longest status line, which must never be cut
    status_lines = (
        t("yahtzee.rolls_left", n=3),
        t("yahtzee.roll_first"),
        t("yahtzee.choose_box"),
        t("yahtzee.thinking"),
    )
    status_w = max(text.size(line, font, bold=True)[0] for line in status_lines) + theme.px(4)
    col_w = max(label_w + die_w + theme.px(8), theme.round_w(die_h * 2.2), status_w)
    status = pygame.Rect(safe.x, top, col_w, status_h)
    dice, labels = [], []
    y = dice_top
    for i in range(n):
        if game.power_die is not None and i == n - 1:
            y += theme.px(12)
        base_x = safe.x + label_w - lift + theme.px(4)
        dice.append(pygame.Rect(base_x, y, die_w, die_h))
        labels.append(pygame.Rect(safe.x, y, label_w - theme.px(2), die_h - round(die_h * 0.14)))
        y += die_h + theme.px(10)
    power_label_rect = pygame.Rect(safe.x, y - theme.px(8), col_w, text.line_height(font))
    # the card
    card_x = safe.x + col_w + theme.px(16)
    # the info line (key 3) has its own band above the card, so it never hides a box
    info_h = text.line_height(font) + theme.px(10)
    info = pygame.Rect(card_x, top, safe.right - card_x, info_h)
    card_y = top + info_h + theme.px(6)
    card = pygame.Rect(card_x, card_y, safe.right - card_x, bottom - card_y)
    gap = theme.px(10)
    need = column_need(app, game, columns, font)
    if per_page is None:
        per_page = len(columns)
        while per_page > 1 and per_page * need + (per_page - 1) * gap > card.w:
            per_page -= 1
    pages = scorecard.card_pages(list(columns), per_page)
    most = max(len(c.rows) for c in columns) + 1  # +1: the header line
    row_h = min((card.h - theme.px(4)) // most, theme.px(52))
    card_top = card.y + max(0, card.h - row_h * most) // 2
    headers, rows, column_page, row_page = [], [], [], []
    slots = {k: (p, slot) for p, page in enumerate(pages) for slot, k in enumerate(page)}
    for k, column in enumerate(columns):
        page, slot = slots[k]
        # the columns of a page share the card's width (a page of one column has all of it)
        col_width = (card.w - gap * (len(pages[page]) - 1)) // len(pages[page])
        x = card.x + slot * (col_width + gap)
        headers.append(pygame.Rect(x, card_top, col_width, row_h))
        column_page.append(page)
        for r, row in enumerate(column.rows):
            rows.append((row, pygame.Rect(x, card_top + (r + 1) * row_h, col_width, row_h - theme.px(4))))
            row_page.append(page)
    return {
        "header": pygame.Rect(safe.x, safe.y, safe.w, header_h),
        "info": info,
        "status": status,
        "dice": dice,
        "held_labels": labels,
        "lift": lift,
        "power_label": power_label_rect,
        "card": card,
        "headers": headers,
        "rows": rows,
        "pages": pages,
        "column_page": column_page,
        "row_page": row_page,
        "strip": strip,
        "stacked": stacked,
        "strip_name_h": name_h,
        "font": font,
    }
