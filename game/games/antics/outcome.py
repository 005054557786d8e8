"""Antics!: how a game is likely to end, judged from a position (issue 63).

Hard's search values the positions where its play-outs stop (the Hard setting ``fitted_leaves``)
by the chance that each seat wins, rather than by its own projection minus the best rival's: a
seat's expected final total is a linear fit on what it holds now (``FEATURES``: points scored and
what Hard's projection (``Heuristics.value``) adds to them, the lead over the best rival's
projection, ...), one fit per table size and stage of the game (``key``: by the prey still to leave
the board before the end, ruling 22), and the win chances are the softmax of those totals at the
fit's temperature (fitted for the best log-likelihood of the real winners).

The fit comes from games of Medium players, a sample at the start of every turn: ``python -m
game.tools.refit antics GAMES`` plays them again and prints a new table (game/core/maths.py).
"""
from __future__ import annotations

from game.core.maths import softmax

FEATURES = ("one", "points scored", "points the projection adds", "projection minus the best rival's",
            "projects the most (ties too)", "plays next")

# FIT[seats][key] = (weights per FEATURES, temperature): what ``python -m game.tools.refit antics
# 600`` printed (600 games at each table size: 24,066 samples at three seats, 36,588 at four).
# The projection's points count for a fifth to a third of points scored, its lead over the best
# rival's for more early on; the winners' log-loss falls from an even guess's 1.10 (three seats)
# and 1.39 (four) to 0.97 and 1.22 at the start, 0.20 and 0.31 once the end is triggered.
FIT = {
    3: {0: ((-0.342, 0.986, 0.131, -0.002, 0.156, -0.006), 2),
        1: ((3.419, 0.904, 0.052, 0.096, 0.282, 0.625), 3),
        2: ((6.449, 0.87, 0.119, 0.319, 0.999, 1.11), 4),
        3: ((7.618, 0.44, 0.288, 0.668, 1.359, 1.822), 4),
        4: ((10.097, -1.688, 0.208, 0.836, -0.596, 1.54), 5)},
    4: {0: ((-0.352, 0.969, 0.235, 0.007, 0.149, -0.029), 2),
        1: ((1.308, 0.97, 0.188, 0.064, -0.332, 0.634), 3),
        2: ((2.841, 0.964, 0.342, 0.14, -0.29, 0.75), 4),
        3: ((4.746, 0.651, 0.617, 0.349, 0.064, 0.889), 5),
        4: ((11.861, -0.007, 0.289, 0.904, 0.089, 1.605), 5)},
}


def key(s) -> int:
    """The stage of the game the fit is kept by: 0 once the end is triggered, else by the prey
    tokens still to leave the board before it is (1: 2 or fewer ... 4: 10 or more)."""
    if s.end_by is not None:
        return 0
    to_go = s.prey_to_go()
    return 1 if to_go <= 2 else 2 if to_go <= 5 else 3 if to_go <= 9 else 4


def features(s, vals: list[float], points: list[float]) -> list[list[float]]:
    """Per seat, in the order of FEATURES: from each seat's projection (``vals``) and points scored."""
    top = max(vals)
    rows = []
    for p, (v, scored) in enumerate(zip(vals, points)):
        best_rival = max(vals[:p] + vals[p + 1:])
        rows.append([1.0, scored, v - scored, v - best_rival, float(v >= top), float(p == s.player)])
    return rows


def expected_outcome(s, rows: list[list[float]]) -> tuple[list[float], list[float]]:
    """(each seat's chance of winning, each seat's expected final total), from ``features``."""
    weights, temperature = FIT[len(s.seats)][key(s)]
    totals = [sum(w * x for w, x in zip(weights, row)) for row in rows]
    return softmax(totals, temperature), totals
