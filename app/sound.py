"""Short sound effects, synthesised with numpy and played through pygame.mixer.

No audio files: every effect is a few lines of arithmetic below (about 2 MB of samples in all,
made in a few milliseconds). The audio device is open only while there is something to hear: it
opens for an effect and closes after :data:`CLOSE_AFTER_S` of silence (an open device keeps SDL's
mixing thread waking about 43 times a second to mix silence, all day, behind an idle TV). Closing
can take 25-90 ms, so a small thread does it, never the loop. Where there is no audio device the
mixer cannot open; then every call is a no-op and one line is logged, so a box without sound still
plays.

>>> sound = Sound(enabled=False)
>>> sound.play("roll")   # muted: nothing happens, nothing fails
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import numpy as np
import pygame

log = logging.getLogger(__name__)

MIXER_FREQUENCY = 44100
MIXER_BUFFER = 1024
"""Samples per mixer buffer: ~23 ms at 44.1 kHz, small enough to feel instant, big enough for a Pi."""
CLOSE_AFTER_S = 10.0
"""Silence after which the audio device is closed (reopening it for the next effect costs a few ms:
a player pressing keys keeps it open; a box left alone closes it)."""
LOOPING = frozenset({"shake"})
"""Effects that repeat until :meth:`Sound.stop` (the dice rattle while the player holds 2)."""


def _envelope(n: int, rate: int, attack: float = 0.004, release: float = 0.03) -> np.ndarray:
    """A linear fade in and out so no effect starts or ends with a click."""
    env = np.ones(n)
    a = min(n // 2, max(1, int(attack * rate)))
    r = min(n // 2, max(1, int(release * rate)))
    env[:a] = np.linspace(0.0, 1.0, a)
    env[n - r :] = np.linspace(1.0, 0.0, r)
    return env


def _tone(
    freq: float, seconds: float, rate: int, *, shape: str = "sine", glide_to: float | None = None
) -> np.ndarray:
    n = int(seconds * rate)
    freqs = np.linspace(freq, glide_to if glide_to else freq, n)
    phase = 2 * np.pi * np.cumsum(freqs) / rate
    wave = np.sin(phase)
    if shape == "square":
        # A soft square: a few odd harmonics, less harsh than sign(sin) on a TV speaker.
        wave = wave + np.sin(3 * phase) / 3 + np.sin(5 * phase) / 5
    return wave * _envelope(n, rate)


def _click(rng: np.random.Generator, rate: int, seconds: float = 0.018, pitch: float = 1.0) -> np.ndarray:
    """One die hitting the cup or the table: a burst of band-limited noise with a fast decay."""
    n = int(seconds * rate)
    noise = rng.standard_normal(n)
    # Two-tap smoothing darkens the noise; pitch > 1 keeps more treble (a lighter knock).
    smooth = np.convolve(noise, np.ones(max(1, int(3 / pitch))) / max(1, int(3 / pitch)), mode="same")
    return smooth * np.exp(-np.arange(n) / (n / 5))


def _scatter(
    rng: np.random.Generator, rate: int, seconds: float, times: np.ndarray, gains: np.ndarray
) -> np.ndarray:
    out = np.zeros(int(seconds * rate))
    for when, gain in zip(times, gains, strict=True):
        click = _click(rng, rate, pitch=rng.uniform(0.8, 1.6)) * gain
        start = int(when * rate)
        end = min(len(out), start + len(click))
        out[start:end] += click[: end - start]
    out *= _envelope(len(out), rate, attack=0.002, release=0.02)
    return 0.6 * out / max(1e-9, float(np.abs(out).max()))


def _shake(rate: int) -> np.ndarray:
    # Dice rattling in a cup, evenly busy so the loop point is not heard.
    rng = np.random.default_rng(2)
    times = np.sort(rng.uniform(0.0, 0.58, 46))
    return _scatter(rng, rate, 0.6, times, rng.uniform(0.25, 0.6, times.size))


def _roll(rate: int) -> np.ndarray:
    # Dice landing: a loud first knock, then bounces that come faster and fainter.
    rng = np.random.default_rng(3)
    times = np.concatenate(
        [[0.0], 0.55 * (1 - np.exp(-np.linspace(0.1, 3.0, 24))) + rng.uniform(0, 0.02, 24)]
    )
    gains = np.concatenate([[1.0], np.exp(-np.linspace(0.2, 2.5, 24)) * rng.uniform(0.5, 1.0, 24)])
    return _scatter(rng, rate, 0.7, times, gains)


def _sequence(rate: int, notes: list[tuple[float, float]], shape: str = "sine") -> np.ndarray:
    return np.concatenate([_tone(freq, seconds, rate, shape=shape) for freq, seconds in notes])


EFFECTS: dict[str, Callable[[int], np.ndarray]] = {
    "shake": _shake,
    "roll": _roll,
    "select": lambda rate: 0.5 * _tone(880, 0.06, rate),
    "move": lambda rate: 0.3 * _tone(660, 0.03, rate),
    "error": lambda rate: 0.45 * _sequence(rate, [(150, 0.11), (1, 0.04), (150, 0.13)], "square"),
    "score": lambda rate: 0.45 * _sequence(rate, [(523.25, 0.07), (659.25, 0.07), (783.99, 0.12)]),
    "win": lambda rate: (
        0.5 * _sequence(rate, [(523.25, 0.12), (659.25, 0.12), (783.99, 0.12), (1046.5, 0.35)], "square")
    ),
    "bust": lambda rate: (
        0.45
        * np.concatenate(
            [_tone(392, 0.18, rate, glide_to=370), _tone(330, 0.4, rate, glide_to=220, shape="square")]
        )
    ),
}
"""Every effect by name: a function of the sample rate giving mono samples in [-1, 1]."""


def _to_mixer_format(mono: np.ndarray, size: int, channels: int) -> bytes:
    mono = np.clip(mono, -1.0, 1.0)
    bits = abs(size)
    if bits == 8:
        samples = (mono * 127).astype(np.int8) if size < 0 else (mono * 127 + 128).astype(np.uint8)
    elif bits == 16:
        samples = (mono * 32767).astype(np.int16) if size < 0 else (mono * 32767 + 32768).astype(np.uint16)
    else:  # SDL's 32-bit mixer format is float
        samples = mono.astype(np.float32)
    return np.repeat(samples[:, None], channels, axis=1).tobytes()


class Sound:
    """The console's effects. Every method is safe to call with no audio device or when muted.

    The device opens at the first effect and closes after ``close_after_s`` of silence, on a
    thread of its own (``closer=False``: nobody closes it but :meth:`close_if_silent`, which
    tests call with their own ``clock``)."""

    def __init__(
        self,
        enabled: bool = True,
        volume: float = 0.8,
        *,
        close_after_s: float = CLOSE_AFTER_S,
        clock: Callable[[], float] = time.monotonic,
        closer: bool = True,
    ) -> None:
        self.enabled = enabled
        self.volume = min(1.0, max(0.0, volume))
        self.close_after_s = close_after_s
        self.clock = clock
        self.available = True
        """False once the device could not be opened (or went away): silent from then on."""
        self.opens = 0
        """How many times the device was opened (each a few ms; tests and the bench read it)."""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._samples: tuple[tuple[int, int, int], dict[str, bytes]] | None = None
        self._quiet_from = 0.0
        """When what was last played ends (inf while a looping effect plays)."""
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closer: threading.Thread | None = None
        self._background = closer
        self._stopped = False

    @property
    def open(self) -> bool:
        """Whether the audio device is open now."""
        return bool(self._sounds)

    @property
    def effects(self) -> dict[str, pygame.mixer.Sound]:
        """The effects made for the open device, by name (empty while it is closed)."""
        return dict(self._sounds)

    def _ensure_open(self) -> bool:
        """Open the device and make the effects for its format (called with the lock held)."""
        if self._sounds:
            if pygame.mixer.get_init():
                return True
            # A pygame Sound used after mixer.quit() crashes the process instead of raising.
            self._sounds = {}
            self._mixer_lost("the mixer was closed")
            return False
        if not self.available or not self._open_mixer():
            self.available = False
            return False
        fmt = pygame.mixer.get_init()
        if self._samples is None or self._samples[0] != fmt:
            frequency, size, channels = fmt
            made = {name: _to_mixer_format(make(frequency), size, channels) for name, make in EFFECTS.items()}
            self._samples = (fmt, made)
        for name, data in self._samples[1].items():
            sound = pygame.mixer.Sound(buffer=data)
            sound.set_volume(self.volume)
            self._sounds[name] = sound
        self.opens += 1
        if self._background and self._closer is None:
            self._closer = threading.Thread(target=self._close_when_silent, name="sound-closer", daemon=True)
            self._closer.start()
        return True

    @staticmethod
    def _open_mixer() -> bool:
        if pygame.mixer.get_init():
            return True
        try:
            pygame.mixer.init(frequency=MIXER_FREQUENCY, size=-16, channels=2, buffer=MIXER_BUFFER)
        except (pygame.error, NotImplementedError) as exc:
            log.warning("sound: no audio device (%s); playing silently", exc)
            return False
        return bool(pygame.mixer.get_init())

    def close_if_silent(self) -> bool:
        """Close the device if nothing has played for ``close_after_s``; True if it is closed now."""
        with self._lock:
            if not self._sounds:
                return True
            if self.clock() < self._quiet_from + self.close_after_s:
                return False
            self._sounds = {}  # freed while the mixer still exists
            pygame.mixer.quit()
            return True

    def _close_when_silent(self) -> None:
        """The closer thread: sleeps until the silence is long enough, closes, sleeps until woken."""
        while not self._stopped:
            with self._lock:
                due = self._quiet_from + self.close_after_s if self._sounds else None
            if due is None or due == float("inf"):  # closed, or a rattle that loops until stopped
                self._wake.wait()
            else:
                self._wake.wait(max(0.05, due - self.clock()))
            self._wake.clear()
            if not self._stopped:
                self.close_if_silent()

    def look_again(self) -> None:
        """Have the closer thread look at the silence now (its clock moved without it sleeping)."""
        self._wake.set()

    def close(self) -> None:
        """Stop the closer thread and close the device now (the app is shutting down)."""
        self._stopped = True
        self._wake.set()
        with self._lock:
            if self._sounds and pygame.mixer.get_init():
                self._sounds = {}
                pygame.mixer.quit()
            self._sounds = {}

    @staticmethod
    def _check(name: str) -> None:
        if name not in EFFECTS:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(EFFECTS)}")

    def _mixer_lost(self, exc: pygame.error | str) -> None:
        """The mixer went away under us (pygame.quit at shutdown, device unplugged): go silent."""
        log.warning("sound: mixer stopped (%s); playing silently from now on", exc)
        self.available = False

    def _playing(self) -> bool:
        """The device is open and still there (called with the lock held)."""
        if self._sounds and not pygame.mixer.get_init():
            self._sounds = {}
            self._mixer_lost("the mixer was closed")
        return bool(self._sounds)

    def play(self, name: str) -> None:
        """Start effect ``name``; ``"shake"`` loops until :meth:`stop`."""
        self._check(name)
        if not self.enabled:
            return
        with self._lock:
            if not self._ensure_open():
                return
            sound = self._sounds[name]
            try:
                if name in LOOPING:
                    sound.stop()  # a second press must not stack a second rattle on the first
                sound.play(loops=-1 if name in LOOPING else 0)
            except pygame.error as exc:
                self._sounds = {}
                self._mixer_lost(exc)
                return
            ends = float("inf") if name in LOOPING else self.clock() + sound.get_length()
            self._quiet_from = max(self._quiet_from, ends)
        self._wake.set()

    def stop(self, name: str) -> None:
        self._check(name)
        with self._lock:
            if not self._playing():
                return
            try:
                self._sounds[name].stop()
            except pygame.error as exc:
                self._sounds = {}
                self._mixer_lost(exc)
                return
            if name in LOOPING:
                self._quiet_from = self.clock()
        self._wake.set()

    def stop_all(self) -> None:
        with self._lock:
            if not self._playing():
                return
            try:
                for sound in self._sounds.values():
                    sound.stop()
            except pygame.error as exc:
                self._sounds = {}
                self._mixer_lost(exc)
                return
            self._quiet_from = self.clock()
        self._wake.set()

    def set_volume(self, volume: float) -> None:
        """0.0 (silent) to 1.0 (full); out-of-range values are clamped."""
        self.volume = min(1.0, max(0.0, float(volume)))
        with self._lock:
            if not self._playing():
                return
            try:
                for sound in self._sounds.values():
                    sound.set_volume(self.volume)
            except pygame.error as exc:
                self._sounds = {}
                self._mixer_lost(exc)

    def set_enabled(self, on: bool) -> None:
        """Mute (False) stops whatever is playing; unmute lets the next effect play."""
        self.enabled = bool(on)
        if not self.enabled:
            self.stop_all()

    def is_playing(self, name: str) -> bool:
        self._check(name)
        with self._lock:
            if not self._playing():
                return False
            try:
                return self._sounds[name].get_num_channels() > 0
            except pygame.error as exc:
                self._sounds = {}
                self._mixer_lost(exc)
                return False
