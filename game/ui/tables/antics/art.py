"""Antics! art drawn by code: ant-hill hexes and their symbols, player ants, prey, leaves, anteaters,
the five terrains and the chasm.

Everything is drawn supersampled (2-4x) and scaled down smoothly, so edges are soft at every size, and
every function that returns a Surface is cached with ``functools.lru_cache`` (arguments are hashable;
pass colours as tuples). Light falls from the upper left: shadows go down-right. Outlines are the warm
``theme.INK`` (never pure black), about 1/16 of a piece's size. Nothing calls ``convert()``, so the
module also works headless (``SDL_VIDEODRIVER=dummy``).

Hex geometry is pointy-top axial: ``axial_to_pixel(q, r, size)`` with ``size`` = centre-to-corner
radius. ``hex_cell(..., px)`` draws its hex with corner radius ``cell_radius(px)`` centred in a
``px`` x ``px`` surface, so an ant-hill is laid out with ``axial_to_pixel(q, r, cell_radius(px))`` and
each cell is blitted centred there, lowest level first (then by y), so higher stacks overlap lower ones.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.ui import theme as T

SYMBOLS = ("scout", "build", "hatch", "ants", "heave", "fungus")
TERRAINS = ("flower", "grass", "water", "pebble", "stone")
PREY = ("ladybird", "butterfly", "caterpillar", "dragonfly", "grasshopper", "beetle")

PREY_COLOURS = {
    "ladybird": (206, 58, 40),      # red
    "butterfly": (244, 204, 54),    # yellow
    "caterpillar": (104, 172, 64),  # green
    "dragonfly": (66, 130, 204),    # blue
    "grasshopper": (236, 138, 36),  # orange
    "beetle": (142, 140, 134),      # grey
}
PREY_COLOUR_NAMES = {"ladybird": "red", "butterfly": "yellow", "caterpillar": "green",
                     "dragonfly": "blue", "grasshopper": "orange", "beetle": "grey"}
# anteater face colour -> the prey it eats (the colours match prey and hatching areas)
ANTEATER_PREY = {c: p for p, c in PREY_COLOUR_NAMES.items()}
ANTEATER_COLOURS = {c: PREY_COLOURS[p] for c, p in ANTEATER_PREY.items()}

TERRAIN_COLOURS = {
    "flower": (200, 198, 108),   # yellowish meadow
    "grass": (112, 162, 72),
    "water": (78, 142, 198),
    "pebble": (204, 158, 104),   # orange-tan
    "stone": (150, 148, 142),
}
LEAF_COLOURS = {"green": (104, 168, 62), "brown": (166, 108, 56)}

# ant-hill tile faces by level 1..5: lighter and warmer the higher they stand
LEVEL_COLOURS = ((128, 90, 60), (150, 106, 68), (174, 124, 76), (200, 146, 84), (226, 172, 98))
STARTING_TINT = (238, 224, 190)
SOLDIER_RED = (204, 60, 42)
DANGER_DARK = (120, 36, 24)
CAPE = (136, 36, 72)
GOLD = (240, 190, 56)
CREAM = (250, 242, 222)
SHADOW_RGB = (36, 24, 14)
HEX_FRACTION = 0.36   # hex_cell: corner radius / surface size

INK = T.INK


# ---------------------------------------------------------------- geometry

def hex_corners(cx, cy, r, flat: bool = False) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hexagon (``flat=True``: flat-top), ``r`` = centre to corner."""
    a0 = 0.0 if flat else -90.0
    return [(cx + r * math.cos(math.radians(a0 + 60 * i)), cy + r * math.sin(math.radians(a0 + 60 * i)))
            for i in range(6)]


def axial_to_pixel(q, r, size) -> tuple[float, float]:
    """Centre of axial hex (q, r) in a pointy-top layout; neighbours are sqrt(3) * size apart."""
    return (size * math.sqrt(3) * (q + r / 2.0), size * 1.5 * r)


def cell_radius(px: int) -> float:
    """The hex corner radius that ``hex_cell(..., px)`` draws."""
    return px * HEX_FRACTION


def pair_size(px: int, horizontal: bool = True) -> tuple[int, int]:
    """The surface size of ``tile_pair(..., px, horizontal)``: ``px`` is the long side."""
    short = max(1, int(round(px * 0.62)))
    return (px, short) if horizontal else (short, px)


# ---------------------------------------------------------------- colour helpers

def _mix(a, b, t: float) -> tuple:
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def _shade(c, f: float) -> tuple:
    return tuple(max(0, min(255, int(v * f))) for v in c[:3])


def _lift(c, t: float) -> tuple:
    return _mix(c[:3], (255, 250, 238), t)


def _outline_for(c) -> tuple:
    """INK, except on very dark bodies where a slightly lighter warm line still shows."""
    return INK if sum(c[:3]) > 170 else (120, 100, 80)


# ---------------------------------------------------------------- supersampled canvas

def _ss(n: int) -> int:
    if n <= 40:
        return 4
    if n <= 90:
        return 3
    if n <= 220:
        return 2
    return 1


class _Canvas:
    """A transparent drawing surface in final-pixel coordinates, drawn ``k`` times larger."""

    def __init__(self, w: int, h: int, k: int | None = None):
        self.w, self.h = int(w), int(h)
        self.k = k or _ss(max(self.w, self.h))
        self.surf = pygame.Surface((max(1, self.w * self.k), max(1, self.h * self.k)), pygame.SRCALPHA)
        self.surf.fill((*INK, 0))

    def layer(self) -> "_Canvas":
        return _Canvas(self.w, self.h, self.k)

    def P(self, p):
        return (p[0] * self.k, p[1] * self.k)

    def W(self, v: float) -> int:
        return max(1, int(round(v * self.k)))

    # -- shapes
    def poly(self, col, pts, width: float = 0):
        if len(pts) < 3:
            return
        if width:
            self.stroke(col, pts, width, closed=True)
        else:
            pygame.draw.polygon(self.surf, col, [self.P(p) for p in pts])

    def circle(self, col, c, r: float, width: float = 0):
        if width:
            pygame.draw.circle(self.surf, col, self.P(c), max(1.0, r * self.k), self.W(width))
        else:
            pygame.draw.circle(self.surf, col, self.P(c), max(0.5, r * self.k))

    def ellipse(self, col, c, rx, ry, ang: float = 0.0, width: float = 0, n: int = 32):
        self.poly(col, _ellipse_pts(c, rx, ry, ang, n), width)

    def stroke(self, col, pts, width: float, closed: bool = False):
        """A thick polyline with round joins and caps."""
        if len(pts) < 2:
            return
        ps = [self.P(p) for p in pts]
        w = self.W(width)
        if closed:
            ps = ps + [ps[0]]
        for a, b in zip(ps, ps[1:]):
            pygame.draw.line(self.surf, col, a, b, w)
        if w > 2:
            for p in ps:
                pygame.draw.circle(self.surf, col, p, w / 2.0)

    def taper(self, col, pts, w0: float, w1: float):
        """A polyline whose width goes from ``w0`` to ``w1`` (legs, mandibles, blades)."""
        n = len(pts) - 1
        for i in range(n):
            a, b = pts[i], pts[i + 1]
            wa = w0 + (w1 - w0) * i / n
            wb = w0 + (w1 - w0) * (i + 1) / n
            dx, dy = b[0] - a[0], b[1] - a[1]
            d = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / d, dx / d
            quad = [(a[0] + nx * wa / 2, a[1] + ny * wa / 2), (b[0] + nx * wb / 2, b[1] + ny * wb / 2),
                    (b[0] - nx * wb / 2, b[1] - ny * wb / 2), (a[0] - nx * wa / 2, a[1] - ny * wa / 2)]
            self.poly(col, quad)
            self.circle(col, b, wb / 2)
        self.circle(col, pts[0], w0 / 2)

    def blit(self, other, pos=(0, 0), alpha: int | None = None):
        src = other.surf if isinstance(other, _Canvas) else other
        if alpha is not None:
            src = src.copy()
            src.set_alpha(alpha)
        self.surf.blit(src, self.P(pos))

    def blit_center(self, surf: pygame.Surface, c):
        x, y = self.P(c)
        self.surf.blit(surf, (x - surf.get_width() / 2, y - surf.get_height() / 2))

    # -- effects
    def outlined(self, layer: "_Canvas", width: float, col=INK):
        """Blit ``layer`` with a solid ``col`` halo ``width`` pixels wide around its silhouette."""
        rad = max(1, int(round(width * self.k)))
        m = pygame.mask.from_surface(layer.surf, 40)
        disc = pygame.Surface((2 * rad + 1, 2 * rad + 1), pygame.SRCALPHA)
        pygame.draw.circle(disc, (255, 255, 255, 255), (rad, rad), rad + 0.5)
        grown = m.convolve(pygame.mask.from_surface(disc))
        halo = grown.to_surface(setcolor=(*col[:3], 255), unsetcolor=(*col[:3], 0))
        self.surf.blit(halo, (-rad, -rad))
        self.surf.blit(layer.surf, (0, 0))

    def shadow(self, layer: "_Canvas", dx: float, dy: float, blur: float, alpha: int = 90, grow: float = 0.0):
        """A soft warm shadow of ``layer``'s silhouette, offset by (dx, dy) pixels."""
        m = pygame.mask.from_surface(layer.surf, 40)
        if grow > 0:
            rad = max(1, int(round(grow * self.k)))
            disc = pygame.Surface((2 * rad + 1, 2 * rad + 1), pygame.SRCALPHA)
            pygame.draw.circle(disc, (255, 255, 255, 255), (rad, rad), rad + 0.5)
            m = m.convolve(pygame.mask.from_surface(disc))
            off = -rad
        else:
            off = 0
        sil = m.to_surface(setcolor=(*SHADOW_RGB, alpha), unsetcolor=(*SHADOW_RGB, 0))
        b = max(1.0, blur * self.k)
        if b > 1.5:
            w, h = sil.get_size()
            small = pygame.transform.smoothscale(sil, (max(1, int(w / b)), max(1, int(h / b))))
            sil = pygame.transform.smoothscale(small, (w, h))
        self.surf.blit(sil, (off + dx * self.k, off + dy * self.k))

    def done(self) -> pygame.Surface:
        if self.k == 1:
            return self.surf
        return pygame.transform.smoothscale(self.surf, (self.w, self.h))


