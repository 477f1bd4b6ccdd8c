"""Every mode's turn rules through the engine: the manuals' worked examples and the rules around them."""

from __future__ import annotations

import pytest
from yahtzee_helpers import allowed, hold, new_state, potential, roll, score

from engines.core import TERMINAL, IllegalActionError, InvalidActionError, SaveFormatError, load_game
from engines.yahtzee import ROLL, UNDO, YahtzeeState, toggle_hold

# -- Classic -------------------------------------------------------------------------------------


def test_classic_turn_example() -> None:
    # A 4-player game; our player has already scored the Small Straight.
    state = new_state("yahtzee-classic", 4, cards={0: {"small_straight": 30}})
    roll(state, (2, 3, 4, 4, 5))
    assert potential(state, "fours") == 8
    hold(state, 0, 1, 2, 4)  # set aside 2/3/4/5, re-roll the second Four
    roll(state, (2,))
    assert state.numbers() == (2, 3, 4, 2, 5)
    hold(state, 1, 2, 4, 3)  # release 3/4/5 and hold the new Two: keep the two Twos
    roll(state, (2, 3, 3))
    assert state.numbers() == (2, 2, 3, 2, 3)
    assert (
        potential(state, "twos"),
        potential(state, "three_of_a_kind"),
        potential(state, "full_house"),
    ) == (
        6,
        12,
        25,
    )
    assert state.rolls_left() == 0 and ROLL not in state.legal_actions()
    score(state, "full_house")
    assert state.scores(0)[8] == 25 and state.current_player() == 1


def test_classic_rolls_and_holds() -> None:
    state = new_state("yahtzee-classic")
    assert state.legal_actions() == [ROLL]
    roll(state, (1, 2, 3, 4, 6))
    assert state.rolls_left() == 2
    hold(state, 0, 1, 2, 3, 4)
    assert ROLL not in state.legal_actions()  # nothing to roll
    with pytest.raises(IllegalActionError):
        state.apply_action(ROLL)
    hold(state, 4)
    roll(state, (5,))
    assert state.numbers() == (1, 2, 3, 4, 5) and state.rolls_left() == 1
    assert potential(state, "large_straight") == 40 and potential(state, "small_straight") == 30
    with pytest.raises(InvalidActionError):
        state.apply_action("roll")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        state.string_to_action("score nothing")
    score(state, "large_straight")
    assert state.returns() == [40.0]


def test_classic_yahtzee_bonus_and_forced_joker() -> None:
    state = new_state("yahtzee-classic", cards={0: {"yahtzee": 50}})
    roll(state, (4, 4, 4, 4, 4))
    assert allowed(state) == {"fours"}  # the matching upper box is forced
    assert state.yahtzee_bonus_now() == 100
    score(state, "fours")
    totals = state.card_totals(0)
    assert (totals["upper"], totals["yahtzee_bonus"], totals["total"]) == (20, 100, 170)

    state = new_state("yahtzee-classic", cards={0: {"yahtzee": 50, "fours": 12, "chance": 20}})
    roll(state, (4, 4, 4, 4, 4))
    lower = {"three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight"}
    assert allowed(state) == lower  # any open lower box
    assert [potential(state, k) for k in ("full_house", "small_straight", "large_straight")] == [25, 30, 40]
    assert potential(state, "four_of_a_kind") == 20
    score(state, "large_straight")
    assert state.card_totals(0)["total"] == 50 + 12 + 20 + 40 + 100

    lower_full = {k: 0 for k in lower} | {"yahtzee": 0, "chance": 5, "fours": 12}
    state = new_state("yahtzee-classic", cards={0: lower_full})
    roll(state, (4, 4, 4, 4, 4))
    assert allowed(state) == {"ones", "twos", "threes", "fives", "sixes"}  # an upper box for zero
    assert state.yahtzee_bonus_now() == 0  # the YAHTZEE box holds a zero: no bonus
    assert all(potential(state, k) == 0 for k in allowed(state))


