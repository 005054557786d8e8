"""Micropolis (Cathala & Chevallier): pure-Python rules core.

- ``rules.get_rules()``: the Rules object (contract in game/core/rules.py).
- ``state``: State, Anthill and the Action classes (Take, PlaceEnd, FillBarracks, Sentry, ChooseLeader).
- ``scoring.galleries(slots, tiles)``: galleries of one anthill (for drawing connections).
- ``scoring.anthill_breakdown(s, anthill)``: live score preview of one anthill.
"""
from game.core.game import GameInfo, on_demand
from game.core.i18n import N_

GAME = GameInfo(
    id="micropolis",
    title=N_("Micropolis"),
    designer="Bruno Cathala & Charles Chevallier",
    pitch=N_("Draft tiles from a line of seven and grow the richest anthill."),
    min_players=2,
    max_players=6,
    minutes=30,
    tags=(N_("drafting"), N_("tile laying"), N_("networks")),
    menu_order=2,
    load_rules=on_demand(f"{__name__}.rules", "get_rules"),
    load_heuristics=on_demand(f"{__name__}.heuristics"),
    hard_settings={"iterations": 120, "candidates": 8, "rollout_turns": 20},
)
