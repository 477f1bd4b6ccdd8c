"""Monopoly Dice: the press-your-luck dice game (engine, exact odds, computer players, simulator).

Modules:

- :mod:`.rules` - the board groups, the eleven dice (``engines.odds.dice.Die``) and the bonuses as data.
- :mod:`.game` - :class:`MonopolyDiceGame` (registered as ``"monopoly-dice"``, 1-4 players,
  ``target`` 10000/15000/25000) and its state.
- :mod:`.odds` - the numbers for the odds screen (key 5): ``hint(Position.from_observation(obs))``;
  call ``odds.warm_up()`` once when a game starts (about 1 s, a worker thread will do).
- :mod:`.ai` - computer players: ``make_player("easy" | "medium" | "hard")`` returns a callable
  ``player(state) -> action``; ``hard-ev``, ``police2`` and ``random`` are for the simulator.
- :mod:`.simulate` - ``tvgames simulate monopoly-dice``; :mod:`.bench` - hint timings and
  expected turn scores (``python -m engines.monopoly_dice.bench``).

Actions (ints, sorted in ``legal_actions()``; text in brackets round-trips through
``action_to_string`` / ``string_to_action``):

- ``ROLL`` = 0 (``roll``, key 2), ``END_TURN`` = 1 (``end``, key 3), ``UNDO`` = 2 (``undo``, key 4);
- ``place_action(die, group)`` = 10 + die * 10 + group (``place P3 pink``, SELECT).

A roll is a run of chance nodes, one per die thrown, in die order (P1..P7, J1..J3, H); the outcome
is the index into ``Die.distinct_faces()``. The roll resolves itself after the last die.

``state.to_dict(player)`` is everything a screen needs: ``dice`` (per die: name, all faces, the
face showing, ``where`` = cup/rolled/board/jail/out, ``group``, and ``targets`` = the groups it may
be placed on now), ``groups`` (squares, board and die values, the dice on it, chance, complete,
value), ``jail_squares``, ``policemen``, ``score_parts`` (basic, go, house, hotel, turn),
``table`` (each player's total, previous turn score, turns), ``legal`` (action + text), ``can_undo``,
``last_roll`` (events of the last roll), ``last_turn`` (the previous turn's result) and
``winner``/``bonuses``/``returns``. ``to_dict()`` without a player is the save (``version`` 1).
"""

from __future__ import annotations

from engines.core import register_players
from engines.monopoly_dice.game import (
    END_TURN,
    PLACE_BASE,
    ROLL,
    UNDO,
    MonopolyDiceGame,
    MonopolyDiceState,
    decode_place,
    place_action,
)

register_players(MonopolyDiceGame, "engines.monopoly_dice.ai:player_for")

__all__ = [
    "END_TURN",
    "PLACE_BASE",
    "ROLL",
    "UNDO",
    "MonopolyDiceGame",
    "MonopolyDiceState",
    "decode_place",
    "place_action",
]
