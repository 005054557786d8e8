"""The plain placement search the rules' kept placement tables are checked against.

A tile covers two neighbouring cells. On the ground (level 1) both cells are empty and at least
one touches the hill. On top, both cells hold stacks of the same height h (no overhang), the new
level h + 1 is at most the maximum, and the two cells below belong to two different tiles.
Never over a cell in ``blocked`` (this turn's action markers and stored prey).
"""
from game.games.antics.data import NEIGHBOURS


def neighbours(cell):
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in NEIGHBOURS]


def placements(hill: dict, blocked, max_level: int) -> list[tuple]:
    """Every legal (cell, cell) pair for a new tile, each unordered pair once (smaller cell first)."""
    out = []
    seen = set()
    for c, stack in hill.items():
        h = len(stack)
        q, r = c
        for dq, dr in NEIGHBOURS:
            n = (q + dq, r + dr)
            other = hill.get(n)
            if other is None:
                # ground: the empty neighbour n pairs with any empty neighbour of n
                nq, nr = n
                for eq, er in NEIGHBOURS:
                    m = (nq + eq, nr + er)
                    if m in hill:
                        continue
                    pair = (n, m) if n < m else (m, n)
                    if pair not in seen:
                        seen.add(pair)
                        out.append(pair)
            elif n > c and len(other) == h and h < max_level and other[-1][0] != stack[-1][0]:
                if c not in blocked and n not in blocked:
                    out.append((c, n))
    return out
