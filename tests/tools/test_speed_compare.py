"""bench --against: two checkouts' engines timed side by side in one process."""
import sys
from pathlib import Path

import game.games
from game.tools.speed_compare import compare, load_tree, speed_against

ROOT = str(Path(__file__).resolve().parents[2])


def test_another_checkout_loads_beside_this_one_and_puts_our_modules_back():
    ours = {gid: game.games.get_rules(gid) for gid in game.games.available_games()}
    before = {k: m for k, m in sys.modules.items() if k.startswith("game")}
    other = load_tree(ROOT)
    assert {k: m for k, m in sys.modules.items() if k.startswith("game")} == before
    assert set(other["rules"]) == set(ours)
    for gid, rules in ours.items():   # the same code, but its own module objects
        assert type(other["rules"][gid]).__name__ == type(rules).__name__
        assert type(other["rules"][gid]) is not type(rules)


def test_a_short_comparison_gives_both_speeds_and_their_ratio():
    other = load_tree(ROOT)
    ours = {"rules": {"micropolis": game.games.get_rules("micropolis")}, "Seat": other["Seat"]}
    r = compare(other, ours, "micropolis", 2, {}, rounds=2, seconds=0.01)
    assert r["other"] > 0 and r["ours"] > 0 and r["ratio"] > 0 and len(r["quartiles"]) == 2


def test_a_path_that_is_not_a_checkout_is_reported(tmp_path):
    said = []
    assert speed_against(str(tmp_path), out=said.append) == 2
    assert "not a checkout of this project" in said[0]
