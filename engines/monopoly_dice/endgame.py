"""Playing to win near the target: the Pig technique over whole turns, against the opponent at the table.

Far from the target the best turn is the one with the highest expected score (the solved turn of
:mod:`engines.monopoly_dice.turn_table`). Near it, what counts is the chance of reaching the target
first, and the way Pig and Farkle are solved is value iteration over both players' totals for the
probability of winning. A Monopoly Dice turn has far too many states to carry both totals through
it, so the choice is made per turn, between ways to play it (:data:`WAYS`), all with the solved
turn's placements and all stopping as soon as the turn reaches what is still needed:

- **expected-score turn** ("ev"): the solved turn;
- **all-in turn** ("all-in"): never stopping before what is needed (or the third policeman);
- **push turns** ("push-3000", ...): throwing on while the turn score is below the amount, then as
  the solved turn says;
- **banking turn** ("bank-1500"): the solved turn, but stopping once the turn score is the amount.

Every way of playing a turn, ours and each opponent level's, is described by how its turns go,
measured once over many turns played through the engine (:func:`measure`, saved as
``assets/monopoly-dice/turn-outcomes.json``): per turn, the score that counts for reaching the
target (for hard, the best any placement of a throw's dice gives: hard takes a placement that wins
now; for a level that stops once it has what it needs, its highest turn score at a decision; the
final score for one that does not) and the score the turn ended with. From these, for any amount
still needed, the chance of getting there this turn and the spread of the turns that do not.

:class:`Endgame` solves ``W(mine, theirs)``, the chance that the player about to play wins a race
against one opponent, exactly over both totals (in $100 steps). The opponent is who is really at
the table: ``hard`` plays this same end game (the race is then symmetric), ``hard-mirror`` the
previous one (its own table), the other computer levels their own fixed rules (their measured
turns), and a human is matched to the level whose turns look most like theirs
(:func:`estimate_level`). With three or four players, every opponent is raced: the turn is played
the way that maximises the product of the chances of beating each of them, so an opponent who
cannot realistically win (chance of beating them near 1 either way) does not move the choice, and
two opponents close behind count twice.
"""

from __future__ import annotations

import argparse
import json
import math
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from engines.monopoly_dice import rules as R

STEP = 100
"""Every score is a multiple of $100."""
ASSET = Path(__file__).resolve().parents[2] / "assets" / "monopoly-dice" / "turn-outcomes.json"
PUSH = (3_000, 4_500, 6_000)
"""The push turns: the solved turn, but throwing on while the turn score is below this."""
BANK = (1_500,)
"""The banking turns: the solved turn, but stopping once the turn score is this much."""
WAYS = ("ev", "all-in", *(f"push-{t}" for t in PUSH), *(f"bank-{t}" for t in BANK))
"""Hard's ways of playing a turn."""
MIRROR_WAYS = ("mirror-ev", "mirror-all-in")
"""The previous end game's two ways (``hard-mirror``): ``ev`` and ``all-in`` with the solved
turn's placements to the end, even where another placement would have won."""
LEVELS = ("hard", "medium", "easy", "police2")
"""The opponent levels a human is matched to; ``hard`` is modelled by this same end game."""
LEVEL_WAYS = tuple(level for level in LEVELS if level != "hard")
ALL_WAYS = (*WAYS, *MIRROR_WAYS, *LEVEL_WAYS)
"""Every way of playing a turn the asset holds."""
COMPUTERS = (*LEVELS, "hard-mirror", "hard-ev")
"""The computer levels the end game can race when they are known: the human levels and two of
hard's earlier policies (``hard-threat``, whose rule reads no totals but its opponent's, is raced
as ``hard``)."""
MIN_TURNS_TO_JUDGE = 3
"""Before a human has played this many turns, they are assumed to play as well as hard."""


def rolls_on(way: str, table_rolls: bool, stop: int) -> bool:
    """Whether a hard turn played ``way`` throws again, with ``stop`` to score (below what it
    needs) where the solved turn says ``table_rolls``."""
    if way.endswith("all-in"):
        return True
    kind, _, amount = way.partition("-")
    if kind == "push":
        return table_rolls or stop < int(amount)
    if kind == "bank":
        return table_rolls and stop < int(amount)
    return table_rolls


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
    if outcomes.fingerprint != fingerprint() or not set(ALL_WAYS) <= set(ways):
        return None
    if any(not len(turns.final) for turns in ways.values()):
        return None
    return outcomes


@dataclass(frozen=True)
class Opponent:
    """How one opponent plays its turns: ``ways`` (measured turns of each) and ``choice[b, c]``,
    the index of the way it plays with ``b`` steps against my ``c`` (None: always the first)."""

    ways: tuple[Turns, ...]
    choice: np.ndarray | None = None


