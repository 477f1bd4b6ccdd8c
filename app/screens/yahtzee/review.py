"""The game review: every human decision that gave up expected points against optimal play.

After a Classic or Dice Party game, like a chess engine's game review: for each hold (the dice kept
when the player rolled again) and each box chosen, the optimal table (:mod:`engines.yahtzee.solver`,
through :func:`engines.yahtzee.ai.analyse`) values every option of that position as the expected
final score under optimal play from there. A decision *lost points* when the option taken is worth
less than the best one (by more than :data:`LOSS_EPSILON`, so floating-point ties between equal
holds are not flagged). The screen walks through those decisions (LEFT/RIGHT), showing the dice,
the choice, the better choice and the points lost, under a summary line: the expected points lost
in all and the accuracy (the share of decisions that were optimal).

The decisions are the game screen's record (:mod:`app.screens.yahtzee.decisions`): one per human
action with the engine's save dict of the position before it. Hold toggles are steps of the hold;
the hold is judged at the roll that follows it. The first roll of a turn is no decision.

The analysis runs in a worker thread (loading, or building in a background process, the optimal
table first) with progress on screen; the frame never waits for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from app import widgets
from app.i18n import format_number, t
from app.screen import Binding, Screen, focus_step
from app.screens.dice_game import MirroredText
from app.screens.yahtzee.hint import dice_words, optimal_solver
from app.work import Task, yield_gil
from engines.core import SaveFormatError
from engines.yahtzee.game import ROLL, SCORE, YahtzeeGame
from remote.buttons import Button

if TYPE_CHECKING:
    from app.screens.yahtzee.decisions import Decision
    from engines.yahtzee.ai import Option
    from engines.yahtzee.game import YahtzeeState
    from engines.yahtzee.solver import Solver

LOSS_EPSILON = 1e-6
"""Expected points below which a choice counts as optimal (equal holds differ by rounding only)."""
GRADES = ((1.0, "inaccuracy"), (5.0, "mistake"), (float("inf"), "blunder"))
"""Points lost below each limit -> the word the review uses (chess-style)."""
OPTIONS_SHOWN = 4


@dataclass(frozen=True)
class ReviewedDecision:
    """One judged decision that lost points."""

    index: int
    """Its place in the game's decision record."""
    player: int
    turn: int
    """The player's turn, from 1."""
    roll: int
    """Rolls made before the decision (1-3)."""
    kind: str
    """"hold" (rolled again keeping these dice) or "box" (scored)."""
    numbers: tuple[int, ...]
    held: tuple[bool, ...]
    """The dice kept (for a hold); all False for a box."""
    chosen: Option
    best: Option
    options: tuple[Option, ...]
    """The best few options of the position, best first."""
    points: dict[str, int] = field(default_factory=dict, compare=False)
    """What each box among the options would have scored (Joker and bonus rules as the engine has them)."""

    @property
    def lost(self) -> float:
        return self.best.expected - self.chosen.expected

    @property
    def grade(self) -> str:
        return next(word for limit, word in GRADES if self.lost < limit)


@dataclass
class PlayerSummary:
    decisions: int = 0
    optimal: int = 0
    lost: float = 0.0

    @property
    def accuracy(self) -> float:
        """Percent of the decisions that were optimal (100 with no decision)."""
        return 100.0 * self.optimal / self.decisions if self.decisions else 100.0


@dataclass
class Review:
    """The review of a game: the decisions that lost points, and totals per player and overall."""

    items: list[ReviewedDecision] = field(default_factory=list)
    players: dict[int, PlayerSummary] = field(default_factory=dict)

    @property
    def total(self) -> PlayerSummary:
        out = PlayerSummary()
        for summary in self.players.values():
            out.decisions += summary.decisions
            out.optimal += summary.optimal
            out.lost += summary.lost
        return out


def judged_choice(state: YahtzeeState, action: int) -> tuple[str, str] | None:
    """The analysis option text of a human action in ``state`` and its kind ("hold" or "box"),
    or None when the action is no decision to judge (a toggle, the first roll, an undo)."""
    obs = state.to_dict(state.current_player())
    if action >= SCORE:
        return f"score {state.game.boxes[action - SCORE].key}", "box"
    if action == ROLL and obs["rolls"] > 0:
        kept = sorted(d["number"] for d in obs["dice"] if d["held"] and not d["power"])
        return "hold " + (" ".join(map(str, kept)) if kept else "nothing"), "hold"
    return None


