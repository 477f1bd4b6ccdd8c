"""The SELECT trap: one reflex press after a roll must never score a box, and a zero or a wasteful
score asks for a second SELECT on a shown confirmation."""

from __future__ import annotations

import pytest

from app.app import Headless
from app.screens.yahtzee.game import GameScreen, PlayerSpec
from app.screens.yahtzee.scenes import roll_to
from remote.buttons import Button


@pytest.fixture
def h(tmp_path):
    headless = Headless(profile="sd-pal", lang="en", data_dir=tmp_path)
    yield headless
    headless.close()


def _box(screen: GameScreen, key: str) -> int:
    return next(box.id for box in screen.game.boxes if box.key == key)


def test_the_reported_repro_scores_no_box_on_the_reflex_select(h):
    h.keys("SELECT,SELECT,2:hold=600,RIGHT,SELECT,2:hold=600,SELECT")
    screen = h.top
    assert isinstance(screen, GameScreen)
    assert screen.state.scores(0)[_box(screen, "twos")] is None
    assert screen.zone == "dice"  # the last SELECT held a die instead
    assert any(screen.saved()["held"])


def _roll(screen: GameScreen, numbers: list[int]) -> None:
    roll_to(screen, [n - 1 for n in numbers])  # Classic dice: face index n - 1 shows n


def _game(h, numbers) -> GameScreen:
    screen = GameScreen.new("classic", [PlayerSpec(False)], h.app.rng)
    h.app.push(screen)
    h.app.step()
    _roll(screen, numbers)
    h.app.step()
    return screen


def test_focus_returns_to_the_dice_after_every_roll(h):
    screen = _game(h, [1, 1, 2, 3, 4])
    h.keys("RIGHT")
    assert screen.zone == "card"
    h.keys("2:hold=600")
    assert screen.zone == "dice"


def test_a_zero_needs_a_second_select(h):
    screen = _game(h, [1, 1, 2, 3, 5])
    sixes = _box(screen, "sixes")
    screen.zone, screen.box_focus = "card", sixes
    h.keys("SELECT")
    assert screen.state.scores(0)[sixes] is None
    assert screen.confirming == sixes
    h.keys("SELECT")
    assert screen.state.scores(0)[sixes] == 0
    assert screen.confirming is None


def test_another_key_takes_the_confirmation_back(h):
    screen = _game(h, [1, 1, 2, 3, 5])
    screen.zone, screen.box_focus = "card", _box(screen, "sixes")
    h.keys("SELECT,DOWN")
    assert screen.confirming is None
    assert all(score is None for score in screen.state.scores(0))


def test_a_wasteful_early_score_asks_but_a_good_one_does_not(h):
    screen = _game(h, [3, 1, 2, 5, 6])
    threes = _box(screen, "threes")
    screen.zone, screen.box_focus = "card", threes
    h.keys("SELECT")  # 3 of the 15 Threes can make, with two rolls left: asks
    assert screen.confirming == threes and screen.state.scores(0)[threes] is None
    h.keys("DOWN")
    straight = _box(screen, "large_straight")
    _roll(screen, [2, 3, 4, 5, 6])
    screen.zone, screen.box_focus = "card", straight
    h.keys("SELECT")  # a Large Straight is worth all it can be: scored at once
    assert screen.state.scores(0)[straight] == 40


def test_a_banner_waits_for_the_dice_to_land(h):
    """POWER!, FREEZE!, YAHTZEE!: shown beside the settled dice, never over them tumbling."""
    screen = GameScreen.new("classic", [PlayerSpec(False)], h.app.rng)
    h.app.push(screen)
    h.app.step()
    h.press(Button.DIGIT_2, 300)  # released: the dice tumble for a moment
    assert screen.match.settling
    screen.announce("YAHTZEE!")
    h.app.step()
    assert "YAHTZEE!" not in [run.text for run in h.app.text.runs]
    while screen.match.settling:
        h.advance(20)
    h.render()
    assert "YAHTZEE!" in [run.text for run in h.app.text.runs]


def test_back_from_the_review_returns_to_the_results_and_2_plays_again(h):
    from yahtzee_screen_helpers import play_to_end, start_game

    from app.screens.yahtzee.results import ResultsScreen, high_score_mode
    from app.screens.yahtzee.review import ReviewScreen

    screen = start_game(h, "yahtzee")
    play_to_end(h, screen)
    h.advance(5000)
    assert isinstance(h.top, ResultsScreen)
    h.keys("SELECT")
    assert isinstance(h.top, ReviewScreen)
    h.keys("BACK")
    assert isinstance(h.top, ResultsScreen)
    mode = high_score_mode(screen.state)
    assert len(h.app.high_scores.load(mode)) == 1  # the score entered once, not again
    h.keys("2")
    again = h.top
    assert isinstance(again, GameScreen) and again is not screen
    assert again.game.mode == "classic" and again.players == screen.players
    assert not any(score is not None for score in again.state.scores(0))
