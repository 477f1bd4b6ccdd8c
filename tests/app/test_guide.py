"""The guided first turn: offered once per game kind, steps driven by the real keys, one overlay
for every game, its files checked when read; on the Monopoly board the real first throw decides
which steps come."""

from __future__ import annotations

import string

import pygame
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
    dice = [game.theme.mirror(r, False) for r in game.layout()["dice"]]
    assert all(ring.contains(d) for d in dice)


# -- the Monopoly board: the steps follow the real throw ---------------------------------------------
def _start_monopoly(box):
    from app.screens.monopoly.setup import SetupScreen

    box.app.push(SetupScreen())  # its focus starts on Start the game
    box.app.step()
    box.press(Button.SELECT)
    return box.top


def _play_guide(box, presses: int = 40) -> list[int]:
    """Take each step the guide shows with its own key (2 held and let go, else SELECT) until it
    leaves; the steps shown, in order."""
    overlay = _guide(box)
    for _ in range(presses):
        if _guide(box) is None:
            break
        step = overlay.current
        if step is None:  # standing aside while the dice, the token or a computer move
            box.advance(500)
            box.settle()
            continue
        if Button.DIGIT_2 in step.next:
            box.press(Button.DIGIT_2, 600)
        else:
            box.press(Button.SELECT)
        box.settle()
    return list(overlay.shown)


def _when(overlay) -> list[set[str]]:
    return [set(overlay.guide.steps[i].when) for i in overlay.shown]


def test_a_monopoly_first_turn_played_through_the_guide(box):
    from app.screens.monopoly import look
    from engines.monopoly import game as G
    from engines.monopoly import rules as R

    game = _start_monopoly(box)
    overlay = _guide(box)
    assert overlay is not None and overlay.guide.name == "monopoly"
    box.press(Button.SELECT)  # show me
    assert overlay.current.when == {"roll"} and overlay.current.keys == (Button.DIGIT_2,)
    assert all(overlay.target().contains(d) for d in game.dice_rects)  # the real dice are rung
    box.press(Button.DIGIT_3)  # not a key of this step: refused, nothing happens
    assert box.app.refused_key is not None and game.state.dice is None
    box.press(Button.DIGIT_2, 600)  # shake and throw: the game rolls its own dice
    box.advance(3000)  # the dice land in view with their total, then the token walks
    box.settle()
    obs = game.obs()
    pos = obs["players"][0]["position"]
    assert pos == sum(obs["dice"]) and obs["phase"] == "buy"  # from this seed: a street for sale
    step = overlay.current
    assert step.target == "square" and not step.keys  # read, not played
    assert overlay.target() == game.guide_target("square") and game.closeup  # the token's row
    words = overlay.words(step)
    assert look.square_name(pos) in words and look.money(R.BOARD[pos].price) in words
    box.press(Button.SELECT)  # on: the guide's own key, the game does nothing
    assert game.state.phase == G.P_BUY
    step = overlay.current
    assert step.target == "choices" and "$1,500" in overlay.words(step)  # the cash beside the price
    assert overlay.target().contains(game.guide_target("choices"))
    box.press(Button.DOWN)
    box.press(Button.UP)  # the step's keys reach the game: back on Buy it
    box.press(Button.SELECT)
    assert game.state.owner[pos] == 0  # bought
    assert overlay.current.target == "keys" and overlay.target() == overlay.band()
    box.press(Button.SELECT)
    step = overlay.current
    assert step.when == {"after"} and step.keys == (Button.UP, Button.DOWN, Button.SELECT)
    assert game.rows()[game.row].action == G.END_TURN
    box.press(Button.SELECT)  # End turn
    box.settle()
    assert _guide(box) is None and "INFO" in box.app.toast_message
    assert game.state.turn == 1 or game.state.stats["turns"] >= 1  # the turn was played to its end


def test_back_ends_the_monopoly_guide_and_it_is_not_offered_again(box):
    from engines.monopoly import game as G

    game = _start_monopoly(box)
    box.keys("SELECT,2:hold=600,wait=3000")  # the dice seen, the token walked
    box.settle()
    assert _guide(box).current is not None
    box.press(Button.BACK)
    assert _guide(box) is None and box.top is game  # BACK went to the guide, not to the game's menu
    assert game.state.phase == G.P_BUY  # and the game waits as it was
    assert Settings.load(box.app.storage).guided == ("monopoly",)
    box.app.go_home()
    _start_monopoly(box)
    assert _guide(box) is None


