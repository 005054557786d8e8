"""Seeded random play shared by the games' engine tests."""
from game.core.rng import Rng


def played(rules, seats, seed: int, options: dict, policy_seed: int | None = None) -> list:
    """(every state, the action taken in it; None for the last) of the game dealt with ``seed``,
    each action picked from the legal ones by an Rng seeded with ``policy_seed`` (seed * 7919 + 1
    when not given)."""
    s = rules.new_game(seats, seed, options)
    rng = Rng(seed * 7919 + 1 if policy_seed is None else policy_seed)
    out = []
    while not rules.is_over(s):
        acts = rules.legal_actions(s)
        a = acts[rng.below(len(acts))]
        out.append((s, a))
        s = rules.apply(s, a)
    out.append((s, None))
    return out
