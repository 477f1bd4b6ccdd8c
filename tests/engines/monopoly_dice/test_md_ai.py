"""Computer players and the simulator."""

from __future__ import annotations

import numpy as np
import pytest

from engines.core import play_out
from engines.monopoly_dice import END_TURN, ROLL, place_action
from engines.monopoly_dice import rules as R
from engines.monopoly_dice.ai import PLAYERS, HardPlayer, make_player, plan_all
from engines.monopoly_dice.odds import Position, roll_once_value
from engines.monopoly_dice.simulate import format_text, run
from tests.engines.monopoly_dice.helpers import DIE, new_state, place, roll


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_player_finishes_games_with_legal_moves(name):
    state = new_state(players=2, target=10_000)
    players = [make_player(name, 1), make_player("medium", 2)]
    final = play_out(state, np.random.default_rng(3), players)  # apply_action refuses illegal moves
    assert final.is_terminal()


def test_unknown_player_is_refused():
    with pytest.raises(ValueError, match="no Monopoly Dice player"):
        make_player("grandmaster")


def test_hard_stops_when_the_turn_reaches_the_target():
    s = new_state(target=10_000)
    s.scores = [9_500, 0]
    roll(s, P1="brown", P2="brown")
    hard = HardPlayer()
    while (action := hard(s)) != END_TURN:
        assert action != ROLL
        s.apply_action(action)
    assert s.score_parts()["turn"] >= 500


def test_hard_stops_by_the_one_more_roll_value():
    s = new_state()
    roll(s, J1="policeman", J2="policeman", P1="railroads", P2="railroads", P3="railroads", P4="railroads")
    # it places the four railroads, then rolls on exactly when one more roll is worth more
    hard = HardPlayer()
    actions = []
    while (action := hard(s)) >= 10:
        s.apply_action(action)
        actions.append(action)
    railroads = R.GROUP_INDEX["railroads"]
    assert all(place_action(DIE[d], railroads) in actions for d in ("P1", "P2", "P3", "P4"))
    pos = Position.from_observation(s.to_dict(0))
    assert (action == ROLL) == (roll_once_value(pos) > pos.turn_score())


def test_hard_goes_for_the_win_when_an_opponent_is_about_to_win():
    s = new_state()
    s.scores = [0, 14_000]
    roll(s, P1="brown", P2="brown", J2="policeman", J3="policeman")
    hard = HardPlayer()
    while (action := hard(s)) >= 10:
        s.apply_action(action)
    assert action == ROLL


class _Table:
    """A solved turn that ranks placing nothing first and always throws on."""

    def __init__(self, plans):
        self.plans = plans

    def placements(self, pos):
        return [(plan, 2_000.0 - i) for i, plan in enumerate(self.plans)]

    def should_roll(self, pos):
        return True


def test_hard_takes_the_placement_that_wins_now(monkeypatch):
    from engines.monopoly_dice import turn_table

    s = new_state()
    s.scores = [14_000, 0]
    roll(s, P1="brown", P2="pink", P3="pink", P4="red", P5="red", P6="pink", P7="railroads")
    reds = ((DIE["P4"], R.GROUP_INDEX["red"]), (DIE["P5"], R.GROUP_INDEX["red"]))
    monkeypatch.setattr(turn_table, "available_table", lambda: _Table([(), reds]))
    hard = make_player("hard")
    actions = []
    while (action := hard(s)) >= 10:
        s.apply_action(action)
        actions.append(action)
    # the table's favourite throws everything again; the red dice make the $1,000 still needed
    assert actions == [place_action(d, g) for d, g in reds] and action == END_TURN
    s.apply_action(action)
    assert s.is_terminal() and s.winner == 0
    # the earlier policies did not look: they play the table's favourite
    s = new_state()
    s.scores = [14_000, 0]
    roll(s, P1="brown", P2="pink", P3="pink", P4="red", P5="red", P6="pink", P7="railroads")
    assert make_player("hard-mirror")(s) == ROLL


def test_hard_ev_ignores_the_race():
    s = new_state()
    s.scores = [0, 14_000]
    roll(s, P1="brown", P2="brown", J2="policeman", J3="policeman")
    player = make_player("hard-ev")
    while (action := player(s)) >= 10:
        s.apply_action(action)
    pos = Position.from_observation(s.to_dict(0))
    assert (action == ROLL) == (roll_once_value(pos) > pos.turn_score())


def test_plans_use_chance_to_complete_the_most_valuable_group():
    s = new_state()
    roll(s, P6="chance", P7="dark-blue", P3="pink")
    pos = Position.from_observation(s.to_dict(0))
    plan = plan_all(pos)
    assert (DIE["P7"], R.GROUP_INDEX["dark-blue"]) in plan
    assert (DIE["P6"], R.GROUP_INDEX["dark-blue"]) in plan
    focus = plan_all(pos, focus=True)
    assert (DIE["P3"], R.GROUP_INDEX["pink"]) in plan
    assert (DIE["P3"], R.GROUP_INDEX["pink"]) not in focus  # one pink of three: far from complete


def test_players_read_only_the_observation():
    s = new_state()
    roll(s, P1="brown", P2="brown")
    place(s, "P1", "brown")
    action = make_player("medium")(s)
    assert action == place_action(DIE["P2"], R.GROUP_INDEX["brown"])


def test_hard_scores_more_per_turn_than_medium_and_police2():
    result = run({"players": ["hard", "medium", "police2"], "games": 24, "seed": 7})
    by_name = {p["name"]: p for p in result["players"]}
    assert by_name["hard"]["mean_turn_score"] > by_name["medium"]["mean_turn_score"]
    assert by_name["hard"]["mean_turn_score"] > by_name["police2"]["mean_turn_score"]


def test_simulate_is_reproducible_and_reports():
    options = {"players": ["easy", "police2"], "games": 6, "seed": 3, "target": 10_000, "report": True}
    a, b = run(options), run(options)
    a.pop("timing")
    timing = b.pop("timing")
    assert a == b and timing["games_per_second"] > 0
    assert sum(p["wins"] for p in a["players"]) == 6
    assert {"stops_by_policemen", "stops_by_turn_score", "jail_by_rolls", "rolls_per_turn"} <= set(
        a["report"][0]
    )
    text = format_text({**a, "timing": timing})
    assert "police2" in text and "how its turns ended" in text


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": ["hard", "wizard"]}, "no Monopoly Dice player"),
        ({"players": ["hard"] * 5}, "1 to 4"),
        ({"players": ["hard"], "target": 9_000}, "target"),
    ],
)
def test_simulate_refuses_bad_options(options, message):
    with pytest.raises(ValueError, match=message):
        run({"games": 1, **options})


def test_a_player_handed_fresh_games_plans_every_turn():
    """The same player object handed a fresh game (as the bench does) plans its first roll again,
    even when the last game's turn ended in jail right after a decision at the same roll count."""
    from engines.monopoly_dice.ai import make_player
    from engines.monopoly_dice.game import _is_place
    from tests.engines.monopoly_dice.helpers import new_state, roll

    player = make_player("medium", 0)
    first = new_state(1)
    roll(first, P1="brown", P4="brown", P2="light-blue", P3="pink", P5="orange", P6="light-blue", P7="orange")
    action = player(first)
    while _is_place(action):
        first.apply_action(action)
        action = player(first)
    assert action == ROLL  # $1,400 is below medium's stop
    roll(first, J1="policeman", J2="policeman", J3="policeman", H="house")
    assert first.busts[0] == 1
    second = new_state(1)
    roll(second, P4="red", P5="red")
    assert _is_place(player(second))
