"""Micropolis heuristics for the generic bots (see game/ai/bots.py).

Medium quality: a tile is worth the change of its anthill's own score lines at the
best end (population, harvest, queen, barracks), plus its specialist / barracks,
plus the soldiers it brings, minus the soldiers (or the Architect token) it costs.

Colony and Red army are races: each is worth its 5 VP times the chance of being tied or
ahead of every other anthill at the end (the best gallery's ants, the army on the
Foundation), a smooth chance whose spread shrinks as the rounds run out. So a tile that
brings the best gallery level with a rival's, or soldiers that keep the largest army,
count for what they are likely to win, and a barracks is not filled when the soldiers it
takes would lose the Red army. Until the last round the largest gallery that can still grow
(open at an edge of the anthill) counts besides, so a tile that seals it costs what it shuts out.
"""
from __future__ import annotations

import math
import sys

from game.core.i18n import N_, _, ngettext

from .scoring import own_lines, scorer
from .state import ChooseLeader, FillBarracks, PlaceEnd, Sentry, Take

COLONY_GROWTH = 1.0    # per ant of the best gallery, besides its chance of the Colony bonus
_SPECIALIST_BONUS = {"architect": 2.0, "sentry": 0.5, "queen": 1.0}


def _soldier_value(s) -> float:
    """What one army soldier is worth now (paying for tiles early, Red Army late)."""
    left = s.last_round - s.round
    return 1.0 if left > 3 else 0.7


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / 1.4142135623730951))


_LAST = [None, None, None]   # the anthills tuple, the anthill and the answer _rivals gave last


def _rivals(s, ai: int) -> tuple:
    """The best gallery and the largest army among the other anthills (R6, R27)."""
    anthills = s.anthills
    if _LAST[0] is anthills and _LAST[1] == ai:
        return _LAST[2]
    lines = scorer(s.tiles, s.consts).gallery_lines
    best = army = 0
    for k, a in enumerate(anthills):
        if k != ai:
            g = lines(a.slots)[1]
            best = g if g > best else best
            army = a.army if a.army > army else army
    _LAST[:] = (anthills, ai, (best, army))
    return best, army


def colony_chance(s, ai: int, best: int) -> float:
    """Expected Colony points of anthill ``ai`` if its best gallery holds ``best`` ants."""
    if best <= 0:
        return 0.0
    left = max(0, s.last_round - s.round)
    rival = _rivals(s, ai)[0]
    return s.consts.colony_vp * _phi((best - rival + 0.5) / (0.4 + 0.9 * left))


def red_army_chance(s, ai: int, army: int) -> float:
    """Expected Red army points of anthill ``ai`` if its army holds ``army`` soldiers."""
    if army <= 0:
        return 0.0
    left = max(0, s.last_round - s.round)
    rival = _rivals(s, ai)[1]
    return s.consts.red_army_vp * _phi((army - rival + 0.5) / (0.4 + 0.7 * left))


def _own_value(slots, army, full, s, ai=None) -> float:
    ln = own_lines(slots, army, full, s.tiles, s.consts)
    v = ln["population"] + ln["harvest"] + ln["royal"] + ln["barracks"]
    if ai is None:
        return v + 0.35 * ln["colony"]
    # the race, and the largest gallery that can still grow: that is what wins it later (Medium
    # sealed its best gallery: from round 7 the gallery it could still grow held 4-8 ants against
    # a best of 10-12, and it won the Colony in 6 % of its games against Hard's 83 %)
    growing = scorer(s.tiles, s.consts).growing_best(slots) if s.round < s.last_round else ln["colony"]
    return v + colony_chance(s, ai, ln["colony"]) + COLONY_GROWTH * growing


def _open_ports(slots, tiles, slot) -> float:
    """Openings of the tile at ``slot`` that face an empty slot (future connections)."""
    t = tiles[slots[slot]]
    v = 0.0
    if slots[(slot + 1) % 10] is None:
        v += (t.ps[2] >= 0) + (t.ps[3] >= 0)
    if slots[(slot - 1) % 10] is None:
        v += (t.ps[0] >= 0) + (t.ps[1] >= 0)
    return v


