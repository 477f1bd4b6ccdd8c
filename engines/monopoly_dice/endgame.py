"""Playing to win near the target: the Pig technique over whole turns.

Far from the target the best turn is the one with the highest expected score (the solved turn of
:mod:`engines.monopoly_dice.turn_table`). Near it, what counts is the chance of reaching the target
first, and the way Pig and Farkle are solved is value iteration over both players' totals for the
probability of winning. A Monopoly Dice turn has far too many states to carry both totals through
it, so the choice is made per turn, between two ways to play it:

- **expected-score turn** ("ev"): the solved turn, but stopping as soon as the turn reaches what
  is still needed to win;
- **all-in turn** ("all-in"): the solved turn's placements, never stopping until the turn reaches
  what is needed (or the third policeman ends it).

Each way is described by how its turns go, measured once over many turns played through the
engine (:func:`measure`, saved as ``assets/monopoly-dice/turn-outcomes.json``): for the expected-score
turn, the highest turn score it reached at a decision and the score it ended with; for the all-in
turn, the highest turn score it reached before jail. From these, for any amount still needed, the
chance of getting there this turn and the spread of the scores of the turns that do not.
:class:`Endgame` then solves ``W(mine, theirs)``, the chance that the player about to play wins,
by value iteration over both totals (in $100 steps), taking at every pair of totals the better of
the two ways; the computer plays the way the table says. With three or four players the opponent is
the one closest to the target.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from engines.monopoly_dice import rules as R

STEP = 100
"""Every score is a multiple of $100."""
ASSET = Path(__file__).resolve().parents[2] / "assets" / "monopoly-dice" / "turn-outcomes.json"


@dataclass(frozen=True)
class TurnOutcomes:
    """Measured turns, in $100 steps: ``ev`` rows (highest score at a decision, final score) and
    ``all_in`` highest scores before jail (one entry per turn)."""

    ev: np.ndarray  # shape (n, 2)
    all_in: np.ndarray  # shape (m,)
    fingerprint: str

    def ev_win(self, need: int) -> float:
        """Chance that an expected-score turn reaches ``need`` steps (it stops there)."""
        return float(np.mean(self.ev[:, 0] >= need))

    def ev_misses(self, need: int) -> np.ndarray:
        """``p[s]``: chance that the turn ends below ``need`` with a score of ``s`` steps."""
        miss = self.ev[self.ev[:, 0] < need, 1]
        return np.bincount(miss, minlength=need)[:need] / len(self.ev)

    def all_in_win(self, need: int) -> float:
        return float(np.mean(self.all_in >= need))


def load_outcomes(path: Path = ASSET) -> TurnOutcomes | None:
    """The measured turns, or None if the file is missing, damaged or made for other dice."""
    from engines.monopoly_dice.turn_table import fingerprint

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        outcomes = TurnOutcomes(
            ev=np.asarray(data["ev"], dtype=np.int64).reshape(-1, 2),
            all_in=np.asarray(data["all_in"], dtype=np.int64),
            fingerprint=str(data["fingerprint"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if outcomes.fingerprint != fingerprint() or not len(outcomes.ev) or not len(outcomes.all_in):
        return None
    return outcomes


class Endgame:
    """``W[a, b]``: the chance that the player to move, with ``a`` steps against ``b``, wins; and
    which way to play the turn there."""

    def __init__(self, outcomes: TurnOutcomes, target: int) -> None:
        self.target = target
        n = target // STEP
        self.steps = n
        ev_win = np.array([outcomes.ev_win(n - a) for a in range(n)])
        ev_miss = [outcomes.ev_misses(n - a) for a in range(n)]
        all_in_win = np.array([outcomes.all_in_win(n - a) for a in range(n)])
        w = np.full((n, n), 0.5)
        for _ in range(10_000):
            lose = 1.0 - w  # lose[b, c]: the opponent (to move with b) loses against c
            ev = np.empty((n, n))
            for a in range(n):
                # the turn ends with a + s (s < n - a): the opponent moves next at (b, a + s)
                ev[a] = ev_win[a] + lose[:, a:] @ ev_miss[a]
            all_in = all_in_win[:, None] + (1.0 - all_in_win)[:, None] * lose.T
            new = np.maximum(ev, all_in)
            change = float(np.abs(new - w).max())
            w = new
            if change < 1e-10:
                break
        self.win = w
        self.all_in = all_in > ev + 1e-12

    def way(self, mine: int, theirs: int) -> str:
        """``"all-in"`` or ``"ev"`` for a turn starting with these totals (dollars)."""
        a, b = mine // STEP, theirs // STEP
        if a >= self.steps or b >= self.steps:
            return "ev"
        return "all-in" if self.all_in[a, b] else "ev"

    def chance(self, mine: int, theirs: int) -> float:
        """The chance that the player about to play, with ``mine`` against ``theirs``, wins."""
        return float(self.win[min(mine // STEP, self.steps - 1), min(theirs // STEP, self.steps - 1)])


@cache
def endgame(target: int) -> Endgame | None:
    """The solved end game for ``target`` (about a second), or None without measured turns."""
    outcomes = load_outcomes()
    return None if outcomes is None else Endgame(outcomes, target)


# -- measuring the two ways of playing a turn ------------------------------------------------------
def measure(turns: int, seed: int = 0) -> dict:
    """Play ``turns`` turns each way through the engine with the solved turn (which must be built)."""
    from engines.core import sample_chance
    from engines.monopoly_dice import END_TURN, ROLL, MonopolyDiceGame, place_action, turn_table
    from engines.monopoly_dice.odds import Position

    table = turn_table.get_table(build=True)
    rng = np.random.default_rng(seed)
    result: dict = {"fingerprint": turn_table.fingerprint(), "turns": turns, "seed": seed}
    for way in ("ev", "all_in"):
        rows = []
        for _ in range(turns):
            state = MonopolyDiceGame(1, target=R.TARGETS[-1]).new_initial_state()
            state.apply_action(ROLL)
            best = 0
            while state.turns[0] == 0:
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                    continue
                pos = Position.from_observation(state.to_dict(0))
                for die, group in table.best_placement(pos):
                    state.apply_action(place_action(die, group))
                    pos = pos.place(die, group)
                best = max(best, pos.turn_score())
                roll = True if way == "all_in" else table.should_roll(pos)
                state.apply_action(ROLL if roll else END_TURN)
            final = state.scores[0]
            rows.append([best // STEP, final // STEP] if way == "ev" else best // STEP)
        result[way] = [v for row in rows for v in row] if way == "ev" else rows
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="measure the two ways of playing a Monopoly Dice turn")
    parser.add_argument("--turns", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=ASSET)
    args = parser.parse_args(argv)
    data = measure(args.turns, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.turns:,} turns each way)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
