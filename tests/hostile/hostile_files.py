"""Real files to damage: a saved Monopoly Dice and Yahtzee game, settings and high scores."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from engines.core import CHANCE, load_game, sample_chance


def mdice_payload() -> dict[str, Any]:
    """A Monopoly Dice game after the first roll, as the board screen saves it (you v. an easy computer)."""
    from app.screens.dice_game import PlayerSpec
    from app.screens.monopoly_dice.board import BoardScreen

    rng = np.random.default_rng(3)
    state = load_game("monopoly-dice", num_players=2).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, rng))
    screen = BoardScreen(state, [PlayerSpec(False), PlayerSpec(True, "easy")], rng, [7, 8])
    return json.loads(json.dumps(screen.save_payload()))


def yahtzee_payload() -> dict[str, Any]:
    """A solo Yahtzee Classic game before the first roll, as the game screen saves it."""
    from app.screens.dice_game import PlayerSpec
    from app.screens.yahtzee.game import GameScreen

    state = load_game("yahtzee-classic", num_players=1).new_initial_state()
    screen = GameScreen(state, [PlayerSpec(False)], np.random.default_rng(1), np.random.default_rng(2))
    return json.loads(json.dumps(screen.save_payload()))


def save_file(kind: str, title: str, payload: Any, saved_at: str = "2026-11-29T13:45:00.000000Z") -> bytes:
    """A save file's bytes, exactly as :class:`app.saves.SaveStore` writes them."""
    slot = kind
    record = {"slot": slot, "kind": kind, "title": title, "saved_at": saved_at, "payload": payload}
    return wrapped(record)


def wrapped(data: Any, schema: int = 1) -> bytes:
    return json.dumps({"schema": schema, "data": data}, ensure_ascii=False).encode("utf-8")


def deep(document: bytes, depth: int) -> bytes:
    """``document`` with its ``"DEEP"`` replaced by a list nested ``depth`` deep (json.dumps cannot)."""
    return document.replace(b'"DEEP"', b"[" * depth + b"0" + b"]" * depth)


ALIAS_BOMB = "\n".join(
    ["a: &a [x, x, x, x, x, x, x, x, x]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)]
    + ["remotes: {r: {devices: ['*'], keys: {KEY_OK: *i}}}"]
)
"""Nine levels of nine aliases: 9**9 strings if expanded (the 'billion laughs' of YAML)."""
