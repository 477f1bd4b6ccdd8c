"""The Monopoly Dice engine: a turn of rolls, placements and one stop, as a state machine.

A turn: ROLL (key 2) throws every die not on the board (the unplaced property dice, the Go-to-Jail
dice not on a jail square, and the house/hotel die once a colour group is complete), one chance
node per die in die order. When the last die lands the roll resolves by itself: policemen go to
the jail squares, GO pays $200, the house/hotel die acts, and a third policeman ends the turn with
nothing scored. The player then places rolled property dice (``place P3 pink``, SELECT), may undo
placements made since that roll (key 4), rolls the rest again, or ends the turn (key 3).

Conventions the manual leaves open (all documented in ``docs/monopoly-dice.md``):

- Placing is optional: rolled dice left unplaced simply go back into the next roll.
- A placed die stays for the rest of the turn; only placements since the last roll can be undone,
  most recent first.
- The GO die is never placed: it pays $200 each time it shows GO and is rolled again.
- Get Out of Jail Free is resolved before the jail check, so it can save a roll that brought the
  third policeman; it frees the GO die first (the die the player would want back).
- The first roll of a turn is compulsory; after it the player may stop at any time.
- The game ends as soon as a player's total reaches the target; nobody gets a last turn.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from engines.core import (
    CHANCE,
    TERMINAL,
    Game,
    InvalidActionError,
    Option,
    SaveFormatError,
    State,
    register_game,
)
from engines.monopoly_dice import rules as R
from engines.odds.dice import Face

ROLL = 0
END_TURN = 1
UNDO = 2
PLACE_BASE = 10
"""``PLACE_BASE + die * len(GROUPS) + group`` places property die ``die`` on ``group``."""
NUM_GROUPS = len(R.GROUPS)
_SPECIAL_TEXT = {ROLL: "roll", END_TURN: "end", UNDO: "undo"}
_FACE_LABELS = tuple(tuple(str(f) for f in die.faces) for die in R.ALL_DICE)


def place_action(die: int, group: int) -> int:
    """The action that puts property die ``die`` (0-6) on group ``group`` (index into GROUPS)."""
    return PLACE_BASE + die * NUM_GROUPS + group


def decode_place(action: int) -> tuple[int, int]:
    """``(die, group)`` of a place action."""
    die, group = divmod(action - PLACE_BASE, NUM_GROUPS)
    return die, group


def _is_place(action: int) -> bool:
    return PLACE_BASE <= action < PLACE_BASE + len(R.PROPERTY_DICE) * NUM_GROUPS


@register_game
class MonopolyDiceGame(Game):
    """Monopoly Dice for 1 (solo practice) to 4 players; ``target`` is 10000, 15000 or 25000."""

    name: ClassVar[str] = "monopoly-dice"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options: ClassVar[Mapping[str, Option]] = {"target": Option(R.DEFAULT_TARGET, R.TARGETS)}
    """``target``: the score that ends the game."""

    def __init__(self, num_players: int = 2, target: int = R.DEFAULT_TARGET, **params: Any) -> None:
        # target is always named in the config, so saves say which target they were played to
        super().__init__(num_players, target=target, **params)
        self.target = int(target)

    def new_initial_state(self) -> MonopolyDiceState:
        return MonopolyDiceState(self)


class MonopolyDiceState(State):
    SCHEMA_VERSION: ClassVar[int] = 1

    def __init__(self, game: MonopolyDiceGame) -> None:
        super().__init__(game)
        n = game.num_players
        self.scores = [0] * n
        self.previous: list[int | None] = [None] * n
        self.turns = [0] * n
        self.busts = [0] * n
        self.houses_scored = [0] * n
        self.hotels_scored = [0] * n
        self.player = 0
        self.winner: int | None = None
        self.bonuses: dict[str, int] = {}
        self.last_turn: dict[str, Any] | None = None
        self._new_turn()

    # -- turn bookkeeping -----------------------------------------------------------------------
    def _new_turn(self) -> None:
        self.faces: list[int | None] = [None] * len(R.ALL_DICE)
        self.placed: list[int | None] = [None] * len(R.PROPERTY_DICE)
        self.jailed = [False] * len(R.JAIL_DICE)
        self.house_die_in = False
        self.go_count = 0
        self.houses = 0
        self.hotels = 0
        self.rolls = 0
        self.pending: list[int] = []
        self.undo_stack: list[int] = []
        self.last_roll: dict[str, Any] | None = None

    @property
    def target(self) -> int:
        return self.game.target  # type: ignore[attr-defined]

    # -- reading the board ----------------------------------------------------------------------
    def face(self, die: int) -> Face | None:
        """The face die ``die`` shows (None if it has not been rolled this turn)."""
        index = self.faces[die]
        return None if index is None else R.ALL_DICE[die].distinct_faces()[index]

    def _board(
        self,
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[bool, ...], tuple[bool, ...], tuple[int, ...]]:
        # Per group: the dice on it, complete, holds a Chance, printed sum. Recomputed only when a
        # placement (or a placed die's face) changed: observations and the computer players ask
        # for it many times per move.
        key = (tuple(self.placed), tuple(self.faces[: len(R.PROPERTY_DICE)]))
        cached = getattr(self, "_board_cache", None)
        if cached is None or cached[0] != key:
            members: list[list[int]] = [[] for _ in R.GROUPS]
            chance = [False] * len(R.GROUPS)
            sums = [0] * len(R.GROUPS)
            for d, g in enumerate(self.placed):
                if g is not None:
                    members[g].append(d)
                    face = self.face(d)
                    chance[g] = chance[g] or face.colour == R.CHANCE
                    sums[g] += face.number or 0
            complete = tuple(len(m) == group.squares for m, group in zip(members, R.GROUPS, strict=True))
            cached = (key, (tuple(tuple(m) for m in members), complete, tuple(chance), tuple(sums)))
            self._board_cache = cached
        return cached[1]

    def group_dice(self, group: int) -> list[int]:
        """The property dice on ``group``'s squares (in die order)."""
        return list(self._board()[0][group])

    def group_has_chance(self, group: int) -> bool:
        return self._board()[2][group]

    def group_complete(self, group: int) -> bool:
        return self._board()[1][group]

    def group_die_value(self, group: int) -> int:
        """The sum printed on the group's dice (a Chance counts nothing)."""
        return self._board()[3][group]

    def any_colour_complete(self) -> bool:
        complete = self._board()[1]
        return any(complete[g] for g in R.COLOUR_GROUPS)

    def policemen(self) -> int:
        return sum(self.jailed)

    def score_parts(self) -> dict[str, int]:
        """The current turn's Basic, GO, House, Hotel and Turn Score if the turn ended now."""
        members, done, _, sums = self._board()
        complete = 0
        best_incomplete = 0
        for g, group in enumerate(R.GROUPS):
            if done[g]:
                complete += group.board_value
            elif members[g]:
                best_incomplete = max(best_incomplete, sums[g])
        parts = {
            "basic": complete + best_incomplete,
            "go": R.GO_AMOUNT * self.go_count,
            "house": R.HOUSE_VALUE * self.houses,
            "hotel": R.HOTEL_VALUE * self.hotels,
        }
        parts["turn"] = sum(parts.values())
        return parts

    def unplaced_rolled(self) -> list[int]:
        """Property dice showing a face from the last roll and not yet placed."""
        return [d for d in R.PROPERTY_IDS if self.faces[d] is not None and self.placed[d] is None]

    def dice_to_roll(self) -> list[int]:
        """The dice the next ROLL throws (the house die once a colour group is complete)."""
        dice = [d for d in R.PROPERTY_IDS if self.placed[d] is None]
        dice += [d for j, d in enumerate(R.JAIL_IDS) if not self.jailed[j]]
        if self.house_die_in or self.any_colour_complete():
            dice.append(R.HOUSE_ID)
        return dice

    def place_targets(self, die: int) -> list[int]:
        """The groups rolled property die ``die`` may go on now."""
        face = self.face(die)
        if face is None or self.placed[die] is not None:
            return []
        if face.colour == R.CHANCE:
            _, done, chance, _ = self._board()
            return [g for g in R.COLOUR_GROUPS if not done[g] and not chance[g]]
        if face.colour in R.GROUP_INDEX:
            g = R.GROUP_INDEX[face.colour]
            return [] if self.group_complete(g) else [g]
        return []

    # -- the State API ---------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        if self.pending:
            return CHANCE
        return self.player

    def legal_actions(self) -> list[int]:
        if self.winner is not None or self.pending:
            return []
        if self.rolls == 0:
            return [ROLL]
        actions = [ROLL, END_TURN]
        if self.undo_stack:
            actions.append(UNDO)
        for die in self.unplaced_rolled():
            actions.extend(place_action(die, g) for g in self.place_targets(die))
        return sorted(actions)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.pending:
            return []
        die = R.ALL_DICE[self.pending[0]]
        return [(i, float(p)) for i, p in enumerate(die.face_probabilities())]

    def _apply(self, action: int) -> None:
        if self.pending:
            die = self.pending.pop(0)
            self.faces[die] = action
            if not self.pending:
                self._resolve_roll()
            return
        if action == ROLL:
            self._start_roll()
        elif action == END_TURN:
            self._end_turn(jail=False)
        elif action == UNDO:
            self.placed[self.undo_stack.pop()] = None
        else:
            die, group = decode_place(action)
            self.placed[die] = group
            self.undo_stack.append(die)

    def _start_roll(self) -> None:
        if self.any_colour_complete():
            self.house_die_in = True
        self.pending = self.dice_to_roll()
        for die in self.pending:
            self.faces[die] = None
        self.undo_stack = []
        self.rolls += 1

    def _resolve_roll(self) -> None:
        rolled = [d for d in R.JAIL_IDS + (R.HOUSE_ID,) if self.faces[d] is not None]
        events: list[str] = []
        for j, die in enumerate(R.JAIL_IDS):
            if self.jailed[j] or die not in rolled:
                continue
            colour = self.face(die).colour
            if colour == R.POLICEMAN:
                self.jailed[j] = True
                events.append(f"policeman:{R.ALL_DICE[die].name}")
            elif colour == R.GO:
                self.go_count += 1
                events.append("go")
        if self.house_die_in and self.faces[R.HOUSE_ID] is not None:
            events.append(self._house_die(self.face(R.HOUSE_ID).colour))
        self.last_roll = {"events": events, "policemen": self.policemen()}
        if self.policemen() >= R.JAIL_SQUARES:
            self._end_turn(jail=True)

    def _house_die(self, colour: str | None) -> str:
        if colour == R.HOUSE:
            if self.houses < R.MAX_HOUSES:
                self.houses += 1
                return "house"
            return "house:full"
        if colour == R.BROKEN_HOUSE:
            if self.houses > 0:
                self.houses -= 1
                return "broken-house"
            return "broken-house:none"
        if colour == R.HOTEL:
            if self.houses >= R.HOTEL_NEEDS_HOUSES and self.hotels < R.MAX_HOTELS:
                self.hotels += 1
                return "hotel"
            return "hotel:not-allowed"
        if colour == R.JAIL_FREE:
            if any(self.jailed):
                # Free the GO die first: the player gets the $200 face back in the roll.
                j = 0 if self.jailed[0] else self.jailed.index(True)
                self.jailed[j] = False
                self.faces[R.JAIL_IDS[j]] = None
                return f"jail-free:{R.JAIL_DICE[j].name}"
            return "jail-free:none"
        raise AssertionError(f"unknown house die face {colour!r}")

    def _end_turn(self, jail: bool) -> None:
        p = self.player
        parts = {"basic": 0, "go": 0, "house": 0, "hotel": 0, "turn": 0} if jail else self.score_parts()
        self.scores[p] += parts["turn"]
        self.previous[p] = parts["turn"]
        self.turns[p] += 1
        if jail:
            self.busts[p] += 1
        else:
            self.houses_scored[p] += self.houses
            self.hotels_scored[p] += self.hotels
        # The final board stays visible to the screen after the turn has moved on.
        self.last_turn = {
            "player": p,
            "jail": jail,
            "rolls": self.rolls,
            **parts,
            "faces": list(self.faces),
            "placed": list(self.placed),
            "jailed": list(self.jailed),
            "events": list(self.last_roll["events"]) if self.last_roll else [],
        }
        if self.scores[p] >= self.target:
            self.winner = p
            self.bonuses = {
                "houses_hotels": R.houses_hotels_bonus(self.houses_scored[p], self.hotels_scored[p]),
                "special": R.special_bonus(self.target, self.turns[p]),
            }
        else:
            self.player = (p + 1) % self.game.num_players
        self._new_turn()

    def action_to_string(self, action: int) -> str:
        if self.pending:
            die = R.ALL_DICE[self.pending[0]]
            faces = die.distinct_faces()
            if not 0 <= action < len(faces):
                raise InvalidActionError(f"die {die.name} has no face {action}")
            return f"{die.name}={faces[action]}"
        if action in _SPECIAL_TEXT:
            return _SPECIAL_TEXT[action]
        if _is_place(action):
            die, group = decode_place(action)
            return f"place {R.PROPERTY_DICE[die].name} {R.GROUPS[group].key}"
        raise InvalidActionError(f"no Monopoly Dice action {action}")

    def string_to_action(self, text: str) -> int:
        if not self.pending:
            words = text.split()
            if len(words) == 1 and words[0] in _SPECIAL_TEXT.values():
                return next(a for a, t in _SPECIAL_TEXT.items() if t == words[0])
            if len(words) == 3 and words[0] == "place":
                names = [d.name for d in R.PROPERTY_DICE]
                if words[1] in names and words[2] in R.GROUP_INDEX:
                    return place_action(names.index(words[1]), R.GROUP_INDEX[words[2]])
            raise InvalidActionError(f"no action {text!r} here")
        return super().string_to_action(text)

    def apply_action(self, action: int) -> None:
        # Tell a number that is no action of this game (InvalidActionError) from one that is
        # just not allowed now (IllegalActionError, raised by the base class).
        is_int = isinstance(action, (int, np.integer)) and not isinstance(action, bool)
        if is_int and not self.pending and not self.is_terminal():
            if not (int(action) in _SPECIAL_TEXT or _is_place(int(action))):
                raise InvalidActionError(f"no Monopoly Dice action {action}")
        super().apply_action(action)

    # -- results ---------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        totals = [float(s) for s in self.scores]
        if self.winner is not None:
            totals[self.winner] += sum(self.bonuses.values())
        return totals

    # -- observation and saving ------------------------------------------------------------------
    _SAVE_FIELDS: ClassVar[tuple[str, ...]] = (
        "scores", "previous", "turns", "busts", "houses_scored", "hotels_scored", "player", "winner",
        "bonuses", "last_turn", "faces", "placed", "jailed", "house_die_in", "go_count", "houses",
        "hotels", "rolls", "pending", "undo_stack", "last_roll",
    )  # fmt: skip

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"version": self.SCHEMA_VERSION}
        for name in self._SAVE_FIELDS:
            value = getattr(self, name)
            data[name] = copy.deepcopy(value) if isinstance(value, dict) else _copy_flat(value)
        if player is None:
            return data
        data["game"] = self.game.name
        data["viewer"] = player
        data["target"] = self.target
        data["num_players"] = self.game.num_players
        data["current_player"] = self.current_player()
        data["dice"] = [self._die_view(d) for d in range(len(R.ALL_DICE))]
        data["groups"] = [
            {
                "key": g.key,
                "name": g.name,
                "squares": g.squares,
                "board_value": g.board_value,
                "die_value": g.die_value,
                "colour": g.colour,
                "dice": self.group_dice(i),
                "chance": self.group_has_chance(i),
                "complete": self.group_complete(i),
                "value": g.board_value if self.group_complete(i) else self.group_die_value(i),
            }
            for i, g in enumerate(R.GROUPS)
        ]
        data["jail_squares"] = [R.JAIL_IDS[j] if on else None for j, on in enumerate(self.jailed)]
        data["policemen"] = self.policemen()
        data["score_parts"] = self.score_parts()
        data["dice_to_roll"] = self.dice_to_roll() if self.winner is None else []
        data["legal"] = [{"action": a, "text": self.action_to_string(a)} for a in self.legal_actions()]
        data["can_undo"] = bool(self.undo_stack) and not self.pending
        data["table"] = [
            {"player": p, "total": self.scores[p], "previous": self.previous[p], "turns": self.turns[p]}
            for p in range(self.game.num_players)
        ]
        data["returns"] = self.returns()
        data["over"] = self.is_terminal()
        return data

    def _die_view(self, d: int) -> dict[str, Any]:
        die = R.ALL_DICE[d]
        face = self.face(d)
        if d in R.PROPERTY_IDS:
            where = "board" if self.placed[d] is not None else ("rolled" if face is not None else "cup")
        elif d in R.JAIL_IDS:
            where = "jail" if self.jailed[R.JAIL_IDS.index(d)] else ("rolled" if face is not None else "cup")
        else:
            active = self.house_die_in or self.any_colour_complete()
            where = ("rolled" if face is not None else "cup") if active else "out"
        return {
            "id": d,
            "name": die.name,
            "faces": list(_FACE_LABELS[d]),
            "face": None
            if face is None
            else {"label": str(face), "colour": face.colour, "value": face.number},
            "where": where,
            "group": self.placed[d] if d in R.PROPERTY_IDS else None,
            "targets": self.place_targets(d) if d in R.PROPERTY_IDS and not self.pending else [],
        }

    @classmethod
    def from_dict(cls, game: Game, data: Mapping[str, Any]) -> MonopolyDiceState:
        if not isinstance(game, MonopolyDiceGame):
            raise SaveFormatError(f"not a Monopoly Dice game: {game!r}")
        try:
            if data["version"] != cls.SCHEMA_VERSION:
                raise SaveFormatError(f"unknown Monopoly Dice save version {data['version']!r}")
            state = cls(game)
            for name in cls._SAVE_FIELDS:
                if not _SAVE_TYPES[name](data[name]):
                    raise SaveFormatError(f"damaged Monopoly Dice save: {name} has the wrong type")
                setattr(state, name, copy.deepcopy(data[name]))
        except (KeyError, TypeError) as exc:
            raise SaveFormatError(f"damaged Monopoly Dice save: {exc}") from exc
        n = game.num_players
        lists = ("scores", "previous", "turns", "busts", "houses_scored", "hotels_scored")
        if any(len(getattr(state, name)) != n for name in lists) or not 0 <= state.player < n:
            raise SaveFormatError("the save does not match the number of players")
        if len(state.faces) != len(R.ALL_DICE) or len(state.placed) != len(R.PROPERTY_DICE):
            raise SaveFormatError("the save does not match the dice")
        if len(state.jailed) != len(R.JAIL_DICE):
            raise SaveFormatError("the save does not match the jail dice")
        if state.winner is not None and not 0 <= state.winner < n:
            raise SaveFormatError("the winner is not one of the players")
        boards = [(state.faces, state.placed)]
        if state.last_turn is not None:
            if not 0 <= state.last_turn["player"] < n:
                raise SaveFormatError("the last turn's player is not one of the players")
            boards.append((state.last_turn["faces"], state.last_turn["placed"]))
        for faces, placed in boards:
            if len(faces) != len(R.ALL_DICE) or len(placed) != len(R.PROPERTY_DICE):
                raise SaveFormatError("the save does not match the dice")
            for d, f in enumerate(faces):
                if f is not None and not 0 <= f < len(R.ALL_DICE[d].distinct_faces()):
                    raise SaveFormatError(f"die {R.ALL_DICE[d].name} has no face {f}")
            if any(g is not None and not 0 <= g < NUM_GROUPS for g in placed):
                raise SaveFormatError("a die is placed on a group that does not exist")
        if any(not 0 <= d < len(R.ALL_DICE) for d in state.pending) or any(
            state.placed[d] is None for d in state.undo_stack if 0 <= d < len(state.placed)
        ):
            raise SaveFormatError("the dice in the air or the undo list are damaged")
        return state


