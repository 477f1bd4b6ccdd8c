"""The shell driven by scripted presses: home carousel, settings, help, menu, resume, redraw on change."""

from __future__ import annotations

import dataclasses
import json

import pytest

from app import catalog
from app.app import Headless, parse_keys
from app.screens.help import HelpOverlay, RemoteHelpScreen
from app.screens.home import HomeScreen
from app.screens.menu import ConfirmScreen, MenuScreen
from app.screens.resume import ResumeScreen
from app.screens.settings import SettingsScreen
from remote.buttons import Button


@pytest.fixture(autouse=True)
def _no_game_built(monkeypatch):
    """The shell on its own: every game "coming soon", whatever the game helpers have registered."""
    unbuilt = tuple(dataclasses.replace(g, start=None, resume=None) for g in catalog.GAMES)
    monkeypatch.setattr(catalog, "GAMES", unbuilt)


@pytest.fixture
def headless(tmp_path):
    h = Headless(profile="hd-720", lang="en", data_dir=tmp_path / "data")
    yield h
    h.close()


def tile_ids(home: HomeScreen) -> list[str]:
    return [t.id for t in home.tiles]


def test_home_lists_games_then_shell_pages(headless):
    home = headless.top
    assert isinstance(home, HomeScreen)
    assert tile_ids(home) == [
        "yahtzee",
        "dice-party",
        "monopoly-dice",
        "monopoly",
        "pig",
        "resume",
        "settings",
        "help",
    ]


def test_arrows_move_focus_and_wrap(headless):
    home = headless.top
    headless.keys("RIGHT,RIGHT")
    assert home.focused.id == "monopoly-dice"
    headless.keys("LEFT,LEFT,LEFT")
    assert home.focused.id == "help"  # wrapped


def test_right_to_left_mirrors_the_arrows(tmp_path):
    h = Headless(profile="sd-pal", lang="fa", data_dir=tmp_path)
    try:
        assert h.app.rtl
        h.keys("LEFT")  # in Persian the carousel runs right to left: LEFT is "next"
        assert h.top.focused.id == "dice-party"
    finally:
        h.close()


def test_coming_soon_games_cannot_be_entered(headless):
    home = headless.top
    assert not home.focused.enterable
    assert not home.check_action("select", ())
    headless.keys("SELECT")
    assert headless.top is home


def test_registered_game_is_entered_from_home(headless, monkeypatch):
    from app.screen import Screen

    class Game(Screen):
        pass

    started = []

    def start(app, entry):
        started.append(entry.id)
        app.push(Game())

    monkeypatch.setitem(globals(), "_start_for_test", start)
    entry = catalog.GameEntry(
        "yahtzee",
        "home.yahtzee",
        "home.yahtzee.subtitle",
        "tile_yahtzee",
        start=f"{__name__}:_start_for_test",
    )
    monkeypatch.setattr(catalog, "GAMES", (entry, *catalog.GAMES[1:]))
    headless.app.go_home()
    headless.app.pop()
    headless.app.push(HomeScreen())
    assert headless.top.focused.enterable
    headless.keys("SELECT")
    assert started == ["yahtzee"]
    assert isinstance(headless.top, Game)
    headless.keys("BACK")
    assert isinstance(headless.top, HomeScreen)


def test_pages_open_and_back_returns(headless):
    headless.top.select_tile("settings")
    headless.keys("SELECT")
    assert isinstance(headless.top, SettingsScreen)
    headless.keys("BACK")
    assert isinstance(headless.top, HomeScreen)
    headless.top.select_tile("help")
    headless.keys("SELECT")
    assert isinstance(headless.top, RemoteHelpScreen)
    headless.keys("BACK")
    headless.top.select_tile("resume")
    headless.keys("SELECT")
    assert isinstance(headless.top, ResumeScreen)
    headless.keys("BACK,BACK")  # BACK on home does nothing
    assert isinstance(headless.top, HomeScreen)
    assert len(headless.app.stack) == 1


def test_info_lists_the_keys_of_the_screen_below(headless):
    headless.keys("INFO")
    overlay = headless.top
    assert isinstance(overlay, HelpOverlay)
    rows = overlay.rows()
    labels = [label for _, label, _ in rows]
    assert labels == ["Move", "Choose", "Menu", "Help"]
    enabled = {label: on for _, label, on in rows}
    assert enabled["Choose"] is False  # Yahtzee is focused and not built yet
    assert rows[0][0] == "◀ ▶"  # LEFT and RIGHT share one line
    headless.keys("INFO")
    assert isinstance(headless.top, HomeScreen)


def test_menu_goes_to_settings_and_home(headless):
    headless.keys("MENU")
    assert isinstance(headless.top, MenuScreen)
    values = [v for _, v in headless.top.items]
    assert "home" not in values  # already home
    headless.keys(f"{'DOWN,' * values.index('settings')}SELECT")
    assert isinstance(headless.top, SettingsScreen)
    headless.keys("MENU")
    values = [v for _, v in headless.top.items]
    headless.keys(f"{'DOWN,' * values.index('home')}SELECT")
    assert isinstance(headless.top, HomeScreen)
    assert len(headless.app.stack) == 1


def test_idle_draws_nothing_and_presses_draw_at_once(headless):
    headless.settle()
    frames = headless.app.frames
    headless.advance(2000)
    assert headless.app.frames == frames  # nothing changed: no frame drawn
    headless.app.pipeline.push_key(Button.RIGHT, True, headless.clock.now)
    assert headless.app.step() is True  # the very next loop turn draws the change
    assert headless.top.focused.id == "dice-party"


