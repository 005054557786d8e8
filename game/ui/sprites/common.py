"""Art shared by every scene: the ant, the app icon, a die face. Drawn by code, cached."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import theme as T


def draw_ant(surf, center, size: float, color=(40, 28, 20), angle: float = 0.0, legs: bool = True):
    """A little ant seen from above, head towards ``angle`` (radians, 0 = right)."""
    cx, cy = center
    ca, sa = math.cos(angle), math.sin(angle)

    def at(dx, dy):
        return (cx + dx * ca - dy * sa, cy + dx * sa + dy * ca)

    s = size
    w = max(1, int(s * 0.06))
    if legs:
        for lx in (-0.05, 0.08, 0.2):
            for side in (-1, 1):
                p0 = at(lx * s, 0)
                p1 = at((lx - 0.05) * s, side * 0.22 * s)
                p2 = at((lx - 0.14 + 0.1 * (lx > 0.1)) * s, side * 0.34 * s)
                pygame.draw.lines(surf, color, False, [p0, p1, p2], w)
        for side in (-1, 1):  # antennae
            pygame.draw.lines(surf, color, False, [at(0.42 * s, 0), at(0.55 * s, side * 0.1 * s),
                                                  at(0.62 * s, side * 0.2 * s)], w)
    for dx, r in ((-0.3, 0.2), (0.08, 0.12), (0.38, 0.11)):
        x, y = at(dx * s, 0)
        pygame.draw.circle(surf, color, (x, y), max(1, r * s))
    hx, hy = at(-0.36 * s, -0.06 * s)
    pygame.draw.circle(surf, tuple(min(255, c + 60) for c in color), (hx, hy), max(1, 0.05 * s))


@lru_cache(maxsize=8)
def ant_icon(px: int) -> pygame.Surface:
    s = pygame.Surface((px, px), pygame.SRCALPHA)
    pygame.draw.circle(s, (232, 170, 60), (px // 2, px // 2), px // 2 - 1)
    draw_ant(s, (px / 2, px * 0.54), px * 0.7, (50, 32, 20), -math.pi / 2)   # antennae inside the disc
    return s


def die_face(surf, rect, value, fill, pip=T.INK):
    """A die showing ``value`` with its shadow, filling ``rect``."""
    pygame.draw.rect(surf, (0, 0, 0, 70), rect.move(3, 4), border_radius=rect.w // 5)
    pygame.draw.rect(surf, fill, rect, border_radius=rect.w // 5)
    pygame.draw.rect(surf, T.INK, rect, max(1, rect.w // 18), border_radius=rect.w // 5)
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
    for dx, dy in spots:
        pygame.draw.circle(surf, pip, (rect.centerx + dx * rect.w * 0.26, rect.centery + dy * rect.h * 0.26),
                           max(1, rect.w // 11))
