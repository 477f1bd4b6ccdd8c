"""The Yahtzee game screen: Classic, Painted, Power and Dice Party, played with the remote.

Keys (the manual's): hold 2 to shake the dice and release to roll; UP/DOWN pick a die and SELECT
holds or releases it; LEFT/RIGHT pick a box and SELECT scores it; 3 shows or hides the line above
the cursor (the box's title and how it scores); 4 undoes the first box of a Double (Power); 5 opens
the die-sides hint; MENU opens Resume / Save and quit / Quit without saving / Help. In Dice Party
GREEN switches between Persian (the default) and English.

The game is an :class:`app.match.Match` (the position, the seats, the generators, the computers
and their pace); this screen maps keys to its moves and follows its events with banners, sounds
and cursors (:class:`~app.screens.yahtzee.game_view.GameView` draws). Every human action is
recorded as a :class:`~app.screens.yahtzee.decisions.Decision` for the game review.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import numpy as np

from app.i18n import t
from app.match import (
    Acting,
    Match,
    Pacing,
    PlayerSpec,
    from_version_1,
    read_payload,
)
from app.screen import GLOBAL_BINDINGS, Binding, focus_step
from app.screens.yahtzee import scorecard
from app.screens.yahtzee.decisions import Decision, from_json, to_json
from app.screens.yahtzee.game_view import GameView, compute_layout, player_names, power_label
from app.screens.yahtzee.rules import YahtzeeRules
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

__all__ = [
    "GameScreen",
    "PlayerSpec",
    "YahtzeeRules",
    "compute_layout",
    "make_chooser",
    "player_names",
    "power_label",
]

log = logging.getLogger(__name__)

SAVE_KIND = {"classic": "yahtzee", "painted": "yahtzee", "power": "yahtzee", "dice-party": "dice-party"}

BANNER_S = 1.6


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


def new_match(
    state: YahtzeeState,
    players: Sequence[PlayerSpec],
    rng: np.random.Generator,
    ai_rng: np.random.Generator,
    pacing: Pacing = Pacing.HUMAN,
) -> Match:
    """The match of ``state``: dice from ``rng``, the computers (made now) drawing from ``ai_rng``."""
    game = state.game
    choosers = [make_chooser(game, p.level, ai_rng) if p.computer else None for p in players]
    rngs = {"chance": rng, "computers": ai_rng}
    chooser = choosers.__getitem__
    return Match(state, players, YahtzeeRules(), rngs, chooser, pacing=pacing, thread_name="yahtzee-cpu")


class GameScreen(GameView):
    """One game of the Yahtzee family, from the first roll to the results."""

    roll_action = ROLL

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
        Binding(Button.DIGIT_6, "page", "yahtzee.key.page"),
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
        self._init_match(new_match(state, players, rng, ai_rng), anim_seed=7)
        self._init_view()
        self.game: YahtzeeGame = state.game
        self.decisions: list[Decision] = list(decisions)
        self.lang = lang  # Dice Party's own language (fa by default); None: the app's
        self._lang_before: str | None = None
        self.order = scorecard.box_order(self.game)
        self.columns = scorecard.card_columns(self.game)
        self.die_focus = 0
        self.box_focus = self.order[0]
        self.zone = "dice"
        self.card_page = 0
        """The scorecard page shown where the card does not fit on one (Painted, Power at 576
        lines): it follows the box cursor, and 6 turns it."""
        self.confirming: int | None = None
        """The box a first SELECT would score for nothing (or for little, with rolls left): a second
        SELECT scores it, any other key takes it back."""
        self.show_info = True
        self._banner: tuple[str, float] | None = None
        self._results: Any = None

    @property
    def rng(self) -> np.random.Generator:
        """The game's dice generator."""
        return self.match.rngs["chance"]

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def new(
        cls, mode: str, players: Sequence[PlayerSpec], rng: np.random.Generator, lang: str | None = None
    ) -> GameScreen:
        """A fresh game of ``mode`` ("classic", "painted", "power", "dice-party").

        The game's dice generator is drawn from ``rng`` (the app's, seeded by ``--seed``) and the
        computers' generator from the game's: the match owns both, nothing else draws from them,
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
        so no computer decision is half made; at a stop signal it may be a computer's turn, whose
        decision is asked again once resumed."""
        focus = {"die": self.die_focus, "box": self.box_focus, "zone": self.zone, "info": self.show_info}
        return self.match.save_payload(
            {"decisions": to_json(self.decisions), "lang": self.lang, "focus": focus}
        )

    @classmethod
    def from_payload(cls, payload: Any) -> GameScreen:
        """Rebuild a saved game; ``ValueError`` if the payload is damaged."""
        payload = from_version_1(
            payload, {"chance": "rng", "computers": "ai_rng"}, ("decisions", "lang", "focus")
        )
        saved = read_payload(payload, YahtzeeState, ("chance", "computers"))
        own = saved.game
        try:
            decisions = from_json(own.get("decisions", []))
            lang = own.get("lang")
            if lang not in (None, "en", "fa"):
                raise ValueError(f"unknown language {lang!r}")
            rngs = saved.rngs
            screen = cls(
                saved.state, saved.seats, rngs["chance"], rngs["computers"], decisions=decisions, lang=lang
            )
            focus = own.get("focus") or {}
            die, box = focus.get("die", 0), focus.get("box", screen.order[0])
            if isinstance(die, int) and 0 <= die < len(saved.state.game.all_dice):
                screen.die_focus = die
            if box in screen.order:
                screen.box_focus = box
            screen.zone = "card" if focus.get("zone") == "card" else "dice"
            screen.show_info = focus.get("info", True) is not False
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"damaged save: {exc}") from exc
        return screen

    # -- lifecycle ------------------------------------------------------------------------------
    def on_enter(self) -> None:
        if self.lang is not None and self.app.lang != self.lang:
            self._lang_before = self.app.lang
            self.app.set_language(self.lang)
        super().on_enter()
        self.preparing()  # a hard computer: start loading or building its table at once

    def on_leave(self) -> None:
        super().on_leave()
        if self._lang_before is not None:
            self.app.set_language(self._lang_before)
            self._lang_before = None

    def on_layout(self) -> None:
        self._layout_cache = None
        self._pages_cache = None
        self._cells.clear()
        self.changed()

    @property
    def busy(self) -> bool:
        """Dice shaking or the game over: human input waits (cursors may move while dice settle)."""
        return self.shaking or self.match.ended

    # -- following the match ----------------------------------------------------------------------
    def _on_acting(self, event: Acting) -> None:
        action = event.action
        if not event.computer:
            self.decisions.append(Decision(event.player, self.state.to_dict(), action))
        elif TOGGLE_HOLD <= action < UNDO:
            self.zone, self.die_focus = "dice", action - TOGGLE_HOLD
        elif action >= SCORE:
            self.zone, self.box_focus = "card", action - SCORE
            self._follow_box()  # the page where the computer scores

    def _on_rolled(self, event: Any) -> None:
        """Announce what the roll brought (Freeze, Double, Power, a YAHTZEE) and place the cursors."""
        obs = self.obs()
        power = obs["power"]
        if power is not None and len(self.game.all_dice) - 1 in event.dice:
            face = power["face"]
            if face == yd.FREEZE:
                self.announce(t("yahtzee.banner.freeze"))
            elif face == yd.DOUBLE:
                self.announce(t("yahtzee.banner.double"))
            elif face == yd.POWER:
                self.announce(t("yahtzee.banner.power"))
        numbers = self.state.numbers()
        if len(set(numbers)) == 1 and numbers:
            key = "dice_party.banner.yahtzee" if self.game.mode == "dice-party" else "yahtzee.banner.yahtzee"
            self.announce(t(key))
        # After every roll the cursor is back on the dice, so the reflex SELECT holds a die instead of
        # scoring a box; only when no more rolling is possible does it wait on the card.
        self.zone = "card" if obs["must_score"] else "dice"
        self.confirming = None
        self._fix_box_focus()

    def _on_scored(self, event: Any) -> None:
        self.app.sound.play("score")
        player, box = event.player, self.game.boxes[event.box]
        if self.players[player].computer:
            name = player_names(self.players)[player]
            self.announce(
                t(
                    "yahtzee.banner.scored",
                    name=name,
                    box=scorecard.box_name(self.game, box),
                    points=event.points,
                )
            )
        if (
            not self.state.is_terminal()
            and self.turn_player == player
            and self.obs()["pending_double"] is not None
        ):
            if not self.players[player].computer:
                self.announce(t("yahtzee.banner.double_second"))
            self._fix_box_focus()

    def _on_undone(self, event: Any) -> None:
        self.confirming = None
        self._fix_box_focus()

    def _on_game_over(self, event: Any) -> None:
        self.announce(t("yahtzee.banner.game_over"))

    def _on_turn_started(self, event: Any) -> None:
        """A new turn (or the screen just opened): pass the remote between humans; a new turn puts
        the cursor on the first die, an opened screen keeps the cursors it was made with (a resumed
        save's)."""
        player = event.player
        if event.announce:
            self.die_focus = 0
            self.zone = "dice"
        self.confirming = None
        self._fix_box_focus()
        humans = sum(not p.computer for p in self.players)
        if event.announce and not self.players[player].computer and humans > 1:
            self._pass_to = player_names(self.players)[player]

    def _on_results_due(self, event: Any) -> None:
        self._show_results()

    def announce(self, text: str, seconds: float = BANNER_S) -> None:
        """Show ``text`` (POWER!, YAHTZEE!...) beside the dice once they settle, for ``seconds``."""
        self._banner = (text, seconds)
        self.changed()

    def clear_banner(self) -> None:
        """Take the banner off now (a scene shows the landed dice bare)."""
        self._banner = None

    # -- cursors ----------------------------------------------------------------------------------
    def _fix_box_focus(self) -> None:
        candidates = box_candidates(self.state, self.order, self.turn_player)
        self.box_focus = nearest_box(self.order, candidates, self.box_focus)
        self._follow_box()

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self._clear_pass_notice(event):
            return True
        # any key but SELECT takes a shown confirmation back (and then does its own job)
        if self.confirming is not None and event.kind == Press.PRESS and event.button is not Button.SELECT:
            self.confirming = None
        taken = super().handle(event)
        if taken:
            self._version += 1
        return taken

    def bindings(self):
        """GREEN (the language) only where the screen has its own language (Dice Party)."""
        if self.app is not None and self.computer_turn:
            own = COMPUTER_BINDINGS
            taken = {(b.button, b.kind) for b in own}
            own = own + tuple(b for b in GLOBAL_BINDINGS if (b.button, b.kind) not in taken)
        else:
            own = super().bindings()
        if self.game.power_die is None:
            own = tuple(b for b in own if b.action != "undo")  # 4 undoes a Double: Power only
        if self.app is None or len(self.card_pages()) < 2:
            own = tuple(b for b in own if b.action != "page")  # 6 turns the card only where it has pages
        else:
            # where the card has pages, 6 (and 5) come right after the card's own keys, so a full
            # help bar leaves out 3 (the info line, shown anyway) rather than the rest of the card
            page = tuple(b for b in own if b.action in ("page", "hint"))
            rest = [b for b in own if b.action not in ("page", "hint")]
            at = next((i + 1 for i, b in enumerate(rest) if b.action == "select"), len(rest))
            own = (*rest[:at], *page, *rest[at:])
        return own if self.lang is not None else tuple(b for b in own if b.action != "language")

    def check_action(self, action: str, args: tuple) -> bool:
        if action in ("menu", "back", "help", "info", "page"):
            return True
        if action == "language":
            return self.lang is not None
        if self.state.is_terminal() or self.match.ended:
            return False
        if self.computer_turn:
            return action == "select" and not self.match.skipping
        legal = self.state.legal_actions()
        if action == "shake":
            return not self.busy and ROLL in legal
        if action == "roll":
            return self.shaking
        if action in ("die", "box", "select", "undo", "hint") and self.busy:
            return False
        if action == "box":
            return bool(box_candidates(self.state, self.order, self.turn_player))
        if action == "select":
            if self.zone == "dice":
                return toggle_hold(self.die_focus) in legal
            return score_action(self.box_focus) in legal
        if action == "undo":
            return UNDO in legal
        if action == "hint":
            return self.saved()["rolls"] > 0
        return True

    def action_die(self, step: int) -> None:
        self.zone = "dice"
        self.die_focus = (self.die_focus + step) % len(self.game.all_dice)
        self.app.sound.play("move")

    def action_box(self, button: Button) -> None:
        candidates = box_candidates(self.state, self.order, self.turn_player)
        was_card = self.zone == "card"
        self.zone = "card"
        here = [b for b in candidates if b in self._page_boxes(self.shown_page())]
        if not was_card and here and self.box_focus not in here:
            self.box_focus = here[0]  # from the dice onto the page being looked at
        elif self.box_focus not in candidates:
            self._fix_box_focus()
        elif was_card:
            i = candidates.index(self.box_focus)
            self.box_focus = candidates[(i + focus_step(button, self.rtl)) % len(candidates)]
        self._follow_box()
        self.app.sound.play("move")

    def action_select(self) -> None:
        if self.computer_turn:
            self.match.skip()
            self._banner = None
            return
        if self.zone == "dice":
            self.app.sound.play("select")
            self.match.act(toggle_hold(self.die_focus))
            return
        box = self.box_focus
        if self.confirming != box and self.wasteful(box):
            self.confirming = box  # shown; the next SELECT scores it
            self.app.sound.play("move")
            return
        self.confirming = None
        self.match.act(score_action(box))

    def wasteful(self, box_id: int) -> bool:
        """Whether scoring ``box_id`` now asks for a second SELECT (see :func:`wasteful_score`)."""
        return wasteful_score(self.obs(), self.game, self.turn_player, box_id)

    def action_info(self) -> None:
        self.show_info = not self.show_info

    def action_page(self) -> None:
        """Turn the card to its next page; on the card, the cursor goes to that page's first open box
        (with none there, the cursor goes back to the dice, so SELECT never scores an unseen box)."""
        pages = self.layout()["pages"]
        self.card_page = (self.shown_page() + 1) % len(pages)
        if self.zone == "card":
            here = self._page_boxes(self.card_page)
            candidates = [b for b in box_candidates(self.state, self.order, self.turn_player) if b in here]
            if candidates:
                self.box_focus = candidates[0]
            else:
                self.zone = "dice"
        self.confirming = None
        self.app.sound.play("move")

    def _page_boxes(self, page: int) -> set[int]:
        """The boxes shown on card page ``page``."""
        layout = self.layout()
        return {
            row.box.id
            for (row, _), on in zip(layout["rows"], layout["row_page"], strict=True)
            if on == page and row.box is not None
        }

    def page_of_box(self, box: int) -> int:
        """The card page that shows box ``box`` (0 when the card fits on one page)."""
        layout = self.layout()
        for (row, _), on in zip(layout["rows"], layout["row_page"], strict=True):
            if row.box is not None and row.box.id == box:
                return on
        return 0

    def _follow_box(self) -> None:
        """The card shows the page of the box cursor (while the cursor is on the card)."""
        if self.zone == "card" and self.app is not None:
            self.card_page = self.page_of_box(self.box_focus)

    def action_undo(self) -> None:
        self.match.act(UNDO)

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
        self.stop_shaking()
        self.match.land()

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

    def save_and_quit(self, ask: bool = True) -> bool:
        """Write the save and go home; on a disk error say so and stay in the game."""
        if self.computer_turn and ask:
            self.match.finish_computer_turns()
            if self.state.is_terminal():
                self._forget_save()  # the computers finished the game: the results come instead
                return False
        self.match.cancel_decision()  # at a stop signal a computer's turn is saved where it stands
        payload = self.save_payload()
        round_no = min(self.state.turns_taken()) + 1
        shell_lang = self._lang_before or self.app.lang  # the Resume list speaks the shell's language
        mode = t(f"yahtzee.mode.{self.game.mode}", shell_lang)
        title = t("yahtzee.save.title", shell_lang, mode=mode, players=len(self.players), round=round_no)
        progress = t("yahtzee.save.progress", shell_lang, mode=mode, round=round_no)
        kind = SAVE_KIND[self.game.mode]
        names = player_names(self.players)
        return self._write_save(kind, title, payload, "yahtzee.save.failed", names, progress, ask)

    # -- time -----------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        if self.app is None or self.app.top is not self:
            return False  # paused under a modal: the picture below stays still (and cached)
        return self.match.shaking or self.match.settling

    @property
    def passing(self) -> bool:
        return self._banner is not None and self.app is not None and self.app.top is self

    @property
    def ticking(self) -> bool:
        # Timers over a still picture: the pauses of a computer's turn (its thinking too), a
        # banner's count-down and the wait before the results.
        if self.app is None or self.app.top is not self:
            return False
        match = self.match
        return match.ended or self.computer_turn or self._banner is not None or match.thinking

    def update(self, dt: float) -> None:
        if self.app.top is not self:
            return  # paused under a modal (menu, hint): nothing moves, no computer plays
        dt = min(dt, 0.25)
        self._flip_faces(dt, lambda die: len(self.game.all_dice[die].faces))
        if self._banner is not None and not (self.match.shaking or self.match.settling):
            # a banner waits for the dice to land (it would hide them tumbling), then counts down
            text, left = self._banner
            left -= dt * (4 if self.match.skipping else 1)
            self._banner = (text, left) if left > 0 else None
            if self._banner is None:
                self.refresh()
        self.match.tick(dt)

    def _show_results(self) -> None:
        from app.screens.yahtzee.results import ResultsScreen

        self._forget_save()
        humans = any(not p.computer for p in self.players)
        review = self.game.mode in ("classic", "dice-party") and humans and bool(self.decisions)
        results = ResultsScreen(
            self.state,
            high_scores=self.app.high_scores,
            players=self.players,
            names=player_names(self.players),
            review=review,
        )
        self._results = results  # kept: BACK from the review comes back to it
        self.app.push(results, self._results_done)

    def _results_done(self, result: Any) -> None:
        from app.screens.yahtzee.results import AGAIN

        if result == AGAIN:  # the same seats, a fresh game in place of this one
            self.app.replace(GameScreen.new(self.game.mode, self.players, self.app.rng, lang=self.lang))
            return
        humans = any(not p.computer for p in self.players)
        if result and self.game.mode in ("classic", "dice-party") and humans and self.decisions:
            from app.screens.yahtzee.review import ReviewScreen

            review = ReviewScreen(list(self.decisions), self.game, names=player_names(self.players))
            # BACK from the review returns to the results (they keep their high-score entry)
            self.app.push(review, lambda _: self.app.push(self._results, self._results_done))
            return
        self.app.go_home()


