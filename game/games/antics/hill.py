"""A player's ant-hill: a sparse axial hex map of tile stacks, and where a tile may be built.

A tile covers two neighbouring cells. On the ground (level 1) both cells are empty and at least
one touches the hill. On top, both cells hold stacks of the same height h (no overhang), the new
level h + 1 is at most the maximum, and the two cells below belong to two different tiles.
Never over a cell in ``blocked`` (this turn's action markers and stored prey).
"""
from __future__ import annotations

from .data import NEIGHBOURS


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


def tiles_by_level(hill: dict) -> dict[int, int]:
    """Level -> number of tiles lying at that level (covered ones included; ruling 24)."""
    seen: dict[int, set] = {}
    for stack in hill.values():
        for lvl, (tile, _) in enumerate(stack, 1):
            seen.setdefault(lvl, set()).add(tile)
    return {lvl: len(t) for lvl, t in seen.items()}


def visible(hill: dict):
    """(cell, level, symbol) of every visible hex."""
    return [(c, len(st), st[-1][1]) for c, st in hill.items()]
