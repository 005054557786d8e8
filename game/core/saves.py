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


def peek_autosave() -> tuple[Record | None, str | None]:
    """(record, None) for a resumable save; (None, message) if it had to be moved aside."""
    p = autosave_path()
    if not p.exists():
        return None, None
    try:
        rec = read_record(p)
        if rec.final is not None:
            return None, None
        return rec, None
    except RecordError as e:
        aside = move_aside(p)
        return None, f"The saved game could not be read and was kept as {aside.name}: {e}"


def load_autosave(get_rules) -> tuple[Record | None, list | None, str | None]:
    """Read and replay the autosave: (record, states, None) or (None, None, message)."""
    rec, msg = peek_autosave()
    if rec is None:
        return None, None, msg
    p = autosave_path()
    try:
        rules = get_rules(rec.game)
        states = replay(rules, rec, name=p.name)
    except (RecordError, KeyError) as e:
        aside = move_aside(p)
        return None, None, f"The saved game does not replay and was kept as {aside.name}: {e}"
    return rec, states, None
