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


@pytest.mark.parametrize(("window_keys", "expected"), [(False, 0.25), (True, 0.5 / 50)])
def test_sleep_waits_on_remote_fds(tmp_path, monkeypatch, window_keys, expected):
    import app.app as app_module

    h = Headless(profile="sd-pal", data_dir=tmp_path)
    try:
        calls = []
        real_select = app_module.select.select

        def fake_select(r, w, x, t):
            if r != [42]:  # another thread's select (a worker left by an earlier test): not ours
                return real_select(r, w, x, t)
            calls.append((r, t))
            return [], [], []

        monkeypatch.setattr(app_module.select, "select", fake_select)
        monkeypatch.setattr(type(h.app.display), "window_reads_keys", property(lambda self: window_keys))
        h.app.pipeline.add_source(FdSource([]))
        h.app._sleep(0.25)
        assert calls == [([42], pytest.approx(expected))]
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
        fds = h.app._wait_fds()
        assert len(fds) == 1
        assert select.select(fds, [], [], 0)[0] == []
        device = backend.opened["/dev/input/event0"]
        device.push(FakeEvent(0.0, "EV_KEY", "KEY_RIGHT", 1))
        assert select.select(fds, [], [], 0)[0] == fds
    finally:
        h.close()
