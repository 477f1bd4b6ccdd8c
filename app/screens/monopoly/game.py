"""The Monopoly board screen: the 40 squares, the tokens, the dice, the players and every decision.

Keys: hold 2 to shake and release to roll; UP/DOWN pick a row of the decision panel and SELECT
takes it (a second SELECT confirms declaring bankruptcy); 1 switches the board between the
overview and the close-up of the token's side; 4 opens the title deeds (LEFT/RIGHT go round the
board); 5 shows this throw's odds; SELECT during a computer's move skips the computers to the next
human decision (their auctions and trades included); MENU: save and quit, quit, help; INFO: the
keys and how to play.

The game is an :class:`app.match.Match`; this screen turns rows into ``match.act`` and follows the
match's events: the token walks square by square, cards are turned over, money moving between
players flashes beside their cash. A human's floor between other players' turns is passed for
them (managing and trading stay open in their own turn and whenever they owe money).
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Sequence
from typing import Any

import numpy as np
import pygame

from app import widgets
from app.i18n import format_number, t
from app.match import Acting, Match, MatchRules, Pace, read_payload
from app.screen import GLOBAL_BINDINGS, Binding
from app.screens.dice_game import DiceGameScreen
from app.screens.monopoly import look
from app.screens.monopoly.choices import Choice, choices
from app.screens.monopoly.look import Seat
from engines.core import State
from engines.monopoly import game as G
from engines.monopoly import rules as R
from remote.buttons import Button, Press

log = logging.getLogger(__name__)

SAVE_SLOT = "monopoly"
SAVE_KIND = "monopoly"

STEP_S = 0.11
"""The token takes this long per square it walks."""
CARD_S = 2.4
"""A drawn card stays face up this long (SELECT turns it away sooner)."""
FLASH_S = 1.8
"""Money moving between players shows this long beside their cash."""
CPU_PAUSES = {"start": 0.6, "roll": 0.5, "move": 0.7}

LENGTHS: tuple[tuple[str, int, int], ...] = (
    ("last", 0, 0),
    ("turns30", 30, 0),
    ("turns60", 60, 0),
    ("minutes60", 0, 60),
    ("minutes90", 0, 90),
)
"""Game lengths: (name, turns each, minutes); 0 = no limit of that kind."""


def safe_colour(app: Any, rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    return look.colour(app, rgb)


class MonopolyRules(MatchRules):
    """The Monopoly board game for :class:`~app.match.Match`."""

    roll = G.ROLL
    pace = Pace(0.5, 0.5, CPU_PAUSES, end_s=1.5, end_skip_s=0.4, sequential=True)

    def thrown(self, state: State) -> tuple[int, ...]:
        return (0, 1)

    def turn_count(self, state: State) -> int:
        return int(state.stats["turns"])  # type: ignore[attr-defined]

    def kind(self, action: int) -> str:
        return "roll" if action == G.ROLL else "move"


def make_chooser(level: str, seed: int):
    """The engine's computer player of ``level``, deciding on its observation."""
    from engines.monopoly.ai import MonopolyPlayer, View

    player = MonopolyPlayer(level, np.random.default_rng(seed))

    def choose(obs: dict) -> int:
        return player.decide(View.from_observation(obs))

    return choose


def board_cells(board: pygame.Rect) -> list[pygame.Rect]:
    """The 40 squares' rectangles round ``board``: GO bottom right, then clockwise round the board
    (the bottom row right to left, the left column upwards, the top row, the right column down)."""
    ux, uy = board.w / 12, board.h / 12  # a board on a TV with wide pixels is narrower
    cx, cy = 1.5 * ux, 1.5 * uy
    cells: list[pygame.Rect] = []
    for i in range(40):
        side, k = divmod(i, 10)
        if k == 0:
            x0, y0 = [(board.right - cx, board.bottom - cy), (board.x, board.bottom - cy),
                      (board.x, board.y), (board.right - cx, board.y)][side]  # fmt: skip
            x, y, w, h = x0, y0, cx, cy
        elif side == 0:
            x, y, w, h = board.right - cx - k * ux, board.bottom - cy, ux, cy
        elif side == 1:
            x, y, w, h = board.x, board.bottom - cy - k * uy, cx, uy
        elif side == 2:
            x, y, w, h = board.x + cx + (k - 1) * ux, board.y, ux, cy
        else:
            x, y, w, h = board.right - cx, board.y + cy + (k - 1) * uy, cx, uy
        cells.append(pygame.Rect(round(x), round(y), round(x + w) - round(x), round(y + h) - round(y)))
    return cells


