"""The odds screen (key 5, "view die sides"): every die's six faces and the numbers for the decision.

For the position on the board it shows, from :func:`engines.monopoly_dice.odds.hint` (exact
enumeration, never sampling): the chance of jail on the next roll, the chance of completing each
group that is not complete yet, and the expected turn score of stopping now against rolling once
more. The hint can take tens of milliseconds (first use fills the outcome tables), so it runs as
background work (:class:`app.work.Task`) and the screen says "Working out the odds…" until it is
there. 5, BACK or SELECT close it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from app import widgets
from app.i18n import format_number, t
from app.screen import Binding, ModalScreen
from app.screens.monopoly_dice import look
from app.work import Task
from engines.monopoly_dice import rules as R
from remote.buttons import Button


def _odds(obs: dict[str, Any]) -> Callable[[Task], dict[str, Any]]:
    """The work of the odds screen: the engine's hint for the observation."""

    def work(task: Task) -> dict[str, Any]:
        from engines.monopoly_dice.odds import Position, hint

        return hint(Position.from_observation(obs))

    return work


def percent(p: float) -> str:
    """A chance as the player reads it: "3.7%", "<0.1%" for tiny non-zero ones, "100%"."""
    if 0 < p < 0.001:
        return "<" + format_number(0.1) + t("mdice.percent_sign")
    return format_number(round(p * 100, 1)) + t("mdice.percent_sign")


