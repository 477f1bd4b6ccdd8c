"""The Yahtzee game screen: Classic, Painted, Power and Dice Party, played with the remote.

Keys (the manual's): hold 2 to shake the dice and release to roll; UP/DOWN pick a die and SELECT
holds or releases it; LEFT/RIGHT pick a box and SELECT scores it; 3 shows or hides the line above
the cursor (the box's title and how it scores); 4 undoes the first box of a Double (Power); 5 opens
the die-sides hint; MENU opens Resume / Save and quit / Quit without saving / Help. In Dice Party
GREEN switches between Persian (the default) and English.

The engine (:mod:`engines.yahtzee`) holds the position; this screen only draws it and turns keys
into engine actions. Every chance node is sampled with the screen's own seeded generator
(:func:`engines.core.sample_chance`), whose state goes into the save with the engine's save dict,
so a resumed game rolls exactly what the uninterrupted one would have. Computer players decide in
a worker thread, one action at a time, shown with short pauses; SELECT skips to the end of their
turn. Every human action is recorded as a :class:`~app.screens.yahtzee.decisions.Decision` for
the game review.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pygame

from app import widgets
from app.i18n import t
from app.screen import GLOBAL_BINDINGS, Binding, focus_step
from app.screens.dice_game import DiceGameScreen, PlayerSpec, seat_names
from app.screens.yahtzee import scorecard
from app.screens.yahtzee.decisions import Decision, from_json, to_json
from engines.core import (
    SaveFormatError,
    load_state,
    rng_from_state,
    rng_state,
    sample_chance,
    save_state,
)
from engines.yahtzee import dice as yd
from engines.yahtzee.game import (
    GAMES_BY_MODE,
    ROLL,
    SCORE,
    TOGGLE_HOLD,
    UNDO,
    YahtzeeGame,
    YahtzeeState,
    score_action,
    toggle_hold,
)
from remote.buttons import Button, Press

log = logging.getLogger(__name__)

SAVE_VERSION = 1
SAVE_KIND = {"classic": "yahtzee", "painted": "yahtzee", "power": "yahtzee", "dice-party": "dice-party"}

SETTLE_S = 0.45
"""Dice tumble this long after a roll before they show their faces."""
FACE_FLIP_S = 0.07
"""While shaking or tumbling, a die shows a new face this often."""
BANNER_S = 1.6
CPU_PAUSE_S = {"toggle": 0.35, "roll": 0.55, "score": 1.1, "start": 0.6}
"""Pauses while a computer plays, so its turn can be followed step by step."""
CPU_SHAKE_S = 0.5
END_PAUSE_S = 1.2


def player_names(players: Sequence[PlayerSpec]) -> list[str]:
    """ "Player 1", "Computer 2", ... numbered by seat, in the current language."""
    return seat_names(players, "yahtzee.player.name.human", "yahtzee.player.name.computer")


def make_chooser(game: YahtzeeGame, level: str, rng: np.random.Generator):
    """The computer player of ``level`` for ``game``; the greedy player where the level is not built
    for this mode yet. The optimal table is prepared in the background, never on the frame."""
    from engines.yahtzee import ai
    from engines.yahtzee.players import make_player

    ai.set_background_tables(True)
    try:
        return make_player(level, game, rng)
    except ValueError:
        log.info("no %s player for %s; playing greedy", level, game.mode)
        return make_player("greedy", game, rng)


class GameScreen(DiceGameScreen):
    """One game of the Yahtzee family, from the first roll to the results."""

    CPU_THREAD = "yahtzee-cpu"

    BINDINGS = (
        Binding(Button.DIGIT_2, "shake", "yahtzee.key.roll_short"),
        Binding(Button.DIGIT_2, "roll", "", kind=Press.RELEASE, show=False),
        Binding(Button.UP, "die", "yahtzee.key.dice", repeat=True, args=(-1,)),
        Binding(Button.DOWN, "die", "yahtzee.key.dice", repeat=True, args=(1,)),
        Binding(Button.LEFT, "box", "yahtzee.key.boxes", repeat=True, args=(Button.LEFT,)),
        Binding(Button.RIGHT, "box", "yahtzee.key.boxes", repeat=True, args=(Button.RIGHT,)),
        Binding(Button.SELECT, "select", "yahtzee.key.select"),
        Binding(Button.DIGIT_3, "info", "yahtzee.key.info"),
        Binding(Button.DIGIT_4, "undo", "yahtzee.key.undo"),
        Binding(Button.DIGIT_5, "hint", "yahtzee.key.hint"),
        Binding(Button.GREEN, "language", "yahtzee.key.language"),
        Binding(Button.BACK, "menu", "", show=False),
    )

    def __init__(
        self,
        state: YahtzeeState,
        players: Sequence[PlayerSpec],
        rng: np.random.Generator,
        ai_rng: np.random.Generator,
        *,
        decisions: Sequence[Decision] = (),
        lang: str | None = None,
    ) -> None:
        super().__init__()
        self._init_shared()
        self.state = state
        self.game: YahtzeeGame = state.game
        self.players = list(players)
        if len(self.players) != self.game.num_players:
            raise ValueError("one player spec per seat")
        self.rng = rng
        self.ai_rng = ai_rng
        self.decisions: list[Decision] = list(decisions)
        self.lang = lang  # Dice Party's own language (fa by default); None: the app's
        self._lang_before: str | None = None
        self.order = scorecard.box_order(self.game)
        self.columns = scorecard.card_columns(self.game)
        self.die_focus = 0
        self.box_focus = self.order[0]
        self.zone = "dice"
        self.show_info = True
        # animation and pacing
        self._shake_t = 0.0
        self._settle = 0.0
        self._tumbling: set[int] = set()
        self._flip_t = 0.0
        self._anim = random.Random(7)  # looks only: never the game's generator
        self._anim_faces: dict[int, Any] = {}
        self._banner: tuple[str, float] | None = None
        self._ended = False
        self._end_wait = 0.0
        # computer players
        self._choosers: list[Any] = [
            make_chooser(self.game, p.level, ai_rng) if p.computer else None for p in self.players
        ]
        self._cpu_wait = 0.0
        self._cpu_shake = 0.0
        self._skip = False
        self._cpu_turn_started = -1
        # drawing caches
        self._layout_cache: tuple[tuple, dict] | None = None
        self._cells: dict[tuple, tuple[pygame.Surface, list]] = {}
        self._saved_cache: tuple[int, dict] | None = None

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def new(
        cls, mode: str, players: Sequence[PlayerSpec], rng: np.random.Generator, lang: str | None = None
    ) -> GameScreen:
        """A fresh game of ``mode`` ("classic", "painted", "power", "dice-party").

        The game's dice generator is drawn from ``rng`` (the app's, seeded by ``--seed``) and the
        computers' generator from the game's: the screen owns both, nothing else draws from them,
        and one seed replays the whole game."""
        game = GAMES_BY_MODE[mode](num_players=len(players))
        rng = np.random.default_rng(int(rng.integers(2**63)))
        ai_rng = np.random.default_rng(int(rng.integers(2**63)))
        if mode == "dice-party" and lang is None:
            lang = "fa"
        return cls(game.new_initial_state(), players, rng, ai_rng, lang=lang)

    def save_payload(self) -> dict[str, Any]:
        """Everything needed to come back to exactly this point (see :meth:`from_payload`).

        Taken where a human is to act (:meth:`save_and_quit` first plays out the computers' moves),
        so no computer decision is half made."""
        return {
            "version": SAVE_VERSION,
            "engine": save_state(self.state),
            "rng": rng_state(self.rng),
            "ai_rng": rng_state(self.ai_rng),
            "players": [p.to_json() for p in self.players],
            "decisions": to_json(self.decisions),
            "lang": self.lang,
            "focus": {
                "die": self.die_focus,
                "box": self.box_focus,
                "zone": self.zone,
                "info": self.show_info,
            },
        }

    @classmethod
    def from_payload(cls, payload: Any) -> GameScreen:
        """Rebuild a saved game; ``ValueError`` (or SaveFormatError) if the payload is damaged."""
        if not isinstance(payload, dict) or payload.get("version") != SAVE_VERSION:
            raise ValueError("not a Yahtzee save of this version")
        try:
            state = load_state(payload["engine"])
            if not isinstance(state, YahtzeeState):
                raise ValueError("not a Yahtzee game")
            if state.is_chance_node() or state.is_terminal():
                raise ValueError("a save never has dice in the air or a finished game")
            players = [PlayerSpec.from_json(p) for p in payload["players"]]
            rng = rng_from_state(payload["rng"])
            ai_rng = rng_from_state(payload["ai_rng"])
            decisions = from_json(payload.get("decisions", []))
            lang = payload.get("lang")
            if lang not in (None, "en", "fa"):
                raise ValueError(f"unknown language {lang!r}")
            screen = cls(state, players, rng, ai_rng, decisions=decisions, lang=lang)
            focus = payload.get("focus") or {}
            die, box = focus.get("die", 0), focus.get("box", screen.order[0])
            if isinstance(die, int) and 0 <= die < len(state.game.all_dice):
                screen.die_focus = die
            if box in screen.order:
                screen.box_focus = box
            screen.zone = "card" if focus.get("zone") == "card" else "dice"
            screen.show_info = focus.get("info", True) is not False
        except SaveFormatError as exc:
            raise ValueError(str(exc)) from exc
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"damaged save: {exc}") from exc
        return screen

    # -- lifecycle ------------------------------------------------------------------------------
    def on_enter(self) -> None:
        if self.lang is not None and self.app.lang != self.lang:
            self._lang_before = self.app.lang
            self.app.set_language(self.lang)
        self._start_turn(announce=False)
        self._preparing()  # a hard computer: start loading or building its table at once

    def on_leave(self) -> None:
        super().on_leave()
        if self._lang_before is not None:
            self.app.set_language(self._lang_before)
            self._lang_before = None

    def on_layout(self) -> None:
        self._layout_cache = None
        self._cells.clear()
        self._changed()

    # -- the position ---------------------------------------------------------------------------
    def saved(self) -> dict[str, Any]:
        """The engine's save dict of the position (cached until the position changes)."""
        if self._saved_cache is None or self._saved_cache[0] != self._version:
            self._saved_cache = (self._version, self.state.to_dict())
        return self._saved_cache[1]

    @property
    def turn_player(self) -> int:
        return self.saved()["player"]

    @property
    def busy(self) -> bool:
        """Dice shaking or the game over: human input waits (cursors may move while dice settle)."""
        return self.shaking or self._ended

    def _apply(self, action: int, record: bool) -> None:
        """Apply a player's action (recording human ones), then sample any dice thrown."""
        player = self.turn_player
        if record:
            self.decisions.append(Decision(player, self.state.to_dict(), action))
        held = list(self.saved()["held"])
        self.state.apply_action(action)
        self._version += 1
        if action == ROLL:
            thrown = {i for i, h in enumerate(held) if not h}
            while self.state.is_chance_node():
                self.state.apply_action(sample_chance(self.state, self.rng))
            self._version += 1
            self._tumbling = thrown
            self._settle = SETTLE_S if not self._skip else 0.0
            self._after_roll(thrown)
        elif action >= SCORE:
            self.app.sound.play("score")
            self._after_score(player, action - SCORE)
        self._changed()

    def _after_roll(self, thrown: set[int]) -> None:
        """Announce what the roll brought (Freeze, Double, Power, a YAHTZEE) and place the cursors."""
        obs = self.obs()
        power = obs["power"]
        if power is not None and len(self.game.all_dice) - 1 in thrown:
            face = power["face"]
            if face == yd.FREEZE:
                self._announce(t("yahtzee.banner.freeze"))
            elif face == yd.DOUBLE:
                self._announce(t("yahtzee.banner.double"))
            elif face == yd.POWER:
                self._announce(t("yahtzee.banner.power"))
        numbers = self.state.numbers()
        if len(set(numbers)) == 1 and numbers:
            key = "dice_party.banner.yahtzee" if self.game.mode == "dice-party" else "yahtzee.banner.yahtzee"
            self._announce(t(key))
        if obs["must_score"]:
            self.zone = "card"  # no more rolling (third roll, Freeze, a Dice Party five of a kind)
        self._fix_box_focus()

    def _after_score(self, player: int, box_id: int) -> None:
        box = self.game.boxes[box_id]
        if self.players[player].computer:
            score = self.state.scores(player)[box_id]
            name = player_names(self.players)[player]
            self._announce(
                t("yahtzee.banner.scored", name=name, box=scorecard.box_name(self.game, box), points=score)
            )
        if self.state.is_terminal():
            self._ended = True
            self._end_wait = END_PAUSE_S if not self._skip else 0.3
            self._announce(t("yahtzee.banner.game_over"))
            return
        if self.turn_player == player and self.obs()["pending_double"] is not None:
            if not self.players[player].computer:
                self._announce(t("yahtzee.banner.double_second"))
            self._fix_box_focus()
            return
        self._start_turn(announce=True)

    def _start_turn(self, announce: bool) -> None:
        """A new turn (or the screen just opened): pass the remote between humans, reset cursors."""
        if self.state.is_terminal():
            return
        player = self.turn_player
        self._skip = False
        self.die_focus = 0
        self._fix_box_focus()
        humans = sum(not p.computer for p in self.players)
        if announce and not self.players[player].computer and humans > 1:
            self._pass_to = player_names(self.players)[player]
        if self.players[player].computer:
            self._cpu_wait = CPU_PAUSE_S["start"]

    def _announce(self, text: str, seconds: float = BANNER_S) -> None:
        self._banner = (text, seconds)
        self._changed()

    # -- cursors ----------------------------------------------------------------------------------
    def _box_candidates(self) -> list[int]:
        """The boxes the cursor walks: the allowed ones after a roll, else every open box."""
        if self.state.is_terminal():
            return []
        allowed = set(self.state.allowed_boxes())
        if allowed:
            return [b for b in self.order if b in allowed]
        scores = self.state.scores(self.turn_player)
        return [b for b in self.order if scores[b] is None]

    def _fix_box_focus(self) -> None:
        candidates = self._box_candidates()
        if candidates and self.box_focus not in candidates:
            # the nearest candidate after the old place in card order
            start = self.order.index(self.box_focus)
            later = [b for b in candidates if self.order.index(b) >= start]
            self.box_focus = (later or candidates)[0]

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self._clear_pass_notice(event):
            return True
        taken = super().handle(event)
        if taken:
            self._version += 1
        return taken

    COMPUTER_BINDINGS = (
        Binding(Button.SELECT, "select", "yahtzee.key.skip"),
        Binding(Button.DIGIT_3, "info", "yahtzee.key.info"),
        Binding(Button.GREEN, "language", "yahtzee.key.language"),
        Binding(Button.BACK, "menu", "", show=False),
    )
    """While a computer plays, SELECT skips to the end of its turn."""

    def bindings(self):
        """GREEN (the language) only where the screen has its own language (Dice Party)."""
        if self.app is not None and self.computer_turn:
            own = self.COMPUTER_BINDINGS
            taken = {(b.button, b.kind) for b in own}
            own = own + tuple(b for b in GLOBAL_BINDINGS if (b.button, b.kind) not in taken)
        else:
            own = super().bindings()
        if self.game.power_die is None:
            own = tuple(b for b in own if b.action != "undo")  # 4 undoes a Double: Power only
        return own if self.lang is not None else tuple(b for b in own if b.action != "language")

    def check_action(self, action: str, args: tuple) -> bool:
        if action in ("menu", "back", "help", "info"):
            return True
        if action == "language":
            return self.lang is not None
        if self.state.is_terminal() or self._ended:
            return False
        if self.computer_turn:
            return action == "select" and not self._skip
        legal = self.state.legal_actions()
        if action == "shake":
            return not self.busy and ROLL in legal
        if action == "roll":
            return self.shaking
        if action == "die":
            return not self.busy
        if action == "box":
            return not self.busy and bool(self._box_candidates())
        if action == "select":
            if self.busy:
                return False
            if self.zone == "dice":
                return toggle_hold(self.die_focus) in legal
            return score_action(self.box_focus) in legal
        if action == "undo":
            return not self.busy and UNDO in legal
        if action == "hint":
            return not self.busy and self.saved()["rolls"] > 0
        return True

    def action_shake(self) -> None:
        self.shaking = True
        self._shake_t = 0.0
        self._tumbling = {i for i, held in enumerate(self.saved()["held"]) if not held}
        if self.saved()["rolls"] == 0:
            self._tumbling = set(range(len(self.game.all_dice)))
        self.app.sound.play("shake")

    def action_roll(self) -> None:
        self._stop_shaking()
        self.app.sound.play("roll")
        self._apply(ROLL, record=True)

    def action_die(self, step: int) -> None:
        self.zone = "dice"
        self.die_focus = (self.die_focus + step) % len(self.game.all_dice)
        self.app.sound.play("move")

    def action_box(self, button: Button) -> None:
        candidates = self._box_candidates()
        was_card = self.zone == "card"
        self.zone = "card"
        if self.box_focus not in candidates:
            self._fix_box_focus()
        elif was_card:
            i = candidates.index(self.box_focus)
            self.box_focus = candidates[(i + focus_step(button, self.rtl)) % len(candidates)]
        self.app.sound.play("move")

    def action_select(self) -> None:
        if self.computer_turn:
            self._skip = True
            self._cpu_wait = 0.0
            self._cpu_shake = min(self._cpu_shake, 1e-6) if self._cpu_shake > 0 else 0.0
            self._settle = 0.0
            self._banner = None
            return
        if self.zone == "dice":
            self.app.sound.play("select")
            self._apply(toggle_hold(self.die_focus), record=True)
        else:
            self._apply(score_action(self.box_focus), record=True)

    def action_info(self) -> None:
        self.show_info = not self.show_info

    def action_undo(self) -> None:
        self._apply(UNDO, record=True)
        self._fix_box_focus()

    def action_hint(self) -> None:
        from app.screens.yahtzee.hint import HintScreen

        self._pause()

        self.app.push(HintScreen(self.state.clone(), lang=self.app.lang))

    def action_language(self) -> None:
        self.lang = "en" if self.lang == "fa" else "fa"
        if self._lang_before is None:
            self._lang_before = self.app.lang
        self.app.set_language(self.lang)

    # -- menu, save, quit -------------------------------------------------------------------------
    def menu_items(self) -> list[tuple[str, str]]:
        items = [
            ("yahtzee.menu.resume", "close"),
            ("yahtzee.menu.save_and_quit", "save"),
            ("yahtzee.menu.quit_no_save", "quit"),
            ("yahtzee.menu.help", "help"),
        ]
        if self.lang is not None:
            items.append(("yahtzee.menu.language", "language"))
        return items

    def _pause(self) -> None:
        """Before a modal covers the game: the cup is put down and rolling dice land at once."""
        self._stop_shaking()
        self._settle = 0.0
        self._tumbling = set()

    def action_menu(self) -> None:
        self._pause()
        super().action_menu()

    def action_help(self) -> None:
        self._pause()
        super().action_help()

    def on_menu(self, value: str) -> bool:
        if value == "language":
            self.action_language()
            return True
        return super().on_menu(value)

    @property
    def slot(self) -> str:
        return "dice-party" if self.game.mode == "dice-party" else f"yahtzee-{self.game.mode}"

    def save_and_quit(self) -> bool:
        """Write the save and go home; on a disk error say so and stay in the game."""
        if self.computer_turn:
            self._finish_computer_turns()
            if self.state.is_terminal():
                return False  # the computers finished the game: the results come instead
        payload = self.save_payload()
        round_no = min(self.state.turns_taken()) + 1
        shell_lang = self._lang_before or self.app.lang  # the Resume list speaks the shell's language
        title = t(
            "yahtzee.save.title",
            shell_lang,
            mode=t(f"yahtzee.mode.{self.game.mode}", shell_lang),
            players=len(self.players),
            round=round_no,
        )
        return self._write_save(self.slot, SAVE_KIND[self.game.mode], title, payload, "yahtzee.save.failed")

    # -- time -----------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        if self.app is None or self.app.top is not self:
            return False  # paused under a modal: the picture below stays still (and cached)
        return self.shaking or self._settle > 0 or self._banner is not None or self._future is not None

    @property
    def ticking(self) -> bool:
        # The pauses of a computer's turn and before the results: a timer over a still picture.
        if self.app is None or self.app.top is not self:
            return False
        return self._ended or self.computer_turn

    def update(self, dt: float) -> None:
        if self.app.top is not self:
            return  # paused under a modal (menu, hint): nothing moves, no computer plays
        dt = min(dt, 0.25)
        if self.shaking or self._settle > 0 or self._cpu_shake > 0:
            self._flip_t += dt
            if self._flip_t >= FACE_FLIP_S:
                self._flip_t = 0.0
                self._new_anim_faces()
        if self.shaking:
            self._shake_t += dt
        if self._settle > 0:
            self._settle = max(0.0, self._settle - dt)
            if self._settle == 0:
                self._tumbling = set()
        if self._banner is not None:
            text, left = self._banner
            left -= dt * (4 if self._skip else 1)
            self._banner = (text, left) if left > 0 else None
        if self._ended:
            self._end_wait -= dt
            if self._end_wait <= 0 and self._settle == 0:
                self._ended = False
                self._show_results()
            return
        if self.computer_turn:
            self._computer_step(dt)

    def _new_anim_faces(self) -> None:
        for i in self._tumbling:
            die = self.game.all_dice[i]
            self._anim_faces[i] = self._anim.randrange(len(die.faces))

    def _computer_step(self, dt: float) -> None:
        if self._cpu_shake > 0:
            self._cpu_shake -= dt
            if self._cpu_shake <= 0 or self._skip:
                self._cpu_shake = 0.0
                self.shaking = False
                self.app.sound.stop("shake")
                self.app.sound.play("roll")
                self._apply(ROLL, record=False)
            return
        if self._settle > 0 and not self._skip:
            return
        if self._cpu_wait > 0 and not self._skip:
            self._cpu_wait -= dt
            return
        if self._future is None:
            self._ask_computer(self._choosers[self.turn_player])
            return
        action = self._computer_decision()
        if action is not None:
            self._computer_act(action)

    def _finish_computer_turns(self) -> None:
        """Play the computers' moves at once up to the next human turn (or the end), so a save is
        always made where a human is to act: the computers' plans never straddle a save."""
        self._skip = True
        if self._cpu_shake > 0:
            self._cpu_shake = 0.0
            self._stop_shaking()
            self._apply(ROLL, record=False)
        if self._future is not None:
            future, self._future = self._future, None
            self._computer_act(future.result())
        while not self.state.is_terminal() and self.computer_turn:
            self._skip = True
            self._computer_act(self._choosers[self.turn_player](self.state.clone()))
        self._cpu_wait = 0.0
        self._settle = 0.0
        self._tumbling = set()

    def _computer_act(self, action: int) -> None:
        if action == ROLL:
            held = self.saved()["held"]
            self._tumbling = {i for i, h in enumerate(held) if not h}
            if self._skip:
                self._apply(ROLL, record=False)
            else:
                self.shaking = True
                self._cpu_shake = CPU_SHAKE_S
                self.app.sound.play("shake")
            self._cpu_wait = CPU_PAUSE_S["roll"]
        elif TOGGLE_HOLD <= action < UNDO:
            self.zone = "dice"
            self.die_focus = action - TOGGLE_HOLD
            self._apply(action, record=False)
            self._cpu_wait = CPU_PAUSE_S["toggle"]
        elif action >= SCORE:
            self.zone = "card"
            self.box_focus = action - SCORE
            self._apply(action, record=False)
            self._cpu_wait = CPU_PAUSE_S["score"]
        else:
            self._apply(action, record=False)

    def _show_results(self) -> None:
        from app.screens.yahtzee.results import ResultsScreen

        if self._resumed_slot_exists():
            self.app.saves.delete(self.slot)  # a finished game cannot be resumed
        humans = any(not p.computer for p in self.players)
        review = self.game.mode in ("classic", "dice-party") and humans and bool(self.decisions)
        results = ResultsScreen(
            self.state,
            high_scores=self.app.high_scores,
            players=self.players,
            names=player_names(self.players),
            review=review,
        )
        self.app.push(results, self._results_done)

    def _resumed_slot_exists(self) -> bool:
        try:
            return self.app.saves.info(self.slot) is not None
        except ValueError:
            return False

    def _results_done(self, result: Any) -> None:
        humans = any(not p.computer for p in self.players)
        if result and self.game.mode in ("classic", "dice-party") and humans and self.decisions:
            from app.screens.yahtzee.review import ReviewScreen

            review = ReviewScreen(list(self.decisions), self.game, names=player_names(self.players))
            self.app.push(review, lambda _: self.app.go_home())
            return
        self.app.go_home()

    # -- drawing ----------------------------------------------------------------------------------
    def _layout(self) -> dict[str, Any]:
        theme = self.theme
        key = (theme.width, theme.height, self.app.lang)
        if self._layout_cache is not None and self._layout_cache[0] == key:
            return self._layout_cache[1]
        layout = compute_layout(self.app, self.game, self.columns, widgets.help_bar_height(self.app, self))
        # names too long for their cell next to a wide value ("×3 150" in Power) use their short form,
        # all boxes of a group alike
        size, pad = layout["font"], theme.px(10)
        sample = "×3 150" if self.game.power_die is not None else "150"
        widest = self.app.text.size(sample, size, bold=True)[0] + 3 * pad
        cell_w = layout["rows"][0][1].w
        layout["short"] = {
            box.group or box.key
            for box in self.game.boxes
            if self.app.text.size(scorecard.box_name(self.game, box), size)[0] > (cell_w - widest) * 1.1
        }
        self._layout_cache = (key, layout)
        return layout

    def draw(self, surface: pygame.Surface) -> None:
        layout = self._layout()
        key = (self._version, self.app.lang, surface.get_size(), self._banner is None)
        self._blit_layer(surface, key, lambda layer: self._draw_static(layer, layout))
        self._draw_dice(surface, layout)
        if self._pass_to is not None:
            self._draw_banner(surface, t("yahtzee.banner.pass", name=self._pass_to), t("yahtzee.press_any"))
        elif self._banner is not None:
            self._draw_banner(surface, self._banner[0])

    def _draw_static(self, surface: pygame.Surface, layout: dict[str, Any]) -> None:
        app, theme = self.app, self.theme
        widgets.background(surface, theme)
        obs = self.obs() if not self.state.is_terminal() else self.state.to_dict(0)
        names = player_names(self.players)
        player = obs["turn_player"] if not self.state.is_terminal() else 0
        self._draw_header(surface, layout, obs, names[player])
        self._draw_card(surface, layout, obs, player)
        self._draw_strip(surface, layout, obs, names)
        self._draw_status(surface, layout, obs)
        if self.show_info and not self.state.is_terminal() and not self.computer_turn:
            self._draw_info(surface, layout, obs)
        widgets.help_bar(surface, app, self)

    def _draw_header(self, surface, layout, obs, name: str) -> None:
        theme = self.theme
        header = self._rect(layout["header"])
        pos, anchor = self._start(header, 0)
        self._text(
            surface,
            t(f"yahtzee.title.{self.game.mode}"),
            theme.font("heading"),
            theme.colour("text"),
            pos,
            anchor,
            bold=True,
            max_width=header.w // 2,
        )
        turns = obs["turns"][obs["turn_player"]]
        right = t("yahtzee.turn", name=name)
        if not self.state.is_terminal():
            right += "   " + t("yahtzee.round", n=turns + 1, total=len(self.game.boxes))
        pos, anchor = self._end(header, 0)
        self._text(
            surface, right, theme.font("body"), theme.colour("accent"), pos, anchor, max_width=header.w // 2
        )

    def _draw_card(self, surface, layout, obs, player: int) -> None:
        theme = self.theme
        card = obs["cards"][player]
        small = layout["font"]
        pad = theme.px(10)
        mine = not self.state.is_terminal() and player == self.turn_player
        allowed = set(self.state.allowed_boxes()) if mine else set()
        for header_rect, column in zip(layout["headers"], self.columns, strict=True):
            rect = self._rect(header_rect)
            pos, anchor = self._start(rect, pad // 2)
            self._text(
                surface,
                t(f"yahtzee.section.{column.header}"),
                small,
                theme.colour("text_dim"),
                pos,
                anchor,
                bold=True,
                max_width=rect.w,
            )
        for row, base in layout["rows"]:
            rect = self._rect(base)
            if row.box is not None:
                self._draw_box(surface, rect, row.box, card, allowed, small, pad)
            else:
                self._draw_total(surface, rect, row.total, card, small, pad)

    def _draw_box(self, surface, rect, box, card, allowed, size, pad) -> None:
        """One box of the card: its picture is cached by everything it shows, so a redraw after a
        move repaints only the boxes that changed."""
        info = card["boxes"][box.key]
        focused = box.id == self.box_focus and not self.state.is_terminal()
        zone_card = focused and self.zone == "card"
        value, power, looks = "", 1, "filled"
        if info["score"] is not None:
            value, power = str(info["score"]), info["multiplier"] or 1
        elif info["potential"] is not None:
            value, power = str(info["potential"]), self.state.multiplier()
            looks = "allowed" if box.id in allowed else "open"
        else:
            looks = "empty"
        key = (box.id, value, power, looks, focused, zone_card, rect.size, self.app.lang, self.rtl)
        cell = self._cells.get(key)
        if cell is None:
            if len(self._cells) > 600:
                self._cells.clear()
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            with self.app.text.capture() as runs:
                self._paint_box(
                    image, image.get_rect(), box, value, power, looks, focused, zone_card, size, pad
                )
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            cell = self._cells[key] = (image, runs)
        surface.blit(cell[0], rect)
        self.app.text.replay(cell[1], rect.topleft)

    def _paint_box(self, surface, rect, box, value, power, looks, focused, zone_card, size, pad) -> None:
        theme = self.theme
        filled = looks == "filled"
        if focused:
            border = theme.px(4) if zone_card else theme.px(2)
            colour = theme.colour("accent") if zone_card else theme.colour("text_dim")
            widgets.panel(surface, rect, theme.colour("panel_focus"), theme.px(8), border, colour)
        else:
            widgets.panel(surface, rect, theme.colour("panel_disabled" if filled else "panel"), theme.px(8))
        name_colour = theme.colour("text_dim" if filled else "text")
        if box.colour is not None:
            swatch = pygame.Rect(0, 0, theme.round_w(size * 0.6), round(size * 0.6))
            pos, _ = self._start(rect, pad)
            swatch.center = (pos[0] - swatch.w // 2 if self.rtl else pos[0] + swatch.w // 2, rect.centery)
            pygame.draw.rect(surface, self._painted(box.colour), swatch, border_radius=theme.px(4))
            inset = pad + swatch.w + theme.px(6)
        else:
            inset = pad
        colour = {"allowed": theme.colour("accent"), "open": theme.colour("text_disabled")}.get(
            looks, theme.colour("text")
        )
        bold = looks in ("filled", "allowed")
        # the Power a value carries (already counted in it) as a small badge before it
        badge = f"×{power}" if value and power > 1 else ""
        badge_size = round(size * 0.78)
        value_w = self.app.text.size(value, size, bold=bold)[0] if value else 0
        badge_w = self.app.text.size(badge, badge_size)[0] + theme.px(6) if badge else 0
        pos, anchor = self._start(rect, inset)
        room = max(theme.px(20), rect.w - inset - value_w - badge_w - 2 * pad)
        if (box.group or box.key) in self._layout()["short"]:
            name = scorecard.box_short_name(self.game, box)
        else:
            name = scorecard.box_name(self.game, box)
        self._text(surface, name, size, name_colour, pos, anchor, max_width=room)
        if value:
            pos, anchor = self._end(rect, pad)
            self._text(surface, value, size, colour, pos, anchor, bold=bold)
        if badge:
            pos, anchor = self._end(rect, pad + value_w + theme.px(6))
            self._text(surface, badge, badge_size, theme.colour("text_dim"), pos, anchor, bold=True)

    def _draw_total(self, surface, rect, name, card, size, pad) -> None:
        theme = self.theme
        pos, anchor = self._start(rect, theme.px(4))
        self._text(
            surface,
            scorecard.total_label(self.game, name),
            size,
            theme.colour("text_dim"),
            pos,
            anchor,
            max_width=rect.w - theme.round_w(size * 3),
        )
        value = {
            "upper_total": card["upper"],
            "upper_bonus": card["upper_bonus"],
            "colour_total": card["colour"],
            "colour_bonus": card["colour_bonus"],
            "yahtzee_bonus": card["yahtzee_bonus"],
        }[name]
        pos, anchor = self._end(rect, pad)
        self._text(surface, str(value), size, theme.colour("text"), pos, anchor, bold=True)

    def _draw_strip(self, surface, layout, obs, names) -> None:
        theme = self.theme
        strip = layout["strip"]
        n = len(names)
        w = strip.w // n
        size = theme.font("body")
        number = theme.font("number")  # the totals are the main numbers: the larger floor
        for p in range(n):
            cell = self._rect(pygame.Rect(strip.x + p * w, strip.y, w - theme.px(8), strip.h))
            turn = p == obs["turn_player"] and not self.state.is_terminal()
            widgets.panel(
                surface,
                cell,
                theme.colour("panel_focus" if turn else "panel"),
                theme.px(8),
                theme.px(3) if turn else 0,
                theme.colour("accent"),
            )
            total = obs["cards"][p]["total"]
            # two players: "Total 123"; more: just the number, so four cells still fit at 576 lines
            total_text = t("yahtzee.total") + f" {total}" if n <= 2 else str(total)
            total_w = self.app.text.size(total_text, number, bold=True)[0]
            pad = theme.px(10)
            pos, anchor = self._start(cell, pad)
            room = max(theme.px(30), cell.w - total_w - 3 * pad)
            self._text(surface, names[p], size, theme.colour("text"), pos, anchor, max_width=room)
            pos, anchor = self._end(cell, pad)
            self._text(surface, total_text, number, theme.colour("accent"), pos, anchor, bold=True, main=True)

    def _draw_status(self, surface, layout, obs) -> None:
        """Above the dice: rolls left (or what to do), the fourth roll, thinking/preparing lines."""
        theme = self.theme
        rect = self._rect(layout["status"])
        size = layout["font"]
        if self.state.is_terminal():
            return
        if self.computer_turn:
            line = t("yahtzee.thinking")
        elif obs["rolls"] == 0:
            line = t("yahtzee.roll_first")
        elif obs["rolls_left"] == 0:
            line = t("yahtzee.choose_box")
        else:
            line = t("yahtzee.rolls_left", n=obs["rolls_left"])
        self._text(
            surface, line, size, theme.colour("text"), rect.center, "center", bold=True, max_width=rect.w
        )
        prep = self._preparing()
        if prep is not None:
            below = (rect.centerx, rect.bottom + theme.px(4))
            self._text(
                surface,
                t("yahtzee.preparing", percent=round(prep * 100)),
                round(size * 0.8),
                theme.colour("text_dim"),
                below,
                "midtop",
                max_width=rect.w,
            )

    def _preparing(self) -> float | None:
        """Progress of the optimal table while a hard computer still waits for it, else None."""
        if not any(p.computer and p.level == "hard" for p in self.players):
            return None
        from engines.yahtzee import ai
        from engines.yahtzee.solver import MODES

        if self.game.mode not in MODES:
            return None
        prep = ai.table_preparer(ai.solver_rules(self.game))  # started once, shared by the players
        return None if prep.ready else prep.progress

    def _draw_info(self, surface, layout, obs) -> None:
        """The line above the card: the focused box's title and how it scores (with the Power)."""
        theme = self.theme
        box = self.game.boxes[self.box_focus]
        mult = self.state.multiplier() if self.saved()["rolls"] else 1
        text = f"{scorecard.box_name(self.game, box)}: {scorecard.box_how(box, mult)}"
        tip = self._rect(layout["info"])
        widgets.panel(surface, tip, theme.colour("shadow"), theme.px(8), theme.px(2), theme.colour("accent"))
        self._text(
            surface,
            text,
            layout["font"],
            theme.colour("text"),
            tip.center,
            "center",
            max_width=tip.w - theme.px(16),
        )

    def _painted(self, colour: str) -> tuple[int, int, int]:
        return self.app.profile.safe_colour(scorecard.PAINTED_RGB[colour])

    def _draw_dice(self, surface, layout) -> None:
        theme = self.theme
        save = self.saved()
        obs_dice = self.obs()["dice"]
        moving = self.shaking or self._settle > 0
        label_size = layout["font"]
        for i, (base, die) in enumerate(zip(layout["dice"], obs_dice, strict=True)):
            rect = pygame.Rect(base)
            held = save["held"][i]
            if held:
                rect.x += layout["lift"]
            if moving and i in self._tumbling:
                jitter = self._anim.randint(-theme.px(5), theme.px(5))
                rect = rect.move(jitter, self._anim.randint(-theme.px(4), theme.px(4)))
            rect = self._rect(rect)
            face, colour = self._die_look(i, die, moving and i in self._tumbling)
            focused = i == self.die_focus and self.zone == "dice" and not self.state.is_terminal()
            label_face = face if not isinstance(face, str) else None
            body = widgets.draw_die_themed(surface, self.app, rect, label_face, held, colour, focused)
            if isinstance(face, str):
                self._die_word(surface, body, face)
            if held:
                label = self._rect(layout["held_labels"][i])
                self._text(
                    surface,
                    t("yahtzee.held"),
                    label_size,
                    theme.colour("held"),
                    label.center,
                    "center",
                    bold=True,
                    max_width=label.w,
                )
        power = self.obs()["power"] if not self.state.is_terminal() else None
        if power is not None and power["face"] is not None and not moving:
            label = self._rect(layout["power_label"])
            text = t("yahtzee.multiplier", n=power["multiplier"])
            if power["fourth_roll"]:
                text += "  " + t("yahtzee.fourth_roll")
            elif power["double"]:
                text += "  " + t("yahtzee.two_boxes")
            elif power["freeze"]:
                text += "  " + t("yahtzee.face.freeze")
            self._text(
                surface,
                text,
                label_size,
                theme.colour("accent"),
                label.center,
                "center",
                bold=True,
                max_width=label.w,
            )

    def _die_word(self, surface, body: pygame.Rect, word: str) -> None:
        """A word on a die face (the Power die), as large as fits across the face."""
        size = max(10, round(body.h * 0.34))
        while size > 9 and self.app.text.size(word, size, bold=True)[0] > body.w * 0.9:
            size -= 1
        self._text(surface, word, size, self.theme.colour("accent"), body.center, "center", bold=True)

    def _die_look(self, i: int, die: dict[str, Any], tumbling: bool) -> tuple[Any, Any]:
        """What die ``i`` shows now (face, colour): its face, or a random one while it tumbles."""
        game = self.game
        spec = game.all_dice[i]
        if tumbling:
            k = self._anim_faces.get(i, 0)
            face = spec.faces[k]
        elif die["face"] is None:
            face = None
        else:
            face = next(f for f in spec.faces if f.label == die["face"])
        if die["power"]:
            colour = self.app.profile.safe_colour((40, 36, 52))
            if face is None:
                return None, colour
            return power_label(face.label), colour
        if face is None:
            return None, None
        colour = self._painted(face.colour) if face.colour else None
        return face.number, colour


def power_label(label: str) -> str:
    """The text on a Power die face: its multiplier for 1-3, its word (translated) otherwise."""
    if label in ("1", "2", "3"):
        return f"×{label}"
    return t(f"yahtzee.face.{label.lower()}")


def compute_layout(
    app, game: YahtzeeGame, columns: Sequence[scorecard.Column], help_h: int | None = None
) -> dict[str, Any]:
    """Rectangles (left-to-right; mirror them for Persian) of every part of the game screen;
    ``help_h`` is the height of the screen's help bar (one row if not given)."""
    theme = app.theme
    safe = theme.safe
    text = app.text
    header_h = text.line_height(theme.font("heading")) + theme.px(6)
    if help_h is None:
        help_h = text.line_height(theme.font("small")) + theme.px(12)
    strip_h = text.line_height(theme.font("number"), bold=True) + theme.px(10)
    strip = pygame.Rect(safe.x, safe.bottom - help_h - theme.px(8) - strip_h, safe.w, strip_h)
    top = safe.y + header_h + theme.px(8)
    bottom = strip.y - theme.px(10)
    font = theme.font("small")
    status_h = text.line_height(font) + theme.px(6)
    # dice column: the dice stacked top to bottom, a held die lifted toward the card
    n = len(game.all_dice)
    # below the status line, room for the "preparing the computer player" line
    dice_top = top + status_h + theme.px(8) + text.line_height(round(font * 0.8))
    gaps = theme.px(10) * (n - 1) + (theme.px(12) if game.power_die else 0)
    die_h = min(round((bottom - dice_top - gaps - font) / n), theme.px(96))
    die_w = theme.round_w(die_h * (1 - 0.14)) + theme.px(4)
    label_w = max(text.size(t("yahtzee.held"), font, bold=True)[0] + theme.px(6), theme.round_w(die_h * 0.9))
    lift = theme.round_w(die_h * 0.32)
    # the column is as wide as its longest status line, which must never be cut
    status_lines = (
        t("yahtzee.rolls_left", n=3),
        t("yahtzee.roll_first"),
        t("yahtzee.choose_box"),
        t("yahtzee.thinking"),
    )
    status_w = max(text.size(line, font, bold=True)[0] for line in status_lines) + theme.px(4)
    col_w = max(label_w + die_w + theme.px(8), theme.round_w(die_h * 2.2), status_w)
    status = pygame.Rect(safe.x, top, col_w, status_h)
    dice, labels = [], []
    y = dice_top
    for i in range(n):
        if game.power_die is not None and i == n - 1:
            y += theme.px(12)
        base_x = safe.x + label_w - lift + theme.px(4)
        dice.append(pygame.Rect(base_x, y, die_w, die_h))
        labels.append(pygame.Rect(safe.x, y, label_w - theme.px(2), die_h - round(die_h * 0.14)))
        y += die_h + theme.px(10)
    power_label_rect = pygame.Rect(safe.x, y - theme.px(8), col_w, text.line_height(font))
    # the card
    card_x = safe.x + col_w + theme.px(16)
    # the info line (key 3) has its own band above the card, so it never hides a box
    info_h = text.line_height(font) + theme.px(10)
    info = pygame.Rect(card_x, top, safe.right - card_x, info_h)
    card_y = top + info_h + theme.px(6)
    card = pygame.Rect(card_x, card_y, safe.right - card_x, bottom - card_y)
    ncol = len(columns)
    gap = theme.px(10)
    col_width = (card.w - gap * (ncol - 1)) // ncol
    most = max(len(c.rows) for c in columns) + 1  # +1: the header line
    row_h = min((card.h - theme.px(4)) // most, theme.px(52))
    card_top = card.y + max(0, card.h - row_h * most) // 2
    headers, rows = [], []
    for k, column in enumerate(columns):
        x = card.x + k * (col_width + gap)
        headers.append(pygame.Rect(x, card_top, col_width, row_h))
        for r, row in enumerate(column.rows):
            rows.append((row, pygame.Rect(x, card_top + (r + 1) * row_h, col_width, row_h - theme.px(4))))
    return {
        "header": pygame.Rect(safe.x, safe.y, safe.w, header_h),
        "info": info,
        "status": status,
        "dice": dice,
        "held_labels": labels,
        "lift": lift,
        "power_label": power_label_rect,
        "card": card,
        "headers": headers,
        "rows": rows,
        "strip": strip,
        "font": font,
    }
