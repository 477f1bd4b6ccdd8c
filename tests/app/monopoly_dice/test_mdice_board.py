"""The board screen's keys and pictures: placing, the Chance choice, undo, ending a turn, jail, the
odds screen, computer turns, the set-up defaults and the layout on every profile."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from app import widgets
from app.app import Headless
from app.screens.monopoly_dice.board import BoardScreen, compute_layout
from app.screens.monopoly_dice.players import PlayerSpec
from app.screens.monopoly_dice.scenes import _seed_where, place, roll_to
from engines.monopoly_dice import rules as R
from engines.monopoly_dice.odds import Position, hint
from remote.buttons import Button

HUMAN = PlayerSpec(False)
GROUP = R.GROUP_INDEX


@pytest.fixture
def headless(tmp_path):
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, home=False)
    yield h
    h.close()


def _board(h: Headless, players=(HUMAN, HUMAN), seed: int = 0) -> BoardScreen:
    from app.screens.home import HomeScreen

    h.app.push(HomeScreen())
    screen = BoardScreen.new(list(players), 15_000, np.random.default_rng(seed))
    screen.inline = True
    h.app.push(screen)
    h.app.step()
    return screen


def test_select_places_a_die_and_chance_chooses_its_group_with_arrows(headless):
    h = headless
    screen = _board(h)
    roll_to(screen, {"P1": "pink", "P2": "light-blue", "P3": "yellow", "P4": "orange", "P5": "red",
                     "P6": "chance", "P7": "green"})  # fmt: skip
    assert screen.die_focus == 0
    h.press(Button.SELECT)  # P1 on pink
    h.press(Button.SELECT)  # P2 (now focused) on light blue
    h.press(Button.SELECT)  # P3 on yellow
    h.press(Button.SELECT)  # P4 on orange
    h.press(Button.SELECT)  # P5 on red
    assert screen.state.placed[:5] == [
        GROUP["pink"], GROUP["light-blue"], GROUP["yellow"], GROUP["orange"], GROUP["red"]
    ]  # fmt: skip
    assert screen.die_focus == 5  # the Chance die
    h.press(Button.SELECT)
    assert screen.choosing == 5
    # no group lacks exactly one die: the choice starts on the most valuable group the Chance may take
    assert screen.group_focus == GROUP["dark-blue"]
    h.press(Button.BACK)  # cancel
    assert screen.choosing is None and screen.state.placed[5] is None
    h.press(Button.SELECT)
    h.press(Button.LEFT)  # across: dark blue (right column) -> pink (left column, same row)
    assert screen.group_focus == GROUP["pink"]
    h.press(Button.DOWN)
    assert screen.group_focus == GROUP["orange"]
    h.press(Button.UP)
    h.press(Button.SELECT)
    assert screen.state.placed[5] == GROUP["pink"]
    assert screen.state.group_has_chance(GROUP["pink"])
    # 4 undoes the last die move, most recent first
    h.press(Button.DIGIT_4)
    assert screen.state.placed[5] is None
    h.press(Button.DIGIT_4)
    assert screen.state.placed[4] is None
    assert screen.state.placed[:4] == [GROUP["pink"], GROUP["light-blue"], GROUP["yellow"], GROUP["orange"]]


def test_a_chance_that_completes_a_group_is_offered_that_group_first(headless):
    h = headless
    screen = _board(h)
    roll_to(screen, {"P1": "pink", "P2": "pink", "P3": "brown", "P4": "brown", "P5": "red", "P6": "chance"})
    h.keys("SELECT,SELECT")  # P1, P2 on pink
    assert screen.die_focus == 2
    h.keys("RIGHT,RIGHT,RIGHT")  # past the two brown dice and the red one to the Chance die
    assert screen.die_focus == 5
    h.keys("SELECT")
    assert screen.group_focus == GROUP["pink"]
    h.keys("SELECT")
    assert screen.state.group_complete(GROUP["pink"])
    assert "house die joins" in screen.banners[0]
    parts = screen.obs()["score_parts"]
    assert parts["basic"] == R.GROUPS[GROUP["pink"]].board_value


def test_end_turn_scores_and_passes_the_remote(headless):
    h = headless
    screen = _board(h)
    roll_to(screen, {"P1": "light-blue", "P2": "light-blue", "P6": "light-blue", "J1": "go"})
    place(screen, "P6", "light-blue")
    place(screen, "P2", "light-blue")
    place(screen, "P1", "light-blue")
    expected = screen.obs()["score_parts"]["turn"]
    assert expected == R.GROUPS[GROUP["light-blue"]].board_value + R.GO_AMOUNT
    h.press(Button.DIGIT_3)
    assert screen.state.scores[0] == expected
    assert screen.state.player == 1
    assert screen.passing_to == "Player 2"
    h.press(Button.DIGIT_2)  # the first press only clears "pass the remote"
    assert screen.passing_to is None and screen.state.rolls == 0
    table = screen.obs()["table"]
    assert table[0]["total"] == expected and table[0]["previous"] == expected


def test_keys_do_nothing_that_the_rules_forbid(headless):
    h = headless
    screen = _board(h)
    assert not screen.check_action("end_turn", ())  # the first roll is compulsory
    assert not screen.check_action("undo", ())
    assert not screen.check_action("select", ())
    h.press(Button.DIGIT_3)
    assert screen.state.rolls == 0 and screen.state.player == 0
    h.press(Button.BACK)  # BACK outside the Chance choice opens the menu: no game left by accident
    assert type(h.top).__name__ == "MenuScreen"
    h.press(Button.BACK)
    assert h.top is screen


def test_the_third_policeman_is_announced_and_scores_nothing(headless):
    h = headless
    screen = _board(h, (HUMAN, PlayerSpec(True, "easy")))
    screen.rng = np.random.default_rng(_seed_where(first_roll_busts=True))
    h.press(Button.DIGIT_2, 300)
    h.settle(3000)
    assert screen.jail_notice is not None and "Jail" in screen.jail_notice
    view = screen.view()
    assert all(d is not None for d in view["jail_squares"])
    assert screen.state.scores == [0, 0] and screen.state.busts[0] == 1
    frame = h.render()
    assert frame.get_size() == (720, 576)
    h.press(Button.DIGIT_0)  # any key
    assert not screen.holding_view and screen.computer_turn
    assert screen.jailed_last == [True, False]  # the table says "Jail" for the last turn
    assert BoardScreen.from_payload(screen.save_payload()).jailed_last == [True, False]


def test_policemen_and_go_move_by_themselves(headless):
    h = headless
    screen = _board(h)
    seed = next(
        s for s in range(500)
        if _first_roll(s)["jailed"][0] is False and sum(_first_roll(s)["jailed"]) == 1
    )  # fmt: skip
    screen.rng = np.random.default_rng(seed)
    h.press(Button.DIGIT_2, 200)
    assert screen.match.settling  # the dice tumble first
    h.advance(600)
    assert screen.flights and all(to[0] in ("jail", "go") for to in screen.flights)
    h.advance(800)
    assert not screen.flights
    assert screen.obs()["policemen"] == 1


def _first_roll(seed: int) -> dict:
    from engines.core import sample_chance
    from engines.monopoly_dice import ROLL, MonopolyDiceGame

    rng = np.random.default_rng(seed)
    state = MonopolyDiceGame(2).new_initial_state()
    state.apply_action(ROLL)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return state.to_dict()


def test_odds_screen_shows_the_engines_exact_numbers(headless):
    h = headless
    screen = _board(h)
    roll_to(screen, {"P1": "pink", "P2": "pink", "P6": "chance", "J2": "policeman"})
    place(screen, "P1", "pink")
    obs = screen.obs()
    h.press(Button.DIGIT_5)
    odds = h.top
    assert type(odds).__name__ == "OddsScreen"
    assert odds.job.wait(10)
    assert odds.job.result == hint(Position.from_observation(obs))
    assert odds.job.result["jail"] == pytest.approx(1 / 9)
    h.render()
    h.press(Button.DIGIT_5)
    assert h.top is screen


def test_odds_screen_works_in_a_thread(headless):
    from app.screens.monopoly_dice.odds import OddsScreen

    h = headless
    screen = _board(h)
    roll_to(screen, {"P1": "brown"})
    odds = OddsScreen(screen.obs(), inline=False)
    h.app.push(odds)
    assert odds.job.wait(10)
    h.advance(50)
    assert not odds.ticking  # the numbers are in: nothing more to wait for


def test_computer_turn_step_by_step_and_select_skips(headless):
    h = headless
    screen = _board(h, (PlayerSpec(True, "medium"), HUMAN), seed=4)
    h.advance(300)
    assert screen.state.rolls == 0  # a pause before the computer starts
    seen_rolls = set()
    for _ in range(40):
        h.advance(200)
        if screen.state.player != 0:
            break
        seen_rolls.add(screen.state.rolls)
    assert len(seen_rolls) >= 2  # the roll(s) and placements came one at a time
    screen2 = _board(h, (PlayerSpec(True, "hard"), HUMAN), seed=4)
    h.advance(100)
    h.press(Button.SELECT)
    for _ in range(50):
        if screen2.state.player == 1 and not screen2.busy:
            break
        h.advance(100)
    assert screen2.state.player == 1 and screen2.state.turns[0] == 1


def test_setup_defaults_follow_the_settings(tmp_path):
    h = Headless(profile="hd-720", lang="en", data_dir=tmp_path)
    try:
        h.app.settings.target_score = 25_000
        h.app.settings.difficulty = "hard"
        from mdice_screen_helpers import open_tile

        open_tile(h, "monopoly-dice")
        setup = h.top
        assert setup.choice.target == 25_000
        assert setup.choice.players() == [HUMAN, PlayerSpec(True, "hard")]
        h.keys("UP,UP,UP,UP,RIGHT,RIGHT")  # 2 -> 4 players
        assert setup.choice.count == 4
        h.keys("DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,SELECT")
        board = h.top
        assert isinstance(board, BoardScreen)
        assert len(board.players) == 4 and board.game.target == 25_000
    finally:
        h.close()


@pytest.mark.parametrize("profile", ["sd-pal", "hd-720", "sd-pal-wide", "rpi"])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_layout_stays_inside_the_safe_area(tmp_path, profile, lang):
    h = Headless(profile=profile, lang=lang, data_dir=tmp_path, home=False)
    try:
        safe = h.app.theme.safe
        for players in (2, 3, 4):
            layout = compute_layout(h.app, players)
            rects = [layout[k] for k in ("header", "status", "board", "table", "go", "hotel")]
            rects += layout["tray"] + layout["jail"] + layout["houses"] + layout["player_rows"]
            for cell in layout["groups"].values():
                rects += [cell["frame"], cell["band"], *cell["squares"]]
            for rect in rects:
                assert safe.contains(rect), (players, rect, safe)
            board, table = layout["board"], layout["table"]
            assert not board.colliderect(table)
            assert layout["player_rows"][-1].bottom <= table.bottom
            assert layout["tray"][0].top > layout["status"].bottom - 1
            sq = layout["groups"]["railroads"]["squares"][0]
            body = widgets.die_body_rect(sq, h.app.theme.pixel_aspect)
            assert body.h >= h.app.theme.px(30)  # readable from the couch (lines: the same on every TV)
    finally:
        h.close()


def test_persian_mirrors_the_board(tmp_path):
    pictures = {}
    for lang in ("en", "fa"):
        h = Headless(profile="hd-720", lang=lang, data_dir=tmp_path / lang, home=False)
        try:
            screen = _board(h)
            roll_to(screen, {"P1": "brown"})
            frame = h.render()
            band = compute_layout(h.app, 2)["groups"]["brown"]["band"]
            rect = h.app.theme.mirror(band, h.app.rtl)
            pictures[lang] = frame.get_at((rect.centerx, rect.bottom - 3))[:3]
            if lang == "fa":
                assert rect.x > h.app.theme.width // 2  # brown is on the right in Persian
        finally:
            h.close()
    brown = pygame.Color(*pictures["en"])
    assert pictures["en"] == pictures["fa"] and brown.r > brown.b


def test_computer_decides_in_a_worker_thread(headless):
    """Off the frame (as on the box): the same turn as when decided on the frame."""
    import time

    h = headless
    results = []
    for inline in (True, False):
        screen = _board(h, (PlayerSpec(True, "hard"), HUMAN), seed=6)
        screen.inline = inline
        deadline = time.monotonic() + 30
        while screen.state.player == 0 and time.monotonic() < deadline:
            h.advance(100)
        h.settle(5000)
        assert screen.match.uses_worker is not inline
        results.append(screen.state.to_dict())
        h.app.pop()
    assert results[0] == results[1]


def test_a_computer_turn_says_while_the_solved_turn_is_being_built(headless, monkeypatch):
    from types import SimpleNamespace

    from engines.monopoly_dice import turn_table

    building = SimpleNamespace(ready=False, error=None, progress=0.42)
    monkeypatch.setattr(turn_table, "preparer", lambda: building)
    h = headless
    screen = _board(h, (PlayerSpec(True, "hard"), HUMAN), seed=4)
    h.advance(300)
    view = screen.state.to_dict(0)
    assert screen.computer_turn
    assert "studying the game 42%" in screen.status_line(view)
    building.ready = True  # built: the usual line, SELECT to skip
    assert "SELECT" in screen.status_line(view) and "studying" not in screen.status_line(view)


@pytest.mark.parametrize("profile", ["sd-pal", "sd-pal-wide", "hd-720"])
def test_english_and_persian_share_one_layout(tmp_path, profile):
    """Persian is the English board mirrored: every rectangle the same before mirroring."""
    layouts = {}
    for lang in ("en", "fa"):
        h = Headless(profile=profile, lang=lang, data_dir=tmp_path / lang, home=False)
        try:
            layouts[lang] = [
                compute_layout(h.app, players, help_h) for players in (2, 4) for help_h in (None, 70)
            ]
        finally:
            h.close()
    assert layouts["en"] == layouts["fa"]


@pytest.mark.parametrize("profile", ["sd-pal", "hd-720"])
def test_every_group_reads_on_the_board_and_in_the_tray(tmp_path, profile):
    """Each group's name is readable on its colour band, and each group's die (Utilities' black
    included) stands out on the screen and on a card's paper, by its colour or by its rim."""
    from app.screens.monopoly_dice import look

    h = Headless(profile=profile, lang="en", data_dir=tmp_path, home=False)
    try:
        safe = h.app.profile.safe_colour
        background = h.app.theme.colour("background")
        paper = safe(look.DEED_PAPER)
        for group in R.GROUPS:
            band = look.group_colour(h.app, group.key)
            ink = safe(look.ink_on(band))
            assert look.contrast(ink, band) >= look.MIN_CONTRAST_TEXT, (group.key, ink, band)
            for ground in (background, paper):
                edge = look.rim_for(band, ground) or band
                assert look.contrast(edge, ground) >= look.MIN_CONTRAST_SHAPE, (group.key, ground)
        assert look.rim_for(look.group_colour(h.app, "utilities"), background) is not None
    finally:
        h.close()


