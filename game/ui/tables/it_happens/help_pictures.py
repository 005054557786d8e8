"""It Happens.. pictures for the rules help, drawn by the sprite code that draws the table (see
game/ui/help_pictures.py)."""
from __future__ import annotations

import pygame

from game.ui import theme as T
from game.ui.help_pictures import PREFER, Picture, register, canvas, rgb, row, label
from game.ui.tables.it_happens import art as IA


IH_DICE = ("yellow", "red", "green", "blue", "white")
IH_ITEMS = ("map", "sneakers", "bone", "eyeglasses", "speaker", "glove", "spyglass", "key")
CELL_FILL = (250, 238, 214)


def _ih_die(colour: str, value: int) -> Picture:
    # A.die adds a margin of size // 10 on each side for its shadow
    return lambda size: IA.die(max(8, int(size / 1.2)), value, rgb(colour))


def _ih_space(kind: str) -> Picture:
    def draw(size):
        s = canvas(size, size)
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
        s = canvas(h * 2.1, h)
        wb = pygame.Rect(0, 0, int(h * 2.1), h).inflate(-2, -max(2, h // 6))
        pygame.draw.rect(s, (255, 236, 238), wb, border_radius=wb.h // 2)
        pygame.draw.rect(s, IA.WORM_PINK, wb, max(1, h // 20), border_radius=wb.h // 2)
        w = IA.icon("worm", int(wb.h * 0.9))
        s.blit(w, w.get_rect(midleft=(wb.x + wb.h // 6, wb.centery)))
        label(s, str(number), (wb.right - wb.h * 0.55, wb.centery), int(wb.h * 0.7))
        return s
    return draw


def _keycap(text: str) -> Picture:
    def draw(size):
        cap = IA.keycap(int(size * 0.95), size, True).copy()
        label(cap, text, (cap.get_width() / 2, size * 0.45), int(size * 0.55))
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
                    d = IA.die(int(r.w * 0.82), value, rgb(colour))
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


def register_all() -> None:
    g = "it_happens/"
    for v in range(1, 7):
        register(f"{g}die_{v}", _ih_die("yellow", v))
        for colour in IH_DICE:
            register(f"{g}die_{colour}_{v}", _ih_die(colour, v))
    register(g + "dice", lambda size: row([_ih_die(c, v)(size) for c, v in zip(IH_DICE, (1, 3, 5, 2, 6))],
                                           max(2, size // 8)))
    register(g + "worm", lambda size: IA.icon("worm", size))
    for item in IH_ITEMS:
        register(g + item, (lambda k: lambda size: IA.icon(k, size))(item))
    register(g + "items", lambda size: row([IA.icon(k, size) for k in IH_ITEMS], max(2, size // 10)))
    register(g + "pair", lambda size: row([IA.icon("map", size), IA.icon("map", size)], max(1, size // 12)))
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
    PREFER.update({"it_happens/mound": 2.3, "it_happens/mound_first_die": 2.3, "it_happens/mound_own_column": 2.3, "it_happens/mound_scored": 2.3})
