"""Set up Yahtzee positions for tests: scripted rolls and cards filled through the save format."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.core import load_game
from engines.yahtzee import ROLL, YahtzeeState, score_action, toggle_hold
from engines.yahtzee.scoring import box_by_key

POWER_FACES = {"1": 0, "2": 1, "3": 2, "Freeze": 3, "Double": 4, "Power": 5}


def new_state(
    name: str, num_players: int = 1, cards: Mapping[int, Mapping[str, int]] | None = None, **params: object
) -> YahtzeeState:
    """A fresh game whose cards already hold ``cards`` ({player: {box key: score}})."""
    state = load_game(name, num_players=num_players, **params).new_initial_state()
    if cards:
        data = state.to_dict()
        for player, boxes in cards.items():
            for key, value in boxes.items():
                data["scores"][player][box_by_key(state.game.boxes, key).id] = value
        state = YahtzeeState.from_dict(state.game, data)
    return state


def roll(state: YahtzeeState, numbers: Sequence[int], power: str | None = None) -> None:
    """Roll the dice not held; ``numbers`` (and ``power``) are the results in die order."""
    state.apply_action(ROLL)
    results = [n - 1 for n in numbers] + ([] if power is None else [POWER_FACES[power]])
    for face in results:
        state.apply_action(face)
    assert not state.is_chance_node()


def hold(state: YahtzeeState, *dice: int) -> None:
    """Toggle the holds of the given dice (0-based; 5 is the Power die)."""
    for die in dice:
        state.apply_action(toggle_hold(die))


def score(state: YahtzeeState, key: str) -> None:
    state.apply_action(score_action(box_by_key(state.game.boxes, key)))


def potential(state: YahtzeeState, key: str) -> int | None:
    return state.to_dict(state.current_player())["cards"][state.current_player()]["boxes"][key]["potential"]


def allowed(state: YahtzeeState) -> set[str]:
    return {state.game.boxes[i].key for i in state.allowed_boxes()}
