"""Words shared by every table (pure: no pygame, so headless tools can read a game's log)."""
from __future__ import annotations


def join_words(parts: list[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (or 'a, b or c' with ``last="or"``)."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" {last} " + parts[-1]
