"""It Happens.. (Stefan Feld): dice on termite mounds. Pure rules, no pygame."""
from game.core.game import GameInfo, on_demand

GAME = GameInfo(
    id="it_happens",
    title="It Happens..",
    designer="Stefan Feld",
    pitch="Be Anton the anteater: roll dice onto termite mounds to dig out Queens.",
    min_players=2,
    max_players=5,
    minutes=30,
    tags=("dice", "majorities", "set collection"),
    menu_order=1,
    load_rules=on_demand(f"{__name__}.rules", "get_rules"),
    load_heuristics=on_demand(f"{__name__}.heuristics"),
    hard_settings={"iterations": 400, "candidates": 4, "greedy_rollouts": False, "confidence": 1.0,
                   "temperature": 8.0, "stage_values": True},
)
