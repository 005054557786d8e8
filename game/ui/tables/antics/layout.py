"""Where the parts of the Antics! table go for a window size: the scout fields' strip (the anteater
guide's card and six field boxes), the board, the hatching areas' strip under it, the bar, and the
column on the right for the players' panels."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.i18n import _
from game.ui.tables.antics.words import ordinal

FIELD_ICON_MIN = 36   # a scout row's height in window pixels at least: its tile's hexes are then 24+ px across


def _zero() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


@dataclass
class Layout:
    fields_strip: pygame.Rect = field(default_factory=_zero)   # the scout fields and their numbers
    guide: pygame.Rect = field(default_factory=_zero)          # the anteater guide's card, left of the fields
    fields: dict = field(default_factory=dict)                 # scout field number -> its box in the strip
    board: pygame.Rect = field(default_factory=_zero)          # the map's land
    hatch: pygame.Rect = field(default_factory=_zero)          # the hatching areas' strip under the board
    bar: pygame.Rect = field(default_factory=_zero)            # the choices of the moment, under the hatching
    right: pygame.Rect = field(default_factory=_zero)          # the players' panels
    scale: float = 1.0                                         # map pixels to window pixels, the whole land shown
    slot_h: int = FIELD_ICON_MIN                               # a scout row's height
    slot_gap: int = 4                                          # between scout rows


def bar_height(th) -> int:
    """What the bar needs: the title row, a line of words, two rows of buttons."""
    return (th.px(14) + th.font("label", True).get_linesize() + th.px(4) + 2 * th.font("small").get_linesize()
            + th.px(14) + 2 * (th.px(38) + th.px(8)) + th.px(4))


def table_layout(rect, th, map_size, band) -> Layout:
    """The scout fields (a strip of their own, large enough to read), the board (the map's land,
    zoomable), the hatching areas (a strip under it), the bar; the players' panels on the right.
    The board and the hatching strip share one scale, as large as the height and 60 % of the
    width allow; height left over goes to the bar. ``band`` is the map's land rows (top, bottom)
    in map pixels."""
    map_w, map_h = map_size
    m = th.px(12)
    W, H = rect.w, rect.h
    slot_h = max(th.px(44), min(FIELD_ICON_MIN, H // 17))   # a scout row: its tile's hexes 24+ px across
    slot_gap = th.px(4)
    num_h = th.font("tiny", True).get_linesize()
    fields_h = 3 * slot_h + 2 * slot_gap + 2 * th.px(6) + num_h
    lt, lb = band
    bar_h = bar_height(th)
    lw = int(W * 0.58)                                # the left column: fields, board, hatching, bar
    s = min(lw / map_w, (H - fields_h - bar_h - 3 * m) / (map_h - lt))
    bw = int(map_w * s)
    bx = rect.x + (lw - bw) // 2                      # the board centred when the height limits it
    fields_strip = pygame.Rect(rect.x, rect.y, lw, fields_h)
    board = pygame.Rect(bx, fields_strip.bottom + m, bw, int((lb - lt) * s))
    hatch = pygame.Rect(bx, board.bottom + m // 2, bw, int((map_h - lb) * s))
    bar = pygame.Rect(rect.x, hatch.bottom + m // 2, lw, rect.bottom - hatch.bottom - m // 2)
    right = pygame.Rect(rect.x + lw + m, rect.y, W - lw - m, H)
    gap = th.px(8)
    tiny = th.font("tiny", True)
    widest = max(tiny.size(ordinal(k))[0] for k in range(3))
    guide_w = max(tiny.size(_("Bag: {n}").format(n=99))[0], widest + 2 * th.px(22) + th.px(6)) + th.px(18)
    box_h = fields_h - num_h
    guide = pygame.Rect(rect.x, rect.y, guide_w, box_h)
    fw = (lw - guide_w - 6 * gap) / 6
    fields = {f: pygame.Rect(int(guide.right + gap + (f - 1) * (fw + gap)), rect.y, int(fw), box_h)
              for f in range(1, 7)}
    return Layout(fields_strip=fields_strip, guide=guide, fields=fields, board=board, hatch=hatch, bar=bar,
                  right=right, scale=s, slot_h=slot_h, slot_gap=slot_gap)
