"""It Happens.. (Stefan Feld): dice on termite mounds. Pure rules, no pygame."""
from game.core.game import GameInfo, on_demand
from game.core.i18n import N_

GAME = GameInfo(
    id="it_happens",
    title=N_("It Happens.."),
    designer="Stefan Feld",
    pitch=N_("Be Anton the anteater: roll dice onto termite mounds to dig out Queens."),
    min_players=2,
    max_players=5,
    minutes=30,
    tags=(N_("dice"), N_("majorities"), N_("set collection")),
    menu_order=1,
    load_rules=on_demand(f"{__name__}.rules", "get_rules"),
    load_heuristics=on_demand(f"{__name__}.heuristics"),
    # 800 simulations against 400: arena, Hard + three Mediums, deals 9100-9219, +0.043 +/- 0.053 paired
    # win share over 480 games (stop 46's note; +0.025 over 240 in stop 39), at twice the think time
    # (about 170 ms a decision)
    hard_settings={"iterations": 800, "candidates": 4, "greedy_rollouts": False, "confidence": 1.0,
                   "temperature": 8.0, "stage_values": True},
)
