"""Checking a changed setting against its default (the arena's trial seat changes AI settings)."""
from __future__ import annotations

import math


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
