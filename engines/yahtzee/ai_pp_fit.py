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
from pathlib import Path
from typing import Any

import numpy as np

from engines.core import CHANCE, TERMINAL
from engines.yahtzee.ai_painted_power import VALUES_PATH, HardPlayer, ValueModel, _mask, mode_tables
from engines.yahtzee.game import GAMES_BY_MODE, ROLL
from engines.yahtzee.players import make_player


def play_games(mode: str, games: int, seed: int, model: ValueModel | None) -> dict[str, Any]:
    """Self-play statistics of ``games`` solitaire games (greedy when ``model`` is None)."""
    game = GAMES_BY_MODE[mode](num_players=1)
    tables = mode_tables(mode)
    seeds = np.random.SeedSequence(seed).spawn(2)
    dice_rng, player_rng = (np.random.default_rng(s) for s in seeds)
    player = make_player("greedy", game, player_rng) if model is None else HardPlayer(game, player_rng, model)
    box_scores = np.zeros((games, tables.n_boxes))
    starts: list[tuple[int, list[bool], int, int, bool, int]] = []  # game, open, upper, colour, 50, points
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
            if state.legal_actions() == [ROLL]:  # a turn starts: record the card for the regression
                scores = state.scores(0)
                upper = sum(scores[i] or 0 for i in tables.upper_ids)
                colour = sum(scores[i] or 0 for i in tables.colour_ids)
                points = sum(s or 0 for s in scores) + state.card_totals(0)["yahtzee_bonus"]
                starts.append((g, [s is None for s in scores], upper, colour, fifty_seen, points))
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
        "starts": starts,
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
    yahtzee_per_box = float(stats["yahtzee_bonus_per_box"])
    fit = {
        "box_means": {box.key: round(float(scores[:, box.id].mean()), 4) for box in tables.boxes},
        "score_distributions": dists,
        "yahtzee_bonus_per_box": round(yahtzee_per_box, 4),
    }
    if stats["starts"]:
        fit["box_values"] = regression_values(tables, fit, stats)
    return {
        **fit,
        "games": len(scores),
        "mean_total": round(float(stats["totals"].mean()), 3),
        "stderr_total": round(float(stats["totals"].std(ddof=1) / np.sqrt(len(scores))), 3),
    }


def regression_values(tables: Any, fit: dict[str, Any], stats: dict[str, Any]) -> dict[str, float]:
    """Each box's value while open as its marginal worth: least squares of the points still to come
    at every turn start on which boxes are open, after the bonus chances the model already counts."""
    model = ValueModel.from_fit(tables, fit)
    starts = stats["starts"]
    opens = np.array([row[1] for row in starts], dtype=float)
    target = []
    for g, open_, upper, colour, fifty, points in starts:
        rest = stats["totals"][g] - points
        open_ = np.array(open_)
        rest -= model.upper_table[_mask(open_, tables.upper_ids), min(upper, tables.upper_cap)]
        if model.colour_table is not None:
            rest -= model.colour_table[_mask(open_, tables.colour_ids), min(colour, tables.colour_cap)]
        if fifty:
            rest -= model.yahtzee_bonus_per_box * open_.sum()
        target.append(rest)
    values, *_ = np.linalg.lstsq(opens, np.array(target), rcond=None)
    return {box.key: round(float(v), 4) for box, v in zip(tables.boxes, values, strict=True)}


def fit_mode(
    mode: str, games: int, rounds: int, seed: int, source: str = "box_means", start: dict | None = None
) -> dict[str, Any]:
    """``rounds`` of self-play, each with the values of the one before (round 0: greedy or ``start``)."""
    if start is None:
        fit = fit_from(mode, play_games(mode, games, seed, None))
        print(f"{mode} round 0 (greedy): mean {fit['mean_total']} +/- {fit['stderr_total']}", flush=True)
    else:
        fit = dict(start)
    for r in range(1, rounds + 1):
        started = time.perf_counter()
        model = ValueModel.from_fit(mode_tables(mode), fit)
        fit = fit_from(mode, play_games(mode, games, seed + r, model))
        fit["value_source"] = source
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
    parser.add_argument(
        "--values",
        choices=("box_means", "box_values"),
        default="box_means",
        help="an open box's value: its mean final score, or its marginal worth by regression",
    )
    parser.add_argument("--start", default=None, help="start from this asset's fit instead of greedy")
    args = parser.parse_args(argv)
    out = Path(args.out)
    data = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    for mode in args.modes.split(","):
        start = json.loads(Path(args.start).read_text(encoding="utf-8"))[mode] if args.start else None
        data[mode] = fit_mode(mode, args.games, args.rounds, args.seed, args.values, start)
        data[mode]["seed"] = args.seed
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
