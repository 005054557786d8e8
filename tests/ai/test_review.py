"""The game review: decisions recovered from the states, a deliberate blunder found as the costliest
mistake with Hard's move and the hint's words, seeded, stoppable, and telling its progress."""
import pytest

from game.ai.bots import bot_move, heuristics_for, make_bot
from game.ai.review import Mistake, decisions_of, review
from game.games import get_rules
from game.tools.autoplay import ai_seats

QUICK = {"iterations": 24}      # a quicker Hard where the test is not about its strength


def medium_game(game, players, seed, decisions, blunder_after=None, min_gap=3.0):
    """States of a seeded all-Medium game (at most ``decisions`` decisions). With ``blunder_after``,
    the first decision from there on whose Medium scores spread by ``min_gap`` or more is played
    with the worst-scored legal action; returns (rules, states, the blunder's index or None)."""
    rules = get_rules(game)
    s = rules.new_game(ai_seats(rules, players, "medium", seed), seed, {})
    bots = [make_bot("medium", rules, seed * 7 + i, timed=False) for i in range(players)]
    states, blunder = [s], None
    heur = heuristics_for(rules, "medium")
    from game.core.rng import Rng
    while len(states) <= decisions and not rules.is_over(s):
        p = rules.to_move(s)
        acts = rules.legal_actions(s)
        a = None
        if blunder is None and blunder_after is not None and len(states) > blunder_after and len(acts) > 1:
            vals = heur.score_actions(rules, rules.determinize(rules.observe(s, p), p, Rng(1)), p, Rng(1))
            if max(vals) - min(vals) >= min_gap:
                a = acts[min(range(len(acts)), key=vals.__getitem__)]
                blunder = len(states) - 1
        if a is None:
            a = bot_move(bots[p], rules, s, p)
        s = rules.apply(s, a)
        states.append(s)
    return rules, states, blunder


@pytest.mark.parametrize("game,players,steps", [("it_happens", 3, 200), ("micropolis", 3, 200), ("antics", 3, 60)])
def test_decisions_of_recovers_every_action(game, players, steps):
    rules, states, _ = medium_game(game, players, 4, steps)
    seen = {}
    for p in range(len(states[0].seats)):
        for k, a in decisions_of(rules, states, p):
            assert k not in seen and rules.to_move(states[k]) == p
            assert a in rules.legal_actions(states[k])
            before = len(states[k].log)
            assert rules.apply(states[k], a).log.since(before) == states[k + 1].log.since(before)
            seen[k] = a
    assert sorted(seen) == list(range(len(states) - 1))


def test_a_deliberate_blunder_is_the_costliest_mistake():
    rules, states, k = medium_game("it_happens", 3, 8, 45, blunder_after=12)
    assert k is not None
    p = rules.to_move(states[k])
    mistakes = review(rules, states, p, seed=5)
    assert mistakes and all(isinstance(m, Mistake) for m in mistakes)
    top = mistakes[0]
    assert top.index == k
    assert top.played == dict(decisions_of(rules, states, p))[k]
    assert top.better in rules.legal_actions(states[k]) and top.better != top.played
    assert top.cost > 1.0 and top.why.strip()
    assert [m.cost for m in mistakes] == sorted((m.cost for m in mistakes), reverse=True)


def test_an_antics_blunder_is_found():
    rules, states, k = medium_game("antics", 3, 2, 40, blunder_after=6, min_gap=1.5)
    assert k is not None
    p = rules.to_move(states[k])
    states = states[:k + 8]
    mistakes = review(rules, states, p, seed=3, settings=QUICK)
    assert mistakes and mistakes[0].index == k
    assert mistakes[0].better in rules.legal_actions(states[k]) and mistakes[0].why.strip()
    assert all(m.cost > 0 for m in mistakes)


def test_the_same_seed_gives_the_same_review():
    rules, states, k = medium_game("micropolis", 3, 6, 30, blunder_after=5, min_gap=1.0)
    p = rules.to_move(states[k])                    # the player who blundered: something to find
    first = review(rules, states, p, seed=9, settings=QUICK)
    assert first and first == review(rules, states, p, seed=9, settings=QUICK)


def test_progress_is_reported_and_should_stop_stops_early():
    rules, states, _ = medium_game("it_happens", 3, 2, 40)
    p = 0
    total = len(decisions_of(rules, states, p))
    assert total > 4
    calls = []
    review(rules, states, p, seed=1, progress=lambda done, n: calls.append((done, n)), settings=QUICK)
    assert calls == [(i, total) for i in range(1, total + 1)]
    calls.clear()
    got = review(rules, states, p, seed=1, progress=lambda done, n: calls.append((done, n)),
                 should_stop=lambda: len(calls) >= 2, settings=QUICK)
    assert calls == [(1, total), (2, total)]
    assert all(m.index <= decisions_of(rules, states, p)[1][0] for m in got)
