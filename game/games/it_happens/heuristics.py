"""It Happens.. heuristics for the bots: a projected score for every seat.

Medium plays the action whose result projects best for itself against the best rival.

- Mounds: the Queen and General tiles go, with some uncertainty, to the seats ranked first and
  second now; the leader's hold on the Queen grows with its lead over the next total (or over a
  die a rival could still open a column with); a total on the worm number counts most of a worm.
- Items: a type held twice is 5 VP. A type held once or not at all counts by its chance of
  being completed: the item spaces still above a seat's own dice in its columns (reached with the
  dice it still holds) and a fair share of the item spaces of the mounds to come and of the
  unclaimed columns on the table. The expected number of types held at the end races the rivals'
  for the 10 VP variety bonus (ties share it), as a smooth chance, never a step.
- A reroll is the average over the six faces of the best placement, less the worm. A pass is
  valued like a reroll (the die comes back later) and wins over it when every placement would
  open a new column while rivals still have dice: waiting lets them take the leftmost columns.

Hard's random play-outs stop where a new round begins (``stage``), valued by ``expected_outcome``
(outcome.py: a fit on Medium games of how a game ends from what each seat holds then).
"""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass

from game.core.i18n import _, format_list, ngettext, pgettext
from game.core.settings import with_changes
from game.core.words import seat_name
from game.games.it_happens import outcome
from game.games.it_happens.data import PLAIN, WORM
from game.games.it_happens.state import Pass, Place, Reroll, Roll

PIP = 3.5             # a die's mean
WORM_VALUE = 1.3      # a worm is 1 VP plus the options it buys
FAR_SHARE = 0.35      # a seat's share of the item spaces to come, against an even share
REROLL_MARGIN = 0.3   # a reroll must gain this much over placing (luck is not free)
PASS_MARGIN = 0.6     # a pass, when nothing speaks for waiting
WAIT_BONUS = 0.9      # a pass, when every placement opens a new column and rivals still hold dice
_SQRT2 = math.sqrt(2.0)
_erf = math.erf


@dataclass(frozen=True)
class Weights:
    """How much the heuristics make of the items, beyond their expected points (see
    ``_item_points``). An arena trial seat may change them (``with_weights``): at three seats, a
    Medium at item 2.6 or 3.5 against Hard's 1.9 raised its item sets by only 7-8 % (Hard's by 2 %;
    stop 56's note), and four Mediums, one at 3.0, played alike (0.240 of 400 games)."""
    # item pairs and the variety race count more than their expectation: they pay well
    item: float = 1.9
    # per die, and a one-move look-ahead sees the mounds' points better than the race, whose chance
    # moves little for one die while the mounds to come are unseen (tuned in the arena: one Medium
    # at 9 against three at 2 won 0.311 of 800 games, at 4 0.261; one at 13 against three at 9 won
    # 0.281 [0.251, 0.313] of 800, taking the variety bonus more often against Hard, whose share it
    # left unchanged)
    variety: float = 13.0


WEIGHTS = Weights()     # what every level plays by


def _phi(x: float) -> float:
    return 0.5 * (1.0 + _erf(x / _SQRT2))


def _dice_left(s, color: str) -> int:
    """Dice of ``color`` still to be rolled this round (the die just rolled included)."""
    n = 0
    for h in s.hand:
        n += h.get(color, 0)
    if s.current is not None and s.current[0] == color:
        n += 1
    return n


