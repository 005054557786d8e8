"""The player's settings, kept in the user folder (settings.yaml) and applied at once.

Read with the bounded loader; a missing or broken file gives the defaults (a broken one is
set aside and told once), and a value of the wrong type or out of range falls back to its
default. Writing is atomic and never raises: without a user folder the settings last one run.
"""
from __future__ import annotations

import os
import stat
import tempfile
import time

import yaml

from game.core import i18n, safe_yaml
from game.core.i18n import _
from game.core.paths import saving_enabled, user_dir
from game.core.portable import replace_file

FILE = "settings.yaml"
TEMP_PREFIX, TEMP_SUFFIX = ".settings-", ".tmp"
STALE_TEMP_SECONDS = 60.0   # a temp file this old was left by a crash, not by a save in progress

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
    # the language the player chose ("": not chosen yet, the system's is picked at the first start);
    # a code of a language this build knows of, even one whose catalog is not here (then English)
    "language": ("", ("",) + tuple(dict.fromkeys([*i18n.available_languages(), *i18n.LANGUAGES]))),
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
        self.values = {k: d for k, (d, _allowed) in SPEC.items()}
        # a settings file that could not be read: (why, the name it was kept as or None); the
        # player's words are made when shown (problem_words), in the language chosen then
        self.problem: tuple[str, str | None] | None = None
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

    def problem_words(self) -> str:
        """The problem with the settings file in the player's words ("" when there is none)."""
        if not self.problem:
            return ""
        why, kept = self.problem
        if kept:
            # i18n: {why} is a technical detail (in English) of what is wrong with the file;
            # {file} is the name the broken file was kept as
            return _("Your settings could not be read ({why}); it was kept as {file} and the defaults "
                     "are used.").format(why=why, file=kept)
        # i18n: {why} is a technical detail (in English) of what is wrong with the file
        return _("Your settings could not be read ({why}); the defaults are used.").format(why=why)


def load() -> Settings:
    """The saved settings, or the defaults (never raises)."""
    if not saving_enabled():
        return Settings()
    remove_stale_temps(user_dir())
    path = user_dir() / FILE
    if not path.exists():
        return Settings()
    try:
        data = safe_yaml.load_file(path, FILE, max_bytes=64_000)
    except safe_yaml.LoadError as e:
        s = Settings()
        s.problem = _set_aside(path, str(e).split(": ", 1)[-1])
        return s
    return Settings(data if isinstance(data, dict) else {})


def _set_aside(path, why: str) -> tuple[str, str | None]:
    """Move a settings file that cannot be read out of the way (so it is told once); what is told
    (why, the name it was kept as or None), also written to the log (in English)."""
    from game.core.errlog import write_log
    from game.core.saves import move_aside
    try:
        kept = move_aside(path).name
    except OSError:
        kept = None
    where = f"it was kept as {kept} and " if kept else ""
    write_log(f"Your settings could not be read ({why}); {where}the defaults are used.")
    return why, kept


def remove_stale_temps(folder) -> None:
    """Delete the temp files of a save that crashed (regular files older than a minute)."""
    try:
        for p in folder.glob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"):
            info = p.lstat()
            if stat.S_ISREG(info.st_mode) and time.time() - info.st_mtime >= STALE_TEMP_SECONDS:
                p.unlink()
    except OSError:
        pass


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
        fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        replace_file(tmp, folder / FILE)
        return True
    except OSError:
        return False
