"""The game screen's keys, one by one: holds, boxes, 3, 4, 5, MENU, computer turns, set-up, card."""

from __future__ import annotations

import time

import pytest
from yahtzee_screen_helpers import play_to_end, start_game

from app.app import Headless
from app.i18n import t
from app.screens.yahtzee import scorecard
from app.screens.yahtzee.game import GameScreen, PlayerSpec
from app.screens.yahtzee.rules import CPU_PAUSE_S, CPU_SHAKE_S
from app.screens.yahtzee.scenes import roll_to
from app.screens.yahtzee.setup import MAX_PLAYERS, SetupScreen, default_choice
from engines.core import load_game
from engines.yahtzee.game import GAMES_BY_MODE, ROLL, SCORE, UNDO, toggle_hold
from remote.buttons import Button

HUMAN = PlayerSpec(False)


@pytest.fixture
def h(tmp_path):
    headless = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    yield headless
    headless.close()


def _push(h: Headless, mode: str, players=(HUMAN,)) -> GameScreen:
    screen = GameScreen.new(mode, list(players), h.app.rng)
    h.app.push(screen)
    h.app.step()
    return screen


def test_hold_two_to_shake_release_to_roll_and_select_holds(h):
    screen = start_game(h, "yahtzee")
    h.press(Button.DIGIT_2, 500)
    assert not screen.shaking
    first = screen.state.numbers()
    assert len(first) == 5
    h.keys("DOWN,SELECT,DOWN,DOWN,SELECT")
    assert screen.saved()["held"] == [False, True, False, True, False]
    h.press(Button.DIGIT_2)  # a short tap rolls too
    second = screen.state.numbers()
    assert (second[1], second[3]) == (first[1], first[3])
    assert [d.action for d in screen.decisions] == [ROLL, toggle_hold(1), toggle_hold(3), ROLL]
    assert all(d.player == 0 for d in screen.decisions)


def test_shaking_animates_and_holding_waits(h):
    screen = start_game(h, "yahtzee")
    h.app.pipeline.push_key(Button.DIGIT_2, True, h.clock.now, source="script")
    h.advance(400)
    assert screen.shaking and h.app.animating
    assert not screen.check_action("select", ())  # no holds while the dice are in the cup
    h.app.pipeline.push_key(Button.DIGIT_2, False, h.clock.now, source="script")
    h.advance(50)
    assert not screen.shaking and screen.saved()["rolls"] == 1
    h.advance(1000)
    assert not h.app.animating  # settled: the loop may sleep


def test_left_right_walk_the_allowed_boxes_and_select_scores(h):
    screen = start_game(h, "yahtzee")
    h.press(Button.DIGIT_2)
    allowed = screen.state.allowed_boxes()
    order = [b for b in scorecard.box_order(screen.game) if b in allowed]
    h.press(Button.RIGHT)  # first press: the cursor goes to the card
    assert screen.zone == "card" and screen.box_focus == order[0]
    h.keys("RIGHT,RIGHT,LEFT")
    assert screen.box_focus == order[1]
    value = screen.state.box_value(order[1])
    asks = screen.wasteful(order[1])  # a zero, or little with rolls left: a second SELECT scores it
    h.press(Button.SELECT)
    if asks:
        assert screen.confirming == order[1] and screen.state.scores(0)[order[1]] is None
        h.press(Button.SELECT)
    assert screen.state.scores(0)[order[1]] == value
    assert screen.decisions[-1].action == SCORE + order[1]


def test_three_toggles_the_info_line(h):
    screen = start_game(h, "yahtzee")
    h.keys("2,RIGHT")
    with_info = h.render().copy()
    h.press(Button.DIGIT_3)
    assert not screen.show_info
    without = h.render().copy()
    h.press(Button.DIGIT_3)
    assert screen.show_info
    band = screen.layout()["info"]
    probe = (band.x + 6, band.centery)  # the band's border
    assert with_info.get_at(probe) != without.get_at(probe)


