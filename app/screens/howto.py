"""How to play: a game's rules pages (see :mod:`app.howto`), one page at a time, with real dice.

Reached with INFO, then SELECT, from a game or its set-up. LEFT and RIGHT turn the pages; BACK
closes. Each page is a heading, a paragraph wrapped to the screen, and its picture: dice drawn as
the game draws them and card boxes with their scores.
"""

from __future__ import annotations

import pygame

from app import catalog, howto, widgets
from app.descriptor import resolve
from app.i18n import t
from app.screen import Binding, ModalScreen, Screen
from remote.buttons import Button


def game_of(screen: Screen) -> str | None:
    """The engine name whose pages ``screen`` offers: its ``howto_game``, else its game's name."""
    name = getattr(screen, "howto_game", None)
    if name is None:
        name = getattr(getattr(screen, "game", None), "name", None)
    return name if name in howto.games() else None


def show(app, entry) -> None:
    """The descriptor's ``how_to_play`` hook: push the pages of the home tile ``entry``'s first game."""
    app.push(HowToScreen(entry.engines[0]))


class HowToScreen(ModalScreen[None]):
    """The How to play pages of one game."""

    dim_below = False
    BINDINGS = (
        Binding(Button.LEFT, "page", "howto.key.page", args=(-1,), repeat=True),
        Binding(Button.RIGHT, "page", "howto.key.page", args=(1,), repeat=True),
        Binding(Button.SELECT, "page", "", args=(1,), show=False),
        Binding(Button.BACK, "back", "action.close"),
    )

    def __init__(self, game: str, page: int = 0) -> None:
        super().__init__()
        self.howto = howto.load(game)
        self.entry = next((entry for entry in catalog.GAMES if game in entry.engines), None)
        self.page = max(0, min(page, len(self.howto.pages) - 1))

    def action_page(self, step: int) -> None:
        if self.rtl and self.event is not None and self.event.button in (Button.LEFT, Button.RIGHT):
            step = -step  # the next page lies to the left in Persian
        self.page = (self.page + step) % len(self.howto.pages)

    def draw(self, surface: pygame.Surface) -> None:
        app, theme, lang = self.app, self.theme, self.app.lang
        safe = theme.safe
        widgets.background(surface, theme)
        page = self.howto.pages[self.page]
        start = widgets.start_anchor(self.rtl)
        x = safe.right if self.rtl else safe.x
        title = theme.font("heading")
        widgets.draw_text(
            surface,
            app.text,
            self.howto.title[lang],
            title,
            theme.colour("text"),
            (x, safe.y),
            start,
            bold=True,
            max_width=safe.w * 3 // 4,
        )
        small = theme.font("small")
        end = (safe.x, safe.y) if self.rtl else (safe.right, safe.y)
        widgets.draw_text(
            surface,
            app.text,
            t("howto.page", n=self.page + 1, of=len(self.howto.pages)),
            small,
            theme.colour("text_dim"),
            end,
            "topleft" if self.rtl else "topright",
        )
        y = safe.y + app.text.line_height(title, bold=True) + theme.px(14)
        heading = theme.font("body")
        widgets.draw_text(
            surface,
            app.text,
            page.heading[lang],
            heading,
            theme.colour("accent"),
            (x, y),
            start,
            bold=True,
            max_width=safe.w,
        )
        y += app.text.line_height(heading, bold=True) + theme.px(8)
        body = theme.font("body")
        line_h = app.text.line_height(body)
        bottom = safe.bottom - widgets.help_bar_height(app, self) - theme.px(10)
        picture_h = self._picture_height(page)
        for line in app.text.wrap(page.text[lang], body, safe.w):
            if y + line_h > bottom - picture_h:
                break
            widgets.draw_text(surface, app.text, line, body, theme.colour("text"), (x, y), start)
            y += line_h
        if picture_h:  # the picture right under the words it shows
            top = min(y + theme.px(16), bottom - picture_h)
            self._draw_picture(surface, page, pygame.Rect(safe.x, top, safe.w, picture_h))
        widgets.help_bar(surface, app, self)

    def _picture_height(self, page: howto.Page) -> int:
        theme = self.theme
        h = 0
        if page.dice or page.faces:
            h += theme.px(112)
        if page.boxes:
            h += len(page.boxes) * (self.app.text.line_height(theme.font("body")) + theme.px(10))
        return h + (theme.px(8) if h else 0)

    def _draw_picture(self, surface: pygame.Surface, page: howto.Page, area: pygame.Rect) -> None:
        """The page's dice in a row, then its card boxes with their scores, from the reading side."""
        app, theme, lang = self.app, self.theme, self.app.lang
        y = area.y
        if page.dice or page.faces:
            die_h = theme.px(106)
            die_w = theme.round_w(die_h) + theme.px(8)
            slots = [
                theme.mirror(pygame.Rect(area.x + i * (die_w + theme.px(10)), y, die_w, die_h), self.rtl)
                for i in range(max(len(page.dice), len(page.faces)))
            ]
            for rect, face in zip(slots, page.dice, strict=False):
                widgets.draw_die_themed(surface, app, rect, face or None, False)
            if (
                page.faces and self.entry is not None and self.entry.howto_faces
            ):  # faces of the game's own dice, drawn by its own code (its descriptor's hook)
                draw_face = resolve(self.entry.howto_faces)
                for rect, name in zip(slots, page.faces, strict=False):
                    draw_face(surface, app, rect, name)
            y += theme.px(112)
        body = theme.font("body")
        row_h = app.text.line_height(body) + theme.px(6)
        box_w = min(area.w, theme.px(520))
        for name, score in page.boxes:
            rect = theme.mirror(pygame.Rect(area.x, y, box_w, row_h), self.rtl)
            widgets.panel(surface, rect, theme.colour("panel"), theme.px(8))
            pad = theme.px(12)
            name_pos = (rect.right - pad, rect.centery) if self.rtl else (rect.x + pad, rect.centery)
            score_pos = (rect.x + pad, rect.centery) if self.rtl else (rect.right - pad, rect.centery)
            widgets.draw_text(
                surface,
                app.text,
                name[lang],
                body,
                theme.colour("text"),
                name_pos,
                "midright" if self.rtl else "midleft",
            )
            widgets.draw_text(
                surface,
                app.text,
                str(score),
                body,
                theme.colour("accent"),
                score_pos,
                "midleft" if self.rtl else "midright",
                bold=True,
            )
            y += row_h + theme.px(4)
