"""Checking a changed setting against its default (the arena's trial seat changes AI settings)."""
from __future__ import annotations

import math
from dataclasses import fields, replace


def wrong_kind(name: str, value, default) -> str | None:
    """Why ``value`` cannot stand in for a setting whose default is ``default``, or None: a flag
    takes true or false, a name a string, a count a whole number, a weight a finite number; neither
    is negative."""
    if isinstance(default, bool):
        ok, kind = isinstance(value, bool), "true or false"
    elif isinstance(default, str):
        return None if isinstance(value, str) else f"{name}: must be a name, not {value!r}"
    elif isinstance(default, int):
        ok, kind = isinstance(value, int) and not isinstance(value, bool), "a whole number"
    else:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        kind = "a number"
    if ok and not isinstance(value, bool) and value < 0:
        ok = False
    return None if ok else f"{name}: must be {kind}, 0 or more, not {value!r}"


def with_changes(base, changes: dict):
    """The frozen dataclass ``base`` (a game's named heuristic weights) with ``changes`` made, each
    checked by name and by kind against ``base``'s value: ValueError naming the first that is wrong."""
    names = [f.name for f in fields(base)]
    for name, value in changes.items():
        if name not in names:
            raise ValueError(f"no weight named {name!r} (the weights: {', '.join(names)})")
        problem = wrong_kind(name, value, getattr(base, name))
        if problem:
            raise ValueError(problem)
    return replace(base, **changes)
