"""The Pig game screen: both players' banked scores racing to 100, the die, and the turn at stake.

Keys: hold 2 to shake the die and let go to roll; 3 banks the turn total (after the first roll of
the turn); 5 opens the odds and die sides; SELECT during a computer's turn skips to its end; BACK
and MENU open the menu (Resume, Save and quit, Quit without saving, Help).

The game is an :class:`app.match.Match`; this screen maps keys to its moves and follows its
events. A turn that ends (a 1, or a bank) stays on screen under a banner for a moment before the
next one, so a computer's turn can be followed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pygame

from app import widgets
from app.i18n import localize_digits, t
from app.match import Match, PlayerSpec, read_payload
from app.screen import GLOBAL_BINDINGS, Binding
from app.screens.dice_game import DiceGameScreen, seat_names
from app.screens.pig.rules import PigRules
from engines.core import make_player
from engines.pig import HOLD, ROLL, PigGame, PigState
from engines.pig import rules as R
from remote.buttons import Button, Press

SAVE_KIND = "pig"
BANNER_S = 1.4
"""A finished turn's banner (a 1, a bank) stays up this long before the next turn."""


def player_names(players: Sequence[PlayerSpec]) -> list[str]:
    """ "Player 1", "Computer 2", ... (a named player's own name) in the current language."""
    return seat_names(players, "pig.player.name.human", "pig.player.name.computer")


