"""Computer players for Monopoly Dice: easy, medium, hard, and baselines for the simulator.

A player is a callable ``player(state) -> action`` that reads only the observation
(``state.to_dict(me)``). After a roll it first places dice one action at a time (its placement
plan is made once per roll), then rolls again or ends the turn.

- **hard** - the exact turn policy: the placement and the roll/stop decision that maximise the
  expected turn score, read from the solved turn (:mod:`engines.monopoly_dice.turn_table`). Until
  that table is on the box (it is built once, in the background), hard plays the one-step
  look-ahead: it tries the candidate plans below and keeps the one whose position is worth most,
  valuing a position at ``max(stop now, exact expected score of one more roll then stop)``
  (:func:`engines.monopoly_dice.odds.roll_once_value`), and rolls on while one more roll is worth
  more on average than stopping. Near the target it plays to win: where a placement of the dice
  showing reaches the target it takes it and stops, and the Pig-style end game
  (:mod:`engines.monopoly_dice.endgame`) decides from the totals and the opponents' levels how this
  turn is played (for points, all-in until the target or jail, pushing on to an amount, or
  banking early); without that end game's measurements, all-in when an opponent is within
  ``THREAT``.
- **medium** - places every die it can; stops with a score once it has $2,000 or two policemen.
- **easy** - places every die it can; stops with a score at $1,000 or at the first policeman.
- **hard-ev** - hard without the end game (always maximises the expected turn score).
- **hard-threat** - hard with the simple rule instead of the solved end game (for comparisons).
- **hard-mirror** - hard with the previous solved end game: two ways, only the leading opponent
  raced, taken for a hard player, and the solved turn's placement even where another wins now
  (for comparisons).
- **police2** - places every die it can; stops as soon as the second policeman is on the board.
- **random** - any legal action (seeded).

Candidate placement plans (each places the rolled dice of this roll only):

- ``all``: every rolled group die on its group while there is room, each Chance die on the most
  valuable colour group it completes, left-over Chance dice on the most valuable colour group
  that is closest to completion;
- ``keep-chance``: as ``all`` but left-over Chance dice are thrown again;
- ``focus``: only dice that complete a group or bring it within one die of completion;
- ``none``: throw everything again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

import numpy as np

from engines.core import State
from engines.monopoly_dice import endgame, odds, turn_table
from engines.monopoly_dice import rules as R
from engines.monopoly_dice.game import END_TURN, ROLL, place_action
from engines.monopoly_dice.odds import Position

THREAT = 2_500
"""Hard goes for the win this turn when an opponent needs at most this much to reach the target."""
MEDIUM_STOP = 2_000
EASY_STOP = 1_000

Placement = tuple[tuple[int, int], ...]


def _room(pos: Position) -> np.ndarray:
    return odds.SQUARES - pos.filled()


def plan_all(pos: Position, keep_chance: bool = False, focus: bool = False) -> Placement:
    """The placements of one candidate plan (see the module docstring), as ``(die, group)`` pairs."""
    rolled = [d for d in pos.cup() if pos.showing[d] is not None]
    moves: list[tuple[int, int]] = []
    current = pos
    by_group: dict[int, list[int]] = {}
    chance_dice = []
    for d in rolled:
        if pos.showing[d] == R.CHANCE:
            chance_dice.append(d)
        else:
            by_group.setdefault(R.GROUP_INDEX[pos.showing[d]], []).append(d)
    for g, dice in sorted(by_group.items()):
        room = int(_room(current)[g])
        # Place the dice with the fewest Chance faces first (the Street dice, then an Avenue die
        # before the Boardwalk die): the versatile ones go back in the cup. Placing the Boardwalk
        # die before an Avenue die measured the same (hard $2,581 +- 27 vs $2,572 +- 27 a turn).
        dice.sort(key=lambda d: (_chance_faces(d), d))
        take = dice[:room]
        if focus:
            filled = int(current.filled()[g]) + len(take)
            if filled < R.GROUPS[g].squares - 1:
                continue
        for d in take:
            moves.append((d, g))
            current = current.place(d, g)
    for d in chance_dice:
        target = _chance_target(current, completing_only=keep_chance or focus)
        if target is None:
            continue
        moves.append((d, target))
        current = current.place(d, target)
    return tuple(moves)


@cache
def _chance_faces(die: int) -> int:
    return sum(f.colour == R.CHANCE for f in R.PROPERTY_DICE[die].faces)


def _chance_target(pos: Position, completing_only: bool) -> int | None:
    filled, used = pos.filled(), pos.chance_used()
    open_groups = [g for g in R.COLOUR_GROUPS if not used[g] and filled[g] < R.GROUPS[g].squares]
    completing = [g for g in open_groups if filled[g] == R.GROUPS[g].squares - 1]
    if completing:
        return max(completing, key=lambda g: R.GROUPS[g].board_value)
    if completing_only or not open_groups:
        return None
    return max(open_groups, key=lambda g: (filled[g] / R.GROUPS[g].squares, R.GROUPS[g].board_value))


def apply_plan(pos: Position, plan: Placement) -> Position:
    for d, g in plan:
        pos = pos.place(d, g)
    return pos


@lru_cache(maxsize=200_000)
def position_value(pos: Position) -> float:
    """``max(stop now, one more roll then stop)``: how hard values a position."""
    return max(float(pos.turn_score()), odds.roll_once_value(pos))


def candidate_plans(pos: Position) -> list[Placement]:
    plans = [plan_all(pos), plan_all(pos, keep_chance=True), plan_all(pos, focus=True), ()]
    unique: list[Placement] = []
    for plan in plans:
        if plan not in unique:
            unique.append(plan)
    return unique


class ComputerPlayer:
    """Base: plans the placements once per roll, then asks :meth:`wants_roll`."""

    name = "computer"
    stops_at_target = True
    """Whether it ends its turn once the turn score reaches the target (the end game needs to know)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)
        self._key: tuple | None = None
        self._expected: tuple | None = None
        self._plan: list[tuple[int, int]] = []

    def __call__(self, state: State) -> int:
        me = state.current_player()
        obs = state.to_dict(me)
        legal = [item["action"] for item in obs["legal"]]
        if legal == [ROLL]:
            return ROLL
        key = (me, obs["turns"][me], obs["rolls"])
        pos = Position.from_observation(obs)
        here = (pos.placed, pos.showing)
        # A new roll, or a position the plan did not lead to (a fresh game handed to the same
        # player, or a human's move in between): plan again.
        if key != self._key or here != self._expected:
            self._key = key
            self._plan = list(self.plan(pos, obs))
        while self._plan:
            d, g = self._plan.pop(0)
            action = place_action(d, g)
            if action in legal:
                self._expected = (pos.place(d, g).placed, pos.showing)
                return action
        self._expected = here
        return ROLL if self.wants_roll(pos, obs) else END_TURN

    def plan(self, pos: Position, obs: dict[str, Any]) -> Placement:
        return plan_all(pos)

    def wants_roll(self, pos: Position, obs: dict[str, Any]) -> bool:
        raise NotImplementedError


