"""Seeded random numbers for the rules core.

SplitMix64 on a single integer: the same numbers on every Python version and
platform, and copying the generator is copying one int (cheap for search).
"""
from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1, _M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_LIMITS: dict[int, int] = {}   # n -> the largest multiple of n below 2**64 (rejection bound)


def _limit(n: int) -> int:
    lim = _LIMITS.get(n)
    if lim is None:
        if n <= 0:
            raise ValueError("n must be positive")
        lim = (1 << 64) - ((1 << 64) % n)
        if len(_LIMITS) < 4096:
            _LIMITS[n] = lim
    return lim


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) (next64 inlined: the rules and the search call this most)."""
        limit = _limit(n)
        while True:
            self.state = z = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            v = z ^ (z >> 31)
            if v < limit:
                return v % n

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in [a, b], both ends included."""
        return a + self.below(b - a + 1)

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place (``below`` inlined: every new game shuffles its decks)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS.get(n) or _limit(n)
            while True:
                state = z = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * _M1) & _MASK
                z = ((z ^ (z >> 27)) * _M2) & _MASK
                v = z ^ (z >> 31)
                if v < limit:
                    break
            j = v % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self, salt: int) -> "Rng":
        """An independent stream derived from this one (does not advance self)."""
        return Rng((self.state ^ (salt * 0xD1B54A32D192ED03)) & _MASK)