def test_carousel_slide_animates_then_stops(headless):
    home = headless.top
    headless.keys("RIGHT,RIGHT,RIGHT,RIGHT")
    headless.app.pipeline.push_key(Button.RIGHT, True, headless.clock.now)
    headless.app.step()
    assert home.animating
    headless.settle()
    assert not home.animating
    assert home.scroll == pytest.approx(home.target_scroll())


def test_settings_change_language_saves_and_mirrors(headless):
    from app.settings import Settings

    headless.top.select_tile("settings")
    headless.keys("SELECT,DOWN,RIGHT")  # the language row: English -> Persian
    assert headless.app.lang == "fa"
    assert headless.app.rtl
    saved = Settings.load(headless.app.storage)
    assert saved.language == "fa"
    headless.keys("LEFT")  # mirrored now: LEFT is "next" (wraps back to English)
    assert headless.app.lang == "en"


def test_settings_volume_is_disabled_while_sound_is_off(headless):
    headless.top.select_tile("settings")
    headless.keys("SELECT")
    screen = headless.top
    headless.keys("DOWN,DOWN,DOWN,SELECT")  # sound row: on -> off
    assert headless.app.settings.sound is False
    headless.keys("DOWN")  # the volume row is skipped
    assert screen.focus.focus == 5
    headless.keys("UP,SELECT,DOWN,RIGHT")  # sound on again, volume up one step
    assert headless.app.settings.sound is True
    assert headless.app.settings.volume == pytest.approx(0.9)
    headless.keys("RIGHT,RIGHT")  # clamps at 100 %
    assert headless.app.settings.volume == pytest.approx(1.0)


def test_settings_target_score_cycles(headless):
    headless.top.select_tile("settings")
    from app.screens.settings import ROWS

    headless.keys("SELECT,UP")  # wraps to the last row: target score
    assert headless.top.focus.focus == len(ROWS) - 1
    headless.keys("RIGHT")
    assert headless.app.settings.target_score == 25000
    headless.keys("SELECT")
    assert headless.app.settings.target_score == 10000


def test_damaged_settings_file_gives_one_toast_and_the_app_runs(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text("{not json", encoding="utf-8")
    h = Headless(profile="sd-pal", data_dir=data)
    try:
        message = h.app.toast_message
        assert message is not None and "settings.json" in message and "\n" not in message
        assert any(p.name.startswith("settings.json.corrupt-") for p in data.iterdir())
        h.keys("RIGHT")
        assert h.top.focused.id == "dice-party"
        h.advance(15000)
        assert h.app.toast_message is None
    finally:
        h.close()


def _save(headless, slot, kind, title):
    headless.app.saves.save(slot, kind, title, {"state": slot})


def test_resume_list_resumes_through_the_catalog(headless, monkeypatch):
    resumed = []

    def resume(app, info, payload):
        resumed.append((info.slot, payload))

    monkeypatch.setitem(globals(), "_resume_for_test", resume)
    entry = catalog.GameEntry(
        "monopoly-dice",
        "home.monopoly_dice",
        "home.monopoly_dice.subtitle",
        "tile_monopoly_dice",
        resume=f"{__name__}:_resume_for_test",
    )
    monkeypatch.setattr(catalog, "GAMES", (*catalog.GAMES[:2], entry, catalog.GAMES[3]))
    _save(headless, "a", "monopoly-dice", "Ann vs Computer")
    _save(headless, "b", "unknown-game", "Something else")
    headless.app.push(ResumeScreen())
    screen = headless.top
    assert len(screen.saves) == 2
    order = [info.slot for info in screen.saves]
    headless.keys(f"{'DOWN,' * order.index('b')}SELECT")  # a game this box cannot resume: nothing
    assert resumed == []
    headless.keys(f"{'UP,' * order.index('b')}{'DOWN,' * order.index('a')}SELECT")
    assert resumed == [("a", {"state": "a"})]


def test_resume_delete_asks_first(headless):
    _save(headless, "a", "yahtzee", "Solo")
    headless.app.push(ResumeScreen())
    headless.keys("RED")
    assert isinstance(headless.top, ConfirmScreen)
    headless.keys("SELECT")  # "No" is focused first
    assert [i.slot for i in headless.top.saves] == ["a"]
    headless.keys("RED,DOWN,SELECT")
    assert headless.top.saves == []
    assert headless.app.saves.list() == []


def test_resume_empty_greys_out_select(headless):
    headless.app.push(ResumeScreen())
    assert headless.top.saves == []
    assert not headless.top.check_action("open", ())
    headless.keys("SELECT")
    assert isinstance(headless.top, ResumeScreen)


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("RIGHT", [(Button.RIGHT, 0)]),
        (" select , 2:hold=800 ", [(Button.SELECT, 0), (Button.DIGIT_2, 800)]),
        ("wait=250,INFO", [(None, 250), (Button.INFO, 0)]),
        ("", []),
    ],
)
def test_parse_keys(script, expected):
    assert parse_keys(script) == expected


@pytest.mark.parametrize("script", ["NOPE", "2:hold=x", "2:press=5", "wait=-1", "RIGHT:hold=-5"])
def test_parse_keys_rejects_bad_scripts(script):
    with pytest.raises(ValueError):
        parse_keys(script)


def test_settings_file_written_atomically_as_json(headless):
    headless.top.select_tile("settings")
    headless.keys("SELECT,DOWN,DOWN,RIGHT")  # difficulty medium -> hard
    document = json.loads((headless.app.storage.root / "settings.json").read_text(encoding="utf-8"))
    assert document["data"]["difficulty"] == "hard"
