"""The autosave: written after every decision, resumed by "Continue".

A save that cannot be read or replayed is reported, moved aside (never
deleted, never overwritten) and the menu offers no Continue for it.
"""
from __future__ import annotations

import time
from pathlib import Path

from game.core.paths import user_dir
from game.core.record import Record, RecordError, read_record, replay, save_record

AUTOSAVE = "autosave.yaml"


def autosave_path() -> Path:
    return user_dir() / AUTOSAVE


def write_autosave(rec: Record) -> None:
    save_record(autosave_path(), rec)


def clear_autosave() -> None:
    """The game ended: keep its record as the last finished game, drop the Continue."""
    p = autosave_path()
    if p.exists():
        p.replace(p.with_name("last-finished.yaml"))


def move_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.unreadable-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.unreadable-{stamp}-{n}{path.suffix}")
        n += 1
    path.rename(target)
    return target


def _set_aside(p: Path, why: str) -> str:
    """Move an unusable save out of the way and say so in plain words."""
    try:
        aside = move_aside(p)
        return f"The saved game {why} and was kept as {aside.name}."
    except OSError as e:
        return f"The saved game {why}; it could not be moved aside ({e.strerror or 'folder not writable'})."


def peek_autosave(is_known=None) -> tuple[Record | None, str | None]:
    """(record, None) for a resumable save; (None, message) if it had to be set aside. Never raises.

    ``is_known(game_id)`` says whether this build has the game (default: its rules package exists)."""
    if is_known is None:
        from game.games import available_games
        is_known = available_games().__contains__
    try:
        p = autosave_path()
        if not p.exists() and not p.is_symlink():
            return None, None
    except OSError:
        return None, None
    try:
        rec = read_record(p)
    except RecordError as e:
        return None, _set_aside(p, f"could not be read ({_reason(e)})")
    except Exception:  # never let a save stop the menu from coming up
        return None, _set_aside(p, "could not be read")
    if rec.final is not None:
        return None, None
    if not is_known(rec.game):
        return None, _set_aside(p, f"is of a game this version does not have ({rec.game})")
    return rec, None


def _reason(e: Exception) -> str:
    text = str(e)
    return text.split(": ", 1)[1] if ": " in text else text


def load_autosave(get_rules) -> tuple[Record | None, list | None, str | None]:
    """Read and replay the autosave: (record, states, None) or (None, None, message). Never raises."""
    rec, msg = peek_autosave(lambda game: True)
    if rec is None:
        return None, None, msg
    p = autosave_path()
    try:
        rules = get_rules(rec.game)
    except (KeyError, ImportError):
        return None, None, _set_aside(p, f"is of a game this version does not have ({rec.game})")
    try:
        states = replay(rules, rec, name=p.name)
    except RecordError as e:
        return None, None, _set_aside(p, f"does not replay ({_reason(e)})")
    except Exception:
        return None, None, _set_aside(p, "does not replay")
    return rec, states, None
