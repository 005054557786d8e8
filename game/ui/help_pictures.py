"""Pictures for the rules help, drawn by the very sprite code that draws the table.

``PICTURES`` maps a name such as ``"it_happens/die_5"`` to a function ``f(size_px) -> Surface``;
``size_px`` is the height the picture should have (some are wider than tall: a row of tiles, a
mound card, the chasm). The help text refers to them as ``![caption](picture:<name>)``.

Each game's table package registers its own pictures (``game/ui/tables/<id>/help_pictures.py``,
loaded the first time a picture is asked for); this module holds the register and the small
helpers they share.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.ui import theme as T

Picture = Callable[[int], pygame.Surface]
PICTURES: dict[str, Picture] = {}
PREFIX = "picture:"


def register(name: str, fn: Picture) -> None:
    PICTURES[name] = fn


def _load_all() -> None:
    """Every table's pictures, registered once."""
    global _loaded
    if not _loaded:
        _loaded = True
        from game.ui.tables import tables
        for table in tables():
            table.load_help_pictures()


_loaded = False


def exists(name: str) -> bool:
    _load_all()
    return name in PICTURES


def picture(name: str, size: int) -> pygame.Surface | None:
    """The picture ``name`` about ``size`` pixels high, or None when there is no such picture."""
    _load_all()
    fn = PICTURES.get(name)
    if fn is None:
        return None
    return fn(max(12, int(size)))


# pictures that read better larger than the help's usual figure height (a factor of it), set by
# each game's pictures module
PREFER: dict[str, float] = {}


def prefer(name: str) -> float:
    """How much larger than a plain figure ``name`` is best shown (1.0 for most)."""
    _load_all()
    return PREFER.get(name, 1.0)


def names(game_id: str | None = None) -> list[str]:
    _load_all()
    return [n for n in PICTURES if game_id is None or n.startswith(game_id + "/")]


# ------------------------------------------------------------------ helpers

def canvas(w, h) -> pygame.Surface:
    return pygame.Surface((max(1, int(w)), max(1, int(h))), pygame.SRCALPHA)


def font(px: int, bold: bool = True) -> pygame.font.Font:
    """A font for the few numbers drawn inside pictures; never smaller than the help's own text
    floor (16 px type, lines about 14 px high at 1280 x 720)."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, int(max(T.MIN_TEXT, px) * 1.35))
    f.set_bold(bold)
    return f


def fit(img: pygame.Surface, size: int) -> pygame.Surface:
    """Scale ``img`` so that its height is ``size`` (kept when it already is)."""
    w, h = img.get_size()
    if h == size or h == 0:
        return img
    return pygame.transform.smoothscale(img, (max(1, round(w * size / h)), size))


def crop(img: pygame.Surface) -> pygame.Surface:
    """``img`` without its transparent margin."""
    r = img.get_bounding_rect(min_alpha=8)
    return img.subsurface(r).copy() if r.w and r.h else img


def rgb(colour: str) -> tuple:
    return tuple(T.PLAYER_COLORS.get(colour, (200, 200, 200)))


def row(imgs: list[pygame.Surface], gap: int) -> pygame.Surface:
    """Pictures side by side, centred vertically."""
    w = sum(i.get_width() for i in imgs) + gap * (len(imgs) - 1)
    h = max(i.get_height() for i in imgs)
    s = canvas(w, h)
    x = 0
    for i in imgs:
        s.blit(i, (x, (h - i.get_height()) // 2))
        x += i.get_width() + gap
    return s


def label(surf, text: str, center, px: int, color=T.INK):
    img = font(px).render(text, True, color)
    surf.blit(img, img.get_rect(center=(int(center[0]), int(center[1]))))
