"""Galleries and scoring (pure functions; usable mid-game for a live preview).

- ``galleries(slots, tiles)``: the galleries of one anthill (ruling R2-R4).
- ``anthill_lines(anthills, tiles, consts)``: the six score lines of every anthill,
  Colony and Red Army compared across all anthills (R6, R7, R27); ``anthill_values``
  gives them as tuples in ``LINES`` order (what the rules add up into score sheets).
- ``anthill_breakdown(s, anthill)``: the lines of one anthill of a State.

Search scores the same anthills over and over, so a ``Scorer`` remembers the gallery lines of
an anthill (population, best gallery, harvest, royal) per slots tuple, for one tiles dict and
constants (tiles dicts are never changed once a game uses them). The rules object owns the
Scorers (``MicropolisRules.scorer_for``); the functions below take one, and without it ask the
rules object for the Scorer of the tiles they are given.

Rulings cited by number are in docs/rulings_micropolis.md.
"""
from __future__ import annotations

from dataclasses import dataclass

LINES = ("population", "colony", "harvest", "royal", "red_army", "barracks")
_MEMO_MAX = 50_000      # remembered slots tuples per Scorer (about 15 MB at most)


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
    if type(slots) is tuple:
        return slots
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
        for r, l in ((a.ri, b.li), (a.ro, b.lo)):   # Ri joins Li, Ro joins Lo
            if r >= 0 and l >= 0:
                x, y = find((k, r)), find(((k + 1) % 10, l))
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


class _Open:
    """A gallery while ``Scorer`` walks a run of tiles: ants, fruit kinds (a bit each), gifts,
    queens and the tiles of the run it stretches over (a bit each). ``_galleries`` sets every field
    after ``_Open()`` (no ``__init__``: a Python-level one made scoring an anthill a quarter slower)."""
    __slots__ = ("ants", "fruits", "gifts", "queens", "tiles")

    def join(self, b: "_Open") -> None:
        """Gallery b joins this one; b is left with no tiles (0), which marks it as joined."""
        self.ants += b.ants
        self.fruits |= b.fruits
        self.gifts += b.gifts
        self.queens += b.queens
        self.tiles |= b.tiles
        b.tiles = 0


class Scorer:
    """Gallery lines of anthills for one tiles dict and one set of constants, remembered.

    A run of tiles is walked clockwise once: each tile's segments join the galleries open
    at the previous tile's right edge (Li to Ri, Lo to Ro); a full ring also joins its last
    tile to its first. Open galleries are ``_Open`` objects."""

    def __init__(self, tiles, consts):
        self.tiles, self.consts = tiles, consts
        self.memo: dict = {}
        self.grow_memo: dict = {}   # slots -> growing_best
        self.compiled: dict = {}    # tile id -> segments as _galleries reads them (see _tile)
        self.ants: dict = {}        # tile id -> ants on the tile
        self.fruit_bits = {f: 1 << i for i, f in enumerate(consts.fruits)}   # the data allows no other
        # harvest points by fruit kinds + gifts, for every total a gallery can reach (R8: 6 at most)
        gifts = sum(sg.fruits.count(consts.wild_fruit) for t in tiles.values() for sg in t.segments)
        self.harvest_vp = tuple(consts.harvest_vp[min(6, k)] for k in range(len(consts.fruits) + gifts + 1))

    def _tile(self, tid) -> tuple:
        """Per segment: (at Li, at Lo, at Ri, at Ro, ants, extras); extras (fruit kinds (bits), gifts,
        queens) is None for most segments, which hold none of them."""
        t = self.tiles[tid]
        li, lo, ri, ro = t.ps
        segs = []
        for j, sg in enumerate(t.segments):
            extras = (self._fruit_bits(sg.fruits), sg.fruits.count(self.consts.wild_fruit),
                      1 if sg.specialist == "queen" else 0)
            segs.append((j == li, j == lo, j == ri, j == ro, sg.ants, extras if any(extras) else None))
        out = self.compiled[tid] = tuple(segs)
        self.ants[tid] = t.ants
        return out

    def tile_ants(self, tid) -> int:
        got = self.ants.get(tid)
        if got is None:
            self._tile(tid)
            got = self.ants[tid]
        return got

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

    def growing_best(self, slots: tuple) -> int:
        """The ants of the largest gallery that can still grow: one that reaches an edge of a run
        where an empty slot lies (0 for a full ring)."""
        slots = _as_slots(slots)
        got = self.grow_memo.get(slots)
        if got is None:
            if len(self.grow_memo) >= _MEMO_MAX:
                self.grow_memo.clear()
            best = 0
            for run, closed in _runs(slots):
                for g in self._galleries(run, closed)[1]:
                    if g is not None and g.tiles and g.ants > best:
                        best = g.ants
            got = self.grow_memo[slots] = best
        return got

    def _count(self, slots: tuple) -> tuple:
        harvest_vp = self.harvest_vp
        population = best = harvest = royal = 0
        for run, closed in _runs(slots):
            for g in self._galleries(run, closed)[0]:
                if g.tiles:   # 0: joined into another gallery
                    ants = g.ants
                    population += ants
                    if ants > best:
                        best = ants
                    harvest += harvest_vp[g.fruits.bit_count() + g.gifts]
                    if g.queens == 1:
                        royal += g.tiles.bit_count()
        return population, best, harvest, royal

    def _galleries(self, run, closed: bool) -> tuple:
        """(the run's galleries, the galleries open at its two edges: none for a full ring)."""
        compiled = self.compiled
        gals = []
        ri = ro = None                # galleries open at the previous tile's Ri and Ro
        first_li = first_lo = None    # galleries at the first tile's Li and Lo (a full ring closes on them)
        bit = 1                       # this tile's bit in a gallery's tiles
        for tid in run:
            segs = compiled.get(tid) or self._tile(tid)
            next_ri = next_ro = None
            for at_li, at_lo, at_ri, at_ro, ants, extras in segs:
                g = ri if at_li else None
                if at_lo and ro is not None:
                    if g is None:
                        g = ro
                    elif g is not ro:   # a junction joins the two levels
                        g.join(ro)
                        if first_li is ro:
                            first_li = g
                        if first_lo is ro:
                            first_lo = g
                if g is None:
                    g = _Open()
                    g.ants, g.tiles = ants, bit
                    g.fruits = g.gifts = g.queens = 0
                    gals.append(g)
                else:
                    g.ants += ants
                    g.tiles |= bit
                if extras is not None:
                    fruits, gifts, queens = extras
                    g.fruits |= fruits
                    g.gifts += gifts
                    g.queens += queens
                if at_ri:
                    next_ri = g
                if at_ro:
                    next_ro = g
            if bit == 1:   # the first tile: nothing to join yet, so its galleries are the first ones, a segment each
                for g, (at_li, at_lo, *_) in zip(gals, segs):
                    if at_li:
                        first_li = g
                    if at_lo:
                        first_lo = g
            ri, ro = next_ri, next_ro
            bit <<= 1
        if closed:   # the last tile's right edge touches the first tile's left edge
            if ri is not None and first_li is not None and ri is not first_li:
                ri.join(first_li)
                if ro is first_li:
                    ro = ri
                if first_lo is first_li:
                    first_lo = ri
            if ro is not None and first_lo is not None and ro is not first_lo:
                ro.join(first_lo)
            return gals, ()
        return gals, (first_li, first_lo, ri, ro)


