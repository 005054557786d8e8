"""The picture on the menu card: an anthill ring with ants around it."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui.sprites.common import draw_ant


@lru_cache(maxsize=4)
def menu_picture(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (92, 62, 40), (0, 0, w, h), border_radius=h // 10)
    cx, cy, r0 = w // 2, h // 2 + h // 14, h * 0.16
    for k in range(10):
        a0 = -math.pi / 2 + k * math.pi / 5 - math.pi / 10
        a1 = a0 + math.pi / 5
        pts = [(cx + r0 * math.cos(a0), cy + r0 * math.sin(a0)), (cx + 2.4 * r0 * math.cos(a0), cy + 2.4 * r0 * math.sin(a0)),
               (cx + 2.4 * r0 * math.cos(a1), cy + 2.4 * r0 * math.sin(a1)), (cx + r0 * math.cos(a1), cy + r0 * math.sin(a1))]
        shade = (150 - (k % 3) * 10, 104 - (k % 2) * 8, 64)
        pygame.draw.polygon(s, shade, pts)
        pygame.draw.polygon(s, (70, 44, 26), pts, 2)
    pygame.draw.circle(s, (232, 170, 60), (cx, cy), int(r0 * 1.75), max(2, h // 40))
    pygame.draw.circle(s, (70, 44, 26), (cx, cy), int(r0 * 1.02))
    pygame.draw.circle(s, (178, 128, 80), (cx, cy), int(r0))
    for k in range(5):
        a = k * math.pi * 2 / 5
        pygame.draw.circle(s, (196, 40, 30), (cx + r0 * 0.55 * math.cos(a), cy + r0 * 0.55 * math.sin(a)), max(2, h // 36))
    for k in range(4):
        a = k * 1.7
        draw_ant(s, (cx + 2.0 * r0 * math.cos(a), cy + 1.9 * r0 * math.sin(a)), h * 0.12, (30, 20, 12), a + 1.5)
    return s