def _ellipse_pts(c, rx, ry, ang=0.0, n=32):
    ca, sa = math.cos(ang), math.sin(ang)
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((c[0] + x * ca - y * sa, c[1] + x * sa + y * ca))
    return out


def _frame(cx, cy, L, angle):
    ca, sa = math.cos(angle), math.sin(angle)

    def at(dx, dy=0.0):
        return (cx + (dx * ca - dy * sa) * L, cy + (dx * sa + dy * ca) * L)
    return at


# ---------------------------------------------------------------- ants

def _draw_ant(cv: _Canvas, cx, cy, L, angle, body, kind: str = "worker", detail=True, limbs=None,
              part: str = "all", bold: float = 1.0):
    """An ant seen from above, head towards ``angle`` (radians, 0 = right), ``L`` = length in px.

    ``kind``: "worker" (slim, small head), "soldier" (big square head, mandibles, shield mark),
    "bridge" (a soldier stretched out with its legs reaching both ways). ``part``: "limbs" (legs and
    antennae only), "body" or "all". ``bold`` thickens everything (for small pictograms)."""
    at = _frame(cx, cy, L, angle)
    body = tuple(body[:3])
    limb = limbs or _shade(body, 0.55)
    hi = _lift(body, 0.5)
    hx = hr = 0.0
    if kind == "worker":
        parts = [(-0.25, 0, 0.2, 0.14), (-0.04, 0, 0.035, 0.035), (0.07, 0, 0.1, 0.065), (0.24, 0, 0.08, 0.076)]
        legs = [((0.11, 0.03), (0.19, 0.19), (0.29, 0.3)), ((0.07, 0.04), (0.07, 0.22), (0.03, 0.34)),
                ((0.03, 0.03), (-0.07, 0.2), (-0.22, 0.31))]
        ants = [((0.29, 0.03), (0.36, 0.1), (0.46, 0.14))]
        lw, aw = 0.036, 0.026
    elif kind == "soldier":
        parts = [(-0.28, 0, 0.15, 0.12), (-0.11, 0, 0.035, 0.035), (0.0, 0, 0.09, 0.07)]
        legs = [((0.04, 0.03), (0.12, 0.21), (0.21, 0.33)), ((0.0, 0.04), (-0.01, 0.24), (-0.06, 0.36)),
                ((-0.04, 0.03), (-0.14, 0.21), (-0.3, 0.31))]
        ants = [((0.22, 0.12), (0.24, 0.22), (0.33, 0.28))]
        lw, aw = 0.046, 0.03
        hx, hr = 0.19, 0.14
    else:  # bridge: long and stretched, legs reach forward and back to grip both lips
        parts = [(-0.36, 0, 0.12, 0.1), (-0.22, 0, 0.03, 0.03), (-0.05, 0, 0.16, 0.07)]
        legs = [((0.04, 0.03), (0.2, 0.14), (0.36, 0.2)), ((-0.05, 0.04), (-0.05, 0.17), (-0.01, 0.26)),
                ((-0.12, 0.03), (-0.3, 0.15), (-0.47, 0.2))]
        ants = [((0.31, 0.08), (0.33, 0.15), (0.4, 0.19))]
        lw, aw = 0.04, 0.026
        hx, hr = 0.24, 0.11
    lw, aw = lw * bold, aw * bold
    if part in ("all", "limbs") and detail:
        for (p0, p1, p2) in legs:
            for s in (-1, 1):
                cv.taper(limb, [at(p0[0], s * p0[1]), at(p1[0], s * p1[1]), at(p2[0], s * p2[1])],
                         lw * L, lw * L * 0.7)
        for (p0, p1, p2) in ants:
            for s in (-1, 1):
                cv.taper(limb, [at(p0[0], s * p0[1]), at(p1[0], s * p1[1]), at(p2[0], s * p2[1])],
                         aw * L, aw * L * 0.8)
    if part == "limbs":
        return
    g = 1.0 + (bold - 1.0) * 0.35
    for dx, dy, rx, ry in parts:
        cv.ellipse(body, at(dx, dy), rx * L * g, ry * L * g, angle)
    if kind in ("soldier", "bridge"):
        # mandibles: two big sickles in front of the head, curving in, tips apart
        jaw = _shade(body, 0.5) if limbs is None else limb
        for s in (-1, 1):
            cv.taper(jaw, [at(hx + hr * 0.6, s * hr * 0.7), at(hx + hr * 1.35, s * hr * 1.0),
                           at(hx + hr * 1.85, s * hr * 0.85), at(hx + hr * 2.05, s * hr * 0.5)],
                     0.08 * L, 0.018 * L)
        sq = [at(hx + hr * math.copysign(abs(math.cos(t)) ** 0.55, math.cos(t)),
                 hr * 1.05 * math.copysign(abs(math.sin(t)) ** 0.55, math.sin(t))) for t in
              [2 * math.pi * i / 28 for i in range(28)]]
        cv.poly(body, sq)
    if not detail:
        return
    # glossy highlights from the upper left (screen space, whatever the heading)
    hl = [(at(dx, dy), rx, ry) for dx, dy, rx, ry in parts if rx > 0.05]
    if kind in ("soldier", "bridge"):
        hl.append((at(hx, 0), hr * 0.8, hr * 0.8))
    for (x, y), rx, ry in hl:
        cv.ellipse(hi, (x - rx * L * 0.28, y - ry * L * 0.35), rx * L * 0.42, ry * L * 0.32, angle)
    if kind in ("soldier", "bridge"):
        # the soldier's helmet mark: a small cream shield pointing back
        m = hr * 0.62
        sh = [at(hx + m * 0.55, -m * 0.75), at(hx + m * 0.75, 0), at(hx + m * 0.55, m * 0.75),
              at(hx - m * 0.3, m * 0.7), at(hx - m * 0.95, 0), at(hx - m * 0.3, -m * 0.7)]
        cv.poly(_shade(body, 0.45), sh, max(0.5, L * 0.03))
        cv.poly(CREAM, sh)
    else:
        for s in (-1, 1):
            cv.circle(_shade(body, 0.35), at(0.27, s * 0.045), max(0.4, L * 0.018))


def _piece(w: int, h: int, draw, outline_frac=1 / 16, shadow=True, out_col=INK, limbs=False) -> pygame.Surface:
    """Draw a game piece via ``draw(layer)`` (or ``draw(layer, part)`` with ``limbs``) with a dark outline
    (thinner around legs) and a soft drop shadow."""
    cv = _Canvas(w, h)
    size = min(w, h)
    ow = max(0.6, size * outline_frac * 0.75)
    lay = cv.layer()
    if limbs:
        legs = cv.layer()
        draw(legs, "limbs")
        draw(lay, "body")
        both = cv.layer()
        both.blit(legs)
        both.blit(lay)
        if shadow:
            cv.shadow(both, size / 30, size / 22, size / 22, 85, grow=size * outline_frac * 0.4)
        cv.outlined(legs, max(0.5, ow * 0.45), out_col)
    else:
        draw(lay)
        if shadow:
            cv.shadow(lay, size / 30, size / 22, size / 22, 85, grow=size * outline_frac * 0.5)
    cv.outlined(lay, ow, out_col)
    return cv.done()


@lru_cache(maxsize=256)
def worker_ant(colour_rgb, px: int, angle: float = 0.0) -> pygame.Surface:
    """A player's worker ant, head towards ``angle`` (radians, 0 = right), dark outline."""
    col = tuple(colour_rgb[:3])
    return _piece(px, px, lambda lay, part: _draw_ant(lay, px / 2, px / 2, px * 0.84, angle, col, "worker",
                                                      part=part), out_col=_outline_for(col), limbs=True)


@lru_cache(maxsize=256)
def soldier_ant(colour_rgb, px: int, angle: float = 0.0) -> pygame.Surface:
    """A soldier: big square head with mandibles and a shield mark; same player colour."""
    col = tuple(colour_rgb[:3])
    return _piece(px, px, lambda lay, part: _draw_ant(lay, px / 2, px / 2, px * 0.8, angle, col, "soldier",
                                                      part=part), out_col=_outline_for(col), limbs=True)


