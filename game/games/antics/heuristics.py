"""Antics! heuristics for the generic bots (see game/ai/bots.py).

``value(rules, s, p)`` projects what player p will be worth: points scored, then a plan of the
deliveries p could still make (``Heuristics.plan``): again and again the prey of a kind p lacks, or
a leaf for a fungus, with the best worth for its cost in actions: the ants still to hatch and lay
on a shortest way from p's network (hatched ants of the right terrain count; soldiers idle in their
area are picked up again when the supply runs short), then the heaves
home, each at the level of p's best spaces for that action (so building a heave, ANTS! or hatch
space higher pays through every delivery it speeds up). The ants a delivery lays stay for the
next one; a delivery is discounted per action spent until it is home and counts for nothing past
the clock (the actions left before the bag runs out, at three seats the prey, or p's last turn);
one that needs more heaves than a turn gives is worth less (it waits on the trails for rivals'
soldiers). Carried items count by the heaves they still need: nothing lost if this turn's heaves
bring them home, else a share lost to a steal (more when a rival has, or could lay, an ant beside
them). The hill's action levels (a little), the tiles in hand by their symbols and soldiers ready
add a little. A leaf with no fungus for it counts a little, a green one its bonus too, and never
less home than carried (so that bringing it home never looks worse than leaving it on the trails);
a player with no turn left is worth their score and tie-break.

Medium plays each decision for the best value after it (its own minus a share of the best
rival's); choosing an action is judged by playing that whole action out greedily, and a tile by
the plan with the levels and fungi it leaves (the fungi under the leaves already held counted too).
Each AI level plays by a ``Profile`` (``for_level``):
Easy and Medium by MEDIUM; Hard's search by HARD, which also knows the last round for what it is
and counts the hill's action levels for more (it builds upward for faster turns later).
Values, plans, ways and build choices are remembered on each Heuristics object by what they read.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from game.core.i18n import _, format_list, ngettext
from game.core.settings import with_changes

from . import outcome
from .data import ACTIONS
from .state import (LEAF_PREFIX, BuildCell, BuildDir, BuildOrient, BuildTile, EndActions, Steal, Stop, UseMagnificant,
                    UseSpace)

FUNGUS = "fungus"
SETTLED_PHASES = frozenset({"build_tile", "build_cell", "build_dir", "build_orient", "store", "discard"})
ACTION_PHASES = frozenset({"scout", "build_tile", "build_cell", "build_dir", "build_orient", "hatch", "ants", "heave"})
# The hill's worth in 1/200ths of a point (whole numbers, so that every way of adding it up agrees):
TOP_W = (0, 200, 380, 540, 680, 800)        # the best space of an action, by level (1.0, 1.9, 2.7, 3.4, 4.0)
SECOND_W = (0, 70, 133, 189, 238, 280)      # a second space of the same action (0.35 of the above)
MISSING_W = -300                            # an action you cannot take at all (-1.5)
UNIT_FUNGUS = 70                            # an uncovered fungus without a leaf yet, per level (0.35)
UNIT = 200.0


def _dist_from(rules, reach: set) -> dict:
    """Trails needed to reach each node from the player's network (0 inside it)."""
    dist = {n: 0 for n in reach}
    frontier = list(reach)
    d = 0
    while frontier:
        d += 1
        nxt = []
        for node in frontier:
            for t in rules.node_trails[node]:
                if t == rules.chasm:
                    continue
                a, b = rules.ends[t]
                o = b if a == node else a
                if o not in dist:
                    dist[o] = d
                    nxt.append(o)
        frontier = nxt
    return dist


def _levels(cells) -> tuple[dict, int]:
    """cells: iterable of (symbol, level) -> (symbol -> its levels, highest first; fungus levels)."""
    by: dict = {}
    fungus = 0
    for sym, lvl in cells:
        if sym == FUNGUS:
            fungus += lvl
        else:
            by.setdefault(sym, []).append(lvl)
    for levels in by.values():
        levels.sort(reverse=True)
    return by, fungus


def _part(levels) -> int:
    """One action's share of the worth, from its levels (highest first)."""
    if not levels:
        return MISSING_W
    return TOP_W[levels[0]] + (SECOND_W[levels[1]] if len(levels) > 1 else 0)


def _worth(by: dict, fungus: int) -> int:
    return sum(_part(by.get(a)) for a in ACTIONS) + UNIT_FUNGUS * fungus


def _hill_value(cells) -> float:
    """cells: iterable of (symbol, level) of the usable visible hexes."""
    return _worth(*_levels(cells)) / UNIT


def hill_value(rules, s, p) -> float:
    """_hill_value of p's hill as it is, worked out once per hill and stored prey."""
    stored = s.stored[p]
    memo = rules.hill_info(s, p).memo
    key = ("value", frozenset(stored))
    got = memo.get(key)
    if got is None:
        got = memo[key] = _hill_value([(st[-1][1], len(st)) for c, st in s.hills[p].items() if c not in stored])
    return got


OPTIONS_PER_APPLY = 4  # weighing this many ways to build a tile takes about as long as one apply
BRIDGE_UNITS = 3      # a bridge takes three soldiers and three units of one ANTS! action (ruling 10)
PREY_FLOOR = 4.0      # a prey still to come is worth what an average one adds to a 4-prey collection


def _marginal_prey(k: int) -> float:
    return max(PREY_FLOOR, (k + 1) ** 2 - k ** 2)


def _collection(k: int) -> float:
    """k prey on the hill as the projection counts them: each worth at least PREY_FLOOR."""
    return _COLLECTIONS[k] if k < len(_COLLECTIONS) else sum(_marginal_prey(i) for i in range(k))


_COLLECTIONS = [sum(_marginal_prey(i) for i in range(k)) for k in range(16)]


_DIST: dict = {}
_NEAR: dict = {}
_HANDS: dict = {}
_GOALS: dict = {}
CACHE_SIZE = 4096


def _remember(cache: dict, key, value):
    if len(cache) >= CACHE_SIZE:
        cache.clear()
    cache[key] = value
    return value


def _dist(rules, reach: frozenset) -> dict:
    """_dist_from, worked out once per network (do not modify it)."""
    got = _NEAR.get((id(rules), reach))
    return _remember(_NEAR, (id(rules), reach), _dist_from(rules, reach)) if got is None else got


def _open_goals(rules, s, doomed_prey: frozenset) -> tuple[tuple, tuple]:
    """The prey kinds still on the board that the next anteaters leave (kind, clearing), and the
    leaves left (clearing, bonus, how many): remembered by what they read."""
    key = (id(rules), s.prey_left, s.leaves_left, doomed_prey)
    got = _GOALS.get(key)
    if got is None:
        prey = tuple((kind, s.data.prey[i].clearing) for i, kind in enumerate(rules.prey_ids)
                     if s.prey_left[i] and i not in doomed_prey)
        leaves = tuple((lf.clearing, lf.bonus, s.leaves_left[i]) for i, lf in enumerate(s.data.leaves)
                       if s.leaves_left[i])
        got = _remember(_GOALS, key, (prey, leaves, rules))     # rules held: its id stays its own
    return got[0], got[1]


def node_dist(rules) -> dict:
    """Trails between every two nodes on foot (the chasm excluded), computed once."""
    got = _DIST.get(id(rules))
    if got is None:
        got = {n: _dist_from(rules, {n}) for n in rules.node_trails}
        _DIST[id(rules)] = got
    return got


