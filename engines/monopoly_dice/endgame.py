"""Playing to win near the target: the Pig technique over whole turns, against the opponent at the table.

Far from the target the best turn is the one with the highest expected score (the solved turn of
:mod:`engines.monopoly_dice.turn_table`). Near it, what counts is the chance of reaching the target
first, and the way Pig and Farkle are solved is value iteration over both players' totals for the
probability of winning. A Monopoly Dice turn has far too many states to carry both totals through
it, so the choice is made per turn, between two ways to play it:

- **expected-score turn** ("ev"): the solved turn, but stopping as soon as the turn reaches what
  is still needed to win;
- **all-in turn** ("all-in"): the solved turn's placements, never stopping until the turn reaches
  what is needed (or the third policeman ends it).

Every way of playing a turn, ours and each opponent level's, is described by how its turns go,
measured once over many turns played through the engine (:func:`measure`, saved as
``assets/monopoly-dice/turn-outcomes.json``): per turn, the score that counts for reaching the
target (the highest turn score at a decision, for a player that stops once it has what it needs;
the final score for one that does not) and the score the turn ended with. From these, for any
amount still needed, the chance of getting there this turn and the spread of the turns that do not.

:class:`Endgame` solves ``W(mine, theirs)``, the chance that the player about to play wins a race
against one opponent, by value iteration over both totals (in $100 steps). The opponent is who is
really at the table: ``hard`` plays this same end game (the race is then symmetric), the other
computer levels play their own fixed rules (their measured turns), and a human is matched to the
level whose turns look most like theirs (:func:`estimate_level`). With three or four players,
every opponent is raced: the turn is played the way that maximises the product of the chances of
beating each of them, so an opponent who cannot realistically win (chance of beating them near 1
either way) does not move the choice, and two opponents close behind count twice.
"""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from engines.monopoly_dice import rules as R

STEP = 100
"""Every score is a multiple of $100."""
ASSET = Path(__file__).resolve().parents[2] / "assets" / "monopoly-dice" / "turn-outcomes.json"
WAYS = ("ev", "all-in")
"""Hard's two ways of playing a turn."""
LEVELS = ("hard", "medium", "easy", "police2")
"""The opponent levels the end game knows; ``hard`` is modelled by its expected-score turns."""
ALL_WAYS = (*WAYS, *(level for level in LEVELS if level != "hard"))
"""Every way of playing a turn the asset holds."""
MIN_TURNS_TO_JUDGE = 3
"""Before a human has played this many turns, they are assumed to play as well as hard."""


@dataclass(frozen=True)
class Turns:
    """Measured turns of one way of playing, in $100 steps: ``reach`` (the score that counts for
    reaching what is needed) and ``final`` (the score the turn ended with; 0 after jail)."""

    reach: np.ndarray
    final: np.ndarray

    @classmethod
    def from_rows(cls, rows: list[int]) -> Turns:
        data = np.asarray(rows, dtype=np.int64).reshape(-1, 2)
        return cls(data[:, 0], data[:, 1])

    def win(self, need: int) -> float:
        """Chance that the turn reaches ``need`` steps."""
        return float(np.mean(self.reach >= need))

    def misses(self, need: int) -> np.ndarray:
        """``p[s]``: chance that the turn ends below ``need`` with a score of ``s`` steps."""
        miss = np.minimum(self.final[self.reach < need], need - 1)
        return np.bincount(miss, minlength=need)[:need] / len(self.final)


@dataclass(frozen=True)
class TurnOutcomes:
    """Every measured way of playing a turn (``ways``: "ev", "all-in" and the opponent levels)."""

    ways: dict[str, Turns]
    fingerprint: str
    start_value: float


