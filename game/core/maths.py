"""Small numeric helpers shared by the rules packages and the AI."""
from __future__ import annotations

import math


def softmax(scores: list[float], temperature: float) -> list[float]:
    """Weights proportional to exp(score / temperature), summing to 1."""
    top = max(scores)
    w = [math.exp((v - top) / temperature) for v in scores]
    total = sum(w)
    return [x / total for x in w]
