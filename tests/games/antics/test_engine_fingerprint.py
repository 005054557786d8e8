"""The engine's behaviour pinned down for speed work: seeded games must give the same events, the
same legal actions in the same order, the same generator use and the same score sheets as the
engine the digest below was taken from. Update GOLDEN only for a deliberate rules change."""
import hashlib

import pytest

from game.core.rules import RulesError, Seat
from game.games import get_rules
from game.games.antics.state import BuildCell, Discard, EndActions, Hatch, ScoutTake, Stop, UseMagnificant, UseSpace
from tests.games.random_play import played

R = get_rules("antics")
GOLDEN = "906e93bce9acf391"
GAMES = [3, 4] * 20                   # players of each seeded game of the digest
OFFERS = [EndActions(), Stop(), UseMagnificant("build"), UseSpace((0, 0)), BuildCell((9, 9)), Hatch("red"),
          ScoutTake(2), Discard("nope")]


def seats(n):
    return [Seat(f"P{i}", R.seat_colors[i], "human") for i in range(n)]


def test_seeded_games_give_the_recorded_events_legal_actions_and_sheets():
    h = hashlib.sha256()
    for seed, n in enumerate(GAMES):
        game = played(R, seats(n), seed, {})
        for s, _ in game:
            h.update(repr(R.legal_actions(s)).encode())
            h.update(repr(s.rng.state).encode())
        end = game[-1][0]
        for ev in end.log.to_list():
            h.update(repr(ev).encode())
        h.update(repr([sh.to_record() for sh in R.score_sheets(end)]).encode())
        h.update(repr(R.final_extra(end)).encode())
    assert h.hexdigest()[:16] == GOLDEN


@pytest.mark.parametrize("n, seed", [(3, 101), (4, 102)])
def test_illegal_actions_are_refused_and_trusted_apply_gives_what_apply_gives(n, seed):
    for k, (s, a) in enumerate(played(R, seats(n), seed, {})):
        if a is None:
            continue
        acts = R.legal_actions(s)
        for bad in OFFERS:
            if bad not in acts:
                with pytest.raises(RulesError):
                    R.apply(s, bad)
        if k % 5 == 0:
            t, u = R.apply(s, a), R.apply_trusted(s, a)
            assert t.log.to_list() == u.log.to_list()
            assert (t.hills, t.ants, t.fields, t.phase) == (u.hills, u.ants, u.fields, u.phase)
            assert t.rng.state == u.rng.state
            assert R.legal_actions(t) == R.legal_actions(u)
            fresh = type(a)(*[getattr(a, f) for f in a.__slots__])    # an equal action, not the listed one
            assert R.apply(s, fresh).log.to_list() == t.log.to_list()