def test_box_texts_exist_in_both_languages():
    for mode, cls in GAMES_BY_MODE.items():
        game = cls(num_players=cls.min_players)
        order = scorecard.box_order(game)
        assert sorted(order) == list(range(len(game.boxes))), mode
        for lang in ("en", "fa"):
            from app import i18n

            i18n.set_language(lang)
            try:
                for box in game.boxes:
                    name, how = scorecard.box_name(game, box), scorecard.box_how(box, 2)
                    assert name and "yahtzee." not in name and "{" not in name, (mode, box.key)
                    assert how and "yahtzee." not in how and "{" not in how, (mode, box.key)
                for column in scorecard.card_columns(game):
                    for row in column.rows:
                        if row.total:
                            label = scorecard.total_label(game, row.total)
                            assert "yahtzee." not in label and "{" not in label
            finally:
                i18n.set_language("en")


def _score(h: Headless, screen: GameScreen) -> None:
    """SELECT on the card: the box under the cursor is scored (confirmed, if it asks)."""
    h.press(Button.SELECT)
    if screen.confirming is not None:
        h.press(Button.SELECT)


def test_power_double_scores_two_boxes_and_four_undoes_the_first(h):
    screen = _push(h, "power")
    roll_to(screen, [3, 3, 3, 3, 1, 4])  # 4 4 4 4 2, Power die: Double
    assert screen.obs()["power"]["double"]
    h.keys("RIGHT")
    _score(h, screen)
    first = screen.decisions[-1].action - SCORE
    assert screen.obs()["pending_double"] == screen.game.boxes[first].key
    assert screen.check_action("undo", ())
    h.press(Button.DIGIT_4)
    assert screen.decisions[-1].action == UNDO
    assert screen.state.scores(0)[first] is None
    _score(h, screen)
    h.keys("RIGHT")
    _score(h, screen)
    filled = [s for s in screen.state.scores(0) if s is not None]
    assert len(filled) == 2 and screen.state.turns_taken() == [1]


def test_freeze_ends_rolling_and_puts_the_cursor_on_the_card(h):
    screen = _push(h, "power")
    roll_to(screen, [0, 1, 1, 4, 5, 3])  # Power die: Freeze
    assert screen.zone == "card"
    assert not screen.check_action("shake", ())
    assert screen.check_action("select", ())


def test_power_kept_gives_a_fourth_roll(h):
    screen = _push(h, "power")
    roll_to(screen, [5, 5, 5, 2, 0, 5])  # Power die: Power
    h.keys("UP,SELECT")  # UP from the first die wraps to the Power die
    assert screen.saved()["held"][-1]
    assert screen.obs()["power"]["fourth_roll"]
    for _ in range(3):
        h.press(Button.DIGIT_2)
    assert screen.saved()["rolls"] == 4


def test_five_opens_the_hint_and_back_closes_it(h):
    screen = start_game(h, "yahtzee")
    assert not screen.check_action("hint", ())  # nothing to look at before the first roll
    h.keys("2,5")
    assert type(h.top).__name__ == "HintScreen"
    h.press(Button.BACK)
    assert h.top is screen


def test_menu_has_resume_save_quit_help_and_quit_asks_first(h):
    screen = start_game(h, "yahtzee")
    assert [v for _, v in screen.menu_items()] == ["close", "save", "quit", "help"]
    h.keys("2,MENU,DOWN,DOWN,SELECT")
    assert type(h.top).__name__ == "ConfirmScreen"
    h.keys("DOWN,SELECT")  # Yes
    assert type(h.top).__name__ == "HomeScreen"
    assert h.app.saves.list() == []


def test_back_opens_the_menu_instead_of_dropping_the_game(h):
    screen = start_game(h, "yahtzee")
    h.press(Button.BACK)
    assert type(h.top).__name__ == "MenuScreen"
    h.press(Button.SELECT)  # Resume
    assert h.top is screen


def test_pass_the_remote_between_humans_eats_one_press(h):
    screen = _push(h, "classic", (HUMAN, HUMAN))
    h.keys("2,RIGHT")
    _score(h, screen)
    assert screen.turn_player == 1 and screen.passing_to is not None
    h.press(Button.DIGIT_2)  # clears the banner only
    assert screen.passing_to is None and screen.saved()["rolls"] == 0
    h.press(Button.DIGIT_2)
    assert screen.saved()["rolls"] == 1


