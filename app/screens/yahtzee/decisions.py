"""The human decisions of a Yahtzee game, kept for the game review.

The game screen records one :class:`Decision` for every action a human player takes (a hold or
release, a roll, a box, an undo): who took it, the engine's save dict of the position just before
(``state.to_dict()``), and the engine action. The review rebuilds each position with
``type(game.new_initial_state()).from_dict(game, decision.state_before)`` and asks the analysis
what the action cost. Decisions travel in the save file (:func:`to_json` / :func:`from_json`), so
a resumed game keeps its whole review.

>>> from engines.core import load_game
>>> game = load_game("yahtzee-classic")
>>> state = game.new_initial_state()
>>> log = [Decision(0, state.to_dict(), 0)]
>>> from_json(to_json(log)) == log
True
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Decision:
    """One human choice: ``player`` took engine ``action`` in the position ``state_before``."""

    player: int
    state_before: dict[str, Any]
    """The engine's save dict (``state.to_dict()``) of the position before the action."""
    action: int

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "state_before": copy.deepcopy(self.state_before),
            "action": self.action,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        """Raises ``ValueError`` for anything that is not a decision written by :meth:`to_json`."""
        try:
            player, state, action = data["player"], data["state_before"], data["action"]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a decision: {exc}") from exc
        ints_ok = all(isinstance(v, int) and not isinstance(v, bool) for v in (player, action))
        if not ints_ok or not isinstance(state, dict):
            raise ValueError("not a decision: player and action must be ints, state_before a dict")
        return cls(player, copy.deepcopy(state), action)


def to_json(decisions: Iterable[Decision]) -> list[dict[str, Any]]:
    """The decisions as JSON-able data (for the save file)."""
    return [d.to_json() for d in decisions]


def from_json(data: Any) -> list[Decision]:
    """Decisions read back from :func:`to_json`; ``ValueError`` if the data is damaged."""
    if not isinstance(data, list):
        raise ValueError("decisions must be a list")
    return [Decision.from_json(item) for item in data]
