"""Save and quit in the middle of an auction and of a trade, resume from the Resume list, and
play on exactly as if nothing had stopped."""

from __future__ import annotations

import json

from dice_screen_helpers import open_tile, try_every_damage
from mono_driver import Driver, human_policy

from app.app import Headless
from app.screens.monopoly.game import GameScreen
from app.screens.monopoly.scenes import _human, board_at
from engines.monopoly import game as G
from remote.buttons import Button

AUCTION = _human(G.P_AUCTION, lambda s: s.auction[5] > 0)


def _play_out(h: Headless, game: GameScreen) -> G.MonopolyState:
    driver = Driver(h, {0: human_policy(101)})
    driver.game = game
    for _ in range(40_000):
        if not driver.step():
            break
    assert game.state.is_terminal()
    return game.state


def _save_and_resume(h: Headless) -> GameScreen:
    h.press(Button.MENU)
    h.keys("DOWN,SELECT")  # Resume, [Save and quit], Quit without saving, How to play
    assert type(h.top).__name__ == "HomeScreen"
    saves = h.app.saves.list()
    assert [s.kind for s in saves] == ["monopoly"]
    open_tile(h, "resume")
    h.press(Button.SELECT)
    game = h.top
    assert isinstance(game, GameScreen)
    game.inline = True
    return game


def _pair(tmp_path, until) -> tuple[Headless, GameScreen, Headless, GameScreen]:
    pair = []
    for name in ("straight", "stopped"):
        h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path / name, home=False)
        h.settle_workers = True
        game = board_at(h.app, 1, until)
        h.app.step()
        pair += [h, game]
    return tuple(pair)  # type: ignore[return-value]


def test_save_in_an_auction_resumes_exactly(tmp_path):
    straight, a, stopped, b = _pair(tmp_path, AUCTION)
    try:
        assert b.obs()["phase"] == "auction" and b.match.actor == 0
        mid = b.state.to_dict()
        b = _save_and_resume(stopped)
        assert b.state.to_dict() == mid and b.obs()["phase"] == "auction"
        assert _play_out(straight, a).to_dict() == _play_out(stopped, b).to_dict()
    finally:
        straight.close()
        stopped.close()


def test_save_while_composing_a_trade_resumes_exactly(tmp_path):
    at_roll = _human(
        G.P_ROLL, lambda s: s.stats["turns"] >= 40 and G.TRADE_WITH_BASE + 1 in s.legal_actions()
    )
    straight, a, stopped, b = _pair(tmp_path, at_roll)
    try:
        for h, game in ((straight, a), (stopped, b)):
            rows = game.rows()
            index = next(i for i, r in enumerate(rows) if r.action == G.TRADE_WITH_BASE + 1)
            while game.row != index:
                h.press(Button.DOWN)
            h.press(Button.SELECT)
            assert game.obs()["phase"] == "trade"
            while game.rows()[game.row].action is None or game.rows()[game.row].action < G.TOGGLE_BASE:
                h.press(Button.DOWN)  # to the first property
            h.press(Button.SELECT)
            assert len(game.obs()["pending"]["trade"]["squares"]) == 1
        mid = b.state.to_dict()
        b = _save_and_resume(stopped)
        assert b.state.to_dict() == mid and b.obs()["pending"]["trade"]["squares"]
        for h, game in ((straight, a), (stopped, b)):
            while game.rows()[game.row].action != G.PROPOSE:
                h.press(Button.UP)
            h.press(Button.SELECT)
            assert game.obs()["phase"] != "trade"
        assert _play_out(straight, a).to_dict() == _play_out(stopped, b).to_dict()
    finally:
        straight.close()
        stopped.close()


def test_damaged_saves_are_refused_with_value_error(tmp_path):
    h = Headless(profile="sd-pal", lang="en", data_dir=tmp_path, home=False)
    try:
        game = board_at(h.app, 1, AUCTION)
        payload = json.loads(json.dumps(game.save_payload()))
        assert GameScreen.from_payload(payload).state.to_dict() == game.state.to_dict()
        try_every_damage(payload, GameScreen.from_payload, [None, -1, "x", [], {}, 10**9])
        try_every_damage(
            dict(payload, game=dict(payload["game"], looks=[{}])), GameScreen.from_payload, [None]
        )
    finally:
        h.close()
