"""The hint screen, key 5 ("view die sides"): every die's faces and the live odds of the position.

For the player to act it shows

- every die's six faces (the Painted colours, the Power die's 1/2/3/Freeze/Double/Power), the face
  each die shows now ringed and the held dice marked;
- for each open box: what it scores now, the chance it is made by the next roll with the current
  holds, and the chance it is made by the end of the turn with the best holds for it (exact:
  :mod:`engines.yahtzee.odds`), and that best hold drawn as dice for the box under the cursor;
- what the computer would do here (hold and roll, or which box);
- every option with its final score and the points it gives up against the best: in Classic and
  Dice Party the expected score under optimal play (:func:`engines.yahtzee.ai.analyse`), in
  Painted and Power the hard player's estimate (:func:`engines.yahtzee.ai_painted_power.analyse`:
  the exact turn, the rest of the card from fitted values).

Nothing here may freeze the frame: the die faces are drawn at once, and whatever may take longer
than a frame (the mode's odds tables the first time, loading or building the optimal table, the
computer's choice) runs as background work (:class:`app.work.Task`) while the screen keeps
drawing; the odds appear as they arrive. Once a mode's odds tables exist, a hint costs well under a
millisecond and is computed on the spot.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING, Any

from app.work import Task, yield_gil
from engines.yahtzee.dice import power_grants_extra_roll
from engines.yahtzee.game import ROLL, TOGGLE_HOLD, YahtzeeGame
from engines.yahtzee.odds import BoxOdds, box_odds, forget_mode_odds, mode_odds, mode_odds_ready
from engines.yahtzee.scoring import Box

if TYPE_CHECKING:
    import pygame

    from engines.yahtzee.game import YahtzeeState
    from engines.yahtzee.solver import Solver

OPTIMAL_MODES = ("classic", "dice-party")
"""Modes with an optimal table (:mod:`engines.yahtzee.solver`): options show expected final scores."""


# -- what the computer would do --------------------------------------------------------------------
@dataclass(frozen=True)
class ComputerChoice:
    """The computer's next move from the position: a hold and a roll, or a box."""

    hold: tuple[bool, ...] | None = None
    """Which dice it holds before rolling (None when it scores)."""
    box: str | None = None
    """The key of the box it scores in (None when it rolls)."""
    pair: tuple[str, ...] = ()
    """A Double's second box, scored after ``box``."""


def option_choice(option: Any, state: YahtzeeState) -> ComputerChoice:
    """An analysis option as a :class:`ComputerChoice` over the state's dice: Classic's
    (:class:`engines.yahtzee.ai.Option`, the numbers kept) or Painted and Power's
    (:class:`engines.yahtzee.ai_painted_power.Option`, each die kept or not, a Double's two boxes)."""
    from engines.yahtzee.ai import holds_for

    boxes = getattr(option, "boxes", None)
    if boxes is not None:  # Painted, Power
        if option.hold is None:
            return ComputerChoice(box=boxes[0], pair=tuple(boxes[1:]))
        return ComputerChoice(hold=tuple(option.hold))
    if option.hold is None:
        return ComputerChoice(box=option.box)
    numbers = state.numbers()
    return ComputerChoice(
        hold=tuple(holds_for(numbers, option.hold)) + (False,) * (len(state.game.all_dice) - 5)
    )


# -- the optimal table, without ever blocking the frame ----------------------------------------------
def optimal_solver(game: YahtzeeGame, job: Task | None = None) -> Solver | None:
    """The optimal table for ``game`` (Classic, Dice Party): from memory, the disk cache, or a
    background build (progress goes to ``job``). Call it from a worker, never the drawing thread.
    None if the mode has no table or the build failed."""
    if game.mode not in OPTIMAL_MODES:
        return None
    from engines.yahtzee import ai

    rules = ai.solver_rules(game)
    prep = ai.table_preparer(rules)
    while not prep.ready and prep.error is None:
        if job is not None:
            if job.cancelled:
                return None
            job.progress = prep.progress
        prep.wait(0.05)
    return prep.solver()


# -- words -----------------------------------------------------------------------------------------
def box_label(game: YahtzeeGame, box: Box) -> str:
    """A box's name as the game screen's card prints it, in the UI language."""
    from app.screens.yahtzee.scorecard import box_name

    return box_name(game, box)


def dice_words(numbers: Sequence[int]) -> str:
    """Numbers of dice as the player reads them: "3 3 5" ("3-3-5" in Persian, whose digits would
    otherwise run together; digits are localised when drawn)."""
    from app import i18n

    return ("-" if i18n.current_language() == "fa" else " ").join(str(n) for n in numbers)


def choice_text(game: YahtzeeGame, choice: ComputerChoice, numbers: Sequence[int]) -> str:
    """ "hold 3 3 5 and roll" / "score Full House" in the UI language."""
    from app.i18n import t

    if choice.box is not None:
        return t("yhint.choice.box", box=boxes_label(game, (choice.box, *choice.pair)))
    kept = [n for n, held in zip(numbers, choice.hold or (), strict=False) if held]
    extra = ""
    if game.power_die is not None and choice.hold and len(choice.hold) > 5 and choice.hold[5]:
        extra = t("yhint.choice.and_power")
    if not kept:
        return t("yhint.choice.roll_all") + extra
    return t("yhint.choice.hold", dice=dice_words(sorted(kept))) + extra


def boxes_label(game: YahtzeeGame, keys: Sequence[str]) -> str:
    """Box names joined ("Fours + Fives" for a Double's pair)."""
    return " + ".join(box_label(game, next(b for b in game.boxes if b.key == key)) for key in keys)