@dataclass(frozen=True)
class Profile:
    """How a level weighs what a player holds (see ``value``). Medium plays by MEDIUM; Hard also
    knows the last round for what it is and weighs the hill more (both see the rivals who could
    steal what they carry)."""
    gamma: float = 0.9          # worth kept per action still needed before an item is home
    plan_steps: int = 5         # deliveries planned ahead
    sure: float = 0.85          # share of a planned delivery's worth counted (the rest may be lost to rivals)
    risk_per_trail: float = 0.0  # extra actions charged per new trail of a delivery
    steal_risk: float = 0.8     # share of a carried item lost when a rival could steal it
    exposed: float = 0.4        # share lost when it waits on the trails, no rival ready to steal it yet
    slow_risk: float = 0.4      # share of a delivery lost when it needs more heaves than one turn gives
    hill_w: float = 0.1         # the hill's action levels beyond what the plan sees
    spare_leaf: float = 1.0     # a leaf with no fungus for it yet (its bonus apart)
    leaf_extra: float = 1.5     # a leaf to fetch is worth this more than its fungus
    hand_w: float = 0.3         # a tile in hand, by what its symbols are worth (TILE_SYMBOL_W)
    soldier_w: float = 0.3      # a soldier ready to guard or steal
    rival: float = 0.35         # a move's worth: mine minus this much of the best rival's
    # a player behind who has not acted yet this turn takes an action that does something unless
    # ending the turn is worth this much more (issue 63: Mediums ended 7 % of their turns with all
    # three actions unused, one seat on 1 point 10 of 22, its end of turn rated 2.03 against 2.01)
    keep_playing: float = 0.0
    # and beyond that weight, a rule: a player behind (on points scored or on the projection) who
    # has not acted yet this turn ends it only when no action would do anything (issue 63: the
    # bag's clock made every scout look like a loss to a seat on 1 point, who passed four turns)
    play_on_behind: bool = True
    endgame: bool = False       # in the last round, only what a player's last turn can do is worth anything
    rounds_base: float = 1.5    # rounds left before the end is triggered: this + tiles in the bag / bag_per_round
    bag_per_round: float = 4.0
    # at these table sizes, the rounds left by the prey instead (the current one and the last
    # included): clock_base once one more prey token would trigger the end, and one more for each
    # prey_per_seat tokens a seat still to go (see actions_left_in_game)
    prey_clock_seats: tuple = (3,)
    clock_base: float = 3.3
    prey_per_seat: float = 0.29


# keep_playing: whole-turn passes by four Mediums 7.2 % -> 1.2 % of turns (24 games, deals
# 31000-31023); win share against three Mediums at 0.0 unchanged (+0.0025 +/- 0.0147 paired over
# 200 games, deals from 33000; mean score 13.0 against 12.7)
MEDIUM = Profile(keep_playing=0.3)