def test_dice_have_persian_names_and_cards_print_prices_like_title_deeds():
    from app.screens.monopoly_dice import look

    assert [look.die_name(d, "en") for d in (0, 6, 7, 9, 10)] == ["P1", "P7", "J1", "J3", "H"]
    assert [look.die_name(d, "fa") for d in (0, 6, 7, 9, 10)] == ["م۱", "م۷", "ز۱", "ز۳", "خ"]
    assert look.card_money(2_500, "en") == "$2500" and look.card_money(2_500, "fa") == "۲۵۰۰"


def test_the_status_line_names_the_focused_die(headless):
    h = headless
    screen = _board(h)
    roll_to(screen, {"P1": "pink", "P6": "chance"})
    h.app.step()
    assert screen.die_focus == 0
    assert screen.status_line(screen.obs()) == "Pink die, $300: SELECT puts it on its card"
    h.press(Button.LEFT)  # round to the last rolled die, P7 (dice not named show their first face)
    h.press(Button.LEFT)  # P6, the Chance
    assert screen.die_focus == 5
    assert screen.status_line(screen.obs()) == "Chance die: SELECT, then choose its group"


def test_an_empty_tray_slot_names_its_die(headless):
    """A die placed on the board leaves its slot outlined with its name in it."""
    h = headless
    screen = _board(h)
    roll_to(screen, {"P1": "pink"})
    h.press(Button.SELECT)
    h.render()
    tray = compute_layout(h.app, 2, widgets.help_bar_height(h.app, screen))["tray"][0]
    names = [run for run in h.app.text.runs if run.text == "P1"]
    assert names and pygame.Rect(names[0].rect).colliderect(tray)
