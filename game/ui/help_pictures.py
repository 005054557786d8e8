"""Pictures for the rules help, drawn by the very sprite code that draws the table.

``PICTURES`` maps a name such as ``"it_happens/die_5"`` to a function ``f(size_px) -> Surface``;
``size_px`` is the height the picture should have (some are wider than tall: a row of tiles, a
mound card, the chasm). The help text refers to them as ``![caption](picture:<name>)``.

Nothing here changes the sprite modules: single pieces call their functions directly, and the few
scenes (a mound card with dice on it, a small ant-hill, an anthill ring) are put together here
from the same functions the game views use.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

from game.ui import theme as T
from game.ui.sprites import antics_art as AA
from game.ui.sprites import it_happens_art as IA
from game.ui.sprites import micropolis_art as MA
from game.ui.sprites.common import draw_ant

Picture = Callable[[int], pygame.Surface]
PICTURES: dict[str, Picture] = {}
PREFIX = "picture:"


def register(name: str, fn: Picture) -> None:
    PICTURES[name] = fn


def exists(name: str) -> bool:
    return name in PICTURES


def picture(name: str, size: int) -> pygame.Surface | None:
    """The picture ``name`` about ``size`` pixels high, or None when there is no such picture."""
    fn = PICTURES.get(name)
    if fn is None:
        return None
    return fn(max(12, int(size)))


# pictures that read better larger than the help's usual figure height (a factor of it)
PREFER = {"it_happens/mound": 2.3, "it_happens/mound_first_die": 2.3, "it_happens/mound_own_column": 2.3,
          "it_happens/mound_scored": 2.3, "micropolis/anthill": 2.2, "micropolis/line": 1.3,
          "antics/hill_base": 1.4, "antics/hill_grown": 1.6, "antics/scout_row": 0.9, "antics/hatching": 0.8}


def prefer(name: str) -> float:
    """How much larger than a plain figure ``name`` is best shown (1.0 for most)."""
    return PREFER.get(name, 1.0)


def names(game_id: str | None = None) -> list[str]:
    return [n for n in PICTURES if game_id is None or n.startswith(game_id + "/")]


# ------------------------------------------------------------------ helpers

def _canvas(w, h) -> pygame.Surface:
    return pygame.Surface((max(1, int(w)), max(1, int(h))), pygame.SRCALPHA)


def _font(px: int, bold: bool = True) -> pygame.font.Font:
    """A font for the few numbers drawn inside pictures; never smaller than the help's own text
    floor (16 px type, lines about 14 px high at 1280 x 720)."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, int(max(T.MIN_TEXT, px) * 1.35))
    f.set_bold(bold)
    return f


def _fit(img: pygame.Surface, size: int) -> pygame.Surface:
    """Scale ``img`` so that its height is ``size`` (kept when it already is)."""
    w, h = img.get_size()
    if h == size or h == 0:
        return img
    return pygame.transform.smoothscale(img, (max(1, round(w * size / h)), size))


def _crop(img: pygame.Surface) -> pygame.Surface:
    """``img`` without its transparent margin."""
    r = img.get_bounding_rect(min_alpha=8)
    return img.subsurface(r).copy() if r.w and r.h else img


def _rgb(colour: str) -> tuple:
    return tuple(T.PLAYER_COLORS.get(colour, (200, 200, 200)))


