"""Burn-in protection and following the TV's standby over HDMI-CEC."""

from __future__ import annotations

import doctest
import logging
import sys
import time

import app.tv
from app.app import Headless
from app.attract import Attract
from app.tv import BURN_IN_S, SHIFT_S, BurnIn, CecWatcher
from remote.buttons import Button


def test_doctests():
    assert doctest.testmod(app.tv).failed == 0


def test_a_still_picture_dims_then_moves_and_the_first_key_only_wakes_it():
    h = Headless(profile="sd-pal")
    burn = BurnIn(h.app).install()
    bright = h.render().get_at((360, 300))
    h.advance(BURN_IN_S * 1000 - 2000)
    assert not burn.dimmed
    h.advance(3000)
    assert burn.dimmed
    dim = h.app.display.framebuffer.get_at((360, 300))
    assert sum(dim[:3]) < sum(bright[:3])
    frames = h.app.frames
    h.advance(SHIFT_S * 1000 + 500)
    assert h.app.frames > frames and burn.shift == 1  # moved, still dimmed
    assert burn.dimmed
    focus = h.top.focus.focus
    h.press(Button.RIGHT)
    assert not burn.dimmed and h.top.focus.focus == focus  # the key was swallowed
    h.press(Button.RIGHT)
    assert h.top.focus.focus != focus
    h.close()


def test_a_moving_picture_never_dims():
    h = Headless(profile="sd-pal")
    burn = BurnIn(h.app, after_s=5).install()
    for _ in range(10):
        h.press(Button.RIGHT)
        h.advance(1000)
    assert not burn.dimmed
    h.close()


def test_no_cec_device_means_nothing_but_one_line_of_log(tmp_path, caplog):
    h = Headless(profile="sd-pal")
    with caplog.at_level(logging.INFO, logger="app.tv"):
        assert not CecWatcher(h.app, device=tmp_path / "cec0").start()
    assert [r.message for r in caplog.records if "HDMI-CEC" in r.message] == [
        f"no HDMI-CEC device ({tmp_path / 'cec0'}): the TV's standby is not followed"
    ]
    h.close()


FAKE_CEC_CTL = """
import os, sys, time
print("Received from TV to all (0 to 15): STANDBY (0x36)", flush=True)
while not os.path.exists(sys.argv[1]):  # the test says when the TV comes back on
    time.sleep(0.05)
print("Received from TV to all (0 to 15): SET_STREAM_PATH (0x86):", flush=True)
print("\tphys-addr: 1.0.0.0", flush=True)
time.sleep(30)
"""


def _until(h: Headless, done, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        h.advance(100)


def test_tv_standby_saves_the_game_and_pauses_the_demos_and_tv_on_wakes(tmp_path):
    h = Headless(profile="sd-pal", data_dir=tmp_path / "data")
    attract = Attract(h.app, attract_after_s=60).install()
    device, tv_on = tmp_path / "cec0", tmp_path / "tv-on"
    device.touch()
    fake = [sys.executable, "-c", FAKE_CEC_CTL, str(tv_on)]
    watcher = CecWatcher(h.app, attract, device=device, command=fake)
    h.keys("SELECT,SELECT,2:hold=500")  # a solo Yahtzee game, one roll made
    assert watcher.start()
    try:
        _until(h, lambda: watcher.standby)
        assert watcher.standby and len(h.app.stack) == 1
        assert [info.kind for info in h.app.saves.list()] == ["yahtzee"]  # the game, saved
        h.advance(120_000)
        assert not attract.running  # no demos for a TV that is off
        tv_on.touch()
        _until(h, lambda: not watcher.standby)
        assert not watcher.standby
        h.advance(61_000)
        assert attract.running  # the demos again, after their idle time
    finally:
        watcher.close()
        h.close()


def test_a_key_wakes_the_box_from_standby(tmp_path):
    h = Headless(profile="sd-pal", data_dir=tmp_path)
    watcher = CecWatcher(h.app)
    h.app.tickers.append(watcher.tick)
    watcher.sleep()
    h.advance(1000)
    assert watcher.standby
    h.press(Button.RIGHT)
    assert not watcher.standby
    h.close()
