"""Galleries and scoring (pure functions; usable mid-game for a live preview).

- ``galleries(slots, tiles)``: the galleries of one anthill (ruling R2-R4).
- ``anthill_lines(anthills, tiles, consts)``: the six score lines of every anthill,
  Colony and Red Army compared across all anthills (R6, R7, R27).
- ``anthill_breakdown(s, anthill)``: the lines of one anthill of a State.

Search scores the same anthills over and over, so the gallery lines of an anthill
(population, best gallery, harvest, royal) are remembered per slots tuple, for each
tiles dict and constants (tiles dicts are never changed once a game uses them).
"""
from __future__ import annotations

from dataclasses import dataclass

LINES = ("population", "colony", "harvest", "royal", "red_army", "barracks")
_LI, _LO, _RI, _RO = 0, 1, 2, 3
_MEMO_MAX = 50_000      # remembered slots tuples per tiles dict (about 15 MB at most)
_SCORERS_MAX = 16       # tiles dicts remembered (tests make many small ones)


@dataclass(frozen=True)
class Gallery:
    members: tuple        # ((slot, segment index), ...) sorted
    ants: int             # workers + specialists
    span: int             # distinct tiles (slots) the gallery stretches over (R4)
    fruits: tuple         # fruit icons, the wild fruit included, sorted
    queens: int

    def fruit_kinds(self, wild: str) -> int:
        """Different fruits, each ``wild`` fruit (the gift) counting as one more kind, at most 6 (R8)."""
        real = {f for f in self.fruits if f != wild}
        return min(6, len(real) + self.fruits.count(wild))


def _as_slots(slots) -> tuple:
    if isinstance(slots, dict):
        out = [None] * 10
        for k, v in slots.items():
            out[int(k)] = v
        return tuple(out)
    return tuple(slots)


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
        nid = sl[(k + 1) % 10]
        if tid is None or nid is None:
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


def _runs(slots: tuple) -> list:
    """(tile ids clockwise, closed) for each unbroken run of tiles; closed = a full ring."""
    if None not in slots:
        return [(slots, True)]
    k = slots.index(None)
    runs, cur = [], []
    for tid in slots[k + 1:] + slots[:k + 1]:   # from just after a gap round to that gap
        if tid is not None:
            cur.append(tid)
        elif cur:
            runs.append((cur, False))
            cur = []
    return runs


def _join(a: list, b: list, ends: list) -> None:
    """Gallery b joins gallery a (b is emptied); ``ends`` pointing at b now point at a."""
    a[0] += b[0]
    a[1] |= b[1]
    a[2] += b[2]
    a[3] += b[3]
    a[4] |= b[4]
    b[4] = 0
    for i, g in enumerate(ends):
        if g is b:
            ends[i] = a


class _Scorer:
    """Gallery lines of anthills for one tiles dict and one set of constants, remembered.

    A run of tiles is walked clockwise once: each tile's segments join the galleries open
    at the previous tile's right edge (Li to Ri, Lo to Ro); a full ring also joins its last
    tile to its first. A gallery is [ants, fruit kinds (bits), gifts, queens, tiles (bits)]."""

    def __init__(self, tiles, consts):
        self.tiles, self.consts = tiles, consts
        self.memo: dict = {}
        self.compiled: dict = {}    # tile id -> (Li, Lo, Ri, Ro segment or -1, segments, ants)
        self.fruit_bits = {f: 1 << i for i, f in enumerate(consts.fruits)}   # the data allows no other

    def _tile(self, tid):
        out = self.compiled.get(tid)
        if out is None:
            t = self.tiles[tid]
            segs = tuple((sg.ants, self._fruit_bits(sg.fruits), sg.fruits.count(self.consts.wild_fruit),
                          1 if sg.specialist == "queen" else 0) for sg in t.segments)
            out = self.compiled[tid] = (*t.ps, segs, t.ants)
        return out

    def tile_ants(self, tid) -> int:
        return self._tile(tid)[5]

    def _fruit_bits(self, fruits) -> int:
        bits = 0
        for f in fruits:
            if f != self.consts.wild_fruit:
                bits |= self.fruit_bits[f]
        return bits

    def gallery_lines(self, slots: tuple) -> tuple:
        """(population, best gallery ants, harvest, royal) of one anthill's slots."""
        got = self.memo.get(slots)
        if got is None:
            if len(self.memo) >= _MEMO_MAX:
                self.memo.clear()
            got = self.memo[slots] = self._count(slots)
        return got

    def _count(self, slots: tuple) -> tuple:
        harvest_vp = self.consts.harvest_vp
        population = best = harvest = royal = 0
        for run, closed in _runs(slots):
            for ants, fruits, gifts, queens, span in self._galleries(run, closed):
                if span:   # 0: joined into another gallery
                    population += ants
                    best = max(best, ants)
                    harvest += harvest_vp[min(6, fruits.bit_count() + gifts)]
                    if queens == 1:
                        royal += span.bit_count()
        return population, best, harvest, royal

    def _galleries(self, run, closed: bool) -> list:
        gals = []
        ends = [None, None, None, None]   # galleries at Li, Lo of the first tile; Ri, Ro of the last
        for k, tid in enumerate(run):
            li, lo, ri, ro, segs, _ = self._tile(tid)
            mine = []
            for j, (ants, fruits, gifts, queen) in enumerate(segs):
                g = ends[2] if j == li else None
                if j == lo and ends[3] is not None:
                    if g is None:
                        g = ends[3]
                    elif g is not ends[3]:   # a junction joins the two levels
                        _join(g, ends[3], ends)
                if g is None:
                    g = [0, 0, 0, 0, 0]
                    gals.append(g)
                g[0] += ants
                g[1] |= fruits
                g[2] += gifts
                g[3] += queen
                g[4] |= 1 << k
                mine.append(g)
            if k == 0:
                ends[0] = mine[li] if li >= 0 else None
                ends[1] = mine[lo] if lo >= 0 else None
            ends[2] = mine[ri] if ri >= 0 else None
            ends[3] = mine[ro] if ro >= 0 else None
        if closed:   # the last tile's right edge touches the first tile's left edge
            for r, l in ((2, 0), (3, 1)):
                if ends[r] is not None and ends[l] is not None and ends[r] is not ends[l]:
                    _join(ends[r], ends[l], ends)
        return gals


_SCORERS: dict = {}   # (id(tiles), id(consts)) -> _Scorer (which keeps both alive: ids stay unique)


def scorer(tiles, consts) -> _Scorer:
    """What scoring knows of this tile set (for heuristics: ``tile_ants``)."""
    key = (id(tiles), id(consts))
    sc = _SCORERS.get(key)
    if sc is None:
        if len(_SCORERS) >= _SCORERS_MAX:
            _SCORERS.clear()
        sc = _SCORERS[key] = _Scorer(tiles, consts)
    return sc


def own_lines(slots, army: int, full_barracks, tiles, consts) -> dict:
    """Lines that depend only on this anthill; colony/red_army hold the raw values
    (best gallery ants, army) to be compared by ``anthill_lines``."""
    population, best, harvest, royal = scorer(tiles, consts).gallery_lines(_as_slots(slots))
    barracks = sum(consts.barracks_vp[tiles[t].barracks] for t in full_barracks)
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
