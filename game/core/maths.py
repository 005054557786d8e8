"""Small numeric helpers shared by the rules packages, the AI and the tools."""
from __future__ import annotations

import math


def softmax(scores: list[float], temperature: float) -> list[float]:
    """Weights proportional to exp(score / temperature), summing to 1."""
    top = max(scores)
    w = [math.exp((v - top) / temperature) for v in scores]
    total = sum(w)
    return [x / total for x in w]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gauss-Jordan with partial pivoting; a is square and well conditioned)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit_outcomes(samples: list[tuple[list[list[float]], list[float], list[int]]], ridge: float = 1e-3):
    """(weights, temperature) from samples of (features per seat, final totals, winners): least
    squares for the totals (a little ridge keeps a feature that never varies harmless), then the
    temperature in whole numbers 2-16 whose softmax of the fitted totals best predicts the winners."""
    k = len(samples[0][0][0])
    xtx = [[ridge * (i == j) for j in range(k)] for i in range(k)]
    xty = [0.0] * k
    for rows, finals, _ in samples:
        for x, y in zip(rows, finals):
            for i in range(k):
                xty[i] += x[i] * y
                for j in range(k):
                    xtx[i][j] += x[i] * x[j]
    weights = solve(xtx, xty)
    guesses = [([sum(w * x for w, x in zip(weights, row)) for row in rows], winners) for rows, _, winners in samples]

    def loss(temperature):
        total = 0.0
        for guess, winners in guesses:
            chances = softmax(guess, temperature)
            total -= math.log(max(1e-12, sum(chances[w] for w in winners)))
        return total

    return weights, min(range(2, 17), key=loss)
