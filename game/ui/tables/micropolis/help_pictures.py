"""Micropolis pictures for the rules help, drawn by the sprite code that draws the table (see
game/ui/help_pictures.py)."""
from __future__ import annotations

import math

import pygame

from game.ui import theme as T
from game.ui.help_pictures import PREFER, Picture, register, canvas, label
from game.ui.sprites.common import draw_ant
from game.ui.tables.micropolis import art as MA


def _mp_tile(**spec):
    """A sample anthill tile built with the game's own data classes."""
    from game.games.micropolis.data import Segment, Tile
    segs = tuple(Segment(tuple(s["ports"]), s.get("workers", 0), s.get("specialist"), s.get("eggs", 0),
                         tuple(s.get("fruits", ()))) for s in spec["segments"])
    return Tile(spec.get("id", "H0"), spec.get("topology", "help"), segs, spec.get("barracks", 0))


MP_TILES = {
    "queen": dict(segments=[dict(ports=("Li", "Ri"), workers=1, specialist="queen"),
                            dict(ports=("Lo", "Ro"), workers=2)]),
    "nurse": dict(segments=[dict(ports=("Li", "Lo", "Ri"), workers=1, specialist="nurse", eggs=2)]),
    "architect": dict(segments=[dict(ports=("Lo", "Ro"), workers=1, specialist="architect"),
                                dict(ports=("Li",), workers=1)]),
    "sergeant": dict(segments=[dict(ports=("Li", "Ri"), workers=2, specialist="sergeant")]),
    "sentry": dict(segments=[dict(ports=("Lo", "Ro"), workers=1, specialist="sentry"),
                             dict(ports=("Ri",), workers=1)]),
    "barracks": dict(segments=[dict(ports=("Li", "Ri"), workers=2)], barracks=3),
    "fruits": dict(segments=[dict(ports=("Li", "Ri"), workers=1, fruits=("cherry", "lemon")),
                             dict(ports=("Lo",), workers=1, fruits=("grape",))]),
    "gift": dict(segments=[dict(ports=("Li", "Lo", "Ro"), workers=2, fruits=("gift", "fig"))]),
    "workers": dict(segments=[dict(ports=("Li", "Ri"), workers=3), dict(ports=("Lo", "Ro"), workers=2)]),
    "dead_end": dict(segments=[dict(ports=("Li",), workers=2),
                               dict(ports=("Ro",), workers=1, fruits=("pomegranate",))]),
}


def _tile_geom(size):
    """(width, r_out) of a tile drawn upright in ring slot 0 with height ``size``."""
    r_out = size * 0.96 / (1 - math.cos(math.radians(18)) / 2.2)
    return int(r_out * 2 * math.sin(math.radians(18)) + 4), r_out


def _mp_tile_pic(key: str, full: bool = False) -> Picture:
    def draw(size):
        tile = _mp_tile(id=f"H_{key}", **MP_TILES[key])
        w, r_out = _tile_geom(size)
        s = canvas(w, size)
        MA.draw_tile(s, tile, w / 2, size * 0.02 + r_out, r_out / 2.2, r_out, 0, full=full)
        return s
    return draw


