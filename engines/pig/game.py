"""The Pig engine: roll to build a turn total, hold to bank it; a 1 loses it.

A turn: ROLL (key 2) throws the die, a chance node whose outcome is the face (1-6). A 1 ends the
turn with nothing banked; any other face adds to the turn total. HOLD (key 3) banks the turn total
and passes the die. The first roll of a turn is compulsory (holding nothing only passes the die),
and the game ends the moment banked score plus turn total reaches the goal, with nothing left to
decide: the player who gets there first wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engines.core import (
    CHANCE,
    TERMINAL,
    Game,
    InvalidActionError,
    SaveFormatError,
    State,
    register_game,
)
from engines.pig import rules as R

ROLL = 0
HOLD = 1
_TEXT = {ROLL: "roll", HOLD: "hold"}


@register_game
class PigGame(Game):
    """Two-player Pig to :data:`engines.pig.rules.GOAL` with one six-sided die."""

    name: ClassVar[str] = "pig"
    min_players: ClassVar[int] = R.PLAYERS
    max_players: ClassVar[int] = R.PLAYERS

    def __init__(self, num_players: int = R.PLAYERS, **params: Any) -> None:
        super().__init__(num_players, **params)

    def new_initial_state(self) -> PigState:
        return PigState(self)


class PigState(State):
    SCHEMA_VERSION: ClassVar[int] = 1

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.scores = [0] * game.num_players
        self.player = 0
        self.turn_total = 0
        self.rolls = 0
        self.rolling = False
        self.last_face: int | None = None
        self.last_turn: dict[str, Any] | None = None
        self.turns = [0] * game.num_players
        self.winner: int | None = None

    # -- whose turn -----------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def legal_actions(self) -> list[int]:
        if self.winner is not None or self.rolling:
            return []
        return [ROLL, HOLD] if self.rolls else [ROLL]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.rolling:
            return []
        return [(face, 1.0 / R.DIE_SIDES) for face in R.FACES]

    def _apply(self, action: int) -> None:
        if self.rolling:
            self._land(action)
        elif action == ROLL:
            self.rolling = True
        else:
            self._end_turn("hold", self.turn_total)

    def _land(self, face: int) -> None:
        self.rolling = False
        self.last_face = face
        self.rolls += 1
        if face == R.BUST_FACE:
            self._end_turn("bust", 0)
            return
        self.turn_total += face
        if self.scores[self.player] + self.turn_total >= R.GOAL:
            self._end_turn("goal", self.turn_total)

    def _end_turn(self, how: str, banked: int) -> None:
        player = self.player
        self.scores[player] += banked
        self.turns[player] += 1
        self.last_turn = {
            "player": player,
            "how": how,
            "banked": banked,
            "lost": self.turn_total if how == "bust" else 0,
            "rolls": self.rolls,
        }
        self.turn_total = 0
        self.rolls = 0
        if how == "goal":
            self.winner = player
        else:
            self.player = 1 - player

    # -- text -----------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        if self.rolling:
            if action not in R.FACES:
                raise InvalidActionError(f"a die shows 1 to {R.DIE_SIDES}, not {action!r}")
            return f"face {action}"
        if action not in _TEXT:
            raise InvalidActionError(f"Pig has no action {action!r}")
        return _TEXT[action]

    # -- results --------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "version": self.SCHEMA_VERSION,
            "scores": list(self.scores),
            "player": self.player,
            "turn_total": self.turn_total,
            "rolls": self.rolls,
            "rolling": self.rolling,
            "last_face": self.last_face,
            "last_turn": dict(self.last_turn) if self.last_turn else None,
            "turns": list(self.turns),
            "winner": self.winner,
        }
        if player is None:
            return data
        current = self.current_player()
        data.update(
            game=self.game.name,
            viewer=player,
            num_players=self.game.num_players,
            current_player=current,
            legal=[{"action": a, "text": self.action_to_string(a)} for a in self.legal_actions()],
            returns=self.returns(),
            over=self.winner is not None,
            goal=R.GOAL,
        )
        return data

    @classmethod
    def from_dict(cls, game: Game, data: Mapping[str, Any]) -> PigState:
        if not isinstance(data, Mapping) or data.get("version") != cls.SCHEMA_VERSION:
            raise SaveFormatError("not a Pig save of a known version")
        state = cls(game)
        n = game.num_players
        try:
            scores = [_count(s, R.GOAL + R.DIE_SIDES) for s in data["scores"]]
            turns = [_count(t, 10**6) for t in data["turns"]]
            player = _count(data["player"], n - 1)
            turn_total = _count(data["turn_total"], R.GOAL + R.DIE_SIDES)
            rolls = _count(data["rolls"], 10**6)
            rolling = data["rolling"]
            last_face = data["last_face"]
            winner = data["winner"]
            last_turn = data["last_turn"]
        except (KeyError, TypeError) as exc:
            raise SaveFormatError(f"damaged Pig save: {exc}") from exc
        if len(scores) != n or len(turns) != n or not isinstance(rolling, bool):
            raise SaveFormatError("damaged Pig save: wrong number of players")
        if last_face is not None and last_face not in R.FACES:
            raise SaveFormatError("damaged Pig save: no such face")
        if winner is not None and (winner not in range(n) or scores[winner] < R.GOAL):
            raise SaveFormatError("damaged Pig save: the winner has not reached the goal")
        if winner is None and (max(scores) >= R.GOAL or scores[player] + turn_total >= R.GOAL):
            raise SaveFormatError("damaged Pig save: a finished game without a winner")
        if turn_total > 0 and rolls == 0:
            raise SaveFormatError("damaged Pig save: a turn total without a roll")
        if last_turn is not None and not isinstance(last_turn, Mapping):
            raise SaveFormatError("damaged Pig save: last turn")
        state.scores, state.turns, state.player = scores, turns, player
        state.turn_total, state.rolls, state.rolling = turn_total, rolls, rolling
        state.last_face, state.winner = last_face, winner
        state.last_turn = _last_turn(last_turn, n) if last_turn is not None else None
        return state


def _count(value: Any, limit: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
        raise SaveFormatError(f"damaged Pig save: {value!r} is not a count up to {limit}")
    return value


def _last_turn(data: Mapping[str, Any], players: int) -> dict[str, Any]:
    try:
        how = data["how"]
        if how not in ("hold", "bust", "goal"):
            raise SaveFormatError(f"damaged Pig save: a turn cannot end by {how!r}")
        return {
            "player": _count(data["player"], players - 1),
            "how": how,
            "banked": _count(data["banked"], R.GOAL + R.DIE_SIDES),
            "lost": _count(data["lost"], R.GOAL + R.DIE_SIDES),
            "rolls": _count(data["rolls"], 10**6),
        }
    except (KeyError, TypeError) as exc:
        raise SaveFormatError(f"damaged Pig save: last turn {exc}") from exc