def _item_points(rules, s, near, free_items, w: Weights) -> list[float]:
    """Per seat, the expected points of item pairs and of the variety bonus."""
    c = rules.comps
    index, per_mound = outcome.item_spaces(c)
    n = len(s.seats)
    kinds_n = len(c.item_types)
    over = s.phase == "over"
    far = [0] * kinds_n
    if not over:
        for mid in s.deck:
            for k, v in enumerate(per_mound[mid]):
                far[k] += v
    # the share of a future item space a seat ends up with: about half the spaces get a die
    share = min(1.0, (5 * s.real + (4 if s.neutral is not None else 0)) / 29.5) / n * FAR_SHARE
    keep_far = [(1.0 - share) ** far[k] * (1.0 - 0.5 * share) ** free_items[k] for k in range(kinds_n)]
    ek, vk, sets_all = [], [], []
    for q in range(n):
        held = s.items[q]
        mine = near[q]
        e = v = sets = 0.0
        for k in range(kinds_n):
            h = held[k]
            if h >= 2:
                sets += 1.0
                e += 1.0
                continue
            if h == 1:
                e += 1.0
            if over:
                continue
            # chances of gaining 0 and exactly 1 more of type k
            p = 1.0 - keep_far[k]
            p0, p1 = 1.0 - p, p
            for kk, pn in mine:
                if kk == k:
                    p1 = p1 * (1.0 - pn) + p0 * pn
                    p0 *= 1.0 - pn
            if h == 1:
                sets += 1.0 - p0
            else:
                sets += max(0.0, 1.0 - p0 - p1)
                e += 1.0 - p0
                v += (1.0 - p0) * p0
        ek.append(e)
        vk.append(v)
        sets_all.append(c.item_set_vp * sets)
    out = []
    # the race is open early: a lead of one type means little before the later mounds are seen
    early = 0.15 + 1.2 * len(s.deck) / max(1, len(c.mounds))
    for q in range(n):
        win = 1.0
        for o in range(n):
            if o != q:
                win *= _phi((ek[q] - ek[o] + 0.5) / (math.sqrt(vk[q] + vk[o]) + early))
        out.append(w.item * sets_all[q] + (w.variety * c.variety_vp * win if ek[q] > 0 else 0.0))
    return out


def projections(rules, s, w: Weights = WEIGHTS) -> list[float]:
    """Per seat, the points held now plus what the mounds on the table and the items look like giving."""
    c = rules.comps
    n = len(s.seats)
    seats = range(n)
    index = outcome.item_spaces(c)[0]
    pts = [WORM_VALUE * s.worms[p] + sum(s.queens[p]) + sum(s.generals[p]) for p in seats]
    near = [[] for _ in seats]
    free_items = [0] * len(c.item_types)
    if s.mounds:
        dice = [_dice_left(s, s.colors[q]) for q in seats]
        spread = [max(1, sum(1 for i in range(len(s.mounds)) if rules.target(s, i, q) is not None)) for q in seats]
    for i in range(len(s.mounds)):
        m = s.mound(i)
        board = s.board[i]
        ranks = rules.ranking(s, i)
        # a rival that may still open a column here is a threat of about one die
        free = any(who is None for who, _ in board)
        threat = PIP if free else 0.0
        for pos, (who, total, col) in enumerate(ranks):
            room = len(m.columns[col]) - len(board[col][1])
            if pos == 0:
                nxt = max(ranks[1][1] if len(ranks) > 1 else 0, threat)
                sure = min(0.92, max(0.3, (0.6 if room == 0 else 0.48) + 0.09 * (total - nxt)))
                pts[who] += sure * m.queen_vp + (1 - sure) * m.general_vp
            elif pos == 1:
                pts[who] += sure * m.general_vp + 0.25 * (m.queen_vp - m.general_vp) * (room > 0)
            elif room > 0:
                pts[who] += 0.15 * m.general_vp
            if total == m.worm_number:
                pts[who] += 0.8 * WORM_VALUE
            if room and dice[who]:
                # the spaces above its dice, reached with the dice it holds (spread over its mounds)
                f = min(room, 0.9 * dice[who] / spread[who])
                for j, sp in enumerate(m.columns[col][len(board[col][1]):]):
                    p = min(1.0, f - j) * 0.85
                    if p <= 0:
                        break
                    if sp == WORM:
                        pts[who] += 0.7 * p * WORM_VALUE
                    elif sp != PLAIN:
                        near[who].append((index[sp], p))
        for k, (who, vals) in enumerate(board):
            if who is None:
                for sp in m.columns[k]:
                    if sp in index:
                        free_items[index[sp]] += 1
    items = _item_points(rules, s, near, free_items, w)
    return [a + b for a, b in zip(pts, items)]


def evaluate(rules, s, player: int, w: Weights = WEIGHTS) -> float:
    pts = projections(rules, s, w)
    best = None
    for q, v in enumerate(pts):
        if q != player and (best is None or v > best):
            best = v
    return pts[player] - best if best is not None else pts[player]


def _best_place(rules, s, player, w: Weights):
    best = None
    for a in rules.legal_actions(s):
        if isinstance(a, Place):
            v = evaluate(rules, rules.apply_trusted(s, a), player, w)
            best = v if best is None or v > best else best
    return best