@pytest.mark.parametrize(
    ("seed", "first"),
    [
        (6, {"tax"}),  # 3+1: Income Tax, a decision between the two ways to pay
        (19, {"visit"}),  # 6+4: Jail, just visiting
        (25, {"card"}),  # 1+1: Community Chest, then the double's second throw (a card: to GO)
        (9, {"jail"}),  # a card: Go to Jail, which ends the turn; the guide comes back on the next
    ],
)
def test_the_monopoly_guide_explains_the_square_the_real_throw_reached(tmp_path, seed, first):
    headless = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, seed=seed, guides=True)
    try:
        game = _start_monopoly(headless)
        headless.press(Button.SELECT)
        overlay = _guide(headless)
        shown = _play_guide(headless)
        assert _guide(headless) is None  # it came to an end
        whens = _when(overlay)
        assert whens[0] == {"roll"} and whens[1] == first
        assert game.state.stats["turns"] >= 1
        if first == {"jail"}:
            assert whens[-1] == {"jail"} and overlay.guide.steps[shown[-1]].last  # ends there
        else:
            assert whens[-1] == {"after"}  # the turn ends on End turn
    finally:
        headless.close()


def test_the_monopoly_guide_is_the_first_seats_only(box):
    from app.match import PlayerSpec
    from app.screens.monopoly.look import Seat
    from app.screens.monopoly.setup import SetupScreen
    from engines.monopoly import game as G

    setup = SetupScreen()
    box.app.push(setup)
    box.app.step()
    setup.choice.seats[1] = Seat(PlayerSpec(False), 1, 1)  # two humans
    box.press(Button.SELECT)
    game = box.top
    assert game.guide_situation() == {"roll"}
    box.press(Button.BACK)  # no thanks
    box.press(Button.DIGIT_2, 600)
    box.advance(3000)  # the dice seen, the token walked
    box.settle()
    assert game.guide_situation() == {"buy"}
    box.keys("SELECT,SELECT")  # buy it, end turn
    box.settle()
    box.press(Button.SELECT)  # the remote handed to the second human
    box.settle()
    assert game.match.actor == 1 and game.state.phase == G.P_ROLL  # their first throw
    assert game.guide_situation() is None  # not explained to them: they saw no offer


def test_the_monopoly_guide_texts_name_only_what_the_game_fills_in(box):
    game = _start_monopoly(box)
    known = set(game.guide_facts()) | {"select", "info", "back"}
    for step in guide.load("monopoly").steps:
        for text in step.text.values():
            fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
            assert fields <= known, (step.when, fields - known)


@pytest.mark.parametrize("name", sorted(set(guide.guides().values())))
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
        (HEAD + _step("", "SELECT"), "a next key must be one of"),
        (HEAD + _step("DIGIT_2", ""), "steps[0].next needs a list of keys"),
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


# -- the ring keeps off the game's other words ---------------------------------------------------------
@pytest.mark.parametrize(
    ("run", "sides"),
    [
        ((100, 40, 80, 25), (8, 8, 8, 8)),  # far above: the full margin
        ((100, 71, 80, 26), (3, 8, 8, 8)),  # 3 px above the target: the top shrinks to 3
        ((100, 75, 80, 25), (0, 8, 8, 8)),  # touching the top: no margin there
        ((20, 110, 60, 25), (8, 8, 0, 8)),  # level with it, on its left
        ((300, 205, 50, 25), (8, 5, 8, 8)),  # below, reaching under its right end
        ((320, 205, 50, 25), (8, 8, 8, 8)),  # below but past the ring's right end
        ((120, 110, 60, 25), (8, 8, 8, 8)),  # the target's own words
    ],
)
def test_the_ring_shrinks_only_where_a_word_is_near(run, sides):
    target = pygame.Rect(80, 100, 220, 100)
    top, bottom, left, right = sides
    got = guide.ring_rect(target, 8, [pygame.Rect(run)])
    assert (target.top - got.top, got.bottom - target.bottom) == (top, bottom)
    assert (target.left - got.left, got.right - target.right) == (left, right)


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("profile", ["sd-pal", "sd-pal-wide", "hd-720"])
@pytest.mark.parametrize("scene", ["monopoly-guide-tax", "monopoly-guide", "monopoly-guide-square"])
def test_the_monopoly_guide_ring_touches_no_other_words(scene, profile, lang):
    from app import scenes

    h, _ = scenes.shoot(scene, profile, lang, None, None)
    try:
        overlay = _guide(h)
        assert overlay is not None and overlay.ring is not None
        target = overlay.target()
        card = overlay.card_rect()
        for run in h.app.text.runs:
            rect = pygame.Rect(run.rect)
            if run.covered or rect.colliderect(target) or card.contains(rect):
                continue
            assert not overlay.ring.colliderect(rect), (run.text, rect, overlay.ring)
    finally:
        h.close()