def _row(imgs: list[pygame.Surface], gap: int) -> pygame.Surface:
    """Pictures side by side, centred vertically."""
    w = sum(i.get_width() for i in imgs) + gap * (len(imgs) - 1)
    h = max(i.get_height() for i in imgs)
    s = _canvas(w, h)
    x = 0
    for i in imgs:
        s.blit(i, (x, (h - i.get_height()) // 2))
        x += i.get_width() + gap
    return s


def _label(surf, text: str, center, px: int, color=T.INK):
    img = _font(px).render(text, True, color)
    surf.blit(img, img.get_rect(center=(int(center[0]), int(center[1]))))


# ------------------------------------------------------------------ It Happens..

IH_DICE = ("yellow", "red", "green", "blue", "white")
IH_ITEMS = ("map", "sneakers", "bone", "eyeglasses", "speaker", "glove", "spyglass", "key")
CELL_FILL = (250, 238, 214)


def _ih_die(colour: str, value: int) -> Picture:
    # A.die adds a margin of size // 10 on each side for its shadow
    return lambda size: IA.die(max(8, int(size / 1.2)), value, _rgb(colour))


def _ih_space(kind: str) -> Picture:
    def draw(size):
        s = _canvas(size, size)
        cell = pygame.Rect(0, 0, size, size).inflate(-max(2, size // 10), -max(2, size // 10))
        pygame.draw.rect(s, CELL_FILL, cell, border_radius=max(2, size // 8))
        pygame.draw.rect(s, IA.TERRA_DARK, cell, max(1, size // 24), border_radius=max(2, size // 8))
        if kind != "plain":
            ic = IA.icon(kind, int(cell.w * 0.8))
            s.blit(ic, ic.get_rect(center=cell.center))
        return s
    return draw


def _worm_badge(number: int) -> Picture:
    """The worm number as it sits on a mound card: a pink pill with a worm and the number."""
    def draw(size):
        h = size
        s = _canvas(h * 2.1, h)
        wb = pygame.Rect(0, 0, int(h * 2.1), h).inflate(-2, -max(2, h // 6))
        pygame.draw.rect(s, (255, 236, 238), wb, border_radius=wb.h // 2)
        pygame.draw.rect(s, IA.WORM_PINK, wb, max(1, h // 20), border_radius=wb.h // 2)
        w = IA.icon("worm", int(wb.h * 0.9))
        s.blit(w, w.get_rect(midleft=(wb.x + wb.h // 6, wb.centery)))
        _label(s, str(number), (wb.right - wb.h * 0.55, wb.centery), int(wb.h * 0.7))
        return s
    return draw


def _keycap(label: str) -> Picture:
    def draw(size):
        cap = IA.keycap(int(size * 0.95), size, True).copy()
        _label(cap, label, (cap.get_width() / 2, size * 0.45), int(size * 0.55))
        return cap
    return draw


# a sample mound: columns left to right, spaces bottom first (like data/it_happens/mounds.yaml)
SAMPLE_MOUND = (("plain", "bone"), ("plain", "plain"), ("glove", "plain", "worm"), ("plain",), ("key",))


def _mound(dice: dict | None = None, glow=None, awards: dict | None = None) -> Picture:
    """A mound card drawn like the table's: ``dice`` maps (column, space) -> (colour, value);
    ``glow`` is a (column, space) drawn as the place a die may go; ``awards`` maps a column to
    "queen" / "general" / "worm", drawn above that column."""
    dice = dice or {}
    awards = awards or {}

    def draw(size):
        h = size
        w = int(h * 1.12)
        card = T.paper_card((w, h), max(3, h // 18), fill=IA.SAND, edge=(214, 180, 130), seed=7).copy()
        u = h / 300
        IA.mound_shape(card, pygame.Rect(u * 8, u * 62, w - u * 16, h - u * 62 - u * 30))
        pygame.draw.rect(card, (204, 160, 110), (u * 8, h - u * 34, w - u * 16, u * 26),
                         border_radius=max(2, int(u * 8)))
        bs = int(u * 46)
        x = w - u * 12 - bs
        for kind, value in (("general", 2), ("queen", 5)):
            card.blit(IA.vp_tile(bs, value, kind), (x, u * 10))
            x -= bs + u * 6
        _badge = _worm_badge(5)(int(u * 40))
        card.blit(_badge, _badge.get_rect(topright=(x - u * 4, u * 13)))
        card.blit(_keycap("1")(int(u * 38)), (u * 12, u * 12))
        cell = (w - u * 40) / 5
        base = h - u * 40
        for c, spaces in enumerate(SAMPLE_MOUND):
            cx = u * 20 + cell * (c + 0.5)
            for k, kind in enumerate(spaces):
                r = pygame.Rect(0, 0, int(cell * 0.86), int(cell * 0.86))
                r.midbottom = (int(cx), int(base - k * cell * 0.95))
                pygame.draw.rect(card, CELL_FILL, r, border_radius=max(2, int(u * 8)))
                pygame.draw.rect(card, IA.TERRA_DARK, r, max(1, int(u * 2)), border_radius=max(2, int(u * 8)))
                if (c, k) in dice:
                    colour, value = dice[(c, k)]
                    d = IA.die(int(r.w * 0.82), value, _rgb(colour))
                    card.blit(d, d.get_rect(center=r.center))
                elif kind != "plain":
                    ic = IA.icon(kind, int(r.w * 0.8))
                    card.blit(ic, ic.get_rect(center=r.center))
                if glow == (c, k):
                    pygame.draw.rect(card, T.LEGAL, r.inflate(int(u * 6), int(u * 6)), max(2, int(u * 5)),
                                     border_radius=max(2, int(u * 10)))
            if c in awards:     # a badge on the top corner of the column's highest space
                top = base - (len(spaces) - 1) * cell * 0.95 - cell * 0.8
                kind = awards[c]
                bs = int(cell * 0.72)
                img = IA.icon("worm", bs) if kind == "worm" else IA.vp_tile(bs, 5 if kind == "queen" else 2, kind)
                if kind == "worm":
                    pygame.draw.circle(card, (255, 236, 238), (int(cx + cell * 0.4), int(top)), bs // 2)
                    pygame.draw.circle(card, IA.WORM_PINK, (int(cx + cell * 0.4), int(top)), bs // 2, max(1, bs // 14))
                card.blit(img, img.get_rect(center=(int(cx + cell * 0.4), int(top))))
        return card
    return draw


def _register_it_happens():
    g = "it_happens/"
    for v in range(1, 7):
        register(f"{g}die_{v}", _ih_die("yellow", v))
        for colour in IH_DICE:
            register(f"{g}die_{colour}_{v}", _ih_die(colour, v))
    register(g + "dice", lambda size: _row([_ih_die(c, v)(size) for c, v in zip(IH_DICE, (1, 3, 5, 2, 6))],
                                           max(2, size // 8)))
    register(g + "worm", lambda size: IA.icon("worm", size))
    for item in IH_ITEMS:
        register(g + item, (lambda k: lambda size: IA.icon(k, size))(item))
    register(g + "items", lambda size: _row([IA.icon(k, size) for k in IH_ITEMS], max(2, size // 10)))
    register(g + "pair", lambda size: _row([IA.icon("map", size), IA.icon("map", size)], max(1, size // 12)))
    register(g + "queen", lambda size: IA.vp_tile(size, 5, "queen"))
    register(g + "general", lambda size: IA.vp_tile(size, 2, "general"))
    register(g + "queen_9", lambda size: IA.vp_tile(size, 9, "queen"))
    register(g + "vp_back", lambda size: IA.vp_tile(size, 0, "queen", False))
    register(g + "anton", lambda size: IA.anton(size))
    for kind in ("plain", "worm") + IH_ITEMS:
        register(f"{g}space_{kind}", _ih_space(kind))
    register(g + "worm_number", _worm_badge(5))
    for n in (1, 2, 3):
        register(f"{g}key_{n}", _keycap(str(n)))
    register(g + "mound", _mound())
    register(g + "mound_first_die", _mound({(0, 0): ("red", 3), (0, 1): ("red", 4), (1, 0): ("blue", 5)},
                                           glow=(2, 0)))
    register(g + "mound_own_column", _mound({(0, 0): ("red", 3), (1, 0): ("blue", 5), (2, 0): ("green", 2)},
                                            glow=(2, 1)))
    register(g + "mound_scored", _mound({(0, 0): ("red", 2), (0, 1): ("red", 3), (1, 0): ("green", 4),
                                         (1, 1): ("green", 2), (2, 0): ("yellow", 2), (2, 1): ("yellow", 1),
                                         (2, 2): ("yellow", 4), (3, 0): ("blue", 2)},
                                        awards={0: "worm", 1: "general", 2: "queen"}))


# ------------------------------------------------------------------ Micropolis

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
        s = _canvas(w, size)
        MA.draw_tile(s, tile, w / 2, size * 0.02 + r_out, r_out / 2.2, r_out, 0, full=full)
        return s
    return draw


def _mp_specialist(kind: str) -> Picture:
    def draw(size):
        s = _canvas(size, size)
        MA.specialist_icon(s, kind, (size // 2, size // 2), size // 2 - 1, eggs=2)
        return s
    return draw


def _mp_fruit(kind: str) -> Picture:
    def draw(size):
        s = _canvas(size, size)
        r = int(size * 0.36)
        MA.fruit_icon(s, kind, (size // 2, int(size * 0.58)), r)
        return s
    return draw


def _mp_legend(key: str) -> Picture:
    def draw(size):
        w = MA.legend_icon_width(key, size)
        s = _canvas(w, size)
        MA.legend_icon(s, key, pygame.Rect(0, 0, w, size))
        return s
    return draw


def _mp_soldier(size):
    s = _canvas(size, size)
    MA.soldier(s, (size / 2, size / 2), size * 0.95)
    return s


def _mp_soldier_lying(size):
    s = _canvas(size * 1.2, size)
    MA.soldier(s, (size * 0.6, size / 2), size, lying=True)
    return s


def _mp_worker(size):
    s = _canvas(size, size)
    draw_ant(s, (size / 2, size / 2), size * 0.9, (26, 16, 10), -math.pi / 2)
    return s


def _mp_foundation(size):
    s = _canvas(size, size)
    MA.draw_foundation(s, size / 2, size / 2, size / 2 - 2, 5)
    return s


def _mp_magnifier(size):
    s = _canvas(size, size)
    pygame.draw.circle(s, (60, 40, 26), (size // 2, size // 2), size // 2 - 1)
    MA.magnifier(s, (size / 2, size / 2), size * 0.4)
    return s


RING_SAMPLE = {3: "workers", 4: "queen", 5: "fruits", 6: "nurse"}


def _mp_ring(size):
    """An anthill being built: four tiles round the Foundation, galleries tinted as on the table,
    the two places where the next tile may go lit."""
    s = _canvas(size, size)
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
    s = _canvas(7 * card_w + 6 * gap, size)
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
        _label(s, str(i), badge.center, int(badge.h * 0.62))
    return s


def _register_micropolis():
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


# ------------------------------------------------------------------ Antics!

ANTICS_COLOUR = "purple"     # a seat colour unlike any terrain, prey or the soldiers' red


def _an_rgb():
    return _rgb(ANTICS_COLOUR)


def _an_hex(symbol, level=1, covered=None, starting=False) -> Picture:
    def draw(size):
        return _fit(_crop(AA.hex_cell(symbol, level, int(size / 0.8), starting,
                                      covered() if callable(covered) else covered)), size)
    return draw


def _an_pair(a, b, starting=False) -> Picture:
    return lambda size: AA.tile_pair((a, b), int(size / 0.62), True, starting)


def _an_hill(cells: dict) -> Picture:
    """A small ant-hill: ``cells`` maps axial (q, r) -> (symbol, level, starting, covered)."""
    def draw(size):
        pts = {c: AA.axial_to_pixel(c[0], c[1], 1.0) for c in cells}
        xs = [p[0] for p in pts.values()]
        ys = [p[1] for p in pts.values()]
        bw = max(xs) - min(xs) + math.sqrt(3) + 0.3
        bh = max(ys) - min(ys) + 2.3
        R = size / bh
        w = int(bw * R)
        px = max(10, int(R / AA.HEX_FRACTION))
        R = AA.cell_radius(px)
        s = _canvas(w, size)
        cx0 = w / 2 - (max(xs) + min(xs)) / 2 * R
        cy0 = size / 2 - (max(ys) + min(ys)) / 2 * R
        for c in sorted(cells, key=lambda c: (cells[c][1], pts[c][1])):
            sym, level, starting, covered = cells[c]
            img = AA.hex_cell(sym, level, px, starting, covered() if callable(covered) else covered)
            s.blit(img, img.get_rect(center=(int(cx0 + pts[c][0] * R), int(cy0 + pts[c][1] * R))))
        return _fit(_crop(s), size)
    return draw


BASE = {(0, 0): "scout", (0, 1): "build", (1, 0): "hatch", (1, 1): "ants", (2, 0): "heave", (2, 1): "fungus"}


def _grown_hill():
    cells = {c: (sym, 1, False, None) for c, sym in BASE.items()}
    cells[(1, 0)] = ("ants", 2, False, _an_rgb)           # a tile on top, one hex used this turn
    cells[(2, 0)] = ("build", 2, False, None)
    cells[(3, 0)] = ("hatch", 1, True, None)              # the starting tile, built beside
    cells[(3, 1)] = ("scout", 1, True, None)
    cells[(0, 1)] = ("build", 1, False, "ladybird")       # a stored prey blocks its hex
    cells[(2, 1)] = ("fungus", 1, False, "green_leaf")
    return cells


def _an_terrain(terrain: str) -> Picture:
    def draw(size):
        tex = AA.terrain_texture(terrain, size, size, 1).copy()
        mask = _canvas(size, size)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, size // 6))
        tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(tex, (70, 46, 28), tex.get_rect(), max(1, size // 24), border_radius=max(2, size // 6))
        return tex
    return draw


def _an_soldier_area(size):
    s = _canvas(size, size)
    pygame.draw.rect(s, (186, 70, 52), s.get_rect(), border_radius=max(2, size // 6))
    pygame.draw.rect(s, (70, 46, 28), s.get_rect(), max(1, size // 24), border_radius=max(2, size // 6))
    return s


def _an_hatching(size):
    """The six hatching areas, left to right, a worker on each terrain and a soldier on red."""
    imgs = []
    for t in AA.TERRAINS + ("soldier",):
        sw = _an_terrain(t)(size) if t != "soldier" else _an_soldier_area(size)
        ant = (AA.soldier_ant if t == "soldier" else AA.worker_ant)(_an_rgb(), int(size * 0.8), -math.pi / 2)
        sw.blit(ant, ant.get_rect(center=(size // 2, size // 2)))
        imgs.append(sw)
    return _row(imgs, max(2, size // 12))


def _an_carrying(item: str) -> Picture:
    def draw(size):
        s = AA.worker_ant(_an_rgb(), size, -math.pi / 2).copy()
        px = int(size * 0.62)
        icon = AA.leaf_icon(item[:-5], px) if item.endswith("_leaf") else AA.prey_icon(item, px)
        s.blit(icon, icon.get_rect(center=(size // 2, int(size / 2 - size * 0.1))))
        return s
    return draw


def _an_scout_row(size):
    """One row of the scout fields: tiles in fields 1 to 5 and an anteater waiting in field 6."""
    tiles = [("build", "ants"), ("scout", "heave"), ("hatch", "build"), ("fungus", "scout"), ("fungus", "ants")]
    imgs = [AA.tile_pair(t, int(size * 0.9 / 0.62)) for t in tiles] + [AA.anteater("green", size)]
    return _row(imgs, max(2, size // 10))


def _register_antics():
    g = "antics/"
    for sym in AA.SYMBOLS:
        register(f"{g}hex_{sym}", _an_hex(sym))
        register(f"{g}symbol_{sym}", (lambda k: lambda size: AA.symbol_icon(k, size))(sym))
    register(g + "symbol_magnificant", lambda size: AA.symbol_icon("magnificant", size))
    for level in range(1, 6):
        register(f"{g}hex_level_{level}", _an_hex("ants", level))
    register(g + "hex_marker", _an_hex("build", 2, _an_rgb))
    register(g + "hex_prey", _an_hex("heave", 1, "ladybird"))
    register(g + "hex_leaf", _an_hex("fungus", 3, "green_leaf"))
    register(g + "starting_tile", _an_pair("hatch", "scout", True))
    syms = AA.SYMBOLS
    for i, a in enumerate(syms):
        for b in syms[i:]:
            register(f"{g}tile_{a}_{b}", _an_pair(a, b))
    register(g + "hill_base", _an_hill({c: (sym, 1, False, None) for c, sym in BASE.items()}))
    register(g + "hill_grown", _an_hill(_grown_hill()))
    for prey in AA.PREY:
        register(g + prey, (lambda k: lambda size: AA.prey_icon(k, size))(prey))
    register(g + "prey", lambda size: _row([AA.prey_icon(p, size) for p in AA.PREY], max(1, size // 12)))
    register(g + "prey_exhausted", lambda size: AA.prey_exhausted(size))
    for kind in AA.LEAF_COLOURS:
        register(f"{g}leaf_{kind}", (lambda k: lambda size: AA.leaf_icon(k, size))(kind))
    register(g + "worker", lambda size: AA.worker_ant(_an_rgb(), size, -math.pi / 2))
    register(g + "soldier", lambda size: AA.soldier_ant(_an_rgb(), size, -math.pi / 2))
    register(g + "bridge", lambda size: AA.bridge_ant(_an_rgb(), size))
    register(g + "magnificant", lambda size: AA.magnificant(_an_rgb(), size))
    register(g + "action_marker", lambda size: AA.action_marker(_an_rgb(), size))
    register(g + "worker_leaf", _an_carrying("green_leaf"))
    register(g + "worker_prey", _an_carrying("butterfly"))
    for colour in AA.ANTEATER_COLOURS:
        register(f"{g}anteater_{colour}", (lambda k: lambda size: AA.anteater(k, size))(colour))
    for t in AA.TERRAINS:
        register(f"{g}terrain_{t}", _an_terrain(t))
    register(g + "soldier_area", _an_soldier_area)
    register(g + "hatching", _an_hatching)
    register(g + "chasm", lambda size: AA.chasm(size * 2, size))
    register(g + "scout_row", _an_scout_row)


_register_it_happens()
_register_micropolis()
_register_antics()
