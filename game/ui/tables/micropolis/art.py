"""Micropolis art drawn by code: ring tiles with their galleries, the Foundation, soldiers, icons."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

import pygame

from game.ui import theme as T
from game.ui.sprites.common import draw_ant

EARTH = (120, 84, 54)
EARTH_LIGHT = (150, 108, 70)
EARTH_DARK = (72, 48, 30)
TUNNEL = (58, 38, 24)
AMBER = (232, 170, 60)
SOLDIER = (196, 44, 34)
GALLERY_TINTS = [(240, 178, 64), (120, 200, 230), (150, 220, 120), (240, 130, 150), (200, 160, 240),
                 (250, 220, 110), (110, 220, 200), (240, 150, 90), (180, 200, 250), (220, 240, 140)]
FRUIT_COLORS = {"cherry": (200, 30, 50), "lemon": (250, 220, 60), "grape": (130, 70, 170),
                "blackberry": (60, 40, 80), "fig": (150, 90, 120), "pomegranate": (230, 80, 60),
                "gift": (70, 170, 230)}
FRUITS = tuple(f for f in FRUIT_COLORS if f != "gift")
PORT_POS = {"Li": (0.0, 0.3), "Lo": (0.0, 0.74), "Ri": (1.0, 0.3), "Ro": (1.0, 0.74)}
SLOT_DEG = 36.0


def slot_point(cx, cy, r_in, r_out, slot, u, v):
    """A point of slot ``slot`` (u: 0 left edge .. 1 right edge; v: 0 inner .. 1 outer)."""
    a = math.radians(-90 + SLOT_DEG * (slot - 0.5 + u))
    r = r_in + (r_out - r_in) * v
    return (cx + r * math.cos(a), cy + r * math.sin(a))


def slot_polygon(cx, cy, r_in, r_out, slot, steps=6):
    pts = [slot_point(cx, cy, r_in, r_out, slot, i / steps, 1.0) for i in range(steps + 1)]
    pts += [slot_point(cx, cy, r_in, r_out, slot, 1.0, 0.0), slot_point(cx, cy, r_in, r_out, slot, 0.0, 0.0)]
    return pts


def seg_center(seg):
    ports = seg.ports
    if not ports:
        return (0.5, 0.52)
    us = [PORT_POS[p][0] for p in ports]
    vs = [PORT_POS[p][1] for p in ports]
    u = sum(us) / len(us)
    if len(ports) == 1:
        u = 0.32 if us[0] == 0 else 0.68
    else:
        u = 0.5 if len(set(us)) > 1 else (0.3 if us[0] == 0 else 0.7)
    return (u, sum(vs) / len(vs))


def fruit_icon(surf, kind, center, r):
    col = FRUIT_COLORS.get(kind, (200, 200, 200))
    x, y = center
    if kind == "gift":
        box = pygame.Rect(0, 0, r * 2, r * 2)
        box.center = center
        pygame.draw.rect(surf, col, box, border_radius=max(1, r // 3))
        pygame.draw.line(surf, (250, 240, 120), (x, box.y), (x, box.bottom), max(1, r // 3))
        pygame.draw.line(surf, (250, 240, 120), (box.x, y), (box.right, y), max(1, r // 3))
        pygame.draw.rect(surf, T.INK, box, 1, border_radius=max(1, r // 3))
        return
    if kind == "grape" or kind == "blackberry":
        for dx, dy in ((-0.45, -0.4), (0.45, -0.4), (0, 0.05), (-0.45, 0.45), (0.45, 0.45), (0, 0.85)):
            pygame.draw.circle(surf, col, (x + dx * r, y + dy * r - r * 0.2), r * 0.45)
        return
    pygame.draw.circle(surf, col, center, r)
    pygame.draw.circle(surf, T.INK, center, r, 1)
    pygame.draw.line(surf, (60, 120, 40), (x, y - r), (x + r * 0.4, y - r * 1.5), max(1, r // 3))


def specialist_icon(surf, kind, center, r, eggs=0):
    x, y = center
    pygame.draw.circle(surf, (250, 236, 200), center, r)
    pygame.draw.circle(surf, T.INK, center, r, max(1, r // 7))
    u = r / 10
    if kind == "queen":
        pts = [(x - 6 * u, y + 4 * u), (x - 7 * u, y - 4 * u), (x - 3 * u, y), (x, y - 6 * u), (x + 3 * u, y),
               (x + 7 * u, y - 4 * u), (x + 6 * u, y + 4 * u)]
        pygame.draw.polygon(surf, (230, 180, 40), pts)
        pygame.draw.polygon(surf, T.INK, pts, 1)
    elif kind == "nurse":
        for k in range(max(1, eggs)):
            ex = x + (k - (eggs - 1) / 2) * 4.5 * u
            pygame.draw.ellipse(surf, (255, 255, 250), (ex - 2 * u, y - 3 * u, 4 * u, 6 * u))
            pygame.draw.ellipse(surf, T.INK, (ex - 2 * u, y - 3 * u, 4 * u, 6 * u), 1)
    elif kind == "architect":
        pygame.draw.line(surf, T.INK, (x - 5 * u, y + 5 * u), (x, y - 6 * u), max(1, int(u * 1.5)))
        pygame.draw.line(surf, T.INK, (x + 5 * u, y + 5 * u), (x, y - 6 * u), max(1, int(u * 1.5)))
        pygame.draw.arc(surf, T.INK, (x - 4 * u, y - 2 * u, 8 * u, 8 * u), 3.5, 6.0, max(1, int(u)))
    elif kind == "sergeant":
        for k in range(3):
            pygame.draw.lines(surf, SOLDIER, False, [(x - 5 * u, y - 3 * u + k * 3 * u), (x, y - 6 * u + k * 3 * u),
                                                     (x + 5 * u, y - 3 * u + k * 3 * u)], max(1, int(u * 1.6)))
    elif kind == "sentry":
        pts = [(x, y - 6 * u), (x + 5 * u, y - 3 * u), (x + 4 * u, y + 3 * u), (x, y + 6 * u), (x - 4 * u, y + 3 * u),
               (x - 5 * u, y - 3 * u)]
        pygame.draw.polygon(surf, (90, 130, 190), pts)
        pygame.draw.polygon(surf, T.INK, pts, 1)


def soldier(surf, center, size, lying=False):
    """A red ant-soldier figure: standing seen from above, or lying on a tile."""
    draw_ant(surf, center, size, SOLDIER, angle=0.0 if lying else -math.pi / 2, legs=not lying)


class Icon(NamedTuple):
    """Something drawn on a tile that a player may want explained."""
    kind: str        # "specialist" | "fruit" | "barracks"
    what: str        # the specialist or fruit name; "barracks" for a barracks
    seg: int         # the segment (gallery piece) it sits in; -1 for a barracks
    center: tuple
    r: float         # radius (half the width for a barracks)


def icon_sizes(size):
    """Radii of a specialist and a fruit, and the barracks box, on a tile ``size`` deep."""
    return max(8, int(size * 0.17)), max(6, int(size * 0.11)), (max(7, size * 0.15), max(5, size * 0.1))


def seg_items(seg) -> list[tuple[str, str, float, float]]:
    """What a gallery piece holds, in a row along its own lane: (kind, what, u, v) with kind
    "specialist", "worker" or "fruit". A dead end keeps to its half of the tile."""
    u, v = seg_center(seg)
    sides = {PORT_POS[p][0] for p in seg.ports}
    lo, hi = (0.1, 0.46) if sides == {0.0} else (0.54, 0.9) if sides == {1.0} else (0.12, 0.88)
    items = [("specialist", seg.specialist)] if seg.specialist else []
    items += [("worker", "ant")] * seg.workers + [("fruit", f) for f in seg.fruits]
    step = min(0.24, (hi - lo) / max(1, len(items) - 1))
    first = min(max(u - step * (len(items) - 1) / 2, lo), hi - step * (len(items) - 1))
    return [(kind, what, first + i * step, v) for i, (kind, what) in enumerate(items)]


def tile_icons(tile, cx, cy, r_in, r_out, slot) -> list[Icon]:
    """Where the specialist, the fruits and the barracks of ``tile`` are drawn in ring slot ``slot``."""
    spec_r, fruit_r, (bw, _) = icon_sizes(r_out - r_in)
    out = []
    for i, seg in enumerate(tile.segments):
        for kind, what, u, v in seg_items(seg):
            if kind != "worker":
                pos = slot_point(cx, cy, r_in, r_out, slot, u, v)
                out.append(Icon(kind, what, i, pos, spec_r if kind == "specialist" else fruit_r))
    for k in range(tile.barracks):
        pos = slot_point(cx, cy, r_in, r_out, slot, 0.2 + 0.6 * (k + 0.5) / tile.barracks, 0.93)
        out.append(Icon("barracks", "barracks", -1, pos, bw / 2))
    return out


def barracks_icon(surf, center, w, h, full=False):
    """One place of a barracks: a dark box, with a red soldier lying in it when full."""
    box = pygame.Rect(0, 0, w, h)
    box.center = center
    pygame.draw.rect(surf, (90, 70, 60), box, border_radius=2)
    if full:
        pygame.draw.ellipse(surf, SOLDIER, box.inflate(-2, -2))
    pygame.draw.rect(surf, T.INK, box, 1, border_radius=2)


def draw_tile(surf, tile, cx, cy, r_in, r_out, slot, tints=None, edge=EARTH_DARK, full=False):
    """One anthill tile in ring slot ``slot``. ``tints``: segment index -> gallery colour;
    ``full``: its barracks hold soldiers."""
    poly = slot_polygon(cx, cy, r_in, r_out, slot)
    pygame.draw.polygon(surf, EARTH_LIGHT if slot % 2 == 0 else EARTH, poly)
    width = max(3, int((r_out - r_in) * 0.14))
    size = (r_out - r_in)
    for i, seg in enumerate(tile.segments):
        col = (tints or {}).get(i, AMBER)
        c = slot_point(cx, cy, r_in, r_out, slot, *seg_center(seg))
        for p in seg.ports:
            e = slot_point(cx, cy, r_in, r_out, slot, *PORT_POS[p])
            pygame.draw.line(surf, TUNNEL, e, c, width + 4)
        pygame.draw.circle(surf, TUNNEL, c, width * 0.9 + 2)
        for p in seg.ports:
            e = slot_point(cx, cy, r_in, r_out, slot, *PORT_POS[p])
            pygame.draw.line(surf, col, e, c, width)
        pygame.draw.circle(surf, col, c, width * 0.9)
    for seg in tile.segments:   # the worker ants
        for kind, _, u, v in seg_items(seg):
            if kind == "worker":
                ang = math.radians(-90 + SLOT_DEG * (slot - 0.5 + u))
                pos = slot_point(cx, cy, r_in, r_out, slot, u, v)
                draw_ant(surf, pos, size * 0.2, (26, 16, 10), ang + math.pi / 2, legs=size > 40)
    box = icon_sizes(size)[2]
    for ic in tile_icons(tile, cx, cy, r_in, r_out, slot):
        if ic.kind == "specialist":
            specialist_icon(surf, ic.what, ic.center, ic.r, tile.segments[ic.seg].eggs)
        elif ic.kind == "fruit":
            fruit_icon(surf, ic.what, ic.center, ic.r)
        else:
            barracks_icon(surf, ic.center, *box, full)
    pygame.draw.polygon(surf, edge, poly, max(1, int(size * 0.03)))
    return poly


def legend_icon(surf, key, rect):
    """The icon of a legend entry (a specialist, "fruits", "gift" or "barracks") inside ``rect``,
    drawn by the same code as on the tiles."""
    r = rect.h / 2
    if key == "fruits":
        for k, f in enumerate(FRUITS):
            fruit_icon(surf, f, (rect.x + r * (0.7 + 1.5 * k), rect.centery + r * 0.2), int(r * 0.6))
    elif key == "gift":
        fruit_icon(surf, "gift", rect.center, int(r * 0.75))
    elif key == "barracks":
        for k in (-1, 1):
            barracks_icon(surf, (rect.centerx + k * r * 0.5, rect.centery), r * 0.9, r * 0.65, full=k > 0)
    else:
        specialist_icon(surf, key, rect.center, int(r), eggs=2)


def legend_icon_width(key, h):
    return int(h * (0.75 * len(FRUITS) + 0.2)) if key == "fruits" else h


def magnifier(surf, center, r, color=(250, 236, 206)):
    """A magnifying glass: "show this larger"."""
    x, y = center
    pygame.draw.circle(surf, color, (x - r * 0.2, y - r * 0.2), r * 0.6, max(2, int(r * 0.2)))
    pygame.draw.line(surf, color, (x + r * 0.22, y + r * 0.22), (x + r * 0.8, y + r * 0.8), max(3, int(r * 0.3)))


def draw_foundation(surf, cx, cy, r, army):
    pts = [(cx + r * math.cos(math.radians(-90 + 36 * (k - 0.5))), cy + r * math.sin(math.radians(-90 + 36 * (k - 0.5))))
           for k in range(10)]
    pygame.draw.polygon(surf, (168, 126, 84), pts)
    pygame.draw.polygon(surf, EARTH_DARK, pts, max(1, int(r * 0.05)))
    for k in range(10):
        a = math.radians(-90 + 36 * k)
        hole = (cx + r * 0.62 * math.cos(a), cy + r * 0.62 * math.sin(a))
        pygame.draw.circle(surf, (70, 46, 28), hole, r * 0.15)
        if k < army:
            soldier(surf, hole, r * 0.36)


@lru_cache(maxsize=8)
def red_army_token(size: int) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(s, SOLDIER, (c, c), c - 1)
    pygame.draw.circle(s, (255, 220, 120), (c, c), c - 1, max(1, size // 12))
    soldier(s, (c, c), size * 0.7)
    return s


@lru_cache(maxsize=8)
def architect_token(size: int) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(s, (110, 150, 200), (c, c), c - 1)
    specialist_icon(s, "architect", (c, c), int(c * 0.7))
    pygame.draw.circle(s, T.INK, (c, c), c - 1, max(1, size // 14))
    return s
