"""The real loop: keyboard events and remote sources reach the screens; first frame; idle sleeps."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from app import catalog
from app.app import App, FakeClock, Headless
from app.profiles import load_profile
from app.screens.home import HomeScreen
from remote.buttons import Button
from remote.sources import RawEvent


@pytest.fixture(autouse=True)
def _no_game_built(monkeypatch):
    monkeypatch.setattr(catalog, "GAMES", tuple(dataclasses.replace(g, start=None) for g in catalog.GAMES))


class ListSource:
    """Raw events handed out once their time has come (an injected remote)."""

    def __init__(self, events):
        self.events = list(events)
        self.reads = 0
        self.closed = False

    def read(self, now):
        self.reads += 1
        due = [e for e in self.events if e.time <= now]
        self.events = [e for e in self.events if e.time > now]
        return due

    def close(self):
        self.closed = True


def test_keyboard_events_reach_the_screen_and_the_first_frame_is_reported(tmp_path):
    app = App(load_profile("sd-pal"), display_mode="window", lang="en", data_dir=tmp_path, sound=False)
    home = HomeScreen()
    app.push(home)
    first = []
    for key in (pygame.K_RIGHT, pygame.K_RIGHT):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
    try:
        app.run(until=app.clock() + 0.3, on_first_frame=lambda: first.append(app.frames))
    finally:
        app.close()
    assert first == [1]
    # two quick keyboard presses of the same key: the keyboard is not de-duplicated like IR
    assert home.focused.id == "monopoly-dice"


def test_late_remote_sources_are_polled_and_translated(tmp_path):
    clock = FakeClock()
    profile = load_profile("rpi")
    app = App(profile, display_mode="offscreen", lang="en", data_dir=tmp_path, clock=clock, sound=False)
    home = HomeScreen()
    app.push(home)
    t = clock.now
    source = ListSource(
        [
            RawEvent(t + 0.05, "EV_KEY", "KEY_RIGHT", 1, "gpio_ir_recv"),
            RawEvent(t + 0.10, "EV_KEY", "KEY_RIGHT", 0, "gpio_ir_recv"),
        ]
    )
    app.pipeline.add_source(source)
    for _ in range(40):
        clock.advance(0.02)
        app.step()
    assert source.reads >= 40
    assert home.focused.id == "dice-party"
    app.close()
    assert source.closed


def test_ctrl_q_and_window_close_stop_the_loop(tmp_path):
    app = App(load_profile("hd-720"), display_mode="offscreen", lang="en", data_dir=tmp_path, sound=False)
    app.push(HomeScreen())
    app.running = True
    app.handle_pygame_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL), 0.0)
    assert not app.running
    app.running = True
    app.handle_pygame_event(pygame.event.Event(pygame.QUIT), 0.0)
    assert not app.running
    app.close()


def test_idle_wake_follows_deadlines(tmp_path):
    h = Headless(profile="sd-pal", data_dir=tmp_path)
    try:
        app = h.app
        h.settle()
        now = h.clock.now
        assert app.next_wake(now) > 0.2  # nothing due: long sleep (input is still read every frame)
        app.toast("hello", seconds=0.05)
        assert app.next_wake(now) <= 0.05 + 1e-9
        app.pipeline.push_key(Button.RIGHT, True, now)
        app.step(now)
        deadline = app.pipeline.next_deadline()
        assert deadline is not None and app.next_wake(now) <= deadline - now + 1e-9
    finally:
        h.close()


def test_language_switch_relayouts_every_screen(tmp_path):
    h = Headless(profile="hd-720", lang="en", data_dir=tmp_path)
    try:
        before = pygame.image.tobytes(h.render(), "RGB")
        h.app.set_language("fa")
        assert h.app.rtl
        after = pygame.image.tobytes(h.render(), "RGB")
        assert before != after
        h.keys("LEFT")  # mirrored carousel: LEFT is "next"
        assert h.top.focused.id == "dice-party"
    finally:
        h.close()


class FdSource(ListSource):
    def wait_fds(self):
        return [42]


@pytest.mark.parametrize(("window_keys", "expected"), [(False, [0.25]), (True, [0.5 / 50])])
def test_sleep_waits_on_remote_fds(tmp_path, monkeypatch, window_keys, expected):
    """A box sleeps in one select on its remotes; a desktop window's queue is peeked at every half
    frame, and a key waiting there ends the sleep at once."""
    import app.app as app_module

    app = App(load_profile("sd-pal"), display_mode="window", lang="en", data_dir=tmp_path, sound=False)
    try:
        calls = []
        real_select = app_module.select.select

        def fake_select(r, w, x, t):
            if r != [42]:  # another thread's select (a worker left by an earlier test): not ours
                return real_select(r, w, x, t)
            calls.append(t)
            return [], [], []

        monkeypatch.setattr(app_module.select, "select", fake_select)
        monkeypatch.setattr(app.display, "window_reads_keys", window_keys)
        app.pipeline.add_source(FdSource([]))
        pygame.event.clear()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
        app.sleep(0.25)
        assert calls == pytest.approx(expected)
        pygame.event.clear()
    finally:
        app.close()


def test_the_dummy_driver_sleeps_as_the_box_does(tmp_path):
    """Benchmarks and soaks run on SDL's dummy driver: it brings no keys, so it takes the box's path."""
    app = App(load_profile("sd-pal"), display_mode="window", lang="en", data_dir=tmp_path, sound=False)
    try:
        assert app.display.window is not None
        assert not app.display.window_reads_keys
    finally:
        app.close()


def _run_on_fake_time(app, clock, seconds):
    """``app.run`` for ``seconds`` of fake time: each sleep moves the clock; the turns' times."""
    turns = []
    real_step = app.step

    def step(now=None):
        turns.append(clock.now)
        return real_step(now)

    app.step = step
    app.sleep = lambda wait: clock.advance(max(wait, 0.0))
    app.run(until=clock.now + seconds)
    return turns


