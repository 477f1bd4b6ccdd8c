"""Every rule of the Monopoly Dice manual, played with scripted dice."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engines.core import (
    CHANCE,
    IllegalActionError,
    InvalidActionError,
    SaveFormatError,
    load_game,
    load_state,
    play_out,
    sample_chance,
    save_state,
)
from engines.monopoly_dice import END_TURN, ROLL, UNDO, MonopolyDiceGame, place_action
from engines.monopoly_dice import rules as R
from tests.engines.monopoly_dice.helpers import DIE, complete_brown, new_state, place, roll


def test_registered_with_players_and_targets():
    game = load_game("monopoly-dice", num_players=3, target=10_000)
    assert game.config() == {"game": "monopoly-dice", "num_players": 3, "target": 10_000}
    MonopolyDiceGame(1)  # solo practice
    with pytest.raises(ValueError):
        MonopolyDiceGame(5)
    with pytest.raises(ValueError, match="target"):
        MonopolyDiceGame(2, target=12_000)


def test_first_roll_is_compulsory_and_throws_ten_dice():
    s = new_state()
    assert s.legal_actions() == [ROLL]
    s.apply_action(ROLL)
    assert s.current_player() == CHANCE
    assert s.pending == list(range(10))  # no house die yet
    assert [o for o, _ in s.chance_outcomes()] == list(range(len(R.PROPERTY_DICE[0].distinct_faces())))


def test_policemen_go_to_jail_by_themselves():
    s = new_state()
    roll(s, J2="policeman")
    assert s.jailed == [False, True, False]
    assert DIE["J2"] not in s.dice_to_roll()
    assert s.to_dict(0)["dice"][DIE["J2"]]["where"] == "jail"
    roll(s, J1="policeman")
    assert s.policemen() == 2 and s.player == 0


def test_third_policeman_ends_the_turn_with_nothing():
    s = new_state()
    roll(s, P1="brown", P2="brown", J1="go", J3="policeman")
    place(s, "P1", "brown")
    place(s, "P2", "brown")
    assert s.score_parts()["turn"] == 600 + 200
    roll(s, J1="policeman", J2="policeman", H="house")
    assert s.player == 1 and s.scores == [0, 0] and s.previous[0] == 0 and s.busts[0] == 1
    assert s.last_turn["jail"] and s.last_turn["turn"] == 0
    assert s.last_turn["jailed"] == [True, True, True] and "policeman:J1" in s.last_turn["events"]
    assert s.last_turn["placed"][DIE["P1"]] == R.GROUP_INDEX["brown"]
    assert s.legal_actions() == [ROLL] and s.faces == [None] * 11


def test_three_policemen_in_one_roll():
    s = new_state()
    roll(s, J1="policeman", J2="policeman", J3="policeman")
    assert s.player == 1 and s.turns == [1, 0]


def test_go_collects_200_at_once_and_is_thrown_again():
    s = new_state()
    roll(s, J1="go")
    assert s.go_count == 1 and s.score_parts()["go"] == 200
    assert DIE["J1"] in s.dice_to_roll()
    roll(s, J1="go")
    assert s.score_parts()["go"] == 400


def test_dice_go_only_on_their_own_group():
    s = new_state()
    roll(s, P1="brown", P4="red")
    assert s.place_targets(DIE["P1"]) == [R.GROUP_INDEX["brown"]]
    with pytest.raises(IllegalActionError):
        place(s, "P1", "red")
    place(s, "P4", "red")
    assert s.group_dice(R.GROUP_INDEX["red"]) == [DIE["P4"]]


def test_a_full_group_takes_no_more_dice():
    s = new_state()
    roll(s, P1="brown", P2="brown", P3="brown")
    place(s, "P1", "brown")
    place(s, "P2", "brown")
    assert s.place_targets(DIE["P3"]) == []


def test_chance_is_wild_on_colour_groups_only_one_per_group():
    s = new_state()
    roll(s, P6="chance", P7="chance", P1="pink")
    targets = s.place_targets(DIE["P6"])
    assert targets == list(R.COLOUR_GROUPS)
    assert R.GROUP_INDEX["railroads"] not in targets and R.GROUP_INDEX["utilities"] not in targets
    place(s, "P7", "pink")
    assert R.GROUP_INDEX["pink"] not in s.place_targets(DIE["P6"])
    place(s, "P1", "pink")  # a real pink die may still join
    assert s.group_dice(R.GROUP_INDEX["pink"]) == [DIE["P1"], DIE["P7"]]


def test_chance_counts_nothing_in_an_incomplete_group_and_completes_one():
    s = new_state()
    roll(s, P6="chance", P4="brown")
    place(s, "P6", "dark-blue")
    assert s.score_parts()["basic"] == 0
    roll(s, P7="dark-blue", P4="brown")
    place(s, "P7", "dark-blue")
    assert s.group_complete(R.GROUP_INDEX["dark-blue"])
    assert s.score_parts()["basic"] == 3_500


def test_blanks_are_worth_nothing():
    s = new_state()
    roll(s)
    assert s.score_parts() == {"basic": 0, "go": 0, "house": 0, "hotel": 0, "turn": 0}


def test_unplaced_dice_are_thrown_again_placed_dice_stay():
    s = new_state()
    roll(s, P1="brown", P2="brown", P3="pink")
    place(s, "P1", "brown")
    assert s.dice_to_roll() == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    s.apply_action(ROLL)
    assert s.pending == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert s.face(DIE["P3"]) is None and s.placed[DIE["P1"]] == R.GROUP_INDEX["brown"]


def test_rolling_again_without_placing_is_allowed():
    s = new_state()
    roll(s, P1="brown")
    assert ROLL in s.legal_actions()
    roll(s, P1="brown")
    assert s.rolls == 2


def test_undo_takes_back_placements_since_the_roll_most_recent_first():
    s = new_state()
    roll(s, P1="brown", P2="brown")
    assert UNDO not in s.legal_actions()
    place(s, "P1", "brown")
    place(s, "P2", "brown")
    s.apply_action(UNDO)
    assert s.placed[DIE["P2"]] is None and s.placed[DIE["P1"]] is not None
    assert place_action(DIE["P2"], R.GROUP_INDEX["brown"]) in s.legal_actions()
    s.apply_action(UNDO)
    assert s.placed[DIE["P1"]] is None and UNDO not in s.legal_actions()
    place(s, "P1", "brown")
    roll(s)
    assert UNDO not in s.legal_actions()  # a die placed before the roll stays for the turn


def test_house_die_joins_after_a_colour_group_is_completed():
    s = new_state()
    complete_brown(s)
    assert R.HOUSE_ID in s.dice_to_roll()
    s.apply_action(ROLL)
    assert R.HOUSE_ID in s.pending


def test_railroads_and_utilities_bring_no_house_die():
    s = new_state()
    roll(s, P6="utilities", P1="utilities")
    place(s, "P6", "utilities")
    place(s, "P1", "utilities")
    assert s.group_complete(R.GROUP_INDEX["utilities"])
    assert R.HOUSE_ID not in s.dice_to_roll()
    assert s.score_parts()["basic"] == 800


def test_houses_at_most_four_and_broken_house():
    s = new_state()
    complete_brown(s)
    roll(s, H="broken-house")
    assert s.houses == 0
    for _ in range(5):
        roll(s, H="house")
    assert s.houses == R.MAX_HOUSES
    roll(s, H="broken-house")
    assert s.houses == 3
    assert s.score_parts()["house"] == 3_000


def test_hotel_only_with_four_houses():
    s = new_state()
    complete_brown(s)
    roll(s, H="hotel")
    assert s.hotels == 0
    for _ in range(4):
        roll(s, H="house")
    roll(s, H="hotel")
    assert s.hotels == 1 and s.houses == 4
    roll(s, H="hotel")
    assert s.hotels == R.MAX_HOTELS
    assert s.score_parts()["hotel"] == 5_000 and s.score_parts()["house"] == 4_000


def test_get_out_of_jail_free_sends_a_policeman_back():
    s = new_state()
    complete_brown(s)
    roll(s, J1="policeman", J2="policeman", H="jail-free")
    assert s.jailed == [False, True, False]  # the GO die comes back first
    assert DIE["J1"] in s.dice_to_roll()


def test_get_out_of_jail_free_can_save_the_roll_of_the_third_policeman():
    s = new_state()
    complete_brown(s)
    roll(s, J2="policeman", J3="policeman", H="house")
    roll(s, J1="policeman", H="jail-free")
    assert s.player == 0 and s.policemen() == 2


def test_end_turn_scores_groups_best_incomplete_go_houses_hotels():
    s = new_state()
    roll(s, P1="brown", P2="brown", P3="pink", P6="pink", P4="red", J1="go")
    for die, group in (("P1", "brown"), ("P2", "brown"), ("P3", "pink"), ("P6", "pink"), ("P4", "red")):
        place(s, die, group)
    roll(s, H="house")
    parts = s.score_parts()
    # brown complete 600; pink 2 x 300 beats red 500; GO 200; one house
    assert parts == {"basic": 1_200, "go": 200, "house": 1_000, "hotel": 0, "turn": 2_400}
    s.apply_action(END_TURN)
    assert s.scores == [2_400, 0] and s.previous == [2_400, None] and s.player == 1
    assert s.last_turn["turn"] == 2_400 and s.houses_scored == [1, 0]


def test_end_turn_is_not_allowed_before_the_first_roll():
    s = new_state()
    with pytest.raises(IllegalActionError):
        s.apply_action(END_TURN)


def test_first_to_the_target_wins_with_bonuses():
    s = new_state(players=2, target=10_000)
    s.scores = [9_000, 9_500]
    s.houses_scored = [3, 0]
    s.turns = [4, 4]
    complete_brown(s)
    roll(s, H="house")
    s.apply_action(END_TURN)
    assert s.is_terminal() and s.winner == 0
    assert s.bonuses == {"houses_hotels": 4 * 500, "special": (10 - 5) * 1_000}
    assert s.returns() == [9_000 + 1_600 + 2_000 + 5_000, 9_500]
    assert s.winners() == [0]
    assert s.legal_actions() == []


def test_action_text_round_trips_and_errors_are_precise():
    s = new_state()
    roll(s, P1="brown")
    for action in s.legal_actions():
        assert s.string_to_action(s.action_to_string(action)) == action
    assert s.string_to_action("place P1 brown") == place_action(0, 0)
    with pytest.raises(InvalidActionError):
        s.apply_action(999)
    with pytest.raises(InvalidActionError):
        s.string_to_action("fly")
    with pytest.raises(IllegalActionError):
        s.apply_action(place_action(DIE["P2"], R.GROUP_INDEX["green"]))
    s.apply_action(ROLL)
    assert s.action_to_string(0) == "P1=Brown $200"
    assert s.string_to_action("P1=Brown $200") == 0


def test_save_mid_turn_and_mid_roll_resumes_exactly():
    s = new_state(players=3)
    roll(s, P1="brown", P2="brown", J3="policeman", J1="go")
    place(s, "P1", "brown")
    s.apply_action(ROLL)
    s.apply_action(0)  # one die of the roll has landed
    data = json.loads(json.dumps(save_state(s)))
    t = load_state(data)
    assert t.to_dict() == s.to_dict() and t.to_dict(1) == s.to_dict(1)
    a = play_out(s, np.random.default_rng(5), _seeded_random_player(9))
    b = play_out(t, np.random.default_rng(5), _seeded_random_player(9))
    assert a.to_dict() == b.to_dict()


def _seeded_random_player(seed):
    rng = np.random.default_rng(seed)
    return lambda state: int(rng.choice(state.legal_actions()))


def test_damaged_saves_are_refused():
    s = new_state()
    data = save_state(s)
    data["state"]["version"] = 99
    with pytest.raises(SaveFormatError):
        load_state(data)
    data = save_state(s)
    del data["state"]["placed"]
    with pytest.raises(SaveFormatError):
        load_state(data)
    data = save_state(s)
    data["state"]["faces"][0] = 17
    with pytest.raises(SaveFormatError):
        load_state(data)
    data = save_state(s)
    data["state"]["placed"][0] = 12
    with pytest.raises(SaveFormatError):
        load_state(data)
    data = save_state(s)
    data["state"]["pending"] = [11]
    with pytest.raises(SaveFormatError):
        load_state(data)


def test_observation_has_what_a_screen_needs():
    s = new_state()
    roll(s, P6="chance", P2="brown", J2="policeman")
    obs = s.to_dict(0)
    json.dumps(obs)
    assert obs["dice"][5]["where"] == "rolled" and obs["dice"][5]["face"]["colour"] == R.CHANCE
    assert obs["dice"][5]["targets"] == list(R.COLOUR_GROUPS)
    assert obs["dice"][8]["where"] == "jail" and obs["jail_squares"] == [None, 8, None]
    assert obs["dice"][R.HOUSE_ID]["where"] == "out"
    assert obs["groups"][0]["squares"] == 2 and obs["groups"][0]["board_value"] == 600
    assert {"basic", "go", "house", "hotel", "turn"} == set(obs["score_parts"])
    assert obs["table"][1] == {"player": 1, "total": 0, "previous": None, "turns": 0}
    assert {item["text"] for item in obs["legal"]} >= {"roll", "end", "place P2 brown"}
    assert obs["last_roll"]["events"] == ["policeman:J2"]


def test_random_games_keep_the_invariants():
    for seed in range(6):
        rng = np.random.default_rng(seed)
        s = new_state(players=1 + seed % 4, target=10_000)
        steps = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
            else:
                s.apply_action(int(rng.choice(s.legal_actions())))
            steps += 1
            assert s.policemen() < R.JAIL_SQUARES
            assert 0 <= s.houses <= R.MAX_HOUSES and s.hotels <= R.MAX_HOTELS
            for g, group in enumerate(R.GROUPS):
                dice = s.group_dice(g)
                assert len(dice) <= group.squares
                chance = sum(s.face(d).colour == R.CHANCE for d in dice)
                assert chance <= (1 if group.colour else 0)
                assert all(s.face(d).colour in (group.key, R.CHANCE) for d in dice)
        assert max(s.scores) >= 10_000 and s.scores[s.winner] == max(s.scores)
        assert steps < 100_000