COMPUTER_BINDINGS = (
    Binding(Button.SELECT, "select", "yahtzee.key.skip"),
    Binding(Button.DIGIT_3, "info", "yahtzee.key.info"),
    Binding(Button.DIGIT_6, "page", "yahtzee.key.page"),
    Binding(Button.GREEN, "language", "yahtzee.key.language"),
    Binding(Button.BACK, "menu", "", show=False),
)
"""While a computer plays, SELECT skips to the end of its turn."""


def box_candidates(state: YahtzeeState, order: Sequence[int], player: int) -> list[int]:
    """The boxes the cursor walks, in card order: the allowed ones after a roll, else every open box."""
    if state.is_terminal():
        return []
    allowed = set(state.allowed_boxes())
    if allowed:
        return [b for b in order if b in allowed]
    scores = state.scores(player)
    return [b for b in order if scores[b] is None]


def nearest_box(order: Sequence[int], candidates: Sequence[int], focus: int) -> int:
    """Where the box cursor goes when ``focus`` is no longer a candidate: the nearest candidate
    after it in card order (wrapping); ``focus`` itself if it still is one or there is none."""
    if not candidates or focus in candidates:
        return focus
    start = order.index(focus)
    later = [b for b in candidates if order.index(b) >= start]
    return (later or list(candidates))[0]


def wasteful_score(obs: dict[str, Any], game: YahtzeeGame, player: int, box_id: int) -> bool:
    """Whether scoring ``box_id`` now asks for a second SELECT: it scores nothing, or (with rolls
    left) under half of what the box can give."""
    points = obs["cards"][player]["boxes"][game.boxes[box_id].key]["potential"]
    if points is None:
        return False
    if points == 0:
        return True
    return obs["rolls_left"] > 0 and points * 2 < box_most(game.boxes[box_id], len(game.dice))


def box_most(box: Any, dice: int) -> int:
    """The most ``box`` can score with ``dice`` six-sided dice, before any Power multiplier.

    >>> from engines.yahtzee.game import ClassicGame
    >>> [box_most(b, 5) for b in ClassicGame.boxes if b.key in ("threes", "full_house", "chance")]
    [15, 25, 30]
    """
    if box.value is not None:
        return box.value
    if box.face is not None:
        return dice * box.face
    return dice * 6
