"""The hint screen (key 5): its odds are the odds core's, its options the analysis', and it never
waits for either on the drawing thread."""

from __future__ import annotations

import numpy as np
import pytest

from app.app import Headless
from app.screens.yahtzee import hint
from app.screens.yahtzee.hint import (
    CLASSIC_SCENE_TURNS,
    HintScreen,
    percent,
    play_turns,
    roll,
    subgame_solver,
)
from engines.core import load_game
from engines.odds.space import dice_space
from engines.odds.turn import turn_odds
from engines.yahtzee.ai import analyse
from engines.yahtzee.dice import FREEZE, POWER
from engines.yahtzee.odds import box_odds, forget_mode_odds, made_table
from engines.yahtzee.scoring import score_box
from remote.buttons import Button

FILLED = [key for _, key in CLASSIC_SCENE_TURNS]


def _made_by_score_box(game, outcome_faces):
    numbers = [f.number for f in outcome_faces[:5]]
    colours = [f.colour for f in outcome_faces[:5]] if game.colour_ids else None
    return [score_box(box, numbers, colours) > 0 for box in game.boxes]


@pytest.mark.parametrize("name", ["yahtzee-classic", "yahtzee-power", "dice-party", "yahtzee-painted"])
def test_made_table_agrees_with_score_box(name):
    game = load_game(name, num_players=2 if name == "dice-party" else 1)
    space = dice_space(list(game.dice))
    table = made_table(space, game.boxes)
    outcomes = range(space.n_outcomes)
    if space.n_outcomes > 1000:  # Painted: 7,776 outcomes; a fixed sample keeps the test quick
        outcomes = np.random.default_rng(3).choice(space.n_outcomes, 1000, replace=False)
    for o in outcomes:
        assert table[o].tolist() == _made_by_score_box(game, space.outcome_faces(int(o))), o


def _core_odds(game):
    """The odds core's own TurnOdds for the game, from score_box predicates (independent of hint.py)."""
    boxes = _PREDICATES.setdefault(
        game.name,
        tuple(
            (lambda faces, box=box: score_box(box, [f.number for f in faces[:5]], None) > 0)
            for box in game.boxes
        ),
    )
    dice = [*game.dice, game.power_die] if game.power_die else list(game.dice)
    return turn_odds(
        dice,
        boxes,
        stop_label=FREEZE if game.power_die else None,
        extra_label=POWER if game.power_die else None,
    )


_PREDICATES: dict[str, tuple] = {}


def _faces(state):
    obs = state.to_dict(state.current_player())
    out = []
    for die, seen in zip(state.game.all_dice, obs["dice"], strict=True):
        out.append(next(f for f in die.faces if f.label == seen["face"]))
    return out, [d["held"] for d in obs["dice"]]


def test_classic_odds_equal_the_odds_core():
    game = load_game("yahtzee-classic")
    state = game.new_initial_state()
    play_turns(state, CLASSIC_SCENE_TURNS)
    roll(state, (2, 2, 4, 2, 5))
    state.apply_action(hint.TOGGLE_HOLD + 0)
    state.apply_action(hint.TOGGLE_HOLD + 1)
    faces, held = _faces(state)
    core = _core_odds(game).hint(faces, held, rolls_left=2)
    rows = box_odds(state)
    assert [r.key for r in rows] == [
        "threes",
        "fives",
        "sixes",
        "three_of_a_kind",
        "four_of_a_kind",
        "large_straight",
        "yahtzee",
    ]
    for row in rows:
        assert row.next_roll == pytest.approx(core.next_roll[row.box_id], abs=1e-12)
        assert row.end_of_turn == pytest.approx(core.end_of_turn[row.box_id], abs=1e-12)
        assert row.best_hold == tuple(core.best_hold[row.box_id].tolist())
        assert row.now_points == state.box_value(row.box_id)
    # one exact number by hand: holding the three 3s, a YAHTZEE on the next roll needs two 3s
    yahtzee = next(r for r in rows if r.key == "yahtzee")
    assert yahtzee.next_roll == pytest.approx(1 / 216)  # 3 3 held, three dice thrown must all be 3s
    state.apply_action(hint.TOGGLE_HOLD + 3)
    yahtzee = next(r for r in box_odds(state) if r.key == "yahtzee")
    assert yahtzee.next_roll == pytest.approx(1 / 36)