def _faces_average(rules, s, player, base, w: Weights) -> float:
    """The best placement averaged over the six faces of the die in play, one worm paid."""
    color = s.current[0]
    h = s.copy()
    h.worms = tuple(w - (q == player) for q, w in enumerate(s.worms))
    total = 0.0
    for v in range(1, 7):
        h2 = h.copy()
        h2.current = (color, v)
        got = _best_place(rules, h2, player, w)
        total += got if got is not None else base - WORM_VALUE
    return total / 6


def _opens_only(rules, s, acts) -> bool:
    """Whether every placement open to the die in play would open a new column."""
    for a in acts:
        if isinstance(a, Place) and s.board[a.mound][a.column][1]:
            return False
    return True


def _rivals_hold_dice(s, player) -> bool:
    for q in range(s.real):
        if q != player and q not in s.skipped and any(s.hand[q].values()):
            return True
    return False


def score_actions(rules, s, player: int, rng, w: Weights = WEIGHTS) -> list[float]:
    acts = rules.legal_actions(s)
    out = []
    base = faces = None
    for a in acts:
        if isinstance(a, Place):
            out.append(evaluate(rules, rules.apply_trusted(s, a), player, w))
        elif isinstance(a, Roll):
            if base is None:
                base = evaluate(rules, s, player, w)
            own = a.color == s.colors[player]
            out.append(base + (0.5 if own else 0.0))
        elif isinstance(a, (Reroll, Pass)):
            if faces is None:
                base = evaluate(rules, s, player, w) if base is None else base
                faces = _faces_average(rules, s, player, base, w)
            if isinstance(a, Reroll):
                out.append(faces - REROLL_MARGIN)
            elif _opens_only(rules, s, acts) and _rivals_hold_dice(s, player):
                out.append(faces - REROLL_MARGIN + WAIT_BONUS)
            else:
                out.append(faces - PASS_MARGIN)
        else:
            out.append(0.0)
    return out


expected_outcome = outcome.expected_outcome    # Hard's values where a round begins (outcome.py)
outcome_sample = outcome.sample                # what that table is fitted on (python -m game.tools.refit)


def stage(s) -> int:
    """The game's stage, for Hard's play-outs (they stop when a new one begins): the round."""
    return s.round


def rollout_policy(rules, s, rng):
    acts = rules.legal_actions(s)
    places = [a for a in acts if isinstance(a, Place)]
    if places:
        return places[rng.below(len(places))]
    rolls = [a for a in acts if isinstance(a, Roll)]
    return (rolls or acts)[rng.below(len(rolls or acts))]


# one item as the object of a sentence ("finds a key"), each with its own gender and article in a
# translation; the table's words (game/ui/tables/it_happens/words.py) use the same messages
ITEM_ONE = {
    # i18n: one item, as the object of a sentence: "Ann finds a map", "takes a map for its owner"
    "map": lambda: pgettext("one item, as object", "a map"),
    "sneakers": lambda: pgettext("one item, as object", "a pair of sneakers"),
    "bone": lambda: pgettext("one item, as object", "a bone"),
    "eyeglasses": lambda: pgettext("one item, as object", "a pair of eyeglasses"),
    "speaker": lambda: pgettext("one item, as object", "a speaker"),
    "glove": lambda: pgettext("one item, as object", "a glove"),
    "spyglass": lambda: pgettext("one item, as object", "a spyglass"),
    "key": lambda: pgettext("one item, as object", "a key"),
}


def _finds(kind: str) -> str:
    one = ITEM_ONE.get(kind)
    if one is not None:
        # i18n: part of the hint's reason "It ...": {item} one item as an object ("a map")
        return _("finds {item}").format(item=one())
    # i18n: part of the hint's reason "It ...": {item} the id of an item the game has no name for
    return _("finds an item ({item})").format(item=kind.replace("_", " "))


