"""The Antics! board: the Tiled map painted once, its zoom, and the one transform from map pixels to
the window that drawing, hit tests and ``locate`` all use; then what lies on it (clearings with
their prey and leaves, trails with ants and guards, the hatching areas, an anteater arriving).

``Board`` owns the geometry and the painted art (its caches belong to the view that owns it). The
``draw_*`` functions paint the state on it for a view: they read the view's theme, seat colours,
flashes and add the hot spots they draw to ``view.hot``.
"""
from __future__ import annotations

import math
import random

import pygame

from game.games.antics.state import (LEAF_PREFIX, Bridge, Hatch, HeaveHome, HeaveMove, HeavePick, PickUp, PlaceAnt,
                                     Steal)
from game.core.i18n import _, format_number
from game.ui import theme as T
from game.ui.tables.antics import art as A
from game.ui.tables.antics.words import area_label
from game.ui.widgets import draw_note, wrap

MAP_ANT = 46          # an ant's length on the map, in map pixels
MAP_ZOOM_MAX = 3.0    # the board zooms in up to this (the wheel over it, or + and -)
MAP_ZOOM_STEP = 1.25  # one wheel notch
ATTACK_MS = 1900      # one anteater's arrival: walk to its meal, then say what it ate


def along(pts, f: float):
    """The point at fraction f of a polyline and the direction there (radians)."""
    segs = [(a, b, math.dist(a, b)) for a, b in zip(pts, pts[1:])]
    total = sum(s[2] for s in segs) or 1.0
    d = f * total
    for a, b, ln in segs:
        if d <= ln or (a, b, ln) == segs[-1]:
            t = 0 if ln == 0 else min(1.0, d / ln)
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), math.atan2(b[1] - a[1], b[0] - a[0])
        d -= ln
    return pts[-1], 0.0


def seg_dist(p, a, b) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    ln = dx * dx + dy * dy
    t = 0.0 if ln == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ln))
    return math.dist(p, (ax + dx * t, ay + dy * t))


def land_band(bm) -> tuple[int, int]:
    """The map's land rows (top, bottom) in map pixels: above them the scout fields, below the
    hatching areas."""
    t = bm.tile
    rows = [ri for ri, row in enumerate(bm.terrain) if any(c not in (None, "table") for c in row)]
    return (min(rows) * t, (max(rows) + 1) * t) if rows else (0, bm.height)


def trail_actions(rules, legal) -> dict:
    """The legal moves a click on each trail can make: trail id -> actions."""
    out: dict = {}
    for a in legal:
        keys = []
        if isinstance(a, PlaceAnt):
            keys = [a.trail]
        elif isinstance(a, (Steal, HeaveHome)):
            keys = [a.trail]
        elif isinstance(a, HeaveMove):
            keys = [a.dst, a.src]
        elif isinstance(a, HeavePick):
            keys = [a.trail]
        elif isinstance(a, PickUp) and a.kind in ("ant", "guard"):
            keys = [a.where]
        elif isinstance(a, Bridge):
            keys = [rules.chasm]
        for k in keys:
            out.setdefault(k, []).append(a)
    return out


