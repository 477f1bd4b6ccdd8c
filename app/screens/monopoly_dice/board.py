"""The Monopoly Dice board screen: the jail squares, the groups, the dice and the scoring table.

Keys (the manual's): hold 2 to shake the dice and release to roll; LEFT/RIGHT pick a rolled die
and SELECT puts it on its group's square (a Chance die: the arrows then pick a property group,
SELECT places it, BACK cancels); 3 ends the turn; 4 undoes the last die move; 5 opens the odds
and die sides; SELECT during a computer's turn skips to its end; MENU: Resume, Save and quit,
Quit without saving, Help.

The engine (:mod:`engines.monopoly_dice`) holds the position; the screen draws the observation
(``state.to_dict(player)``) and turns keys into engine actions. Every chance node is sampled with
the screen's own seeded generator (:func:`engines.core.sample_chance`), whose state goes into the
save with the engine's, so a resumed game rolls exactly what the uninterrupted one would have.
Policemen and GO move by themselves: after the dice settle they fly to the jail squares and the
GO pile. Computer players decide in a worker thread, one action at a time, with short pauses.
"""

from __future__ import annotations

import copy
import logging
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pygame

from app import widgets
from app.i18n import t
from app.screen import GLOBAL_BINDINGS, Binding, focus_step
from app.screens.dice_game import DiceGameScreen
from app.screens.monopoly_dice import look
from app.screens.monopoly_dice.players import PlayerSpec, make_chooser, player_names
from engines.core import SaveFormatError, load_state, rng_from_state, rng_state, sample_chance, save_state
from engines.monopoly_dice import END_TURN, ROLL, UNDO, MonopolyDiceGame, MonopolyDiceState, place_action
from engines.monopoly_dice import rules as R
from remote.buttons import Button, Press

log = logging.getLogger(__name__)

SAVE_VERSION = 1
SAVE_SLOT = "monopoly-dice"
SAVE_KIND = "monopoly-dice"

SETTLE_S = 0.5
"""Dice tumble this long after a roll before they show their faces."""
FLIGHT_S = 0.55
"""A policeman (or the GO money) takes this long to reach its square."""
FACE_FLIP_S = 0.07
BANNER_S = 1.6
JAIL_BANNER_S = 2.6
CPU_PAUSE_S = {"start": 0.7, "roll": 0.5, "place": 0.45, "end": 1.4}
"""Pauses while a computer plays, so its turn can be followed step by step."""
CPU_SHAKE_S = 0.5
END_PAUSE_S = 1.5

BOARD_COLUMNS: tuple[tuple[str, ...], ...] = (
    ("brown", "light-blue", "pink", "orange", "red"),
    ("yellow", "green", "dark-blue", "railroads", "utilities"),
)
"""The groups in board order, as two columns on the screen."""