class Heuristics:
    """The heuristics of one profile: ``value`` and what is built on it (each profile keeps its
    own remembered values)."""

    def __init__(self, profile: Profile = MEDIUM):
        self.w = profile
        self.cache: dict = {}       # values: what all players' values read -> the rest of one's -> value
        self.cached = 0             # values in it
        self.ways_cache: dict = {}
        self.plan_cache: dict = {}
        self.build_cache: dict = {}
        self._last_build = None     # (state, tile, player, best_build's worths) of the last state asked about
        self.threat = _steal_threat_near

    # ------------------------------------------------------------------ a player's worth
    def turns_left(self, s, p) -> int | None:
        """In the last round (with an endgame profile), the turns p may still play: 1 (the current
        one counts) or 0; else None."""
        if not self.w.endgame or s.end_by is None:
            return None
        return 1 if s.phase != "over" and plays_again(s, p) else 0

    def value(self, rules, s, p) -> float:
        """What p is worth: points scored, then the deliveries p could still make before the game
        ends (see ``plan``), items on the way home, the hatched ants, soldiers and tiles in hand,
        and carried items that a rival could steal."""
        w = self.w
        v, prey_line, spare_bonuses, free_fungi = standing(rules, s, p)
        k = len(s.stored[p]) + len(s.beside[p]) + (len(s.delivered) if p == s.player else 0)
        if s.phase == "over":
            return v
        v += _collection(k) - prey_line                    # delivered prey, valued like prey to come
        turns = self.turns_left(s, p)
        if turns == 0:                                     # nothing more will come home: the tie-break counts
            return v + TIE_W * tiebreak(rules, s, p)
        horizon = actions_left_in_game(s, p, w)
        for bonus in spare_bonuses:                       # leaves home without a fungus yet: one may be built
            v += w.sure * (w.spare_leaf + bonus)
        levels = action_levels(rules, s, p)
        mine = s.ants[p]
        leaf_slots = list(free_fungi)
        budget = _heave_budget(rules, s, p)
        heaves = levels.get("heave", ())
        spent = 0.0                                        # actions the carried items still need
        carried_prey = 0
        for t, item in sorted([(t, item) for t, item in mine.items() if item is not None]):
            hops = min(_hops_home(rules, mine, t), 6)
            safe = budget > hops                           # it can be home before anyone could steal it
            if safe:
                budget -= hops + 1
                cost = 0.3 * (hops + 1)                    # heaves of this turn, not spent elsewhere
            else:
                cost = actions_for(hops + 1, heaves) + 0.5
            spent += cost
            if spent > horizon + 0.5:
                continue                                   # it cannot be home in time
            disc = w.gamma ** spent
            if item.startswith(LEAF_PREFIX):
                bonus = rules.leaf_bonus[item[len(LEAF_PREFIX):]]
                # with no fungus for it, worth what it will be home, not more
                iv = disc * (leaf_slots.pop(0) + bonus if leaf_slots else w.sure * (w.spare_leaf + bonus))
            else:
                iv = disc * _marginal_prey(k + carried_prey)
                carried_prey += 1
            v += iv
            if s.guards.get(t) == p:
                v += 0.1 * iv
            elif not safe:
                v -= (w.steal_risk if self.threat(rules, s, p, t) else w.exposed) * iv
        v += self.plan(rules, s, p, levels, k + carried_prey, leaf_slots, horizon - spent, spent)
        later = 0.0 if turns == 1 else 1.0               # what only pays in later turns
        soldiers = 0 if rules.soldier in doomed(rules, s)[0] else s.hatch[rules.soldier][p]
        if rules.chasm in mine:                            # the bridge counts as the soldiers it took:
            soldiers += BRIDGE_UNITS                       # the plan counted on it before it was built
        soldiers = min(soldiers, 2)
        v += later * w.sure * w.soldier_w * soldiers * (1.0 if len(mine) >= 2 else 0.3)
        v += later * w.sure * w.hill_w * hill_value(rules, s, p)
        v += later * w.sure * w.hand_w * hand_worth(s.data, s.hands[p])
        if turns == 1 or w.endgame is False:               # the tie-break, for a close finish
            v += TIE_W * tiebreak(rules, s, p)
        return v

    def plan(self, rules, s, p, levels, have: int, leaf_slots: list, horizon: float, start: float) -> float:
        """The deliveries p could still make, one after another: each time the prey (of a kind p
        lacks) or leaf (for a fungus) with the best worth for its cost in actions (hatches, ANTS!
        units and heaves, each at the level of p's best spaces for it), the ants it needs laid on
        a shortest way (so that the next delivery starts from there). A delivery is worth its
        points discounted by the actions spent until it is home, nothing past the horizon.
        Remembered on this object by everything it reads."""
        held = {*s.stored[p].values(), *s.beside[p], *s.ants[p].values()}     # ruling 6
        if p == s.player:
            held.update(s.delivered)
        doomed_areas, doomed_prey = doomed(rules, s)
        prey_open, leaf_goals = _open_goals(rules, s, doomed_prey)
        prey_goals = tuple(clearing for prey, clearing in prey_open if prey not in held)
        if not prey_goals and not leaf_goals:
            return 0.0
        ready = tuple((a.terrain, row[p]) for ai, (a, row) in enumerate(zip(s.data.areas, s.hatch))
                      if row[p] and not a.soldier and ai not in doomed_areas)
        ants_l = levels.get("ants", ())
        # soldiers hatched towards a bridge, while p has none and an ANTS! space of level 3 or more
        soldiers = None
        if rules.chasm and rules.chasm not in s.ants[p] and ants_l and ants_l[0] >= BRIDGE_UNITS:
            soldiers = 0 if rules.soldier in doomed_areas else s.hatch[rules.soldier][p]
        # else soldiers waiting in their area may be picked up again (ruling 9) when ants run short
        idle = s.hatch[rules.soldier][p] if soldiers is None else 0
        key = (id(rules), trails_of(s.ants[p]), prey_goals, leaf_goals, ready, s.supply[p],
               levels.get("hatch", ()), ants_l, levels.get("heave", ()), have, tuple(leaf_slots),
               round(horizon, 3), round(start, 3), soldiers, idle)
        got = self.plan_cache.get(key)
        if got is None:
            if len(self.plan_cache) >= VALUE_CACHE_SIZE:
                self.plan_cache.clear()
            got = self.plan_cache[key] = self._plan(rules, key)
        return got

    def _plan(self, rules, key) -> float:
        (_, trails, prey_goals, leaf_goals, ready, supply, hatch_l, ants_l, heave_l, have, slots, horizon,
         start, soldiers, idle) = key
        w = self.w
        prey_goals = list(prey_goals)
        ready = dict(ready)
        free_ants = supply + sum(ready.values())
        # heaves in one turn: its best actions among the heave spaces and the magnificANT (an action too)
        one_turn = sum(sorted((*heave_l, 1), reverse=True)[:rules.d.actions_per_turn])
        leaves_taken = [0] * len(leaf_goals)
        slots = list(slots)
        t_now = start
        total = 0.0
        for _ in range(w.plan_steps):
            networks = [(self.ways(rules, trails), 0.0, 0, False)]
            if soldiers is not None:                        # or over a bridge still to be built (ruling 10)
                need = max(0, BRIDGE_UNITS - soldiers)
                networks.append((self.bridged_ways(rules, trails), actions_for(need, hatch_l) + 1.0, need, True))
            best = None
            options = [(c, None, -1) for c in prey_goals]
            options += [(c, bonus, i) for i, (c, bonus, left) in enumerate(leaf_goals) if left > leaves_taken[i]]
            for (ways, extra, need, bridged), (c, bonus, li) in product(networks, options):
                way = ways.get(c)
                if way is None:
                    continue
                new, heave, path, terrains = way
                short = max(0, new + need - free_ants)      # idle soldiers to pick up first
                if short and (bridged or short > idle):
                    continue
                hatch = new - _matched(terrains, ready) if ready else new
                cost = actions_for(hatch, hatch_l) + actions_for(new + short, ants_l) + actions_for(heave, heave_l) + extra
                if bonus is None:
                    worth = _marginal_prey(have)
                else:                                       # a leaf: a little more, to go and get it
                    worth = (slots[0] if slots else w.spare_leaf) + bonus + w.leaf_extra
                if heave > one_turn:
                    worth *= 1 - w.slow_risk                # it waits on the trails for rivals' soldiers
                score = worth * w.gamma ** cost
                if best is None or score > best[0]:
                    best = (score, cost, worth, c, path, terrains, new, li, need, bridged, short)
            if best is None:
                break
            _, cost, worth, c, path, terrains, new, li, need, bridged, short = best
            t_now += cost
            if t_now > horizon + 1:
                break
            part = w.sure * worth * w.gamma ** t_now        # a prey still on its clearing may go to a rival or an anteater
            if t_now > horizon:
                part *= horizon + 1 - t_now
            total += part
            if li < 0:
                prey_goals.remove(c)
                have += 1
            else:
                leaves_taken[li] += 1
                if slots:
                    slots.pop(0)
            if ready and path:
                _matched(terrains, ready, use=True)
            idle -= short
            free_ants += short - new
            if new:
                trails = trails | path
            if bridged:                                     # built: two of its soldiers go back to the supply
                trails = trails | {rules.chasm}
                free_ants += BRIDGE_UNITS - 1 - need
                soldiers = None
        return total

    def ways(self, rules, trails: frozenset) -> dict:
        """goal node -> (new ants, heaves home, the new trails, their terrains) of the way to it
        that needs fewest new ants, then fewest heaves, from a network of ``trails`` (kept on
        this object by network)."""
        return self._remembered(trails, lambda: _ways(rules, trails))

    def bridged_ways(self, rules, trails: frozenset) -> dict:
        """Like ``ways``, over a bridge still to be built: ants laid to one end of the chasm, the
        bridge, then ants on from the other end (the bridge ant is a link for heaving, ruling 27)."""
        return self._remembered(("bridge", trails), lambda: _bridged_ways(rules, trails))

    def _remembered(self, key, work):
        got = self.ways_cache.get(key)
        if got is None:
            if len(self.ways_cache) >= CACHE_SIZE:
                self.ways_cache.clear()
            got = self.ways_cache[key] = work()
        return got

    def best_build(self, rules, s, p, tile, *how) -> float:
        """The best worth after building ``tile`` the ways that begin with ``how`` (see
        _build_options): the hill's worth (hill_w) plus the plan with the hill's new levels and
        fungi (worked out once per state and tile for every way; the last state asked about is
        kept, since a build decision asks about every way from the same state)."""
        last = self._last_build
        if last is not None and last[0] is s and last[1] == tile and last[2] == p:
            return last[3].get(how, -99.0)
        sy = s.data.tiles[tile]
        stored = s.stored[p]
        key = (sy, id(s.hills[p]), s.used, tuple(stored), frozenset(s.ants[p].items()), s.prey_left,
               s.leaves_left, s.leaves[p], tuple(row[p] for row in s.hatch), s.supply[p], bag_after_turn(s), s.end_by,
               s.actions_left, s.turns_left, s.player, doomed(rules, s))
        got = self.build_cache.get(key)
        if got is None or got[1] is not s.hills[p]:
            got = (self._build_worths(rules, s, p, sy), s.hills[p])
            if len(self.build_cache) >= CACHE_SIZE:
                self.build_cache.clear()
            self.build_cache[key] = got
        self._last_build = (s, tile, p, got[0])
        return got[0].get(how, -99.0)

    def _build_worths(self, rules, s, p, sy) -> dict:
        """how -> the best worth over the ways to build a tile with symbols ``sy`` that begin so."""
        stored = s.stored[p]
        memo = rules.hill_info(s, p).memo
        mkey = ("build_opts", sy, s.used, frozenset(stored))
        opts = memo.get(mkey)
        if opts is None:
            opts = memo[mkey] = _build_options(rules, s, p, sy)
        rules.count_work(len(opts) // OPTIONS_PER_APPLY)
        k = len(stored) + len(s.beside[p]) + (len(s.delivered) if p == s.player else 0)
        k += sum(1 for item in s.ants[p].values() if item is not None and not item.startswith(LEAF_PREFIX))
        horizon = actions_left_in_game(s, p, self.w)
        held = sum(s.leaves[p]) + sum(1 for item in s.ants[p].values() if item is not None and item.startswith(LEAF_PREFIX))
        plans: dict = {}
        best: dict = {}
        hill_w = self.w.sure * self.w.hill_w
        spare = self.w.sure * self.w.spare_leaf
        for hows, worth, levels, fungi in opts:
            got_plan = plans.get((levels, fungi))
            if got_plan is None:
                got_plan = plans[(levels, fungi)] = self.plan(rules, s, p, dict(levels), k, list(fungi[held:]), horizon, 0.0)
            # the fungi the leaves already held will lie on (a build that buries one loses its level)
            v = hill_w * worth + got_plan + sum(fungi[:held]) + spare * max(0, held - len(fungi))
            for how in hows:
                if best.get(how, -99.0) < v:
                    best[how] = v
        return best

    def values(self, rules, s) -> list:
        """value() of every player, worked out once per state and profile (kept on it as ``_vals``),
        and remembered by what each value reads (see _value_keys): a rival's value rarely changes
        while the player to move works through an action, so most states of a search find it."""
        got = s._vals
        if got is None or got[0] is not self:
            shared, parts = _value_keys(rules, s, self.threat)
            if self.cached >= VALUE_CACHE_SIZE:
                self.cache.clear()
                self.cached = 0
            by_player = self.cache.get(shared)
            if by_player is None:
                by_player = self.cache[shared] = {}
            vals = []
            for q, part in enumerate(parts):
                hit = by_player.get(part)
                if hit is None:
                    # the entry holds what its key names by identity: no other object can take those ids
                    hit = by_player[part] = (self.value(rules, s, q), (rules, s.data, s.ants[q], s.stored[q],
                                                                      s.beside[q], s.hills[q], s.hands[q]))
                    self.cached += 1
                vals.append(hit[0])
            got = s._vals = (self, vals)
        return got[1]

    def evaluate(self, rules, s, p) -> float:
        """My projected value minus the best rival's (ISMCTS squashes it)."""
        vals = self.values(rules, s)
        return vals[p] - _best_rival(vals, p)

    def outcome_features(self, rules, s) -> list[list[float]]:
        """Each seat's features for the fitted outcome (outcome.py), from this profile's values."""
        return outcome.features(s, self.values(rules, s), [standing(rules, s, p)[0] for p in range(len(s.seats))])

    def expected_outcome(self, rules, s) -> tuple[list[float], list[float]]:
        """(each seat's chance of winning, each seat's expected final total): the fit of outcome.py
        (Hard's ``fitted_leaves``)."""
        return outcome.expected_outcome(s, self.outcome_features(rules, s))

    def _rel(self, rules, s, p) -> float:
        vals = self.values(rules, s)
        return vals[p] - self.w.rival * _best_rival(vals, p)

    # ------------------------------------------------------------------ playing out an action
    def _sub_value(self, rules, s, p, a) -> float:
        if isinstance(a, BuildTile):
            return self.best_build(rules, s, p, a.tile)
        if isinstance(a, BuildCell):
            return self.best_build(rules, s, p, s.build_tile, a.cell)
        if isinstance(a, BuildDir):
            return self.best_build(rules, s, p, s.build_tile, s.build_cell, a.cell)
        if isinstance(a, BuildOrient):
            return self.best_build(rules, s, p, s.build_tile, s.build_cell, s.build_second, a.symbol)
        n = rules.apply_trusted(s, a)
        return self._rel(rules, n, p) + (0.01 if isinstance(a, Stop) else 0.0)

    def _greedy_step(self, rules, s, p):
        acts = rules.legal_actions(s)
        if len(acts) == 1:
            return acts[0]
        _prime(rules, s)
        vals = [self._sub_value(rules, s, p, a) for a in acts]
        return acts[max(range(len(acts)), key=vals.__getitem__)]

    def play_out(self, rules, s, p, limit: int = 40):
        """Finish the action in progress with greedy decisions (Medium's own policy)."""
        while s.phase in ACTION_PHASES and s.player == p and limit > 0:
            s = rules.apply_trusted(s, self._greedy_step(rules, s, p))
            limit -= 1
        return s

    def settled(self, rules, s, p) -> bool:
        """Whether the decision in ``s`` is one score_actions weighs to its end, so that a search
        cannot better it: a build's steps (each is valued by the best way to finish the build, and a
        build changes only the builder's own hill; a steal offered meanwhile is offered again at the
        next choice of action, which is searched) and the clean-up's store and discard. In one
        three-seat game (deal 7301) Hard's search kept the best score in the 22 of these decisions
        that were not a build cell, and at the 7 cells moved only among cells of the same score, for
        28 % of its time (stop 52's note)."""
        return s.phase in SETTLED_PHASES

    def must_act(self, rules, s, p) -> bool:
        """Whether p, to play with nothing done yet this turn, is behind: fewer points scored than a
        rival, or a projection below a rival's (a player ahead may run the game out by passing)."""
        if s.phase != "act" or s.player != p or s.used or s.magnificant_used:
            return False
        vals = self.values(rules, s)
        points = [standing(rules, s, q)[0] for q in range(len(s.seats))]
        return vals[p] < _best_rival(vals, p) or points[p] < _best_rival(points, p)

    def wasted(self, rules, s, p, a) -> bool:
        """Whether ``a`` spends an action on nothing: an action the greedy ``play_out`` does nothing
        with, or a stop that ends an action in which nothing was done. All such a move does is hold off
        the end that follows a round nobody acted in (ruling 36): Hard, far ahead, kept a
        three-player game going for twenty rounds that way (its worth for the turns to come
        outweighed the points that ending it brought), with a prey it could have taken in reach.
        With ``play_on_behind``, also ending a turn in which nothing was done, by a player behind,
        when an action would do something (a turn given up: see ``must_act``)."""
        if isinstance(a, EndActions):
            return self.w.play_on_behind and self.must_act(rules, s, p) and any(
                not self.wasted(rules, s, p, b) for b in rules.legal_actions(s) if isinstance(b, (UseSpace, UseMagnificant)))
        if isinstance(a, Stop):
            since = s.log.since(max(0, len(s.log) - RECENT_EVENTS))
            began = max((i for i, ev in enumerate(since) if ev["type"] == "action"), default=None)
            return began is not None and did_nothing(since[began:])
        if isinstance(a, (UseSpace, UseMagnificant)):
            n = self.play_out(rules, rules.apply_trusted(s, a), p)
            return did_nothing(n.log.stored_since(len(s.log)))
        return False

    def score_actions(self, rules, s, player, rng) -> list[float]:
        acts = rules.legal_actions(s)
        rel = self._rel
        _prime(rules, s)
        if s.phase in ACTION_PHASES:
            if s.phase.startswith("build"):
                return [self._sub_value(rules, s, player, a) if not isinstance(a, Steal)
                        else rel(rules, rules.apply_trusted(s, a), player) for a in acts]
            return [self._sub_value(rules, s, player, a) for a in acts]
        if s.phase != "act":
            return [rel(rules, rules.apply_trusted(s, a), player) for a in acts]
        out = []
        seen: dict = {}
        keys = [_play_key(s, player, a) for a in acts]
        idle = set()                                        # the keys of actions spent on nothing
        end = None
        for a, key in zip(acts, keys):
            if isinstance(a, EndActions):                   # judged after it: what is carried is no longer safe
                end = rel(rules, rules.apply_trusted(s, a), player)
                out.append(end)
                continue
            if key in seen:
                out.append(seen[key] - 0.01 - (0.2 if isinstance(a, UseMagnificant) else 0.0))
                continue
            n = self.play_out(rules, rules.apply_trusted(s, a), player)
            v = rel(rules, n, player) - ACTION_COST         # an action that changes nothing is not taken
            if isinstance(a, UseMagnificant):
                v -= 0.2                                    # keep the magnificANT for when it is needed
            if key is not None:
                seen[key] = v
                if did_nothing(n.log.stored_since(len(s.log))):
                    idle.add(key)
            out.append(v)
        if end is not None and (self.w.keep_playing or self.w.play_on_behind) and self.must_act(rules, s, player):
            useful = [i for i, (a, key) in enumerate(zip(acts, keys)) if not isinstance(a, EndActions) and key not in idle]
            for i in useful:                                 # behind: keep building, hatching, moving
                out[i] += self.w.keep_playing
            if useful and self.w.play_on_behind:
                end_at = next(i for i, a in enumerate(acts) if isinstance(a, EndActions))
                end = out[end_at] = min(end, min(out[i] for i in useful) - GIVE_UP_MARGIN)
        if idle and end is not None:
            # an action spent on nothing only holds off the end that follows a round nobody acted in
            # (ruling 36): a player who cannot act ends the turn (one behind kept a stalled game going)
            for i, key in enumerate(keys):
                if key in idle:
                    out[i] = min(out[i], end - 0.01)
        return out


VALUE_CACHE_SIZE = 20000
RECENT_EVENTS = 60   # more than an action's events: where ``wasted`` looks for the action a stop ends
ACTION_COST = 0.02   # an action played out to no gain scores below ending the turn (else games never end)
GIVE_UP_MARGIN = 0.5  # a player behind rates ending the turn this far below every action that does something
                      # (below them all, Easy's noise, at most 0.45 of the spread, never picks it)
TIE_W = 0.5          # the whole tie-break is worth less than a point


def _best_rival(vals: list, p: int) -> float:
    """The best value among p's rivals."""
    return max(vals[:p] + vals[p + 1:])


def tiebreak(rules, s, p) -> float:
    """p's place in the tie-break (ruling 24: tiles at level 5, then 4, ...) as a number below 1,
    worked out once per hill."""
    info = rules.hill_info(s, p)
    got = info.memo.get("tiebreak")
    if got is None:
        by, top = info.tiles_by_level(), s.data.max_level
        got = info.memo["tiebreak"] = sum(min(by.get(lvl, 0), 15) * 16 ** (lvl - top - 1) for lvl in range(1, top + 1))
    return got


def _value_keys(rules, s, threat) -> tuple[tuple, list]:
    """Everything value(rules, s, q) reads: what every player's value reads, then for each player
    the rest; the big parts by identity (a state never changes them, and an apply shares those it
    does not change)."""
    shared = (id(rules), id(s.data), s.phase == "over", s.prey_left, s.leaves_left,
              s.end_by, s.turns_left, s.player, bag_after_turn(s), doomed(rules, s))
    turn = (s.phase, s.units, s.actions_left, s.used, s.magnificant_used, s.delivered)
    parts = []
    for q, (ants, stored, beside, hill, hand, leaves, supply, column) in enumerate(zip(
            s.ants, s.stored, s.beside, s.hills, s.hands, s.leaves, s.supply, zip(*s.hatch))):
        carried = tuple((t, s.guards.get(t), threat(rules, s, q, t)) for t, item in ants.items()
                        if item is not None) if any(ants.values()) else ()
        parts.append((id(ants), id(stored), id(beside), id(hill), id(hand),
                      q, turn if q == s.player else None, leaves, supply, column, carried))
    return shared, parts


def _prime(rules, s) -> None:
    """Work out on ``s`` what the states after it mostly share (doomed, bag_after_turn), so that
    each of them finds it handed on, rather than working it out again."""
    doomed(rules, s)
    bag_after_turn(s)


def doomed(rules, s) -> tuple[frozenset, frozenset]:
    """What the anteaters arriving at the end of this turn will eat (rulings 13, 15, 16): the
    hatching areas whose ants go back to the supply, and the prey kinds whose last token on the
    board goes (the rows taken in row order). Kept on the state as ``_doomed`` with the objects it
    was worked out from, so the states after it that share them (most moves) find it too."""
    got = s._doomed
    if (got is None or got[0] is not s.fields or got[1] is not s.hatch or got[2] is not s.prey_left
            or got[3] is not s.arrived or got[4] is not s.faces):
        # the anteaters due are those of the last time, if the fields and arrivals are the same
        due = got[6] if got is not None and got[0] is s.fields and got[3] is s.arrived else rules.arrivals_due(s)
        got = s._doomed = (s.fields, s.hatch, s.prey_left, s.arrived, s.faces, _doomed(rules, s, due), due)
    return got[5]


def _doomed(rules, s, due: list) -> tuple[frozenset, frozenset]:
    """doomed(rules, s), given the anteaters ``due`` (rules.arrivals_due)."""
    if not due:
        return NOTHING_DOOMED
    areas, prey = set(), set()
    for _row, _colour, ai, pi, last in _meals(rules, s, due):
        if pi is not None and last:
            prey.add(pi)
        if ai is not None:
            areas.add(ai)
    return frozenset(areas), frozenset(prey)


def _meals(rules, s, due: list) -> list:
    """What each anteater ``due`` eats, in turn (rulings 13, 15, 16): (row, colour, the hatching
    area whose ants it eats or None, the prey clearing it eats from or None, whether that prey was
    the last there)."""
    hatch, prey_left = list(s.hatch), list(s.prey_left)
    out = []
    for row, eats in due:
        colour = s.faces[row][1]
        pi = ai = None
        last = False
        if eats != "ants":
            pi = rules.colour_prey[colour]
            last = prey_left[pi] == 1
            if not prey_left[pi]:
                pi = None
            else:
                prey_left[pi] -= 1
        if eats != "prey":
            ai = rules.area_eaten(hatch, colour)
            if ai is not None:
                hatch[ai] = (0,) * len(s.seats)
        out.append((row, colour, ai, pi, last))
    return out


def meals(rules, s) -> list:
    """The anteaters arriving at the end of this turn and what each eats (``_meals``): the same
    reckoning as ``doomed``, whose meals the table marks."""
    return _meals(rules, s, rules.arrivals_due(s))


NOTHING_DOOMED = (frozenset(), frozenset())


def _play_key(s, p, a):
    """Actions of the turn that play out alike share a key: a space by its action and level, the
    magnificANT as a level-1 space of its action; None for the rest."""
    if isinstance(a, UseSpace):
        st = s.hills[p][a.cell]
        return st[-1][1], len(st)
    if isinstance(a, UseMagnificant):
        return a.action, 1
    return None


def did_nothing(events) -> bool:
    """Whether an action's events show it was taken and stopped with nothing done."""
    return all(ev["type"] in ("action", "stop") for ev in events)


def plays_again(s, p) -> bool:
    """Whether p still has a turn to play (the current one counts) once the end is triggered."""
    return s.end_by is None or (p - s.player) % len(s.seats) < s.turns_left


TILE_SYMBOL_W = {"heave": 1.0, "ants": 0.8, "hatch": 0.6, FUNGUS: 0.6, "build": 0.3, "scout": 0.2}


def spare_leaf_bonuses(rules, s, p) -> list:
    """The bonuses of p's leaves home that lie on no fungus (those ruling 37 lays last)."""
    fungi = rules.hill_info(s, p).fungi(s.stored[p])
    return [rules.leaf_bonus[lid] for lid in rules.leaves_green_first(s, p)[len(fungi):]]


def standing(rules, s, p) -> tuple:
    """p's points scored, prey line, spare_leaf_bonuses and _free_fungi, worked out once per hill
    and what lies on it and beside it (kept in its HillInfo's memo)."""
    memo = rules.hill_info(s, p).memo
    key = ("standing", frozenset(s.stored[p]), len(s.beside[p]), s.leaves[p])
    got = memo.get(key)
    if got is None:
        lines = rules.score_lines(s, p)
        got = memo[key] = (float(sum(lines.values())), lines["prey"], tuple(spare_leaf_bonuses(rules, s, p)),
                           tuple(_free_fungi(rules, s, p)))
    return got


def hand_worth(d, hand) -> float:
    """The best tiles in hand (as many as may be kept), by their symbols (remembered by hand)."""
    got = _HANDS.get((id(d), hand))
    if got is None:
        worths = sorted((sum(TILE_SYMBOL_W[x] for x in d.tiles[t]) for t in hand), reverse=True)
        got = _remember(_HANDS, (id(d), hand), (sum(worths[:d.hand_limit]), d))   # d held: its id stays its own
    return got[0]


def action_levels(rules, s, p) -> dict:
    """action -> levels of p's usable spaces for it (not under a stored prey), highest first."""
    stored = s.stored[p]
    memo = rules.hill_info(s, p).memo
    key = ("levels", frozenset(stored))
    got = memo.get(key)
    if got is None:
        by, _ = _levels([(st[-1][1], len(st)) for c, st in s.hills[p].items() if c not in stored])
        got = memo[key] = {a: tuple(lv) for a, lv in by.items()}
    return got


def actions_for(units: float, levels: tuple) -> float:
    """Actions needed for ``units`` units of an action, using the best three spaces (and the
    magnificANT at level 1) in one turn, the best space after that; the last action counts by
    the share of it used."""
    if units <= 0:
        return 0.0
    spaces = (*levels[:3], 1)
    acts, left = 0, units
    for lvl in spaces:
        if left <= lvl:
            return acts + left / lvl
        left -= lvl
        acts += 1
    return acts + left / spaces[0]


def bag_after_turn(s) -> int:
    """Tiles left in the bag once the places emptied by this turn's scouting are refilled (ruling
    12): scouting brings the end nearer for everyone. Kept on the state as ``_bag_after`` with the
    bag and fields it was worked out from (see doomed)."""
    got = s._bag_after
    if got is None or got[0] is not s.bag or got[1] is not s.fields:
        got = s._bag_after = (s.bag, s.fields, max(0, len(s.bag) - sum(row.count(None) for row in s.fields)))
    return got[2]


def actions_left_in_game(s, p, w: Profile) -> float:
    """Actions p may still take: the turn in progress and the rounds the bag, or at a table of
    prey_clock_seats the prey on the board, are expected to last (the end triggered: p's last
    turn, if p has one). In 100 games of Mediums (three and four seats) the end came from the prey
    98 times (ruling 22; twice a stall), never from the bag, and the rounds left grew by one for each
    prey_per_seat tokens a seat still to go. At three seats Medium on that clock took 0.395
    [0.341, 0.451] against two Mediums over 300 games; at four it took 0.26 (360 games) and four
    Mediums scored less and grew fungus less often (stop 54's note), so four seats keep the bag."""
    per = s.data.actions_per_turn
    now = s.actions_left if p == s.player and s.phase not in ("store", "discard", "order", "over") else None
    if s.end_by is not None:
        if not plays_again(s, p):
            return 0.0
        return float(per if now is None else now)
    seats = len(s.seats)
    if seats in w.prey_clock_seats:
        rounds = w.clock_base + s.prey_to_go() / (w.prey_per_seat * seats)
    else:
        rounds = w.rounds_base + bag_after_turn(s) / w.bag_per_round
    return per * rounds - (0 if now is None else per - now)


def _matched(terrains: tuple, ready: dict, use: bool = False) -> int:
    """How many trails (given by their terrains) the hatched ants ``ready`` (terrain -> ants) could
    cover (one ant a trail, of a terrain the trail passes through); ``use`` takes them out of ``ready``."""
    left = ready if use else dict(ready)
    k = 0
    for ters in terrains:
        for ter in ters:
            if left.get(ter):
                left[ter] -= 1
                k += 1
                break
    return k


def _goal_nodes(rules) -> tuple:
    """The clearings of the prey and the leaves."""
    d = rules.d
    return tuple(dict.fromkeys([*(c.clearing for c in d.prey), *(lf.clearing for lf in d.leaves)]))


def _routes(rules, trails: frozenset) -> dict:
    """node -> trails from it to the large ant-hill along ``trails`` (breadth-first)."""
    hill = rules.hill_node
    out = {hill: 0}
    frontier = [hill]
    while frontier:
        nxt = []
        for node in frontier:
            for t in rules.node_trails[node]:
                if t in trails:
                    a, b = rules.ends[t]
                    o = b if a == node else a
                    if o not in out:
                        out[o] = out[node] + 1
                        nxt.append(o)
        frontier = nxt
    return out


def _nearest(nd: dict, route: dict, c) -> tuple[int, object]:
    """(trails on foot, node) from the nearest node of ``route`` to node ``c``, the node nearest
    the ant-hill among equals (99: out of reach)."""
    dist, x = min((nd[x].get(c, 99) + 0.01 * r, x) for x, r in route.items())
    return int(dist), x


def _ways(rules, trails: frozenset) -> dict:
    """See Heuristics.ways."""
    nd = node_dist(rules)
    route = _routes(rules, trails)
    got = {}
    for c in _goal_nodes(rules):
        new, x = _nearest(nd, route, c)
        if new >= 99:
            continue
        path = _path(rules, nd, x, c) if new else frozenset()
        got[c] = (new, route[x] + new + 1, path, tuple(rules.d.trails[t].terrains for t in path))
    return got


def _bridged_ways(rules, trails: frozenset) -> dict:
    """See Heuristics.bridged_ways: the bridge ant adds one heave."""
    nd = node_dist(rules)
    route = _routes(rules, trails)
    got = {}
    for a, b in (rules.ends[rules.chasm], rules.ends[rules.chasm][::-1]):
        to_a, x = _nearest(nd, route, a)
        if to_a >= 99:
            continue
        near = _path(rules, nd, x, a) if to_a else frozenset()
        for c in _goal_nodes(rules):
            beyond = nd[b].get(c, 99)
            if beyond >= 99:
                continue
            new = to_a + beyond
            if c not in got or new < got[c][0]:
                path = near | (_path(rules, nd, b, c) if beyond else frozenset())
                got[c] = (new, route[x] + new + 2, path, tuple(rules.d.trails[t].terrains for t in path))
    return got


def _path(rules, nd: dict, x, c) -> frozenset:
    """The trails of one shortest way on foot from node x to node c."""
    out = set()
    cur = x
    while cur != c:
        for t in rules.node_trails[cur]:
            if t == rules.chasm:
                continue
            a, b = rules.ends[t]
            o = b if a == cur else a
            if nd[o].get(c, 99) == nd[cur][c] - 1:
                out.add(t)
                cur = o
                break
        else:
            break
    return frozenset(out)


def _heave_budget(rules, s, p) -> int:
    """Heaves p can still make this turn: the heave in progress and the best heave spaces left."""
    if p != s.player or s.phase in ("store", "discard", "order", "over"):
        return 0
    b = s.units if s.phase == "heave" else 0
    if s.actions_left > 0:
        memo, stored = rules.hill_info(s, p).memo, s.stored[p]
        heaves = memo.get("heave")
        if heaves is None:
            heaves = memo["heave"] = [(c, len(st)) for c, st in s.hills[p].items() if st[-1][1] == "heave"]
        levels = [lvl for c, lvl in heaves if c not in s.used and c not in stored]
        if not s.magnificant_used:
            levels.append(1)
        levels.sort(reverse=True)
        b += sum(levels[:s.actions_left])
    return b


def _free_fungi(rules, s, p) -> list:
    """Levels of uncovered fungi that no held leaf covers yet, highest first."""
    return [lvl for lvl, _ in rules.hill_info(s, p).fungi(s.stored[p])[sum(s.leaves[p]):]]


def _hops_home(rules, mine: dict, trail: str) -> int:
    """Heaves from the ant on ``trail`` to the hill through own ants, the last one home apart
    (6 when no way leads home)."""
    heaves = rules.heaves_home(mine, trail)
    return 6 if heaves is None else heaves - 1


_LANDING: dict = {}
_TRAILS: dict = {}
_HOWS: dict = {}


def _landing(rules, trails: frozenset) -> dict:
    """trail -> the hatching areas whose ants could be laid on it beside the network of ``trails``
    (worked out once per network: do not modify it)."""
    key = (id(rules), trails)
    got = _LANDING.get(key)
    if got is None:
        got = {}
        for ai, places in enumerate(rules.network(trails).places):
            for pa in places:
                got.setdefault(pa.trail, []).append(ai)
        _remember(_LANDING, key, got)
    return got


def trails_of(ants: dict) -> frozenset:
    """The trails of an ants dict (trail -> item), remembered by the dict itself (held, so that
    its id stays its own: a state never changes it)."""
    got = _TRAILS.get(id(ants))
    if got is None:
        got = _remember(_TRAILS, id(ants), (ants, frozenset(ants)))
    return got[1]


def steal_threats(rules, s, p, t, first: bool = False) -> tuple:
    """The rivals who, with a soldier ready, could take what p carries on trail ``t`` in their next
    turn: they have an empty ant there, or a hatched ant they could lay there (ruling 8: not a prey
    kind they hold; ruling 7: not past another player's guard). In seat order; ``first``: stop at
    the first (the heuristics only ask whether there is one). The one statement of "within a rival's
    reach": the heuristics and the table both read it."""
    item = s.ants[p][t]
    guard = s.guards.get(t)
    out = ()
    for q in range(len(s.seats)):
        if q == p or not s.hatch[rules.soldier][q] or (guard is not None and guard != q):
            continue
        if not item.startswith(LEAF_PREFIX) and s.has_prey(q, item):
            continue
        theirs = s.ants[q]
        if t in theirs:
            if theirs[t] is not None:
                continue
        else:
            areas = _landing(rules, trails_of(theirs)).get(t)
            if not (areas and any(s.hatch[ai][q] for ai in areas)):
                continue
        out += (q,)
        if first:
            break
    return out


def _steal_threat_near(rules, s, p, t) -> bool:
    """A rival with a soldier ready could take what p carries on ``t`` in their next turn."""
    return bool(steal_threats(rules, s, p, t, True))


def threatened(rules, s) -> dict:
    """(player, trail) -> the rivals who could steal what that player's ant carries there in their
    next turn (``steal_threats``), for every carried item in reach of one."""
    out = {}
    for p, ants in enumerate(s.ants):
        for t, item in ants.items():
            if item is not None:
                who = steal_threats(rules, s, p, t)
                if who:
                    out[(p, t)] = who
    return out


def kept_potential(rules, s, p, lost) -> int:
    """p's potential score (rules.potential_score) if the food p's ants carry on the trails ``lost``
    were gone (stolen): what is left of the projection when the food at risk is taken."""
    if not lost:
        return rules.potential_score(s, p)
    n = s.copy()
    n.ants = n.ants[:p] + ({t: (None if t in lost else it) for t, it in s.ants[p].items()},) + n.ants[p + 1:]
    return rules.potential_score(n, p)


def _steal_threat(rules, s, p, t) -> bool:
    for q in range(len(s.seats)):
        if q != p and s.ants[q].get(t, 1) is None and s.hatch[rules.soldier][q] > 0:
            g = s.guards.get(t)
            if g is None or g == q:
                return True
    return False


# ------------------------------------------------------------------ building
def _build_options(rules, s, p, sy) -> list:
    """Every way to build a tile with symbols ``sy``, one entry per placement: (the ``how``
    prefixes that lead to it, the hill's worth after it (/UNIT), the action levels after it as
    ((action, levels highest first), ...), the uncovered fungi's levels after it, highest first)."""
    hill = s.hills[p]
    stored = s.stored[p]
    base = {c: (st[-1][1], len(st)) for c, st in hill.items() if c not in stored}
    by, fungus = _levels(base.values())
    fungi = sorted((lvl for sym, lvl in base.values() if sym == FUNGUS), reverse=True)
    total = _worth(by, fungus)
    syms = tuple(dict.fromkeys(sy))
    levels_now = {a: tuple(lv) for a, lv in by.items()}
    parts_now = {a: _part(lv) for a, lv in by.items()}
    out = []
    for c1, c2 in rules.placements(s):
        lvl = len(hill.get(c1, ())) + 1
        change: dict = {}
        f = fungus
        fl = list(fungi)
        for old in (base.get(c1), base.get(c2)):
            if old is None:
                continue
            old_sym, old_lvl = old
            if old_sym == FUNGUS:
                f -= old_lvl
                fl.remove(old_lvl)
            else:
                levels = change.get(old_sym)
                if levels is None:
                    levels = change[old_sym] = list(by[old_sym])
                levels.remove(old_lvl)
        for new_sym in sy:
            if new_sym == FUNGUS:
                f += lvl
                fl.append(lvl)
            else:
                levels = change.get(new_sym)
                if levels is None:
                    levels = change[new_sym] = list(by.get(new_sym, ()))
                levels.append(lvl)
                levels.sort(reverse=True)
        v = total + UNIT_FUNGUS * (f - fungus)
        after = dict(levels_now)
        emptied = False                             # an action left with no space (only a change can do it)
        for a, levels in change.items():
            v += _part(levels) - parts_now.get(a, MISSING_W)
            after[a] = tuple(levels)
            emptied = emptied or not levels
        levels_after = tuple(sorted((a, lv) for a, lv in after.items() if lv) if emptied else sorted(after.items()))
        out.append((_hows(c1, c2, syms), v / UNIT, levels_after, tuple(sorted(fl, reverse=True))))
    return out


def _hows(c1, c2, syms: tuple) -> frozenset:
    """The ``how`` prefixes of building on hexes c1 and c2 (either first) with ``syms`` (remembered)."""
    key = (c1, c2, syms)
    got = _HOWS.get(key)
    if got is None:
        hows = {()}
        for x, y in ((c1, c2), (c2, c1)):
            hows.update(((x,), (x, y), *((x, y, sym) for sym in syms)))
        got = _remember(_HOWS, key, frozenset(hows))
    return got


# ------------------------------------------------------------------ the levels
_MEDIUM = Heuristics(MEDIUM)
# Hard weighs the hill three times as much as Medium: arena, deals 7200-7229, Hard against three
# Mediums, 0.642 against 0.483 over 120 paired games (stop 44's note)
HARD = Profile(endgame=True, hill_w=0.3)
_BY_LEVEL = {"hard": Heuristics(HARD)}
_TRIALS: dict = {}       # (level, changed weights) -> the heuristics of an arena trial seat


def forget() -> None:
    """Drop everything the heuristics remembered (tests check that nothing depends on it)."""
    _NEAR.clear()
    _HANDS.clear()
    _GOALS.clear()
    _LANDING.clear()
    _TRAILS.clear()
    _HOWS.clear()
    _TRIALS.clear()
    for h in (_MEDIUM, *_BY_LEVEL.values()):
        for cache in (h.cache, h.ways_cache, h.plan_cache, h.build_cache):
            cache.clear()
        h.cached = 0
        h._last_build = None


def for_level(level: str | None) -> Heuristics:
    """The heuristics a level plays by (Easy and Medium: MEDIUM; Hard: HARD)."""
    return _BY_LEVEL.get(level, _MEDIUM)


def with_weights(level: str, changes: dict) -> Heuristics:
    """The heuristics of ``level`` with some of its profile's weights changed (the arena's trial
    seat): ValueError names an unknown weight or a value of the wrong kind. The same changes give
    the same object (and so the same remembered values) for every game a process plays."""
    changed = with_changes(for_level(level).w, changes)     # checked before the values are hashed
    key = (level, tuple(sorted(changes.items())))
    got = _TRIALS.get(key)
    if got is None:
        got = _TRIALS[key] = Heuristics(changed)
    return got


value, evaluate, score_actions, play_out = _MEDIUM.value, _MEDIUM.evaluate, _MEDIUM.score_actions, _MEDIUM.play_out


def stage(s) -> tuple:
    """Where ``python -m game.tools.refit`` takes a sample: the start of every turn."""
    return s.round, s.player


def outcome_sample(rules, s) -> tuple[int, list[list[float]]]:
    """What the fitted outcome (outcome.py) is fitted on: (its key, each seat's features from
    Hard's projections)."""
    return outcome.key(s), for_level("hard").outcome_features(rules, s)


def rollout_policy(rules, s, rng):
    """Fast playout move: random, but rather act than end the turn and rather finish than stop."""
    acts = rules.legal_actions(s)
    if len(acts) == 1:
        return acts[0]
    pick = acts[rng.below(len(acts))]
    if isinstance(pick, (EndActions, Stop)) and rng.random() < 0.7:
        pick = acts[rng.below(len(acts))]
    return pick


# ------------------------------------------------------------------ the hint's reason
# The reason is put together from what the action does, each a structured "bit" (its kind and what
# it names) until the end, where each becomes one catalog message and the bits are joined as the
# chosen language joins a list, in "It {things}.".

def _item_bit(kind: str, item: str, *more):
    """A bit about a carried item, told apart by prey and leaf (each has its own messages)."""
    if item.startswith(LEAF_PREFIX):
        return (kind + "_leaf", item[len(LEAF_PREFIX):], *more)
    return (kind + "_prey", item, *more)


def _closer_to(rules, s, t, p):
    """The prey or leaf the newly placed ants bring nearest, as a bit (None if none)."""
    before, after = frozenset(s.ants[p]), frozenset(t.ants[p])
    d_before, d_after = _dist(rules, rules.reach(before)), _dist(rules, rules.reach(after))
    best = None
    for i, prey in enumerate(rules.prey_ids):
        c = s.data.prey[i].clearing
        if s.prey_left[i] and not s.has_prey(p, prey):
            gain = d_before.get(c, 9) - d_after.get(c, 9)
            if gain > 0 and (best is None or d_after.get(c, 9) < best[0]):
                best = (d_after.get(c, 9), "prey", prey)
    if best is None:
        for i, lf in enumerate(s.data.leaves):
            if s.leaves_left[i] and d_before.get(lf.clearing, 9) > d_after.get(lf.clearing, 9):
                best = (d_after[lf.clearing], "leaves", lf.id)
                break
    if best is None:
        return None
    left, what, which = best
    return ("reaches_" + what, which) if left == 0 else ("within_" + what, which, left)


def _bit_words(bit, names) -> str:
    """One bit of the reason in the chosen language: a phrase that follows "It" (its verb agrees)."""
    from .data import action_word, area_word, leaf_word, prey_word
    kind = bit[0]
    # i18n: the phrases below make the hint's reason "It {things}." in Antics!; {prey} a prey's name
    # ("ladybird"), {leaf} a leaf ("green leaf"), {leaves} leaves ("green leaves"), {n} a number,
    # {name} a player's name, {action} an action's name ("Scout"), {area} a hatching area's terrain
    if kind == "home_leaf":
        return _("brings a {leaf} home for a fungus").format(leaf=leaf_word(bit[1]))
    if kind == "home_prey":
        return _("brings the {prey} home").format(prey=prey_word(bit[1]))
    if kind == "home_gain_prey":
        n = bit[2]
        return ngettext("brings the {prey} home (+{n} point)", "brings the {prey} home (+{n} points)", n).format(
            prey=prey_word(bit[1]), n=n)
    if kind == "pick_prey":
        return _("picks up the {prey}").format(prey=prey_word(bit[1]))
    if kind == "pick_leaf":
        return _("picks up a {leaf}").format(leaf=leaf_word(bit[1]))
    if kind == "move_prey":
        return _("heaves the {prey} closer to home").format(prey=prey_word(bit[1]))
    if kind == "move_leaf":
        return _("heaves a {leaf} closer to home").format(leaf=leaf_word(bit[1]))
    if kind == "steal_prey":
        return _("steals the {prey} from {name}").format(prey=prey_word(bit[1]), name=names[bit[2]])
    if kind == "steal_leaf":
        return _("steals a {leaf} from {name}").format(leaf=leaf_word(bit[1]), name=names[bit[2]])
    if kind == "store":
        return _("stores the {prey} on the hill").format(prey=prey_word(bit[1]))
    if kind == "build":
        # i18n: {action} the symbol on top ("Scout"), {n} the level it is built at
        return _("builds {action} at level {n}").format(action=action_word(bit[1]), n=bit[2])
    if kind == "scout":
        # i18n: {tile} a tile by its two symbols, "Scout / Build"
        return _("takes the {tile} tile").format(tile=_tile_words(bit[1]))
    if kind == "scouts":
        # i18n: {tiles} tiles by their symbols, as a list ("Scout / Build and Hatch / Heave")
        return _("takes the {tiles} tiles").format(tiles=format_list(_tile_words(x) for x in bit[1]))
    if kind == "hatch":
        return _("hatches ants in the {area} area").format(area=area_word(bit[1]))
    if kind == "guard":
        return _("guards the food on its way home")
    if kind == "bridge":
        return _("bridges the chasm")
    if kind == "lay":
        n = bit[1]
        return ngettext("lays {n} ant on the trails", "lays {n} ants on the trails", n).format(n=n)
    if kind == "reaches_prey":
        return _("reaches the {prey}").format(prey=prey_word(bit[1]))
    if kind == "reaches_leaves":
        return _("reaches the {leaves}").format(leaves=leaf_word(bit[1], many=True))
    if kind == "within_prey":
        n = bit[2]
        return ngettext("brings the {prey} within {n} trail", "brings the {prey} within {n} trails", n).format(
            prey=prey_word(bit[1]), n=n)
    if kind == "within_leaves":
        n = bit[2]
        return ngettext("brings the {leaves} within {n} trail", "brings the {leaves} within {n} trails", n).format(
            leaves=leaf_word(bit[1], many=True), n=n)
    return ""


def _tile_words(symbols) -> str:
    """A tile by its symbols: "Scout / Build"."""
    from .data import action_word
    return " / ".join(action_word(x) for x in symbols)


def explain(rules, s, player: int, action) -> str:
    """Why a move is good, in one line (for the hint), in the chosen language: what the whole action
    does once it is played out the way Medium would, told from the events it makes."""
    if isinstance(action, EndActions):
        return _("No action left is worth taking now: end the turn.")
    t = play_out(rules, rules.apply_trusted(s, action), player)
    evs = [ev for ev in t.log.since(len(s.log)) if ev.get("player") == player]
    from game.core.words import seat_name
    names = [seat_name(s.seats, q) for q in range(len(s.seats))]
    bits, placed = [], []
    held = {*s.stored[player].values(), *s.beside[player], *s.delivered}     # prey kinds already home
    for ev in evs:
        kind = ev["type"]
        if kind == "heave" and ev.get("how") == "home":
            item = ev["item"]
            if item.startswith(LEAF_PREFIX):
                bits.append(_item_bit("home", item))
            elif item in held:
                bits.append(_item_bit("home", item))                    # a kind already held adds nothing
            else:
                k = len(held)                                           # k kinds score k * k: the next adds 2k + 1
                held.add(item)
                bits.append(("home_gain_prey", item, len(held) ** 2 - k * k))
        elif kind == "heave" and ev.get("how") == "pick":
            bits.append(_item_bit("pick", ev["item"]))
        elif kind == "heave" and ev.get("how") == "move" and not any(b[0].startswith("move_") for b in bits):
            bits.append(_item_bit("move", ev["item"]))
        elif kind == "steal":
            bits.append(_item_bit("steal", ev["item"], ev["victim"]))
        elif kind == "store":
            bits.append(("store", ev["prey"]))
        elif kind == "build":
            bits.append(("build", ev["cells"][0][2], ev["level"]))
        elif kind == "scout" and ev.get("tile"):
            bits.append(("scout", tuple(s.data.tiles[ev["tile"]])))
        elif kind == "hatch":
            bits.append(("hatch", ev["area"]))
        elif kind == "place_ant":
            placed.append(ev["trail"])
        elif kind == "guard":
            bits.append(("guard",))
        elif kind == "bridge":
            bits.append(("bridge",))
    if placed:
        where = _closer_to(rules, s, t, player)
        bits.append(("lay", len(placed), where))
    home = {ev["item"] for ev in evs if ev["type"] == "heave" and ev.get("how") == "home"}
    tiles = [b[1] for b in bits if b[0] == "scout"]
    seen, lines = set(), []
    for b in bits:                 # repeated words once, the last step of a carried item only
        if b in seen or (b[0] in ("pick_prey", "pick_leaf", "move_prey", "move_leaf") and _carried(b, home)):
            continue
        seen.add(b)
        if b[0] == "scout":
            seen.update(("scout", x) for x in tiles)
            if len(tiles) > 1:
                b = ("scouts", tuple(tiles))
        lines.append(b)
    if not lines:
        return _("The least harm of the choices left.")
    phrases = []
    for b in lines[:3]:
        if b[0] == "lay":
            phrases.append(_bit_words(b[:2], names))
            if b[2] is not None:
                phrases.append(_bit_words(b[2], names))
        else:
            phrases.append(_bit_words(b, names))
    # i18n: the hint's reason in Antics!; {things} what the action does, as a list ("builds Scout at
    # level 2, lays 2 ants on the trails and reaches the ladybird")
    return _("It {things}.").format(things=format_list(phrases))


def _carried(bit, home) -> bool:
    """Whether a pick-up or heave bit is about an item that was brought home (its last step tells)."""
    item = (LEAF_PREFIX + bit[1]) if bit[0].endswith("_leaf") else bit[1]
    return item in home
