"""The game registry: game id -> Rules object (imported lazily)."""
from __future__ import annotations

import importlib

GAME_IDS = ("it_happens", "micropolis", "antics")


def available_games() -> list[str]:
    """Games whose rules package exists in this build."""
    out = []
    for gid in GAME_IDS:
        try:
            importlib.import_module(f"game.games.{gid}.rules")
        except ModuleNotFoundError as e:
            if e.name and e.name.startswith(f"game.games.{gid}"):
                continue
            raise
        out.append(gid)
    return out


def get_rules(game_id: str):
    """The Rules object of a game (data loaded and validated on first use)."""
    if game_id not in GAME_IDS:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(GAME_IDS)})")
    mod = importlib.import_module(f"game.games.{game_id}.rules")
    return mod.get_rules()
