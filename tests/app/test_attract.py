"""The attract loop on a fake clock: every demo game in turn, a key back home, nothing written."""

from __future__ import annotations

import gc
import json
import weakref

from app.attract import RESULTS_S, demos
from app.commands.soak import Soak
from app.screens.home import HomeScreen
from remote.buttons import Button

MINUTE = 60.0


def _soak(tmp_path, attract_after_min: float = 2.0) -> Soak:
    return Soak("sd-pal", str(tmp_path), seed=1, attract_after_s=attract_after_min * MINUTE, fake=True)


def _written(tmp_path) -> list[str]:
    saves = tmp_path / "saves"
    return sorted(p.name for p in saves.iterdir()) if saves.exists() else []


def _press(soak: Soak, button: Button, hold_s: float = 0.0) -> None:
    app = soak.app
    app.pipeline.push_key(button, True, soak.clock.now, source="test")
    soak.run_fake(hold_s + 0.05, 0.05)
    app.pipeline.push_key(button, False, soak.clock.now, source="test")
    soak.run_fake(0.3, 0.05)


def test_demos_play_every_game_then_a_key_goes_home_and_nothing_is_written(tmp_path):
    soak = _soak(tmp_path)
    attract = soak.attract
    soak.run_fake(1.9 * MINUTE, 0.25)
    assert not attract.running  # not yet: two minutes idle on home
    soak.run_fake(0.2 * MINUTE, 0.25)
    assert attract.running and soak.app.demo_running
    kinds = {demo.kind for demo in demos()}
    assert len(kinds) >= 6  # Yahtzee's three modes, Dice Party, Monopoly Dice, Monopoly
    played: dict[str, weakref.ref] = {}
    while set(attract.finished) != kinds:
        assert soak.clock.now < 4 * 3600, f"demos finished so far: {attract.finished}"
        soak.run_fake(MINUTE, 0.25)
        played.setdefault(attract.demo.kind, weakref.ref(attract.screen))
    assert soak.exceptions == []
    assert attract.running
    home = soak.app.stack[0]
    focus = home.focus.focus
    _press(soak, Button.RIGHT, hold_s=1.5)  # held long enough to repeat: all of it is swallowed
    assert not attract.running and not soak.app.demo_running
    assert len(soak.app.stack) == 1 and isinstance(soak.app.top, HomeScreen)
    assert home.focus.focus == focus
    assert _written(tmp_path) == []
    assert not (tmp_path / "highscores.json").exists()
    gc.collect()  # nothing of a demo outlives it: a day of them must not pile up
    assert [kind for kind, screen in played.items() if screen() is not None] == []
    _press(soak, Button.RIGHT)  # the next key is the player's
    assert home.focus.focus != focus
    soak.close()


def test_a_game_left_idle_is_saved_and_the_demos_start_and_it_resumes(tmp_path):
    soak = _soak(tmp_path)
    app = soak.app
    for button in (Button.SELECT, Button.SELECT):  # Yahtzee set-up, a solo game
        _press(soak, button)
    _press(soak, Button.DIGIT_2, hold_s=0.5)
    game = app.top
    payload = game.save_payload()
    soak.run_fake(4.9 * MINUTE, 0.25)
    assert app.top is game
    soak.run_fake(0.2 * MINUTE, 0.25)
    assert soak.attract.running and soak.attract.idle_saves == 1
    written = _written(tmp_path)
    assert len(written) == 1 and written[0].startswith("yahtzee-")  # one save, the game's own
    saved = json.loads((tmp_path / "saves" / written[0]).read_text())["data"]["payload"]
    assert saved["engine"] == payload["engine"] and saved["rngs"] == payload["rngs"]
    soak.close()


def test_results_of_a_demo_stay_up_a_while_and_the_memory_is_given_back(tmp_path, monkeypatch):
    import app.appliance

    released: list[int] = []
    monkeypatch.setattr(app.appliance, "release_memory", lambda: released.append(1) or True)
    soak = _soak(tmp_path, attract_after_min=0.1)
    attract = soak.attract
    while not attract.finished:  # the first demo's results have just come up
        soak.run_fake(0.25, 0.25)
    first = attract.screen
    soak.run_fake(RESULTS_S / 2, 0.25)
    assert attract.screen is first and soak.app.top is not first  # the results, over the game
    assert len(released) == 1  # before the first demo
    soak.run_fake(RESULTS_S, 0.25)
    assert attract.screen is not first
    assert len(released) == 2  # between the two
    soak.close()


def test_soak_command_reports_games_memory_fds_and_threads(capsys):
    from app.cli import main

    assert main(["soak", "--hours", "0.05", "--fake-clock", "--attract-after", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["exceptions"] == 0
    assert result["games_started"] == {"yahtzee-classic": 1}
    assert result["files_written_by_demos"] == []
    assert result["peak_rss_mb"] >= result["final_rss_mb"] > 0
    assert set(result["fds"]) == set(result["threads"]) == {"start", "app_up", "end"}
    assert set(result["load_avg"]) == {"start", "end"}
