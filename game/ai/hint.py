"""The hint: the Hard AI's move for a player and one line saying why.

Pure (no pygame): it runs in the AI worker process, or in a thread when there is none. It sees
only the player's observation; the reason is told on a sampled world consistent with it, so the
words cannot give away a hidden tile either.
"""
from __future__ import annotations

from game.ai.bots import heuristics_for, make_bot
from game.core.rng import Rng


def advise(rules, obs, player: int, seed: int):
    """(action, reason) for ``player`` from their observation."""
    action = make_bot("hard", rules, seed).choose(obs, player)
    return action, reason(rules, obs, player, action, seed)


def reason(rules, obs, player: int, action, seed: int) -> str:
    """One line a player understands, in the chosen language (game/core/i18n.py), from the game's
    heuristics ('' when they have none)."""
    try:
        return heuristics_for(rules).explain(rules, rules.determinize(obs, player, Rng(seed)), player, action) or ""
    except Exception:  # advice must never break the table
        return ""
