"""The end-of-game table: every player's sections, bonuses and total, the winner, solo high scores.

:class:`ResultsScreen` is pushed by the game screen when the game ends. A solo game played by a
human enters its total in the mode's high-score table (:class:`app.saves.HighScores`, kept per
mode under the engine game's name, e.g. ``yahtzee-classic``) the moment the screen opens, under
the seat's name (a named player from the settings, else "Player 1"), and shows the table with
the new entry marked. In a game of several seats, each seat that is a named player enters its
total too (a toast says who made the table); unnamed seats do not fill the table. SELECT hands
back True (the game screen goes on to the game review when there is one), BACK hands back None
(home).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from app import widgets
from app.i18n import format_number, t
from app.screen import Binding, ModalScreen
from app.screens.dice_game import MirroredText
from remote.buttons import Button

if TYPE_CHECKING:
    from app.saves import HighScore, HighScores
    from engines.yahtzee.game import YahtzeeState

REVIEW_MODES = ("classic", "dice-party")
"""Modes with a game review after the results (they have an optimal table)."""


@dataclass(frozen=True)
class ResultRow:
    """One line of the table: a label and each player's number."""

    label: str
    values: tuple[int, ...]
    total: bool = False


def result_rows(state: YahtzeeState) -> list[ResultRow]:
    """The lines of the end table for every player: the sections, the bonuses the mode has, the total."""
    from app.screens.yahtzee.scorecard import total_label

    game = state.game
    cards = [state.card_totals(p) for p in range(game.num_players)]

    def row(label: str, field: str, total: bool = False) -> ResultRow:
        return ResultRow(label, tuple(card[field] for card in cards), total)

    rows = [row(t("yahtzee.section.upper"), "upper"), row(total_label(game, "upper_bonus"), "upper_bonus")]
    rows.append(row(t("yahtzee.section.lower"), "lower"))
    if game.colour_ids:
        rows.append(row(t("yahtzee.section.colour"), "colour"))
        rows.append(row(total_label(game, "colour_bonus"), "colour_bonus"))
    if game.bonus_per_yahtzee:
        rows.append(row(total_label(game, "yahtzee_bonus"), "yahtzee_bonus"))
    rows.append(row(t("yahtzee.total"), "total", total=True))
    return rows


def headline(state: YahtzeeState, names: Sequence[str]) -> str:
    """ "Player 2 wins!", "A tie: Player 1, Player 2" or, solo, the final score."""
    if state.game.num_players == 1:
        return t("yresults.solo", score=int(state.returns()[0]))
    winners = state.winners()
    if len(winners) == 1:
        return t("yresults.winner", name=names[winners[0]])
    return t("yresults.tie", names=t("yresults.and").join(names[w] for w in winners))


def high_score_mode(state: YahtzeeState) -> str:
    """The high-score table of the game's mode: the engine game's name (``yahtzee-classic``)."""
    return state.game.name


AGAIN = "again"
"""What the results hand back when the players want another game with the same seats."""