def _placement_values(s, ai: int, tile_id: str) -> dict:
    """end -> value gained by putting ``tile_id`` at that end of anthill ``ai``."""
    a = s.anthills[ai]
    base = _own_value(a.slots, a.army, a.full, s, ai)
    if a.count == 0:
        ends = {"right": 0}
    elif a.count == 9:
        ends = {"right": (a.left + 9) % 10}
    else:
        ends = {"left": (a.left - 1) % 10, "right": (a.left + a.count) % 10}
    out = {}
    for end, slot in ends.items():
        sl = list(a.slots)
        sl[slot] = tile_id
        v = _own_value(sl, a.army, a.full, s, ai) - base
        if a.count < 9:
            v += 0.3 * _open_ports(sl, s.tiles, slot)
        out[end] = v
    return out


def _tile_extras(s, ai: int, tile_id: str, army_after: int) -> float:
    t = s.tiles[tile_id]
    c = s.consts
    sv = _soldier_value(s)
    v = 0.0
    sp = t.specialist
    if sp == "nurse":
        v += sv * min(t.eggs, s.reserve, c.army_cap - army_after)
    elif sp == "sergeant":
        v += sv
        if s.anthills[s.leader].owner != s.anthills[ai].owner and s.anthills[s.leader].army > 0:
            v += 0.5
    elif sp == "architect":
        v += _SPECIALIST_BONUS["architect"] if s.architect_reserve and s.round < s.last_round - 1 else 0.0
    elif sp:
        v += _SPECIALIST_BONUS.get(sp, 0.0)
    if t.barracks and army_after >= t.barracks:
        v += c.barracks_vp[t.barracks] - t.barracks * sv
    return v


def _take_value(s, a: Take) -> float:
    ant = s.anthills[a.anthill]
    tile = s.line[a.position]
    paid = 0 if a.architect else sum(1 for t in s.line[:a.position] if t is not None)
    found = s.line_soldiers[a.position]
    army_after = min(s.consts.army_cap, ant.army - paid + found)
    sv = _soldier_value(s)
    v = max(_placement_values(s, a.anthill, tile).values())
    v += _tile_extras(s, a.anthill, tile, army_after)
    v += sv * (army_after - ant.army)
    t = s.tiles[tile]
    final = army_after
    if t.specialist == "nurse":
        final = min(s.consts.army_cap, army_after + min(t.eggs, s.reserve))
    v += red_army_chance(s, a.anthill, final) - red_army_chance(s, a.anthill, ant.army)
    if a.architect:
        v -= 1.5
    return v


def _sentry_value(s, a: Sentry) -> float:
    ant = s.anthills[s.active_anthill]
    total = ant.army + ant.barracks_soldiers(s.tiles)
    used = sum(s.tiles[t].barracks for t in a.full)
    vp = sum(s.consts.barracks_vp[s.tiles[t].barracks] for t in a.full)
    army = min(s.consts.army_cap, total - used)
    return vp + _soldier_value(s) * (total - used) + red_army_chance(s, s.active_anthill, army)


def _current_totals(rules, s) -> list[float]:
    return [sh.total for sh in rules.score_sheets(s)]


def score_actions(rules, s, player, rng) -> list[float]:
    acts = rules.legal_actions(s)
    out = []
    totals = None
    for a in acts:
        if isinstance(a, Take):
            out.append(_take_value(s, a))
        elif isinstance(a, PlaceEnd):
            out.append(_placement_values(s, s.active_anthill, s.pending).get(a.end, 0.0))
        elif isinstance(a, FillBarracks):
            ant = s.anthills[s.active_anthill]
            size = s.tiles[s.pending].barracks
            v = s.consts.barracks_vp[size] - size * _soldier_value(s)
            if ant.army - size <= 0 and s.round < s.last_round:
                v -= 2.0
            keep = red_army_chance(s, s.active_anthill, ant.army)
            out.append(v + red_army_chance(s, s.active_anthill, ant.army - size) if a.fill else keep)
        elif isinstance(a, Sentry):
            out.append(_sentry_value(s, a))
        elif isinstance(a, ChooseLeader):
            if totals is None:
                totals = _current_totals(rules, s)
            # hand the token (first pick each round) to the weakest rival
            out.append(-totals[s.anthills[a.anthill].owner])
        else:
            out.append(0.0)
    return out


