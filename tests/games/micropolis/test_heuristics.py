"""Heuristics: aligned with legal actions, cheap, and better than random."""
import pytest

from game.ai.bots import bot_move, make_bot
from game.core.rng import Rng
from game.games.micropolis import heuristics as H

from .util import R, seats


def test_score_actions_aligned_and_rollout_legal_and_evaluate_float():
    s = R.new_game(seats(3), 5, {})
    rng = Rng(1)
    while not R.is_over(s):
        acts = R.legal_actions(s)
        vals = H.score_actions(R, s, R.to_move(s), rng)
        assert len(vals) == len(acts)
        a = H.rollout_policy(R, s, rng)
        assert a in acts
        s = R.apply(s, a)
    assert isinstance(H.evaluate(R, s, 0), float)


def test_medium_beats_random_most_of_the_time():
    wins = 0
    for g in range(16):
        kinds = ["medium", "random"] if g % 2 == 0 else ["random", "medium"]
        bots = [make_bot(k, R, g * 3 + i) for i, k in enumerate(kinds)]
        s = R.new_game(seats(2), 100 + g, {})
        while not R.is_over(s):
            p = R.to_move(s)
            s = R.apply(s, bot_move(bots[p], R, s, p))
        wins += kinds.index("medium") in R.winners(s)
    assert wins >= 11


def test_medium_values_the_gallery_that_can_still_grow_not_a_sealed_one():
    """Issue 63 (Medium competes for Colony where its best gallery can still grow): two anthills
    alike on every score line, one best gallery open at an edge and one sealed on both sides, are
    worth COLONY_GROWTH a growable ant apart while rounds remain; in the last round alike."""
    from .util import new, ring, set_anthill, tile
    t = {"L": tile("L", (["Li", "Ri"], 2)), "S": tile("S", (["Li"], 1)), "E": tile("E", (["Ri"], 1))}
    s = new(2)
    s.tiles = t
    open_ring, sealed = ring(["L", "L", "L"]), ring(["E", "L", "L", "S"])
    s = set_anthill(s, 0, slots=open_ring, count=3)
    assert s.round < s.last_round
    gap = H._own_value(open_ring, 0, frozenset(), s, 0) - H._own_value(sealed, 0, frozenset(), s, 0)
    assert gap == pytest.approx(H.COLONY_GROWTH * 6)
    s.round = s.last_round
    assert H._own_value(open_ring, 0, frozenset(), s, 0) == pytest.approx(H._own_value(sealed, 0, frozenset(), s, 0))
