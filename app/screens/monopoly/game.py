"""The Monopoly board screen: the 40 squares, the tokens, the dice, the players and every decision.

Keys: hold 2 to shake and release to roll; UP/DOWN pick a row of the decision panel and SELECT
takes it (a second SELECT confirms declaring bankruptcy); 1 switches the board between the
overview and the close-up of the token's side; 4 opens the title deeds (LEFT/RIGHT go round the
board); 5 shows this throw's odds; SELECT during a computer's move skips the computers to the next
human decision (their auctions and trades included); MENU: save and quit, quit, help; INFO: the
keys and how to play; 6: what happened (the last 30 lines).

On a row with an amount (an auction's bid, the cash either side pays in a trade) the digit keys
type it (the first digit replaces what was there), BACK takes the last digit off and LEFT/RIGHT
take $10 off or put $10 on; a bid goes in with SELECT, a trade's cash is in the offer at once.

Between turns every other player may trade, build or mortgage (the engine's between-turns
window). A human's window is passed for them unless they asked for it: 3, at any time while
another seat plays, books the window after the current turn for a human (pressed again: the next
human, all of them, nobody), and the game then stops for them with the remote handed over.

The game is an :class:`app.match.Match`; this screen turns rows into ``match.act`` and follows the
match's events: the token walks square by square, cards are turned over, money moving between
players flashes beside their cash.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Sequence
from typing import Any

import numpy as np

from app.i18n import t
from app.match import Acting, Match, read_payload
from app.screen import GLOBAL_BINDINGS, Binding
from app.screens.monopoly import look
from app.screens.monopoly.board_view import GameView
from app.screens.monopoly.choices import ENTRY_STEP, Choice, cash_steps, typed
from app.screens.monopoly.events import describe
from app.screens.monopoly.look import Seat
from app.screens.monopoly.rules import MonopolyRules
from engines.monopoly import game as G
from engines.monopoly import rules as R
from remote.buttons import Button, Press

log = logging.getLogger(__name__)

SAVE_KIND = "monopoly"

STEP_S = 0.11
"""The token takes this long per square it walks."""
LAND_S = 1.0
"""Landed dice stay in view with their total this long before the view follows the token."""
CARD_S = 2.4
"""A drawn card stays face up this long (SELECT turns it away sooner)."""
FLASH_S = 1.8
"""Money moving between players shows this long beside their cash (the line saying it stays)."""
HISTORY_N = 30
"""The history page keeps this many lines."""

LENGTHS: tuple[tuple[str, int, int], ...] = (
    ("last", 0, 0),
    ("turns30", 30, 0),
    ("turns60", 60, 0),
    ("minutes60", 0, 60),
    ("minutes90", 0, 90),
)
"""Game lengths: (name, turns each, minutes); 0 = no limit of that kind."""
STARTING_CASH = (1_000, 1_500, 2_000, 2_500, 3_000)
"""The starting cash the set-up offers (the classic $1,500 is the default)."""
GUIDE_PHASES = {"buy": ("buy",), "auction": ("auction",), "income-tax": ("tax",), "after-roll": ("after",)}
"""The engine's decision phases the guided first turn has a step for (the roll is told apart)."""
GUIDE_SQUARES = {
    "chance": "card",
    "community-chest": "card",
    "go": "go",
    "jail": "visit",
    "free-parking": "parking",
}
"""The squares that cannot be bought, by what the guide says there (``go``: a card sent you)."""


def make_chooser(level: str, seed: int):
    """The engine's computer player of ``level``, deciding on its observation."""
    from engines.monopoly.ai import MonopolyPlayer, View

    player = MonopolyPlayer(level, np.random.default_rng(seed))

    def choose(obs: dict) -> int:
        return player.decide(View.from_observation(obs))

    return choose


