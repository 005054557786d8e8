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
    "lan_discovery": (True, (True, False)),   # announce hosted tables and list found ones on the local network
    "window_width": (0, (0, 7680)),     # the window's size at the last quit (0: not known yet)
    "window_height": (0, (0, 4320)),
    # the language the player chose ("": not chosen yet, the system's is picked at the first start);
    # a code of a language this build knows of, even one whose catalog is not here (then English)
    "language": ("", ("",) + tuple(dict.fromkeys([*i18n.available_languages(), *i18n.LANGUAGES]))),
    # per game id, the seats and options of the last game started from setup (ids, names as typed and
    # values: no words of any language); checked by clean_last_seats, not by an allowed list
    "last_seats": ({}, None),
}

# what "last_seats" may hold: a few games, each with a few seats (a file that says more is cut to this)
MAX_REMEMBERED_GAMES = 16
MAX_SEATS = 12
MAX_OPTIONS = 16
MAX_ID = 40                 # a game id, a seat kind, a colour, an option key or text value

# multiplier on AI pauses and animation lengths
SPEED_FACTOR = {"slow": 1.8, "normal": 1.0, "fast": 0.35}


def _is_id(value) -> bool:
    """A short plain id (a game's, a level's, a colour's or an option's name)."""
    return (isinstance(value, str) and 0 < len(value) <= MAX_ID
            and all(ch.isascii() and (ch.isalnum() or ch in "_-.") for ch in value))


def _seat_name(value) -> bool:
    """A name as setup's field holds it: any text of a player's name, or blank (an empty seat's)."""
    from game.core.names import clean_name, MAX_NAME
    return isinstance(value, str) and len(value) <= MAX_NAME and clean_name(value) == value


def _option_value(value) -> bool:
    if value is None or isinstance(value, bool):
        return True
    return (isinstance(value, int) and abs(value) <= 10**9) or _is_id(value)


def valid_seats_entry(entry) -> bool:
    """One game's remembered setup: {"kinds": [...], "names": [...], "colors": [...],
    "extra_color": id or None, "options": {key: value}}, every list as long as the others."""
    if not isinstance(entry, dict) or set(entry) != {"kinds", "names", "colors", "extra_color", "options"}:
        return False
    kinds, names, colors, options = entry["kinds"], entry["names"], entry["colors"], entry["options"]
    if not all(isinstance(v, list) for v in (kinds, names, colors)):
        return False
    if not 0 < len(kinds) <= MAX_SEATS or not len(kinds) == len(names) == len(colors):
        return False
    if not all(_is_id(k) for k in kinds + colors) or not all(_seat_name(nm) for nm in names):
        return False
    if entry["extra_color"] is not None and not _is_id(entry["extra_color"]):
        return False
    return (isinstance(options, dict) and len(options) <= MAX_OPTIONS
            and all(_is_id(k) and _option_value(v) for k, v in options.items()))


def clean_last_seats(value) -> dict:
    """The remembered setups that are whole and well formed (the last MAX_REMEMBERED_GAMES games);
    anything else is dropped, so that game's setup starts from its defaults."""
    if not isinstance(value, dict):
        return {}
    kept = {gid: entry for gid, entry in value.items() if _is_id(gid) and valid_seats_entry(entry)}
    return dict(list(kept.items())[-MAX_REMEMBERED_GAMES:])


def remember_seats(settings: "Settings", game_id: str, entry: dict) -> bool:
    """Keep ``entry`` as the last setup of ``game_id`` (the newest last; the oldest games are
    forgotten past the limit) and save the settings; False when it is not well formed or not saved."""
    if not _is_id(game_id) or not valid_seats_entry(entry):
        return False
    seats = {gid: e for gid, e in settings["last_seats"].items() if gid != game_id}
    seats[game_id] = entry
    settings.set("last_seats", dict(list(seats.items())[-MAX_REMEMBERED_GAMES:]))
    return save(settings)


def _valid(name: str, value) -> bool:
    default, allowed = SPEC[name]
    if name == "last_seats":
        return clean_last_seats(value) == value
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        lo, hi = allowed
        return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
    return value in allowed


class Settings:
    def __init__(self, values: dict | None = None):
        self.values = {k: (dict(d) if isinstance(d, dict) else d) for k, (d, _allowed) in SPEC.items()}
        # a settings file that could not be read: (why, the name it was kept as or None); the
        # player's words are made when shown (problem_words), in the language chosen then
        self.problem: tuple[str, str | None] | None = None
        for k, v in (values or {}).items():
            if k == "last_seats":
                self.values[k] = clean_last_seats(v)     # a broken game's entry alone is dropped
            elif k in SPEC and _valid(k, v):
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
