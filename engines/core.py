"""The engine API every game shares (after OpenSpiel's Game/State split).

A :class:`Game` is immutable rules plus configuration and makes states; a :class:`State` is the
mutable position. Chance is an explicit turn: when :meth:`State.current_player` returns
:data:`CHANCE`, :meth:`State.chance_outcomes` lists ``(outcome, probability)`` and the caller
applies one outcome like any action. The app samples with its seeded generator
(:func:`sample_chance`), and the odds core and computer players enumerate the same list, so one
seed replays a whole game exactly.

Actions are small ints; every action round-trips through text. A state serialises to a plain
JSON-able dict with a schema version: that dict is the save format.

The contract every registered game keeps (``tests/engines/test_conformance.py`` checks it on random
playouts of each one):

- **Observation.** ``state.to_dict(player)`` holds at least :data:`OBSERVATION_KEYS` with the
  meanings given there, plus whatever the game's screens need.
- **Options.** A game declares its set-up options as data in :attr:`Game.options` (name ->
  :class:`Option`); ``Game.__init__`` rejects an unknown option or a value outside ``allowed`` with
  a :class:`ValueError` naming both.
- **Hidden information.** An observation shows a player nothing they could not see at the table.
  A game with :attr:`Game.perfect_information` shows every player the same observation (up to
  ``"viewer"``); any other game implements :meth:`State.perturb_hidden`, and changing only what the
  viewer cannot see (another player's private data, the order of a shuffled deck) leaves the
  viewer's observation unchanged.
- **Players.** :func:`make_player` (level, game, rng) makes a computer player for any game at each of
  :data:`PLAYER_LEVELS`; a player is ``choose(state) -> action`` and reads only
  ``state.current_player()`` and that player's observation ``state.to_dict(state.current_player())``
  (``state.legal_actions()`` is the same list as the observation's ``"legal"``). A driver asks a
  player for a decision whenever ``current_player()`` is that player, which need not be the player
  whose turn it is (a bid in an auction, say).
"""

from __future__ import annotations

import abc
import copy
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

CHANCE = -1
"""``current_player()`` while the dice are in the air."""
TERMINAL = -4
"""``current_player()`` once the game is over."""


OBSERVATION_KEYS: tuple[str, ...] = (
    "game",
    "viewer",
    "num_players",
    "current_player",
    "legal",
    "returns",
    "over",
)
"""Keys present in every game's observation ``to_dict(player)``: ``game`` (the registry name),
``viewer`` (the player it was made for), ``num_players``, ``current_player`` (a player, or
:data:`CHANCE` / :data:`TERMINAL`), ``legal`` (``[{"action": int, "text": str}]`` for the player to
act, sorted by action; empty at chance and terminal nodes), ``returns`` (``State.returns()``) and
``over`` (True once the game has ended)."""

PLAYER_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
"""Computer levels every game's :meth:`Game.make_player` knows ("random" plays any legal action)."""


class InvalidActionError(ValueError):
    """The action is malformed: not an action of this game at all (bad int, unparsable text)."""


class IllegalActionError(ValueError):
    """The action is well formed but not allowed in this position."""


class SaveFormatError(ValueError):
    """A saved state cannot be read: wrong game, unknown schema version or damaged fields."""


@dataclass(frozen=True)
class Option:
    """One set-up option of a game: its default and, when the choice is closed, the allowed values."""

    default: Any
    allowed: tuple[Any, ...] | None = None

    def check(self, game: str, name: str, value: Any) -> None:
        if self.allowed is not None and value not in self.allowed:
            choices = ", ".join(map(str, self.allowed))
            raise ValueError(f"{game}: {name} must be one of {choices}, not {value!r}")


