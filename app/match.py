"""A match: one game played from its first move to its end, without pygame.

:class:`Match` owns everything of a game in progress except its pictures: the engine state, the
seats (:class:`PlayerSpec`: a human, or a computer of a level), the random generators, the chance
loop, the computers and the pace they play at. A screen draws the position, turns keys into
:meth:`Match.act` calls and reacts to the typed events the match emits (:class:`Rolled`,
:class:`Scored`, :class:`TurnEnded`, :class:`GameOver`, ...); the kiosk's attract loop drives a
match whose every seat is a computer (:attr:`Pacing.AUTOPLAY`) the same way.

Time only enters through :meth:`Match.tick` (seconds since the last tick, from the caller's
clock), so a test drives a whole game with a fake clock.

Who acts is always ``state.current_player()``, never the owner of the turn: a computer may act
during a human's turn (a bid in an auction) and a human during a computer's. A computer sees what
the game's :meth:`MatchRules.view` gives it, by default its own observation
``state.to_dict(player)``, so hidden information (a shuffled deck, another player's hand) stays
hidden from it.

Each game family describes itself to the match with a :class:`MatchRules`: which action throws the
dice, which dice it throws, how turns are counted, what each action means as events, and its
:class:`Pace` (how long the dice tumble, the computers' pauses).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from app.work import Task, WorkService
from engines.core import (
    SaveFormatError,
    State,
    load_state,
    rng_from_state,
    rng_state,
    sample_chance,
    save_state,
)

log = logging.getLogger(__name__)

LEVELS = ("easy", "medium", "hard")
SAVE_VERSION = 2
MAX_STEP_S = 0.25
"""A longer gap between two ticks (a stalled frame) counts as this long: nothing jumps ahead."""

Choose = Callable[[Any], int]
"""A computer player: what it sees (:meth:`MatchRules.view`) -> its action."""


@dataclass(frozen=True)
class PlayerSpec:
    """One seat: a human (with the name of a named player from the settings, or none), or a
    computer of a difficulty level."""

    computer: bool = False
    level: str = "medium"
    name: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"computer": self.computer, "level": self.level}
        if self.name:
            data["name"] = self.name
        return data

    @classmethod
    def from_json(cls, data: Any) -> PlayerSpec:
        from app.names import clean_name

        if not isinstance(data, dict) or not isinstance(data.get("computer"), bool):
            raise ValueError("a player is {computer: bool, level: str}")
        level = data.get("level", "medium")
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        # a save is a file that may be hostile: a name is cleaned, and a computer has none
        name = "" if data["computer"] else clean_name(data.get("name", ""))
        return cls(data["computer"], level, name)


# -- events ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Acting:
    """``player`` is about to take ``action`` (the position is still the one before it)."""

    player: int
    action: int
    computer: bool


@dataclass(frozen=True)
class Acted:
    """``player`` took ``action`` (any action but a roll, which is :class:`Rolled`)."""

    player: int
    action: int
    computer: bool


@dataclass(frozen=True)
class ShakeStarted:
    """A computer picked up the cup: the roll follows after the shake."""

    player: int


@dataclass(frozen=True)
class ShakeStopped:
    """A computer put the cup down: its dice are thrown now."""

    player: int


@dataclass(frozen=True)
class Rolled:
    """``player`` threw ``dice``, which fell as ``outcomes`` (the chance outcomes, in order);
    ``turn_over`` where the roll itself ended the turn."""

    player: int
    dice: tuple[int, ...]
    outcomes: tuple[int, ...]
    turn_over: bool


@dataclass(frozen=True)
class Settled:
    """The thrown dice stopped tumbling: they show their faces."""


@dataclass(frozen=True)
class Held:
    """``player`` held or released ``die``."""

    player: int
    die: int


@dataclass(frozen=True)
class Placed:
    """``player`` put ``die`` on ``group``."""

    player: int
    die: int
    group: int


@dataclass(frozen=True)
class Scored:
    """``player`` scored ``points`` in ``box``."""

    player: int
    box: int
    points: int


@dataclass(frozen=True)
class Jailed:
    """``player``'s turn ended in jail."""

    player: int


@dataclass(frozen=True)
class Undone:
    """``player`` took back their last move."""

    player: int


@dataclass(frozen=True)
class TurnEnded:
    """``player``'s turn is over. A listener may :meth:`Match.hold_turn` to show it first."""

    player: int


@dataclass(frozen=True)
class TurnStarted:
    """``player``'s turn begins; ``announce`` unless the match just opened."""

    player: int
    announce: bool