def review_decisions(
    decisions: Sequence[Decision],
    game: YahtzeeGame,
    solver: Solver,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Review:
    """Judge every decision against optimal play (see the module docstring).

    ``progress(done, total)`` is called after each decision; ``cancelled()`` returning True stops
    early (the review so far is returned). Decisions whose position cannot be rebuilt (a damaged
    record) are skipped.
    """
    from engines.yahtzee.ai import analyse

    review = Review()
    state_type = type(game.new_initial_state())
    total = len(decisions)
    for i, decision in enumerate(decisions):
        if cancelled is not None and cancelled():
            break
        try:
            state = state_type.from_dict(game, decision.state_before)
        except SaveFormatError:
            continue
        if state.current_player() != decision.player or decision.action not in state.legal_actions():
            continue
        judged = judged_choice(state, decision.action)
        if judged is not None:
            text, kind = judged
            options = analyse(state, solver)
            chosen = next((o for o in options if o.action == text), None)
            if chosen is not None:
                summary = review.players.setdefault(decision.player, PlayerSummary())
                summary.decisions += 1
                lost = options[0].expected - chosen.expected
                if lost <= LOSS_EPSILON:
                    summary.optimal += 1
                else:
                    summary.lost += lost
                    obs = state.to_dict(decision.player)
                    dice = [d for d in obs["dice"] if not d["power"]]
                    shown = (chosen, *options[:OPTIONS_SHOWN])
                    boxes = {b.key: b.id for b in game.boxes}
                    points = {o.box: state.box_value(boxes[o.box]) for o in shown if o.box is not None}
                    review.items.append(
                        ReviewedDecision(
                            index=i,
                            player=decision.player,
                            turn=obs["turns"][decision.player] + 1,
                            roll=obs["rolls"],
                            kind=kind,
                            numbers=tuple(d["number"] for d in dice),
                            held=tuple(bool(d["held"]) and kind == "hold" for d in dice),
                            chosen=chosen,
                            best=options[0],
                            options=tuple(options[:OPTIONS_SHOWN]),
                            points=points,
                        )
                    )
        if progress is not None:
            progress(i + 1, total)
    return review


def choice_words(game: YahtzeeGame, option: Option, points: dict[str, int] | None = None) -> str:
    """An option as the review says it: "hold 3 3 5 and roll", "score Full House (25)"."""
    from app.screens.yahtzee.hint import box_label

    if option.hold is None:
        box = next(b for b in game.boxes if b.key == option.box)
        return t("yreview.choice.box", box=box_label(game, box), points=(points or {}).get(box.key, 0))
    if not option.hold:
        return t("yreview.choice.roll_all")
    return t("yreview.choice.hold", dice=dice_words(option.hold))


class ReviewScreen(MirroredText, Screen):
    """Walk through the decisions that lost points: LEFT/RIGHT step, BACK leaves.

    ``solver`` is the optimal table to judge with (default: the mode's table, loaded or built in
    the background); ``names`` the players' names (default "Player n").
    """

    BINDINGS = (
        Binding(Button.LEFT, "step", "yreview.action.step", args=(Button.LEFT,)),
        Binding(Button.RIGHT, "step", "yreview.action.step", args=(Button.RIGHT,)),
        Binding(Button.BACK, "back", "action.back"),
    )

    def __init__(
        self,
        decisions: Sequence[Decision],
        game: YahtzeeGame,
        *,
        solver: Solver | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        super().__init__()
        self.decisions = list(decisions)
        self.game = game
        self.solver = solver
        self._names = list(names) if names is not None else None
        self.current = 0
        self.review: Review | None = None
        self.job: Task | None = None
        self._seen = -1

    def name(self, player: int) -> str:
        if self._names is not None and player < len(self._names):
            return self._names[player]
        return t("yresults.player", n=player + 1)

    # -- the worker ----------------------------------------------------------------------------------
    def on_enter(self) -> None:
        # started once the first frame is drawn
        self.job = self.app.work.submit(self._work, "yahtzee-review", start=False)

    def on_leave(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def _work(self, job: Task) -> None:
        solver = self.solver or optimal_solver(self.game, job)
        if solver is None:
            job.post("no_table", True)
            return
        job.progress = None

        def progress(done: int, total: int) -> None:
            job.post("done", (done, total))
            yield_gil()

        job.post(
            "review", review_decisions(self.decisions, self.game, solver, progress, lambda: job.cancelled)
        )

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Block until the review is ready (screenshots and tests)."""
        done = self.job is None or self.job.wait(timeout)
        self._take_results()
        return done

    @property
    def passing(self) -> bool:
        return self.ticking  # scripted runs wait for the numbers

    @property
    def ticking(self) -> bool:
        # waiting for the worker: nothing moves, the picture changes when its results arrive
        return self.job is not None and (self.job.running or self.job.version != self._seen)

    def update(self, dt: float) -> None:
        self._take_results()

    def _take_results(self) -> None:
        job = self.job
        if job is None or job.version == self._seen:
            return
        self._seen = job.version
        if self.review is None and job.get("review") is not None:
            self.review = job.get("review")
        self.refresh()

    # -- actions ---------------------------------------------------------------------------------------
    def action_step(self, button: Button) -> None:
        step = focus_step(button, self.rtl)
        count = len(self.review.items) if self.review else 0
        new = min(max(0, self.current + step), max(0, count - 1))
        if new != self.current:
            self.current = new
            self.app.sound.play("move")

    def check_action(self, action: str, args: tuple[Any, ...]) -> bool:
        if action == "step":
            if self.review is None:
                return False
            new = self.current + focus_step(args[0], self.rtl)
            return 0 <= new < len(self.review.items)
        return True

    # -- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._draw(surface)
        if self.job is not None:
            self.job.start()

    def _draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.theme
        widgets.background(surface, theme)
        safe = theme.safe
        widgets.title(surface, app, t("yreview.title") + " — " + t(f"yahtzee.mode.{self.game.mode}"))
        y = safe.y + app.text.line_height(theme.font("title"), bold=True) + theme.px(10)
        bar = widgets.help_bar(surface, app, self)
        area = pygame.Rect(safe.x, y, safe.w, bar.y - theme.px(10) - y)
        if self.review is None:
            self._waiting(surface, area)
            return
        y = self._summary(surface, area)
        items = self.review.items
        card = pygame.Rect(area.x, y + theme.px(10), area.w, area.bottom - y - theme.px(10))
        if not items:
            key = "yreview.perfect" if self.review.total.decisions else "yreview.nothing"
            self._text(
                surface, t(key), theme.font("heading"), "accent", (card.x, card.y + theme.px(30)), card.w
            )
            return
        self._item(surface, card, items[min(self.current, len(items) - 1)])

    def _waiting(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        theme = self.theme
        job = self.job
        size = theme.font("body")
        fraction = 0.0
        if job is not None and job.error:
            text = t("yreview.error", error=job.error)
        elif job is not None and job.get("no_table"):
            text = t("yreview.no_table")
        elif job is not None and job.get("done") is not None:
            done, total = job.get("done")
            text = t("yreview.progress", done=done, total=total)
            fraction = done / max(1, total)
        elif job is not None and job.progress is not None:
            text = t("yreview.preparing", percent=int(100 * job.progress))
            fraction = job.progress
        else:
            text = t("yreview.progress", done=0, total=len(self.decisions))
        y = area.y + area.h // 3
        self._text(surface, text, size, "text", (area.x, y), area.w)
        track = pygame.Rect(area.x, y + self.app.text.line_height(size) + theme.px(14), area.w, theme.px(18))
        widgets.panel(surface, track, theme.colour("panel"), track.h // 2)
        if fraction > 0:
            fill = pygame.Rect(track.x, track.y, max(track.h, int(track.w * fraction)), track.h)
            widgets.panel(surface, theme.mirror(fill, self.rtl), theme.colour("accent"), track.h // 2)

    def _summary(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The summary line(s); returns the y below them."""
        theme, review = self.theme, self.review
        size = theme.font("small")
        line_h = self.app.text.line_height(size)
        y = area.y
        total = review.total
        lines = [
            t(
                "yreview.summary",
                decisions=total.decisions,
                optimal=total.optimal,
                accuracy=round(total.accuracy, 1),
                lost=round(total.lost, 1),
            )
        ]
        if len(review.players) > 1:
            for player, summary in sorted(review.players.items()):
                lines.append(
                    t(
                        "yreview.summary_player",
                        name=self.name(player),
                        decisions=summary.decisions,
                        accuracy=round(summary.accuracy, 1),
                        lost=round(summary.lost, 1),
                    )
                )
        for text in lines:
            for line in self.app.text.wrap(text, size, area.w):  # a long summary takes two lines
                self._text(surface, line, size, "text", (area.x, y), area.w)
                y += line_h
            y += theme.px(2)
        return y

    def _item(self, surface: pygame.Surface, card: pygame.Rect, item: ReviewedDecision) -> None:
        app, theme, game = self.app, self.theme, self.game
        widgets.panel(
            surface, card, theme.colour("panel"), theme.radius, theme.px(2), theme.colour("panel_focus")
        )
        pad = theme.px(18)
        inner = card.inflate(-2 * pad, -2 * pad)
        body = theme.font("body")
        small = theme.font("small")
        line_b = app.text.line_height(body)
        line_s = app.text.line_height(small)
        total = len(self.review.items)
        counter = t("yreview.counter", n=self.current + 1, total=total)
        grade = t(f"yreview.grade.{item.grade}")
        self._text(
            surface,
            grade,
            body,
            "error" if item.grade == "blunder" else "accent",
            (inner.x, inner.y),
            inner.w // 2,
            bold=True,
        )
        self._text(
            surface, counter, small, "text_dim", (inner.right, inner.y), inner.w // 3, anchor="topright"
        )
        y = inner.y + line_b + theme.px(2)
        where = t("yreview.where", name=self.name(item.player), turn=item.turn, roll=item.roll)
        self._text(surface, where, small, "text_dim", (inner.x, y), inner.w)
        y += line_s + theme.px(6)
        die_h = min(theme.px(64), inner.h // 4)
        half = (inner.w - theme.px(24)) // 2
        cell_w = min(theme.round_w(die_h * 1.2), half // 5)
        rows_of_dice = [(t("yreview.played_dice"), item.held, "text_dim")]
        if item.best.hold is not None:
            from engines.yahtzee.ai import holds_for

            better = tuple(holds_for(item.numbers, item.best.hold))
            rows_of_dice.append((t("yreview.better_dice"), better, "held"))
        for k, (caption, held, colour) in enumerate(rows_of_dice):
            x = inner.x + k * (half + theme.px(24))
            self._text(surface, caption, small, colour, (x, y), half)
            for i, number in enumerate(item.numbers):
                rect = pygame.Rect(x + i * cell_w, y + line_s + theme.px(2), cell_w, die_h)
                widgets.draw_die_themed(surface, app, theme.mirror(rect, self.rtl), number, held[i])
        y += line_s + die_h + theme.px(10)
        lost = t("yreview.lost", lost=format_number(round(item.lost, 2)) if item.lost >= 0.005 else "<0.01")
        rows = [
            (
                t("yreview.chosen", choice=choice_words(game, item.chosen, item.points)),
                item.chosen.expected,
                "text",
            ),
            (
                t("yreview.better", choice=choice_words(game, item.best, item.points)),
                item.best.expected,
                "held",
            ),
        ]
        for text, expected, colour in rows:
            self._text(surface, text, body, colour, (inner.x, y), int(inner.w * 0.62), bold=True)
            score = t("yreview.expected", score=format_number(round(expected, 1)))
            self._text(
                surface,
                score,
                small,
                "text_dim",
                (inner.right, y + (line_b - line_s) // 2),
                int(inner.w * 0.36),
                anchor="topright",
            )
            y += line_b + theme.px(4)
        self._text(surface, lost, body, "accent", (inner.x, y), inner.w, bold=True)
        y += line_b + theme.px(8)
        others = [o for o in item.options if o.action not in (item.chosen.action, item.best.action)]
        if others and y + 2 * line_s < inner.bottom:
            self._text(surface, t("yreview.other_options"), small, "text_dim", (inner.x, y), inner.w)
            y += line_s + theme.px(2)
            for option in others:
                if y + line_s > inner.bottom:
                    break
                self._text(
                    surface,
                    choice_words(game, option, item.points),
                    small,
                    "text",
                    (inner.x + theme.px(16), y),
                    int(inner.w * 0.6),
                )
                self._text(
                    surface,
                    format_number(round(option.expected, 1)),
                    small,
                    "text_dim",
                    (inner.right, y),
                    int(inner.w * 0.3),
                    anchor="topright",
                )
                y += line_s


# -- a scripted game with known choices (scenes, tests) ----------------------------------------------------
def play_recorded(
    state: YahtzeeState,
    solver: Solver,
    rng: Any,
    picks: dict[tuple[int, int, int], int] | None = None,
    humans: Sequence[int] = (0,),
) -> list[Decision]:
    """Play ``state`` to the end, every player choosing by the analysis with ``solver``: the best
    option, except at ``picks[(player, turn, roll)] = rank`` where the option of that rank is taken.
    Returns the decision record of the ``humans`` (every action, toggles included, like the game
    screen keeps it)."""
    from app.screens.yahtzee.decisions import Decision
    from engines.core import sample_chance
    from engines.yahtzee.ai import analyse, holds_for
    from engines.yahtzee.game import toggle_hold

    picks = picks or {}
    record: list[Decision] = []

    def act(player: int, action: int) -> None:
        if player in humans:
            record.append(Decision(player, state.to_dict(), action))
        state.apply_action(action)

    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        player = state.current_player()
        obs = state.to_dict(player)
        if obs["rolls"] == 0:
            act(player, ROLL)
            continue
        options = analyse(state, solver)
        rank = picks.get((player, obs["turns"][player] + 1, obs["rolls"]), 0)
        option = options[min(rank, len(options) - 1)]
        if option.hold is None:
            act(player, SCORE + next(b.id for b in state.game.boxes if b.key == option.box))
            continue
        wanted = holds_for(state.numbers(), option.hold)
        for die, (want, seen) in enumerate(zip(wanted, obs["dice"], strict=False)):
            if want != seen["held"]:
                act(player, toggle_hold(die))
        act(player, ROLL)
    return record


def _register_scenes() -> None:
    import numpy as np

    from app.scenes import scene
    from app.screens.yahtzee.hint import CLASSIC_SCENE_TURNS, play_turns, subgame_solver
    from engines.core import load_game

    filled = [key for _, key in CLASSIC_SCENE_TURNS]

    @scene("yahtzee-review", "game review after a Classic game: a decision that lost points, the better one")
    def _classic(app: Any) -> None:
        game = load_game("yahtzee-classic")
        state = game.new_initial_state()
        play_turns(state, CLASSIC_SCENE_TURNS)
        solver = subgame_solver("classic", filled)
        picks = {(0, 7, 1): 3, (0, 9, 2): 1, (0, 10, 1): 6, (0, 12, 1): 2}
        decisions = play_recorded(state, solver, np.random.default_rng(4), picks)
        screen = ReviewScreen(decisions, game, solver=solver)
        app.push(screen)
        screen.wait()

    @scene(
        "yahtzee-review-dice-party", "game review after Dice Party with two humans: both players' summaries"
    )
    def _dice_party(app: Any) -> None:
        game = load_game("dice-party", num_players=2)
        state = game.new_initial_state()
        for turn in CLASSIC_SCENE_TURNS:
            play_turns(state, [turn, turn])
        solver = subgame_solver("dice-party", filled)
        picks = {(0, 8, 1): 2, (1, 8, 2): 1, (1, 11, 1): 4, (0, 12, 2): 3}
        decisions = play_recorded(state, solver, np.random.default_rng(9), picks, humans=(0, 1))
        screen = ReviewScreen(decisions, game, solver=solver)
        app.push(screen)
        screen.wait()


_register_scenes()
