"""The picture on the menu card: a meadow with hex stacks and two ants."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui.sprites.common import draw_ant


@lru_cache(maxsize=4)
def menu_picture(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (150, 200, 110), (0, 0, w, h), border_radius=h // 10)
    r = h * 0.16
    terr = [(86, 150, 70), (210, 190, 110), (90, 130, 190), (140, 110, 80), (200, 220, 120)]
    for i, (fx, fy, lvl) in enumerate(((0.35, 0.62, 0), (0.55, 0.62, 0), (0.45, 0.45, 1), (0.65, 0.45, 0), (0.55, 0.3, 2))):
        cx, cy = w * fx, h * fy
        for l in range(lvl + 1):
            pts = [(cx + r * math.cos(math.pi / 3 * k + math.pi / 6), cy - l * r * 0.3 + r * 0.8 * math.sin(math.pi / 3 * k + math.pi / 6))
                   for k in range(6)]
            pygame.draw.polygon(s, terr[(i + l) % 5], pts)
            pygame.draw.polygon(s, (50, 60, 30), pts, 2)
    draw_ant(s, (w * 0.2, h * 0.8), h * 0.18, (30, 20, 12), -0.4)
    draw_ant(s, (w * 0.82, h * 0.75), h * 0.14, (160, 40, 30), 2.5)
    return s