def scorer(tiles, consts) -> Scorer:
    """The Scorer of this tile set, which the rules object owns (for heuristics: ``tile_ants``)."""
    from .rules import get_rules   # (the rules import this module)
    return get_rules().scorer_for(tiles, consts)


def _barracks_points(full_barracks, tiles, barracks_vp) -> int:
    return sum(barracks_vp[tiles[t].barracks] for t in full_barracks) if full_barracks else 0


def own_lines(slots, army: int, full_barracks, tiles, consts, sc: Scorer | None = None) -> dict:
    """Lines that depend only on this anthill; colony/red_army hold the raw values
    (best gallery ants, army) to be compared by ``anthill_lines``. ``sc``: the Scorer of
    ``tiles`` (by default the rules object's)."""
    sc = sc or scorer(tiles, consts)
    population, best, harvest, royal = sc.gallery_lines(_as_slots(slots))
    return {"population": population, "colony": best, "harvest": harvest, "royal": royal,
            "red_army": army, "barracks": _barracks_points(full_barracks, tiles, consts.barracks_vp)}


def anthill_values(anthills, tiles, consts, sc: Scorer | None = None) -> list[tuple]:
    """Score lines of every anthill (objects with .slots, .army, .full), as tuples in LINES order.
    ``sc``: the Scorer of ``tiles`` (by default the rules object's).

    Colony and Red Army: every anthill tied for the best value scores the bonus;
    nobody scores it when the best value is 0 (R6, R27)."""
    lines = (sc or scorer(tiles, consts)).gallery_lines
    barracks_vp = consts.barracks_vp
    raw = []
    best_col = best_army = 0
    for a in anthills:
        population, best, harvest, royal = lines(_as_slots(a.slots))
        army = a.army
        raw.append((population, best, harvest, royal, army, _barracks_points(a.full, tiles, barracks_vp)))
        if best > best_col:
            best_col = best
        if army > best_army:
            best_army = army
    colony_vp = consts.colony_vp if best_col > 0 else 0
    army_vp = consts.red_army_vp if best_army > 0 else 0
    return [(population, colony_vp if colony == best_col else 0, harvest, royal,
             army_vp if army == best_army else 0, barracks)
            for population, colony, harvest, royal, army, barracks in raw]


def anthill_lines(anthills, tiles, consts, sc: Scorer | None = None) -> list[dict]:
    """Score lines of every anthill as dicts line -> points (see ``anthill_values``)."""
    return [dict(zip(LINES, v)) for v in anthill_values(anthills, tiles, consts, sc)]


def anthill_breakdown(s, anthill: int) -> dict:
    """Live preview: the six lines of one anthill of State ``s`` as things stand now."""
    return anthill_lines(s.anthills, s.tiles, s.consts)[anthill]
