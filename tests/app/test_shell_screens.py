"""The framework reaches the shell's screens only through the :class:`app.screen.Shell` it is given."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence

from app.app import Headless
from app.screen import ModalScreen, Screen
from app.screens.home import HomeScreen
from app.screens.menu import MenuScreen


def test_the_framework_imports_no_concrete_screen():
    code = "import sys, app.app, app.screen; print([m for m in sys.modules if m.startswith('app.screens')])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "[]"


class Page(Screen):
    def draw(self, surface) -> None:
        pass


class Menu(ModalScreen[str]):
    def __init__(self, items: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.items = list(items)

    def draw(self, surface) -> None:
        pass


class FakeShell:
    def __init__(self) -> None:
        self.opened: list[str] = []

    def home(self) -> Screen:
        self.opened.append("home")
        return Page()

    def menu(self, items: Sequence[tuple[str, str]]) -> ModalScreen[str]:
        self.opened.append("menu")
        return Menu(items)

    def help(self, screen: Screen) -> Screen:
        self.opened.append("help")
        return Page()

    def settings(self) -> Screen:
        self.opened.append("settings")
        return Page()


def test_global_keys_open_the_given_shell(tmp_path):
    shell = FakeShell()
    h = Headless(profile="hd-720", lang="en", data_dir=tmp_path, shell=shell)
    try:
        h.app.push(Page())
        h.keys("MENU")
        assert isinstance(h.top, Menu) and ("menu.quit", "home") in h.top.items
        h.top.dismiss("settings")
        h.keys("BACK,INFO")
        assert shell.opened == ["home", "menu", "settings", "help"]
    finally:
        h.close()


def test_the_box_shell_is_the_default(tmp_path):
    h = Headless(profile="hd-720", lang="en", data_dir=tmp_path)
    try:
        assert isinstance(h.top, HomeScreen)
        h.keys("MENU")
        assert isinstance(h.top, MenuScreen)
    finally:
        h.close()
