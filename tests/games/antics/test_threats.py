"""What lies within a rival's reach (the table marks it, the Medium AI plays by it): one rule,
``heuristics.steal_threats``, and the anteaters' meals by the same reckoning as ``doomed``."""
from game.core.rng import Rng
from game.core.rules import Seat
from game.games import get_rules
from game.games.antics import heuristics as Hx
from game.games.antics.state import Steal

R = get_rules("antics")


def states(seed, moves=900):
    s = R.new_game([Seat(f"P{i}", R.seat_colors[i], "human") for i in range(4)], seed, {})
    rng = Rng(seed)
    for _ in range(moves):
        if R.is_over(s):
            return
        yield s
        s = R.apply(s, Hx.rollout_policy(R, s, rng))


def test_a_threat_names_the_rivals_and_agrees_with_the_old_yes_or_no():
    seen = 0
    for seed in (7,):
        for s in states(seed):
            got = Hx.threatened(R, s)
            for p, ants in enumerate(s.ants):
                for t, item in ants.items():
                    if item is None:
                        continue
                    who = got.get((p, t), ())
                    assert Hx._steal_threat_near(R, s, p, t) == bool(who)
                    assert p not in who and list(who) == sorted(who)
                    for q in who:                    # a rival with an empty ant there may steal it now (ruling 8)
                        if s.ants[q].get(t, 1) is None and s.player == q and s.phase == "act":
                            assert Steal(t, p) in R.steals(s, q)
                    seen += bool(who)
    assert seen


def test_the_meals_are_what_doomed_reckons():
    met = 0
    for s in states(5, 700):
        due = R.arrivals_due(s)
        areas, prey = Hx.doomed(R, s)
        meals = Hx.meals(R, s)
        assert [row for row, *_rest in meals] == [row for row, _e in due]
        assert {ai for _r, _c, ai, _p, _l in meals if ai is not None} == set(areas)
        assert {pi for _r, _c, _a, pi, last in meals if pi is not None and last} == set(prey)
        met += bool(meals)
    assert met


def test_kept_potential_drops_the_food_at_risk():
    for s in states(7):
        for (p, t) in Hx.threatened(R, s):
            assert Hx.kept_potential(R, s, p, {t}) <= R.potential_score(s, p)
            assert Hx.kept_potential(R, s, p, set()) == R.potential_score(s, p)
            return
    raise AssertionError("no threat met")
