"""Checks and speed of the Monopoly engine: ``python -m engines.monopoly.bench``.

- ``landing [--throws N] [--cards uniform|deck]``: the Monte Carlo check of the exact landing chain
  (:func:`engines.monopoly.landing.monte_carlo`) for both jail strategies: the engine's own tokens
  with cards drawn the model's way (``uniform``, default a million throws per strategy) or from
  the real shuffled piles (``deck``: how far real play lies from the model). Prints the largest
  deviation per strategy in standard errors and in percentage points, and the ten most landed-on
  squares; exit status 1 if a square lies 4 standard errors or more from the chain with
  ``uniform`` cards.
- ``profile [--games N] [--players ...]``: plays ``N`` simulator games under cProfile and prints
  the functions that take the time.
"""

from __future__ import annotations

import argparse
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
    result = simulate.run({"players": players, "games": games, "seed": seed})
    profiler.disable()
    print(simulate.format_text(result))
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    return 0


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
    args = parser.parse_args(argv)
    if args.what == "landing":
        return bench_landing(args.throws, args.cards, args.seed)
    return profile(args.games, args.players.split(","), args.seed)


if __name__ == "__main__":
    raise SystemExit(main())