class Game(abc.ABC):
    """Immutable rules and configuration; a factory for states.

    Subclasses set ``name`` (the registry key), ``options`` and rule flags as ``ClassVar``;
    variants are subclasses that override those flags.
    """

    name: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options: ClassVar[Mapping[str, Option]] = {}
    """The set-up options this game accepts besides ``num_players`` (name -> :class:`Option`)."""
    perfect_information: ClassVar[bool] = True
    """Every player sees everything; False means :meth:`State.perturb_hidden` is implemented."""

    def __init__(self, num_players: int = 1, **params: Any) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.name} takes {self.min_players} to {self.max_players} players, not {num_players}"
            )
        unknown = sorted(set(params) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise ValueError(f"{self.name} has no option {', '.join(unknown)} (its options: {known})")
        for key, value in params.items():
            self.options[key].check(self.name, key, value)
        self.num_players = num_players
        self.params: dict[str, Any] = dict(params)

    def option(self, key: str) -> Any:
        """The value of a set-up option: as given, else its declared default."""
        return self.params.get(key, self.options[key].default)

    @abc.abstractmethod
    def new_initial_state(self) -> State:
        """The position before the first roll."""

    def make_player(self, level: str, rng: np.random.Generator) -> Callable[[State], int]:
        """A computer player of this family at ``level`` (one of :data:`PLAYER_LEVELS` at least).

        The family registers its players beside the game (:func:`register_players`), so the game's
        module never imports them.
        """
        for cls in type(self).__mro__:
            target = _PLAYERS.get(cls)
            if target is not None:
                module_name, _, attr = target.partition(":")
                factory = getattr(importlib.import_module(module_name), attr)
                return factory(level, self, rng)
        raise ValueError(f"{self.name} has no computer players")

    def config(self) -> dict[str, Any]:
        """What :func:`load_game` needs to make this game again (stored in every save)."""
        return {"game": self.name, "num_players": self.num_players, **self.params}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.config()!r})"


