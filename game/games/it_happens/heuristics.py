"""It Happens.. heuristics for the bots: a projected score for every seat.

Medium plays the action whose result projects best for itself against the best
rival; a reroll is valued as the average over the six faces, less the worm.
"""
from __future__ import annotations

import sys

from game.games.it_happens.state import Pass, Place, Reroll, Roll

WORM_VALUE = 1.3      # a worm is 1 VP plus the options it buys


def projections(rules, s) -> list[float]:
    """Per seat, the points held now plus what the mounds on the table look like giving."""
    c = rules.comps
    seats = range(len(s.seats))
    kinds = [sum(1 for x in s.items[q] if x) for q in seats]
    # the lead in item types is worth more the nearer the end of the game
    firm = 0.2 + 0.6 * (s.round - 1) / max(1, c.rounds - 1)
    pts = []
    for p in seats:
        items = s.items[p]
        v = c.item_set_vp * sum(1 for x in items if x >= 2) + 1.6 * sum(1 for x in items if x == 1)
        v += WORM_VALUE * s.worms[p] + sum(s.queens[p]) + sum(s.generals[p])
        if kinds[p] and kinds[p] == max(kinds):
            v += c.variety_vp * firm * (1.0 if kinds.count(kinds[p]) == 1 else 0.6)
        pts.append(v)
    for i in range(len(s.mounds)):
        m = s.mound(i)
        for pos, (who, total, col) in enumerate(rules.ranking(s, i)):
            room = len(m.columns[col]) - len(s.board[i][col][1])
            sure = 0.75 if room == 0 else 0.6
            if pos == 0:
                pts[who] += sure * m.queen_vp + (1 - sure) * m.general_vp
            elif pos == 1:
                pts[who] += sure * m.general_vp + 0.25 * (m.queen_vp - m.general_vp) * (room > 0)
            elif room > 0:
                pts[who] += 0.15 * m.general_vp
            if total == m.worm_number:
                pts[who] += 0.8 * WORM_VALUE
    return pts


def evaluate(rules, s, player: int) -> float:
    pts = projections(rules, s)
    others = [v for q, v in enumerate(pts) if q != player]
    return pts[player] - max(others) if others else pts[player]


def _best_place(rules, s, player):
    best = None
    for a in rules.legal_actions(s):
        if isinstance(a, Place):
            v = evaluate(rules, rules.apply_trusted(s, a), player)
            best = v if best is None or v > best else best
    return best


def score_actions(rules, s, player: int, rng) -> list[float]:
    acts = rules.legal_actions(s)
    base = evaluate(rules, s, player)
    out = []
    for a in acts:
        if isinstance(a, Place):
            out.append(evaluate(rules, rules.apply_trusted(s, a), player))
        elif isinstance(a, Roll):
            own = a.color == s.colors[player]
            out.append(base + (0.5 if own else 0.0))
        elif isinstance(a, Reroll):
            color = s.current[0]
            total = 0.0
            for v in range(1, 7):
                h = s.copy()
                h.current = (color, v)
                total += _best_place(rules, h, player) or base
            # the reroll costs a worm now: the projected value of the faces already counts it held
            out.append(total / 6 - WORM_VALUE - 0.3)
        elif isinstance(a, Pass):
            out.append(base - WORM_VALUE - 1.0)
        else:
            out.append(base)
    return out


def rollout_policy(rules, s, rng):
    acts = rules.legal_actions(s)
    places = [a for a in acts if isinstance(a, Place)]
    if places:
        return places[rng.below(len(places))]
    rolls = [a for a in acts if isinstance(a, Roll)]
    return (rolls or acts)[rng.below(len(rolls or acts))]


def explain(rules, s, player: int, action) -> str:
    """Why a move is good, in one line a player understands (for the hint)."""
    if isinstance(action, Reroll):
        return "This value helps little anywhere: a new roll is worth the worm on average."
    if isinstance(action, Pass):
        return "No place is worth this die now: keep it for later in the round."
    if isinstance(action, Roll):
        return "Rolling your own colour keeps the other dice for later." if action.color == s.colors[player] \
            else "Rolling this colour now leaves your own dice for the places that matter."
    if not isinstance(action, Place):
        return ""
    after = rules.apply_trusted(s, action)
    i = action.mound
    m = after.mound(i)
    name = f"mound {int(m.id[1:])}"
    owner = next((ev.get("owner", ev["player"]) for ev in after.log.since(len(s.log)) if ev["type"] == "place"),
                 player)
    bits = []
    rank = [who for who, _, _ in rules.ranking(after, i)]
    total = next((t for who, t, _ in rules.ranking(after, i) if who == owner), 0)
    whose = "you" if owner == player else after.seats[owner].name
    if rank and rank[0] == owner:
        bits.append(f"puts {whose} ahead for the Queen on {name} ({m.queen_vp} points)")
    elif len(rank) > 1 and rank[1] == owner:
        bits.append(f"puts {whose} in line for the General on {name} ({m.general_vp} points)")
    if total == m.worm_number:
        bits.append(f"hits its worm number {m.worm_number}")
    gain = next((ev.get("gain") for ev in after.log.since(len(s.log)) if ev["type"] == "place"), None)
    if gain == "worm":
        bits.append("digs up a worm")
    elif gain:
        held = s.items[owner][rules.comps.item_types.index(gain)]
        bits.append("completes a pair" if held == 1 else ("adds a new kind of item" if held == 0 else f"finds a {gain}"))
    if owner != player and not bits:
        bits.append(f"keeps your own dice for better places ({after.seats[owner].name} gets little from it)")
    return ("It " + ", ".join(bits) + ".") if bits else f"The best use of this die on {name}."


def for_level(level: str | None):
    """The heuristics a level plays by: every level plays by this module's."""
    return sys.modules[__name__]