class ResultsScreen(MirroredText, ModalScreen[bool]):
    """The final table naming the winner; solo: the high scores with this game's entry marked.

    ``players`` (the game screen's seats, with a ``computer`` flag) and ``names`` are optional:
    without them every seat is "Player n" and a solo seat counts as human. ``review`` says whether
    SELECT leads on to the game review (the help bar says so); by default it does in Classic and
    Dice Party when a human played. ``date`` is written with a high score (default: today, UTC).
    """

    BINDINGS = (
        Binding(Button.SELECT, "next", "yresults.action.next"),
        Binding(Button.BACK, "home", "action.home"),
    )
    dim_below = False

    def __init__(
        self,
        state: YahtzeeState,
        *,
        high_scores: HighScores,
        players: Sequence[Any] | None = None,
        names: Sequence[str] | None = None,
        review: bool | None = None,
        date: str | None = None,
    ) -> None:
        super().__init__()
        self.state = state
        self.game = state.game
        self.high_scores = high_scores
        self.players = list(players) if players is not None else None
        self._names = list(names) if names is not None else None
        humans = [not getattr(p, "computer", False) for p in self.players or []] or [True]
        self.any_human = any(humans)
        self.solo_human = self.game.num_players == 1 and humans[0]
        self.review = review if review is not None else self.game.mode in REVIEW_MODES and self.any_human
        self.rank: int | None = None
        self.table: list[HighScore] = []
        self._entered = False
        self.date = date

    @property
    def names(self) -> list[str]:
        if self._names is not None:
            return self._names
        if self.players is not None:
            from app.screens.yahtzee.game import player_names

            return player_names(self.players)
        return [t("yresults.player", n=i + 1) for i in range(self.game.num_players)]

    def on_enter(self) -> None:
        self.app.sound.play("win")
        if self.high_score_seats() and not self._entered:
            self._entered = True
            self._enter_high_score()

    def _enter_high_score(self) -> None:
        from app.storage import StorageError

        mode = high_score_mode(self.state)
        returns = self.state.returns()
        made: list[str] = []
        try:
            for seat in self.high_score_seats():
                rank = self.high_scores.add(mode, self.names[seat], int(returns[seat]), self.date)
                if self.solo_human:
                    self.rank = rank
                elif rank is not None:
                    made.append(t("yresults.named_high", name=self.names[seat], rank=rank))
        except (StorageError, OSError) as exc:  # a full card: the game is over all the same
            self.app.toast(t("yresults.save_failed", error=str(exc)))
        if made:
            self.app.toast("  |  ".join(made))
        self.table = self.high_scores.load(mode)

    def high_score_seats(self) -> list[int]:
        """The seats whose totals enter the table: a solo human, or every named human seat."""
        if self.solo_human:
            return [0]
        return [
            i
            for i, p in enumerate(self.players or [])
            if not getattr(p, "computer", False) and getattr(p, "name", "")
        ]

    # -- actions -----------------------------------------------------------------------------------------
    def action_next(self) -> None:
        self.app.sound.play("select")
        self.dismiss(True)

    def action_home(self) -> None:
        self.dismiss(None)

    def action_again(self) -> None:
        """A new game with the same seats (the caller starts it)."""
        self.app.sound.play("select")
        self.dismiss(AGAIN)

    def action_back(self) -> None:
        self.dismiss(None)

    def bindings(self) -> tuple[Binding, ...]:
        label = "yresults.action.review" if self.review else "yresults.action.next"
        own = (
            Binding(Button.SELECT, "next", label),
            Binding(Button.DIGIT_2, "again", "yresults.action.again"),
            Binding(Button.BACK, "home", "action.home"),
        )
        taken = (Button.SELECT, Button.DIGIT_2, Button.BACK)
        return own + tuple(b for b in super().bindings() if b.button not in taken)

    # -- drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        widgets.background(surface, theme)
        safe = theme.safe
        widgets.title(surface, app, t("yresults.title") + " — " + t(f"yahtzee.mode.{self.game.mode}"))
        head_size = theme.font("heading")
        y = safe.y + app.text.line_height(theme.font("title"), bold=True) + theme.px(8)
        line = headline(self.state, self.names)
        self._text(surface, line, head_size, "accent", (safe.x, y), safe.w, bold=True)
        y += app.text.line_height(head_size, bold=True) + theme.px(14)
        bar = widgets.help_bar(surface, app, self)
        body = pygame.Rect(safe.x, y, safe.w, bar.y - theme.px(10) - y)
        if self.solo_human:
            table_w = int(body.w * 0.5)
            self._totals(surface, pygame.Rect(body.x, body.y, table_w - theme.px(16), body.h))
            self._high_scores(surface, pygame.Rect(body.x + table_w, body.y, body.w - table_w, body.h))
        else:
            self._totals(surface, body)

    def _totals(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Rows of sections and bonuses, one column per player; the winners' column outlined."""
        app, theme = self.app, self.theme
        rows = result_rows(self.state)
        names = self.names
        n = len(names)
        size = theme.font("body") if n <= 2 else theme.font("small")
        line_h = app.text.line_height(size)
        row_h = min(int(line_h * 1.5), max(line_h + 2, (area.h - line_h) // (len(rows) + 1)))
        # the labels' column holds the longest label whole (within reason)
        widest = max(app.text.size(row.label, size, bold=row.total)[0] for row in rows) + theme.px(24)
        label_w = min(max(int(area.w * (0.42 if n <= 2 else 0.34)), widest), int(area.w * 0.6))
        col_w = (area.w - label_w) // n
        winners = set(self.state.winners()) if n > 1 else set()
        for p in range(n):
            column = pygame.Rect(
                area.x + label_w + p * col_w, area.y, col_w - theme.px(6), row_h * (len(rows) + 1)
            )
            if p in winners:
                widgets.panel(
                    surface,
                    self.theme.mirror(column, self.rtl),
                    theme.colour("panel_focus"),
                    theme.radius,
                    theme.px(3),
                    theme.colour("accent"),
                )
            self._text(
                surface,
                names[p],
                size,
                "accent" if p in winners else "text_dim",
                (column.right - theme.px(10), area.y + (row_h - line_h) // 2),
                col_w - theme.px(16),
                anchor="topright",
                bold=True,
            )
        for i, row in enumerate(rows):
            y = area.y + (i + 1) * row_h
            if row.total:
                pygame.draw.line(
                    surface,
                    theme.colour("text_dim"),
                    self.theme.mirror(pygame.Rect(area.x, y, area.w, 1), self.rtl).topleft,
                    self.theme.mirror(pygame.Rect(area.x, y, area.w, 1), self.rtl).topright,
                    max(1, theme.px(2)),
                )
            ty = y + (row_h - line_h) // 2
            colour = "text" if row.total else "text_dim"
            self._text(
                surface,
                row.label,
                size,
                colour,
                (area.x + theme.px(8), ty),
                label_w - theme.px(12),
                bold=row.total,
            )
            for p, value in enumerate(row.values):
                right = area.x + label_w + (p + 1) * col_w - theme.px(16)
                self._text(
                    surface,
                    format_number(value),
                    size,
                    "text",
                    (right, ty),
                    col_w - theme.px(16),
                    anchor="topright",
                    bold=row.total,
                )

    def _high_scores(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The mode's top ten, this game's entry marked, and whether it made it."""
        app, theme = self.app, self.theme
        size = theme.font("small")
        line_h = app.text.line_height(size)
        head = t("yresults.high_scores", mode=t(f"yahtzee.mode.{self.game.mode}"))
        self._text(surface, head, size, "accent", (area.x, area.y), area.w, bold=True)
        y = area.y + line_h + theme.px(8)
        note = t("yresults.new_high", rank=self.rank) if self.rank else t("yresults.no_high")
        self._text(surface, note, size, "text" if self.rank else "text_dim", (area.x, y), area.w)
        y += line_h + theme.px(8)
        row_h = min(line_h + theme.px(8), max(line_h, (area.bottom - y) // max(1, len(self.table))))
        for i, entry in enumerate(self.table):
            if y + row_h > area.bottom:
                break
            band = pygame.Rect(area.x, y - theme.px(2), area.w, row_h - theme.px(2))
            if self.rank == i + 1:
                widgets.panel(
                    surface,
                    theme.mirror(band, self.rtl),
                    theme.colour("panel_focus"),
                    theme.px(8),
                    theme.px(2),
                    theme.colour("accent"),
                )
            elif i % 2 == 0:
                widgets.panel(surface, theme.mirror(band, self.rtl), theme.colour("panel"), theme.px(8))
            rank_w = app.text.size(format_number(10) + ".", size)[0] + theme.px(14)
            self._text(
                surface, format_number(i + 1) + ".", size, "text_dim", (area.x + theme.px(6), y), rank_w
            )
            score_w = app.text.size(format_number(1500), size, bold=True)[0] + theme.px(10)
            name_w = area.w - rank_w - score_w - theme.px(130)
            self._text(surface, entry.name, size, "text", (area.x + rank_w, y), name_w)
            self._text(
                surface,
                format_number(entry.score),
                size,
                "text",
                (area.right - theme.px(8), y),
                score_w,
                anchor="topright",
                bold=True,
            )
            date = format_date(entry.date)
            self._text(
                surface,
                date,
                size,
                "text_dim",
                (area.right - score_w - theme.px(12), y),
                theme.px(120),
                anchor="topright",
            )
            y += row_h


def format_date(iso: str) -> str:
    """A high score's date as "29 Nov" in the UI language (the ISO text if it is damaged)."""
    from datetime import date

    try:
        day = date.fromisoformat(iso)
    except ValueError:
        return iso
    return f"{day.day} {t(f'yresults.month.{day.month}')}"


# -- scenes ----------------------------------------------------------------------------------------------
def _finished_game(name: str, players: int, seed: int) -> YahtzeeState:
    """A whole game played by the greedy computer player with a fixed seed."""
    import numpy as np

    from engines.core import load_game, play_out
    from engines.yahtzee.players import make_player

    game = load_game(name, num_players=players)
    rng = np.random.default_rng(seed)
    return play_out(game.new_initial_state(), rng, make_player("greedy", game, rng))


def _register_scenes() -> None:
    from app.scenes import scene

    @scene(
        "yahtzee-results", "end of a solo Classic game: the totals and the high scores by name, a new entry"
    )
    def _solo(app: Any) -> None:
        from app.match import PlayerSpec

        for name, score, day in (("Sara", 251, "2026-11-02"), ("Ali", 188, "2026-11-14")):
            app.high_scores.add("yahtzee-classic", name, score, day)
        app.push(
            ResultsScreen(
                _finished_game("yahtzee-classic", 1, 5),
                high_scores=app.high_scores,
                players=[PlayerSpec(False, name="Sara")],
                date="2026-11-29",
            )
        )

    @scene("yahtzee-results-painted", "end of a three-player Painted game: colour section, bonuses, winner")
    def _painted(app: Any) -> None:
        app.push(ResultsScreen(_finished_game("yahtzee-painted", 3, 2), high_scores=app.high_scores))

    @scene("yahtzee-results-dice-party", "end of a Dice Party game (two players)")
    def _dice_party(app: Any) -> None:
        app.push(ResultsScreen(_finished_game("dice-party", 2, 11), high_scores=app.high_scores))


_register_scenes()
