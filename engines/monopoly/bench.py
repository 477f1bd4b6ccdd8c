"""Checks and speed of the Monopoly engine: ``python -m engines.monopoly.bench``.

- ``landing [--throws N] [--cards uniform|deck]``: the Monte Carlo check of the exact landing chain
  (:func:`engines.monopoly.landing.monte_carlo`) for both jail strategies: the engine's own tokens
  with cards drawn the model's way (``uniform``, default a million throws per strategy) or from
  the real shuffled piles (``deck``: how far real play lies from the model). Prints the largest
  deviation per strategy in standard errors and in percentage points, and the ten most landed-on
  squares; exit status 1 if a square lies 4 standard errors or more from the chain with
  ``uniform`` cards.
- ``profile [--games N] [--players ...]``: plays ``N`` simulator games through the engine (not
  the fast core) under cProfile and prints the functions that take the time.
- ``speed [--games N] [--engine-games M] [--players ...]``: the simulator's games per second (wall
  and per CPU second) on the fast core and on the engine, in one run, with the load average.
- ``agree [--games N] [--engine-games M] [--players ...]``: the fast core against the engine on
  other seeds (:func:`engines.monopoly.fastsim_check.agreement`): each measure's means and their
  difference in standard errors; exit status 1 if one lies 4 or more apart.
"""

from __future__ import annotations

import argparse
import os
import time

from engines.monopoly import landing


def bench_landing(throws: int, cards: str, seed: int) -> int:
    worst = 0.0
    for strategy in landing.STRATEGIES:
        started = time.perf_counter()
        mc = landing.monte_carlo(throws, strategy, cards=cards, seed=seed)
        seconds = time.perf_counter() - started
        cmp = landing.compare(mc)
        worst = max(worst, cmp["max_abs_z"])
        names = [row["name"] for row in landing.landing_table(strategy)]
        print(
            f"jail {strategy}, cards {cards}: {mc['throws']:,} throws in {seconds:.1f} s; largest deviation "
            f"{cmp['max_abs_z']:.2f} standard errors ({names[cmp['worst_square']]}), "
            f"{cmp['max_abs_difference_points']:.3f} percentage points at most"
        )
        exact = landing.chain(strategy).landing()
        top = sorted(range(len(exact)), key=lambda i: -exact[i])[:10]
        for i in top:
            print(
                f"  {names[i]:<24} exact {100 * exact[i]:6.3f}%  engine {100 * mc['shares'][i]:6.3f}% "
                f"+- {100 * mc['standard_errors'][i]:.3f}"
            )
    return 1 if cards == "uniform" and worst >= 4.0 else 0


def profile(games: int, players: list[str], seed: int) -> int:
    import cProfile
    import pstats

    from engines.monopoly import simulate

    profiler = cProfile.Profile()
    profiler.enable()
    result = simulate.run({"players": players, "games": games, "seed": seed, "core": "engine"})
    profiler.disable()
    print(simulate.format_text(result))
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    return 0


def speed(games: int, engine_games: int, players: list[str], seed: int) -> int:
    from engines.monopoly import simulate

    load = os.getloadavg()
    timings = {}
    for core, n in (("fast", games), ("engine", engine_games)):
        result = simulate.run({"players": players, "games": n, "seed": seed, "core": core})
        timings[core] = result["timing"]
        t = result["timing"]
        print(
            f"{core:>6}: {n} games in {t['seconds']:.2f} s: {t['games_per_second']:.1f} games/s wall, "
            f"{t['games_per_cpu_second']:.1f} per CPU second; mean {result['length']['mean_turns']:.1f} turns"
        )
    wall = timings["fast"]["games_per_second"] / timings["engine"]["games_per_second"]
    cpu = timings["fast"]["games_per_cpu_second"] / timings["engine"]["games_per_cpu_second"]
    after = os.getloadavg()
    print(f"fast / engine: {wall:.0f}x wall, {cpu:.0f}x per CPU second")
    print(f"load average {load[0]:.2f} before, {after[0]:.2f} after ({os.cpu_count()} CPUs)")
    return 0


def agree(games: int, engine_games: int, players: list[str], seed: int) -> int:
    from engines.monopoly import fastsim_check

    result = fastsim_check.agreement(players, games, engine_games, 500, seed=seed)
    print(f"fast core {games} games (seed {seed}) against engine {engine_games} games (seed {seed + 1})")
    for key, row in result.items():
        print(f"  {key:<34} fast {row['fast']:9.4f}  engine {row['engine']:9.4f}  z {row['z']:+6.2f}")
    worst = max(result, key=lambda k: abs(result[k]["z"]))
    print(f"largest difference: {worst}, {result[worst]['z']:+.2f} standard errors")
    return 1 if abs(result[worst]["z"]) >= 4 else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("landing", help="Monte Carlo check of the landing chain")
    p.add_argument("--throws", type=int, default=1_000_000)
    p.add_argument("--cards", choices=("uniform", "deck"), default="uniform")
    p.add_argument("--seed", type=int, default=0)
    q = sub.add_parser("profile", help="where the simulator's time goes")
    q.add_argument("--games", type=int, default=20)
    q.add_argument("--players", default="medium,medium,medium,medium")
    q.add_argument("--seed", type=int, default=0)
    for what, text in (("speed", "games per second"), ("agree", "agreement in distribution")):
        r = sub.add_parser(what, help=f"fast core and engine: {text}")
        r.add_argument("--games", type=int, default=2000, help="games on the fast core")
        r.add_argument("--engine-games", type=int, default=40, help="games on the engine")
        r.add_argument("--players", default="medium,medium,medium,medium")
        r.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.what == "landing":
        return bench_landing(args.throws, args.cards, args.seed)
    if args.what == "speed":
        return speed(args.games, args.engine_games, args.players.split(","), args.seed)
    if args.what == "agree":
        return agree(args.games, args.engine_games, args.players.split(","), args.seed)
    return profile(args.games, args.players.split(","), args.seed)


if __name__ == "__main__":
    raise SystemExit(main())
