"""Canonical buttons and the keyboard fallback."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from remote.buttons import Button, ButtonEvent, Press, parse_button
from remote.keyboard import KEY_BUTTONS, button_for_key


def test_button_values_are_names():
    assert [b.value for b in Button] == [b.name for b in Button]
    assert len(Button) == 25
    assert str(Button.SELECT) == "SELECT" and Button("DIGIT_2") is Button.DIGIT_2
    assert [p.value for p in Press] == ["PRESS", "RELEASE", "REPEAT"]


@pytest.mark.parametrize(
    ("text", "button"),
    [
        ("SELECT", Button.SELECT),
        ("select", Button.SELECT),
        (" Up ", Button.UP),
        ("2", Button.DIGIT_2),
        ("0", Button.DIGIT_0),
        ("digit_9", Button.DIGIT_9),
        ("channel_down", Button.CHANNEL_DOWN),
        ("PLAY_PAUSE", Button.PLAY_PAUSE),
    ],
)
def test_parse_button(text, button):
    assert parse_button(text) is button


@pytest.mark.parametrize("text", ["", "OK", "10", "DIGIT_10", "x", "KEY_OK", "-1"])
def test_parse_button_refuses(text):
    with pytest.raises(ValueError, match="unknown button"):
        parse_button(text)


def test_every_button_parses_from_its_name():
    for button in Button:
        assert parse_button(button.name.lower()) is button


def test_button_event_is_a_value():
    event = ButtonEvent(Button.DIGIT_2, Press.PRESS, 1.5)
    assert (event.long_press, event.source) == (False, "")
    assert event == ButtonEvent(Button.DIGIT_2, Press.PRESS, 1.5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.time = 2.0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("key", "button"),
    [
        (pygame.K_0, Button.DIGIT_0),
        (pygame.K_2, Button.DIGIT_2),
        (pygame.K_9, Button.DIGIT_9),
        (pygame.K_KP2, Button.DIGIT_2),
        (pygame.K_KP0, Button.DIGIT_0),
        (pygame.K_UP, Button.UP),
        (pygame.K_DOWN, Button.DOWN),
        (pygame.K_LEFT, Button.LEFT),
        (pygame.K_RIGHT, Button.RIGHT),
        (pygame.K_RETURN, Button.SELECT),
        (pygame.K_KP_ENTER, Button.SELECT),
        (pygame.K_BACKSPACE, Button.BACK),
        (pygame.K_ESCAPE, Button.BACK),
        (pygame.K_m, Button.MENU),
        (pygame.K_i, Button.INFO),
        (pygame.K_SPACE, Button.PLAY_PAUSE),
        (pygame.K_F1, Button.RED),
        (pygame.K_F2, Button.GREEN),
        (pygame.K_F3, Button.YELLOW),
        (pygame.K_F4, Button.BLUE),
        (pygame.K_PAGEUP, Button.CHANNEL_UP),
        (pygame.K_PAGEDOWN, Button.CHANNEL_DOWN),
    ],
)
def test_keyboard_keys(key, button):
    assert button_for_key(key) is button


@pytest.mark.parametrize("key", [pygame.K_a, pygame.K_F5, pygame.K_TAB, pygame.K_LSHIFT, -1])
def test_other_keys_mean_nothing(key):
    assert button_for_key(key) is None


def test_keyboard_reaches_every_button():
    assert set(KEY_BUTTONS.values()) == set(Button)
