"""Galleries and scoring (pure functions; usable mid-game for a live preview).

- ``galleries(slots, tiles)``: the galleries of one anthill (ruling R2-R4).
- ``anthill_lines(anthills, tiles, consts)``: the six score lines of every anthill,
  Colony and Red Army compared across all anthills (R6, R7, R27).
- ``anthill_breakdown(s, anthill)``: the lines of one anthill of a State.
"""
from __future__ import annotations

from dataclasses import dataclass

LINES = ("population", "colony", "harvest", "royal", "red_army", "barracks")
_LI, _LO, _RI, _RO = 0, 1, 2, 3


@dataclass(frozen=True)
class Gallery:
    members: tuple        # ((slot, segment index), ...) sorted
    ants: int             # workers + specialists
    span: int             # distinct tiles (slots) the gallery stretches over (R4)
    fruits: tuple         # fruit icons, "gift" included, sorted
    queens: int

    @property
    def distinct_fruits(self) -> int:
        """Different fruits, each gift counting as one more kind, at most 6 (R8)."""
        real = {f for f in self.fruits if f != "gift"}
        return min(6, len(real) + sum(1 for f in self.fruits if f == "gift"))


def _as_slots(slots) -> list:
    if isinstance(slots, dict):
        out = [None] * 10
        for k, v in slots.items():
            out[int(k)] = v
        return out
    return list(slots)


def galleries(slots, tiles) -> list[Gallery]:
    """Galleries of an anthill.

    ``slots``: 10 tile ids (or None for empty slots), or a dict slot -> tile id.
    ``tiles``: dict tile id -> Tile. The Foundation joins nothing (R3); tiles of
    neighbouring occupied slots join Ri->Li and Ro->Lo (right edge of k touches the
    left edge of k+1 mod 10); an opening facing an empty slot is a dead end (R2).
    """
    sl = _as_slots(slots)
    parent: dict = {}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for k, tid in enumerate(sl):
        if tid is not None:
            for i in range(len(tiles[tid].segments)):
                parent[(k, i)] = (k, i)
    for k, tid in enumerate(sl):
        if tid is None:
            continue
        nid = sl[(k + 1) % 10]
        if nid is None or (k + 1) % 10 == k:
            continue
        a, b = tiles[tid].ps, tiles[nid].ps
        for r, l in ((_RI, _LI), (_RO, _LO)):
            if a[r] >= 0 and b[l] >= 0:
                x, y = find((k, a[r])), find(((k + 1) % 10, b[l]))
                if x != y:
                    parent[x] = y
    groups: dict = {}
    for m in parent:
        groups.setdefault(find(m), []).append(m)
    out = []
    for mem in groups.values():
        mem.sort()
        ants = queens = 0
        fruits: list = []
        for k, i in mem:
            sg = tiles[sl[k]].segments[i]
            ants += sg.ants
            fruits.extend(sg.fruits)
            if sg.specialist == "queen":
                queens += 1
        out.append(Gallery(tuple(mem), ants, len({k for k, _ in mem}), tuple(sorted(fruits)), queens))
    out.sort(key=lambda g: g.members)
    return out


def own_lines(slots, army: int, full_barracks, tiles, consts) -> dict:
    """Lines that depend only on this anthill; colony/red_army hold the raw values
    (best gallery ants, army) to be compared by ``anthill_lines``."""
    gs = galleries(slots, tiles)
    population = sum(g.ants for g in gs)
    harvest = sum(consts.harvest_vp[g.distinct_fruits] for g in gs)
    royal = sum(g.span for g in gs if g.queens == 1)
    barracks = sum(consts.barracks_vp[tiles[t].barracks] for t in full_barracks)
    best = max((g.ants for g in gs), default=0)
    return {"population": population, "colony": best, "harvest": harvest, "royal": royal,
            "red_army": army, "barracks": barracks}


def anthill_lines(anthills, tiles, consts) -> list[dict]:
    """Score lines of every anthill (objects with .slots, .army, .full).

    Colony and Red Army: every anthill tied for the best value scores the bonus;
    nobody scores it when the best value is 0 (R6, R27)."""
    raw = [own_lines(a.slots, a.army, a.full, tiles, consts) for a in anthills]
    best_col = max(r["colony"] for r in raw)
    best_army = max(r["red_army"] for r in raw)
    for r in raw:
        r["colony"] = consts.colony_vp if best_col > 0 and r["colony"] == best_col else 0
        r["red_army"] = consts.red_army_vp if best_army > 0 and r["red_army"] == best_army else 0
    return raw


def anthill_breakdown(s, anthill: int) -> dict:
    """Live preview: the six lines of one anthill of State ``s`` as things stand now."""
    return anthill_lines(s.anthills, s.tiles, s.consts)[anthill]
