"""Named players: typed on the on-screen keyboard, kept in the settings, taken by a set-up's human
seat, written with high scores; every name read from a file cleaned."""

from __future__ import annotations

import json

import pytest

from app.match import PlayerSpec
from app.names import NAME_MAX, NAMED_SEATS_MAX, clean_name
from app.saves import HIGHSCORES_FILE, HighScores
from app.screens.keyboard import KeyboardScreen, layout
from app.screens.players import PlayersScreen
from app.settings import FILE_NAME, SCHEMA_VERSION, Settings
from app.storage import Storage
from remote.buttons import Button

pytestmark = pytest.mark.usefixtures("english_ui")


@pytest.fixture
def box(sd_box):
    return sd_box


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("Sara", "Sara"),
        ("  sara   k ", "sara k"),
        ("A\u202eB", "AB"),  # a right-to-left override would turn the line round
        ("\x00\x1b[31mX", "31mX"),
        ("🎲Ali", "Ali"),
        ("مریم", "مریم"),
        ("x" * 500, "x" * NAME_MAX),
        (None, ""),
        (["list"], ""),
    ],
)
def test_a_name_is_cleaned(raw, name):
    assert clean_name(raw) == name


def test_the_keyboard_types_a_name_with_arrows_and_ok(box):
    results = []
    box.app.push(KeyboardScreen("players.new_title", script="en"), results.append)
    # S is row 1, column 8 of the Latin grid
    box.keys("DOWN," + ",".join(["RIGHT"] * 8) + ",SELECT")  # S
    box.keys("UP," + ",".join(["LEFT"] * 8) + ",SELECT")  # A, written small after a capital
    assert box.top.name == "Sa"
    box.keys("4")  # 4 deletes the last letter
    assert box.top.name == "S"
    # UP from the top row wraps to the action row (Space, Delete, the script, Done)
    box.keys("UP,RIGHT,RIGHT,RIGHT,SELECT")
    assert results == ["S"]


def test_a_full_name_refuses_more_letters(box):
    screen = KeyboardScreen("players.new_title", "x" * NAME_MAX, script="en")
    box.app.push(screen)
    box.press(Button.SELECT)
    assert screen.name == "x" * NAME_MAX
    assert box.app.refused_key is not None


def test_green_switches_to_persian_letters(box):
    screen = KeyboardScreen("players.new_title", script="en")
    box.app.push(screen)
    box.keys("GREEN,SELECT")
    assert screen.script == "fa"
    assert screen.name == layout("fa")[0][0].letter


def test_back_leaves_the_keyboard_without_a_name(box):
    results = []
    box.app.push(KeyboardScreen("players.new_title", "Ali", script="en"), results.append)
    box.press(Button.BACK)
    assert results == [None]


def test_players_are_added_renamed_and_removed_after_a_second_4(box):
    box.app.push(PlayersScreen())
    box.press(Button.SELECT)  # on "Add a player"
    assert isinstance(box.top, KeyboardScreen)
    box.top.name = "Sara"
    box.top.dismiss("Sara")
    assert box.app.settings.players == ("Sara",)
    # saved at once
    assert Settings.load(box.app.storage).players == ("Sara",)
    assert box.top.focus.focus == 0  # on the new name
    box.keys("4")
    assert box.app.settings.players == ("Sara",)  # asked only
    box.keys("DOWN,UP,4")  # another key cancelled the first 4: this 4 asks again
    assert box.app.settings.players == ("Sara",)
    box.keys("4")
    assert box.app.settings.players == ()


def test_a_name_cannot_be_taken_twice(box):
    box.app.settings.players = ("Sara",)
    box.app.push(PlayersScreen())
    box.keys("DOWN,SELECT")
    box.top.dismiss("Sara")
    assert box.app.settings.players == ("Sara",)
    assert "Sara" in box.app.toast_message


def test_the_add_row_closes_at_the_limit(box):
    box.app.settings.players = tuple(f"P{i}" for i in range(NAMED_SEATS_MAX))
    screen = PlayersScreen()
    box.app.push(screen)
    assert not screen.focus.enabled[-1]


def _write_settings(storage: Storage, data: dict) -> None:
    (storage.root / FILE_NAME).write_text(json.dumps({"schema": SCHEMA_VERSION, "data": data}))


@pytest.mark.parametrize(
    ("stored", "kept", "notice"),
    [
        (["Sara", "Ali"], ("Sara", "Ali"), False),
        (["Sara", "Sa\u202era", 7, "Sara"], ("Sara",), True),
        ("Sara", (), True),
        ([f"N{i}" for i in range(500)], (), True),
    ],
)
def test_hostile_named_players_in_the_settings(tmp_path, stored, kept, notice):
    storage = Storage(tmp_path)
    _write_settings(storage, {"players": stored, "guided": ["yahtzee", "../../etc", 5]})
    settings = Settings.load(storage)
    assert settings.players == kept
    assert settings.guided == ()  # one bad kind: the whole list falls back
    assert len(storage.messages) == (2 if notice else 1)