@dataclass(frozen=True)
class GameOver:
    """The last move is made (the results follow after a pause: :class:`ResultsDue`)."""

    winners: tuple[int, ...]


@dataclass(frozen=True)
class ResultsDue:
    """The pause after the last move is over: time for the results."""


Event = (
    Acting
    | Acted
    | ShakeStarted
    | ShakeStopped
    | Rolled
    | Held
    | Placed
    | Scored
    | Jailed
    | Undone
    | TurnEnded
    | TurnStarted
    | GameOver
    | ResultsDue
)
"""Any of the events a match emits."""


# -- what a game family tells the match ----------------------------------------------------------------
@dataclass(frozen=True)
class Pace:
    """How fast a game is shown. ``pauses`` are the computers' waits after an action of a kind
    (:meth:`MatchRules.kind`) and at the ``"start"`` of their turn."""

    settle_s: float = 0.5
    """Dice tumble this long after a roll before they show their faces."""
    shake_s: float = 0.5
    """A computer shakes the cup this long before it rolls."""
    pauses: Mapping[str, float] = field(default_factory=dict)
    end_s: float = 1.5
    """The wait from the last move to the results..."""
    end_skip_s: float = 0.4
    """...and when the last turn was skipped."""
    sequential: bool = False
    """True: while the dice settle nothing else moves on; False: the wait for the results runs
    alongside (the game's pauses were tuned one way or the other)."""


class MatchRules:
    """What a game family tells the match about its actions. Subclass it per family."""

    roll: int | None = None
    """The action that throws the dice (None: a game without dice)."""
    pace: Pace = Pace()

    def thrown(self, state: State) -> tuple[int, ...]:
        """The dice a roll throws now, in the order the chance nodes ask for them."""
        return ()

    def turn_count(self, state: State) -> int:
        """Turns played so far by everyone: a change means a turn ended."""
        raise NotImplementedError

    def kind(self, action: int) -> str:
        """The kind of ``action`` for the pacing (``"roll"``, ``"score"``, ...)."""
        return "roll" if action == self.roll else "move"

    def events(self, state: State, player: int, action: int, turn_over: bool) -> list[Event]:
        """What ``player``'s ``action`` meant, told after it (``state`` is the position after;
        ``turn_over`` where the action ended the turn)."""
        return []

    def view(self, state: State, player: int) -> Any:
        """What a computer at ``player`` is given to decide on: its observation
        ``state.to_dict(player)``, or a clone of the state in a game with nothing to hide
        (``Game.perfect_information``: the engines' players read a state)."""
        if getattr(state.game, "perfect_information", False):
            return state.clone()
        return state.to_dict(player)


class Pacing(enum.Enum):
    """How a match is played: at a human's pace, or on its own as a demo (every seat a computer)."""

    HUMAN = "human"
    AUTOPLAY = "autoplay"


