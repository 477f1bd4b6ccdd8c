"""A scripted player of the Monopoly board screen: it decides as the engine's computer player
would, then makes that decision with remote presses only (rows, the managing screen, 2 to roll,
the digit keys for a trade's cash and, for the seats in ``typed_bids``, for auction bids)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from app.app import Headless
from app.screens.monopoly.game import GameScreen, make_chooser
from app.screens.monopoly.modals import ManageScreen, ResultsScreen
from engines.core import sample_chance
from engines.monopoly import game as G
from engines.monopoly import rules as R
from remote.buttons import Button

VERB_KEYS = {
    G.BUILD_BASE: Button.RIGHT,
    G.SELL_BASE: Button.LEFT,
    G.MORTGAGE_BASE: Button.SELECT,
    G.UNMORTGAGE_BASE: Button.SELECT,
}


def human_policy(seed: int):
    """The engine's medium player, except that it passes the floor between turns (the screen
    passes it for a human)."""
    bot = make_chooser("medium", seed)

    def choose(obs: dict) -> int:
        return G.PASS if obs["phase"] == "between-turns" else bot(obs)

    return choose


def digit_keys(amount: int) -> list[Button]:
    return [Button[f"DIGIT_{d}"] for d in str(amount)]


class Driver:
    """Plays every human seat of the game on ``h``'s top screen with ``policies[seat]``; the
    seats in ``typed_bids`` type each bid with the digit keys instead of picking a raise."""

    def __init__(
        self, h: Headless, policies: dict[int, Any], typed_bids: frozenset[int] = frozenset()
    ) -> None:
        self.h = h
        self.typed_bids = typed_bids
        self.pending: tuple[int, int] | None = None
        """A decision the policy made ahead (the one after a run of cash steps)."""
        self.game: GameScreen = h.top  # type: ignore[assignment]
        self.policies = policies
        self.start_state = copy.deepcopy(self.game.state)
        self.start_rng = copy.deepcopy(self.game.match.rngs["chance"])
        self.seeds = list(self.game.ai_seeds)
        self.made: list[tuple[int, int]] = []
        self.presses = 0

    def press(self, button: Button, hold: int = 0) -> None:
        self.presses += 1
        self.h.press(button, hold)

    def step(self) -> bool:
        """One decision (or a wait); False once the results are up."""
        h, g = self.h, self.game
        top = h.top
        if isinstance(top, ResultsScreen):
            return False
        if g.passing_to is not None and top is g:
            self.press(Button.UP)
            return True
        if g.computer_turn:
            if top is not g:
                self.press(Button.BACK)
            else:
                self.press(Button.SELECT)
            return True
        if g.busy:
            h.advance(200)
            return True
        if g.match.actor is None:
            h.advance(200)
            return True
        actor = g.match.actor
        if self.pending is not None:
            assert self.pending[0] == actor
            action, self.pending = self.pending[1], None
        else:
            action = self.policies[actor](g.state.to_dict(actor))
        if G.CASH_GIVE_BASE <= action < G.CARD_TOGGLE_BASE:
            self._type_cash(actor, action)
            return True
        if actor in self.typed_bids and G.BID_BASE <= action < G.BID_BASE + len(R.BID_STEPS):
            a = g.state.auction
            action = G.BID_TO_BASE + max(a[5] + R.BID_STEPS[action - G.BID_BASE], a[7])
            self.made.append((actor, action))
            self._type_on(next(i for i, r in enumerate(g.rows()) if r.entry == "bid"), action - G.BID_TO_BASE)
            assert g.rows()[g.row].action == action
            self.press(Button.SELECT)
            return True
        self.made.append((actor, action))
        if G.BUILD_BASE <= action < G.TOGGLE_BASE:
            self._manage(action)
            return True
        if isinstance(top, ManageScreen):
            self.press(Button.BACK)
        if action == G.ROLL:
            self.press(Button.DIGIT_2, 300)
            return True
        rows = g.rows()
        index = next(i for i, r in enumerate(rows) if r.action == action)
        self._go_to_row(index)
        self.press(Button.SELECT)
        if rows[index].confirm:
            self.press(Button.SELECT)
        return True

    def _go_to_row(self, index: int) -> None:
        while self.game.row != index:
            self.press(Button.DOWN)

    def _type_on(self, index: int, amount: int) -> None:
        self._go_to_row(index)
        if not self.game.fresh:  # on the row already: start again
            self.press(Button.UP)
            self.press(Button.DOWN)
        for key in digit_keys(amount):
            self.press(key)

    def _type_cash(self, actor: int, action: int) -> None:
        """The policy's run of cash steps, played ahead on a copy, typed as the amount it makes."""
        g = self.game
        policy = self.policies[actor]
        ahead = g.state.clone()
        while G.CASH_GIVE_BASE <= action < G.CARD_TOGGLE_BASE:
            self.made.append((actor, action))
            ahead.apply_action(action)
            action = policy(ahead.to_dict(actor))
        self.pending = (actor, action)
        cash = ahead.trade[3]
        entry = "give" if cash >= 0 else "ask"
        self._type_on(next(i for i, r in enumerate(g.rows()) if r.entry == entry), abs(cash))
        assert g.state.trade[3] == cash

    def _manage(self, action: int) -> None:
        g = self.game
        base, square = divmod(action - G.BUILD_BASE, 40)
        base = G.BUILD_BASE + 40 * base
        if not isinstance(self.h.top, ManageScreen):
            rows = g.rows()
            self._go_to_row(next(i for i, r in enumerate(rows) if r.command == "manage"))
            self.press(Button.SELECT)
        manage = self.h.top
        assert isinstance(manage, ManageScreen)
        squares = manage.squares()
        while squares[manage.focus] != square:
            self.press(Button.DOWN)
        self.press(VERB_KEYS[base])

    def engine_play(self) -> G.MonopolyState:
        """The engine's own play of the same game: the same start, dice generator, computers and
        human decisions, with no screen."""
        state = copy.deepcopy(self.start_state)
        rng = copy.deepcopy(self.start_rng)
        seats = self.game.seats
        players = {
            p: (make_chooser(s.spec.level, self.seeds[p]) if s.spec.computer else None)
            for p, s in enumerate(seats)
        }
        humans = iter(self.made)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            p = state.current_player()
            if players[p] is not None:
                state.apply_action(players[p](state.to_dict(p)))
            elif state.phase == G.P_FLOOR:
                state.apply_action(G.PASS)
            else:
                actor, action = next(humans)
                assert actor == p
                state.apply_action(action)
        return state


@contextmanager
def board(tmp_path, until, profile: str = "sd-pal") -> Iterator[tuple[Headless, GameScreen]]:
    """A headless board (English) at the moment ``until`` finds in game 1, closed after."""
    from app.screens.monopoly.scenes import board_at

    h = Headless(profile=profile, lang="en", data_dir=tmp_path, home=False)
    h.settle_workers = True
    try:
        game = board_at(h.app, 1, until)
        h.app.step()
        yield h, game
    finally:
        h.close()


def throw(h: Headless, game: GameScreen, outcome: int, hold_ms: int = 0) -> None:
    """Hold 2 and let it go with the dice chosen: ``outcome`` is (first die - 1) * 6 + second - 1."""
    h.app.pipeline.push_key(Button.DIGIT_2, True, h.clock.now, source="script")
    h.app.step()
    h.advance(hold_ms)
    game.stop_shaking()
    game.match.act(G.ROLL, outcomes=(outcome,))
