"""The odds of a Yahtzee-family position, from the odds core (:mod:`engines.odds`).

For the player to act: for each open box, what the dice score in it now, the chance it is made by
the next roll with the current holds, and the chance it is made by the end of the turn holding best
for it (:func:`box_odds`). The hint screen shows these; the mode's tables are built once
(:func:`mode_odds`, about a second for Painted the first time, then well under a millisecond a
hint).

"Made" means the box would score more than zero with those dice under its ordinary rule (Joker
values are not counted as made: a Joker depends on the card, not on the dice).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from engines.odds.space import DiceSpace, dice_space
from engines.odds.turn import TurnOdds
from engines.yahtzee.dice import POWER_DIE, power_turn_flags
from engines.yahtzee.game import YahtzeeGame
from engines.yahtzee.scoring import COLOURS, Box, Kind

if TYPE_CHECKING:
    from engines.yahtzee.game import YahtzeeState


# -- which boxes a roll makes, for all outcomes at once --------------------------------------------
def made_table(space: DiceSpace, boxes: Sequence[Box]) -> np.ndarray:
    """(outcomes, boxes) bool: whether each outcome of five scoring dice makes each box.

    Built from the number and colour counts of every outcome with numpy (a Painted roll has 7,776
    outcomes: one Python call per outcome and box would hold the interpreter for seconds). The
    test suite checks it against :func:`engines.yahtzee.scoring.score_box` outcome by outcome.
    """
    numbers = space.face_counts(lambda face: face.number, range(1, 7))  # (O, 6)
    colours = space.face_counts(lambda face: face.colour, COLOURS)  # (O, 5)
    most = numbers.max(axis=1)
    present = numbers > 0
    columns = []
    for box in boxes:
        kind = box.kind
        if kind is Kind.UPPER:
            made = present[:, box.face - 1]
        elif kind in (Kind.CHANCE, Kind.CHOICE):
            made = np.ones(len(numbers), dtype=bool)
        elif kind is Kind.OF_A_KIND:
            made = most >= box.count
        elif kind is Kind.TWO_PAIRS:
            made = (numbers >= 2).sum(axis=1) >= 2
        elif kind is Kind.FULL_HOUSE:
            made = (numbers == 3).any(axis=1) & (numbers == 2).any(axis=1)
        elif kind is Kind.STRAIGHT:
            made = np.zeros(len(numbers), dtype=bool)
            for low in range(0, 7 - box.count):
                made |= present[:, low : low + box.count].all(axis=1)
        elif kind is Kind.YAHTZEE:
            made = most == 5
        elif kind is Kind.COLOUR:
            made = colours[:, COLOURS.index(box.colour)] > 0
        elif kind is Kind.OF_A_COLOUR:
            made = colours.max(axis=1) >= box.count
        elif kind is Kind.PAINTED_HOUSE:
            made = (colours == 3).any(axis=1) & (colours == 2).any(axis=1)
        elif kind is Kind.RAINBOW:
            made = (colours > 0).all(axis=1)
        elif kind is Kind.FLUSH:
            made = colours.max(axis=1) == 5
        else:
            raise AssertionError(kind)
        columns.append(made)
    return np.stack(columns, axis=1)


_odds: dict[str, TurnOdds] = {}
_odds_lock = threading.Lock()


def mode_odds(game: YahtzeeGame) -> TurnOdds:
    """The odds core's :class:`TurnOdds` for ``game``'s dice and boxes (built once per mode).

    Power rolls the Power die with the five dice (its Freeze and fourth-roll rule:
    :func:`engines.yahtzee.dice.power_turn_flags`). In Dice Party a five of a kind ends the rolling.
    """
    with _odds_lock:
        found = _odds.get(game.name)
    if found is not None:
        return found
    five = dice_space(list(game.dice))
    made = made_table(five, game.boxes)
    options: dict[str, Any] = {}
    if game.power_die is not None:
        space = dice_space([*game.dice, game.power_die])
        if space.groups[-1] != (POWER_DIE, 1) or space.n_outcomes != five.n_outcomes * len(POWER_DIE.faces):
            raise AssertionError("the Power die is expected as the last group of the roll")
        made = np.repeat(made, len(POWER_DIE.faces), axis=0)  # row-major: the Power die varies fastest
        options = power_turn_flags(space)
    else:
        space = five
        if game.five_of_a_kind_ends_rolling and game.yahtzee_box is not None:
            options = {"stop": made[:, game.yahtzee_box.id].copy()}
    odds = TurnOdds(space, made, **options)
    with _odds_lock:
        return _odds.setdefault(game.name, odds)


def mode_odds_ready(game: YahtzeeGame) -> bool:
    """Whether :func:`mode_odds` for ``game`` is already built (then a hint takes under a ms)."""
    with _odds_lock:
        return game.name in _odds


def forget_mode_odds() -> None:
    """Drop the built odds tables (benchmarks of the cold path)."""
    with _odds_lock:
        _odds.clear()


@dataclass(frozen=True)
class BoxOdds:
    """The odds of one open box from the position (probabilities 0..1)."""

    box_id: int
    key: str
    now_points: int | None
    """What the dice score in the box now (Power multiplier and Joker included; None before a roll)."""
    next_roll: float | None
    """Chance the box is made right after the next roll with the current holds (None: no roll)."""
    end_of_turn: float
    """Chance the box is made by the end of the turn, holding best for it at every roll."""
    best_hold: tuple[bool, ...]
    """The hold that reaches :attr:`end_of_turn` from here (every die held: stop and score)."""


def hint_position(state: YahtzeeState) -> tuple[list | None, list[bool] | None, int, bool]:
    """The odds core's position for the player to act: (faces, held, regular rolls left, extra
    roll still possible), read from the observation."""
    game = state.game
    obs = state.to_dict(state.current_player())
    rolls = obs["rolls"]
    if rolls == 0:
        return None, None, game.rolls_per_turn, True
    faces = []
    for die, seen in zip(game.all_dice, obs["dice"], strict=True):
        labels = [face.label for face in die.faces]
        faces.append(die.faces[labels.index(seen["face"])])
    held = [bool(d["held"]) for d in obs["dice"]]
    if obs["pending_double"] is not None:
        return faces, held, 0, False
    return faces, held, max(0, game.rolls_per_turn - rolls), rolls <= game.rolls_per_turn


def shown_boxes(state: YahtzeeState) -> list[Box]:
    """The open boxes of the player to act; of a Power 1st/2nd(/3rd) group only the next one."""
    game = state.game
    scores = state.scores(state.current_player())
    groups: set[str] = set()
    out = []
    for box in game.boxes:
        if scores[box.id] is not None:
            continue
        if box.group is not None:
            if box.group in groups:
                continue
            groups.add(box.group)
        out.append(box)
    return out


def box_odds(state: YahtzeeState, odds: TurnOdds | None = None) -> list[BoxOdds]:
    """The odds of every shown open box (see :func:`shown_boxes`) for the player to act."""
    if state.is_terminal() or state.is_chance_node():
        return []
    odds = odds or mode_odds(state.game)
    faces, held, rolls_left, extra = hint_position(state)
    hint = odds.hint(faces, held, rolls_left, extra)
    rolled = faces is not None
    out = []
    for box in shown_boxes(state):
        nxt = float(hint.next_roll[box.id])
        out.append(
            BoxOdds(
                box_id=box.id,
                key=box.key,
                now_points=state.box_value(box.id) if rolled else None,
                next_roll=None if np.isnan(nxt) else nxt,
                end_of_turn=float(hint.end_of_turn[box.id]),
                best_hold=tuple(bool(h) for h in hint.best_hold[box.id]),
            )
        )
    return out
