from __future__ import annotations

import logging
import threading

import numpy as np
import pygame
import pytest

from app import sound as sound_module
from app.sound import EFFECTS, LOOPING, Sound, _to_mixer_format

NAMES = ("shake", "roll", "select", "move", "error", "score", "win", "bust")


@pytest.fixture
def no_audio_device(monkeypatch):
    """The mixer cannot open, as on a box with no sound card."""
    pygame.mixer.quit()

    def refuse(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    yield
    monkeypatch.undo()
    pygame.mixer.quit()


@pytest.fixture
def dummy_device():
    """SDL's dummy audio driver (set by conftest): a mixer that opens and plays into nothing."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_every_promised_effect_exists():
    assert set(NAMES) == set(EFFECTS)
    assert LOOPING == {"shake"}


@pytest.mark.parametrize("name", NAMES)
def test_effects_are_short_clean_and_in_range(name):
    rate = 22050
    samples = EFFECTS[name](rate)
    assert samples.ndim == 1 and np.isfinite(samples).all()
    assert 0.02 <= len(samples) / rate <= 1.0
    peak = np.abs(samples).max()
    assert 0.1 < peak <= 1.0
    # Starts and ends near silence, so no click (for "shake" also where the loop wraps around).
    assert abs(samples[0]) < 0.05 * peak + 1e-6 and abs(samples[-1]) < 0.05 * peak + 1e-6


def test_effects_are_the_same_every_start():
    for make in EFFECTS.values():
        assert np.array_equal(make(8000), make(8000))


@pytest.mark.parametrize(
    ("size", "channels", "dtype"),
    [(-16, 2, np.int16), (16, 1, np.uint16), (-8, 2, np.int8), (8, 1, np.uint8), (32, 2, np.float32)],
)
def test_mixer_formats(size, channels, dtype):
    mono = np.array([0.0, 0.5, -0.5, 2.0])
    data = np.frombuffer(_to_mixer_format(mono, size, channels), dtype=dtype).reshape(-1, channels)
    assert data.shape == (4, channels)
    assert (data[:, 0] == data[:, -1]).all()
    assert data[3, 0] == data.max()  # clipped, not wrapped around


def test_without_a_device_every_call_is_a_harmless_no_op(no_audio_device, caplog):
    with caplog.at_level(logging.WARNING, logger="app.sound"):
        sound = Sound()
        sound.play("select")
    assert sound.available is False
    assert len(caplog.records) == 1 and "no audio device" in caplog.records[0].getMessage()
    for name in NAMES:
        sound.play(name)
        assert sound.is_playing(name) is False
        sound.stop(name)
    sound.set_volume(0.2)
    sound.set_enabled(False)
    sound.set_enabled(True)
    sound.stop_all()
    assert sound.volume == 0.2
    assert len(caplog.records) == 1


def test_unknown_effect_is_a_programming_error_even_when_silent(no_audio_device):
    with pytest.raises(ValueError, match="unknown sound 'boing'"):
        Sound().play("boing")


def test_shake_loops_until_stopped(dummy_device):
    sound = Sound()
    assert sound.available
    sound.play("shake")
    assert sound.is_playing("shake")
    sound.play("shake")  # holding 2 again restarts the rattle instead of stacking a second one
    assert sound.effects["shake"].get_num_channels() == 1
    sound.stop("shake")
    assert not sound.is_playing("shake")


def test_mute_stops_and_silences(dummy_device):
    sound = Sound(volume=0.5)
    sound.play("shake")
    sound.set_enabled(False)
    assert not sound.is_playing("shake")
    sound.play("win")
    assert not sound.is_playing("win")
    sound.set_enabled(True)
    sound.play("select")
    assert sound.is_playing("select")


def test_volume_is_clamped_and_applied(dummy_device):
    sound = Sound(volume=2.0)
    assert sound.volume == 1.0
    sound.set_volume(-1)
    assert sound.volume == 0.0
    sound.play("select")
    sound.set_volume(0.5)
    assert all(abs(s.get_volume() - 0.5) < 0.01 for s in sound.effects.values())


def test_sounds_match_the_mixer_the_app_opened(dummy_device):
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    sound = Sound()
    sound.play("select")
    frequency, _, _ = pygame.mixer.get_init()
    length = sound.effects["select"].get_length()
    assert abs(length - len(EFFECTS["select"](frequency)) / frequency) < 0.01


def test_muted_sound_module_docstring_example(no_audio_device):
    import doctest

    result = doctest.testmod(sound_module)
    assert result.failed == 0 and result.attempted > 0


def test_mixer_closed_under_us_goes_silent(dummy_device, caplog):
    sound = Sound()
    sound.play("select")
    pygame.mixer.quit()  # e.g. pygame.quit() at shutdown while a screen still plays an effect
    with caplog.at_level(logging.WARNING, logger="app.sound"):
        sound.play("roll")
        sound.play("win")
        sound.set_volume(0.1)
        sound.stop("shake")
    assert sound.available is False
    assert len(caplog.records) == 1


class StepClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_device_opens_for_a_sound_and_closes_after_silence(dummy_device):
    clock = StepClock()
    sound = Sound(close_after_s=10.0, clock=clock, closer=False)
    assert not sound.open and not pygame.mixer.get_init()  # nothing to hear: no audio thread
    sound.play("select")
    assert sound.open and pygame.mixer.get_init() and sound.opens == 1
    clock.now += 5.0
    assert not sound.close_if_silent()  # a short silence keeps it open for the next key
    sound.play("move")
    clock.now += 9.0
    assert not sound.close_if_silent()  # counted from the last effect's end
    clock.now += 1.1
    assert sound.close_if_silent()
    assert not sound.open and not pygame.mixer.get_init()
    sound.play("roll")  # the next effect opens it again
    assert sound.open and sound.is_playing("roll") and sound.opens == 2


def test_a_looping_rattle_keeps_the_device_open_until_stopped(dummy_device):
    clock = StepClock()
    sound = Sound(close_after_s=1.0, clock=clock, closer=False)
    sound.play("shake")
    clock.now += 60.0
    assert not sound.close_if_silent()
    sound.stop("shake")
    clock.now += 1.5
    assert sound.close_if_silent()


def test_the_closer_thread_closes_the_device_off_the_loop(dummy_device):
    clock = StepClock()
    sound = Sound(close_after_s=1.0, clock=clock)
    sound.play("move")
    assert sound.open
    clock.now += 2.0  # the silence is long enough: the thread closes the device at its next look
    sound.look_again()
    closed = threading.Event()
    for _ in range(250):
        if not sound.open and not pygame.mixer.get_init():
            closed.set()
            break
        closed.wait(0.02)
    assert closed.is_set()
    sound.close()