# -- the match -----------------------------------------------------------------------------------------
class Match:
    """One game in progress: the position, the seats, the generators and the computers' pace.

    ``rngs["chance"]`` throws the dice; any other generator (the computers') is kept and saved
    with it. ``chooser(seat)`` makes the computer player of a seat (asked once, when it first
    plays). Computers decide as background work (:class:`app.work.Task`, through ``work``, the
    app's service, where given); ``inline`` makes them decide on the tick (screenshots, tests)."""

    def __init__(
        self,
        state: State,
        seats: Sequence[PlayerSpec],
        rules: MatchRules,
        rngs: Mapping[str, np.random.Generator],
        chooser: Callable[[int], Choose],
        *,
        pacing: Pacing = Pacing.HUMAN,
        inline: bool = False,
        thread_name: str = "match-cpu",
        work: WorkService | None = None,
    ) -> None:
        self.state = state
        self.seats = list(seats)
        if len(self.seats) != state.game.num_players:
            raise ValueError("one player spec per seat")
        if "chance" not in rngs:
            raise ValueError("a match needs a 'chance' generator")
        if pacing is Pacing.AUTOPLAY and not all(s.computer for s in self.seats):
            raise ValueError("autoplay needs a computer in every seat")
        self.rules = rules
        self.rngs = dict(rngs)
        self.pacing = pacing
        self.inline = inline
        self.speed = 1.0
        """Autoplay's time factor (a demo may play faster than a game)."""
        self.now = 0.0
        """Seconds of match time so far (the sum of the ticks)."""
        self.hold: Callable[[float], bool] | None = None
        """A screen's presentation that holds the match while it shows (given the tick's seconds;
        True: it took the tick). Asked after the dice settle, before anything else."""
        self._chooser = chooser
        self._choosers: dict[int, Choose] = {}
        self._listeners: list[Callable[[Event], None]] = []
        self.work = work
        """The app's background work, which runs the computers' decisions (None: tasks of its own)."""
        self._thread_name = thread_name
        self._task: Task | None = None
        self._threaded = False
        # the pace: one copy for every game
        self._settle = 0.0
        self._tumbling: frozenset[int] = frozenset()
        self._shaking = False
        self._cpu_wait = 0.0
        self._cpu_shake = 0.0
        self._skip = False
        self._ended = False
        self._end_wait = 0.0
        self._turn_held = False

    def autoplay(self, speed: float = 1.0) -> None:
        """Play on as a demo from now (every seat must be a computer), ``speed`` times as fast."""
        if not all(s.computer for s in self.seats):
            raise ValueError("autoplay needs a computer in every seat")
        self.pacing, self.speed = Pacing.AUTOPLAY, speed

    # -- reading ---------------------------------------------------------------------------------------
    @property
    def actor(self) -> int | None:
        """The seat to act now (``current_player()``), or None at a chance node or the end."""
        player = self.state.current_player()
        return player if player >= 0 else None

    @property
    def computer_to_act(self) -> bool:
        actor = self.actor
        return actor is not None and self.seats[actor].computer

    @property
    def settling(self) -> bool:
        """Thrown dice still tumbling."""
        return self._settle > 0

    @property
    def settle_left(self) -> float:
        """How much of the tumble is still to come: 1 as the dice leave the cup, 0 once they lie."""
        total = self.rules.pace.settle_s
        return min(1.0, self._settle / total) if total > 0 else 0.0

    @property
    def tumbling(self) -> frozenset[int]:
        """The dice of the last shake or roll (moving while :attr:`shaking` or :attr:`settling`)."""
        return self._tumbling

    @property
    def shaking(self) -> bool:
        return self._shaking

    @property
    def skipping(self) -> bool:
        """The computers' turn is being skipped to its end (SELECT)."""
        return self._skip

    @property
    def ended(self) -> bool:
        """The last move is made and the results are not due yet."""
        return self._ended

    @property
    def thinking(self) -> bool:
        """A computer's decision is being made."""
        return self._task is not None

    @property
    def uses_worker(self) -> bool:
        """The computers have decided off the tick, in background work (not ``inline``)."""
        return self._threaded

    def subscribe(self, listener: Callable[[Event], None]) -> None:
        """Call ``listener(event)`` for every event, in order, as it happens."""
        self._listeners.append(listener)

    def _emit(self, event: Event) -> None:
        for listener in list(self._listeners):
            listener(event)

    # -- turns ---------------------------------------------------------------------------------------
    def start(self) -> None:
        """Open the match (a new game or a resumed one): the turn to play begins, unannounced."""
        self._start_turn(announce=False)

    def _start_turn(self, announce: bool) -> None:
        self._skip = False
        if self.state.is_terminal():
            return
        player = self.actor
        if player is not None and self.seats[player].computer:
            self._cpu_wait = self.rules.pace.pauses.get("start", 0.0)
        self._emit(TurnStarted(-1 if player is None else player, announce))

    def hold_turn(self) -> None:
        """From a :class:`TurnEnded` listener: the next turn waits for :meth:`next_turn`."""
        self._turn_held = True

    def next_turn(self) -> None:
        """The ended turn has been shown: the next one begins, or the game is over."""
        self._turn_held = False
        if self.state.is_terminal():
            self._ended = True
            self._end_wait = self.rules.pace.end_skip_s if self._skip else self.rules.pace.end_s
            self._emit(GameOver(tuple(self.state.winners())))
            return
        self._start_turn(announce=True)

    # -- acting ----------------------------------------------------------------------------------------
    def act(self, action: int, outcomes: Sequence[int] = ()) -> None:
        """The seat to act (a human, from the keys) takes ``action``. Chance outcomes it leads to
        are drawn from ``rngs["chance"]``, the first ones from ``outcomes`` where given (dice that
        fall a chosen way: screenshots, tests)."""
        self._apply(action, computer=False, chosen=outcomes)

    def _apply(self, action: int, computer: bool, chosen: Sequence[int] = ()) -> None:
        state = self.state
        player = self.actor
        if player is None:
            raise ValueError("nobody is to act: the dice are in the air or the game is over")
        turns = self.rules.turn_count(state)
        rolled = action == self.rules.roll
        dice = self.rules.thrown(state) if rolled else ()
        self._emit(Acting(player, action, computer))
        state.apply_action(action)
        outcomes: list[int] = []
        chosen = list(chosen)
        while state.is_chance_node():
            outcome = chosen.pop(0) if chosen else sample_chance(state, self.rngs["chance"])
            outcomes.append(outcome)
            state.apply_action(outcome)
        turn_over = state.is_terminal() or self.rules.turn_count(state) != turns
        if rolled:
            self._tumbling = frozenset(dice)
            self._settle = 0.0 if self._skip else self.rules.pace.settle_s
            self._emit(Rolled(player, dice, tuple(outcomes), turn_over))
        else:
            self._emit(Acted(player, action, computer))
        for event in self.rules.events(state, player, action, turn_over):
            self._emit(event)
        if turn_over:
            self._turn_held = False
            self._emit(TurnEnded(player))
            if not self._turn_held:
                self.next_turn()

    def shake(self) -> None:
        """A human picked up the cup (the roll comes with :meth:`act` on release)."""
        self._shaking = True
        self._tumbling = frozenset(self.rules.thrown(self.state))

    def stop_shaking(self) -> bool:
        """The cup is put down; True if it was up."""
        was, self._shaking = self._shaking, False
        return was

    def skip(self) -> None:
        """SELECT during a computer's turn: the rest of it is played without pauses, shakes or
        tumbling dice (one action a tick; :meth:`finish_computer_turns` plays it within the call)."""
        self._skip = True
        self._cpu_wait = 0.0
        self._settle = 0.0

    def land(self) -> None:
        """Before a modal covers the game: the cup is put down and rolling dice land at once."""
        self._shaking = False
        self._settle = 0.0
        self._tumbling = frozenset()

    # -- time ------------------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Let ``dt`` seconds of the caller's clock pass (at most :data:`MAX_STEP_S` count)."""
        dt = min(dt, MAX_STEP_S)
        if self.pacing is Pacing.AUTOPLAY:
            dt *= self.speed
        self.now += dt
        if self._settle > 0:
            self._settle = max(0.0, self._settle - dt)
            if self._settle == 0:
                self._tumbling = frozenset()
                self._emit(Settled())
            if self.rules.pace.sequential:
                return
        if self.hold is not None and self.hold(dt):
            return
        if self._ended:
            self._end_wait -= dt
            if self._end_wait <= 0 and self._settle == 0:
                self._ended = False
                self._emit(ResultsDue())
            return
        if self.computer_to_act:
            self._computer_step(dt)

    def _computer_step(self, dt: float) -> None:
        player = self.actor
        assert player is not None
        if self._cpu_shake > 0:
            self._cpu_shake -= dt
            if self._cpu_shake <= 0 or self._skip:
                self._cpu_shake = 0.0
                self._shaking = False
                self._emit(ShakeStopped(player))
                self._apply(self.rules.roll, computer=True)  # type: ignore[arg-type]
            return
        if self._settle > 0 and not self._skip:
            return
        if self._cpu_wait > 0 and not self._skip:
            self._cpu_wait -= dt
            return
        if self._task is None:
            self._ask(player)
            if not self.inline:
                return  # the worker answers by a later tick
        action = self._decision()
        if action is not None:
            self._computer_act(player, int(action))

    def _computer_act(self, player: int, action: int) -> None:
        if action == self.rules.roll and not self._skip:
            self._tumbling = frozenset(self.rules.thrown(self.state))
            self._shaking = True
            self._cpu_shake = self.rules.pace.shake_s
            self._emit(ShakeStarted(player))
        else:
            self._apply(action, computer=True)
        pause = self.rules.pace.pauses.get(self.rules.kind(action))
        if pause is not None:
            self._cpu_wait = pause

    def finish_computer_turns(self, stop: Callable[[], bool] | None = None) -> None:
        """Play the computers' moves at once up to a human's move (or the end), so a save is made
        where a human is to act: no computer's plan straddles a save. ``stop`` ends it sooner
        (Monopoly: once no human is left in, the save is the game as it stands)."""
        self._skip = True
        if self._cpu_shake > 0:
            self._cpu_shake = 0.0
            self._shaking = False
            self._emit(ShakeStopped(self.actor))  # type: ignore[arg-type]
            self._apply(self.rules.roll, computer=True)  # type: ignore[arg-type]
        if self._task is not None:
            self._task.wait()
            self._computer_act(self.actor, int(self._decision()))  # type: ignore[arg-type]
        while not self.state.is_terminal() and self.computer_to_act and not (stop is not None and stop()):
            self._skip = True
            player = self.actor
            self._computer_act(player, int(self.computer(player)(self.rules.view(self.state, player))))  # type: ignore[arg-type]
        self._cpu_wait = 0.0
        self._settle = 0.0
        self._tumbling = frozenset()

    # -- the computers -----------------------------------------------------------------------------------
    def computer(self, seat: int) -> Choose:
        """The computer player of ``seat`` (made when first asked for)."""
        if seat not in self._choosers:
            self._choosers[seat] = self._chooser(seat)
        return self._choosers[seat]

    def set_computer(self, seat: int, choose: Choose) -> None:
        """Seat ``choose`` as ``seat``'s computer player (tests: a slow or scripted one)."""
        self._choosers[seat] = choose

    def _ask(self, player: int) -> None:
        """Ask ``player``'s computer for its move on what it may see, off the tick unless inline."""
        choose, view = self.computer(player), self.rules.view(self.state, player)

        def decide(task: Task) -> int:
            return choose(view)

        if self.inline:
            self._task = Task(decide, self._thread_name, inline=True)
        elif self.work is not None:
            self._threaded = True
            self._task = self.work.submit(decide, self._thread_name)
        else:
            self._threaded = True
            self._task = Task(decide, self._thread_name).start()

    def _decision(self) -> int | None:
        """The decision asked for, once it is made (and then no longer pending); else None."""
        task = self._task
        if task is None or not task.done:
            return None
        self._task = None
        if task.error is not None:
            raise RuntimeError(f"a computer player failed: {task.error}")
        return task.result

    def wait_for_decision(self, timeout: float = 60.0) -> None:
        """Wait (real time) for a decision being made: see ``Headless.settle_workers``."""
        if self._task is not None:
            self._task.wait(timeout)

    def cancel_decision(self) -> None:
        """Forget a decision being made (it is asked again when the computer next plays)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def close(self) -> None:
        """Leave the match: a decision being made is forgotten (it may still be saved, or resumed)."""
        self.cancel_decision()

    # -- saving ----------------------------------------------------------------------------------------
    def save_payload(self, game: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The match as JSON-able data: the engine's save (its game's configuration and the
        position), the generators, the seats, the pacing, and ``game``, the screen's own data
        (cursors, a review log). :func:`read_payload` reads it back."""
        return {
            "version": SAVE_VERSION,
            "engine": save_state(self.state),
            "rngs": {name: rng_state(rng) for name, rng in self.rngs.items()},
            "seats": [s.to_json() for s in self.seats],
            "pacing": self.pacing.value,
            "game": dict(game or {}),
        }


