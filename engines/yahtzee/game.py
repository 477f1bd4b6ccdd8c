"""The Yahtzee family as one state machine: Classic, Painted, Power and Dice Party.

One :class:`YahtzeeGame` / :class:`YahtzeeState` pair plays every mode; the variants are subclasses
that override the ``ClassVar`` rule flags below (boxes, dice, bonuses, Joker convention, how the
game ends). Values live in :mod:`engines.yahtzee.scoring` and :mod:`engines.yahtzee.dice`.

A turn: ``roll`` (all dice), then any mix of ``toggle i`` (hold or release die i), ``roll`` (the
dice not held) and finally ``score <box>``. Every die thrown is its own chance node with that die's
faces as outcomes, so :meth:`YahtzeeState.chance_outcomes` is exact and tiny. Power adds ``undo``
(take back the first box of a Double).

>>> from engines.core import load_game
>>> state = load_game("yahtzee-classic").new_initial_state()
>>> state.apply_action(ROLL)
>>> for face in (2, 2, 2, 4, 4):  # face indices: the numbers 3, 3, 3, 5, 5
...     state.apply_action(face)
>>> state.to_dict(0)["cards"][0]["boxes"]["full_house"]["potential"]
25
>>> state.apply_action(state.string_to_action("score full_house"))
>>> state.returns()
[25.0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

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
from engines.odds.dice import Die
from engines.yahtzee import dice as yd
from engines.yahtzee.scoring import (
    CLASSIC_BOXES,
    COLOUR_BONUS,
    DICE_PARTY_BOXES,
    PAINTED_BOXES,
    POWER_BOXES,
    POWER_UPPER_BONUS,
    UPPER_BONUS,
    YAHTZEE_BONUS,
    Box,
    Kind,
    Section,
    bonus_for,
    is_yahtzee,
    joker_score,
    score_box,
)

# -- actions ----------------------------------------------------------------------------------
ROLL = 0
"""Throw every die not held (the first roll of a turn throws them all)."""
TOGGLE_HOLD = 1
"""``TOGGLE_HOLD + i`` holds or releases die ``i`` (0-4; 5 is the Power die)."""
MAX_DICE = 6
UNDO = TOGGLE_HOLD + MAX_DICE
"""Power: take back the first box of a Double before the second is chosen."""
SCORE = UNDO + 1
"""``SCORE + box.id`` writes the hand in that box."""
NUM_ACTIONS = SCORE + max(len(POWER_BOXES), len(PAINTED_BOXES))

JOKER_CONVENTIONS = ("forced", "free", "none")
"""How a YAHTZEE is played once the YAHTZEE box is filled (docs/yahtzee-rules.md):
``forced`` the manual's Joker rules: the matching upper box if open, else any open lower box at full
value (Full House and straights included), else an upper box for zero; ``free`` any open box, Full
House and straights at full value only when the matching upper box is filled (Verhoeff's
convention); ``none`` no Joker and no YAHTZEE bonus."""


def toggle_hold(die: int) -> int:
    """The action holding or releasing die ``die``."""
    return TOGGLE_HOLD + die


def score_action(box: Box | int) -> int:
    """The action scoring in ``box`` (a :class:`Box` or its id)."""
    return SCORE + (box.id if isinstance(box, Box) else box)


class YahtzeeGame(Game):
    """Rules shared by the family; variants override the flags."""

    name: ClassVar[str] = ""
    mode: ClassVar[str] = ""
    boxes: ClassVar[tuple[Box, ...]] = CLASSIC_BOXES
    dice: ClassVar[tuple[Die, ...]] = yd.CLASSIC_DICE
    power_die: ClassVar[Die | None] = None
    rolls_per_turn: ClassVar[int] = 3
    upper_bonus_tiers: ClassVar[tuple[tuple[int, int], ...]] = UPPER_BONUS
    colour_bonus_tiers: ClassVar[tuple[tuple[int, int], ...]] = ()
    yahtzee_bonus: ClassVar[int] = YAHTZEE_BONUS
    options: ClassVar[Mapping[str, Option]] = {"joker": Option("forced", JOKER_CONVENTIONS)}
    """``joker``: the Joker convention; Power adds ``finish_round`` (see :class:`PowerGame`)."""
    five_of_a_kind_ends_rolling: ClassVar[bool] = False
    """Dice Party: a five of a kind ends the rolling at once."""
    ends_when_first_card_full: ClassVar[bool] = False
    """Power: the game ends as soon as one player's card is full."""

    def __init__(self, num_players: int = 1, **params: Any) -> None:
        super().__init__(num_players, **params)
        self.joker: str = self.option("joker")
        self.finish_round: bool = bool(self.params.get("finish_round", False))  # only Power declares it
        self.all_dice: tuple[Die, ...] = self.dice + ((self.power_die,) if self.power_die else ())
        self.upper_ids = tuple(b.id for b in self.boxes if b.section is Section.UPPER)
        self.colour_ids = tuple(b.id for b in self.boxes if b.section is Section.COLOUR)
        self.yahtzee_box = next((b for b in self.boxes if b.kind is Kind.YAHTZEE), None)
        self.upper_box_for_face = {b.face: b.id for b in self.boxes if b.kind is Kind.UPPER}
        self.toggle_actions = tuple(toggle_hold(i) for i in range(len(self.all_dice)))
        self.section_ids = {s: tuple(b.id for b in self.boxes if b.section is s) for s in Section}
        self.face_numbers = tuple(tuple(f.number for f in die.faces) for die in self.dice)
        self.face_colours = tuple(tuple(f.colour for f in die.faces) for die in self.dice)

    @property
    def bonus_per_yahtzee(self) -> int:
        """The YAHTZEE bonus under this game's Joker convention (none means no bonus)."""
        return 0 if self.joker == "none" else self.yahtzee_bonus

    def new_initial_state(self) -> YahtzeeState:
        return YahtzeeState(self)