def _tables(ways: list[Turns], n: int) -> tuple[np.ndarray, np.ndarray]:
    """``win[k, a]`` and ``miss[k, a, s]`` of each way with ``a`` of ``n`` steps (0 past the target)."""
    win = np.array([[turns.win(n - a) for a in range(n)] for turns in ways])
    miss = np.zeros((len(ways), n, n))
    for k, turns in enumerate(ways):
        for a in range(n):
            miss[k, a, : n - a] = turns.misses(n - a)
    return win, miss


class Endgame:
    """``win[a, b]``: the chance that the player to move, with ``a`` steps against ``b``, beats one
    opponent; ``q[way][a, b]``: the same if this turn is played ``way`` (and then as the table says);
    ``waiting[b, a]``: the player's chance when the opponent, with ``b`` against ``a``, is to move.

    ``mine`` maps each way to its measured turns (the first is the one kept between equals);
    ``opponent`` is the opponent's turns (one way, or an :class:`Opponent` that picks a way by the
    totals), or None for an opponent playing this same end game (the race is then symmetric).

    Totals never go down, so the table is solved exactly, one sum of totals at a time from the
    highest: a turn that scores leads to a higher sum, already solved, and only two turns that
    both score nothing lead back. For the player to move at (a, b) that loop is
    ``w = max over ways of (C + m0 * (D + p0 * w))`` (C, D: what the turns that score are worth,
    m0 and p0 the chances that mine and the opponent's score nothing), whose solution is the best
    way's ``(C + m0 * D) / (1 - m0 * p0)``; against this same end game the opponent's D and p0 are
    their own best answer, and the pair (a, b), (b, a) is solved together by bisection.
    """

    def __init__(self, mine: dict[str, Turns], opponent: Turns | Opponent | None, target: int) -> None:
        self.target = target
        self.ways = tuple(mine)
        n = self.steps = target // STEP
        win, miss = _tables(list(mine.values()), n)
        # A push turn that needs no more than it pushes for is the all-in turn, and a banking turn
        # that needs no more than it banks is the expected-score turn: the same turns, not two
        # samples of them.
        for k, way in enumerate(self.ways):
            kind, _, amount = way.partition("-")
            same = {"push": "all-in", "bank": "ev"}.get(kind)
            if same in mine and amount.isdigit():
                near = (n - np.arange(n)) * STEP <= int(amount)
                win[k, near] = win[self.ways.index(same), near]
                miss[k, near] = miss[self.ways.index(same), near]
        symmetric = opponent is None
        if isinstance(opponent, Turns):
            opponent = Opponent((opponent,))
        if not symmetric:
            _, opp_miss = _tables(list(opponent.ways), n)
            choice = np.zeros((n, n), dtype=int)
            if opponent.choice is not None:
                choice[:] = opponent.choice
        w = np.zeros((n, n))
        o = np.zeros((n, n))  # o[b, c]: my chance when the opponent, with b against my c, is to move
        q = np.zeros((len(self.ways), n, n))
        s = np.arange(1, n)
        for total in range(2 * n - 2, -1, -1):
            a = np.arange(max(0, total - n + 1), min(total, n - 1) + 1)
            b = total - a
            ahead = np.minimum(a[:, None] + s, n - 1)  # past the target the chance is 0 anyway
            # what my scoring turns are worth (the opponent moves next at a higher sum)
            c = win[:, a] + np.einsum("kis,is->ki", miss[:, a, 1:], o[b[:, None], ahead])
            m0 = miss[:, a, 0]
            if symmetric:
                # the partner entry (b, a) sits at the mirrored index of this diagonal
                partner = len(a) - 1 - np.arange(len(a))
                lo, hi = np.zeros(len(a)), np.ones(len(a))
                for _ in range(60):
                    x = (lo + hi) / 2
                    reply = (c[:, partner] + m0[:, partner] * (1 - x)).max(axis=0)
                    up = (c + m0 * (1 - reply)).max(axis=0) > x
                    lo, hi = np.where(up, x, lo), np.where(up, hi, x)
                x = (lo + hi) / 2
                w[a, b] = x
                o[b, a] = 1 - x[partner]
            else:
                j = choice[b, a]
                their = np.minimum(b[:, None] + s, n - 1)
                d = np.einsum("is,is->i", opp_miss[j, b, 1:], w[a[:, None], their])
                p0 = opp_miss[j, b, 0]
                w[a, b] = ((c + m0 * d) / np.maximum(1 - m0 * p0, 1e-12)).max(axis=0)
                o[b, a] = d + p0 * w[a, b]
            q[:, a, b] = c + m0 * o[b, a]
        self.win = w
        self.waiting = o
        self.q = dict(zip(self.ways, q, strict=True))
        self.choice = np.zeros((n, n), dtype=int)
        for k in range(1, len(self.ways)):
            better = q[k] > q[self.choice, np.arange(n)[:, None], np.arange(n)] + 1e-12
            self.choice[better] = k

    def _index(self, mine: int, theirs: int) -> tuple[int, int]:
        return min(mine // STEP, self.steps - 1), min(theirs // STEP, self.steps - 1)

    def way(self, mine: int, theirs: int) -> str:
        """The best way to play a turn starting with these totals (dollars)."""
        if mine >= self.target or theirs >= self.target:
            return self.ways[0]
        return self.ways[self.choice[self._index(mine, theirs)]]

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
    """The solved race against one opponent of ``level`` (one of :data:`COMPUTERS`) for
    ``target`` (a second or so), or None without measured turns."""
    outcomes = _outcomes()
    if outcomes is None:
        return None
    ways = outcomes.ways
    mine = {w: ways[w] for w in WAYS}
    if level == "hard":
        return Endgame(mine, None, target)
    if level == "hard-mirror":
        mirror = mirror_endgame(target)
        return Endgame(mine, Opponent(tuple(ways[w] for w in MIRROR_WAYS), mirror.choice), target)
    return Endgame(mine, ways["mirror-ev" if level == "hard-ev" else level], target)


@cache
def mirror_endgame(target: int) -> Endgame | None:
    """The previous end game (``hard-mirror``): its two ways, raced against itself."""
    outcomes = _outcomes()
    if outcomes is None:
        return None
    return Endgame({w: outcomes.ways[w] for w in MIRROR_WAYS}, None, target)


def best_way(target: int, mine: int, opponents: list[tuple[int, str]]) -> str | None:
    """How to play this turn against ``opponents`` ((total, level) each): the way with the best
    product of the chances of beating each one; None without measured turns."""
    games = [(theirs, endgame(target, level)) for theirs, level in opponents]
    if not games or any(game is None for _, game in games):
        return None
    ways = games[0][1].ways
    best, best_score = ways[0], -math.inf
    for way in ways:
        score = sum(math.log(max(game.chance_if(way, mine, theirs), 1e-300)) for theirs, game in games)
        if score > best_score + 1e-12:
            best, best_score = way, score
    return best


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
    cache (:mod:`engines.runtime`) or built now.

    A hard way's reach is the best turn score any placement of a throw's dice gives (hard places
    for the win once that reaches what it needs); the previous end game read it after the solved
    turn's own placement, so a turn of ``ev`` or ``all-in`` also gives its ``mirror-`` twin (the
    same turn: the two players only part where one of them has won)."""
    from engines.core import sample_chance
    from engines.monopoly_dice import END_TURN, ROLL, MonopolyDiceGame, place_action, turn_table
    from engines.monopoly_dice.ai import apply_plan, make_player
    from engines.monopoly_dice.odds import Position

    hard = [w for w in ways if w in WAYS]
    table = turn_table.get_table(build=True) if hard else None
    result: dict = {"fingerprint": turn_table.fingerprint(), "seed": seed, "turns": {}, "ways": {}}
    if table is not None:
        result["start_value"] = round(table.start_value(), 4)
    for way in (*hard, *(w for w in ways if w in LEVEL_WAYS)):
        rng = np.random.default_rng([seed, zlib.crc32(way.encode())])
        player = None if way in WAYS else make_player(way, seed)
        rows, placed_rows = [], []
        for _ in range(turns):
            # a fresh game each turn, with a target out of reach: nobody stops for the target here
            state = MonopolyDiceGame(1, target=R.TARGETS[-1]).new_initial_state()
            state.apply_action(ROLL)
            best = best_placed = 0
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
                options = table.placements(pos)
                best = max([best, *(apply_plan(pos, moves).turn_score() for moves, _ in options)])
                for die, group in options[0][0]:
                    state.apply_action(place_action(die, group))
                    pos = pos.place(die, group)
                stop = pos.turn_score()
                best_placed = max(best_placed, stop)
                state.apply_action(ROLL if rolls_on(way, table.should_roll(pos), stop) else END_TURN)
            final = state.scores[0]
            # a player that does not stop at the target reaches it only with what it banks
            reach = best if player is None or player.stops_at_target else final
            rows += [reach // STEP, final // STEP]
            placed_rows += [best_placed // STEP, final // STEP]
        result["ways"][way] = rows
        result["turns"][way] = turns
        if f"mirror-{way}" in ALL_WAYS:
            result["ways"][f"mirror-{way}"] = placed_rows
            result["turns"][f"mirror-{way}"] = turns
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
