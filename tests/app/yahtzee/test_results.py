"""The end-of-game table: the right winner, the engine's totals, solo high scores kept."""

from __future__ import annotations

from app.app import Headless
from app.screens.yahtzee.game import PlayerSpec
from app.screens.yahtzee.results import ResultsScreen, _finished_game, headline, result_rows
from engines.core import load_game
from remote.buttons import Button


def _app():
    return Headless(profile="sd-pal", lang="en", home=False)


def test_rows_are_the_engine_totals_and_the_winner_is_named():
    state = _finished_game("yahtzee-painted", 3, 2)
    rows = result_rows(state)
    totals = [state.card_totals(p) for p in range(3)]
    assert rows[-1].total and rows[-1].values == tuple(c["total"] for c in totals)
    labels = [r.label for r in rows]
    assert "Color section" in labels or "Colour section" in labels
    winner = max(range(3), key=lambda p: totals[p]["total"])
    assert state.winners() == [winner]
    assert headline(state, ["Ann", "Bob", "Cy"]) == f"{['Ann', 'Bob', 'Cy'][winner]} wins!"


def test_tie_names_everyone_who_shares_the_win():
    from app.screens.yahtzee.hint import play_turns

    state = load_game("dice-party", num_players=2).new_initial_state()
    for box in state.game.boxes:  # both players roll the same dice and choose the same boxes
        play_turns(state, [((0, 1, 2, 3, 4), box.key)] * 2)
    assert state.is_terminal() and state.winners() == [0, 1]
    assert headline(state, ["A", "B"]) == "A tie: A, B"
    h = _app()
    try:
        h.app.push(ResultsScreen(state, high_scores=h.app.high_scores, names=["A", "B"]))
        h.render()
    finally:
        h.close()


def test_solo_high_score_is_saved_and_shown(tmp_path):
    h = _app()
    try:
        state = _finished_game("yahtzee-classic", 1, 5)
        score = int(state.returns()[0])
        h.app.high_scores.add("yahtzee-classic", "Earlier", score + 50, "2026-01-01")
        results = []
        screen = ResultsScreen(state, high_scores=h.app.high_scores, date="2026-11-29")
        h.app.push(screen, results.append)
        h.render()
        assert screen.rank == 2
        table = h.app.high_scores.load("yahtzee-classic")
        assert [(e.name, e.score, e.date) for e in table] == [
            ("Earlier", score + 50, "2026-01-01"),
            ("Player 1", score, "2026-11-29"),
        ]
        screen.on_enter()  # entering again (e.g. a redraw path) never adds the score twice
        assert len(h.app.high_scores.load("yahtzee-classic")) == 2
        h.press(Button.SELECT)
        assert results == [True]
    finally:
        h.close()


def test_no_high_score_for_a_computer_or_a_multiplayer_game():
    h = _app()
    try:
        solo = _finished_game("yahtzee-classic", 1, 6)
        screen = ResultsScreen(solo, high_scores=h.app.high_scores, players=[PlayerSpec(computer=True)])
        h.app.push(screen)
        assert h.app.high_scores.load("yahtzee-classic") == []
        assert not screen.review
        h.press(Button.BACK)
        duel = _finished_game("dice-party", 2, 11)
        results = []
        screen = ResultsScreen(duel, high_scores=h.app.high_scores)
        h.app.push(screen, results.append)
        h.render()
        assert h.app.high_scores.modes() == []
        assert screen.review  # Dice Party with a human: SELECT leads to the review
        h.press(Button.BACK)
        assert results == [None]
    finally:
        h.close()