class GameScreen(DiceGameScreen):
    """One game of Monopoly, from the first roll to the results."""

    howto_game = "monopoly"
    """INFO, then SELECT, opens these How to play pages."""

    BINDINGS = (
        Binding(Button.DIGIT_2, "shake", "mono.key.roll"),
        Binding(Button.DIGIT_2, "roll", "", kind=Press.RELEASE, show=False),
        Binding(Button.UP, "row", "mono.key.choose", repeat=True, args=(-1,)),
        Binding(Button.DOWN, "row", "mono.key.choose", repeat=True, args=(1,)),
        Binding(Button.SELECT, "select", "action.select"),
        Binding(Button.DIGIT_1, "view", "mono.key.view"),
        Binding(Button.DIGIT_4, "deeds", "mono.key.deeds"),
        Binding(Button.DIGIT_5, "odds", "mono.key.odds"),
        Binding(Button.BACK, "back", "", show=False),
    )
    COMPUTER_BINDINGS = (
        Binding(Button.SELECT, "select", "mono.key.skip"),
        Binding(Button.DIGIT_1, "view", "mono.key.view"),
    )

    def __init__(
        self,
        state: G.MonopolyState,
        seats: Sequence[Seat],
        rng: np.random.Generator,
        ai_seeds: Sequence[int],
        minutes: int = 0,
    ) -> None:
        super().__init__()
        self.seats = list(seats)
        self.ai_seeds = [int(s) for s in ai_seeds]
        if len(self.ai_seeds) != len(self.seats):
            raise ValueError("one computer seed per seat")
        specs = [s.spec for s in self.seats]

        def chooser(seat: int):
            return make_chooser(specs[seat].level, self.ai_seeds[seat])

        match = Match(state, specs, MonopolyRules(), {"chance": rng}, chooser, thread_name="mono-cpu")
        match.hold = self._presenting
        self._init_match(match, anim_seed=12)
        self.minutes = int(minutes)
        self.elapsed = 0.0
        """Seconds played (a time-capped game calls time when it reaches ``minutes``)."""
        self.closeup = False
        self.row = 0
        self.confirming: Choice | None = None
        self._walk: list[int] = []
        self._walk_t = 0.0
        self._token_at: dict[int, int] = {}
        """Where a walking token is drawn (else at its position)."""
        self._card: tuple[int, str, int] | None = None
        self._card_t = 0.0
        self._flashes: list[list[Any]] = []  # [player, amount, seconds left]
        self.message = ""
        self._before: dict[str, Any] | None = None
        self._last_human: int | None = None
        self._layout_cache: dict[str, Any] | None = None
        self._dice_rects: list[pygame.Rect] = []

    # -- construction and saving ----------------------------------------------------------------
    @classmethod
    def new(
        cls, seats: Sequence[Seat], rng: np.random.Generator, turns: int = 0, minutes: int = 0
    ) -> GameScreen:
        game = G.MonopolyGame(num_players=len(seats), max_turns=turns)
        # the computers' seeds come from the game's generator, so one seed replays everything
        seeds = [int(s) for s in rng.integers(2**31, size=len(seats))]
        return cls(game.new_initial_state(), seats, rng, seeds, minutes)

    def save_payload(self) -> dict[str, Any]:
        """Everything needed to come back to exactly this point (see :meth:`from_payload`)."""
        return self.match.save_payload(
            {
                "ai_seeds": list(self.ai_seeds),
                "looks": [s.to_json() for s in self.seats],
                "minutes": self.minutes,
                "elapsed": self.elapsed,
            }
        )

    @classmethod
    def from_payload(cls, payload: Any) -> GameScreen:
        """Rebuild a saved game; ``ValueError`` if the payload is damaged."""
        saved = read_payload(payload, G.MonopolyState)
        try:
            game = saved.game
            seeds = game["ai_seeds"]
            if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in seeds):
                raise ValueError("computer seeds must be whole numbers")
            looks = game["looks"]
            if len(looks) != len(saved.seats):
                raise ValueError("one look per seat")
            seats = [
                look.seat_from_json(spec, data, p)
                for p, (spec, data) in enumerate(zip(saved.seats, looks, strict=True))
            ]
            screen = cls(saved.state, seats, saved.rngs["chance"], seeds, int(game.get("minutes", 0)))
            screen.elapsed = float(game.get("elapsed", 0.0))
            return screen
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"damaged save: {exc}") from exc

    # -- the position ---------------------------------------------------------------------------------
    @property
    def turn_player(self) -> int:
        return int(self.state.turn)

    def obs(self) -> dict[str, Any]:
        """The position as the player to act sees it (the decks' order never shows)."""
        if self._obs_cache is None or self._obs_cache[0] != self._version:
            actor = self.match.actor
            self._obs_cache = (
                self._version,
                self.state.to_dict(self.turn_player if actor is None else actor),
            )
        return self._obs_cache[1]

    def name(self, p: int) -> str:
        return look.player_name(self.seats, p)

    def rows(self) -> list[Choice]:
        if self.match.actor is None or self.computer_turn:
            return []
        return choices(self.obs(), self.name)

    @property
    def busy(self) -> bool:
        return (
            self.shaking
            or self.match.settling
            or bool(self._walk)
            or self._card is not None
            or self.match.ended
            or self.state.is_terminal()
        )

    # -- following the match --------------------------------------------------------------------------
    def _on_acting(self, event: Acting) -> None:
        self._before = copy.deepcopy(self.state.to_dict(event.player))
        self.confirming = None

    def _on_rolled(self, event: Any) -> None:
        before = self._before
        self._after(event.player)
        if before is None:
            return
        obs = self.obs()
        start = before["players"][event.player]["position"]
        end = obs["players"][event.player]["position"]
        d1, d2 = obs["dice"] or (0, 0)
        was_jailed = before["players"][event.player]["in_jail"]
        jailed_now = obs["players"][event.player]["in_jail"]
        third_double = (
            jailed_now and not was_jailed and d1 == d2 and before["doubles"] == R.DOUBLES_TO_JAIL - 1
        )
        stays = was_jailed and jailed_now
        path = [] if third_double or stays else [(start + k) % 40 for k in range(1, d1 + d2 + 1)]
        if path and path[-1] != end:
            path.append(end)
        if self.match.skipping or not path:
            return
        self._walk = path
        self._walk_t = 0.0
        self._token_at[event.player] = start
        self.closeup = True

    def _on_acted(self, event: Any) -> None:
        self._after(event.player)

    def _after(self, player: int) -> None:
        """After an action: money moved, a card drawn, the row cursor back at the top."""
        before, obs = self._before, self.obs()
        if (
            before is None
            or before["phase"] != obs["phase"]
            or before["current_player"] != obs["current_player"]
        ):
            self.row = 0  # a new decision starts at its first row; composing a trade keeps its place
        if before is None:
            return
        deltas = [a["cash"] - b["cash"] for a, b in zip(obs["players"], before["players"], strict=True)]
        self._flashes = [[p, d, FLASH_S] for p, d in enumerate(deltas) if d]
        self.message = self._money_message(deltas, player)
        card = obs.get("last_card")
        if card and card != before.get("last_card") and not self.match.skipping:
            self._card = (card["deck"], card["key"], card["player"])
            self._card_t = CARD_S
        if self._flashes and not self.match.skipping:
            self.app.sound.play("score")

    def _money_message(self, deltas: list[int], player: int) -> str:
        payers = [p for p, d in enumerate(deltas) if d < 0]
        payees = [p for p, d in enumerate(deltas) if d > 0]
        if len(payers) == 1 and len(payees) == 1 and deltas[payers[0]] == -deltas[payees[0]]:
            return t(
                "mono.msg.pays",
                payer=self.name(payers[0]),
                payee=self.name(payees[0]),
                amount=look.money(deltas[payees[0]]),
            )
        if len(payers) == 1 and not payees:
            return t("mono.msg.pays_bank", payer=self.name(payers[0]), amount=look.money(-deltas[payers[0]]))
        if len(payees) == 1 and not payers:
            return t("mono.msg.collects", payee=self.name(payees[0]), amount=look.money(deltas[payees[0]]))
        return ""

    def _on_turn_started(self, event: Any) -> None:
        self.row = 0
        self.closeup = False
        self._pass_remote()

    def _pass_remote(self) -> None:
        """A different human is to decide: hand them the remote, shown until the next press."""
        actor = self.match.actor
        if actor is None or self.seats[actor].spec.computer or self.state.phase == G.P_FLOOR:
            return  # (a human's floor between turns is passed for them: no hand-over)
        if self._last_human is not None and actor != self._last_human and self._humans() > 1:
            self._pass_to = self.name(actor)
        self._last_human = actor

    def _humans(self) -> int:
        return sum(not s.spec.computer for s in self.seats)

    def _on_game_over(self, event: Any) -> None:
        self.app.sound.play("win")

    def _on_results_due(self, event: Any) -> None:
        from app.screens.monopoly.modals import ResultsScreen

        if self.app.saves.info(SAVE_SLOT) is not None:
            self.app.saves.delete(SAVE_SLOT)
        self.app.push(ResultsScreen(self.state, self.seats), lambda _: self.app.go_home())

    # -- time ---------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        if self.app is not None and self.app.top is not self:
            return False
        m = self.match
        return m.shaking or m.settling or bool(self._walk) or bool(self._flashes) or m.thinking

    @property
    def ticking(self) -> bool:
        if self.app is not None and self.app.top is not self:
            return False
        return (
            self.computer_turn
            or self.match.ended
            or self._card is not None
            or self.minutes > 0
            or self._floor_due()
        )

    def _floor_due(self) -> bool:
        actor = self.match.actor
        return actor is not None and not self.seats[actor].spec.computer and self.state.phase == G.P_FLOOR

    def update(self, dt: float) -> None:
        if self.app.top is not self:
            return
        dt = min(dt, 0.25)
        self._flip_faces(dt, lambda die: 6)
        if self._flashes:
            for f in self._flashes:
                f[2] -= dt
            self._flashes = [f for f in self._flashes if f[2] > 0]
            if not self._flashes:
                self.message = ""
        if self.minutes and not self.state.is_terminal():
            self.elapsed += dt
            if self.elapsed >= self.minutes * 60 and not self.state.time_called:
                self.state.call_time()
                self._changed()
        if self._floor_due() and not self.busy:
            self.match.act(G.PASS)
        self.match.tick(dt)
        before = self.match.actor
        if before is not None and not self.seats[before].spec.computer and self._pass_to is None:
            self._pass_remote()

    def _presenting(self, dt: float) -> bool:
        """The match waits while a token walks and a card is face up."""
        if self._walk:
            if self.match.skipping:
                self._walk = []
            else:
                self._walk_t += dt
                while self._walk and self._walk_t >= STEP_S:
                    self._walk_t -= STEP_S
                    self._token_at[self.turn_player] = self._walk.pop(0)
            if not self._walk:
                self._token_at.clear()
            self._changed()
            return True
        if self._card is not None:
            self._card_t -= dt * (4 if self.match.skipping else 1)
            if self._card_t <= 0:
                self._card = None
                self._changed()
            return True
        return False

    # -- input ----------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self._clear_pass_notice(event):
            return True
        return super().handle(event)

    def bindings(self) -> tuple[Binding, ...]:
        if self.computer_turn:
            return self.COMPUTER_BINDINGS + tuple(b for b in GLOBAL_BINDINGS if b.button != Button.BACK)
        return super().bindings()

    def check_action(self, action: str, args: tuple) -> bool:
        if action in ("menu", "help", "back", "view", "deeds"):
            return True
        if self.state.is_terminal() or self.match.ended:
            return False
        if self.computer_turn:
            return action == "select" and not self.match.skipping
        if action == "roll":
            return self.shaking
        if action == "select" and self._card is not None:
            return True
        if self.busy:
            return False
        legal = self.state.legal_actions()
        if action == "shake":
            return G.ROLL in legal
        if action == "odds":
            return self.state.phase == G.P_ROLL
        if action in ("row", "select"):
            return bool(self.rows())
        return True

    def action_shake(self) -> None:
        self.match.shake()
        self.app.sound.play("shake")

    def action_roll(self) -> None:
        self._stop_shaking()
        self.app.sound.play("roll")
        self.match.act(G.ROLL)

    def action_row(self, step: int) -> None:
        rows = self.rows()
        self.row = (self.row + step) % len(rows)
        self.confirming = None
        self.app.sound.play("move")

    def action_select(self) -> None:
        if self.computer_turn:
            self.match.skip()
            self._walk = []
            self._card = None
            return
        if self._card is not None:
            self._card = None
            return
        rows = self.rows()
        row = rows[min(self.row, len(rows) - 1)]
        if row.confirm and self.confirming != row:
            self.confirming = row
            self.app.sound.play("select")
            return
        self.app.sound.play("select")
        if row.command == "manage":
            from app.screens.monopoly.modals import ManageScreen

            self.app.push(ManageScreen(self), lambda _: self._changed())
            return
        if row.action == G.ROLL:
            self.action_roll()
            return
        if row.action == G.TAX_PERCENT:
            worth = self.obs()["players"][self.match.actor]["worth"]
            self.match.act(row.action)
            self.message = t(
                "mono.msg.tax_worked",
                worth=look.money(worth),
                tax=look.money(worth * R.INCOME_TAX_PERCENT // 100),
            )
            return
        self.match.act(row.action)  # type: ignore[arg-type]

    def action_back(self) -> None:
        if self.confirming is not None:
            self.confirming = None
        else:
            self.action_menu()

    def action_view(self) -> None:
        self.closeup = not self.closeup
        self.app.sound.play("move")

    def action_deeds(self) -> None:
        from app.screens.monopoly.modals import DeedScreen

        p = self.match.actor if self.match.actor is not None else self.turn_player
        self.app.push(DeedScreen(self, self.obs()["players"][p]["position"]))

    def action_odds(self) -> None:
        from app.screens.monopoly.modals import OddsScreen

        self.app.push(OddsScreen(self, self.obs()))

    # -- menu, save, quit ---------------------------------------------------------------------------
    def menu_items(self) -> list[tuple[str, str]]:
        return [
            ("mono.menu.resume", "close"),
            ("mono.menu.save_and_quit", "save"),
            ("mono.menu.quit_no_save", "quit"),
            ("mono.menu.help", "help"),
        ]

    def on_menu(self, value: str) -> bool:
        if value == "help":
            from app.screens.howto import HowToScreen

            self.app.push(HowToScreen("monopoly"))
            return True
        return super().on_menu(value)

    def action_menu(self) -> None:
        self._stop_shaking()
        super().action_menu()

    def action_help(self) -> None:
        self._stop_shaking()
        super().action_help()

    def save_and_quit(self) -> bool:
        """Play the computers to the next human decision, write the save and go home."""
        self.match.cancel_decision()
        self.match.finish_computer_turns()
        self._walk, self._card = [], None
        if self.state.is_terminal():
            self.app.go_home()
            return True
        payload = self.save_payload()
        worth = self.state.returns()
        leader = max(range(len(self.seats)), key=lambda p: (worth[p], -p))
        title = t(
            "mono.save.title",
            players=len(self.seats),
            leader=self.name(leader),
            amount=look.money(int(worth[leader])),
        )
        return self._write_save(SAVE_SLOT, SAVE_KIND, title, payload, "mono.save.failed")

    # -- layout ---------------------------------------------------------------------------------------
    def on_layout(self) -> None:
        self._layout_cache = None
        self._changed()

    def layout(self) -> dict[str, Any]:
        if self._layout_cache is None:
            theme = self.theme
            safe = theme.safe
            line = self.app.text.line_height(look.floor_px(theme)) + theme.px(6)
            bar_h = 2 * line
            gap = theme.px(12)
            side = min(safe.h - bar_h - gap, int(safe.w * 0.6))
            board = pygame.Rect(safe.x, safe.y, theme.round_w(side), side)
            panel = pygame.Rect(
                board.right + gap, safe.y, safe.right - board.right - gap, safe.h - bar_h - gap
            )
            self._layout_cache = {
                "board": self._rect(board),
                "panel": self._rect(panel),
                "cells": board_cells(self._rect(board)),
            }
        return self._layout_cache

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The still picture (board, panel, keys) comes from a layer redrawn only when what it
        shows changes; the dice, a face-up card and a notice go over it every frame."""
        from app.i18n import current_language

        lay = self.layout()
        match = self.match
        key = (
            self._version,
            current_language(),
            self.row,
            self.closeup,
            self.confirming,
            self._pass_to,
            tuple(self._token_at.items()),
            tuple((f[0], f[1]) for f in self._flashes),
            self.message,
            self.shaking,
            match.settling,
            match.skipping,
            bool(self._walk),
            self._card is not None,
        )
        self._blit_layer(surface, key, lambda layer: self._draw_still(layer, lay))
        if not self.closeup:
            self._draw_dice(surface)
        if self._card is not None:
            self._draw_card(surface, lay["board"])
        if self.confirming is not None:
            self._draw_banner(surface, self.confirming.confirm, t("mono.confirm.again"))
        elif self._pass_to is not None:
            self._draw_banner(surface, t("mono.banner.pass", name=self._pass_to), t("mono.banner.press_any"))

    def _draw_still(self, surface: pygame.Surface, lay: dict) -> None:
        widgets.background(surface, self.theme)
        obs = self.obs()
        if self.closeup:
            self._draw_closeup(surface, lay["board"], obs)
        else:
            self._draw_board(surface, lay, obs)
        self._draw_panel(surface, lay["panel"], obs)
        look.key_bar(surface, self.app, self)

    def _draw_dice(self, surface: pygame.Surface) -> None:
        dice = self.obs()["dice"]
        for k, rect in enumerate(self._dice_rects):
            if self.match.shaking or (self.match.settling and k in self.match.tumbling):
                face = self._anim_faces.get(k, 0) + 1
            else:
                face = dice[k] if dice else k + 5
            widgets.draw_die_themed(surface, self.app, rect, face, False)

    def _draw_banner(self, surface: pygame.Surface, text: str, sub: str = "") -> None:
        """A centred notice (pass the remote, a question to confirm) at the legibility floor."""
        app, theme = self.app, self.theme
        size, small = look.text_px(theme, "title"), look.text_px(theme)
        width = theme.safe.w - theme.px(40)
        lines = app.text.wrap(text, size, width - theme.px(40), bold=True)
        subs = app.text.wrap(sub, small, width - theme.px(40)) if sub else []
        h = len(lines) * app.text.line_height(size) + len(subs) * app.text.line_height(small) + theme.px(30)
        box = pygame.Rect(0, 0, width, h)
        box.center = theme.safe.center
        widgets.panel(surface, box, theme.colour("shadow"), theme.radius, theme.px(5), theme.colour("accent"))
        app.text.cover(box)  # the opaque notice hides what it lies on
        y = box.y + theme.px(15)
        for ln in lines:
            look.draw_text(
                surface, app.text, ln, size, theme.colour("accent"), (box.centerx, y), "midtop", bold=True
            )
            y += app.text.line_height(size)
        for ln in subs:
            look.draw_text(surface, app.text, ln, small, theme.colour("text"), (box.centerx, y), "midtop")
            y += app.text.line_height(small)

    def _positions(self, obs: dict) -> dict[int, list[int]]:
        where: dict[int, list[int]] = {}
        for p, pl in enumerate(obs["players"]):
            if pl["bankrupt"]:
                continue
            where.setdefault(self._token_at.get(p, pl["position"]), []).append(p)
        return where

    def _draw_board(self, surface: pygame.Surface, lay: dict, obs: dict) -> None:
        app, theme = self.app, self.theme
        board = lay["board"]
        widgets.panel(surface, board, safe_colour(app, (200, 222, 200)))
        inner = board.inflate(-round(board.w / 4), -round(board.h / 4))
        widgets.panel(surface, inner, safe_colour(app, (186, 212, 188)))
        tokens = self._positions(obs)
        ink = theme.colour("shadow")
        for i, cell in enumerate(lay["cells"]):
            self._draw_cell(surface, i, cell, obs["squares"][i], ink)
        for i, ps in tokens.items():
            cell = lay["cells"][i]
            r = max(5, min(cell.w, cell.h) // 4 - 1)
            for k, p in enumerate(ps):
                dx, dy = (k % 2) * 2 - 1, (k // 2) * 2 - 1 if len(ps) > 2 else 0
                look.draw_token(
                    surface, app, self.seats, p, (cell.centerx + dx * (r + 1), cell.centery + dy * (r + 1)), r
                )
        self._draw_centre(surface, inner, obs)

    def _draw_cell(self, surface: pygame.Surface, i: int, cell: pygame.Rect, sq: dict, ink) -> None:
        app, theme = self.app, self.theme
        widgets.panel(surface, cell, safe_colour(app, (226, 232, 218)))
        pygame.draw.rect(surface, ink, cell, 1)
        side = i // 10
        square = R.BOARD[i]
        band_w = max(6, min(cell.w, cell.h) // 4)
        # the colour band on the inner edge (the board's centre side)
        if square.kind == "street":
            band = [
                pygame.Rect(cell.x, cell.y, cell.w, band_w),
                pygame.Rect(cell.right - band_w, cell.y, band_w, cell.h),
                pygame.Rect(cell.x, cell.bottom - band_w, cell.w, band_w),
                pygame.Rect(cell.x, cell.y, band_w, cell.h),
            ][side]
            pygame.draw.rect(surface, look.group_colour(app, square.group), band)
            pygame.draw.rect(surface, ink, band, 1)
            level = 5 if sq["hotel"] else sq["houses"]
            if level:
                self._draw_buildings(surface, band, level, side in (1, 3))
        elif (
            square.kind in ("railroad", "utility", "chance", "community-chest", "income-tax", "luxury-tax")
            or i % 10 == 0
        ):
            mark = t(f"mono.mark.{square.kind}") if i % 10 else t(f"mono.mark.corner{i // 10}")
            look.draw_text(
                surface,
                app.text,
                mark,
                look.floor_px(theme),
                ink,
                cell.center,
                "center",
                max_width=cell.w,
            )
        owner = sq["owner"]
        if owner is not None:
            mark = pygame.Rect(0, 0, max(6, cell.w // 3), max(6, cell.h // 3))
            outer = [cell.midbottom, cell.midleft, cell.midtop, cell.midright][side]
            mark.center = outer
            mark.clamp_ip(cell.inflate(-2, -2))
            pygame.draw.rect(surface, look.player_colour(app, self.seats, owner), mark)
            pygame.draw.rect(surface, ink, mark, 1)
            if sq["mortgaged"]:
                pygame.draw.line(surface, theme.colour("error"), cell.topleft, cell.bottomright, 3)

    def _draw_buildings(self, surface: pygame.Surface, band: pygame.Rect, level: int, vertical: bool) -> None:
        app = self.app
        if level == 5:
            pygame.draw.rect(surface, safe_colour(app, (210, 40, 40)), band.inflate(-4, -4))
            return
        n = level
        for k in range(n):
            if vertical:
                h = band.h // 4
                r = pygame.Rect(band.x + 2, band.y + k * h + 2, band.w - 4, h - 4)
            else:
                w = band.w // 4
                r = pygame.Rect(band.x + k * w + 2, band.y + 2, w - 4, band.h - 4)
            pygame.draw.rect(surface, safe_colour(app, (40, 170, 70)), r)

    def _draw_centre(self, surface: pygame.Surface, inner: pygame.Rect, obs: dict) -> None:
        """Inside the ring: whose turn, the square they stand on, the dice and the last money."""
        app, theme = self.app, self.theme
        ink = theme.colour("shadow")
        size = look.text_px(theme)
        p = self.turn_player
        pos = self._token_at.get(p, obs["players"][p]["position"])
        y = inner.y + theme.px(10)
        head = t("mono.turn_of", name=self.name(p))
        look.draw_text(
            surface, app.text, head, size, ink, (inner.centerx, y), "midtop", bold=True, max_width=inner.w - 8
        )
        line = app.text.line_height(size)
        y += line + theme.px(4)
        card = pygame.Rect(inner.x + theme.px(12), y, inner.w - theme.px(24), line * 2 + theme.px(20))
        self._draw_square_card(surface, card, pos, obs)
        bottom = inner.bottom - (line + theme.px(8) if self.message else theme.px(8))
        die = min(inner.w // 4, bottom - card.bottom - theme.px(12))
        dy = (card.bottom + bottom) // 2
        self._dice_rects = []
        for k in range(2):
            rect = pygame.Rect(0, 0, theme.round_w(die), die)
            rect.center = (inner.centerx + (k * 2 - 1) * (die * 6 // 10), dy)
            self._dice_rects.append(rect)
        if self.message:
            look.draw_text(
                surface,
                app.text,
                self.message,
                size,
                ink,
                (inner.centerx, inner.bottom - theme.px(8)),
                "midbottom",
                max_width=inner.w - 8,
            )

    def _draw_square_card(self, surface: pygame.Surface, rect: pygame.Rect, i: int, obs: dict) -> None:
        app, theme = self.app, self.theme
        ink = theme.colour("shadow")
        size = look.text_px(theme)
        square = R.BOARD[i]
        widgets.panel(surface, rect, safe_colour(app, (236, 236, 226)), theme.px(6), 2, ink)
        band = pygame.Rect(rect.x, rect.y, rect.w, theme.px(14))
        if square.is_property:
            pygame.draw.rect(
                surface,
                look.group_colour(app, square.group),
                band,
                border_top_left_radius=theme.px(6),
                border_top_right_radius=theme.px(6),
            )
        look.draw_text(
            surface,
            app.text,
            look.square_name(i),
            size,
            ink,
            (rect.centerx, band.bottom + 1),
            "midtop",
            bold=True,
            max_width=rect.w - 8,
        )
        sq = obs["squares"][i]
        line = ""
        if square.is_property:
            if sq["owner"] is None:
                line = t("mono.deed.price", amount=look.money(square.price))
            else:
                line = t("mono.deed.owner", name=self.name(sq["owner"]))
        elif square.tax:
            line = look.money(square.tax)
        if line:
            look.draw_text(
                surface,
                app.text,
                line,
                size,
                ink,
                (rect.centerx, rect.bottom - 4),
                "midbottom",
                max_width=rect.w - 8,
            )

    def _draw_closeup(self, surface: pygame.Surface, board: pygame.Rect, obs: dict) -> None:
        """The side of the board the token is on, one readable row a square."""
        app, theme = self.app, self.theme
        p = self.turn_player
        pos = self._token_at.get(p, obs["players"][p]["position"])
        first = pos // 10 * 10
        squares = list(range(first, first + 11))
        widgets.panel(surface, board, theme.colour("panel"), theme.radius)
        row_h = board.h // len(squares)
        size = look.text_px(theme)
        tokens = self._positions(obs)
        for k, i in enumerate(squares):
            i %= 40
            row = pygame.Rect(board.x, board.y + k * row_h, board.w, row_h - 2)
            here = i == pos
            widgets.panel(
                surface,
                row,
                theme.colour("panel_focus" if here else "panel"),
                theme.px(6),
                2 if here else 0,
                theme.colour("accent"),
            )
            square = R.BOARD[i]
            chip = pygame.Rect(0, 0, theme.round_w(row_h - 8), row_h - 8)
            chip_start = pygame.Rect(row.x + 4, row.y + 4, chip.w, chip.h)
            chip = (
                self.theme.mirror(chip_start, False)
                if not self.rtl
                else pygame.Rect(row.right - 4 - chip.w, row.y + 4, chip.w, chip.h)
            )
            if square.is_property:
                pygame.draw.rect(surface, look.group_colour(app, square.group), chip)
            sq = obs["squares"][i]
            text_rect = pygame.Rect(row.x + chip.w + 10, row.y, row.w - chip.w - 20, row.h)
            pos_start, anchor = (
                self._start(text_rect, 0)
                if not self.rtl
                else ((row.right - chip.w - 10, row.centery), "midright")
            )
            look.draw_text(
                surface,
                app.text,
                look.square_name(i),
                size,
                theme.colour("text"),
                pos_start,
                anchor,
                max_width=row.w * 62 // 100,
            )
            value = ""
            if square.is_property:
                if sq["owner"] is None:
                    value = look.money(square.price)
                else:
                    value = (
                        t("mono.closeup.rent", amount=look.money(sq["rent"]))
                        if not sq["mortgaged"]
                        else t("mono.closeup.mortgaged")
                    )
            elif square.tax:
                value = look.money(square.tax)
            end, end_anchor = self._end(row, theme.px(10))
            if value:
                look.draw_text(
                    surface,
                    app.text,
                    value,
                    size,
                    theme.colour("accent"),
                    end,
                    end_anchor,
                    max_width=row.w * 30 // 100,
                )
            if sq["owner"] is not None:
                pygame.draw.rect(surface, look.player_colour(app, self.seats, sq["owner"]), chip, 4)
            for n, q in enumerate(tokens.get(i, [])):
                r = max(6, chip.h // 2 - 1)
                look.draw_token(surface, app, self.seats, q, (chip.centerx + n * r, chip.centery), r)

    def _draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, obs: dict) -> None:
        """The players (cash, properties, jail) above the decision rows; when the decision needs
        the room, each player takes one line (token, cash, jail) instead of two."""
        app, theme = self.app, self.theme
        size = look.text_px(theme)
        num = look.text_px(theme, "number")
        line = app.text.line_height(size)
        full_h = line + app.text.line_height(num) + theme.px(4)
        compact_h = app.text.line_height(num) + theme.px(2)
        rows = self.rows()
        prompt_lines = len(app.text.wrap(self._prompt(obs), size, rect.w - 8)) if self._prompt(obs) else 0
        need = prompt_lines * line + len(rows) * (line + theme.px(10)) + theme.px(12)
        n = len(obs["players"])
        compact = rect.h - n * (full_h + theme.px(4)) < need
        y = rect.y
        flashes = {f[0]: f[1] for f in self._flashes}
        for p, pl in enumerate(obs["players"]):
            h = compact_h if compact else full_h
            box = pygame.Rect(rect.x, y, rect.w, h)
            acting = p == self.match.actor
            widgets.panel(
                surface,
                box,
                theme.colour("panel_focus" if acting else "panel"),
                theme.px(8),
                3 if acting else 0,
                theme.colour("accent"),
            )
            r = line // 2 - 1
            top_y = box.centery if compact else box.y + line // 2 + 2
            tok = (box.right - r - 7, top_y) if self.rtl else (box.x + r + 7, top_y)
            look.draw_token(surface, app, self.seats, p, tok, r)
            status = self.name(p)
            if pl["bankrupt"]:
                status = t("mono.status.bankrupt", name=status)
            elif pl["in_jail"]:
                status = t("mono.status.jail", name=status)
            inner = pygame.Rect(box.x + 2 * r + 14, box.y, box.w - 2 * r - 20, box.h)
            if self.rtl:
                inner.x = box.x + 6
            if not compact:
                start, anchor = self._start(inner, 0)
                colour = theme.colour("text_dim" if pl["bankrupt"] else "text")
                look.draw_text(
                    surface, app.text, status, size, colour, (start[0], top_y), anchor, max_width=inner.w
                )
                cash_row = pygame.Rect(box.x + 6, box.y + line + 2, box.w - 12, app.text.line_height(num))
            else:
                cash_row = inner
            start, anchor = self._start(cash_row, 0)
            look.draw_text(
                surface,
                app.text,
                look.money(pl["cash"]),
                num,
                theme.colour("accent"),
                start,
                anchor,
                bold=True,
                main=True,
            )
            end, end_anchor = self._end(cash_row, 0)
            if p in flashes:
                d = flashes[p]
                text = ("+" if d > 0 else "−") + look.money(abs(d))
                colour = theme.colour("held" if d > 0 else "error")
                look.draw_text(surface, app.text, text, size, colour, end, end_anchor, bold=True)
            elif compact:
                mark = t("mono.in_jail") if pl["in_jail"] else ""
                if mark:
                    look.draw_text(surface, app.text, mark, size, theme.colour("text_dim"), end, end_anchor)
            else:
                owned = sum(1 for sq in obs["squares"] if sq["owner"] == p)
                look.draw_text(
                    surface,
                    app.text,
                    t("mono.status.deeds", n=owned),
                    size,
                    theme.colour("text_dim"),
                    end,
                    end_anchor,
                )
            y += h + theme.px(4)
        y += theme.px(6)
        self._draw_decision(surface, pygame.Rect(rect.x, y, rect.w, rect.bottom - y), obs)

    def _prompt(self, obs: dict) -> str:
        phase = obs["phase"]
        actor = self.match.actor
        pend = obs["pending"]
        if self.computer_turn:
            return t("mono.prompt.computer", name=self.name(actor))  # type: ignore[arg-type]
        if phase == "buy":
            return t("mono.prompt.buy", square=look.square_name(pend["buy"]))
        if phase == "auction":
            a = pend["auction"]
            item = look.square_name(a["square"]) if a["item"] == "property" else t(f"mono.item.{a['item']}")
            lead = self.name(a["leader"]) if a["leader"] is not None else t("mono.prompt.no_bid")
            return t("mono.prompt.auction", item=item, bid=look.money(a["high_bid"]), leader=lead)
        if phase == "income-tax":
            return t("mono.prompt.tax")
        if phase == "debt":
            d = pend["debts"][0]
            to = self.name(d["creditor"]) if d["creditor"] >= 0 else t("mono.bank")
            return t("mono.prompt.debt", amount=look.money(d["amount"]), to=to)
        if phase == "lift-or-keep":
            return t("mono.prompt.lift", square=look.square_name(pend["lift_or_keep"][0][1]))
        if phase == "trade":
            tr = pend["trade"]
            cash = tr["cash"]
            money_text = (
                t("mono.trade.you_give", amount=look.money(cash))
                if cash > 0
                else t("mono.trade.you_ask", amount=look.money(-cash))
                if cash < 0
                else ""
            )
            return t("mono.prompt.trade", name=self.name(tr["partner"]), n=len(tr["squares"])) + (
                f" {money_text}" if money_text else ""
            )
        if phase == "trade-reply":
            return self._trade_summary(obs)
        if phase == "shortage-claim":
            return t("mono.prompt.shortage", item=t(f"mono.item.{pend['claim']['kind']}"))
        if phase == "place-building":
            return t("mono.prompt.place", item=t(f"mono.item.{pend['place']['kind']}"))
        if phase == "roll" and obs["players"][actor]["in_jail"]:
            return t("mono.prompt.jail", name=self.name(actor))  # type: ignore[arg-type]
        if actor is None:
            return ""
        return t("mono.prompt.your_move", name=self.name(actor))

    def _trade_summary(self, obs: dict) -> str:
        tr = obs["pending"]["trade"]
        gets = [look.square_name(s) for s in tr["squares"] if obs["squares"][s]["owner"] == tr["proposer"]]
        gives = [look.square_name(s) for s in tr["squares"] if obs["squares"][s]["owner"] == tr["partner"]]
        cash = tr["cash"]
        if cash > 0:
            gets.append(look.money(cash))
        elif cash < 0:
            gives.append(look.money(-cash))
        gets += [t("mono.jail_card")] * sum(1 for _ in tr["cards"])
        return t(
            "mono.prompt.reply",
            name=self.name(tr["proposer"]),
            gets=", ".join(gets) or "-",
            gives=", ".join(gives) or "-",
        )

    def _draw_decision(self, surface: pygame.Surface, rect: pygame.Rect, obs: dict) -> None:
        app, theme = self.app, self.theme
        size = look.text_px(theme)
        prompt = self._prompt(obs)
        y = rect.y
        line = app.text.line_height(size)
        if prompt:
            lines = app.text.wrap(prompt, size, rect.w - 8)
            for ln in lines[:3]:
                start, anchor = self._start(
                    pygame.Rect(rect.x + 4, y, rect.w - 8, app.text.line_height(size)), 0
                )
                look.draw_text(
                    surface, app.text, ln, size, theme.colour("text"), start, anchor, max_width=rect.w - 8
                )
                y += app.text.line_height(size)
        rows = self.rows()
        if not rows:
            return
        row_h = app.text.line_height(size) + theme.px(10)
        area = pygame.Rect(rect.x, y + theme.px(4), rect.w, rect.bottom - y - theme.px(4))
        visible = max(1, area.h // row_h)
        focus = min(self.row, len(rows) - 1)
        first = max(0, min(focus - visible + 1, len(rows) - visible)) if focus >= visible else 0
        if len(rows) > visible:
            visible = max(1, (area.h - line) // row_h)
            first = max(0, min(focus - visible + 1, len(rows) - visible)) if focus >= visible else 0
            more = f"▲▼ {format_number(focus + 1)}/{format_number(len(rows))}"
            pos = (area.centerx, area.y + visible * row_h)
            look.draw_text(surface, app.text, more, size, theme.colour("text_dim"), pos, "midtop")
        for k, row in enumerate(rows[first : first + visible]):
            i = first + k
            box = pygame.Rect(area.x, area.y + k * row_h, area.w, row_h - theme.px(4))
            on = i == focus
            widgets.panel(
                surface,
                box,
                theme.colour("panel_focus" if on else "panel"),
                theme.px(8),
                theme.px(3) if on else 0,
                theme.colour("accent"),
            )
            start, anchor = self._start(box, theme.px(10))
            value_w = app.text.size(row.value, size)[0] if row.value else 0
            if row.owner is not None:
                r = box.h // 3
                end, _ = self._end(box, theme.px(10) + r)
                look.draw_token(surface, app, self.seats, row.owner, end, r)
                value_w = 2 * r
            look.draw_text(
                surface,
                app.text,
                row.label,
                size,
                theme.colour("text"),
                start,
                anchor,
                max_width=box.w - value_w - theme.px(30),
            )
            if row.value:
                end, end_anchor = self._end(box, theme.px(10))
                look.draw_text(
                    surface, app.text, row.value, size, theme.colour("accent"), end, end_anchor, bold=True
                )

    def _draw_card(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        """A Chance or Community Chest card, face up over the board's centre."""
        app, theme = self.app, self.theme
        deck, key, player = self._card  # type: ignore[misc]
        size = look.text_px(theme)
        rect = pygame.Rect(0, 0, board.w * 3 // 4, board.h // 2)
        rect.center = board.center
        tint = (245, 170, 60) if deck == 0 else (120, 190, 230)
        widgets.panel(surface, rect.move(4, 4), theme.colour("shadow"), theme.radius)
        widgets.panel(
            surface, rect, look.colour(app, tint), theme.radius, theme.px(4), theme.colour("shadow")
        )
        app.text.cover(rect.move(4, 4).union(rect))  # the card hides what it lies on
        ink = theme.colour("shadow")
        look.draw_text(
            surface,
            app.text,
            t(f"mono.deck.{deck}"),
            look.text_px(theme, "title"),
            ink,
            (rect.centerx, rect.y + theme.px(10)),
            "midtop",
            bold=True,
            max_width=rect.w - 16,
        )
        y = rect.y + theme.px(10) + app.text.line_height(look.text_px(theme, "title")) + theme.px(6)
        for ln in app.text.wrap(look.card_text(deck, key), size, rect.w - theme.px(30))[:5]:
            look.draw_text(
                surface, app.text, ln, size, ink, (rect.centerx, y), "midtop", max_width=rect.w - 16
            )
            y += app.text.line_height(size)
        look.draw_text(
            surface,
            app.text,
            self.name(player),
            size,
            ink,
            (rect.centerx, rect.bottom - theme.px(8)),
            "midbottom",
            max_width=rect.w - 16,
        )