@register_game
class ClassicGame(YahtzeeGame):
    name = "yahtzee-classic"
    mode = "classic"


@register_game
class PaintedGame(YahtzeeGame):
    name = "yahtzee-painted"
    mode = "painted"
    boxes = PAINTED_BOXES
    dice = yd.PAINTED_DICE
    colour_bonus_tiers = COLOUR_BONUS


@register_game
class PowerGame(YahtzeeGame):
    name = "yahtzee-power"
    mode = "power"
    boxes = POWER_BOXES
    power_die = yd.POWER_DIE
    upper_bonus_tiers = POWER_UPPER_BONUS
    yahtzee_bonus = 0
    options = {"joker": Option("none", ("none",)), "finish_round": Option(False, (False, True))}
    """``finish_round``: when a card fills, the round is played out so every player has had as many turns."""
    ends_when_first_card_full = True


@register_game
class DicePartyGame(YahtzeeGame):
    name = "dice-party"
    mode = "dice-party"
    min_players = 2
    max_players = 2
    boxes = DICE_PARTY_BOXES
    five_of_a_kind_ends_rolling = True


GAMES_BY_MODE: dict[str, type[YahtzeeGame]] = {
    cls.mode: cls for cls in (ClassicGame, PaintedGame, PowerGame, DicePartyGame)
}