def test_classic_yahtzee_with_open_box_is_no_joker() -> None:
    state = new_state("yahtzee-classic")
    roll(state, (3, 3, 3, 3, 3))
    assert len(allowed(state)) == 13 and not state.joker_active()
    assert potential(state, "yahtzee") == 50 and potential(state, "full_house") == 0
    assert potential(state, "threes") == 15 and potential(state, "chance") == 15


def test_free_joker_convention() -> None:
    state = new_state("yahtzee-classic", cards={0: {"yahtzee": 50}}, joker="free")
    roll(state, (4, 4, 4, 4, 4))
    assert len(allowed(state)) == 12  # any open box
    assert potential(state, "full_house") == 0  # full value only once Fours is filled
    assert state.yahtzee_bonus_now() == 100
    state = new_state("yahtzee-classic", cards={0: {"yahtzee": 50, "fours": 8}}, joker="free")
    roll(state, (4, 4, 4, 4, 4))
    assert potential(state, "full_house") == 25 and "twos" in allowed(state)


def test_no_joker_convention() -> None:
    state = new_state("yahtzee-classic", cards={0: {"yahtzee": 50}}, joker="none")
    roll(state, (4, 4, 4, 4, 4))
    assert len(allowed(state)) == 12 and state.yahtzee_bonus_now() == 0
    assert potential(state, "full_house") == 0 and potential(state, "large_straight") == 0
    score(state, "fours")
    assert state.returns() == [70.0]
    with pytest.raises(ValueError, match="joker"):
        load_game("yahtzee-classic", joker="wild")
    with pytest.raises(ValueError, match="no option"):
        load_game("yahtzee-classic", finish_round=True)


def test_classic_upper_bonus_and_end() -> None:
    upper = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15}
    state = new_state("yahtzee-classic", 2, cards={0: upper, 1: upper})
    roll(state, (6, 6, 6, 1, 2))
    score(state, "sixes")
    assert state.card_totals(0)["upper_bonus"] == 35 and state.returns()[0] == 63 + 35
    roll(state, (6, 6, 5, 1, 2))
    score(state, "sixes")
    assert state.card_totals(1)["upper_bonus"] == 0 and state.returns()[1] == 57


def test_classic_game_lasts_thirteen_turns_each() -> None:
    state = new_state("yahtzee-classic", 3)
    turns = 0
    while not state.is_terminal():
        roll(state, (1, 2, 3, 4, 5))
        state.apply_action(state.legal_actions()[-1])
        turns += 1
    assert turns == 39 and state.turns_taken() == [13, 13, 13] and state.current_player() == TERMINAL


# -- Power ---------------------------------------------------------------------------------------


def test_power_multiplier_fives() -> None:
    state = new_state("yahtzee-power")
    roll(state, (5, 5, 5, 2, 3), power="2")
    assert potential(state, "fives") == 30  # Fives 15 x 2
    score(state, "fives")
    assert state.scores(0)[4] == 30 and state.to_dict(0)["cards"][0]["boxes"]["fives"]["multiplier"] == 2


def test_power_freeze_ends_the_rolling() -> None:
    state = new_state("yahtzee-power")
    roll(state, (1, 1, 3, 4, 6), power="Freeze")
    assert state.rolls_left() == 0
    assert all(a >= UNDO + 1 for a in state.legal_actions())  # only boxes to choose
    assert potential(state, "ones") == 2
    score(state, "ones")
    assert state.returns() == [2.0]


def test_power_double_two_boxes_and_undo() -> None:
    state = new_state("yahtzee-power", 2)
    roll(state, (4, 4, 4, 4, 6), power="Double")
    score(state, "fours")
    assert state.scores(0)[3] == 32 and state.current_player() == 0
    assert UNDO in state.legal_actions() and ROLL not in state.legal_actions()
    assert state.string_to_action("undo") == UNDO
    state.apply_action(UNDO)
    assert state.scores(0)[3] is None and UNDO not in state.legal_actions()
    score(state, "fours")
    score(state, "four_of_a_kind_1")
    assert state.scores(0)[3] == 32 and state.scores(0)[10] == 44
    assert state.current_player() == 1 and state.turns_taken() == [1, 0]