def rollout_policy(rules, s, rng):
    """Fast playout move: cheap tiles with many ants, otherwise random."""
    acts = rules.legal_actions(s)
    if len(acts) == 1:
        return acts[0]
    if s.phase == "take" and rng.random() < 0.7:
        best, bv = acts[0], -1e9
        ants = scorer(s.tiles, s.consts).tile_ants
        worth = [ants(t) + k - 0.8 * pos if t is not None else 0.0
                 for pos, (t, k) in enumerate(zip(s.line, s.line_soldiers))]
        for a in acts:
            if not a.architect:
                v = worth[a.position] + rng.random()
                if v > bv:
                    best, bv = a, v
        return best
    if s.phase == "barracks":
        return acts[0]   # fill
    return acts[rng.below(len(acts))]


def evaluate(rules, s, player) -> float:
    """My projected score minus the best rival's (points; ISMCTS squashes it)."""
    sheets = rules.score_sheets(s)
    proj = []
    over = rules.is_over(s)
    for sh in sheets:
        v = float(sh.total)
        if not over:
            v += 0.3 * sh.tiebreak["army"]
        proj.append(v)
    mine = proj[player]
    rival = max(v for i, v in enumerate(proj) if i != player)
    return mine - rival


# the scoring lines named as the table names them (game/ui/tables/micropolis/words.py LINE_LABELS),
# translated when the hint is made
_LINE_WORDS = {"population": N_("Population"), "colony": N_("Colony"), "harvest": N_("Harvest"),
               "royal": N_("Royal gallery"), "red_army": N_("Largest army"), "barracks": N_("Barracks")}


def explain(rules, s, player: int, action) -> str:
    """Why a move is good, in one line (for the hint), in the chosen language: the scoring line it
    grows most once the player's own follow-up decisions (where the tile goes, barracks) are made
    as Medium would."""
    from game.core.rng import Rng
    before = rules.score_sheets(s)[player].lines
    t = rules.apply_trusted(s, action)
    for _step in range(4):
        if rules.is_over(t) or rules.to_move(t) != player:
            break
        acts = rules.legal_actions(t)
        vals = score_actions(rules, t, player, Rng(0))
        t = rules.apply_trusted(t, acts[max(range(len(acts)), key=vals.__getitem__)])
    after = rules.score_sheets(t)[player].lines
    gains = {k: after[k] - before.get(k, 0) for k in after}
    best = max(gains, key=gains.get)
    total = sum(gains.values())
    if gains[best] <= 0:
        if isinstance(action, Take):
            return _("Nothing here scores at once: this tile costs least and keeps your galleries open.")
        return _("The least harm of the choices left.")
    # a line the table does not name (a game's data may add one): its id, in words
    name = _(_LINE_WORDS[best]) if best in _LINE_WORDS else best.replace("_", " ").capitalize()
    n = gains[best]
    if total > n:
        # i18n: the hint's reason; {n} points, {line} a scoring line ("Population"), {total} all points it brings
        return ngettext("It brings {n} point of {line} ({total} points in all).",
                        "It brings {n} points of {line} ({total} points in all).", n).format(
                            n=n, line=name, total=total)
    # i18n: the hint's reason; {n} points, {line} a scoring line ("Population")
    return ngettext("It brings {n} point of {line}.", "It brings {n} points of {line}.", n).format(n=n, line=name)


def for_level(level: str | None):
    """The heuristics a level plays by: every level plays by this module's."""
    return sys.modules[__name__]
