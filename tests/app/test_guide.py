"""The guided first turn: offered once per game kind, steps driven by the real keys, one overlay
for every game, its files checked when read."""

from __future__ import annotations

import pytest

from app.app import Headless
from app.screens import guide
from app.screens.guide import GuideOverlay
from app.settings import Settings
from remote.buttons import Button

pytestmark = pytest.mark.usefixtures("english_ui")


@pytest.fixture
def box(tmp_path):
    headless = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, guides=True)
    yield headless
    headless.close()


def _start_yahtzee(box, family="yahtzee"):
    from app.screens.yahtzee.setup import SetupScreen

    setup = SetupScreen(family)
    box.app.push(setup)
    setup.focus = len(setup.rows()) - 1
    box.press(Button.SELECT)
    return box.top


def _guide(box) -> GuideOverlay | None:
    found = [
        f.__self__ for f in box.app.input_filters if isinstance(getattr(f, "__self__", None), GuideOverlay)
    ]
    return found[0] if found else None


def test_the_first_game_offers_the_guide_once(box):
    game = _start_yahtzee(box)
    overlay = _guide(box)
    assert overlay is not None and overlay.step == -1 and overlay.game is game
    assert Settings.load(box.app.storage).guided == ("yahtzee",)  # written at once
    box.press(Button.BACK)  # no thanks
    assert _guide(box) is None and box.top is game
    box.app.go_home()
    _start_yahtzee(box)
    assert _guide(box) is None  # not a second time


def test_the_guide_off_in_settings_offers_nothing(box):
    box.app.settings.guide = False
    _start_yahtzee(box)
    assert _guide(box) is None


def test_a_scripted_headless_app_offers_no_guide(tmp_path):
    headless = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    try:
        _start_yahtzee(headless)
        assert _guide(headless) is None
    finally:
        headless.close()


def test_dice_party_and_monopoly_dice_have_their_own_first_time(box):
    from app.screens.monopoly_dice.setup import SetupScreen

    box.app.settings.guided = ("yahtzee",)
    _start_yahtzee(box, "dice-party")
    assert _guide(box) is not None
    box.press(Button.BACK)
    box.app.go_home()
    setup = SetupScreen()
    box.app.push(setup)
    setup.focus = len(setup.rows()) - 1
    box.press(Button.SELECT)
    assert _guide(box) is not None and _guide(box).guide.name == "monopoly-dice"


def test_a_yahtzee_first_turn_played_through_the_guide(box):
    game = _start_yahtzee(box)
    overlay = _guide(box)
    box.press(Button.SELECT)  # show me
    assert overlay.step == 0
    box.press(Button.DIGIT_3)  # not a key of this step: refused, nothing happens
    assert overlay.step == 0 and box.app.refused_key is not None
    box.press(Button.DIGIT_2, 600)  # shake and throw: the game rolls
    assert game.state.rolls_left() == 2 and overlay.step == 1
    box.settle()
    box.press(Button.SELECT)  # keep the focused die
    assert any(game.obs()["dice"][i]["held"] for i in range(5)) and overlay.step == 2
    box.press(Button.DIGIT_2, 600)
    box.settle()
    assert game.state.rolls_left() == 1 and overlay.step == 3
    box.press(Button.RIGHT)  # to the scorecard
    assert game.zone == "card" and overlay.step == 4
    box.press(Button.SELECT)
    box.settle()
    assert _guide(box) is None  # done: the guide leaves
    assert box.app.toast_message and "INFO" in box.app.toast_message
    # the box was scored (a new turn: three rolls again), or its zero asks for a second SELECT
    assert game.confirming is not None or game.state.rolls_left() == 3


def test_keys_press_at_once_one_after_another(box):
    """A scripted test presses keys with no pause: the guide never eats a key meant for the game."""
    game = _start_yahtzee(box)
    box.keys("SELECT,2:hold=300,SELECT,2:hold=300")
    assert game.state.rolls_left() == 1


def test_back_ends_the_guide_and_menu_reaches_the_game(box):
    game = _start_yahtzee(box)
    overlay = _guide(box)
    box.keys("SELECT,MENU")
    assert box.top is not game  # the game's own menu
    box.press(Button.BACK)
    assert box.top is game and _guide(box) is overlay  # the guide waited under the menu
    box.press(Button.BACK)
    assert _guide(box) is None


def test_the_guide_leaves_with_its_game(box):
    _start_yahtzee(box)
    box.app.go_home()
    box.press(Button.RIGHT)  # any key: the guide notices its game is gone
    assert _guide(box) is None
    assert not box.app.overlays


def test_the_guide_ring_points_at_the_real_dice(box):
    game = _start_yahtzee(box)
    box.press(Button.SELECT)
    ring = _guide(box).target()
    dice = [game.theme.mirror(r, False) for r in game._layout()["dice"]]
    assert all(ring.contains(d) for d in dice)


@pytest.mark.parametrize("name", sorted(set(guide.GUIDES.values())))
def test_every_guide_file_reads(name):
    loaded = guide.load(name)
    assert loaded.steps and all(step.next <= set(step.keys) for step in loaded.steps)


HEAD = "offer: {en: a, fa: b}\ndone: {en: a, fa: b}\nsteps:\n"


def _step(keys: str, after: str) -> str:
    return f" - {{target: dice, keys: [{keys}], next: [{after}], text: {{en: a, fa: b}}}}\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEAD + " []\n", "needs offer, steps and done"),
        (HEAD + _step("NOPE", "NOPE"), "steps[0].keys"),
        (HEAD + _step("BACK", "BACK"), "belong to the guide"),
        (HEAD.replace("{en: a, fa: b}", "{en: a}", 1) + _step("DIGIT_2", "DIGIT_2"), "offer needs a text"),
        (HEAD + _step("DIGIT_2", "DIGIT_3"), "a next key must be one of"),
    ],
)
def test_a_wrong_guide_file_is_named(tmp_path, monkeypatch, text, message):
    (tmp_path / "broken.yaml").write_text(text)
    monkeypatch.setattr(guide, "GUIDE_DIR", tmp_path)
    guide.load.cache_clear()
    try:
        with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
            guide.load("broken")
    finally:
        guide.load.cache_clear()
