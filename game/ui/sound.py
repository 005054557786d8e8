"""Sound effects, synthesised by our own code at start-up.

No audio files: every effect is computed from sines, triangles and noise shaped by
envelopes (``array``/``math``/``random`` only) and handed to ``pygame.mixer.Sound``.
``synth(name)`` is a pure function returning mono int16 samples; ``SoundBoard`` turns
them into cached Sounds in the mixer's actual format and plays them. Without an audio
device the board is silently unavailable and every call is a no-op.
"""
from __future__ import annotations

import array
import math
import random
import os
import warnings
from contextlib import contextmanager
from functools import lru_cache

import pygame

SOUNDS = ("dice", "tile", "worm", "soldier", "ant", "anteater", "tick", "fanfare", "click", "error")
TAU = 2 * math.pi
FADE = 0.005  # seconds of linear fade-in/out, so no effect starts or ends with a click


def _tone(f0, dur, rate, decay=None, f1=None, shape="sine", gain=1.0):
    """A tone gliding linearly from f0 to f1 Hz, with an optional exponential decay (seconds)."""
    n = int(dur * rate)
    f1 = f0 if f1 is None else f1
    k = (f1 - f0) / (2 * dur)  # phase(t) = 2*pi*(f0*t + k*t^2) for a linear glide
    d = 0.0 if decay is None else 1.0 / decay
    wave = math.sin if shape == "sine" else (lambda x: 0.6366 * math.asin(math.sin(x)))  # triangle
    return [gain * wave(TAU * (f0 * t + k * t * t)) * math.exp(-d * t)
            for t in (i / rate for i in range(n))]


def _noise(dur, rate, rng, decay=None, smooth=0.0, gain=1.0):
    """White noise through a one-pole low-pass (smooth 0 = bright, near 1 = dull), decaying."""
    n = int(dur * rate)
    d = 0.0 if decay is None else math.exp(-1.0 / (decay * rate))
    out, y, env = [0.0] * n, 0.0, gain
    for i in range(n):
        y = smooth * y + (1.0 - smooth) * rng.uniform(-1.0, 1.0)
        out[i] = y * env
        if d:
            env *= d
    return out


def _mix(dst, src, at, rate):
    """Add src into dst starting at `at` seconds (clipped to dst's length)."""
    start = int(at * rate)
    for i, v in enumerate(src[:max(0, len(dst) - start)]):
        dst[start + i] += v
    return dst


def _dice(rate, rng):
    out = [0.0] * int(0.34 * rate)
    for k, (at, gain) in enumerate(((0.0, 1.0), (0.075, 0.8), (0.15, 0.6), (0.23, 0.45))):
        at += rng.uniform(-0.01, 0.01) if k else 0.0
        pitch = 1100 * 0.82 ** k  # each bounce lower and softer
        _mix(out, _noise(0.05, rate, rng, decay=0.008, smooth=0.3, gain=gain), at, rate)
        _mix(out, _tone(pitch, 0.05, rate, decay=0.012, f1=pitch * 0.6, gain=0.7 * gain), at, rate)
    return out


def _tile(rate, rng):
    out = _tone(190, 0.12, rate, decay=0.025, f1=150)
    _mix(out, _tone(430, 0.06, rate, decay=0.012, gain=0.3), 0, rate)
    return _mix(out, _noise(0.03, rate, rng, decay=0.005, smooth=0.7, gain=0.35), 0, rate)


def _worm(rate, rng):
    n, dur = int(0.3 * rate), 0.3
    phase, out = 0.0, [0.0] * n
    for i in range(n):  # downward glide with a fast wobble: a squelchy slide
        t = i / rate
        phase += TAU * (650 - 1700 * t + 60 * math.sin(TAU * 28 * t)) / rate
        out[i] = math.sin(phase) * min(1.0, t / 0.02) * (1.0 - t / dur) ** 1.5
    return _mix(out, _noise(0.3, rate, rng, decay=0.08, smooth=0.9, gain=0.6), 0, rate)


def _soldier(rate, rng):
    hit = _mix(_tone(120, 0.16, rate, decay=0.04, f1=55),  # one low drum hit, played twice
               _noise(0.05, rate, rng, decay=0.01, smooth=0.5, gain=0.4), 0, rate)
    return _mix(_mix([0.0] * int(0.32 * rate), hit, 0, rate), [0.85 * v for v in hit], 0.15, rate)


def _ant(rate, rng):
    out = [0.0] * int(0.1 * rate)
    for at in (0.0, 0.05):
        _mix(out, _tone(3200, 0.03, rate, decay=0.004), at, rate)
        _mix(out, _noise(0.01, rate, rng, decay=0.002, gain=0.3), at, rate)
    return out