class BoardScreen(DiceGameScreen):
    """One game of Monopoly Dice, from the first roll to the winner."""

    CPU_THREAD = "mdice-cpu"

    BINDINGS = (
        Binding(Button.DIGIT_2, "shake", "mdice.key.roll"),
        Binding(Button.DIGIT_2, "roll", "", kind=Press.RELEASE, show=False),
        Binding(Button.LEFT, "arrow", "mdice.key.dice", repeat=True, args=(Button.LEFT,)),
        Binding(Button.RIGHT, "arrow", "mdice.key.dice", repeat=True, args=(Button.RIGHT,)),
        Binding(Button.UP, "arrow", "", repeat=True, args=(Button.UP,), show=False),
        Binding(Button.DOWN, "arrow", "", repeat=True, args=(Button.DOWN,), show=False),
        Binding(Button.SELECT, "select", "mdice.key.place"),
        Binding(Button.DIGIT_3, "end_turn", "mdice.key.end"),
        Binding(Button.DIGIT_4, "undo", "mdice.key.undo"),
        Binding(Button.DIGIT_5, "odds", "mdice.key.odds"),
        Binding(Button.BACK, "back", "", show=False),
    )

    CHANCE_BINDINGS = (
        Binding(Button.LEFT, "arrow", "mdice.key.groups", repeat=True, args=(Button.LEFT,)),
        Binding(Button.RIGHT, "arrow", "mdice.key.groups", repeat=True, args=(Button.RIGHT,)),
        Binding(Button.UP, "arrow", "mdice.key.groups", repeat=True, args=(Button.UP,)),
        Binding(Button.DOWN, "arrow", "mdice.key.groups", repeat=True, args=(Button.DOWN,)),
        Binding(Button.SELECT, "select", "mdice.key.place"),
        Binding(Button.BACK, "back", "mdice.key.cancel"),
    )
    """While a Chance die's group is being chosen."""
    COMPUTER_BINDINGS = (Binding(Button.SELECT, "select", "mdice.key.skip"),)
    """While a computer plays: SELECT skips to the end of its turn (MENU and INFO still work)."""

    def __init__(
        self,
        state: MonopolyDiceState,
        players: Sequence[PlayerSpec],
        rng: np.random.Generator,
        ai_seeds: Sequence[int],
    ) -> None:
        super().__init__()
        self._init_shared()
        self.state = state
        self.game: MonopolyDiceGame = state.game  # type: ignore[assignment]
        self.players = list(players)
        if len(self.players) != self.game.num_players:
            raise ValueError("one player spec per seat")
        self.rng = rng
        self.ai_seeds = [int(s) for s in ai_seeds]
        if len(self.ai_seeds) != len(self.players):
            raise ValueError("one computer seed per seat")
        self.inline = False
        """Run computer decisions and the odds on the frame (screenshots and tests only)."""
        self.jailed_last = [False] * len(self.players)
        """Whether each player's last turn ended in jail (the table says "Jail" instead of $0)."""
        self.die_focus: int | None = None
        self.choosing: int | None = None  # the Chance die whose group is being chosen
        self.group_focus = 0
        # animation and pacing
        self._tumbling: set[int] = set()
        self._settle = 0.0
        self._flip_t = 0.0
        self._anim = random.Random(11)  # looks only: never the game's generator
        self._anim_faces: dict[int, int] = {}
        self._flights: list[dict[str, Any]] = []
        self._flight_t = 0.0
        self._banners: list[tuple[str, float]] = []
        self._held_view: dict[str, Any] | None = None
        """A board kept on screen after its turn ended: the jail roll, or a computer's last board."""
        self._jail_notice: str | None = None
        self._ended = False
        self._end_wait = 0.0
        # computer players
        self._choosers: list[Any] = [None] * len(self.players)
        self._cpu_wait = 0.0
        self._cpu_shake = 0.0
        self._skip = False
        # caches
        self._layout_cache: tuple[tuple, dict] | None = None
        self._base_cache: tuple[tuple, pygame.Surface, list] | None = None

    # -- construction and saving ------------------------------------------------------------------
    @classmethod
    def new(cls, players: Sequence[PlayerSpec], target: int, rng: np.random.Generator) -> BoardScreen:
        """A fresh game for ``players`` to ``target`` dollars."""
        game = MonopolyDiceGame(num_players=len(players), target=target)
        # the computers' seeds come from the game's generator, so one seed replays everything
        seeds = [int(s) for s in rng.integers(2**31, size=len(players))]
        return cls(game.new_initial_state(), players, rng, seeds)

    def save_payload(self) -> dict[str, Any]:
        """Everything needed to come back to exactly this point (see :meth:`from_payload`)."""
        return {
            "version": SAVE_VERSION,
            "engine": save_state(self.state),
            "rng": rng_state(self.rng),
            "ai_seeds": list(self.ai_seeds),
            "jailed_last": list(self.jailed_last),
            "players": [p.to_json() for p in self.players],
        }

    @classmethod
    def from_payload(cls, payload: Any) -> BoardScreen:
        """Rebuild a saved game; ``ValueError`` if the payload is damaged."""
        if not isinstance(payload, dict) or payload.get("version") != SAVE_VERSION:
            raise ValueError("not a Monopoly Dice save of this version")
        try:
            state = load_state(payload["engine"])
            if not isinstance(state, MonopolyDiceState):
                raise ValueError("not a Monopoly Dice game")
            if state.is_chance_node() or state.is_terminal():
                raise ValueError("a save never has dice in the air or a finished game")
            players = [PlayerSpec.from_json(p) for p in payload["players"]]
            rng = rng_from_state(payload["rng"])
            seeds = payload["ai_seeds"]
            if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in seeds):
                raise ValueError("computer seeds must be whole numbers")
            screen = cls(state, players, rng, seeds)
            jailed = payload.get("jailed_last", screen.jailed_last)
            if not isinstance(jailed, list) or len(jailed) != len(players):
                raise ValueError("jailed_last must have one flag per player")
            screen.jailed_last = [bool(j) for j in jailed]
            return screen
        except SaveFormatError as exc:
            raise ValueError(str(exc)) from exc
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"damaged save: {exc}") from exc

    # -- lifecycle --------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self._start_turn(announce=False)

    def on_layout(self) -> None:
        self._layout_cache = None
        self._changed()

    # -- the position -----------------------------------------------------------------------------
    @property
    def turn_player(self) -> int:
        return self.state.player

    def view(self) -> dict[str, Any]:
        """What the board shows: the position, or the roll that sent the player to jail."""
        return self._held_view if self._held_view is not None else self.obs()

    @property
    def busy(self) -> bool:
        """Dice in the air or moving, a jail announcement, or the game over: human input waits."""
        return (
            self.shaking
            or self._settle > 0
            or bool(self._flights)
            or self._held_view is not None
            or self._ended
            or self.state.is_terminal()
        )

    def placeable(self) -> list[int]:
        """The rolled dice that may go on the board now, in die order."""
        if self._held_view is not None or self.state.is_terminal():
            return []
        return [d["id"] for d in self.obs()["dice"] if d["where"] == "rolled" and d["targets"]]

    def _fix_focus(self) -> None:
        dice = self.placeable()
        if self.die_focus not in dice:
            later = [d for d in dice if self.die_focus is not None and d > self.die_focus]
            self.die_focus = (later or dice or [None])[0]

    # -- applying actions ---------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        """Apply a player's action; a roll also throws the dice and sets the animations going."""
        if action != ROLL:
            if action == END_TURN:
                self.jailed_last[self.turn_player] = False
            self.state.apply_action(action)
            self._changed()
            self._fix_focus()
            return
        before = copy.deepcopy(self.obs())
        player = self.turn_player
        turns_before = self.state.turns[player]
        self.state.apply_action(ROLL)
        faces: dict[int, int] = {}
        while self.state.is_chance_node():
            die = self.state.pending[0]
            outcome = sample_chance(self.state, self.rng)
            faces[die] = outcome
            self.state.apply_action(outcome)
        self._changed()
        bust = self.state.turns[player] > turns_before  # only the third policeman ends a turn in a roll
        self._tumbling = set(faces)
        self._settle = 0.0 if self._skip else SETTLE_S
        self.choosing = None
        if bust:
            self.jailed_last[player] = True
            self._held_view = bust_view(before, faces)
            jailed = [
                d for d in R.JAIL_IDS if d in faces and look.face_of(d, faces[d])["colour"] == R.POLICEMAN
            ]
            self._start_flights(jailed, go=False)
            name = player_names(self.players)[player]
            key = (
                "mdice.banner.jail_name"
                if self._many_humans() or self.players[player].computer
                else "mdice.banner.jail"
            )
            if self.players[player].computer or self._skip:
                self._banners = [(t(key, name=name), JAIL_BANNER_S)]
            else:
                self._jail_notice = t(key, name=name)  # stays until the player presses a key
            self.app.sound.play("bust")
            return
        events = (self.state.last_roll or {}).get("events", [])
        jailed = [
            d
            for j, d in enumerate(R.JAIL_IDS)
            if before["jail_squares"][j] is None and self.obs()["jail_squares"][j] == d
        ]
        self._start_flights(jailed, go="go" in events)
        for event in events:
            kind = event.split(":")[0]
            if event in ("house", "broken-house", "hotel") or (
                kind == "jail-free" and event != "jail-free:none"
            ):
                self._banners.append((t(f"mdice.banner.{kind}"), BANNER_S))
        self._fix_focus()

    def _start_flights(self, jailed: list[int], go: bool) -> None:
        """New policemen fly from the tray to their jail squares, the GO money to the GO pile."""
        self._flights = [{"die": d, "to": ("jail", R.JAIL_IDS.index(d))} for d in jailed]
        if go:
            self._flights.append({"die": R.GO_DIE_ID, "to": ("go", 0), "money": True})
        self._flight_t = 0.0

    def _many_humans(self) -> bool:
        return sum(not p.computer for p in self.players) > 1

    def _start_turn(self, announce: bool) -> None:
        """A new turn (or the screen just opened): pass the remote between humans, reset cursors."""
        self.choosing = None
        self.die_focus = None
        self._skip = False
        if self.state.is_terminal():
            return
        player = self.turn_player
        if announce and not self.players[player].computer and self._many_humans():
            self._pass_to = player_names(self.players)[player]
        if self.players[player].computer:
            self._cpu_wait = CPU_PAUSE_S["start"]
        self._fix_focus()

    def _after_turn(self, player: int) -> None:
        """The turn of ``player`` ended (stopped or jailed): the winner, or the next player."""
        if self.state.is_terminal():
            self._ended = True
            self._end_wait = END_PAUSE_S if not self._skip else 0.4
            self.app.sound.play("win")
            return
        self._start_turn(announce=True)

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        quiet = event.kind != Press.PRESS or event.button in (Button.MENU, Button.INFO)
        if self._jail_notice is not None and not quiet and not self._flights and self._settle == 0:
            self._jail_notice = None
            self._end_held_view()
            return True
        if self._clear_pass_notice(event):
            return True
        return super().handle(event)

    def bindings(self) -> tuple[Binding, ...]:
        if self.computer_turn and self._held_view is None:
            return self.COMPUTER_BINDINGS + tuple(b for b in GLOBAL_BINDINGS if b.button != Button.BACK)
        if self.choosing is not None:
            return self.CHANCE_BINDINGS + tuple(b for b in GLOBAL_BINDINGS if b.button != Button.BACK)
        return super().bindings()

    def check_action(self, action: str, args: tuple) -> bool:
        if action in ("menu", "help", "back"):
            return True
        if self.state.is_terminal() or self._ended or self._jail_notice or self._pass_to:
            return False  # (any key clears a notice: see handle)
        if self.computer_turn:
            return action == "select" and not self._skip
        if action == "roll":
            return self.shaking
        if self.busy:
            return False
        legal = self.state.legal_actions()
        if action == "shake":
            return ROLL in legal and self.choosing is None
        if action == "arrow":
            return bool(self.placeable())
        if action == "select":
            return self.choosing is not None or self.die_focus is not None
        if action == "end_turn":
            return END_TURN in legal and self.choosing is None
        if action == "undo":
            return UNDO in legal and self.choosing is None
        if action == "odds":
            return self.choosing is None
        return True

    def action_shake(self) -> None:
        self.shaking = True
        self._tumbling = set(self.obs()["dice_to_roll"])
        self.app.sound.play("shake")

    def action_roll(self) -> None:
        self._stop_shaking()
        self.app.sound.play("roll")
        self._apply(ROLL)

    def action_arrow(self, button: Button) -> None:
        if self.choosing is not None:
            self._move_group_focus(button)
        else:
            dice = self.placeable()
            step = focus_step(button, self.rtl) or focus_step(button, self.rtl, vertical=True)
            if self.die_focus in dice:
                self.die_focus = dice[(dice.index(self.die_focus) + step) % len(dice)]
            else:
                self.die_focus = dice[0]
        self.app.sound.play("move")

    def _move_group_focus(self, button: Button) -> None:
        """Arrows over the board's two columns of groups, visiting only the Chance die's targets."""
        targets = self.obs()["dice"][self.choosing]["targets"]
        keys = [R.GROUPS[g].key for g in targets]
        order = [k for column in BOARD_COLUMNS for k in column if k in keys]
        current = R.GROUPS[self.group_focus].key
        if button in (Button.UP, Button.DOWN):
            step = 1 if button == Button.DOWN else -1
            nxt = order[(order.index(current) + step) % len(order)]
        else:
            # across: the same row of the other column, else the nearest target there
            col = 0 if any(current in c for c in BOARD_COLUMNS[:1]) else 1
            row = BOARD_COLUMNS[col].index(current)
            other = BOARD_COLUMNS[1 - col]
            choices = [k for k in other if k in keys]
            if not choices:
                return
            nxt = min(choices, key=lambda k: (abs(other.index(k) - row), other.index(k)))
        self.group_focus = R.GROUP_INDEX[nxt]

    def action_select(self) -> None:
        if self.computer_turn:
            self._skip = True
            self._cpu_wait = 0.0
            self._settle = 0.0
            self._flights = []
            self._banners = []
            return
        if self.choosing is not None:
            die, group = self.choosing, self.group_focus
            self.choosing = None
            self.app.sound.play("select")
            self._apply(place_action(die, group))
            self._announce_complete(group)
            return
        die = self.die_focus
        targets = self.obs()["dice"][die]["targets"]
        if self.obs()["dice"][die]["face"]["colour"] == R.CHANCE:
            self.choosing = die
            # start on the most valuable group the Chance would complete, else the first target
            obs = self.obs()
            completing = [g for g in targets if len(obs["groups"][g]["dice"]) == R.GROUPS[g].squares - 1]
            pool = completing or targets
            self.group_focus = max(pool, key=lambda g: (R.GROUPS[g].board_value, -g))
            self.app.sound.play("select")
            return
        self.app.sound.play("select")
        self._apply(place_action(die, targets[0]))
        self._announce_complete(targets[0])

    def _announce_complete(self, group: int) -> None:
        obs = self.obs()
        if obs["groups"][group]["complete"] and R.GROUPS[group].colour and not obs["house_die_in"]:
            first = sum(1 for g in R.COLOUR_GROUPS if obs["groups"][g]["complete"]) == 1
            if first:
                name = look.group_name(R.GROUPS[group].key)
                self._banners.append((t("mdice.banner.complete", group=name), BANNER_S))
                self.app.sound.play("score")

    def action_back(self) -> None:
        """BACK cancels the Chance choice; otherwise it opens the menu (a game is never left by accident)."""
        if self.choosing is not None:
            self.choosing = None
        else:
            self.action_menu()

    def action_end_turn(self) -> None:
        player = self.turn_player
        self.app.sound.play("score")
        self._apply(END_TURN)
        self._after_turn(player)

    def action_undo(self) -> None:
        self._apply(UNDO)
        self._fix_focus()

    def action_odds(self) -> None:
        from app.screens.monopoly_dice.odds import OddsScreen

        self.app.push(OddsScreen(self.obs(), inline=self.inline))

    # -- menu, save, quit ---------------------------------------------------------------------------
    def menu_items(self) -> list[tuple[str, str]]:
        return [
            ("mdice.menu.resume", "close"),
            ("mdice.menu.save_and_quit", "save"),
            ("mdice.menu.quit_no_save", "quit"),
            ("mdice.menu.help", "help"),
        ]

    def action_menu(self) -> None:
        self._stop_shaking()
        super().action_menu()

    def action_help(self) -> None:
        self._stop_shaking()  # the release of 2 would go to the overlay
        super().action_help()

    def save_and_quit(self) -> bool:
        """Write the save and go home; on a disk error say so and stay in the game."""
        if self._future is not None:
            self._future.cancel()
        payload = self.save_payload()
        names = player_names(self.players)
        leader = max(range(len(self.players)), key=lambda p: (self.state.scores[p], -p))
        title = t(
            "mdice.save.title",
            players=len(self.players),
            leader=names[leader],
            amount=look.money(self.state.scores[leader]),
        )
        return self._write_save(SAVE_SLOT, SAVE_KIND, title, payload, "mdice.save.failed")

    # -- time ---------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        if self.app is not None and self.app.top is not self:
            return False  # paused under a modal: the picture below stays cached, nothing costs CPU
        return (
            self.shaking
            or self._settle > 0
            or bool(self._flights)
            or bool(self._banners)
            or self._future is not None
        )

    @property
    def ticking(self) -> bool:
        # Timers over a still picture: a computer's pauses, a held view, the wait before the results.
        if self.app is not None and self.app.top is not self:
            return False
        return (
            (self._held_view is not None and self._jail_notice is None)
            or self._ended
            or (self.computer_turn and self._held_view is None)
        )

    def update(self, dt: float) -> None:
        if self.app.top is not self:
            return  # paused under a modal (menu, odds): nothing moves, no computer plays
        dt = min(dt, 0.25)
        if self.shaking or self._settle > 0:
            self._flip_t += dt
            if self._flip_t >= FACE_FLIP_S:
                self._flip_t = 0.0
                for d in self._tumbling:
                    self._anim_faces[d] = self._anim.randrange(6)
        if self._settle > 0:
            self._settle = max(0.0, self._settle - dt)
            if self._settle == 0:
                self._tumbling = set()
                self._changed()
            return
        if self._flights:
            self._flight_t += dt / FLIGHT_S
            if self._flight_t >= 1 or self._skip:
                self._flights = []
                self._changed()
            return
        if self._banners:
            text, left = self._banners[0]
            left -= dt * (4 if self._skip else 1)
            if left > 0:
                self._banners[0] = (text, left)
            else:
                self._banners.pop(0)
                self._changed()
                if not self._banners and self._held_view is not None:
                    self._end_held_view()
            return
        if self._held_view is not None:
            if self._jail_notice is None:
                self._end_held_view()
            return
        if self._ended:
            self._end_wait -= dt
            if self._end_wait <= 0:
                self._ended = False
                self._show_results()
            return
        if self.computer_turn:
            self._computer_step(dt)

    def _end_held_view(self) -> None:
        self._held_view = None
        player = self.state.last_turn["player"] if self.state.last_turn else self.turn_player
        self._changed()
        self._after_turn(player)

    # -- computer turns -----------------------------------------------------------------------------
    def _chooser(self, player: int):
        if self._choosers[player] is None:
            self._choosers[player] = make_chooser(self.players[player].level, self.ai_seeds[player])
        return self._choosers[player]

    def _computer_step(self, dt: float) -> None:
        if self._cpu_shake > 0:
            self._cpu_shake -= dt
            if self._cpu_shake <= 0 or self._skip:
                self._cpu_shake = 0.0
                self._stop_shaking()
                self.app.sound.play("roll")
                self._apply(ROLL)
            return
        if self._cpu_wait > 0 and not self._skip:
            self._cpu_wait -= dt
            return
        if self._future is None:
            self._ask_computer(self._chooser(self.turn_player), self.inline)
        action = self._computer_decision()
        if action is not None:
            self._computer_act(int(action))

    def _computer_act(self, action: int) -> None:
        player = self.turn_player
        if action == ROLL:
            self.choosing = None
            if self._skip:
                self._apply(ROLL)
            else:
                self.shaking = True
                self._tumbling = set(self.obs()["dice_to_roll"])
                self._cpu_shake = CPU_SHAKE_S
                self.app.sound.play("shake")
            self._cpu_wait = CPU_PAUSE_S["roll"]
        elif action == END_TURN:
            before = copy.deepcopy(self.obs())
            amount = before["score_parts"]["turn"]
            self._apply(END_TURN)
            # the computer's board stays up while its score is announced; then the next turn
            for die in before["dice"]:
                die["targets"] = []
            self._held_view = before
            name = player_names(self.players)[player]
            self._banners.append(
                (t("mdice.banner.stops", name=name, amount=look.money(amount)), CPU_PAUSE_S["end"])
            )
            self.app.sound.play("score")
        else:
            from engines.monopoly_dice import decode_place

            die, group = decode_place(action)
            self.die_focus = die
            self._apply(action)
            self._announce_complete(group)
            self._cpu_wait = CPU_PAUSE_S["place"]

    def _show_results(self) -> None:
        from app.screens.monopoly_dice.results import ResultsScreen

        if self.app.saves.info(SAVE_SLOT) is not None:
            self.app.saves.delete(SAVE_SLOT)
        self.app.push(ResultsScreen(self.state, self.players), lambda _: self.app.go_home())

    # -- drawing ------------------------------------------------------------------------------------
    def _layout(self) -> dict[str, Any]:
        theme = self.theme
        key = (theme.width, theme.height, self.app.lang, len(self.players))
        if self._layout_cache is None or self._layout_cache[0] != key:
            self._layout_cache = (
                key,
                compute_layout(self.app, len(self.players), widgets.help_bar_height(self.app, self)),
            )
        return self._layout_cache[1]

    def _hidden(self) -> frozenset[int]:
        """Dice drawn by the flight animation instead of on their squares."""
        return frozenset(f["die"] for f in self._flights if not f.get("money"))

    def draw(self, surface: pygame.Surface) -> None:
        layout = self._layout()
        hidden = self._hidden()
        moving = frozenset(self._tumbling) if (self.shaking or self._settle > 0) else frozenset()
        key = (
            self._version,
            self.app.lang,
            surface.get_size(),
            hidden,
            moving,
            self.die_focus,
            self.choosing,
            self.group_focus,
        )
        self._blit_layer(surface, key, lambda layer: self._draw_static(layer, layout, hidden, moving))
        if moving:
            self._draw_tumbling(surface, layout, moving)
        if self._flights:
            self._draw_flights(surface, layout)
        if self._jail_notice is not None and not moving and not self._flights:
            self._draw_banner(surface, self._jail_notice, t("mdice.banner.press_any"))
        elif self._pass_to is not None:
            self._draw_banner(
                surface, t("mdice.banner.pass", name=self._pass_to), t("mdice.banner.press_any")
            )
        elif self._banners and not moving and not self._flights:
            self._draw_banner(surface, self._banners[0][0])

    def _draw_static(self, surface, layout, hidden: frozenset[int], moving: frozenset[int]) -> None:
        surface.blit(self._base(surface, layout), (0, 0))
        view = self.view()
        self._draw_header(surface, layout, view)
        self._draw_jail_row(surface, layout, view, hidden)
        self._draw_groups(surface, layout, view)
        self._draw_table(surface, layout, view)
        self._draw_status(surface, layout, view)
        self._draw_tray(surface, layout, view, hidden | moving)
        widgets.help_bar(surface, self.app, self)

    def _draw_header(self, surface, layout, view) -> None:
        """Whose turn (large) and the target (small), at the far end of the top line."""
        theme = self.theme
        header = self._rect(layout["header"])
        player = view["player"] if not self.state.is_terminal() else self.state.winner
        turn = t("mdice.turn", name=player_names(self.players)[player])
        target = t("mdice.target", amount=look.money(self.game.target))
        x = header.x if self.rtl else header.right
        size = theme.font("body")
        h1 = self.app.text.line_height(size)
        h2 = self.app.text.line_height(layout["small"])
        y = header.centery - (h1 + h2) // 2
        anchor = "topleft" if self.rtl else "topright"
        self._text(surface, turn, size, theme.colour("accent"), (x, y), anchor, bold=True, max_width=header.w)
        dim = theme.colour("text_dim")
        self._text(surface, target, layout["small"], dim, (x, y + h1), anchor, max_width=header.w)

    def _label(self, surface, rect: pygame.Rect, text: str, size: int, colour, bold=False) -> None:
        pos, anchor = self._start(rect, 0)
        self._text(surface, text, size, colour, pos, anchor, bold=bold, max_width=rect.w)

    def _draw_jail_row(self, surface, layout, view, hidden) -> None:
        theme = self.theme
        size = layout["small"]
        self._label(
            surface, self._rect(layout["jail_label"]), t("mdice.jail"), size, theme.colour("text"), True
        )
        for j, base in enumerate(layout["jail"]):
            rect = self._rect(base)
            widgets.panel(
                surface, rect, theme.colour("shadow"), theme.px(6), theme.px(3), theme.colour("error")
            )
            die = view["jail_squares"][j]
            if die is not None and die not in hidden:
                inner = rect.inflate(-theme.px(6), -theme.px(6))
                look.draw_face(surface, self.app, inner, view["dice"][die]["face"])
        go = self._rect(layout["go"])
        n = view["go_count"]
        widgets.panel(
            surface,
            go,
            theme.colour("panel"),
            theme.px(6),
            theme.px(2),
            theme.colour("accent" if n else "text_dim"),
        )
        label = t("mdice.go_count", n=n) if n else t("mdice.go")
        colour = theme.colour("text" if n else "text_dim")
        self._text(surface, label, size, colour, go.center, "center", bold=True, max_width=go.w - theme.px(4))

    def _draw_group_plain(self, surface, layout, key: str) -> None:
        """A group as the empty board shows it: its colour band with the board value, empty squares."""
        theme = self.theme
        cell = layout["groups"][key]
        colour = look.group_colour(self.app, key)
        band = self._rect(cell["band"])
        pygame.draw.rect(surface, colour, band, border_radius=theme.px(5))
        if key == "utilities":  # black on a dark screen: outline it
            edge = theme.colour("text_dim")
            pygame.draw.rect(surface, edge, band, width=max(1, theme.px(2)), border_radius=theme.px(5))
        text_colour = (20, 20, 28) if sum(colour) > 420 else theme.colour("text")
        top_half = band if layout["cards"] else pygame.Rect(band.x, band.y, band.w, band.h // 2 + 1)
        pos, anchor = self._start(top_half, theme.px(6))
        value = look.money(R.GROUPS[R.GROUP_INDEX[key]].board_value)
        self._text(surface, value, layout["small"], text_colour, pos, anchor, bold=True, max_width=band.w)
        for base in cell["squares"]:
            body = widgets.die_body_rect(self._rect(base), theme.pixel_aspect)
            pygame.draw.rect(surface, theme.colour("panel_disabled"), body, border_radius=theme.px(6))
            pygame.draw.rect(surface, colour, body, width=max(2, theme.px(3)), border_radius=theme.px(6))

    def _draw_groups(self, surface, layout, view) -> None:
        """Over the empty board: highlighted groups (complete, Chance targets), dice and values."""
        theme = self.theme
        size = layout["small"]
        targets = set(view["dice"][self.choosing]["targets"]) if self.choosing is not None else set()
        for key, cell in layout["groups"].items():
            g = R.GROUP_INDEX[key]
            info = view["groups"][g]
            frame = self._rect(cell["frame"])
            if info["complete"] or g in targets:
                focused = g == self.group_focus and g in targets
                fill = theme.colour("panel_focus" if info["complete"] or focused else "panel")
                border = theme.px(5 if focused else 3 if info["complete"] else 2)
                edge = theme.colour("accent" if info["complete"] or focused else "text")
                widgets.panel(surface, frame, fill, theme.px(6), border, edge)
                self._draw_group_plain(surface, layout, key)
            dice = info["dice"]
            if not info["complete"] and dice:
                pill = self._rect(cell["value"])
                widgets.panel(surface, pill, theme.colour("shadow"), theme.px(5))
                amount = look.money(info["value"])
                accent = theme.colour("accent")
                self._text(
                    surface,
                    amount,
                    size,
                    accent,
                    pill.center,
                    "center",
                    bold=True,
                    max_width=pill.w - theme.px(4),
                )
            for k, d in enumerate(dice):
                rect = self._rect(cell["squares"][k])
                look.draw_face(surface, self.app, rect, view["dice"][d]["face"], compact=True)

    def _base(self, surface: pygame.Surface, layout) -> pygame.Surface:
        """The empty board (background, groups, the table's panel): drawn once per size and language."""
        key = (surface.get_size(), self.app.lang, len(self.players))
        if self._base_cache is None or self._base_cache[0] != key:
            base = pygame.Surface(surface.get_size())
            if pygame.display.get_surface() is not None:
                base = base.convert()
            widgets.background(base, self.theme)
            with self.app.text.capture() as runs:
                for group_key in layout["groups"]:
                    self._draw_group_plain(base, layout, group_key)
            table = self._rect(layout["table"])
            widgets.panel(base, table, self.theme.colour("panel"), self.theme.radius)
            self._base_cache = (key, base, runs)
        self.app.text.replay(self._base_cache[2])
        return self._base_cache[1]

    def _draw_table(self, surface, layout, view) -> None:
        theme = self.theme
        size = layout["small"]
        pad = theme.px(12)
        parts = view["score_parts"]
        for name, base in layout["parts"]:
            rect = self._rect(base)
            turn = name == "turn"
            colour = theme.colour("accent" if turn else "text")
            if turn:
                y = rect.y - theme.px(3)
                pygame.draw.line(
                    surface,
                    theme.colour("text_dim"),
                    (rect.x + pad, y),
                    (rect.right - pad, y),
                    max(1, theme.px(2)),
                )
            pos, anchor = self._start(rect, pad)
            label = t(f"mdice.score.{name}")
            self._text(surface, label, size, colour, pos, anchor, bold=turn, max_width=rect.w // 2)
            pos, anchor = self._end(rect, pad)
            self._text(
                surface, look.money(parts[name]), size, colour, pos, anchor, bold=True, max_width=rect.w // 3
            )
        grey = (70, 78, 96)
        for k, base in enumerate(layout["houses"]):
            colour = look.HOUSE_GREEN if k < view["houses"] else grey
            look.draw_house(surface, self.app, self._rect(base), colour=colour)
        look.draw_hotel(
            surface, self.app, self._rect(layout["hotel"]), colour=look.HOTEL_RED if view["hotels"] else grey
        )
        names = player_names(self.players)
        head = layout["players_head"]
        cols = layout["player_cols"]
        for label, col in zip(("player", "total", "previous"), cols, strict=True):
            rect = self._rect(pygame.Rect(col.x, head.y, col.w, head.h))
            pos, anchor = self._start(rect, 0) if label == "player" else self._end(rect, 0)
            dim = theme.colour("text_dim")
            self._text(surface, t(f"mdice.score.{label}"), size, dim, pos, anchor, max_width=rect.w)
        current = view["player"]
        for p, base in enumerate(layout["player_rows"]):
            row = self._rect(base)
            entry = view["table"][p]
            if p == current and not self.state.is_terminal():
                widgets.panel(
                    surface,
                    row,
                    theme.colour("panel_focus"),
                    theme.px(6),
                    theme.px(2),
                    theme.colour("accent"),
                )
            cells = [self._rect(pygame.Rect(c.x, base.y, c.w, base.h)) for c in cols]
            pos, anchor = self._start(cells[0], theme.px(2))
            self._text(
                surface, names[p], size, theme.colour("text"), pos, anchor, max_width=cells[0].w - theme.px(4)
            )
            pos, anchor = self._end(cells[1], 0)
            total = look.money(entry["total"])
            self._text(
                surface, total, size, theme.colour("text"), pos, anchor, bold=True, max_width=cells[1].w
            )
            prev = entry["previous"]
            if prev is None:
                text = "–"
            elif prev == 0 and self.jailed_last[p]:
                text = t("mdice.score.jail")
            else:
                text = look.money(prev)
            pos, anchor = self._end(cells[2], 0)
            self._text(surface, text, size, theme.colour("text_dim"), pos, anchor, max_width=cells[2].w)

    def _status_line(self, view) -> str:
        if self.state.is_terminal() or self._held_view is not None or self.shaking or self._settle > 0:
            return ""
        name = player_names(self.players)[view["player"]]
        if self.computer_turn:
            prep = _table_preparation()  # a hard computer looks ahead one roll until it is built
            after = t("mdice.status.skip") if prep is None else t("mdice.status.preparing", percent=prep)
            return t("mdice.status.thinking", name=name) + "   " + after
        if self.choosing is not None:
            return t("mdice.status.chance")
        if view["rolls"] == 0:
            return t("mdice.status.roll_first")
        return t("mdice.status.place") if self.placeable() else t("mdice.status.nothing")

    def _draw_status(self, surface, layout, view) -> None:
        rect = self._rect(layout["status"])
        line = self._status_line(view)
        if line:
            self._text(
                surface,
                line,
                layout["small"],
                self.theme.colour("text"),
                rect.center,
                "center",
                bold=True,
                max_width=rect.w,
            )

    def _draw_tray(self, surface, layout, view, skip: frozenset[int]) -> None:
        theme = self.theme
        mine = not self.computer_turn and self._held_view is None
        for d, base in enumerate(layout["tray"]):
            if d in skip:
                continue
            rect = self._rect(base)
            die = view["dice"][d]
            where = die["where"]
            if where in ("board", "jail", "out"):
                body = widgets.die_body_rect(rect, theme.pixel_aspect)
                pygame.draw.rect(
                    surface, theme.colour("panel"), body, width=max(1, theme.px(2)), border_radius=theme.px(8)
                )
                continue
            focused = (mine and d == self.die_focus) or (self.choosing == d)
            cup = where == "cup"
            look.draw_face(
                surface, self.app, rect, die["face"] if not cup else None, focused=focused, dim=cup
            )

    def _draw_tumbling(self, surface, layout, moving: frozenset[int]) -> None:
        theme = self.theme
        for d in moving:
            base = layout["tray"][d]
            jitter = (
                self._anim.randint(-theme.px(5), theme.px(5)),
                self._anim.randint(-theme.px(4), theme.px(4)),
            )
            rect = self._rect(base.move(*jitter))
            face = look.face_of(d, _distinct_index(d, self._anim_faces.get(d, 0)))
            look.draw_face(surface, self.app, rect, face)

    def _draw_flights(self, surface, layout) -> None:
        theme = self.theme
        f = min(1.0, self._flight_t)
        ease = 1 - (1 - f) ** 3
        view = self.view()
        for flight in self._flights:
            d = flight["die"]
            start = layout["tray"][d]
            kind, index = flight["to"]
            end = (
                layout["jail"][index].inflate(-theme.px(6), -theme.px(6)) if kind == "jail" else layout["go"]
            )
            rect = pygame.Rect(
                round(start.x + (end.x - start.x) * ease),
                round(start.y + (end.y - start.y) * ease),
                round(start.w + (end.w - start.w) * ease),
                round(start.h + (end.h - start.h) * ease),
            )
            rect = self._rect(rect)
            if flight.get("money"):
                self._text(
                    surface,
                    "+" + look.money(R.GO_AMOUNT),
                    layout["small"] * 3 // 2,
                    theme.colour("accent"),
                    rect.center,
                    "center",
                    bold=True,
                )
            else:
                look.draw_face(surface, self.app, rect, view["dice"][d]["face"])


def _distinct_index(die: int, k: int) -> int:
    """The distinct-face index of face slot ``k`` (0-5) of die ``die`` (for the tumbling look)."""
    spec = R.ALL_DICE[die]
    return spec.distinct_faces().index(spec.faces[k])


def bust_view(before: dict[str, Any], faces: dict[int, int]) -> dict[str, Any]:
    """The board as the jail roll left it: ``before`` (the observation before the roll) with the
    thrown dice showing ``faces`` and every policeman on a jail square."""
    view = copy.deepcopy(before)
    for d, index in faces.items():
        die = view["dice"][d]
        die["face"] = look.face_of(d, index)
        die["where"] = "rolled"
        die["targets"] = []
        if d in R.JAIL_IDS and die["face"]["colour"] == R.POLICEMAN:
            j = R.JAIL_IDS.index(d)
            view["jail_squares"][j] = d
            die["where"] = "jail"
    for die in view["dice"]:
        die["targets"] = []
    view["policemen"] = sum(s is not None for s in view["jail_squares"])
    return view


def compute_layout(app, players: int, help_h: int | None = None) -> dict[str, Any]:
    """Rectangles (left-to-right; mirror them for Persian) of every part of the board screen.

    The groups are two columns of five. Each group is drawn either in one line (its colour band
    with the board value, then its squares) or as a card (the band above the squares), whichever
    gives the larger squares on this screen: one line on a wide 720-line screen, cards on PAL.
    ``help_h`` is the height of the screen's help bar (one row if not given)."""
    theme = app.theme
    safe = theme.safe
    text = app.text
    small = theme.font("small")
    line = text.line_height(small)
    header_h = text.line_height(theme.font("heading")) + theme.px(6)
    if help_h is None:
        help_h = line + theme.px(12)
    bottom = safe.bottom - help_h - theme.px(8)
    gap = theme.px(10)
    sq_gap = theme.px(5)
    # the tray: one slot per die, in die order, along the bottom (property | jail | house die)
    n = len(R.ALL_DICE)
    slot_w = (safe.w - gap * (n + 1)) // n
    die_h = min(round(slot_w * theme.pixel_aspect), theme.px(76))
    die_w = theme.round_w(die_h)
    tray_y = bottom - die_h
    xs, x = [], 0
    for d in range(n):
        if d in (R.JAIL_IDS[0], R.HOUSE_ID):
            x += gap
        xs.append(x)
        x += die_w + gap
    x0 = safe.x + (safe.w - (x - gap)) // 2
    tray = [pygame.Rect(x0 + dx, tray_y, die_w, die_h) for dx in xs]
    status = pygame.Rect(safe.x, tray_y - line - theme.px(12), safe.w, line + theme.px(6))
    jail_h = max(header_h, theme.px(62))
    top = safe.y + jail_h + theme.px(6)
    main_bottom = status.y - theme.px(6)
    # the scoring table: as wide as its longest line needs
    money_w = text.size(look.money(99_999), small, bold=True)[0] + theme.px(8)
    names = [t("mdice.player.name.computer", n=4), t("mdice.player.name.human", n=4)]
    name_w = max(text.size(s, small)[0] for s in names) + theme.px(10)
    head_w = text.size(t("mdice.score.previous"), small)[0] + theme.px(8)
    table_w = name_w + money_w + max(money_w, head_w) + theme.px(24)
    table = pygame.Rect(safe.right - table_w, top, table_w, main_bottom - top)
    board = pygame.Rect(safe.x, top, table.x - gap - safe.x, main_bottom - top)
    rows = max(len(c) for c in BOARD_COLUMNS)
    row_h = board.h // rows
    col_w = (board.w - gap) // 2
    band_w = text.size(look.money(3_500), small, bold=True)[0] + theme.px(14)
    value_w = text.size(look.money(2_000), small, bold=True)[0] + theme.px(10)
    # one line: band (board value above the group's value) | 4 squares; only if both amounts fit
    line_sq = min(theme.round_w(row_h - theme.px(10)), (col_w - band_w - 6 * sq_gap) // 4)
    if round(line_sq * theme.pixel_aspect) < 2 * line + theme.px(8):
        line_sq = 0
    # card: band (with the value at its end) above 4 squares
    band_h = line + theme.px(4)
    card_sq = min(theme.round_w(row_h - band_h - theme.px(10)), (col_w - 5 * sq_gap) // 4)
    cards = card_sq > line_sq
    sq_w = card_sq if cards else line_sq
    sq_h = round(sq_w * theme.pixel_aspect)
    slot_h = sq_h + round(sq_h * widgets.HELD_BAR / (1 - widgets.HELD_BAR))
    if cards:  # as wide as four squares (or the band's two amounts), the columns spread apart
        card_w = max(4 * sq_w + 5 * sq_gap, band_w + value_w + theme.px(12)) + theme.px(8)
        col_w = min(col_w, card_w)
    groups: dict[str, dict[str, Any]] = {}
    for c, column in enumerate(BOARD_COLUMNS):
        cx = board.x + c * (board.w - col_w)
        for r, key in enumerate(column):
            y = board.y + r * row_h
            frame = pygame.Rect(cx, y + theme.px(2), col_w, row_h - theme.px(4))
            if cards:
                band = pygame.Rect(cx + theme.px(4), frame.y + theme.px(3), col_w - theme.px(8), band_h)
                value = pygame.Rect(band.right - value_w - theme.px(2), band.y + 1, value_w, band_h - 2)
                sy = band.bottom + theme.px(3)
                sx = cx + theme.px(4) + sq_gap
            else:
                band = pygame.Rect(cx + theme.px(4), y + (row_h - sq_h) // 2, band_w, sq_h)
                value = pygame.Rect(
                    band.x + theme.px(3), band.centery + 1, band.w - theme.px(6), band.h // 2 - theme.px(3)
                )
                sy = band.y
                sx = band.right + sq_gap
            squares = []
            for _ in range(R.GROUPS[R.GROUP_INDEX[key]].squares):
                squares.append(pygame.Rect(sx, sy, sq_w, slot_h))
                sx += sq_w + sq_gap
            groups[key] = {"frame": frame, "band": band, "squares": squares, "value": value}
    # the top line: the jail label, three jail squares and the GO pile; whose turn on the right
    jy = safe.y
    jail_label_w = text.size(t("mdice.jail"), small, bold=True)[0] + theme.px(8)
    jail_label = pygame.Rect(safe.x, jy, jail_label_w, jail_h)
    jsq_h = jail_h - theme.px(6)
    jsq_w = theme.round_w(jsq_h)
    jail = []
    x = jail_label.right + theme.px(4)
    for _ in range(R.JAIL_SQUARES):
        jail.append(pygame.Rect(x, jy + theme.px(3), jsq_w, jsq_h))
        x += jsq_w + sq_gap
    go_w = text.size(t("mdice.go_count", n=9), small, bold=True)[0] + theme.px(14)
    go = pygame.Rect(x + gap, jy + theme.px(3), go_w, jsq_h)
    # the table: five score lines (houses and the hotel drawn on theirs), then one line per player;
    # the lines close up (never the text shrinks) until four players fit
    lines = 6 + players
    fixed = theme.px(28) + players * theme.px(2)
    t_line = line + max(0, min(theme.px(8), (table.h - fixed - lines * line) // lines))
    parts = []
    y = table.y + theme.px(8)
    for name in ("basic", "go", "house", "hotel", "turn"):
        if name == "turn":
            y += theme.px(8)
        parts.append((name, pygame.Rect(table.x, y, table.w, t_line)))
        y += t_line
    icon_h = round(line * 0.8)
    icon_w = theme.round_w(icon_h)
    house_row, hotel_row = parts[2][1], parts[3][1]
    label_w = max(text.size(t(f"mdice.score.{k}"), small)[0] for k in ("house", "hotel", "basic", "go"))
    ix = table.x + theme.px(12) + label_w + theme.px(8)
    houses = [
        pygame.Rect(ix + k * (icon_w + theme.px(3)), house_row.centery - icon_h // 2, icon_w, icon_h)
        for k in range(R.MAX_HOUSES)
    ]
    hotel = pygame.Rect(ix, hotel_row.centery - icon_h // 2, round(icon_w * 1.4), icon_h)
    y += theme.px(12)
    inner = table.inflate(-theme.px(20), 0)
    cols = [
        pygame.Rect(inner.x, 0, inner.w - money_w - max(money_w, head_w), 0),
        pygame.Rect(inner.right - money_w - max(money_w, head_w), 0, money_w, 0),
        pygame.Rect(inner.right - max(money_w, head_w), 0, max(money_w, head_w), 0),
    ]
    players_head = pygame.Rect(inner.x, y, inner.w, t_line)
    y += t_line
    player_rows = []
    for _ in range(players):
        player_rows.append(pygame.Rect(inner.x - theme.px(4), y, inner.w + theme.px(8), t_line))
        y += t_line + theme.px(2)
    header_x = go.right + gap
    return {
        "header": pygame.Rect(header_x, safe.y, safe.right - header_x, jail_h),
        "tray": tray,
        "status": status,
        "board": board,
        "table": table,
        "groups": groups,
        "cards": cards,
        "jail_label": jail_label,
        "jail": jail,
        "go": go,
        "houses": houses,
        "hotel": hotel,
        "parts": parts,
        "players_head": players_head,
        "player_cols": cols,
        "player_rows": player_rows,
        "small": small,
    }


def _table_preparation() -> int | None:
    """Percent done of the solved Monopoly Dice turn's background build, or None if none is running."""
    from engines.monopoly_dice import turn_table

    prep = turn_table.preparer()
    if prep is None or prep.ready or prep.error:
        return None
    return round(100 * prep.progress)
