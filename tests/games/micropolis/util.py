"""Helpers for the Micropolis tests: build situations directly on a State."""
from __future__ import annotations

from game.core.rng import Rng
from game.core.rules import Seat
from game.games.micropolis.data import Segment, Tile
from game.games.micropolis.rules import get_rules

R = get_rules()


def seats(n):
    return [Seat(f"P{i}", R.seat_colors[i % 6], "human") for i in range(n)]


def new(n=2, seed=1, expert=False):
    return R.new_game(seats(n), seed, {"expert": expert})


def with_line(s, tiles, soldiers=None):
    """A copy of s whose line is ``tiles`` (padded with None)."""
    n = s.copy()
    line = list(tiles) + [None] * (7 - len(tiles))
    n.line = tuple(line)
    n.line_soldiers = tuple(soldiers or [0] * 7)
    return n


def set_anthill(s, i, **kw):
    n = s.copy()
    ants = list(n.anthills)
    ants[i] = ants[i]._replace(**kw)
    n.anthills = tuple(ants)
    return n


def ring(tile_ids, left=0):
    """Slots tuple with the given tiles placed clockwise from ``left``."""
    slots = [None] * 10
    for k, t in enumerate(tile_ids):
        slots[(left + k) % 10] = t
    return tuple(slots)


def tile(tid, *segs, barracks=0):
    """A test tile: segs are (ports, workers, specialist, fruits) tuples."""
    out = []
    for sg in segs:
        ports, workers = sg[0], sg[1]
        spec = sg[2] if len(sg) > 2 else None
        fruits = tuple(sg[3]) if len(sg) > 3 else ()
        out.append(Segment(tuple(ports), workers, spec, 1 if spec == "nurse" else 0, fruits))
    return Tile(tid, "test", tuple(out), barracks)


def do(s, *acts):
    for a in acts:
        s = R.apply(s, a)
    return s


def random_game(n, seed, expert=False, check=None):
    s = R.new_game(seats(n), seed, {"expert": expert})
    rng = Rng(seed * 7919 + 1)
    while not R.is_over(s):
        acts = R.legal_actions(s)
        s = R.apply(s, acts[rng.below(len(acts))])
        if check:
            check(s)
    return s