class Board:
    """The board on the window: where it lies, its zoom, the map-to-window transform, the painted
    map scaled for it (kept per size and zoom) and the trails as window polylines."""

    def __init__(self, rules, bm):
        self.rules, self.map = rules, bm
        self.band = land_band(bm)
        self.rect = pygame.Rect(0, 0, 0, 0)       # the land, zoomable
        self.hatch = pygame.Rect(0, 0, 0, 0)      # the hatching areas' strip under it
        self.scale = 1.0                # map pixels to window pixels on the board: base_scale * zoom
        self.base_scale = 1.0           # the whole land on the board
        self.zoom = 1.0                 # the board's zoom (the wheel over it, + and -)
        self.view_xy = (0, 0)           # the map point at the board's top left
        self.screen_trails: dict = {}   # trail id -> its polyline in window pixels
        self._art = None                # the board painted at map size, once
        self._scaled: dict = {}         # the land and the hatching strip scaled for the window

    def place(self, rect, hatch, base_scale: float) -> None:
        """A new layout: the board and the hatching strip, their scale; the zoom back to the whole land."""
        self.rect, self.hatch, self.base_scale = rect, hatch, base_scale
        self._scaled.clear()
        self.set_view(1.0, (0, self.band[0]))

    def set_view(self, zoom: float, corner) -> None:
        """Zoom the board to ``zoom`` (1 = the whole land) with the map point ``corner`` at its top
        left, kept on the land; the trails' window polylines follow."""
        lt, lb = self.band
        zoom = max(1.0, min(MAP_ZOOM_MAX, zoom))
        k = self.base_scale * zoom
        vw, vh = self.rect.w / k, self.rect.h / k
        x = max(0.0, min(self.map.width - vw, corner[0]))
        y = max(float(lt), min(lb - vh, corner[1]))
        self.zoom, self.scale, self.view_xy = zoom, k, (round(x), round(y))
        self.screen_trails = {tid: [self.pt(p) for p in pts] for tid, pts in self.map.trails.items()}

    def zoom_at(self, pos, steps: float) -> bool:
        """Zoom the board in (steps > 0) or out around ``pos`` (the map point under it stays put; the
        board's centre when pos is off the board). True if the zoom changed."""
        if not self.rect.collidepoint(pos):
            pos = self.rect.center
        old = self.zoom
        zoom = max(1.0, min(MAP_ZOOM_MAX, old * MAP_ZOOM_STEP ** steps))
        if abs(zoom - old) < 1e-6:
            return False
        k0, x0, y0 = self.xf(self.band[0])
        mx, my = (pos[0] - x0) / k0, (pos[1] - y0) / k0
        k = self.base_scale * zoom
        self.set_view(zoom, (mx - (pos[0] - self.rect.x) / k, my - (pos[1] - self.rect.y) / k))
        return True

    def xf(self, y) -> tuple[float, float, float]:
        """The one transform from map pixels to the window, (scale, x0, y0) for a map point at height
        y: the land through the board's zoom, the hatching areas (below the land) in their strip.
        Drawing, hit tests and ``locate`` all go through it (``pt``, ``rect_of``, ``screen_trails``)."""
        lb = self.band[1]
        if y >= lb:
            k = self.base_scale
            return k, self.hatch.x, self.hatch.y - lb * k
        k = self.scale
        return k, self.rect.x - self.view_xy[0] * k, self.rect.y - self.view_xy[1] * k

    def pt(self, p) -> tuple[int, int]:
        k, x0, y0 = self.xf(p[1])
        return (int(x0 + p[0] * k), int(y0 + p[1] * k))

    def rect_of(self, r) -> pygame.Rect:
        x, y, w, h = r
        k, x0, y0 = self.xf(y)
        return pygame.Rect(int(x0 + x * k), int(y0 + y * k), max(1, int(w * k)), max(1, int(h * k)))

    def on_board(self, pos, margin: int = 0) -> bool:
        """Is a window point on the (zoomed) board, shown and reachable?"""
        return self.rect.inflate(-2 * margin, -2 * margin).collidepoint(pos)

    def trail_at(self, pos) -> str | None:
        """The trail nearest a window point on the board, if near enough to click."""
        if not self.rect.collidepoint(pos):
            return None
        best, bd = None, 14 * max(self.scale, 0.5) + 6
        for tid, spts in self.screen_trails.items():
            d = min(seg_dist(pos, a, b) for a, b in zip(spts, spts[1:]))
            if d < bd:
                best, bd = tid, d
        return best

    def trail_spot(self, tid, margin: int) -> tuple[int, int] | None:
        """A point of a trail where the board shows it and a click finds it: its middle when that
        is (always unzoomed), else the nearest such point along it; None when zoomed off it."""
        spts = self.screen_trails[tid]
        mid = along(spts, 0.5)[0]
        mid = (int(mid[0]), int(mid[1]))
        if self.zoom == 1.0:
            return mid
        for f in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9):
            pt = along(spts, f)[0]
            pt = (int(pt[0]), int(pt[1]))
            if self.on_board(pt, margin) and self.trail_at(pt) == tid:
                return pt
        return None

    def attack_target(self, ev) -> tuple[int, int] | None:
        """Where an arriving anteater eats: the prey's clearing, else the hatching area, else None."""
        if ev.get("prey") in self.rules.prey_ids:
            pi = self.rules.prey_ids.index(ev["prey"])
            nid = next((n for n, i in self.rules.prey_at.items() if i == pi), None)
            if nid in self.map.nodes:
                return self.pt(self.map.nodes[nid])
        if ev.get("area") in self.map.hatching:
            return self.rect_of(self.map.hatching[ev["area"]]).center
        return None

    # ------------------------------------------------------------------ the printed board (kept)
    def full_art(self) -> pygame.Surface:
        if self._art is None:
            self._art = paint_board(self.rules, self.map)
        return self._art

    def base(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The land as the board shows it now (scaled once per size and zoom, not per frame) and where
        it goes: the part in view, scaled from whole map pixels, so it lines up with ``pt``."""
        key = ("land", self.rect.size, self.zoom, self.view_xy)
        got = self._scaled.get(key)
        if got is None:
            full, k = self.full_art(), self.scale
            vx, vy = self.view_xy
            area = pygame.Rect(vx, vy, math.ceil(self.rect.w / k) + 1, math.ceil(self.rect.h / k) + 1)
            area = area.clip(pygame.Rect(0, 0, self.map.width, self.band[1]))
            img = pygame.transform.smoothscale(full.subsurface(area), (round(area.w * k), round(area.h * k)))
            got = (img, self.pt(area.topleft))
            if len(self._scaled) > 6:
                self._scaled.clear()
            self._scaled[key] = got
        return got

    def hatch_art(self) -> pygame.Surface:
        """The hatching areas' strip as printed, scaled to the strip once per size."""
        key = ("hatch", self.hatch.size)
        got = self._scaled.get(key)
        if got is None:
            lb = self.band[1]
            got = pygame.transform.smoothscale(self.full_art().subsurface((0, lb, self.map.width, self.map.height - lb)),
                                               self.hatch.size)
            self._scaled[key] = got
        return got


def paint_board(rules, bm) -> pygame.Surface:
    """The whole map painted at map size: the land, the trails, the chasm, the clearings, the
    hatching areas and the scout fields' and guide's places."""
    surf = pygame.Surface((bm.width, bm.height), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    t = bm.tile
    rows_with_land = [ri for ri, row in enumerate(bm.terrain) if any(c not in (None, "table") for c in row)]
    top = min(rows_with_land) * t if rows_with_land else 0
    bottom = (max(rows_with_land) + 1) * t if rows_with_land else bm.height
    land = paint_land(bm, top, bottom)
    # round the board's corners and give it a frame
    mask = pygame.Surface(land.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=28)
    land.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    shadow = pygame.Rect(6, top + 10, bm.width - 6, bottom - top)
    pygame.draw.rect(surf, (40, 26, 16, 120), shadow, border_radius=28)
    surf.blit(land, (0, top))
    pygame.draw.rect(surf, (92, 62, 38), (0, top, bm.width, bottom - top), 6, border_radius=28)
    # trails: a worn path with a dark edge
    for tid, pts in bm.trails.items():
        if tid == rules.chasm:
            continue
        ter = rules.d.trails[tid].terrains[0] if tid in rules.d.trails else None
        tint = A.TERRAIN_COLOURS.get(ter, (226, 204, 160))
        _path(surf, pts, 24, (86, 62, 38))
        _path(surf, pts, 16, tuple(int(a * 0.55 + b * 0.45) for a, b in zip((232, 212, 170), tint)))
    if rules.chasm and rules.chasm in bm.trails:
        pts = bm.trails[rules.chasm]
        _path(surf, pts, 30, (46, 30, 22))
        _path(surf, pts, 16, (18, 12, 10))
        for f in (0.08, 0.92):     # the two small red ants printed at its ends
            (x, y), ang = along(pts, f)
            ant = A.soldier_ant(A.SOLDIER_RED, 26, math.degrees(-ang))
            surf.blit(ant, ant.get_rect(center=(x, y)))
    # nodes
    for nid, (x, y) in bm.nodes.items():
        kind = bm.node_kinds.get(nid, "")
        if kind == "ant_hill":
            for r, col in ((70, (92, 62, 38)), (62, (150, 104, 62)), (44, (176, 128, 78)), (22, (70, 46, 28))):
                pygame.draw.circle(surf, col, (x, y), r)
        elif kind == "junction":
            pygame.draw.circle(surf, (96, 70, 44), (x, y), 14)
            pygame.draw.circle(surf, (226, 204, 160), (x, y), 10)
        else:
            rim = (140, 140, 130)
            pi = rules.prey_at.get(nid)
            if pi is not None:
                rim = A.PREY_COLOURS.get(rules.prey_ids[pi], rim)
            li = rules.leaf_at.get(nid)
            if li is not None:
                rim = A.LEAF_COLOURS.get(rules.d.leaves[li].id, rim)
            pygame.draw.circle(surf, (50, 34, 22, 120), (x + 4, y + 6), 46)
            pygame.draw.circle(surf, (238, 226, 196), (x, y), 44)
            pygame.draw.circle(surf, rim, (x, y), 44, 8)
    # hatching areas
    d = rules.d
    for ai, area in enumerate(d.areas):
        if area.id not in bm.hatching:
            continue
        x, y, w, h = (int(v) for v in bm.hatching[area.id])
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        if area.terrain:
            box.blit(A.terrain_texture(area.terrain, w, h, ai), (0, 0))
        else:
            box.fill((186, 70, 52))
        m2 = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(m2, (255, 255, 255, 255), m2.get_rect(), border_radius=16)
        box.blit(m2, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(surf, (40, 26, 16, 110), (x + 4, y + 6, w, h), border_radius=16)
        surf.blit(box, (x, y))
        pygame.draw.rect(surf, (70, 46, 28), (x, y, w, h), 4, border_radius=16)
    # scout fields and the anteater guide
    for f, (x, y, w, h) in bm.scout_fields.items():
        pygame.draw.rect(surf, (60, 40, 24, 90), (x, y, w, h), border_radius=14)
        pygame.draw.rect(surf, (150, 112, 72), (x, y, w, h), 3, border_radius=14)
    gx, gy, gw, gh = bm.guide
    pygame.draw.rect(surf, (238, 226, 196), (gx, gy, gw, gh), border_radius=14)
    pygame.draw.rect(surf, (120, 84, 52), (gx, gy, gw, gh), 3, border_radius=14)
    return surf


def paint_land(bm, top: int, bottom: int) -> pygame.Surface:
    """The terrain at half resolution, scaled up: each map tile is a soft, jittered blob of its
    terrain's texture laid over a blurred colour map, so borders wander instead of stepping."""
    t = bm.tile
    half = t // 2
    w2, h2 = bm.width // 2, (bottom - top) // 2
    r0 = top // t
    rows = bm.terrain[r0:r0 + (bottom - top) // t]
    cols = max(len(r) for r in rows)
    colour = pygame.Surface((cols, len(rows)))
    for ri, row in enumerate(rows):
        for ci, name in enumerate(row):
            colour.set_at((ci, ri), A.TERRAIN_COLOURS.get(name, (150, 120, 90)))
    land = pygame.Surface((w2, h2), pygame.SRCALPHA)
    land.blit(pygame.transform.smoothscale(colour, (w2, h2)), (0, 0))
    textures = {name: A.terrain_texture(name, w2, h2, i) for i, name in enumerate(A.TERRAINS)}
    rad = int(half * 0.82)
    mask = pygame.Surface((2 * rad, 2 * rad), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (rad, rad), rad)
    rng = random.Random(5)
    spots = [(ri, ci, name) for ri, row in enumerate(rows) for ci, name in enumerate(row) if name in textures]
    for _pass in range(2):
        rng.shuffle(spots)
        for ri, ci, name in spots:
            cx = ci * half + half // 2 + rng.randint(-4, 4)
            cy = ri * half + half // 2 + rng.randint(-4, 4)
            area = pygame.Rect(cx - rad, cy - rad, 2 * rad, 2 * rad).clip(pygame.Rect(0, 0, w2, h2))
            if area.w <= 0 or area.h <= 0:
                continue
            piece = pygame.Surface(area.size, pygame.SRCALPHA)
            piece.blit(textures[name], (0, 0), area)
            piece.blit(mask, (0, 0), area.move(-(cx - rad), -(cy - rad)), special_flags=pygame.BLEND_RGBA_MIN)
            land.blit(piece, area.topleft)
    return pygame.transform.smoothscale(land, (bm.width, bottom - top))


def _path(surf, pts, width, col):
    pts = [(int(x), int(y)) for x, y in pts]
    if len(pts) >= 2:
        pygame.draw.lines(surf, col, False, pts, width)
    for p in pts:
        pygame.draw.circle(surf, col, p, width // 2)


# ---------------------------------------------------------------------- the state on the board
def draw_land(v, surf, state, legal, mouse):
    """The land in view with its clearings, trails and ants, kept on the board; the zoom badge."""
    bd = v.map_view
    clip = surf.get_clip()
    surf.set_clip(bd.rect.clip(clip))                   # the zoomed land stays on the board
    img, at = bd.base()
    surf.blit(img, at)
    draw_clearings(v, surf, state, legal)
    draw_trails(v, surf, state, legal, mouse)
    surf.set_clip(clip)
    if bd.zoom > 1.0:
        draw_zoom_badge(v.th, bd, surf)


def draw_zoom_badge(th, bd, surf):
    """While the board is zoomed: how much, and how to go back, in its top right corner."""
    # i18n: on the zoomed board: {zoom} is how much larger ("1.5"); "-" is the minus key
    t = th.text(_("x{zoom}  (- or wheel: back)").format(zoom=format_number(round(bd.zoom, 1))), "tiny", T.WHITE,
                bold=True)
    box = t.get_rect(topright=(bd.rect.right - th.px(8), bd.rect.y + th.px(8))).inflate(th.px(12), th.px(4))
    pygame.draw.rect(surf, (40, 26, 16), box, border_radius=th.px(6))
    surf.blit(t, t.get_rect(center=box.center))


def draw_lit_trail(v, surf, state, legal, mouse):
    """Over the kept table: the trail under the mouse lit when a click on it makes a move."""
    th, bd = v.th, v.map_view
    over = bd.trail_at(mouse)
    if over in trail_actions(v.rules, legal):
        clip = surf.get_clip()
        surf.set_clip(bd.rect.clip(clip))
        pygame.draw.lines(surf, T.HILITE, False, bd.screen_trails[over], max(3, int(10 * bd.scale)) + th.px(3))
        draw_trail_ants(v, surf, state, over, bd.map.trails[over], max(10, int(MAP_ANT * bd.scale)))
        surf.set_clip(clip)


def draw_clearings(v, surf, state, legal):
    th, bd, rules = v.th, v.map_view, v.rules
    picks: dict = {}
    for a in legal:
        if isinstance(a, HeavePick):
            picks.setdefault(a.node, []).append(a)
        elif isinstance(a, HeaveHome):                # the ant-hill takes a click that heaves home
            picks.setdefault(rules.hill_node, []).append(a)
    tok = max(10, int(40 * bd.scale))
    for nid, (x, y) in bd.map.nodes.items():
        c = bd.pt((x, y))
        rad = int(46 * bd.scale)
        pi = rules.prey_at.get(nid)
        li = rules.leaf_at.get(nid)
        if pi is not None:
            prey = rules.prey_ids[pi]
            k = state.prey_left[pi]
            if k == 0 and prey in state.exhausted:
                img = A.prey_exhausted(tok)
                surf.blit(img, img.get_rect(center=c))
            for j in range(k):
                img = A.prey_icon(prey, tok)
                surf.blit(img, img.get_rect(center=(c[0] + (j - (k - 1) / 2) * tok * 0.45, c[1] - j * 2)))
        elif li is not None:
            k = state.leaves_left[li]
            kind = state.data.leaves[li].id
            for j in range(k):
                img = A.leaf_icon(kind, tok)
                ang = (j - (k - 1) / 2) * 0.5
                surf.blit(img, img.get_rect(center=(c[0] + math.sin(ang) * tok * 0.5, c[1] - math.cos(ang) * tok * 0.25)))
        elif nid == rules.hill_node:
            draw_home_ants(v, surf, c)
        shown = bd.on_board(c)                       # zoomed: a clearing off the board is not clicked
        if nid in picks:
            pygame.draw.circle(surf, T.LEGAL, c, rad + th.px(3), th.px(4))
            if shown:
                v.hot.append(("node", (c, rad), nid))
        elif shown and (pi is not None or li is not None or nid == rules.hill_node):
            v.hot.append(("info_node", (c, rad), nid))
        if v.flash.get(("node", nid)):
            pygame.draw.circle(surf, T.HILITE, c, rad + th.px(6), th.px(3))


def draw_home_ants(v, surf, c):
    n = len(v.seats)
    scale = v.map_view.scale
    r = 30 * scale
    px = max(8, int(MAP_ANT * 0.8 * scale))
    for p in range(n):
        ang = -math.pi / 2 + p * 2 * math.pi / n
        img = A.worker_ant(v.seat_color(p), px, math.degrees(-ang) - 90)
        surf.blit(img, img.get_rect(center=(c[0] + r * math.cos(ang), c[1] + r * math.sin(ang))))


def draw_trails(v, surf, state, legal, mouse):
    th, bd = v.th, v.map_view
    acts = trail_actions(v.rules, legal)
    over = bd.trail_at(mouse)
    px = max(10, int(MAP_ANT * bd.scale))
    for tid, pts in bd.map.trails.items():
        spts = bd.screen_trails[tid]
        if tid in acts:
            w = max(3, int(10 * bd.scale)) + (th.px(3) if tid == over else 0)
            pygame.draw.lines(surf, T.LEGAL if tid != over else T.HILITE, False, spts, w)
        if v.flash.get(("trail", tid)):
            pygame.draw.lines(surf, T.HILITE, False, spts, max(2, int(6 * bd.scale)))
        draw_trail_ants(v, surf, state, tid, pts, px)


def draw_trail_ants(v, surf, state, tid, pts, px):
    """The ants and the guard on one trail, ``px`` long (they grow with the board's zoom)."""
    bd = v.map_view
    threats = v.facts(state)["threats"]
    here = [p for p in range(len(v.seats)) if tid in state.ants[p]]
    guard = state.guards.get(tid)
    k = len(here) + (guard is not None)
    slots = [0.5] if k == 1 else [0.3 + 0.4 * i / (k - 1) for i in range(k)]
    for i, p in enumerate(here):
        (x, y), ang = along(pts, slots[i])
        c = bd.pt((x, y))
        deg = -math.degrees(ang) - 90
        if tid == v.rules.chasm:
            img = A.bridge_ant(v.seat_color(p), px)
        else:
            img = A.worker_ant(v.seat_color(p), px, deg)
        surf.blit(img, img.get_rect(center=c))
        item = state.ants[p][tid]
        if item:
            icon = item_icon(item, int(px * 0.62))
            spot = icon.get_rect(center=(c[0], c[1] - px * 0.1))
            surf.blit(icon, spot)
            if (p, tid) in threats:            # a rival could steal it in their next turn: ringed in red
                draw_risk_mark(v.th, surf, spot.center, max(spot.w // 2 + v.th.px(3), v.th.px(9)))
    if guard is not None:
        (x, y), ang = along(pts, slots[-1])
        img = A.soldier_ant(v.seat_color(guard), int(px * 1.1), -math.degrees(ang) - 90)
        surf.blit(img, img.get_rect(center=bd.pt((x, y))))


def draw_risk_mark(th, surf, centre, rad: int, ring: bool = True) -> None:
    """Food or ants at risk (a rival's soldier, an arriving anteater): a red ring and a small "!"
    badge at its upper right (``ring`` False: the badge alone)."""
    c = (int(centre[0]), int(centre[1]))
    if ring:
        pygame.draw.circle(surf, T.WHITE, c, rad + th.px(1), max(1, th.px(2)) + th.px(2))
        pygame.draw.circle(surf, T.DANGER, c, rad, max(2, th.px(3)))
        b = max(th.px(5), rad // 2)
        at = (int(c[0] + rad * 0.72), int(c[1] - rad * 0.72))
    else:                                   # the badge alone, ``rad`` across
        b, at = rad, c
    pygame.draw.circle(surf, T.DANGER, at, b)
    pygame.draw.circle(surf, T.WHITE, at, b, max(1, th.px(1)))
    w = max(2, b // 3)
    pygame.draw.rect(surf, T.WHITE, (at[0] - w // 2, at[1] - b * 0.6, w, b * 0.75))
    pygame.draw.rect(surf, T.WHITE, (at[0] - w // 2, at[1] + b * 0.3, w, w))


def item_icon(item: str, px: int) -> pygame.Surface:
    if item.startswith(LEAF_PREFIX):
        return A.leaf_icon(item[len(LEAF_PREFIX):], px)
    return A.prey_icon(item, px)


def draw_areas(v, surf, state, legal):
    """The hatching areas' names, the ants waiting in each, lit when a click there makes a move."""
    th, bd = v.th, v.map_view
    lit = {a.area for a in legal if isinstance(a, Hatch)}
    lit |= {a.where for a in legal if isinstance(a, PickUp) and a.kind == "area"}
    sources = {a.area for a in legal if isinstance(a, PlaceAnt)}
    eaten = {state.data.areas[ai].id: colour for ai, colour in v.facts(state)["eaten"].items()}
    for ai, area in enumerate(state.data.areas):
        if area.id not in bd.map.hatching:
            continue
        r = bd.rect_of(bd.map.hatching[area.id])
        label = th.text(area_label(area), "tiny", T.WHITE, bold=True)
        room = r.w - th.px(12)
        if label.get_width() > room > 0:             # a longer language: the name shrinks to its area
            label = pygame.transform.smoothscale(label, (room, max(1, label.get_height() * room // label.get_width())))
        tag = pygame.Rect(0, 0, label.get_width() + th.px(10), label.get_height() + th.px(2))
        tag.midtop = (r.centerx, r.y + th.px(2))
        pygame.draw.rect(surf, (40, 26, 16), tag, border_radius=th.px(6))
        surf.blit(label, label.get_rect(center=tag.center))
        counts = state.hatch[ai]
        waiting = [(p, k) for p, k in enumerate(counts) if k]
        if waiting:                                  # side by side in one row under the label, never stacked
            slot_w = r.w / len(waiting)
            ant_px = max(8, min(r.bottom - tag.bottom - th.px(2), int(slot_w * 0.5)))
            cy = (tag.bottom + r.bottom) // 2
            for i, (p, k) in enumerate(waiting):
                t = th.text(str(k), "tiny", T.WHITE, bold=True)
                img = (A.soldier_ant if area.soldier else A.worker_ant)(v.seat_color(p), ant_px, -90)
                w = img.get_width() + th.px(1) + t.get_width() + th.px(6)
                x = int(r.x + slot_w * i + (slot_w - w) / 2)
                surf.blit(img, img.get_rect(midleft=(x, cy)))
                box = t.get_rect(midleft=(x + img.get_width() + th.px(1), cy)).inflate(th.px(6), 0)
                pygame.draw.rect(surf, (40, 26, 16), box, border_radius=th.px(5))
                surf.blit(t, t.get_rect(center=box.center))
        if area.id in eaten and waiting:            # an anteater eats these ants at the end of this turn
            pygame.draw.rect(surf, T.WHITE, r.inflate(th.px(2), th.px(2)), th.px(5), border_radius=th.px(10))
            pygame.draw.rect(surf, T.DANGER, r.inflate(th.px(2), th.px(2)), th.px(3), border_radius=th.px(10))
            eater_img = A.anteater(eaten[area.id], max(12, min(th.px(30), r.h // 2)))
            er = eater_img.get_rect(topright=(r.right + th.px(4), r.y - th.px(8)))
            surf.blit(eater_img, er)
        if area.id in lit:
            pygame.draw.rect(surf, T.LEGAL, r.inflate(th.px(6), th.px(6)), th.px(4), border_radius=th.px(10))
            v.hot.append(("area", r, area.id))
        elif area.id in sources:
            pygame.draw.rect(surf, T.HILITE, r.inflate(th.px(4), th.px(4)), th.px(2), border_radius=th.px(10))
            v.hot.append(("info_area", r, area.id))
        else:
            v.hot.append(("info_area", r, area.id))
        if v.flash.get(("area", area.id)):
            pygame.draw.rect(surf, T.HILITE, r.inflate(th.px(8), th.px(8)), th.px(3), border_radius=th.px(12))


def draw_attack(v, surf, attack, start):
    """The arriving anteater walks from ``start`` (its scout row) to what it eats, then says what it ate."""
    th = v.th
    ev, ms = attack["ev"], attack["ms"]
    target = v.map_view.attack_target(ev) or (start[0] + th.px(60), start[1] + th.px(60))
    f = min(1.0, ms / (ATTACK_MS * 0.35))
    f = 1 - (1 - f) ** 3  # ease out
    pos = (int(start[0] + (target[0] - start[0]) * f), int(start[1] + (target[1] - start[1]) * f))
    img = A.anteater(ev.get("colour", "green"), th.px(110), facing_left=target[0] < start[0])
    if ms > ATTACK_MS * 0.35:
        pygame.draw.circle(surf, T.DANGER, target, th.px(34), th.px(4))
    surf.blit(img, img.get_rect(center=pos))
    if ms > ATTACK_MS * 0.3 and attack["text"]:
        lines = wrap(attack["text"], th.font("body"), th.px(420))
        imgs = [th.text(ln, "body", T.INK, bold=True) for ln in lines]
        w = max(i.get_width() for i in imgs) + th.px(36)
        h = sum(i.get_height() for i in imgs) + th.px(20)
        top = max(v.rect.y, min(pos[1] - img.get_height() // 2 - th.px(6) - h, v.rect.bottom - h))
        left = max(v.rect.x, min(pos[0] - w // 2, v.rect.right - w))
        draw_note(surf, th, imgs, (255, 248, 232), T.DANGER, topleft=(left, top))