def from_version_1(payload: Any, rngs: Mapping[str, str], game: Sequence[str]) -> Any:
    """A save written before the match controller (version 1: the screens' own payloads) in
    today's form, its generators renamed by ``rngs`` (new name -> old key) and the keys ``game``
    moved to the game's own data; anything else comes back as it is."""
    if not isinstance(payload, dict) or payload.get("version") != 1:
        return payload
    return {
        "version": SAVE_VERSION,
        "engine": payload.get("engine"),
        "rngs": {new: payload.get(old) for new, old in rngs.items()},
        "seats": payload.get("players"),
        "pacing": Pacing.HUMAN.value,
        "game": {key: payload[key] for key in game if key in payload},
    }


@dataclass(frozen=True)
class SavedMatch:
    """A save read back by :func:`read_payload`: what a :class:`Match` is made from again."""

    state: State
    seats: list[PlayerSpec]
    rngs: dict[str, np.random.Generator]
    pacing: Pacing
    game: dict[str, Any]


def read_payload(payload: Any, state_type: type, rngs: Sequence[str] = ("chance",)) -> SavedMatch:
    """Read :meth:`Match.save_payload` output; ``ValueError`` for anything damaged, a state not of
    ``state_type``, a missing generator of ``rngs``, or a position a save never has (dice in the
    air, a finished game)."""
    if not isinstance(payload, dict) or payload.get("version") != SAVE_VERSION:
        raise ValueError("not a match save of this version")
    try:
        state = load_state(payload["engine"])
        if not isinstance(state, state_type):
            raise ValueError(f"not a {state_type.__name__}")
        if state.is_chance_node() or state.is_terminal():
            raise ValueError("a save never has dice in the air or a finished game")
        seats = [PlayerSpec.from_json(p) for p in payload["seats"]]
        if len(seats) != state.game.num_players:
            raise ValueError("one seat per player")
        saved = payload["rngs"]
        generators = {name: rng_from_state(saved[name]) for name in rngs}
        game = payload.get("game", {})
        if not isinstance(game, dict):
            raise ValueError("the game's own data must be a dict")
        return SavedMatch(state, seats, generators, Pacing(payload.get("pacing", "human")), game)
    except SaveFormatError as exc:
        raise ValueError(str(exc)) from exc
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"damaged save: {exc}") from exc