class YahtzeeState(State):
    """A position: every card, the dice on the table, holds, rolls made and the dice in the air."""

    SCHEMA_VERSION: ClassVar[int] = 1
    game: YahtzeeGame

    def __init__(self, game: YahtzeeGame) -> None:
        super().__init__(game)
        n, b = game.num_players, len(game.boxes)
        self._scores: list[list[int | None]] = [[None] * b for _ in range(n)]
        self._multipliers: list[list[int]] = [[1] * b for _ in range(n)]
        self._yahtzee_bonuses = [0] * n
        self._turns = [0] * n
        self._player = 0
        self._over = False
        self._new_turn()

    def _new_turn(self) -> None:
        k = len(self.game.all_dice)
        self._faces: list[int | None] = [None] * k
        self._held = [False] * k
        self._rolls = 0
        self._to_roll: list[int] = []
        self._double_first: int | None = None
        self._hand: tuple[tuple[int, ...], tuple[str, ...] | None] | None = None
        self._legal: list[int] | None = None

    # -- what is on the table -------------------------------------------------------------------
    def numbers(self) -> tuple[int, ...]:
        """The five dice's numbers (the Power die excluded); empty before the first roll."""
        return (self._hand or self._read_hand())[0]

    def colours(self) -> tuple[str, ...] | None:
        """The Painted colours of the five dice (None in modes without colours or mid-roll)."""
        return (self._hand or self._read_hand())[1]

    def _read_hand(self) -> tuple[tuple[int, ...], tuple[str, ...] | None]:
        if self._rolls == 0 or self._to_roll:
            self._hand = ((), None)
        else:
            game, faces = self.game, self._faces
            numbers = tuple(game.face_numbers[d][faces[d]] for d in range(len(game.dice)))
            colours = None
            if game.colour_ids:
                colours = tuple(game.face_colours[d][faces[d]] for d in range(len(game.dice)))
            self._hand = (numbers, colours)
        return self._hand

    def power_face(self) -> str | None:
        """The label on the Power die (None outside Power, before the first roll or in the air)."""
        if self.game.power_die is None or self._faces[-1] is None:
            return None
        return self.game.power_die.faces[self._faces[-1]].label

    def multiplier(self) -> int:
        """The Power on every box scored now (1 outside Power)."""
        face = self.power_face()
        return 1 if face is None else yd.POWER_MULTIPLIER[face]

    def _card_full(self, player: int) -> bool:
        return all(s is not None for s in self._scores[player])

    def _max_rolls(self) -> int:
        if yd.power_grants_extra_roll(self.power_face(), self._held[-1]):
            return self.game.rolls_per_turn + 1
        return self.game.rolls_per_turn

    def _rolling_stopped(self) -> bool:
        """No more rolling this turn whatever the holds: Freeze, a Dice Party five of a kind, a Double."""
        if self._double_first is not None or yd.power_stops_rolling(self.power_face()):
            return True
        return self.game.five_of_a_kind_ends_rolling and is_yahtzee(self.numbers())

    def rolls_left(self) -> int:
        """Rolls still allowed with the current holds (Power: keeping Power gives a fourth)."""
        if self._rolls == 0:
            return self.game.rolls_per_turn
        if self._to_roll or self._rolling_stopped():
            return 0
        return max(0, self._max_rolls() - self._rolls)

    def _may_toggle(self) -> bool:
        if self._rolls == 0 or self._to_roll or self._rolling_stopped():
            return False
        if self._rolls < self.game.rolls_per_turn:
            return True
        # After the third roll only a shown Power can still buy a fourth (hold it to use it).
        return self._rolls == self.game.rolls_per_turn and yd.power_grants_extra_roll(self.power_face(), True)

    def joker_active(self) -> bool:
        """A YAHTZEE on the table with the YAHTZEE box filled, under a Joker convention."""
        box = self.game.yahtzee_box
        return (
            self.game.joker != "none"
            and box is not None
            and is_yahtzee(self.numbers())
            and self._scores[self._player][box.id] is not None
        )

    def yahtzee_bonus_now(self) -> int:
        """The YAHTZEE bonus the player to act earns with whatever box they choose now."""
        box = self.game.yahtzee_box
        if not self.joker_active() or self.game.bonus_per_yahtzee == 0:
            return 0
        return self.game.bonus_per_yahtzee if self._scores[self._player][box.id] else 0

    def allowed_boxes(self) -> list[int]:
        """The ids of the boxes the player to act may score in now (after at least one roll)."""
        if self._rolls == 0 or self._to_roll or self._over:
            return []
        scores = self._scores[self._player]
        open_ids = [b.id for b in self.game.boxes if scores[b.id] is None]
        numbers = self.numbers()
        if self.joker_active() and self.game.joker == "forced":
            matching = self.game.upper_box_for_face[numbers[0]]
            if scores[matching] is None:
                return [matching]
            outside_upper = [i for i in open_ids if i not in self.game.upper_ids]
            return outside_upper or open_ids
        return self._in_group_order(open_ids, is_yahtzee(numbers))

    def _in_group_order(self, open_ids: list[int], yahtzee: bool) -> list[int]:
        """Power: only one box of each 1st/2nd(/3rd) group is open to choice at a time."""
        chosen: dict[str, int] = {}
        allowed = []
        for i in open_ids:
            box = self.game.boxes[i]
            if box.group is None:
                allowed.append(i)
            elif box.group not in chosen or (box.group == "yahtzee" and not yahtzee):
                # the lowest open rank, except that a zero in the YAHTZEE group fills 3rd, 2nd, 1st
                chosen[box.group] = i
        return sorted(allowed + list(chosen.values()))

    def box_value(self, box_id: int) -> int:
        """What the hand on the table scores in box ``box_id`` now: Joker and Power included,
        YAHTZEE bonus excluded (see :meth:`yahtzee_bonus_now`)."""
        return self.box_values([box_id])[0]

    def box_values(self, box_ids: Sequence[int]) -> list[int]:
        """:meth:`box_value` for several boxes at once."""
        numbers, colours = self.numbers(), self.colours()
        if not numbers:
            return [0] * len(box_ids)
        boxes, mult = self.game.boxes, self.multiplier()
        score = joker_score if self.joker_active() and self._joker_pays_full(numbers) else score_box
        return [score(boxes[i], numbers, colours) * mult for i in box_ids]

    def _joker_pays_full(self, numbers: Sequence[int]) -> bool:
        if self.game.joker == "forced":
            return True
        return self._scores[self._player][self.game.upper_box_for_face[numbers[0]]] is not None

    # -- engine API -----------------------------------------------------------------------------
    def current_player(self) -> int:
        if self._over:
            return TERMINAL
        if self._to_roll:
            return CHANCE
        return self._player

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        if self._over or self._to_roll:
            return []
        if self._rolls == 0:
            return [ROLL]
        actions = []
        if self.rolls_left() > 0 and not all(self._held):
            actions.append(ROLL)
        if self._may_toggle():
            actions.extend(self.game.toggle_actions)
        if self._double_first is not None:
            actions.append(UNDO)
        actions.extend(SCORE + i for i in self.allowed_boxes())
        return actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self._to_roll:
            return []
        die = self.game.all_dice[self._to_roll[0]]
        return [(i, float(p)) for i, p in enumerate(die.face_probabilities())]

    def _apply(self, action: int) -> None:
        self._hand = self._legal = None
        if self._to_roll:
            self._faces[self._to_roll.pop(0)] = action
            return
        if action == ROLL:
            self._rolls += 1
            self._to_roll = [i for i, held in enumerate(self._held) if not held]
            for i in self._to_roll:
                self._faces[i] = None
        elif TOGGLE_HOLD <= action < UNDO:
            self._held[action - TOGGLE_HOLD] ^= True
        elif action == UNDO:
            player, first = self._player, self._double_first
            self._scores[player][first] = None
            self._multipliers[player][first] = 1
            self._double_first = None
        else:
            self._score(action - SCORE)

    def _score(self, box_id: int) -> None:
        player = self._player
        if self.yahtzee_bonus_now():
            self._yahtzee_bonuses[player] += 1
        self._scores[player][box_id] = self.box_value(box_id)
        self._multipliers[player][box_id] = self.multiplier()
        if self.power_face() == yd.DOUBLE and self._double_first is None and not self._card_full(player):
            self._double_first = box_id
            return
        self._end_turn()

    def _end_turn(self) -> None:
        game, player, n = self.game, self._player, self.game.num_players
        self._turns[player] += 1
        full = [self._card_full(p) for p in range(n)]
        nxt = (player + 1) % n
        if all(full):
            self._over = True
        elif game.ends_when_first_card_full and any(full):
            if game.finish_round:
                # the players after the first full card finish the round; no new round starts
                while nxt != 0 and full[nxt]:
                    nxt = (nxt + 1) % n
                self._over = nxt == 0
            else:
                self._over = True
        self._player = nxt
        self._new_turn()

    def action_to_string(self, action: int) -> str:
        if self._to_roll:
            die_index = self._to_roll[0]
            die = self.game.all_dice[die_index]
            if not 0 <= action < len(die.faces):
                raise InvalidActionError(f"{action} is not a face of die {die_index + 1}")
            return f"die {die_index + 1} {die.faces[action].label}"
        if action == ROLL:
            return "roll"
        if TOGGLE_HOLD <= action < TOGGLE_HOLD + len(self.game.all_dice):
            return f"toggle {action - TOGGLE_HOLD + 1}"
        if action == UNDO and self.game.power_die is not None:
            return "undo"
        if SCORE <= action < SCORE + len(self.game.boxes):
            return f"score {self.game.boxes[action - SCORE].key}"
        raise InvalidActionError(f"{action} is not an action of {self.game.name}")

    def string_to_action(self, text: str) -> int:
        """Parse an action's text; well-formed but illegal texts parse (applying them fails)."""
        if self._to_roll:
            return super().string_to_action(text)
        words = text.strip().split()
        if words == ["roll"]:
            return ROLL
        if words == ["undo"] and self.game.power_die is not None:
            return UNDO
        if len(words) == 2 and words[0] == "toggle" and words[1].isdigit():
            die = int(words[1])
            if 1 <= die <= len(self.game.all_dice):
                return toggle_hold(die - 1)
        if len(words) == 2 and words[0] == "score":
            for box in self.game.boxes:
                if box.key == words[1]:
                    return score_action(box)
        raise InvalidActionError(f"no action {text!r} in {self.game.name}")

    # -- results ----------------------------------------------------------------------------------
    def card_totals(self, player: int) -> dict[str, int]:
        """Section totals and bonuses of a player's card as it stands."""
        game, scores = self.game, self._scores[player]

        def section_sum(section: Section) -> int:
            return sum(scores[i] or 0 for i in game.section_ids[section])

        upper, lower, colour = (section_sum(s) for s in (Section.UPPER, Section.LOWER, Section.COLOUR))
        upper_bonus = bonus_for(upper, game.upper_bonus_tiers)
        colour_bonus = bonus_for(colour, game.colour_bonus_tiers) if game.colour_bonus_tiers else 0
        yahtzee_bonus = self._yahtzee_bonuses[player] * game.bonus_per_yahtzee
        total = upper + upper_bonus + lower + colour + colour_bonus + yahtzee_bonus
        return {
            "upper": upper,
            "upper_bonus": upper_bonus,
            "lower": lower,
            "colour": colour,
            "colour_bonus": colour_bonus,
            "yahtzee_bonus": yahtzee_bonus,
            "yahtzee_bonus_count": self._yahtzee_bonuses[player],
            "total": total,
        }

    def clone(self) -> YahtzeeState:
        """A copy sharing the (immutable) game: cheap enough for look-ahead."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._scores = [list(row) for row in self._scores]
        other._multipliers = [list(row) for row in self._multipliers]
        other._yahtzee_bonuses = list(self._yahtzee_bonuses)
        other._turns = list(self._turns)
        other._faces = list(self._faces)
        other._held = list(self._held)
        other._to_roll = list(self._to_roll)
        other._legal = None
        return other

    def returns(self) -> list[float]:
        return [float(self.card_totals(p)["total"]) for p in range(self.game.num_players)]

    def turns_taken(self) -> list[int]:
        """Turns each player has finished."""
        return list(self._turns)

    def scores(self, player: int) -> list[int | None]:
        """A player's card by box id (None for an open box)."""
        return list(self._scores[player])

    # -- observation and save -------------------------------------------------------------------
    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        if player is None:
            return self._save()
        if not 0 <= player < self.game.num_players:
            raise ValueError(f"no player {player}")
        return self._observation(player)

    def _save(self) -> dict[str, Any]:
        return {
            "schema": self.SCHEMA_VERSION,
            "game": self.game.name,
            "player": self._player,
            "over": self._over,
            "scores": [list(s) for s in self._scores],
            "multipliers": [list(m) for m in self._multipliers],
            "yahtzee_bonuses": list(self._yahtzee_bonuses),
            "turns": list(self._turns),
            "faces": list(self._faces),
            "held": list(self._held),
            "rolls": self._rolls,
            "to_roll": list(self._to_roll),
            "double_first": self._double_first,
        }

    def _observation(self, player: int) -> dict[str, Any]:
        game = self.game
        to_act = self.current_player()
        allowed = set(self.allowed_boxes()) if to_act >= 0 else set()
        dice = []
        for i, die in enumerate(game.all_dice):
            face = None if self._faces[i] is None else die.faces[self._faces[i]]
            dice.append(
                {
                    "die": die.name,
                    "face": None if face is None else face.label,
                    "number": None if face is None else face.number,
                    "colour": None if face is None else face.colour,
                    "held": self._held[i],
                    "power": game.power_die is not None and i == len(game.all_dice) - 1,
                }
            )
        mine = to_act >= 0 and bool(self.numbers())
        values = self.box_values(range(len(game.boxes))) if mine else []
        cards = []
        for p in range(game.num_players):
            boxes = {}
            for box in game.boxes:
                score = self._scores[p][box.id]
                turn = mine and p == self._player
                boxes[box.key] = {
                    "id": box.id,
                    "name": box.name,
                    "section": str(box.section),
                    "score": score,
                    "multiplier": self._multipliers[p][box.id] if score is not None else None,
                    "potential": values[box.id] if turn and score is None else None,
                    "allowed": turn and box.id in allowed,
                }
            cards.append({"boxes": boxes, **self.card_totals(p)})
        power = None
        if game.power_die is not None:
            face = self.power_face()
            power = {
                "face": face,
                "multiplier": self.multiplier() if face is not None else None,
                "held": self._held[-1],
                "freeze": yd.power_stops_rolling(face),
                "double": face == yd.DOUBLE,
                "fourth_roll": self._max_rolls() > game.rolls_per_turn,
            }
        legal = self.legal_actions()
        return {
            "schema": self.SCHEMA_VERSION,
            "game": game.name,
            "mode": game.mode,
            "joker_convention": game.joker,
            "num_players": game.num_players,
            "viewer": player,
            "current_player": to_act,
            "turn_player": self._player,
            "over": self._over,
            "turns": list(self._turns),
            "dice": dice,
            "rolls": self._rolls,
            "rolls_left": self.rolls_left(),
            "must_score": to_act >= 0 and self._rolls > 0 and ROLL not in legal and not self._may_toggle(),
            "joker": self.joker_active(),
            "yahtzee_bonus_now": self.yahtzee_bonus_now() if to_act >= 0 else 0,
            "power": power,
            "pending_double": None if self._double_first is None else game.boxes[self._double_first].key,
            "cards": cards,
            "returns": self.returns(),
            "legal": [{"action": a, "text": self.action_to_string(a)} for a in legal],
        }

    @classmethod
    def from_dict(cls, game: Game, data: Mapping[str, Any]) -> YahtzeeState:
        if not isinstance(game, YahtzeeGame):
            raise SaveFormatError(f"{game.name} is not a Yahtzee game")
        try:
            state = cls(game)
            state._load(data)
        except SaveFormatError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SaveFormatError(f"damaged {game.name} save: {exc}") from exc
        return state

    def _load(self, data: Mapping[str, Any]) -> None:
        game = self.game
        if not isinstance(data, Mapping):
            raise SaveFormatError("a saved state is a mapping")
        if data.get("schema") != self.SCHEMA_VERSION:
            raise SaveFormatError(f"unknown save schema {data.get('schema')!r}")
        if data.get("game") != game.name:
            raise SaveFormatError(f"the save is of {data.get('game')!r}, not {game.name}")
        n, b, k = game.num_players, len(game.boxes), len(game.all_dice)

        def ints(value: Any, length: int, low: int, high: int, *, none_ok: bool = False) -> list[Any]:
            if not isinstance(value, list) or len(value) != length:
                raise SaveFormatError(f"expected a list of {length}, got {value!r}")
            for v in value:
                if v is None and none_ok:
                    continue
                if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                    raise SaveFormatError(f"value {v!r} out of range {low}..{high}")
            return list(value)

        self._player = ints([data["player"]], 1, 0, n - 1)[0]
        over = data["over"]
        if not isinstance(over, bool):
            raise SaveFormatError("over must be true or false")
        self._over = over
        self._scores = [ints(row, b, 0, 10_000, none_ok=True) for row in _rows(data["scores"], n)]
        self._multipliers = [ints(row, b, 1, 3) for row in _rows(data["multipliers"], n)]
        self._yahtzee_bonuses = ints(data["yahtzee_bonuses"], n, 0, 100)
        self._turns = ints(data["turns"], n, 0, 100)
        self._faces = ints(data["faces"], k, 0, 5, none_ok=True)
        self._hand = None
        held = data["held"]
        if not isinstance(held, list) or len(held) != k or not all(isinstance(h, bool) for h in held):
            raise SaveFormatError("held must be a list of booleans, one per die")
        self._held = list(held)
        self._rolls = ints([data["rolls"]], 1, 0, game.rolls_per_turn + 1)[0]
        to_roll = data["to_roll"]
        self._to_roll = ints(to_roll, len(to_roll) if isinstance(to_roll, list) else -1, 0, k - 1)
        first = data["double_first"]
        self._double_first = None if first is None else ints([first], 1, 0, b - 1)[0]
        self._hand = self._legal = None
        self._check_consistent()

    def _check_consistent(self) -> None:
        """Refuse saves no game could have reached (so a damaged file never crashes play later)."""
        faces_missing = {i for i, f in enumerate(self._faces) if f is None}
        if self._rolls == 0:
            if faces_missing != set(range(len(self._faces))) or any(self._held) or self._to_roll:
                raise SaveFormatError("dice on the table before the first roll")
        elif faces_missing != set(self._to_roll) or len(set(self._to_roll)) != len(self._to_roll):
            raise SaveFormatError("the dice in the air do not match the empty faces")
        if any(self._held[i] for i in self._to_roll):
            raise SaveFormatError("a held die is in the air")
        if self._double_first is not None:
            if self.power_face() != yd.DOUBLE or self._scores[self._player][self._double_first] is None:
                raise SaveFormatError("a pending Double without a Double on the Power die")
        full = [self._card_full(p) for p in range(self.game.num_players)]
        if self.game.ends_when_first_card_full:
            should_be_over, may_be_over = any(full) and not self.game.finish_round, any(full)
        else:
            should_be_over = may_be_over = all(full)
        if self._over not in {should_be_over, may_be_over}:
            raise SaveFormatError("the cards and the end of the game disagree")
        if self._over and self._rolls:
            raise SaveFormatError("dice on the table after the game")
        if not self._over and self._card_full(self._player):
            raise SaveFormatError("the player to act has a full card")


def _rows(value: Any, n: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != n:
        raise SaveFormatError(f"expected one row per player ({n})")
    return value
