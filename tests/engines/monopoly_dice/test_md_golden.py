"""Golden playthroughs of Monopoly Dice: seeded games replayed action by action from their text.

Like the Yahtzee ones (``tests/engines/yahtzee/test_yahtzee_golden.py``): each file holds the
game's config, every action (chance outcomes too) as text and the final totals. Replaying checks
that every recorded action is still legal and that the totals come out the same, so a change to
the rules shows up as a diff of a readable file. Regenerate after an intended change:
``TVGAMES_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/engines/monopoly_dice/test_md_golden.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from engines.core import load_game, sample_chance
from engines.monopoly_dice.ai import make_player

HERE = Path(__file__).parent / "golden"
# Players that need no solved table, so the game replays the same on any machine.
GAMES = {
    "monopoly-dice-2p": {"players": ["medium", "police2"], "target": 10_000},
    "monopoly-dice-3p": {"players": ["easy", "random", "medium"], "target": 15_000},
}
SEED = 2026


def record(name: str) -> dict:
    spec = GAMES[name]
    names = spec["players"]
    game = load_game("monopoly-dice", num_players=len(names), target=spec["target"])
    rng = np.random.default_rng(SEED)
    players = [make_player(p, SEED + i + 1) for i, p in enumerate(names)]
    state = game.new_initial_state()
    actions = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = players[state.current_player()](state)
        actions.append(state.action_to_string(action))
        state.apply_action(action)
    return {
        "config": game.config(),
        "players": names,
        "seed": SEED,
        "actions": actions,
        "totals": list(state.scores),
        "returns": state.returns(),
    }


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    path = HERE / f"{name}.json"
    if os.environ.get("TVGAMES_UPDATE_GOLDEN", "") not in ("", "0"):
        HERE.mkdir(exist_ok=True)
        path.write_text(json.dumps(record(name), indent=1) + "\n")
    golden = json.loads(path.read_text())
    config = dict(golden["config"])
    state = load_game(config.pop("game"), **config).new_initial_state()
    for text in golden["actions"]:
        state.apply_action(state.string_to_action(text))
    assert state.is_terminal()
    assert list(state.scores) == golden["totals"]
    assert state.returns() == golden["returns"]
