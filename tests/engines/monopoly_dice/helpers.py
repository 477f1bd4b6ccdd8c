"""Scripted dice for the Monopoly Dice tests: say what each die shows, the helpers apply it."""

from __future__ import annotations

from engines.monopoly_dice import ROLL, MonopolyDiceGame, MonopolyDiceState, place_action
from engines.monopoly_dice import rules as R

DIE = {die.name: i for i, die in enumerate(R.ALL_DICE)}


def new_state(players: int = 2, target: int = 15_000) -> MonopolyDiceState:
    return MonopolyDiceGame(players, target=target).new_initial_state()


def outcome(die: int, colour: str) -> int:
    faces = R.ALL_DICE[die].distinct_faces()
    for i, face in enumerate(faces):
        if face.colour == colour:
            return i
    raise AssertionError(f"{R.ALL_DICE[die].name} has no {colour} face")


def roll(state: MonopolyDiceState, **shows: str) -> None:
    """Press ROLL and land the dice: ``roll(s, P1="brown", J2="policeman", H="house")``.

    Jail dice not named show a blank; property dice not named show their last face that is not
    Chance; the house die must be named when it is thrown.
    """
    state.apply_action(ROLL)
    named = dict(shows)
    while state.is_chance_node():
        die = state.pending[0]
        name = R.ALL_DICE[die].name
        if name in named:
            colour = named.pop(name)
        elif die in R.JAIL_IDS:
            colour = R.BLANK
        elif die in R.PROPERTY_IDS:
            colour = [f.colour for f in R.ALL_DICE[die].faces if f.colour != R.CHANCE][-1]
        else:
            raise AssertionError("the house die was thrown: say what it shows")
        state.apply_action(outcome(die, colour))
    assert not named, f"these dice were not thrown: {sorted(named)}"


def place(state: MonopolyDiceState, die: str, group: str) -> None:
    state.apply_action(place_action(DIE[die], R.GROUP_INDEX[group]))


def complete_brown(state: MonopolyDiceState) -> None:
    """Roll brown on P1 and P2 and place both (completes Brown, so the house die joins)."""
    roll(state, P1="brown", P2="brown")
    place(state, "P1", "brown")
    place(state, "P2", "brown")