@lru_cache(maxsize=64)
def bridge_ant(colour_rgb, px: int) -> pygame.Surface:
    """A soldier stretched across (head to the right), for the chasm bridge."""
    col = tuple(colour_rgb[:3])
    return _piece(px, px, lambda lay, part: _draw_ant(lay, px / 2, px / 2, px * 0.92, 0.0, col, "bridge",
                                                      part=part), out_col=_outline_for(col), limbs=True)


def _crown(cv: _Canvas, cx, cy, w, outline=True):
    h = w * 0.62
    pts = [(cx - w / 2, cy + h / 2), (cx - w / 2, cy - h * 0.25), (cx - w * 0.3, cy + h * 0.02),
           (cx - w * 0.16, cy - h * 0.5), (cx, cy - h * 0.02), (cx + w * 0.16, cy - h * 0.5),
           (cx + w * 0.3, cy + h * 0.02), (cx + w / 2, cy - h * 0.25), (cx + w / 2, cy + h / 2)]
    cv.poly(GOLD, pts)
    cv.poly(_lift(GOLD, 0.5), [(cx - w * 0.42, cy + h * 0.18), (cx + w * 0.42, cy + h * 0.18),
                               (cx + w * 0.42, cy + h * 0.3), (cx - w * 0.42, cy + h * 0.3)])
    if outline:
        cv.poly(INK, pts, max(0.5, w * 0.07))
    for x in (-w / 2, -w * 0.16, w * 0.16, w / 2):
        cv.circle((214, 50, 60), (cx + x, cy - h * (0.25 if abs(x) > w * 0.3 else 0.5)), w * 0.07)


@lru_cache(maxsize=64)
def magnificant(colour_rgb, px: int) -> pygame.Surface:
    """The colony's hero: a big ant in the player colour with a royal cape and a golden crown."""
    col = tuple(colour_rgb[:3])
    L = px * 0.86
    cx, cy = px / 2, px * 0.56
    at = _frame(cx, cy, L, -math.pi / 2)

    def draw(lay, part):
        if part == "limbs":
            _draw_ant(lay, cx, cy, L, -math.pi / 2, col, "worker", part="limbs")
            return
        # cape from the shoulders flowing back over the gaster
        cape = [at(0.1, -0.08), at(0.1, 0.08), at(-0.05, 0.21), at(-0.42, 0.27), at(-0.47, 0.13), at(-0.44, 0.0),
                at(-0.47, -0.13), at(-0.42, -0.27), at(-0.05, -0.21)]
        _draw_ant(lay, cx, cy, L, -math.pi / 2, col, "worker", part="body")
        lay.poly(CAPE, cape)
        lay.poly(GOLD, cape, L * 0.028)
        for s in (-1, 1):
            lay.stroke(_lift(CAPE, 0.28), [at(0.02, s * 0.07), at(-0.36, s * 0.17)], L * 0.02)
        # thorax and head on top of the cape, then the crown on the head
        lay.ellipse(col, at(0.07), 0.1 * L, 0.065 * L, -math.pi / 2)
        lay.ellipse(col, at(0.24), 0.08 * L, 0.076 * L, -math.pi / 2)
        lay.ellipse(_lift(col, 0.5), (at(0.07)[0] - 0.02 * L, at(0.07)[1] - 0.02 * L), 0.025 * L, 0.035 * L)
        lay.stroke(GOLD, [at(0.06, -0.11), at(0.06, 0.11)], L * 0.035)
        hx, hy = at(0.24)
        _crown(lay, hx, hy - L * 0.02, L * 0.22)
    return _piece(px, px, draw, out_col=_outline_for(col), limbs=True)


@lru_cache(maxsize=64)
def action_marker(colour_rgb, px: int) -> pygame.Surface:
    """A wooden disc in the player colour (engraved with the player's symbol when it is a theme colour)."""
    col = tuple(colour_rgb[:3])
    sym = None
    for name, rgb in T.PLAYER_COLORS.items():
        if tuple(rgb) == col:
            sym = T.PLAYER_SYMBOLS.get(name)

    def draw(lay):
        rx, ry, th = px * 0.42, px * 0.36, px * 0.1
        cx, cy = px / 2, px / 2 - th / 2
        side = _shade(col, 0.7)
        lay.ellipse(side, (cx, cy + th), rx, ry)
        lay.poly(side, [(cx - rx, cy), (cx + rx, cy), (cx + rx, cy + th), (cx - rx, cy + th)])
        lay.ellipse(col, (cx, cy), rx, ry)
        # wood grain rings and a soft highlight
        ring = _shade(col, 0.9)
        for f in (0.78, 0.52, 0.27):
            lay.ellipse(ring, (cx + rx * 0.06, cy + ry * 0.04), rx * f, ry * f, 0, max(0.5, px * 0.015))
        lay.ellipse(_lift(col, 0.35), (cx - rx * 0.38, cy - ry * 0.45), rx * 0.34, ry * 0.16, -0.45)
        if sym and px >= 20:
            k = lay.k
            tmp = _Canvas(px, px, k)
            T.draw_symbol(tmp.surf, sym, (cx * k, cy * k), int(px * 0.17 * k), _shade(col, 0.8), _shade(col, 0.55))
            lay.blit(tmp)
    return _piece(px, px, draw, out_col=_outline_for(col))


# ---------------------------------------------------------------- symbols

def _draw_symbol(cv: _Canvas, symbol: str, px: float, ink, shown: float | None = None):
    u = px / 32.0
    c = (px / 2, px / 2)
    sw = 2.2 * u
    shown = shown or px
    b = 1.5 if shown <= 24 else (1.25 if shown <= 48 else 1.1)   # bolder ants when shown small

    def P(x, y):
        return (c[0] + x * u, c[1] + y * u)

    if symbol == "scout":   # an eye, wide open
        top = [P(t * 14, -9.5 * (1 - t * t) ** 0.9) for t in [i / 12 - 1 for i in range(25)]]
        bot = [P(t * 14, 8 * (1 - t * t) ** 0.9) for t in [1 - i / 12 for i in range(25)]]
        cv.poly(CREAM, top + bot)
        cv.circle((120, 150, 76), P(0, -0.3), 6.4 * u)
        cv.circle(ink, P(0, -0.3), 3.3 * u)
        cv.circle(CREAM, P(-1.8, -2.2), 1.5 * u)
        cv.poly(ink, top + bot, sw)
        for x, y, dx, dy in ((-8, -6.8, -2.2, -3.2), (0, -9.5, 0, -3.6), (8, -6.8, 2.2, -3.2)):
            cv.stroke(ink, [P(x, y - 1.2), P(x + dx, y + dy - 1.2)], sw * 0.85)
    elif symbol == "build":  # a hex tile with a plus, another tile under it
        back = hex_corners(*P(2.5, 4.5), 12 * u)
        cv.poly(_shade((198, 150, 96), 0.78), back)
        cv.poly(ink, back, sw)
        front = hex_corners(*P(-1, 0), 12.5 * u)
        cv.poly((214, 168, 108), front)
        cv.poly(ink, front, sw)
        cv.stroke(ink, [P(-1, -6.5), P(-1, 6.5)], 3.6 * u)
        cv.stroke(ink, [P(-7.5, 0), P(5.5, 0)], 3.6 * u)
    elif symbol == "hatch":  # an egg with a zigzag crack
        egg = []
        for i in range(40):
            t = 2 * math.pi * i / 40
            s = math.sin(t)
            egg.append(P(10 * math.cos(t) * (0.84 + 0.16 * s), 1.5 + 13 * s))
        cv.poly(CREAM, egg)
        cv.ellipse(_shade(CREAM, 0.9), P(3.5, 6), 4 * u, 5 * u, 0.3)
        cv.ellipse((255, 252, 244), P(-3.5, -4), 2 * u, 3.5 * u, 0.4)
        cv.poly(ink, egg, sw)
        cv.stroke(ink, [P(-9.2, 0), P(-5.5, 3), P(-2.5, -1.5), P(1, 3), P(4, -1.5), P(6.5, 2), P(9.4, -0.2)],
                  sw * 0.95)
    elif symbol == "ants":  # two ants marching out side by side, one a step ahead
        _draw_ant(cv, *P(-7, 3.5), 24 * u, -math.pi / 2 - 0.12, ink, "worker", limbs=ink, bold=b)
        _draw_ant(cv, *P(7, -3.5), 24 * u, -math.pi / 2 + 0.12, ink, "worker", limbs=ink, bold=b)
    elif symbol == "heave":  # an ant carrying a leaf home (arrow)
        _draw_ant(cv, *P(3, 5), 21 * u, math.pi, ink, "worker", limbs=ink, bold=b)
        leaf = _leaf_pts(P(5, -5), 11 * u, -0.5, "green")
        cv.poly(LEAF_COLOURS["green"], leaf)
        cv.poly(ink, leaf, sw * 0.8)
        cv.stroke(ink, [P(0, -0.5), P(9, -9)], sw * 0.6)
        cv.stroke(ink, [P(13, 13), P(-13, 13)], sw)
        cv.poly(ink, [P(-15, 13), P(-10, 9), P(-10, 17)])
    elif symbol == "fungus":  # a mushroom cluster
        for (x, y, rw, rh, capc) in ((-8, 4, 6.5, 5, (206, 120, 70)), (8, 5, 6, 4.5, (196, 110, 64)),
                                     (0, -3, 10, 8, (214, 128, 72))):
            stem = [P(x - rw * 0.32, y), P(x + rw * 0.32, y), P(x + rw * 0.42, 13), P(x - rw * 0.42, 13)]
            cv.poly(CREAM, stem)
            cv.poly(ink, stem, sw * 0.8)
            cap = [P(x + rw * math.cos(t), y - rh * math.sin(t)) for t in [math.pi * i / 16 for i in range(17)]]
            cap += [P(x - rw * 0.9, y + 1.6), P(x + rw * 0.9, y + 1.6)]
            cv.poly(capc, cap)
            for sx, sy in ((-0.45, 0.45), (0.2, 0.7), (0.55, 0.3)):
                cv.circle(CREAM, P(x + sx * rw, y - sy * rh), max(0.6 * u, rw * 0.14 * u))
            cv.poly(ink, cap, sw * 0.85)
        cv.stroke(ink, [P(-14, 13), P(14, 13)], sw)
    elif symbol == "magnificant":  # a crowned ant
        _draw_ant(cv, *P(0, 3.5), 25 * u, -math.pi / 2, ink, "worker", limbs=ink, bold=b)
        _crown(cv, *P(0, -9), 12 * u)
    else:
        raise ValueError(f"unknown symbol {symbol!r}")


