"""The "view die sides" numbers and the income table (engines/monopoly/odds.py)."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

from engines.monopoly import landing, odds
from engines.monopoly import rules as R
from engines.monopoly.landing import IN_JAIL


def test_doctests():
    assert doctest.testmod(odds).failed == 0


def test_one_throw_from_go_counts_the_cards_that_move_on():
    d = odds.throw_distribution(R.GO)
    chance, chest = R.DECKS
    to_go = sum(c.effect == "advance" and c.square == R.GO for c in chance)
    chest_to_go = sum(c.effect == "advance" and c.square == R.GO for c in chest)
    # a 7 is Chance (Advance to GO), a 2 is Community Chest (Advance to GO)
    assert d[R.GO] == pytest.approx(6 / 36 * to_go / 16 + 1 / 36 * chest_to_go / 16)
    back = sum(c.effect == "back" for c in chance)
    assert d[4] == pytest.approx(3 / 36 + 6 / 36 * back / 16)  # Income Tax: a 4, or Chance back three
    assert d[IN_JAIL] > 0 and d.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("square", range(R.NUM_SQUARES))
def test_every_start_gives_a_distribution(square):
    for doubles in range(R.DOUBLES_TO_JAIL):
        assert odds.throw_distribution(square, doubles).sum() == pytest.approx(1.0)


def test_a_throw_after_two_doubles_ends_in_jail_on_any_double():
    d = odds.throw_distribution(0, doubles=2)
    assert d[IN_JAIL] >= 6 / 36


def test_the_rest_of_a_turn_counts_the_extra_throws():
    c = landing.chain("long")
    outlook = odds.turn_outlook(c.state(R.GO, 0), rent=lambda sq, route, total: 1.0)
    # rent everywhere but In Jail: paid unless the turn's only landing is In Jail
    assert 0.95 < outlook["pay_rent"] < 1.0
    assert 1.0 < outlook["land_once"].sum() < 1.2  # a double throws again
    assert 1.1 < outlook["expected_rent"] < outlook["land_once"].sum()
    jailed = odds.turn_outlook(c.jail_state(0))
    assert jailed["land_once"][IN_JAIL] == pytest.approx(30 / 36, abs=0.01)  # no double, still in


def test_landings_per_turn_add_up_to_the_throws_of_a_turn():
    f = odds.landing_flux("short")
    per_turn = f["normal"].sum() + f["double"].sum() + f["ten_times"].sum()
    assert per_turn == pytest.approx(1 / landing.chain("short").turns_per_throw())
    # only the nearest-railroad card lands at double rent: on the railroads after the Chance squares
    chance = [s.index for s in R.BOARD if s.kind == "chance"]
    assert set(np.flatnonzero(f["double"])) == {R.next_of(sq, R.RAILROADS) for sq in chance}
    assert set(np.flatnonzero(f["ten_times"])) == set(R.UTILITIES)


def test_income_of_a_hotel_is_its_rent_times_landings_per_turn():
    f = odds.landing_flux("short")
    boardwalk = 39
    assert odds.expected_rent_per_turn(boardwalk, 6) == pytest.approx(2000 * f["normal"][boardwalk])
    table = {row["index"]: row for row in odds.income_table()}
    assert set(table) == set(R.PROPERTIES)
    levels = list(table[boardwalk]["income"].values())
    assert levels == sorted(levels)  # every building earns more
    assert table[boardwalk]["income"]["group"] == pytest.approx(2 * table[boardwalk]["income"]["alone"])
    reading = table[5]["income"]
    assert reading["4 owned"] == pytest.approx(8 * reading["1 owned"])


def _observation(owner_of: dict[int, int], rents: dict[int, int], position: int = 0) -> dict:
    squares = [
        {
            "index": s.index,
            "kind": s.kind,
            "owner": owner_of.get(s.index),
            "mortgaged": False,
            "rent": rents.get(s.index, 0),
        }
        for s in R.BOARD
    ]
    players = [{"position": position, "in_jail": False, "jail_turns": 0}, {"position": 0, "in_jail": False}]
    return {"turn_player": 0, "doubles": 0, "players": players, "squares": squares}


def test_hint_rent_from_one_opponent_square():
    obs = _observation({39: 1}, {39: 50})
    h = odds.hint(obs)
    # from Park Place (37) every landing on Boardwalk comes from a throw of 2 or a card
    obs2 = _observation({39: 1}, {39: 50}, position=37)
    h2 = odds.hint(obs2)
    assert h2["pay_rent"] > h["pay_rent"]
    assert h2["expected_rent"] == pytest.approx(50 * h2["this_turn"][39], rel=0.05)
    own = odds.hint(_observation({39: 0}, {39: 50}, position=37))
    assert own["pay_rent"] == 0.0 and own["expected_rent"] == 0.0


def test_analyse_income_prints_every_property(capsys):
    from app import cli

    assert cli.main(["analyse", "monopoly", "--income"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + len(R.PROPERTIES) and "Boardwalk" in lines[-1] and "hotel" in lines[-1]


def test_hint_reads_the_engines_observation():
    from engines.monopoly.game import MonopolyGame

    state = MonopolyGame(3).new_initial_state()
    light_blue = R.GROUPS["light-blue"]
    for sq in light_blue:
        state.owner[sq] = 1
        state.level[sq] = 3
    h = odds.hint(state.to_dict(0))
    lands = [h["this_turn"][sq] for sq in light_blue]
    assert max(lands) <= h["pay_rent"] <= sum(lands)
    rents = [R.BOARD[sq].rents[3] for sq in light_blue]
    assert min(rents) * h["pay_rent"] <= h["expected_rent"] <= max(rents) * sum(lands) * 1.01
