"""Hypothesis properties of the Yahtzee engine over whole random games and random hands."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import load_game, sample_chance
from engines.yahtzee import YahtzeeState
from engines.yahtzee.scoring import (
    BOXES_BY_MODE,
    COLOURS,
    Kind,
    Section,
    bonus_for,
    is_yahtzee,
    joker_score,
    score_box,
)

GAMES = st.sampled_from(
    [
        ("yahtzee-classic", "forced"),
        ("yahtzee-classic", "free"),
        ("yahtzee-classic", "none"),
        ("yahtzee-painted", "forced"),
        ("yahtzee-painted", "free"),
        ("yahtzee-power", None),
        ("dice-party", "forced"),
    ]
)


def check_boxes_offered(state: YahtzeeState) -> None:
    """The boxes on offer are open, and a YAHTZEE under the Joker rules only reaches the right ones."""
    game, player = state.game, state.current_player()
    scores = state.scores(player)
    allowed = state.allowed_boxes()
    assert allowed, "there is always somewhere to score"
    assert all(scores[i] is None for i in allowed)
    if not state.joker_active():
        return
    matching = game.upper_box_for_face[state.numbers()[0]]
    open_ids = {i for i, s in enumerate(scores) if s is None}
    if game.joker == "free":
        assert set(allowed) == open_ids
    elif scores[matching] is None:
        assert allowed == [matching]
    else:
        outside = {i for i in open_ids if game.boxes[i].section is not Section.UPPER}
        assert set(allowed) == (outside or open_ids)


def recount_total(state: YahtzeeState, player: int) -> int:
    game = state.game
    scores = [s or 0 for s in state.scores(player)]
    upper = sum(scores[b.id] for b in game.boxes if b.section is Section.UPPER)
    colour = sum(scores[b.id] for b in game.boxes if b.section is Section.COLOUR)
    total = sum(scores) + bonus_for(upper, game.upper_bonus_tiers)
    if game.colour_bonus_tiers:
        total += bonus_for(colour, game.colour_bonus_tiers)
    return total + state.card_totals(player)["yahtzee_bonus_count"] * game.bonus_per_yahtzee


@settings(max_examples=40, deadline=None)
@given(GAMES, st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_random_games_keep_the_rules(spec: tuple[str, str | None], players: int, seed: int) -> None:
    name, joker = spec
    if name == "dice-party":
        players = 2
    game = load_game(name, num_players=players, **({"joker": joker} if joker else {}))
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    filled: list[dict[int, int]] = [{} for _ in range(players)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        player = state.current_player()
        if state.numbers():
            check_boxes_offered(state)
        legal = state.legal_actions()
        turns_before = state.turns_taken()[player]
        state.apply_action(legal[int(rng.integers(len(legal)))])
        if state.turns_taken()[player] != turns_before:
            # the turn is over: boxes filled earlier never change, and one (Double: two) more is filled
            now = {i: s for i, s in enumerate(state.scores(player)) if s is not None}
            assert all(now[i] == s for i, s in filled[player].items())
            assert len(now) - len(filled[player]) in ((1, 2) if game.power_die else (1,))
            filled[player] = now

    turns = state.turns_taken()
    boxes = len(game.boxes)
    if game.ends_when_first_card_full:
        full = [p for p in range(players) if len(filled[p]) == boxes]
        assert len(full) == 1, "the game ends at the first full card"
        last = full[0]
        assert turns[last] <= boxes
        # the game stops at once: players before the last mover played this round, later ones did not
        assert turns == [turns[last] if p <= last else turns[last] - 1 for p in range(players)]
    else:
        assert turns == [boxes] * players
        assert all(len(f) == boxes for f in filled)
    for p in range(players):
        assert all(s >= 0 for s in filled[p].values())
        assert state.returns()[p] == recount_total(state, p)


HANDS = st.tuples(*[st.integers(1, 6)] * 5)
PAINTS = st.tuples(*[st.sampled_from(COLOURS)] * 5)


@given(HANDS, PAINTS)
def test_box_values_are_bounded_and_jokers_only_help(
    numbers: tuple[int, ...], colours: tuple[str, ...]
) -> None:
    for boxes in BOXES_BY_MODE.values():
        for box in boxes:
            value = score_box(box, numbers, colours)
            assert 0 <= value <= max(30, box.value or 0)
            if box.value is not None:
                assert value in (0, box.value)
            if is_yahtzee(numbers):
                assert joker_score(box, numbers, colours) >= value
            if box.kind is Kind.FULL_HOUSE and value:
                assert not is_yahtzee(numbers)