@lru_cache(maxsize=256)
def symbol_icon(symbol: str, px: int, ink=T.INK) -> pygame.Surface:
    """The pictogram of an action: scout (eye), build (hex + plus), hatch (cracked egg), ants (two ants
    marching), heave (ant carrying a leaf home), fungus (mushrooms), magnificant (crowned ant)."""
    return _symbol(symbol, px, tuple(ink[:3]), px)


@lru_cache(maxsize=256)
def _symbol(symbol: str, px: int, ink: tuple, shown: float) -> pygame.Surface:
    """``symbol_icon`` drawn at ``px`` for display at ``shown`` pixels (strokes get bolder when small)."""
    cv = _Canvas(px, px)
    _draw_symbol(cv, symbol, px, ink, shown=shown)
    return cv.done()



# ---------------------------------------------------------------- hexes and tiles

def _bevel_hex(cv: _Canvas, cx, cy, r, face, bevel: float, flat=False, edge_w: float = 1.0, grain_seed=None):
    """A bevelled hex lit from the upper left: six edge facets, a face and an ink rim."""
    outer = hex_corners(cx, cy, r, flat)
    inner = hex_corners(cx, cy, max(0.5, r - bevel * 1.15), flat)
    light = (-0.6, -0.8)
    for i in range(6):
        a, b = outer[i], outer[(i + 1) % 6]
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        d = math.hypot(mx, my) or 1
        lum = -(mx * light[0] + my * light[1]) / d   # -1 (lit) .. 1 (away)
        col = _lift(face, 0.45 * -lum) if lum < 0 else _shade(face, 1 - 0.35 * lum)
        cv.poly(col, [a, b, inner[(i + 1) % 6], inner[i]])
    cv.poly(face, inner)
    if grain_seed is not None:
        rnd = random.Random(grain_seed)
        dark, lite = _shade(face, 0.9), _lift(face, 0.12)
        for _ in range(int(18 + r * 0.8)):
            ang, rad = rnd.uniform(0, 2 * math.pi), (r - bevel * 1.4) * 0.82 * math.sqrt(rnd.random())
            cv.circle(rnd.choice((dark, lite)), (cx + rad * math.cos(ang), cy + rad * math.sin(ang)),
                      max(0.35, r * rnd.uniform(0.012, 0.03)))
    cv.poly(INK, outer, edge_w)


def _level_face(level: int, starting: bool) -> tuple:
    col = LEVEL_COLOURS[max(1, min(5, level)) - 1]
    return _mix(col, STARTING_TINT, 0.6) if starting else col


@lru_cache(maxsize=16)
def _num_font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, max(6, px))
    f.set_bold(True)
    return f


def _blit_icon(cv: _Canvas, surf: pygame.Surface, c):
    x, y = cv.P(c)
    cv.surf.blit(surf, (x - surf.get_width() / 2, y - surf.get_height() / 2))


def _hex_symbol(cv: _Canvas, c, r, face, symbol, starting):
    rad = r * 0.55
    cv.circle(_shade(face, 0.74), (c[0] + rad * 0.05, c[1] + rad * 0.08), rad * 1.03)
    cv.circle(_mix(face, CREAM, 0.8), c, rad)
    if starting:
        n = 14
        for i in range(n):
            a0 = 2 * math.pi * i / n
            pts = [(c[0] + rad * 1.17 * math.cos(a0 + t * 0.2), c[1] + rad * 1.17 * math.sin(a0 + t * 0.2))
                   for t in range(3)]
            cv.stroke(CREAM, pts, max(0.5, r * 0.045))
    cv.circle(_mix(face, INK, 0.4), c, rad, max(0.5, rad * 0.06))
    if symbol:
        ip = max(4, int(round(rad * 1.8 * cv.k)))
        _blit_icon(cv, _symbol(symbol, ip, INK, rad * 1.8), c)


def _marker_on(cv: _Canvas, c, r, covered):
    if covered is None:
        return
    size = max(4, int(round(r * 1.25 * cv.k)))
    if isinstance(covered, str) and covered in PREY:
        _blit_icon(cv, prey_icon(covered, size), c)
    elif isinstance(covered, str) and covered in T.PLAYER_COLORS:
        _blit_icon(cv, action_marker(tuple(T.PLAYER_COLORS[covered]), size), c)
    elif isinstance(covered, str) and covered.endswith("_leaf") and covered[:-5] in LEAF_COLOURS:
        _blit_icon(cv, leaf_icon(covered[:-5], size), c)
    else:
        _blit_icon(cv, action_marker(tuple(covered[:3]), size), c)


@lru_cache(maxsize=512)
def hex_cell(symbol: str | None, level: int, px: int, starting: bool = False, covered_marker=None) -> pygame.Surface:
    """One hex of the ant-hill seen from above at stack height ``level`` (1-5), in a px x px surface.

    Higher hexes are lighter and warmer, with a wider bevel, more tile edges showing beneath them and a
    longer, darker drop shadow; the level number sits in a small disc at the bottom corner. The hex has
    corner radius ``cell_radius(px)`` and is lifted 0.04 r per level above the surface centre. ``symbol`` None draws an empty face. ``covered_marker``: what lies
    on the hex: an action marker (an RGB tuple or a theme player colour name such as "red"), a prey id
    ("ladybird", ...) or a leaf on a fungus ("green_leaf" / "brown_leaf")."""
    level = max(1, min(5, int(level)))
    cv = _Canvas(px, px)
    r = cell_radius(px)
    cx, cy = px / 2, px / 2 - r * 0.04 * (level - 1)
    face = _level_face(level, starting)
    step = r * 0.055
    # drop shadow: grows with the height of the stack
    sh = cv.layer()
    sh.poly((0, 0, 0), hex_corners(cx, cy + step * (level - 1), r))
    cv.shadow(sh, r * (0.03 + 0.035 * level), r * (0.04 + 0.045 * level), r * (0.05 + 0.03 * level),
              50 + 16 * level)
    # the edges of the tiles underneath, one per lower level
    for i in range(level - 1, 0, -1):
        under = _shade(_level_face(level - i, False), 0.7)
        pts = hex_corners(cx, cy + step * i, r)
        cv.poly(under, pts)
        cv.poly(_mix(under, INK, 0.55), pts, max(0.4, r * 0.025))
    _bevel_hex(cv, cx, cy, r, face, r * (0.035 + 0.028 * level), edge_w=max(0.5, r * 0.045),
               grain_seed=level * 7)
    if symbol is not None:
        _hex_symbol(cv, (cx, cy - r * 0.1), r, face, symbol, starting)
    elif starting:
        _hex_symbol(cv, (cx, cy - r * 0.1), r, face, None, True)
    _marker_on(cv, (cx, cy - r * 0.1), r, covered_marker)
    # the level number in a small disc near the bottom corner
    bc = (cx, cy + r * 0.67)
    br = max(1.6, r * 0.235)
    cv.circle(_shade(face, 0.6), (bc[0] + br * 0.1, bc[1] + br * 0.14), br)
    cv.circle(CREAM, bc, br)
    cv.circle(INK, bc, br, max(0.5, br * 0.14))
    if br * cv.k >= 5:
        t = _num_font(int(br * 2.5 * cv.k)).render(str(level), True, INK)
        _blit_icon(cv, t, (bc[0], bc[1] + br * 0.08))
    else:
        cv.circle(INK, bc, br * 0.3)
    return cv.done()


