"""Fit the Painted and Power players' rest-of-card values by self-play; writes the shipped asset.

``python -m engines.yahtzee.ai_pp_fit [--games N] [--rounds R] [--seed S] [--modes painted,power]``

Round 0 plays the engine's ``greedy`` player to get first estimates; every later round plays the
hard player with the previous round's values and measures, over its games:

- each box's mean final score (its value while open: what keeping it open is worth on average),
- the score distribution of every upper and colour box (the bonus chances are convolutions of these),
- Painted: the YAHTZEE bonus points per box still open at the moment a 50 went into the YAHTZEE box.

The result goes to ``assets/yahtzee/painted-power-values.json`` (docs/painted-power-ai.md).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from engines.core import CHANCE, TERMINAL
from engines.yahtzee.ai_painted_power import VALUES_PATH, HardPlayer, ValueModel, mode_tables
from engines.yahtzee.game import GAMES_BY_MODE
from engines.yahtzee.players import make_player


def play_games(mode: str, games: int, seed: int, model: ValueModel | None) -> dict[str, Any]:
    """Self-play statistics of ``games`` solitaire games (greedy when ``model`` is None)."""
    game = GAMES_BY_MODE[mode](num_players=1)
    tables = mode_tables(mode)
    seeds = np.random.SeedSequence(seed).spawn(2)
    dice_rng, player_rng = (np.random.default_rng(s) for s in seeds)
    player = make_player("greedy", game, player_rng) if model is None else HardPlayer(game, player_rng, model)
    box_scores = np.zeros((games, tables.n_boxes))
    totals = np.zeros(games)
    bonus_points = 0.0
    open_after_fifty = 0
    yahtzee_ids = tables.yahtzee_ids
    for g in range(games):
        state = game.new_initial_state()
        fifty_seen = False
        while (who := state.current_player()) != TERMINAL:
            if who == CHANCE:
                state.apply_action(int(dice_rng.integers(len(state.chance_outcomes()))))
                continue
            state.apply_action(player(state))
            if mode == "painted" and not fifty_seen:
                scores = state.scores(0)
                if any(scores[i] == 50 for i in yahtzee_ids):
                    fifty_seen = True
                    open_after_fifty += sum(s is None for s in scores)
        box_scores[g] = [s or 0 for s in state.scores(0)]
        card = state.card_totals(0)
        totals[g] = card["total"]
        bonus_points += card["yahtzee_bonus"]
    return {
        "box_scores": box_scores,
        "totals": totals,
        "yahtzee_bonus_per_box": bonus_points / open_after_fifty if open_after_fifty else 0.0,
    }


def fit_from(mode: str, stats: dict[str, Any]) -> dict[str, Any]:
    """The asset's entry for ``mode`` from self-play statistics."""
    tables = mode_tables(mode)
    scores = stats["box_scores"]
    dists = {}
    for i in tables.upper_ids + tables.colour_ids:
        hist = np.bincount(scores[:, i].astype(np.int64), minlength=int(scores[:, i].max()) + 1)
        dists[tables.boxes[i].key] = hist.tolist()
    return {
        "box_means": {box.key: round(float(scores[:, box.id].mean()), 4) for box in tables.boxes},
        "score_distributions": dists,
        "yahtzee_bonus_per_box": round(float(stats["yahtzee_bonus_per_box"]), 4),
        "games": len(scores),
        "mean_total": round(float(stats["totals"].mean()), 3),
        "stderr_total": round(float(stats["totals"].std(ddof=1) / np.sqrt(len(scores))), 3),
    }


def fit_mode(mode: str, games: int, rounds: int, seed: int) -> dict[str, Any]:
    fit = fit_from(mode, play_games(mode, games, seed, None))
    print(f"{mode} round 0 (greedy): mean {fit['mean_total']} +/- {fit['stderr_total']}", flush=True)
    for r in range(1, rounds + 1):
        started = time.perf_counter()
        model = ValueModel.from_fit(mode_tables(mode), fit)
        fit = fit_from(mode, play_games(mode, games, seed + r, model))
        fit["rounds"] = r
        print(
            f"{mode} round {r} (hard): mean {fit['mean_total']} +/- {fit['stderr_total']}"
            f" ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    return fit


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--modes", default="painted,power")
    parser.add_argument("--out", default=str(VALUES_PATH))
    args = parser.parse_args(argv)
    out = VALUES_PATH.__class__(args.out)
    data = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    for mode in args.modes.split(","):
        data[mode] = fit_mode(mode, args.games, args.rounds, args.seed)
        data[mode]["seed"] = args.seed
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
