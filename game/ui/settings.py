"""The player's settings, kept in the user folder (settings.yaml) and applied at once.

Read with the bounded loader; a missing or broken file gives the defaults (a broken one is
set aside and told once), and a value of the wrong type or out of range falls back to its
default. Writing is atomic and never raises: without a user folder the settings last one run.
"""
from __future__ import annotations

import os
import tempfile

import yaml

from game.core import safe_yaml
from game.core.paths import saving_enabled, user_dir

FILE = "settings.yaml"

# name: (default, allowed values or (lo, hi) range for numbers)
SPEC = {
    "sound": (True, (True, False)),
    "volume": (70, (0, 100)),
    "ai_speed": ("normal", ("slow", "normal", "fast")),
    "animation_speed": ("normal", ("slow", "normal", "fast")),
    "colorblind": (True, (True, False)),
    "ui_scale": (100, (100, 200)),
    "fullscreen": (False, (True, False)),
    "confirm_placements": (False, (True, False)),
    "window_width": (0, (0, 7680)),     # the window's size at the last quit (0: not known yet)
    "window_height": (0, (0, 4320)),
}

# multiplier on AI pauses and animation lengths
SPEED_FACTOR = {"slow": 1.8, "normal": 1.0, "fast": 0.35}


def _valid(name: str, value) -> bool:
    default, allowed = SPEC[name]
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        lo, hi = allowed
        return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
    return value in allowed


class Settings:
    def __init__(self, values: dict | None = None):
        self.values = {k: d for k, (d, _) in SPEC.items()}
        self.problem: str | None = None
        for k, v in (values or {}).items():
            if k in SPEC and _valid(k, v):
                self.values[k] = v

    def __getitem__(self, name: str):
        return self.values[name]

    def set(self, name: str, value) -> None:
        if name not in SPEC or not _valid(name, value):
            raise ValueError(f"{name} cannot be {value}")
        self.values[name] = value

    def to_dict(self) -> dict:
        return dict(self.values)


def load() -> Settings:
    """The saved settings, or the defaults (never raises)."""
    if not saving_enabled():
        return Settings()
    path = user_dir() / FILE
    if not path.exists():
        return Settings()
    try:
        data = safe_yaml.load_file(path, FILE, max_bytes=64_000)
    except safe_yaml.LoadError as e:
        s = Settings()
        s.problem = f"Your settings could not be read ({str(e).split(': ', 1)[-1]}); the defaults are used."
        return s
    return Settings(data if isinstance(data, dict) else {})


def window_size(settings: Settings) -> tuple[int, int] | None:
    """The window size remembered from the last run, or None."""
    w, h = settings["window_width"], settings["window_height"]
    return (w, h) if w and h else None


def remember_window_size(settings: Settings, size) -> bool:
    """Keep ``size`` for the next start (a size out of range is not kept)."""
    try:
        settings.set("window_width", size[0])
        settings.set("window_height", size[1])
    except ValueError:
        return False
    return save(settings)


def save(settings: Settings) -> bool:
    """Write the settings atomically; False when there is no place to keep them."""
    if not saving_enabled():
        return False
    folder = user_dir()
    text = yaml.safe_dump(settings.to_dict(), sort_keys=True)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, folder / FILE)
        return True
    except OSError:
        return False
