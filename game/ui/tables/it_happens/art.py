"""It Happens.. art drawn by code: dice, item icons, worms, VP tiles, mound cards, Anton."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import theme as T

OCHRE = (214, 150, 80)
TERRA = (176, 98, 56)
TERRA_DARK = (120, 62, 34)
SAND = (246, 222, 178)
WORM_PINK = (232, 128, 140)

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@lru_cache(maxsize=256)
def die(size: int, value: int, rgb: tuple, tilt: int = 0) -> pygame.Surface:
    """A die face with pips, soft shading; ``tilt`` rotates it (for the tumble)."""
    pad = max(2, size // 10)
    s = pygame.Surface((size + pad * 2, size + pad * 2), pygame.SRCALPHA)
    r = pygame.Rect(pad, pad, size, size)
    rad = max(2, size // 5)
    pygame.draw.rect(s, (0, 0, 0, 70), r.move(max(1, size // 16), max(1, size // 12)), border_radius=rad)
    dark = tuple(max(0, int(c * 0.72)) for c in rgb)
    pygame.draw.rect(s, dark, r, border_radius=rad)
    top = r.inflate(-max(2, size // 9), -max(2, size // 9)).move(0, -max(1, size // 30))
    pygame.draw.rect(s, rgb, top, border_radius=rad)
    hi = tuple(min(255, c + 40) for c in rgb)
    pygame.draw.rect(s, hi, pygame.Rect(top.x + top.w // 6, top.y + max(1, size // 20), top.w * 2 // 3, max(1, size // 14)),
                     border_radius=max(1, size // 28))
    pip = T.INK if sum(rgb) > 300 else (250, 246, 236)
    for dx, dy in PIPS[value]:
        pygame.draw.circle(s, pip, (top.centerx + dx * top.w * 0.27, top.centery + dy * top.h * 0.27), max(1.5, size / 11))
    pygame.draw.rect(s, T.INK, r, max(1, size // 24), border_radius=rad)
    if tilt:
        s = pygame.transform.rotate(s, tilt)
    return s


def _worm(surf, rect, color=WORM_PINK):
    pts = []
    for i in range(21):
        t = i / 20
        pts.append((rect.x + rect.w * (0.1 + 0.8 * t), rect.centery + math.sin(t * math.pi * 2.2) * rect.h * 0.18))
    w = max(3, rect.h // 5)
    pygame.draw.lines(surf, tuple(int(c * 0.7) for c in color), False, [(x, y + 1) for x, y in pts], w + 2)
    pygame.draw.lines(surf, color, False, pts, w)
    for x, y in (pts[0], pts[-1]):
        pygame.draw.circle(surf, color, (x, y), w // 2)
    hx, hy = pts[-1]
    pygame.draw.circle(surf, T.INK, (hx - w * 0.2, hy - w * 0.15), max(1, w // 5))


@lru_cache(maxsize=128)
def icon(kind: str, size: int) -> pygame.Surface:
    """An item, worm or plain space picture, ``size`` pixels square."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, size, size)
    u = size / 24
    ink = T.INK
    lw = max(1, int(u * 1.4))
    if kind == "worm":
        _worm(s, r.inflate(-u * 2, -u * 4))
    elif kind == "map":
        body = pygame.Rect(u * 3, u * 5, u * 18, u * 14)
        pygame.draw.rect(s, (236, 214, 160), body, border_radius=int(u * 2))
        pygame.draw.rect(s, ink, body, lw, border_radius=int(u * 2))
        for k in range(4):
            pygame.draw.line(s, (150, 110, 70), (body.x + u * (3 + 4 * k), body.y + u * 9), (body.x + u * (5 + 4 * k), body.y + u * 8), lw)
        pygame.draw.line(s, (200, 40, 40), (body.right - u * 6, body.y + u * 2), (body.right - u * 2, body.y + u * 6), lw + 1)
        pygame.draw.line(s, (200, 40, 40), (body.right - u * 2, body.y + u * 2), (body.right - u * 6, body.y + u * 6), lw + 1)
    elif kind == "sneakers":
        pts = [(u * 3, u * 16), (u * 4, u * 8), (u * 10, u * 8), (u * 12, u * 12), (u * 20, u * 13), (u * 21, u * 16)]
        pygame.draw.polygon(s, (90, 140, 210), pts)
        pygame.draw.polygon(s, ink, pts, lw)
        pygame.draw.rect(s, (250, 250, 250), (u * 3, u * 16, u * 18, u * 3), border_radius=int(u))
        pygame.draw.rect(s, ink, (u * 3, u * 16, u * 18, u * 3), lw, border_radius=int(u))
        for k in range(3):
            pygame.draw.line(s, (250, 250, 250), (u * (6 + 2 * k), u * 10), (u * (7 + 2 * k), u * 12), lw)
    elif kind == "bone":
        col = (248, 240, 220)
        for x in (u * 5, u * 19):
            for y in (u * 9, u * 15):
                pygame.draw.circle(s, col, (x, y), u * 3.2)
                pygame.draw.circle(s, ink, (x, y), u * 3.2, lw)
        pygame.draw.rect(s, col, (u * 5, u * 9.5, u * 14, u * 5))
        pygame.draw.line(s, ink, (u * 6, u * 9.2), (u * 18, u * 9.2), lw)
        pygame.draw.line(s, ink, (u * 6, u * 14.8), (u * 18, u * 14.8), lw)
    elif kind == "eyeglasses":
        for x in (u * 7, u * 17):
            pygame.draw.circle(s, (200, 230, 245), (x, u * 13), u * 4.5)
            pygame.draw.circle(s, ink, (x, u * 13), u * 4.5, lw + 1)
        pygame.draw.arc(s, ink, pygame.Rect(u * 10, u * 10, u * 4, u * 4), 0.3, math.pi - 0.3, lw + 1)
        pygame.draw.line(s, ink, (u * 2.5, u * 12), (u * 1, u * 9), lw)
        pygame.draw.line(s, ink, (u * 21.5, u * 12), (u * 23, u * 9), lw)
    elif kind == "speaker":
        pygame.draw.rect(s, (70, 70, 80), (u * 3, u * 9, u * 5, u * 6))
        pts = [(u * 8, u * 9), (u * 13, u * 5), (u * 13, u * 19), (u * 8, u * 15)]
        pygame.draw.polygon(s, (110, 110, 124), pts)
        pygame.draw.polygon(s, ink, pts, lw)
        for k in range(2):
            pygame.draw.arc(s, ink, pygame.Rect(u * (10 + 3 * k), u * (8 - 2 * k), u * (6 + 2 * k), u * (8 + 4 * k)),
                            -0.9, 0.9, lw)
    elif kind == "glove":
        col = (222, 176, 90)
        pygame.draw.rect(s, col, (u * 7, u * 10, u * 10, u * 11), border_radius=int(u * 3))
        for k in range(4):
            pygame.draw.rect(s, col, (u * (7 + 2.6 * k), u * (3 + (k in (0, 3)) * 2), u * 2.4, u * 9), border_radius=int(u * 1.2))
            pygame.draw.rect(s, ink, (u * (7 + 2.6 * k), u * (3 + (k in (0, 3)) * 2), u * 2.4, u * 9), lw, border_radius=int(u * 1.2))
        pygame.draw.ellipse(s, col, (u * 2, u * 11, u * 8, u * 4))
        pygame.draw.ellipse(s, ink, (u * 2, u * 11, u * 8, u * 4), lw)
        pygame.draw.rect(s, ink, (u * 7, u * 10, u * 10, u * 11), lw, border_radius=int(u * 3))
        pygame.draw.rect(s, (170, 120, 60), (u * 7, u * 18, u * 10, u * 3))
    elif kind == "spyglass":
        pts = [(u * 3, u * 17), (u * 17, u * 5), (u * 20, u * 8), (u * 6, u * 20)]
        pygame.draw.polygon(s, (190, 140, 60), pts)
        pygame.draw.polygon(s, ink, pts, lw)
        pygame.draw.line(s, (120, 80, 30), (u * 9, u * 12), (u * 12, u * 15), lw + 1)
        pygame.draw.circle(s, (200, 230, 245), (u * 18.5, u * 6.5), u * 2.5)
        pygame.draw.circle(s, ink, (u * 18.5, u * 6.5), u * 2.5, lw)
    elif kind == "key":
        gold = (232, 190, 70)
        pygame.draw.circle(s, gold, (u * 7, u * 12), u * 4.5)
        pygame.draw.circle(s, ink, (u * 7, u * 12), u * 4.5, lw)
        pygame.draw.circle(s, SAND, (u * 7, u * 12), u * 1.8)
        pygame.draw.rect(s, gold, (u * 11, u * 11, u * 11, u * 2.5))
        pygame.draw.rect(s, gold, (u * 17, u * 13, u * 2, u * 4))
        pygame.draw.rect(s, gold, (u * 20, u * 13, u * 2, u * 3))
        pygame.draw.rect(s, ink, (u * 11, u * 11, u * 11, u * 2.5), lw)
    return s


