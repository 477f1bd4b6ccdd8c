"""The Monopoly board game: rules engine, landing odds, computer players and simulator.

- :mod:`.rules` - the board and the two decks (``data/board.csv``, ``data/cards.csv``) as frozen
  dataclasses, and every rule choice as a one-line constant.
- :mod:`.game` - :class:`MonopolyGame` (registered as ``"monopoly"``) and its state; its module
  docstring describes the phases, the observation and the action encoding.
"""

from __future__ import annotations

from engines.core import register_players
from engines.monopoly.game import MonopolyGame, MonopolyState

register_players(MonopolyGame, "engines.monopoly.ai:make_player")

__all__ = ["MonopolyGame", "MonopolyState"]