_SAVE_INT_LIMIT = 10**9
"""Every number in a save lies within +- this (a game never comes near)."""


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= _SAVE_INT_LIMIT


def _optional_int(value: Any) -> bool:
    return value is None or _int(value)


def _list_of(check: Any) -> Any:
    return lambda value: isinstance(value, list) and len(value) <= 64 and all(map(check, value))


def _text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= 64


def _record(spec: dict[str, Any]) -> Any:
    """A check for a dict with exactly ``spec``'s keys, each passing its check."""
    return lambda value: (
        isinstance(value, dict) and set(value) == set(spec) and all(spec[k](value[k]) for k in spec)
    )


def _bool(value: Any) -> bool:
    return isinstance(value, bool)


_SAVE_TYPES: dict[str, Any] = {
    "scores": _list_of(_int),
    "previous": _list_of(_optional_int),
    "turns": _list_of(_int),
    "busts": _list_of(_int),
    "houses_scored": _list_of(_int),
    "hotels_scored": _list_of(_int),
    "player": _int,
    "winner": _optional_int,
    "bonuses": lambda v: isinstance(v, dict) and all(map(_text, v)) and _list_of(_int)(list(v.values())),
    "last_turn": lambda v: v is None
    or _record(
        {
            "player": _int, "jail": _bool, "rolls": _int, "basic": _int, "go": _int, "house": _int,
            "hotel": _int, "turn": _int, "faces": _list_of(_optional_int),
            "placed": _list_of(_optional_int), "jailed": _list_of(_bool), "events": _list_of(_text),
        }
    )(v),
    "faces": _list_of(_optional_int),
    "placed": _list_of(_optional_int),
    "jailed": _list_of(_bool),
    "house_die_in": _bool,
    "go_count": _int,
    "houses": _int,
    "hotels": _int,
    "rolls": _int,
    "pending": _list_of(_int),
    "undo_stack": _list_of(_int),
    "last_roll": lambda v: v is None or _record({"events": _list_of(_text), "policemen": _int})(v),
}  # fmt: skip
"""What each saved field must be, checked by type before any value is used."""


def _copy_flat(value: Any) -> Any:
    """A copy of a scalar or a list of scalars (the bulk of a save; deepcopy is slow here)."""
    return list(value) if isinstance(value, list) else value