def test_power_fourth_roll_and_freeze_follow_the_odds_core():
    game = load_game("yahtzee-power")
    state = game.new_initial_state()
    roll(state, (4, 4, 2, 4, 0, 1))
    roll(state, (1, 3, 0), hold=(0, 1, 3))
    roll(state, (4, 3, 5))  # the Power die shows Power after the third roll
    assert state.power_face() == POWER
    faces, held = _faces(state)
    core = _core_odds(game)
    rows = box_odds(state)
    expected = core.hint(faces, held, rolls_left=0)
    for row in rows:
        assert row.next_roll is None  # the Power die is not held: these holds may not roll
        assert row.end_of_turn == pytest.approx(expected.end_of_turn[row.box_id], abs=1e-12)
    sixes = next(r for r in rows if r.key == "sixes")
    assert sixes.end_of_turn > 0 and sixes.best_hold[5]  # the fourth roll needs the Power die held
    # a Freeze ends the rolling: every chance is the dice as they lie
    frozen = game.new_initial_state()
    roll(frozen, (0, 1, 2, 3, 5, 3))
    assert frozen.power_face() == FREEZE
    for row in box_odds(frozen):
        assert row.end_of_turn == (1.0 if row.now_points else 0.0)


def test_percent_edges():
    assert percent(None) == "—"
    assert percent(0.0) == "0%"
    assert percent(1.0) == "100%"
    assert percent(0.004) == "<1%"
    assert percent(0.996) == ">99%"
    assert percent(0.4249) == "42%"


def _hint_app(state, **kwargs):
    h = Headless(profile="sd-pal", lang="en", home=False)
    hint.backdrop(h.app)
    screen = HintScreen(state, **kwargs)
    h.app.push(screen)
    return h, screen


def test_screen_shows_core_odds_and_optimal_options():
    game = load_game("yahtzee-classic")
    state = game.new_initial_state()
    play_turns(state, CLASSIC_SCENE_TURNS)
    roll(state, (2, 2, 4, 2, 5))
    solver = subgame_solver("classic", FILLED)
    h, screen = _hint_app(state, solver=solver)
    try:
        assert screen.wait(30)
        expected = box_odds(state)
        assert screen.odds == expected
        drawn = screen.odds_rows()
        for row, cells in zip(expected, drawn, strict=True):
            assert cells[2:] == [percent(row.next_roll), percent(row.end_of_turn)]
        options = analyse(state, solver)
        assert [(o.action, o.expected) for o in screen.options] == [(o.action, o.expected) for o in options]
        computer = screen.computer
        assert computer.hold is not None and sorted(
            n for n, kept in zip(state.numbers(), computer.hold, strict=False) if kept
        ) == list(options[0].hold)
        h.press(Button.DOWN)
        assert screen.focus == 1
        h.press(Button.RIGHT)
        assert screen.page == hint.OPTIONS
        h.press(Button.DOWN)
        assert screen.option_focus == 1
        h.render()
        h.press(Button.DIGIT_5)
        assert h.top is not screen
    finally:
        h.close()


def test_cold_tables_come_from_the_worker_and_the_frame_goes_on():
    forget_mode_odds()
    game = load_game("yahtzee-painted")
    state = game.new_initial_state()
    roll(state, (0, 3, 3, 1, 3))
    h, screen = _hint_app(state)
    try:
        assert not screen.job.started  # the worker waits for the first frame
        h.render()  # drawn at once, whatever the worker has done so far
        assert screen.job.started
        assert screen.wait(60)
        assert screen.odds == box_odds(state)
        assert len(screen.odds) == len(game.boxes)
        assert screen.computer is not None  # a choice, or False when the mode has no such player
        h.render()
        h.press(Button.BACK)
        assert h.top is not screen
    finally:
        h.close()


def test_before_the_first_roll_the_whole_turn_is_shown():
    state = load_game("yahtzee-classic").new_initial_state()
    rows = box_odds(state)
    yahtzee = next(r for r in rows if r.key == "yahtzee")
    assert yahtzee.now_points is None
    assert yahtzee.end_of_turn == pytest.approx(0.046028643, abs=1e-8)  # the well-known 4.6%
    h, screen = _hint_app(state)
    try:
        assert screen.wait(30)
        assert screen.options is None and not screen.check_action("page", (1,))
        h.render()
    finally:
        h.close()