def load_outcomes(path: Path = ASSET) -> TurnOutcomes | None:
    """The measured turns, or None if the file is missing, damaged or made for other dice."""
    from engines.monopoly_dice.turn_table import fingerprint

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        ways = {name: Turns.from_rows(rows) for name, rows in data["ways"].items()}
        outcomes = TurnOutcomes(ways, str(data["fingerprint"]), float(data["start_value"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    needed = {*WAYS, *LEVELS} - {"hard"}
    if outcomes.fingerprint != fingerprint() or not needed <= set(ways):
        return None
    if any(not len(turns.final) for turns in ways.values()):
        return None
    return outcomes


class Endgame:
    """``win[a, b]``: the chance that the player to move, with ``a`` steps against ``b``, beats one
    opponent; ``q[way][a, b]``: the same if this turn is played ``way`` (and then as the table says).

    ``opponent`` is the opponent's measured turns, or None for an opponent playing this same end
    game (hard against hard).
    """

    def __init__(self, mine: dict[str, Turns], opponent: Turns | None, target: int) -> None:
        self.target = target
        n = target // STEP
        self.steps = n
        wins = {w: np.array([mine[w].win(n - a) for a in range(n)]) for w in WAYS}
        misses = {w: [mine[w].misses(n - a) for a in range(n)] for w in WAYS}
        if opponent is not None:
            opp_miss = [opponent.misses(n - b) for b in range(n)]
        w = np.full((n, n), 0.5)
        q: dict[str, np.ndarray] = {}
        for _ in range(10_000):
            # lose[b, c]: the opponent, to move with b against my c, does not win before my turn
            if opponent is None:
                lose = 1.0 - w
            else:
                lose = np.empty((n, n))
                for b in range(n):
                    lose[b] = w[:, b:] @ opp_miss[b]
            for way in WAYS:
                value = np.empty((n, n))
                for a in range(n):
                    # the turn ends with a + s (s < n - a): the opponent moves next at (b, a + s)
                    value[a] = wins[way][a] + lose[:, a:] @ misses[way][a]
                q[way] = value
            new = np.maximum(q["ev"], q["all-in"])
            change = float(np.abs(new - w).max())
            w = new
            if change < 1e-10:
                break
        self.win = w
        self.q = q

    def _index(self, mine: int, theirs: int) -> tuple[int, int]:
        return min(mine // STEP, self.steps - 1), min(theirs // STEP, self.steps - 1)

    def way(self, mine: int, theirs: int) -> str:
        """``"all-in"`` or ``"ev"`` for a turn starting with these totals (dollars)."""
        if mine >= self.target or theirs >= self.target:
            return "ev"
        a, b = self._index(mine, theirs)
        return "all-in" if self.q["all-in"][a, b] > self.q["ev"][a, b] + 1e-12 else "ev"

    def chance(self, mine: int, theirs: int) -> float:
        """The chance that the player about to play, with ``mine`` against ``theirs``, wins."""
        return float(self.win[self._index(mine, theirs)])

    def chance_if(self, way: str, mine: int, theirs: int) -> float:
        """:meth:`chance` if this turn is played ``way``."""
        return float(self.q[way][self._index(mine, theirs)])


@cache
def _outcomes() -> TurnOutcomes | None:
    return load_outcomes()


@cache
def endgame(target: int, level: str = "hard") -> Endgame | None:
    """The solved race against one opponent of ``level`` for ``target`` (a second or so), or None
    without measured turns."""
    outcomes = _outcomes()
    if outcomes is None:
        return None
    mine = {w: outcomes.ways[w] for w in WAYS}
    return Endgame(mine, None if level == "hard" else outcomes.ways[level], target)


def best_way(target: int, mine: int, opponents: list[tuple[int, str]]) -> str | None:
    """How to play this turn against ``opponents`` ((total, level) each): the way with the best
    product of the chances of beating each one; None without measured turns."""
    games = [(theirs, endgame(target, level)) for theirs, level in opponents]
    if not games or any(game is None for _, game in games):
        return None
    score = {
        way: sum(math.log(max(game.chance_if(way, mine, theirs), 1e-300)) for theirs, game in games)
        for way in WAYS
    }
    return "all-in" if score["all-in"] > score["ev"] + 1e-12 else "ev"


def estimate_level(total: int, turns: int, busts: int) -> str:
    """The opponent level whose turns best explain a player's ``turns`` turns (``busts`` of them
    ended in jail) scoring ``total`` in all: the likeliest by the mean turn score (normal) and the
    jail count (binomial). Until :data:`MIN_TURNS_TO_JUDGE` turns, ``hard`` (assume the worst)."""
    outcomes = _outcomes()
    if outcomes is None or turns < MIN_TURNS_TO_JUDGE:
        return "hard"
    mean = total / turns / STEP
    best, best_ll = "hard", -math.inf
    for level in LEVELS:
        final = outcomes.ways["ev" if level == "hard" else level].final
        mu, var = float(final.mean()), float(final.var()) + 1e-9
        jail = min(max(float(np.mean(final == 0)), 1e-3), 1 - 1e-3)
        ll = -0.5 * (mean - mu) ** 2 / (var / turns) - 0.5 * math.log(var / turns)
        ll += busts * math.log(jail) + (turns - busts) * math.log(1 - jail)
        if ll > best_ll:
            best, best_ll = level, ll
    return best


# -- measuring the ways of playing a turn ------------------------------------------------------
def measure(turns: int, seed: int = 0, ways: tuple[str, ...] = ALL_WAYS) -> dict:
    """Play ``turns`` turns of each of ``ways`` through the engine (each way with its own seeded
    generator, so ways can be measured apart); hard's ways read the solved turn, loaded from the
    cache (:mod:`engines.runtime`) or built now."""
    from engines.core import sample_chance
    from engines.monopoly_dice import END_TURN, ROLL, MonopolyDiceGame, place_action, turn_table
    from engines.monopoly_dice.ai import make_player
    from engines.monopoly_dice.odds import Position

    table = turn_table.get_table(build=True) if set(ways) & set(WAYS) else None
    result: dict = {"fingerprint": turn_table.fingerprint(), "seed": seed, "turns": {}, "ways": {}}
    if table is not None:
        result["start_value"] = round(table.start_value(), 4)
    for way in ways:
        rng = np.random.default_rng([seed, ALL_WAYS.index(way)])
        player = None if way in WAYS else make_player(way, seed)
        rows = []
        for _ in range(turns):
            # a fresh game each turn, with a target out of reach: nobody stops for the target here
            state = MonopolyDiceGame(1, target=R.TARGETS[-1]).new_initial_state()
            state.apply_action(ROLL)
            best = 0
            while state.turns[0] == 0:
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                    continue
                if player is not None:
                    action = player(state)
                    if action in (ROLL, END_TURN):
                        best = max(best, state.score_parts()["turn"])
                    state.apply_action(action)
                    continue
                pos = Position.from_observation(state.to_dict(0))
                for die, group in table.best_placement(pos):
                    state.apply_action(place_action(die, group))
                    pos = pos.place(die, group)
                best = max(best, pos.turn_score())
                roll = True if way == "all-in" else table.should_roll(pos)
                state.apply_action(ROLL if roll else END_TURN)
            final = state.scores[0]
            # a player that does not stop at the target reaches it only with what it banks
            reach = best if player is None or player.stops_at_target else final
            rows += [reach // STEP, final // STEP]
        result["ways"][way] = rows
        result["turns"][way] = turns
    return result


def main(argv: list[str] | None = None) -> int:
    from engines.runtime import set_cache_dir

    parser = argparse.ArgumentParser(description="measure the ways of playing a Monopoly Dice turn")
    parser.add_argument("--turns", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=ASSET)
    parser.add_argument("--cache", type=Path, default=None, help="where the solved turn is cached")
    parser.add_argument(
        "--ways", default=",".join(ALL_WAYS), help="measure only these (merged into --out if it fits)"
    )
    args = parser.parse_args(argv)
    if args.cache is not None:
        set_cache_dir(args.cache)
    ways = tuple(w for w in args.ways.split(",") if w)
    if not set(ways) <= set(ALL_WAYS):
        parser.error(f"--ways: choose from {', '.join(ALL_WAYS)}")
    data = measure(args.turns, args.seed, ways)
    try:
        old = json.loads(args.out.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old = None
    if old and all(old.get(k) == data[k] for k in ("fingerprint", "seed")):
        # the other ways, measured before with the same dice and seed
        data = {**old, **data, **{k: {**old[k], **data[k]} for k in ("ways", "turns")}}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.turns:,} turns of {', '.join(ways)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
