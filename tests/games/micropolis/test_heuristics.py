"""Heuristics: aligned with legal actions, cheap, and better than random."""
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