def _mp_specialist(kind: str) -> Picture:
    def draw(size):
        s = canvas(size, size)
        MA.specialist_icon(s, kind, (size // 2, size // 2), size // 2 - 1, eggs=2)
        return s
    return draw


def _mp_fruit(kind: str) -> Picture:
    def draw(size):
        s = canvas(size, size)
        r = int(size * 0.36)
        MA.fruit_icon(s, kind, (size // 2, int(size * 0.58)), r)
        return s
    return draw


def _mp_legend(key: str) -> Picture:
    def draw(size):
        w = MA.legend_icon_width(key, size)
        s = canvas(w, size)
        MA.legend_icon(s, key, pygame.Rect(0, 0, w, size))
        return s
    return draw


def _mp_soldier(size):
    s = canvas(size, size)
    MA.soldier(s, (size / 2, size / 2), size * 0.95)
    return s


def _mp_soldier_lying(size):
    s = canvas(size * 1.2, size)
    MA.soldier(s, (size * 0.6, size / 2), size, lying=True)
    return s


def _mp_worker(size):
    s = canvas(size, size)
    draw_ant(s, (size / 2, size / 2), size * 0.9, (26, 16, 10), -math.pi / 2)
    return s


def _mp_foundation(size):
    s = canvas(size, size)
    MA.draw_foundation(s, size / 2, size / 2, size / 2 - 2, 5)
    return s


def _mp_magnifier(size):
    s = canvas(size, size)
    pygame.draw.circle(s, (60, 40, 26), (size // 2, size // 2), size // 2 - 1)
    MA.magnifier(s, (size / 2, size / 2), size * 0.4)
    return s


RING_SAMPLE = {3: "workers", 4: "queen", 5: "fruits", 6: "nurse"}


def _mp_ring(size):
    """An anthill being built: four tiles round the Foundation, galleries tinted as on the table,
    the two places where the next tile may go lit."""
    s = canvas(size, size)
    c = size / 2
    r_out = size / 2 - 3
    r_in = r_out / 2.2
    tiles = {f"H{k}": _mp_tile(id=f"H{k}", **MP_TILES[key]) for k, key in RING_SAMPLE.items()}
    slots = [f"H{k}" if k in RING_SAMPLE else None for k in range(10)]
    tints: dict = {}
    try:
        from game.games.micropolis import scoring
        gals = scoring.galleries(tuple(slots), tiles)
        for gi, gal in enumerate(sorted(gals, key=lambda g: -g.ants)):
            col = MA.GALLERY_TINTS[gi % len(MA.GALLERY_TINTS)] if (gal.span > 1 or gal.ants >= 3) else (190, 150, 96)
            for slot, seg in gal.members:
                tints.setdefault(slot, {})[seg] = col
    except Exception:       # the picture stays useful without the tints
        tints = {}
    pygame.draw.circle(s, (66, 44, 28, 120), (c, c), r_out + 1)
    for k in range(10):
        pygame.draw.polygon(s, (84, 58, 38), MA.slot_polygon(c, c, r_in, r_out, k), 1)
    for k, tid in enumerate(slots):
        if tid is not None:
            MA.draw_tile(s, tiles[tid], c, c, r_in, r_out, k, tints.get(k))
    for k in (min(RING_SAMPLE) - 1, max(RING_SAMPLE) + 1):
        pygame.draw.polygon(s, (214, 236, 200, 110), MA.slot_polygon(c, c, r_in, r_out, k))
        pygame.draw.polygon(s, T.LEGAL, MA.slot_polygon(c, c, r_in, r_out, k), max(2, size // 90))
    MA.draw_foundation(s, c, c, r_in * 0.97, 5)
    return s


LINE_SAMPLE = ("fruits", "nurse", "queen", "barracks", "architect", "workers", "sergeant")


def _mp_line(size):
    """The line of seven tiles: the first is free, the others cost one soldier per tile skipped;
    soldiers lying on a tile come with it."""
    top = int(size * 0.24)
    card_h = size - top
    card_w = int(card_h * 0.92)
    gap = max(2, size // 20)
    s = canvas(7 * card_w + 6 * gap, size)
    lying = {1: 1, 2: 2}
    for i, key in enumerate(LINE_SAMPLE):
        x = i * (card_w + gap)
        card = T.paper_card((card_w, card_h), max(3, card_h // 12), fill=(214, 178, 130), edge=(150, 108, 70),
                            seed=i + 1).copy()
        tw, r_out = _tile_geom(card_h * 0.78)
        MA.draw_tile(card, _mp_tile(id=f"L{i}", **MP_TILES[key]), card_w / 2, card_h * 0.1 + r_out,
                     r_out / 2.2, r_out, 0)
        for k in range(lying.get(i, 0)):
            MA.soldier(card, (card_w * (0.3 + 0.4 * k), card_h * 0.86), card_h * 0.3, lying=True)
        s.blit(card, (x, top))
        badge = pygame.Rect(0, 0, int(top * 0.95), int(top * 0.95))
        badge.midbottom = (x + card_w // 2, top)
        pygame.draw.circle(s, T.PAPER if i else T.LEGAL, badge.center, badge.w // 2)
        pygame.draw.circle(s, T.INK, badge.center, badge.w // 2, max(1, size // 60))
        label(s, str(i), badge.center, int(badge.h * 0.62))
    return s


def register_all() -> None:
    g = "micropolis/"
    for key in MP_TILES:
        register(f"{g}tile_{key}", _mp_tile_pic(key))
    register(g + "tile_barracks_full", _mp_tile_pic("barracks", full=True))
    for kind in ("queen", "nurse", "architect", "sergeant", "sentry"):
        register(g + kind, _mp_specialist(kind))
    for kind in MA.FRUITS + ("gift",):
        register(g + kind, _mp_fruit(kind))
    register(g + "fruits", _mp_legend("fruits"))
    register(g + "barracks", _mp_legend("barracks"))
    register(g + "soldier", _mp_soldier)
    register(g + "soldier_lying", _mp_soldier_lying)
    register(g + "worker", _mp_worker)
    register(g + "foundation", _mp_foundation)
    register(g + "red_army_token", lambda size: MA.red_army_token(size))
    register(g + "architect_token", lambda size: MA.architect_token(size))
    register(g + "magnifier", _mp_magnifier)
    register(g + "anthill", _mp_ring)
    register(g + "line", _mp_line)
    PREFER.update({"micropolis/anthill": 2.2, "micropolis/line": 1.3})
