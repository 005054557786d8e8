"""Antics! rules core: set-up, turns of atomic decisions, the clean-up, anteaters, scoring.

Rulings are numbered as in ../shared/components/antics.md section 4. Every decision is small:
building a tile is four decisions (tile, first hex, second hex, which symbol goes where);
hatching, ANTS! and heaving take one unit per decision with a Stop; a steal is offered at every
decision of the player's action phase where one is legal (ruling 30). A decision with a single
possible answer inside an action or the clean-up is taken at once (and logged like any other).

Built for search (``apply_trusted``, the heuristics): the decisions of a state are worked out once
(and kept on it), where a tile may go once per hill (``HillInfo``, grown tile by tile), what ants
on a set of trails can do once per set (``Network``), and every action is one shared object.

Rulings cited by number are in docs/rulings_antics.md.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import fields
from typing import NamedTuple

from game.core.i18n import N_, _, format_list
from game.core.rng import Rng
from game.core.rules import EMPTY_LOG, Log, RulesBase, RulesError, ScoreSheet, winners_by_sheets

from .data import ACTIONS, NEIGHBOURS, get_data
from .state import (ANTEATER, LEAF_PREFIX, ArrivalFirst, BuildCell, BuildDir, BuildOrient, BuildTile, Bridge,
                    Discard, EndActions, Hatch, HeaveHome, HeaveMove, HeavePick, PickUp, PlaceAnt, ScoutTake, State,
                    Steal, Stop, StorePrey, UseMagnificant, UseSpace)

FUNGUS = "fungus"
# phases whose only legal decision is taken automatically
AUTO = frozenset({"scout", "build_tile", "build_dir", "build_orient", "hatch", "ants", "heave", "store", "discard",
                  "order"})
MAGNIFICANT = tuple(UseMagnificant(a) for a in ACTIONS)
END, STOP, BRIDGE = EndActions(), Stop(), Bridge()
LINES = ("prey", "fungus", "green_leaves")
CACHE_SIZE = 4096      # entries kept by each look-up cache of the rules before it starts afresh


_new_state = State.__new__


def _put(t: tuple, i: int, v) -> tuple:
    """t with item i replaced by v."""
    out = list(t)
    out[i] = v
    return tuple(out)


def _cell(v) -> tuple:
    return (int(v[0]), int(v[1]))


def _remember(cache: dict, key, value):
    if len(cache) >= CACHE_SIZE:
        cache.clear()
    cache[key] = value
    return value


class _Shared(dict):
    """One shared instance of each action of a kind, by its argument (a tuple for several):
    actions are immutable, so the legal lists are quick to make."""

    def __init__(self, kind):
        super().__init__()
        self.kind, self.many = kind, len(fields(kind)) > 1

    def __missing__(self, key):
        got = self[key] = self.kind(*key) if self.many else self.kind(key)
        return got


SHARED = {kind: _Shared(kind) for kind in (UseSpace, BuildTile, BuildCell, BuildDir, BuildOrient, Hatch, PlaceAnt,
                                           PickUp, HeavePick, HeaveMove, HeaveHome, Steal, StorePrey, Discard,
                                           ArrivalFirst)}


# (q, r) -> the one tuple the rules use for that cell: the hills, the tables below and the actions
# share it, so look-ups by cell match at once (the same object) and touch less memory
CELLS: dict = {}


def _one(cell) -> tuple:
    return CELLS.setdefault(cell, cell)


class _Order(dict):
    """cell -> an int that sorts as the cell does (ints compare quicker than tuples)."""

    def __missing__(self, cell) -> int:
        got = self[cell] = cell[0] * 4096 + cell[1]          # hills stay well inside |r| < 2048
        return got


ORDER = _Order()


class _Around(dict):
    """cell -> its six neighbours (data order, CELLS' tuples), worked out on first use."""

    def __missing__(self, cell) -> tuple:
        q, r = cell
        got = self[cell] = tuple(_one((q + dq, r + dr)) for dq, dr in NEIGHBOURS)
        return got


AROUND = _Around()


class _Pairs(dict):
    """cell -> the six (cell, neighbour) pairs around it, smaller cell first, worked out on first use."""

    def __missing__(self, cell) -> frozenset:
        c = _one(cell)
        got = self[cell] = frozenset((c, x) if c < x else (x, c) for x in AROUND[c])
        return got


PAIRS = _Pairs()


class _Near(dict):
    """cell -> the cells at most two steps from it (not itself), worked out on first use."""

    def __missing__(self, cell) -> frozenset:
        near = set(AROUND[cell])
        for x in AROUND[cell]:
            near.update(AROUND[x])
        near.discard(cell)
        got = self[cell] = frozenset(near)
        return got


NEAR = _Near()
OPPOSITE = tuple(NEIGHBOURS.index((-dq, -dr)) for dq, dr in NEIGHBOURS)   # direction index -> the way back
NO_RANK = 1 << 62                                                          # a cell the frontier does not hold


class HillInfo:
    """Where a tile may go on one hill, worked out once per hill (a hill dict is never changed once
    built); the decisions made from it come in the order the plain placement search
    (tests/games/antics/hill_oracle.py) gives.

    - ``frontier``: the empty cells touching the hill -> rank, the order the placement search meets
      them (ranks only compare);
    - ``free``: the empty cells a ground tile can cover (two neighbouring empty cells, one of them in
      the frontier); ``builds()`` them and the hill's cells (where a tile may go on top), with their
      BuildCell, in cell order;
    - ``upper``: the (cell, cell) pairs, smaller first, where a tile can go on top (before the cells
      blocked this turn are left out);
    - ``spaces``: cell -> UseSpace of every visible action hex, in hill order;
    - ``memo``: what else was worked out about this hill (the scores, the heuristics' values).
    A tile changes two cells: ``grown`` works out the next hill from this one.
    """
    __slots__ = ("hill", "max_level", "frontier", "next_rank", "free", "upper", "spaces", "memo", "_builds",
                 "_pairs")

    def __init__(self, hill: dict, max_level: int):
        self.hill, self.max_level = hill, max_level
        frontier: dict = {}
        for c in hill:
            for n in AROUND[c]:
                if n not in hill and n not in frontier:
                    frontier[n] = len(frontier)
        free: set = set()
        for f in frontier:
            empty = [m for m in AROUND[f] if m not in hill]
            if empty:
                free.add(f)
                free.update(empty)
        self.frontier, self.next_rank, self.free, self._builds = frontier, len(frontier), free, None
        self.upper = frozenset(pr for c in hill for pr in self._upper_at(c))
        self.spaces = {c: SHARED[UseSpace][c] for c, st in hill.items() if st[-1][1] != FUNGUS}
        self.memo, self._pairs = {}, None

    def _upper_at(self, c) -> list:
        """The pairs with hill cell c a tile fits on: the same height, two different tiles under it."""
        hill = self.hill
        st = hill[c]
        h, tile = len(st), st[-1][0]
        if h >= self.max_level:
            return []
        out = []
        for x in AROUND[c]:
            sx = hill.get(x)
            if sx is not None and len(sx) == h and sx[-1][0] != tile:
                out.append((c, x) if c < x else (x, c))
        return out

    def grown(self, hill: dict, c1, c2) -> "HillInfo":
        """The info of ``hill``: this hill with a tile built on c1 and c2."""
        n = HillInfo.__new__(HillInfo)
        n.hill, n.max_level, n.memo = hill, self.max_level, {}
        if c1 in self.hill:                                   # on top: the same cells
            n.frontier, n.next_rank, n.free, n._builds, n._pairs = (
                self.frontier, self.next_rank, self.free, self._builds, self._pairs)
            n.spaces = self.spaces
            if any((c in self.spaces) != (hill[c][-1][1] != FUNGUS) for c in (c1, c2)):
                n.spaces = {c: self.spaces.get(c) or SHARED[UseSpace][c] for c, st in hill.items()
                            if st[-1][1] != FUNGUS}
            n.upper = (self.upper - PAIRS[c1] - PAIRS[c2]).union(n._upper_at(c1), n._upper_at(c2))
        else:                                                 # no pair of upper holds a new cell
            n._grow_ground(self, c1, c2)
            n.spaces = dict(self.spaces)                      # new cells come last in hill order
            for c in (c1, c2):
                if hill[c][-1][1] != FUNGUS:
                    n.spaces[c] = SHARED[UseSpace][c]
            n.upper = self.upper.union(n._upper_at(c1), n._upper_at(c2))
        return n

    def _grow_ground(self, old: "HillInfo", c1, c2) -> None:
        """A ground tile: only the cells near c1 and c2 change. ``free`` is every empty cell at most
        two steps from the hill but the holes (frontier cells with no empty neighbour): c1 and c2
        leave it, neighbours of theirs may become holes and cells near them join it (and the old
        ``builds()`` need only those changes)."""
        hill, old_free, old_frontier = self.hill, old.free, old.frontier
        frontier, rank = dict(old_frontier), old.next_rank
        frontier.pop(c1, None)
        frontier.pop(c2, None)
        gone = [c1, c2]
        for x in dict.fromkeys(AROUND[c1] + AROUND[c2]):
            if x not in hill:
                if x not in frontier:
                    frontier[x] = rank
                    rank += 1
                elif all(map(hill.__contains__, AROUND[x])):
                    gone.append(x)             # a hole now (not before: c1 or c2 was empty)
        new = (NEAR[c1] | NEAR[c2]).difference(old_free).difference(hill).difference(old_frontier)   # holes stay
        free = old_free.difference(gone)
        free |= new
        self.frontier, self.next_rank, self.free, self._builds, self._pairs = frontier, rank, free, None, None
        if old._builds is not None:
            keys, builds = list(old._builds[0]), list(old._builds[1])
            for c in gone[2:]:                 # the new holes (c1 and c2 stay, as hill cells)
                i = bisect_left(keys, ORDER[c])
                del keys[i], builds[i]
            shared = SHARED[BuildCell]
            for c in new:
                k = ORDER[c]
                i = bisect_left(keys, k)
                keys.insert(i, k)
                builds.insert(i, shared[c])
            self._builds = keys, builds

    def builds(self) -> tuple[list, list]:
        """The ORDER of the cells of ``free`` and of the hill, sorted, and their BuildCell (do not
        modify them)."""
        if self._builds is None:
            cells, shared = sorted({*self.free, *self.hill}, key=ORDER.__getitem__), SHARED[BuildCell]
            self._builds = [ORDER[c] for c in cells], [shared[c] for c in cells]
        return self._builds

    def fungi(self, stored) -> list:
        """(level, cell) of every fungus no stored prey covers, highest first, then by cell."""
        key = ("fungi", frozenset(stored))
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = sorted(
                ((len(st), c) for c, st in self.hill.items() if st[-1][1] == FUNGUS and c not in stored),
                key=lambda x: (-x[0], x[1]))
        return got

    def tiles_by_level(self) -> dict:
        """Level -> number of tiles lying at that level, covered ones included (ruling 24)."""
        got = self.memo.get("levels")
        if got is None:
            seen: dict = {}
            for stack in self.hill.values():
                for lvl, (tile, _) in enumerate(stack, 1):
                    seen.setdefault(lvl, set()).add(tile)
            got = self.memo["levels"] = {lvl: len(t) for lvl, t in seen.items()}
        return got

    def ground_pairs(self) -> list:
        """Every pair a ground tile can cover."""
        if self._pairs is None:
            hill, seen, out = self.hill, set(), []
            for n in self.frontier:
                for m in AROUND[n]:
                    if m not in hill:
                        pair = (n, m) if n < m else (m, n)
                        if pair not in seen:
                            seen.add(pair)
                            out.append(pair)
            self._pairs = out
        return self._pairs

    def partners(self, a, upper) -> list:
        """The cells a tile with one hex on ``a`` can cover too (``upper``: the unblocked pairs)."""
        if a in self.hill:                     # a pair comes up with its smaller cell, then by direction
            pos = {c: i for i, c in enumerate(self.hill)}
            keyed = [(pos[x], NEIGHBOURS.index((y[0] - x[0], y[1] - x[1])), y if a == x else x)
                     for x, y in PAIRS[a] & upper]
        else:                                  # it comes up with the first of its cells in the frontier
            ra = self.frontier.get(a, NO_RANK)
            keyed = []
            for i, x in enumerate(AROUND[a]):
                if x not in self.hill:
                    rx = self.frontier.get(x, NO_RANK)
                    if ra < rx:
                        keyed.append((ra, i, x))
                    elif rx < NO_RANK:
                        keyed.append((rx, OPPOSITE[i], x))
        keyed.sort()
        return [x for _, _, x in keyed]


class Network(NamedTuple):
    """A set of trails with ants: ``reach`` the nodes linked to the ant-hill (ruling 26), ``loose``
    the trails whose ant may be picked up (the rest stay linked, ruling 9), ``places`` per hatching
    area the PlaceAnt a worker ant of it may make (a trail of its terrain touching ``reach``; none
    for the soldier area), ``by_chasm`` whether a trail touches the chasm."""
    reach: frozenset
    loose: frozenset
    places: tuple
    by_chasm: bool


# (ants, whether any ant there carries an item) for the last ``ants`` tuple steals asked about:
# the states after an action share it until an ant moves
_CARRIED = [(None, False)]


class AnticsRules(RulesBase):
    id = "antics"
    title = N_("Antics!")
    # what undo may not cross
    reveal_events = frozenset({"draw", "round", "attack", "anteaters", "arrival", "reset", "slide", "game_over"})
    options_spec: list = []

    def __init__(self, data=None):
        d = self.d = data or get_data()
        self.min_players, self.max_players = d.min_players, d.max_players
        self.seat_colors = list(d.player_colours)
        self.hill_node = d.ant_hill
        self.chasm = d.chasm
        self.ends = {t: tr.ends for t, tr in d.trails.items()}
        self.node_trails: dict = {n: () for n in d.nodes}
        for t, (a, b) in self.ends.items():
            self.node_trails[a] += (t,)
            self.node_trails[b] += (t,)
        self.chasm_ends = frozenset(self.ends[self.chasm]) if self.chasm else frozenset()
        self.area_ids = tuple(a.id for a in d.areas)
        self.area_index = {a: i for i, a in enumerate(self.area_ids)}
        self.soldier = next(i for i, a in enumerate(d.areas) if a.soldier)
        self.area_trails = tuple(
            () if a.soldier else tuple(t for t, tr in d.trails.items() if a.terrain in tr.terrains)
            for a in d.areas)
        self.prey_ids = tuple(p.id for p in d.prey)
        self.prey_at = {p.clearing: i for i, p in enumerate(d.prey)}
        self.leaf_ids = tuple(lf.id for lf in d.leaves)
        self.leaf_at = {lf.clearing: i for i, lf in enumerate(d.leaves)}
        self.colour_prey = {p.colour: i for i, p in enumerate(d.prey)}
        self.leaf_bonus = {lf.id: lf.bonus for lf in d.leaves}
        self.fungus_tiles = frozenset(t for t, sy in d.tiles.items() if FUNGUS in sy)
        self.tile_kind = {t: tuple(sorted(sy)) for t, sy in d.tiles.items()}
        self._scouts = tuple(ScoutTake(r) for r in range(d.rows))
        self._hatches = tuple(Hatch(a) for a in self.area_ids)
        self._orients = {t: [SHARED[BuildOrient][sym] for sym in dict.fromkeys(sy)] for t, sy in d.tiles.items()}
        soldiers = self.area_ids[self.soldier]            # the shared ANTS! decisions, by trail or area
        self._guard_on = {t: SHARED[PlaceAnt][soldiers, t] for t in self.ends}
        self._pick_ant = {t: SHARED[PickUp]["ant", t] for t in self.ends}
        self._pick_guard = {t: SHARED[PickUp]["guard", t] for t in self.ends}
        self._pick_area = tuple(SHARED[PickUp]["area", a] for a in self.area_ids)
        self._nets: dict = {}       # frozenset of trails -> Network

    # ------------------------------------------------------------------ set-up
    def validate_setup(self, seats, options) -> str | None:
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            # i18n: shown in the setup; {low} and {high} the fewest and most players, {n} the players seated
            return _("Antics! is for {low} to {high} players, not {n}.").format(
                low=self.min_players, high=self.max_players, n=n)
        colours = [s.color for s in seats]
        if len(set(colours)) != n:
            return _("Each player needs a different colour.")
        bad = [c for c in colours if c not in self.seat_colors]
        if bad:
            from game.core.words import colour_word
            # i18n: {colours} the ants' colours, as a list ("red, purple and black"), {colour} the one asked for
            return _("The ants come in {colours}; {colour} is not one of them.").format(
                colours=format_list(colour_word(c) for c in self.seat_colors), colour=colour_word(bad[0]))
        if options:
            # i18n: {option} the name of a setting the game does not have
            return _("Antics! has no option called {option}.").format(option=sorted(options)[0])
        return None

    def new_game(self, seats, seed, options) -> State:
        problem = self.validate_setup(seats, options or {})
        if problem:
            raise RulesError(problem)
        d = self.d
        n = len(seats)
        rng = Rng(seed)
        start = rng.below(n)                                   # ruling 33
        log = EMPTY_LOG
        order = [0, 1, 2]
        rng.shuffle(order)
        faces = tuple((d.anteater_tiles[k][0], d.anteater_tiles[k][1][rng.below(2)]) for k in order)
        log = log.add({"type": "anteaters", "rows": [{"tile": t, "face": f} for t, f in faces]})
        F = d.fields
        rows = [[None] * (F - 1) + [ANTEATER] for _ in range(d.rows)]
        bag = list(d.bag_tiles)
        places = d.rows * d.setup_fields
        for _ in range(places):                                  # ruling 34: fixed place order
            t = bag.pop(rng.below(len(bag)))
            fields = range(d.setup_fields, 0, -1) if t in self.fungus_tiles else range(1, d.setup_fields + 1)
            row, field = next((r, f) for f in fields for r in range(d.rows) if rows[r][f - 1] is None)
            rows[row][field - 1] = t
            log = log.add({"type": "draw", "row": row, "field": field, "tile": t})
        base = {_one((q, r)): ((tid, sym),) for tid, hexes in d.base for q, r, sym in hexes}
        s = State(
            seats=list(seats), data=d, hills=tuple(base for _ in range(n)), stored=tuple({} for _ in range(n)),
            beside=((),) * n, leaves=((0, 0),) * n, hands=tuple((d.starting_tiles[i],) for i in range(n)),
            supply=(d.ants_per_player - 1,) * n, hatch=tuple((0,) * n for _ in d.areas),
            ants=tuple({} for _ in range(n)), guards={}, prey_left=(d.prey_per_type[n],) * len(d.prey),
            leaves_left=tuple(lf.on_board for lf in d.leaves), exhausted=frozenset(),
            fields=tuple(tuple(r) for r in rows), faces=faces, arrived=(), bag=tuple(bag), bag_hidden=False,
            round=1, start_player=start, player=start, actions_left=0, used=frozenset(), magnificant_used=False,
            took_tiles=False, acted=False, phase="act", act=None, level=0, units=0, field=0, build_tile=None,
            build_cell=None, build_second=None, first_area=None, delivered=(), pending=(), end_by=None,
            turns_left=0, end_reason=None, bag_short=False, rng=rng, log=log)
        s.log = s.log.add({"type": "round", "round": 1, "player": start})
        self._begin_turn(s, start)
        return s

    # ------------------------------------------------------------------ queries
    def to_move(self, s: State) -> int | None:
        return None if s.phase == "over" else s.player

    def is_over(self, s: State) -> bool:
        return s.phase == "over"

    def legal_actions(self, s: State) -> list:
        """The decisions open in ``s`` (the same list every time: do not modify it)."""
        got = s._legal
        if got is None:
            decisions = PHASES.get(s.phase)
            if decisions is None:
                raise RulesError(f"unknown phase {s.phase}")
            got = s._legal = decisions(self, s, s.player)
        return got

    def _act_decisions(self, s: State, p: int) -> list:
        out = []
        if s.actions_left > 0:
            spaces = self.hill_info(s, p).spaces
            stored = s.stored[p]
            if s.used or stored:
                spaces = dict(spaces)
                for c in s.used:
                    spaces.pop(c, None)
                for c in stored:
                    spaces.pop(c, None)
            out = [*spaces.values()]
            if not s.magnificant_used:
                out += MAGNIFICANT
        if s.hatch[self.soldier][p]:
            out += self.steals(s, p)
        out.append(END)
        return out

    def _scout_decisions(self, s: State, p: int) -> list:
        f = s.field - 1
        out = [self._scouts[r] for r, row in enumerate(s.fields) if row[f] is not None and row[f] != ANTEATER]
        if s.hatch[self.soldier][p]:
            out += self.steals(s, p)
        return out

    def _build_tile_decisions(self, s: State, p: int) -> list:
        seen, out = set(), []
        for t in s.hands[p]:
            key = self.tile_kind[t]
            if key not in seen:
                seen.add(key)
                out.append(SHARED[BuildTile][t])
        if s.hatch[self.soldier][p]:
            out += self.steals(s, p)
        return out

    def _build_cell_decisions(self, s: State, p: int) -> list:
        upper = self._upper(s)
        info = self.hill_info(s, p)
        keys, builds = info.builds()
        idle = info.hill.keys() - set().union(*upper)           # hill cells no unblocked pair holds
        if not idle:
            return builds
        keys, builds = list(keys), list(builds)
        for c in idle:
            i = bisect_left(keys, ORDER[c])
            del keys[i], builds[i]
        return builds

    def _build_dir_decisions(self, s: State, p: int) -> list:
        return [SHARED[BuildDir][x] for x in self.hill_info(s, p).partners(s.build_cell, self._upper(s))]

    def _build_orient_decisions(self, s: State, p: int) -> list:
        return self._orients[s.build_tile]

    def _hatch_decisions(self, s: State, p: int) -> list:
        if s.supply[p] == 0:
            out = [STOP]
        elif s.first_area is not None and s.level - s.units == 1:
            out = [SHARED[Hatch][s.first_area], STOP]                    # ruling 35
        else:
            out = [*self._hatches, STOP]
        if s.hatch[self.soldier][p]:
            out += self.steals(s, p)
        return out

    def _store_decisions(self, s: State, p: int) -> list:
        return [SHARED[StorePrey][c] for c in self.store_cells(s, p)] or [SHARED[StorePrey][None]]

    def _discard_decisions(self, s: State, p: int) -> list:
        return [SHARED[Discard][t] for t in dict.fromkeys(s.hands[p])]

    def _order_decisions(self, s: State, p: int) -> list:
        return [SHARED[ArrivalFirst][r] for r in s.pending]

    def placements(self, s: State) -> list:
        """Legal (cell, cell) pairs for the tile being built, on top first."""
        got = s._pl
        if got is None:
            got = s._pl = [*self._upper(s), *self.hill_info(s, s.player).ground_pairs()]
        return got

    def _upper(self, s: State) -> frozenset:
        """The pairs where the tile being built could go on top (the unblocked ``upper``), kept on
        the hill's memo by the cells blocked (the first and the second hex ask for the same)."""
        p = s.player
        info, stored = self.hill_info(s, p), s.stored[p]
        if not (s.used or stored):
            return info.upper
        key = ("upper", s.used, tuple(stored))
        got = info.memo.get(key)
        if got is None:
            got = info.memo[key] = info.upper.difference(*[PAIRS[c] for c in (*s.used, *stored)])
        return got

    def hill_info(self, s: State, p: int) -> HillInfo:
        """The HillInfo of p's hill, kept on the state (``_hills``) and handed on to its copies."""
        infos, hill = s._hills, s.hills[p]
        got = infos[p] if infos else None
        if got is None or got.hill is not hill:
            infos = infos or (None,) * len(s.hills)
            got = next((i for i in infos if i is not None and i.hill is hill), None)   # the same set-up hill
            s._hills = _put(infos, p, got or HillInfo(hill, s.data.max_level))
            got = s._hills[p]
        return got

    def reach(self, trails) -> frozenset:
        """Nodes linked to the large ant-hill through the given trails (ruling 26)."""
        return self.network(trails).reach

    def network(self, trails) -> Network:
        """What a player's ants on these trails can do, worked out once per set of trails."""
        key = frozenset(trails)
        got = self._nets.get(key)
        if got is None:
            reach = self._reach_of(key)
            ends = self.ends
            places = tuple(() if ai == self.soldier else tuple(
                SHARED[PlaceAnt][area, t] for t in self.area_trails[ai]
                if t not in key and (ends[t][0] in reach or ends[t][1] in reach))
                for ai, area in enumerate(self.area_ids))
            got = _remember(self._nets, key, Network(
                reach, frozenset(t for t in key if self._linked_without(key, t)), places,
                any(self.chasm_ends.intersection(ends[t]) for t in key)))
        return got

    def _reach_of(self, trails) -> frozenset:
        ends = self.ends
        seen = {self.hill_node}
        grew = True
        while grew:
            grew = False
            for t in trails:
                a, b = ends[t]
                if (a in seen) != (b in seen):
                    seen.add(a)
                    seen.add(b)
                    grew = True
        return frozenset(seen)

    def _linked_without(self, mine, gone: str) -> bool:
        rest = [t for t in mine if t != gone]
        reach = self._reach_of(rest)
        ends = self.ends
        return all(ends[t][0] in reach or ends[t][1] in reach for t in rest)

    def _ants_decisions(self, s: State, p: int) -> list:
        out = []
        mine, guards = s.ants[p], s.guards
        net = self.network(mine)
        areas = [ai for ai, waiting in enumerate(s.hatch) if waiting[p]]
        for ai in areas:
            if ai == self.soldier:
                for t in mine:
                    if t != self.chasm and t not in guards:
                        out.append(self._guard_on[t])
            else:
                out += net.places[ai]
        if (self.chasm and s.level >= 3 and s.units >= 3 and s.hatch[self.soldier][p] >= 3 and self.chasm not in mine
                and net.by_chasm):
            out.append(BRIDGE)                                         # rulings 10, 27
        for t, item in mine.items():
            if item is None and t in net.loose:
                out.append(self._pick_ant[t])                          # ruling 9
        for t, g in guards.items():
            if g == p:
                out.append(self._pick_guard[t])
        for ai in areas:
            out.append(self._pick_area[ai])
        out.append(STOP)
        if s.hatch[self.soldier][p]:
            out += self.steals(s, p)
        return out

    def _heave_decisions(self, s: State, p: int) -> list:
        out = []
        mine = s.ants[p]
        hill = self.hill_node
        for t, item in mine.items():
            a, b = self.ends[t]
            if item is None:
                for node in (a, b):
                    pi = self.prey_at.get(node)
                    if pi is not None and s.prey_left[pi] > 0 and not s.has_prey(p, self.prey_ids[pi]):
                        out.append(SHARED[HeavePick][t, node])
                    li = self.leaf_at.get(node)
                    if li is not None and s.leaves_left[li] > 0:
                        out.append(SHARED[HeavePick][t, node])
            elif a == hill or b == hill:
                out.append(SHARED[HeaveHome][t])                       # ruling 40: its next heave is home
            else:
                for u in self.node_trails[a] + self.node_trails[b]:
                    if u != t and u in mine and mine[u] is None:
                        out.append(SHARED[HeaveMove][t, u])
        out.append(STOP)
        if s.hatch[self.soldier][p]:
            out += self.steals(s, p)
        return out

    def steals(self, s: State, p: int) -> list:
        """Ruling 8, 28, 30: a soldier in the red area, an own empty ant on the victim's trail."""
        if s.hatch[self.soldier][p] == 0:
            return []                                                    # no soldier
        carried = _CARRIED[0]
        if carried[0] is not s.ants:
            carried = _CARRIED[0] = (s.ants, any(map(any, map(dict.values, s.ants))))
        if not carried[1]:
            return []                                                    # no ant carries
        out = []
        for t, item in s.ants[p].items():
            if item is not None:
                continue
            g = s.guards.get(t)
            if g is not None and g != p:                                # ruling 7
                continue
            for q in range(len(s.seats)):
                if q == p:
                    continue
                it = s.ants[q].get(t)
                if it and (it.startswith(LEAF_PREFIX) or not s.has_prey(p, it)):
                    out.append(SHARED[Steal][t, q])
        return out

    def store_cells(self, s: State, p: int) -> list:
        """Ruling 18: free action hexes, else free fungus hexes, else none (beside the hill)."""
        stored = s.stored[p]
        act, fun = [], []
        for c, st in s.hills[p].items():
            if c not in stored:
                (fun if st[-1][1] == FUNGUS else act).append(c)
        return sorted(act) or sorted(fun)

    # ------------------------------------------------------------------ apply
    def apply(self, s: State, a) -> State:
        legal = s._legal or self.legal_actions(s)
        for x in legal:                        # callers mostly hand back one of these very objects
            if x is a:
                return self.apply_trusted(s, a)
        if a not in legal:
            raise RulesError(f"illegal action in phase {s.phase}: {a!r}")
        return self.apply_trusted(s, legal[legal.index(a)])   # the rules' own object (and cells)

    def apply_trusted(self, s: State, a) -> State:
        """apply without the legality check (for search, where ``a`` came from legal_actions)."""
        n = _new_state(State)                        # State.copy, inlined (once per decision)
        d = n.__dict__ = s.__dict__.copy()
        d["_legal"] = d["_pl"] = d["_vals"] = None
        HANDLERS[type(a)](self, n, a)
        while n.phase in AUTO:
            acts = PHASES[n.phase](self, n, n.player)
            if len(acts) != 1:
                n._legal = acts                     # n is final: its decisions are these
                break
            a = acts[0]
            HANDLERS[type(a)](self, n, a)
        return n

    # -- turn
    def _begin_turn(self, n: State, p: int) -> None:
        d = n.data
        acts = d.actions_per_turn
        if n.round == 1:
            k = (p - n.start_player) % len(n.seats)
            if k < len(d.first_round_actions):
                acts = d.first_round_actions[k]
        n.player, n.actions_left, n.used, n.magnificant_used = p, acts, frozenset(), False
        n.took_tiles, n.phase, n.act, n.level, n.units = False, "act", None, 0, 0
        n.delivered, n.pending = (), ()
        n.log = Log(n.log, {"type": "turn", "player": p, "actions": acts})

    def _use_space(self, n: State, a: UseSpace) -> None:
        st = n.hills[n.player][a.cell]
        sym, lvl = st[-1][1], len(st)
        n.used = n.used | {a.cell}
        n.log = Log(n.log, {"type": "action", "player": n.player, "action": sym, "level": lvl, "cell": list(a.cell)})
        self._start_action(n, sym, lvl)

    def _use_magnificant(self, n: State, a: UseMagnificant) -> None:
        n.magnificant_used = True
        n.log = Log(n.log, {"type": "action", "player": n.player, "action": a.action, "level": 1, "magnificant": True})
        self._start_action(n, a.action, 1)

    def _start_action(self, n: State, kind: str, level: int) -> None:
        n.actions_left -= 1
        n.acted = True
        n.act, n.level, n.units = kind, level, level
        if kind == "scout":
            n.field = 1
            self._scout_next(n)
        elif kind == "build":
            n.units = min(level, len(n.hands[n.player]))               # ruling 17
            n.phase = "build_tile"
            if n.units == 0:
                self._end_action(n)
        elif kind == "hatch":
            n.first_area = None
            n.phase = "hatch"
        else:
            n.phase = kind                                               # "ants" | "heave"

    def _end_action(self, n: State) -> None:
        n.phase, n.act, n.level, n.units, n.field = "act", None, 0, 0, 0
        n.build_tile = n.build_cell = n.build_second = n.first_area = None

    def _end_actions(self, n: State, a: EndActions) -> None:
        n.log = Log(n.log, {"type": "end_actions", "player": n.player, "unused": n.actions_left})
        n.used, n.actions_left = frozenset(), 0                          # clean-up (i)
        self._store_next(n)

    # -- scout
    def _scout_next(self, n: State) -> None:
        while n.field <= n.level:
            f = n.field - 1
            for row in n.fields:
                if row[f] is not None and row[f] != ANTEATER:
                    n.phase = "scout"
                    return
            n.field += 1                                                 # ruling 11: nothing there
        self._end_action(n)

    def _scout(self, n: State, a: ScoutTake) -> None:
        p, f = n.player, n.field - 1
        tile = n.fields[a.row][f]
        n.fields = _put(n.fields, a.row, _put(n.fields[a.row], f, None))
        n.hands = _put(n.hands, p, n.hands[p] + (tile,))
        n.took_tiles = True
        n.log = Log(n.log, {"type": "scout", "player": p, "field": n.field, "row": a.row, "tile": tile})
        n.field += 1
        self._scout_next(n)

    # -- build
    def _build_tile(self, n: State, a: BuildTile) -> None:
        n.build_tile, n.phase = a.tile, "build_cell"
        n.log = Log(n.log, {"type": "build_tile", "player": n.player, "tile": a.tile})

    def _build_cell(self, n: State, a: BuildCell) -> None:
        n.build_cell, n.phase = a.cell, "build_dir"
        n.log = Log(n.log, {"type": "build_cell", "player": n.player, "cell": list(a.cell)})

    def _build_dir(self, n: State, a: BuildDir) -> None:
        n.build_second, n.phase = a.cell, "build_orient"
        n.log = Log(n.log, {"type": "build_dir", "player": n.player, "cell": list(a.cell)})

    def _build(self, n: State, a: BuildOrient) -> None:
        p, tile = n.player, n.build_tile
        sy = n.data.tiles[tile]
        other = sy[1] if a.symbol == sy[0] else sy[0]
        c1, c2 = n.build_cell, n.build_second
        parent = self.hill_info(n, p)
        key = ("grown", tile, c1, c2, a.symbol)      # the same build again (the search): the same hill
        got = parent.memo.get(key)
        if got is None:
            hill = dict(n.hills[p])
            hill[c1] = hill.get(c1, ()) + ((tile, a.symbol),)
            hill[c2] = hill.get(c2, ()) + ((tile, other),)
            got = parent.memo[key] = (hill, parent.grown(hill, c1, c2))
        hill, info = got
        n.hills = _put(n.hills, p, hill)
        n._hills = _put(n._hills, p, info)
        hand = list(n.hands[p])
        hand.remove(tile)
        n.hands = _put(n.hands, p, tuple(hand))
        n.log = Log(n.log, {"type": "build", "player": p, "tile": tile, "level": len(hill[c1]),
                            "cells": [[c1[0], c1[1], a.symbol], [c2[0], c2[1], other]]})
        n.units -= 1
        n.build_tile = n.build_cell = n.build_second = None
        if n.units > 0 and n.hands[p]:
            n.phase = "build_tile"
        else:
            self._end_action(n)

    # -- hatch
    def _hatch(self, n: State, a: Hatch) -> None:
        p, ai = n.player, self.area_index[a.area]
        n.hatch = _put(n.hatch, ai, _put(n.hatch[ai], p, n.hatch[ai][p] + 1))
        n.supply = _put(n.supply, p, n.supply[p] - 1)
        if n.first_area is None:
            n.first_area = a.area
        n.units -= 1
        n.log = Log(n.log, {"type": "hatch", "player": p, "area": a.area})
        if n.units == 0:
            self._end_action(n)

    # -- ANTS!
    def _place_ant(self, n: State, a: PlaceAnt) -> None:
        p, ai = n.player, self.area_index[a.area]
        n.hatch = _put(n.hatch, ai, _put(n.hatch[ai], p, n.hatch[ai][p] - 1))
        if ai == self.soldier:
            n.guards = {**n.guards, a.trail: p}
            n.log = Log(n.log, {"type": "guard", "player": p, "trail": a.trail})
        else:
            n.ants = _put(n.ants, p, {**n.ants[p], a.trail: None})
            n.log = Log(n.log, {"type": "place_ant", "player": p, "area": a.area, "trail": a.trail})
        self._unit_done(n, 1)

    def _bridge(self, n: State, a: Bridge) -> None:
        p, sa = n.player, self.soldier
        n.hatch = _put(n.hatch, sa, _put(n.hatch[sa], p, n.hatch[sa][p] - 3))
        n.supply = _put(n.supply, p, n.supply[p] + 2)
        n.ants = _put(n.ants, p, {**n.ants[p], self.chasm: None})
        n.log = Log(n.log, {"type": "bridge", "player": p, "trail": self.chasm})
        self._unit_done(n, 3)

    def _pick_up(self, n: State, a: PickUp) -> None:
        p = n.player
        back = 1
        ev = {"type": "pick_up", "player": p, "kind": a.kind, "where": a.where}
        if a.kind == "ant":
            mine = dict(n.ants[p])
            del mine[a.where]
            n.ants = _put(n.ants, p, mine)
            if n.guards.get(a.where) == p:                              # ruling 29: the guard goes home too
                g = dict(n.guards)
                del g[a.where]
                n.guards = g
                back += 1
                ev["guard_home"] = True
        elif a.kind == "guard":
            g = dict(n.guards)
            del g[a.where]
            n.guards = g
        else:
            ai = self.area_index[a.where]
            n.hatch = _put(n.hatch, ai, _put(n.hatch[ai], p, n.hatch[ai][p] - 1))
        n.supply = _put(n.supply, p, n.supply[p] + back)
        n.log = Log(n.log, ev)
        self._unit_done(n, 1)

    def _unit_done(self, n: State, k: int) -> None:
        n.units -= k
        if n.units <= 0:
            self._end_action(n)

    def _stop(self, n: State, a: Stop) -> None:
        n.log = Log(n.log, {"type": "stop", "player": n.player, "action": n.act})
        self._end_action(n)

    # -- heave
    def _heave_pick(self, n: State, a: HeavePick) -> None:
        p = n.player
        pi = self.prey_at.get(a.node)
        ev = {"type": "heave", "player": p, "how": "pick", "trail": a.trail, "node": a.node}
        if pi is not None:
            item = self.prey_ids[pi]
            n.prey_left = _put(n.prey_left, pi, n.prey_left[pi] - 1)
            if n.prey_left[pi] == 0:
                n.exhausted = n.exhausted | {item}
                ev["exhausted"] = True
        else:
            li = self.leaf_at[a.node]
            item = LEAF_PREFIX + self.leaf_ids[li]
            n.leaves_left = _put(n.leaves_left, li, n.leaves_left[li] - 1)
        n.ants = _put(n.ants, p, {**n.ants[p], a.trail: item})
        ev["item"] = item
        n.log = Log(n.log, ev)
        self._unit_done(n, 1)

    def _heave_move(self, n: State, a: HeaveMove) -> None:
        p = n.player
        item = n.ants[p][a.src]
        n.ants = _put(n.ants, p, {**n.ants[p], a.src: None, a.dst: item})
        n.log = Log(n.log, {"type": "heave", "player": p, "how": "move", "trail": a.src, "to": a.dst, "item": item})
        self._unit_done(n, 1)

    def _heave_home(self, n: State, a: HeaveHome) -> None:
        p = n.player
        item = n.ants[p][a.trail]
        n.ants = _put(n.ants, p, {**n.ants[p], a.trail: None})
        if item.startswith(LEAF_PREFIX):
            li = self.leaf_ids.index(item[len(LEAF_PREFIX):])
            n.leaves = _put(n.leaves, p, _put(n.leaves[p], li, n.leaves[p][li] + 1))
        else:
            n.delivered = n.delivered + (item,)
        n.log = Log(n.log, {"type": "heave", "player": p, "how": "home", "trail": a.trail, "item": item})
        self._unit_done(n, 1)

    # -- steal
    def _steal(self, n: State, a: Steal) -> None:
        p, q, sa = n.player, a.victim, self.soldier
        item = n.ants[q][a.trail]
        n.ants = _put(_put(n.ants, q, {**n.ants[q], a.trail: None}), p, {**n.ants[p], a.trail: item})
        n.hatch = _put(n.hatch, sa, _put(n.hatch[sa], p, n.hatch[sa][p] - 1))
        n.supply = _put(n.supply, p, n.supply[p] + 1)
        n.log = Log(n.log, {"type": "steal", "player": p, "victim": q, "trail": a.trail, "item": item})

    # -- clean-up
    def _store_next(self, n: State) -> None:
        if n.delivered:
            n.phase = "store"                                            # clean-up (ii)
            return
        self._discard_next(n)

    def _store(self, n: State, a: StorePrey) -> None:
        p = n.player
        prey, n.delivered = n.delivered[0], n.delivered[1:]
        if a.cell is None:
            n.beside = _put(n.beside, p, n.beside[p] + (prey,))
        else:
            n.stored = _put(n.stored, p, {**n.stored[p], a.cell: prey})
        n.log = Log(n.log, {"type": "store", "player": p, "prey": prey,
                            "cell": None if a.cell is None else list(a.cell)})
        self._store_next(n)

    def _discard_next(self, n: State) -> None:
        if len(n.hands[n.player]) > n.data.hand_limit:                   # clean-up (iii), ruling 19
            n.phase = "discard"
            return
        self._refill(n)

    def _discard(self, n: State, a: Discard) -> None:
        p = n.player
        hand = list(n.hands[p])
        hand.remove(a.tile)
        n.hands = _put(n.hands, p, tuple(hand))
        n.bag = n.bag + (a.tile,)
        n.log = Log(n.log, {"type": "discard", "player": p, "tile": a.tile})
        self._discard_next(n)

    def _refill(self, n: State) -> None:
        """Clean-up (iv): slide toward field 1, refill unless every anteater is home (rulings 12, 14)."""
        if not n.took_tiles:
            self._finish_turn(n)
            return
        arrivals = [r for r, _ in self.arrivals_due(n)]
        rows, eaters = [], []
        for row in n.fields:
            if None in row:
                kept = tuple(filter(None, row))                          # the tiles and the anteater
                row = kept + (None,) * (len(row) - len(kept))
            rows.append(row)
            eaters.append(row.index(ANTEATER) + 1)
        n.fields = tuple(rows)
        n.log = Log(n.log, {"type": "slide", "anteaters": eaters})
        if len(n.arrived) + len(arrivals) < len(rows):
            self._fill(n)
        if len(arrivals) > 1:
            n.pending, n.phase = tuple(arrivals), "order"                # the active player orders them
            return
        for r in arrivals:
            self._attack(n, r)
        self._after_attacks(n)

    def _fill(self, n: State) -> None:
        n.rng = n.rng.copy()   # the state applied to keeps its own generator (apply never mutates it)
        bag = list(n.bag)
        rows = [list(r) for r in n.fields]
        first = min([row.index(None) for row in rows if None in row], default=len(rows[0]))   # the rest full
        for f in range(first, len(rows[0])):                            # ruling 34: field, then row
            for r, row in enumerate(rows):
                if row[f] is None:
                    if not bag:
                        n.bag_short = True                               # end trigger 1 (ruling 22)
                        continue
                    t = bag.pop(n.rng.below(len(bag)))
                    row[f] = t
                    n.log = Log(n.log, {"type": "draw", "row": r, "field": f + 1, "tile": t})
        n.bag = tuple(bag)
        n.fields = tuple(map(tuple, rows))

    def _order(self, n: State, a: ArrivalFirst) -> None:
        n.log = Log(n.log, {"type": "arrival", "player": n.player, "row": a.row})
        n.pending = tuple(r for r in n.pending if r != a.row)
        self._attack(n, a.row)
        if not n.pending:
            self._after_attacks(n)

    def _attack(self, n: State, row: int) -> None:
        """Clean-up (v), rulings 13, 15, 16: eat by the guide's line for this arrival."""
        d = n.data
        k = len(n.arrived)
        n.arrived = n.arrived + (row,)
        colour = n.faces[row][1]
        eats = d.guide[len(n.seats)][k]
        ev = {"type": "attack", "row": row, "colour": colour, "order": k + 1, "eats": eats, "prey": None}
        if eats in ("prey", "prey_and_ants"):
            pi = self.colour_prey[colour]
            if n.prey_left[pi] > 0:
                n.prey_left = _put(n.prey_left, pi, n.prey_left[pi] - 1)
                ev["prey"] = self.prey_ids[pi]
                if n.prey_left[pi] == 0:
                    n.exhausted = n.exhausted | {self.prey_ids[pi]}
                    ev["exhausted"] = True
        if eats in ("ants", "prey_and_ants"):
            ev["area"], ev["ants"] = None, []
            ai = self.area_eaten(n.hatch, colour)
            if ai is not None:
                eaten = n.hatch[ai]
                n.supply = tuple(s + e for s, e in zip(n.supply, eaten))
                n.hatch = _put(n.hatch, ai, (0,) * len(n.seats))
                ev["area"], ev["ants"] = self.area_ids[ai], list(eaten)
        n.log = Log(n.log, ev)

    def area_eaten(self, hatch: tuple, colour: str) -> int | None:
        """Ruling 16: the hatching area whose ants an anteater of ``colour`` eats: the first with
        any ant, from its own area leftwards, wrapping round (None: every area is empty)."""
        start = self.area_index[self.d.anteater_area[colour]]
        k_areas = len(self.area_ids)
        for step in range(k_areas):
            ai = (start - step) % k_areas
            if any(hatch[ai]):
                return ai
        return None

    def arrivals_due(self, s: State) -> list:
        """Rulings 12-13: the rows whose anteater reaches field 1 at the end of this turn (every
        place in front of it emptied by scouting), with what each eats by the guide ("prey",
        "ants" or "prey_and_ants"), in row order (the active player may order them otherwise)."""
        out = []
        k = len(s.arrived)
        for r, row in enumerate(s.fields):
            at = row.index(ANTEATER)
            if at and all(x is None for x in row[:at]):
                out.append((r, s.data.guide[len(s.seats)][k + len(out)]))
        return out

    def _after_attacks(self, n: State) -> None:
        if len(n.arrived) == len(n.fields):                             # all three home: reset
            rows, faces = [], []
            for r, row in enumerate(n.fields):
                kept = [x for x in row if x not in (None, ANTEATER)]
                rows.append(tuple(kept) + (None,) * (len(row) - 1 - len(kept)) + (ANTEATER,))
                tile, face = n.faces[r]
                sides = next(s for t, s in n.data.anteater_tiles if t == tile)
                faces.append((tile, sides[1] if face == sides[0] else sides[0]))
            n.fields, n.faces, n.arrived = tuple(rows), tuple(faces), ()
            n.log = Log(n.log, {"type": "reset", "faces": [f for _, f in faces]})
            self._fill(n)
        self._finish_turn(n)

    def _finish_turn(self, n: State) -> None:
        """Ruling 22 and 36: end triggers, the final turns, the next player."""
        p, N = n.player, len(n.seats)
        if n.end_by is not None:
            n.turns_left -= 1
            if n.turns_left <= 0:
                n.phase, n.act = "over", None
                n.log = Log(n.log, {"type": "game_over", "reason": n.end_reason})
                return
        nxt = (p + 1) % N
        round_end = nxt == n.start_player
        if n.end_by is None:
            reason = None
            if n.bag_short:
                reason = "bag"
            elif len(n.exhausted) >= len(self.prey_ids) - 1:
                reason = "prey"
            elif round_end and not n.acted:
                reason = "stall"
            elif round_end and n.round >= n.data.stall_rounds:
                reason = "rounds"
            if reason:
                n.end_by, n.turns_left, n.end_reason = p, N, reason
                n.log = Log(n.log, {"type": "end_triggered", "player": p, "reason": reason})
        if round_end:
            n.round += 1
            n.acted = False
            n.log = Log(n.log, {"type": "round", "round": n.round, "player": nxt})
        self._begin_turn(n, nxt)

    _PHASES = {
        "over": lambda self, s, p: [], "act": _act_decisions, "scout": _scout_decisions,
        "build_tile": _build_tile_decisions, "build_cell": _build_cell_decisions, "build_dir": _build_dir_decisions,
        "build_orient": _build_orient_decisions, "hatch": _hatch_decisions, "ants": _ants_decisions,
        "heave": _heave_decisions, "store": _store_decisions, "discard": _discard_decisions,
        "order": _order_decisions,
    }
    _HANDLERS = {
        UseSpace: _use_space, UseMagnificant: _use_magnificant, EndActions: _end_actions, Steal: _steal,
        ScoutTake: _scout, BuildTile: _build_tile, BuildCell: _build_cell, BuildDir: _build_dir,
        BuildOrient: _build, Hatch: _hatch, PlaceAnt: _place_ant, Bridge: _bridge, PickUp: _pick_up,
        Stop: _stop, HeavePick: _heave_pick, HeaveMove: _heave_move, HeaveHome: _heave_home,
        StorePrey: _store, Discard: _discard, ArrivalFirst: _order,
    }

    # ------------------------------------------------------------------ scoring
    def leaves_green_first(self, s: State, p: int) -> list[str]:
        """p's leaves home, one id each, in the order ruling 37 lays them on fungi (green first)."""
        leaves = [lid for lid, k in zip(self.leaf_ids, s.leaves[p]) for _ in range(k)]
        leaves.sort(key=lambda lid: -self.leaf_bonus[lid])
        return leaves

    def fungus_use(self, s: State, p: int) -> list[tuple]:
        """Ruling 37: leaves on the highest uncovered fungi, green first: [(cell, level, leaf)]."""
        fungi = self.hill_info(s, p).fungi(s.stored[p])
        return [(c, lvl, leaf) for (lvl, c), leaf in zip(fungi, self.leaves_green_first(s, p))]

    def score_lines(self, s: State, p: int) -> dict:
        """p's score sheet lines (without the tie-break)."""
        k = len(s.stored[p]) + len(s.beside[p])
        use = self.fungus_use(s, p)
        return {"prey": k * k, "fungus": sum(lvl for _, lvl, _ in use),
                "green_leaves": sum(self.leaf_bonus[leaf] for _, _, leaf in use)}

    def potential_score(self, s: State, p: int) -> int:
        """p's score if every prey and leaf p's ants carry got home now and the prey p delivered this
        turn were stored: the prey counted beside the hill, the leaves laid by ruling 37 (score_lines
        on a copy; ``s`` is not changed)."""
        carried = [it for it in s.ants[p].values() if it]
        delivered = s.delivered if p == s.player else ()
        if not carried and not delivered:
            return sum(self.score_lines(s, p).values())
        held = set(s.stored[p].values()) | set(s.beside[p])
        prey = [x for x in dict.fromkeys((*delivered, *carried)) if not x.startswith(LEAF_PREFIX) and x not in held]
        leaves = list(s.leaves[p])
        for it in carried:
            if it.startswith(LEAF_PREFIX):
                leaves[self.leaf_ids.index(it[len(LEAF_PREFIX):])] += 1
        n = s.copy()
        n.beside = _put(s.beside, p, s.beside[p] + tuple(prey))
        n.leaves = _put(s.leaves, p, tuple(leaves))
        return sum(self.score_lines(n, p).values())

    def heaves_home(self, mine: dict, trail: str) -> int | None:
        """Heaves that bring the item on ``trail`` home: one per trail it crosses on the way through
        p's ants (``mine``: p's trails; the ants on the way taken as free), the last one home
        (ruling 40). None when no way of p's ants leads home."""
        seen, frontier, heaves = {trail}, [trail], 1
        while frontier:
            nxt = []
            for t in frontier:
                a, b = self.ends[t]
                if self.hill_node in (a, b):
                    return heaves
                for u in self.node_trails[a] + self.node_trails[b]:
                    if u in mine and u not in seen:
                        seen.add(u)
                        nxt.append(u)
            frontier = nxt
            heaves += 1
        return None

    def heaves_per_turn(self, s: State, p: int) -> int:
        """The most heaves p can make in a turn: p's best heave spaces (a prey stored on one covers
        it) and the magnificANT at level 1, one action marker each."""
        levels = [len(st) for c, st in s.hills[p].items() if st[-1][1] == "heave" and c not in s.stored[p]]
        levels.append(1)
        return sum(sorted(levels, reverse=True)[:s.data.actions_per_turn])

    def turns_home(self, start: State, end: State, p: int) -> int | None:
        """The turns p needs, after ``end``, to bring home the food p's ants carried in ``start`` (an
        earlier state of p's same turn): the heaves still needed (``heaves_home``, each item followed
        along the log's heaves; one heaved home needs none) at p's most heaves a turn in ``end``.
        None when one of them has no way home. For the review's "a turn saved" (game/ai/review.py)."""
        where = {t for t, item in start.ants[p].items() if item}
        if not where:
            return 0
        for ev in end.log.since(len(start.log)):
            if ev.get("type") == "heave" and ev.get("player") == p and ev.get("trail") in where:
                where.discard(ev["trail"])
                if ev.get("how") == "move":
                    where.add(ev["to"])
            elif ev.get("type") == "steal" and ev.get("victim") == p:
                where.discard(ev.get("trail"))
        mine = end.ants[p]
        heaves = [self.heaves_home(mine, t) for t in where]
        if None in heaves:
            return None
        per_turn = self.heaves_per_turn(end, p)
        return -(-sum(heaves) // per_turn)

    def score_sheets(self, s: State) -> list[ScoreSheet]:
        out = []
        top = s.data.max_level
        for p in range(len(s.seats)):
            by = self.hill_info(s, p).tiles_by_level()
            tb = {f"level_{lvl}": by.get(lvl, 0) for lvl in range(top, 0, -1)}   # ruling 24
            out.append(ScoreSheet(p, self.score_lines(s, p), tb))
        return out

    def winners(self, s: State) -> list[int]:
        return winners_by_sheets(self.score_sheets(s))

    def turn_given_up(self, s: State, a) -> bool | None:
        """End of actions ends a turn: given up when no action, the magnificANT's included, was taken."""
        if not isinstance(a, EndActions) or s.phase != "act":
            return None
        return not s.used and not s.magnificant_used

    def end_reason(self, s: State) -> str | None:
        """bag, prey, stall (a round in which nobody acted, ruling 36) or rounds (the round cap)."""
        return s.end_reason

    # ------------------------------------------------------------------ hidden information
    def observe(self, s: State, player: int) -> State:
        n = s.copy()
        n.bag = tuple(sorted(s.bag))
        n.bag_hidden = True
        n.rng = None
        return n

    def determinize(self, s: State, player: int, rng) -> State:
        n = s.copy()
        r = rng.copy() if hasattr(rng, "copy") else Rng(rng.next64())
        bag = list(s.bag)
        r.shuffle(bag)
        n.bag, n.bag_hidden, n.rng = tuple(bag), False, Rng(r.next64())
        return n

    # ------------------------------------------------------------------ records
    def record_setup(self, s: State) -> dict:
        d = s.data
        return {
            "players": len(s.seats),
            "start_player": s.start_player,
            "tiles": d.tile_record(),
            "base": [{"tile": t, "hexes": [list(h) for h in hexes]} for t, hexes in d.base],
            "starting_tiles": list(d.starting_tiles[:len(s.seats)]),
            "prey_per_type": d.prey_per_type[len(s.seats)],
            "leaves": {lf.id: lf.on_board for lf in d.leaves},
            "anteaters": [{"tile": t, "sides": list(sd)} for t, sd in d.anteater_tiles],
            # the definitions a record is checked against (docs/records_antics.md); older records lack them
            "starting_hands": [{"player": p, "tile": t} for p, t in enumerate(d.starting_tiles[:len(s.seats)])],
            "board": {"ant_hill": d.ant_hill, "nodes": dict(d.nodes), "trails": [
                {"id": t.id, "a": t.a, "b": t.b, "terrain": list(t.terrains)} for t in d.trails.values()],
                "clearings": {**{pr.clearing: pr.id for pr in d.prey},
                              **{lf.clearing: f"leaf:{lf.id}" for lf in d.leaves}}},
            "hatching_areas": [{"id": a.id, "ant": "soldier" if a.soldier else "worker", "terrain": a.terrain,
                                "colour": a.colour} for a in d.areas],
            "anteater_colours": {c: {"prey": {pr.colour: pr.id for pr in d.prey}.get(c), "area": area}
                                 for c, area in d.anteater_area.items()},
            "anteater_guide": list(d.guide[len(s.seats)]),
            "ants_per_player": d.ants_per_player,
            "hand_limit": d.hand_limit,
            "round_cap": d.stall_rounds,
        }

    def final_extra(self, s: State) -> dict:
        hills = []
        for p in range(len(s.seats)):
            hills.append({
                "player": p,
                "cells": [[c[0], c[1], [[t, sym] for t, sym in st]] for c, st in sorted(s.hills[p].items())],
                "stored": [[c[0], c[1], prey] for c, prey in sorted(s.stored[p].items())],
                "beside": list(s.beside[p]),
                "leaves": dict(zip(self.leaf_ids, s.leaves[p])),
                "leaf_use": [{"cell": [c[0], c[1]], "level": lvl, "leaf": leaf} for c, lvl, leaf in self.fungus_use(s, p)],
            })
        return {"hills": hills, "end_reason": s.end_reason}

    def action_from_event(self, s: State, ev: dict):
        t = ev.get("type")
        if t == "action":
            if ev.get("magnificant"):
                return UseMagnificant(str(ev["action"]))
            return UseSpace(_cell(ev["cell"]))
        simple = {"end_actions": EndActions, "stop": Stop, "bridge": Bridge}
        if t in simple:
            return simple[t]()
        if t == "steal":
            return Steal(str(ev["trail"]), int(ev["victim"]))
        if t == "scout":
            return ScoutTake(int(ev["row"]))
        if t == "build_tile":
            return BuildTile(str(ev["tile"]))
        if t == "build_cell":
            return BuildCell(_cell(ev["cell"]))
        if t == "build_dir":
            return BuildDir(_cell(ev["cell"]))
        if t == "build":
            return BuildOrient(str(ev["cells"][0][2]))
        if t == "hatch":
            return Hatch(str(ev["area"]))
        if t == "place_ant":
            return PlaceAnt(str(ev["area"]), str(ev["trail"]))
        if t == "guard":
            return PlaceAnt(self.area_ids[self.soldier], str(ev["trail"]))
        if t == "pick_up":
            return PickUp(str(ev["kind"]), str(ev["where"]))
        if t == "heave":
            how = ev.get("how")
            if how == "pick":
                return HeavePick(str(ev["trail"]), str(ev["node"]))
            if how == "move":
                return HeaveMove(str(ev["trail"]), str(ev["to"]))
            if how == "home":
                return HeaveHome(str(ev["trail"]))
        if t == "store":
            return StorePrey(None if ev.get("cell") is None else _cell(ev["cell"]))
        if t == "discard":
            return Discard(str(ev["tile"]))
        if t == "arrival":
            return ArrivalFirst(int(ev["row"]))
        return None


PHASES, HANDLERS = AnticsRules._PHASES, AnticsRules._HANDLERS   # as globals: quicker to reach

_RULES: AnticsRules | None = None


def get_rules() -> AnticsRules:
    global _RULES
    if _RULES is None:
        _RULES = AnticsRules()
    return _RULES