def test_power_double_with_nothing_to_score_takes_a_zero() -> None:
    state = new_state("yahtzee-power")
    roll(state, (1, 2, 4, 5, 6), power="Double")
    score(state, "chance")
    assert "large_straight_1" in allowed(state) and potential(state, "large_straight_1") == 0
    assert "yahtzee_1" not in allowed(state)
    score(state, "yahtzee_3")  # a zero in the YAHTZEE group fills the 3rd box first
    assert state.scores(0)[17:20] == [None, None, 0] and state.scores(0)[20] == 36


def test_power_fourth_roll_only_while_power_is_kept() -> None:
    state = new_state("yahtzee-power")
    roll(state, (6, 6, 6, 6, 3), power="Power")
    assert state.rolls_left() == 2  # not held yet
    hold(state, 5)
    assert state.rolls_left() == 3
    hold(state, 0, 1, 2, 3)
    roll(state, (2,))
    roll(state, (1,))
    assert state.rolls_left() == 1 and ROLL in state.legal_actions()
    roll(state, (6,))  # the fourth roll: a YAHTZEE, tripled
    assert state.rolls_left() == 0 and ROLL not in state.legal_actions()
    assert potential(state, "yahtzee_1") == 150
    score(state, "yahtzee_1")
    assert state.returns() == [150.0]

    # re-rolling the Power die loses the fourth roll unless Power comes again
    state = new_state("yahtzee-power")
    roll(state, (6, 6, 6, 6, 3), power="Power")
    roll(state, (1, 2, 3, 4, 5), power="3")
    roll(state, (1, 2, 3, 4, 5), power="Power")
    assert state.rolls_left() == 0 and toggle_hold(5) in state.legal_actions()
    hold(state, 5)
    assert state.rolls_left() == 1
    hold(state, 5)
    assert state.rolls_left() == 0 and ROLL not in state.legal_actions()


def test_power_two_pairs_and_group_order() -> None:
    state = new_state("yahtzee-power")
    roll(state, (4, 4, 1, 1, 2), power="1")
    assert potential(state, "two_pairs") == 12 and potential(state, "chance") == 12
    assert "three_of_a_kind_2" not in allowed(state) and "three_of_a_kind_1" in allowed(state)
    state = new_state("yahtzee-power", cards={0: {"three_of_a_kind_1": 20, "yahtzee_3": 0}})
    roll(state, (2, 2, 2, 2, 2), power="1")
    assert {"three_of_a_kind_2", "yahtzee_1"} <= allowed(state)
    assert not {"three_of_a_kind_1", "yahtzee_2", "yahtzee_3"} & allowed(state)
    assert potential(state, "yahtzee_1") == 50
    state = new_state("yahtzee-power", cards={0: {"yahtzee_1": 50, "yahtzee_2": 100, "yahtzee_3": 0}})
    roll(state, (2, 2, 2, 2, 2), power="1")
    assert not {"yahtzee_1", "yahtzee_2", "yahtzee_3"} & allowed(state)
    assert state.yahtzee_bonus_now() == 0


def test_power_upper_bonus_is_not_multiplied() -> None:
    cards = {"ones": 15, "twos": 30, "threes": 45, "fours": 30, "fives": 25, "choice": 0}
    state = new_state("yahtzee-power", cards={0: cards})
    roll(state, (6, 6, 6, 1, 2), power="3")
    score(state, "sixes")  # 18 x 3 = 54: upper 199
    totals = state.card_totals(0)
    assert (totals["upper"], totals["upper_bonus"]) == (199, 50)


