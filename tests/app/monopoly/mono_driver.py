"""A scripted player of the Monopoly board screen: it decides as the engine's computer player
would, then makes that decision with remote presses only (rows, the managing screen, 2 to roll)."""

from __future__ import annotations

import copy
from typing import Any

from app.app import Headless
from app.screens.monopoly.game import GameScreen, make_chooser
from app.screens.monopoly.modals import ManageScreen, ResultsScreen
from engines.core import sample_chance
from engines.monopoly import game as G
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


class Driver:
    """Plays every human seat of the game on ``h``'s top screen with ``policies[seat]``."""

    def __init__(self, h: Headless, policies: dict[int, Any]) -> None:
        self.h = h
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
        if g._pass_to is not None and top is g:
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
        action = self.policies[actor](g.state.to_dict(actor))
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