def test_an_idle_app_makes_no_loop_turn_until_something_is_due(tmp_path):
    clock = FakeClock()
    profile = load_profile("sd-pal")
    app = App(profile, display_mode="window", lang="en", data_dir=tmp_path, clock=clock, sound=False)
    app.push(HomeScreen())
    try:
        start = clock.now
        app.toast("hello", 2.5)
        turns = _run_on_fake_time(app, clock, 10.0)
        # the first frame, then the heartbeat once a second, and the toast's end exactly on time
        assert start + 2.5 in turns
        gaps = [b - a for a, b in zip(turns, turns[1:], strict=False)]
        assert len(turns) <= 13
        assert all(gap > 0.2 for gap in gaps[1:])
    finally:
        app.close()


def test_an_animation_never_draws_twice_within_one_refresh_interval(tmp_path):
    h = Headless(profile="sd-pal", data_dir=tmp_path)
    try:
        app = h.app
        period = 1.0 / app.profile.refresh_hz
        h.settle()
        app.motion(0.5)  # a focus sliding
        assert app.step()
        assert app.animating
        drawn = []
        for _ in range(40):  # loop turns four times a frame (woken by other things)
            h.clock.advance(period / 4)
            if app.step():
                drawn.append(h.clock.now)
        assert len(drawn) >= 4
        assert all(b - a >= period - 1e-6 for a, b in zip(drawn, drawn[1:], strict=False))
    finally:
        h.close()


def test_evdev_remotes_offer_their_fds_to_the_idle_loop(tmp_path):
    """On a console the loop sleeps in select() on the remotes: a press makes their fd readable."""
    import select

    from remote.evdev_source import EvdevSource
    from remote.fakes import FakeBackend, FakeEvent

    backend = FakeBackend()
    backend.plug("/dev/input/event0", "gpio_ir_recv", {"KEY_OK", "KEY_RIGHT"})
    profile = load_profile("rpi")
    h = Headless(profile=profile, data_dir=tmp_path)
    try:
        source = EvdevSource(profile.remotes, backend)
        h.app.pipeline.add_source(source)
        h.app.step()  # the first read finds and opens the remote
        fds = h.app.wait_fds()
        assert len(fds) == 1
        assert select.select(fds, [], [], 0)[0] == []
        device = backend.opened["/dev/input/event0"]
        device.push(FakeEvent(0.0, "EV_KEY", "KEY_RIGHT", 1))
        assert select.select(fds, [], [], 0)[0] == fds
    finally:
        h.close()


def test_the_first_frame_waits_for_neither_numpy_nor_evdev(tmp_path):
    """A box with no remote draws its home screen before numpy (the sound, the dice) or the whole
    evdev package (asyncio, ssl) is imported: the real program says what it had loaded then."""
    import json
    import os
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "app", "--data-dir", str(tmp_path), "run", "--windowed"]
    proc = subprocess.run(
        [*cmd, "--exit-after-first-frame"], capture_output=True, text=True, env=env, timeout=120
    )
    first = json.loads(proc.stdout.splitlines()[0])
    assert first["screen"] == "HomeScreen"
    assert first["heavy_modules"] == []