def painted_dice_words(kept: Sequence[tuple[int, str]], *, named: bool = False) -> str:
    """Painted dice as the player reads them, each its number and colour, so two holds of the same
    numbers in other colours read apart without the pictures: "3R 4B" (a letter per colour, for a
    table row) or, ``named``, "red 3, blue 4" (the letters' key, where there is room).

    >>> painted_dice_words([(3, "red"), (4, "blue")]), painted_dice_words([(3, "red")], named=True)
    ('3R 4B', 'red 3')
    """
    from app.i18n import t

    if named:
        words = [t("yhint.painted.named", number=n, colour=t(f"yhint.colour.{c}")) for n, c in kept]
        return t("yhint.painted.join").join(words)
    return " ".join(
        t("yhint.painted.lettered", number=n, letter=t(f"yhint.colour_letter.{c}")) for n, c in kept
    )


def option_text(
    game: YahtzeeGame,
    option: Any,
    numbers: Sequence[int] = (),
    *,
    short: bool = False,
    colours: Sequence[str | None] = (),
    named: bool = False,
) -> str:
    """An analysis option in the UI language; ``numbers`` are the dice showing (Painted and Power
    options say which dice they keep by position), ``colours`` their colours in Painted: then each
    kept die is written with its colour (a letter, or its name if ``named``: see
    :func:`painted_dice_words`). ``short``: the table's form for a narrow column."""
    from app.i18n import t
    from app.screens.yahtzee.scorecard import box_short_name

    boxes = getattr(option, "boxes", None)
    if boxes is not None:  # Painted, Power
        if option.hold is None:
            if short:
                names = [box_short_name(game, next(b for b in game.boxes if b.key == key)) for key in boxes]
                return t("yhint.option.box", box=" + ".join(names))
            return t("yhint.option.box", box=boxes_label(game, boxes))
        held = [i for i, h in enumerate(option.hold[: len(numbers)]) if h]
        power = len(option.hold) > len(numbers) and option.hold[-1]
        if not held:
            return t("yhint.option.power_only") if power else t("yhint.option.roll_all")
        if len(colours) >= len(numbers) and all(colours[i] for i in held):
            words = painted_dice_words(sorted((numbers[i], colours[i]) for i in held), named=named)
        else:
            words = dice_words(sorted(numbers[i] for i in held))
        words += t("yhint.option.and_power") if power else ""
        return t("yhint.option.hold_short" if short else "yhint.option.hold", dice=words)
    if option.hold is None:
        return t("yhint.option.box", box=box_label(game, next(b for b in game.boxes if b.key == option.box)))
    if not option.hold:
        return t("yhint.option.roll_all")
    return t("yhint.option.hold", dice=dice_words(option.hold))


def percent(p: float | None) -> str:
    """A chance as the table prints it: "—" for none, "<1%" and ">99%" at the edges."""
    from app.i18n import format_number, t

    if p is None:
        return "—"
    if p <= 0:
        return format_number(0) + t("yhint.percent")
    if p >= 1:
        return format_number(100) + t("yhint.percent")
    value = 100 * p
    if value < 1:
        return "<" + format_number(1) + t("yhint.percent")
    if value > 99:
        return ">" + format_number(99) + t("yhint.percent")
    return format_number(round(value)) + t("yhint.percent")


# -- the screen ------------------------------------------------------------------------------------
POWER_DIE_RGB = (36, 36, 44)
POWER_FACE_KEYS = {"1": "yhint.face.x1", "2": "yhint.face.x2", "3": "yhint.face.x3"}


def face_look(
    app: Any, die_index: int, game: YahtzeeGame, face: Any
) -> tuple[int | str, tuple[int, int, int]]:
    """How a face is drawn: pips (an int) or the Power die's word, and the die's colour."""
    from app.i18n import t
    from app.screens.yahtzee import scorecard

    theme = app.theme
    if game.power_die is not None and die_index == len(game.dice):
        key = POWER_FACE_KEYS.get(face.label, f"yhint.face.{face.label.lower()}")
        return t(key), app.profile.safe_colour(POWER_DIE_RGB)
    if face.colour is not None:
        return face.number, app.profile.safe_colour(scorecard.PAINTED_RGB[face.colour])
    return face.number, theme.colour("die")


from app import widgets  # noqa: E402  (after the pure part: the computations above need no pygame)
from app.i18n import format_number, t  # noqa: E402
from app.screen import Binding, ModalScreen  # noqa: E402
from app.screens.dice_game import MirroredText  # noqa: E402
from remote.buttons import Button  # noqa: E402

ODDS, OPTIONS = "odds", "options"


