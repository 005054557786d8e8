"""Seeded random numbers for the rules core.

SplitMix64 on a single integer: the same numbers on every Python version and
platform, and copying the generator is copying one int (cheap for search).
"""
from __future__ import annotations

import struct

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


_PACKS: dict[int, tuple] = {}   # draws -> what shuffle needs to make that many at once


def _pack(draws: int) -> tuple:
    """For ``draws`` numbers in 128-bit lanes: one in each lane, the k-th step of the state
    (k = 1.., in lane k - 1), the low 64 bits of every lane, the lanes' size in bytes and the
    format reading each lane's low 64 bits, lane 0 first."""
    rep = steps = 0
    for k in range(draws):
        rep |= 1 << (128 * k)
        steps |= ((k + 1) * _GOLDEN & _MASK) << (128 * k)
    pack = (rep, steps, _MASK * rep, 16 * draws, struct.Struct("<" + "Q8x" * draws))
    if len(_PACKS) < 256:
        _PACKS[draws] = pack
    return pack


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
        limit = _LIMITS.get(n) or _limit(n)
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
        """Fisher-Yates shuffle in place: the same permutation as drawing ``below(i + 1)`` for each i
        from the end down, with all the draws worked out at once (every new game and every search
        sample shuffles). The numbers come out 128 bits apart in one large int, so each step of the
        mix is one operation for all of them; a batch that could hold a rejected draw is redone one
        draw at a time (about once in 2**58 shuffles)."""
        m = len(items)
        if m < 2:
            return
        draws = m - 1
        rep, steps, low, size, lanes = _PACKS.get(draws) or _pack(draws)
        z = (self.state * rep + steps) & low   # lane k: the state after k + 1 steps
        z = ((z ^ (z >> 30)) & low) * _M1 & low
        z = ((z ^ (z >> 27)) & low) * _M2 & low
        values = lanes.unpack(((z ^ (z >> 31)) & low).to_bytes(size, "little"))
        if max(values) > _MASK - m:   # below every rejection bound of 2..m, or done one by one
            self._shuffle_one_by_one(items)
            return
        i = draws
        for v in values:
            j = v % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = (self.state + draws * _GOLDEN) & _MASK

    def _shuffle_one_by_one(self, items: list) -> None:
        """``shuffle`` with one draw at a time (``below`` inlined), rejections included."""
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