class GameScreen(GameView):
    """One game of Monopoly, from the first roll to the results: the keys, the match's events and
    saving (:class:`~app.screens.monopoly.board_view.GameView` draws)."""

    roll_action = G.ROLL

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
        Binding(Button.DIGIT_3, "floor", "mono.key.floor"),
        Binding(Button.DIGIT_6, "history", "mono.key.history"),
        Binding(Button.BACK, "back", "", show=False),
    )
    COMPUTER_BINDINGS = (
        Binding(Button.SELECT, "select", "mono.key.skip"),
        Binding(Button.DIGIT_1, "view", "mono.key.view"),
        Binding(Button.DIGIT_3, "floor", "mono.key.floor"),
        Binding(Button.DIGIT_6, "history", "mono.key.history"),
    )
    ENTRY_BINDINGS = (
        *(Binding(Button[f"DIGIT_{d}"], "digit", "mono.key.amount", args=(d,)) for d in range(10)),
        Binding(Button.LEFT, "step", "mono.key.step", repeat=True, args=(-1,)),
        Binding(Button.RIGHT, "step", "mono.key.step", repeat=True, args=(1,)),
        Binding(Button.UP, "row", "mono.key.choose", repeat=True, args=(-1,)),
        Binding(Button.DOWN, "row", "mono.key.choose", repeat=True, args=(1,)),
        Binding(Button.SELECT, "select", "action.select"),
    )
    """On a row with an amount: the digits type it instead of their usual jobs."""
    ERASE = Binding(Button.BACK, "back", "mono.key.erase")

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
        self.bid: int | None = None
        """The bid typed on an auction's bid row (None: the least bid)."""
        self.fresh = True
        """The next digit on an amount row replaces the amount (else it is added on the right)."""
        self.booked: list[int] = []
        """The humans who asked for the between-turns window after the current turn."""
        self._walk: list[int] = []
        self._walk_t = 0.0
        self._token_at: dict[int, int] = {}
        """Where a walking token is drawn (else at its position)."""
        self._land_t = 0.0
        """Seconds the landed dice still hold the overview before the token walks."""
        self._throw: tuple[int, int, int] | None = None
        """This turn's last throw (player, die, die): said beside the dice and in the close-up."""
        self._turn_waits = False
        """A turn ended by its throw (jail, bankruptcy) waits for the throw to be shown."""
        self._arrival: tuple[list[list[Any]], str, list[str]] = ([], "", [])
        """The money flashes, the card drawn and the lines saying the move, held until the token
        arrives."""
        self.history: list[str] = []
        """What happened, oldest first (the last :data:`HISTORY_N` lines; 6 shows them)."""
        self._card: tuple[int, str, int] | None = None
        self._card_t = 0.0
        self._flashes: list[list[Any]] = []  # [player, amount, seconds left]
        self.message = ""
        self._before: dict[str, Any] | None = None
        self._last_human: int | None = None
        self._out_offered = False
        """The last human's way out (watch or standings) was offered: once a game on the screen."""
        self._init_view()

    # -- construction and saving ----------------------------------------------------------------
    @classmethod
    def new(
        cls,
        seats: Sequence[Seat],
        rng: np.random.Generator,
        turns: int = 0,
        minutes: int = 0,
        cash: int = R.STARTING_CASH,
    ) -> GameScreen:
        game = G.MonopolyGame(num_players=len(seats), max_turns=turns, starting_cash=cash)
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
                "booked": list(self.booked),
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
            booked = game.get("booked", [])
            humans = {p for p, s in enumerate(seats) if not s.spec.computer}
            if not isinstance(booked, list) or not all(
                isinstance(p, int) and not isinstance(p, bool) and p in humans for p in booked
            ):
                raise ValueError("the booked windows name human seats")
            screen.booked = sorted(set(booked))
            return screen
        except (KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"damaged save: {exc}") from exc

    @property
    def walking(self) -> bool:
        """The token still has squares to walk (the close-up follows it)."""
        return bool(self._walk)

    @property
    def busy(self) -> bool:
        return (
            self.shaking
            or self.match.settling
            or bool(self._walk)
            or self._land_t > 0
            or self._card is not None
            or self.match.ended
            or self.state.is_terminal()
        )

    # -- the guided first turn (app.screens.guide) ------------------------------------------------------
    def guide_situation(self) -> frozenset[str] | None:
        """What the guided first turn may explain now: the human's decision (``roll`` the first
        throw, ``again`` after a double, ``jail``, ``buy``, ``auction``, ``tax``, ``after``) and,
        after a throw, what the turn player's square is (``card``, ``go``, ``visit``,
        ``parking``, ``rent``); None while the dice, a token or a card move, a computer plays or
        another human than the first seat's (the guide is theirs: it is offered with a human there)
        decides."""
        actor = self.match.actor
        if self.busy or self.computer_turn or actor is None or self._pass_to is not None:
            return None
        if actor != next((p for p, s in enumerate(self.seats) if not s.spec.computer), None):
            return None
        obs = self.obs()
        phase, me = obs["phase"], obs["players"][actor]
        facts = set(GUIDE_PHASES.get(phase, ()))
        if phase == "roll":
            facts.add("jail" if me["in_jail"] else "again" if obs["dice"] else "roll")
        pos = me["position"]
        if actor == self.turn_player and obs["dice"] and not me["in_jail"]:
            kind = R.BOARD[pos].kind
            owner = obs["squares"][pos]["owner"]
            if kind in GUIDE_SQUARES:
                facts.add(GUIDE_SQUARES[kind])
            elif R.BOARD[pos].is_property and owner not in (None, actor):
                facts.add("rent")
        return frozenset(facts)

    def guide_facts(self) -> dict[str, str]:
        """The words the guide's texts fill in: the turn player's ``square``, its ``price`` and
        ``owner``, the actor's ``cash``, the last ``card`` drawn, the jail ``fine``, GO's ``salary``."""
        obs = self.obs()
        p = self.turn_player if self.match.actor is None else self.match.actor
        pos = obs["players"][self.turn_player]["position"]
        square = R.BOARD[pos]
        owner = obs["squares"][pos]["owner"]
        card = obs.get("last_card")
        return {
            "square": look.square_name(pos),
            "price": look.money(square.price) if square.is_property else "",
            "owner": self.name(owner) if owner is not None else "",
            "cash": look.money(obs["players"][p]["cash"]),
            "card": look.card_text(card["deck"], card["key"]) if card else "",
            "fine": look.money(R.JAIL_FINE),
            "salary": look.money(R.GO_SALARY),
        }

    # -- following the match --------------------------------------------------------------------------
    def _on_acting(self, event: Acting) -> None:
        self._before = copy.deepcopy(self.state.to_dict(event.player))
        self.confirming = None

    def _on_rolled(self, event: Any) -> None:
        before = self._before
        if before is None:
            self._after(event.player, rolled=True)
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
        if d1:
            self._throw = (event.player, d1, d2)
            self.add_history([self.throw_text()])
        # the dice land in the overview and stay there with their total; then the close-up
        # follows the token, and the decision and the money it lands on show when it arrives
        if not self.match.skipping:
            self._land_t = LAND_S
            self.closeup = False
        self._after(event.player, rolled=True)
        if self.match.skipping:
            return
        if not path:
            return
        self._walk = path
        self._walk_t = 0.0
        self._token_at[event.player] = start

    def _on_acted(self, event: Any) -> None:
        self._after(event.player)
        if event.action in (G.PAY_FINE, G.USE_CARD):
            self._new_decision()  # out of jail: the cursor on Roll, not on what slid under it

    def add_history(self, lines: list[str]) -> None:
        """Keep ``lines`` in the history (the last :data:`HISTORY_N`)."""
        self.history.extend(line for line in lines if line)
        del self.history[:-HISTORY_N]

    def _after(self, player: int, rolled: bool = False) -> None:
        """After an action: money moved, a card drawn, the row cursor back at the top."""
        before, obs = self._before, self.obs()
        if (
            before is None
            or before["phase"] != obs["phase"]
            or before["current_player"] != obs["current_player"]
        ):
            self._new_decision()  # at its first row; composing a trade keeps its place
        if before is None:
            return
        deltas = [a["cash"] - b["cash"] for a, b in zip(obs["players"], before["players"], strict=True)]
        flashes = [[p, d, FLASH_S] for p, d in enumerate(deltas) if d]
        lines = describe(before, obs, player, self.name, rolled)
        card = obs.get("last_card")
        drawn = ""
        if card and card != before.get("last_card"):
            deck = t(f"mono.deck.{card['deck']}")
            drawn = t("mono.log.card", name=self.name(card["player"]), deck=deck)
            drawn = f"{drawn} {look.card_text(card['deck'], card['key'])}"
            if not self.match.skipping:
                self.show_card(card["deck"], card["key"], card["player"])
        self._arrival = (flashes, drawn, lines)
        if not self.roll_shown:
            self._arrive()

    def _arrive(self) -> None:
        """What a move did flashes beside the cash, is said and kept, once its token has arrived."""
        flashes, drawn, lines = self._arrival
        self._arrival = ([], "", [])
        self._flashes = flashes
        self.add_history([drawn, *lines])
        if lines:
            self.message = " ".join(lines)
        if self._flashes and not self.match.skipping:
            self.app.sound.play("score")

    def _new_decision(self) -> None:
        self.row = 0
        self.bid = None
        self.fresh = True

    def _on_turn_ended(self, event: Any) -> None:
        if (self._land_t > 0 or self._walk or self._card is not None) and not self.match.skipping:
            self.match.hold_turn()
            self._turn_waits = True

    def _on_turn_started(self, event: Any) -> None:
        self._new_decision()
        self.closeup = False
        self._throw = None
        self.booked = [p for p in self.booked if not self.state.bankrupt[p]]
        self._pass_remote()

    def _pass_remote(self) -> None:
        """A different human is to decide: hand them the remote, shown until the next press."""
        actor = self.match.actor
        if actor is None or self.seats[actor].spec.computer or self.floor_due():
            return  # (a human's floor between turns is passed for them: no hand-over)
        if self._last_human is not None and actor != self._last_human and self._humans() > 1:
            self._pass_to = self.name(actor)
        self._last_human = actor

    def _humans(self) -> int:
        return sum(not s.spec.computer for s in self.seats)

    def humans_out(self) -> bool:
        """Every human seat is bankrupt while computers play on: nobody at the TV has a move left."""
        humans = [p for p, s in enumerate(self.seats) if not s.spec.computer]
        return bool(humans) and not self.state.is_terminal() and all(self.state.bankrupt[p] for p in humans)

    def _offer_the_end(self) -> None:
        """The last human is out: say so, and offer to watch the computers finish or to see the
        final standings now (BACK watches)."""
        from app.screens.menu import ChoiceScreen

        self._out_offered = True
        self.stop_shaking()
        self.match.land()
        choices = [("mono.out.watch", "watch"), ("mono.out.standings", "standings")]
        self.app.push(
            ChoiceScreen("mono.out.title", choices, message_key="mono.out.message"), self._out_chosen
        )

    def _out_chosen(self, value: str | None) -> None:
        if value == "standings" and self.humans_out():
            self.state.call_time()  # the game ends with this turn: the richest by worth wins
            if not self.state.is_terminal():
                self.match.finish_computer_turns()
            if self.state.is_terminal() and not self.match.ended:
                self.match.next_turn()  # it ended between turns, outside the match: the results
            self._walk, self._card = [], None
            self.changed()

    def _on_game_over(self, event: Any) -> None:
        self.app.sound.play("win")

    def _on_results_due(self, event: Any) -> None:
        from app.screens.monopoly.modals import ResultsScreen

        self._forget_save()
        self.app.push(ResultsScreen(self.state, self.seats), lambda _: self.app.go_home())

    # -- time ---------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        if self.app is not None and self.app.top is not self:
            return False
        m = self.match
        walking = bool(self._walk) and self._land_t == 0  # the landed dice are a still picture
        return m.shaking or m.settling or walking

    @property
    def passing(self) -> bool:
        return bool(self._flashes) and (self.app is None or self.app.top is self)

    @property
    def ticking(self) -> bool:
        if self.app is not None and self.app.top is not self:
            return False
        return (
            self.computer_turn
            or self.match.thinking
            or bool(self._flashes)  # the cash changes shown for a moment: a still picture
            or self.match.ended
            or self._card is not None
            or self._land_t > 0
            or self.minutes > 0
            or self.floor_due()
        )

    def show_card(self, deck: int, key: str, player: int, seconds: float = CARD_S) -> None:
        """Turn ``player``'s card ``key`` of ``deck`` face up over the board for ``seconds``."""
        self._card = (deck, key, player)
        self._card_t = seconds

    def floor_due(self) -> bool:
        """A human's between-turns window that they did not ask for: passed for them."""
        actor = self.match.actor
        return (
            actor is not None
            and not self.seats[actor].spec.computer
            and self.state.phase == G.P_FLOOR
            and actor not in self.booked
        )

    def floor_candidates(self) -> list[int]:
        """The humans who could book the window after this turn (everyone in but its player)."""
        return [
            p
            for p, s in enumerate(self.seats)
            if not s.spec.computer and not self.state.bankrupt[p] and p != self.turn_player
        ]

    def update(self, dt: float) -> None:
        if self.app.top is not self:
            return
        if not self._out_offered and self.humans_out() and not self.match.skipping:
            self._offer_the_end()
            return
        dt = min(dt, 0.25)
        self._flip_faces(dt, lambda die: 6)
        if self._flashes:
            for f in self._flashes:
                f[2] -= dt
            self._flashes = [f for f in self._flashes if f[2] > 0]
            if not self._flashes:
                self.refresh()  # (the line saying the money stays until the next move)
        if self.minutes and not self.state.is_terminal():
            self.elapsed += dt
            if self.elapsed >= self.minutes * 60 and not self.state.time_called:
                self.state.call_time()
                self.changed()
        if self.floor_due() and not self.busy:
            self.match.act(G.PASS)
        self.match.tick(dt)
        before = self.match.actor
        if before is not None and not self.seats[before].spec.computer and self._pass_to is None:
            self._pass_remote()

    def _presenting(self, dt: float) -> bool:
        """The match waits while the landed dice show their total, a token walks and a card is
        face up."""
        if self._land_t > 0:
            self._land_t = 0.0 if self.match.skipping else max(0.0, self._land_t - dt)
            if self._land_t == 0:
                self.closeup = bool(self._walk) and not self.match.skipping
                if not self._walk:  # nowhere to walk (still in jail): the money is said now
                    self._arrive()
                self.changed()
            return True
        if self._walk:
            if self.match.skipping:
                self._walk = []
            else:
                self._walk_t += dt
                while self._walk and self._walk_t >= STEP_S:
                    self._walk_t -= STEP_S
                    self._token_at[self.focus_player] = self._walk.pop(0)
            if not self._walk:
                self._token_at.clear()
                self._arrive()
            self.changed()
            return True
        if self._card is not None:
            self._card_t -= dt * (4 if self.match.skipping else 1)
            if self._card_t <= 0:
                self._card = None
                self.changed()
            return True
        if self._turn_waits:  # the throw that ended the turn has been shown
            self._turn_waits = False
            self.match.next_turn()
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
        if self.entry_row() is not None:
            own = self.ENTRY_BINDINGS + ((self.ERASE,) if not self.fresh else ())
            return own + tuple(b for b in GLOBAL_BINDINGS if b.button != Button.BACK)
        return super().bindings()

    def entry_row(self) -> Choice | None:
        """The focused row when it holds an amount the digits type."""
        rows = self.rows()
        if not rows or self.busy:
            return None
        row = rows[min(self.row, len(rows) - 1)]
        return row if row.entry else None

    def check_action(self, action: str, args: tuple) -> bool:
        if action in ("menu", "help", "back", "view", "deeds", "history"):
            return True
        if self.state.is_terminal() or self.match.ended:
            return False
        if action == "floor":
            return bool(self.floor_candidates())
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
        if action in ("digit", "step"):
            return self.entry_row() is not None
        if action in ("row", "select"):
            rows = self.rows()
            if action == "select" and rows:
                row = rows[min(self.row, len(rows) - 1)]
                return row.entry != "bid" or row.action is not None
            return bool(rows)
        return True

    def action_row(self, step: int) -> None:
        rows = self.rows()
        self.row = (self.row + step) % len(rows)
        self.confirming = None
        self.fresh = True
        self.app.sound.play("move")

    def action_digit(self, digit: int) -> None:
        row = self.entry_row()
        assert row is not None
        amount = typed(row.amount, digit, self.fresh, row.high)
        if amount is None:  # more than the bidder or the payer has
            self.app.refuse(self.event.button if self.event is not None else Button.DIGIT_0)
            return
        self.fresh = False
        self._enter(row, amount)
        self.app.sound.play("move")

    def action_step(self, step: int) -> None:
        row = self.entry_row()
        assert row is not None
        if self.rtl:
            step = -step
        self.fresh = True
        self._enter(row, max(row.low, min(row.high, row.amount + step * ENTRY_STEP)))
        self.app.sound.play("move")

    def _enter(self, row: Choice, amount: int) -> None:
        """Put ``amount`` on an entry row: the typed bid, or the trade's cash at once."""
        if row.entry == "bid":
            self.bid = amount
            return
        target = amount if row.entry == "give" else -amount
        for action in cash_steps(self.obs()["pending"]["trade"]["cash"], target):
            self.match.act(action)
        self._keep_focus(lambda r: r.entry == row.entry)

    def _keep_focus(self, same) -> None:
        """Composing a trade, the rows shift (Propose comes and goes): stay on the same row."""
        rows = self.rows()
        self.row = next((i for i, r in enumerate(rows) if same(r)), min(self.row, max(0, len(rows) - 1)))

    def action_select(self) -> None:
        if self.computer_turn:
            self.match.skip()
            self._walk = []
            self._land_t = 0.0
            self._card = None
            self._token_at.clear()
            self._arrive()
            return
        if self._card is not None:
            self._card = None
            return
        rows = self.rows()
        row = rows[min(self.row, len(rows) - 1)]
        if row.entry in ("give", "ask"):  # the cash is in: on to proposing
            self._new_decision()
            self.app.sound.play("move")
            return
        if row.confirm and self.confirming != row:
            self.confirming = row
            self.app.sound.play("select")
            return
        self.app.sound.play("select")
        if row.command == "manage":
            from app.screens.monopoly.modals import ManageScreen

            self.app.push(ManageScreen(self), lambda _: self.changed())
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
        actor = self.match.actor
        if row.action == G.PASS and self.state.phase == G.P_FLOOR and actor in self.booked:
            self.booked.remove(actor)  # the window asked for is used
        self.match.act(row.action)  # type: ignore[arg-type]
        if self.state.phase == G.P_TRADE:
            self._keep_focus(lambda r: r.action == row.action)

    def action_back(self) -> None:
        row = self.entry_row()
        if self.confirming is not None:
            self.confirming = None
        elif row is not None and not self.fresh:
            self._enter(row, row.amount // 10)
            self.app.sound.play("move")
        else:
            self.action_menu()

    def action_floor(self) -> None:
        """Book the between-turns window for a human; pressed again, for the next (then for all
        of them, then for nobody)."""
        humans = self.floor_candidates()
        options = [[p] for p in humans] + ([humans] if len(humans) > 1 else []) + [[]]
        now = [p for p in self.booked if p in humans]
        at = options.index(now) if now in options else -1
        self.booked = options[(at + 1) % len(options)]
        self.app.sound.play("move")

    def action_view(self) -> None:
        self.closeup = not self.closeup
        self.app.sound.play("move")

    def action_deeds(self) -> None:
        from app.screens.monopoly.modals import DeedScreen

        p = self.match.actor if self.match.actor is not None else self.turn_player
        self.app.push(DeedScreen(self, self.obs()["players"][p]["position"]))

    def action_history(self) -> None:
        from app.screens.monopoly.modals import HistoryScreen

        self.stop_shaking()
        self.app.push(HistoryScreen(self.history))

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
        self.stop_shaking()
        super().action_menu()

    def action_help(self) -> None:
        self.stop_shaking()
        super().action_help()

    def save_and_quit(self, ask: bool = True) -> bool:
        """Write the game as it stands and go home. With a human still in (from the menu) the
        computers first play to that human's next decision; with every human out, or at a stop
        signal (``ask`` False), the computers stop where they are and play on once resumed."""
        self.match.cancel_decision()
        if self._turn_waits:  # a turn ended by its throw: the next one begins unshown
            self._turn_waits = False
            self.match.next_turn()
        if ask and not self.humans_out():
            self.match.finish_computer_turns(stop=self.humans_out)
        self._walk, self._card, self._land_t = [], None, 0.0
        if self.state.is_terminal():
            self._forget_save()  # the computers finished it: the results come instead
            return False
        payload = self.save_payload()
        worth = self.state.returns()
        leader = max(range(len(self.seats)), key=lambda p: (worth[p], -p))
        title = t(
            "mono.save.title",
            players=len(self.seats),
            leader=self.name(leader),
            amount=look.money(int(worth[leader])),
        )
        turn = int(self.state.stats["turns"]) + 1
        progress = t(
            "mono.save.progress", turn=turn, leader=self.name(leader), amount=look.money(int(worth[leader]))
        )
        names = [self.name(p) for p in range(len(self.seats))]
        return self._write_save(SAVE_KIND, title, payload, "mono.save.failed", names, progress, ask)

    # -- layout ---------------------------------------------------------------------------------------
    def on_layout(self) -> None:
        self._layout_cache = None
        self.changed()