def explain(rules, s, player: int, action) -> str:
    """Why a move is good, in one line a player understands (for the hint), in the chosen language."""
    if isinstance(action, Reroll):
        return _("This value helps little anywhere: a new roll is worth the worm on average.")
    if isinstance(action, Pass):
        return _("No place is worth this die now: keep it for later in the round.")
    if isinstance(action, Roll):
        return _("Rolling your own colour keeps the other dice for later.") if action.color == s.colors[player] \
            else _("Rolling this colour now leaves your own dice for the places that matter.")
    if not isinstance(action, Place):
        return ""
    after = rules.apply_trusted(s, action)
    i = action.mound
    m = after.mound(i)
    mound = int(m.id[1:])
    owner = next((ev.get("owner", ev["player"]) for ev in after.log.since(len(s.log)) if ev["type"] == "place"),
                 player)
    bits = []
    rank = [who for who, _t, _c in rules.ranking(after, i)]
    total = next((t for who, t, _c in rules.ranking(after, i) if who == owner), 0)
    mine = owner == player
    whose = seat_name(after.seats, owner)
    # i18n: the parts below make the hint's reason "It {things}." (each says what the move does);
    # {mound} the number on the mound card, {n} the tile's points, {name} another player's name
    if rank and rank[0] == owner:
        if mine:
            bits.append(ngettext("puts you ahead for the Queen on mound {mound} ({n} point)",
                                 "puts you ahead for the Queen on mound {mound} ({n} points)",
                                 m.queen_vp).format(mound=mound, n=m.queen_vp))
        else:
            bits.append(ngettext("puts {name} ahead for the Queen on mound {mound} ({n} point)",
                                 "puts {name} ahead for the Queen on mound {mound} ({n} points)",
                                 m.queen_vp).format(name=whose, mound=mound, n=m.queen_vp))
    elif len(rank) > 1 and rank[1] == owner:
        if mine:
            bits.append(ngettext("puts you in line for the General on mound {mound} ({n} point)",
                                 "puts you in line for the General on mound {mound} ({n} points)",
                                 m.general_vp).format(mound=mound, n=m.general_vp))
        else:
            bits.append(ngettext("puts {name} in line for the General on mound {mound} ({n} point)",
                                 "puts {name} in line for the General on mound {mound} ({n} points)",
                                 m.general_vp).format(name=whose, mound=mound, n=m.general_vp))
    if total == m.worm_number:
        # i18n: part of the hint's reason "It ...": {n} the mound's worm number
        bits.append(_("hits its worm number {n}").format(n=m.worm_number))
    gain = next((ev.get("gain") for ev in after.log.since(len(s.log)) if ev["type"] == "place"), None)
    if gain == "worm":
        bits.append(_("digs up a worm"))
    elif gain:
        held = s.items[owner][rules.comps.item_types.index(gain)]
        bits.append(_("completes a pair") if held == 1 else (_("adds a new kind of item") if held == 0 else _finds(gain)))
    if owner != player and not bits:
        # i18n: part of the hint's reason "It ...": {name} the player whose die it is
        bits.append(_("keeps your own dice for better places ({name} gets little from it)").format(name=whose))
    if bits:
        # i18n: the hint's reason for placing a die; {things} what the move does, as a list
        # ("puts you ahead for the Queen on mound 3 (5 points) and digs up a worm")
        return _("It {things}.").format(things=format_list(bits))
    # i18n: {mound} the number on the mound card
    return _("The best use of this die on mound {mound}.").format(mound=mound)


class Heuristics:
    """This module's heuristics, weighing the items by other ``Weights`` (an arena trial seat's);
    the module's own functions weigh them by WEIGHTS, which every level plays by."""

    rollout_policy = staticmethod(rollout_policy)
    stage = staticmethod(stage)
    explain = staticmethod(explain)
    expected_outcome = staticmethod(expected_outcome)
    outcome_sample = staticmethod(outcome_sample)

    def __init__(self, w: Weights):
        self.w = w

    def projections(self, rules, s) -> list[float]:
        return projections(rules, s, self.w)

    def evaluate(self, rules, s, player: int) -> float:
        return evaluate(rules, s, player, self.w)

    def score_actions(self, rules, s, player: int, rng) -> list[float]:
        return score_actions(rules, s, player, rng, self.w)


_TRIALS: dict = {}        # changed weights -> the heuristics of an arena trial seat


def for_level(level: str | None):
    """The heuristics a level plays by: every level plays by this module's (WEIGHTS)."""
    return sys.modules[__name__]


def with_weights(level: str, changes: dict):
    """The heuristics of ``level`` (every level: WEIGHTS) with some weights changed (the arena's
    trial seat): ValueError names an unknown weight or a value of the wrong kind. The same changes
    give the same object for every game a process plays."""
    changed = with_changes(WEIGHTS, changes)     # checked before the values are hashed
    key = tuple(sorted(changes.items()))
    got = _TRIALS.get(key)
    if got is None:
        got = _TRIALS[key] = Heuristics(changed)
    return got
