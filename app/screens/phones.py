"""The TV's Phones panel: the QR code, the short address, the room code and who is connected.

Opened from the MENU of any screen (home, a set-up, a game). Where the Phones setting is "ask",
the panel first asks, and SELECT lets phones in; "off" says where to turn them on.
"""

from __future__ import annotations

import pygame

from app import widgets
from app.i18n import t
from app.screen import Binding, ModalScreen
from remote.buttons import Button

MENU_VALUE = "phones"


def menu_items(app) -> list[tuple[str, str]]:  # noqa: ANN001 - the App (no import cycle)
    """The menu's Phones entry, unless phones are off."""
    return [] if app.settings.phones == "off" else [("phones.menu", MENU_VALUE)]


def qr_surface(text: str, side: int) -> pygame.Surface:
    """``text`` as a QR code (dark on white, with its quiet zone) about ``side`` pixels square;
    every module a whole number of pixels, so a phone's camera reads it off the TV."""
    import segno

    matrix = segno.make(text, error="m", boost_error=False).matrix
    border = 3
    count = len(matrix) + 2 * border
    module = max(1, side // count)
    surface = pygame.Surface((count * module, count * module))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), ((x + border) * module, (y + border) * module, module, module))
    return surface


class PhonesScreen(ModalScreen[None]):
    """The panel (see the module)."""

    BINDINGS = (
        Binding(Button.SELECT, "let_in", "action.let_in"),
        Binding(Button.BACK, "back", "action.close"),
    )

    def __init__(self) -> None:
        super().__init__()
        self._qr: tuple[str, int, pygame.Surface] | None = None
        self._shown: dict[int, str] | None = None

    @property
    def service(self):  # noqa: ANN201 - app.phones.service.PhoneService or None
        return self.app.phones

    def check_action(self, action: str, args: tuple) -> bool:
        if action == "let_in":
            return self.service is None and self.app.settings.phones != "off"
        return True

    def action_let_in(self) -> None:
        from app.phones.service import start_phones

        self.app.sound.play("select")
        start_phones(self.app)
        self.refresh()

    @property
    def ticking(self) -> bool:
        return self.service is not None

    def update(self, dt: float) -> None:
        # who is connected changes from the server's thread: redraw when the list differs
        shown = self.service.connected() if self.service is not None else None
        if shown != self._shown:
            self._shown = shown
            self.refresh()

    def _qr_for(self, url: str, side: int) -> pygame.Surface:
        if self._qr is None or self._qr[:2] != (url, side):
            self._qr = (url, side, qr_surface(url, side))
        return self._qr[2]

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        _, inner = widgets.modal_panel(surface, theme, margin=(40, 30), padding=(48, 32))
        bar_h = widgets.help_bar_height(app, self, inner) + theme.px(12)
        body, title = theme.font("body"), theme.font("title")
        anchor = widgets.start_anchor(self.rtl)
        text = theme.colour("text")
        widgets.draw_text(
            surface, app.text, t("phones.title"), title, text, (self._x(inner), inner.y), anchor, bold=True
        )
        top = inner.y + title + theme.px(24)
        service = self.service
        if service is None:
            key = "phones.off" if app.settings.phones == "off" else "phones.ask"
            widgets.draw_text(
                surface, app.text, t(key), body, text, (self._x(inner), top), anchor, max_width=inner.w
            )
        else:
            self._draw_join(surface, service, pygame.Rect(inner.x, top, inner.w, inner.bottom - top - bar_h))
        widgets.help_bar(surface, app, self, inner)

    def _x(self, area: pygame.Rect) -> int:
        return area.right if self.rtl else area.x

    def _draw_join(self, surface: pygame.Surface, service, area: pygame.Rect) -> None:  # noqa: ANN001
        app, theme = self.app, self.theme
        body = theme.font("body")
        note_y = area.bottom - app.text.line_height(body)
        widgets.draw_text(
            surface,
            app.text,
            t("phones.remote_too"),
            body,
            theme.colour("text_dim"),
            (area.right if self.rtl else area.x, note_y),
            widgets.start_anchor(self.rtl),
            max_width=area.w,
        )
        area = pygame.Rect(area.x, area.y, area.w, note_y - area.y - theme.px(8))
        side = min(area.h, area.w // 2)
        qr = self._qr_for(service.url, side)
        where = qr.get_rect()
        if self.rtl:
            where.topright = area.topright
            column = pygame.Rect(area.x, area.y, area.w - where.w - theme.px(32), area.h)
        else:
            where.topleft = area.topleft
            column = pygame.Rect(
                where.right + theme.px(32), area.y, area.right - where.right - theme.px(32), area.h
            )
        surface.blit(qr, where)
        big = theme.font("title")
        anchor = widgets.start_anchor(self.rtl)
        text, dim = theme.colour("text"), theme.colour("text_dim")
        x, y = (column.right if self.rtl else column.x), column.y
        # the address and the code are typed on a phone: Latin digits in every language
        lines = [
            (t("phones.scan"), body, dim, False, None),
            (service.address, body, text, True, "en"),
            (t("phones.room"), body, dim, False, None),
            (service.server.room, big * 3 // 2, theme.colour("accent"), True, "en"),
            (t("phones.connected"), body, dim, False, None),
        ]
        connected = service.connected()
        names = [t("phones.seat", n=seat + 1, name=name) for seat, name in connected.items()]
        lines += [(name, body, text, False, None) for name in names] or [
            (t("phones.none"), body, text, False, None)
        ]
        for line, size, colour, bold, lang in lines:
            drawn = widgets.draw_text(
                surface,
                app.text,
                line,
                size,
                colour,
                (x, y),
                anchor,
                bold=bold,
                lang=lang,
                max_width=column.w,
            )
            y = drawn.bottom + theme.px(6)
            if y > column.bottom:
                break