class HintScreen(MirroredText, ModalScreen[None]):
    """Key 5 over the game: die sides, live odds, the computer's choice and (Classic, Dice Party)
    every option's expected final score. BACK or 5 closes it; UP/DOWN move along the boxes or
    options; LEFT/RIGHT switch between the odds and the options."""

    BINDINGS = (
        Binding(Button.UP, "move", "action.move", repeat=True, args=(-1,)),
        Binding(Button.DOWN, "move", "action.move", repeat=True, args=(1,)),
        Binding(Button.LEFT, "page", "yhint.action.pages", args=(-1,)),
        Binding(Button.RIGHT, "page", "yhint.action.pages", args=(1,)),
        Binding(Button.DIGIT_5, "close", "action.close"),
        Binding(Button.BACK, "close", "", show=False),
    )

    def __init__(self, state: YahtzeeState, *, lang: str | None = None, solver: Solver | None = None) -> None:
        super().__init__()
        self.state = state.clone()
        self.game: YahtzeeGame = state.game
        self.lang = lang
        self.solver = solver
        self.page = ODDS
        self.focus = 0
        self.option_focus = 0
        self.odds: list[BoxOdds] | None = None
        self.job: Task | None = None
        self._seen = -1
        self._spin = 0.0
        self._picture: tuple[tuple[Any, ...], pygame.Surface, list] | None = None
        playing = not (state.is_terminal() or state.is_chance_node())
        self.obs: dict[str, Any] | None = state.to_dict(state.current_player()) if playing else None
        self.rolled = playing and bool(self.obs["rolls"])
        self.numbers: tuple[int, ...] = state.numbers() if self.rolled else ()
        self.colours: tuple[str | None, ...] = (
            tuple(d["colour"] for d in self.obs["dice"] if not d["power"]) if self.rolled else ()
        )
        """The colours of the dice showing (Painted; None for uncoloured dice)."""
        self.optimal = self.game.mode in OPTIMAL_MODES
        self.playing = playing

    # -- lifecycle ---------------------------------------------------------------------------------
    def on_enter(self) -> None:
        if self.lang is not None and self.lang != self.app.lang:
            self._restore_lang = self.app.lang
            self.app.set_language(self.lang)
        if not self.playing:
            return
        if mode_odds_ready(self.game):  # a warm hint is far below a frame: no waiting at all
            self.odds = box_odds(self.state)
        # started after the first frame is drawn, so that frame does not share the interpreter
        self.job = self.app.work.submit(self._work, "yahtzee-hint", start=False)

    def on_leave(self) -> None:
        if self.job is not None:
            self.job.cancel()
        restore = getattr(self, "_restore_lang", None)
        if restore is not None:
            self.app.set_language(restore)

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Block until everything is computed (screenshots and tests), then take the results."""
        done = self.job is None or self.job.wait(timeout)
        self._take_results()
        return done

    def _work(self, job: Task) -> None:
        if self.odds is None:
            mode_odds(self.game)
            yield_gil()
            job.post("odds", box_odds(self.state))
        yield_gil()
        if job.cancelled:
            return
        if not self.rolled:
            return
        if self.optimal:
            from engines.yahtzee.ai import analyse

            solver = self.solver or optimal_solver(self.game, job)
            if solver is None or job.cancelled:
                job.post("no_table", True)
                return
            yield_gil()
            job.post("options", analyse(self.state, solver))
        else:
            from engines.yahtzee.ai_painted_power import analyse as estimate

            yield_gil()
            dice = [d for d in self.obs["dice"] if not d["power"]]
            job.post("options", distinct_options(estimate(self.state), dice))

    # -- polling the worker ----------------------------------------------------------------------------
    @property
    def passing(self) -> bool:
        return self.ticking  # scripted runs wait for the numbers

    @property
    def ticking(self) -> bool:
        # waiting for the worker: a timer whose dots change three times a second, not an animation
        return self.job is not None and (self.job.running or self.job.version != self._seen)

    def update(self, dt: float) -> None:
        dots = int(self._spin * 3)
        self._spin = (self._spin + dt) % 1.0
        if int(self._spin * 3) != dots:
            self.refresh()
        self._take_results()

    def _take_results(self) -> None:
        job = self.job
        if job is None or job.version == self._seen:
            return
        self._seen = job.version
        if self.odds is None and job.get("odds") is not None:
            self.odds = job.get("odds")
        self.refresh()

    @property
    def options(self) -> list[Any] | None:
        return None if self.job is None else self.job.get("options")

    @property
    def computer(self) -> ComputerChoice | None:
        """The computer's choice (the best option); None while unknown."""
        options = self.options
        return option_choice(options[0], self.state) if options else None

    # -- actions -----------------------------------------------------------------------------------------
    def action_close(self) -> None:
        self.dismiss(None)

    def action_move(self, step: int) -> None:
        if self.page == ODDS:
            count = len(self.odds or ())
            if count:
                self.focus = (self.focus + step) % count
        else:
            count = len(self.options or ())
            if count:
                self.option_focus = (self.option_focus + step) % count
        self.app.sound.play("move")

    def action_page(self, step: int) -> None:
        self.page = OPTIONS if self.page == ODDS else ODDS
        self.app.sound.play("move")

    def check_action(self, action: str, args: tuple[Any, ...]) -> bool:
        if action == "page":
            return self.rolled
        if action == "move":
            return len((self.odds if self.page == ODDS else self.options) or ()) > 1
        return True

    # -- drawing -----------------------------------------------------------------------------------------
    def _picture_key(self) -> tuple[Any, ...]:
        """Everything the picture depends on: while it is unchanged, the last picture is reused."""
        job = self.job
        waiting = job is not None and job.running
        return (
            self.theme.width,
            self.theme.height,
            self.app.lang,
            self.page,
            self.focus,
            self.option_focus,
            id(self.odds),
            None if job is None else job.version,
            int(self._spin * 3) if waiting else None,
            None if job is None or job.progress is None else int(100 * job.progress),
        )

    def draw(self, surface: pygame.Surface) -> None:
        safe = self.theme.safe
        key = self._picture_key()
        if self._picture is not None and self._picture[0] == key:
            surface.blit(self._picture[1], safe.topleft)
            self.app.text.replay(self._picture[2])
            return
        with self.app.text.capture() as runs:
            self._draw_all(surface)
        self.app.text.replay(runs)
        self._picture = (key, surface.subsurface(safe).copy(), runs)
        if self.job is not None:
            self.job.start()

    def _draw_all(self, surface: pygame.Surface) -> None:
        import pygame

        app, theme = self.app, self.theme
        frame = self.frame_rect()
        widgets.panel(
            surface, frame, theme.colour("background"), theme.radius, theme.px(3), theme.colour("accent")
        )
        # the game's own help bar lies under ours: cover the strip so only one reads
        safe, top = theme.safe, frame.bottom + theme.px(4)
        strip = pygame.Rect(safe.x, top, safe.w, safe.bottom - top)  # inside the cached picture
        surface.fill(theme.colour("shadow"), strip)
        widgets.help_bar(surface, app, self)
        pad = theme.px(18)
        inner = frame.inflate(-2 * pad, -2 * pad)
        title_size = theme.font("heading")
        title_h = app.text.line_height(title_size, bold=True)
        self._text(surface, t("yhint.title"), title_size, "text", (inner.x, inner.y), inner.w // 2, bold=True)
        self._text(
            surface,
            self._status_line(),
            theme.font("small"),
            "text_dim",
            (inner.right, inner.y + title_h // 4),
            inner.w // 2,
            anchor="topright",
        )
        top = inner.y + title_h + theme.px(10)
        body = pygame.Rect(inner.x, top, inner.w, inner.bottom - top)
        left_w = int(body.w * 0.40)
        left = pygame.Rect(body.x, body.y, left_w, body.h)
        right = pygame.Rect(left.right + pad, body.y, body.right - left.right - pad, body.h)
        sides_h = self._die_sides(surface, left)
        self._best_hold(
            surface,
            pygame.Rect(
                left.x, left.y + sides_h + theme.px(10), left.w, left.bottom - left.y - sides_h - theme.px(10)
            ),
        )
        if self.page == ODDS:
            self._odds_table(surface, right)
        else:
            self._options_table(surface, right)

    def frame_rect(self) -> pygame.Rect:
        """The panel: the safe area above the help bar."""
        import pygame

        theme = self.theme
        safe = theme.safe
        bar_h = widgets.help_bar_height(self.app, self)
        return pygame.Rect(safe.x, safe.y, safe.w, safe.h - bar_h - theme.px(10))

    def _status_line(self) -> str:
        if not self.playing:
            return t("yhint.no_position")
        obs = self.obs
        if not obs["rolls"]:
            return t("yhint.before_roll")
        power = obs["power"]
        if (
            power is not None
            and power_grants_extra_roll(power["face"], True)
            and obs["rolls"] == self.game.rolls_per_turn
        ):
            return t("yhint.fourth_roll")
        if obs["rolls_left"] == 0:
            return t("yhint.no_roll_left")
        return t("yhint.roll_of", roll=obs["rolls"], total=self.game.rolls_per_turn)

    def _rect(self, rect: pygame.Rect) -> pygame.Rect:
        return self.theme.mirror(rect, self.rtl)

    def _die_sides(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """Every die's six faces, one die a row (dice alike share a row where the rows would be
        too short to name each die); returns the height used."""
        import pygame

        app, theme, game = self.app, self.theme, self.game
        size = theme.font("small")
        head_h = app.text.line_height(size, bold=True)
        line_h = app.text.line_height(size)
        self._text(surface, t("yhint.die_sides"), size, "accent", (area.x, area.y), area.w, bold=True)
        obs = self.obs
        avail = int(area.h * 0.58) - head_h
        if game.power_die is not None:  # the legend under the faces is read whole: the faces give way
            avail = int(area.h * 0.66) - head_h - len(self._legend_lines(area.w)) * line_h
        groups = die_rows(game, avail // line_h)
        names = [self._row_name(group) for group in groups]
        label_w = max(app.text.size(name, size)[0] for name in names) + theme.px(10)
        cell_w = (area.w - label_w) // 6
        fit = round(cell_w * 0.85 * theme.pixel_aspect / (1 - widgets.HELD_BAR))
        row_h = min(theme.px(60), avail // len(groups), fit)
        y = area.y + head_h + theme.px(4)
        for group, name in zip(groups, names, strict=True):
            seen = [obs["dice"][i] for i in group] if obs is not None and obs["rolls"] else []
            self._text(surface, name, size, "text_dim", (area.x, y + row_h // 2 - head_h // 2), label_w)
            for j, face in enumerate(game.all_dice[group[0]].faces):
                cell = pygame.Rect(area.x + label_w + j * cell_w, y, cell_w, row_h).inflate(-cell_w // 7, 0)
                showing = [die for die in seen if die["face"] == face.label]
                held = bool(showing) and all(die["held"] for die in showing)
                draw_face(app, game, surface, self._rect(cell), group[0], face, held, bool(showing))
            y += row_h
        if game.power_die is not None:
            for line in self._legend_lines(area.w):
                self._text(surface, line, size, "text_dim", (area.x, y), area.w)
                y += line_h
        return y - area.y

    def _row_name(self, group: Sequence[int]) -> str:
        if len(group) > 1:
            return t("yhint.dice", first=group[0] + 1, last=group[-1] + 1)
        return self._die_name(group[0])

    def _legend_lines(self, width: int) -> list[str]:
        """The Power die's legend, wrapped to ``width`` at the small size (never smaller)."""
        return self.app.text.wrap(t("yhint.power_legend"), self.theme.font("small"), width)

    def _die_name(self, i: int) -> str:
        if self.game.power_die is not None and i == len(self.game.dice):
            return t("yhint.power_die")
        return t("yhint.die", n=i + 1)

    def _best_hold(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """One voice: the best move drawn as the dice, then in words with its reason (on the
        options page: the option under the cursor)."""
        import pygame

        app, theme, game = self.app, self.theme, self.game
        size = theme.font("small")
        line_h = app.text.line_height(size)
        y = area.y
        shown = self._left_choice()
        message = self._best_move_words() if self.rolled else ""
        if shown is not None:
            title, hold = shown
            lines = app.text.wrap(title, size, area.w, bold=True)
            if self.page == OPTIONS:
                # a Painted hold names its colours where that leaves the words below their room
                said = len(app.text.wrap(message, size, area.w)[:3])
                need = (min(2, len(lines)) + said) * line_h + dice_row_height(app, game, area.w)
                if len(lines) > 2 or need + theme.px(10) > area.h:
                    lines = app.text.wrap(self._option_words(named=False), size, area.w, bold=True)
            for line in lines[:2]:
                self._text(surface, line, size, "accent", (area.x, y), area.w, bold=True)
                y += line_h
            y += theme.px(4)
            y += draw_dice_row(
                app, game, surface, pygame.Rect(area.x, y, area.w, 0), self.obs["dice"], hold, self.rtl
            )
            y += theme.px(6)
        elif self.playing and not self.rolled:
            for line in app.text.wrap(t("yhint.roll_first"), size, area.w):
                self._text(surface, line, size, "text_dim", (area.x, y), area.w)
                y += line_h
            y += theme.px(6)
        if not self.rolled:
            return
        for line in app.text.wrap(message, size, area.w)[:3]:
            if y + line_h > area.bottom:
                break  # the panel's frame is the limit
            self._text(surface, line, size, "text", (area.x, y), area.w)
            y += line_h

    def _best_move_words(self) -> str:
        """The best move in words and why (odds page), or what the option under the cursor is worth."""
        if self.page == OPTIONS:
            options = self.options
            if not options:
                return self._waiting_text()
            option = options[min(self.option_focus, len(options) - 1)]
            key = "yhint.reason.expected" if self.optimal else "yhint.reason.estimated"
            return t(key, score=format_number(round(option.expected, 1)))
        computer = self.computer
        if computer is None:
            return self._waiting_text()
        move = choice_text(self.game, computer, self.numbers)
        move = move[:1].upper() + move[1:]  # it opens the sentence
        key = "yhint.move_because" if self.optimal else "yhint.move_estimated"
        return t(key, move=move, score=format_number(round(self.options[0].expected, 1)))

    def _left_choice(self) -> tuple[str, tuple[bool, ...] | None] | None:
        """What the dice under the die sides show: (title, hold) for the row under the cursor."""
        game = self.game
        if not self.rolled:
            return None
        computer = self.computer
        if self.page == ODDS and computer is not None:
            # the same move the words below give: no second opinion for the box under the cursor
            hold = computer.hold if computer.hold is not None else (True,) * len(game.all_dice)
            return t("yhint.best_move"), hold
        if self.page == OPTIONS:
            options = self.options
            if not options:
                return None
            option = options[min(self.option_focus, len(options) - 1)]
            return self._option_words(named=True), option_choice(option, self.state).hold
        if not self.odds:
            return None
        row = self.odds[min(self.focus, len(self.odds) - 1)]
        box = game.boxes[row.box_id]
        if all(row.best_hold):
            return t("yhint.best_stop", box=box_label(game, box)), None
        return t("yhint.best_hold", box=box_label(game, box)), row.best_hold

    def _option_words(self, named: bool) -> str:
        """The option under the cursor in words, a Painted die's colour by name if ``named``."""
        option = self.options[min(self.option_focus, len(self.options) - 1)]
        return option_text(self.game, option, self.numbers, colours=self.colours, named=named)

    def _waiting_text(self) -> str:
        job = self.job
        if job is not None and job.error:
            return t("yhint.error", error=job.error)
        if job is not None and job.get("no_table"):
            return t("yhint.no_table")
        if job is not None and job.progress is not None and job.progress < 1:
            return t("yhint.preparing", percent=int(100 * job.progress))
        return t("yhint.thinking") + "." * (1 + int(self._spin * 3))

    def _odds_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        headers = [t("yhint.col.box"), t("yhint.col.now"), t("yhint.col.next"), t("yhint.col.end")]
        if self.odds is None:
            draw_table(self, surface, area, headers, [], 0, (0.43, 0.15, 0.21, 0.21))
            self._draw_waiting(surface, area)
            return
        from app.screens.yahtzee.scorecard import box_short_name

        dim = [row.end_of_turn <= 0 and not row.now_points for row in self.odds]
        short = {
            box_label(self.game, box): box_short_name(self.game, box)
            for box in (self.game.boxes[row.box_id] for row in self.odds)
        }
        widths = (0.43, 0.15, 0.21, 0.21)
        draw_table(self, surface, area, headers, self.odds_rows(), self.focus, widths, dim, short)

    def _draw_waiting(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Under an empty table's headers: what the table waits for."""
        self._text(
            surface,
            self._waiting_text(),
            self.theme.font("small"),
            "text_dim",
            (area.x + self.theme.px(8), area.y + self.theme.px(50)),
            area.w,
        )

    def odds_rows(self) -> list[list[str]]:
        """The odds table as drawn: box, points now, next roll, by the end of the turn."""
        rows = []
        for row in self.odds or ():
            box = self.game.boxes[row.box_id]
            now = "" if row.now_points is None else format_number(row.now_points)
            rows.append([box_label(self.game, box), now, percent(row.next_roll), percent(row.end_of_turn)])
        return rows

    def _options_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        headers = [t("yhint.col.option"), t("yhint.col.expected"), t("yhint.col.lost")]
        options = self.options
        if not options:
            draw_table(self, surface, area, headers, [], 0, (0.56, 0.24, 0.20))
            self._draw_waiting(surface, area)
            return
        best = options[0].expected
        rows = []
        short = {
            option_text(self.game, option, self.numbers, colours=self.colours): option_text(
                self.game, option, self.numbers, short=True, colours=self.colours
            )
            for option in options
        }
        for option in options:
            lost = best - option.expected
            rows.append(
                [
                    option_text(self.game, option, self.numbers, colours=self.colours),
                    format_number(round(option.expected, 1)),
                    t("yhint.best") if lost < 0.005 else "−" + format_number(round(lost, 2)),
                ]
            )
        widths = (0.56, 0.24, 0.20)
        draw_table(self, surface, area, headers, rows, self.option_focus, widths, short=short, short_all=True)


def distinct_options(options: Sequence[Any], dice: Sequence[dict[str, Any]]) -> list[Any]:
    """Painted and Power options with the same dice kept (the same numbers, and colours in Painted:
    which of two equal dice is kept makes no difference) as one: the first, which is never worse.

    >>> from engines.yahtzee.ai_painted_power import Option
    >>> dice = [{"number": n, "colour": None} for n in (5, 5, 2)]
    >>> [o.action for o in distinct_options([Option("hold 1", 9.0, (True, False, False)),
    ...     Option("hold 2", 9.0, (False, True, False)), Option("score chance", 8.0)], dice)]
    ['hold 1', 'score chance']
    """
    seen: set[tuple[Any, ...]] = set()
    out = []
    for option in options:
        if option.hold is not None:
            key = tuple(
                sorted(
                    (d["number"] or 0, d["colour"] or "")
                    for d, h in zip(dice, option.hold, strict=False)
                    if h
                )
            )
            key += (len(option.hold) > len(dice) and option.hold[-1],)
            if key in seen:
                continue
            seen.add(key)
        out.append(option)
    return out


def die_rows(game: YahtzeeGame, most: int) -> list[list[int]]:
    """The dice (by index) on each row of the die sides: one die a row if ``most`` rows fit, else
    dice with the same faces (Power's five six-sided dice) share one row.

    >>> from engines.core import load_game
    >>> die_rows(load_game("yahtzee-power"), 6), die_rows(load_game("yahtzee-power"), 4)
    ([[0], [1], [2], [3], [4], [5]], [[0, 1, 2, 3, 4], [5]])
    """
    dice = game.all_dice
    if len(dice) <= most:
        return [[i] for i in range(len(dice))]
    return [[i for i, _ in run] for _, run in groupby(enumerate(dice), key=lambda item: item[1].faces)]


def dice_row_height(app: Any, game: YahtzeeGame, width: int) -> int:
    """The height of :func:`draw_dice_row`'s row of dice ``width`` wide."""
    theme = app.theme
    cell_w = width // max(len(game.all_dice), 5)
    return min(theme.px(64), round(cell_w * 0.8 * theme.pixel_aspect / (1 - widgets.HELD_BAR)))


def draw_dice_row(
    app: Any,
    game: YahtzeeGame,
    surface: pygame.Surface,
    row: pygame.Rect,
    dice: Sequence[dict[str, Any]],
    hold: Sequence[bool] | None,
    rtl: bool,
) -> int:
    """Draw the dice as they lie (``dice``: the observation's dice), the held ones marked, in a row
    starting at ``row``'s top left and ``row.w`` wide; return the row's height."""
    import pygame

    theme = app.theme
    cell_w = row.w // max(len(game.all_dice), 5)
    die_h = dice_row_height(app, game, row.w)
    for i, seen in enumerate(dice):
        die = game.all_dice[i]
        face = die.faces[[f.label for f in die.faces].index(seen["face"])]
        cell = pygame.Rect(row.x + i * cell_w, row.y, cell_w, die_h)
        draw_face(app, game, surface, theme.mirror(cell, rtl), i, face, bool(hold and hold[i]))
    return die_h


def draw_face(
    app: Any,
    game: YahtzeeGame,
    surface: pygame.Surface,
    cell: pygame.Rect,
    die_index: int,
    face: Any,
    held: bool,
    focused: bool = False,
) -> None:
    """One face of die ``die_index`` in ``cell``: pips in the die's colour, or the Power die's
    word or sign (:func:`~app.screens.yahtzee.game_view.draw_power_face`)."""
    from app.screens.yahtzee.game_view import draw_power_face

    theme = app.theme
    look, colour = face_look(app, die_index, game, face)
    power = isinstance(look, str)
    body = widgets.draw_die(
        surface,
        cell,
        None if power else look,
        colour,
        held,
        theme.pixel_aspect,
        held_colour=theme.colour("held"),
        text=app.text,
        focused=focused,
        focus_colour=theme.colour("accent"),
        safe=app.profile.safe_colour,
    )
    if power:
        draw_power_face(app, surface, body, face.label)


def draw_table(
    screen: HintScreen,
    surface: pygame.Surface,
    area: pygame.Rect,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    focus: int,
    widths: Sequence[float],
    dim_rows: Sequence[bool] = (),
    short: dict[str, str] | None = None,
    short_all: bool = False,
) -> None:
    """Rows under a header on ``screen``, the ``focus`` row marked and scrolled into view; the first
    column at the reading start, the others right-aligned (``widths``: fractions of ``area``); a
    first-column text too wide for it is drawn in its ``short`` form when there is one (with
    ``short_all``, every row is then, so the rows read alike)."""
    import pygame

    app, theme = screen.app, screen.theme
    size = theme.font("small")
    line_h = app.text.line_height(size)
    row_h = line_h + theme.px(8)
    # The number columns take what their words need (a header may break onto a second line);
    # the first column gets the rest.
    pad = theme.px(16)
    col_w = [int(w * area.w) for w in widths]
    for c in range(1, len(widths)):
        words = [app.text.size(word, size, bold=True)[0] for word in headers[c].split()]
        cells_w = [app.text.size(row[c], size)[0] for row in rows]
        col_w[c] = max(words + cells_w) + pad
        while len(app.text.wrap(headers[c], size, col_w[c] - theme.px(8), bold=True)) > 2:
            col_w[c] += theme.px(4)  # the header in two lines at most, never a word lost
    col_w[0] = area.w - sum(col_w[1:])
    xs = [area.x]
    for w in col_w[:-1]:
        xs.append(xs[-1] + w)
    header_lines = [
        app.text.wrap(h, size, max(1, w - theme.px(8)), bold=True)[:2]
        for h, w in zip(headers, col_w, strict=True)
    ]
    header_h = line_h * max(len(lines) for lines in header_lines)

    def too_wide(text: str, bold: bool = False) -> bool:
        return app.text.size(text, size, bold=bold)[0] > col_w[0] - theme.px(12)

    shorten_all = bool(short) and short_all and any(too_wide(row[0]) for row in rows if row[0] in short)

    def cells(y: int, texts: Sequence[str], colour: str, bold: bool = False) -> None:
        for c, text in enumerate(texts):
            if c == 0:
                if short and text in short and (shorten_all or too_wide(text, bold)):
                    text = short[text]
                screen._text(
                    surface,
                    text,
                    size,
                    colour,
                    (xs[0] + theme.px(8), y),
                    col_w[0] - theme.px(12),
                    bold=bold,
                )
            else:
                right = xs[c] + col_w[c] - theme.px(8)
                screen._text(
                    surface,
                    text,
                    size,
                    colour,
                    (right, y),
                    col_w[c] - theme.px(8),
                    anchor="topright",
                    bold=bold,
                )

    for row in range(max(len(lines) for lines in header_lines)):
        words = [lines[row] if row < len(lines) else "" for lines in header_lines]
        cells(area.y + row * line_h, words, "text_dim", bold=True)
    top = area.y + header_h + theme.px(8)
    visible = max(1, (area.bottom - top) // row_h)
    if len(rows) > visible:  # keep the last line for the "more below" mark
        visible = max(1, (area.bottom - top - line_h) // row_h)
    first = 0 if focus < visible else min(focus - visible + 1, max(0, len(rows) - visible))
    for i in range(first, min(len(rows), first + visible)):
        y = top + (i - first) * row_h
        band = pygame.Rect(area.x, y - theme.px(3), area.w, row_h - theme.px(2))
        if i == focus:
            widgets.panel(
                surface,
                screen._rect(band),
                theme.colour("panel_focus"),
                theme.px(8),
                theme.px(2),
                theme.colour("accent"),
            )
        elif i % 2 == 0:
            widgets.panel(surface, screen._rect(band), theme.colour("panel"), theme.px(8))
        dim = i < len(dim_rows) and dim_rows[i]
        cells(y, rows[i], "text_dim" if dim else "text")
    if first + visible < len(rows):
        screen._text(
            surface,
            "▼",
            size,
            "text_dim",
            (area.right, area.bottom - line_h),
            theme.px(40),
            anchor="topright",
        )


# -- scenes (tvgames screenshot, golden images, tvgames bench) ------------------------------------------
def play_turns(state: YahtzeeState, turns: Sequence[tuple[Sequence[int], str]]) -> None:
    """Play whole turns on ``state``: one roll showing the face indices given, then the box named."""
    for faces, key in turns:
        state.apply_action(ROLL)
        for face in faces:
            state.apply_action(face)
        state.apply_action(state.string_to_action(f"score {key}"))


def roll(state: YahtzeeState, faces: Sequence[int], hold: Sequence[int] = ()) -> None:
    """Hold the dice ``hold`` (indices) if a roll was made, then roll; the dice in the air show ``faces``."""
    for die in hold:
        state.apply_action(TOGGLE_HOLD + die)
    state.apply_action(ROLL)
    for face in faces:
        state.apply_action(face)


def subgame_solver(mode: str, filled: Sequence[str]) -> Solver:
    """An exact optimal table for every card that has at least the boxes ``filled`` (a sub-game:
    well under a second instead of the full table's build). Scenes and tests use it so that their
    pictures and numbers do not depend on a cached full table."""
    return _subgame_solver(mode, tuple(sorted(filled)))


_subgames: dict[tuple[str, tuple[str, ...]], Solver] = {}


def _subgame_solver(mode: str, filled: tuple[str, ...]) -> Solver:
    from engines.yahtzee.solver import BOXES, Solver, rules_for

    key = (mode, filled)
    if key not in _subgames:
        solver = Solver(rules_for(mode))
        solver.build(within=sum(1 << BOXES.index(k) for k in filled))
        _subgames[key] = solver
    return _subgames[key]


CLASSIC_SCENE_TURNS = (
    ((0, 0, 1, 2, 4), "ones"),
    ((1, 1, 1, 3, 5), "twos"),
    ((3, 3, 3, 0, 2), "fours"),
    ((5, 5, 5, 4, 4), "full_house"),
    ((0, 1, 2, 3, 5), "small_straight"),
    ((5, 4, 4, 3, 2), "chance"),
)


def backdrop(app: Any) -> None:
    """Push a plain backdrop for a hint opened on its own (a scene, a benchmark): nothing under it."""
    from app.screen import Screen

    class Backdrop(Screen):
        def draw(self, surface: pygame.Surface) -> None:
            widgets.background(surface, self.theme)

    app.push(Backdrop())


def _scene_hint(app: Any, state: YahtzeeState, solver: Solver | None = None, page: str = ODDS) -> None:
    backdrop(app)
    screen = HintScreen(state, solver=solver)
    app.push(screen)
    screen.wait()
    screen.page = page


def _register_scenes() -> None:
    from app.scenes import scene
    from engines.core import load_game

    @scene("yahtzee-hint", "Classic hint (key 5): die sides, odds of each box, the computer's hold")
    def _classic(app: Any) -> None:
        state = load_game("yahtzee-classic").new_initial_state()
        play_turns(state, CLASSIC_SCENE_TURNS)
        roll(state, (2, 2, 4, 2, 5))
        _scene_hint(app, state, subgame_solver("classic", [k for _, k in CLASSIC_SCENE_TURNS]))

    @scene("yahtzee-hint-options", "Dice Party hint, options page: expected final score of every choice")
    def _options(app: Any) -> None:
        state = load_game("dice-party", num_players=2).new_initial_state()
        for turn in CLASSIC_SCENE_TURNS:
            play_turns(state, [turn, turn])
        roll(state, (4, 4, 1, 3, 4))
        roll(state, (4, 2), hold=(0, 1, 4))
        _scene_hint(app, state, subgame_solver("dice-party", [k for _, k in CLASSIC_SCENE_TURNS]), OPTIONS)

    def painted_state() -> YahtzeeState:
        state = load_game("yahtzee-painted").new_initial_state()
        play_turns(state, [((0, 1, 2, 3, 4), "straight"), ((2, 2, 2, 4, 4), "full_house")])
        roll(state, (0, 3, 3, 1, 3))
        roll(state, (2, 4), hold=(1, 2, 4))
        return state

    @scene("yahtzee-hint-painted", "Painted hint: the five coloured dice and the colour boxes' odds")
    def _painted(app: Any) -> None:
        _scene_hint(app, painted_state())

    def power_state() -> YahtzeeState:
        state = load_game("yahtzee-power").new_initial_state()
        play_turns(state, [((0, 1, 2, 3, 4, 0), "large_straight_1"), ((5, 5, 5, 1, 1, 1), "full_house")])
        roll(state, (4, 4, 2, 4, 0, 1))
        roll(state, (1, 3, 0), hold=(0, 1, 3))
        roll(state, (4, 3, 5), hold=())
        return state

    @scene("yahtzee-hint-power", "Power hint: the Power die's faces, a Power showing on the third roll")
    def _power(app: Any) -> None:
        _scene_hint(app, power_state())

    @scene(
        "yahtzee-hint-power-options", "Power hint, options page: the hard player's estimate of every choice"
    )
    def _power_options(app: Any) -> None:
        _scene_hint(app, power_state(), page=OPTIONS)

    @scene(
        "yahtzee-hint-painted-options",
        "Painted hint, options page, the cursor on the third option",
        keys="DOWN,DOWN",
    )
    def _painted_options(app: Any) -> None:
        _scene_hint(app, painted_state(), page=OPTIONS)


_register_scenes()


# -- measuring the frame while the worker computes ----------------------------------------------------------
BENCH_POSITIONS = {
    "yahtzee-classic": (2, 2, 4, 2, 5),
    "yahtzee-painted": (0, 3, 3, 1, 3),
    "yahtzee-power": (4, 4, 2, 4, 0, 1),
    "dice-party": (4, 4, 1, 3, 4),
}


def frames_while_computing(profile: str, name: str, period_s: float = 0.02) -> dict[str, float]:
    """Open the hint with every table cold (the odds tables forgotten, the optimal table read from
    the disk cache again) and draw a frame every ``period_s`` until the worker is done: the draw
    times and the gaps between frames, in ms. The same screen is drawn once before, so fonts and
    text are cached as they are in play (a first open also pays for those). ``idle_gap_max_ms``
    is the longest gap of the same loop afterwards, with nothing computing."""
    import statistics

    from app.app import Headless
    from engines.core import load_game
    from engines.yahtzee import ai, solver_table

    def forget() -> None:
        forget_mode_odds()
        solver_table.forget_loaded()
        ai.forget_preparers()

    h = Headless(profile=profile, lang="en", home=False)
    try:
        game = load_game(name, num_players=2 if name == "dice-party" else 1)
        state = game.new_initial_state()
        roll(state, BENCH_POSITIONS[name])
        backdrop(h.app)
        warm = HintScreen(state)
        h.app.push(warm)
        warm.wait()
        h.render()
        h.app.pop()
        forget()
        started = time.perf_counter()
        screen = HintScreen(state)
        h.app.push(screen)
        draws, gaps = [], []
        last = time.perf_counter()
        while screen.job is not None and screen.job.running:
            t0 = time.perf_counter()
            h.app.step(h.clock.now)
            h.clock.advance(period_s)
            t1 = time.perf_counter()
            draws.append((t1 - t0) * 1000)
            gaps.append((t1 - last) * 1000)
            last = t1
            time.sleep(max(0.0, period_s - (time.perf_counter() - t0)))
        worker_ms = (time.perf_counter() - started) * 1000
        idle_gaps = []
        last = time.perf_counter()
        for _ in range(50):  # the same loop with nothing computing: the machine's own jitter
            t0 = time.perf_counter()
            h.app.refresh()
            h.app.step(h.clock.now)
            h.clock.advance(period_s)
            t1 = time.perf_counter()
            idle_gaps.append((t1 - last) * 1000)
            last = t1
            time.sleep(max(0.0, period_s - (time.perf_counter() - t0)))
    finally:
        h.close()
    ordered = sorted(draws) or [float("nan")]
    return {
        "worker_ms": round(worker_ms, 1),
        "frames": len(draws),
        "frame_median_ms": round(statistics.median(ordered), 2),
        "frame_max_ms": round(ordered[-1], 2),
        "gap_max_ms": round(max(gaps, default=float("nan")), 2),
        "idle_gap_max_ms": round(max(idle_gaps[1:]), 2),
    }


if __name__ == "__main__":  # .venv/bin/python -m app.screens.yahtzee.hint
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for bench_profile in ("sd-pal", "hd-720"):
        for bench_mode in BENCH_POSITIONS:
            print(bench_profile, bench_mode, frames_while_computing(bench_profile, bench_mode))
