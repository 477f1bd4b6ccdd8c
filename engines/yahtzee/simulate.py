"""Headless Yahtzee simulation for ``tvgames simulate yahtzee``: many games, per-player statistics.

Everything but the ``timing`` entry depends only on the options, so the same seed gives the same
result. The dice draw from one generator and every player from its own (all spawned from the seed),
so changing one player's mind never changes the dice another player sees in the same game.

>>> result = run({"mode": "classic", "players": ["greedy"], "games": 5, "seed": 1})
>>> result["per_player"][0]["games"], sorted(result["timing"])
(5, ['games_per_second', 'seconds'])
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from engines.core import CHANCE, TERMINAL, sample_chance
from engines.yahtzee.game import GAMES_BY_MODE, YahtzeeGame, YahtzeeState
from engines.yahtzee.players import Choose, make_player


def _chance(state: YahtzeeState, rng: np.random.Generator) -> int:
    outcomes = state.chance_outcomes()
    first = outcomes[0][1]
    if all(p == first for _, p in outcomes):
        # every Yahtzee die is fair: one integer draw instead of a weighted choice
        return outcomes[int(rng.integers(len(outcomes)))][0]
    return sample_chance(state, rng)


def run(options: dict[str, Any]) -> dict[str, Any]:
    """Play ``options["games"]`` games of ``options["mode"]`` between ``options["players"]``."""
    mode = options.get("mode") or "classic"
    if mode not in GAMES_BY_MODE:
        raise ValueError(f"no Yahtzee mode {mode!r}; choose from {', '.join(sorted(GAMES_BY_MODE))}")
    names = list(options.get("players") or ["random"])
    games = int(options.get("games", 1000))
    seed = int(options.get("seed", 0))
    if games < 1:
        raise ValueError("--games must be at least 1")
    params = {"joker": options["joker"]} if options.get("joker") else {}
    game_cls = GAMES_BY_MODE[mode]
    if len(names) == 1 and game_cls.min_players > 1:
        names *= game_cls.min_players  # "--players hard" for Dice Party: hard against hard
    if not game_cls.min_players <= len(names) <= game_cls.max_players:
        wanted = (
            f"exactly {game_cls.min_players}"
            if game_cls.min_players == game_cls.max_players
            else f"{game_cls.min_players} to {game_cls.max_players}"
        )
        raise ValueError(f"{mode} takes {wanted} players (--players a,b,...), not {len(names)}")
    game = game_cls(num_players=len(names), **params)
    # players (and any table they load or build) are ready before the clock starts
    batched = _batched(game, names)
    seeds = np.random.SeedSequence(seed).spawn(len(names) + 1)
    players = (
        []
        if batched
        else [
            make_player(name, game, np.random.default_rng(s))
            for name, s in zip(names, seeds[1:], strict=True)
        ]
    )
    started = time.perf_counter()
    if batched:
        arrays = batched(games, seed)
    else:
        arrays = _play_engine(game, players, games, np.random.default_rng(seeds[0]))
    seconds = time.perf_counter() - started
    totals, box_scores = arrays["totals"], arrays["box_scores"]
    upper_bonus, yahtzee_bonuses, wins = arrays["upper_bonus"], arrays["yahtzee_bonuses"], arrays["wins"]
    colour_bonus = arrays.get("colour_bonus")

    per_player = []
    for p, name in enumerate(names):
        row: dict[str, Any] = {
            "player": p,
            "name": name,
            "games": games,
            "mean": _r(totals[:, p].mean()),
            "std": _r(totals[:, p].std(ddof=1) if games > 1 else 0.0),
            "stderr": _r(totals[:, p].std(ddof=1) / np.sqrt(games) if games > 1 else 0.0),
            "min": _r(totals[:, p].min()),
            "max": _r(totals[:, p].max()),
            "win_rate": _r(wins[p] / games),
            "upper_bonus_rate": _r(upper_bonus[:, p].mean()),
            "boxes": {
                box.key: {
                    "mean": _r(box_scores[:, p, box.id].mean()),
                    "scored_rate": _r((box_scores[:, p, box.id] > 0).mean()),
                }
                for box in game.boxes
            },
        }
        if colour_bonus is not None and game.colour_bonus_tiers:
            row["colour_bonus_rate"] = _r(colour_bonus[:, p].mean())
        if game.bonus_per_yahtzee:
            row["yahtzee_bonus_mean"] = _r(yahtzee_bonuses[:, p].mean())
        per_player.append(row)
    return {
        "game": game.name,
        "mode": mode,
        "joker": game.joker,
        "players": names,
        "games": games,
        "seed": seed,
        "per_player": per_player,
        "timing": {"seconds": round(seconds, 3), "games_per_second": round(games / max(seconds, 1e-9), 1)},
    }


def _play_engine(
    game: YahtzeeGame, players: list[Choose], games: int, dice_rng: np.random.Generator
) -> dict[str, np.ndarray]:
    """Play game after game through the engine, one action at a time."""
    n, b = len(players), len(game.boxes)
    totals = np.zeros((games, n))
    box_scores = np.zeros((games, n, b))
    upper_bonus = np.zeros((games, n), dtype=bool)
    colour_bonus = np.zeros((games, n), dtype=bool)
    yahtzee_bonuses = np.zeros((games, n))
    wins = np.zeros(n)
    for g in range(games):
        state = game.new_initial_state()
        while (player := state.current_player()) != TERMINAL:
            if player == CHANCE:
                state.apply_action(_chance(state, dice_rng))
            else:
                state.apply_action(players[player](state))
        totals[g] = state.returns()
        winners = state.winners()
        wins[winners] += 1 / len(winners)
        for p in range(n):
            card = state.card_totals(p)
            box_scores[g, p] = [s or 0 for s in state.scores(p)]
            upper_bonus[g, p] = card["upper_bonus"] > 0
            colour_bonus[g, p] = card["colour_bonus"] > 0
            yahtzee_bonuses[g, p] = card["yahtzee_bonus_count"]
    return {
        "totals": totals,
        "box_scores": box_scores,
        "upper_bonus": upper_bonus,
        "colour_bonus": colour_bonus,
        "yahtzee_bonuses": yahtzee_bonuses,
        "wins": wins,
    }


def _batched(game: YahtzeeGame, names: list[str]) -> Callable[[int, int], dict[str, np.ndarray]] | None:
    """All-"hard" Classic and Dice Party games: the optimal player's cards are independent of each
    other, so the solver plays every card at once in numpy (engines.yahtzee.solver_sim). Returns
    ``play(games, seed)``, or None when that path does not apply."""
    if set(names) != {"hard"}:
        return None
    try:
        from engines.yahtzee.solver import MODES, rules_for
        from engines.yahtzee.solver_sim import simulate
        from engines.yahtzee.solver_table import get_solver
    except ImportError:
        return None
    if game.mode not in MODES:
        return None
    solver = get_solver(rules_for(game.mode, game.joker))
    return lambda games, seed: simulate(solver, games, len(names), seed)


def _r(x: float) -> float:
    return round(float(x), 4)


def format_text(result: dict[str, Any]) -> str:
    """The result as a plain table: one column per player, one row per statistic and box."""
    players = result["per_player"]
    head = f"{result['game']}: {result['games']} games, seed {result['seed']}, joker {result['joker']}"
    width = max(15, *(len(p["name"]) + 4 for p in players))
    lines = [head, ""]

    def row(label: str, values: list[str]) -> None:
        lines.append(f"{label:<22}" + "".join(f"{v:>{width}}" for v in values))

    row("", [f"{p['player'] + 1}:{p['name']}" for p in players])
    for stat in (
        "mean",
        "stderr",
        "std",
        "min",
        "max",
        "win_rate",
        "upper_bonus_rate",
        "colour_bonus_rate",
        "yahtzee_bonus_mean",
    ):
        if stat in players[0]:
            row(stat, [f"{p[stat]:.2f}" if "rate" not in stat else f"{100 * p[stat]:.1f}%" for p in players])
    lines.append("")
    row("box mean (scored %)", ["" for _ in players])
    for key in players[0]["boxes"]:
        row(
            f"  {key}",
            [f"{p['boxes'][key]['mean']:.2f} ({100 * p['boxes'][key]['scored_rate']:.0f}%)" for p in players],
        )
    timing = result["timing"]
    lines += ["", f"{timing['games_per_second']:.0f} games/s ({timing['seconds']:.2f} s)"]
    return "\n".join(lines)
