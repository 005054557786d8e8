"""Player names: the one rule that setup (as a player types) and the record loader share.

A name is 1 to ``MAX_NAME`` characters (code points) of any script, emoji sequences with
their zero-width joiners and the direction marks some keyboards type included. Refused are
only characters that break a one-line name or its file: control characters (tab, newline,
escape..), the line and paragraph separators, and lone surrogates. A name needs at least
one visible character. ``clean_name`` turns anything typed or pasted into a name of that
kind (or into a blank one, which ``name_problem`` then refuses).
"""
from __future__ import annotations

import unicodedata

MAX_NAME = 40
JOINER = "\u200d"                    # zero-width joiner: glues emoji into one picture
_REMOVED = frozenset(("Cc", "Zl", "Zp", "Cs"))
_INVISIBLE = frozenset(("Cf", "Mn", "Me"))   # format marks and combining marks alone show nothing


def _allowed(ch: str) -> bool:
    return unicodedata.category(ch) not in _REMOVED


def _visible(ch: str) -> bool:
    return not ch.isspace() and unicodedata.category(ch) not in _INVISIBLE | _REMOVED


def clean_name(text: str, limit: int = MAX_NAME) -> str:
    """``text`` without the refused characters, cut to ``limit`` characters (never ending in a joiner)."""
    kept = "".join(ch for ch in text if _allowed(ch))[:min(limit, MAX_NAME)]
    return kept.rstrip(JOINER)


def name_problem(name) -> str | None:
    """Why ``name`` cannot be a player's name, in plain words; None if it can."""
    if not isinstance(name, str):
        return "it is not text"
    if not any(_visible(ch) for ch in name):
        return "it is empty"
    if len(name) > MAX_NAME:
        return f"it is longer than {MAX_NAME} characters"
    if not all(_allowed(ch) for ch in name):
        return "it has a control character or a line break in it"
    return None
