"""The engine's behaviour pinned down for speed work: seeded games must give the same events,
the same legal actions in the same order and the same score sheets as the engine that the
digest below was taken from. Update GOLDEN only for a deliberate rules change.

Rulings cited by number are in docs/rulings_micropolis.md."""
import hashlib
from itertools import combinations

import pytest

from game.core.rules import RulesError
from game.games.micropolis.scoring import LINES, galleries
from game.games.micropolis.state import ChooseLeader, FillBarracks, PlaceEnd, Sentry, Take

from tests.games.random_play import played

from .util import R, seats

GOLDEN = "e3058ffa536e322d"
# (players, expert) for each seeded game of the digest
GAMES = [(n, False) for n in range(2, 7)] * 4 + [(2, True), (3, True)] * 3
OFFERS = [Take(0, False, 5), Take(6, True, 0), PlaceEnd("left"), FillBarracks(True), Sentry(frozenset()),
          ChooseLeader(0)]


def plain(x):
    """A repr that does not depend on set order (hash randomisation)."""
    if isinstance(x, (set, frozenset)):
        return sorted(x)
    if isinstance(x, Sentry):
        return ("Sentry", sorted(x.full))
    return x


def test_seeded_games_give_the_recorded_events_legal_actions_and_sheets():
    h = hashlib.sha256()
    for seed, (n, expert) in enumerate(GAMES):
        game = played(R, seats(n), seed, {"expert": expert})
        for s, _ in game:
            h.update(repr([plain(a) for a in R.legal_actions(s)]).encode())
        end = game[-1][0]
        for ev in end.log.to_list():
            h.update(repr(ev).encode())
        h.update(repr([sh.to_record() for sh in R.score_sheets(end)]).encode())
        h.update(repr([a._replace(full=sorted(a.full)) for a in end.anthills]).encode())
    assert h.hexdigest()[:16] == GOLDEN


def reference_takes(s):
    """R13, R17, R28 as first written: every tile for each unfinished anthill of the player."""
    p = s.turn_order[s.turn_index]
    token = s.architects[p] > 0
    present = [pos for pos, t in enumerate(s.line) if t is not None]
    out = []
    for ai, a in enumerate(s.anthills):
        if a.owner != p or a.count >= 10:
            continue
        for cost, pos in enumerate(present):
            if cost <= a.army:
                out.append(Take(pos, False, ai))
            if token and cost:
                out.append(Take(pos, True, ai))
    return out


def reference_sentry(s, ai):
    a = s.anthills[ai]
    bar = [t for t in a.slots if t is not None and s.tiles[t].barracks]
    total = a.army + a.barracks_soldiers(s.tiles)
    return [frozenset(c) for r in range(len(bar) + 1) for c in combinations(bar, r)
            if sum(s.tiles[t].barracks for t in c) <= total
            and total - sum(s.tiles[t].barracks for t in c) <= R.c.army_cap]


def reference_sheets(s):
    """Score sheets from the galleries the view draws (R2-R8, R27)."""
    c = s.consts
    raw = []
    for a in s.anthills:
        gs = galleries(a.slots, s.tiles)
        raw.append({"population": sum(g.ants for g in gs), "colony": max((g.ants for g in gs), default=0),
                    "harvest": sum(c.harvest_vp[g.fruit_kinds(c.wild_fruit)] for g in gs),
                    "royal": sum(g.span for g in gs if g.queens == 1), "red_army": a.army,
                    "barracks": sum(c.barracks_vp[s.tiles[t].barracks] for t in a.full)})
    for key, vp in (("colony", c.colony_vp), ("red_army", c.red_army_vp)):
        best = max(r[key] for r in raw)
        for r in raw:
            r[key] = vp if best > 0 and r[key] == best else 0
    out = []
    for p in range(len(s.seats)):
        mine = [i for i, a in enumerate(s.anthills) if a.owner == p]
        out.append(({k: sum(raw[i][k] for i in mine) for k in LINES}, sum(s.anthills[i].army for i in mine)))
    return out


@pytest.mark.parametrize("n,expert", [(2, False), (4, False), (6, False), (2, True), (3, True)])
def test_engine_agrees_with_plain_reference_rules_and_refuses_illegal_actions(n, expert):
    for seed in range(3):
        for k, (s, a) in enumerate(played(R, seats(n), seed, {"expert": expert})):
            acts = R.legal_actions(s)
            if s.phase == "take":
                assert acts == reference_takes(s)
            if s.phase == "sentry":
                assert [x.full for x in acts] == reference_sentry(s, s.active_anthill)
            if k % 9 == 0:
                got = [(sh.lines, sh.tiebreak["army"]) for sh in R.score_sheets(s)]
                assert got == reference_sheets(s)
            if a is None:
                continue
            for bad in OFFERS:
                if bad not in acts:
                    with pytest.raises(RulesError):
                        R.apply(s, bad)
            t, u = R.apply(s, a), R.apply_trusted(s, a)
            assert t.log.to_list() == u.log.to_list()
            assert t.anthills == u.anthills and t.line == u.line and t.phase == u.phase