class State(abc.ABC):
    """A mutable position of a :class:`Game`."""

    SCHEMA_VERSION: ClassVar[int] = 1

    def __init__(self, game: Game) -> None:
        self.game = game

    # -- whose turn -----------------------------------------------------------------------------
    @abc.abstractmethod
    def current_player(self) -> int:
        """The player to act, or :data:`CHANCE` or :data:`TERMINAL`."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    # -- moves ----------------------------------------------------------------------------------
    @abc.abstractmethod
    def legal_actions(self) -> list[int]:
        """The sorted actions the player to act may take now (empty at chance and terminal nodes)."""

    @abc.abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(outcome, probability)]`` at a chance node; the probabilities sum to 1."""

    @abc.abstractmethod
    def _apply(self, action: int) -> None:
        """Apply an action already checked to be legal (or a chance outcome)."""

    def apply_action(self, action: int) -> None:
        """Apply a player action or a chance outcome, checking it first."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise InvalidActionError(f"an action is an int, not {action!r}")
        action = int(action)
        if self.is_terminal():
            raise IllegalActionError("the game is over")
        if self.is_chance_node():
            if action not in {o for o, _ in self.chance_outcomes()}:
                raise IllegalActionError(f"{action} is not a chance outcome here")
        elif action not in self.legal_actions():
            raise IllegalActionError(f"{self.action_to_string(action)} is not legal now")
        self._apply(action)

    @abc.abstractmethod
    def action_to_string(self, action: int) -> str:
        """A short text for an action, unique among actions of this game."""

    def string_to_action(self, text: str) -> int:
        """The inverse of :meth:`action_to_string` over the actions possible now."""
        candidates = [o for o, _ in self.chance_outcomes()] if self.is_chance_node() else self.legal_actions()
        for action in candidates:
            if self.action_to_string(action) == text:
                return action
        raise InvalidActionError(f"no action {text!r} here")

    # -- results --------------------------------------------------------------------------------
    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Each player's score so far (final once terminal)."""

    def winners(self) -> list[int]:
        """The players with the best return (ties share the win)."""
        scores = self.returns()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    # -- observation and saving -----------------------------------------------------------------
    @abc.abstractmethod
    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        """A JSON-able view of the position.

        With ``player=None`` it is the full save; with a player it is what that player can see
        (renderers and computer players read only this).
        """

    @classmethod
    @abc.abstractmethod
    def from_dict(cls, game: Game, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`to_dict` output; raise :class:`SaveFormatError` if damaged."""

    def perturb_hidden(self, viewer: int, rng: np.random.Generator) -> State:
        """A copy that differs from this state only in what ``viewer`` cannot see.

        Games with hidden information (:attr:`Game.perfect_information` False) override this:
        reshuffle the decks still face down, redraw other players' private data. Without hidden
        information there is nothing to change and the copy is exact.
        """
        return self.clone()

    def clone(self) -> State:
        return copy.deepcopy(self)

    def __str__(self) -> str:
        return repr(self.to_dict())


_REGISTRY: dict[str, type[Game]] = {}
_PLAYERS: dict[type[Game], str] = {}


def register_players(game: type[Game], factory: str) -> None:
    """Name the computer players of ``game`` and its variants: ``"package.module:function"``.

    The function is ``(level, game, rng) -> player``; it is imported on the first player asked
    for, so registering costs nothing and the players' module may import the game freely.
    """
    module_name, sep, attr = factory.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"expected 'package.module:function', got {factory!r}")
    _PLAYERS[game] = factory


def register_game(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game (or variant) loadable by its ``name``."""
    if not cls.name:
        raise TypeError(f"{cls.__name__} has no name")
    if cls.name in _REGISTRY and _REGISTRY[cls.name] is not cls:
        raise TypeError(f"two games are called {cls.name!r}")
    _REGISTRY[cls.name] = cls
    return cls


def registered_games() -> list[str]:
    _import_all_games()
    return sorted(_REGISTRY)


def game_class(name: str) -> type[Game]:
    """The game class registered as ``name``; ValueError naming the known ones otherwise."""
    _import_all_games()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ValueError(f"no game called {name!r}; known: {', '.join(sorted(_REGISTRY))}") from None


def load_game(name: str, **params: Any) -> Game:
    """Make a game by registry name, e.g. ``load_game("yahtzee-classic", num_players=2)``."""
    return game_class(name)(**params)


def load_state(data: Mapping[str, Any]) -> State:
    """Rebuild a saved state: ``data`` holds ``game`` (the config) and ``state``."""
    try:
        config = dict(data["game"])
        name = config.pop("game")
        game = load_game(name, **config)
        state_data = data["state"]
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFormatError(f"not a saved game: {exc}") from exc
    return type(game.new_initial_state()).from_dict(game, state_data)


def save_state(state: State) -> dict[str, Any]:
    """The JSON-able save of a state, readable by :func:`load_state`."""
    return {"game": state.game.config(), "state": state.to_dict()}


def make_player(level: str, game: Game, rng: np.random.Generator) -> Callable[[State], int]:
    """A computer player for ``game`` at ``level``, drawing its randomness from ``rng``.

    >>> game = load_game("yahtzee-classic")
    >>> rng = np.random.default_rng(7)
    >>> play_out(game.new_initial_state(), rng, make_player("random", game, rng)).is_terminal()
    True
    """
    return game.make_player(level, rng)


def _import_all_games() -> None:
    # Each game family is a subpackage of engines/ that registers its games when imported; finding
    # them on disk means a new family needs no line here. Imported lazily so that engines.core
    # itself stays cheap to import.
    import pkgutil

    import engines

    for module in pkgutil.iter_modules(engines.__path__):
        if module.ispkg:
            importlib.import_module(f"engines.{module.name}")


def sample_chance(state: State, rng: np.random.Generator) -> int:
    """Draw one chance outcome with the caller's generator."""
    outcomes = state.chance_outcomes()
    probs = np.fromiter((p for _, p in outcomes), dtype=float, count=len(outcomes))
    index = int(rng.choice(len(outcomes), p=probs / probs.sum()))
    return outcomes[index][0]


def play_out(
    state: State,
    rng: np.random.Generator,
    choose: Callable[[State], int] | Sequence[Callable[[State], int]],
    max_steps: int = 1_000_000,
) -> State:
    """Play ``state`` to the end: chance from ``rng``, moves from ``choose`` (one per player or shared)."""
    for _ in range(max_steps):
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            chooser = choose[player] if isinstance(choose, Sequence) else choose
            state.apply_action(chooser(state))
    raise RuntimeError("the game did not end")


def rng_state(rng: np.random.Generator) -> dict[str, Any]:
    """The generator's exact state as JSON-able data (for saves)."""
    return rng.bit_generator.state


def rng_from_state(data: Mapping[str, Any]) -> np.random.Generator:
    """A generator restored from :func:`rng_state` output.

    Only the generator we write (PCG64) is accepted, with every field checked by type and range:
    a save names no code to run. Anything else raises :class:`SaveFormatError`.
    """
    if not isinstance(data, Mapping) or set(data) != {"bit_generator", "state", "has_uint32", "uinteger"}:
        raise SaveFormatError("damaged generator state")
    inner = data["state"]
    if (
        data["bit_generator"] != "PCG64"
        or not isinstance(inner, Mapping)
        or set(inner) != {"state", "inc"}
        or not all(_whole(inner[key], 2**128) for key in ("state", "inc"))
        or not _whole(data["has_uint32"], 2)
        or not _whole(data["uinteger"], 2**32)
    ):
        raise SaveFormatError("damaged generator state (only PCG64 is used)")
    bit_generator = np.random.PCG64()
    bit_generator.state = {
        "bit_generator": "PCG64",
        "state": {"state": inner["state"], "inc": inner["inc"]},
        "has_uint32": data["has_uint32"],
        "uinteger": data["uinteger"],
    }
    return np.random.Generator(bit_generator)


def _whole(value: Any, limit: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < limit
