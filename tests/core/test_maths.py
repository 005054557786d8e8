"""The small numeric helpers (game/core/maths.py)."""
import math

from game.core.maths import fit_outcomes, softmax, solve
from game.core.rng import Rng


def test_softmax_weights_sum_to_one_and_follow_the_scores():
    w = softmax([1.0, 3.0, 2.0], 2.0)
    assert math.isclose(sum(w), 1.0) and w[1] > w[2] > w[0]
    assert math.isclose(w[1] / w[0], math.exp(1.0))


def test_solve_needs_the_pivot_swapped():
    assert [round(x, 9) for x in solve([[0.0, 2.0], [3.0, 1.0]], [4.0, 5.0])] == [1.0, 2.0]


def test_the_fit_finds_a_linear_rule_and_the_temperature_of_its_winners():
    """Totals made by a known rule come back as its weights; winners drawn in proportion to
    exp(total / 4) give a temperature near 4."""
    rng = Rng(5)
    true = [3.0, 1.0, 2.0, 0.0]
    samples = []
    for _ in range(600):
        rows = [[1.0, float(rng.below(30)), float(rng.below(5)), 0.0] for _ in range(3)]
        totals = [sum(w * x for w, x in zip(true, row)) for row in rows]
        odds = [math.exp(t / 4) for t in totals]
        pick, acc = rng.random() * sum(odds), 0.0
        winner = next(i for i, o in enumerate(odds) if (acc := acc + o) >= pick)
        samples.append((rows, totals, [winner]))
    weights, temperature = fit_outcomes(samples)
    assert [round(w, 2) for w in weights] == [3.0, 1.0, 2.0, 0.0]
    assert 3 <= temperature <= 5
