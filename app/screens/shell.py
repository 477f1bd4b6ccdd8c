"""The box's shell screens as the framework asks for them (:class:`app.screen.Shell`)."""

from __future__ import annotations

from collections.abc import Sequence

from app.screen import ModalScreen, Screen
from app.screens.help import HelpOverlay
from app.screens.home import HomeScreen
from app.screens.menu import MenuScreen
from app.screens.settings import SettingsScreen


class ShellScreens:
    """Home, the MENU modal, the INFO overlay and settings: the screens every other screen can open."""

    def home(self) -> Screen:
        return HomeScreen()

    def menu(self, items: Sequence[tuple[str, str]]) -> ModalScreen[str]:
        return MenuScreen(items)

    def help(self, screen: Screen) -> Screen:
        return HelpOverlay(screen)

    def settings(self) -> Screen:
        return SettingsScreen()