@lru_cache(maxsize=128)
def tile_pair(symbols: tuple, px: int, horizontal: bool = True, starting: bool = False) -> pygame.Surface:
    """A loose 2-hex tile (in hand / on the scout fields): ``px`` is its long side (see ``pair_size``);
    horizontal = two pointy-top hexes side by side, else two flat-top hexes one above the other."""
    w, h = pair_size(px, horizontal)
    cv = _Canvas(w, h)
    r = px * 0.262
    d = r * math.sqrt(3) / 2
    if horizontal:
        centres = [(w / 2 - d, h / 2 - r * 0.04), (w / 2 + d, h / 2 - r * 0.04)]
    else:
        centres = [(w / 2 - r * 0.04, h / 2 - d), (w / 2 - r * 0.04, h / 2 + d)]
    face = _mix(LEVEL_COLOURS[1], STARTING_TINT, 0.6) if starting else LEVEL_COLOURS[1]
    sh = cv.layer()
    for c in centres:
        sh.poly((0, 0, 0), hex_corners(c[0], c[1] + r * 0.06, r, not horizontal))
    cv.shadow(sh, r * 0.1, r * 0.14, r * 0.12, 95)
    under = _shade(face, 0.68)
    for c in centres:   # the tile's thickness
        pts = hex_corners(c[0], c[1] + r * 0.07, r, not horizontal)
        cv.poly(under, pts)
        cv.poly(_mix(under, INK, 0.5), pts, max(0.4, r * 0.03))
    for i, (c, sym) in enumerate(zip(centres, symbols)):
        _bevel_hex(cv, c[0], c[1], r, face, r * 0.08, flat=not horizontal, edge_w=max(0.5, r * 0.045),
                   grain_seed=11 + i)
        if sym is not None:
            _hex_symbol(cv, c, r, face, sym, starting)
    # the two hexes are one piece: a soft groove along the shared edge instead of a full rim
    a, b = centres
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if horizontal:
        seam = [(mx, my - r / 2), (mx, my + r / 2)]
    else:
        seam = [(mx - r / 2, my), (mx + r / 2, my)]
    cv.stroke(_shade(face, 0.75), seam, max(0.5, r * 0.07))
    return cv.done()


# ---------------------------------------------------------------- prey, leaves, tokens

def _leaf_pts(c, size, ang, kind="green"):
    """A leaf outline along ``ang`` (tip direction), ``size`` = half length."""
    ca, sa = math.cos(ang), math.sin(ang)
    n = 40
    upper, lower = [], []
    for i in range(n + 1):
        t = -1 + 2 * i / n
        wdt = 0.42 * (1 - t * t) ** 0.75 * (1.0 + 0.25 * (t < 0) * t)
        if kind == "brown":   # oak-like lobes
            wdt *= 0.68 + 0.6 * abs(math.cos(3.5 * math.pi * (t + 1) / 2))
        upper.append((t, wdt))
        lower.append((t, -wdt * (0.95 if kind == "green" else 0.9)))
    pts = upper + lower[::-1]
    return [(c[0] + (x * ca - y * sa) * size, c[1] + (x * sa + y * ca) * size) for x, y in pts]


