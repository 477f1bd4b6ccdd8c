"""Each family's private phone view holds only what its seat may see; the settings and the panel."""

from __future__ import annotations

import json

import pytest

from app.catalog import families
from app.phones.service import PhoneService, private_view
from engines.core import load_game
from tests.app.phones.test_browser_monopoly import BALTIC, near_the_end


def test_every_family_names_a_phone_view():
    assert all(family.phone_view for family in families())


def test_a_monopoly_trade_draft_is_the_proposers_alone_until_offered():
    state = near_the_end()
    for text in ("trade with P2", f"toggle {state.to_dict(0)['squares'][BALTIC]['name']}", "give $100"):
        state.apply_action(state.string_to_action(text))
    assert private_view(state, 0)["trade"]["partner"] == 1
    assert private_view(state, 1)["trade"] is None and private_view(state, 2)["trade"] is None
    state.apply_action(state.string_to_action("propose"))
    assert private_view(state, 1)["trade"]["squares"] == [BALTIC]
    assert private_view(state, 1)["trade"]["square_names"] == ["Baltic Avenue"]  # named, not numbered
    assert private_view(state, 2)["trade"] is None


def test_a_monopoly_phone_lists_only_its_own_deeds():
    state = near_the_end()
    bob = private_view(state, 1)
    assert [d["name"] for g in bob["deeds"] for d in g["squares"]] == ["Baltic Avenue"]
    assert bob["cash"] == 1 and "unseen" not in json.dumps(bob)


def test_a_yahtzee_phone_sees_its_card_and_only_the_others_totals():
    state = load_game("yahtzee-classic", num_players=2).new_initial_state()
    view = private_view(state, 1)
    assert len(view["boxes"]) == 13 and view["totals"] == [0, 0]
    assert not any(box["allowed"] or box["potential"] is not None for box in view["boxes"])


def test_a_monopoly_dice_phone_gets_its_odds_on_its_turn():
    state = load_game("monopoly-dice", num_players=2).new_initial_state()
    mine, theirs = private_view(state, 0), private_view(state, 1)
    assert 0.0 <= mine["odds"]["jail"] <= 1.0 and mine["odds"]["complete"]
    assert theirs["odds"] == {}


@pytest.mark.parametrize(
    "bind, ok", [("", True), ("127.0.0.1", True), ("192.168.1.5", True), ("8.8.8.8", False)]
)
def test_the_bind_address_is_never_public(bind, ok, tmp_path):
    from app.settings import _validated

    assert (_validated("phones_bind", bind, None) is not None) == ok
    if bind and not ok:
        with pytest.raises(ValueError):
            PhoneService.for_settings(None, bind)  # type: ignore[arg-type]


def test_the_panel_shows_the_room_and_who_is_connected(tmp_path):
    from app.phones.server import Seat
    from app.screens.phones import PhonesScreen
    from tests.app.phones.helpers import yahtzee_box

    box, service = yahtzee_box(tmp_path)
    try:
        service.server._seats[1] = Seat("secret", "Bob", client=7)
        box.app.push(PhonesScreen())
        box.render()
        drawn = [run.text for run in box.app.text.runs if not run.covered and not run.clipped]
        assert service.server.room in drawn and "Seat 2: Bob" in drawn and service.address in drawn
        assert service.server.inbox.fileno() in box.app.wait_fds()  # a phone's message wakes the loop
        box.keys("BACK")
        assert not isinstance(box.top, PhonesScreen)
    finally:
        box.close()


def test_asked_first_then_select_lets_phones_in_and_off_hides_the_menu_entry(tmp_path):
    from app.app import Headless
    from app.screens.phones import PhonesScreen, menu_items

    box = Headless(data_dir=tmp_path)
    try:
        box.app.settings.phones_bind = "127.0.0.1"
        assert box.app.settings.phones == "ask" and menu_items(box.app) == [("phones.menu", "phones")]
        box.app.push(PhonesScreen())
        box.render()
        assert box.app.phones is None  # nothing listens before the player says yes
        box.keys("SELECT")
        service = box.app.phones
        assert service is not None and service.server.host == "127.0.0.1" and service.running
        box.app.settings.phones = "off"
        from app.phones.service import follow_setting

        follow_setting(box.app)
        assert box.app.phones is None and not service.running and menu_items(box.app) == []
    finally:
        box.close()


def test_a_move_from_a_phone_takes_down_the_pass_the_remote_banner(tmp_path):
    import numpy as np

    from app.app import Headless
    from app.match import PlayerSpec
    from app.screens.monopoly.game import GameScreen
    from app.screens.monopoly.look import Seat

    box = Headless(data_dir=tmp_path)
    try:
        seats = [Seat(PlayerSpec(name=name), n, n) for n, name in enumerate(("Ann", "Bob", "Cy"))]
        screen = GameScreen(near_the_end(), seats, np.random.default_rng(5), [1, 2, 3])
        box.app.push(screen)
        service = PhoneService(box.app, "127.0.0.1", 0).start()
        box.advance(50)
        screen._pass_to = "Ann"
        roll = screen.state.string_to_action("roll")
        service._act(99, 0, {"type": "act", "id": 1, "action": roll, "move": service.move})
        assert screen.passing_to is None and screen.state.to_dict(0)["dice"] is not None  # rolled
    finally:
        box.close()


def test_a_pig_phone_shows_its_turn_at_stake_only_on_its_turn():
    state = load_game("pig", num_players=2).new_initial_state()
    assert private_view(state, 0)["your_turn"] and not private_view(state, 1)["your_turn"]
    assert private_view(state, 1)["turn_total"] == 0 and private_view(state, 0)["goal"] == 100