def _anteater(rate, rng):
    out = _noise(0.4, rate, rng, smooth=0.93)
    for i in range(len(out)):  # three sniffs: a slow wobble of a dull, breathy noise
        t = i / rate
        out[i] *= (0.25 + 0.75 * math.sin(math.pi * 7.5 * t) ** 2) * math.sin(math.pi * t / 0.4)
    return _mix(out, _tone(85, 0.4, rate, f1=70, gain=0.04), 0, rate)


def _tick(rate, rng):
    out = _tone(2600, 0.045, rate, decay=0.008)
    return _mix(out, _noise(0.005, rate, rng, gain=0.2), 0, rate)


def _fanfare(rate, rng):
    out = [0.0] * int(1.2 * rate)
    notes = (523.25, 659.26, 783.99, 1046.5)  # C5 E5 G5 C6
    for k, f in enumerate(notes):
        _mix(out, _tone(f, 0.16, rate, decay=0.09, shape="tri"), 0.12 * k, rate)
        _mix(out, _tone(2 * f, 0.16, rate, decay=0.05, gain=0.15), 0.12 * k, rate)
    for f in notes:  # the final chord rings out
        _mix(out, _tone(f, 0.7, rate, decay=0.3, shape="tri", gain=0.5), 0.5, rate)
    return out


def _click(rate, rng):
    out = _tone(1500, 0.05, rate, decay=0.01)
    return _mix(out, _noise(0.008, rate, rng, decay=0.002, gain=0.3), 0, rate)


def _error(rate, rng):
    out = [0.0] * int(0.34 * rate)
    for at, f in ((0.0, 220.0), (0.17, 165.0)):  # low two-tone buzz, odd harmonics
        for h in (1, 3, 5):
            _mix(out, _tone(f * h, 0.16, rate, decay=0.25, gain=1.0 / h), at, rate)
    return out


_RECIPES = {"dice": (_dice, 0.8), "tile": (_tile, 0.7), "worm": (_worm, 0.6),
            "soldier": (_soldier, 0.8), "ant": (_ant, 0.45), "anteater": (_anteater, 0.6),
            "tick": (_tick, 0.55), "fanfare": (_fanfare, 0.7), "click": (_click, 0.65),
            "error": (_error, 0.6)}


@lru_cache(maxsize=64)
def synth(name: str, rate: int = 22050) -> array.array:
    """Mono int16 samples of one effect; deterministic (seeded by its name). KeyError if unknown."""
    recipe, level = _RECIPES[name]
    out = recipe(rate, random.Random(name))
    scale = 32767 * level / (max(map(abs, out)) or 1.0)
    n, fade = len(out), max(1, int(FADE * rate))
    for i in range(min(fade, n)):  # after normalising, so the edges never exceed the ramp
        out[i] *= i / fade
        out[n - 1 - i] *= i / fade
    return array.array("h", [int(v * scale) for v in out])


def _to_mixer(mono: array.array, size: int, channels: int) -> bytes:
    """Convert mono int16 samples to the mixer's sample format, interleaved over its channels."""
    data = mono  # size -16: already right
    if size == 16:
        data = array.array("H", [s + 32768 for s in mono])
    elif size == -8:
        data = array.array("b", [s >> 8 for s in mono])
    elif size == 8:
        data = array.array("B", [(s >> 8) + 128 for s in mono])
    elif abs(size) == 32:  # float
        data = array.array("f", [s / 32768 for s in mono])
    if channels > 1:
        wide = array.array(data.typecode, bytes(data.itemsize * len(data) * channels))
        for c in range(channels):
            wide[c::channels] = data
        data = wide
    return data.tobytes()


@contextmanager
def _quiet_stderr():
    """Audio back-ends (ALSA) print to the C-level stderr when there is no device: hide that."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class SoundBoard:
    """Plays the synthesised effects; silent (all no-ops) when there is no audio device."""

    def __init__(self, volume: float = 0.7, muted: bool = False):
        self.volume = min(1.0, max(0.0, float(volume)))
        self.muted = bool(muted)
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            with warnings.catch_warnings(), _quiet_stderr():
                warnings.simplefilter("ignore")
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
                rate, size, channels = pygame.mixer.get_init()
                for name in SOUNDS:
                    buf = _to_mixer(synth(name, rate), size, channels)
                    self._sounds[name] = pygame.mixer.Sound(buffer=buf)
            self.available = True
        except Exception:  # no audio device, no mixer module: stay silent
            self._sounds.clear()

    def set_volume(self, v: float) -> None:
        self.volume = min(1.0, max(0.0, float(v)))

    def set_muted(self, m: bool) -> None:
        self.muted = bool(m)

    def play(self, name: str, volume: float = 1.0) -> None:
        sound = self._sounds.get(name)
        level = min(1.0, max(0.0, float(volume))) * self.volume
        if sound is None or self.muted or level <= 0.0:
            return
        try:
            channel = pygame.mixer.find_channel(True)
            if channel is not None:
                channel.set_volume(level)  # per-play volume without touching the shared Sound
                channel.play(sound)
        except pygame.error:  # mixer shut down underneath us: stay silent
            pass