def _draw_leaf(cv: _Canvas, c, size, kind, ang=-0.7):
    col = LEAF_COLOURS.get(kind, LEAF_COLOURS["green"])
    ca, sa = math.cos(ang), math.sin(ang)

    def at(x, y):
        return (c[0] + (x * ca - y * sa) * size, c[1] + (x * sa + y * ca) * size)

    cv.taper(_shade(col, 0.7), [at(-0.95, 0), at(-1.25, 0.08)], size * 0.1, size * 0.07)   # stalk
    pts = _leaf_pts(c, size, ang, kind)
    cv.poly(col, pts)
    # one half a little lighter (light from the upper left)
    half = pts[: len(pts) // 2 + 1]
    cv.poly(_lift(col, 0.18), half)
    vein = _shade(col, 0.72) if kind == "brown" else _lift(col, 0.45)
    cv.stroke(vein, [at(-0.95, 0), at(0.85, 0)], size * 0.055)
    for t in (-0.55, -0.15, 0.25, 0.6):
        for s in (-1, 1):
            cv.stroke(vein, [at(t, 0), at(t + 0.22, s * 0.26 * (1 - t * t) ** 0.5)], size * 0.04)
    if kind == "brown":   # dry spots and a curled, darker tip
        for x, y, rr in ((-0.3, 0.15, 0.06), (0.35, -0.12, 0.05), (0.1, 0.22, 0.04)):
            cv.circle(_shade(col, 0.75), at(x, y), size * rr)
        cv.poly(_shade(col, 0.78), [at(0.7, 0.0), at(1.0, 0.0), at(0.78, -0.14)])


def _ladybird(cv, c, s, col):
    cx, cy = c
    for sd in (-1, 1):
        for k in (-0.3, 0.1, 0.45):
            cv.stroke(INK, [(cx + sd * s * 0.6, cy + k * s), (cx + sd * s * 0.95, cy + (k + 0.12) * s)], s * 0.1)
    cv.circle(INK, (cx, cy - s * 0.62), s * 0.36)
    cv.circle(CREAM, (cx - s * 0.17, cy - s * 0.72), s * 0.08)
    cv.circle(CREAM, (cx + s * 0.17, cy - s * 0.72), s * 0.08)
    cv.circle(col, (cx, cy + s * 0.08), s * 0.72)
    cv.ellipse(_lift(col, 0.4), (cx - s * 0.3, cy - s * 0.25), s * 0.2, s * 0.1, -0.6)
    cv.stroke(INK, [(cx, cy - s * 0.62), (cx, cy + s * 0.78)], s * 0.08)
    for x, y, rr in ((-0.36, -0.18, 0.14), (0.36, -0.18, 0.14), (-0.4, 0.3, 0.13), (0.4, 0.3, 0.13),
                     (-0.16, 0.58, 0.1), (0.16, 0.58, 0.1)):
        cv.circle(INK, (cx + x * s, cy + y * s), rr * s)


def _butterfly(cv, c, s, col):
    cx, cy = c
    edge = _mix(col, (150, 70, 20), 0.6)
    for sd in (-1, 1):
        cv.ellipse(edge, (cx + sd * s * 0.5, cy - s * 0.28), s * 0.52, s * 0.4, sd * -0.55)
        cv.ellipse(col, (cx + sd * s * 0.46, cy - s * 0.25), s * 0.42, s * 0.31, sd * -0.55)
        cv.ellipse(edge, (cx + sd * s * 0.36, cy + s * 0.38), s * 0.34, s * 0.3, sd * 0.5)
        cv.ellipse(col, (cx + sd * s * 0.33, cy + s * 0.35), s * 0.26, s * 0.22, sd * 0.5)
        cv.circle(INK, (cx + sd * s * 0.55, cy - s * 0.3), s * 0.1)
        cv.circle(CREAM, (cx + sd * s * 0.35, cy + s * 0.4), s * 0.07)
        cv.stroke(INK, [(cx, cy - s * 0.48), (cx + sd * s * 0.16, cy - s * 0.8), (cx + sd * s * 0.24, cy - s * 0.92)],
                  s * 0.06)
        cv.circle(INK, (cx + sd * s * 0.25, cy - s * 0.93), s * 0.08)
    cv.ellipse((70, 54, 40), (cx, cy), s * 0.1, s * 0.55)
    cv.circle((70, 54, 40), (cx, cy - s * 0.5), s * 0.12)


def _caterpillar(cv, c, s, col):
    cx, cy = c
    n = 6
    segs = []
    for i in range(n):
        t = i / (n - 1)
        segs.append((cx + (-0.72 + 1.3 * t) * s, cy + (0.3 - 0.3 * math.sin(t * math.pi * 1.6)) * s))
    for i, (x, y) in enumerate(segs[:-1]):
        cv.circle(INK, (x, y + s * 0.28), s * 0.07)
    for i, (x, y) in enumerate(segs[:-1]):
        cv.circle(col if i % 2 == 0 else _shade(col, 0.86), (x, y), s * 0.26)
        cv.circle(_lift(col, 0.45), (x - s * 0.07, y - s * 0.1), s * 0.08)
    hx, hy = segs[-1]
    cv.circle(_shade(col, 0.75), (hx + s * 0.08, hy - s * 0.05), s * 0.3)
    cv.circle(CREAM, (hx + s * 0.2, hy - s * 0.12), s * 0.1)
    cv.circle(INK, (hx + s * 0.23, hy - s * 0.12), s * 0.05)
    cv.stroke(INK, [(hx + s * 0.02, hy - s * 0.3), (hx - s * 0.05, hy - s * 0.55)], s * 0.06)
    cv.stroke(INK, [(hx + s * 0.18, hy - s * 0.3), (hx + s * 0.25, hy - s * 0.55)], s * 0.06)


def _dragonfly(cv, c, s, col):
    cx, cy = c
    wing = (214, 234, 248)
    for y, rot in ((-0.32, 0.12), (-0.05, -0.1)):
        for sd in (-1, 1):
            wc = (cx + sd * s * 0.5, cy + y * s)
            cv.ellipse(_mix(wing, col, 0.25), wc, s * 0.5, s * 0.13, sd * rot)
            cv.stroke(_mix(wing, col, 0.6), [(cx, cy + y * s), (cx + sd * s * 0.9, cy + y * s + sd * rot * s * 0.9)],
                      s * 0.035)
            cv.ellipse(INK, wc, s * 0.5, s * 0.13, sd * rot, s * 0.04)
    cv.poly(col, [(cx - s * 0.07, cy - s * 0.05), (cx + s * 0.07, cy - s * 0.05), (cx + s * 0.04, cy + s * 0.95),
                  (cx - s * 0.04, cy + s * 0.95)])
    for k in range(4):
        yy = cy + s * (0.2 + 0.18 * k)
        cv.stroke(_shade(col, 0.6), [(cx - s * 0.05, yy), (cx + s * 0.05, yy)], s * 0.03)
    cv.ellipse(col, (cx, cy - s * 0.2), s * 0.12, s * 0.2)
    cv.circle(_shade(col, 0.7), (cx - s * 0.12, cy - s * 0.48), s * 0.13)
    cv.circle(_shade(col, 0.7), (cx + s * 0.12, cy - s * 0.48), s * 0.13)
    cv.circle(_lift(col, 0.6), (cx - s * 0.15, cy - s * 0.52), s * 0.045)
    cv.circle(_lift(col, 0.6), (cx + s * 0.09, cy - s * 0.52), s * 0.045)


def _grasshopper(cv, c, s, col):
    cx, cy = c
    dark = _shade(col, 0.62)
    # far legs, then the body, then the big jumping leg in front
    cv.stroke(dark, [(cx + s * 0.3, cy + s * 0.1), (cx + s * 0.38, cy + s * 0.42)], s * 0.06)
    cv.stroke(dark, [(cx + s * 0.12, cy + s * 0.12), (cx + s * 0.08, cy + s * 0.44)], s * 0.06)
    body = _ellipse_pts((cx - s * 0.05, cy + s * 0.0), s * 0.62, s * 0.2, -0.12)
    cv.poly(col, body)
    cv.ellipse(_shade(col, 0.82), (cx - s * 0.2, cy - s * 0.06), s * 0.45, s * 0.1, -0.14)
    cv.circle(col, (cx + s * 0.62, cy - s * 0.14), s * 0.2)
    cv.circle(INK, (cx + s * 0.68, cy - s * 0.2), s * 0.06)
    cv.stroke(INK, [(cx + s * 0.62, cy - s * 0.3), (cx + s * 0.3, cy - s * 0.72), (cx - s * 0.2, cy - s * 0.88)],
              s * 0.045)
    cv.taper(col, [(cx - s * 0.05, cy + s * 0.08), (cx - s * 0.42, cy - s * 0.45)], s * 0.2, s * 0.1)
    cv.stroke(dark, [(cx - s * 0.2, cy - s * 0.05), (cx - s * 0.38, cy - s * 0.36)], s * 0.04)
    cv.taper(dark, [(cx - s * 0.42, cy - s * 0.45), (cx - s * 0.78, cy + s * 0.42)], s * 0.07, s * 0.05)
    cv.stroke(dark, [(cx - s * 0.78, cy + s * 0.42), (cx - s * 0.92, cy + s * 0.44)], s * 0.05)


def _beetle(cv, c, s, col):
    cx, cy = c
    dark = _shade(col, 0.55)
    for sd in (-1, 1):
        for y0, y1, x1 in ((-0.2, -0.45, 0.72), (0.08, 0.1, 0.78), (0.3, 0.7, 0.66)):
            cv.stroke(dark, [(cx + sd * s * 0.3, cy + y0 * s), (cx + sd * s * 0.55, cy + (y0 + y1) / 2 * s),
                             (cx + sd * s * x1, cy + y1 * s)], s * 0.07)
        cv.taper(dark, [(cx + sd * s * 0.08, cy - s * 0.78), (cx + sd * s * 0.24, cy - s * 0.98),
                        (cx + sd * s * 0.08, cy - s * 1.02)], s * 0.1, s * 0.04)
    cv.circle(dark, (cx, cy - s * 0.7), s * 0.17)
    cv.ellipse(_shade(col, 0.85), (cx, cy - s * 0.42), s * 0.34, s * 0.18)
    cv.ellipse(col, (cx, cy + s * 0.2), s * 0.44, s * 0.55)
    cv.stroke(dark, [(cx, cy - s * 0.33), (cx, cy + s * 0.74)], s * 0.06)
    cv.ellipse(_lift(col, 0.5), (cx - s * 0.2, cy + s * 0.0), s * 0.08, s * 0.26, 0.15)
    cv.ellipse(_lift(col, 0.5), (cx + s * 0.2, cy + s * 0.0), s * 0.06, s * 0.2, -0.15)


_BUGS = {"ladybird": _ladybird, "butterfly": _butterfly, "caterpillar": _caterpillar,
         "dragonfly": _dragonfly, "grasshopper": _grasshopper, "beetle": _beetle}


def _bug(cv: _Canvas, prey_id: str, c, s, outline_w):
    lay = cv.layer()
    _BUGS[prey_id](lay, c, s, PREY_COLOURS[prey_id])
    cv.outlined(lay, outline_w)


def _token(lay: _Canvas, px, fill, rim, thick=0.07):
    c = (px / 2, px / 2 - px * 0.02)
    R = px * 0.44
    lay.circle(_shade(rim, 0.72), (c[0], c[1] + px * 0.035), R)
    lay.circle(rim, c, R)
    lay.circle(fill, c, R - px * thick)
    return c, R


@lru_cache(maxsize=128)
def prey_icon(prey_id: str, px: int) -> pygame.Surface:
    """A round prey token: the bug in its colour on a paper disc rimmed in the same colour."""
    col = PREY_COLOURS[prey_id]
    cv = _Canvas(px, px)
    lay = cv.layer()
    c, R = _token(lay, px, _mix(col, CREAM, 0.82), col)
    cv.shadow(lay, px / 30, px / 22, px / 22, 85)
    cv.outlined(lay, max(0.6, px / 24))
    dy, sc = {"dragonfly": (-0.03, 1.0), "grasshopper": (0.07, 1.12),
              "caterpillar": (0.0, 1.08)}.get(prey_id, (0.02, 1.0))
    _bug(cv, prey_id, (c[0], c[1] + dy * px), R * 0.6 * sc, max(0.5, px / 40))
    return cv.done()


@lru_cache(maxsize=32)
def leaf_icon(kind: str, px: int) -> pygame.Surface:
    """A leaf: "green" is a smooth fresh leaf, "brown" a lobed dry one (shape differs, not only colour)."""
    return _piece(px, px, lambda lay: _draw_leaf(lay, (px * 0.54, px * 0.46), px * 0.4, kind),
                  outline_frac=1 / 22)


@lru_cache(maxsize=16)
def prey_exhausted(px: int) -> pygame.Surface:
    """The 'prey exhausted' token: a grey card disc with a bug silhouette crossed out in red."""
    cv = _Canvas(px, px)
    lay = cv.layer()
    c, R = _token(lay, px, (214, 204, 184), (150, 136, 116))
    cv.shadow(lay, px / 30, px / 22, px / 22, 85)
    cv.outlined(lay, max(0.6, px / 24))
    sil = cv.layer()
    _beetle(sil, c, R * 0.58, (120, 110, 98))
    cv.blit(sil, alpha=200)
    d = R * 0.62
    cv.stroke(DANGER_DARK, [(c[0] - d, c[1] - d), (c[0] + d, c[1] + d)], max(1.0, px * 0.11))
    cv.stroke(DANGER_DARK, [(c[0] + d, c[1] - d), (c[0] - d, c[1] + d)], max(1.0, px * 0.11))
    cv.stroke(T.DANGER, [(c[0] - d, c[1] - d), (c[0] + d, c[1] + d)], max(0.8, px * 0.07))
    cv.stroke(T.DANGER, [(c[0] + d, c[1] - d), (c[0] - d, c[1] + d)], max(0.8, px * 0.07))
    return cv.done()



# ---------------------------------------------------------------- anteater

def _draw_anteater(cv: _Canvas, x0, y0, w, h):
    """A giant anteater in profile facing left inside the box (x0, y0, w, h)."""
    def P(x, y):
        return (x0 + x * w, y0 + y * h)

    fur, dark, pale = (124, 100, 78), (62, 50, 40), (232, 220, 196)
    lw = max(0.5, w * 0.012)
    # the tail: a long brush held out behind, its hair hanging down
    tail = [P(0.7, 0.37), P(0.8, 0.29), P(0.92, 0.28), P(1.0, 0.34), P(0.99, 0.48), P(0.97, 0.64), P(0.93, 0.56),
            P(0.89, 0.7), P(0.85, 0.58), P(0.8, 0.66), P(0.77, 0.55), P(0.71, 0.54)]
    cv.poly(_shade(fur, 0.8), tail)
    for k in range(6):
        t = k / 5
        cv.stroke(_shade(fur, 0.6), [P(0.76 + 0.2 * t, 0.34 - 0.02 * t),
                                     P(0.78 + 0.19 * t, 0.5 + 0.08 * math.sin(k))], lw)
    # far legs
    cv.taper(dark, [P(0.4, 0.6), P(0.38, 0.86)], w * 0.065, w * 0.055)
    cv.taper(dark, [P(0.64, 0.6), P(0.66, 0.86)], w * 0.07, w * 0.055)
    # the body with its humped back
    body = [P(0.3, 0.44), P(0.38, 0.34), P(0.5, 0.29), P(0.62, 0.3), P(0.72, 0.36), P(0.78, 0.46), P(0.76, 0.6),
            P(0.66, 0.68), P(0.5, 0.7), P(0.38, 0.68), P(0.31, 0.62)]
    cv.poly(fur, body)
    cv.poly(_lift(fur, 0.2), [P(0.4, 0.36), P(0.5, 0.31), P(0.62, 0.32), P(0.7, 0.38), P(0.55, 0.4), P(0.42, 0.42)])
    # head and the long tube of a snout, slightly drooping
    head = [P(0.38, 0.4), P(0.3, 0.41), P(0.22, 0.45), P(0.1, 0.5), P(0.02, 0.54), P(0.0, 0.565),
            P(0.02, 0.58), P(0.12, 0.575), P(0.24, 0.57), P(0.34, 0.62)]
    cv.poly(fur, head)
    cv.poly(_lift(fur, 0.15), [P(0.3, 0.42), P(0.22, 0.46), P(0.1, 0.51), P(0.03, 0.545), P(0.12, 0.53),
                               P(0.25, 0.48)])
    # the black-and-white shoulder band, running from the chest up over the back
    cv.poly(pale, [P(0.31, 0.6), P(0.36, 0.63), P(0.55, 0.33), P(0.49, 0.31)])
    cv.poly(dark, [P(0.36, 0.63), P(0.41, 0.66), P(0.6, 0.34), P(0.55, 0.33)])
    cv.circle(dark, P(0.012, 0.56), w * 0.014)
    cv.circle(INK, P(0.22, 0.485), max(0.6, w * 0.016))
    cv.ellipse(_shade(fur, 0.7), P(0.31, 0.43), w * 0.022, h * 0.035, -0.4)
    cv.stroke((206, 96, 106), [P(0.01, 0.58), P(-0.02, 0.63), P(0.01, 0.67)], lw)
    # near legs: a pale front leg with a dark wrist band and hooked claws, a dark hind leg
    cv.taper(pale, [P(0.34, 0.62), P(0.32, 0.87)], w * 0.085, w * 0.075)
    cv.stroke(dark, [P(0.29, 0.79), P(0.355, 0.79)], w * 0.03)
    cv.taper(fur, [P(0.68, 0.6), P(0.71, 0.87)], w * 0.09, w * 0.075)
    for x in (0.3, 0.69):
        for d in (0.0, 0.025):
            cv.stroke(INK, [P(x + d, 0.88), P(x + d - 0.04, 0.9)], lw)


@lru_cache(maxsize=64)
def anteater(colour_name: str, px: int, facing_left: bool = True) -> pygame.Surface:
    """An anteater tile face: a rounded square in its colour (red, blue, green, grey, yellow, orange),
    the anteater in profile and, in the corner, the prey it eats (so colour is never the only cue)."""
    col = ANTEATER_COLOURS.get(colour_name, ANTEATER_COLOURS.get({"gray": "grey"}.get(colour_name, "grey")))
    cv = _Canvas(px, px)
    lay = cv.layer()
    m = px * 0.05
    rad = px * 0.16
    k = lay.k
    rect = pygame.Rect(round(m * k), round(m * k), round((px - 2 * m) * k), round((px - 2 * m - px * 0.02) * k))
    pygame.draw.rect(lay.surf, _shade(col, 0.72), rect.move(0, round(px * 0.03 * k)), border_radius=round(rad * k))
    pygame.draw.rect(lay.surf, col, rect, border_radius=round(rad * k))
    inner = rect.inflate(-round(px * 0.14 * k), -round(px * 0.14 * k))
    pygame.draw.rect(lay.surf, _mix(col, CREAM, 0.62), inner, border_radius=round(rad * 0.7 * k))
    cv.shadow(lay, px / 30, px / 22, px / 22, 90)
    cv.outlined(lay, max(0.6, px / 26))
    beast = cv.layer()
    ix, iy = inner.x / k, inner.y / k
    iw, ih = inner.w / k, inner.h / k
    _draw_anteater(beast, ix + iw * 0.03, iy + ih * 0.04, iw * 0.95, ih * 0.95)
    if not facing_left:
        beast.surf = pygame.transform.flip(beast.surf, True, False)
    cv.outlined(beast, max(0.5, px / 48))
    # the prey it eats, as a small badge in the upper corner opposite the snout
    badge = max(4, int(round(px * 0.3 * k)))
    bx = (inner.right / k - px * 0.1) if not facing_left else (inner.x / k + px * 0.1)
    _blit_icon(cv, prey_icon(ANTEATER_PREY.get(colour_name, "beetle"), badge), (bx, inner.y / k + px * 0.1))
    return cv.done()


# ---------------------------------------------------------------- terrains

def _wrap(w, h, x, y, ext):
    for dx in (-w, 0, w):
        if x + dx + ext < 0 or x + dx - ext > w:
            continue
        for dy in (-h, 0, h):
            if y + dy + ext < 0 or y + dy - ext > h:
                continue
            yield x + dx, y + dy


@lru_cache(maxsize=64)
def terrain_texture(terrain: str, w: int, h: int, seed: int = 0) -> pygame.Surface:
    """A seamless-looking texture; the five terrains differ by pattern as well as colour:
    flower = petal clusters, grass = blade tufts, water = wavy lines, pebble = rounded ovals,
    stone = large angular slabs with cracks."""
    base = TERRAIN_COLOURS[terrain]
    k = 2 if w * h <= 300 * 300 else 1
    cv = _Canvas(w, h, k)
    cv.surf.fill((*base, 255))
    rnd = random.Random(f"{terrain}:{w}x{h}:{seed}")
    u = max(2.0, min(4.0, min(w, h) / 40))
    area = w * h
    # low-frequency mottling
    mot = cv.layer()
    for _ in range(max(3, area // int(400 * u * u))):
        x, y = rnd.uniform(0, w), rnd.uniform(0, h)
        rr = rnd.uniform(4, 9) * u
        col = _shade(base, 0.93) if rnd.random() < 0.5 else _lift(base, 0.08)
        for px_, py_ in _wrap(w, h, x, y, rr):
            mot.circle(col, (px_, py_), rr)
    cv.blit(mot, alpha=110)

    if terrain == "flower":
        for _ in range(area // int(30 * u * u)):   # faint grass ticks
            x, y = rnd.uniform(0, w), rnd.uniform(0, h)
            for px_, py_ in _wrap(w, h, x, y, 2 * u):
                cv.stroke(_shade(base, 0.82), [(px_, py_), (px_ + rnd.uniform(-0.6, 0.6) * u, py_ - 1.6 * u)],
                          0.4 * u)
        petals = [(250, 246, 232), (252, 222, 84), (236, 150, 172), (192, 160, 224), (250, 246, 232)]
        for _ in range(max(2, area // int(150 * u * u))):
            x0, y0 = rnd.uniform(0, w), rnd.uniform(0, h)
            pc = rnd.choice(petals)
            for _f in range(rnd.randint(2, 4)):
                x, y = x0 + rnd.uniform(-3, 3) * u, y0 + rnd.uniform(-3, 3) * u
                p = u * rnd.uniform(0.75, 1.05)
                a0 = rnd.uniform(0, 1.3)
                for px_, py_ in _wrap(w, h, x, y, 3 * p):
                    cv.circle(_shade(base, 0.75), (px_ + p * 0.4, py_ + p * 0.5), p * 1.7)
                    for i in range(5):
                        a = a0 + i * 2 * math.pi / 5
                        cv.circle(pc, (px_ + p * math.cos(a), py_ + p * math.sin(a)), p * 0.72)
                    cv.circle((226, 146, 40), (px_, py_), p * 0.5)
    elif terrain == "grass":
        darks = [(72, 120, 44), (84, 134, 52), (64, 108, 40)]
        lites = [(160, 206, 104), (146, 194, 90)]
        for _ in range(area // int(22 * u * u)):
            x, y = rnd.uniform(0, w), rnd.uniform(0, h)
            col = rnd.choice(darks if rnd.random() < 0.65 else lites)
            n = rnd.randint(2, 4)
            for px_, py_ in _wrap(w, h, x, y, 3 * u):
                for i in range(n):
                    ang = -math.pi / 2 + (i - (n - 1) / 2) * 0.38 + rnd.uniform(-0.15, 0.15)
                    ln = rnd.uniform(2.2, 3.8) * u
                    cv.taper(col, [(px_, py_), (px_ + ln * 0.5 * math.cos(ang), py_ + ln * 0.5 * math.sin(ang)),
                                   (px_ + ln * math.cos(ang + 0.15), py_ + ln * math.sin(ang + 0.15))],
                             0.7 * u, 0.15 * u)
    elif terrain == "water":
        rows = max(2, int(h / (4.5 * u)))
        dy = h / rows
        for j in range(rows):
            y = (j + 0.5) * dy
            x = rnd.uniform(0, w)
            span = 0.0
            while span < w * 1.05:
                ln = rnd.uniform(6, 14) * u
                col = (160, 204, 238) if rnd.random() < 0.6 else (58, 112, 170)
                yy = y + rnd.uniform(-0.8, 0.8) * u
                for px_, py_ in _wrap(w, h, x + ln / 2, yy, ln):
                    pts = [(px_ - ln / 2 + ln * t / 12, py_ + 0.7 * u * math.sin(t / 12 * 2 * math.pi * 1.5))
                           for t in range(13)]
                    cv.stroke(col, pts, 0.5 * u)
                gap = rnd.uniform(2, 8) * u
                x = (x + ln + gap) % w
                span += ln + gap
        for _ in range(area // int(120 * u * u)):
            x, y = rnd.uniform(0, w), rnd.uniform(0, h)
            cv.circle((214, 236, 250), (x, y), 0.35 * u)
    elif terrain == "pebble":
        for _ in range(area // int(6 * u * u)):
            x, y = rnd.uniform(0, w), rnd.uniform(0, h)
            cv.circle(rnd.choice([_shade(base, 0.88), _lift(base, 0.15)]), (x, y), 0.3 * u)
        # pebbles placed so far, by grid cell: two pebbles can only touch within one cell of each
        # other (a cell is wider than the farthest they reach), so each try looks at nine cells
        reach = (2 * 2.4 + 0.8) * u * 1.01
        nx, ny = max(1, int(w // reach)), max(1, int(h // reach))
        placed: dict = {}
        tries = area // int(2 * u * u)
        fills = [(220, 182, 134), (188, 140, 94), (176, 154, 132), (226, 198, 160), (198, 128, 84)]
        for _ in range(tries):
            x, y = rnd.uniform(0, w), rnd.uniform(0, h)
            rx = rnd.uniform(1.3, 2.4) * u
            cx, cy = int(x / w * nx) % nx, int(y / h * ny) % ny
            cells = {((cx + i) % nx, (cy + j) % ny) for i in (-1, 0, 1) for j in (-1, 0, 1)}
            if any(min(abs(x - a), w - abs(x - a)) ** 2 + min(abs(y - b), h - abs(y - b)) ** 2
                   < (rx + rr + u * 0.8) ** 2 for c in cells for a, b, rr in placed.get(c, ())):
                continue
            placed.setdefault((cx, cy), []).append((x, y, rx))
            ry = rx * rnd.uniform(0.65, 0.9)
            ang = rnd.uniform(0, math.pi)
            col = rnd.choice(fills)
            for px_, py_ in _wrap(w, h, x, y, rx * 1.5):
                cv.ellipse(_shade(base, 0.72), (px_ + 0.35 * u, py_ + 0.5 * u), rx, ry, ang, n=20)
                cv.ellipse(col, (px_, py_), rx, ry, ang, n=20)
                cv.ellipse(_lift(col, 0.4), (px_ - rx * 0.3, py_ - ry * 0.35), rx * 0.38, ry * 0.28, ang, n=12)
                cv.ellipse((122, 86, 56), (px_, py_), rx, ry, ang, max(0.35, 0.28 * u), n=20)
    elif terrain == "stone":
        cell = 10 * u
        nx, ny = max(1, round(w / cell)), max(1, round(h / cell))
        sx, sy = w / nx, h / ny
        jit = {}
        for i in range(nx):
            for j in range(ny):
                jit[(i, j)] = (rnd.uniform(-0.28, 0.28) * sx, rnd.uniform(-0.28, 0.28) * sy)

        def pt(i, j):
            jx, jy = jit[(i % nx, j % ny)]
            off = (sx * 0.5) if j % 2 else 0.0
            return (i * sx + jx + off, j * sy + jy)

        for i in range(-1, nx + 1):
            for j in range(-1, ny + 1):
                quad = [pt(i, j), pt(i + 1, j), pt(i + 1, j + 1), pt(i, j + 1)]
                mx = sum(p[0] for p in quad) / 4
                my = sum(p[1] for p in quad) / 4
                g = 0.15 * u / max(sx, sy) + 0.08
                q = [(p[0] + (mx - p[0]) * g, p[1] + (my - p[1]) * g) for p in quad]
                r2 = random.Random(f"{seed}:{(i % nx)}:{(j % ny)}")
                col = _shade((176, 174, 166), r2.uniform(0.86, 1.06))
                cv.poly(_shade(col, 0.7), [(x + 0.4 * u, y + 0.5 * u) for x, y in q])
                cv.poly(col, q)
                cv.stroke(_lift(col, 0.3), [q[3], q[0], q[1]], 0.35 * u)
                cv.poly((96, 94, 88), q, 0.3 * u)
                if r2.random() < 0.45:   # a crack
                    a = q[r2.randrange(4)]
                    pts = [a]
                    for t in (0.3, 0.55, 0.8):
                        pts.append((a[0] + (mx - a[0]) * t * 1.4 + r2.uniform(-1, 1) * u,
                                    a[1] + (my - a[1]) * t * 1.4 + r2.uniform(-1, 1) * u))
                    cv.stroke((84, 82, 78), pts, 0.3 * u)
    else:
        raise ValueError(f"unknown terrain {terrain!r}")
    return cv.done()


@lru_cache(maxsize=16)
def chasm(w: int, h: int) -> pygame.Surface:
    """The chasm on the board: a dark jagged crack with rocky lips and a small red ant at each end."""
    cv = _Canvas(w, h, 2 if w * h <= 400 * 400 else 1)
    rnd = random.Random(f"chasm:{w}x{h}")
    x0, x1 = w * 0.16, w * 0.84
    n = 20
    top, bot, mid = [], [], []
    for i in range(n + 1):
        t = i / n
        x = x0 + (x1 - x0) * t + (rnd.uniform(-0.3, 0.3) * (x1 - x0) / n if 0 < i < n else 0)
        y = h / 2 + math.sin(t * math.pi * 2.0 + 0.4) * h * 0.07
        half = h * 0.29 * math.sin(math.pi * t) ** 0.8 + h * 0.015
        zig = 1.0 if i % 2 else 0.7
        top.append((x, y - half * rnd.uniform(0.75, 1.0) * zig))
        bot.append((x, y + half * rnd.uniform(0.75, 1.0) * (1.7 - zig)))
        mid.append((x, y + rnd.uniform(-0.2, 0.2) * half))
    lip = 0.08 * h
    rim_top = [(x, y - lip * rnd.uniform(0.6, 1.2)) for x, y in top]
    rim_bot = [(x, y + lip * rnd.uniform(0.6, 1.2)) for x, y in bot]
    rim = [(x0 - lip * 1.2, mid[0][1])] + rim_top + [(x1 + lip * 1.2, mid[-1][1])] + rim_bot[::-1]
    lay = cv.layer()
    lay.poly((156, 138, 116), rim)
    lay.poly((104, 90, 76), top + bot[::-1])
    lay.poly((66, 50, 38), [(x, y + (m[1] - y) * 0.28) for (x, y), m in zip(top, mid)] + bot[::-1])
    inner = [(x, (y + m[1]) / 2) for (x, y), m in zip(top, mid)] + \
            [(x, (y + m[1]) / 2) for (x, y), m in zip(bot, mid)][::-1]
    lay.poly((40, 28, 22), inner)
    lay.stroke((26, 18, 14), mid, max(0.6, h * 0.025))
    for _ in range(int(w / max(4.0, h * 0.1))):   # rubble on the lips
        i = rnd.randrange(1, n)
        x, y = (rim_top if rnd.random() < 0.5 else rim_bot)[i]
        lay.circle((178, 162, 140), (x + rnd.uniform(-2, 2), y), max(0.5, h * rnd.uniform(0.012, 0.03)))
    # hairline cracks running on to the two little ants
    for xa, xb in ((x0 - lip, w * 0.14), (x1 + lip, w * 0.86)):
        ym = h / 2
        lay.stroke((70, 56, 44), [(xa, ym), ((xa + xb) / 2, ym + h * 0.03), (xb, ym)], max(0.5, h * 0.02))
    cv.shadow(lay, 0.0, h * 0.03, h * 0.05, 60)
    cv.outlined(lay, max(0.5, h * 0.025), (74, 60, 48))
    size = min(w * 0.15, h * 0.6)
    legs, ants = cv.layer(), cv.layer()
    for x, a in ((w * 0.08, 0.0), (w * 0.92, math.pi)):
        _draw_ant(legs, x, h / 2, size, a, SOLDIER_RED, "worker", part="limbs")
        _draw_ant(ants, x, h / 2, size, a, SOLDIER_RED, "worker", part="body")
    cv.outlined(legs, max(0.4, size / 40))
    cv.outlined(ants, max(0.5, size / 20))
    return cv.done()


def clear_caches():
    for f in (worker_ant, soldier_ant, bridge_ant, magnificant, action_marker, symbol_icon, _symbol, hex_cell,
              tile_pair, prey_icon, leaf_icon, prey_exhausted, anteater, terrain_texture, chasm, _num_font):
        f.cache_clear()
