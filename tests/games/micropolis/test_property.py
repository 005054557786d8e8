"""Property test: random legal games (2-6 players, expert 2-3) never fail, conserve
soldiers (45) and tiles (61) after every step, and score as an independent recount says.

MP_PROPERTY_GAMES (default 5000) sets the number of games, played in batches of
ceil(games / 100) per Hypothesis example.

Rulings cited by number are in docs/rulings_micropolis.md.
"""
import math
import os
import time

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from game.core.data import data_dir
from game.core.rng import Rng

from .util import R, seats

GAMES = int(os.environ.get("MP_PROPERTY_GAMES", "3000"))   # MP_PROPERTY_GAMES=5000 for the full sweep
EXAMPLES = min(100, GAMES)
BATCH = math.ceil(GAMES / EXAMPLES)
CONFIGS = [(2, False), (3, False), (4, False), (5, False), (6, False), (2, True), (3, True)]

RAW = {t["id"]: t for t in yaml.safe_load((data_dir() / "micropolis" / "tiles.yaml").read_text())["anthill_tiles"]}
HARVEST = [0, 2, 5, 10, 15, 20, 25]
BVP = {1: 2, 2: 4, 3: 7, 4: 10}
STATS = {"games": 0, "seconds": 0.0}


def recount(slots, army, full):
    """Independent scorer (flood fill over raw YAML). Returns own lines + raw colony/army."""
    nodes = [(k, i) for k, t in enumerate(slots) if t for i in range(len(RAW[t]["segments"]))]

    def seg(k, i):
        return RAW[slots[k]]["segments"][i]

    def neigh(k, i):
        out = []
        for p in seg(k, i)["ports"]:
            side, lvl = p[0], p[1]
            k2 = (k + 1) % 10 if side == "R" else (k - 1) % 10
            if not slots[k2]:
                continue
            want = ("L" if side == "R" else "R") + lvl
            for j, sg in enumerate(RAW[slots[k2]]["segments"]):
                if want in sg["ports"]:
                    out.append((k2, j))
        return out

    seen, pop, harvest, royal, best = set(), 0, 0, 0, 0
    for n in nodes:
        if n in seen:
            continue
        comp, todo = [], [n]
        seen.add(n)
        while todo:
            x = todo.pop()
            comp.append(x)
            for y in neigh(*x):
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        ants = sum(seg(*x)["workers"] + (1 if seg(*x).get("specialist") else 0) for x in comp)
        fruits = [f for x in comp for f in seg(*x).get("fruits", [])]
        queens = sum(1 for x in comp if (seg(*x).get("specialist") or {}).get("type") == "queen")
        distinct = min(6, len({f for f in fruits if f != "gift"}) + fruits.count("gift"))
        pop += ants
        best = max(best, ants)
        harvest += HARVEST[distinct]
        if queens == 1:
            royal += len({k for k, _ in comp})
    barracks = sum(BVP[RAW[t]["barracks"]] for t in full)
    return {"population": pop, "colony": best, "harvest": harvest, "royal": royal, "red_army": army,
            "barracks": barracks}


def check_scores(s):
    raw = [recount(a.slots, a.army, a.full) for a in s.anthills]
    bc = max(r["colony"] for r in raw)
    ba = max(r["red_army"] for r in raw)
    want = {p: dict.fromkeys(("population", "colony", "harvest", "royal", "red_army", "barracks"), 0)
            for p in range(len(s.seats))}
    for a, r in zip(s.anthills, raw):
        r["colony"] = 5 if bc and r["colony"] == bc else 0
        r["red_army"] = 5 if ba and r["red_army"] == ba else 0
        for k, v in r.items():
            want[a.owner][k] += v
    for sh in R.score_sheets(s):
        assert sh.lines == want[sh.player]


def play_one(n, expert, seed):
    s = R.new_game(seats(n), seed, {"expert": expert})
    rng = Rng(seed ^ 0x5EED)
    while not R.is_over(s):
        acts = R.legal_actions(s)
        assert acts
        s = R.apply(s, acts[rng.below(len(acts))])
        assert s.soldiers_in_play() == 45
        assert s.tiles_in_play() == 61
        assert s.architect_reserve + sum(s.architects) == 2   # R28: tokens belong to players
        assert all(a.architects == s.architects[a.owner] for a in s.anthills)
        assert all(0 <= a.army <= 10 for a in s.anthills)
    assert all(a.count == 10 and None not in a.slots for a in s.anthills)
    check_scores(s)
    w = R.winners(s)
    assert w and all(0 <= p < n for p in w)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=False,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_random_legal_games_conserve_and_score(seed):
    t = time.perf_counter()
    for k in range(BATCH):
        n, expert = CONFIGS[(seed + k) % len(CONFIGS)]
        play_one(n, expert, seed * 1000 + k)
    STATS["games"] += BATCH
    STATS["seconds"] += time.perf_counter() - t


def test_zz_report_playouts_per_second(capsys):
    if STATS["games"]:
        with capsys.disabled():
            print(f"\nmicropolis: {STATS['games']} random games in {STATS['seconds']:.1f}s "
                  f"({STATS['games'] / STATS['seconds']:.0f} playouts/s incl. checks)")
