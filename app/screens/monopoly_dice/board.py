"""The Monopoly Dice board screen: the jail squares, the groups, the dice and the scoring table.

Keys (the manual's): hold 2 to shake the dice and release to roll; LEFT/RIGHT pick a rolled die
and SELECT puts it on its group's square (a Chance die: the arrows then pick a property group,
SELECT places it, BACK cancels); 3 ends the turn; 4 undoes the last die move; 5 opens the odds
and die sides; SELECT during a computer's turn skips to its end; MENU: Resume, Save and quit,
Quit without saving, Help.

The game is an :class:`app.match.Match` (the position, the seats, the generators, the computers
and their pace); this screen maps keys to its moves and follows its events
(:class:`~app.screens.monopoly_dice.board_view.BoardView` draws). Policemen and GO move by
themselves: after the dice settle they fly to the jail squares and the GO pile; a jail roll and
a computer's last board stay on screen while they are announced, and hold the match meanwhile.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Sequence
from typing import Any

import numpy as np

from app.i18n import t
from app.match import Acting, Match, Placed, from_version_1, read_payload
from app.screen import GLOBAL_BINDINGS, Binding, focus_step
from app.screens.monopoly_dice import look
from app.screens.monopoly_dice.board_view import BOARD_COLUMNS, BoardView, bust_view, compute_layout
from app.screens.monopoly_dice.players import PlayerSpec, make_chooser, player_names
from app.screens.monopoly_dice.rules import MonopolyDiceRules
from engines.monopoly_dice import (
    END_TURN,
    ROLL,
    UNDO,
    MonopolyDiceGame,
    MonopolyDiceState,
    decode_place,
    place_action,
)
from engines.monopoly_dice import rules as R
from remote.buttons import Button, Press

__all__ = ["BoardScreen", "MonopolyDiceRules", "compute_layout"]

log = logging.getLogger(__name__)

SAVE_KIND = "monopoly-dice"

FLIGHT_S = 0.55
"""A policeman (or the GO money) takes this long to reach its square."""
BANNER_S = 1.6
JAIL_BANNER_S = 2.6
STOP_BANNER_S = 1.4
"""A computer's last board stays up this long while its score is announced."""


