"""Pig: the two-player dice race to 100 (roll, bank or risk it; a 1 loses the turn's total).

Modules:

- :mod:`.rules` - the goal, the die and the face that loses the turn, as data.
- :mod:`.game` - :class:`PigGame` (registered as ``"pig"``, two players) and its state.
- :mod:`.solver` - the optimal player's table by value iteration over the 100x100x100 positions.
- :mod:`.ai` - computer players: random, easy, medium (hold at 20) and hard (optimal).
- :mod:`.odds` - the numbers for the odds view (key 5).
- :mod:`.simulate` - ``tvgames simulate pig``; ``tvgames solve pig`` prints the solver's numbers.

Actions: ``ROLL`` = 0 (``roll``, key 2) and ``HOLD`` = 1 (``hold``, key 3); a roll is one chance
node whose outcome is the face (``face 4``).
"""

from __future__ import annotations

from engines.core import register_players
from engines.pig.game import HOLD, ROLL, PigGame, PigState

register_players(PigGame, "engines.pig.ai:make_player")

__all__ = ["HOLD", "ROLL", "PigGame", "PigState"]