def test_power_ends_when_the_first_card_is_full() -> None:
    keys = [b.key for b in load_game("yahtzee-power").boxes]
    state = new_state("yahtzee-power", 3, cards={1: {k: 1 for k in keys[:-1]}, 0: {k: 1 for k in keys[:-2]}})
    roll(state, (1, 2, 3, 4, 6), power="1")
    score(state, "yahtzee_3")
    roll(state, (1, 2, 3, 4, 6), power="1")
    score(state, "chance")
    assert state.is_terminal() and state.turns_taken() == [1, 1, 0]
    # the finish_round option lets the rest of the round play
    state = new_state("yahtzee-power", 3, cards={1: {k: 1 for k in keys[:-1]}}, finish_round=True)
    roll(state, (1, 2, 3, 4, 6), power="1")
    score(state, "chance")
    roll(state, (1, 2, 3, 4, 6), power="1")
    score(state, "chance")
    assert not state.is_terminal() and state.current_player() == 2
    roll(state, (1, 2, 3, 4, 6), power="1")
    score(state, "chance")
    assert state.is_terminal() and state.turns_taken() == [1, 1, 1]


# -- Dice Party ----------------------------------------------------------------------------------


def test_dice_party_five_of_a_kind_ends_rolling() -> None:
    state = new_state("dice-party", 2)
    roll(state, (5, 5, 5, 5, 5))
    assert state.rolls_left() == 0 and ROLL not in state.legal_actions()
    assert potential(state, "yahtzee") == 50
    score(state, "yahtzee")
    roll(state, (1, 2, 3, 4, 6))
    score(state, "chance")
    roll(state, (2, 2, 2, 2, 2))  # a second 5 of a Kind: Twos forced, +100
    assert allowed(state) == {"twos"} and state.yahtzee_bonus_now() == 100
    score(state, "twos")
    assert state.returns()[0] == 50 + 10 + 100


def test_dice_party_joker_lower_box_at_fixed_values() -> None:
    state = new_state("dice-party", 2, cards={0: {"yahtzee": 0, "sixes": 18}})
    roll(state, (6, 6, 6, 6, 6))
    assert state.yahtzee_bonus_now() == 0
    assert "sixes" not in allowed(state) and "full_house" in allowed(state)
    assert [potential(state, k) for k in ("full_house", "small_straight", "large_straight")] == [25, 30, 40]
    assert potential(state, "three_of_a_kind") == 30
    assert not {"ones", "twos"} & allowed(state)


def test_dice_party_is_for_two() -> None:
    with pytest.raises(ValueError, match="2 to 2 players"):
        load_game("dice-party", num_players=1)


# -- Painted -------------------------------------------------------------------------------------


def test_painted_colour_section_and_bonus() -> None:
    # Painted die d (0-4) shows number n in colour (d + n) mod 5 of Blue, Red, Purple, Green, Yellow.
    state = new_state("yahtzee-painted")
    roll(state, (5, 4, 3, 2, 1))
    assert state.colours() == ("blue",) * 5
    assert potential(state, "flush") == 45 and potential(state, "four_of_a_color") == 15
    assert potential(state, "straight") == 40 and potential(state, "blue") == 15
    assert potential(state, "rainbow") == 0 and potential(state, "painted_house") == 0
    assert potential(state, "red") == 0
    score(state, "chance")
    roll(state, (1, 1, 1, 1, 1))  # Red, Purple, Green, Yellow, Blue: a Rainbow YAHTZEE
    assert potential(state, "rainbow") == 40 and potential(state, "yahtzee") == 50
    assert potential(state, "green") == 1 and potential(state, "flush") == 0
    state = new_state("yahtzee-painted", cards={0: {"blue": 50}})
    roll(state, (6, 5, 4, 3, 2))
    assert state.colours() == ("red",) * 5
    score(state, "red")
    totals = state.card_totals(0)
    assert (totals["colour"], totals["colour_bonus"], totals["total"]) == (70, 35, 105)


def test_painted_joker_may_use_the_colour_section() -> None:
    keys_lower = ["four_of_a_kind", "four_of_a_color", "full_house", "painted_house", "straight"]
    cards = {k: 0 for k in keys_lower} | {"rainbow": 0, "flush": 0, "chance": 0, "yahtzee": 50, "threes": 9}
    state = new_state("yahtzee-painted", cards={0: cards})
    roll(state, (3, 3, 3, 3, 3))
    assert allowed(state) == {"blue", "red", "purple", "green", "yellow"}


# -- saves ---------------------------------------------------------------------------------------