def _computer_turn_time(h: Headless, screen: GameScreen, skip: bool) -> float:
    from engines.yahtzee import ai

    ai.heuristic_solver(ai.solver_rules(screen.game))  # warm: the first build is not the point here
    h.keys("2,RIGHT")
    _score(h, screen)
    assert screen.computer_turn
    start = h.clock.now
    if skip:
        h.press(Button.SELECT)
    for _ in range(3000):
        if not screen.computer_turn:
            break
        h.advance(20)
    assert not screen.computer_turn
    return h.clock.now - start


def test_computer_turn_is_shown_step_by_step(h):
    screen = _push(h, "classic", (HUMAN, PlayerSpec(True, "medium")))
    elapsed = _computer_turn_time(h, screen, skip=False)
    assert elapsed >= CPU_PAUSE_S["start"] + CPU_SHAKE_S + CPU_PAUSE_S["score"]
    assert screen.state.turns_taken() == [1, 1]


def test_select_skips_to_the_end_of_the_computer_turn(h):
    screen = _push(h, "classic", (HUMAN, PlayerSpec(True, "medium")))
    elapsed = _computer_turn_time(h, screen, skip=True)
    assert elapsed < CPU_PAUSE_S["start"] + CPU_SHAKE_S + CPU_PAUSE_S["score"]
    assert screen.state.turns_taken() == [1, 1]


def test_computer_decides_off_the_frame(h, monkeypatch):
    """A slow computer never stops the frames: the loop keeps turning while it thinks, and
    draws whatever changes (nothing moves meanwhile: the wait is a timer, not an animation)."""
    import threading

    gate = threading.Event()
    h.settle_workers = False  # the point here is that nothing waits for the worker
    screen = _push(h, "classic", (PlayerSpec(True, "medium"),))
    real = screen.match.computer(0)

    def slow(state):
        gate.wait(5)
        return real(state)

    screen.match.set_computer(0, slow)
    for _ in range(200):  # through the turn's opening pause, to the question put to the worker
        if screen.match.thinking:
            break
        h.advance(20)
    assert screen.match.thinking
    assert not h.app.animating
    h.advance(1000)  # returns while the worker is held: the loop did not wait for it
    frames = h.app.frames
    h.app.toast("hello")  # something to show while the computer still thinks
    h.advance(20)
    assert h.app.frames > frames and screen.saved()["rolls"] == 0
    gate.set()
    # the worker runs in real time (on a fresh checkout its first answer may load the tables):
    # give it real seconds, bounded, while the fake clock carries the turn on
    deadline = time.monotonic() + 120
    while not screen.saved()["rolls"] and time.monotonic() < deadline:
        h.advance(100)
        if screen.match.thinking:
            time.sleep(0.01)
    assert screen.saved()["rolls"] >= 1


def test_results_then_review_then_home(h, monkeypatch):
    import app.screens.yahtzee.review as review_module

    made = []

    from app.screen import Screen

    class FakeReview(Screen):
        """Records what the game hands the review (the real one builds the optimal table)."""

        def __init__(self, decisions, game, **kw):
            super().__init__()
            made.append((decisions, game, kw))

    monkeypatch.setattr(review_module, "ReviewScreen", FakeReview)
    screen = start_game(h, "yahtzee")
    play_to_end(h, screen, 1)
    h.advance(2500)
    assert type(h.top).__name__ == "ResultsScreen"
    h.press(Button.SELECT)
    assert isinstance(h.top, FakeReview)
    decisions, game, kw = made[0]
    assert decisions == screen.decisions and game is screen.game and kw["names"] == ["Player 1"]
    h.app.pop()  # BACK from the review: the results again
    assert type(h.top).__name__ == "ResultsScreen"
    h.press(Button.BACK)
    assert type(h.top).__name__ == "HomeScreen"
    assert len(h.app.high_scores.load("yahtzee-classic")) == 1
    assert h.app.high_scores.load("yahtzee-classic")[0].score == int(screen.state.returns()[0])


