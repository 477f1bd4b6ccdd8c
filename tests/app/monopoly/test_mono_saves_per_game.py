"""Monopoly: a finished or abandoned game never touches another family's save, and when the only
human is out the TV says so, offers the computers' finish or the standings, and saves as it stands.
Driven by remote keys through the real screens."""

from __future__ import annotations

import json

from dice_screen_helpers import save_and_quit

from app.app import Headless
from app.appliance import save_game_in_progress
from app.screens.menu import ChoiceScreen
from app.screens.monopoly.game import GameScreen
from app.screens.monopoly.modals import ResultsScreen
from app.screens.monopoly.scenes import _human, board_at
from engines.monopoly import game as G
from remote.buttons import Button

BANKRUPT = _human(G.P_DEBT, lambda s: G.BANKRUPT in s.legal_actions())


def _family_saves_a_game(h: Headless) -> str:
    """Home -> Monopoly -> Start -> MENU -> Save and quit: the family's save, its slot returned."""
    h.top.select_tile("monopoly")
    h.press(Button.SELECT)
    setup = h.top
    while setup.rows()[setup.focus] != "start":
        h.press(Button.DOWN)
    h.press(Button.SELECT)
    assert isinstance(h.top, GameScreen)
    save_and_quit(h)
    assert type(h.top).__name__ == "HomeScreen"
    (save,) = h.app.saves.list()
    return save.slot


def _resume_newest(h: Headless) -> None:
    h.top.select_tile("resume")
    h.keys("SELECT,SELECT")  # the Resume list, then its first row: the newest save


def _declare_bankruptcy(h: Headless, game: GameScreen) -> None:
    """The human picks the Bankrupt row and confirms it with a second SELECT."""
    while game.rows()[game.row].action != G.BANKRUPT:
        h.press(Button.DOWN)
    h.keys("SELECT,SELECT")
    assert game.state.bankrupt[0] and not game.state.is_terminal()  # three computers play on


def _out_notice(h: Headless) -> ChoiceScreen:
    h.advance(300)
    notice = h.top
    assert isinstance(notice, ChoiceScreen) and notice.title_key == "mono.out.title"
    assert [value for _, value in notice.items] == ["watch", "standings"]
    return notice


def test_the_standings_of_another_game_leave_the_familys_save_alone(sd_box):
    h = sd_box
    family = _family_saves_a_game(h)
    before = h.app.saves.load(family)
    other = board_at(h.app, 1, BANKRUPT)  # someone else's new game, their only human about to go
    _declare_bankruptcy(h, other)
    _out_notice(h)
    h.keys("DOWN,SELECT")  # See the final standings now
    h.advance(3000)
    assert other.state.is_terminal() and isinstance(h.top, ResultsScreen)
    h.press(Button.BACK)
    assert [s.slot for s in h.app.saves.list()] == [family] and h.app.saves.load(family) == before


def test_a_resumed_game_that_ends_removes_its_own_save_and_no_other(sd_box):
    h = sd_box
    family = _family_saves_a_game(h)
    other = board_at(h.app, 1, BANKRUPT)
    save_and_quit(h)  # the second family saves too: a save of its own, the first one untouched
    assert type(h.top).__name__ == "HomeScreen"
    slots = [s.slot for s in h.app.saves.list()]
    assert len(slots) == 2 and slots[1] == family
    _resume_newest(h)  # the second family's
    resumed = h.top
    assert isinstance(resumed, GameScreen) and resumed is not other and resumed.save_slot == slots[0]
    resumed.inline = True
    _declare_bankruptcy(h, resumed)
    _out_notice(h)
    h.keys("DOWN,SELECT")
    h.advance(3000)
    assert isinstance(h.top, ResultsScreen)
    assert [s.slot for s in h.app.saves.list()] == [family]


def test_save_and_quit_with_the_human_out_saves_the_game_as_it_stands(sd_box):
    h = sd_box
    game = board_at(h.app, 1, BANKRUPT)
    _declare_bankruptcy(h, game)
    _out_notice(h)
    h.press(Button.BACK)  # watch the computers
    turns = game.state.stats["turns"]
    save_and_quit(h)
    assert type(h.top).__name__ == "HomeScreen"
    (save,) = h.app.saves.list()
    _resume_newest(h)
    _out_notice(h)  # said again at once: the game is still one to watch or end
    resumed = h.app.stack[-2]
    assert isinstance(resumed, GameScreen) and resumed.save_slot == save.slot
    assert not resumed.state.is_terminal() and resumed.state.bankrupt[0]
    assert resumed.state.stats["turns"] <= turns + 1  # the computers did not play on to the end


def test_a_stop_signal_with_the_human_out_saves_the_game_as_it_stands(sd_box):
    h = sd_box
    game = board_at(h.app, 1, BANKRUPT)
    _declare_bankruptcy(h, game)
    _out_notice(h)
    position = json.dumps(game.state.to_dict(), sort_keys=True)
    assert save_game_in_progress(h.app)  # what SIGTERM calls
    (save,) = h.app.saves.list()
    resumed = GameScreen.from_payload(h.app.saves.load(save.slot))
    assert json.dumps(resumed.state.to_dict(), sort_keys=True) == position
