"""The declaration of one game: what the engine, the menu and the AI need to know about it.

Each rules package (``game/games/<id>/__init__.py``) holds one ``GameInfo`` named ``GAME``; the
registry (``game/games/__init__.py``) finds it by scanning. Loading the rules (and their data files)
waits until ``load_rules`` is first called, so the menu can list a game before its data is read.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class GameInfo:
    id: str                     # the package name; also the name records and saves carry
    title: str
    designer: str
    pitch: str                  # one sentence for the menu card
    min_players: int
    max_players: int
    minutes: int                # a typical game's length
    load_rules: Callable[[], Any]          # the Rules object (data loaded and validated on first use)
    load_heuristics: Callable[[], Any]     # the heuristics module the bots play by (see game/ai/bots.py)
    tags: tuple[str, ...] = ()
    menu_order: int = 100       # where the card sits on the menu (lower first)
    # Hard's search settings (game/ai/ismcts.py IsmctsBot keywords), tuned with ``main.py arena``
    hard_settings: dict = field(default_factory=dict)