class HardPlayer(ComputerPlayer):
    name = "hard"
    play_to_win = True
    places_to_win = True
    """Whether it takes a placement that reaches the target now over the one worth most on average
    (the earlier policies did not look)."""

    def plan(self, pos: Position, obs: dict[str, Any]) -> Placement:
        table = turn_table.available_table()
        if table is not None:
            plans = [moves for moves, _ in table.placements(pos)]
        else:
            plans = candidate_plans(pos)
        if self.places_to_win:
            need = obs["target"] - obs["scores"][obs["current_player"]]
            for plan in plans:
                if apply_plan(pos, plan).turn_score() >= need:
                    return plan  # the game is won by stopping now
        if table is not None or len(plans) == 1:
            return plans[0]
        return max(plans, key=lambda plan: position_value(apply_plan(pos, plan)))

    def wants_roll(self, pos: Position, obs: dict[str, Any]) -> bool:
        me = obs["current_player"]
        need = obs["target"] - obs["scores"][me]
        stop = pos.turn_score()
        if stop >= need:
            return False
        table = turn_table.available_table()
        if table is not None:
            table_rolls = table.should_roll(pos)
        else:
            table_rolls = odds.roll_once_value(pos) > stop
        if not self.play_to_win:
            return table_rolls
        return endgame.rolls_on(self.way(obs), table_rolls, stop)

    def way(self, obs: dict[str, Any]) -> str:
        """How to play this turn: one of :data:`engines.monopoly_dice.endgame.WAYS` (``"ev"``, the
        solved turn; ``"all-in"``, roll until the target or jail; push and banking turns between).

        The Pig-style end game (:mod:`engines.monopoly_dice.endgame`) decides from the totals and
        the opponents' levels: known for computer seats (:attr:`seat_levels`), estimated from
        their play for the others. Without its measured turns, the rule: all-in when an opponent
        needs at most ``THREAT``."""
        me = obs["current_player"]
        scores = obs["scores"]
        others = [p for p in range(len(scores)) if p != me]
        if not others:
            return "ev"
        way = None
        if not self.threat_rule:
            if self.mirror:
                # the previous end game: the leading opponent only, as strong as itself
                game = endgame.mirror_endgame(obs["target"])
                if game is not None:
                    way = game.way(scores[me], max(scores[p] for p in others))
            else:
                opponents = [(scores[p], self.opponent_level(obs, p)) for p in others]
                way = endgame.best_way(obs["target"], scores[me], opponents)
        if way is None:
            return "all-in" if obs["target"] - max(scores[p] for p in others) <= THREAT else "ev"
        return way

    def opponent_level(self, obs: dict[str, Any], seat: int) -> str:
        """The end-game level of the player in ``seat``: its computer level if known, else
        estimated from its turns so far."""
        known = self.seat_levels[seat] if self.seat_levels and seat < len(self.seat_levels) else None
        if known in endgame.COMPUTERS:
            return known
        if known is not None and known.startswith("hard"):
            return "hard"
        return endgame.estimate_level(obs["scores"][seat], obs["turns"][seat], obs["busts"][seat])

    threat_rule = False
    mirror = False
    seat_levels: list[str | None] | None = None
    """Per seat, the computer level playing it (None for a human); set by whoever seats the players."""


