"""Screenshot scenes of the Monopoly screens: set-up, the board, the close-up, a deed, buying, an
auction, building, a mortgage, jail, a card, a trade and a computer's offer, bankruptcy, the
between-turns window, the odds and the results.

Each position is reached by playing the engine's own computer players from a fixed seed
(:func:`play_until`) until the scene's moment comes, with seat 1 then handed to a human; the seeds
were picked so that the moment comes early. Computers decide on the frame (``inline``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from app.match import PlayerSpec
from app.scenes import scene
from app.screens.guide import start_guided
from app.screens.monopoly.game import LAND_S, GameScreen, make_chooser
from app.screens.monopoly.look import Seat
from engines.core import sample_chance
from engines.monopoly import game as G

if TYPE_CHECKING:
    from app.app import App

Predicate = Callable[[G.MonopolyState], bool]


def play_until(
    seed: int, players: int, until: Predicate, max_actions: int = 20_000, level: str = "medium"
) -> tuple[G.MonopolyState, np.random.Generator]:
    """Play ``players`` computers of ``level`` from ``seed`` until ``until(state)`` holds at a
    decision; returns the position and the dice generator as it then stands."""
    rng = np.random.default_rng(seed)
    state = G.MonopolyGame(num_players=players).new_initial_state()
    choosers = [make_chooser(level, seed + p) for p in range(players)]
    for _ in range(max_actions):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        if until(state):
            return state, rng
        p = state.current_player()
        state.apply_action(choosers[p](state.to_dict(p)))
    raise LookupError(f"seed {seed}: the moment never came")


def _seats(players: int, humans: int = 1) -> list[Seat]:
    specs = [PlayerSpec(False)] * humans + [PlayerSpec(True, "medium")] * (players - humans)
    return [Seat(spec, i, i) for i, spec in enumerate(specs)]


def _home(app: App) -> None:
    from app.screens.home import HomeScreen

    home = HomeScreen()
    app.push(home)
    home.select_tile("monopoly")


def board_at(app: App, seed: int, until: Predicate, players: int = 4, humans: int = 1) -> GameScreen:
    """The board pushed at the moment ``until`` finds in game ``seed``."""
    _home(app)
    state, rng = play_until(seed, players, until)
    screen = GameScreen(state, _seats(players, humans), rng, [seed + p for p in range(players)])
    screen.inline = True
    app.push(screen)
    return screen


def _human(phase: int, extra: Predicate = lambda s: True) -> Predicate:
    return lambda s: s.phase == phase and s.current_player() == 0 and extra(s)


def _round(n: int) -> Predicate:
    return lambda s: s.stats["turns"] >= n


@scene("monopoly-setup", "Monopoly: the set-up screen")
def _setup(app: App) -> None:
    from app.screens.monopoly.setup import SetupScreen

    _home(app)
    app.push(SetupScreen())


@scene("monopoly-board", "Monopoly: the board overview in mid-game, seat 1 to roll")
def _board(app: App) -> None:
    board_at(app, 1, _human(G.P_ROLL, _round(40)))


@scene("monopoly-closeup", "Monopoly: the close-up of the token's side")
def _closeup(app: App) -> None:
    board_at(app, 1, _human(G.P_ROLL, _round(40))).closeup = True


@scene("monopoly-roll", "Monopoly: doubles landed in view with their total, before the token walks")
def _roll(app: App) -> None:
    screen = board_at(app, 1, _human(G.P_ROLL, _round(40)))
    screen.match.act(G.ROLL, outcomes=(4 * 6 + 4,))  # 5 and 5


def _arrive(screen: GameScreen, ticks: int = 0) -> None:
    """Let the thrown dice be seen (and ``ticks`` more twentieths of a second pass)."""
    for _ in range(round((screen.match.rules.pace.settle_s + LAND_S) / 0.05) + 1 + ticks):
        screen.match.tick(0.05)


@scene("monopoly-arrived", "Monopoly: the close-up once the token arrives, the throw and the decision")
def _arrived(app: App) -> None:
    screen = board_at(app, 1, _human(G.P_ROLL, _round(40)))
    screen.match.act(G.ROLL, outcomes=(3 * 6 + 1,))  # 4 and 2
    _arrive(screen)  # the dice have been seen: the close-up follows the token


@scene("monopoly-history", "Monopoly: what happened (6), after a purchase and the computers' turns")
def _history(app: App) -> None:
    from app.screens.monopoly.modals import HistoryScreen

    screen = board_at(app, 1, _human(G.P_ROLL, _round(40)))
    choose = make_chooser("medium", 7)  # seat 1's moves, made as the remote would make them
    for _ in range(20_000):
        if len(screen.history) >= 16 or screen.state.is_terminal():
            break
        screen.update(0.05)
        actor = screen.match.actor
        if actor == 0 and not screen.busy and not screen.floor_due():
            screen.match.act(choose(screen.state.to_dict(0)))
    app.push(HistoryScreen(screen.history))


@scene("monopoly-deed", "Monopoly: a title deed")
def _deed(app: App) -> None:
    from app.screens.monopoly.modals import DeedScreen

    screen = board_at(app, 1, _human(G.P_ROLL, _round(40)))
    app.push(DeedScreen(screen, 39))


@scene("monopoly-buy", "Monopoly: buy or auction")
def _buy(app: App) -> None:
    board_at(app, 1, _human(G.P_BUY))


@scene("monopoly-auction", "Monopoly: an auction, seat 1 to bid")
def _auction(app: App) -> None:
    board_at(app, 1, _human(G.P_AUCTION, lambda s: s.auction[5] > 0))


def _can(base: int) -> Predicate:
    return lambda s: any(base <= a < base + 40 for a in s.legal_actions())


@scene("monopoly-build", "Monopoly: building evenly on a group")
def _build(app: App) -> None:
    from app.screens.monopoly.modals import ManageScreen

    screen = board_at(app, 1, _human(G.P_AFTER, _can(G.BUILD_BASE)))
    app.push(ManageScreen(screen))


@scene("monopoly-mortgage", "Monopoly: raising money by mortgage")
def _mortgage(app: App) -> None:
    from app.screens.monopoly.modals import ManageScreen

    screen = board_at(app, 1, _human(G.P_DEBT))
    app.push(ManageScreen(screen))


@scene("monopoly-jail", "Monopoly: in jail, pay, use a card or roll")
def _jail(app: App) -> None:
    board_at(app, 1, _human(G.P_ROLL, lambda s: s.in_jail[0]))


@scene("monopoly-card", "Monopoly: a Chance card turned over")
def _card(app: App) -> None:
    screen = board_at(app, 1, _human(G.P_ROLL, _round(40)))
    screen.show_card(0, "advance-illinois", 0, seconds=99.0)


@scene("monopoly-trade", "Monopoly: composing a trade")
def _trade(app: App) -> None:
    screen = board_at(
        app, 1, _human(G.P_ROLL, lambda s: _round(40)(s) and G.TRADE_WITH_BASE + 1 in s.legal_actions())
    )
    state = screen.state
    state.apply_action(G.TRADE_WITH_BASE + 1)
    toggles = [a for a in state.legal_actions() if a >= G.TOGGLE_BASE]
    mine = [a for a in toggles if state.owner[a - G.TOGGLE_BASE] == 0][:1]
    theirs = [a for a in toggles if state.owner[a - G.TOGGLE_BASE] == 1][:1]
    for a in mine + theirs + [G.CASH_GIVE_BASE + 2]:
        state.apply_action(a)
    screen.changed()


@scene("monopoly-trade-reply", "Monopoly: a computer's offer that helps it more, said plainly")
def _trade_reply(app: App) -> None:
    offering = lambda s: s.phase == G.P_ROLL and s.current_player() == 1 and _round(40)(s)  # noqa: E731
    screen = board_at(app, 1, lambda s: offering(s) and G.TRADE_WITH_BASE + 0 in s.legal_actions())
    state = screen.state
    state.apply_action(G.TRADE_WITH_BASE + 0)
    toggles = [a for a in state.legal_actions() if G.TOGGLE_BASE <= a < G.TOGGLE_BASE + 40]
    # the human's lot furthest round the board (the dearer end) for $1
    lot = max(a for a in toggles if state.owner[a - G.TOGGLE_BASE] == 0)
    for a in (lot, G.CASH_GIVE_BASE, G.PROPOSE):
        state.apply_action(a)
    screen.changed()


@scene("monopoly-bankruptcy", "Monopoly: bankruptcy, asked twice")
def _bankrupt(app: App) -> None:
    screen = board_at(app, 1, _human(G.P_DEBT, lambda s: G.BANKRUPT in s.legal_actions()))
    rows = screen.rows()
    screen.row = next(i for i, r in enumerate(rows) if r.action == G.BANKRUPT)
    screen.confirming = rows[screen.row]


@scene("monopoly-floor", "Monopoly: the window between turns a human asked for with 3")
def _floor(app: App) -> None:
    screen = board_at(app, 1, _human(G.P_FLOOR, _round(20)))
    screen.booked = [0]
    screen.changed()


@scene("monopoly-odds", "Monopoly: this throw's landing chances and rent at risk")
def _odds(app: App) -> None:
    from app.screens.monopoly.modals import OddsScreen

    screen = board_at(app, 1, _human(G.P_ROLL, _round(40)))
    app.push(OddsScreen(screen, screen.obs()))


@scene("monopoly-results", "Monopoly: the results")
def _results(app: App) -> None:
    from app.screens.monopoly.modals import ResultsScreen

    _home(app)
    rng = np.random.default_rng(5)
    state = G.MonopolyGame(num_players=3, max_turns=25).new_initial_state()
    choosers = [make_chooser("medium", 5 + p) for p in range(3)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            p = state.current_player()
            state.apply_action(choosers[p](state.to_dict(p)))
    app.push(ResultsScreen(state, _seats(3)))


@scene("home-monopoly", "home carousel scrolled to Monopoly, the board game")
def _home_monopoly(app: App) -> None:
    _home(app)


# the guided first turn: each scene's dice are the app's own, from its seed (6: a first throw of 3+1)
for _name, _what, _keys, _seed in (
    ("monopoly-guide-square", "the token stopped on a square for sale", "", None),
    ("monopoly-guide", "buy or auction, with the price and the cash", ",SELECT", None),
    ("monopoly-guide-tax", "the first throw reached Income Tax, which cannot be bought", "", 6),
):
    scene(_name, f"guided first turn, Monopoly: {_what}", keys=f"SELECT,2:hold=600,wait=3000{_keys}")(
        lambda app, seed=_seed: start_guided(app, "monopoly", seed)
    )
