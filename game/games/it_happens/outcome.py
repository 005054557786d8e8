"""It Happens..: how a game is likely to end, judged at the start of a round.

Hard's play-outs stop when a new round begins and take their value from here (see the Hard
setting ``stage_values`` in game/ai/ismcts.py): at a round's start the mounds are empty, so what a
seat holds says most of what it will score, and a fitted guess there is both quicker and steadier
than playing the remaining rounds out at random.

A seat's expected final total is a linear fit on what it holds (``features``), one fit per number
of real players and rounds still to come after this one (``FIT``). The chance that a seat wins is
the softmax of those totals at the fit's temperature (fitted for the best log-likelihood of the
real winners).

The fit comes from games of Medium players against each other, at every table size: ``python -m
game.tools.refit it_happens GAMES`` plays them again and prints a new table (pure Python: a
least-squares solve and a search over temperatures, in game/core/maths.py). The table in the
code was fitted before Medium's VARIETY_WEIGHT went from 9 to 13; Hard kept its share against
the new Mediums.
"""
from __future__ import annotations

from game.core.maths import softmax

FEATURES = ("one", "mound points", "worms", "item pairs", "single items",
            "spaces still to come of the kinds held once", "kinds not held with spaces still to come",
            "kinds held minus the most a rival holds", "holds the most kinds (ties too)", "holds the most kinds alone")

# FIT[real players][rounds after this one] = (weights per FEATURES, temperature): what
# ``python -m game.tools.refit it_happens 3000`` printed (3,000 games at each table size)
FIT = {
    2: {0: ((2.06, 1.141, 0.999, 8.145, 2.451, 0.0, 0.0, 0.081, 3.695, 1.717), 6),
        1: ((8.76, 1.33, 1.475, 10.956, 4.536, -0.27, 0.082, 0.335, 2.226, 1.337), 8),
        2: ((19.234, 1.612, 3.48, 14.689, 6.024, -0.076, 0.32, 1.301, 0.378, 0.14), 9)},
    3: {0: ((11.105, 0.958, 1.117, 6.274, 1.505, 0.0, 0.0, 0.5, 2.443, 2.111), 5),
        1: ((24.025, 0.914, 1.196, 6.681, 2.168, 0.059, -0.212, 0.395, 1.147, 1.158), 6),
        2: ((36.643, 0.908, 1.211, 7.253, 2.831, 0.096, -0.227, 0.415, -0.256, 0.668), 7)},
    4: {0: ((8.089, 0.972, 1.107, 5.816, 1.48, 0.0, 0.0, 0.326, 2.691, 2.315), 5),
        1: ((16.941, 0.966, 1.127, 6.245, 2.315, 0.046, -0.007, 0.274, 1.149, 1.062), 6),
        2: ((28.73, 0.982, 1.096, 5.715, 2.467, 0.039, -0.133, 0.38, 0.272, 0.165), 7)},
    5: {0: ((5.261, 0.981, 1.105, 6.126, 1.626, 0.0, 0.0, 0.072, 2.777, 2.435), 4),
        1: ((12.897, 0.976, 1.1, 6.673, 2.444, 0.147, 0.033, 0.17, 0.782, 0.808), 6),
        2: ((21.511, 0.95, 1.161, 6.77, 2.923, 0.031, 0.124, 0.148, 0.481, 0.685), 7)},
}
_SPACES: dict = {}     # per Components: (the components, item kind index, item spaces per mound id)


def item_spaces(c) -> tuple[dict, dict]:
    """(item kind -> its index, mound id -> its item spaces counted by kind), once per Components."""
    got = _SPACES.get(id(c))
    if got is None or got[0] is not c:
        index = {k: i for i, k in enumerate(c.item_types)}
        per = {}
        for m in c.mounds:
            counts = [0] * len(c.item_types)
            for col in m.columns:
                for sp in col:
                    if sp in index:
                        counts[index[sp]] += 1
            per[m.id] = tuple(counts)
        got = _SPACES[id(c)] = (c, index, per)
    return got[1], got[2]


def rounds_after(rules, s) -> int:
    """Rounds still to come after the current one."""
    return len(s.deck) // rules.comps.mounds_per_round


def features(rules, s) -> list[list[float]]:
    """Per seat, what it holds, in the order of FEATURES."""
    per = item_spaces(rules.comps)[1]
    kinds_n = len(rules.comps.item_types)
    to_come = [sum(per[m][k] for m in s.deck) for k in range(kinds_n)]
    kinds = [kinds_n - row.count(0) for row in s.items]
    rows = []
    for p, row in enumerate(s.items):
        pairs = kinds_n - row.count(0) - row.count(1)
        lead = kinds[p] - max(k for q, k in enumerate(kinds) if q != p)
        rows.append([1.0, float(sum(s.queens[p]) + sum(s.generals[p])), float(s.worms[p]), float(pairs),
                     float(kinds[p] - pairs),
                     float(sum(to_come[k] for k in range(kinds_n) if row[k] == 1)),
                     float(sum(1 for k in range(kinds_n) if row[k] == 0 and to_come[k] > 0)),
                     float(lead), float(lead >= 0), float(lead > 0)])
    return rows


def expected_outcome(rules, s) -> tuple[list[float], list[float]]:
    """(each seat's chance of winning, each seat's expected final total), at the start of a round."""
    weights, temperature = FIT[s.real][min(2, rounds_after(rules, s))]
    totals = [sum(w * x for w, x in zip(weights, row)) for row in features(rules, s)]
    return softmax(totals, temperature), totals


def sample(rules, s) -> tuple[int, list[list[float]]]:
    """What the table is fitted on at a round's start: (rounds still to come after it, features)."""
    return rounds_after(rules, s), features(rules, s)