class HardThreatPlayer(HardPlayer):
    """Hard with the simple end-game rule instead of the solved end game (for comparisons)."""

    name = "hard-threat"
    threat_rule = True
    places_to_win = False


class HardMirrorPlayer(HardPlayer):
    """Hard with the previous solved end game: two ways, only the leading opponent raced and taken
    for a hard player, no look for a placement that wins now (for comparisons)."""

    name = "hard-mirror"
    mirror = True
    places_to_win = False


class HardEVPlayer(HardPlayer):
    """Hard without the end-game rule: always maximises the expected turn score (for comparisons)."""

    name = "hard-ev"
    play_to_win = False
    places_to_win = False


class ThresholdPlayer(ComputerPlayer):
    """Places everything; stops with a score at ``stop_at`` dollars or ``police`` policemen."""

    def __init__(self, seed: int = 0, stop_at: int = MEDIUM_STOP, police: int = 2) -> None:
        super().__init__(seed)
        self.stop_at = stop_at
        self.police = police

    def wants_roll(self, pos: Position, obs: dict[str, Any]) -> bool:
        stop = pos.turn_score()
        need = obs["target"] - obs["scores"][obs["current_player"]]
        if stop > 0 and (stop >= need or stop >= self.stop_at or pos.policemen() >= self.police):
            return False
        return True


class Police2Player(ComputerPlayer):
    """The baseline of the issue: keep rolling until the second policeman, then stop."""

    name = "police2"
    stops_at_target = False

    def wants_roll(self, pos: Position, obs: dict[str, Any]) -> bool:
        return pos.policemen() < 2


class RandomPlayer(ComputerPlayer):
    name = "random"

    def __call__(self, state: State) -> int:
        legal = state.legal_actions()
        return int(legal[int(self.rng.integers(len(legal)))])


def _medium(seed: int) -> ComputerPlayer:
    player = ThresholdPlayer(seed, MEDIUM_STOP, 2)
    player.name = "medium"
    return player


def _easy(seed: int) -> ComputerPlayer:
    player = ThresholdPlayer(seed, EASY_STOP, 1)
    player.name = "easy"
    return player


PLAYERS: dict[str, Callable[[int], ComputerPlayer]] = {
    "easy": _easy,
    "medium": _medium,
    "hard": HardPlayer,
    "hard-ev": HardEVPlayer,
    "hard-threat": HardThreatPlayer,
    "hard-mirror": HardMirrorPlayer,
    "police2": Police2Player,
    "random": RandomPlayer,
}


def player_for(level: str, game: Any, rng: np.random.Generator) -> ComputerPlayer:
    """The player ``Game.make_player`` hands out (registered in the package), seeded from ``rng``."""
    return make_player(level, seed=int(rng.integers(2**63)))


def make_player(name: str, seed: int = 0) -> ComputerPlayer:
    """A computer player by name: one of :data:`PLAYERS` (easy, medium, hard and the baselines)."""
    try:
        return PLAYERS[name](seed)
    except KeyError:
        raise ValueError(f"no Monopoly Dice player {name!r}; known: {', '.join(PLAYERS)}") from None