class OddsScreen(ModalScreen[None]):
    BINDINGS = (
        Binding(Button.DIGIT_5, "close", "mdice.odds.close"),
        Binding(Button.SELECT, "close", "", show=False),
    )

    def __init__(self, obs: dict[str, Any], inline: bool = False) -> None:
        super().__init__()
        self.obs = obs
        self.job = Task(_odds(obs), "mdice-odds", inline=inline)
        if not inline:
            self.job.start()
        self._shown_done = self.job.done
        self._picture: tuple[tuple, pygame.Surface, list] | None = None

    def action_close(self) -> None:
        self.dismiss(None)

    @property
    def passing(self) -> bool:
        return self.ticking  # scripted runs wait for the numbers

    @property
    def ticking(self) -> bool:
        return not self._shown_done  # a timer: the picture changes once, when the numbers arrive

    def update(self, dt: float) -> None:
        if self.job.done and not self._shown_done:
            self._shown_done = True
            self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        # The panel covers what is below it and changes only when the numbers arrive: keep a copy.
        box = pygame.Rect(self.theme.safe)  # the frame too stays inside the title-safe area
        key = (self.job.done, self.app.lang, surface.get_size())
        if self._picture is not None and self._picture[0] == key:
            surface.blit(self._picture[1], box)
            self.app.text.replay(self._picture[2])
            return
        with self.app.text.capture() as runs:
            self._draw_panel(surface, box)
        self.app.text.replay(runs)
        self._picture = (key, surface.subsurface(box).copy(), runs)

    def _draw_panel(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The title; the die sides (left) beside the jail and completion odds (right); the expected
        turn scores across the bottom, above the help bar. Everything inside the safe area."""
        app, theme = self.app, self.theme
        safe = box.inflate(-theme.px(24), -theme.px(12))
        border = theme.colour("accent")
        widgets.panel(surface, box, theme.colour("background"), theme.radius, theme.px(4), border)
        heading = theme.font("heading")
        x = safe.right if self.rtl else safe.x
        anchor = "topright" if self.rtl else "topleft"
        self._text(
            surface, t("mdice.odds.title"), heading, theme.colour("text"), (x, safe.y), anchor, bold=True
        )
        small = theme.font("small")
        line = app.text.line_height(small) + theme.px(3)
        top = safe.y + app.text.line_height(heading) + theme.px(6)
        bottom = safe.bottom - widgets.help_bar_height(app, self, safe) - theme.px(6)
        expected = pygame.Rect(safe.x, bottom - 3 * line, safe.w, 3 * line)
        area_h = expected.y - theme.px(4) - top
        n = len(R.ALL_DICE)
        row_h = area_h // (n + 1)
        name_w = max(app.text.size(look.die_name(d), small, bold=True)[0] for d in range(n)) + theme.px(10)
        face_w = theme.round_w(row_h)
        sides = pygame.Rect(safe.x, top, name_w + 6 * face_w, area_h)
        right = sides.right + theme.px(24)
        numbers = pygame.Rect(right, top, safe.right - right, area_h)
        self._draw_sides(surface, sides, small, name_w, row_h)
        self._draw_numbers(surface, numbers, expected, small)
        widgets.help_bar(surface, app, self, safe)

    def _m(self, rect: pygame.Rect) -> pygame.Rect:
        return self.theme.mirror(rect, self.rtl)

    def _text(self, surface, text, size, colour, pos, anchor, **kw) -> pygame.Rect:
        return widgets.draw_text(surface, self.app.text, text, size, colour, pos, anchor, **kw)

    def _start(self, rect: pygame.Rect) -> tuple[tuple[int, int], str]:
        return ((rect.right, rect.centery), "midright") if self.rtl else ((rect.x, rect.centery), "midleft")

    def _end(self, rect: pygame.Rect) -> tuple[tuple[int, int], str]:
        return ((rect.x, rect.centery), "midleft") if self.rtl else ((rect.right, rect.centery), "midright")

    def _draw_sides(self, surface, area: pygame.Rect, small: int, name_w: int, row_h: int) -> None:
        """One row per die: its name, its six faces; dice not rolling next are dimmed."""
        theme = self.theme
        head = self._m(pygame.Rect(area.x, area.y, area.w, row_h))
        pos, anchor = self._start(head)
        dim_colour = theme.colour("text_dim")
        self._text(
            surface, t("mdice.odds.sides"), small, dim_colour, pos, anchor, bold=True, max_width=area.w
        )
        rolling = set(self.obs["dice_to_roll"])
        face_w = (area.w - name_w) // 6
        for d, die in enumerate(R.ALL_DICE):
            y = area.y + (d + 1) * row_h
            dim = d not in rolling
            name = self._m(pygame.Rect(area.x, y, name_w, row_h))
            pos, anchor = self._start(name)
            colour = theme.colour("text_dim" if dim else "text")
            self._text(surface, look.die_name(d), small, colour, pos, anchor, bold=True)
            for k, face in enumerate(die.faces):
                rect = self._m(pygame.Rect(area.x + name_w + k * face_w, y, face_w, row_h))
                index = die.distinct_faces().index(face)
                look.draw_face(surface, self.app, rect, look.face_of(d, index), dim=dim)

    def _draw_numbers(self, surface, area: pygame.Rect, expected: pygame.Rect, small: int) -> None:
        theme = self.theme
        line = self.app.text.line_height(small) + theme.px(3)
        job = self.job
        if job.error is not None or job.result is None:
            message, colour = (
                (job.error, "error") if job.error is not None else (t("mdice.odds.computing"), "text")
            )
            self._text(
                surface,
                message,
                small,
                theme.colour(colour),
                self._m(area).center,
                "center",
                max_width=area.w,
            )
            return
        hint = job.result
        rows = 2 + len(hint["complete"])
        step = min(area.h // max(1, rows), line + theme.px(8))

        def row(
            y: int, box: pygame.Rect, label: str, value: str, colour="text", bold=False, swatch=None
        ) -> None:
            rect = self._m(pygame.Rect(box.x, y, box.w, line))
            value_w = self.app.text.size(value, small, bold=True)[0] if value else 0
            inset = 0
            if swatch is not None:
                sw = pygame.Rect(0, 0, theme.round_w(line * 0.6), round(line * 0.6))
                sw.centery = rect.centery
                if self.rtl:
                    sw.right = rect.right
                else:
                    sw.x = rect.x
                pygame.draw.rect(surface, swatch, sw, border_radius=theme.px(3))
                rim = look.rim_for(swatch, theme.colour("background"))
                if rim is not None:
                    pygame.draw.rect(surface, rim, sw, width=max(1, theme.px(2)), border_radius=theme.px(3))
                inset = sw.w + theme.px(6)
            label_rect = pygame.Rect(rect.x + (0 if self.rtl else inset), rect.y, rect.w - inset, rect.h)
            pos, anchor = self._start(label_rect)
            self._text(
                surface,
                label,
                small,
                theme.colour("text" if colour == "text" else colour),
                pos,
                anchor,
                bold=bold,
                max_width=label_rect.w - value_w - theme.px(12),
            )
            if value:
                pos, anchor = self._end(rect)
                self._text(surface, value, small, theme.colour(colour), pos, anchor, bold=True)

        def heading(y: int, box: pygame.Rect, text: str) -> None:
            pos, anchor = self._start(self._m(pygame.Rect(box.x, y, box.w, line)))
            dim = theme.colour("text_dim")
            self._text(surface, text, small, dim, pos, anchor, bold=True, max_width=box.w)

        y = area.y
        row(y, area, t("mdice.odds.jail"), percent(hint["jail"]), "error", bold=True)
        y += step
        heading(y, area, t("mdice.odds.complete"))
        y += step
        for key, p in hint["complete"].items():
            row(y, area, look.group_name(key), percent(p), swatch=look.group_colour(self.app, key))
            y += step
        # the expected turn scores across the bottom: the heading with the advice at its end
        best = hint["advice"]
        y = expected.y
        advice = t(f"mdice.odds.advice.{best}")
        row(y, expected, t("mdice.odds.expected"), "", "text_dim", True)
        pos, anchor = self._end(self._m(pygame.Rect(expected.x, y, expected.w, line)))
        self._text(surface, advice, small, theme.colour("accent"), pos, anchor, bold=True)
        y += line
        row(
            y,
            expected,
            t("mdice.odds.stop"),
            look.money(round(hint["stop_value"])),
            "accent" if best == "stop" else "text",
            best == "stop",
        )
        y += line
        row(
            y,
            expected,
            t("mdice.odds.roll_best" if hint.get("roll_kind") == "best" else "mdice.odds.roll"),
            look.money(round(hint["roll_value"])),
            "accent" if best == "roll" else "text",
            best == "roll",
        )