class PigScreen(DiceGameScreen):
    """One game of Pig, from the first roll to the winner."""

    roll_action = ROLL

    BINDINGS = (
        Binding(Button.DIGIT_2, "shake", "pig.key.roll"),
        Binding(Button.DIGIT_2, "roll", "", kind=Press.RELEASE, show=False),
        Binding(Button.DIGIT_3, "hold", "pig.key.hold"),
        Binding(Button.DIGIT_5, "odds", "pig.key.odds"),
        Binding(Button.BACK, "back", "", show=False),
    )
    COMPUTER_BINDINGS = (Binding(Button.SELECT, "select", "pig.key.skip"),)
    """While a computer plays: SELECT skips to the end of its turn (MENU and INFO still work)."""

    def __init__(
        self, state: PigState, seats: Sequence[PlayerSpec], rngs: dict[str, np.random.Generator]
    ) -> None:
        super().__init__()
        seats = list(seats)
        self.game: PigGame = state.game  # type: ignore[assignment]

        def chooser(seat: int) -> Any:
            return make_player(seats[seat].level, state.game, self.match.rngs["cpu"])

        match = Match(state, seats, PigRules(), rngs, chooser, thread_name="pig-cpu")
        match.hold = self._presenting
        self._init_match(match, anim_seed=7)
        self._banner: tuple[str, float] | None = None

    # -- construction and saving ------------------------------------------------------------------
    @classmethod
    def new(cls, seats: Sequence[PlayerSpec], rng: np.random.Generator) -> PigScreen:
        """A fresh game; the computers' generator comes from the game's, so one seed replays all."""
        cpu = np.random.default_rng(int(rng.integers(2**63)))
        return cls(PigGame().new_initial_state(), seats, {"chance": rng, "cpu": cpu})

    def save_payload(self) -> dict[str, Any]:
        return self.match.save_payload()

    @classmethod
    def from_payload(cls, payload: Any) -> PigScreen:
        """Rebuild a saved game; ``ValueError`` if the payload is damaged."""
        saved = read_payload(payload, PigState, rngs=("chance", "cpu"))
        return cls(saved.state, saved.seats, saved.rngs)  # type: ignore[arg-type]

    @property
    def turn_player(self) -> int:
        return self.state.to_dict()["player"]

    @property
    def names(self) -> list[str]:
        return player_names(self.players)

    @property
    def passing_to(self) -> str | None:
        """The human the remote is to be passed to (a banner waits for their first press), or None."""
        return self._pass_to

    # -- following the match ----------------------------------------------------------------------
    def _on_turn_ended(self, event: Any) -> None:
        last = self.state.to_dict()["last_turn"]
        if last["how"] == "goal":
            return
        if last["how"] == "bust":
            text = t("pig.banner.bust", points=last["lost"])
            self.app.sound.play("bust")
        else:
            text = t("pig.last.hold", name=self.names[last["player"]], points=last["banked"])
            self.app.sound.play("score")
        self._banner = (text, BANNER_S)
        self.match.hold_turn()

    def _on_turn_started(self, event: Any) -> None:
        """Pass the remote between two humans."""
        many = sum(not p.computer for p in self.players) > 1
        if event.announce and event.player >= 0 and not self.players[event.player].computer and many:
            self._pass_to = self.names[event.player]

    def _on_game_over(self, event: Any) -> None:
        self.app.sound.play("win")

    def _on_results_due(self, event: Any) -> None:
        from app.screens.pig.results import ResultsScreen

        self._forget_save()  # its own save, no other
        self.app.push(ResultsScreen(self.state, self.names), lambda _: self.app.go_home())

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if self._clear_pass_notice(event):
            return True
        if event.button in (Button.MENU, Button.INFO, Button.BACK):
            self.stop_shaking()  # the release of 2 would go to the menu or the overlay
        return super().handle(event)

    def bindings(self) -> tuple[Binding, ...]:
        if self.computer_turn:
            return self.COMPUTER_BINDINGS + tuple(b for b in GLOBAL_BINDINGS if b.button != Button.BACK)
        return super().bindings()

    @property
    def busy(self) -> bool:
        """The die in the air, a banner up, or the game over: a human's keys wait."""
        match = self.match
        return (
            match.shaking
            or match.settling
            or self._banner is not None
            or match.ended
            or self.state.is_terminal()
        )

    def check_action(self, action: str, args: tuple) -> bool:
        if action in ("menu", "help", "back"):
            return True
        if self.state.is_terminal() or self.match.ended or self._pass_to:
            return False  # (any key clears the notice: see handle)
        if self.computer_turn:
            return action == "select" and not self.match.skipping
        if action == "roll":
            return self.shaking
        if self.busy:
            return False
        legal = self.state.legal_actions()
        if action == "shake":
            return ROLL in legal
        if action == "hold":
            return HOLD in legal
        return action == "odds"

    def action_hold(self) -> None:
        self.match.act(HOLD)

    def action_select(self) -> None:
        self.match.skip()
        if self._banner is not None:
            self._banner = (self._banner[0], min(self._banner[1], 0.3))

    def action_odds(self) -> None:
        from app.screens.pig.odds import OddsScreen

        self.app.push(OddsScreen(self.obs(), self.names, inline=self.inline))

    def action_back(self) -> None:
        """BACK opens the menu: a game is never left by accident."""
        self.action_menu()

    # -- menu, save, quit ---------------------------------------------------------------------------
    def menu_items(self) -> list[tuple[str, str]]:
        keys = ("menu.continue", "menu.save_and_quit", "pig.menu.quit_no_save", "home.help")
        return list(zip(keys, ("close", "save", "quit", "help"), strict=True))

    def save_and_quit(self, ask: bool = True) -> bool:
        """Write the save and go home; on a disk error say so and stay in the game. A finished game
        has nothing left to save: it goes home."""
        self.match.cancel_decision()
        if self.state.is_terminal():
            self.app.go_home()
            return True
        if self._banner is not None:  # the ended turn is shown: save at the next one
            self._banner = None
            self.match.next_turn()
        scores, names = self.state.to_dict()["scores"], self.names
        title = t("pig.save.title", first=names[0], a=scores[0], second=names[1], b=scores[1])
        progress = t("pig.save.progress", a=scores[0], b=scores[1])
        payload = self.save_payload()
        return self._write_save(SAVE_KIND, title, payload, "pig.save.failed", names, progress, ask)

    # -- time ---------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        if self.app is not None and self.app.top is not self:
            return False
        match = self.match
        return match.shaking or match.settling or self._banner is not None or match.thinking

    @property
    def ticking(self) -> bool:
        if self.app is not None and self.app.top is not self:
            return False
        return self.match.ended or self.computer_turn

    def update(self, dt: float) -> None:
        if self.app.top is not self:
            return
        self._flip_faces(dt, lambda die: R.DIE_SIDES)
        self.match.tick(min(dt, 0.25))

    def _presenting(self, dt: float) -> bool:
        """The match waits while a finished turn's banner is up."""
        if self._banner is None:
            return False
        text, left = self._banner
        left -= dt * (4 if self.match.skipping else 1)
        if left > 0:
            self._banner = (text, left)
            return True
        self._banner = None
        self.changed()
        self.match.next_turn()
        return True

    # -- layout and drawing -------------------------------------------------------------------------
    def layout(self) -> dict[str, Any]:
        """The parts of the screen, laid out left to right (mirrored when drawn in Persian)."""
        theme = self.theme
        safe = theme.safe
        gap = theme.gap
        title_h = theme.font("title") + theme.px(16)
        bar_h = widgets.help_bar_height(self.app, self)
        top = safe.y + title_h
        bottom = safe.bottom - bar_h - gap
        pad = theme.px(14)
        lines = self.app.text.line_height(theme.font("heading"), bold=True) + self.app.text.line_height(
            theme.font("huge"), bold=True
        )
        panel_h = 2 * pad + lines + theme.px(4) + theme.px(12) + theme.px(26)
        panel_w = (safe.w - gap) // 2
        panels = [pygame.Rect(safe.x + i * (panel_w + gap), top, panel_w, panel_h) for i in range(2)]
        play = pygame.Rect(safe.x, top + panel_h + gap, safe.w, bottom - top - panel_h - gap)
        die_h = min(play.h - theme.px(8), theme.px(170))
        die_w = theme.round_w(die_h)
        die = pygame.Rect(play.x + theme.px(12), play.y + (play.h - die_h) // 2, die_w, die_h)
        total = pygame.Rect(die.right + gap * 2, play.y, play.right - die.right - gap * 2, play.h)
        return {"scores": panels, "dice": die, "total": total, "title_h": title_h}

    def draw(self, surface: pygame.Surface) -> None:
        theme, app = self.theme, self.app
        layout = self.layout()
        widgets.background(surface, theme)
        widgets.title(surface, app, f"{t('pig.title')}: {t('pig.goal', goal=R.GOAL)}")
        obs = self.state.to_dict()
        for seat, rect in enumerate(layout["scores"]):
            self._draw_panel(surface, self._rect(rect), seat, obs)
        self._draw_die(surface, self._rect(layout["dice"]), obs)
        self._draw_turn(surface, self._rect(layout["total"]), obs)
        if self._pass_to is not None:
            self._draw_banner(surface, t("pig.banner.pass", name=self._pass_to), t("pig.banner.press_any"))
        elif self._banner is not None:
            self._draw_banner(surface, self._banner[0])
        widgets.help_bar(surface, app, self)

    def _draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, seat: int, obs: dict[str, Any]) -> None:
        """A player's name, banked score and the race bar (the turn at stake striped on it)."""
        theme = self.theme
        pad = theme.px(14)
        to_move = obs["player"] == seat and obs["winner"] is None
        edge = theme.colour("accent") if to_move else theme.colour("panel")
        widgets.panel(surface, rect, theme.colour("panel"), theme.radius, theme.px(4) if to_move else 0, edge)
        heading = theme.font("heading")
        line = pygame.Rect(rect.x, rect.y + pad, rect.w, heading)
        pos, anchor = self._start(line, pad)
        name = self._text(
            surface,
            widgets.seat_label(self.app, seat, self.names[seat]),
            heading,
            theme.colour("text"),
            pos,
            anchor,
            bold=True,
            max_width=rect.w * 3 // 5,
        )
        tag = t("pig.to_move") if to_move else t("pig.waiting")
        pos, anchor = self._end(line, pad)
        colour = theme.colour("accent") if to_move else theme.colour("text_dim")
        room = rect.w - name.w - 3 * pad
        self._text(surface, tag, theme.font("small"), colour, pos, anchor, bold=to_move, max_width=room)
        score = obs["scores"][seat]
        huge = theme.font("huge")
        top = rect.y + pad + self.app.text.line_height(heading, bold=True) + theme.px(4)
        line = pygame.Rect(rect.x, top, rect.w, self.app.text.line_height(huge, bold=True))
        pos, anchor = self._start(line, pad)
        drawn = self._text(
            surface,
            localize_digits(str(score)),
            huge,
            theme.colour("text"),
            pos,
            anchor,
            bold=True,
            main=True,
        )
        if to_move and obs["turn_total"]:
            small = theme.font("body")
            x = drawn.left - theme.px(12) if self.rtl else drawn.right + theme.px(12)
            stake = t("pig.at_stake", points=obs["turn_total"])
            self._text(
                surface,
                stake,
                small,
                theme.colour("accent"),
                (x, line.centery),
                "midright" if self.rtl else "midleft",
                max_width=rect.w // 2,
            )
        bar = pygame.Rect(rect.x + pad, rect.bottom - pad - theme.px(26), rect.w - 2 * pad, theme.px(26))
        self._draw_race_bar(surface, bar, score, obs["turn_total"] if to_move else 0)

    def _draw_race_bar(self, surface: pygame.Surface, bar: pygame.Rect, banked: int, at_stake: int) -> None:
        """Banked points filled solid, the turn at stake striped after them (not colour alone)."""
        theme = self.theme
        pygame.draw.rect(surface, theme.colour("shadow"), bar, border_radius=theme.px(6))
        full = min(R.GOAL, banked)
        width = round(bar.w * full / R.GOAL)
        solid = pygame.Rect(bar.right - width if self.rtl else bar.x, bar.y, width, bar.h)
        if width:
            pygame.draw.rect(surface, theme.colour("accent"), solid, border_radius=theme.px(6))
        stake_w = round(bar.w * min(at_stake, R.GOAL - full) / R.GOAL)
        if stake_w:
            x = solid.x - stake_w if self.rtl else solid.right
            stake = pygame.Rect(x, bar.y, stake_w, bar.h)
            pygame.draw.rect(surface, theme.colour("text_dim"), stake, width=max(1, theme.px(2)))
            step = max(4, theme.px(10))
            clip = surface.get_clip()
            surface.set_clip(stake)
            for sx in range(stake.x - bar.h, stake.right, step):
                pygame.draw.line(
                    surface, theme.colour("text_dim"), (sx, stake.bottom), (sx + bar.h, stake.y), 2
                )
            surface.set_clip(clip)
        pygame.draw.rect(
            surface, theme.colour("text_dim"), bar, width=max(1, theme.px(2)), border_radius=theme.px(6)
        )

    def _draw_die(self, surface: pygame.Surface, rect: pygame.Rect, obs: dict[str, Any]) -> None:
        face: int | None = obs["last_face"]
        if self.match.shaking or (self.match.settling and not self.landing):
            face = self._anim_faces.get(0, 0) + 1
            dx, dy = self._jitter(self.theme.px(10), self.theme.px(8))
            rect = rect.move(dx, dy)
        widgets.draw_die_themed(surface, self.app, rect, face, False)

    def _draw_turn(self, surface: pygame.Surface, rect: pygame.Rect, obs: dict[str, Any]) -> None:
        """The turn total, what the keys do now, and how the last turn ended."""
        theme = self.theme
        body, small = theme.font("body"), theme.font("small")
        anchor = "topright" if self.rtl else "topleft"
        x = rect.right if self.rtl else rect.x
        y = rect.y + theme.px(4)
        self._text(
            surface, t("pig.turn_total"), body, theme.colour("text_dim"), (x, y), anchor, max_width=rect.w
        )
        y += self.app.text.line_height(body)
        number = localize_digits(str(obs["turn_total"]))
        drawn = self._text(
            surface, number, theme.font("huge"), theme.colour("accent"), (x, y), anchor, bold=True, main=True
        )
        y = drawn.bottom + theme.px(6)
        name = self.names[obs["player"]]
        if obs["winner"] is not None:
            hint = t("pig.last.goal", name=self.names[obs["winner"]], goal=R.GOAL)
        elif self.players[obs["player"]].computer:
            hint = t("pig.thinking", name=name)
        elif obs["rolls"]:
            hint = t("pig.next_roll", points=obs["turn_total"])
        else:
            hint = t("pig.first_roll")
        self._text(surface, hint, body, theme.colour("text"), (x, y), anchor, max_width=rect.w)
        y += self.app.text.line_height(body) + theme.px(4)
        last = obs["last_turn"]
        if last is not None and last["how"] != "goal":
            who = self.names[last["player"]]
            text = (
                t("pig.last.bust", name=who, points=last["lost"])
                if last["how"] == "bust"
                else t("pig.last.hold", name=who, points=last["banked"])
            )
            self._text(surface, text, small, theme.colour("text_dim"), (x, y), anchor, max_width=rect.w)