def test_save_round_trip_mid_roll_and_damage() -> None:
    state = new_state("yahtzee-power", 2)
    roll(state, (1, 2, 3, 4, 5), power="Power")
    hold(state, 0, 5)
    state.apply_action(ROLL)
    state.apply_action(3)
    data = state.to_dict()
    again = YahtzeeState.from_dict(state.game, data)
    assert again.to_dict() == data and again.current_player() == state.current_player()
    for key, bad in [
        ("schema", 99),
        ("game", "yahtzee-classic"),
        ("faces", [0, 0, 0]),
        ("held", [True] * 6),
        ("player", 5),
        ("rolls", "two"),
        ("double_first", 3),
        ("over", True),
    ]:
        with pytest.raises(SaveFormatError):
            YahtzeeState.from_dict(state.game, {**data, key: bad})
    with pytest.raises(SaveFormatError):
        YahtzeeState.from_dict(state.game, {k: v for k, v in data.items() if k != "scores"})
    with pytest.raises(SaveFormatError):
        YahtzeeState.from_dict(state.game, [])  # type: ignore[arg-type]


def test_observation_lists_every_open_box_with_its_potential() -> None:
    state = new_state("yahtzee-painted", 2, cards={0: {"ones": 2}})
    roll(state, (1, 2, 3, 4, 5))
    obs = state.to_dict(1)
    assert obs["viewer"] == 1 and obs["turn_player"] == 0 and obs["rolls_left"] == 2
    boxes = obs["cards"][0]["boxes"]
    assert boxes["ones"]["score"] == 2 and boxes["ones"]["potential"] is None
    assert boxes["straight"]["potential"] == 40 and boxes["straight"]["allowed"]
    assert all(b["potential"] is None for b in obs["cards"][1]["boxes"].values())
    assert [item["text"] for item in obs["legal"][:2]] == ["roll", "toggle 1"]
    assert [d["colour"] for d in obs["dice"]] == list(state.colours())


def test_dice_party_joker_upper_zero_when_lower_and_matching_are_used() -> None:
    lower = ["three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "chance"]
    cards = {k: 10 for k in lower} | {"yahtzee": 50, "fours": 12}
    state = new_state("dice-party", 2, cards={0: cards})
    roll(state, (4, 4, 4, 4, 4))
    assert allowed(state) == {"ones", "twos", "threes", "fives", "sixes"}
    assert all(potential(state, k) == 0 for k in allowed(state))
    score(state, "ones")
    assert state.card_totals(0)["yahtzee_bonus"] == 100 and state.scores(0)[0] == 0


def test_power_choice_scores_a_number_again() -> None:
    state = new_state("yahtzee-power", cards={0: {"threes": 9}})
    roll(state, (3, 3, 3, 1, 2), power="1")
    assert "threes" not in allowed(state) and potential(state, "choice") == 9
    score(state, "choice")
    assert state.card_totals(0)["upper"] == 18


def test_clone_is_independent_and_shares_the_game() -> None:
    state = new_state("yahtzee-power", 2)
    roll(state, (1, 2, 3, 4, 5), power="Double")
    copy = state.clone()
    assert copy.game is state.game and copy.to_dict() == state.to_dict()
    hold(copy, 0)
    score(copy, "large_straight_1")
    assert state.scores(0)[15] is None and not state.to_dict()["held"][0]
    assert copy.scores(0)[15] == 80 and state.legal_actions() != copy.legal_actions()


def test_must_score_only_when_no_roll_can_follow() -> None:
    state = new_state("yahtzee-power")
    roll(state, (1, 2, 3, 4, 5), power="1")
    hold(state, 0, 1, 2, 3, 4, 5)
    assert not state.to_dict(0)["must_score"]  # every die held, but any can be released
    hold(state, 5)
    roll(state, (), power="2")
    roll(state, (), power="Power")
    assert state.rolls_left() == 0 and not state.to_dict(0)["must_score"]  # hold Power for a 4th
    hold(state, 5)
    assert state.to_dict(0)["power"]["fourth_roll"] and state.rolls_left() == 1
    hold(state, 0)
    roll(state, (6,))
    assert state.to_dict(0)["must_score"]