def test_a_set_up_seat_cycles_through_the_named_players(box):
    from app.screens.yahtzee.setup import SetupScreen

    box.app.settings.players = ("Sara", "Ali")
    screen = SetupScreen("yahtzee")
    box.app.push(screen)
    screen.choice.count = 2
    screen.focus = screen.rows().index("seat0")
    box.press(Button.RIGHT)
    assert screen.choice.seats[0] == PlayerSpec(False, name="Sara")
    box.keys("DOWN,LEFT,LEFT")  # seat 2: Computer (medium) -> easy -> Ali (Sara is taken)
    assert screen.choice.seats[1] == PlayerSpec(False, name="Ali")
    assert screen.label("seat1")[1] == "Ali"
    box.keys("LEFT")  # back to the unnamed Human
    assert screen.choice.seats[1] == PlayerSpec(False)


def test_a_monopoly_seat_cycles_through_the_named_players_and_the_board_names_it(box):
    from app.screens.monopoly import look
    from app.screens.monopoly.setup import SetupScreen

    box.app.settings.players = ("Sara", "Ali")
    screen = SetupScreen()
    box.app.push(screen)
    screen.focus = screen.rows().index("seat0")
    box.press(Button.RIGHT)
    assert screen.choice.seats[0].spec == PlayerSpec(False, name="Sara")
    screen.focus = screen.rows().index("seat1")
    box.keys("LEFT,LEFT")  # Computer (medium) -> easy -> Ali (Sara is taken)
    assert screen.choice.seats[1].spec == PlayerSpec(False, name="Ali")
    assert screen.label("seat1")[1] == "Ali"
    seats = screen.choice.players()
    assert [look.player_name(seats, p) for p in range(2)] == ["Sara", "Ali"]
    box.keys("LEFT")  # back to the unnamed Human, numbered by the seat
    assert look.player_name(screen.choice.players(), 1) == "Player 2"


def test_a_named_seat_survives_a_save_and_a_hostile_one_is_cleaned():
    assert PlayerSpec.from_json(PlayerSpec(False, name="Sara").to_json()) == PlayerSpec(False, name="Sara")
    assert PlayerSpec.from_json({"computer": False, "name": "S\u202eara"}).name == "Sara"
    assert PlayerSpec.from_json({"computer": True, "name": "Sara"}).name == ""
    assert PlayerSpec.from_json({"computer": False, "name": ["x"]}).name == ""


def test_high_scores_carry_the_seat_name(box):
    from app.screens.yahtzee.results import ResultsScreen, _finished_game

    state = _finished_game("yahtzee-classic", 1, 5)
    box.app.push(
        ResultsScreen(state, high_scores=box.app.high_scores, players=[PlayerSpec(False, name="Sara")])
    )
    table = box.app.high_scores.load("yahtzee-classic")
    assert [entry.name for entry in table] == ["Sara"]


def test_named_seats_of_a_game_of_two_enter_the_table_and_unnamed_ones_do_not(box):
    from app.screens.yahtzee.results import ResultsScreen, _finished_game

    state = _finished_game("yahtzee-classic", 2, 5)
    seats = [PlayerSpec(False, name="Ali"), PlayerSpec(False)]
    box.app.push(ResultsScreen(state, high_scores=box.app.high_scores, players=seats))
    assert [entry.name for entry in box.app.high_scores.load("yahtzee-classic")] == ["Ali"]
    assert "Ali" in box.app.toast_message


def test_a_hostile_high_score_name_is_cleaned_when_read(tmp_path):
    storage = Storage(tmp_path)
    entry = {"name": "\u202eevil\x00", "score": 10, "date": "2026-11-29"}
    data = {"modes": {"yahtzee-classic": [entry]}}
    (tmp_path / HIGHSCORES_FILE).write_text(json.dumps({"schema": 1, "data": data}))
    assert HighScores(storage).load("yahtzee-classic")[0].name == "evil"


def test_the_settings_players_row_opens_the_list_and_shows_the_running_profile(box):
    from app.screens.settings import ROWS, SettingsScreen

    screen = SettingsScreen()
    box.app.push(screen)
    assert screen.value(ROWS[0]) == "PAL TV 4:3 (running)"
    screen.focus.focus = [r.field for r in ROWS].index("players")
    box.press(Button.SELECT)
    assert isinstance(box.top, PlayersScreen)


def test_switching_the_guide_on_again_offers_every_game_again(box):
    from app.screens.settings import ROWS, SettingsScreen

    box.app.settings.guided = ("yahtzee",)
    screen = SettingsScreen()
    box.app.push(screen)
    screen.focus.focus = [r.field for r in ROWS].index("guide")
    box.keys("SELECT")
    assert box.app.settings.guide is False and box.app.settings.guided == ("yahtzee",)
    box.keys("SELECT")
    assert box.app.settings.guide is True and box.app.settings.guided == ()
