"""The picture on the menu card: three termite mounds and two dice."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme as T
from game.ui.sprites.common import die_face


@lru_cache(maxsize=4)
def menu_picture(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    sky = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(s, (246, 214, 160), sky, border_radius=h // 10)
    # three termite mounds
    for i, (fx, fh) in enumerate(((0.22, 0.62), (0.5, 0.82), (0.78, 0.55))):
        cx = int(w * fx)
        top = int(h * (1 - fh))
        base_w = int(w * 0.3)
        pts = [(cx - base_w // 2, h), (cx - base_w // 5, top + h // 8), (cx, top),
               (cx + base_w // 6, top + h // 10), (cx + base_w // 2, h)]
        pygame.draw.polygon(s, (196 - i * 12, 120 - i * 6, 64), pts)
        pygame.draw.polygon(s, (120, 70, 36), pts, 2)
        for k in range(3):
            y = top + (h - top) * (k + 1) // 4
            pygame.draw.line(s, (150, 82, 44), (cx - base_w // 5 - k * 4, y), (cx - base_w // 12, y + 3), 2)
    die = pygame.Rect(0, 0, h // 4, h // 4)
    die.center = (int(w * 0.36), int(h * 0.78))
    die_face(s, die, 5, T.PLAYER_COLORS["yellow"])
    die2 = die.move(int(w * 0.3), -h // 12)
    die_face(s, die2, 3, T.PLAYER_COLORS["sky"])
    return s