class BoardScreen(BoardView):
    """One game of Monopoly Dice, from the first roll to the winner."""

    roll_action = ROLL

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
        self.ai_seeds = [int(s) for s in ai_seeds]
        if len(self.ai_seeds) != len(players):
            raise ValueError("one computer seed per seat")
        seats = list(players)

        levels = [p.level if p.computer else None for p in seats]  # a human's level: judged by play

        def chooser(seat: int):
            return make_chooser(seats[seat].level, self.ai_seeds[seat], levels)

        match = Match(state, seats, MonopolyDiceRules(), {"chance": rng}, chooser, thread_name="mdice-cpu")
        match.hold = self._presenting
        self._init_match(match, anim_seed=11)
        self._init_view()
        self.game: MonopolyDiceGame = state.game  # type: ignore[assignment]
        self.jailed_last = [False] * len(players)
        """Whether each player's last turn ended in jail (the table says "Jail" instead of $0)."""
        self.die_focus: int | None = None
        self.choosing: int | None = None  # the Chance die whose group is being chosen
        self.group_focus = 0
        self._flights: list[dict[str, Any]] = []
        self._flight_t = 0.0
        self._banners: list[tuple[str, float]] = []
        self._held_view: dict[str, Any] | None = None
        """A board kept on screen after its turn ended: the jail roll, or a computer's last board."""
        self.jail_notice: str | None = None
        self._before: tuple[int, dict[str, Any]] | None = None
        """The action being taken and the observation before it (a roll, a stop)."""

    @property
    def rng(self) -> np.random.Generator:
        """The game's dice generator."""
        return self.match.rngs["chance"]

    @rng.setter
    def rng(self, rng: np.random.Generator) -> None:
        self.match.rngs["chance"] = rng

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
        return self.match.save_payload(
            {"ai_seeds": list(self.ai_seeds), "jailed_last": list(self.jailed_last)}
        )

    @classmethod
    def from_payload(cls, payload: Any) -> BoardScreen:
        """Rebuild a saved game; ``ValueError`` if the payload is damaged."""
        payload = from_version_1(payload, {"chance": "rng"}, ("ai_seeds", "jailed_last"))
        saved = read_payload(payload, MonopolyDiceState)
        try:
            seeds = saved.game["ai_seeds"]
            if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in seeds):
                raise ValueError("computer seeds must be whole numbers")
            screen = cls(saved.state, saved.seats, saved.rngs["chance"], seeds)
            jailed = saved.game.get("jailed_last", screen.jailed_last)
            if not isinstance(jailed, list) or len(jailed) != len(saved.seats):
                raise ValueError("jailed_last must have one flag per player")
            screen.jailed_last = [bool(j) for j in jailed]
            return screen
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"damaged save: {exc}") from exc

    # -- lifecycle --------------------------------------------------------------------------------
    def on_layout(self) -> None:
        self._layout_cache = None
        self.changed()

    @property
    def flights(self) -> list[tuple[str, int]]:
        """Where each die flying now goes by itself: ("jail", slot) or ("go", slot)."""
        return [f["to"] for f in self._flights]

    @property
    def banners(self) -> list[str]:
        """The lines shown in the banner now, first shown first."""
        return [text for text, _ in self._banners]

    @property
    def holding_view(self) -> bool:
        """A finished turn's board is still on the screen (the jail roll, a computer's last board)."""
        return self._held_view is not None

    @property
    def busy(self) -> bool:
        """Dice in the air or moving, a jail announcement, or the game over: human input waits."""
        return (
            self.shaking
            or self.match.settling
            or bool(self._flights)
            or self._held_view is not None
            or self.match.ended
            or self.state.is_terminal()
        )

    # -- following the match ----------------------------------------------------------------------
    def _on_acting(self, event: Acting) -> None:
        action = event.action
        if action == END_TURN:
            self.jailed_last[event.player] = False
        if action in (ROLL, END_TURN):
            self._before = (action, copy.deepcopy(self.obs()))
        elif event.computer and action != UNDO:
            self.die_focus = decode_place(action)[0]

    def _on_acted(self, event: Any) -> None:
        self.fix_focus()

    def _on_placed(self, event: Placed) -> None:
        self._announce_complete(event.group)

    def _on_rolled(self, event: Any) -> None:
        """The dice are thrown: policemen and GO set off, what the roll built is announced."""
        assert self._before is not None
        before = self._before[1]
        faces = dict(zip(event.dice, event.outcomes, strict=True))
        self.choosing = None
        if event.turn_over:
            self._jailed(event.player, before, faces)
            return
        events = (self.state.last_roll or {}).get("events", [])
        jailed = [
            d
            for j, d in enumerate(R.JAIL_IDS)
            if before["jail_squares"][j] is None and self.obs()["jail_squares"][j] == d
        ]
        self._start_flights(jailed, go="go" in events)
        for name in events:
            kind = name.split(":")[0]
            if name in ("house", "broken-house", "hotel") or (
                kind == "jail-free" and name != "jail-free:none"
            ):
                self._banners.append((t(f"mdice.banner.{kind}"), BANNER_S))
        self.fix_focus()

    def _jailed(self, player: int, before: dict[str, Any], faces: dict[int, int]) -> None:
        """The third policeman: the roll stays on screen, the policemen fly to jail."""
        self.jailed_last[player] = True
        self._held_view = bust_view(before, faces)
        jailed = [d for d in R.JAIL_IDS if d in faces and look.face_of(d, faces[d])["colour"] == R.POLICEMAN]
        self._start_flights(jailed, go=False)
        name = player_names(self.players)[player]
        computer = self.players[player].computer
        key = "mdice.banner.jail_name" if self._many_humans() or computer else "mdice.banner.jail"
        if computer or self.match.skipping:
            self._banners = [(t(key, name=name), JAIL_BANNER_S)]
        else:
            self.jail_notice = t(key, name=name)  # stays until the player presses a key
        self.app.sound.play("bust")

    def _on_turn_ended(self, event: Any) -> None:
        if self._before is not None and self._before[0] == END_TURN and self.players[event.player].computer:
            # the computer's board stays up while its score is announced; then the next turn
            before = self._before[1]
            for die in before["dice"]:
                die["targets"] = []
            self._held_view = before
            name = player_names(self.players)[event.player]
            amount = look.money(before["score_parts"]["turn"])
            self._banners.append((t("mdice.banner.stops", name=name, amount=amount), STOP_BANNER_S))
            self.app.sound.play("score")
        self._before = None
        if self._held_view is not None:
            self.match.hold_turn()

    def _on_turn_started(self, event: Any) -> None:
        """A new turn (or the screen just opened): pass the remote between humans, reset cursors."""
        self.choosing = None
        self.die_focus = None
        player = event.player
        if event.announce and not self.players[player].computer and self._many_humans():
            self._pass_to = player_names(self.players)[player]
        self.fix_focus()

    def _on_game_over(self, event: Any) -> None:
        self.app.sound.play("win")

    def _on_results_due(self, event: Any) -> None:
        from app.screens.monopoly_dice.results import ResultsScreen

        self._forget_save()
        self.app.push(ResultsScreen(self.state, self.players), lambda _: self.app.go_home())

    def _start_flights(self, jailed: list[int], go: bool) -> None:
        """New policemen fly from the tray to their jail squares, the GO money to the GO pile."""
        self._flights = [{"die": d, "to": ("jail", R.JAIL_IDS.index(d))} for d in jailed]
        if go:
            self._flights.append({"die": R.GO_DIE_ID, "to": ("go", 0), "money": True})
        self._flight_t = 0.0

    def _many_humans(self) -> bool:
        return sum(not p.computer for p in self.players) > 1

    def _announce_complete(self, group: int) -> None:
        obs = self.obs()
        if obs["groups"][group]["complete"] and R.GROUPS[group].colour and not obs["house_die_in"]:
            first = sum(1 for g in R.COLOUR_GROUPS if obs["groups"][g]["complete"]) == 1
            if first:
                name = look.group_name(R.GROUPS[group].key)
                self._banners.append((t("mdice.banner.complete", group=name), BANNER_S))
                self.app.sound.play("score")

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        quiet = event.kind != Press.PRESS or event.button in (Button.MENU, Button.INFO)
        if self.jail_notice is not None and not quiet and not self._flights and not self.match.settling:
            self.jail_notice = None
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
        if self.state.is_terminal() or self.match.ended or self.jail_notice or self._pass_to:
            return False  # (any key clears a notice: see handle)
        if self.computer_turn:
            return action == "select" and not self.match.skipping
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
            self.match.skip()
            self._flights = []
            self._banners = []
            return
        if self.choosing is not None:
            die, group = self.choosing, self.group_focus
            self.choosing = None
            self.app.sound.play("select")
            self.match.act(place_action(die, group))
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
        self.match.act(place_action(die, targets[0]))

    def action_back(self) -> None:
        """BACK cancels the Chance choice; otherwise it opens the menu (a game is never left by accident)."""
        if self.choosing is not None:
            self.choosing = None
        else:
            self.action_menu()

    def action_end_turn(self) -> None:
        self.app.sound.play("score")
        self.match.act(END_TURN)

    def action_undo(self) -> None:
        self.match.act(UNDO)

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
        self.stop_shaking()
        super().action_menu()

    def action_help(self) -> None:
        self.stop_shaking()  # the release of 2 would go to the overlay
        super().action_help()

    def save_and_quit(self, ask: bool = True) -> bool:
        """Write the save and go home; on a disk error say so and stay in the game."""
        self.match.cancel_decision()
        payload = self.save_payload()
        names = player_names(self.players)
        leader = max(range(len(self.players)), key=lambda p: (self.state.scores[p], -p))
        title = t(
            "mdice.save.title",
            players=len(self.players),
            leader=names[leader],
            amount=look.money(self.state.scores[leader]),
        )
        progress = t(
            "mdice.save.progress", leader=names[leader], amount=look.money(self.state.scores[leader])
        )
        return self._write_save(SAVE_KIND, title, payload, "mdice.save.failed", names, progress, ask)

    # -- time ---------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        if self.app is not None and self.app.top is not self:
            return False  # paused under a modal: the picture below stays cached, nothing costs CPU
        match = self.match
        return match.shaking or match.settling or bool(self._flights)

    @property
    def passing(self) -> bool:
        return bool(self._banners) and (self.app is None or self.app.top is self)

    @property
    def ticking(self) -> bool:
        # Timers over a still picture: a computer's pauses, a held view, the wait before the results.
        if self.app is not None and self.app.top is not self:
            return False
        return (
            (self._held_view is not None and self.jail_notice is None)
            or bool(self._banners)
            or self.match.thinking
            or self.match.ended
            or (self.computer_turn and self._held_view is None)
        )

    def update(self, dt: float) -> None:
        if self.app.top is not self:
            return  # paused under a modal (menu, odds): nothing moves, no computer plays
        dt = min(dt, 0.25)
        self._flip_faces(dt, lambda die: 6)
        self.match.tick(dt)

    def _presenting(self, dt: float) -> bool:
        """The match waits while policemen fly, banners show and a finished turn's board is held."""
        if self._flights:
            self._flight_t += dt / FLIGHT_S
            if self._flight_t >= 1 or self.match.skipping:
                self._flights = []
                self.changed()
            return True
        if self._banners:
            text, left = self._banners[0]
            left -= dt * (4 if self.match.skipping else 1)
            if left > 0:
                self._banners[0] = (text, left)
            else:
                self._banners.pop(0)
                self.changed()
                if not self._banners and self._held_view is not None:
                    self._end_held_view()
            return True
        if self._held_view is not None:
            if self.jail_notice is None:
                self._end_held_view()
            return True
        return False

    def _end_held_view(self) -> None:
        self._held_view = None
        self.changed()
        self.match.next_turn()