@lru_cache(maxsize=64)
def vp_tile(size: int, value: int, kind: str, face_up: bool = True) -> pygame.Surface:
    """A round VP tile: Queen (crown) or General (star), or its back."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    if not face_up:
        pygame.draw.circle(s, (110, 70, 40), (c, c), c - 1)
        pygame.draw.circle(s, (150, 100, 60), (c, c), c - max(2, size // 8), max(1, size // 14))
        pygame.draw.circle(s, T.INK, (c, c), c - 1, max(1, size // 16))
        return s
    fill = (250, 214, 90) if kind == "queen" else (200, 206, 214)
    pygame.draw.circle(s, fill, (c, c), c - 1)
    pygame.draw.circle(s, T.INK, (c, c), c - 1, max(1, size // 16))
    u = size / 24
    if kind == "queen":
        pts = [(u * 6, u * 9), (u * 9, u * 5.5), (u * 12, u * 8.5), (u * 15, u * 5.5), (u * 18, u * 9), (u * 17, u * 10), (u * 7, u * 10)]
    else:
        pts = [(c + u * 3.2 * math.cos(-math.pi / 2 + i * math.pi / 5) * (1 if i % 2 == 0 else 0.45),
                u * 7.5 + u * 3.2 * math.sin(-math.pi / 2 + i * math.pi / 5) * (1 if i % 2 == 0 else 0.45)) for i in range(10)]
    pygame.draw.polygon(s, (150, 82, 44), pts)
    f = pygame.font.Font(None, int(size * 0.68))
    f.set_bold(True)
    t = f.render(str(value), True, T.INK)
    s.blit(t, t.get_rect(center=(c, c + size * 0.16)))
    return s


@lru_cache(maxsize=8)
def anton(size: int) -> pygame.Surface:
    """Anton the anteater, side view, sniffing to the left."""
    w, h = int(size * 1.6), size
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    u = size / 40
    fur = (150, 120, 96)
    dark = (96, 74, 58)
    pygame.draw.ellipse(s, (0, 0, 0, 50), (u * 14, u * 34, u * 44, u * 5))
    tail = [(u * 50, u * 18), (u * 63, u * 8), (u * 62, u * 22), (u * 54, u * 28)]
    pygame.draw.polygon(s, dark, tail)
    pygame.draw.ellipse(s, fur, (u * 18, u * 10, u * 36, u * 22))
    pygame.draw.polygon(s, (70, 56, 44), [(u * 24, u * 14), (u * 44, u * 13), (u * 34, u * 27)])
    for x in (u * 23, u * 31, u * 41, u * 48):
        pygame.draw.rect(s, dark, (x, u * 26, u * 4, u * 10), border_radius=int(u * 2))
    snout = [(u * 20, u * 14), (u * 3, u * 24), (u * 2, u * 26), (u * 6, u * 26), (u * 22, u * 22)]
    pygame.draw.polygon(s, fur, snout)
    pygame.draw.ellipse(s, fur, (u * 14, u * 11, u * 12, u * 12))
    pygame.draw.circle(s, T.INK, (u * 18, u * 15), max(1, u * 1.2))
    pygame.draw.ellipse(s, dark, (u * 20, u * 8, u * 5, u * 6))
    pygame.draw.line(s, (200, 90, 110), (u * 2.5, u * 25.5), (u * 0, u * 29), max(1, int(u)))
    return s


def mound_shape(surf, rect: pygame.Rect):
    """The terracotta termite mound silhouette filling ``rect`` (drawn once per card)."""
    w, h = rect.size
    pts = [(rect.x, rect.bottom)]
    n = 18
    for i in range(n + 1):
        t = i / n
        bump = 0.88 - 0.55 * (2 * t - 1) ** 2 + 0.07 * math.sin(t * 19)
        pts.append((rect.x + w * t, rect.bottom - h * max(0.2, bump)))
    pts.append((rect.right, rect.bottom))
    pygame.draw.polygon(surf, OCHRE, pts)
    pygame.draw.polygon(surf, TERRA_DARK, pts, max(1, w // 200))
    for i in range(1, 9):
        y = rect.bottom - h * i / 10
        pygame.draw.line(surf, TERRA, (rect.x + w * 0.08 * (i % 3), y), (rect.x + w * (0.25 + 0.05 * (i % 4)), y + 2), max(1, w // 220))
        pygame.draw.line(surf, TERRA, (rect.right - w * 0.3, y + 4), (rect.right - w * 0.08 * (i % 3 + 1), y + 2), max(1, w // 220))


@lru_cache(maxsize=32)
def keycap(w: int, h: int, lit: bool = True) -> pygame.Surface:
    """A keyboard key seen from above (the label is drawn on it by the caller); greyed when not lit."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(2, h // 5)
    lip = max(2, h // 8)
    face = (252, 248, 238) if lit else (214, 204, 188)
    pygame.draw.rect(s, (150, 130, 110) if lit else (170, 158, 142), (0, 0, w, h), border_radius=rad)
    pygame.draw.rect(s, face, (0, 0, w, h - lip), border_radius=rad)
    pygame.draw.rect(s, T.INK if lit else (140, 128, 112), (0, 0, w, h), max(1, h // 16), border_radius=rad)
    return s
