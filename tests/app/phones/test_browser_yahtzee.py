"""Yahtzee from a phone in real headless Chromium: a whole game (from a near-the-end position), a
reload mid-turn that keeps the seat, and a phone that drops while the remote plays on."""

from __future__ import annotations

import numpy as np
import pytest

from app.match import PlayerSpec
from app.phones.service import PhoneService
from engines.core import load_game
from tests.app.phones.helpers import Pump


def last_round_box(tmp_path, open_box: str = "chance"):
    """Ann and Bob with every box scored but ``open_box``: one turn each is left."""
    from app.app import Headless
    from app.screens.yahtzee.game import GameScreen
    from engines.yahtzee.game import YahtzeeState

    game = load_game("yahtzee-classic", num_players=2)
    data = game.new_initial_state().to_dict(None)
    for player in range(2):
        for box in game.boxes:
            data["scores"][player][box.id] = None if box.key == open_box else box.id + player
            data["multipliers"][player][box.id] = 1
        data["turns"][player] = len(game.boxes) - 1
    state = YahtzeeState.from_dict(game, data)
    box = Headless(data_dir=tmp_path)
    seats = [PlayerSpec(name="Ann"), PlayerSpec(name="Bob")]
    box.app.push(GameScreen(state, seats, np.random.default_rng(3), np.random.default_rng(4)))
    service = PhoneService(box.app, "127.0.0.1", 0).start()
    box.advance(20)
    return box, service


@pytest.fixture
def table(tmp_path):
    box, service = last_round_box(tmp_path)
    yield box, service
    box.close()


def join(page, service, seat_label: str, name: str) -> None:
    page.goto(service.url)
    page.fill("#name", name)
    page.get_by_role("button", name=seat_label).click()
    page.locator("#status").wait_for()


def test_two_phones_finish_a_game_and_one_reloads_mid_turn(table, phone):
    box, service = table
    ann, bob = phone.new(), phone.new()
    match = box.top.match
    with Pump(box) as pump:
        join(ann, service, "Seat 1: Ann", "Ann")
        join(bob, service, "Seat 2: Bob", "Bob")
        pump.until(lambda: len(service.connected()) == 2, "both phones seated")
        ann.get_by_text("Your turn").wait_for()
        ann.get_by_role("button", name="Roll").click()
        ann.locator(".die:not([disabled])").first.wait_for()
        ann.locator(".die").nth(2).click()
        ann.locator(".die.held").wait_for()
        ann.reload()  # mid-turn: the secret on the phone brings the same seat back, dice as they were
        ann.locator(".die.held").wait_for()
        assert pump.call(service.connected) == {0: "Ann", 1: "Bob"}
        assert pump.call(lambda: match.state.to_dict(0)["dice"][2]["held"])
        ann.get_by_role("button", name="Chance").click()  # Chance never scores 0: one tap
        bob.get_by_text("Your turn").wait_for()
        bob.get_by_role("button", name="Roll").click()
        bob.locator(".die:not([disabled])").first.wait_for()
        bob.get_by_role("button", name="Chance").click()
        ann.get_by_text("Game over").wait_for()
        pump.until(lambda: match.state.is_terminal(), "the game to end")
    chance = next(b.id for b in match.state.game.boxes if b.key == "chance")
    assert all(match.state.scores(p)[chance] > 0 for p in range(2))


def test_a_phone_that_drops_leaves_its_seat_to_the_remote(table, phone):
    box, service = table
    ann = phone.new()
    with Pump(box) as pump:
        join(ann, service, "Seat 1: Ann", "Ann")
        pump.until(lambda: service.connected() == {0: "Ann"}, "Ann seated")
        ann.context.close()  # the phone is gone (Wi-Fi lost, tab closed)
        pump.until(lambda: service.connected() == {}, "the TV to see the phone go")
        pump.call(lambda: box.keys("2"))  # the remote rolls for Ann at once
        rolls = pump.call(lambda: box.top.match.state.to_dict(0)["rolls"])
    assert rolls == 1