def test_setup_defaults_and_choices(h):
    assert default_choice("dice-party").players() == [HUMAN, PlayerSpec(True, "medium")]
    assert default_choice("yahtzee", "hard").players() == [HUMAN]
    assert default_choice("yahtzee", "hard").seats[1] == PlayerSpec(True, "hard")
    h.press(Button.SELECT)  # the Yahtzee tile
    setup = h.top
    assert isinstance(setup, SetupScreen) and setup.rows()[setup.focus] == "start"
    h.keys("UP,UP,UP,LEFT")  # mode: Classic -> Power (wraps)
    assert setup.choice.mode == "power"
    h.keys("DOWN" + ",RIGHT" * MAX_PLAYERS)  # players: 1 -> 2 -> 3 -> 4 -> 1
    assert setup.choice.count == 1
    h.keys("RIGHT,DOWN,DOWN,LEFT")  # 2 players; seat 2 computer -> the level before
    assert setup.choice.count == 2 and setup.choice.seats[1] == PlayerSpec(True, "easy")
    h.keys("DOWN,SELECT")
    game = h.top
    assert isinstance(game, GameScreen) and game.game.mode == "power"
    assert game.players == [HUMAN, PlayerSpec(True, "easy")]
    h.press(Button.BACK)
    h.keys("DOWN,DOWN,SELECT,DOWN,SELECT")  # quit without saving: yes
    assert type(h.top).__name__ == "HomeScreen"


def test_dice_party_is_persian_with_an_english_toggle(h):
    screen = start_game(h, "dice-party")
    assert h.app.lang == "fa" and screen.rtl
    assert t("yahtzee.title.dice-party") == "مهمانی تاس"
    h.press(Button.GREEN)
    assert h.app.lang == "en" and not screen.rtl
    h.press(Button.GREEN)
    assert h.app.lang == "fa"
    h.keys("MENU,DOWN,DOWN,SELECT,DOWN,SELECT")  # quit without saving
    assert h.app.lang == "en"  # the shell's own language again


def test_green_does_nothing_outside_dice_party(h):
    screen = start_game(h, "yahtzee")
    assert all(b.button != Button.GREEN for b in screen.bindings())
    h.press(Button.GREEN)
    assert h.app.lang == "en"


def test_layout_fits_the_safe_area_at_every_profile(tmp_path):
    from app.screens.yahtzee.game import compute_layout

    for profile in ("sd-pal", "hd-720", "sd-pal-wide"):
        h = Headless(profile=profile, lang="en", data_dir=tmp_path / profile, home=False)
        try:
            safe = h.app.theme.safe
            for mode in GAMES_BY_MODE:
                game = load_game(GAMES_BY_MODE[mode].name, num_players=GAMES_BY_MODE[mode].min_players)
                layout = compute_layout(h.app, game, scorecard.card_columns(game))
                rects = layout["dice"] + [r for _, r in layout["rows"]] + layout["headers"]
                rects += [layout["strip"], layout["card"], layout["status"]]
                for rect in rects:
                    assert safe.contains(rect), (profile, mode, rect)
                # the cells of one card page never overlap (pages share the card's place)
                for page in range(len(layout["pages"])):
                    cells = [
                        r for (_, r), on in zip(layout["rows"], layout["row_page"], strict=True) if on == page
                    ]
                    for i, a in enumerate(cells):
                        assert a.collidelist(cells[i + 1 :]) == -1, (profile, mode, page)
                shown = sorted(k for page in layout["pages"] for k in page)
                assert shown == list(range(len(scorecard.card_columns(game)))), (profile, mode)
        finally:
            h.close()


def test_hard_computer_plays_while_its_table_is_prepared(h, monkeypatch):
    """No table yet: the status says so with the progress, and the hard player plays on meanwhile."""
    from engines.yahtzee import ai

    class Preparing:
        ready, progress = False, 0.4

        def solver(self):
            return None

    monkeypatch.setattr(ai, "table_preparer", lambda rules: Preparing())
    screen = _push(h, "classic", (PlayerSpec(True, "hard"),))
    assert screen.preparing() == pytest.approx(0.4)
    for _ in range(100):
        h.advance(200)
        if screen.state.turns_taken()[0] >= 1:
            break
    assert screen.state.turns_taken() == [1]


def test_game_pauses_under_a_modal(h):
    screen = _push(h, "classic", (PlayerSpec(True, "medium"),))
    assert h.app.ticking  # the computer is playing
    h.press(Button.MENU)
    before = screen.state.to_dict()
    assert not h.app.ticking  # the menu idles: nothing below moves
    h.advance(3000)
    assert screen.state.to_dict() == before
    h.press(Button.SELECT)  # Resume
    for _ in range(100):
        h.advance(200)
        if screen.state.to_dict() != before:
            break
    assert screen.state.to_dict() != before