def _power_position():
    state = load_game("yahtzee-power").new_initial_state()
    play_turns(state, [((0, 1, 2, 3, 4, 0), "large_straight_1"), ((5, 5, 5, 1, 1, 1), "full_house")])
    roll(state, (4, 4, 2, 4, 0, 1))  # 5 5 3 5 1, Power die x2
    roll(state, (1, 3, 0), hold=(0, 1, 3))
    roll(state, (4, 3, 5), hold=())  # 5 5 5 5 4, Power die: Power
    return state


@pytest.mark.parametrize("mode", ["power", "painted"])
def test_painted_and_power_hints_have_the_options_page(mode):
    from engines.yahtzee import ai_painted_power

    if mode == "power":
        state = _power_position()
    else:
        state = load_game("yahtzee-painted").new_initial_state()
        roll(state, (0, 3, 3, 1, 3))
    h, screen = _hint_app(state)
    try:
        assert screen.wait(60)
        estimate = ai_painted_power.analyse(state)
        dice = [d for d in state.to_dict(0)["dice"] if not d["power"]]
        assert [o.action for o in screen.options] == [o.action for o in hint.distinct_options(estimate, dice)]
        assert screen.options[0].action == estimate[0].action  # the best comes first, kept
        # every hold is shown once and reads as itself: the same numbers kept in other colours
        # (Painted) are written with their colours, so no two options read alike
        colours = [d["colour"] for d in dice]
        assert (mode == "painted") == any(colours)
        texts = [hint.option_text(state.game, o, state.numbers(), colours=colours) for o in screen.options]
        assert len(texts) == len(set(texts))
        assert screen.computer == hint.option_choice(estimate[0], state)
        assert screen.check_action("page", (1,))
        h.press(Button.RIGHT)
        assert screen.page == hint.OPTIONS
        h.press(Button.DOWN)
        assert screen.option_focus == 1
        h.render()
        shown = {run.text for run in h.app.text.runs}
        forms = {
            hint.option_text(state.game, screen.options[1], state.numbers(), colours=colours, short=short)
            for short in (False, True)
        }
        assert forms & shown
    finally:
        h.close()


def test_painted_holds_name_their_colours_in_both_languages():
    """Two holds of the same numbers in other colours read apart in words: a letter per colour in
    the table, the colour's name above the dice; Power and Classic dice keep plain numbers."""
    from app import i18n
    from engines.yahtzee.ai_painted_power import Option

    game = load_game("yahtzee-painted")
    numbers, colours = (4, 4, 2, 6, 1), ("blue", "red", "green", "yellow", "purple")
    blue, red = (
        Option("hold 1", 9.0, (True, False, False, False, False)),
        Option("hold 2", 9.0, (False, True) + (False,) * 3),
    )
    assert hint.option_text(game, blue, numbers, colours=colours) == "keep 4B, roll"
    assert hint.option_text(game, red, numbers, colours=colours, short=True) == "4R, roll"
    both = Option("hold 1 5", 9.0, (True, False, False, False, True))
    assert hint.option_text(game, both, numbers, colours=colours, named=True) == "keep purple 1, blue 4, roll"
    assert hint.option_text(game, blue, numbers) == "keep 4, roll"  # no colours known: the numbers
    previous = i18n.current_language()
    i18n.set_language("fa")
    try:
        assert hint.option_text(game, blue, numbers, colours=colours) != hint.option_text(
            game, red, numbers, colours=colours
        )
        assert "آبی" in hint.option_text(game, blue, numbers, colours=colours, named=True)
    finally:
        i18n.set_language(previous)


def test_a_double_pair_reads_as_two_boxes():
    from engines.yahtzee.ai_painted_power import Option

    game = load_game("yahtzee-power")
    pair = Option("score fours fives", 900.0, boxes=("fours", "fives"))
    assert hint.option_text(game, pair) == "score Fours + Fives"
    choice = hint.option_choice(pair, game.new_initial_state())
    assert (choice.box, choice.pair) == ("fours", ("fives",))
    assert hint.choice_text(game, choice, ()) == "score Fours + Fives"
