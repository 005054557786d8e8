"""The declaration of one game: what the engine, the menu and the AI need to know about it.

Each rules package (``game/games/<id>/__init__.py``) holds one ``GameInfo`` named ``GAME``; the
registry (``game/games/__init__.py``) finds it by scanning. Loading the rules (and their data files)
waits until ``load_rules`` is first called, so the menu can list a game before its data is read.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class GameInfo:
    """``title``, ``pitch`` and ``tags`` hold message ids marked with ``N_()`` (English): whoever
    shows them translates them there, ``_(info.title)``, so switching the language needs no restart.
    ``designer`` holds people's names and is shown as it is."""
    id: str                     # the package name; also the name records and saves carry
    title: str                  # N_("..."): the game's name
    designer: str
    pitch: str                  # N_("..."): one sentence for the menu card
    min_players: int
    max_players: int
    minutes: int                # a typical game's length
    load_rules: Callable[[], Any]          # the Rules object (data loaded and validated on first use)
    load_heuristics: Callable[[], Any]     # the heuristics module the bots play by (see game/ai/bots.py)
    tags: tuple[str, ...] = ()  # N_("...") each
    menu_order: int = 100       # where the card sits on the menu (lower first)
    # Hard's search settings (game/ai/ismcts.py IsmctsBot keywords), tuned with ``main.py arena``;
    # ``by_seats`` maps a table size to the settings that differ there
    hard_settings: dict = field(default_factory=dict)


def on_demand(module: str, name: str | None = None) -> Callable:
    """A function that imports ``module`` on its first call (so a declaration stays cheap to
    import): with ``name`` it calls that attribute of the module with the arguments it was given,
    without it returns the module."""
    def load(*args, **kwargs):
        mod = importlib.import_module(module)
        return mod if name is None else getattr(mod, name)(*args, **kwargs)
    return load


def scan(package, attr: str, kind: type) -> list:
    """The ``attr`` of every sub-package of ``package`` that declares one of type ``kind``."""
    found = []
    for mod in pkgutil.iter_modules(package.__path__):
        if mod.ispkg:
            value = getattr(importlib.import_module(f"{package.__name__}.{mod.name}"), attr, None)
            if isinstance(value, kind):
                found.append(value)
    return found
