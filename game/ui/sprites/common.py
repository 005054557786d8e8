"""Art shared by every scene: the ant, the menu illustrations. Drawn by code, cached."""
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
    draw_ant(s, (px / 2, px / 2), px * 0.8, (50, 32, 20), -math.pi / 2)
    return s


def _die(surf, rect, value, fill, pip=T.INK):
    pygame.draw.rect(surf, (0, 0, 0, 70), rect.move(3, 4), border_radius=rect.w // 5)
    pygame.draw.rect(surf, fill, rect, border_radius=rect.w // 5)
    pygame.draw.rect(surf, T.INK, rect, max(1, rect.w // 18), border_radius=rect.w // 5)
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
    for dx, dy in spots:
        pygame.draw.circle(surf, pip, (rect.centerx + dx * rect.w * 0.26, rect.centery + dy * rect.h * 0.26),
                           max(1, rect.w // 11))


@lru_cache(maxsize=16)
def game_illustration(game_id: str, w: int, h: int) -> pygame.Surface:
    """The small picture on a game's menu card."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    if game_id == "it_happens":
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
        _die(s, die, 5, T.PLAYER_COLORS["yellow"])
        die2 = die.move(int(w * 0.3), -h // 12)
        _die(s, die2, 3, T.PLAYER_COLORS["sky"])
    elif game_id == "micropolis":
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
    else:  # antics: a meadow with hex stacks
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
